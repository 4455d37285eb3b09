"""Per-card findings: a card whose measured change lies wholly outside the per-card band.

Card impact (:mod:`.card_impact`) and card removal (:mod:`.card_removal`) give each
card a change with its interval, pair by pair against the same seeded games as
usually played (:mod:`.card_paired`). A card whose whole interval lies beyond the
band's warning edge (``card_edge_warn`` times the fair share of the sides, or times
the spread of a seat's return in a game that declares ``utility``) is a warning
naming it; beyond the error edge (``card_edge_error``), an error:

- ``strong_card``: a seat that never takes the card does much worse than it usually
  does (the card carries the game);
- ``trap_card``: a seat that never takes the card does much better;
- ``card_shifts_seats``: the deck without the card moves seat 0's result (its team's where
  the game has partners) more than the
  deck without the median card does (the card favours a seat; what taking out any card
  does, a deck one card shorter, is no card's fault: :func:`removal_note` says it).

Both measures depend on how the seats play (the playtest's strategy): every message
says which, and ``check --strategy NAME`` measures them again with another.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..games.finding import Finding
from .card_paired import Band, level
from .result import CardImpact, CardRemoval
from .verdict_static import pct


def amount(x: float, unit: str) -> str:
    """A change in the game's measure: points of win share, or a return's difference."""
    return f"{100 * x:+.1f} points" if unit == "share" else f"{x:+.2f}"


def change(x: float, unit: str) -> str:
    """A change without its unit's word: ``+12.5`` (points) or ``+0.13`` (a return)."""
    return f"{100 * x:+.1f}" if unit == "share" else f"{x:+.2f}"


def value(x: float, unit: str) -> str:
    return pct(x) if unit == "share" else f"{x:+.2f}"


def interval(low: float, high: float, unit: str) -> str:
    """``-38.1 to -29.0`` (never ``-38.1--29.0``)."""
    if unit == "share":
        return f"{100 * low:+.1f} to {100 * high:+.1f}"
    return f"{low:+.2f} to {high:+.2f}"


def band_words(b: Band) -> str:
    edge = f"{100 * b.warn:.1f} points" if b.unit == "share" else f"{b.warn:.2f}"
    return f"the per-card band is {edge} either way ({b.basis})"


def played_by(strategy: str | None) -> str:
    """The strategy the per-card figures were measured with, in words."""
    return f"{strategy or 'the default'} play at every seat; --strategy NAME measures them with another"


def card_findings(impact: CardImpact | None, removal: CardRemoval | None, b: Band, confidence: float,
                  players: Sequence[str]) -> list[Finding]:
    """The findings of both per-card measures against band ``b``; ``players``: the seats'
    strategies, named in every message (the figures are theirs)."""
    who = ",".join(dict.fromkeys(players)) or "the default strategy"
    played = f"measured with every seat playing {who} (deckpress check --strategy NAME measures it with another)"
    conf = pct(confidence)
    measure = "wins" if b.unit == "share" else "has a mean return of"
    out: list[Finding] = []
    for r in impact.cards if impact is not None else ():
        found = level(r.low, r.high, b)
        if found is None:
            continue
        strong = r.impact < 0
        code = "strong_card" if strong else "trap_card"
        what = "carries the game" if strong else "is a trap: its taker does better without it"
        out.append(Finding(found, code, f"{r.name} ({r.card}) {what}: a seat that never takes it {measure}"
                           f" {value(r.share, b.unit)} where the same seat in the same seeded games, playing as usual,"
                           f" {measure} {value(r.usual, b.unit)} ({amount(r.impact, b.unit)} over {r.games:,} seat-games, {conf}"
                           f" interval {interval(r.low, r.high, b.unit)}; {band_words(b)}); {played}.",
                           cards=(r.card,), evidence={"measure": "card_impact", **r.to_json(), "band": b.to_json(),
                                                      "strategy": who}))
    base = removal.base if removal is not None else None
    centre = any_card(removal)
    side = removal.whose if removal is not None else "seat 0"  # seat 0, or its team (card_sides)
    side_kind = "team" if side.startswith("team") else "seat"
    for row in removal.cards if removal is not None else ():
        found = level(row.low - centre, row.high - centre, b)  # the card's own part of the change
        if found is None or base is None:
            continue
        usual = row.first_share - row.first_change
        peers = (f"; taking out any card moves it by {amount(centre, b.unit)} (the median card), this one by"
                 f" {amount(row.first_change - centre, b.unit)} more") if centre else ""
        out.append(Finding(found, "card_shifts_seats", f"{row.name} ({row.card}) favours a {side_kind}: without it {side}"
                           f" {measure} {value(row.first_share, b.unit)} against {value(usual, b.unit)} in the same"
                           f" {row.games:,} seeded games of the whole deck ({amount(row.first_change, b.unit)}, {conf}"
                           f" interval {interval(row.low, row.high, b.unit)}{peers}; {band_words(b)}); {played}.",
                           cards=(row.card,), evidence={"measure": "card_removal", **row.to_json(), "band": b.to_json(),
                                                        "median_change": centre, "strategy": who}))
    return out


def any_card(removal: CardRemoval | None) -> float:
    """The median card's change of seat 0's measure by removal (0 with fewer than 3 cards):
    what taking out any one card does (a deck one card shorter can change who takes the
    last card), which no single card is to blame for."""
    changes = sorted(r.first_change for r in removal.cards) if removal is not None else []
    if len(changes) < 3:
        return 0.0
    mid = len(changes) // 2
    return changes[mid] if len(changes) % 2 else (changes[mid - 1] + changes[mid]) / 2


def removal_note(removal: CardRemoval | None, b: Band) -> str | None:
    """A note where taking out any one card moves seat 0's measure beyond the band (the
    deck's size, not a card, decides it), else None."""
    centre = any_card(removal)
    if removal is None or abs(centre) <= b.warn:
        return None
    sides = "teams" if removal.whose.startswith("team") else "seats"
    return (f"taking out any one card moves {removal.whose}'s result by {amount(centre, b.unit)} (the median card's"
            f" change by card removal): the number of cards, not a card, shifts the balance between the {sides}; card"
            " removal names only a card whose change differs from it by more than the per-card band")
