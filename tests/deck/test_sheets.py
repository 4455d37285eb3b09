"""Card rows from a sheet link, against a local HTTP server that answers as Google's CSV
export does (``/spreadsheets/d/ID/export?format=csv&gid=N`` and the named-tab
``/gviz/tq?tqx=out:csv&sheet=NAME``): good, slow, broken, oversized and redirecting
answers; the project cache; offline work from it; ``deckpress pull``. Loopback only."""

from __future__ import annotations

import json
import threading
import time
import urllib.parse
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.deck import load_deck, sheets
from generator.errors import DeckError

CARDS = "id,name,weight\nE01,Eagle Dome,1.2\nE02,Eagle PTZ,3.1\n"
TAB = "id,name,weight\nT01,Tab one,1\nT02,Tab two,2\nT03,Tab three,3\n"
BAD = "id,name,weight\nE01,Eagle Dome,1.2\nE02,Eagle PTZ,heavy\n"


class Sheet(BaseHTTPRequestHandler):
    """What Google's export answers, plus the faults a test asks for by sheet ID."""

    hits: list[str] = []
    tabs = {"0": CARDS, "7": BAD}

    def log_message(self, *args: object) -> None:  # quiet
        pass

    def _send(self, code: int, body: bytes, kind: str = "text/csv; charset=utf-8",
              headers: dict[str, str] | None = None) -> None:
        self.send_response(code)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        for k, v in (headers or {}).items():
            self.send_header(k, v)
        self.end_headers()
        try:
            self.wfile.write(body)
        except OSError:  # the client stopped reading (a size limit): expected
            pass

    def do_GET(self) -> None:  # noqa: N802
        Sheet.hits.append(self.path)
        parts = urllib.parse.urlsplit(self.path)
        query = dict(urllib.parse.parse_qsl(parts.query))
        segments = parts.path.split("/")  # ['', 'spreadsheets', 'd', ID, 'export']
        sheet_id = segments[3] if len(segments) > 3 else ""
        if sheet_id == "slow":
            time.sleep(3)
            return self._send(200, CARDS.encode())
        if sheet_id == "private":  # what a sheet not shared by link answers: a sign-in page
            return self._send(200, b"<!DOCTYPE html><html><body>Sign in</body></html>", "text/html")
        if sheet_id == "gone":
            return self._send(404, b"not found", "text/plain")
        if sheet_id == "huge":
            return self._send(200, b"id,name\n" + b"x" * (3 * 1024 * 1024))
        if sheet_id == "stream":  # no Content-Length: the limit is found while reading
            self.send_response(200)
            self.send_header("Content-Type", "text/csv")
            self.end_headers()
            try:
                for _ in range(64):
                    self.wfile.write(b"x" * 65536)
            except OSError:
                pass
            return None
        if sheet_id == "loop":
            return self._send(307, b"", headers={"Location": self.path})
        if sheet_id == "toftp":
            return self._send(302, b"", headers={"Location": "ftp://127.0.0.1/cards.csv"})
        if sheet_id == "tohttp":
            return self._send(302, b"", headers={"Location": "http://example.com/cards.csv"})
        if sheet_id == "moved":  # Google's export redirects to its content host
            return self._send(307, b"", headers={"Location": "/spreadsheets/d/ID/export?format=csv&gid=0"})
        if parts.path.endswith("/export") and query.get("format") == "csv":
            tab = self.tabs.get(query.get("gid", "0"))
            if tab is None:
                return self._send(400, b"bad gid", "text/plain")
            return self._send(200, ("\ufeff" + tab).encode())
        if parts.path.endswith("/gviz/tq") and query.get("tqx") == "out:csv":
            if query.get("sheet") == "Cards":
                return self._send(200, TAB.encode())
            return self._send(400, b"no such sheet", "text/plain")
        self._send(404, b"?", "text/plain")


@pytest.fixture
def server() -> Iterator[str]:
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Sheet)
    httpd.daemon_threads = True
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    Sheet.hits = []
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()


def _deck(folder: Path, cards: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "deck.yaml"
    path.write_text(
        "name: Eagle\ngame: none\nlayout: weiji\n"
        "attributes:\n  - {key: weight, label: Weight, unit: kg, better: lower}\n"
        f"cards: {cards}\n"
    )
    return path


def test_export_urls() -> None:
    base = "https://docs.google.com/spreadsheets/d/1AbC_d-9/edit"
    assert sheets.export_url(base + "#gid=42") == \
        "https://docs.google.com/spreadsheets/d/1AbC_d-9/export?format=csv&gid=42"
    assert sheets.export_url(base + "?usp=sharing") == \
        "https://docs.google.com/spreadsheets/d/1AbC_d-9/export?format=csv&gid=0"
    assert sheets.export_url(base, "My Cards") == \
        "https://docs.google.com/spreadsheets/d/1AbC_d-9/gviz/tq?tqx=out%3Acsv&sheet=My+Cards"
    assert sheets.export_url("https://docs.google.com/spreadsheets/d/e/2PACX-1v/pubhtml?gid=3") == \
        "https://docs.google.com/spreadsheets/d/e/2PACX-1v/pub?gid=3&output=csv"
    other = "https://airtable.com/shrX/download.csv?x=1"
    assert sheets.export_url(other) == other


@pytest.mark.parametrize(("url", "words"), [
    ("http://docs.google.com/spreadsheets/d/X/edit", "only https://"),
    ("file:///etc/passwd", "starts with https://"),
    ("ftp://example.com/cards.csv", "starts with https://"),
])
def test_only_https_or_loopback(url: str, words: str) -> None:
    assert words in (sheets.url_problem(url) or "")
    assert sheets.url_problem("http://127.0.0.1:8000/x.csv") is None
    assert sheets.url_problem("http://localhost/x.csv") is None
    assert sheets.url_problem("http://[::1]/x.csv") is None


def test_rows_from_a_sheet_link_and_its_cache(server: str, tmp_path: Path) -> None:
    path = _deck(tmp_path / "p", f"{{url: '{server}/spreadsheets/d/ID/edit#gid=0'}}")
    deck = load_deck(path)
    assert [c.id for c in deck.cards] == ["E01", "E02"]
    assert deck.cards[1].value("weight") == 3.1
    assert Sheet.hits == ["/spreadsheets/d/ID/export?format=csv&gid=0"]
    cached = list((tmp_path / "p" / ".deckpress" / "cache" / "sheets").glob("*.csv"))
    assert len(cached) == 1 and cached[0].read_text() == CARDS  # the BOM is not kept
    meta = json.loads(cached[0].with_suffix(".json").read_text())
    assert meta["url"].endswith("#gid=0") and meta["fetched"] > 0
    load_deck(path)  # a fresh copy (under a minute old) is used without asking again
    assert len(Sheet.hits) == 1


def test_named_tab(server: str, tmp_path: Path) -> None:
    path = _deck(tmp_path / "p", f"{{url: '{server}/spreadsheets/d/ID/edit', sheet: Cards}}")
    assert [c.id for c in load_deck(path).cards] == ["T01", "T02", "T03"]
    assert Sheet.hits == ["/spreadsheets/d/ID/gviz/tq?tqx=out%3Acsv&sheet=Cards"]


def test_errors_name_the_sheet_row_and_column(server: str, tmp_path: Path) -> None:
    path = _deck(tmp_path / "p", f"{{url: '{server}/spreadsheets/d/ID/edit#gid=7'}}")
    with pytest.raises(DeckError) as err:
        load_deck(path)
    text = str(err.value)
    assert "sheet 127.0.0.1:" in text and "/spreadsheets/d/ID:3: card E02, field 'weight' (column C): " in text
    assert ".deckpress" not in text  # never the cache file's name


def test_redirect_is_followed(server: str, tmp_path: Path) -> None:
    path = _deck(tmp_path / "p", f"{{url: '{server}/spreadsheets/d/moved/edit'}}")
    assert len(load_deck(path).cards) == 2


@pytest.mark.parametrize(("sheet_id", "words"), [
    ("private", "answered a web page, not CSV: share the sheet"),
    ("gone", "answered 404"),
    ("huge", "larger than 2 MB"),
    ("stream", "larger than 2 MB"),
    ("loop", "redirect"),
    ("toftp", "redirects to sheet 127.0.0.1/cards.csv: a sheet link starts with https://"),
    ("tohttp", "only https://"),
    ("slow", "no answer within 0.5 s"),
])
def test_broken_answers_are_clear_errors(server: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                         sheet_id: str, words: str) -> None:
    monkeypatch.setattr(sheets, "MAX_BYTES", 2 * 1024 * 1024)
    monkeypatch.setattr(sheets, "TIMEOUT_S", 0.5)
    path = _deck(tmp_path / "p", f"{{url: '{server}/spreadsheets/d/{sheet_id}/edit'}}")
    started = time.monotonic()
    with pytest.raises(DeckError) as err:
        load_deck(path)
    assert time.monotonic() - started < 10  # bounded: never hangs
    text = str(err.value)
    assert "deck.yaml:6: field 'cards': sheet 127.0.0.1:" in text, text
    assert words in text, text
    assert not list((tmp_path / "p").glob(".deckpress/cache/sheets/*.csv"))  # nothing cached from a failure


def test_offline_uses_the_cached_copy_with_its_age(server: str, tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    url = f"{server}/spreadsheets/d/ID/edit#gid=0"
    path = _deck(tmp_path / "p", f"{{url: '{url}'}}")
    load_deck(path)
    csv_path, meta_path = sheets.cache_paths(tmp_path / "p", url, None)
    meta = json.loads(meta_path.read_text())
    meta["fetched"] -= 3 * 3600  # fetched three hours ago
    meta_path.write_text(json.dumps(meta))
    dead = "http://127.0.0.1:9"  # nothing listens on the discard port
    offline = url.replace(server, dead)
    # the same copy under the offline URL's key: the project was made online, then the network went away
    new_csv, new_meta = sheets.cache_paths(tmp_path / "p", offline, None)
    new_csv.write_text(csv_path.read_text())
    new_meta.write_text(json.dumps(meta))
    _deck(tmp_path / "p", f"{{url: '{offline}'}}")
    deck = load_deck(path)
    assert [c.id for c in deck.cards] == ["E01", "E02"]
    err = capsys.readouterr().err
    assert "note: sheet 127.0.0.1:9/spreadsheets/d/ID: cannot reach it" in err
    assert "using the copy fetched 3 h ago" in err


def test_changed_sheet_changes_the_digest(server: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = _deck(tmp_path / "p", f"{{url: '{server}/spreadsheets/d/ID/edit#gid=0'}}")
    first = load_deck(path).digest
    monkeypatch.setattr(sheets, "FRESH_S", 0.0)
    monkeypatch.setitem(Sheet.tabs, "0", CARDS + "E03,Eagle Eye,0.5\n")
    again = load_deck(path)
    assert len(again.cards) == 3 and again.digest != first


def test_pull_refreshes_and_says_what_changed(server: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = _deck(tmp_path / "p", f"{{url: '{server}/spreadsheets/d/ID/edit#gid=0'}}")
    runner = CliRunner()
    first = runner.invoke(app, ["pull", str(path)])
    assert first.exit_code == 0, first.output
    assert "2 card rows" in first.output
    monkeypatch.setitem(Sheet.tabs, "0", CARDS.replace("3.1", "2.9") + "E03,Eagle Eye,0.5\n")
    second = runner.invoke(app, ["pull", str(path)])
    assert second.exit_code == 0, second.output
    assert "3 card rows" in second.output and "1 added" in second.output and "1 changed" in second.output
    assert len(Sheet.hits) == 2  # pull always asks, even with a fresh copy


def test_pull_without_a_sheet_and_unreachable(server: str, tmp_path: Path) -> None:
    local = tmp_path / "local"
    local.mkdir()
    (local / "cards.csv").write_text(CARDS)
    runner = CliRunner()
    none = runner.invoke(app, ["pull", str(_deck(local, "cards.csv"))])
    assert none.exit_code == 0 and "no sheet links" in none.output
    dead = runner.invoke(app, ["pull", str(_deck(tmp_path / "d", "{url: 'http://127.0.0.1:9/x.csv'}"))])
    assert dead.exit_code == 1, dead.output
    assert "cannot reach it" in dead.output and "Traceback" not in dead.output


def test_suggest_apply_refuses_a_sheet(server: str, tmp_path: Path) -> None:
    from generator.deck.edit import editable_source

    deck = load_deck(_deck(tmp_path / "p", f"{{url: '{server}/spreadsheets/d/ID/edit#gid=0'}}"))
    why = editable_source(deck.cards[0])
    assert why is not None and "sheet" in why


def test_file_and_url_together_is_an_error(tmp_path: Path) -> None:
    path = _deck(tmp_path / "p", "{file: cards.csv, url: 'https://example.com/x.csv'}")
    with pytest.raises(DeckError) as err:
        load_deck(path)
    assert "deck.yaml:6" in str(err.value) and "'file'" in str(err.value) and "'url'" in str(err.value)


def test_poll_interval_words() -> None:
    from generator.errors import ParameterError
    from generator.project.sheet_poll import parse_interval

    assert parse_interval("30s") == 30 and parse_interval("2m") == 120 and parse_interval("1h") == 3600
    assert parse_interval("45") == 45
    for bad in ("1s", "soon", "-5s"):
        with pytest.raises(ParameterError):
            parse_interval(bad)


def test_watch_poller_reports_changed_rows(server: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from generator.project.sheet_poll import SheetPoller

    path = _deck(tmp_path / "p", f"{{url: '{server}/spreadsheets/d/ID/edit#gid=0'}}")
    load_deck(path)
    now = [0.0]
    lines: list[str] = []
    poller = SheetPoller(str(tmp_path / "p"), 30, lines.append, clock=lambda: now[0])
    assert poller.due() == set() and Sheet.hits == ["/spreadsheets/d/ID/export?format=csv&gid=0"]  # not yet
    now[0] = 31
    assert poller.due() == set()  # asked again: the same rows
    assert len(Sheet.hits) == 2
    monkeypatch.setitem(Sheet.tabs, "0", CARDS + "E03,Eagle Eye,0.5\n")
    now[0] = 62
    changed = poller.due()
    assert len(changed) == 1 and next(iter(changed)).suffix == ".csv"
    assert any("the rows changed" in line for line in lines)
    assert len(load_deck(path).cards) == 3  # the rebuild reads the new copy without asking again
    assert len(Sheet.hits) == 3


def test_build_online_then_offline(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A project whose rows come from a sheet link builds online, and again offline
    from its cached copy (with a note), through the real CLI."""
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Sheet)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{httpd.server_address[1]}/spreadsheets/d/ID/edit#gid=0"
    project = tmp_path / "eagle"
    _deck(project, f"{{url: '{url}'}}")
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    try:
        online = runner.invoke(app, ["build", "eagle", "-o", "out"])
    finally:
        httpd.shutdown()
        httpd.server_close()
    assert online.exit_code == 0, online.output
    sheets_pdf = sorted((tmp_path / "out").rglob("*.pdf"))
    assert sheets_pdf, online.output
    monkeypatch.setattr(sheets, "FRESH_S", 0.0)  # the copy is old: the build asks, and nobody answers
    offline = runner.invoke(app, ["build", "eagle", "-o", "out"])
    assert offline.exit_code == 0, offline.output
    assert "cannot reach it" in offline.output and "using the copy fetched" in offline.output
    assert "Traceback" not in offline.output
