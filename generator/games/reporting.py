"""What a game tells the balance report about itself: :class:`ReportHooks`, named by
its spec's ``report`` (None: the generic report: seats, length, counters).

Every hook is a plain function over plain data, in the game's own package: the
balance layer calls them and turns their rows and findings into its tables,
charts and verdict, so a game never imports the balance code. The section a game
computes is the report's JSON under the game's name (``playtest.weiji`` ...).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

Share = Callable[[float, float], dict[str, float]]  # (count, of) -> count, of, share, low, high (Wilson)
Row = tuple[str, str, str]  # a playtest figure: label, value, interval


def pct(x: float) -> str:
    """A share as the reports print it: "42%", "4.5%"."""
    return f"{100 * x:.0f}%" if abs(100 * x - round(100 * x)) < 0.05 or abs(x) >= 0.1 else f"{100 * x:.1f}%"


def ci(x: Mapping[str, Any]) -> str:
    """A share with its interval: "42% (39%-45%)"."""
    return f"{pct(x['share'])} ({pct(x['low'])}-{pct(x['high'])})"


@dataclass(frozen=True)
class ReportHooks:
    """``section(summary, deck, share) -> dict``: the game's own playtest figures (JSON).
    ``rows(section, pdf) -> [Row]``: those figures as the playtest table's rows (the
    terminal's, or with counts for the PDF: ``pdf=True``).
    ``findings(section, thresholds, flagged, games) -> [dict]``: the verdict's findings
    from them (keys of :class:`generator.balance.findings.Finding`); ``flagged``: the
    cards the static checks already named.
    ``showdowns``: the game compares the cards' attributes (a Top-Trumps game): the
    deck's attributes are analysed statically, and the section's ``cards`` (each card's
    wins when shown) and ``attributes`` (choices and ties) feed the card tables, charts,
    suggestions and version comparisons.
    ``grid``: rule parameter -> values (outer first) over which the report also measures
    game length (War: packs, players); empty: none.
    ``skilled(experts, params) -> strategy | None``: the skill gap's skilled seat when
    ``--strategy`` names an expert (None: the generic choice).
    ``trick_taking``: a duplicate card or a card without a suit is an error (a trick's
    winner would be ambiguous), not a warning.
    ``covered``: static finding codes the game's ``deck_issues`` already report at the
    deck's lines (the balance check drops its own).
    ``draws``: how a draw happens in this game, in its own words (War: "the last players
    ran out of cards together"); empty: the spec's ``draws``, else a shared top score."""

    section: Callable[[Any, Any, Share], dict[str, Any]] | None = None
    rows: Callable[[Mapping[str, Any], bool], Sequence[Row]] | None = None
    findings: Callable[[Mapping[str, Any], Mapping[str, float], set[str], int], list[dict[str, Any]]] | None = None
    showdowns: bool = False
    grid: Mapping[str, tuple[int, ...]] = field(default_factory=lambda: MappingProxyType({}))
    skilled: Callable[[list[str], Any], str | None] | None = None
    trick_taking: bool = False
    covered: frozenset[str] = frozenset()
    draws: str = ""
