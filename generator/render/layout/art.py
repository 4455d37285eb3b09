"""Art as it is printed: decoded once, made printable, sized for the box it fills.

- **Print resolution.** :func:`effective_ppi` is the pixels per inch an image gets
  in its box (``cover`` crops, ``contain`` fits, ``stretch`` fills); below
  :data:`LOW_PPI` a card's art prints soft, and the check says so per card.
- **No bloat.** Art far above the output resolution (over :data:`MAX_PPI` in its
  box) is downsampled to :data:`MAX_PPI` when embedded, so an 8000 x 6000 photo
  does not put 48 megapixels on every sheet. Lanczos resampling of the same file
  to the same size gives the same pixels, so builds stay reproducible.
- **Every pixel format designers save.** A 16-bit greyscale PNG (Pillow modes
  ``I;16``, ``I;16B``, ``I``) is scaled 0..65535 -> 0..255 (ReportLab would clip it
  to white); palette images keep their transparency as alpha; CMYK, WebP and the
  rest become RGB(A).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import Image
from reportlab.lib.utils import ImageReader

LOW_PPI = 200.0  # below this, art prints visibly soft
MAX_PPI = 600.0  # above this, art is downsampled to it when embedded
SIXTEEN_BIT = ("I;16", "I;16B", "I;16L", "I;16N", "I")


def effective_ppi(pixels: tuple[int, int], box: tuple[float, float], fit: str) -> float:
    """Pixels per inch of an ``pixels`` (w, h) image drawn into ``box`` (w, h in points)."""
    iw, ih = pixels
    w, h = max(box[0], 1e-6), max(box[1], 1e-6)
    if fit == "stretch":
        return min(iw / (w / 72.0), ih / (h / 72.0))
    scale = (max if fit == "cover" else min)(w / iw, h / ih)  # points per pixel
    return 72.0 / scale


def low_resolution(pixels: tuple[int, int], box: tuple[float, float], fit: str) -> str | None:
    """A warning when the art prints below :data:`LOW_PPI` in ``box``; None when sharp enough."""
    ppi = effective_ppi(pixels, box, fit)
    if ppi >= LOW_PPI:
        return None
    mm = (box[0] * 25.4 / 72.0, box[1] * 25.4 / 72.0)
    need = _needed(pixels, box, fit)
    return (f"art prints at {ppi:.0f} ppi ({pixels[0]} x {pixels[1]} px in a {mm[0]:.0f} x {mm[1]:.0f} mm box); "
            f"{LOW_PPI:.0f} ppi or more prints sharp: use at least {need[0]} x {need[1]} px")


def _needed(pixels: tuple[int, int], box: tuple[float, float], fit: str) -> tuple[int, int]:
    factor = LOW_PPI / effective_ppi(pixels, box, fit)
    return (int(pixels[0] * factor + 0.999), int(pixels[1] * factor + 0.999))


def embed_size(pixels: tuple[int, int], box: tuple[float, float], fit: str) -> tuple[int, int]:
    """The pixel size to embed: the image's own, or smaller when it is over :data:`MAX_PPI`."""
    ppi = effective_ppi(pixels, box, fit)
    if ppi <= MAX_PPI:
        return pixels
    factor = MAX_PPI / ppi
    return (max(1, round(pixels[0] * factor)), max(1, round(pixels[1] * factor)))


def printable(im: Image.Image) -> Image.Image:
    """``im`` in a mode ReportLab embeds faithfully: L, LA, RGB or RGBA (8 bits per channel)."""
    if im.mode in SIXTEEN_BIT:
        # 16-bit grey: 65535 is white. Scale, then narrow (a plain convert("L") clips to white).
        return im.convert("I").point(lambda v: v * (255.0 / 65535.0)).convert("L")
    if im.mode in ("L", "RGB", "RGBA", "LA"):
        return im
    if (im.mode == "P" and "transparency" in im.info) or im.mode in ("PA", "La", "RGBa"):
        return im.convert("RGBA")
    if im.mode in ("1",):
        return im.convert("L")
    if im.mode == "F":
        return im.point(lambda v: v * 255.0).convert("L")  # 0.0..1.0 floats
    return im.convert("RGBA" if "A" in im.getbands() else "RGB")


def art_reader(path: Path, size: tuple[int, int] | None = None) -> ImageReader:
    """The image at ``path`` ready to draw, at ``size`` pixels (None: its own size)."""
    stat = path.stat()
    return _reader(str(path), stat.st_size, stat.st_mtime_ns, size)


@lru_cache(maxsize=32)  # decoded images are large: keep only a few
def _reader(path: str, _bytes: int, _mtime: int, size: tuple[int, int] | None) -> ImageReader:
    with Image.open(path) as opened:
        opened.load()
        im = printable(opened)
    if size is not None and size != im.size:
        im = im.resize(size, Image.Resampling.LANCZOS)
    return ImageReader(im)
