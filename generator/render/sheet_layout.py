"""Which pieces go on which page, under which page plan.

``plan_pages(pieces, options)`` groups the pieces by size. One size: a grid
(``sheet_plan.choose_plan``), page after page. Several sizes that all get the gap
arrangement: shelf-packed onto shared pages (``packing``).
Otherwise each size gets pages of its own. Every size is checked first: if one
does not fit a page with the requested bleed, one error names the most that fits.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..errors import ParameterError
from .packing import pack_pages
from .piece import Piece
from .sheet_options import ARRANGEMENTS, SheetOptions
from .sheet_plan import (
    PagePlan,
    choose_plan,
    choose_plan_fits,
    max_bleed,
    no_fit_message,
    resolved_arrangement,
)


@dataclass(frozen=True)
class GroupReport:
    """One size group: how its pieces were laid out."""

    width: float
    height: float
    pieces: int
    pages: int  # pages used including back pages
    per_page: int
    arrangement: str
    orientation: str
    outer_bleed: tuple[float, float]



def _group_by_size(pieces: Sequence[Piece]) -> list[list[Piece]]:
    groups: dict[tuple[float, float], list[Piece]] = {}
    for piece in pieces:
        groups.setdefault((round(piece.width, 4), round(piece.height, 4)), []).append(piece)
    return list(groups.values())


def _preferred(options: SheetOptions, piece: Piece) -> SheetOptions:
    """The arrangement a piece gets: ``auto`` follows the piece's own ``arrangement``, and a
    piece that wants ``gap`` (round coins, die nets and pawns cut along their outline) keeps
    it under ``touching`` too: touching butts rectangles only, a round or outlined cut would
    run into its neighbour's art."""
    wanted = getattr(piece, "arrangement", None)
    if wanted not in ARRANGEMENTS or wanted == "auto":
        return options
    if options.arrangement == "auto" or (options.arrangement == "touching" and wanted == "gap"):
        return replace(options, arrangement=wanted)
    return options


def _kept_gap(groups: Sequence[Sequence[Piece]], options: SheetOptions) -> list[str]:
    """A note naming the pieces that keep their gap under ``--arrangement touching``."""
    if options.arrangement != "touching":
        return []
    kinds = []
    for g in groups:
        if _preferred(options, g[0]).arrangement == "gap":
            kind = str(getattr(g[0], "kind", "piece"))
            if kind not in kinds:
                kinds.append(kind)
    if not kinds:
        return []
    return [f"touching butts rectangles only: {', '.join(kinds)} pieces keep a {options.gap:g} mm "
            f"gap and their own {options.bleed:g} mm bleed (a round or outlined cut must not touch "
            "its neighbour)"]


Layout = list[tuple[PagePlan, list[Piece]]]  # front pages in order, each with its pieces


def _gap_everywhere(groups: Sequence[Sequence[Piece]], options: SheetOptions) -> bool:
    return all(resolved_arrangement(_preferred(options, g[0])) == "gap" for g in groups)


def _packed(groups: Sequence[Sequence[Piece]], options: SheetOptions,
            sides: int) -> tuple[Layout, list[GroupReport], list[str]] | None:
    """Pieces of several sizes shelf-packed onto shared pages (None if packing does not apply)."""
    if len(groups) < 2 or not _gap_everywhere(groups, options):
        return None
    ordered = [(k, p) for k, g in enumerate(groups) for p in g]
    packed = pack_pages([(p.width, p.height) for _, p in ordered], options, [k for k, _ in ordered])
    if packed is None:
        return None
    layout: Layout = []
    counts = [[0] * len(packed) for _ in groups]  # pieces of each size on each page
    start = 0
    for page, plan in enumerate(packed):
        chunk = ordered[start : start + plan.per_page]
        layout.append((plan, [p for _, p in chunk]))
        for k, _ in chunk:
            counts[k][page] += 1
        start += plan.per_page
    orientation = packed[0].orientation
    reports = [GroupReport(g[0].width, g[0].height, len(g), sides * sum(c > 0 for c in n), max(n), "gap",
                           orientation, (options.bleed, options.bleed)) for g, n in zip(groups, counts, strict=True)]
    note = (f"{len(groups)} piece sizes packed onto shared pages: gap arrangement (every piece its own "
            f"{options.bleed:g} mm bleed), {orientation}, {len(packed)} page{'s' if len(packed) != 1 else ''} "
            "of pieces")
    return layout, reports, [note]


def _check_fit(groups: Sequence[Sequence[Piece]], options: SheetOptions) -> None:
    """Every size fits a page with the requested bleed, else one error naming what would fit all."""
    worst: tuple[float, str] | None = None
    for g in groups:
        wanted = _preferred(options, g[0])
        arrangement = resolved_arrangement(wanted)
        if choose_plan_fits(g[0].width, g[0].height, wanted):
            continue
        most = max_bleed(g[0].width, g[0].height, wanted, arrangement)
        key = -1.0 if most is None else most
        if worst is None or key < worst[0]:
            worst = (key, no_fit_message(g[0].width, g[0].height, wanted, arrangement))
    if worst is not None:
        raise ParameterError(worst[1])


def plan_pages(pieces: Sequence[Piece], options: SheetOptions) -> tuple[Layout, list[GroupReport], list[str]]:
    """Which pieces go on which page under which plan; a report per size; notes.

    Sizes that get the gap arrangement share pages (shelf packing) when there are at least
    two of them, also beside sizes that butt together (touching) on pages of their own.
    """
    groups = _group_by_size(pieces)
    _check_fit(groups, options)
    sides = 2 if options.backs.startswith("duplex") else 1
    kept = _kept_gap(groups, options)
    packed = _packed(groups, options, sides)
    if packed is not None:
        return packed[0], packed[1], kept + packed[2]
    gapped = [g for g in groups if resolved_arrangement(_preferred(options, g[0])) == "gap"]
    shared = _packed(gapped, options, sides) if len(gapped) < len(groups) else None
    own = [g for g in groups if shared is None or all(g is not k for k in gapped)]
    plans = [choose_plan(g[0].width, g[0].height, _preferred(options, g[0])) for g in own]
    layout: Layout = []
    reports = []
    notes: list[str] = kept
    for g, (plan, note) in zip(own, plans, strict=True):
        notes += note
        chunks = [g[i : i + plan.per_page] for i in range(0, len(g), plan.per_page)]
        layout += [(plan, chunk) for chunk in chunks]
        reports.append(GroupReport(g[0].width, g[0].height, len(g), sides * len(chunks), plan.per_page,
                                   plan.arrangement, plan.orientation, plan.outer_bleed))
    if shared is not None:
        layout += shared[0]
        reports += shared[1]
        notes += shared[2]
    return layout, reports, notes
