"""``deckpress watch`` shows, after each save, what the edit did to the balance
(the same seeds before and after; only measures that moved beyond their 95 %
interval, and findings that appeared or went) — over HTTP and in Chromium."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from generator.balance.changes import summary_lines
from generator.balance.changes_result import (
    CardChanges,
    Changes,
    FindingChanges,
    MeasureChange,
    OldVersion,
)

from .live import DevTools, Watched

pytestmark = pytest.mark.slow
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync", "--window-size=1280,1600"]
# Comet becomes the best card on every attribute: fastest, lightest, longest range, one crew, most style.
WEAK = "A03,Comet,320,1400,900,1,9"
STRONG = "A03,Comet,990,10,9900,1,10"


@pytest.fixture
def watched(tmp_path: Path) -> Iterator[Watched]:
    live = Watched(tmp_path, balance_games=300)
    try:
        yield live
    finally:
        live.close()


def _box(page: str) -> str:
    return page.split('id="balance-change"', 1)[1].split("</section>", 1)[0] if 'id="balance-change"' in page else ""


def test_a_save_shows_what_it_did_to_the_balance(watched: Watched) -> None:
    page = watched.ready()
    assert not _box(page)  # nothing to compare with before the first save
    watched.edit("cards.csv", WEAK, STRONG)
    page = watched.until("the balance change", lambda: (p := watched.page()) and _box(p) and p)
    box = _box(page)
    assert "Balance since the last save" in box
    assert "A03 Comet: wins when shown" in box and "95 % interval" in box
    assert "new error: A03 is unbeatable" in box or "new warning: A03" in box
    # a save that changes nothing the playtest sees keeps the box as it was, and undoing shows the way back
    watched.edit("cards.csv", STRONG, WEAK)
    page = watched.until("the change back", lambda: (p := watched.page()) and "gone " in _box(p) and p)
    assert "A03 Comet: wins when shown" in _box(page)
    assert "Traceback" not in watched.log.read_text()


@pytest.mark.browser
@pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")
def test_the_open_page_shows_the_balance_change_in_chromium(watched: Watched, tmp_path: Path) -> None:
    watched.ready()
    assert CHROMIUM is not None
    browser = DevTools(CHROMIUM, f"http://127.0.0.1:{watched.port}/", tmp_path / "profile", FLAGS)
    try:
        browser.attach()
        watched.until("the page in chromium", lambda: browser.evaluate(
            f"location.port == '{watched.port}' && document.readyState == 'complete'"))
        browser.evaluate("window.deckpressMarker = 'same page'")
        watched.edit("cards.csv", WEAK, STRONG)
        text = watched.until("the balance box in chromium", lambda: browser.evaluate(
            "(document.getElementById('balance-change') || {}).innerText || ''"))
        assert "Balance since the last save" in text and "A03 Comet" in text
        assert browser.evaluate("window.deckpressMarker") == "same page", "the page reloaded"
    finally:
        browser.close()


def test_summary_lines_when_nothing_moved() -> None:
    quiet = Changes("the previous save", OldVersion("Deck", 10, "no problems found"), CardChanges(), (), (),
                    (MeasureChange("draws", 0.1, 0.11, 0.01, -0.02, 0.04, False),), FindingChanges(), (), False)
    assert summary_lines(quiet) == ["no balance measure moved beyond its 95 % interval"]
