"""What a game's booklet hooks may use (the words for parameter values, an even
deal, attributes and ranks as templates see them) and the figure data they return.

A game's booklet hook (its spec's ``booklet``: ``(params, deck) -> facts``) adds its
own facts to the rule template's context; its ``figures`` hook (``(context) ->
{name: Figure}``) says which pieces each ``[figure NAME]`` of its template shows,
with their labels: plain data, which :mod:`generator.booklet.figures` draws. Both
live in the game's package and import nothing above the games layer.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..deck.model import Attribute, Deck, Rank
from ..i18n import N_, _, ngettext

# The booklet's words for parameter values (marked for the catalogue, translated where used)
PICKUP = {
    "shuffled": N_("mixed, in no particular order"),
    "winner-first": N_("in seating order, starting with the winner's own"),
}
WINS = {"highest": N_("highest"), "lowest": N_("lowest")}
DIRECTION = {True: N_("clockwise"), False: N_("counterclockwise")}


def an(word: str) -> str:
    """The indefinite article for a rank or card name: "an Ace", "a Two", "an 8"."""
    w = word.strip().lower()
    if w[:1].isdigit():
        return "an" if w.startswith(("8", "11", "18")) else "a"
    if w.startswith(("one", "uni", "use", "eu")):
        return "a"
    return "an" if w[:1] in "aeiou" else "a"


def deal(total: int, players: int) -> dict[str, int]:
    """An even deal: ``base`` each, ``extra`` players get one more (Weiji: every card is dealt)."""
    return {"total": total, "players": players, "base": total // players, "extra": total % players}


def attr(a: Attribute) -> dict[str, Any]:
    """An attribute as the templates see it; ``wins`` is "highest" or "lowest" (compared),
    ``best`` the same word in the booklet's language."""
    wins = "highest" if a.better == "higher" else "lowest"
    return {"key": a.key, "label": a.label, "unit": a.unit, "better": a.better, "wins": wins, "best": _(WINS[wins])}


def deal_text(total: int, players: int) -> str:
    d = deal(total, players)
    if d["extra"] == 0:
        return _("%(n)s cards each") % {"n": d["base"]}
    more, rest = d["extra"], players - d["extra"]
    return (ngettext("%(n)s player gets %(cards)s cards", "%(n)s players get %(cards)s cards", more)
            % {"n": more, "cards": d["base"] + 1} + ", "
            + ngettext("%(n)s gets %(cards)s", "%(n)s get %(cards)s", rest) % {"n": rest, "cards": d["base"]})


def ranked(deck: Deck) -> list[Rank]:
    return sorted(deck.ranks, key=lambda r: -r.strength)


def listing(items: list[str], most: int = 10) -> str:
    return ", ".join(items[:most]) + (f" and {len(items) - most} more" if len(items) > most else "")


def and_(items: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c`` in the booklet's language."""
    if len(items) < 3:
        return _(" and ").join(items)
    return ", ".join(items[:-1]) + _(" and ") + items[-1]


@dataclass(frozen=True)
class Shown:
    """One piece of a figure: the card (or tile) ``card``, its ``label`` under it,
    the printed value of ``attribute`` outlined, or shown face down on a pile of ``pile``."""

    card: str
    label: str = ""
    attribute: str | None = None
    face_down: bool = False
    pile: int = 1


@dataclass(frozen=True)
class Figure:
    """A row of pieces, with an arrow before the piece at ``arrow_before`` (None: no arrow)."""

    pieces: tuple[Shown, ...]
    arrow_before: int | None = None
