"""War's rule decisions where the seed rules leave things open (see
:mod:`generator.games.decisions`): its spec's ``decisions``."""

from __future__ import annotations

from collections.abc import Callable

from ...grammar import Forms
from ...i18n import N_, _
from ..decisions import Context, Decision, said


def _classic_war(players: int | None = None) -> Callable[[Context], bool]:
    def test(ctx: Context) -> bool:
        p = ctx["params"]
        return p.variant == "classic" and (players is None or (p.players > 2) == (players > 2))
    return test


def _russian_beyond_piecepack(ctx: Context) -> bool:
    return bool(ctx["russian"]) and ctx["deck"].kind != "piecepack"


def _ends(ctx: Context) -> dict[str, str]:
    """The weakest and strongest rank of a War deck, with English articles (a template may skip them)."""
    weakest, strongest = ctx["order"][-1], ctx["order"][0]
    return Forms({"a_weakest": ctx["an"](weakest), "weakest": weakest, "a_strongest": ctx["an"](strongest),
                  "strongest": strongest})  # %(weakest.nom)s in a catalogue: with its article (grammar)


DECISIONS: tuple[Decision, ...] = (
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
             answer=said("pickup"),
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
)
