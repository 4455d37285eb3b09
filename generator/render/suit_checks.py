"""Can the deck's suits be printed? Checked before any command uses the deck, and
reported at the suit's own line in the deck file:

- a ``border:`` that is no frame style (an error, with did-you-mean);
- a symbol the layout (cards) or the piecepack draws that is neither a built-in
  symbol nor a project icon (an error that says to add ``symbol:``);
- a suit without ``color:`` (a warning naming the default palette's colour it gets);
- a piecepack ``colors:`` key that is none of the piecepack's (an error, with did-you-mean);
- a piecepack whose ranks are not six: its dice cannot be made (a warning);
- a War deck that looks like a piecepack but lacks ``kind: piecepack`` (a warning).
"""

from __future__ import annotations

from pathlib import Path

from ..deck.issues import Issue, deck_file, deck_line
from ..deck.model import Deck, Suit
from ..errors import DeckpressError, Problem
from .layout.symbol_art import did_you_mean, symbol_choices, symbol_problem

# The border styles, the layout's templates and its models are imported where they are
# needed: a piecepack (what `simulate war` plays) never loads Jinja2 for its checks.


def print_issues(deck: Deck) -> list[Issue]:
    where = deck_file(deck)
    out: list[Issue] = []
    for suit in deck.suits:
        if suit.default_color:
            out.append(Issue("warning", "no_color", Problem(
                f"suit {suit.key!r} has no color: it prints in {suit.color} (the default palette); "
                "add `color: '#RRGGBB'` to choose its colour", where, suit.source.line, field=f"suits[{suit.key}]")))
        if suit.border is not None and suit.border not in (styles := _border_styles()):
            out.append(Issue("error", "border", Problem(
                f"suit {suit.key!r}: unknown border {suit.border!r}{did_you_mean(suit.border, styles)}; "
                f"valid: {', '.join(styles)}", where, suit.source.line_of("border"), field=f"suits[{suit.key}].border")))
    if deck.kind == "piecepack":
        from .piecepack.style import colors_problem, suit_symbol_problem

        colors = colors_problem(deck)
        if colors is not None:
            out.append(Issue("error", "colors", colors))

        for suit in deck.suits:
            problem = suit_symbol_problem(deck, suit)
            if problem is not None:
                out.append(Issue("error", "symbol", problem))
        if deck.ranks and len(deck.ranks) != 6:
            out.append(Issue("warning", "no_dice", Problem(
                f"a die has six faces, and this piecepack has {len(deck.ranks)} ranks: `deckpress tiles` makes "
                "no dice for it (tiles, coins and pawns only)", where, deck_line(deck, "ranks"), field="ranks")))
    else:
        if _looks_like_piecepack(deck):
            out.append(Issue("warning", "kind", Problem(
                "this deck looks like a piecepack (tile-sized, or a 'null' rank) but has no `kind: piecepack`: "
                "it prints as cards; add `kind: piecepack` to print its tiles, coins, dice and pawns with "
                "`deckpress tiles`", where, deck_line(deck, "card_size") or deck_line(deck, "name"), field="kind")))
        out += _card_symbol_issues(deck)
    return out


def _border_styles() -> tuple[str, ...]:
    from .layout.borders import STYLES

    return STYLES


def _looks_like_piecepack(deck: Deck) -> bool:
    from ..games.registry import (
        GAMES,  # the spec says whether its game is played with piecepack tiles
    )

    spec = GAMES.get(deck.game)
    return spec is not None and spec.piecepack and \
        (deck.card_size.name == "tile" or any(r.key.lower() == "null" for r in deck.ranks))


def _card_symbol_issues(deck: Deck) -> list[Issue]:
    """Each suit's symbols as the deck's card layout draws them (for its first card)."""
    from .deck_layout import deck_layout
    from .layout.context import Where, card_context, resolve
    from .layout.model import Icon, Pips, Symbol

    try:
        layout = deck_layout(deck)
    except DeckpressError:
        return []  # the layout itself is reported by the card check
    folders = tuple(f for f in (deck.folder, layout.path.parent) if f is not None)
    out: list[Issue] = []
    for suit in deck.suits:
        card = next((c for c in deck.cards if c.suit == suit.key), None)
        if card is None:
            continue
        ctx = card_context(deck, card)
        for name, element in layout.front:
            if not isinstance(element, Symbol | Icon | Pips):
                continue
            try:
                resolved = resolve(element, ctx, Where.of(layout, "front", card.id, name))
            except DeckpressError:
                continue  # template errors: the card check names them
            if resolved is None or not isinstance(resolved, Symbol | Icon | Pips):
                continue
            symbol = resolved.name.strip()
            if symbol not in (suit.symbol or "", suit.key) or symbol_problem(symbol, folders) is None:
                continue
            out.append(Issue("error", "symbol", _symbol_problem(deck, suit, symbol, folders)))
            break
    return out


def _symbol_problem(deck: Deck, suit: Suit, symbol: str, folders: tuple[Path, ...]) -> Problem:
    from .layout.symbols import SHAPES

    hint = did_you_mean(symbol, list(SHAPES))
    if suit.symbol is None:
        message = (f"suit {suit.key!r} has no symbol, and its key is not one (the cards draw `symbol:`, "
                   f"else the suit's key): add `symbol:` to the suit{hint}; {symbol_choices(folders)}")
        return Problem(message, deck_file(deck), suit.source.line, field=f"suits[{suit.key}]")
    why = symbol_problem(symbol, folders) or ""
    return Problem(f"suit {suit.key!r}: {why}", deck_file(deck), suit.source.line_of("symbol"),
                   field=f"suits[{suit.key}].symbol")
