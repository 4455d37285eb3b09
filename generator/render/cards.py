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
from .textcheck import glyph_problems, text_problems


def default_layout(game: str) -> str:
    """The layout a deck of ``game`` gets when it names none: the registered
    game's ``GameSpec.layout`` (a game no spec registers: ``base``)."""
    from ..games.registry import GAMES  # the spec is the one table of default layouts

    spec = GAMES.get(game)
    return spec.layout if spec is not None else "base"


def _search(deck: Deck) -> list[Path]:
    """A deck's own layout folders: layouts/ or templates/cards/ beside the deck file."""
    if deck.folder is None:
        return []
    return [deck.folder / "layouts", deck.folder / "templates" / "cards"]


def _named(deck: Deck, name: str | Path) -> str | Path:
    """A layout file named relative to the deck file ("my/layout.yaml") becomes a path."""
    text = str(name)
    if deck.folder is not None and text.endswith((".yaml", ".yml")) and not Path(text).is_absolute():
        candidate = deck.folder / text
        if candidate.is_file():
            return candidate
    return name


def deck_layout(deck: Deck, layout: str | Path | None = None) -> Layout:
    """The layout to use: the one given, else the deck's, else the game's default.

    ``layout`` may also be a folder of the user's own templates: the deck's layout
    name is then looked up there first (and ``extends:`` can still name bundled ones).
    """
    name = deck.layout or default_layout(deck.game)
    if layout is not None and Path(layout).is_dir():
        return load_layout(name, [Path(layout), *_search(deck)], [Path(layout), *_roots(deck)])
    if layout is not None:  # named on the command line: trusted
        return load_layout(layout, _search(deck))
    return load_layout(_named(deck, name), _search(deck), _roots(deck))


def _roots(deck: Deck) -> list[Path]:
    """Where files a deck names may be: its own folder (and the bundled ones)."""
    return [deck.folder] if deck.folder is not None else []


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
                    where = Where(layout.name, layout.path, self._card.id, name)
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
                entry = {**layout.raw[side][name], **overrides[name]}
                element = validate_element(entry, layout=layout.name, path=layout.path,
                                           name=name, card=card.id)
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
        layout = self._layouts[side]
        file, _line = layout.origin(side, name)  # the file that wrote the element (extends: chain)
        return Where(layout.name if file == layout.path else file.stem, file, self._card.id, name)

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
                entry = {**layout.raw[side][name], **overrides[name]}
                element = validate_element(entry, layout=layout.name, path=layout.path,
                                           name=name, card=card.id)
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
                              self._folders)
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
    glyphs: list[Problem] = []
    memo = CheckMemo()  # what the cards before have checked: each card costs what depends on it
    for card in deck.cards:
        piece = CardPiece(deck, card, front, back, card_size)
        found = piece.check(memo)  # every template, font, colour and image error before a file is opened
        glyphs += found
        piece.glyphs = found  # drawing warns about them itself (per element); check_cards reports these
        pieces.append(piece)
    if strict and glyphs:  # --strict: a character no font can draw is an error
        raise RenderError(glyphs)
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
    warnings: list[str] = []
    glyphs: list[Problem] = []
    for piece in card_pieces(deck, layout, strict=strict):
        warnings += [w for w in getattr(piece, "warnings", ()) if w not in warnings]
        glyphs += [p for p in getattr(piece, "glyphs", ()) if p not in glyphs]
    return warnings, glyphs


@contextmanager
def _named_by_deck(deck: Deck, key: str | None) -> Iterator[None]:
    """A layout the deck names that cannot be found is a problem of the deck file's ``key``."""
    try:
        yield
    except RenderError as exc:
        if key is None or deck.path is None:
            raise
        raise RenderError([p if p.file is not None else Problem(p.message, deck.path, None, None, key)
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
