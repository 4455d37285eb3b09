"""The PDF report opens, carries its charts and embeds every font; PNG charts too."""

from __future__ import annotations

from pathlib import Path

import pypdf
import pytest
from PIL import Image

from generator.balance import CheckOptions, run_checks, write_report_pdf
from generator.deck import resolve_deck

from .conftest import fixture_deck


def _fonts(reader: pypdf.PdfReader) -> dict[str, bool]:
    """Font name -> embedded (a FontFile in its descriptor)."""
    out: dict[str, bool] = {}
    for page in reader.pages:
        fonts = page["/Resources"].get_object().get("/Font", {})
        for ref in fonts.values():
            font = ref.get_object()
            desc = font.get("/FontDescriptor")
            embedded = desc is not None and any(k in desc.get_object() for k in ("/FontFile", "/FontFile2", "/FontFile3"))
            out[str(font["/BaseFont"])] = embedded
    return out


def _has_drawing(page: pypdf.PageObject) -> bool:
    ops = {op for _, op in pypdf.generic.ContentStream(page.get_contents(), page.pdf).operations}
    return {b"re", b"l", b"f"} & ops != set() and b"Tj" in ops


@pytest.fixture(scope="module")
def weiji_report(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[Path]]:
    out = tmp_path_factory.mktemp("report")
    report = run_checks(fixture_deck("unbeatable"), CheckOptions(games=120))
    pngs = write_report_pdf(report, out / "report.pdf", out / "charts")
    return out / "report.pdf", pngs


def test_pdf_opens_with_findings_charts_and_tables(weiji_report: tuple[Path, list[Path]]) -> None:
    path, _ = weiji_report
    reader = pypdf.PdfReader(path)
    text = "\n".join(p.extract_text() for p in reader.pages)
    for needle in ("Balance report: Unbeatable", "Verdict: 1 error(s)", "U01 is unbeatable", "Game length", "Seat advantage",
                   "Win rate per card", "Ties per attribute", "Attribute values", "median", "p95", "fair 50%", "card_win_max", "Thresholds"):
        assert needle in text, needle
    assert reader.metadata.title == "Balance report: Unbeatable"
    assert any(_has_drawing(p) for p in reader.pages)


def test_pdf_embeds_every_font(weiji_report: tuple[Path, list[Path]]) -> None:
    fonts = _fonts(pypdf.PdfReader(weiji_report[0]))
    assert fonts and all(fonts.values()), fonts
    assert not any("Helvetica" in f for f in fonts)


def test_png_charts_are_written(weiji_report: tuple[Path, list[Path]]) -> None:
    _, pngs = weiji_report
    assert {p.stem for p in pngs} == {"length", "seats", "cards", "ties", "attributes"}
    for p in pngs:
        with Image.open(p) as im:
            assert im.format == "PNG" and im.width > 600
            assert im.convert("L").getextrema()[0] < 100  # something dark was drawn


def test_static_only_and_war_reports(tmp_path: Path) -> None:
    static = run_checks(fixture_deck("hopeless"), CheckOptions(games=0))
    pngs = write_report_pdf(static, tmp_path / "static.pdf", tmp_path / "static")
    assert [p.stem for p in pngs] == ["strength", "attributes"]
    text = "".join(p.extract_text() for p in pypdf.PdfReader(tmp_path / "static.pdf").pages)
    assert "Card strength" in text and "static checks only" in text
    war = run_checks(resolve_deck("piecepack"), CheckOptions(games=60))
    pngs = write_report_pdf(war, tmp_path / "war.pdf", tmp_path / "war")
    assert "war-grid" in {p.stem for p in pngs}
    assert "War length by players and packs" in "".join(p.extract_text() for p in pypdf.PdfReader(tmp_path / "war.pdf").pages)


def test_viashi_report_shows_the_skill_gap_and_card_values(tmp_path: Path) -> None:
    report = run_checks(resolve_deck("viashi"), CheckOptions(games=9, strategy="expert:2"))
    pdf = tmp_path / "viashi.pdf"
    write_report_pdf(report, pdf)
    text = " ".join(page.extract_text() for page in pypdf.PdfReader(pdf).pages)
    assert "skill gap (expert:2 vs random, 9 games)" in text and "Card value under expert play" in text
    skill = report.playtest.skill if report.playtest else None
    assert skill is not None and f"{skill.gap * 100:+.1f} points" in text
    assert "gods-9" in text and "special target taken" in text
