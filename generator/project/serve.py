"""The HTTP side of ``deckpress watch``: the live gallery page, its event stream
and the files of one output folder, nothing else.

``/`` is the gallery rendered live (every card, the error banner); ``/events``
is a server-sent-event stream that names the page's current version whenever
it changes; any other path is a file inside the output folder, or 404 (paths
that leave the folder, hidden files, folders). Standard library only:
``ThreadingHTTPServer``, one thread per connection.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from functools import partial
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from ..errors import ParameterError
from .gallery import render_gallery

KEEPALIVE_SECONDS = 15.0  # a comment line on idle event streams keeps proxies from closing them


class LivePage:
    """What the served page shows. The watcher publishes; request threads read and wait."""

    def __init__(self, out: Path, first: Sequence[str] = ()) -> None:
        self.out = out
        self.first = list(first)
        self.version = 0
        self.problems: list[str] = []
        self.status = "building…"
        self.balance: list[str] = []  # what the last save did to the balance (watch.py)
        self.closed = False
        self._changed = threading.Condition()
        self._html: tuple[int, str] | None = None

    def publish(self, *, problems: Sequence[str] | None = None, status: str | None = None,
                first: Sequence[str] | None = None, balance: Sequence[str] | None = None) -> None:
        """The outputs or the messages changed: every open page fetches itself again."""
        with self._changed:
            if problems is not None:
                self.problems = list(problems)
            if status is not None:
                self.status = status
            if first is not None:
                self.first = list(first)
            if balance is not None:
                self.balance = list(balance)
            self.version += 1
            self._changed.notify_all()

    def wait(self, seen: int, timeout: float) -> int:
        """The current version, once it differs from ``seen`` (or after ``timeout``)."""
        with self._changed:
            self._changed.wait_for(lambda: self.version != seen or self.closed, timeout)
            return self.version

    def close(self) -> None:
        with self._changed:
            self.closed = True
            self._changed.notify_all()

    def html(self) -> str:
        with self._changed:
            version, problems, status, first = self.version, list(self.problems), self.status, list(self.first)
            balance = list(self.balance)
            if self._html is not None and self._html[0] == version:
                return self._html[1]
        text = render_gallery(self.out, first=first, live=True, problems=problems, status=status, version=version,
                              balance=balance)
        self._html = (version, text)
        return text


class _Handler(SimpleHTTPRequestHandler):
    page: LivePage

    def do_GET(self) -> None:  # noqa: N802 (the standard library's name)
        path = urlsplit(self.path).path
        if path in ("/", ""):
            self._send_page()
        elif path == "/events":
            self._send_events()
        elif self._confined(path) is None:
            self.send_error(HTTPStatus.NOT_FOUND)
        else:
            super().do_GET()

    def do_HEAD(self) -> None:  # noqa: N802
        path = urlsplit(self.path).path
        if path in ("/", ""):
            self._send_page(body=False)
        elif self._confined(path) is None:
            self.send_error(HTTPStatus.NOT_FOUND)
        else:
            super().do_HEAD()

    def _confined(self, url_path: str) -> Path | None:
        """The file ``url_path`` names inside the output folder, or None."""
        root = Path(self.directory).resolve()
        parts = [p for p in unquote(url_path).split("/") if p]
        if not parts or any(p.startswith(".") or "\\" in p or "\0" in p for p in parts):
            return None
        candidate = root.joinpath(*parts).resolve()
        return candidate if candidate.is_relative_to(root) and candidate.is_file() else None

    def _send_page(self, body: bool = True) -> None:
        html = self.page.html().encode("utf-8")
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(html)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        if body:
            self.wfile.write(html)

    def _send_events(self) -> None:
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        seen = -1
        try:
            while not self.page.closed:
                version = self.page.wait(seen, KEEPALIVE_SECONDS)
                message = f"event: version\ndata: {version}\n\n" if version != seen else ": idle\n\n"
                seen = version
                self.wfile.write(message.encode())
                self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            pass  # the page was closed

    def send_header(self, keyword: str, value: str) -> None:
        self._cache_control = getattr(self, "_cache_control", False) or keyword.lower() == "cache-control"
        super().send_header(keyword, value)

    def end_headers(self) -> None:
        if not getattr(self, "_cache_control", False):
            super().send_header("Cache-Control", "no-cache")  # files: revalidate (If-Modified-Since)
        self._cache_control = False
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        pass  # quiet: the watcher reports what matters


def start_server(out: Path, page: LivePage, host: str, port: int) -> ThreadingHTTPServer:
    """Serve ``out`` and ``page`` on ``host:port`` from a background thread."""
    handler = partial(type("Handler", (_Handler,), {"page": page}), directory=str(out.resolve()))
    try:
        server = ThreadingHTTPServer((host, port), handler)
    except OSError as exc:
        raise ParameterError(f"cannot serve on {host}:{port}: {exc.strerror or exc}; "
                             "choose another --port (or --host)") from None
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.2}, daemon=True,
                     name="deckpress-serve").start()
    return server


def stop_server(server: ThreadingHTTPServer, page: LivePage) -> None:
    page.close()
    server.shutdown()
    server.server_close()
