"""``deckpress watch``'s server under load and odd addressing, on 127.0.0.1 only.

Found: a listen backlog of 5 (of 200 concurrent GETs, 10-63 % hung until the client
gave up), event-stream clients that never read were never dropped (1,000 held 1,003
threads), and two ``Host`` headers (the good one first) or an absolute-form target
naming another host got 200. The server runs in this process (``bind_server``), on a
free port; every wait is bounded."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from generator.project.serve import (
    MAX_EVENT_STREAMS,
    MAX_THREADS,
    LivePage,
    bind_server,
    stop_server,
)

WAIT = 20.0  # seconds: the longest one step here may take


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[int, LivePage, Any]]:
    out = tmp_path / "out"
    out.mkdir()
    (out / "card.png").write_bytes(b"\x89PNG pixels")
    page = LivePage(out)
    server = bind_server(out, page, "127.0.0.1", 0)
    try:
        yield server.server_port, page, server
    finally:
        if getattr(server, "serving", False):
            stop_server(server, page)
        else:  # never served: shutdown() would wait for a loop that never ran
            page.close()
            server.server_close()


def serve(server: Any) -> None:
    server.serving = True
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()


def ask(port: int, request: bytes, sock: socket.socket | None = None) -> bytes:
    s = sock or socket.create_connection(("127.0.0.1", port), timeout=WAIT)
    with s:
        s.sendall(request)
        chunks = []
        while chunk := s.recv(65536):
            chunks.append(chunk)
    return b"".join(chunks)


def get(port: int, path: str = "/card.png", host: str | None = None) -> bytes:
    return f"GET {path} HTTP/1.0\r\nHost: {host or f'127.0.0.1:{port}'}\r\n\r\n".encode()


def status(answer: bytes) -> int:
    return int(answer.split(b" ", 2)[1])


def test_a_burst_of_200_connections_waits_in_the_backlog_and_is_all_answered(served: tuple[int, LivePage, Any]) -> None:
    port, _, server = served
    # Connect all 200 before the server accepts any: each must get into the listen
    # backlog (a backlog of 5 leaves the rest hanging in connect, SYNs dropped).
    sockets = []
    try:
        for _ in range(200):
            sockets.append(socket.create_connection(("127.0.0.1", port), timeout=3.0))
    except OSError as exc:
        pytest.fail(f"connection {len(sockets) + 1} of 200 was not queued: {exc}")
    serve(server)

    def answer(s: socket.socket) -> bytes:
        s.settimeout(10.0)  # a connection the server never took hangs until then
        try:
            return ask(port, get(port), s)
        except OSError:
            return b"HTTP/1.0 0 no answer"

    with ThreadPoolExecutor(max_workers=200) as pool:  # all at once: bounded by one timeout
        answers = list(pool.map(answer, sockets))
    assert sum(status(a) == 200 for a in answers) == 200, [status(a) for a in answers]
    assert all(a.endswith(b"\x89PNG pixels") for a in answers)


def _event_stream(port: int) -> socket.socket:
    s = socket.create_connection(("127.0.0.1", port), timeout=WAIT)
    s.sendall(get(port, "/events"))
    assert s.recv(12) == b"HTTP/1.0 200"
    return s


def _closed_by_server(s: socket.socket) -> bool:
    s.settimeout(WAIT)
    try:
        while s.recv(65536):
            pass
    except OSError:
        return False
    return True


def test_event_streams_that_never_read_are_dropped_and_threads_stay_bounded(served: tuple[int, LivePage, Any]) -> None:
    port, page, server = served
    serve(server)
    before = threading.active_count()
    streams = [_event_stream(port) for _ in range(3 * MAX_EVENT_STREAMS)]  # none of them reads again
    try:
        end = time.monotonic() + WAIT
        while threading.active_count() - before > MAX_EVENT_STREAMS + 2:
            assert time.monotonic() < end, f"{threading.active_count() - before} threads for the streams"
            time.sleep(0.05)
        assert _closed_by_server(streams[0])  # the oldest is closed for the newer ones
        assert status(ask(port, get(port))) == 200  # the server still answers
        page.publish(status="built")  # the newest streams still hear a change
        streams[-1].settimeout(WAIT)
        heard = b""
        while b"event: version" not in heard:
            heard += streams[-1].recv(65536)
    finally:
        for s in streams:
            s.close()
    assert MAX_EVENT_STREAMS < MAX_THREADS


def test_two_host_headers_are_refused(served: tuple[int, LivePage, Any]) -> None:
    port, _, server = served
    serve(server)
    good = f"127.0.0.1:{port}"
    for hosts in ([good, "evil.example"], [good, good], ["evil.example", good]):
        request = "GET /card.png HTTP/1.1\r\n" + "".join(f"Host: {h}\r\n" for h in hosts) + "Connection: close\r\n\r\n"
        answer = ask(port, request.encode())
        assert status(answer) == 400 and b"PNG pixels" not in answer, hosts


def test_absolute_form_targets_for_other_hosts_are_refused(served: tuple[int, LivePage, Any]) -> None:
    port, _, server = served
    serve(server)
    good = f"127.0.0.1:{port}"
    for target, expected in (("http://evil.example/card.png", 421), (f"http://evil.example:{port}/card.png", 421),
                             ("//evil.example/card.png", 404), (f"https://{good}/card.png", 400),
                             (f"http://{good}/card.png", 200), ("/card.png", 200)):
        answer = ask(port, f"GET {target} HTTP/1.1\r\nHost: {good}\r\nConnection: close\r\n\r\n".encode())
        assert status(answer) == expected, (target, answer[:80])
        assert (b"PNG pixels" in answer) == (expected == 200), target
