"""Showcase images: the cards as a designer shows them on a pitch page, a
crowdfunding page or a README (``deckpress images DECK --showcase``).

Two pictures, each drawn from the cards' own faces (the same drawing as the
sheets, rasterised at the size needed):

- ``showcase-fan.png``: a hand of cards fanned around a point below them, like
  cards held in a hand (up to 9 cards, -8 degrees per card from the middle);
- ``showcase-spread.png``: the chosen cards laid out in a tidy grid (up to 5 per
  row), evenly spaced.

Every card has rounded corners (3 mm, a poker card's) and a soft shadow (a blurred
copy of its outline, offset down and right, 35 % black). The background is
transparent (PNG alpha) or a colour. ``width`` sets the picture's width in pixels;
the height follows from the layout.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageColor, ImageFilter

from ..errors import ParameterError
from ..render.piece import Piece
from .files import save_image, with_corners
from .pages import piece_pages_bytes
from .rasterise import MM_PER_INCH, render_document

MAX_FAN = 9
FAN_STEP_DEG = 8.0
SPREAD_COLUMNS = 5
CORNER_MM = 3.0
SHADOW_OPACITY = 0.35
DEFAULT_CARDS = 5
MIN_WIDTH, MAX_WIDTH = 200, 8000


@dataclass(frozen=True)
class ShowcaseOptions:
    width: int = 1600  # px, of each picture
    background: str = "transparent"  # or a colour: "#1e1e2e", "white"
    cards: tuple[str, ...] = ()  # card ids; empty: the first five

    def __post_init__(self) -> None:
        if not MIN_WIDTH <= self.width <= MAX_WIDTH:
            raise ParameterError(f"--showcase-width must be between {MIN_WIDTH} and {MAX_WIDTH} px, got {self.width}")
        if self.background != "transparent":
            try:
                ImageColor.getrgb(self.background)
            except ValueError:
                raise ParameterError(f"--background {self.background!r} is not a colour; "
                                     "give transparent, a name (white) or #RRGGBB") from None


def choose(pieces: Sequence[Piece], ids: Sequence[str]) -> list[Piece]:
    """The pieces named by ``ids`` in that order (all must exist), or the first five."""
    if not ids:
        return list(pieces[:DEFAULT_CARDS])
    by_id = {p.id: p for p in pieces}
    missing = [i for i in ids if i not in by_id]
    if missing:
        import difflib

        hints = [f"{m!r}" + (f" (did you mean {close[0]!r}?)" if (close := difflib.get_close_matches(m, by_id, 1)) else "")
                 for m in missing]
        raise ParameterError(f"--cards: no card {', '.join(hints)} in the deck")
    return [by_id[i] for i in ids]


def faces(pieces: Sequence[Piece], card_px: int) -> list[Image.Image]:
    """Each piece's face, ``card_px`` wide, with rounded transparent corners."""
    sizes = [(card_px, max(1, round(card_px * p.height / p.width))) for p in pieces]
    data = piece_pages_bytes([(p, "front") for p in pieces], 0.0)
    out = []
    for piece, image in zip(pieces, render_document(data, sizes), strict=True):
        radius = CORNER_MM / piece.width * card_px
        out.append(with_corners(image, radius))
    return out


def _shadowed(card: Image.Image, blur: float) -> tuple[Image.Image, int]:
    """``card`` over its soft shadow, on a transparent canvas; returns (image, margin)."""
    margin = int(blur * 3) + 2
    offset = max(1, int(blur * 0.8))
    w, h = card.size
    canvas = Image.new("RGBA", (w + 2 * margin, h + 2 * margin), (0, 0, 0, 0))
    alpha = card.getchannel("A").point(lambda a: int(a * SHADOW_OPACITY))
    shadow = Image.new("RGBA", card.size, (0, 0, 0, 255))
    shadow.putalpha(alpha)
    layer = Image.new("RGBA", canvas.size, (0, 0, 0, 0))
    layer.paste(shadow, (margin + offset, margin + offset))
    canvas = Image.alpha_composite(canvas, layer.filter(ImageFilter.GaussianBlur(blur)))
    top = Image.new("RGBA", canvas.size, (0, 0, 0, 0))
    top.paste(card, (margin, margin))
    return Image.alpha_composite(canvas, top), margin


def _background(size: tuple[int, int], colour: str) -> Image.Image:
    if colour == "transparent":
        return Image.new("RGBA", size, (0, 0, 0, 0))
    r, g, b = ImageColor.getrgb(colour)[:3]
    return Image.new("RGBA", size, (r, g, b, 255))


def fan(cards: Sequence[Image.Image], width: int, background: str) -> Image.Image:
    """The cards fanned like a hand, on ``background``, ``width`` px wide."""
    cards = list(cards[:MAX_FAN])
    n = len(cards)
    cw, ch = cards[0].size
    radius = ch * 1.6  # the pivot sits this far below the cards' centres
    angles = [(i - (n - 1) / 2) * FAN_STEP_DEG for i in range(n)]
    blur = max(2.0, cw * 0.03)
    placed = []
    for card, angle in zip(cards, angles, strict=True):
        shadowed, margin = _shadowed(card, blur)
        rotated = shadowed.rotate(-angle, resample=Image.Resampling.BICUBIC, expand=True)
        cx = radius * math.sin(math.radians(angle))
        cy = -radius * math.cos(math.radians(angle))
        placed.append((rotated, cx, cy))
    left = min(cx - r.width / 2 for r, cx, _ in placed)
    right = max(cx + r.width / 2 for r, cx, _ in placed)
    top = min(cy - r.height / 2 for r, _, cy in placed)
    bottom = max(cy + r.height / 2 for r, _, cy in placed)
    pad = int(cw * 0.15)
    size = (int(right - left) + 2 * pad, int(bottom - top) + 2 * pad)
    out = _background(size, background)
    for rotated, cx, cy in placed:
        x = int(cx - rotated.width / 2 - left) + pad
        y = int(cy - rotated.height / 2 - top) + pad
        layer = Image.new("RGBA", size, (0, 0, 0, 0))
        layer.paste(rotated, (x, y))
        out = Image.alpha_composite(out, layer)
    return _to_width(out, width)


def spread(cards: Sequence[Image.Image], width: int, background: str) -> Image.Image:
    """The cards in a tidy grid (up to five a row), ``width`` px wide."""
    columns = min(SPREAD_COLUMNS, len(cards))
    rows = math.ceil(len(cards) / columns)
    cw, ch = max(c.width for c in cards), max(c.height for c in cards)
    gap = int(cw * 0.12)
    blur = max(2.0, cw * 0.03)
    size = (columns * cw + (columns + 1) * gap, rows * ch + (rows + 1) * gap)
    out = _background(size, background)
    for i, card in enumerate(cards):
        shadowed, margin = _shadowed(card, blur)
        x = gap + (i % columns) * (cw + gap) + (cw - card.width) // 2 - margin
        y = gap + (i // columns) * (ch + gap) + (ch - card.height) // 2 - margin
        layer = Image.new("RGBA", size, (0, 0, 0, 0))
        layer.paste(shadowed, (x, y))
        out = Image.alpha_composite(out, layer)
    return _to_width(out, width)


def _to_width(image: Image.Image, width: int) -> Image.Image:
    height = max(1, round(image.height * width / image.width))
    # BOX: an area average, no negative lobes, so no ringing halo at the cards' edges
    return image.resize((width, height), Image.Resampling.BOX)


def write_showcase(pieces: Sequence[Piece], out_dir: Path, options: ShowcaseOptions) -> list[Path]:
    """Write ``showcase-fan.png`` and ``showcase-spread.png`` into ``out_dir``."""
    chosen = choose(pieces, options.cards)
    if not chosen:
        raise ParameterError("--showcase: the deck has no cards to show")
    # draw each card at the size it will have in the larger of the two pictures
    card_px = max(60, min(2000, round(options.width / (min(SPREAD_COLUMNS, len(chosen)) * 1.12 + 0.12))))
    card_images = faces(chosen, card_px)
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    dpi = card_px / (chosen[0].width / MM_PER_INCH)
    for name, picture in (("showcase-fan.png", fan(card_images, options.width, options.background)),
                          ("showcase-spread.png", spread(card_images, options.width, options.background))):
        path = out_dir / name
        save_image(picture, path, "png", dpi)
        written.append(path)
    return written
