"""Static checks: decks built to have one flaw each are caught, by the right code."""

from __future__ import annotations

import pytest

from generator.balance import CheckOptions, run_checks
from generator.balance.findings import Report
from generator.balance.intervals import quantile_ci, wilson
from generator.balance.static_result import AttributeStatic, SuitedStatic
from generator.balance.static_weiji import spearman
from generator.deck import resolve_deck
from generator.errors import DeckError, ParameterError

from .conftest import fixture_deck


def attributes(report: Report) -> AttributeStatic:
    """The static checks of a deck checked as a Top-Trumps deck."""
    assert isinstance(report.static, AttributeStatic)
    return report.static


def codes(report, level=None):
    return {(f.code, f.cards[0] if f.cards else None) for f in report.findings if level is None or f.level == level}


def test_unbeatable_card_is_an_error() -> None:
    report = run_checks(fixture_deck("unbeatable"), CheckOptions(games=0))
    assert ("unbeatable", "U01") in codes(report, "error")
    finding = next(f for f in report.findings if f.code == "unbeatable")
    assert "best on all 5 attributes" in finding.message and "deal decides the game" in finding.message
    assert report.exit_code() == 1


def test_hopeless_card_is_caught() -> None:
    report = run_checks(fixture_deck("hopeless"), CheckOptions(games=0))
    assert ("hopeless", "H01") in codes(report)
    card = attributes(report).card("H01")
    assert card.hopeless and card.strength == 0 and not card.best_on


def test_heavy_ties_and_no_data_are_caught() -> None:
    report = run_checks(fixture_deck("ties"), CheckOptions(games=0))
    found = {code for code, _ in codes(report)}
    assert {"ties", "top_ties", "no_data"} <= found
    d = next(a for a in attributes(report).attributes or () if a.key == "d")
    assert d.distinct == 1 and d.pair_tie == 1.0


def test_balanced_deck_passes_the_static_checks() -> None:
    report = run_checks(fixture_deck("balanced"), CheckOptions(games=0))
    assert report.findings == [] and report.exit_code(strict=True) == 0
    assert all(0.25 < c.strength < 0.75 for c in attributes(report).cards or ())


def test_dominance_graph_and_strength_by_hand() -> None:
    report = run_checks(fixture_deck("unbeatable"), CheckOptions(games=0))
    static = attributes(report)
    cards = {c.id: c for c in static.cards or ()}
    # U01 is best everywhere: it beats every other card on every attribute
    assert cards["U01"].strength == 1.0 and cards["U01"].sole_best_on == ("a", "b", "c", "d", "e")
    assert all("U01" in (static.dominance or {})[cid] for cid in cards if cid != "U01")


def test_bundled_weiji_packs_have_their_deliberate_ties_and_no_data() -> None:
    eagle = run_checks(resolve_deck("eagle"), CheckOptions(games=0))
    resolution = next(a for a in attributes(eagle).attributes or () if a.key == "resolution")
    assert resolution.top_ties == 7 and resolution.no_data
    assert ("top_ties", "E07") in codes(eagle)
    assert not eagle.errors  # ties and "no data" are warnings, never errors
    for name in ("lighting", "cognitio"):
        assert not run_checks(resolve_deck(name), CheckOptions(games=0)).errors


def test_war_deck_duplicates_and_missing_cards() -> None:
    report = run_checks(fixture_deck("war_gaps"), CheckOptions(games=0))
    found = {code for code, _ in codes(report)}
    assert {"duplicate", "missing", "uneven_suits"} <= found
    missing = next(f for f in report.findings if f.code == "missing")
    assert "b-1" in missing.message


def test_bundled_suited_decks_are_complete() -> None:
    for name in ("piecepack", "standard52", "viashi"):
        report = run_checks(resolve_deck(name), CheckOptions(games=0))
        assert report.findings == [], name
        assert isinstance(report.static, SuitedStatic)
        assert report.static.missing == () and report.static.duplicates == ()


def test_near_duplicate_attributes_by_rank_correlation() -> None:
    import numpy as np

    x = np.array([1.0, 2, 3, 4, 5, 6])
    assert spearman(x, x * 10) == pytest.approx(1.0)
    assert spearman(x, -x) == pytest.approx(-1.0)
    assert spearman(x, np.array([1.0, np.nan, 3, 4, 5, 6])) == pytest.approx(1.0)


def test_thresholds_from_deck_file_and_overrides(tmp_path) -> None:
    text = (fixture_deck("balanced").path.read_text()).replace("cards:", "thresholds: {strength_min: 0.45}\ncards:", 1)
    path = tmp_path / "deck.yaml"
    path.write_text(text)
    from generator.deck import load_deck

    deck = load_deck(path)
    report = run_checks(deck, CheckOptions(games=0))
    assert report.thresholds["strength_min"] == 0.45 and any(f.code == "too_weak" for f in report.findings)
    assert run_checks(deck, CheckOptions(games=0, thresholds={"strength_min": 0.1})).findings == []
    with pytest.raises(ParameterError, match="unknown threshold 'strength_mni'"):
        run_checks(deck, CheckOptions(games=0, thresholds={"strength_mni": 0.1}))
    path.write_text(text.replace("strength_min", "strenght_min"))
    with pytest.raises(DeckError, match="unknown threshold 'strenght_min'"):
        run_checks(load_deck(path), CheckOptions(games=0))


def test_intervals_by_hand() -> None:
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-3) and high == pytest.approx(0.5962, abs=1e-3)
    assert wilson(0, 0) == (0.0, 1.0)
    hist = {k: 1 for k in range(1, 101)}  # 1..100 once each
    median, lo, hi = quantile_ci(hist, 0.5)
    assert median == 50 and lo < 50 < hi and 38 <= lo and hi <= 62
