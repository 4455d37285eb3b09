"""A rules file's cards (its ``cards:`` key): the standard 52-card deck, numbered
cards, a suited deck of ranks, or the deck's own cards. Cards are numbered
0..n-1 inside the interpreter; each field is a column (card number -> value), so
``card.rank`` is one list index."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ...deck.model import Deck

STANDARD_SUITS = ("S", "H", "D", "C")
STANDARD_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
COLOUR = {"S": "black", "C": "black", "H": "red", "D": "red"}


@dataclass(frozen=True)
class Cards:
    ids: tuple[str, ...]
    fields: Mapping[str, Sequence[Any]]  # field -> column
    suits: tuple[Any, ...]
    ranks: tuple[Any, ...]
    words: str  # the cards in the booklet's words: "a standard 52-card deck"
    attributes: tuple[str, ...] = ()  # the deck's attributes (cards: deck), in its order
    lower: tuple[str, ...] = ()  # those where a lower value is better

    def __len__(self) -> int:
        return len(self.ids)


def standard52() -> Cards:
    """The bundled standard52 deck's cards (ids 2S ... AS): rank 2-14 (ace high), suit S H D C."""
    ids, suit, rank, colour = [], [], [], []
    for s in STANDARD_SUITS:
        for r, key in enumerate(STANDARD_RANKS, start=2):
            ids.append(f"{key}{s}")
            suit.append(s)
            rank.append(r)
            colour.append(COLOUR[s])
    return Cards(tuple(ids), {"id": ids, "suit": suit, "rank": rank, "colour": colour},
                 STANDARD_SUITS, tuple(range(2, 15)), "a standard 52-card deck")


def numbered(low: int, high: int) -> Cards:
    numbers = list(range(low, high + 1))
    return Cards(tuple(str(n) for n in numbers), {"id": [str(n) for n in numbers], "rank": numbers,
                                                   "suit": [None] * len(numbers)},
                 (), tuple(numbers), f"{len(numbers)} cards numbered {low} to {high}")


def suited(suits: Sequence[str], low: int, high: int, copies: int = 1) -> Cards:
    ids, suit, rank = [], [], []
    for s in suits:
        for r in range(low, high + 1):
            for c in range(copies):
                ids.append(f"{r}{s}" + (f"-{c + 1}" if copies > 1 else ""))
                suit.append(s)
                rank.append(r)
    total = len(ids)
    return Cards(tuple(ids), {"id": ids, "suit": suit, "rank": rank}, tuple(suits), tuple(range(low, high + 1)),
                 f"{total} cards: {', '.join(str(s) for s in suits)}, each numbered {low} to {high}")


def kinds(counts: Mapping[str, int]) -> Cards:
    """Cards by kind: ``{tempura: 14, sashimi: 14}`` (ids tempura-1 ...; field ``kind``)."""
    ids, kind = [], []
    for name, n in counts.items():
        for k in range(int(n)):
            ids.append(f"{name}-{k + 1}")
            kind.append(str(name))
    words = ", ".join(f"{n} {name}" for name, n in counts.items())
    return Cards(tuple(ids), {"id": ids, "kind": kind, "suit": kind, "rank": [0] * len(ids)}, tuple(counts), (0,),
                 f"{len(ids)} cards: {words}")


def from_deck(deck: Deck, copies: int = 1) -> Cards:
    """The deck's own cards: id, suit, rank (its key), rank_order (0 = first rank of the deck),
    name, and every other field of the rows (numbers where they are numbers). ``copies``:
    the whole deck so many times over, one copy after another (war's ``packs``); the
    cards of copy k (k >= 2) have ids ending ``/k``."""
    one = [c for c in deck.cards for _ in range(c.copies)]
    cards = one * copies
    strength = {r.key: r.strength for r in deck.ranks}
    columns: dict[str, list[Any]] = {"id": [], "suit": [], "rank": [], "name": [], "strength": []}
    extra: set[str] = set()
    for c in cards:
        extra.update(k for k in {**c.fields, **c.values} if k.isidentifier())
    for k in sorted(extra):
        columns.setdefault(k, [])
    for c in cards:
        own = {**c.fields, **c.values}
        columns["id"].append(c.id)
        columns["suit"].append(c.suit)
        columns["rank"].append(c.rank)
        columns["name"].append(c.name)
        columns["strength"].append(strength.get(c.rank) if c.rank is not None else None)
        for k in sorted(extra):
            if k not in ("id", "suit", "rank", "name", "strength"):
                columns[k].append(_number(own.get(k)))
    suits = tuple(dict.fromkeys(x for x in columns["suit"] if x is not None))
    ranks = tuple(dict.fromkeys(x for x in columns["rank"] if x is not None))
    first = [c.id if c.copies == 1 else f"{c.id}#{k + 1}" for c in deck.cards for k in range(c.copies)]
    ids = first + [f"{cid}/{p + 1}" for p in range(1, copies) for cid in first]
    columns["id"] = ids
    for a in deck.attributes:
        columns.setdefault(a.key, [c.value(a.key) for c in cards])
    gods = {s.key for s in deck.suits if s.gods}
    if gods:  # a Viashi deck: card.gods is true for the cards of the suit marked gods: true
        columns.setdefault("gods", [c.suit in gods for c in cards])
    words = f"the {len(cards)} cards of the deck" if copies == 1 else \
        f"the {len(cards)} cards of {copies} copies of the deck"
    return Cards(tuple(ids), columns, suits, ranks, words,
                 tuple(a.key for a in deck.attributes), tuple(a.key for a in deck.attributes if a.better == "lower"))


def copied(cards: Cards, decks: int) -> Cards:
    """``decks:`` copies of the cards (ids ``winds-1#1``, ``winds-1#2``, ... with two or more;
    the ids as they are with one), each with the field ``face``: the card's id without its
    copy number, so the copies of one card have the same face (Viashilym's twins)."""
    ids = [cid if decks == 1 else f"{cid}#{k + 1}" for cid in cards.ids for k in range(decks)]
    fields = {name: [v for v in column for _ in range(decks)] for name, column in cards.fields.items()}
    fields["id"] = ids
    fields["face"] = [cid for cid in cards.ids for _ in range(decks)]
    words = cards.words if decks == 1 else f"{decks} copies of {cards.words}"
    return replace(cards, ids=tuple(ids), fields=fields, words=words)


def _number(value: Any) -> Any:
    if isinstance(value, str):
        try:
            return int(value)
        except ValueError:
            try:
                return float(value)
            except ValueError:
                return value
    return value


def copies_of(spec: Any, params: Mapping[str, Any] | None) -> int:
    """How many copies of the deck ``cards: {deck: true, copies: N}`` plays: a number, or a
    rule parameter's value (``copies: packs``); 1 for every other ``cards:``."""
    if not isinstance(spec, Mapping) or "deck" not in spec:
        return 1
    copies = spec.get("copies", 1)
    if isinstance(copies, str):
        value = (params or {}).get(copies)
        return int(value) if isinstance(value, int) and not isinstance(value, bool) else 1
    return int(copies)


def build(spec: Any, deck: Deck | None, params: Mapping[str, Any] | None = None) -> Cards:
    """The cards a ``cards:`` value names (validated by the schema already); ``params``:
    the rule parameters (a ``copies:`` may name one)."""
    if spec == "standard52":
        return standard52()
    if spec == "deck" or (isinstance(spec, Mapping) and "deck" in spec):
        if deck is None:
            raise ValueError("cards: deck needs a deck")
        return from_deck(deck, copies_of(spec, params))
    if "kinds" in spec:
        return kinds(spec["kinds"])
    if "numbered" in spec:
        low, high = spec["numbered"]
        return numbered(int(low), int(high))
    low, high = spec["ranks"]
    return suited([str(s) for s in spec["suits"]], int(low), int(high), int(spec.get("copies", 1)))
