"""How a project is printed: the ``build:`` section of a deck file.

``deckpress build`` in a project folder makes what ``build.outputs`` names, with
these options; every field left out keeps today's default build (both page sizes,
duplex-long backs, 150 dpi images, the balance report, the project's booklets).
The same names are the command-line flags' (``sheets.cut_lines`` is ``--cut-lines``;
``--page`` is the first of ``sheets.pages``; the table is docs/options.md): one
vocabulary, one precedence rule in every command (``cards``, ``tiles``, ``images``,
``rules``, ``check``, ``build``) — a flag given on the command line, then the
project's ``build:`` setting, then the default of the section's model below (a
command's own where it differs from a build's: :class:`CardSheetsIn`, :class:`ImageFilesIn`,
:class:`CheckBalanceIn`), all by one function, generator/deck/resolve.py. Defaults live
only in these models.

Validated like every other deck key (unknown keys get did-you-mean, values a list
of the valid ones); values that depend on the renderer (page sizes, arrangements)
are checked when the build is planned, naming ``build.sheets.<key>``.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AliasChoices, BaseModel, BeforeValidator, ConfigDict, Field, model_validator

Output = Literal["sheets", "images", "booklets", "balance", "vendors", "showcase", "tuckbox"]
DEFAULT_OUTPUTS: tuple[Output, ...] = ("sheets", "images", "booklets", "balance")


def _as_text(value: Any) -> Any:
    return str(value) if isinstance(value, int | float) and not isinstance(value, bool) else value


Text = Annotated[str, BeforeValidator(_as_text), Field(max_length=200)]
# a name that becomes part of a file name (rules-<name>-booklet.pdf)
Slug = Annotated[str, BeforeValidator(_as_text), Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,39}$")]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class SheetsIn(_Strict):
    """Card and tile sheets (``deckpress cards`` / ``tiles``): one PDF per page size
    (``build``); ``cards`` and ``tiles`` print on the first. ``page: letter`` is
    short for ``pages: [letter]``."""

    pages: list[Text] = Field(default_factory=lambda: ["a4", "letter"], min_length=1, max_length=8)
    backs: Literal["none", "duplex-long", "duplex-short", "fold"] = "duplex-long"
    bleed: float = Field(default=3, ge=0, le=50)  # mm of bleed around each piece
    margin: float = Field(default=5, ge=0, le=50)  # mm, printer-safe
    gap: float = Field(default=2, ge=0, le=50)  # mm between pieces in the gap arrangement
    arrangement: Literal["auto", "gap", "touching"] = "auto"
    crop_marks: bool = True
    cut_lines: bool = False
    color: Literal["rgb", "cmyk"] = "rgb"

    @model_validator(mode="before")
    @classmethod
    def _one_page(cls, data: Any) -> Any:
        """``page: X`` (the flag's name) is ``pages: [X]``; both at once is a contradiction."""
        if isinstance(data, dict) and "page" in data:
            if "pages" in data:
                raise ValueError("give page: (one size) or pages: (a list), not both")
            data = {**{k: v for k, v in data.items() if k != "page"}, "pages": [data["page"]]}
        return data


class ImagesIn(_Strict):
    """One image per card (``deckpress images``)."""

    dpi: float = Field(default=150, ge=30, le=1200)
    format: Literal["png", "jpg", "webp"] = "png"
    bleed: float | None = Field(default=None, ge=0, le=50)  # mm of bleed art; None: none (presets: theirs)
    # --back-images; ``backs:`` (its first name) still reads, but backs: is how sheets print backs
    back_images: bool = Field(default=True, validation_alias=AliasChoices("back_images", "backs"))


class ShowcaseIn(_Strict):
    """``images --showcase``: a fan and a spread of chosen cards."""

    cards: list[Text] = Field(default_factory=list, max_length=50)
    background: Text = "transparent"
    width: int = Field(default=1600, ge=200, le=8000)


class BookletsIn(_Strict):
    """Rule booklets: the project's own template (``rules/<game>.md.j2``) or the game's."""

    page: Text = "a4"
    # --imposition; ``format:`` (its first name) still reads, but --format is an image format
    imposition: Literal["booklet", "sheet"] = Field(default="booklet",
                                                    validation_alias=AliasChoices("imposition", "format"))
    # the booklets to write, each a name and its rule parameters as --set strings (for the
    # game's own: ``human: [variant=human]``); None: the game's (War: classic and Russian);
    # the parameters are checked against the deck's game by the deck validation (generator/validate/deck.py)
    variants: dict[Slug, list[Text]] | None = Field(default=None, min_length=1, max_length=12)


class BalanceIn(_Strict):
    games: int = Field(default=2000, ge=0, le=10_000_000)


class BuildIn(_Strict):
    """The ``build:`` section."""

    outputs: list[Output] = Field(default_factory=lambda: list(DEFAULT_OUTPUTS))
    sheets: SheetsIn = Field(default_factory=SheetsIn)
    images: ImagesIn = Field(default_factory=ImagesIn)
    vendors: list[Literal["tgc", "mpc", "dtc", "tts", "screentop", "tabletopia", "pcio"]] = Field(default_factory=list)
    showcase: ShowcaseIn = Field(default_factory=ShowcaseIn)
    booklets: BookletsIn = Field(default_factory=BookletsIn)
    balance: BalanceIn = Field(default_factory=BalanceIn)


DEFAULT_BUILD = BuildIn()


# -- the single commands' defaults, where they differ from a build's -------------------
# A build makes more than a command asked for one thing: both page sizes with duplex
# backs, the image backs, a longer playtest. Each command's defaults are this model's.


class CardSheetsIn(SheetsIn):
    """``deckpress cards``: sheets without backs unless asked (``tiles`` and ``build``: duplex-long)."""

    backs: Literal["none", "duplex-long", "duplex-short", "fold"] = "none"


class ImageFilesIn(ImagesIn):
    """``deckpress images``: 300 dpi, no back images unless asked (``build``: 150 dpi with backs)."""

    dpi: float = Field(default=300, ge=30, le=1200)
    back_images: bool = Field(default=False, validation_alias=AliasChoices("back_images", "backs"))


class CheckBalanceIn(BalanceIn):
    """``deckpress check``: a 1,000-game playtest (``build``'s balance report: 2,000)."""

    games: int = Field(default=1000, ge=0, le=10_000_000)
