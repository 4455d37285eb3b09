"""The custom starter prints without a warning of its own making: its crowns were gold
#C9A227 on the white card (contrast 2.4:1, under the 3:1 deckpress asks of every
layout), so a new designer's first ``deckpress cards`` (and ``build``: sheets on A4 and
Letter, images) warned 16 times per output about a colour they never chose."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pypdf import PdfReader
from typer.testing import CliRunner

from generator.cli import app


def run(*args: str | Path) -> Any:
    return CliRunner().invoke(app, ["--quiet", *(str(a) for a in args)])


def test_the_custom_starters_cards_print_without_contrast_warnings(tmp_path: Path) -> None:
    project = tmp_path / "crowns"
    assert run("new", project, "--game", "custom").exit_code == 0
    out = tmp_path / "cards.pdf"
    printed = run("cards", project, "-o", out)
    assert printed.exit_code == 0, printed.output
    assert "contrast" not in printed.output and "warning" not in printed.output, printed.output
    assert "36 cards on 5 pages" in printed.output  # 36 poker cards, 8 to an A4 page with bleed and gaps
    reader = PdfReader(out)
    assert len(reader.pages) == 5
    for page in reader.pages:
        assert page.trimbox.width > 0
