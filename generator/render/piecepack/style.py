"""One typed, frozen object answers every visual question about a piecepack.

``PiecepackStyle.from_deck(deck)`` reads the suits (name, colour, symbol), the
ranks and the deck's ``colors`` from the deck data; every size, line width and
proportion has a default here. Renderers (tiles, coins, dice, pawns) hard-code
nothing: a new look is new deck data, or ``dataclasses.replace(style, ...)``.

Lengths are millimetres; proportions are fractions of the piece they belong to.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ...deck.model import Deck
from ...errors import DeckError, Problem
from ..fonts import SERIF_BOLD
from .symbols import SYMBOLS, symbol_names

Mark = Literal["blank", "symbol", "spiral", "label"]

# The deck's ``colors:`` keys a piecepack understands (unknown keys are an error).
COLOR_KEYS: dict[str, str] = {
    "background": "tile faces, die faces and the pawn symbol",
    "back": "tile backs (default: background)",
    "grid": "the grid on tile backs (default: line)",
    "line": "cut, fold and outline lines",
    "coin": "both sides of the coins",
    "ink": "coin values (default: line)",
    "pack": "pack marks (default: line)",
}


@dataclass(frozen=True)
class SuitStyle:
    key: str
    name: str
    color: str  # '#RRGGBB'
    symbol: str  # a name in SYMBOLS


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
        unknown = sorted(set(deck.colors) - set(COLOR_KEYS))
        if unknown:
            raise DeckError(Problem(
                f"unknown piecepack colour {unknown[0]!r}; valid: {', '.join(COLOR_KEYS)}",
                where, field="colors"))
        suits = []
        for s in deck.suits:
            symbol = (s.symbol or s.key).lower()
            if symbol not in SYMBOLS:
                raise DeckError(Problem(
                    f"suit {s.key!r}: unknown symbol {symbol!r}; valid: {', '.join(symbol_names())}",
                    where, field="suits"))
            suits.append(SuitStyle(s.key, s.name, s.color, symbol))
        ranks = tuple(_rank(r.key, r.name, r.index_label) for r in deck.ranks)
        c = deck.colors
        line = c.get("line", cls.line)
        background = c.get("background", cls.background)
        return cls(
            suits=tuple(suits), ranks=ranks, name=deck.name,
            background=background, back=c.get("back", background), grid=c.get("grid", line),
            line=line, coin=c.get("coin", cls.coin), ink=c.get("ink", line),
            pack=c.get("pack", line),
        )


def _rank(key: str, name: str, label: str) -> RankStyle:
    """The conventional marks: null is blank; ace is the suit symbol (a spiral on coins)."""
    if key.lower() in ("null", "0", "n"):
        return RankStyle(key, name, label, "blank", "blank")
    if key.lower() in ("ace", "a"):
        return RankStyle(key, name, label, "symbol", "spiral")
    return RankStyle(key, name, label, "label", "label")
