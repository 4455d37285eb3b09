"""The layout model: named elements with positions in mm, validated with pydantic.

Positions are measured from the card's top-left corner, in mm of the layout's
design size (``size``, poker by default) and mapped to the deck's card size
(``frame.box_of``: the safe-zone bands keep their width, the inside scales); a
length can also be a percentage of the card's width or height ("50%"). Any text
field may be a Jinja2 expression over the card and deck (``{{ card.name }}``).
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

Length = float | str  # mm, or "NN%" of the card's width (x, w) or height (y, h)

# Bounds on every number a layout gives: layouts are shared and untrusted, and a
# NaN, an infinity or a 1e300 pt font would crash or hang the drawing code.
Mm = Annotated[float, Field(ge=-1000, le=1000, allow_inf_nan=False)]
Pct = Annotated[str, Field(pattern=r"^\s*(-?\d{1,4}(\.\d{1,6})?\s*%?|\{\{.*\}\})\s*$", max_length=2000)]
LengthIn = Mm | Pct  # a template ("{{ ... }}") is checked again once rendered
Points = Annotated[float, Field(ge=1, le=500, allow_inf_nan=False)]  # a font size
Positive = Annotated[float, Field(ge=0, le=500, allow_inf_nan=False)]
Align = Literal["left", "center", "right"]
VAlign = Literal["top", "middle", "bottom"]


class Element(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    x: LengthIn = 0.0
    y: LengthIn = 0.0
    w: LengthIn | None = None  # None: to the card's right edge
    h: LengthIn | None = None  # None: to the card's bottom edge
    when: str | None = None  # Jinja expression; the element is drawn only when it is true
    rotate: Literal[0, 90, 180, 270] = 0
    safe: bool = False  # report when it crosses the safe zone
    layer: int | None = Field(default=None, ge=-1000, le=1000)  # drawing order: lower first; default 0 backgrounds, 1 images, 2 rest

    LATE: ClassVar[tuple[str, ...]] = ()  # template fields rendered while drawing, not per card


class Background(Element):
    type: Literal["background"]
    color: str = "#FFFFFF"
    pattern: Literal["none", "stripes", "dots", "diamonds", "rays", "grid"] = "none"
    pattern_color: str = "#00000018"
    spacing: float = Field(default=4.0, ge=0.5, le=100, allow_inf_nan=False)  # mm between pattern lines
    radius: Positive = 0.0  # mm; rounded corners (ignored where it touches the card edge)
    shape: Literal["rect", "circle"] = "rect"  # circle: diameter min(w, h), centred in the box


class Frame(Element):
    type: Literal["frame"]
    inset: Positive = 3.0  # mm from the cut, used when x/y/w/h are not given
    width: float = Field(default=1.0, ge=0, le=50, allow_inf_nan=False)  # points
    color: str = "#000000"
    fill: str | None = None
    radius: Positive = 2.0  # mm
    shape: Literal["rect", "circle"] = "rect"  # circle: diameter min(w, h), centred in the box
    style: str = "plain"  # plain, double, dashed, feathered, flamed, carved, rippled, vined, gilded


class Text(Element):
    type: Literal["text"]
    text: str
    font: str = "Roboto"
    size: Points = 9.0  # points; the largest size tried
    min_size: Points = 6.0  # shrink down to this, then wrap
    leading: float = Field(default=1.2, ge=0.5, le=5, allow_inf_nan=False)
    color: str = "#000000"
    align: Align = "left"
    valign: VAlign = "top"
    wrap: bool = True
    fill: str | None = None  # box background
    padding: Positive = 0.0  # mm inside the box
    radius: Positive = 0.0  # mm, for the fill
    safe: bool = True


class Attributes(Element):
    type: Literal["attributes"]
    LATE: ClassVar[tuple[str, ...]] = ("label", "value")  # rendered per row, with attr/value/text
    label: str = "{{ attr.label }}"
    value: str = "{{ text }}"
    font: str = "Roboto"
    value_font: str = "Roboto-Bold"
    no_data_font: str = "Roboto-Italic"
    size: Points = 8.0
    min_size: Points = 5.5
    color: str = "#000000"
    no_data_color: str = "#8A8A8A"
    stripe: str | None = "#00000010"
    line_color: str | None = None
    marks: bool = True  # a small triangle: up = higher is better, down = lower is better
    mark_color: str = "#777777"
    padding: Positive = 1.5  # mm at the row ends
    safe: bool = True


class Image(Element):
    type: Literal["image"]
    src: str = "{{ card.art or '' }}"
    fit: Literal["cover", "contain", "stretch"] = "cover"
    placeholder: bool = True
    placeholder_color: str = "#DDDDDD"
    placeholder_ink: str = "#999999"
    placeholder_icon: str = "star"
    radius: Positive = 0.0


class Symbol(Element):
    """A vector symbol (a suit's shape), optionally with a label above it (a corner index)."""

    type: Literal["symbol"]
    name: str = "{{ suit.symbol or suit.key }}"
    color: str = "{{ suit.color }}"
    label: str = ""
    font: str = "Roboto-Bold"
    size: Points = 10.0  # label size in points
    safe: bool = True


class Icon(Element):
    type: Literal["icon"]
    name: str
    color: str = "#000000"
    safe: bool = True


class Rule(Element):
    """A straight line from (x, y) across w (horizontal) or down h (vertical)."""

    type: Literal["rule"]
    width: float = Field(default=0.5, ge=0, le=50, allow_inf_nan=False)  # points
    color: str = "#000000"
    dash: tuple[Annotated[float, Field(gt=0, le=100)], Annotated[float, Field(gt=0, le=100)]] | None = None


class Pips(Element):
    """The pips of a standard playing card: its rank's pattern of suit symbols."""

    type: Literal["pips"]
    name: str = "{{ suit.symbol or suit.key }}"
    rank: str = "{{ rank.key }}"
    color: str = "{{ suit.color }}"
    font: str = "DejaVuSerif-Bold"
    pip: float = Field(default=9.0, ge=0.5, le=100, allow_inf_nan=False)  # mm, pip size
    safe: bool = True


AnyElement = Annotated[
    Background | Frame | Text | Attributes | Image | Symbol | Icon | Rule | Pips,
    Field(discriminator="type"),
]
ELEMENT_CLASSES: dict[str, type[Element]] = {
    "background": Background, "frame": Frame, "text": Text, "attributes": Attributes,
    "image": Image, "symbol": Symbol, "icon": Icon, "rule": Rule, "pips": Pips,
}
ELEMENT_TYPES: tuple[str, ...] = tuple(ELEMENT_CLASSES)


DEFAULT_LAYERS = {"background": 0, "image": 1}


def layer_of(element: Element) -> int:
    if element.layer is not None:
        return element.layer
    return DEFAULT_LAYERS.get(str(getattr(element, "type", "")), 2)


class ElementHolder(BaseModel):
    element: AnyElement


class LayoutFile(BaseModel):
    """The top level of a layout file (elements are validated separately, by name)."""

    model_config = ConfigDict(extra="forbid")

    name: str | None = None
    description: str = ""
    extends: str | None = None
    size: tuple[Annotated[float, Field(gt=5, le=500)], Annotated[float, Field(gt=5, le=500)]] = (63.5, 88.9)
    safe_zone: float = Field(default=3.0, ge=0, le=50)  # mm inside the cut
    mirror: bool = False  # a right-to-left deck (Arabic, Hebrew...) draws it mirrored (see layout.draw)
    defaults: dict[str, object] = Field(default_factory=dict)
    front: dict[str, dict[str, object] | None] = Field(default_factory=dict)
    back: dict[str, dict[str, object] | None] = Field(default_factory=dict)
