"""The deck file schema (deck-level keys), validated with pydantic.

Card rows are checked in ``rows.py`` because their allowed keys depend on the
deck's attributes and declared fields.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    FiniteFloat,
    ValidationInfo,
    field_validator,
    model_validator,
)

from .numbers import DEFAULT, read_number
from .settings import BuildIn
from .targets import BalanceDesignIn

KEY_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.\-]{0,63}$")
LANG_RE = re.compile(r"^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$")  # en, de, pt-BR, zh-Hant
COLOR_RE = re.compile(r"^#[0-9A-Fa-f]{6}$")


def _as_text(value: Any) -> Any:
    # YAML turns `2` or `10` into ints; keys and labels are text.
    if isinstance(value, bool):
        return value
    if isinstance(value, int | float):
        return str(value)
    return value


def _number_text(value: Any, info: ValidationInfo) -> Any:
    # '1,5' in YAML is text: read in the deck's number_format (validation context), never as 15
    if isinstance(value, float) and value != value:  # .nan: say so, not "less than or equal to 500"
        raise ValueError("not a number (.nan); write a finite number")
    if isinstance(value, float) and value in (float("inf"), float("-inf")):
        raise ValueError("infinite (.inf); write a finite number")
    if not isinstance(value, str):
        return value
    numbers = (info.context or {}).get("numbers", DEFAULT)
    number, error = read_number(value, numbers)
    if number is None:
        raise ValueError(error)
    return int(number) if number.is_integer() else number


Text = Annotated[str, BeforeValidator(_as_text), Field(max_length=2000)]
Number = Annotated[float, BeforeValidator(_number_text)]
Whole = Annotated[int, BeforeValidator(_number_text)]
Key = Annotated[str, BeforeValidator(_as_text), Field(pattern=KEY_RE.pattern)]
Color = Annotated[str, Field(pattern=COLOR_RE.pattern)]
# a game: a registered name (weiji, war, viashi, an installed game), "none", or the
# designer's own Python file in the project folder (game.py or game.py:ClassName), or a rules file (game.yaml);
# which names exist is the simulator's registry's to say (generator.games.registry)
GAME_RE = r"^([a-z][a-z0-9_-]{0,39}|[A-Za-z0-9_][A-Za-z0-9_./-]{0,200}\.py(:[A-Za-z_][A-Za-z0-9_]{0,99})?|[A-Za-z0-9_][A-Za-z0-9_./-]{0,200}\.ya?ml)$"
GameRef = Annotated[str, BeforeValidator(_as_text), Field(pattern=GAME_RE)]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=False)


class AttributeIn(Strict):
    key: Key
    label: Text
    unit: Text = ""
    better: Literal["higher", "lower"] = "higher"
    decimals: int | None = Field(default=None, ge=0, le=6)


class SuitIn(Strict):
    key: Key
    name: Text
    color: Color | None = None  # None: a colour from the default palette (with a warning)
    symbol: Text | None = None  # a symbol name, or a project icon: icons/NAME.png, icons/NAME.svg
    border: Key | None = None
    rank8: Literal["magician", "scholar"] | None = None
    gods: bool = False


class RankIn(Strict):
    key: Key
    name: Text
    strength: Whole = Field(ge=-1000, le=1000)
    label: Text | None = None


class SizeIn(Strict):
    width: Number = Field(gt=5, le=500)
    height: Number = Field(gt=5, le=500)


class BackIn(Strict):
    layout: Key | None = None
    text: Text = ""
    color: Color | None = None
    image: Text | None = None


class CardsFileIn(Strict):
    """``cards: {file: cards.xlsx, sheet: Cards}`` or ``cards: {url: https://…, sheet: Cards}``
    (a sheet on the web, :mod:`.sheets`)."""

    file: Text | None = None
    url: Text | None = None
    sheet: Text | None = None

    @model_validator(mode="after")
    def _one_source(self) -> CardsFileIn:
        if (self.file is None) == (self.url is None):
            raise ValueError("give the card rows' 'file' (a CSV/XLSX file) or their 'url' (a sheet link), one of them")
        return self


class CsvIn(Strict):
    """How the card rows' CSV is written, where detection is not wanted: ``csv: {delimiter: ';'}``."""

    delimiter: Literal[",", ";", "\t", "|"] | None = None


class NumberFormatIn(Strict):
    """How the deck writes numbers as text: ``{decimal: ',', thousands: '.'}``."""

    decimal: str = "."
    thousands: str = ""


class FieldIn(Strict):
    """A custom field declared as a mapping: ``{key: crowns, translate: false}`` marks
    game data (a number the game reads), never offered for translation."""

    key: Key
    translate: bool = True


class DeckIn(Strict):
    name: Text
    game: GameRef = "none"
    kind: Literal["cards", "piecepack"] = "cards"
    description: Text = ""
    attributes: list[AttributeIn] = Field(default_factory=list, max_length=64)
    suits: list[SuitIn] = Field(default_factory=list, max_length=64)
    ranks: list[RankIn] = Field(default_factory=list, max_length=64)
    layout: Text | None = None
    card_size: Key | SizeIn = "poker"
    back: BackIn | None = None
    colors: dict[Key, Color] = Field(default_factory=dict)
    fields: list[Key | FieldIn] = Field(default_factory=list, max_length=64)

    def field_names(self) -> tuple[str, ...]:
        """Every declared custom field's key, in order."""
        return tuple(f if isinstance(f, str) else f.key for f in self.fields)

    def game_data(self) -> tuple[str, ...]:
        """The fields declared ``translate: false``: game data, never text."""
        return tuple(f.key for f in self.fields if not isinstance(f, str) and not f.translate)
    thresholds: dict[Key, Annotated[FiniteFloat, BeforeValidator(_number_text)]] = Field(default_factory=dict)
    no_data: Text | list[Text] = "no data"  # the printed word, or the words that also mean no data
    fonts: list[Text] = Field(default_factory=list, max_length=32)  # the project's TTF/OTF files
    number_format: NumberFormatIn | None = None
    csv: CsvIn | None = None
    cards: list[Any] | CardsFileIn | Text | None = None
    build: BuildIn | None = None  # how the project is printed (settings.py)
    balance: BalanceDesignIn | None = None  # design targets and what tune may change (targets.py)
    languages: list[Text] = Field(default_factory=list, max_length=64)  # the source first (docs/languages.md)

    @field_validator("languages")
    @classmethod
    def _unique_languages(cls, items: list[str]) -> list[str]:
        for item in items:
            if not LANG_RE.match(item):
                raise ValueError(f"a language is a code such as en, de or pt-BR, got {item!r}")
        if len(set(items)) != len(items):
            raise ValueError("a language is listed twice")
        return items

    @field_validator("attributes", "suits", "ranks")
    @classmethod
    def _unique_keys(cls, items: list[Any]) -> list[Any]:
        seen: set[str] = set()
        for item in items:
            if item.key in seen:
                raise ValueError(f"key {item.key!r} is used twice")
            seen.add(item.key)
        return items
