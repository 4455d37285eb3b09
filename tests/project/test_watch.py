"""``deckpress watch``: a real server in a subprocess on a free port, edited files,
the page and the served card image followed over HTTP (and in headless Chromium).
Every wait is bounded; the subprocess is always stopped."""

from __future__ import annotations

import re
import shutil
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.project.scaffold import scaffold

from .live import DevTools, Watched

pytestmark = pytest.mark.slow
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
BROWSER_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--window-size=1280,1600",
]


@pytest.fixture
def watched(tmp_path: Path) -> Iterator[Watched]:
    live = Watched(tmp_path)
    try:
        yield live
    finally:
        live.close()


def card_src(page: str, card: str) -> str:
    found = re.search(rf'src="(proj/images/{card}\.png\?v=\d+)"', page)
    assert found, f"no image of {card} in the page"
    return found.group(1)


def test_an_edit_a_broken_file_and_its_fix_reach_the_page(watched: Watched) -> None:
    page = watched.ready()
    assert "A01 · Skylark" in page and 'id="problems"' not in page
    assert "/events" in page, "the page does not subscribe to updates"
    before_src = card_src(page, "A01")
    status, before_png = watched.get("/proj/images/A01.png")
    assert status == 200 and before_png.startswith(b"\x89PNG")
    other = watched.get("/proj/images/A02.png")[1]

    watched.edit("cards.csv", "Skylark", "Skylark Mk II")
    page = watched.until("the new name in the page", lambda: (p := watched.page()) and "Skylark Mk II" in p and p)
    assert card_src(page, "A01") != before_src, "the image address did not change: the browser would keep the old one"
    after_png = watched.until("a new A01 image", lambda: (b := watched.get("/proj/images/A01.png")[1]) != before_png and b)
    assert after_png.startswith(b"\x89PNG")
    assert watched.get("/proj/images/A02.png")[1] == other, "an unchanged card was redrawn differently"

    deck = watched.project / "deck.yaml"
    good = deck.read_text()
    deck.write_text(good + "colors: [unclosed\n")
    page = watched.until("the error banner", lambda: (p := watched.page()) and 'id="problems"' in p and p)
    assert re.search(r"deck\.yaml:\d+: invalid YAML", page), page.split('id="problems"', 1)[1][:300]
    assert watched.get("/proj/images/A01.png")[1] == after_png, "a broken edit lost the last good image"
    assert watched.proc.poll() is None, "a broken edit stopped the server"

    deck.write_text(good)
    page = watched.until("the banner to go", lambda: (p := watched.page()) and 'id="problems"' not in p and p)
    assert "Skylark Mk II" in page

    assert watched.interrupt() == 130
    log = watched.log.read_text()
    assert "Traceback" not in log, log
    assert not [p for p in watched.out.rglob("*") if ".partial" in p.name or p.name.endswith(".new")]


def test_only_the_output_folder_is_served(watched: Watched) -> None:
    watched.ready()
    (watched.out.parent / "secret.txt").write_text("not for the browser")
    (watched.out / "link.txt").symlink_to(watched.out.parent / "secret.txt")
    for path in ("/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/../secret.txt", "/%2e%2e/secret.txt",
                 "/link.txt", "/proj/..%2f..%2fsecret.txt",
                 "/.deckpress-build.json", "/proj/.deck.json", "/proj", "/proj/", "/nothing.png"):
        assert watched.get(path)[0] == 404, path
    assert watched.get("/proj/cards-a4.pdf")[0] == 200
    assert watched.get("/index.html")[0] == 200  # the static gallery, as `deckpress build` writes it


def test_a_layout_error_shows_with_its_file_and_the_server_keeps_going(watched: Watched) -> None:
    watched.ready()
    watched.edit("cards.csv", "A03,Comet,320", "A03,Comet,fast")
    page = watched.until("the card error", lambda: (p := watched.page()) and 'id="problems"' in p and p)
    banner = page.split('id="problems"', 1)[1].split("</section>", 1)[0]
    assert "cards.csv:" in banner and "A03" in banner and "speed" in banner, banner
    watched.edit("cards.csv", "A03,Comet,fast", "A03,Comet,320")
    watched.until("the banner to go", lambda: (p := watched.page()) and 'id="problems"' not in p and "up to date" in p)


@pytest.mark.browser
@pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")
def test_the_open_page_updates_itself_in_chromium(watched: Watched, tmp_path: Path) -> None:
    watched.ready()
    assert CHROMIUM is not None
    browser = DevTools(CHROMIUM, f"http://127.0.0.1:{watched.port}/", tmp_path / "profile", BROWSER_FLAGS)
    try:
        browser.attach()
        loaded = "location.port == '%d' && document.readyState == 'complete' && document.images.length > 0"
        watched.until("the page in chromium", lambda: browser.evaluate(loaded % watched.port))
        browser.evaluate("window.deckpressMarker = 'same page'")  # gone if the page reloads
        src = "document.querySelector('img[alt$=\"A01 · Skylark\"]').getAttribute('src')"
        before = browser.evaluate(src)
        assert before and "?v=" in before

        watched.edit("cards.csv", "Skylark", "Skylark Mk II")
        watched.until("the new name in chromium",
                      lambda: browser.evaluate("document.body.innerText.includes('Skylark Mk II')"))
        assert browser.evaluate("window.deckpressMarker") == "same page", "the page reloaded"
        assert int(browser.evaluate("document.body.dataset.updates") or 0) >= 1
        after = browser.evaluate("document.querySelector('img[alt$=\"A01 · Skylark Mk II\"]').getAttribute('src')")
        assert after and after != before
        watched.until("the new image to load", lambda: browser.evaluate(
            "(function(){var i=document.querySelector('img[alt$=\"A01 · Skylark Mk II\"]');"
            "return i.complete && i.naturalWidth > 0;})()"))
    finally:
        browser.close()


def test_a_misspelt_target_or_a_taken_port_fails_at_once(tmp_path: Path) -> None:
    runner = CliRunner()
    for target in (str(tmp_path / "no-such-project"), str(tmp_path)):
        result = runner.invoke(app, ["watch", target, "-o", str(tmp_path / "out"), "--no-open", "--port", "0"])
        assert result.exit_code == 2, result.output
        assert "Traceback" not in result.output and "error:" in result.output
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        scaffold(tmp_path / "proj")
        result = runner.invoke(app, ["watch", str(tmp_path / "proj"), "-o", str(tmp_path / "out"), "--no-open",
                                     "--port", str(port)])
    assert result.exit_code == 2 and "choose another --port" in result.output, result.output


@pytest.mark.parametrize(("name", "temp"), [
    ("sedA9iMm", True), ("4913", True), ("cards.csv~", True), ("#deck.yaml#", True),
    ("deck.yaml___jb_tmp___", True), ("cards.csv.tmp", True), ("deck.yaml.swp", True),
    ("cards.csv", False), ("deck.yaml", False), ("sediment.png", False), ("sed", False), ("art.svg", False),
])
def test_editor_temp_files_are_neither_watched_nor_logged(tmp_path: Path, name: str, temp: bool) -> None:
    from watchfiles import Change

    from generator.project.watch import _Ignore, editor_temp

    assert editor_temp(name) is temp
    assert _Ignore(tmp_path / "out")(Change.added, str(tmp_path / name)) is (not temp)
