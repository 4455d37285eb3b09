"""The piecepack print-and-play set: tiles, coins, dice and pawns.

``piecepack_pieces(deck, packs=1, components=None)`` gives every piece of
``packs`` piecepacks as :class:`~generator.render.piece.Piece` objects, for the
shared sheet machinery (``write_sheets``), card images and booklet figures.
All visual decisions come from one :class:`PiecepackStyle`, built from the deck.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...deck.issues import deck_file, deck_line
from ...deck.model import Deck
from ...errors import DeckError, ParameterError, Problem
from ..piece import Piece
from .coins import coins
from .dice import dice
from .pawns import pawns
from .style import PiecepackStyle
from .tiles import TilePiece, tiles

COMPONENTS = ("tiles", "coins", "dice", "pawns")
MAX_PACKS = 4  # as War's ``packs`` parameter (games/params.py): a print for every table War allows
DIE_FACES = 6  # a die shows every rank once: only a six-rank piecepack has dice


def parse_components(text: str | Sequence[str] | None) -> tuple[str, ...]:
    """``"tiles,coins"`` (or a list) checked against COMPONENTS; None means all."""
    if text is None:
        return COMPONENTS
    items = text.split(",") if isinstance(text, str) else list(text)
    chosen = [i.strip().lower() for i in items if i.strip()]
    for item in chosen:
        if item not in COMPONENTS:
            raise ParameterError(f"unknown component {item!r}; valid: {', '.join(COMPONENTS)}")
    if not chosen:
        raise ParameterError(f"no components chosen; valid: {', '.join(COMPONENTS)}")
    return tuple(c for c in COMPONENTS if c in chosen)


def _check(deck: Deck, packs: int) -> None:
    if deck.kind != "piecepack":  # at the deck's `kind:` line, else where check's warning points
        line = deck_line(deck, "kind") or deck_line(deck, "card_size") or deck_line(deck, "name")
        tiles_like = deck.card_size.name == "tile" or any(r.key.lower() == "null" for r in deck.ranks)
        advice = ("add `kind: piecepack` to print its tiles, coins, dice and pawns with `deckpress tiles` (or print "
                  "it as cards with `deckpress cards`)" if tiles_like else "print it with `deckpress cards` (a "
                  "piecepack of your own has `kind: piecepack`)")
        raise DeckError(Problem(f"deck {deck.name!r} is a {deck.kind} deck, not a piecepack: {advice}",
                                deck_file(deck), line, field="kind"))
    if not 1 <= packs <= MAX_PACKS:
        raise ParameterError(f"packs must be between 1 and {MAX_PACKS}, got {packs}")
    for card in deck.cards:
        if card.suit is None or card.rank is None:
            raise DeckError(Problem("a piecepack tile needs a suit and a rank", deck.path or deck.name,
                                    card=card.id))


def tile_pieces(deck: Deck, packs: int = 1, *, style: PiecepackStyle | None = None) -> list[TilePiece]:
    """The tiles (one per card of the deck) of ``packs`` piecepacks."""
    _check(deck, packs)
    style = style or PiecepackStyle.from_deck(deck)
    cards = [(c.id, c.suit or "", c.rank or "", c.copies) for c in deck.cards]
    return [t for pack in range(1, packs + 1) for t in tiles(style, cards, pack, packs)]


def piecepack_pieces(deck: Deck, packs: int = 1, components: str | Sequence[str] | None = None,
                     *, style: PiecepackStyle | None = None) -> list[Piece]:
    """Every piece of ``packs`` piecepacks, component by component, pack by pack."""
    _check(deck, packs)
    chosen = parse_components(components)
    style = style or PiecepackStyle.from_deck(deck)
    if "dice" in chosen and len(style.ranks) != DIE_FACES:
        if components is not None:  # asked for by name: say why there are none
            raise ParameterError(f"a die has {DIE_FACES} faces and {deck.name!r} has {len(style.ranks)} ranks: "
                                 "no dice can be made; leave out dice (--components tiles,coins,pawns)")
        chosen = tuple(c for c in chosen if c != "dice")  # all components: all that can be made (check warns)
    out: list[Piece] = []
    if "tiles" in chosen:
        out += tile_pieces(deck, packs, style=style)
    for pack in range(1, packs + 1):
        if "coins" in chosen:
            out += coins(style, pack, packs)
        if "dice" in chosen:
            out += dice(style, pack, packs)
        if "pawns" in chosen:
            out += pawns(style, pack, packs)
    return out


__all__ = ["COMPONENTS", "PiecepackStyle", "parse_components", "piecepack_pieces", "tile_pieces"]
