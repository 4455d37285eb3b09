"""Crop marks long enough to see beside a guillotine blade on every page size, and
``--no-crop-marks`` giving their room to the pieces (issue 24, items 4 and 7)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from generator.cli import app
from generator.render.geometry import MARK_EDGE, MARK_MIN

from .piecepack_pdf import mark_segments

runner = CliRunner()
PAGES = {"a4": (210.0, 297.0), "a3": (297.0, 420.0), "letter": (215.9, 279.4)}


def _check_marks(path: Path) -> int:
    """Every crop mark on every page at least MARK_MIN long and MARK_EDGE off the paper's
    edge, and every cut edge (TrimBox sides included) marked; the number of marks."""
    reader = PdfReader(str(path))
    count = 0
    for index, page in enumerate(reader.pages):
        w, h = (float(v) * 25.4 / 72 for v in page.mediabox.upper_right)
        segments = mark_segments(path, index)
        assert segments, f"page {index + 1}: no crop marks"
        for x1, y1, x2, y2 in segments:
            length = abs(x2 - x1) + abs(y2 - y1)
            assert length >= MARK_MIN - 1e-3, f"page {index + 1}: a {length:.2f} mm mark"
            for v, side in ((x1, w), (x2, w), (y1, h), (y2, h)):
                assert MARK_EDGE - 1e-3 <= v <= side - MARK_EDGE + 1e-3
        trim = [float(v) * 25.4 / 72 for v in page["/TrimBox"]]
        xs = {round(x1, 2) for x1, _, x2, _ in segments if abs(x1 - x2) < 1e-6}
        ys = {round(y1, 2) for _, y1, _, y2 in segments if abs(y1 - y2) < 1e-6}
        assert round(trim[0], 2) in xs and round(trim[2], 2) in xs
        assert round(trim[1], 2) in ys and round(trim[3], 2) in ys
        count += len(segments)
    return count


@pytest.mark.parametrize("page", list(PAGES))
@pytest.mark.parametrize("arrangement", ["gap", "touching"])
def test_card_crop_marks_are_at_least_3_mm_on_every_page_size(tmp_path: Path, page: str,
                                                               arrangement: str) -> None:
    out = tmp_path / "c.pdf"
    result = runner.invoke(app, ["cards", "eagle", "-o", str(out), "--page", page,
                                 "--arrangement", arrangement, "--backs", "fold"])
    assert result.exit_code == 0, result.output
    assert _check_marks(out) > 0


@pytest.mark.parametrize("page", list(PAGES))
def test_piecepack_crop_marks_are_at_least_3_mm_on_every_page_size(tmp_path: Path, page: str) -> None:
    out = tmp_path / "t.pdf"
    result = runner.invoke(app, ["tiles", "-o", str(out), "--page", page])
    assert result.exit_code == 0, result.output
    _check_marks(out)


def test_no_crop_marks_gives_their_room_to_the_cards(tmp_path: Path) -> None:
    # poker cards with 5 mm bleed and the 2 mm gap on A4 landscape (287 x 200 mm inside the
    # 5 mm margin): 75.5 x 100.9 mm a card; 1 mm kept for marks at each end leaves
    # (200 - 2 + 2) / 100.9 = 1.98 rows, none kept (200 + 2) / 100.9 = 2.002: 2 rows of 3
    marked = tmp_path / "m.pdf"
    result = runner.invoke(app, ["cards", "eagle", "-o", str(marked), "--bleed", "5"])
    assert result.exit_code == 0 and "4 per page" in result.output, result.output
    bare = tmp_path / "b.pdf"
    result = runner.invoke(app, ["cards", "eagle", "-o", str(bare), "--bleed", "5", "--no-crop-marks"])
    assert result.exit_code == 0 and "6 per page" in result.output, result.output
    reader = PdfReader(str(bare))
    assert len(reader.pages) == 5  # 30 cards, 6 a page
    assert all(mark_segments(bare, i) == [] for i in range(len(reader.pages)))
    page = reader.pages[0]
    bleed = [float(v) * 25.4 / 72 for v in page["/BleedBox"]]
    # the block (3 x 75.5 - 2, 2 x 100.9 - 2 mm) centred on 297 x 210 mm: inside the margin
    assert bleed == pytest.approx([(297 - 224.5) / 2, (210 - 199.8) / 2,
                                   (297 + 224.5) / 2, (210 + 199.8) / 2], abs=0.01)
    assert min(bleed[0], bleed[1]) >= 5.0
