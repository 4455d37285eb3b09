"""CMYK output for print shops (``--color cmyk``): one conversion, applied by the canvas.

Every drawer sets RGB colours; :class:`CmykCanvas` converts them as they are set,
so cards, piecepack pieces, crop marks and proof stamps all come out in CMYK
without any drawer knowing. The conversion (``docs/images.md``, "PDF/X-1a for
DriveThruCards"):

- a neutral grey ``r == g == b`` (black text, hairlines, crop marks) goes to the
  black ink alone, so small text and thin lines print in one ink: its L* is
  scaled from sRGB's 0..100 to the range black ink reaches on the profile's
  paper and matched on the profile's black-ink ramp (black -> K 100 %);
- every other colour goes through ICC colour management, from sRGB to the
  bundled CMYK profile (:data:`PROFILE`), relative colorimetric with black-point
  compensation, computed once per distinct 8-bit colour and cached;
- the total ink of any colour or pixel is capped at 240 % (DriveThruCards' limit;
  a dark colour's C, M and Y are scaled down, its K kept);
- PDF/X-1a forbids transparency: a translucent colour (``#RRGGBBAA``, or an
  alpha set with ``setFillAlpha``) is printed as a tint over the paper, its
  CMYK values times its alpha (exact over white, lighter than the screen
  version over a coloured background);
- raster art goes through the same ICC transform into a CMYK image; its
  transparency becomes a hard-edged colour-key mask (pixels under 50 % alpha
  are left out, the others are flattened over white) instead of a soft mask.

The document gets an OutputIntent (``/GTS_PDFX``) carrying the profile and the
PDF/X-1a:2001 keys in its Info dictionary; it stays PDF 1.3.
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any

import numpy as np
from PIL import Image, ImageCms
from reportlab.lib.colors import CMYKColor, Color, toColor
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase.pdfdoc import (
    PDFArray,
    PDFDate,
    PDFDictionary,
    PDFInfo,
    PDFName,
    PDFStream,
    PDFString,
    PDFZCompress,
)

from ..paths import icc_dir
from .streaming import StreamingCanvas

COLORS = ("rgb", "cmyk")
PROFILE = "Artifex-CMYK-SWOP.icc"  # Ghostscript's default CMYK profile (AGPL-3+, icc/LICENSE-*)
CONDITION = "Artifex CMYK SWOP Profile (SWOP-like US web offset, coated paper)"
PDFX_VERSION = "PDF/X-1:2001"
PDFX_CONFORMANCE = "PDF/X-1a:2001"
TOTAL_INK = 2.4  # DriveThruCards' limit: C + M + Y + K at most 240 %
MASK_KEY = (1, 0, 0, 0)  # the CMYK pixel value (0..255) that marks transparent image pixels

CMYK = tuple[float, float, float, float]


@cache
def profile_bytes() -> bytes:
    return (icc_dir() / PROFILE).read_bytes()


@cache
def _transform() -> ImageCms.ImageCmsTransform:
    srgb = ImageCms.createProfile("sRGB")
    cmyk = ImageCms.getOpenProfile(str(icc_dir() / PROFILE))
    return ImageCms.buildTransform(srgb, cmyk, "RGB", "CMYK",
                                   renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
                                   flags=ImageCms.Flags.BLACKPOINTCOMPENSATION)


@lru_cache(maxsize=4096)
def rgb8_to_cmyk(r: int, g: int, b: int) -> CMYK:
    """An 8-bit sRGB colour as CMYK fractions (greys: black ink only)."""
    if r == g == b:
        return (0.0, 0.0, 0.0, grey_to_k(r))
    pixel = ImageCms.applyTransform(Image.new("RGB", (1, 1), (r, g, b)), _transform())
    assert pixel is not None
    c, m, y, k = pixel.getpixel((0, 0))  # type: ignore[misc]
    return limit_ink((c / 255, m / 255, y / 255, k / 255))


def limit_ink(cmyk: CMYK) -> CMYK:
    """``cmyk`` with its total ink capped at :data:`TOTAL_INK`: C, M and Y scaled down, K kept."""
    c, m, y, k = cmyk
    if c + m + y + k <= TOTAL_INK:
        return cmyk
    f = max(0.0, TOTAL_INK - k) / (c + m + y)
    return (c * f, m * f, y * f, k)


@cache
def _k_lightness() -> np.ndarray:
    """L* of black ink alone at 0..255 through the profile (falls from 100 to the ink's darkest)."""
    cmyk = ImageCms.getOpenProfile(str(icc_dir() / PROFILE))
    to_lab = ImageCms.buildTransform(cmyk, ImageCms.createProfile("LAB"), "CMYK", "LAB",
                                     renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC)
    ramp = Image.frombytes("CMYK", (256, 1), bytes(v for k in range(256) for v in (0, 0, 0, k)))
    lab = ImageCms.applyTransform(ramp, to_lab)
    assert lab is not None
    lightness = np.asarray(lab)[0, :, 0].astype(float) * 100 / 255
    return np.minimum.accumulate(lightness)  # strictly the darker the more ink


def grey_to_k(v: int) -> float:
    """The black-ink amount for the 8-bit sRGB grey ``v``: its lightness (L*), scaled from
    sRGB's 0..100 to the black ink's range on paper (black-point compensation), matched."""
    linear = v / 255 / 12.92 if v <= 10 else ((v / 255 + 0.055) / 1.055) ** 2.4
    source = 116 * linear ** (1 / 3) - 16 if linear > 216 / 24389 else linear * 24389 / 27
    inked = _k_lightness()
    target = inked[-1] + (100 - inked[-1]) * source / 100
    k = float(np.interp(target, inked[::-1], np.arange(255, -1, -1)))
    return round(k / 255, 4)


def to_cmyk(color: Any) -> CMYK:
    """Any colour ReportLab accepts (Color, CMYKColor, 3- or 4-tuple, name) as CMYK."""
    if isinstance(color, str):
        color = toColor(color)
    if isinstance(color, CMYKColor):
        d = color.density
        return (d * color.cyan, d * color.magenta, d * color.yellow, d * color.black)
    if isinstance(color, Color):
        color = (color.red, color.green, color.blue)
    if isinstance(color, (tuple, list)) and len(color) == 4:
        return tuple(float(v) for v in color)  # type: ignore[return-value]
    if isinstance(color, (tuple, list)) and len(color) == 3:
        r, g, b = (max(0, min(255, round(float(v) * 255))) for v in color)
        return rgb8_to_cmyk(r, g, b)
    raise ValueError(f"unknown colour {color!r}")


def tint(cmyk: CMYK, alpha: float) -> CMYK:
    """``cmyk`` at ``alpha`` over white paper: every ink scaled by alpha."""
    if alpha >= 1:
        return cmyk
    a = max(0.0, alpha)
    return (cmyk[0] * a, cmyk[1] * a, cmyk[2] * a, cmyk[3] * a)


def cmyk_image(im: Image.Image) -> tuple[Image.Image, list[int] | None]:
    """``im`` as a CMYK image, and the colour-key mask for its transparent pixels (or None)."""
    im.load()
    if im.mode == "CMYK":
        return im, None
    alpha = None
    if im.mode in ("RGBA", "LA", "PA") or "transparency" in im.info:
        rgba = im.convert("RGBA")
        alpha = rgba.getchannel("A")
        rgb = Image.new("RGB", im.size, (255, 255, 255))
        rgb.paste(rgba.convert("RGB"), mask=alpha)  # partly transparent pixels over white
    else:
        rgb = im.convert("RGB")
    cmyk = ImageCms.applyTransform(rgb, _transform())
    assert cmyk is not None
    pixels = _limit_ink_pixels(np.array(cmyk))
    holes = None if alpha is None else np.asarray(alpha) < 128
    if holes is None or not holes.any():
        return Image.fromarray(pixels, "CMYK"), None
    key = np.array(MASK_KEY, dtype=np.uint8)
    clash = (pixels == key).all(axis=-1) & ~holes
    pixels[clash, 0] += 1  # an opaque pixel that happens to be the key colour stays visible
    pixels[holes] = key
    return Image.fromarray(pixels, "CMYK"), [v for c in MASK_KEY for v in (c, c)]


def _limit_ink_pixels(pixels: np.ndarray) -> np.ndarray:
    """:func:`limit_ink` for every pixel of an (h, w, 4) uint8 CMYK array."""
    ink = pixels.astype(np.int32)
    cmy = ink[..., :3].sum(axis=-1)
    room = np.maximum(0, int(TOTAL_INK * 255) - ink[..., 3])
    over = cmy > room
    if not over.any():
        return pixels
    factor = np.where(over, room / np.maximum(cmy, 1), 1.0)
    ink[..., :3] = np.floor(ink[..., :3] * factor[..., None])
    return ink.astype(np.uint8)


class _PdfxInfo(PDFInfo):
    """The Info dictionary with the PDF/X version and conformance keys added."""

    def format(self, document: Any) -> bytes:
        keys = {"Title": PDFString(self.title), "Author": PDFString(self.author),
                "CreationDate": PDFDate(ts=document._timeStamp, dateFormatter=self._dateFormatter),
                "Producer": PDFString(self.producer), "Creator": PDFString(self.creator),
                "Subject": PDFString(self.subject), "Keywords": PDFString(self.keywords),
                "Trapped": PDFName(self.trapped),
                "GTS_PDFXVersion": PDFString(PDFX_VERSION),
                "GTS_PDFXConformance": PDFString(PDFX_CONFORMANCE)}
        keys["ModDate"] = keys["CreationDate"]
        return PDFDictionary(keys).format(document)  # type: ignore[no-any-return]


class CmykCanvas(StreamingCanvas):
    """A canvas that writes every colour as CMYK (``k``/``K``) and never transparency."""

    STATE_ATTRIBUTES = [*StreamingCanvas.STATE_ATTRIBUTES, "_cmyk_fill", "_cmyk_stroke"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self._cmyk_fill: tuple[CMYK, float] = ((0.0, 0.0, 0.0, 1.0), 1.0)
        self._cmyk_stroke: tuple[CMYK, float] = ((0.0, 0.0, 0.0, 1.0), 1.0)
        self._cmyk_images: dict[int, tuple[object, ImageReader, list[int] | None]] = {}
        super().__init__(*args, **kwargs)
        # text objects (beginText) convert through this; alpha=None: no transparency state
        self._enforceColorSpace = lambda color: CMYKColor(*tint(to_cmyk(color), _alpha(color)),
                                                          alpha=None)
        info = _PdfxInfo()
        info.__dict__.update(self._doc.info.__dict__)
        self._doc.info = info
        _add_output_intent(self)

    def init_graphics_state(self) -> None:
        super().init_graphics_state()
        self._cmyk_fill = self._cmyk_stroke = ((0.0, 0.0, 0.0, 1.0), 1.0)

    # colours -------------------------------------------------------------
    def setFillColor(self, aColor: Any, alpha: float | None = None) -> None:
        a = alpha if alpha is not None else getattr(aColor, "alpha", None)
        self._cmyk_fill = (to_cmyk(aColor), self._cmyk_fill[1] if a is None else float(a))
        self._write("k")

    def setStrokeColor(self, aColor: Any, alpha: float | None = None) -> None:
        a = alpha if alpha is not None else getattr(aColor, "alpha", None)
        self._cmyk_stroke = (to_cmyk(aColor), self._cmyk_stroke[1] if a is None else float(a))
        self._write("K")

    def setFillGray(self, gray: float, alpha: float | None = None) -> None:
        self.setFillColor((gray, gray, gray), alpha)

    def setStrokeGray(self, gray: float, alpha: float | None = None) -> None:
        self.setStrokeColor((gray, gray, gray), alpha)

    def setFillAlpha(self, a: float) -> None:
        self._cmyk_fill = (self._cmyk_fill[0], float(a))
        self._write("k")

    def setStrokeAlpha(self, a: float) -> None:
        self._cmyk_stroke = (self._cmyk_stroke[0], float(a))
        self._write("K")

    def _write(self, op: str) -> None:
        base, alpha = self._cmyk_fill if op == "k" else self._cmyk_stroke
        c = tint(base, alpha)
        if op == "k":
            self._fillColorObj = CMYKColor(*c)
        else:
            self._strokeColorObj = CMYKColor(*c)
        self._code.append(" ".join(_num(v) for v in c) + " " + op)

    # images --------------------------------------------------------------
    def drawImage(self, image: Any, x: float, y: float, width: float | None = None,
                  height: float | None = None, mask: Any = None, **kwargs: Any) -> Any:
        """The image converted to CMYK once per source; ``mask`` becomes a colour-key mask."""
        cached = self._cmyk_images.get(id(image))
        if cached is None or cached[0] is not image:
            reader = image if isinstance(image, ImageReader) else ImageReader(image)
            pil = reader._image if getattr(reader, "_image", None) is not None else None
            if pil is None:
                pil = Image.open(reader.fileName)  # type: ignore[attr-defined]
            converted, key = cmyk_image(pil)
            cached = (image, ImageReader(converted), key)
            self._cmyk_images[id(image)] = cached
        _, reader, key = cached
        return super().drawImage(reader, x, y, width, height, mask=key, **kwargs)


def _alpha(color: Any) -> float:
    a = getattr(color, "alpha", None)
    return 1.0 if a is None else float(a)


def _num(v: float) -> str:
    text = f"{v:.4f}".rstrip("0").rstrip(".")
    return text if text not in ("", "-0") else "0"


def _add_output_intent(canvas: CmykCanvas) -> None:
    """Put a ``/GTS_PDFX`` OutputIntent with the bundled CMYK profile into the catalog."""
    doc = canvas._doc
    profile = PDFStream(PDFDictionary({"N": 4}), profile_bytes(), filters=[PDFZCompress])
    intent = PDFDictionary({
        "Type": PDFName("OutputIntent"),
        "S": PDFName("GTS_PDFX"),
        "OutputConditionIdentifier": PDFString("Custom"),
        "OutputCondition": PDFString(CONDITION),
        "Info": PDFString(CONDITION),
        "RegistryName": PDFString("http://www.color.org"),
        "DestOutputProfile": doc.Reference(profile),
    })
    catalog = doc.Catalog
    catalog.__NoDefault__ = [*catalog.__NoDefault__, "OutputIntents"]
    catalog.OutputIntents = PDFArray([intent])
