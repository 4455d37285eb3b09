"""One typed, frozen object answers every visual question about a piecepack.

``PiecepackStyle.from_deck(deck)`` reads the suits (name, colour, symbol), the
ranks and the deck's ``colors`` from the deck data; every size, line width and
proportion has a default here. Renderers (tiles, coins, dice, pawns) hard-code
nothing: a new look is new deck data, or ``dataclasses.replace(style, ...)``.

Lengths are millimetres; proportions are fractions of the piece they belong to.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from ...deck.issues import deck_file, deck_line
from ...deck.model import Deck, Suit
from ...errors import DeckError, Problem
from ..fonts import SERIF_BOLD
from ..layout.colors import contrast, legible
from ..layout.images import ImageProblem, check_image
from ..layout.svg import is_svg, svg_size
from .symbols import SYMBOLS, symbol_names

Mark = Literal["blank", "symbol", "spiral", "label"]

# The deck's ``colors:`` keys a piecepack understands (unknown keys are an error).
COLOR_KEYS: dict[str, str] = {
    "background": "tile faces, die faces and the pawn symbol",
    "back": "tile backs (default: background)",
    "grid": "the grid on tile backs (default: line, lightened until it reads on a dark back)",
    "line": "cut, fold and outline lines",
    "coin": "both sides of the coins",
    "ink": "coin values (default: line, readable on the coin)",
    "pack": "pack marks (default: line on faces, readable on the back on tile backs)",
}


@dataclass(frozen=True)
class SuitStyle:
    key: str
    name: str
    color: str  # '#RRGGBB'
    symbol: str | Path  # a name in SYMBOLS, or a project icon file (PNG or SVG)


@dataclass(frozen=True)
class RankStyle:
    key: str
    name: str
    label: str  # what is printed for an ordinary value
    tile: Mark  # how the value is shown on tiles and dice
    coin: Mark  # how the value is shown on the coins' value side


@dataclass(frozen=True)
class PiecepackStyle:
    suits: tuple[SuitStyle, ...]
    ranks: tuple[RankStyle, ...]
    name: str = "piecepack"
    # colours
    background: str = "#FFFDF6"
    back: str = "#FFFDF6"
    grid: str = "#222222"
    line: str = "#222222"
    coin: str = "#E9DDBF"
    ink: str = "#222222"
    pack: str = "#222222"
    pack_back: str = "#222222"  # pack marks on tile backs (readable on ``back``)
    # sizes (mm): the piecepack standard's
    tile: float = 50.8  # 2 in
    coin_diameter: float = 19.05  # 3/4 in
    die: float = 12.7  # 1/2 in
    pawn_width: float = 15.875  # 5/8 in
    pawn_height: float = 28.575  # 1 1/8 in
    # tiles
    font: str = SERIF_BOLD
    digit_height: float = 0.729  # the font's digit height in em (DejaVu Serif Bold)
    tile_value: float = 0.42  # value (digit height or symbol size) / tile side
    tile_ace: float = 0.56  # the ace's suit symbol / tile side
    tile_corner: float = 0.18  # corner suit symbol / tile side
    tile_corner_inset: float = 0.055  # corner symbol's distance from the cut / tile side
    grid_width: float = 0.7  # mm, the tile back's lines
    # coins
    coin_value: float = 0.5  # value digit height / diameter
    coin_symbol: float = 0.56  # suit symbol / diameter
    coin_spiral: float = 0.56  # ace spiral / diameter
    direction: float = 0.09  # direction mark / diameter
    direction_inset: float = 1.0  # mm from the coin's edge to the direction mark
    # dice, pawns, nets
    die_value: float = 0.56  # value / die side
    tab: float = 4.0  # mm, glue tab depth on nets
    pawn_base: float = 10.0  # mm, each fold-in base flap of a pawn
    pawn_symbol: float = 0.72  # symbol on the pawn head / head diameter
    cut_width: float = 0.6  # points, outlines of nets and coins
    fold_width: float = 0.4  # points, dashed fold lines
    fold_dash: tuple[float, float] = (2.0, 1.5)  # points on, points off
    glue: str = "#E4E4E4"  # glue tab fill
    # packs
    pack_dot: float = 1.1  # mm, pack mark dot diameter

    def suit(self, key: str) -> SuitStyle:
        for s in self.suits:
            if s.key == key:
                return s
        raise KeyError(key)

    def rank(self, key: str) -> RankStyle:
        for r in self.ranks:
            if r.key == key:
                return r
        raise KeyError(key)

    @classmethod
    def from_deck(cls, deck: Deck) -> PiecepackStyle:
        """The style a piecepack deck's data describes (DeckError naming the field if invalid)."""
        where = deck.path or deck.name
        if not deck.suits or not deck.ranks:
            raise DeckError(Problem("a piecepack needs suits and ranks", where))
        problem = colors_problem(deck)
        if problem is not None:
            raise DeckError(problem)
        suits = []
        for s in deck.suits:
            problem = suit_symbol_problem(deck, s)
            if problem is not None:
                raise DeckError(problem)
            name = (s.symbol or s.key).lower()  # a built-in name wins over icons/NAME.png, as on cards
            symbol: str | Path = name if name in SYMBOLS or s.icon is None else s.icon
            suits.append(SuitStyle(s.key, s.name, s.color, symbol))
        ranks = tuple(_rank(r.key, r.name, r.index_label) for r in deck.ranks)
        c = deck.colors
        line = c.get("line", cls.line)
        background = c.get("background", cls.background)
        back = c.get("back", background)
        coin = c.get("coin", cls.coin)
        # a colour not given is the line colour where it reads on what it is drawn on, else the
        # line colour lightened (on a dark back, face or coin) or darkened until it does
        return cls(
            suits=tuple(suits), ranks=ranks, name=deck.name,
            background=background, back=back, grid=c.get("grid", legible(line, back)),
            line=line, coin=coin, ink=c.get("ink", legible(line, coin)),
            pack=c.get("pack", legible(line, background)),
            # marks on the tile backs: the pack colour given, else one that reads on the back
            pack_back=c.get("pack", contrast(back, dark=line)),
        )


def colors_problem(deck: Deck) -> Problem | None:
    """A ``colors:`` key a piecepack does not use (a misprint would silently keep the default),
    at the deck's ``colors:`` line, with did-you-mean; or None."""
    unknown = sorted(set(deck.colors) - set(COLOR_KEYS))
    if not unknown:
        return None
    close = difflib.get_close_matches(unknown[0], list(COLOR_KEYS), n=1)
    hint = f" (did you mean '{close[0]}'?)" if close else ""
    return Problem(f"unknown piecepack colour {unknown[0]!r}{hint}; valid: {', '.join(COLOR_KEYS)}",
                   deck_file(deck), deck_line(deck, "colors"), field="colors")


def suit_symbol_problem(deck: Deck, suit: Suit) -> Problem | None:
    """Why ``suit``'s symbol cannot be drawn on a piecepack (at the suit's line), or None."""
    symbol = (suit.symbol or suit.key).strip().lower()
    if suit.icon is not None and symbol not in SYMBOLS:
        try:  # a usable picture: a PNG Pillow reads within its limits, or an SVG that parses
            svg_size(suit.icon) if is_svg(suit.icon) else check_image(suit.icon)
        except (ImageProblem, OSError) as exc:
            return Problem(f"suit {suit.key!r}: symbol {suit.symbol!r}: {exc}", suit.source.file or deck.path or deck.name,
                           suit.source.line_of("symbol"), field=f"suits[{suit.key}].symbol")
        return None
    if symbol in SYMBOLS:
        return None
    own = sorted({p.name for s in (".png", ".svg") for p in (deck.folder / "icons").glob(f"*{s}")}) \
        if deck.folder is not None else []
    icons = "a project icon (icons/NAME.png or icons/NAME.svg" + (f": {', '.join(own)}" if own else "") + ")"
    close = difflib.get_close_matches(symbol, list(SYMBOLS), n=1)
    hint = f" (did you mean '{close[0]}'?)" if close else ""
    if suit.symbol is None:
        message = (f"suit {suit.key!r} has no symbol: add `symbol:` to it, one of {', '.join(symbol_names())}, "
                   f"or {icons}{hint}")
    else:
        message = f"suit {suit.key!r}: unknown symbol {symbol!r}{hint}; valid: {', '.join(symbol_names())}, or {icons}"
    field = f"suits[{suit.key}]" + (".symbol" if suit.symbol is not None else "")
    return Problem(message, suit.source.file or deck.path or deck.name,
                   suit.source.line_of("symbol") if suit.symbol is not None else suit.source.line, field=field)


def _rank(key: str, name: str, label: str) -> RankStyle:
    """The conventional marks: null is blank; ace is the suit symbol (a spiral on coins)."""
    if key.lower() in ("null", "0", "n"):
        return RankStyle(key, name, label, "blank", "blank")
    if key.lower() in ("ace", "a"):
        return RankStyle(key, name, label, "symbol", "spiral")
    return RankStyle(key, name, label, "label", "label")
