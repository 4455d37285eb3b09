"""Planted defects: a clean PDF/X-1a file with one thing a print shop rejects added each time
(issue 40). ``preflight`` must see every one — in a shading, a shading or tiling pattern, a
Type 3 glyph, an inline image, an annotation, a transfer function, a page group,
encryption — name the page and the place (never an internal object name), and exit 2;
and it must pass what the standards allow (registration outside the trim, ink outside the
bleed, PDF/X-1a:2003 at PDF 1.4, transparency in PDF/X-4)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader, PdfWriter
from pypdf.generic import (
    ArrayObject,
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
        return value
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
     "transparency", "page transparency group (page 1) (PDF/X-1a:2001 forbids transparency)"),
    ("constant alpha", {"content": b"q /GS8 gs 0 0 0 1 k 50 50 10 10 re f Q",
                        "resources": {"/ExtGState": {"/GS8": {"/Type": "/ExtGState", "/ca": 0.5}}}},
     "transparency", "constant alpha below 1 (PDF/X-1a:2001 forbids transparency)"),
]


def _resolve(planting: dict[str, Any]) -> dict[str, Any]:
    resources = planting.get("resources")
    if resources:
        for entries in resources.values():
            for name, value in list(entries.items()):
                if value == "tiling":
                    entries[name] = _tiling()
                elif value == "type3":
                    entries[name] = _type3()
    return planting


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
])
def test_what_the_standard_allows_passes(tmp_path: Path, name: str, content: bytes) -> None:
    shading = {"/ShadingType": 2, "/ColorSpace": "/DeviceCMYK", "/Coords": [40, 40, 160, 160],
               "/Function": {"/FunctionType": 2, "/Domain": [0, 1], "/C0": [0, 0, 0, 0], "/C1": [0.6, 0.4, 0.4, 0.8],
                             "/N": 1}}
    good = _plant(_base(tmp_path / "base.pdf"), tmp_path / "good.pdf", content,
                  {"/Shading": {"/Sh3": shading}})
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
    assert {c.name: c for c in result.checks}["PDF/X"].detail.startswith("PDF/X-1a:2003, output intent SWOP")
    x2001 = _with_header(_base(tmp_path / "x2001.pdf"), b"%PDF-1.4")
    check = {c.name: c for c in preflight(x2001).checks}["PDF/X"]
    assert check.status == "fail" and "PDF/X-1a:2001 allows PDF 1.3 at most, the file is PDF 1.4" in check.detail


def test_pdfx_4_allows_transparency_and_needs_xmp(tmp_path: Path) -> None:
    base = _base(tmp_path / "base.pdf")
    alpha = {"/ExtGState": {"/GS8": {"/Type": "/ExtGState", "/ca": 0.5}}}
    content = b"q /GS8 gs 0 0 0 1 k 50 50 10 10 re f Q"
    x4 = _plant(base, tmp_path / "x4.pdf", content, alpha, info={"/GTS_PDFXVersion": "PDF/X-4"},
                catalog={"/Metadata": _stream(XMP, {"/Type": "/Metadata", "/Subtype": "/XML"})})
    result = preflight(x4)
    checks = {c.name: c for c in result.checks}
    assert result.status == "pass", result.checks
    assert checks["transparency"].detail == "constant alpha below 1 (allowed in PDF/X-4)"
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
