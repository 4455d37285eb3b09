"""Raster output: file names from card ids, DPI metadata, transparent corners.

Every file is written through ``atomic_write``: an interrupted export never
leaves a half-written image behind.
"""

from __future__ import annotations

import hashlib
import io
import re
from collections.abc import Sequence
from functools import cache, lru_cache
from pathlib import Path

from PIL import Image, ImageCms, ImageDraw, PngImagePlugin, TiffImagePlugin

from ..errors import ParameterError, Problem
from ..render.atomic import atomic_write
from ..render.piece import Piece

SUPERSAMPLE = 4  # corner masks are drawn this much larger, then reduced (antialiased edge)
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")
EXIF_X_RESOLUTION, EXIF_Y_RESOLUTION, EXIF_RESOLUTION_UNIT = 282, 283, 296


def safe_name(piece_id: str) -> str:
    """A file name stem from a card id: letters, digits, ``._-``; anything else becomes ``_``."""
    name = _UNSAFE.sub("_", piece_id).strip("._") or "card"
    return name


def file_stems(ids: Sequence[str]) -> list[str]:
    """One stem per id; two ids that map to the same file name are an error."""
    stems = [safe_name(i) for i in ids]
    seen: dict[str, str] = {}
    problems = []
    for ident, stem in zip(ids, stems, strict=True):
        if stem.lower() in seen and seen[stem.lower()] != ident:
            problems.append(Problem(f"cards {seen[stem.lower()]!r} and {ident!r} would both be "
                                    f"written to {stem}.*; give them ids that differ in letters or digits"))
        seen.setdefault(stem.lower(), ident)
    if problems:
        raise ParameterError(problems)
    return stems


def size_key(piece: Piece) -> tuple[float, float]:
    """Pieces of one cut size belong together (one TTS deck, one shared back)."""
    return (round(piece.width, 4), round(piece.height, 4))


def group_name(pieces: Sequence[Piece]) -> str:
    """A file-name prefix for a size group: the pieces' common ``kind`` ("tile"), else "WxHmm"."""
    kinds = {getattr(p, "kind", None) for p in pieces}
    kind = kinds.pop() if len(kinds) == 1 else None
    if isinstance(kind, str) and kind:
        return safe_name(kind)
    w, h = size_key(pieces[0])
    return f"{w:g}x{h:g}mm"


def is_round(piece: Piece) -> bool:
    """Round pieces (coins): their images get transparent surroundings when the format allows."""
    return getattr(piece, "shape", None) in ("circle", "round", "disc") or getattr(piece, "kind", None) == "coin"


def digest(image: Image.Image) -> str:
    """A hash of the pixels (equal images, equal digests)."""
    return hashlib.blake2b(image.tobytes(), digest_size=16).hexdigest() + f"{image.size}{image.mode}"


@lru_cache(maxsize=8)
def rounded_mask(size: tuple[int, int], radius_px: float, ellipse: bool = False) -> Image.Image:
    """(Cached: every card of a deck shares it.) An 'L' mask: opaque inside a rounded rectangle (or ellipse), antialiased edge."""
    w, h = size
    big = Image.new("L", (w * SUPERSAMPLE, h * SUPERSAMPLE), 0)
    draw = ImageDraw.Draw(big)
    box = (0, 0, w * SUPERSAMPLE - 1, h * SUPERSAMPLE - 1)
    if ellipse:
        draw.ellipse(box, fill=255)
    else:
        draw.rounded_rectangle(box, radius=max(0.0, radius_px * SUPERSAMPLE), fill=255)
    return big.resize(size, Image.Resampling.LANCZOS)


def with_corners(image: Image.Image, radius_px: float, ellipse: bool = False) -> Image.Image:
    """``image`` with transparent corners outside a rounded rectangle (or ellipse)."""
    out = image.convert("RGBA")
    out.putalpha(rounded_mask(image.size, radius_px, ellipse))
    return out


def _exif_dpi(dpi: float) -> Image.Exif:
    exif = Image.Exif()
    exif[EXIF_X_RESOLUTION] = TiffImagePlugin.IFDRational(round(dpi * 100), 100)
    exif[EXIF_Y_RESOLUTION] = TiffImagePlugin.IFDRational(round(dpi * 100), 100)
    exif[EXIF_RESOLUTION_UNIT] = 2  # inches
    return exif


SRGB_INTENT = 0  # the PNG sRGB chunk's rendering intent: perceptual
SRGB_GAMMA = 45455  # the gAMA value the PNG specification pairs with an sRGB chunk (1/2.2)


def _png_info() -> PngImagePlugin.PngInfo:
    """PNG chunks saying the pixels are sRGB: ``sRGB`` (and ``gAMA`` for older readers)."""
    info = PngImagePlugin.PngInfo()
    info.add(b"sRGB", bytes([SRGB_INTENT]))
    info.add(b"gAMA", SRGB_GAMMA.to_bytes(4, "big"))
    return info


@cache
def srgb_profile() -> bytes:
    """An sRGB ICC profile (LittleCMS's built-in one), embedded in JPEG and WebP files."""
    return bytes(ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes())


def save_image(image: Image.Image, path: Path, fmt: str, dpi: float) -> None:
    """Write ``image`` as ``fmt`` with its DPI recorded (PNG pHYs, JPEG JFIF, WebP EXIF) and
    tagged sRGB (PNG: an sRGB chunk; JPEG and WebP: an sRGB ICC profile), so colour-managed
    viewers and print shops read the colours as they were drawn."""
    with atomic_write(path) as tmp:
        _encode(image, tmp, fmt, dpi)


def image_bytes(image: Image.Image, fmt: str, dpi: float) -> bytes:
    """The bytes :func:`save_image` writes (for an image that goes into an archive)."""
    buffer = io.BytesIO()
    _encode(image, buffer, fmt, dpi)
    return buffer.getvalue()


def _encode(image: Image.Image, out: Path | io.BytesIO, fmt: str, dpi: float) -> None:
    if fmt == "png":
        image.save(out, "PNG", dpi=(dpi, dpi), compress_level=4, pnginfo=_png_info())
    elif fmt == "jpg":
        image.convert("RGB").save(out, "JPEG", dpi=(round(dpi), round(dpi)), quality=95,
                                  subsampling=0, exif=_exif_dpi(dpi), icc_profile=srgb_profile())
    else:
        image.save(out, "WEBP", quality=95, method=2, exif=_exif_dpi(dpi), icc_profile=srgb_profile())


def read_dpi(path: Path) -> float | None:
    """The DPI recorded in an image file (PNG, JPEG or WebP), or None."""
    with Image.open(path) as image:
        found = image.info.get("dpi")
        if found:
            return float(found[0])
        exif = image.getexif()
        if EXIF_X_RESOLUTION in exif:
            value = float(exif[EXIF_X_RESOLUTION])
            return value * 2.54 if exif.get(EXIF_RESOLUTION_UNIT) == 3 else value
    return None
