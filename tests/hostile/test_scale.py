"""Scale: a big deck renders, pieces are light and resolved lazily, pages are
compressed as soon as they are finished, progress is reported per page.

Memory figures (1k vs 10k cards) come from ``benchmarks/bench_scale.py``; nothing
here is timed.
"""

from __future__ import annotations

from pathlib import Path

import pypdf
import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.deck import load_deck
from generator.render import cards as cards_module
from generator.render.cards import card_pieces
from generator.render.pdf import make_canvas
from generator.render.sheet import SheetOptions, with_copies, write_sheets

CARDS = 2000


@pytest.fixture(scope="module")
def big_deck(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("big")
    rows = "\n".join(f"C{i:05d},Card {i},{i % 50},A line of text for card {i}" for i in range(CARDS))
    (folder / "cards.csv").write_text("id,name,weight,text\n" + rows + "\n", encoding="utf-8")
    (folder / "deck.yaml").write_text(
        "name: Big\ngame: weiji\nattributes: [{key: weight, label: Weight, unit: kg}]\ncards: cards.csv\n",
        encoding="utf-8",
    )
    return folder / "deck.yaml"


def test_a_2000_card_deck_renders_with_progress_per_page(big_deck: Path, tmp_path: Path) -> None:
    pieces = card_pieces(load_deck(big_deck))
    seen: list[int] = []
    out = tmp_path / "big.pdf"
    report = write_sheets(pieces, out, SheetOptions(backs="duplex-long"), progress=seen.append)
    assert report.pieces == CARDS and len(pypdf.PdfReader(out).pages) == report.pages
    assert seen == sorted(seen) and seen[-1] == len(with_copies(pieces)) and len(seen) == report.pages // 2


def test_pieces_hold_no_resolved_elements_and_resolve_while_drawing(
    big_deck: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    deck = load_deck(big_deck)
    pieces = card_pieces(deck)  # every card checked up front...
    for piece in pieces[:50]:  # ...but nothing resolved is kept
        held = [v for v in vars(piece).values() if isinstance(v, list | dict) and v]
        assert all(not isinstance(v, list) or not v for v in held if v is not piece.warnings), held
        assert "_elements" not in vars(piece)
    resolved: list[str] = []
    original = cards_module.CardPiece._resolve

    def counting(self: cards_module.CardPiece, side: str, ctx: dict) -> list:
        resolved.append(self.id)
        return original(self, side, ctx)

    monkeypatch.setattr(cards_module.CardPiece, "_resolve", counting)
    write_sheets(pieces[:18], tmp_path / "some.pdf", SheetOptions(backs="duplex-long"))
    assert len(resolved) == 36  # front and back of each, resolved when drawn
    assert resolved[:8] == [p.id for p in pieces[:8]]  # page by page (8 to a page, gap), in order


def test_finished_pages_are_kept_compressed(tmp_path: Path) -> None:
    canvas = make_canvas(tmp_path / "p.pdf")
    for i in range(3):
        canvas.drawString(72, 72, f"page {i} " * 200)
        canvas.showPage()
    pages = canvas._doc.Pages.pages
    assert all(page.stream is None and page.Contents is not None for page in pages)
    assert all(len(page.Contents.content) < 2000 for page in pages)  # compressed text
    canvas.save()
    text = "".join(p.extract_text() for p in pypdf.PdfReader(tmp_path / "p.pdf").pages)
    assert "page 2" in text


def test_the_cli_shows_a_progress_bar_and_finishes(big_deck: Path, tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["cards", str(big_deck), "-o", str(tmp_path / "c.pdf")])
    assert result.exit_code == 0, result.output
    assert f"{CARDS} cards on" in result.output
