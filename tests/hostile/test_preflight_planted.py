"""Planted defects: a clean PDF/X-1a file with one thing a print shop rejects added each time
(issue 40). ``preflight`` must see every one — in a shading, a shading or tiling pattern, a
Type 3 glyph, an inline image, an annotation, a transfer function, a page group,
encryption — name the page and the place (never an internal object name), and exit 2;
and it must pass what the standards allow (registration outside the trim, ink outside the
bleed, PDF/X-1a:2003 at PDF 1.4, transparency in PDF/X-4).

Issue 52 adds the defects an independent audit planted: colour spaces resting on a
forbidden base or alternate (Indexed on RGB, Separation on RGB, DeviceN and a Separation
image on Lab), process separations at 400 %, overprinting that adds up to more than the
limit on press, what PDF 1.5 brought in (JPEG2000, 16-bit images, optional content, object
streams) in PDF/X-1a, a PDF/X claim without an output intent, TrimBox and ArtBox together,
and places for fonts, soft masks, form groups and blend modes; the legal abbreviated
inline image ``/CS [/I /CMYK ...]`` passes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader, PdfWriter
from pypdf.generic import (
    ArrayObject,
    BooleanObject,
    ByteStringObject,
    DecodedStreamObject,
    DictionaryObject,
    FloatObject,
    NameObject,
    NumberObject,
    TextStringObject,
)
from typer.testing import CliRunner

from generator.cli import app
from generator.render.pdf import make_canvas, set_page_boxes
from generator.render.preflight import preflight

TRIM = (30.0, 30.0, 170.0, 170.0)
BLEED = (20.0, 20.0, 180.0, 180.0)


def _base(path: Path, pdfx: str | None = None) -> Path:
    """A clean CMYK page: one colour fill, TrimBox and BleedBox, the PDF/X keys."""
    c = make_canvas(path, (200, 200), "planted", color="cmyk", pdfx=pdfx)
    c.setFillColorRGB(0.2, 0.4, 0.6)
    c.rect(40, 40, 120, 120, stroke=0, fill=1)
    set_page_boxes(c, TRIM, BLEED)
    c.showPage()
    c.save()
    return path


def _names(values: dict[str, Any]) -> DictionaryObject:
    out = DictionaryObject()
    for key, value in values.items():
        out[NameObject(key)] = _pdf(value)
    return out


def _pdf(value: Any) -> Any:
    if isinstance(value, DictionaryObject):
        return value
    if isinstance(value, dict):
        return _names(value)
    if isinstance(value, list):
        return ArrayObject(_pdf(v) for v in value)
    if isinstance(value, bool):
        return BooleanObject(value)
    if isinstance(value, int):
        return NumberObject(value)
    if isinstance(value, float):
        return FloatObject(value)
    if isinstance(value, str) and value.startswith("/"):
        return NameObject(value)
    if isinstance(value, str):
        return TextStringObject(value)
    return value


def _stream(data: bytes, values: dict[str, Any] | None = None) -> DecodedStreamObject:
    stream = DecodedStreamObject()
    for key, value in (values or {}).items():
        stream[NameObject(key)] = _pdf(value)
    stream.set_data(data)
    return stream


def _plant(src: Path, dst: Path, content: bytes = b"", resources: dict[str, dict[str, Any]] | None = None,
           page: dict[str, Any] | None = None, info: dict[str, Any] | None = None,
           catalog: dict[str, Any] | None = None) -> Path:
    """``src`` with ``content`` drawn on top of page 1, ``resources`` added to its resources,
    ``page``/``info``/``catalog`` keys set."""
    writer = PdfWriter(clone_from=PdfReader(src))
    target = writer.pages[0]
    res = target["/Resources"].get_object()
    for kind, entries in (resources or {}).items():
        held = res.get(kind)
        d = held.get_object() if held is not None else DictionaryObject()
        for name, obj in entries.items():
            obj = _pdf(obj)
            d[NameObject(name)] = writer._add_object(obj) if isinstance(obj, (DictionaryObject,)) else obj
        res[NameObject(kind)] = d
    if content:
        contents = target["/Contents"]
        target[NameObject("/Contents")] = ArrayObject([contents, writer._add_object(_stream(content))])
    for key, value in (page or {}).items():
        target[NameObject(key)] = _pdf(value)
    if info:
        writer.add_metadata(info)
    for key, value in (catalog or {}).items():
        obj = _pdf(value)
        writer._root_object[NameObject(key)] = writer._add_object(obj) if isinstance(obj, DictionaryObject) else obj
    with dst.open("wb") as handle:
        writer.write(handle)
    return dst


RGB_RAMP = {"/FunctionType": 2, "/Domain": [0, 1], "/C0": [1, 0, 0], "/C1": [0, 0, 1], "/N": 1}
RGB_SHADING = {"/ShadingType": 2, "/ColorSpace": "/DeviceRGB", "/Coords": [40, 40, 160, 160], "/Function": RGB_RAMP}
CMYK_400 = {"/ShadingType": 2, "/ColorSpace": "/DeviceCMYK", "/Coords": [40, 40, 160, 160],
            "/Function": {"/FunctionType": 2, "/Domain": [0, 1], "/C0": [0, 0, 0, 0], "/C1": [1, 1, 1, 1], "/N": 1}}


def _tiling() -> DecodedStreamObject:
    return _stream(b"1 0 0 rg 0 0 5 5 re f", {"/Type": "/Pattern", "/PatternType": 1, "/PaintType": 1,
                                               "/TilingType": 1, "/BBox": [0, 0, 10, 10], "/XStep": 10,
                                               "/YStep": 10, "/Resources": {}})


def _type3() -> dict[str, Any]:
    glyph = _stream(b"10 0 d0 1 0 0 rg 0 0 10 10 re f")
    return {"/Type": "/Font", "/Subtype": "/Type3", "/FontBBox": [0, 0, 10, 10],
            "/FontMatrix": [0.1, 0, 0, 0.1, 0, 0], "/CharProcs": {"/a": glyph},
            "/Encoding": {"/Type": "/Encoding", "/Differences": [97, "/a"]}, "/FirstChar": 97, "/LastChar": 97,
            "/Widths": [10], "/Resources": {}}


XMP = (b'<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/">'
       b'<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" '
       b'xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/"><pdfxid:GTS_PDFXVersion>PDF/X-4</pdfxid:GTS_PDFXVersion>'
       b'</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>')

# (id, planting, check that fails, words its message has)
PLANTED: list[tuple[str, dict[str, Any], str, str]] = [
    ("rgb shading (sh)", {"content": b"q 40 40 120 120 re W n /Sh1 sh Q", "resources": {"/Shading": {"/Sh1": RGB_SHADING}}},
     "colour", "DeviceRGB (a shading, page 1"),
    ("rgb shading pattern", {"content": b"q /Pattern cs /P1 scn 40 40 120 120 re f Q",
                             "resources": {"/Pattern": {"/P1": {"/PatternType": 2, "/Shading": RGB_SHADING}}}},
     "colour", "DeviceRGB (a shading in a shading pattern, page 1"),
    ("rgb tiling pattern", {"content": b"q /Pattern cs /P2 scn 40 40 120 120 re f Q",
                            "resources": {"/Pattern": {"/P2": "tiling"}}},
     "colour", "DeviceRGB (a fill in a tiling pattern, page 1"),
    ("rgb Type 3 glyph", {"content": b"BT /T3 12 Tf 50 50 Td (a) Tj ET", "resources": {"/Font": {"/T3": "type3"}}},
     "colour", "DeviceRGB (a fill in a Type 3 glyph, page 1"),
    ("400 % CMYK shading", {"content": b"q 40 40 120 120 re W n /Sh2 sh Q", "resources": {"/Shading": {"/Sh2": CMYK_400}}},
     "total ink", "max 400 % inside the bleed (a shading, page 1"),
    ("registration stroke across a card", {"content": b"q 1 1 1 1 K 0.3 w 40 100 m 160 100 l S Q"},
     "total ink", "the registration colour (all four inks) inside the trim, a stroke, page 1, 35 mm across"),
    ("360 % fill inside the bleed", {"content": b"q 0.9 0.9 0.9 0.9 k 50 50 10 10 re f Q"},
     "total ink", "max 360 % inside the bleed (a fill, page 1, 19 mm across and 19 mm up"),
    ("RGB inline image", {"content": b"q 100 0 0 100 50 50 cm BI /W 2 /H 2 /CS /RGB /BPC 8 ID "
                                     + bytes(range(12)) + b" EI Q"},
     "colour", "DeviceRGB (an inline image (2 x 2 px), page 1"),
    ("low-resolution inline image", {"content": b"q 100 0 0 100 50 50 cm BI /W 2 /H 2 /CS /CMYK /BPC 8 ID "
                                                + bytes(16) + b" EI Q"},
     "images", "lowest 1 ppi (an inline image (2 x 2 px), page 1"),
    ("annotation inside the trim", {"page": {"/Annots": [{"/Type": "/Annot", "/Subtype": "/Text",
                                                           "/Rect": [50, 50, 60, 60], "/Contents": "note"}]}},
     "PDF/X", "annotations inside the trim on page 1"),
    ("transfer function", {"content": b"q /GS9 gs Q", "resources": {"/ExtGState": {"/GS9": {
        "/Type": "/ExtGState", "/TR": {"/FunctionType": 2, "/Domain": [0, 1], "/C0": [0], "/C1": [1], "/N": 1}}}}},
     "PDF/X", "transfer functions on page 1"),
    ("page transparency group", {"page": {"/Group": {"/Type": "/Group", "/S": "/Transparency", "/CS": "/DeviceCMYK"}}},
     "transparency", "page transparency group (page 1): PDF/X-1a:2001 forbids transparency"),
    ("constant alpha", {"content": b"q /GS8 gs 0 0 0 1 k 50 50 10 10 re f Q",
                        "resources": {"/ExtGState": {"/GS8": {"/Type": "/ExtGState", "/ca": 0.5}}}},
     "transparency", "constant alpha below 1 (a fill, page 1, 19 mm across and 19 mm up from the lower left "
                     "corner): PDF/X-1a:2001 forbids transparency"),
]

# issue 52: what an independent audit planted (places: a 10 pt square at 50 pt has its middle at
# 55 pt = 19 mm; a 2 x 2 px image drawn 0.4 pt wide at 50 pt, 50.2 pt = 18 mm)
HIGH_RES = b"q 0.4 0 0 0.4 50 50 cm /Im1 Do Q"  # 2 x 2 px over 0.4 pt: 360 ppi
LAB = ["/Lab", {"/WhitePoint": [0.9505, 1.0, 1.089]}]
TINT_RGB = {"/FunctionType": 2, "/Domain": [0, 1], "/C0": [1, 1, 1], "/C1": [1, 0.8, 0], "/N": 1}
TINT_LAB = {"/FunctionType": 2, "/Domain": [0, 1], "/C0": [100, 0, 0], "/C1": [80, 10, 70], "/N": 1}
PLACE = "page 1, 18 mm across and 18 mm up from the lower left corner"
SQUARE = "page 1, 19 mm across and 19 mm up from the lower left corner"


def _image(values: dict[str, Any], data: bytes) -> dict[str, Any]:
    return {"stream": data, "/Type": "/XObject", "/Subtype": "/Image", "/Width": 2, "/Height": 2,
            "/BitsPerComponent": 8, **values}


PROCESS_N = ["/DeviceN", ["/Cyan", "/Magenta", "/Yellow", "/Black"], "/DeviceCMYK", "identity-4"]
PLANTED_52: list[tuple[str, dict[str, Any], str, str]] = [
    ("indexed image on an RGB base", {"content": HIGH_RES, "resources": {"/XObject": {"/Im1": _image(
        {"/ColorSpace": ["/Indexed", "/DeviceRGB", 1, "rgb-lookup"]}, bytes([0, 1, 1, 0]))}}},
     "colour", f"Indexed on DeviceRGB (an image (2 x 2 px), {PLACE})"),
    ("separation with an RGB alternate", {"content": b"q /CS1 cs 1 scn 50 50 10 10 re f Q", "resources": {
        "/ColorSpace": {"/CS1": ["/Separation", "/Gold", "/DeviceRGB", TINT_RGB]}}},
     "colour", f"Separation Gold on a DeviceRGB alternate (a fill, {SQUARE})"),
    ("DeviceN with a Lab alternate", {"content": b"q /CS2 cs 0.5 0.5 scn 50 50 10 10 re f Q", "resources": {
        "/ColorSpace": {"/CS2": ["/DeviceN", ["/Gold", "/Silver"], LAB, "lab-fn"]}}},
     "colour", f"DeviceN Gold Silver on a Lab alternate (a fill, {SQUARE})"),
    ("separation image with a Lab alternate", {"content": HIGH_RES, "resources": {"/XObject": {"/Im1": _image(
        {"/ColorSpace": ["/Separation", "/Gold", LAB, TINT_LAB]}, bytes(4))}}},
     "colour", f"Separation Gold on a Lab alternate (an image (2 x 2 px), {PLACE})"),
    ("DeviceN process separations at 400 %", {"content": b"q /CS3 cs 1 1 1 1 scn 50 50 10 10 re f Q",
                                              "resources": {"/ColorSpace": {"/CS3": PROCESS_N}}},
     "total ink", f"max 400 % inside the bleed: the registration colour (all four inks) inside the trim, "
                  f"a fill, {SQUARE}"),
    ("DeviceN process separations at 390 %", {"content": b"q /CS3 cs 1 1 0.9 1 scn 50 50 10 10 re f Q",
                                              "resources": {"/ColorSpace": {"/CS3": PROCESS_N}}},
     "total ink", f"max 390 % inside the bleed (a fill, {SQUARE})"),
    ("240 % rich black overprinted with yellow", {
        "content": b"q 0.6 0.4 0.4 1 k 50 50 60 60 re f /GSop gs 0 0 1 0 k 70 70 20 20 re f Q",
        "resources": {"/ExtGState": {"/GSop": {"/Type": "/ExtGState", "/OP": True, "/op": True, "/OPM": 1}}}},
     # on press: C 60 + M 40 (left standing) + Y 100 (the yellow) + K 100 (left standing) = 300 %
     "total ink", "max 300 % inside the bleed (a fill, overprinting, page 1, 28 mm across and 28 mm up"),
    ("a JPEG2000 image", {"content": HIGH_RES, "resources": {"/XObject": {"/Im1": _image(
        {"/ColorSpace": "/DeviceCMYK", "/Filter": "/JPXDecode"}, b"\x00\x00\x00\x0cjP  not really")}}},
     "PDF/X", f"a JPEG2000 image (an image (2 x 2 px), {PLACE}) needs PDF 1.5"),
    ("a 16-bit image", {"content": HIGH_RES, "resources": {"/XObject": {"/Im1": _image(
        {"/ColorSpace": "/DeviceCMYK", "/BitsPerComponent": 16}, bytes(32))}}},
     "PDF/X", f"a 16-bit image (an image (2 x 2 px), {PLACE}) needs PDF 1.5"),
    ("optional content (a hidden layer)", {
        "content": b"/OC /MC0 BDC q 0 0 0 1 k 50 50 10 10 re f Q EMC",
        "resources": {"/Properties": {"/MC0": "ocg"}}, "catalog": {"/OCProperties": "ocprops"}},
     "PDF/X", f"optional content (a layer that may be hidden) (a fill, {SQUARE}) needs PDF 1.5"),
    ("a PDF/X-1a claim without an output intent", {"catalog": {"/OutputIntents": []}},
     "PDF/X", "it claims PDF/X but has no PDF/X output intent"),
    ("TrimBox and ArtBox on one page", {"page": {"/ArtBox": [30, 30, 170, 170]}},
     "page boxes", "both a TrimBox and an ArtBox on page 1"),
    ("a font that is not embedded", {"content": b"BT /F9 12 Tf 60 60 Td (x) Tj ET", "resources": {"/Font": {
        "/F9": {"/Type": "/Font", "/Subtype": "/Type1", "/BaseFont": "/Helvetica"}}}},
     "fonts", "not embedded: Helvetica (text, page 1, 21 mm across and 21 mm up from the lower left corner)"),
    ("an image soft mask", {"content": HIGH_RES, "resources": {"/XObject": {"/Im1": _image(
        {"/ColorSpace": "/DeviceCMYK", "/SMask": _image({"/ColorSpace": "/DeviceGray"}, bytes(4))}, bytes(16))}}},
     "transparency", f"soft mask (an image's) (an image (2 x 2 px), {PLACE})"),
    ("an ExtGState soft mask", {"content": b"q /GSm gs 0 0 0 1 k 50 50 10 10 re f Q", "resources": {
        "/ExtGState": {"/GSm": {"/Type": "/ExtGState",
                                "/SMask": {"/Type": "/Mask", "/S": "/Luminosity", "/G": "form"}}}}},
     "transparency", f"soft mask (ExtGState) (a fill, {SQUARE})"),
    ("a form transparency group", {"content": b"q 1 0 0 1 40 40 cm /Fm1 Do Q",
                                   "resources": {"/XObject": {"/Fm1": "form-group"}}},
     # the form's 20 pt box at 40 pt: its middle at 50 pt = 18 mm
     "transparency", f"transparency group (a form) (a form, {PLACE})"),
    ("a Multiply blend mode", {"content": b"q /GSb gs 0 0 0 1 k 50 50 10 10 re f Q", "resources": {
        "/ExtGState": {"/GSb": {"/Type": "/ExtGState", "/BM": "/Multiply"}}}},
     "transparency", f"blend mode Multiply (a fill, {SQUARE})"),
]
PLANTED += PLANTED_52


def _form(group: bool) -> DecodedStreamObject:
    values: dict[str, Any] = {"/Type": "/XObject", "/Subtype": "/Form", "/BBox": [0, 0, 20, 20], "/Resources": {}}
    if group:
        values["/Group"] = {"/Type": "/Group", "/S": "/Transparency"}
    return _stream(b"0 0 0 1 k 0 0 20 20 re f", values)


def _made(value: Any) -> Any:
    """The planting with the objects it names by a word (streams, functions) made, fresh for each test."""
    if isinstance(value, dict) and "stream" in value:
        return _stream(value["stream"], {k: _made(v) for k, v in value.items() if k != "stream"})
    if isinstance(value, dict):
        return {k: _made(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_made(v) for v in value]
    ocg = {"/Type": "/OCG", "/Name": "hidden"}
    made = {"tiling": _tiling, "type3": _type3, "form": lambda: _form(False), "form-group": lambda: _form(True),
            "rgb-lookup": lambda: ByteStringObject(bytes([255, 255, 255, 200, 0, 0])),
            "identity-4": lambda: _stream(b"{}", {"/FunctionType": 4, "/Domain": [0, 1] * 4, "/Range": [0, 1] * 4}),
            "lab-fn": lambda: _stream(b"{pop pop 50 0 0}", {"/FunctionType": 4, "/Domain": [0, 1, 0, 1],
                                                             "/Range": [0, 100, -128, 127, -128, 127]}),
            "ocg": lambda: ocg, "ocprops": lambda: {"/OCGs": [ocg], "/D": {"/OFF": [ocg]}}}
    if isinstance(value, str) and value in made:
        return made[value]()
    return value


def _resolve(planting: dict[str, Any]) -> dict[str, Any]:
    return {key: _made(value) if key in ("resources", "catalog", "page") else value
            for key, value in planting.items()}


@pytest.mark.parametrize(("name", "planting", "check", "words"), PLANTED, ids=[p[0] for p in PLANTED])
def test_a_planted_defect_fails_naming_page_and_place(tmp_path: Path, name: str, planting: dict[str, Any],
                                                      check: str, words: str) -> None:
    base = _base(tmp_path / "base.pdf")
    assert preflight(base).status == "pass"
    bad = _plant(base, tmp_path / "bad.pdf", **_resolve(planting))
    result = preflight(bad)
    checks = {c.name: c for c in result.checks}
    assert checks[check].status == "fail", (name, result.checks)
    assert words in checks[check].detail, checks[check].detail
    assert result.exit_code == 2
    assert not any("FormXob" in c.detail or "/Sh" in c.detail or "/P1" in c.detail for c in result.checks)
    others = [c for c in result.checks if c.status != "pass" and c.name != check]
    assert not others or name in ("RGB inline image", "low-resolution inline image"), others


@pytest.mark.parametrize(("name", "content"), [
    ("registration crop mark outside the trim", b"q 1 1 1 1 K 0.3 w 22 22 m 28 22 l S Q"),
    ("400 % outside the bleed (cut away)", b"q 1 1 1 0.9 k 0 0 10 10 re f Q"),
    ("a CMYK shading under the limit", b"q 40 40 120 120 re W n /Sh3 sh Q"),
    # issue 52: legal and must pass: the abbreviated inline image (Indexed on CMYK), a spot colour on a
    # CMYK alternate (a dieline), overprinting that leaves the total under the limit
    ("abbreviated inline image /CS [/I /CMYK ...]",
     b"q 0.4 0 0 0.4 50 50 cm BI /W 2 /H 2 /CS [/I /CMYK 1 <00000000FF000000>] /BPC 8 ID \x00\x01\x01\x00 EI Q"),
    ("a spot colour on a CMYK alternate, overprinting", b"q /GSop gs /CSd CS 1 SCN 0.3 w 50 50 m 150 50 l S Q"),
    ("K 100 overprinting a 240 % rich black", b"q 0.6 0.4 0.4 1 k 50 50 60 60 re f /GSop gs 0 0 0 1 k "
                                               b"70 70 20 20 re f Q"),
])
def test_what_the_standard_allows_passes(tmp_path: Path, name: str, content: bytes) -> None:
    shading = {"/ShadingType": 2, "/ColorSpace": "/DeviceCMYK", "/Coords": [40, 40, 160, 160],
               "/Function": {"/FunctionType": 2, "/Domain": [0, 1], "/C0": [0, 0, 0, 0], "/C1": [0.6, 0.4, 0.4, 0.8],
                             "/N": 1}}
    spot = ["/Separation", "/CutContour", "/DeviceCMYK", {"/FunctionType": 2, "/Domain": [0, 1],
                                                          "/C0": [0, 0, 0, 0], "/C1": [0, 1, 0, 0], "/N": 1}]
    good = _plant(_base(tmp_path / "base.pdf"), tmp_path / "good.pdf", content,
                  {"/Shading": {"/Sh3": shading}, "/ColorSpace": {"/CSd": spot},
                   "/ExtGState": {"/GSop": {"/Type": "/ExtGState", "/OP": True, "/op": True, "/OPM": 1}}})
    result = preflight(good)
    assert result.status == "pass", (name, [c for c in result.checks if c.status != "pass"])


def _with_header(path: Path, header: bytes) -> Path:
    data = path.read_bytes()
    path.write_bytes(header + data[len(header):])
    return path


def test_pdfx_1a_2003_allows_pdf_1_4_and_2001_does_not(tmp_path: Path) -> None:
    x2003 = _with_header(_base(tmp_path / "x2003.pdf", "PDF/X-1a:2003"), b"%PDF-1.4")
    result = preflight(x2003)
    assert result.status == "pass", result.checks
    assert {c.name: c for c in result.checks}["PDF/X"].detail.startswith("PDF/X-1a:2003, output intent Artifex")
    x2001 = _with_header(_base(tmp_path / "x2001.pdf"), b"%PDF-1.4")
    check = {c.name: c for c in preflight(x2001).checks}["PDF/X"]
    assert check.status == "fail" and "PDF/X-1a:2001 allows PDF 1.3 at most, the file is PDF 1.4" in check.detail


def test_a_registered_identifier_with_another_conditions_profile_fails(tmp_path: Path) -> None:
    """The old DriveThruCards pairing: CGATS TR 001 (SWOP's registry name) over Artifex's own profile."""
    x2003 = _with_header(_base(tmp_path / "x2003.pdf", "PDF/X-1a:2003"), b"%PDF-1.4")
    writer = PdfWriter(clone_from=PdfReader(x2003))
    intent = writer._root_object["/OutputIntents"][0].get_object()
    intent[NameObject("/OutputConditionIdentifier")] = TextStringObject("CGATS TR 001")
    bad = tmp_path / "bad.pdf"
    with bad.open("wb") as handle:
        writer.write(handle)
    result = preflight(bad)
    check = {c.name: c for c in result.checks}["PDF/X"]
    assert result.exit_code == 2 and check.status == "fail"
    assert ("names the registered condition 'CGATS TR 001' but embeds the profile 'Artifex CMYK SWOP Profile'"
            in check.detail), check.detail


def test_object_streams_are_beyond_pdf_x_1a(tmp_path: Path) -> None:
    import pymupdf  # dev extra: writes object streams, which pypdf does not

    base = _with_header(_base(tmp_path / "x2003.pdf", "PDF/X-1a:2003"), b"%PDF-1.4")
    assert preflight(base).status == "pass"
    packed = tmp_path / "packed.pdf"
    with pymupdf.open(base) as doc:
        doc.save(packed, use_objstms=1)
    check = {c.name: c for c in preflight(packed).checks}["PDF/X"]
    assert check.status == "fail", check
    assert "object streams (compressed objects) (the file's structure) needs PDF 1.5" in check.detail


def test_pdfx_4_allows_transparency_and_needs_xmp(tmp_path: Path) -> None:
    base = _base(tmp_path / "base.pdf")
    alpha = {"/ExtGState": {"/GS8": {"/Type": "/ExtGState", "/ca": 0.5}}}
    content = b"q /GS8 gs 0 0 0 1 k 50 50 10 10 re f Q"
    x4 = _plant(base, tmp_path / "x4.pdf", content, alpha, info={"/GTS_PDFXVersion": "PDF/X-4"},
                catalog={"/Metadata": _stream(XMP, {"/Type": "/Metadata", "/Subtype": "/XML"})})
    result = preflight(x4)
    checks = {c.name: c for c in result.checks}
    assert result.status == "pass", result.checks
    assert checks["transparency"].detail == ("constant alpha below 1 (a fill, page 1, 19 mm across and 19 mm up "
                                             "from the lower left corner): allowed in PDF/X-4")
    no_xmp = _plant(base, tmp_path / "x4-bare.pdf", content, alpha, info={"/GTS_PDFXVersion": "PDF/X-4"})
    check = {c.name: c for c in preflight(no_xmp).checks}["PDF/X"]
    assert check.status == "fail" and "no XMP metadata with the PDF/X version" in check.detail


def _aes256(path: Path) -> Path:
    """A hand-written AES-256 (R6) encrypted PDF: pypdf needs a cryptography package to open it."""
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
               b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100 100] >>",
               b"<< /Filter /Standard /V 5 /R 6 /Length 256 /CF << /StdCF << /AuthEvent /DocOpen /CFM /AESV3 "
               b"/Length 32 >> >> /StmF /StdCF /StrF /StdCF /O <" + b"00" * 48 + b"> /U <" + b"00" * 48
               + b"> /OE <" + b"00" * 32 + b"> /UE <" + b"00" * 32 + b"> /P -4 /Perms <" + b"00" * 16 + b"> >>"]
    raw = b"%PDF-1.7\n"
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(raw))
        raw += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(raw)
    raw += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    raw += b"".join(b"%010d 00000 n \n" % o for o in offsets)
    raw += (b"trailer\n<< /Size %d /Root 1 0 R /Encrypt 4 0 R /ID [<00112233445566778899aabbccddeeff> "
            b"<00112233445566778899aabbccddeeff>] >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref))
    path.write_bytes(raw)
    return path


def test_encrypted_files_fail_as_encrypted_without_crashing(tmp_path: Path) -> None:
    writer = PdfWriter(clone_from=PdfReader(_base(tmp_path / "base.pdf")))
    writer.encrypt("", "owner", algorithm="RC4-128")  # an owner password only: opens, still encrypted
    rc4 = tmp_path / "rc4.pdf"
    with rc4.open("wb") as handle:
        writer.write(handle)
    aes = _aes256(tmp_path / "aes.pdf")
    for path, method in ((rc4, "encrypted (Standard RC4"), (aes, "encrypted (AES)")):
        result = preflight(path)
        assert result.exit_code == 2 and result.checks[0].detail.startswith(method), result.checks
    result = CliRunner().invoke(app, ["preflight", str(rc4), str(aes)])
    assert result.exit_code == 2, result.output
    assert result.output.count("encrypted (") == 2 and "internal error" not in result.output


def test_a_defect_on_a_card_sheet_names_the_card(tmp_path: Path) -> None:
    sheet = tmp_path / "sheet.pdf"
    result = CliRunner().invoke(app, ["cards", "eagle", "-o", str(sheet), "--color", "cmyk"])
    assert result.exit_code == 0, result.output
    assert preflight(sheet).status == "pass"
    # an RGB square in the lower-left card of page 1 (landscape A4: E05), a 360 % one in the gap above it
    bad = _plant(sheet, tmp_path / "bad.pdf", b"q 1 0 0 rg 100 100 5 5 re f Q q 0.9 0.9 0.9 0.9 k 100 300 5 5 re f Q")
    checks = {c.name: c for c in preflight(bad).checks}
    assert "DeviceRGB (a fill, card E05, page 1, 36 mm across" in checks["colour"].detail
    assert "max 360 % inside the bleed (a fill, page 1, 36 mm across and 107 mm up" in checks["total ink"].detail
    out = tmp_path / "dtc"
    result = CliRunner().invoke(app, ["images", "eagle", "-o", str(out), "--preset", "dtc", "--color", "cmyk"])
    assert result.exit_code == 0, result.output
    bad = _plant(out / "eagle-dtc.pdf", tmp_path / "bad-dtc.pdf", b"q 1 0 0 rg 50 50 5 5 re f Q")
    colour = {c.name: c for c in preflight(bad).checks}["colour"]
    assert "DeviceRGB (a fill, card E01 (back), page 1" in colour.detail, colour.detail
