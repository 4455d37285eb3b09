"""Can this deck be played as War? Checked before any command uses it: War compares
the ranks of the tiles (or cards), so they must come in at least two ranks."""

from __future__ import annotations

from ...deck.issues import Issue, deck_file, deck_line
from ...deck.model import Deck
from ...errors import Problem


def war_issues(deck: Deck) -> list[Issue]:
    held = {c.rank for c in deck.printed() if c.rank is not None}
    ranks = [r.name for r in deck.ranks if r.key in held]
    if len(ranks) >= 2:
        return []
    tile = "tiles" if deck.kind == "piecepack" else "cards"
    having = f"only {ranks[0]}" if ranks else "no ranked ones"
    return [Issue("error", "no_rank", Problem(
        f"War compares the ranks of the {tile}, and this deck has {having}: give its {tile} at least two ranks "
        "(`ranks:` and each one's `rank:`)", deck_file(deck), deck_line(deck, "ranks"), field="ranks"), play=True)]
