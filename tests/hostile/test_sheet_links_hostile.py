"""Hostile sheet links and servers (round 5): a server that drips bytes ends at the
deadline; rows that fail validation never replace the good cached copy; every resolved
address is checked, on every redirect; credentials are refused before any request and
never printed; a web page served as text/csv is refused as one; one-line messages.

Servers listen on 127.0.0.1 only; resolution is mocked (no test reaches another address:
``socket.create_connection``, what urllib would use unchecked, is replaced by a recorder)."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.deck import load_deck, netguard, sheets
from generator.errors import DeckError

GOOD = "id,name,weight\nE01,Eagle Dome,1.2\nE02,Eagle PTZ,3.1\n"
INVALID = "id,name,weight\nE01,Eagle Dome,1.2\nE02,Eagle PTZ,heavy\n"
LOGIN = b"\n  <!-- sign-in -->\n<HTML lang=en><head><title>Sign in</title></head><body><form></form></body></HTML>"


class Server(BaseHTTPRequestHandler):
    hits: list[str] = []
    answer = GOOD
    redirect_to = ""

    def log_message(self, *args: object) -> None:
        pass

    def do_GET(self) -> None:  # noqa: N802
        Server.hits.append(self.path)
        try:
            if "drip-body" in self.path:
                self.send_response(200)
                self.send_header("Content-Type", "text/csv")
                self.end_headers()
                for _ in range(100):  # bounded: 100 bytes, one every 0.2 s
                    self.wfile.write(b"x")
                    self.wfile.flush()
                    time.sleep(0.2)
                return
            if "drip-head" in self.path:  # the status line itself, a byte at a time
                for byte in b"HTTP/1.1 200 OK\r\nContent-Type: text/csv\r\nX-Slow: " + b"y" * 100:
                    self.wfile.write(bytes([byte]))
                    self.wfile.flush()
                    time.sleep(0.2)
                return
            if "login" in self.path:
                self._send(200, LOGIN, "text/csv")
                return
            if "loop" in self.path:
                self._send(302, b"", headers={"Location": self.path})
                return
            if "away" in self.path:
                self._send(302, b"", headers={"Location": Server.redirect_to})
                return
            self._send(200, Server.answer.encode())
        except OSError:  # the client gave up (the deadline): expected
            pass

    def _send(self, code: int, body: bytes, kind: str = "text/csv", headers: dict[str, str] | None = None) -> None:
        self.send_response(code)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        for key, value in (headers or {}).items():
            self.send_header(key, value)
        self.end_headers()
        self.wfile.write(body)


@pytest.fixture
def server() -> Iterator[str]:
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Server)
    httpd.daemon_threads = True
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    Server.hits, Server.answer, Server.redirect_to = [], GOOD, ""
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()


class Resolver:
    def __init__(self) -> None:
        self.names: dict[str, str] = {}
        self.unchecked: list[object] = []  # connections urllib would make unchecked: never made


@pytest.fixture
def resolver(monkeypatch: pytest.MonkeyPatch) -> Resolver:
    """Names resolved as the test says (others as the system does: only 127.0.0.1 is used);
    an unchecked connection (urllib's own) is recorded and refused, never made."""
    fake = Resolver()
    forged, unchecked = fake.names, fake.unchecked
    real = socket.getaddrinfo

    def getaddrinfo(host: str, port: object, *args: object, **kwargs: object) -> list:  # type: ignore[type-arg]
        if host in forged:
            return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (forged[host], int(port or 443)))]  # type: ignore[call-overload]
        return real(host, port, *args, **kwargs)  # type: ignore[arg-type]

    def create_connection(address: object, *args: object, **kwargs: object) -> socket.socket:
        unchecked.append(address)
        raise ConnectionRefusedError("unchecked connection refused by the test")

    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    monkeypatch.setattr(socket, "create_connection", create_connection)
    return fake


def _deck(folder: Path, url: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "deck.yaml"
    path.write_text(
        "name: Eagle\ngame: none\nlayout: weiji\n"
        "attributes:\n  - {key: weight, label: Weight, unit: kg, better: lower}\n"
        f"cards: {{url: '{url}'}}\n"
    )
    return path


@pytest.mark.parametrize("where", ["drip-body", "drip-head"])
def test_a_dripping_server_ends_at_the_deadline(server: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                 where: str) -> None:
    monkeypatch.setattr(sheets, "DEADLINE_S", 1.5)
    monkeypatch.setattr(sheets, "TIMEOUT_S", 1.0)  # each byte comes well inside it
    started = time.monotonic()
    with pytest.raises(DeckError) as err:
        load_deck(_deck(tmp_path, f"{server}/{where}.csv"))
    assert time.monotonic() - started < 4
    assert "the sheet took longer than 1.5 s to download" in str(err.value)


def test_rows_that_fail_validation_never_replace_the_good_copy(server: str, tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    path = _deck(tmp_path, f"{server}/cards.csv")
    assert [c.id for c in load_deck(path).cards] == ["E01", "E02"]
    copy, _ = sheets.cache_paths(tmp_path.resolve(), f"{server}/cards.csv", None)
    assert copy.read_text(encoding="utf-8") == GOOD
    monkeypatch.setattr(sheets, "FRESH_S", 0.0)
    Server.answer = INVALID
    with pytest.raises(DeckError) as err:
        load_deck(path)
    assert "card E02, field 'weight'" in str(err.value)
    assert copy.read_text(encoding="utf-8") == GOOD  # the good copy stays
    Server.answer = GOOD.replace("3.1", "2.5")
    assert load_deck(path).cards[1].values["weight"] == 2.5
    assert "2.5" in copy.read_text(encoding="utf-8")  # valid rows are kept


def test_a_login_page_served_as_csv_is_refused_as_a_web_page(server: str, tmp_path: Path) -> None:
    with pytest.raises(DeckError) as err:
        load_deck(_deck(tmp_path, f"{server}/login.csv"))
    assert "answered a web page, not CSV" in str(err.value)
    assert "no 'id' column" not in str(err.value)
    assert not (tmp_path / ".deckpress").exists()


def test_a_redirect_loop_is_one_line(server: str, tmp_path: Path) -> None:
    with pytest.raises(DeckError) as err:
        load_deck(_deck(tmp_path, f"{server}/loop.csv"))
    text = str(err.value)
    assert "redirects in a loop" in text and "\n" not in text and "\\n" not in text


@pytest.mark.parametrize("url", ["http://bob:hunter2@127.0.0.1:{port}/x.csv",
                                 "https://bob:hunter2@127.0.0.1:{port}/x.csv",
                                 "https://:hunter2@docs.google.com/spreadsheets/d/X/edit"])
def test_credentials_in_a_link_are_refused_before_any_request(server: str, tmp_path: Path, url: str) -> None:
    port = server.rsplit(":", 1)[1]
    path = _deck(tmp_path, url.format(port=port))
    for command in (["pull", str(path)], ["check", str(path), "--games", "0"]):
        result = CliRunner().invoke(app, command)
        assert result.exit_code == 2, result.output
        assert "may not hold a user name or password" in result.output
        assert "hunter2" not in result.output and "internal error" not in result.output
    assert Server.hits == []


def test_a_link_resolving_to_the_metadata_address_is_never_reached(resolver: Resolver, tmp_path: Path) -> None:
    resolver.names["sheets.example"] = "169.254.169.254"
    with pytest.raises(DeckError) as err:
        load_deck(_deck(tmp_path, "https://sheets.example/latest/meta-data.csv"))
    assert "169.254.169.254, a link-local" in str(err.value)
    assert resolver.unchecked == []


def test_a_redirect_to_a_private_address_is_refused(server: str, resolver: Resolver, tmp_path: Path) -> None:
    resolver.names["intranet.example"] = "10.1.2.3"
    Server.redirect_to = "https://intranet.example/cards.csv"
    with pytest.raises(DeckError) as err:
        load_deck(_deck(tmp_path, f"{server}/away.csv"))
    assert "10.1.2.3, a private-network address" in str(err.value)
    assert resolver.unchecked == []


def test_plain_http_to_a_name_that_resolves_away_from_this_computer(resolver: Resolver, tmp_path: Path) -> None:
    resolver.names["localhost"] = "192.0.2.10"  # a hostile resolver (DNS rebinding)
    with pytest.raises(DeckError) as err:
        load_deck(_deck(tmp_path, "http://localhost:8/cards.csv"))
    assert "plain http:// reaches this computer only" in str(err.value)
    assert resolver.unchecked == []


@pytest.mark.parametrize(("address", "scheme", "private", "allowed"), [
    ("127.0.0.1", "http", False, True),
    ("::1", "http", False, True),
    ("8.8.8.8", "http", False, False),
    ("8.8.8.8", "https", False, True),
    ("169.254.169.254", "https", False, False),
    ("::ffff:169.254.169.254", "https", False, False),
    ("fd00:ec2::254", "https", False, False),
    ("10.0.0.5", "https", False, False),
    ("100.64.0.1", "https", False, False),
    ("0.0.0.0", "https", False, False),
    ("224.0.0.1", "https", True, False),
    ("10.0.0.5", "https", True, True),
    ("169.254.169.254", "https", True, True),
])
def test_the_address_rules(address: str, scheme: str, private: bool, allowed: bool) -> None:
    assert (netguard.address_problem(address, scheme, private) is None) is allowed


def test_the_deck_folder_opts_in_to_private_addresses(tmp_path: Path) -> None:
    assert not netguard.private_allowed(tmp_path)
    (tmp_path / ".deckpress").mkdir()
    (tmp_path / ".deckpress" / "allow-private-sheets").write_text("")
    assert netguard.private_allowed(tmp_path)
