"""Rendering machinery: worker processes give the same files, progress, corners, atomic writes."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from generator.errors import ParameterError
from generator.images import export_pieces, plan_export, work
from generator.images.files import file_stems, safe_name

from .conftest import ColourPiece, colour_pieces


def test_worker_processes_write_the_same_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(work, "PARALLEL_MIN_PIXELS", 0)
    pieces = colour_pieces(6)
    export_pieces(pieces, tmp_path / "one", plan_export(dpi=40, backs=True), jobs=1)
    export_pieces(pieces, tmp_path / "two", plan_export(dpi=40, backs=True), jobs=2)
    names = sorted(p.name for p in (tmp_path / "one").iterdir())
    assert names == sorted(p.name for p in (tmp_path / "two").iterdir()) and len(names) == 7
    for name in names:
        assert (tmp_path / "one" / name).read_bytes() == (tmp_path / "two" / name).read_bytes()


def test_progress_counts_up_to_the_total(tmp_path: Path) -> None:
    seen: list[tuple[int, int]] = []
    export_pieces(colour_pieces(20), tmp_path, plan_export(dpi=30, backs=True),
                  progress=lambda done, total: seen.append((done, total)))
    assert seen[-1][0] == seen[-1][1] and len(seen) > 2
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_rounded_corners_are_transparent(tmp_path: Path) -> None:
    report = export_pieces(colour_pieces(1), tmp_path, plan_export(dpi=60, corner_radius=3.0))
    with Image.open(report.files[0]) as image:
        assert image.mode == "RGBA"
        assert image.getpixel((0, 0))[3] == 0
        assert image.getpixel((image.width // 2, image.height // 2))[3] == 255
        assert image.getpixel((image.width // 2, 0))[3] == 255  # the edge itself stays


class Broken(ColourPiece):
    def draw_front(self, canvas, bleed):  # type: ignore[no-untyped-def]
        raise RuntimeError("drawing failed")


def test_a_failure_leaves_no_half_written_file(tmp_path: Path) -> None:
    pieces = [*colour_pieces(20), Broken("x", (0, 0, 0))]
    with pytest.raises(RuntimeError):
        export_pieces(pieces, tmp_path, plan_export(dpi=30))
    assert not [p for p in tmp_path.iterdir() if "partial" in p.name]


def test_file_names_come_from_card_ids() -> None:
    assert safe_name("winds-1") == "winds-1"
    assert safe_name("A/B c") == "A_B_c"
    with pytest.raises(ParameterError, match="would both be written"):
        file_stems(["a b", "a_b"])


def test_a_card_called_back_keeps_its_face(tmp_path: Path) -> None:
    pieces = [ColourPiece("back", (255, 0, 0)), ColourPiece("b", (0, 255, 0))]
    report = export_pieces(pieces, tmp_path, plan_export(dpi=30, backs=True))
    assert sorted(p.name for p in report.files) == ["b.png", "back.png", "shared-back.png"]
    with Image.open(tmp_path / "back.png") as face:
        assert face.convert("RGB").getpixel((20, 20))[0] > 200  # still the red face
    pieces = [ColourPiece("x", (255, 0, 0), back=(0, 0, 0)), ColourPiece("x-back", (0, 255, 0))]
    with pytest.raises(ParameterError, match="would overwrite"):
        export_pieces(pieces, tmp_path / "two", plan_export(dpi=30, backs=True))
