"""Image files are checked before use: format, dimensions, decompression bombs.

Pillow only reads the header here (plus ``verify()``, which walks the file without
decoding pixels), so a hostile file costs no memory; the result is cached per
file (path, size and modification time).
"""

from __future__ import annotations

import warnings
from functools import lru_cache
from pathlib import Path

# Pillow loads with the first image checked (the deck validation of a deck without icons needs none)
FORMATS = ("PNG", "JPEG", "GIF", "WEBP", "TIFF")  # decoded by Pillow, embedded via art.printable
MAX_SIDE = 20_000  # pixels; a card at 1200 dpi is under 5,000


class ImageProblem(Exception):
    """Why an image file cannot be used (the caller names layout, card and element)."""


def max_pixels() -> int:
    """Pillow's decompression-bomb limit (``Image.MAX_IMAGE_PIXELS``), or 89 M if unset."""
    from PIL import Image

    return int(Image.MAX_IMAGE_PIXELS or 89_478_485)


def check_image(path: Path) -> tuple[int, int]:
    """(width, height) of a usable image; ImageProblem otherwise."""
    stat = path.stat()
    return _check(str(path), stat.st_size, stat.st_mtime_ns)


@lru_cache(maxsize=1024)
def _check(path: str, size: int, mtime: int) -> tuple[int, int]:
    from PIL import Image  # loaded when the first image is checked

    limit = max_pixels()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(path) as im:
                fmt, (w, h) = im.format, im.size
                if fmt not in FORMATS:
                    raise ImageProblem(f"{fmt or 'unknown'} images are not supported; use "
                                       f"{', '.join(FORMATS)}")
                if w < 1 or h < 1 or w > MAX_SIDE or h > MAX_SIDE:
                    raise ImageProblem(f"{w} x {h} pixels is outside 1..{MAX_SIDE} per side")
                if w * h > limit:
                    raise ImageProblem(f"{w} x {h} pixels is over the {limit:,}-pixel limit "
                                       "(a decompression bomb?)")
                im.verify()
    except ImageProblem:
        raise
    except (Image.DecompressionBombError, Image.DecompressionBombWarning) as exc:
        raise ImageProblem(f"too many pixels (a decompression bomb?): {exc}") from None
    except Exception as exc:  # UnidentifiedImageError, truncated or corrupt data, ...
        raise ImageProblem(f"not a readable image ({type(exc).__name__}: {exc})") from None
    return w, h
