"""Cards as pieces: a deck plus a layout gives one drawable Piece per card.

``card_pieces(deck)`` checks every card's elements up front (template errors
surface before any file is opened) but keeps none of them: each piece resolves
its elements again when drawn, so memory does not grow with the deck.
``write_card_sheets`` prints them with their ``copies``; ``render_piece_pdf``
puts one piece on a page of its own.
"""

from __future__ import annotations

import datetime as _dt
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from ..deck.model import Card, CardSize, Deck
from ..errors import ParameterError, Problem, RenderError
from ..paths import deck_data_dir
from .atomic import atomic_write
from .checkmemo import UNCHECKED, CheckMemo, Plan
from .deck_layout import _named, _roots, _search, deck_layout, default_layout  # noqa: F401  (default_layout: re-exported)
from .fonts import register_fonts
from .geometry import pt
from .layout.attrtable import Row, overprint_problems, table_size
from .layout.checks import art_warning, art_where
from .layout.context import Where, card_context, render, resolve, truthy
from .layout.draw import draw_elements
from .layout.frame import CardBox, box_of
from .layout.loader import Layout, load_layout, validate_element
from .layout.model import Attributes, Element, Image, Text
from .layout.oneline import escape
from .layout.printed import printed_texts
from .pdf import make_canvas
from .piece import Piece
from .sheet import SheetOptions, SheetReport, write_sheets
from .textcheck import glyph_problems, one_per_problem, text_problems


def _overrides(card: Card, side: str) -> dict[str, dict[str, str]]:
    """Card fields ``element.property`` (front) or ``back.element.property``."""
    out: dict[str, dict[str, str]] = {}
    for key, value in card.fields.items():
        parts = key.split(".")
        if side == "back" and len(parts) == 3 and parts[0] == "back":
            out.setdefault(parts[1], {})[parts[2]] = value
        elif side == "front" and len(parts) == 2:
            out.setdefault(parts[0], {})[parts[1]] = value
    return out


def _card_keys(card: Card, side: str, name: str) -> dict[str, tuple[Path | None, int | None, str]]:
    """Keys of element ``name`` that the card's own fields set (``title.text``, or
    ``back.title.text``): the deck file and line of each field, and its name."""
    if not card.fields:
        return {}
    prefix = f"back.{name}." if side == "back" else f"{name}."
    source = card.source
    return {key[len(prefix):]: (source.files.get(key, source.file), source.line_of(key), key)
            for key in card.fields if key.startswith(prefix) and "." not in key[len(prefix):]}


def _own_element(layout: Layout, side: str, name: str, overrides: dict[str, str], card: Card) -> Element:
    """Element ``name`` with the keys the card's own fields set (``title.size``), validated:
    a problem names the line that wrote the key (the card's field, or the layout's line)."""
    entry = {**layout.raw[side][name], **overrides}
    file, line = layout.origin(side, name)
    label = layout.name if file == layout.path else file.stem
    own = _card_keys(card, side, name)
    keys = {k: layout.origin(side, name, k) for k in entry if k not in own}
    try:
        return validate_element(entry, layout=label, path=file, name=name, card=card.id, line=line,
                                keys={**keys, **{k: (f or file, at) for k, (f, at, _fld) in own.items()}})
    except RenderError as exc:  # a problem in a card's field: that field, under the layout's name
        places = [(f or file, at) for f, at, _fld in own.values()]
        fields = {(f or file, at): fld for f, at, fld in own.values() if places.count((f or file, at)) == 1}
        raise RenderError([Problem(p.message.replace(f"layout {Path(p.file).stem},", f"layout {label},", 1),
                                   p.file, p.line, p.card, fields.get((Path(p.file), p.line)))
                           if p.file is not None and (Path(p.file), p.line) in places else p
                           for p in exc.problems]) from None


class CardPiece:
    """One card of a deck, drawn by its layout (front) and back layout.

    A piece keeps only references (deck, card, layouts): its elements are resolved
    when it is drawn and dropped afterwards, so a 10,000-card deck's pieces cost
    next to no memory and pages can be streamed.
    """

    double_sided = True

    def __init__(self, deck: Deck, card: Card, front: Layout, back: Layout, size: CardSize) -> None:
        self.id = card.id
        self.name = card.name
        self.copies = card.copies
        self.width = size.width
        self.height = size.height
        self.warnings: list[str] = []
        self.glyphs: list[Problem] = []  # characters no font can draw in the printed text (see check)
        self._deck = deck
        self._card = card
        self._layouts = {"front": front, "back": back}
        folders = [f for f in (deck.folder, front.path.parent, back.path.parent) if f is not None]
        if deck.path is None:  # a deck built in code, not read from a file: trust its art
            folders += [p.parent for p in (card.art, deck.back.image) if p is not None]
        self._folders = tuple(dict.fromkeys(folders))

    @property
    def _ctx(self) -> dict[str, Any]:
        return card_context(self._deck, self._card)

    def check(self, memo: CheckMemo | None = None) -> list[Problem]:
        """Resolve both sides once (templates, fonts, colours, images): RenderError before
        drawing; art that prints below 200 ppi is a warning. Returns the characters no font
        can draw in the text the layout prints (only that: a field no element shows is
        never checked), one problem per card field, for the caller to warn or refuse.
        ``memo``: what earlier cards of the same pass have checked (``card_pieces``): an
        element that resolves as it did for an earlier card is not checked again."""
        memo = memo if memo is not None else CheckMemo()
        self._folders = memo.folders(self._folders)
        ctx = self._ctx
        texts: list[str] = []
        named: list[tuple[str, str]] = []
        for side in ("front", "back"):
            layout = self._layouts[side]
            tables = []
            for name, e, printed in list(self._checked(side, ctx, memo)):  # every element before its tables
                if printed is not None:
                    texts += printed
                else:  # an attribute table: what it prints depends on the card's values
                    where = self._where(side, name)
                    assert isinstance(e, Attributes)
                    tables.append((e, where, memo.table_texts(e, ctx, where)))
            for e, _where, (labels, values, raws) in tables:
                for a, label, value, raw in zip(self._deck.attributes, labels, values, raws, strict=True):
                    named.append((f"attributes.{a.key}.label", escape(label)))
                    named.append(("no_data" if raw is None else f"attributes.{a.key}.unit", escape(value)))
                # a label that overprints its value: once per deck, at its line
                self._check_table(e, layout, labels, values, raws, memo)
        return glyph_problems(self._deck, self._card, texts, named)

    def _checked(self, side: str, ctx: dict[str, Any], memo: CheckMemo
                 ) -> Iterator[tuple[str, Element, tuple[str, ...] | None]]:
        """The side's elements resolved and checked for this card, each with the texts it
        prints (None: an attribute table, whose texts are the card's values). An element
        that reads nothing of the card (the deck's colours, its back) is resolved and
        checked for the first card only: the others get the same element; one that reads
        the card's text renders that text for each card and checks only it."""
        card = self._card
        layout = self._layouts[side]
        overrides = _overrides(card, side) if card.fields else {}
        for name, element, plan in memo.side(layout, side):
            if name in overrides:
                element = _own_element(layout, side, name, overrides[name], card)
                found = self._check_one(side, name, element, ctx, memo)
            else:
                found = self._check_known(side, name, element, plan, ctx, memo)
            resolved, path, printed = found
            if resolved is None:
                continue
            if path is not None and isinstance(resolved, Image):  # its warning names the card
                self._warn_art(resolved, path, layout, art_where(self._where(side, name), resolved, card), memo)
            yield name, resolved, printed

    def _check_known(self, side: str, name: str, element: Element, plan: Plan, ctx: dict[str, Any],
                     memo: CheckMemo) -> tuple[Element | None, Path | None, tuple[str, ...] | None]:
        """``_check_one`` for a layout's own element, from what earlier cards found where
        it can be: the same result where the element reads nothing of the card; where it
        reads the card, its own fields rendered and (for a text) the text checked."""
        if not plan.parsed:
            return self._check_one(side, name, element, ctx, memo)
        where = None
        if plan.card_when:
            where = self._where(side, name)
            if not truthy(element.when or "", ctx, where):
                return None, None, None
        key = memo.base_key(element, plan, ctx)
        known = memo.base(key) if key is not None else None
        if known is None:
            found = self._check_one(side, name, element, ctx, memo)
            if key is not None:
                memo.remember_base(key, found, self._own(found[0], plan))
            return found
        slot, values = known
        if slot[0] is None or not plan.own:
            return slot
        where = where or self._where(side, name)
        own = tuple(render(source, ctx, where) for _field, source in plan.own)
        if own == values:
            return slot
        if not plan.light:
            return self._check_one(side, name, element, ctx, memo)
        fields = [f for f, _s in plan.own]
        if isinstance(slot[0], Text) and "text" in fields:
            text = own[fields.index("text")]
            if ":" in text:  # an inline icon, maybe: checked the long way
                return self._check_one(side, name, element, ctx, memo)
            return slot[0], slot[1], (text,)
        return slot

    @staticmethod
    def _own(resolved: Element | None, plan: Plan) -> tuple[str, ...]:
        return tuple(getattr(resolved, f) for f, _s in plan.own) if resolved is not None else ()

    def _where(self, side: str, name: str) -> Where:
        """The element's file and line (the layout of the extends: chain that wrote it), and
        the deck line of each key the card's own field sets (``title.text``)."""
        return Where.of(self._layouts[side], side, self._card.id, name, _card_keys(self._card, side, name))

    def _check_one(self, side: str, name: str, element: Element, ctx: dict[str, Any], memo: CheckMemo
                   ) -> tuple[Element | None, Path | None, tuple[str, ...] | None]:
        """One element resolved for this card and checked (colours, fonts, icons, image):
        (the element, the image file it draws, the texts it prints), or (None, None, None)."""
        card = self._card
        where = self._where(side, name)
        resolved = resolve(element, ctx, where)
        if resolved is None:
            return None, None, None
        path = memo.passed(resolved, self._folders)
        if path is UNCHECKED:  # (an element earlier cards resolved alike passed already)
            memo.check_values(resolved, self._layouts[side], side, name, card.id)
            path = memo.check_element(resolved, art_where(where, resolved, card), self._folders)
            memo.remember(resolved, self._folders, path)
        printed = None if isinstance(resolved, Attributes) else tuple(t for _f, t in printed_texts(resolved, ctx, where))
        return resolved, path if isinstance(path, Path) else None, printed

    def _resolve(self, side: str, ctx: dict[str, Any]) -> list[tuple[str, Element]]:
        """The side's elements resolved for this card (the same objects the check resolved:
        see ``resolve``)."""
        card = self._card
        layout = self._layouts[side]
        overrides = _overrides(card, side)
        out = []
        for name, element in layout.side(side):
            if name in overrides:
                element = _own_element(layout, side, name, overrides[name], card)
            resolved = resolve(element, ctx, self._where(side, name))
            if resolved is not None:
                out.append((name, resolved))
        return out

    def _check_table(self, el: Attributes, layout: Layout, labels: tuple[str, ...], values: tuple[str, ...],
                     raws: tuple[float | None, ...], memo: CheckMemo) -> None:
        box = memo.box(el, self.width, self.height, layout)
        fonts, project = memo.table_fonts(el, self._deck)
        rows = [Row(a, raw, memo.one_line(label, fonts[0], project),
                    memo.one_line(value, fonts[2] if raw is None else fonts[1], project))
                for a, label, value, raw in zip(self._deck.attributes, labels, values, raws, strict=True)]
        for problem in overprint_problems(self._deck, table_size(el, rows, box[2], box[3])[1], el.min_size):
            if str(problem) not in self.warnings:
                self.warnings.append(str(problem))

    def _warn_art(self, element: Image, path: Path, layout: Layout, where: Where, memo: CheckMemo) -> None:
        def measure() -> str | None:
            box = box_of(element, CardBox(self.width, self.height, 0.0, *layout.size, layout.safe_zone))
            return art_warning(element, path, (box[2], box[3]))

        message = memo.art_message(element, path, (self.width, self.height, layout.size, layout.safe_zone),
                                   measure)
        if message and where.warning(message) not in self.warnings:
            self.warnings.append(where.warning(message))

    def _draw(self, canvas: Canvas, bleed: float, side: str) -> None:
        layout = self._layouts[side]
        dw, dh = layout.size
        box = CardBox(self.width, self.height, bleed, dw, dh, layout.safe_zone)
        ctx = self._ctx
        found = draw_elements(canvas, self._resolve(side, ctx), box, layout, self.id, ctx,
                              self._folders, side)
        for w in found:
            if w not in self.warnings:
                self.warnings.append(w)

    def draw_front(self, canvas: Canvas, bleed: float) -> None:
        self._draw(canvas, bleed, "front")

    def draw_back(self, canvas: Canvas, bleed: float) -> None:
        self._draw(canvas, bleed, "back")


def _tiles_arg(deck: Deck) -> str:
    """How to name ``deck`` on the command line: its bundled name, else its file."""
    if deck.path is None:
        return deck.key or "DECK"
    try:
        deck.path.resolve().relative_to(deck_data_dir().resolve())
    except (ValueError, OSError):
        return str(deck.path)
    return deck.key


def card_pieces(
    deck: Deck, layout: str | Path | None = None, *, size: CardSize | None = None,
    strict: bool = False,
) -> list[Piece]:
    """One Piece per card (not per copy; ``piece.copies`` says how many ``write_sheets`` prints).

    Unknown inline icons are errors; with ``strict`` so are characters no font can draw.
    """
    register_fonts()
    if deck.kind != "cards":
        raise ParameterError(
            f"deck {deck.name!r} is a {deck.kind} deck (tiles, coins, dice), not cards; "
            f"print it with `deckpress tiles {_tiles_arg(deck)}` instead"
        )
    problems = text_problems(deck, glyphs=False)  # unknown icons: always errors
    if problems:
        raise RenderError(problems)
    with _named_by_deck(deck, "layout" if layout is None else None):
        front = deck_layout(deck, layout)
    with _named_by_deck(deck, "back.layout"):
        back = (load_layout(_named(deck, deck.back.layout), _search(deck), _roots(deck))
                if deck.back.layout else front)
    card_size = size or deck.card_size
    pieces: list[Piece] = []
    glyphs: list[tuple[str, Problem]] = []
    memo = CheckMemo()  # what the cards before have checked: each card costs what depends on it
    for card in deck.cards:
        piece = CardPiece(deck, card, front, back, card_size)
        found = piece.check(memo)  # every template, font, colour and image error before a file is opened
        glyphs += [(card.id, p) for p in found]
        piece.glyphs = found  # drawing warns about them itself (per element); check_cards reports these
        pieces.append(piece)
    if strict and glyphs:  # --strict: a character no font can draw is an error, once per distinct problem
        raise RenderError(one_per_problem(glyphs))
    return pieces


def check_cards(deck: Deck, layout: str | Path | None = None, *, strict: bool = False) -> list[str]:
    """Everything a card render needs, checked without drawing — the same pass every
    render command makes (``card_pieces``), so ``check`` and ``cards`` agree on what is
    an error: layouts, templates, fonts, colours, art files, inline icons (RenderError
    naming file, line, card and field); returns the warnings (art that prints soft,
    characters no font can draw in printed text; errors with ``strict``). A piecepack
    deck has no card layouts: nothing to check."""
    warnings, glyphs = print_check(deck, layout, strict=strict)
    return warnings + [str(p) for p in glyphs]


def print_check(deck: Deck, layout: str | Path | None = None, *, strict: bool = False
                ) -> tuple[list[str], list[Problem]]:
    """:func:`check_cards` with its findings apart: (warnings, characters no font can draw
    in the printed text — front, back, attribute labels, units, the no-data word — one
    problem per card field), for ``check`` to count the second as errors."""
    if deck.kind != "cards":
        return [], []
    warnings: dict[str, None] = {}  # in order, each once (a set beside a list: linear in the deck)
    glyphs: list[tuple[str, Problem]] = []
    for piece in card_pieces(deck, layout, strict=strict):
        warnings.update(dict.fromkeys(getattr(piece, "warnings", ())))
        glyphs += [(piece.id, p) for p in getattr(piece, "glyphs", ())]
    return list(warnings), one_per_problem(glyphs)


@contextmanager
def _named_by_deck(deck: Deck, key: str | None) -> Iterator[None]:
    """A layout the deck names that cannot be found is a problem of the deck file's ``key``."""
    try:
        yield
    except RenderError as exc:
        if key is None or deck.path is None:
            raise
        from ..deck.issues import deck_line

        line = deck_line(deck, key.split(".")[0])  # layout: or back: (a flow mapping with layout:)
        raise RenderError([p if p.file is not None else Problem(p.message, deck.path, line, None, key)
                           for p in exc.problems]) from None


def proof_label(deck: Deck, day: _dt.date | None = None) -> str:
    """"Deck name · short hash · date" (SOURCE_DATE_EPOCH fixes the date for reproducible builds)."""
    if day is None:
        epoch = os.environ.get("SOURCE_DATE_EPOCH")
        day = (_dt.datetime.fromtimestamp(int(epoch), _dt.UTC).date() if epoch
               else _dt.date.today())
    return f"{deck.name} · {deck.short_hash()} · {day.isoformat()}"


def write_card_sheets(
    deck: Deck,
    path: Path,
    options: SheetOptions,
    *,
    layout: str | Path | None = None,
    size: CardSize | None = None,
    progress: Callable[[int], None] | None = None,
) -> SheetReport:
    """Print-and-play sheets of ``deck`` (every card times its copies) at ``path``."""
    pieces = card_pieces(deck, layout, size=size)
    return write_sheets(pieces, path, options, title=deck.name, progress=progress)


def render_piece_pdf(piece: Piece, path: Path, bleed_mm: float, side: str = "front") -> None:
    """One piece on a page of its own size plus ``bleed_mm`` on every side."""
    register_fonts()
    b = pt(bleed_mm)
    with atomic_write(path) as tmp:
        canvas = make_canvas(tmp, (pt(piece.width) + 2 * b, pt(piece.height) + 2 * b),
                             f"{piece.id} ({side})")
        canvas.translate(b, b)
        if side == "back":
            piece.draw_back(canvas, b)
        else:
            piece.draw_front(canvas, b)
        canvas.showPage()
        canvas.save()
