"""Preflight: open a produced PDF and check what a print shop checks before printing.

``preflight(path)`` reads the file with pypdf and follows everything every page
draws (:mod:`.pdf_scan`: the content stream, form XObjects, tiling and shading
patterns, ``sh`` shadings, Type 3 glyphs, image XObjects and inline images, with
the transformation matrix and clip carried through) and returns one
:class:`Check` per point:

- ``pdf``: the file opens as a PDF (else the only check, a failure); an encrypted
  file (any kind: RC4, AES, an owner password only) is a failure, "encrypted",
  without reading further (PDF/X forbids encryption);
- ``page boxes``: every page has a TrimBox or an ArtBox (one of them, not both: a
  failure) and a BleedBox, the BleedBox inside the MediaBox and the TrimBox inside
  the BleedBox;
- ``fonts``: every font is embedded (``/FontFile``, ``/FontFile2`` or ``/FontFile3``;
  Type 3 fonts carry their glyphs); a missing one is named with the page and place
  where its text is first shown;
- ``colour``: the colour spaces of everything drawn (fills, strokes, text,
  shadings, patterns, glyphs, images, inline images), each resolved to what it rests
  on (an Indexed space's base, a Separation's, DeviceN's or ICCBased's alternate,
  through named resources and inline abbreviations such as ``/CS [/I /CMYK 1 <..>]``),
  and the whole chain judged: in a PDF/X file a space its standard forbids anywhere in
  the chain (an Indexed image on DeviceRGB, a Separation with an RGB or Lab alternate)
  is a failure naming the page and where on it; in another file RGB is noted;
- ``transparency``: soft masks (of an ExtGState or an image), constant alpha below 1,
  blend modes, transparency groups (of a form or of a page), each with the page and
  place it is used at: a failure in PDF/X-1a and -3, allowed in PDF/X-4, a note
  otherwise;
- ``total ink``: the largest C + M + Y + K of anything painted inside the BleedBox
  (the TrimBox, else the MediaBox, where a page has none): fills and strokes by
  their path's box, shadings through their colour functions, CMYK images pixel by
  pixel; text and Type 3 glyphs count wherever they are. Process separations
  (``Cyan``, ``Magenta``, ``Yellow``, ``Black`` as Separation or DeviceN colorants)
  count as the plates they are; an overprinting object (``/OP``, ``/op``; ``/OPM 1``
  leaves the plates a CMYK colour has at 0) counts the plates it leaves standing
  under it (240 % rich black overprinted with 100 % yellow prints 300 %).
  The registration colour
  (all four inks at 100 %, or the ``/All`` separation) is allowed outside the
  TrimBox only: crop marks; inside it, it is a 400 % failure. Above the limit
  (240 %: DriveThruCards') is a failure. RGB files have no ink to measure;
- ``images``: the resolution of every image and inline image at the size it is
  placed (pixels over inches on the page): under 300 ppi a warning, under 150 a
  failure;
- ``page sizes``: every MediaBox the same paper (either way round);
- ``PDF/X``: the standard the file claims (:data:`STANDARDS`: PDF/X-1a:2001,
  PDF/X-1a:2003, PDF/X-3:2002, PDF/X-3:2003, PDF/X-4) and its rules: an OutputIntent
  ``/GTS_PDFX`` with a destination profile (or a registered condition) whose
  identifier agrees with the profile (a registered characterization such as
  ``CGATS TR 001`` with a profile made for another condition is a failure), the Info
  keys, ``Trapped`` True or False, the trailer ``/ID``, the PDF version the standard
  allows and nothing a later version brought in (PDF/X-1a and -3: no JPEG2000 image,
  no 16-bit image, no optional content, no object streams: PDF 1.5), no transfer
  functions, no annotation inside the TrimBox (printer's marks excepted), XMP
  metadata for PDF/X-4. A file that claims PDF/X (``GTS_PDFXVersion`` in its Info
  or XMP) without a PDF/X OutputIntent fails; a file that claims nothing is not
  PDF/X (a warning: a print shop that asks for PDF/X will refuse it).

Findings name the card (from the ``/PieceInfo`` deckpress's CMYK canvas writes on
each page: every piece's id and cut box), the page and the place on it in
millimetres from the page's lower left corner, never internal object names. A file's status is its worst check:
``fail`` (exit code 2), ``warn`` (1) or ``pass`` (0).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pypdf import PdfReader
from pypdf.errors import PdfReadError

from .cmyk import TOTAL_INK
from .pdf_scan import OPTIONAL, Box, Mark, PageScan, scan_page, where

Status = Literal["pass", "warn", "fail"]
RANK: dict[str, int] = {"pass": 0, "warn": 1, "fail": 2}
MIN_PPI_WARN = 300.0
MIN_PPI_FAIL = 150.0
PT_TOLERANCE = 0.01  # points: boxes compared to within this
_X1A_SPACES = frozenset({"DeviceCMYK", "DeviceGray", "Separation", "DeviceN", "Indexed", "Pattern"})
_X4_SPACES = _X1A_SPACES | {"ICCBased", "CalGray", "CalRGB", "Lab"}


@dataclass(frozen=True)
class Standard:
    """What one PDF/X standard requires of a file (ISO 15930-1, -4 and -7)."""

    name: str
    max_version: tuple[int, int]  # the highest PDF version it allows
    spaces: frozenset[str]  # colour spaces it allows (with a CMYK output intent)
    transparency: bool  # allowed (PDF/X-4) or forbidden (PDF/X-1a)
    conformance: str | None = None  # the /GTS_PDFXConformance key it needs
    xmp: bool = False  # needs the version in XMP metadata


STANDARDS: dict[str, Standard] = {
    "PDF/X-1:2001": Standard("PDF/X-1a:2001", (1, 3), _X1A_SPACES, False, "PDF/X-1a:2001"),
    "PDF/X-1a:2003": Standard("PDF/X-1a:2003", (1, 4), _X1A_SPACES, False),
    "PDF/X-3:2002": Standard("PDF/X-3:2002", (1, 3), _X4_SPACES, False, "PDF/X-3:2002"),
    "PDF/X-3:2003": Standard("PDF/X-3:2003", (1, 4), _X4_SPACES, False),
    "PDF/X-4": Standard("PDF/X-4", (1, 6), _X4_SPACES, True, xmp=True),
}
_RGB_SPACES = frozenset({"DeviceRGB", "CalRGB", "ICCBased"})
# registered characterizations (ICC registry) and words the description of a profile made for
# each has; an identifier paired with a profile made for something else is a contradiction
REGISTERED: dict[str, tuple[str, ...]] = {
    "CGATS TR 001": ("U.S. Web Coated (SWOP)", "SWOP2006", "CGATS TR 001", "TR001", "TR 001"),
    "CGATS TR 003": ("U.S. Sheetfed Uncoated", "TR003", "TR 003"),
    "CGATS TR 005": ("U.S. Sheetfed Coated", "TR005", "TR 005"),
    "CGATS TR 006": ("GRACoL2006", "TR006", "TR 006"),
    "CGATS21_CRPC6": ("GRACoL2013", "CRPC6"),
    "FOGRA27": ("ISO Coated", "FOGRA27"),
    "FOGRA39": ("Coated FOGRA39", "FOGRA39"),
    "FOGRA51": ("PSO Coated v3", "FOGRA51"),
    "FOGRA29": ("ISO Uncoated", "FOGRA29"),
}
NOT_PDFX = Standard("", (9, 9), frozenset(), True)


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
class _Found:
    """What the pages draw, gathered page by page."""

    spaces: dict[str, str] = field(default_factory=dict)  # colour space -> where it is first seen
    chains: dict[str, tuple[str, ...]] = field(default_factory=dict)  # colour space -> all it rests on
    max_ink: float = 0.0
    ink_where: str = ""
    registration_inside: str = ""  # where the registration colour is inside a TrimBox
    fonts: dict[int, tuple[str, bool]] = field(default_factory=dict)
    font_places: dict[int, str] = field(default_factory=dict)  # font -> where its text is first shown
    font_pages: dict[int, int] = field(default_factory=dict)  # font -> the page it is first found on
    images: list[tuple[str, float]] = field(default_factory=list)  # where, ppi
    transparency: dict[str, str] = field(default_factory=dict)  # what -> where it is first used
    features: dict[str, str] = field(default_factory=dict)  # what (a later PDF version's) -> where
    transfer: list[int] = field(default_factory=list)  # pages with a transfer function
    annotations: list[int] = field(default_factory=list)  # pages with an annotation inside the trim
    unmeasured: set[str] = field(default_factory=set)
    cmyk: bool = False


def _box(page: Any, name: str) -> tuple[float, float, float, float] | None:
    raw = page.get(name)
    if raw is None:
        return None
    x0, y0, x1, y1 = (float(v) for v in raw)
    return min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)


def _inside(inner: tuple[float, ...], outer: tuple[float, ...]) -> bool:
    return (inner[0] >= outer[0] - PT_TOLERANCE and inner[1] >= outer[1] - PT_TOLERANCE
            and inner[2] <= outer[2] + PT_TOLERANCE and inner[3] <= outer[3] + PT_TOLERANCE)


def _overlaps(a: Box, b: Box) -> bool:
    """Do the boxes share an area (touching edges do not count)?"""
    return (min(a[2], b[2]) - max(a[0], b[0]) > PT_TOLERANCE
            and min(a[3], b[3]) - max(a[1], b[1]) > PT_TOLERANCE)


def _pages_list(numbers: Iterable[int]) -> str:
    nums = sorted(set(numbers))
    shown = ", ".join(str(n) for n in nums[:8])
    return f"page{'s' if len(nums) > 1 else ''} {shown}{' ...' if len(nums) > 8 else ''}"


def _check_boxes(reader: PdfReader) -> Check:
    missing: list[int] = []
    outside: list[int] = []
    both: list[int] = []
    for number, page in enumerate(reader.pages, 1):
        if "/TrimBox" in page and "/ArtBox" in page:
            both.append(number)
        media = _box(page, "/MediaBox")
        trim = _box(page, "/TrimBox") or _box(page, "/ArtBox")
        bleed = _box(page, "/BleedBox")
        if trim is None or bleed is None:
            missing.append(number)
        elif media is None or not _inside(bleed, media) or not _inside(trim, bleed):
            outside.append(number)
    if both:
        return Check("page boxes", "fail", f"both a TrimBox and an ArtBox on {_pages_list(both)}: PDF/X allows "
                                           "one of them (the TrimBox for pieces that are cut)")
    if missing:
        return Check("page boxes", "fail", f"no TrimBox/BleedBox on {_pages_list(missing)}")
    if outside:
        return Check("page boxes", "fail", f"TrimBox outside the BleedBox or BleedBox outside the MediaBox "
                                           f"on {_pages_list(outside)}")
    return Check("page boxes", "pass", f"TrimBox and BleedBox on all {len(reader.pages)} pages")


Pieces = list[tuple[str, Box]]


def _pieces(page: Any) -> Pieces:
    """The pieces deckpress noted on the page (``/PieceInfo /deckpress``): names and cut boxes."""
    try:
        info = page.get("/PieceInfo")
        if info is None:
            return []
        private = info.get_object()["/deckpress"].get_object()["/Private"].get_object()
        out: Pieces = []
        for entry in private.get("/Pieces") or []:
            name, box = entry.get_object()
            x0, y0, x1, y1 = (float(v) for v in box)
            out.append((str(name), (x0, y0, x1, y1)))
        return out
    except (KeyError, TypeError, ValueError, AttributeError):  # someone else's PieceInfo: no names
        return []


def _card(box: Box | None, pieces: Pieces) -> str:
    """The piece whose cut box holds the middle of ``box``, as "card NAME, " ('' if none)."""
    if box is None or not pieces:
        return ""
    x, y = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    for name, (x0, y0, x1, y1) in pieces:
        if x0 - PT_TOLERANCE <= x <= x1 + PT_TOLERANCE and y0 - PT_TOLERANCE <= y <= y1 + PT_TOLERANCE:
            return f"card {name}, "
    return ""


def _describe(mark: Mark, origin: tuple[float, float], pieces: Pieces | None = None) -> str:
    if mark.kind == "page":
        return where(mark.page, None)
    what = {"fill": "a fill", "stroke": "a stroke", "text": "text", "shading": "a shading",
            "image": "an image", "inline image": "an inline image", "glyph": "a glyph", "form": "a form",
            "page": "the page", "content": "marked content"}[mark.kind]
    if mark.note == "overprinting":
        what = f"{what}, overprinting"
    elif mark.note and mark.note != what:
        what = f"{what} in {mark.note}"
    if mark.pixels:
        what += f" ({mark.pixels[0]} x {mark.pixels[1]} px)"
    return f"{what}, {_card(mark.place, pieces or [])}{where(mark.page, mark.place, origin)}"


def _gather(found: _Found, number: int, page: Any, scan: PageScan) -> None:
    """Fold one page's marks into ``found``: spaces, ink inside the BleedBox, registration, images."""
    media = _box(page, "/MediaBox") or (0.0, 0.0, 0.0, 0.0)
    trim = _box(page, "/TrimBox") or _box(page, "/ArtBox")
    bleed = _box(page, "/BleedBox") or trim or media
    origin = (media[0], media[1])
    pieces = _pieces(page)
    for key, value in scan.fonts.items():
        found.fonts.setdefault(key, value)
        found.font_pages.setdefault(key, number)
    for key, mark in scan.font_places.items():
        found.font_places.setdefault(key, _describe(mark, origin, pieces))
    for finding in scan.transparency:
        found.transparency.setdefault(finding.what, _describe(finding.mark, origin, pieces))
    for finding in scan.features:
        found.features.setdefault(finding.what, _describe(finding.mark, origin, pieces))
    found.unmeasured |= scan.unmeasured
    if scan.transfer:
        found.transfer.append(number)
    for mark in scan.marks:
        label = mark.label or mark.space
        if label not in found.spaces:
            found.spaces[label] = _describe(mark, origin, pieces)
            found.chains[label] = mark.chain or (mark.space,)
        found.cmyk = found.cmyk or mark.space == "DeviceCMYK" or mark.plates is not None
        if mark.ppi is not None:
            found.images.append((_describe(mark, origin, pieces), mark.ppi))
        if mark.registration:
            inside_trim = mark.box is None or trim is None or _overlaps(mark.box, trim)
            if inside_trim and not found.registration_inside:
                found.registration_inside = _describe(mark, origin, pieces)
            if not inside_trim:
                continue  # crop marks: every plate, outside the trim, cut away
        if mark.ink is None:
            continue
        if mark.box is not None and not _overlaps(mark.box, bleed):
            continue  # outside the bleed: cut away
        if mark.ink > found.max_ink + 1e-9:
            found.max_ink = mark.ink
            found.ink_where = _describe(mark, origin, pieces)
    for ref in page.get("/Annots") or []:
        annot = ref.get_object()
        if annot.get("/Subtype") == "/PrinterMark" or "/Rect" not in annot:
            continue
        x0, y0, x1, y1 = (float(v) for v in annot["/Rect"])
        if trim is None or _overlaps((min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)), trim):
            found.annotations.append(number)
            break


def _check_fonts(found: _Found) -> Check:
    missing: dict[str, str] = {}
    for key, (name, embedded) in found.fonts.items():
        if not embedded and name not in missing:
            missing[name] = found.font_places.get(key) or f"in the resources of page {found.font_pages.get(key, 1)}"
    if missing:
        return Check("fonts", "fail", "not embedded: " + "; ".join(f"{name} ({place})"
                                                                  for name, place in sorted(missing.items())))
    return Check("fonts", "pass", f"all {len(found.fonts)} embedded" if found.fonts else "no text")


def _check_colour(found: _Found, standard: Standard) -> Check:
    used = ", ".join(sorted(found.spaces)) or "none"
    if standard is not NOT_PDFX:
        bad = sorted(label for label, chain in found.chains.items() if not set(chain) <= standard.spaces)
        if bad:
            shown = "; ".join(f"{space} ({found.spaces[space]})" for space in bad)
            return Check("colour", "fail", f"{shown}: not allowed in {standard.name} "
                                           f"(only {', '.join(sorted(standard.spaces))})")
        return Check("colour", "pass", used)
    if any(set(chain) & _RGB_SPACES for chain in found.chains.values()):
        return Check("colour", "warn", f"{used}: RGB, for screens and home printers "
                                       "(--color cmyk for a print shop)")
    return Check("colour", "pass", used)


def _check_transparency(found: _Found, standard: Standard) -> Check:
    if not found.transparency:
        return Check("transparency", "pass", "none")
    shown = "; ".join(f"{what} ({place})" for what, place in found.transparency.items())
    if standard is NOT_PDFX:
        return Check("transparency", "warn", shown)
    if standard.transparency:
        return Check("transparency", "pass", f"{shown}: allowed in {standard.name}")
    return Check("transparency", "fail", f"{shown}: {standard.name} forbids transparency")


def _check_ink(found: _Found, limit: float) -> Check:
    if found.registration_inside:
        return Check("total ink", "fail", f"max 400 % inside the bleed: the registration colour (all four "
                                          f"inks) inside the trim, {found.registration_inside}; it belongs to "
                                          f"crop marks outside the trim only; limit {limit * 100:.0f} %")
    if not found.cmyk:
        return Check("total ink", "pass", "no CMYK colour to measure")
    detail = f"max {found.max_ink * 100:.0f} % inside the bleed ({found.ink_where or 'nothing'}), " \
             f"limit {limit * 100:.0f} %"
    if found.unmeasured:
        detail += f"; not measured: {', '.join(sorted(found.unmeasured))}"
    return Check("total ink", "fail" if found.max_ink > limit + 1e-4 else "pass", detail)


def _check_images(found: _Found) -> Check:
    if not found.images:
        return Check("images", "pass", "no images")
    place, ppi = min(found.images, key=lambda i: i[1])
    detail = f"{len(found.images)} placed, lowest {ppi:.0f} ppi ({place})"
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


def _pdf_version(reader: PdfReader, head: bytes) -> tuple[int, int]:
    """The file's PDF version: its header, or the catalog's /Version when that is later."""
    found = head[5:8].decode("latin-1", "replace")
    try:
        version = (int(found[0]), int(found[2]))
    except (ValueError, IndexError):
        version = (0, 0)
    catalog: Any = reader.trailer["/Root"].get_object()
    raw = str(catalog.get("/Version", "")).lstrip("/")
    if len(raw) == 3 and raw[1] == ".":
        try:
            version = max(version, (int(raw[0]), int(raw[2])))
        except ValueError:
            pass
    return version


def _xmp_version(reader: PdfReader) -> str:
    """The ``pdfxid:GTS_PDFXVersion`` of the XMP metadata ('' where there is none)."""
    root: Any = reader.trailer["/Root"].get_object()
    meta = root.get("/Metadata")
    if meta is None:
        return ""
    text = meta.get_object().get_data().decode("utf-8", "replace")
    for marker in ("GTS_PDFXVersion>", 'GTS_PDFXVersion="'):
        at = text.find(marker)
        if at >= 0:
            rest = text[at + len(marker):]
            return rest.split("<" if marker.endswith(">") else '"', 1)[0].strip()
    return ""


def _standard(reader: PdfReader) -> tuple[Standard, str, Any]:
    """The standard the file claims, the version string it claims, and its PDF/X output intent."""
    root: Any = reader.trailer["/Root"].get_object()
    intents = [i.get_object() for i in (root.get("/OutputIntents") or [])]
    pdfx = [i for i in intents if i.get("/S") == "/GTS_PDFX"]
    info = reader.trailer.get("/Info")
    info = info.get_object() if info is not None else {}
    version = str(info.get("/GTS_PDFXVersion", "")) or _xmp_version(reader)
    if not pdfx and not version:
        return NOT_PDFX, "", None
    intent = pdfx[0] if pdfx else None  # None: a claim without an output intent (a failure)
    for claim, standard in STANDARDS.items():
        if version == claim or (claim == "PDF/X-4" and version.startswith("PDF/X-4")):
            return standard, version, intent
    if version.startswith("PDF/X-3"):
        return STANDARDS["PDF/X-3:2002"], version, intent
    return STANDARDS["PDF/X-1:2001"], version, intent


def _check_pdfx(reader: PdfReader, head: bytes, standard: Standard, version: str, intent: Any,
                found: _Found) -> Check:
    if standard is NOT_PDFX:
        return Check("PDF/X", "warn", "no PDF/X output intent: not for a print shop that asks for PDF/X")
    problems = []
    if version not in STANDARDS and not version.startswith("PDF/X-4"):
        problems.append(f"GTS_PDFXVersion {version!r} is none of {', '.join(STANDARDS)}" if version
                        else "no GTS_PDFXVersion")
    if intent is None:
        problems.append("it claims PDF/X but has no PDF/X output intent (/GTS_PDFX with the printing "
                        "condition's profile): a print shop cannot tell what the colours are for")
    else:
        if "/DestOutputProfile" not in intent and intent.get("/OutputConditionIdentifier") in (None, "Custom"):
            problems.append("a custom output intent without a profile")
        problems += _intent_disagrees(intent)
    info = reader.trailer.get("/Info")
    info = info.get_object() if info is not None else {}
    if standard.conformance and str(info.get("/GTS_PDFXConformance", "")) != standard.conformance:
        problems.append(f"GTS_PDFXConformance is not {standard.conformance}")
    for key in ("/Title", "/CreationDate", "/ModDate"):
        if key not in info:
            problems.append(f"no {key.lstrip('/')}")
    if str(info.get("/Trapped", "")) not in ("/True", "/False"):
        problems.append("Trapped is not True or False")
    if "/ID" not in reader.trailer:
        problems.append("no document ID")
    if standard.xmp and not _xmp_version(reader):
        problems.append("no XMP metadata with the PDF/X version")
    pdf = _pdf_version(reader, head)
    if pdf > standard.max_version:
        problems.append(f"{standard.name} allows PDF {standard.max_version[0]}.{standard.max_version[1]} "
                        f"at most, the file is PDF {pdf[0]}.{pdf[1]}")
    if standard.max_version < (1, 5):
        features = dict(found.features)
        root: Any = reader.trailer["/Root"].get_object()
        if "/OCProperties" in root:
            features.setdefault(OPTIONAL, "the document's layers")
        if _object_streams(reader, head):
            features["object streams (compressed objects)"] = "the file's structure"
        for what, place in features.items():
            problems.append(f"{what} ({place}) needs PDF 1.5, beyond what {standard.name} allows")
    if found.transfer:
        problems.append(f"transfer functions on {_pages_list(found.transfer)}")
    if found.annotations:
        problems.append(f"annotations inside the trim on {_pages_list(found.annotations)}")
    if problems:
        return Check("PDF/X", "fail", f"{standard.name}: " + "; ".join(problems))
    condition = intent.get("/OutputCondition", "") or intent.get("/OutputConditionIdentifier", "")
    return Check("PDF/X", "pass", f"{standard.name}, output intent {condition}")


def profile_description(data: bytes) -> str:
    """The ``desc`` tag of an ICC profile (v2 ``desc`` or v4 ``mluc``), '' where it cannot be read."""
    import struct

    try:
        count = struct.unpack(">I", data[128:132])[0]
        for i in range(min(count, 200)):
            sig, offset, size = struct.unpack(">4sII", data[132 + 12 * i:144 + 12 * i])
            if sig != b"desc":
                continue
            tag = data[offset:offset + size]
            if tag[:4] == b"desc":
                length = struct.unpack(">I", tag[8:12])[0]
                return tag[12:12 + length].split(b"\0", 1)[0].decode("latin-1").strip()
            if tag[:4] == b"mluc":
                _, _, n, _ = struct.unpack(">4s4sII", tag[:16])
                if n:
                    _, _, length, at = struct.unpack(">2s2sII", tag[16:28])
                    return tag[at:at + length].decode("utf-16-be", "replace").strip()
    except (struct.error, IndexError, ValueError):
        pass
    return ""


def _intent_disagrees(intent: Any) -> list[str]:
    """A registered condition named by the identifier, with an embedded profile made for another."""
    identifier = str(intent.get("/OutputConditionIdentifier", "")).strip()
    words = REGISTERED.get(identifier)
    profile = intent.get("/DestOutputProfile")
    if words is None or profile is None:
        return []
    try:
        description = profile_description(profile.get_object().get_data())
    except Exception:  # an unreadable profile stream: nothing to compare
        return []
    if not description or any(w.lower() in description.lower() for w in words):
        return []
    return [f"the output intent names the registered condition {identifier!r} but embeds the profile "
            f"{description!r}, made for another condition: name the profile's own condition "
            "(OutputConditionIdentifier Custom) or embed the registered one"]


def _object_streams(reader: PdfReader, head: bytes) -> bool:
    """Does the file keep objects in object streams (PDF 1.5)?"""
    return bool(getattr(reader, "xref_objStm", None))


def _encrypted(reader: PdfReader) -> str:
    """How the file is encrypted, in a few words."""
    try:
        handler: Any = reader.trailer["/Encrypt"].get_object()
        filt = str(handler.get("/Filter", "")).lstrip("/")
        v = int(handler.get("/V", 0))
        kind = {1: "RC4 40-bit", 2: "RC4", 4: "RC4 or AES-128", 5: "AES-256"}.get(v, f"V{v}")
        return f"{filt} {kind}".strip()
    except Exception:  # a damaged encryption dictionary: encrypted all the same
        return "unknown method"


_ENCRYPT = re.compile(rb"/Encrypt\s*\d+\s+\d+\s+R")


def _tail(path: Path, size: int = 1 << 16) -> bytes:
    """The end of the file (where the trailer with its /Encrypt reference is)."""
    try:
        with path.open("rb") as handle:
            handle.seek(0, 2)
            handle.seek(max(0, handle.tell() - size))
            return handle.read()
    except OSError:
        return b""


def preflight(path: Path, *, ink_limit: float = TOTAL_INK) -> Preflight:
    """The print-shop checks of the PDF at ``path`` (``ink_limit``: total ink, 2.4 = 240 %)."""
    try:
        with path.open("rb") as handle:
            head = handle.read(1024)
        if b"%PDF-" not in head:
            raise PdfReadError("no PDF header")
        head = head[head.index(b"%PDF-"):]
        reader = PdfReader(path)
        if reader.is_encrypted:
            return Preflight(path, 0, False, (Check("pdf", "fail", f"encrypted ({_encrypted(reader)}): a print "
                                                    "shop cannot open it and PDF/X forbids encryption; "
                                                    "send the file without a password or permissions"),))
        pages = len(reader.pages)
    except Exception as exc:  # pypdf may raise anything on a hostile file: refused, never a traceback
        tail = b"" if isinstance(exc, OSError) else _tail(path)
        if _ENCRYPT.search(tail):
            # AES: pypdf needs a cryptography package even to look inside; encrypted all the same
            method = "AES" if b"/AESV" in tail else "a method this reader cannot open"
            return Preflight(path, 0, False, (Check("pdf", "fail", f"encrypted ({method}): a print shop cannot "
                                                    "open it and PDF/X forbids encryption; send the file "
                                                    "without a password or permissions"),))
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc) or type(exc).__name__
        return Preflight(path, 0, False, (Check("pdf", "fail", f"not a readable PDF: {reason}"),))
    try:
        standard, version, intent = _standard(reader)
        found = _Found()
        inks: dict[int, float | None] = {}
        for number, page in enumerate(reader.pages, 1):
            scan = PageScan()
            scan_page(reader, number, page, scan, inks)
            _gather(found, number, page, scan)
        checks = (
            Check("pdf", "pass", f"{pages} page{'s' if pages != 1 else ''}, {head[:8].decode('latin-1').strip()}"),
            _check_boxes(reader),
            _check_fonts(found),
            _check_colour(found, standard),
            _check_transparency(found, standard),
            _check_ink(found, ink_limit),
            _check_images(found),
            _check_sizes(reader),
            _check_pdfx(reader, head, standard, version, intent, found),
        )
    except Exception as exc:  # a damaged stream or object: the file is refused, never a traceback
        return Preflight(path, pages, False, (Check("pdf", "fail", f"damaged PDF: {exc}"),))
    return Preflight(path, pages, standard is not NOT_PDFX and intent is not None, checks)


def preflight_all(paths: Iterable[Path], *, ink_limit: float = TOTAL_INK) -> Iterator[Preflight]:
    for path in paths:
        yield preflight(path, ink_limit=ink_limit)
