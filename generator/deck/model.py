"""The deck model: one typed, immutable description of every deck.

Loaders (``generator.deck.load``) build it from YAML/CSV/XLSX; renderers, the
simulator and the balance checks only ever see these frozen objects.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, Literal

from .settings import DEFAULT_BUILD, BuildIn
from .targets import NO_DESIGN, BalanceDesignIn

Game = str  # a game name the simulator's registry knows, "none", or "game.py[:Class]" in the project
Kind = Literal["cards", "piecepack"]
Better = Literal["higher", "lower"]

# Colours for suits written without ``color:`` (the Okabe-Ito palette, told apart by
# colour-blind readers), in suit order; ``deckpress check`` warns about each one used.
SUIT_PALETTE: tuple[str, ...] = ("#E69F00", "#56B4E9", "#009E73", "#D55E00", "#0072B2", "#CC79A7", "#F0E442")

# Card size presets in millimetres (width, height); see shared pnp conventions.
CARD_SIZES: Mapping[str, tuple[float, float]] = MappingProxyType(
    {
        "poker": (63.5, 88.9),
        "bridge": (57.2, 88.9),
        "tarot": (69.9, 120.7),
        "mini": (44.5, 63.5),
        "mini-euro": (44.0, 67.0),
        "euro": (59.0, 92.0),
        "usa": (56.0, 87.0),
        "skat": (58.9, 90.7),
        "square": (63.5, 63.5),
        "square-large": (76.2, 76.2),
        "tile": (50.8, 50.8),  # the piecepack tile: 2 in square
    }
)


class FrozenMap(Mapping[Any, Any]):
    """A read-only mapping that pickles (``MappingProxyType`` does not), so a deck
    travels to worker processes and cluster workers as it is."""

    __slots__ = ("_data",)

    def __init__(self, data: Mapping[Any, Any] | None = None) -> None:
        self._data = dict(data or {})

    def __getitem__(self, key: Any) -> Any:
        return self._data[key]

    def __iter__(self) -> Iterator[Any]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __repr__(self) -> str:
        return f"FrozenMap({self._data!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (FrozenMap, (self._data,))


def _frozen(mapping: Mapping | None = None) -> Mapping:
    return FrozenMap(mapping)


@dataclass(frozen=True)
class Source:
    """Where something was read from, for error messages."""

    file: Path | None = None
    line: int | None = None
    lines: Mapping[str, int] = field(default_factory=_frozen)  # field -> its own line, where known
    files: Mapping[str, Path] = field(default_factory=_frozen)  # field -> another file it came from (fr.csv)

    def __post_init__(self) -> None:
        if not isinstance(self.lines, FrozenMap):
            object.__setattr__(self, "lines", FrozenMap(self.lines))
        if not isinstance(self.files, FrozenMap):
            object.__setattr__(self, "files", FrozenMap(self.files))

    def line_of(self, name: str) -> int | None:
        return self.lines.get(name, self.line)

    def file_of(self, name: str) -> Path | None:
        """The file ``name`` was read from: a translation file for a translated field."""
        return self.files.get(name, self.file)


def format_number(value: float, decimals: int | None, locale: str = "",
                  marks: tuple[str, str] | None = None) -> str:
    """``value`` as a card prints it: with the deck's declared marks (``number_format``), else in
    ``locale``'s way (Babel, CLDR data: German "0,8", French "0,8", Arabic "٠٫٨" stays "0.8"
    where the locale writes Latin digits), ``decimals`` places or as many as the value has."""
    if marks is not None:
        text = f"{value:.{decimals}f}" if decimals is not None else (
            str(int(value)) if float(value).is_integer() else f"{value:g}")
        whole, dot, frac = text.partition(".")
        sign = "-" if whole.startswith("-") else ""
        digits = whole.lstrip("-")
        if marks[1] and len(digits) > 4 and "e" not in text:
            digits = f"{int(digits):,}".replace(",", marks[1])
        return sign + digits + (marks[0] + frac if dot else "")
    from babel.numbers import format_decimal

    try:
        if decimals is not None:
            pattern = "#,##0" + ("." + "0" * decimals if decimals else "")
            return str(format_decimal(value, format=pattern, locale=locale.replace("-", "_")))
        return str(format_decimal(value, locale=locale.replace("-", "_"), decimal_quantization=False))
    except Exception:  # a language code Babel does not know: the value as written
        return f"{value:g}" if decimals is None else f"{value:.{decimals}f}"


@dataclass(frozen=True)
class Attribute:
    """A numeric attribute of a Weiji-style card ("weight: 1.2 kg, lower is better")."""

    key: str
    label: str
    unit: str = ""
    better: Better = "higher"
    decimals: int | None = None  # display precision; None = as written
    locale: str = ""  # the language values are printed in (a translation's: "0,8" in de); "" as written
    marks: tuple[str, str] | None = None  # the deck's declared number_format (decimal, thousands): wins

    def beats(self, a: float, b: float) -> bool:
        """True if value ``a`` is strictly better than ``b`` for this attribute."""
        return a < b if self.better == "lower" else a > b

    def format(self, value: float | None, no_data: str = "no data") -> str:
        if value is None:
            return no_data
        if self.marks is not None or self.locale:
            text = format_number(value, self.decimals, self.locale, self.marks)
        elif self.decimals is not None:
            text = f"{value:.{self.decimals}f}"
        elif float(value).is_integer():
            text = str(int(value))
        else:
            text = f"{value:g}"
        return f"{text} {self.unit}".strip() if self.unit else text


@dataclass(frozen=True)
class Suit:
    """A suit: key used in card ids, display name, colour and look."""

    key: str
    name: str
    color: str = "#000000"
    symbol: str | None = None  # a vector symbol's name (sun, moon, spade, ...) or a project icon
    border: str | None = None  # Viashi: border style that marks the suit on elvish decks
    rank8: str | None = None  # Viashi: "magician" or "scholar"
    gods: bool = False  # Viashi: the suit of god cards
    icon: Path | None = None  # ``symbol:`` as a project icon file (icons/NAME.png or .svg), resolved
    default_color: bool = False  # no ``color:`` given: ``color`` is from SUIT_PALETTE (a warning says so)
    source: Source = field(default_factory=Source, compare=False)  # the suit's line in the deck file


@dataclass(frozen=True)
class Rank:
    """A rank: key used in card ids, display name and strength (higher = stronger)."""

    key: str
    name: str
    strength: int
    label: str | None = None  # what is printed in corners ("A", "1", ...); defaults to key

    @property
    def index_label(self) -> str:
        return self.label if self.label is not None else self.key


@dataclass(frozen=True)
class Card:
    """One card (or tile) of a deck."""

    id: str
    name: str
    copies: int = 1
    suit: str | None = None
    rank: str | None = None
    subtitle: str = ""
    text: str = ""
    flavour: str = ""
    art: Path | None = None  # resolved path of the card's art image
    back: str | None = None  # per-card back: text shown on this card's back
    values: Mapping[str, float | None] = field(default_factory=_frozen)  # None = no data
    fields: Mapping[str, str] = field(default_factory=_frozen)  # custom fields the deck declares
    translations: Mapping[str, str] = field(default_factory=_frozen)  # "name@de" -> its text (row columns)
    source: Source = field(default_factory=Source, compare=False)

    def __post_init__(self) -> None:
        for name in ("values", "fields", "translations"):  # read-only whatever a caller passed (a dict too)
            if not isinstance(getattr(self, name), FrozenMap):
                object.__setattr__(self, name, FrozenMap(getattr(self, name)))

    def value(self, key: str) -> float | None:
        return self.values.get(key)


@dataclass(frozen=True)
class CardSize:
    name: str
    width: float  # mm, cut size
    height: float  # mm, cut size


@dataclass(frozen=True)
class Back:
    """The deck's card back design."""

    layout: str | None = None  # a back layout name; None = the front layout's back
    text: str = ""
    color: str | None = None
    image: Path | None = None


@dataclass(frozen=True)
class Deck:
    """A whole deck, as a designer wrote it."""

    name: str
    game: Game
    cards: tuple[Card, ...]
    key: str = ""  # short name: the bundled name or the file stem
    kind: Kind = "cards"
    description: str = ""
    attributes: tuple[Attribute, ...] = ()
    suits: tuple[Suit, ...] = ()
    ranks: tuple[Rank, ...] = ()
    layout: str | None = None  # card layout name (templates/cards/NAME.yaml or a path)
    card_size: CardSize = CardSize("poker", *CARD_SIZES["poker"])
    back: Back = Back()
    colors: Mapping[str, str] = field(default_factory=_frozen)
    fields: tuple[str, ...] = ()  # custom card fields the deck declares
    thresholds: Mapping[str, float] = field(default_factory=_frozen)  # balance check overrides
    no_data: str = "no data"  # how "no data" is printed
    fonts: tuple[Path, ...] = ()  # the project's own font files (TTF/OTF inside its folder)
    build: BuildIn = DEFAULT_BUILD  # how the project is printed: the deck file's build: section
    design: BalanceDesignIn = NO_DESIGN  # the deck file's balance: section (targets, tune)
    languages: tuple[str, ...] = ()  # declared languages, the source first (empty: one language)
    language: str = ""  # the language this deck's text is in ("" when it declares none)
    path: Path | None = field(default=None, compare=False)
    digest: str = field(default="", compare=False)  # content hash of the deck's input files
    inputs: tuple[Path, ...] = field(default=(), compare=False)  # the files hashed into digest
    # (concern, digest) of the inputs by what they feed (generator/deck/inputs.py): a build job's key
    concerns: tuple[tuple[str, str], ...] = field(default=(), compare=False)
    game_data: tuple[str, ...] = ()  # fields declared translate: false (game data: never translated)
    # a deck string (attributes.speed.label) -> the translation file and line it was read from
    strings_at: Mapping[str, tuple[Path, int]] = field(default_factory=_frozen, compare=False)

    def __post_init__(self) -> None:
        for name in ("colors", "thresholds"):  # read-only, and picklable, whatever was passed
            if not isinstance(getattr(self, name), FrozenMap):
                object.__setattr__(self, name, FrozenMap(getattr(self, name)))

    # -- lookups ---------------------------------------------------------
    def card(self, card_id: str) -> Card:
        """The card with ``card_id`` (the first, where ids repeat): a dict lookup, the index
        built on the first call and rebuilt whenever ``cards`` is no longer the tuple it was
        built from (a deck replaced, copied or changed underneath keeps it right)."""
        index = self.__dict__.get("_card_index")
        if index is None or index[0] is not self.cards:
            by_id: dict[str, Card] = {}
            for c in self.cards:
                by_id.setdefault(c.id, c)
            index = (self.cards, by_id)
            object.__setattr__(self, "_card_index", index)
        try:
            return index[1][card_id]
        except (KeyError, TypeError):  # TypeError: an unhashable id is no card's id
            raise KeyError(card_id) from None

    def __getstate__(self) -> dict[str, Any]:
        """Pickled (to workers) without the id index: it is rebuilt there on first use."""
        state = dict(self.__dict__)
        state.pop("_card_index", None)
        return state

    def attribute(self, key: str) -> Attribute:
        for a in self.attributes:
            if a.key == key:
                return a
        raise KeyError(key)

    def suit(self, key: str) -> Suit:
        for s in self.suits:
            if s.key == key:
                return s
        raise KeyError(key)

    def rank(self, key: str) -> Rank:
        for r in self.ranks:
            if r.key == key:
                return r
        raise KeyError(key)

    @property
    def folder(self) -> Path | None:
        return self.path.parent if self.path is not None else None

    def printed(self) -> Iterator[Card]:
        """Every card as often as it is printed (``copies``)."""
        for c in self.cards:
            for _ in range(c.copies):
                yield c

    def inputs_digest(self, concerns: Iterable[str]) -> str:
        """One hash of the inputs of ``concerns`` (those the deck has none of add nothing)."""
        wanted = set(concerns)
        return hashlib.sha256(repr([c for c in self.concerns if c[0] in wanted]).encode()).hexdigest()

    def short_hash(self) -> str:
        return (self.digest or hashlib.sha256(repr(self).encode()).hexdigest())[:8]
