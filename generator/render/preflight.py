"""Preflight: open a produced PDF and check what a print shop checks before printing.

``preflight(path)`` reads the file with pypdf (every page's content stream and the
form XObjects it draws, with the transformation matrix followed through ``q``/``Q``/
``cm`` and form ``/Matrix``) and returns one :class:`Check` per point:

- ``pdf``: the file opens as a PDF (else the only check, a failure);
- ``page boxes``: every page has a TrimBox (or ArtBox) and a BleedBox, the BleedBox
  inside the MediaBox and the TrimBox inside the BleedBox;
- ``fonts``: every font is embedded (``/FontFile``, ``/FontFile2`` or ``/FontFile3``;
  Type 3 fonts carry their glyphs);
- ``colour``: the colour spaces the drawing uses (operators and images); in a PDF/X
  file anything but DeviceCMYK and DeviceGray is a failure, in another file RGB is
  noted;
- ``transparency``: soft masks, constant alpha below 1 or blend modes (a failure in
  PDF/X-1a, a note otherwise);
- ``total ink``: the largest C + M + Y + K, computed from the drawing colours (every
  ``k``/``K``/``sc``/``scn`` in DeviceCMYK, and every pixel of every CMYK image);
  the registration colour (all four inks at 100 %) set for strokes is left out: it
  is the crop marks', outside the bleed, cut away. Above the limit (240 %:
  DriveThruCards') is a failure. RGB files have no ink to measure;
- ``images``: the resolution of every image at the size it is placed (pixels over
  inches on the page): under 300 ppi a warning, under 150 a failure;
- ``page sizes``: every MediaBox the same paper (either way round);
- ``PDF/X``: an OutputIntent ``/GTS_PDFX`` with a destination profile, the Info keys
  ``GTS_PDFXVersion``, ``GTS_PDFXConformance`` and ``Trapped``, the trailer ``/ID``,
  and PDF 1.3 for PDF/X-1a; a file without an OutputIntent is not PDF/X (a warning:
  a print shop that asks for PDF/X will refuse it).

A file's status is its worst check: ``fail`` (exit code 2), ``warn`` (1) or ``pass`` (0).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import numpy as np
from pypdf import PdfReader
from pypdf.errors import PdfReadError
from pypdf.generic import ContentStream

from .cmyk import REGISTRATION, TOTAL_INK

Status = Literal["pass", "warn", "fail"]
RANK: dict[str, int] = {"pass": 0, "warn": 1, "fail": 2}
MIN_PPI_WARN = 300.0
MIN_PPI_FAIL = 150.0
PT_TOLERANCE = 0.01  # points: boxes compared to within this
Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
_SPACES = {b"rg": "DeviceRGB", b"RG": "DeviceRGB", b"g": "DeviceGray", b"G": "DeviceGray",
           b"k": "DeviceCMYK", b"K": "DeviceCMYK"}
_PDFX_SPACES = {"DeviceCMYK", "DeviceGray", "Separation", "DeviceN", "Pattern"}


@dataclass(frozen=True)
class Check:
    name: str
    status: Status
    detail: str


@dataclass(frozen=True)
class Preflight:
    """The checks of one file."""

    path: Path
    pages: int
    pdfx: bool
    checks: tuple[Check, ...]

    @property
    def status(self) -> Status:
        return max((c.status for c in self.checks), key=RANK.__getitem__, default="pass")

    @property
    def exit_code(self) -> int:
        return RANK[self.status]

    def as_dict(self) -> dict[str, Any]:
        return {"file": str(self.path), "status": self.status, "pages": self.pages, "pdfx": self.pdfx,
                "checks": [{"name": c.name, "status": c.status, "detail": c.detail} for c in self.checks]}


@dataclass
class _Scan:
    """What the content streams use, gathered in one walk."""

    spaces: set[str] = field(default_factory=set)
    max_ink: float = 0.0
    ink_where: str = ""
    fonts: dict[int, tuple[str, bool]] = field(default_factory=dict)  # object id -> (name, embedded)
    images: list[tuple[int, str, float]] = field(default_factory=list)  # page, name, ppi
    transparency: set[str] = field(default_factory=set)
    seen_images: dict[int, float] = field(default_factory=dict)  # image id -> its largest pixel ink


def _mul(m: Matrix, n: Matrix) -> Matrix:
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def _box(page: Any, name: str) -> tuple[float, float, float, float] | None:
    raw = page.get(name)
    if raw is None:
        return None
    x0, y0, x1, y1 = (float(v) for v in raw)
    return min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)


def _inside(inner: tuple[float, ...], outer: tuple[float, ...]) -> bool:
    return (inner[0] >= outer[0] - PT_TOLERANCE and inner[1] >= outer[1] - PT_TOLERANCE
            and inner[2] <= outer[2] + PT_TOLERANCE and inner[3] <= outer[3] + PT_TOLERANCE)


def _pages_list(numbers: Iterable[int]) -> str:
    nums = sorted(set(numbers))
    shown = ", ".join(str(n) for n in nums[:8])
    return f"page{'s' if len(nums) > 1 else ''} {shown}{' ...' if len(nums) > 8 else ''}"


def _check_boxes(reader: PdfReader) -> Check:
    missing: list[int] = []
    outside: list[int] = []
    for number, page in enumerate(reader.pages, 1):
        media = _box(page, "/MediaBox")
        trim = _box(page, "/TrimBox") or _box(page, "/ArtBox")
        bleed = _box(page, "/BleedBox")
        if trim is None or bleed is None:
            missing.append(number)
        elif media is None or not _inside(bleed, media) or not _inside(trim, bleed):
            outside.append(number)
    if missing:
        return Check("page boxes", "fail", f"no TrimBox/BleedBox on {_pages_list(missing)}")
    if outside:
        return Check("page boxes", "fail", f"TrimBox outside the BleedBox or BleedBox outside the MediaBox "
                                           f"on {_pages_list(outside)}")
    return Check("page boxes", "pass", f"TrimBox and BleedBox on all {len(reader.pages)} pages")


def _font_embedded(font: Any) -> tuple[str, bool]:
    name = str(font.get("/BaseFont", font.get("/Name", "?"))).lstrip("/")
    if font.get("/Subtype") == "/Type3":
        return name, True
    for descendant in font.get("/DescendantFonts") or []:
        font = descendant.get_object()
    descriptor = font.get("/FontDescriptor")
    descriptor = descriptor.get_object() if descriptor is not None else {}
    return name, any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3"))


def _space_name(space: Any) -> str:
    space = space.get_object() if hasattr(space, "get_object") else space
    if isinstance(space, list) and space:
        space = space[0]
    return str(space).lstrip("/")


def _image_ink(image: Any) -> float:
    """The largest C + M + Y + K (0..4) of any pixel of a CMYK image."""
    try:
        pil = image.decode_as_image()
    except Exception:  # an image pypdf cannot decode: its ink is not measured
        return 0.0
    if pil is None or pil.mode != "CMYK":
        return 0.0
    pixels = np.asarray(pil, dtype=np.int32)
    return float(pixels.sum(axis=-1).max()) / 255


def _walk(reader: PdfReader, number: int, contents: Any, resources: Any, ctm: Matrix, scan: _Scan,
          depth: int = 0) -> None:
    """Follow one content stream (a page or a form): colours, fonts, images and where they land."""
    if depth > 16:  # a form drawing itself: stop
        return
    resources = resources.get_object() if resources is not None else {}
    xobjects = (resources.get("/XObject") or {})
    xobjects = xobjects.get_object() if hasattr(xobjects, "get_object") else xobjects
    for ref in (resources.get("/Font") or {}).values():
        font = ref.get_object()
        key = getattr(ref, "idnum", id(font))
        if key not in scan.fonts:
            scan.fonts[key] = _font_embedded(font)
    for ref in (resources.get("/ExtGState") or {}).values():
        state = ref.get_object()
        if state.get("/SMask") not in (None, "/None"):
            scan.transparency.add("soft mask")
        for key in ("/CA", "/ca"):
            if key in state and float(state[key]) < 1:
                scan.transparency.add("constant alpha below 1")
        if state.get("/BM") not in (None, "/Normal", "/Compatible"):
            scan.transparency.add(f"blend mode {state.get('/BM')}")
    named_spaces = resources.get("/ColorSpace") or {}
    stack: list[Matrix] = [ctm]
    fill_space = stroke_space = "DeviceGray"
    for operands, op in ContentStream(contents, reader).operations:
        if op == b"q":
            stack.append(stack[-1])
        elif op == b"Q":
            if len(stack) > 1:
                stack.pop()
        elif op == b"cm":
            stack[-1] = _mul(tuple(float(v) for v in operands), stack[-1])  # type: ignore[arg-type]
        elif op in _SPACES:
            scan.spaces.add(_SPACES[op])
            if op in (b"k", b"K"):
                inks = tuple(float(v) for v in operands)
                _ink(scan, inks, stroke=op == b"K", number=number)
        elif op in (b"cs", b"CS"):
            name = str(operands[0])
            space = _space_name(named_spaces.get(name)) if name in named_spaces else name.lstrip("/")
            scan.spaces.add(space)
            if op == b"cs":
                fill_space = space
            else:
                stroke_space = space
        elif op in (b"sc", b"scn", b"SC", b"SCN"):
            space = fill_space if op in (b"sc", b"scn") else stroke_space
            numbers = [float(v) for v in operands if isinstance(v, (int, float)) or hasattr(v, "as_numeric")]
            if space == "DeviceCMYK" and len(numbers) == 4:
                _ink(scan, tuple(numbers), stroke=op in (b"SC", b"SCN"), number=number)
        elif op == b"INLINE IMAGE":
            scan.spaces.add("inline image")
        elif op == b"Do":
            name = str(operands[0])
            ref = xobjects.get(name)
            if ref is None:
                continue
            obj = ref.get_object()
            if obj.get("/Subtype") == "/Image":
                _image(scan, number, name, obj, getattr(ref, "idnum", id(obj)), stack[-1])
            elif obj.get("/Subtype") == "/Form":
                matrix = tuple(float(v) for v in obj.get("/Matrix", IDENTITY))
                _walk(reader, number, obj, obj.get("/Resources") or resources,
                      _mul(matrix, stack[-1]), scan, depth + 1)  # type: ignore[arg-type]


def _ink(scan: _Scan, inks: tuple[float, ...], *, stroke: bool, number: int) -> None:
    if stroke and inks == REGISTRATION:
        return  # crop marks: every plate, outside the bleed
    total = sum(inks)
    if total > scan.max_ink + 1e-9:
        scan.max_ink = total
        scan.ink_where = f"page {number}"


def _image(scan: _Scan, number: int, name: str, image: Any, key: int, ctm: Matrix) -> None:
    space = _space_name(image.get("/ColorSpace", "/DeviceGray")) if not image.get("/ImageMask") else "mask"
    if space != "mask":
        scan.spaces.add(space)
    if image.get("/SMask") is not None:
        scan.transparency.add("image soft mask")
    width_in = math.hypot(ctm[0], ctm[1]) / 72
    height_in = math.hypot(ctm[2], ctm[3]) / 72
    if width_in > 0 and height_in > 0:
        ppi = min(float(image.get("/Width", 0)) / width_in, float(image.get("/Height", 0)) / height_in)
        scan.images.append((number, name.lstrip("/"), ppi))
    if space == "DeviceCMYK":
        if key not in scan.seen_images:
            scan.seen_images[key] = _image_ink(image)
        if scan.seen_images[key] > scan.max_ink + 1e-9:
            scan.max_ink = scan.seen_images[key]
            scan.ink_where = f"an image on page {number}"


def _check_fonts(scan: _Scan) -> Check:
    missing = sorted({name for name, embedded in scan.fonts.values() if not embedded})
    if missing:
        return Check("fonts", "fail", f"not embedded: {', '.join(missing)}")
    return Check("fonts", "pass", f"all {len(scan.fonts)} embedded" if scan.fonts else "no text")


def _check_colour(scan: _Scan, pdfx: bool) -> Check:
    used = ", ".join(sorted(scan.spaces)) or "none"
    if pdfx:
        bad = sorted(scan.spaces - _PDFX_SPACES)
        if bad:
            return Check("colour", "fail", f"{', '.join(bad)} in a PDF/X file (only CMYK and grey allowed)")
        return Check("colour", "pass", used)
    if "DeviceRGB" in scan.spaces or "ICCBased" in scan.spaces:
        return Check("colour", "warn", f"{used}: RGB, for screens and home printers "
                                       "(--color cmyk for a print shop)")
    return Check("colour", "pass", used)


def _check_transparency(scan: _Scan, pdfx: bool) -> Check:
    if not scan.transparency:
        return Check("transparency", "pass", "none")
    found = ", ".join(sorted(scan.transparency))
    return Check("transparency", "fail" if pdfx else "warn", f"{found}"
                 + (" (PDF/X-1a forbids transparency)" if pdfx else ""))


def _check_ink(scan: _Scan, limit: float) -> Check:
    if "DeviceCMYK" not in scan.spaces:
        return Check("total ink", "pass", "no CMYK colour to measure")
    percent = scan.max_ink * 100
    detail = f"max {percent:.0f} % ({scan.ink_where}), limit {limit * 100:.0f} %"
    return Check("total ink", "fail" if scan.max_ink > limit + 1e-4 else "pass", detail)


def _check_images(scan: _Scan) -> Check:
    if not scan.images:
        return Check("images", "pass", "no images")
    page, name, ppi = min(scan.images, key=lambda i: i[2])
    detail = f"{len(scan.images)} placed, lowest {ppi:.0f} ppi ({name} on page {page})"
    if ppi < MIN_PPI_FAIL:
        return Check("images", "fail", f"{detail}: under {MIN_PPI_FAIL:.0f} ppi prints blurred")
    if ppi < MIN_PPI_WARN:
        return Check("images", "warn", f"{detail}: under {MIN_PPI_WARN:.0f} ppi")
    return Check("images", "pass", detail)


def _check_sizes(reader: PdfReader) -> Check:
    sizes: dict[tuple[float, float], list[int]] = {}
    for number, page in enumerate(reader.pages, 1):
        box = _box(page, "/MediaBox") or (0.0, 0.0, 0.0, 0.0)
        w, h = box[2] - box[0], box[3] - box[1]
        sizes.setdefault((round(min(w, h), 1), round(max(w, h), 1)), []).append(number)
    shown = "; ".join(f"{w * 25.4 / 72:.1f} x {h * 25.4 / 72:.1f} mm ({_pages_list(n)})" if len(sizes) > 1
                      else f"{w * 25.4 / 72:.1f} x {h * 25.4 / 72:.1f} mm" for (w, h), n in sizes.items())
    if len(sizes) > 1:
        return Check("page sizes", "warn", f"{len(sizes)} sizes: {shown}")
    return Check("page sizes", "pass", f"all {shown}")


def _check_pdfx(reader: PdfReader, data_head: bytes) -> tuple[Check, bool]:
    root: Any = reader.trailer["/Root"].get_object()
    intents = [i.get_object() for i in (root.get("/OutputIntents") or [])]
    pdfx = [i for i in intents if i.get("/S") == "/GTS_PDFX"]
    if not pdfx:
        return Check("PDF/X", "warn", "no PDF/X output intent: not for a print shop that asks for PDF/X"), False
    problems = []
    if "/DestOutputProfile" not in pdfx[0] and pdfx[0].get("/OutputConditionIdentifier") in (None, "Custom"):
        problems.append("a custom output intent without a profile")
    info = reader.trailer.get("/Info")
    info = info.get_object() if info is not None else {}
    version = str(info.get("/GTS_PDFXVersion", ""))
    for key in ("/GTS_PDFXVersion", "/Trapped", "/Title"):
        if key not in info:
            problems.append(f"no {key.lstrip('/')}")
    if "/ID" not in reader.trailer:
        problems.append("no document ID")
    if version.startswith("PDF/X-1") and not data_head.startswith((b"%PDF-1.3", b"%PDF-1.2")):
        problems.append(f"{version} needs PDF 1.3, the file is {data_head[:8].decode('latin-1')}")
    if problems:
        return Check("PDF/X", "fail", "; ".join(problems)), True
    conformance = str(info.get("/GTS_PDFXConformance", "")) or version
    return Check("PDF/X", "pass", f"{conformance}, output intent {pdfx[0].get('/OutputCondition', '')}"), True


def preflight(path: Path, *, ink_limit: float = TOTAL_INK) -> Preflight:
    """The print-shop checks of the PDF at ``path`` (``ink_limit``: total ink, 2.4 = 240 %)."""
    try:
        with path.open("rb") as handle:
            head = handle.read(1024)
        if b"%PDF-" not in head:
            raise PdfReadError("no PDF header")
        reader = PdfReader(path)
        pages = len(reader.pages)
    except (OSError, PdfReadError, ValueError, KeyError, TypeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc) or type(exc).__name__
        return Preflight(path, 0, False, (Check("pdf", "fail", f"not a readable PDF: {reason}"),))
    try:
        pdfx_check, pdfx = _check_pdfx(reader, head)
        scan = _Scan()
        for number, page in enumerate(reader.pages, 1):
            contents = page.get_contents()
            if contents is not None:
                _walk(reader, number, contents, page.get("/Resources"), IDENTITY, scan)
    except Exception as exc:  # a damaged stream or object: the file is refused, never a traceback
        return Preflight(path, pages, False, (Check("pdf", "fail", f"damaged PDF: {exc}"),))
    checks = (
        Check("pdf", "pass", f"{pages} page{'s' if pages != 1 else ''}, {head[:8].decode('latin-1').strip()}"),
        _check_boxes(reader),
        _check_fonts(scan),
        _check_colour(scan, pdfx),
        _check_transparency(scan, pdfx),
        _check_ink(scan, ink_limit),
        _check_images(scan),
        _check_sizes(reader),
        pdfx_check,
    )
    return Preflight(path, pages, pdfx, checks)


def preflight_all(paths: Iterable[Path], *, ink_limit: float = TOTAL_INK) -> Iterator[Preflight]:
    for path in paths:
        yield preflight(path, ink_limit=ink_limit)
