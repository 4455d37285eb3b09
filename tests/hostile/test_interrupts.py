"""Ctrl-C or a crash mid-build leaves earlier outputs intact and no partial files;
the next build redoes only what is missing."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.deck import resolve_deck
from generator.render import cards as cards_module
from generator.render.atomic import atomic_write
from generator.render.cards import card_pieces, render_piece_pdf, write_card_sheets
from generator.render.sheet import SheetOptions

GOOD = b"%PDF-1.4 an earlier, complete output\n"


def _explode_after(monkeypatch: pytest.MonkeyPatch, calls: int, error: BaseException) -> None:
    """Make the ``calls``-th card face drawn raise ``error`` (mid-page, mid-file)."""
    original = cards_module.CardPiece.draw_front
    seen = {"n": 0}

    def draw_front(self: cards_module.CardPiece, canvas: object, bleed: float) -> None:
        seen["n"] += 1
        if seen["n"] == calls:
            raise error
        original(self, canvas, bleed)  # type: ignore[arg-type]

    monkeypatch.setattr(cards_module.CardPiece, "draw_front", draw_front)


def _leftovers(folder: Path, keep: set[str]) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name not in keep)


@pytest.mark.parametrize("error", [KeyboardInterrupt(), RuntimeError("disk on fire"), MemoryError()])
def test_an_interrupt_mid_render_leaves_the_earlier_file_untouched(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, error: BaseException
) -> None:
    target = tmp_path / "cards.pdf"
    target.write_bytes(GOOD)
    os.chmod(target, 0o640)
    _explode_after(monkeypatch, 14, error)  # page 2 of the Viashi deck
    with pytest.raises(type(error)):
        write_card_sheets(resolve_deck("viashi"), target, SheetOptions(backs="duplex-long"))
    assert target.read_bytes() == GOOD
    assert target.stat().st_mode & 0o777 == 0o640
    assert _leftovers(tmp_path, {"cards.pdf"}) == []  # no .partial file


def test_an_interrupt_with_no_earlier_file_leaves_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _explode_after(monkeypatch, 3, KeyboardInterrupt())
    with pytest.raises(KeyboardInterrupt):
        write_card_sheets(resolve_deck("viashi"), tmp_path / "new.pdf", SheetOptions())
    assert _leftovers(tmp_path, set()) == []


def test_a_single_card_pdf_is_atomic_too(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    piece = card_pieces(resolve_deck("viashi"))[0]
    target = tmp_path / "one.pdf"
    target.write_bytes(GOOD)
    _explode_after(monkeypatch, 1, KeyboardInterrupt())
    with pytest.raises(KeyboardInterrupt):
        render_piece_pdf(piece, target, 3.0)
    assert target.read_bytes() == GOOD and _leftovers(tmp_path, {"one.pdf"}) == []


def test_a_successful_build_replaces_the_file_in_one_step(tmp_path: Path) -> None:
    target = tmp_path / "cards.pdf"
    target.write_bytes(GOOD)
    write_card_sheets(resolve_deck("standard52"), target, SheetOptions())
    assert target.read_bytes().startswith(b"%PDF") and target.read_bytes() != GOOD
    assert _leftovers(tmp_path, {"cards.pdf"}) == []


def test_atomic_write_removes_its_temporary_file_on_any_exception(tmp_path: Path) -> None:
    target = tmp_path / "x.txt"
    target.write_text("old", encoding="utf-8")
    for error in (KeyboardInterrupt, SystemExit, ValueError):
        with pytest.raises(error), atomic_write(target) as tmp:
            tmp.write_text("half", encoding="utf-8")
            assert tmp.parent == tmp_path and tmp.name.endswith(".partial.txt")
            raise error()
        assert target.read_text(encoding="utf-8") == "old"
        assert _leftovers(tmp_path, {"x.txt"}) == []


def test_the_cli_says_interrupted_exits_130_and_keeps_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "cards.pdf"
    target.write_bytes(GOOD)
    _explode_after(monkeypatch, 10, KeyboardInterrupt())
    result = CliRunner().invoke(app, ["cards", "viashi", "-o", str(target)])
    assert result.exit_code == 130
    assert "interrupted" in result.output and "Traceback" not in result.output
    assert target.read_bytes() == GOOD and _leftovers(tmp_path, {"cards.pdf"}) == []


def test_an_interrupted_build_keeps_finished_outputs_and_the_next_build_redoes_only_the_rest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from generator.project import run as run_module

    project = tmp_path / "proj"
    project.mkdir()
    (project / "deck.yaml").write_text(
        "name: Tiny\ngame: none\ncards:\n  - {id: A, name: Ace}\n  - {id: B, name: Bee}\n", encoding="utf-8"
    )
    out = tmp_path / "out"
    real = run_module.run_job
    calls: list[str] = []

    def interrupted(job: object) -> object:
        calls.append(job.id)  # type: ignore[attr-defined]
        if len(calls) == 2:
            raise KeyboardInterrupt
        return real(job)  # type: ignore[arg-type]

    monkeypatch.setattr(run_module, "run_job", interrupted)
    with pytest.raises(KeyboardInterrupt):
        run_module.build((str(project),), out, workers=1)
    first = calls[0]
    files = [p for p in out.rglob("*") if p.is_file()]
    assert not [p for p in files if ".partial" in p.name]
    monkeypatch.setattr(run_module, "run_job", real)
    again = run_module.build((str(project),), out, workers=1)
    assert first in {r.job.id for r in again.skipped}
    assert calls[1] in {r.job.id for r in again.built}
    assert again.ok


def test_an_unwritable_output_is_a_clean_error(tmp_path: Path) -> None:
    folder = tmp_path / "out.pdf"
    folder.mkdir()  # the output path is a folder
    result = CliRunner().invoke(app, ["cards", "standard52", "-o", str(folder)])
    assert result.exit_code == 2 and "while writing" in result.output and "Traceback" not in result.output
    assert _leftovers(tmp_path, {"out.pdf"}) == [] and list(folder.iterdir()) == []


def test_a_broken_font_file_is_a_clean_error(tmp_path: Path) -> None:
    from generator.errors import RenderError
    from generator.render.fonts import register_font_file

    for data in (b"", b"\x00\x01\x00\x00" + b"\xff" * 40, b"OTTO" + b"\x00" * 100):
        path = tmp_path / "bad.ttf"
        path.write_bytes(data)
        with pytest.raises(RenderError, match="not a usable TrueType font"):
            register_font_file(path, name=f"Bad{len(data)}")
