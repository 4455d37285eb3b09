"""A one-piece tuck box for a deck (``deckpress tuckbox``): its net, sized from the deck.

**Inside** the box is the deck plus room: width = card width (+ :data:`SLEEVE_ROOM`
with ``sleeves``) + :data:`CLEARANCE`, height likewise, depth = cards x (card
thickness, + :data:`SLEEVE_THICKNESS` per sleeved card) + :data:`CLEARANCE`.

**The net** (:class:`Net`), left to right along the body: side (depth D), front (W),
side (D), back (W) and a glue flap (:data:`GLUE`) that glues behind the first side;
all of the body's height H. Above and below the back: the lid and the bottom (W x D)
with a tuck tongue each (W x T, corners bevelled); above and below each side a dust
flap (D x F, bevelled); the front's top edge has a thumb notch. Fold lines are
dashed, the outline is the cut line, art runs :data:`BLEED` mm past the outline;
crop marks stand at the corners of the net's bounding box (its TrimBox).

The cut and fold lines are a dieline (:mod:`.dieline`): in a CMYK file, by default, the
named spot colours ``Dieline`` (cut) and ``Crease`` (folds), overprinting, which a
die-cutting shop takes off the printed plates; in an RGB file (or ``dieline="guide"``) a
visible grey guide for scissors at home.

The faces carry the deck: the back panel its card back, the front panel the card
back with the deck's name on a band of its primary colour, the sides and the lid
the name on the deck's colours. The name is always readable: where its colour (the
deck's accent) is too close to the panel's (contrast under :data:`MIN_CONTRAST`, as
standard52's near-white accent on its white lid), the first of the deck's primary
and secondary colours that reads on the panel is used, else the accent darkened or
lightened until it does (:func:`label_colour`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from ..errors import ParameterError
from .atomic import atomic_write
from .dieline import CUT, FOLD, mode_for, stroke_spot
from .fonts import SANS_BOLD, register_fonts
from .geometry import PAGE_SIZES, Box, pt
from .layout.colors import contrast_ratio, legible
from .marks import Segment, draw_segments
from .pdf import make_canvas, set_page_boxes
from .piece import Piece

CLEARANCE = 1.0  # mm of room inside, on width, height and depth
SLEEVE_ROOM = 2.5  # mm a sleeve adds to a card's width and height (poker 63.5 x 88.9 -> 66 x 91.4)
SLEEVE_THICKNESS = 0.12  # mm a sleeve adds to a card's thickness (two 60-micron layers)
THICKNESS = {"standard": 0.30, "thin": 0.25, "premium": 0.33, "thick": 0.38}  # mm: typical card stocks
DEFAULT_THICKNESS = 0.30
GLUE = 10.0  # mm: the glue flap's width
BLEED = 3.0  # mm of art past the cut outline
MARGIN = 5.0  # mm: printer-safe margin the net and its bleed keep from the paper's edge
BEVEL = 2.0  # mm: the bevel of flap corners
NOTCH = 10.0  # mm: the thumb notch's radius
MARK = 5.0  # mm: crop mark length
FOLD_GREY = 0.4
CUT_GREY = 0.2
MIN_CONTRAST = 3.0  # WCAG's least contrast for large text: the box's labels are 8 pt bold or more


def card_thickness(value: str | float | None) -> float:
    """A card thickness in mm: a number (0.1 to 1.0) or a stock name (:data:`THICKNESS`)."""
    if value is None:
        return DEFAULT_THICKNESS
    if isinstance(value, str):
        key = value.strip().lower()
        if key in THICKNESS:
            return THICKNESS[key]
        try:
            value = float(key.removesuffix("mm"))
        except ValueError:
            raise ParameterError(f"--card-thickness {value!r} is not valid; give mm (0.3) or a stock: "
                                 f"{', '.join(f'{k} ({v:g} mm)' for k, v in THICKNESS.items())}") from None
    if not 0.1 <= value <= 1.0:
        raise ParameterError(f"--card-thickness must be between 0.1 and 1.0 mm, got {value:g}")
    return float(value)


@dataclass(frozen=True)
class Net:
    """A tuck box's net, in mm, origin at the lower-left corner of its bounding box."""

    width: float  # W: inside width (front and back panels)
    height: float  # H: inside height (the body)
    depth: float  # D: inside depth (the sides)

    @property
    def tuck(self) -> float:  # T: the tuck tongues
        return min(20.0, max(10.0, self.depth))

    @property
    def dust(self) -> float:  # F: the dust flaps
        return min(self.depth * 0.8, self.width / 2)

    @property
    def columns(self) -> tuple[float, ...]:
        """x of the panel edges: side | front | side | back | glue."""
        d, w = self.depth, self.width
        return (0.0, d, d + w, 2 * d + w, 2 * d + 2 * w, 2 * d + 2 * w + GLUE)

    @property
    def body(self) -> tuple[float, float]:
        """y of the body's bottom and top edges."""
        bottom = self.depth + self.tuck
        return bottom, bottom + self.height

    @property
    def size(self) -> tuple[float, float]:
        return self.columns[-1], self.body[1] + self.depth + self.tuck

    def panel_widths(self) -> list[float]:
        xs = self.columns
        return [round(b - a, 6) for a, b in zip(xs, xs[1:], strict=False)]

    def outline(self) -> list[tuple[float, float]]:
        """The cut line, counter-clockwise from the first side's lower-left corner (the notch
        as a polyline of short segments)."""
        x0, x1, x2, x3, x4, x5 = self.columns
        yb, yt = self.body
        d, t, f, b = self.depth, self.tuck, self.dust, BEVEL
        pts = [(x0, yb), (x0 + b, yb - f), (x1 - b, yb - f), (x1, yb),  # side: bottom dust flap
               (x2, yb),  # the front's bottom edge
               (x2 + b, yb - f), (x3 - b, yb - f), (x3, yb),  # side: bottom dust flap
               (x3, yb - d), (x3 + b, yb - d - t), (x4 - b, yb - d - t), (x4, yb - d),  # bottom and tuck
               (x4, yb), (x5, yb + b), (x5, yt - b), (x4, yt),  # glue flap
               (x4, yt + d), (x4 - b, yt + d + t), (x3 + b, yt + d + t), (x3, yt + d),  # lid and tuck
               (x3, yt), (x3 - b, yt + f), (x2 + b, yt + f), (x2, yt)]  # side: top dust flap
        cx, r = (x1 + x2) / 2, min(NOTCH, self.width / 4)
        pts += [(cx + r * math.cos(a), yt - r * math.sin(a))  # the thumb notch, into the front
                for a in (math.pi * i / 16 for i in range(17))]
        pts += [(x1, yt), (x1 - b, yt + f), (x0 + b, yt + f), (x0, yt)]  # side: top dust flap
        return pts

    def folds(self) -> list[tuple[float, float, float, float]]:
        """The fold lines (x1, y1, x2, y2)."""
        x0, x1, x2, x3, x4, _ = self.columns
        yb, yt = self.body
        d = self.depth
        lines = [(x, yb, x, yt) for x in (x1, x2, x3, x4)]
        for a, b in ((x0, x1), (x2, x3), (x3, x4)):  # dust flaps, lid and bottom
            lines += [(a, yb, b, yb), (a, yt, b, yt)]
        lines += [(x3, yb - d, x4, yb - d), (x3, yt + d, x4, yt + d)]  # the tuck tongues
        return lines


def net_for(card_w: float, card_h: float, cards: int, thickness: float, sleeves: bool) -> Net:
    """The net of the box that holds ``cards`` cards of ``card_w`` x ``card_h`` mm."""
    if cards < 1:
        raise ParameterError("a tuck box needs at least one card")
    room = SLEEVE_ROOM if sleeves else 0.0
    per_card = thickness + (SLEEVE_THICKNESS if sleeves else 0.0)
    return Net(card_w + room + CLEARANCE, card_h + room + CLEARANCE, cards * per_card + CLEARANCE)


def fit_page(net: Net, page: str | None) -> tuple[str, float, float]:
    """The paper (name, width, height in mm, turned as needed) the net fits on: ``page``, or
    A4 then Letter; a ParameterError naming the smallest paper it needs otherwise."""
    need_w, need_h = (v + 2 * (BLEED + MARK + MARGIN) for v in net.size)

    def turned(name: str) -> tuple[float, float] | None:
        w, h = PAGE_SIZES[name]
        for pw, ph in ((w, h), (h, w)):
            if need_w <= pw + 1e-9 and need_h <= ph + 1e-9:
                return pw, ph
        return None

    names = [page.lower()] if page else ["a4", "letter"]
    for name in names:
        if name not in PAGE_SIZES:
            raise ParameterError(f"--page {name!r} is not valid; valid: {', '.join(PAGE_SIZES)}")
        fits = turned(name)
        if fits is not None:
            return name, *fits
    larger = [n for n in ("a4", "letter", "legal", "a3", "tabloid") if turned(n) is not None]
    where = f"--page {larger[0]}" if larger else "a larger paper than tabloid"
    raise ParameterError(f"the tuck box's net is {net.size[0]:.0f} x {net.size[1]:.0f} mm "
                         f"({need_w:.0f} x {need_h:.0f} mm with bleed, marks and margins): it does not fit "
                         f"{' or '.join(n.capitalize() if n != 'a4' else 'A4' for n in names)}; use {where}")


@dataclass(frozen=True)
class TuckBoxReport:
    path: Path
    net: Net
    page: str
    cards: int
    thickness: float
    sleeves: bool
    dieline: str = "guide"  # spot (named non-printing spot colours) or guide (grey lines)


def _hex(colors: Any, key: str, default: str) -> str:
    value = str(colors.get(key, default))
    try:
        HexColor(value)
    except (ValueError, TypeError):
        return default
    return value if value.startswith("#") else default


def label_colour(text: str, background: str, others: Sequence[str]) -> str:
    """``text`` if it reads on ``background`` (contrast :data:`MIN_CONTRAST`), else the first of
    ``others`` that does, else ``text`` darkened or lightened until it does."""
    for colour in (text, *others):
        if contrast_ratio(colour, background) >= MIN_CONTRAST:
            return colour
    return legible(text, background, MIN_CONTRAST)


@dataclass(frozen=True)
class TuckBoxOptions:
    """How a tuck box is made: the card ``thickness`` (mm), room for ``sleeves``, the ``page``
    (None: the smallest that holds the net), ``color`` (rgb or cmyk) and the ``dieline``
    (spot or guide; None: spot in CMYK, guide in RGB)."""

    thickness: float = DEFAULT_THICKNESS
    sleeves: bool = False
    page: str | None = None
    color: str = "rgb"
    dieline: str | None = None


def write_tuckbox(path: Path, piece: Piece, name: str, colors: Any, cards: int,
                  options: TuckBoxOptions = TuckBoxOptions()) -> TuckBoxReport:
    """Write the tuck box for ``cards`` cards like ``piece`` (its back is drawn on the box)."""
    thickness, sleeves, page, color, dieline = (options.thickness, options.sleeves, options.page, options.color,
                                                options.dieline)
    mode = mode_for(dieline, color)
    register_fonts()
    net = net_for(piece.width, piece.height, cards, thickness, sleeves)
    paper, page_w, page_h = fit_page(net, page)
    net_w, net_h = net.size
    ox, oy = (page_w - net_w) / 2, (page_h - net_h) / 2
    with atomic_write(path) as tmp:
        canvas = make_canvas(tmp, (pt(page_w), pt(page_h)), f"{name} tuck box", color=color)
        canvas.setSubject(f"tuck box net: inside {net.width:.1f} x {net.height:.1f} x {net.depth:.1f} mm")
        canvas.saveState()
        canvas.translate(pt(ox), pt(oy))
        _draw(canvas, net, piece, name, colors)
        _draw_dieline(canvas, net, mode)
        canvas.restoreState()
        trim = Box(ox, oy, net_w, net_h)
        draw_segments(canvas, _crop_marks(trim), trim=trim)
        set_page_boxes(canvas, (pt(ox), pt(oy), pt(ox + net_w), pt(oy + net_h)),
                       (pt(ox - BLEED), pt(oy - BLEED), pt(ox + net_w + BLEED), pt(oy + net_h + BLEED)))
        canvas.showPage()
        canvas.save()
    return TuckBoxReport(path, net, paper, cards, thickness, sleeves, mode)


def _crop_marks(trim: Box) -> list[Segment]:
    gap = BLEED + 1.0
    out = []
    for x in (trim.x, trim.right):
        out += [Segment(x, trim.y - gap - MARK, x, trim.y - gap), Segment(x, trim.top + gap, x, trim.top + gap + MARK)]
    for y in (trim.y, trim.top):
        out += [Segment(trim.x - gap - MARK, y, trim.x - gap, y),
                Segment(trim.right + gap, y, trim.right + gap + MARK, y)]
    return out


def _path(canvas: Canvas, points: Sequence[tuple[float, float]]) -> Any:
    path = canvas.beginPath()
    path.moveTo(pt(points[0][0]), pt(points[0][1]))
    for x, y in points[1:]:
        path.lineTo(pt(x), pt(y))
    path.close()
    return path


def _grown(points: Sequence[tuple[float, float]], by: float) -> list[tuple[float, float]]:
    """The outline pushed out by ``by`` mm (each vertex along its corner's bisector: enough for a bleed)."""
    n = len(points)
    out = []
    area = sum(points[i][0] * points[(i + 1) % n][1] - points[(i + 1) % n][0] * points[i][1] for i in range(n))
    sign = 1.0 if area > 0 else -1.0
    for i in range(n):
        (ax, ay), (bx, by_), (cx, cy) = points[i - 1], points[i], points[(i + 1) % n]
        normals = []
        for (px, py), (qx, qy) in (((ax, ay), (bx, by_)), ((bx, by_), (cx, cy))):
            length = math.hypot(qx - px, qy - py) or 1.0
            normals.append((sign * (qy - py) / length, -sign * (qx - px) / length))
        nx, ny = normals[0][0] + normals[1][0], normals[0][1] + normals[1][1]
        dot = normals[0][0] * normals[1][0] + normals[0][1] * normals[1][1]
        scale = by / max(0.3, (1 + dot) / 2) ** 0.5 / max(math.hypot(nx, ny), 1e-9)
        out.append((bx + nx * scale, by_ + ny * scale))
    return out


def _draw(canvas: Canvas, net: Net, piece: Piece, name: str, colors: Any) -> None:
    primary_hex = _hex(colors, "primary", "#444444")
    accent_hex = _hex(colors, "accent", "#F4F1EA")
    secondary_hex = _hex(colors, "secondary", "#222222")
    primary, secondary = HexColor(primary_hex), HexColor(secondary_hex)
    # the name on the primary (front band, sides) and on the secondary (lid, bottom), always readable
    on_primary = HexColor(label_colour(accent_hex, primary_hex, (secondary_hex,)))
    on_secondary = HexColor(label_colour(accent_hex, secondary_hex, (primary_hex,)))
    outline = net.outline()
    x0, x1, x2, x3, x4, x5 = net.columns
    yb, yt = net.body
    d, w, h = net.depth, net.width, net.height
    # the colour under everything, past the cut by the bleed; all art clipped to the bleed outline
    bleed = _path(canvas, _grown(outline, BLEED))
    canvas.saveState()
    canvas.clipPath(bleed, stroke=0, fill=0)
    canvas.setFillColor(primary)
    canvas.rect(pt(-BLEED), pt(-BLEED), pt(net.size[0] + 2 * BLEED), pt(net.size[1] + 2 * BLEED), stroke=0, fill=1)
    # the glue flap stays paper white (glue holds on paper)
    canvas.saveState()
    canvas.setFillColor(HexColor("#FFFFFF"))
    canvas.drawPath(_path(canvas, [(x4, yb), (x5, yb + BEVEL), (x5, yt - BEVEL), (x4, yt)]), stroke=0, fill=1)
    canvas.setFillColor(HexColor("#808080"))
    canvas.setFont(SANS_BOLD, 7)
    canvas.translate(pt((x4 + x5) / 2 + 1.2), pt((yb + yt) / 2))
    canvas.rotate(90)
    canvas.drawCentredString(0, 0, "GLUE")
    canvas.restoreState()
    # back and front: the card back, covering the panel (the front's top and bottom run into the bleed)
    _card_back(canvas, piece, (x3, yb, w, h))
    _card_back(canvas, piece, (x1, yb - BLEED, w, h + 2 * BLEED), clip_to=(x1, yb - BLEED, w, h + 2 * BLEED))
    band = min(18.0, h / 5)
    canvas.saveState()
    canvas.setFillColor(primary)
    canvas.rect(pt(x1), pt(yb + h * 0.38), pt(w), pt(band), stroke=0, fill=1)
    _label(canvas, name, (x1 + w / 2, yb + h * 0.38 + band / 2), w - 6, band * 0.5, on_primary, 0)
    canvas.restoreState()
    # sides, lid and bottom: the name on the deck's colours
    for x in (x0, x2):
        _label(canvas, name, (x + d / 2, yb + h / 2), h - 10, d * 0.45, on_primary, 90)
    canvas.saveState()
    canvas.setFillColor(secondary)
    canvas.rect(pt(x3), pt(yt), pt(w), pt(d), stroke=0, fill=1)
    canvas.rect(pt(x3), pt(yb - d), pt(w), pt(d), stroke=0, fill=1)
    canvas.restoreState()
    _label(canvas, name, (x3 + w / 2, yt + d / 2), w - 6, d * 0.45, on_secondary, 0)
    _label(canvas, name, (x3 + w / 2, yb - d / 2), w - 6, d * 0.45, on_secondary, 180)
    canvas.restoreState()  # the bleed clip


def _draw_dieline(canvas: Canvas, net: Net, mode: str) -> None:
    """Fold lines dashed, the cut line solid: spot colours (``Dieline``, ``Crease``) or a grey guide."""
    canvas.saveState()
    if mode == "spot":
        stroke_spot(canvas, FOLD)
    else:
        canvas.setStrokeGray(FOLD_GREY)
    canvas.setLineWidth(0.4)
    canvas.setDash(3, 2)
    for ax, ay, bx, by in net.folds():
        canvas.line(pt(ax), pt(ay), pt(bx), pt(by))
    canvas.restoreState()
    canvas.saveState()
    if mode == "spot":
        stroke_spot(canvas, CUT)
    else:
        canvas.setStrokeGray(CUT_GREY)
    canvas.setLineWidth(0.3)
    canvas.drawPath(_path(canvas, net.outline()), stroke=1, fill=0)
    canvas.restoreState()


def _card_back(canvas: Canvas, piece: Piece, panel: tuple[float, float, float, float],
               clip_to: tuple[float, float, float, float] | None = None) -> None:
    """The piece's back scaled to cover ``panel`` (mm), clipped to it."""
    x, y, w, h = panel
    cx, cy, cw, ch = clip_to or panel
    canvas.saveState()
    clip = canvas.beginPath()
    clip.rect(pt(cx), pt(cy), pt(cw), pt(ch))
    canvas.clipPath(clip, stroke=0, fill=0)
    scale = max(w / piece.width, h / piece.height)
    canvas.translate(pt(x + (w - piece.width * scale) / 2), pt(y + (h - piece.height * scale) / 2))
    canvas.scale(scale, scale)
    piece.draw_back(canvas, pt(BLEED))
    canvas.restoreState()


def _label(canvas: Canvas, text: str, centre: tuple[float, float], room: float, size_mm: float, colour: Any,
           angle: float) -> None:
    """``text`` centred at ``centre`` (mm), turned ``angle`` degrees, shrunk to fit ``room`` mm."""
    size = pt(min(size_mm, 8.0))
    width = canvas.stringWidth(text, SANS_BOLD, size)
    if width > pt(room) > 0:
        size *= pt(room) / width
    canvas.saveState()
    canvas.translate(pt(centre[0]), pt(centre[1]))
    canvas.rotate(angle)
    canvas.setFillColor(colour)
    canvas.setFont(SANS_BOLD, size)
    canvas.drawCentredString(0, -size * 0.35, text)
    canvas.restoreState()
