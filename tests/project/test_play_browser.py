"""``deckpress play`` in a real headless Chromium: a whole game of the scaffold's own
game played by clicking the lit cards (and by the keyboard: arrow keys and Enter), the
deck's own card images on the table, "show all hands" after the game, and screenshots
at 1280 x 800 and phone size (written to $DECKPRESS_SCREENSHOTS when set, to look at)."""

from __future__ import annotations

import base64
import json
import os
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from generator.games.registry import builtin_names
from generator.project.play import Table, open_table
from generator.project.scaffold import scaffold

from .live import WAIT, DevTools

pytestmark = [pytest.mark.slow, pytest.mark.browser]
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync", "--window-size=1280,800"]
needs_chromium = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")


@pytest.fixture
def scaffold_table(tmp_path: Path) -> Iterator[Table]:
    project = tmp_path / "g"
    scaffold(project, "custom")
    table = open_table(str(project), folder=tmp_path / "table", strategy="random")
    try:
        yield table
    finally:
        table.close()


def _until(what: str, check: Any, timeout: float = WAIT) -> Any:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = check()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


def _shot(browser: DevTools, name: str, folder: Path) -> Path:
    data = browser.call("Page.captureScreenshot", {"format": "png"})["data"]
    path = folder / name
    path.write_bytes(base64.b64decode(data))
    keep = os.environ.get("DECKPRESS_SCREENSHOTS")
    if keep:
        Path(keep).mkdir(parents=True, exist_ok=True)
        shutil.copy(path, Path(keep) / name)
    return path


def _key(browser: DevTools, key: str) -> None:
    codes = {"ArrowRight": 39, "ArrowLeft": 37, "Enter": 13}
    for kind in ("keyDown", "keyUp"):
        browser.call("Input.dispatchKeyEvent", {"type": kind, "key": key, "code": key,
                                                "windowsVirtualKeyCode": codes[key]})


@needs_chromium
def test_a_whole_game_by_clicking_and_the_keyboard(scaffold_table: Table, tmp_path: Path) -> None:
    assert CHROMIUM is not None
    browser = DevTools(CHROMIUM, scaffold_table.url, tmp_path / "profile", FLAGS)
    try:
        browser.attach()
        _until("the page", lambda: browser.evaluate("typeof view !== 'undefined' && view !== null && "
                                                    "document.readyState == 'complete'"))
        browser.evaluate("document.getElementById('pace').value = '250'")
        # the deck's own rendered fronts are on the table
        _until("the first move", lambda: browser.evaluate("view.turn == 'you'"))
        images = _until("the card images", lambda: browser.evaluate(
            "(() => { const all = [...document.querySelectorAll('.zone img')];"
            " return all.length && all.every(i => i.complete && i.naturalWidth > 0) && all.map(i => i.getAttribute('src')) })()"))
        assert images and all(src.startswith("cards/") and src.endswith(".png") for src in images)
        browser.call("Emulation.setDeviceMetricsOverride", {"width": 1280, "height": 800, "deviceScaleFactor": 1,
                                                            "mobile": False})
        shots = [_shot(browser, "play-scaffold-1280.png", tmp_path)]
        moves = keyboard = 0
        while True:
            turn = _until("a move or the end", lambda: browser.evaluate(
                "!busy && view && (view.turn == 'you' || view.turn == 'over') && view.turn"))
            if turn == "over":
                break
            lit = browser.evaluate("document.querySelectorAll('.legal').length")
            offered = browser.evaluate("view.actions.length")
            assert lit == offered > 0, "every offered move is lit, nothing else"
            step = browser.evaluate("view.step")
            if moves % 2:  # every other move by the keyboard: the focus starts on a lit card
                _key(browser, "ArrowRight")
                _key(browser, "Enter")
                keyboard += 1
            else:
                browser.evaluate("document.querySelectorAll('.legal')[document.querySelectorAll('.legal').length - 1]"
                                 ".click()")
            _until("the move to land", lambda s=step: browser.evaluate(f"view.step > {s}"))
            moves += 1
            assert "Error" not in (browser.evaluate("document.getElementById('status').textContent") or "")
        assert moves == 9 and keyboard == 4  # a hand of 9 cards, every one played by the human
        assert browser.evaluate("document.getElementById('result').textContent")
        assert scaffold_table.top.session.over
        browser.evaluate("document.getElementById('revealbtn').click()")
        _until("all hands", lambda: browser.evaluate("document.querySelectorAll('#rseats .seat').length == 2"))
        browser.evaluate("document.getElementById('rlast').click()")
        _until("the last move", lambda: browser.evaluate(
            "document.getElementById('rtext').textContent.startsWith('move ' + view.step)"))
        shots.append(_shot(browser, "play-scaffold-reveal.png", tmp_path))
        browser.evaluate("document.getElementById('rclose').click()")
        browser.call("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 1,
                                                            "mobile": True})
        browser.evaluate("document.getElementById('newbtn').click()")
        _until("a new game", lambda: browser.evaluate("view.turn == 'you'"))
        width = browser.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"the phone page scrolls sideways ({width} px)"
        shots.append(_shot(browser, "play-scaffold-phone.png", tmp_path))
        assert all(p.stat().st_size > 5000 for p in shots)
    finally:
        browser.close()


@needs_chromium
@pytest.mark.parametrize(("game", "options"), [
    *((name, {"seat": 1} if name == "viashi" else {}) for name in builtin_names()),  # every built-in game
    ("viashi", {"players": 6, "humans": (0, 4)}),
], ids=[*builtin_names(), "viashilym-pass-and-play"])
def test_every_built_in_game_by_clicking(game: str, options: dict[str, Any], tmp_path: Path) -> None:
    """A whole game through the page: the lit cards and buttons only, the pass screen between two people."""
    assert CHROMIUM is not None
    # a chosen deal: a fresh secret deal may end a Weiji game after five choices (moves > 5 below)
    table = open_table(game, folder=tmp_path / "table", images=False, seed=1, **options)
    browser = DevTools(CHROMIUM, table.url, tmp_path / "profile", FLAGS)
    try:
        browser.attach()
        _until("the page", lambda: browser.evaluate("typeof view !== 'undefined' && view !== null"))
        browser.evaluate("const quick = new Option('test', '20'); document.getElementById('pace').add(quick);"
                         "document.getElementById('pace').value = '20'")
        passes = moves = 0
        for _ in range(3000):
            state = _until("a move, a pass or the end", lambda: browser.evaluate(
                "!busy && view && (getComputedStyle(document.getElementById('pass')).display == 'flex' ? 'pass' :"
                " (view.turn == 'you' || view.turn == 'over') && view.turn)"))
            if state == "over":
                break
            if state == "pass":
                assert browser.evaluate("getComputedStyle(document.getElementById('zones')).visibility") == "hidden"
                browser.evaluate("document.getElementById('passbtn').click()")
                _until("the next person's table", lambda: browser.evaluate(
                    "getComputedStyle(document.getElementById('pass')).display == 'none'"))
                passes += 1
                continue
            assert browser.evaluate("document.querySelectorAll('.legal').length == view.actions.length")
            step = browser.evaluate("view.step")
            browser.evaluate("document.querySelector('.legal').click()")
            _until("the move to land", lambda s=step: browser.evaluate(f"view.step > {s} || view.turn != 'you'"))
            moves += 1
        assert table.top.session.over
        assert browser.evaluate("document.getElementById('result').textContent")
        if game != "war":
            assert moves > 5
        assert (passes > 0) == ("humans" in options)
    finally:
        browser.close()
        table.close()


def _page(browser: DevTools) -> None:
    browser.attach()
    _until("the page", lambda: browser.evaluate("typeof view !== 'undefined' && view !== null"))


@needs_chromium
def test_the_new_parts_of_the_table(tmp_path: Path) -> None:
    """A card named ``<!--<script>`` is a name on the table, the seat to move is marked, a
    tab the game moved on without refreshes itself, the seed is told at the end, the
    log's 3-digit move numbers are whole, a guest's page has no New game, and a stopped
    server is said with a retry."""
    assert CHROMIUM is not None
    project = tmp_path / "g"
    scaffold(project, "custom")
    cards = project / "cards.csv"
    cards.write_text(cards.read_text().replace("One of Spades", "<!--<script>", 1))
    table = open_table(str(project), folder=tmp_path / "table", images=False, strategy="random", humans=(0, 1),
                       token=True)
    guest_link = table.links[1]
    browser = DevTools(CHROMIUM, table.url, tmp_path / "profile", FLAGS)
    try:
        _page(browser)
        assert browser.evaluate("document.getElementById('title').textContent").startswith("Crown Tricks")
        _until("the human's move", lambda: browser.evaluate("!busy && view.turn == 'you'"))
        names = browser.evaluate("[...document.querySelectorAll('.card .face')].map(e => e.textContent)")
        marked = browser.evaluate("[...document.querySelectorAll('#seats .toact')].map(e => e.textContent)")
        assert marked == ["You (seat 0)"]
        assert browser.evaluate("BOOT.names['1S']") == "<!--<script>"  # the page's data survived whole
        if "1S" in json.dumps(table.top.session.snapshot(0)["zones"]):  # in this hand: drawn as text
            assert "<!--<script>" in names
        assert browser.evaluate("document.getElementById('newbtn').style.display") == ""
        _shot(browser, "play-new-parts.png", tmp_path)
        # the game moves on without this tab (another tab, a script): the tab follows by itself
        step = browser.evaluate("view.step")
        session = table.top.session
        session.act(0, 0, step)
        _until("the tab to refresh itself", lambda: browser.evaluate(f"view.step > {step}"), timeout=WAIT)
        # a guest's link (seat 1's token) has no New game
        browser.call("Page.navigate", {"url": guest_link})
        _until("the guest's page", lambda: browser.evaluate(
            "typeof view !== 'undefined' && view !== null && view.seat == 1"))
        assert browser.evaluate("document.getElementById('newbtn').style.display") == "none"
        # the server stops: the page says so, with a retry
        table.close()
        browser.evaluate("refresh()")
        _until("the message", lambda: browser.evaluate(
            "getComputedStyle(document.getElementById('banner')).display == 'flex'"))
        text = browser.evaluate("document.getElementById('bannertext').textContent")
        assert "does not answer" in text and "Failed to fetch" not in text
        assert browser.evaluate("document.getElementById('bannerbtn').textContent") == "Try again now"
        _shot(browser, "play-server-gone.png", tmp_path)
    finally:
        browser.close()
        table.close()


@needs_chromium
def test_war_numbers_every_move_and_resume_is_offered(tmp_path: Path) -> None:
    """War played out by the page: the trick's face-down tiles are backs, 3-digit move
    numbers are not clipped, the seed is told; then a table restarted in the same folder
    offers the interrupted game, and *Resume it* plays on from its moves."""
    assert CHROMIUM is not None
    war = open_table("war", folder=tmp_path / "war", images=False, seed=4)  # 153 moves
    browser = DevTools(CHROMIUM, war.url, tmp_path / "profile", FLAGS)
    try:
        _page(browser)
        browser.evaluate("const quick = new Option('test', '5'); document.getElementById('pace').add(quick);"
                         "document.getElementById('pace').value = '5'; schedule()")
        _until("the end of the game", lambda: browser.evaluate("!busy && view.turn == 'over'"), timeout=600)
        assert f"seed {war.seed} (--seed {war.seed} " in browser.evaluate("document.getElementById('result').textContent")
        widths = browser.evaluate("[...document.querySelectorAll('#log .n')].filter(e => e.textContent.length >= 3)"
                                  ".map(e => [e.scrollWidth, e.clientWidth])")
        assert widths and all(scroll <= client for scroll, client in widths), widths[:3]
    finally:
        browser.close()
        war.close()
    cut = open_table("viashi", folder=tmp_path / "t", images=False, seed=11)
    session = cut.top.session
    while len(session.steps) < 25:
        if session.waiting_for():
            session.act(0, 0, len(session.steps))
        else:
            session.advance()
        cut.top.saved()
    cut.close()
    again = open_table("viashi", folder=tmp_path / "t", images=False)
    browser = DevTools(CHROMIUM, again.url, tmp_path / "profile2", FLAGS)
    try:
        _page(browser)
        _until("the offer", lambda: browser.evaluate(
            "getComputedStyle(document.getElementById('banner')).display == 'flex'"))
        assert "stopped before its end" in browser.evaluate("document.getElementById('bannertext').textContent")
        _shot(browser, "play-resume-offer.png", tmp_path)
        browser.evaluate("document.getElementById('bannerbtn').click()")
        _until("the resumed game", lambda: browser.evaluate("view.step >= 25"))
        assert again.top.session.seed == 11
    finally:
        browser.close()
        again.close()
