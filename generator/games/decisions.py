"""The rule decisions the engines make where the seed rules leave things open.

Every such decision has an identifier (``weiji.tiebreak-tie``), a one-line summary,
and the sentence the rule booklet states it with. The identifier is written next to
the rule in the engine's docstring and in docs/simulate.md; the test
``tests/booklet/test_decisions.py`` renders every game's booklet for the
parameters where a decision applies and checks that its sentence is there. So a
new decision the simulator plays without the booklet saying it fails the suite.

``booklet`` is compared with the booklet text with its markup removed (``**``,
``*``, backquotes) and white space folded: write it as plain words.

A booklet marks each of these rules where it states it (``{{ ours("id") }}`` in
the template: a small diamond in the PDF) and lists every one that applies in its
closing section, "Where the original rules are silent": ``question``, ``answer``
and, where a rule parameter changes it, ``parameter`` (issue #27).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..grammar import Forms
from ..i18n import N_, _

Context = Mapping[str, Any]  # what the booklet template sees (generator.booklet.content)


def _always(ctx: Context) -> bool:
    return True


@dataclass(frozen=True)
class Decision:
    id: str
    summary: str
    booklet: str | Callable[[Context], str]
    applies: Callable[[Context], bool] = _always
    question: str = ""  # the closing section: what the seed leaves open
    answer: str | Callable[[Context], str] = ""  # ... and our answer, in the booklet's words
    parameter: str | None = None  # the rule parameter that changes it, if any
    # the seed's own words where the seed states this rule (the entry records how the
    # engine plays it): such a rule is the original's, so the booklet does not mark it
    seed: str = ""

    @property
    def ours(self) -> bool:
        return not self.seed

    @property
    def game(self) -> str:
        return self.id.split(".", 1)[0]

    def sentence(self, ctx: Context) -> str:
        return self.booklet(ctx) if callable(self.booklet) else self.booklet

    def reply(self, ctx: Context) -> str:
        return self.answer(ctx) if callable(self.answer) else self.answer


def _classic_war(players: int | None = None) -> Callable[[Context], bool]:
    def test(ctx: Context) -> bool:
        p = ctx["params"]
        return p.variant == "classic" and (players is None or (p.players > 2) == (players > 2))
    return test


def _viashi(*, human: bool | None = None, teams: bool | None = None) -> Callable[[Context], bool]:
    def test(ctx: Context) -> bool:
        return (human is None or ctx["human"] == human) and (teams is None or ctx["teams"] == teams)
    return test


def _russian_beyond_piecepack(ctx: Context) -> bool:
    return bool(ctx["russian"]) and ctx["deck"].kind != "piecepack"


def _ends(ctx: Context) -> dict[str, str]:
    """The weakest and strongest rank of a War deck, with English articles (a template may skip them)."""
    weakest, strongest = ctx["order"][-1], ctx["order"][0]
    return Forms({"a_weakest": ctx["an"](weakest), "weakest": weakest, "a_strongest": ctx["an"](strongest),
                  "strongest": strongest})  # %(weakest.nom)s in a catalogue: with its article (grammar)


def _first_draw_passes(ctx: Context) -> bool:
    return int(ctx["params"].hands) > 1


DECISIONS: tuple[Decision, ...] = (
    # -- Weiji --------------------------------------------------------------
    Decision("weiji.no-data-tie",
             '"No data" on ANY shown card makes the turn a tie, even if the other cards differ.',
             "for the named attribute, treat the turn as a tie",
             seed='If any player has "no data" for the chosen attribute, the effect is the same as '
                  'if there was a tie.'),
    Decision("weiji.deal-extra",
             "An uneven deal gives the extra cards to the seats first after the dealer (seat 0 on).",
             "the extra cards go to the players sitting first after the dealer",
             lambda ctx: ctx["cards"]["extra"] > 0,
             question=N_("Who gets the extra cards of an uneven deal?"),
             answer=N_("The players sitting first after the dealer.")),
    Decision("weiji.pickup",
             "Won cards go under the winner's stack in the order the pickup parameter names.",
             lambda ctx: f"puts them all under their stack, {ctx['pickup']}",
             question=N_("In what order do won cards go under the stack?"),
             answer=lambda ctx: f"{ctx['pickup'][:1].upper()}{ctx['pickup'][1:]}.",
             parameter="pickup"),
    Decision("weiji.tiebreak-draw",
             "The chooser out of cards after a tie: the others each turn up their top card and "
             "put it under their own stack; the HIGHEST value of the deck's FIRST attribute "
             "chooses (tiebreak_draw=highest, the seed's words), or the BEST one (best: the "
             "lowest where lower is better).",
             lambda ctx: f"each turns up their top card and compares {ctx['first_attribute']['label']}",
             question=N_("The original rules have the players draw \"a card each from the deck\": which card, "
                      "and which value wins?"),
             answer=lambda ctx: _("Each turns up the top card of their own stack; the %(wins)s %(label)s "
                                  "wins, and the cards go back under their owners' stacks.")
             % {"wins": ctx["draw_best"], "label": ctx["first_attribute"]["label"]},
             parameter="tiebreak_draw"),
    Decision("weiji.tiebreak-no-data",
             'A card with "no data" cannot win that draw.',
             "A card that shows no value for it cannot win this draw",
             question=N_('Can "no data" win the tiebreak draw?'),
             answer=N_("No: a card without a value for the first attribute cannot win it.")),
    Decision("weiji.tiebreak-tie",
             "A shared best value in that draw (or no value at all): the tied player sitting first "
             "to the left of the player who dropped out chooses; nobody turns up another card.",
             "the tied player sitting first to the left of the player who dropped out chooses next",
             question=N_("What if the tiebreak draw is tied too?"),
             answer=N_("Nobody draws again: the tied player sitting first to the left of the player "
                    "who dropped out chooses.")),
    Decision("weiji.last-player-takes-middle",
             "When only one player holds cards, the game ends at once: that player takes the "
             "middle and wins.",
             "takes the cards still waiting in the middle and wins the game",
             question=N_("Who gets the cards left in the middle when only one player holds cards?"),
             answer=N_("That player: the game ends at once and they win.")),
    Decision("weiji.all-out-draw",
             "The last players running out together (in a tie) is a draw; the middle stays.",
             "the game ends without a winner and the cards in the middle stay there",
             question=N_("What if every player left runs out in the same tie?"),
             answer=N_("The game is a draw; the cards in the middle stay there.")),
    # -- War -----------------------------------------------------------------
    Decision("war.set-aside",
             "With 3+ players the tiles that cannot be dealt equally are set aside unseen.",
             "back in the box unseen",
             lambda ctx: ctx["tiles"]["extra"] > 0,
             question=N_("What happens to the tiles that cannot be dealt equally?"),
             answer=N_("They go back in the box unseen for the whole game.")),
    Decision("war.pickup",
             "Won tiles go under the winner's stack in the order the pickup parameter names.",
             lambda ctx: f"puts them face down under their stack, {ctx['pickup']}",
             lambda ctx: not ctx["russian"] or ctx["params"].pickup != "shuffled",
             question=N_("In what order do won tiles go under the stack?"),
             answer=lambda ctx: f"{ctx['pickup'][:1].upper()}{ctx['pickup'][1:]}.",
             parameter="pickup"),
    Decision("war.everyone-in-war",
             "ALL players of the trick take part in a war, not only the tied ones.",
             "every player still in the game takes part, not only the tied ones",
             _classic_war(3),
             seed="Note that all players take part in a war, not only the ones who had the "
                  "highest tiles."),
    Decision("war.out-in-war",
             "A player who cannot play a tile a war needs drops out; their tiles stay in the "
             "trick and go to its winner.",
             "the tiles they put down stay in the war and go to its winner",
             _classic_war(3),
             question=N_("With three or more players, what if a player runs out during a war?"),
             answer=N_("They drop out; the tiles they put down stay in the war and go to its winner.")),
    Decision("war.out-in-war-two",
             "With two players, running out during a war loses the game at once.",
             "A player who cannot add the tiles a war needs has lost",
             _classic_war(2),
             seed="(If someone runs out of tiles during a war the other player wins.)"),
    Decision("war.all-out-draw",
             "Every remaining player running out in the same war: a draw, the tiles stay.",
             "so that nobody has a tile left, the game is a draw",
             question=N_("What if every player still in the game runs out in the same war?"),
             answer=N_("The game is a draw: nobody wins, and the tiles of that round stay on the table.")),
    Decision("war.russian-out-in-tie",
             "Russian: a player who cannot play the tile a tie needs has run out: the other takes "
             "the tiles (objective 1: and so holds every tile and loses; objective 2: the player "
             "who ran out loses).",
             "A player who cannot play the tile a round or a tie needs has run out of tiles",
             lambda ctx: bool(ctx["russian"]),
             question=N_("What if a player cannot play the tiles a tie needs?"),
             answer=lambda ctx: (_("They have run out of tiles: the other player takes the tiles on the "
                                   "table, holds every tile and loses.") if ctx["params"].objective == 1
                                 else _("They have run out of tiles and lose.")),
             parameter="objective"),
    Decision("war.russian-any-deck",
             "Russian on any ranked deck: the strongest rank beats the weakest, otherwise the "
             "weaker rank wins.",
             lambda ctx: (f"One exception: {ctx['an'](ctx['order'][-1])} {ctx['order'][-1]} beats "
                          f"{ctx['an'](ctx['order'][0])} {ctx['order'][0]}"),
             _russian_beyond_piecepack,
             question=N_("The Russian version is written for piecepack: how does another deck rank?"),
             answer=lambda ctx: _("Weakest rank strongest, except that %(a_weakest)s %(weakest)s beats "
                                  "%(a_strongest)s %(strongest)s.") % _ends(ctx)),
    # -- Viashi --------------------------------------------------------------
    Decision("viashi.seats",
             "Seats are numbered in the direction of play (counterclockwise for the elves and "
             "Viashilym, clockwise for the human rules); the first draw passes on each hand.",
             lambda ctx: f"The first draw passes {ctx['direction']} from hand to hand",
             _first_draw_passes,
             question=N_("Who draws first in the next hand?"),
             answer=lambda ctx: _("The next player %(direction)s: the first draw passes on.")
             % {"direction": ctx["direction"]}),
    Decision("viashi.last-to-draw-leads",
             "The last player to draw leads the first trick.",
             "The last player to draw leads the first trick",
             seed="The last person to draw is the first person to play"),
    Decision("viashi.remember-face-down",
             "Players remember what they put face down: the elvish ban on looking at hand cards "
             "during the draw changes nothing for a simulated player.",
             "You still know which cards you put face down",
             _viashi(human=False),
             question=N_("Not looking at your face-down cards during the draw: may you remember them?"),
             answer=N_("Yes: you saw each card as you drew it; you only may not look again.")),
    Decision("viashi.human-numbers",
             "Human rules: the printed numbers are the elvish order; the King (2) outranks the "
             "Queen (1).",
             lambda ctx: f"so in the human game the {ctx['order'][0]} ({ctx['numbers'][ctx['order'][0]]}) "
                         f"is the strongest card of a suit",
             lambda ctx: ctx["human"] and bool(ctx["numbers"]),
             question=N_("The cards print the elvish numbers: how do humans read them?"),
             answer=lambda ctx: _("As names: the %(top)s (%(number)s) is the strongest card of a suit.")
             % {"top": ctx["order"][0], "number": ctx["numbers"][ctx["order"][0]]}),
    Decision("viashi.table-reveal",
             "Viashilym: both drawn cards already on a table are shown, then placed freely, "
             "one on the table and one in the hand.",
             "still one on the table and one in your hand",
             _viashi(teams=True),
             question=N_("Both drawn cards are already on the table and may be placed \"as desired\": "
                      "both on the table?"),
             answer=N_("No: still one on the table and one in the hand, so hands stay equal.")),
    Decision("viashi.handicap",
             "Handicap: a winner of the last 1, 2 or 3+ hands splits their first 1-3 draws "
             "of the next hand blind.",
             "puts one on the table and the other into the hand",
             lambda ctx: bool(ctx["params"].handicap),
             question=N_("Who has won a hand, and what is a random distribution?"),
             answer=N_("The single highest score of the hand wins it; the two drawn cards are mixed "
                    "face down and placed without looking."),
             parameter="handicap"),
    Decision("viashi.dead-trick",
             "Viashilym: a trick with no live capturer leaves the game, scores nothing, and the "
             "same player leads again.",
             "scores for no one, and the same player leads again",
             _viashi(teams=True),
             question=N_("Who leads after a trick that nobody captures?"),
             answer=N_("The same player leads again; the trick still counts as one of the hand's tricks.")),
    Decision("viashi.dead-cards",
             "Viashilym: dead twins count for nothing in any capture rule: dead gods are no gods, "
             "the Fool cannot take a dead top card, the Changeling cannot take a dead Lady.",
             lambda ctx: f"dead gods are no gods, the {ctx['fool']} cannot take a dead {ctx['top']}",
             _viashi(teams=True),
             question=N_("Do dead twins still count when the capture is decided?"),
             answer=N_("No: dead cards count for nothing when the capture is decided.")),
    Decision("viashi.captives",
             "Captives are every card of a captured trick except the capturer's own.",
             "Cards you own are all the cards of the tricks you captured, your own included",
             _viashi(human=False, teams=False),
             seed="Both captured and capturing cards are owned by the capturing player"),
    Decision("viashi.partner-captive",
             "Viashilym: a partner's card in a trick their teammate captured counts as a captive.",
             "a partner's card counts as a captive too",
             _viashi(teams=True),
             question=N_("Does a partner's card in a trick your team captured count as a captive?"),
             answer=N_("Yes: every card of the trick but the capturer's own, 5 a trick.")),
    Decision("viashi.ten-instead",
             "Viashilym: more captives than both other teams together scores 10 instead of the "
             "5 for the most, not both.",
             "10 instead of 5",
             _viashi(teams=True),
             question=N_("\"Ten for taking more than both opposing teams combined\": ten more, or ten "
                      "instead of five?"),
             answer=N_("Ten instead of five, as the elvish 9 instead of 3.")),
    Decision("viashi.most-needs-one-leader",
             'A "most" bonus needs a single leader: a shared most gives nobody the bonus.',
             "share the most, neither gets that bonus",
             question=N_("Who gets the bonus for the most when two share it?"),
             answer=N_("Nobody.")),
    Decision("viashi.viashilym-no-magicians",
             "Viashilym scores no Magician bonus.",
             lambda ctx: f"{ctx['bonus_cards']} score nothing extra in Viashilym",
             _viashi(teams=True),
             question=N_("Does the Magician bonus count in Viashilym?"),
             answer=N_("No: its scoring paragraph replaces the elvish one.")),
    Decision("viashi.equal-top-draw",
             "Equal highest totals are a draw.",
             "equal highest",
             question=N_("Who wins when the highest scores are equal?"),
             answer=N_("Nobody: the game is a draw.")),
)

BY_ID: dict[str, Decision] = {d.id: d for d in DECISIONS}


def decisions_for(game: str) -> tuple[Decision, ...]:
    return tuple(d for d in DECISIONS if d.game == game)
