"""The rule decisions the engines make where the seed rules leave things open.

Every such decision has an identifier (``weiji.tiebreak-tie``), a one-line summary,
and the sentence the rule booklet states it with. The identifier is written next to
the rule in the engine's docstring and in docs/simulate.md; the test
``tests/booklet/test_decisions.py`` renders every game's booklet for the
parameters where a decision applies and checks that its sentence is there. So a
new decision the simulator plays without the booklet saying it fails the suite.

``booklet`` is compared with the booklet text with its markup removed (``**``,
``*``, backquotes) and white space folded: write it as plain words.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

Context = Mapping[str, Any]  # what the booklet template sees (generator.booklet.content)


def _always(ctx: Context) -> bool:
    return True


@dataclass(frozen=True)
class Decision:
    id: str
    summary: str
    booklet: str | Callable[[Context], str]
    applies: Callable[[Context], bool] = _always

    @property
    def game(self) -> str:
        return self.id.split(".", 1)[0]

    def sentence(self, ctx: Context) -> str:
        return self.booklet(ctx) if callable(self.booklet) else self.booklet


def _classic_war(players: int | None = None) -> Callable[[Context], bool]:
    def test(ctx: Context) -> bool:
        p = ctx["params"]
        return p.variant == "classic" and (players is None or (p.players > 2) == (players > 2))
    return test


def _viashi(*, human: bool | None = None, teams: bool | None = None) -> Callable[[Context], bool]:
    def test(ctx: Context) -> bool:
        return (human is None or ctx["human"] == human) and (teams is None or ctx["teams"] == teams)
    return test


DECISIONS: tuple[Decision, ...] = (
    # -- Weiji --------------------------------------------------------------
    Decision("weiji.no-data-tie",
             '"No data" on ANY shown card makes the turn a tie, even if the other cards differ.',
             "for the named attribute, treat the turn as a tie"),
    Decision("weiji.deal-extra",
             "An uneven deal gives the extra cards to the seats first after the dealer (seat 0 on).",
             "the extra cards go to the players sitting first after the dealer",
             lambda ctx: ctx["cards"]["extra"] > 0),
    Decision("weiji.pickup",
             "Won cards go under the winner's stack in the order the pickup parameter names.",
             lambda ctx: f"puts them all under their stack, {ctx['pickup']}"),
    Decision("weiji.tiebreak-draw",
             "The chooser out of cards after a tie: the others each turn up their top card and "
             "put it under their own stack; the best value of the deck's FIRST attribute chooses.",
             lambda ctx: f"each turns up their top card and compares {ctx['first_attribute']['label']}"),
    Decision("weiji.tiebreak-no-data",
             'A card with "no data" cannot win that draw.',
             "A card that shows no value for it cannot win this draw"),
    Decision("weiji.tiebreak-tie",
             "A shared best value in that draw (or no value at all): the tied player sitting first "
             "to the left of the player who dropped out chooses; nobody turns up another card.",
             "the tied player sitting first to the left of the player who dropped out chooses next"),
    Decision("weiji.last-player-takes-middle",
             "When only one player holds cards, the game ends at once: that player takes the "
             "middle and wins.",
             "takes the cards still waiting in the middle and wins the game"),
    Decision("weiji.all-out-draw",
             "The last players running out together (in a tie) is a draw; the middle stays.",
             "the game ends without a winner and the cards in the middle stay there"),
    # -- War -----------------------------------------------------------------
    Decision("war.set-aside",
             "With 3+ players the tiles that cannot be dealt equally are set aside unseen.",
             "back in the box unseen",
             lambda ctx: ctx["tiles"]["extra"] > 0),
    Decision("war.pickup",
             "Won tiles go under the winner's stack in the order the pickup parameter names.",
             lambda ctx: f"puts them face down under their stack, {ctx['pickup']}"),
    Decision("war.everyone-in-war",
             "ALL players of the trick take part in a war, not only the tied ones.",
             "every player still in the game takes part, not only the tied ones",
             _classic_war(3)),
    Decision("war.out-in-war",
             "A player who cannot play a tile a war needs drops out; their tiles stay in the "
             "trick and go to its winner.",
             "the tiles they put down stay in the war and go to its winner",
             _classic_war(3)),
    Decision("war.out-in-war-two",
             "With two players, running out during a war loses the game at once.",
             "A player who cannot add the tiles a war needs has lost",
             _classic_war(2)),
    Decision("war.all-out-draw",
             "Every remaining player running out in the same war: a draw, the tiles stay.",
             "so that nobody has a tile left, the game is a draw"),
    Decision("war.russian-any-deck",
             "Russian on any ranked deck: the strongest rank beats the weakest, otherwise the "
             "weaker rank wins.",
             lambda ctx: (f"One exception: {ctx['an'](ctx['order'][-1])} {ctx['order'][-1]} beats "
                          f"{ctx['an'](ctx['order'][0])} {ctx['order'][0]}"),
             lambda ctx: ctx["russian"]),
    # -- Viashi --------------------------------------------------------------
    Decision("viashi.seats",
             "Seats are numbered in the direction of play (counterclockwise for the elves and "
             "Viashilym, clockwise for the human rules); the first draw passes on each hand.",
             lambda ctx: f"Going {ctx['direction']}, each player in turn draws two cards"),
    Decision("viashi.last-to-draw-leads",
             "The last player to draw leads the first trick.",
             "The last player to draw leads the first trick"),
    Decision("viashi.human-numbers",
             "Human rules: the printed numbers are the elvish order; the King (2) outranks the "
             "Queen (1).",
             lambda ctx: f"so in the human game the {ctx['order'][0]} ({ctx['numbers'][ctx['order'][0]]}) "
                         f"is the strongest card of a suit",
             lambda ctx: ctx["human"] and bool(ctx["numbers"])),
    Decision("viashi.table-reveal",
             "Viashilym: both drawn cards already on a table are shown, then placed freely, "
             "one on the table and one in the hand.",
             "still one on the table and one in your hand",
             _viashi(teams=True)),
    Decision("viashi.handicap",
             "Handicap: a winner of the last 1, 2 or 3+ hands splits their first 1-3 draws "
             "of the next hand blind.",
             "puts one on the table and the other into the hand",
             lambda ctx: bool(ctx["params"].handicap)),
    Decision("viashi.dead-trick",
             "Viashilym: a trick with no live capturer leaves the game, scores nothing, and the "
             "same player leads again.",
             "scores for no one, and the same player leads again",
             _viashi(teams=True)),
    Decision("viashi.captives",
             "Captives are every card of a captured trick except the capturer's own.",
             "Cards you own are all the cards of the tricks you captured, your own included",
             _viashi(human=False, teams=False)),
    Decision("viashi.most-needs-one-leader",
             'A "most" bonus needs a single leader: a shared most gives nobody the bonus.',
             "share the most, neither gets that bonus"),
    Decision("viashi.viashilym-no-magicians",
             "Viashilym scores no Magician bonus.",
             "Magicians and Scholars score nothing extra in Viashilym",
             _viashi(teams=True)),
    Decision("viashi.equal-top-draw",
             "Equal highest totals are a draw.",
             "equal highest"),
)

BY_ID: dict[str, Decision] = {d.id: d for d in DECISIONS}


def decisions_for(game: str) -> tuple[Decision, ...]:
    return tuple(d for d in DECISIONS if d.game == game)
