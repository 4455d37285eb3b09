"""The bundled fonts (fonts/), registered with ReportLab and always embedded.

Only TrueType fonts from fonts/ (or a file a layout names) are used, so every
PDF embeds its fonts; the standard PDF base-14 fonts are refused.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from types import MappingProxyType

from reportlab.lib.fonts import addMapping, ps2tt, tt2ps
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFError, TTFont

from ..errors import Problem, RenderError
from ..paths import fonts_dir

SANS = "Roboto"
SANS_BOLD = "Roboto-Bold"
SANS_ITALIC = "Roboto-Italic"
SANS_MEDIUM = "Roboto-Medium"
CONDENSED = "RobotoCondensed"
CONDENSED_BOLD = "RobotoCondensed-Bold"
DEJAVU = "DejaVuSans"
DEJAVU_BOLD = "DejaVuSans-Bold"
SERIF = "DejaVuSerif"
SERIF_BOLD = "DejaVuSerif-Bold"
CJK = "DroidSansFallback"  # Chinese, Japanese (and Korean Hanja); registered only when a text needs it
HANGUL = "NanumSquare"  # Korean: all 11,172 Hangul syllables and the jamo; registered on demand

# font name -> file in fonts/
FONT_FILES: Mapping[str, str] = MappingProxyType(
    {
        SANS: "Roboto-Regular.ttf",
        SANS_BOLD: "Roboto-Bold.ttf",
        SANS_ITALIC: "Roboto-Italic.ttf",
        SANS_MEDIUM: "Roboto-Medium.ttf",
        CONDENSED: "RobotoCondensed-Regular.ttf",
        CONDENSED_BOLD: "RobotoCondensed-Bold.ttf",
        DEJAVU: "DejaVuSans.ttf",
        DEJAVU_BOLD: "DejaVuSans-Bold.ttf",
        SERIF: "DejaVuSerif.ttf",
        SERIF_BOLD: "DejaVuSerif-Bold.ttf",
    }
)

# Fonts tried, in order (in the text's bold or italic face), for a character the text's
# own font lacks; then the project's fonts
# own font lacks; then the project's fonts. A Hangul character tries HANGUL before CJK
# (Droid Sans Fallback has 3 of the 11,172 syllables: a word would mix two designs)
FALLBACKS: tuple[str, ...] = (DEJAVU, SERIF, SANS, CJK, HANGUL)
# Hangul Jamo, compatibility jamo, Jamo Extended-A, syllables, Jamo Extended-B
HANGUL_RANGES = ((0x1100, 0x11FF), (0x3130, 0x318F), (0xA960, 0xA97F), (0xAC00, 0xD7AF), (0xD7B0, 0xD7FF))
_LAZY: Mapping[str, str] = MappingProxyType({CJK: "DroidSansFallbackFull.ttf",  # 4 MB: on demand
                                             HANGUL: "NanumSquareR.ttf"})  # 0.7 MB
ON_DEMAND: tuple[str, ...] = tuple(_LAZY)  # parsed the first time a character needs one (not at start)


def is_hangul(ch: str) -> bool:
    """Is ``ch`` a Korean letter (a Hangul syllable or jamo)?"""
    o = ord(ch)
    return any(a <= o <= b for a, b in HANGUL_RANGES)

# family -> (regular, bold, italic, bold italic), so <b>/<i> work in paragraphs
_FAMILIES = {
    SANS: (SANS, SANS_BOLD, SANS_ITALIC, SANS_BOLD),
    CONDENSED: (CONDENSED, CONDENSED_BOLD, CONDENSED, CONDENSED_BOLD),
    DEJAVU: (DEJAVU, DEJAVU_BOLD, DEJAVU, DEJAVU_BOLD),
    SERIF: (SERIF, SERIF_BOLD, SERIF, SERIF_BOLD),
}

_registered: set[str] = set()


def register_fonts() -> None:
    """Register every bundled font with ReportLab (idempotent, cheap after the first call)."""
    if len(_registered) >= len(FONT_FILES):
        return
    folder = fonts_dir()
    for name, filename in FONT_FILES.items():
        if name in _registered:
            continue
        path = folder / filename
        if not path.is_file():
            raise RenderError(Problem(f"bundled font {name!r} is missing", path))
        pdfmetrics.registerFont(TTFont(name, str(path)))
        _registered.add(name)
    for family, (regular, bold, italic, bold_italic) in _FAMILIES.items():
        addMapping(family, 0, 0, regular)
        addMapping(family, 1, 0, bold)
        addMapping(family, 0, 1, italic)
        addMapping(family, 1, 1, bold_italic)


def font_names() -> tuple[str, ...]:
    """Every font name a layout may use (bundled plus registered font files)."""
    return tuple(sorted(_registered | set(FONT_FILES) | set(_LAZY)))


def ensure_font(name: str) -> bool:
    """Register ``name`` if it is a bundled font loaded on demand; is it usable now?"""
    if name in _registered:
        return True
    filename = _LAZY.get(name)
    if filename is None:
        return False
    path = fonts_dir() / filename
    if not path.is_file():
        raise RenderError(Problem(f"bundled font {name!r} is missing", path))
    pdfmetrics.registerFont(TTFont(name, str(path)))
    _registered.add(name)
    return True


def project_fonts(paths: Iterable[Path]) -> tuple[str, ...]:
    """Register a project's own font files (a deck's ``fonts:``), each named by its file
    stem; layouts use them by that name and they end the text's fallback chain."""
    return tuple(register_font_file(p) for p in paths)


def variant(font: str, bold: bool, italic: bool) -> tuple[str, bool, bool]:
    """The face of ``font``'s family for bold/italic text: (font, fake bold, fake italic).

    Families known to ReportLab (the bundled ones) map directly; a project font
    ``MyFont`` finds ``MyFont-Bold``, ``MyFont-Italic``, ``MyFont-BoldItalic`` when
    registered. A face that does not exist is imitated (stroked or slanted).
    """
    if not bold and not italic:
        return font, False, False
    try:
        family = ps2tt(font)[0]
        bold, italic = bold or "bold" in font.lower(), italic or "italic" in font.lower()
        face = tt2ps(family, int(bold), int(italic))
    except ValueError:
        base = font.removesuffix("-Regular")
        wanted = "-Bold" * bold + "-Italic" * italic
        candidates = [base + wanted, base + wanted.replace("-Bold-Italic", "-BoldItalic")]
        face = next((c for c in candidates if c in _registered), font)
    has_bold = any(k in face.lower() for k in ("bold", "black", "heavy"))
    has_italic = any(k in face.lower() for k in ("italic", "oblique"))
    return face, bold and not has_bold, italic and not has_italic


def register_font_file(path: Path, name: str | None = None) -> str:
    """Register a user TrueType font file; returns the name to use."""
    register_fonts()
    font = name or path.stem
    try:
        st = path.stat()
        stamp: tuple[str, int, int] | None = (str(path.resolve()), st.st_size, st.st_mtime_ns)
    except OSError:
        stamp = None
    if font in _registered and (font not in _files or _files[font] == stamp):
        return font  # (a file replaced since, as `watch` sees it, is registered again)
    if stamp is None or not path.is_file():
        raise RenderError(Problem("font file not found", path))
    if font in _files:  # replaced since: ReportLab keeps the first font of a name, so forget the old file's
        old = pdfmetrics._fonts.pop(font, None)
        for face in [k for k, v in pdfmetrics._dynFaceNames.items() if v is old]:
            del pdfmetrics._dynFaceNames[face]
    try:
        pdfmetrics.registerFont(TTFont(font, str(path)))
    except TTFError as exc:
        raise RenderError(Problem(f"not a usable TrueType font: {exc}", path)) from None
    except Exception as exc:  # a hostile or truncated font file fails in many ways (struct.error, ...)
        raise RenderError(Problem(f"not a usable TrueType font ({type(exc).__name__}: {exc})", path)) from None
    _registered.add(font)
    _files[font] = stamp
    return font


_files: dict[str, tuple[str, int, int] | None] = {}  # a project font's name -> its file when registered


def resolve_font(name: str, *, where: str = "") -> str:
    """Check that ``name`` is a registered, embeddable font; RenderError naming ``where`` if not."""
    register_fonts()
    if ensure_font(name):
        return name
    prefix = f"{where}: " if where else ""
    raise RenderError(
        f"{prefix}unknown font {name!r}; available fonts: {', '.join(font_names())}"
    )


def text_width(text: str, font: str, size: float) -> float:
    """Width in points of ``text`` set in ``font`` at ``size`` points."""
    return float(pdfmetrics.stringWidth(text, font, size))
