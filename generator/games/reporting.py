"""What a game tells the balance report about itself: :class:`ReportHooks`, named by
its spec's ``report`` (None: the generic report: seats, length, counters).

Every hook is a plain function over plain data, in the game's own package: the
balance layer calls them and turns their rows and findings into its tables,
charts and verdict, so a game never imports the balance code. The section a game
computes is a :class:`Section`: it writes itself as the report's JSON under the
game's name (``playtest.weiji`` ...), gives the playtest table's rows (the terminal's
and the PDF's) and the verdict's findings, and reads itself back from that JSON.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from .finding import Finding
from .jsondata import JsonData

Row = tuple[str, str, str]  # a playtest figure: label, value, interval


@dataclass(frozen=True)
class Share(JsonData):
    """``count`` of ``of``, its share and its Wilson interval (JSON: count, of, share,
    low, high). A count keeps the number type it was measured in (the JSON does too)."""

    count: float
    of: float
    share: float
    low: float
    high: float


ShareOf = Callable[[float, float], Share]  # (count, of) -> the share with its interval at the check's confidence


def pct(x: float) -> str:
    """A share as the reports print it: "42%", "4.5%"."""
    return f"{100 * x:.0f}%" if abs(100 * x - round(100 * x)) < 0.05 or abs(x) >= 0.1 else f"{100 * x:.1f}%"


def ci(x: Share) -> str:
    """A share with its interval: "42% (39%-45%)"."""
    return f"{pct(x.share)} ({pct(x.low)}-{pct(x.high)})"


def interval(x: Share) -> str:
    """A share's interval alone: "39%-45%"."""
    return f"{pct(x.low)}-{pct(x.high)}"


class Section(JsonData):
    """A game's own playtest figures (what its :attr:`ReportHooks.section` returns):
    they write themselves as JSON (the report's ``playtest.<game>``), give the playtest
    table's rows (``pdf``: the PDF's, with counts) and the verdict's findings (each a
    :class:`~.finding.Finding`; ``flagged``: the cards the static checks already named). ``names``: the deck's own names for the game's special cards."""

    def rows(self, pdf: bool) -> Sequence[Row]:
        return ()

    def findings(self, t: Mapping[str, float], flagged: set[str], games: int) -> list[Finding]:
        return []

    @property
    def names(self) -> Mapping[str, str]:
        return {}


@dataclass(frozen=True)
class AttributePlay(JsonData):
    """One attribute in the showdowns: how often it was chosen, and how often choosing it tied."""

    chosen: float
    chosen_share: float
    ties: float
    tie_rate: Share


class Showdowns(Section):
    """The section of a game that compares the cards' attributes (:attr:`ReportHooks.showdowns`):
    each card's wins when shown, and each attribute's choices and ties (they feed the card
    tables, charts, suggestions and version comparisons)."""

    cards: Mapping[str, Share]
    attributes: Mapping[str, AttributePlay]


def _plain(value: Any) -> Any:
    """A designer's section as JSON: every :class:`Share` in it as its mapping."""
    if isinstance(value, Share):
        return value.to_json()
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


@dataclass(frozen=True)
class MappingSection(Section):
    """A section a game gives as a plain mapping (a designer's ``section`` hook), rendered
    through its hooks' ``rows`` and ``findings``; ``data`` is plain JSON (every share as
    its mapping), as those hooks read it."""

    data: Mapping[str, Any]
    hooks: ReportHooks

    def to_json(self) -> dict[str, Any]:
        return dict(self.data)

    def rows(self, pdf: bool) -> Sequence[Row]:
        return self.hooks.rows(self.data, pdf) if self.hooks.rows is not None else ()

    def findings(self, t: Mapping[str, float], flagged: set[str], games: int) -> list[Finding]:
        found = self.hooks.findings(self.data, t, flagged, games) if self.hooks.findings is not None else []
        return [f if isinstance(f, Finding) else Finding.of(f) for f in found]


@dataclass(frozen=True)
class ReportHooks:
    """``section(summary, deck, share) -> Section``: the game's own playtest figures
    (a :class:`Section`; a plain mapping is read through ``rows`` and ``findings``).
    ``load(json) -> Section``: the section again from the report's JSON (an old
    ``balance.json``; None: a :class:`MappingSection`).
    ``rows(section, pdf) -> [Row]``, ``findings(section, thresholds, flagged, games) -> [Finding | dict]``
    (``thresholds``: a read-only mapping, key -> value, as the deck file names them):
    a mapping section's rows and findings (a :class:`Section` gives its own).
    ``showdowns``: the game compares the cards' attributes (a Top-Trumps game): the
    deck's attributes are analysed statically, and its section is a :class:`Showdowns`.
    ``cards``: the section keeps the cards' statistics itself (Weiji's wins when shown,
    Viashi's captures), so the report adds no generic "cards in play" table.
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

    section: Callable[[Any, Any, ShareOf], Section | Mapping[str, Any]] | None = None
    load: Callable[[Mapping[str, Any]], Section] | None = None
    rows: Callable[[Mapping[str, Any], bool], Sequence[Row]] | None = None
    findings: Callable[[Mapping[str, Any], Mapping[str, float], set[str], int], Sequence[Finding | Mapping[str, Any]]] | None = None
    showdowns: bool = False
    grid: Mapping[str, tuple[int, ...]] = field(default_factory=lambda: MappingProxyType({}))
    skilled: Callable[[list[str], Any], str | None] | None = None
    trick_taking: bool = False
    covered: frozenset[str] = frozenset()
    draws: str = ""
    cards: bool = False

    def make(self, summary: Any, deck: Any, share: ShareOf) -> Section | None:
        """The game's section of a playtest (None: the game has none)."""
        if self.section is None:
            return None
        made = self.section(summary, deck, share)
        return made if isinstance(made, Section) else MappingSection(_plain(made), self)

    def read(self, data: Mapping[str, Any]) -> Section:
        """The game's section from the report's JSON."""
        return self.load(data) if self.load is not None else MappingSection(data, self)
