"""``balance.check_deck``: the one library function behind ``check``, ``build``'s
balance job and ``watch`` (static checks here: ``games=0`` plays nothing)."""

from __future__ import annotations

from generator.balance import CheckOptions, check_deck, run_checks
from generator.deck import resolve_deck
from generator.validate.preflight import Prepared, prepare


def test_a_loaded_deck_gets_the_checks_report() -> None:
    deck = resolve_deck("lighting")
    result = check_deck(deck, CheckOptions(games=0))
    assert result.report.playtest is None and "static checks only (--games 0)" in result.report.notes
    assert result.report.to_json() == run_checks(deck, CheckOptions(games=0)).to_json()
    assert result.charts == []  # no PDF asked for


def test_the_print_checks_warnings_become_findings_after_the_balance_ones() -> None:
    prepared = prepare("lighting")
    assert prepared.deck.key == "lighting" and prepared.issues == [] and prepared.printing == []
    noted = Prepared(prepared.name, prepared.source, prepared.deck, prepared.issues, ["a title overflows on L01"])
    report = check_deck(noted, CheckOptions(games=0)).report
    assert report.findings[-1].code == "print" and report.findings[-1].message == "a title overflows on L01"
    assert report.findings[-1].level == "warning"


def test_the_pdf_report_is_written_with_its_charts(tmp_path) -> None:
    pdf = tmp_path / "report.pdf"
    result = check_deck(resolve_deck("lighting"), CheckOptions(games=0, pdf=pdf))
    assert pdf.read_bytes().startswith(b"%PDF")
    assert result.charts and all(p.parent == tmp_path / "report-charts" and p.suffix == ".png" for p in result.charts)
