"""Faults against ``deckpress watch``: its server (traversal in twelve forms, foreign Host
headers, stalled, over-long and malformed requests) and its watcher (an edit during the
first build, the project folder moved away and back, deleted and restored).

A real ``deckpress watch`` in a subprocess on a free loopback port; every wait is
bounded, the subprocess is always stopped, nothing leaves 127.0.0.1."""

from __future__ import annotations

import shutil
import signal
import socket
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: the shared watch helpers
from project.live import Watched  # noqa: E402

from generator.project.serve import SOCKET_TIMEOUT, host_allowed  # noqa: E402

pytestmark = pytest.mark.slow
WAIT = 25.0  # seconds: the longest one step here may take


@pytest.fixture
def watched(tmp_path: Path) -> Iterator[Watched]:
    live = Watched(tmp_path)
    try:
        yield live
    finally:
        live.close()


def raw(port: int, request: bytes, timeout: float = 10.0) -> bytes:
    """Send ``request`` as raw bytes and read the whole answer."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        s.sendall(request)
        chunks = []
        while chunk := s.recv(65536):
            chunks.append(chunk)
    return b"".join(chunks)


def status_of(answer: bytes) -> int:
    return int(answer.split(b" ", 2)[1])


TRAVERSALS = [
    "/../secret.txt",
    "/../../etc/passwd",
    "/%2e%2e/secret.txt",
    "/%2E%2E/%2E%2E/etc/passwd",
    "/..%2fsecret.txt",
    "/proj/..%2f..%2fsecret.txt",
    "/%252e%252e/secret.txt",
    "/..%5csecret.txt",
    "/%2fetc%2fpasswd",
    "/proj/%00/../../secret.txt",
    "/link.txt",
    "/.%2e/.%2e/etc/passwd",
]


def test_twelve_traversal_forms_get_404(watched: Watched) -> None:
    watched.ready()
    (watched.out.parent / "secret.txt").write_text("not for the browser")
    (watched.out / "link.txt").symlink_to(watched.out.parent / "secret.txt")
    assert len(set(TRAVERSALS)) == 12
    for path in TRAVERSALS:
        answer = raw(watched.port, f"GET {path} HTTP/1.0\r\nHost: 127.0.0.1:{watched.port}\r\n\r\n".encode())
        assert status_of(answer) == 404, path
        assert b"not for the browser" not in answer and b"root:" not in answer, path
    assert watched.get("/proj/cards-a4.pdf")[0] == 200


def test_only_requests_for_the_bound_address_are_answered(watched: Watched) -> None:
    watched.ready()
    port = watched.port
    for host in (f"127.0.0.1:{port}", f"localhost:{port}", f"LOCALHOST:{port}", f"[::1]:{port}"):
        answer = raw(port, f"GET /proj/cards-a4.pdf HTTP/1.0\r\nHost: {host}\r\n\r\n".encode())
        assert status_of(answer) == 200, host
    for host in ("evil.example", f"evil.example:{port}", f"127.0.0.1:{port + 1}", "127.0.0.1",
                 f"localhost.evil.example:{port}", f"192.168.1.9:{port}"):
        for path in ("/", "/events", "/proj/cards-a4.pdf", "/proj/images/A01.png"):
            answer = raw(port, f"GET {path} HTTP/1.0\r\nHost: {host}\r\n\r\n".encode())
            assert status_of(answer) == 421, (host, path)
            assert b"%PDF" not in answer and b"PNG" not in answer and b"Skylark" not in answer
    no_host = raw(port, b"GET / HTTP/1.0\r\n\r\n")
    assert status_of(no_host) == 421
    head = raw(port, f"HEAD / HTTP/1.0\r\nHost: evil.example:{port}\r\n\r\n".encode())
    assert status_of(head) == 421


def test_host_rules_for_other_bound_addresses() -> None:
    assert host_allowed("192.168.1.9:8000", "192.168.1.9", 8000)
    assert not host_allowed("evil.example:8000", "192.168.1.9", 8000)
    assert host_allowed("[fe80::1]:8000", "fe80::1", 8000)
    assert host_allowed("10.0.0.5:8000", "0.0.0.0", 8000)  # wildcard: an IP literal cannot be rebound
    assert not host_allowed("evil.example:8000", "0.0.0.0", 8000)
    assert not host_allowed("10.0.0.5:8001", "0.0.0.0", 8000)
    assert host_allowed("localhost", "127.0.0.1", 80) and not host_allowed("localhost", "127.0.0.1", 8000)
    assert not host_allowed(None, "127.0.0.1", 8000) and not host_allowed("", "127.0.0.1", 8000)


def test_over_long_and_malformed_paths_are_404_without_a_traceback(watched: Watched) -> None:
    watched.ready()
    host = f"Host: 127.0.0.1:{watched.port}\r\n"
    for path in ("/" + "a" * 10_000, "/proj/" + "b" * 300 + ".png", "/" + "/".join(["x"] * 3000),
                 "/%ff%fe.png", "/proj/images/%00.png", "/" + "%2e%2e/" * 500 + "etc/passwd"):
        answer = raw(watched.port, f"GET {path} HTTP/1.1\r\n{host}Connection: close\r\n\r\n".encode())
        assert status_of(answer) == 404, path[:40]
    huge = raw(watched.port, f"GET /{'c' * 70_000} HTTP/1.1\r\n{host}\r\n".encode())
    assert status_of(huge) == 414
    long_header = raw(watched.port, f"GET / HTTP/1.1\r\n{host}X-Junk: {'d' * 70_000}\r\n\r\n".encode())
    assert status_of(long_header) == 431
    assert watched.get("/")[0] == 200  # still serving
    assert "Traceback" not in watched.log.read_text()


def test_a_stalled_connection_is_dropped_and_does_not_block_others(watched: Watched) -> None:
    watched.ready()
    stalled = [socket.create_connection(("127.0.0.1", watched.port), timeout=WAIT) for _ in range(5)]
    try:
        stalled[0].sendall(b"GET / HTTP/1.1\r\n")  # half a request, then nothing
        stalled[1].sendall(b"GET / HT")
        assert watched.get("/", timeout=5)[0] == 200  # the others are served meanwhile
        start = time.monotonic()
        for s in stalled:  # each is closed by the server (a client timeout here fails the test)
            while s.recv(1024):
                pass
        took = time.monotonic() - start
        assert took < SOCKET_TIMEOUT + 10, f"stalled connections held for {took:.1f} s"
    finally:
        for s in stalled:
            s.close()
    assert "Traceback" not in watched.log.read_text()


def test_an_edit_saved_during_the_first_build_is_built(watched: Watched) -> None:
    # As soon as the server answers, the folders are watched: the first build is still running.
    page = watched.until("the server", lambda: (p := watched.page()) and p)
    assert "up to date" not in page, "the first build ended before the edit; the test proves nothing"
    watched.edit("cards.csv", "Skylark", "Skylark Mk II")
    page = watched.until("the edit in the page", lambda: (p := watched.page()) and "Skylark Mk II" in p
                         and "up to date" in p and p, timeout=WAIT * 2)
    assert 'id="problems"' not in page
    watched.proc.send_signal(signal.SIGTERM)  # what `timeout`, systemd and CI send: like Ctrl-C, exit 143
    assert watched.proc.wait(timeout=WAIT) == 143
    log = watched.log.read_text()
    assert "terminated (SIGTERM)" in log and "Traceback" not in log, log


@pytest.mark.parametrize("how", ["moved away and back", "deleted and restored"])
def test_the_project_folder_vanishes_and_comes_back(watched: Watched, tmp_path: Path, how: str) -> None:
    watched.ready()
    aside = tmp_path / "proj_aside"
    if how == "moved away and back":
        watched.project.rename(aside)
    else:
        shutil.copytree(watched.project, aside)
        shutil.rmtree(watched.project)
    page = watched.until("the page to say the folder is gone",
                         lambda: (p := watched.page()) and "disappeared" in p and p, timeout=WAIT)
    assert str(watched.project) in page or "proj" in page
    if how == "moved away and back":
        aside.rename(watched.project)
    else:
        shutil.copytree(aside, watched.project)
    watched.until("the folder to be back", lambda: (p := watched.page()) and 'id="problems"' not in p
                  and "up to date" in p, timeout=WAIT)
    watched.edit("cards.csv", "Skylark", "Skylark Mk III")
    watched.until("a later edit in the page", lambda: (p := watched.page()) and "Skylark Mk III" in p
                  and "up to date" in p, timeout=WAIT)
    log = watched.log.read_text()
    assert "is back: watching it again" in log and "Traceback" not in log, log
