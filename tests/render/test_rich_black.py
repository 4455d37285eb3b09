"""Rich black for large near-black solids, K only for text and thin lines, crop marks in the
registration colour (issue 24, items 3 and 8), read back from the PDFs written."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream
from reportlab.lib.colors import HexColor
from typer.testing import CliRunner

from generator.cli import app
from generator.render.cmyk import proof_delta_e, rgb8_to_cmyk, rich_black
from generator.render.geometry import pt
from generator.render.pdf import make_canvas

runner = CliRunner()
NEAR_BLACK = (0x1A, 0x1A, 0x1A)
K_ONLY = (0.0, 0.0, 0.0, 0.9281)  # #1A1A1A in black ink alone
# t = (0.9281 - 0.6) / 0.4 = 0.820 25: C, M, Y = 60, 40, 40 % x t; K = 0.9281 + 0.0719 t
RICH = (0.4922, 0.3281, 0.3281, 0.9871)


def _colours(path: Path, page: int = 0) -> list[tuple[bytes, tuple[float, ...]]]:
    reader = PdfReader(str(path))
    return [(op, tuple(float(v) for v in operands))
            for operands, op in ContentStream(reader.pages[page].get_contents(), reader).operations
            if op in (b"k", b"K", b"rg", b"RG")]


def test_the_rule_black_is_60_40_40_100_and_lighter_greys_stay_k_only() -> None:
    assert rich_black((0.0, 0.0, 0.0, 1.0)) == (0.6, 0.4, 0.4, 1.0)  # 240 %: the ink cap
    assert rgb8_to_cmyk(*NEAR_BLACK) == K_ONLY
    assert rich_black(K_ONLY) == RICH
    assert rich_black(rgb8_to_cmyk(0x80, 0x80, 0x80)) is None  # mid grey: K 48.6 %, under 60 %
    assert rich_black((0.1, 0.0, 0.0, 0.9)) is None  # a colour, not a neutral grey


def test_large_solids_get_rich_black_text_hairlines_and_small_shapes_stay_k_only(tmp_path: Path) -> None:
    path = tmp_path / "c.pdf"
    c = make_canvas(path, color="cmyk")
    c.setFillColor(HexColor("#1A1A1A"))
    c.setStrokeColor(HexColor("#1A1A1A"))
    c.rect(pt(10), pt(10), pt(40), pt(20), stroke=0, fill=1)  # a band: large
    c.rect(pt(10), pt(40), pt(40), pt(3), stroke=0, fill=1)  # a 3 mm stripe: small
    c.circle(pt(80), pt(80), pt(10), stroke=0, fill=1)  # a 20 mm disc: large
    c.setLineWidth(0.3)
    c.line(0, 0, pt(100), pt(100))  # a hairline
    c.setFont(c._fontname, 8)
    c.drawString(pt(10), pt(60), "small text")
    c.showPage()
    c.save()
    reader = PdfReader(str(path))
    fill: tuple[float, ...] = ()
    painted: list[tuple[bytes, tuple[float, ...]]] = []  # (paint operator, fill colour)
    stroke: tuple[float, ...] = ()
    for operands, op in ContentStream(reader.pages[0].get_contents(), reader).operations:
        if op == b"k":
            fill = tuple(float(v) for v in operands)
        elif op == b"K":
            stroke = tuple(float(v) for v in operands)
        elif op in (b"f", b"f*", b"Tj", b"S"):
            painted.append((op.rstrip(b"*"), stroke if op == b"S" else fill))
    # the band rich, the 3 mm stripe K only, the disc rich, the hairline and the text K only
    assert painted == [(b"f", RICH), (b"f", K_ONLY), (b"f", RICH), (b"S", K_ONLY), (b"Tj", K_ONLY)]


def test_near_black_proof_difference_before_and_after() -> None:
    """The proof ΔE (CIE76, soft proof through the bundled SWOP profile) of #1A1A1A: 20.1 in
    black ink alone, 7.2 as a rich black (quoted in docs/images.md)."""
    before = proof_delta_e(NEAR_BLACK, K_ONLY)
    after = proof_delta_e(NEAR_BLACK, RICH)
    assert before == pytest.approx(20.05, abs=0.1)
    assert after == pytest.approx(7.2, abs=0.1)


def test_tiles_in_cmyk_moons_pawn_is_rich_and_crop_marks_are_registration(tmp_path: Path) -> None:
    out = tmp_path / "t.pdf"
    result = runner.invoke(app, ["tiles", "-o", str(out), "--components", "pawns", "--color", "cmyk"])
    assert result.exit_code == 0, result.output
    colours = _colours(out)
    assert (b"k", RICH) in colours  # the Moons pawn (#1A1A1A), a large solid
    strokes = {v for op, v in colours if op == b"K"}
    assert (1.0, 1.0, 1.0, 1.0) in strokes  # the crop marks: every plate
    rgb = tmp_path / "rgb.pdf"
    result = runner.invoke(app, ["tiles", "-o", str(rgb), "--components", "pawns"])
    assert result.exit_code == 0, result.output
    assert all(op in (b"rg", b"RG") for op, _ in _colours(rgb))  # RGB output: no CMYK at all
