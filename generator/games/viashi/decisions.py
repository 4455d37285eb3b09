"""Viashi's rule decisions where the seed rules leave things open (see
:mod:`generator.games.decisions`): its spec's ``decisions``."""

from __future__ import annotations

from collections.abc import Callable

from ...i18n import N_, _
from ..decisions import Context, Decision


def _viashi(*, human: bool | None = None, teams: bool | None = None) -> Callable[[Context], bool]:
    def test(ctx: Context) -> bool:
        return (human is None or ctx["human"] == human) and (teams is None or ctx["teams"] == teams)
    return test


def _first_draw_passes(ctx: Context) -> bool:
    return int(ctx["params"].hands) > 1


DECISIONS: tuple[Decision, ...] = (
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
