"""Weiji's rule decisions where the seed rules leave things open (see
:mod:`generator.games.decisions`): its spec's ``decisions``."""

from __future__ import annotations

from ...i18n import N_, _
from ..decisions import Decision, said

DECISIONS: tuple[Decision, ...] = (
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
             answer=said("pickup"),
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
)
