"""Card images tagged sRGB, and one DriveThruCards PDF per piece size (issue 24, items 6 and 8)."""

from __future__ import annotations

import io
import struct
from pathlib import Path

import pytest
from PIL import Image, ImageCms
from pypdf import PdfReader
from typer.testing import CliRunner

from generator.cli import app

runner = CliRunner()
BLEED = 3.175  # mm: DriveThruCards' 1/8 in


def _chunks(path: Path) -> list[bytes]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    out, i = [], 8
    while i < len(data):
        (length,) = struct.unpack(">I", data[i : i + 4])
        out.append(data[i + 4 : i + 8])
        i += 12 + length
    return out


def test_png_images_carry_an_srgb_chunk(tmp_path: Path) -> None:
    result = runner.invoke(app, ["images", "eagle", "-o", str(tmp_path), "--dpi", "60", "--jobs", "1"])
    assert result.exit_code == 0, result.output
    pngs = sorted(tmp_path.glob("*.png"))
    assert len(pngs) == 30  # the 30 faces (backs: only with --backs)
    for path in pngs:
        chunks = _chunks(path)
        assert b"sRGB" in chunks and chunks.index(b"sRGB") < chunks.index(b"IDAT")
        with Image.open(path) as image:
            assert image.info["srgb"] == 0 and image.info["gamma"] == pytest.approx(0.45455)


@pytest.mark.parametrize("fmt", ["jpg", "webp"])
def test_jpeg_and_webp_images_carry_an_srgb_profile(tmp_path: Path, fmt: str) -> None:
    result = runner.invoke(app, ["images", "eagle", "-o", str(tmp_path), "--dpi", "60", "--format", fmt,
                                 "--jobs", "1"])
    assert result.exit_code == 0, result.output
    path = next(tmp_path.glob(f"*.{fmt}"))
    with Image.open(path) as image:
        profile = ImageCms.ImageCmsProfile(io.BytesIO(image.info["icc_profile"]))
    assert "sRGB" in ImageCms.getProfileDescription(profile)


def test_dtc_writes_one_pdf_per_piece_size_named_by_size(tmp_path: Path) -> None:
    result = runner.invoke(app, ["images", "piecepack", "-o", str(tmp_path), "--preset", "dtc"])
    assert result.exit_code == 0, result.output
    assert "4 vendor PDFs" in result.output and "one PDF per size" in result.output
    # tiles 2 in, coins 3/4 in, die nets 1.5 in x 54.8 mm, pawns 5/8 in x 77.15 mm
    expected = {"piecepack-dtc-50.8x50.8mm.pdf": ((50.8, 50.8), 24),
                "piecepack-dtc-19.05x19.05mm.pdf": ((19.05, 19.05), 24),
                "piecepack-dtc-38.1x54.8mm.pdf": ((38.1, 54.8), 4),
                "piecepack-dtc-15.88x77.15mm.pdf": ((15.875, 77.15), 4)}
    assert sorted(p.name for p in tmp_path.glob("*.pdf")) == sorted(expected)
    for name, ((w, h), pieces) in expected.items():
        reader = PdfReader(str(tmp_path / name))
        assert len(reader.pages) == 2 * pieces  # a back and a front page per piece
        for page in reader.pages:
            pw, ph = (float(v) * 25.4 / 72 for v in page.mediabox.upper_right)
            assert (pw, ph) == (pytest.approx(w + 2 * BLEED, abs=0.01), pytest.approx(h + 2 * BLEED, abs=0.01))


def test_dtc_of_one_size_keeps_one_file(tmp_path: Path) -> None:
    result = runner.invoke(app, ["images", "eagle", "-o", str(tmp_path), "--preset", "dtc"])
    assert result.exit_code == 0, result.output
    assert [p.name for p in tmp_path.glob("*.pdf")] == ["eagle-dtc.pdf"]
