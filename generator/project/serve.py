"""The HTTP side of ``deckpress watch``: the live gallery page, its event stream
and the files of one output folder, nothing else.

``/`` is the gallery rendered live (every card, the error banner); ``/events``
is a server-sent-event stream that names the page's current version whenever
it changes; any other path is a file inside the output folder, or 404 (paths
that leave the folder, hidden files, folders, names the system refuses, e.g. too
long). Standard library only: ``ThreadingHTTPServer``, one thread per connection.

Only requests addressed to this server are answered: the ``Host`` header must name
the bound port on a loopback name (``127.0.0.1``, ``localhost``, ``[::1]``) or on the
``--host`` given (on a wildcard address, ``0.0.0.0`` or ``::``, any IP literal too);
anything else gets 421 Misdirected Request, so a web page that rebinds its own
domain name to 127.0.0.1 cannot read the outputs; a request with two ``Host``
headers, or whose target is an absolute URL naming another host, is refused too.
Every connection has a socket timeout: a client that stalls mid-request (or stops
reading) is dropped.

Bounded under load: the listen backlog holds a page's burst of requests (every card
image at once), at most MAX_THREADS connections are served at a time (the others
wait in the backlog), and at most MAX_EVENT_STREAMS event streams are held open: a
new one closes the oldest (a page that still reads reconnects, as ``EventSource``
does; one that stopped reading is gone).
"""

from __future__ import annotations

import ipaddress
import sys
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
SOCKET_TIMEOUT = 5.0  # seconds a connection may stall on one read or write before it is dropped
LISTEN_BACKLOG = 512  # connections the system queues while every thread is busy (a page asks for ~200 at once)
MAX_THREADS = 64  # connections served at once; the rest wait in the backlog
MAX_EVENT_STREAMS = 16  # open event streams (pages); a new one closes the oldest
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")
WILDCARDS = ("0.0.0.0", "::", "")


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
        self._streams: list[int] = []  # open event streams, oldest first
        self._last_stream = 0

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

    def wait(self, seen: int, timeout: float, stream: int | None = None) -> int:
        """The current version, once it differs from ``seen`` (or after ``timeout``, or
        once ``stream`` is closed to make room for a newer one)."""
        with self._changed:
            self._changed.wait_for(lambda: self.version != seen or self.closed
                                   or (stream is not None and stream not in self._streams), timeout)
            return self.version

    def open_stream(self) -> int:
        """Register an event stream; beyond MAX_EVENT_STREAMS the oldest is closed."""
        with self._changed:
            self._last_stream += 1
            self._streams.append(self._last_stream)
            if len(self._streams) > MAX_EVENT_STREAMS:
                del self._streams[: len(self._streams) - MAX_EVENT_STREAMS]
                self._changed.notify_all()
            return self._last_stream

    def stream_open(self, stream: int) -> bool:
        with self._changed:
            return stream in self._streams and not self.closed

    def close_stream(self, stream: int) -> None:
        with self._changed:
            if stream in self._streams:
                self._streams.remove(stream)

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


def allowed_hosts(host: str, port: int) -> frozenset[str]:
    """The ``Host`` header values served (lower case): loopback names and ``host``, with the port
    (and without it on port 80, where browsers leave it out)."""
    shown = f"[{host}]" if ":" in host and not host.startswith("[") else host
    names = {*LOOPBACK_NAMES, shown.lower()} - {"", "[::]", "0.0.0.0"}
    allowed = {f"{name}:{port}" for name in names}
    if port == 80:
        allowed |= names
    return frozenset(allowed)


def host_allowed(header: str | None, host: str, port: int) -> bool:
    """Is a request whose ``Host`` header is ``header`` addressed to this server?"""
    if not header:
        return False
    value = header.strip().lower()
    if value in allowed_hosts(host, port):
        return True
    if host not in WILDCARDS:
        return False
    # Bound to every interface: the machine's own addresses are not known here, but an IP
    # literal cannot be rebound (DNS rebinding needs a name the attacker controls).
    name, _, given_port = value.rpartition(":")
    if given_port != str(port) or not name:
        return False
    try:
        ipaddress.ip_address(name.removeprefix("[").removesuffix("]"))
    except ValueError:
        return False
    return True


class _Handler(SimpleHTTPRequestHandler):
    page: LivePage
    bound: tuple[str, int]
    timeout = SOCKET_TIMEOUT  # StreamRequestHandler sets it on the connection's socket

    def _misdirected(self) -> bool:
        """Answer 400 or 421 (and True) unless the request is addressed to this server: one
        ``Host`` header naming it, and a target that is a path (or an absolute URL naming it)."""
        hosts = self.headers.get_all("Host") or []
        if len(hosts) > 1:
            self.send_error(HTTPStatus.BAD_REQUEST, "Bad Request", "more than one Host header")
            return True
        target = urlsplit(self.path)
        if target.scheme or target.netloc:  # absolute form (http://host/path), or "//host/path"
            if target.scheme not in ("http", "") or not target.netloc or self.path.startswith("//"):
                self.send_error(HTTPStatus.BAD_REQUEST, "Bad Request", "the target must be a path")
                return True
            if not host_allowed(target.netloc, *self.bound):
                self.send_error(HTTPStatus.MISDIRECTED_REQUEST, "Misdirected Request",
                                "this preview answers only requests for its own address (localhost)")
                return True
        if host_allowed(hosts[0] if hosts else None, *self.bound):
            return False
        self.send_error(HTTPStatus.MISDIRECTED_REQUEST, "Misdirected Request",
                        "this preview answers only requests for its own address (localhost)")
        return True

    def do_GET(self) -> None:  # noqa: N802 (the standard library's name)
        if self._misdirected():
            return
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
        if self._misdirected():
            return
        path = urlsplit(self.path).path
        if path in ("/", ""):
            self._send_page(body=False)
        elif self._confined(path) is None:
            self.send_error(HTTPStatus.NOT_FOUND)
        else:
            super().do_HEAD()

    def _confined(self, url_path: str) -> Path | None:
        """The file ``url_path`` names inside the output folder, or None (also for any name
        the system refuses: too long, a loop of symlinks, not valid text...)."""
        try:
            root = Path(self.directory).resolve()
            parts = [p for p in unquote(url_path, errors="strict").split("/") if p]
            if not parts or any(p.startswith(".") or "\\" in p or "\0" in p for p in parts):
                return None
            candidate = root.joinpath(*parts).resolve()
            return candidate if candidate.is_relative_to(root) and candidate.is_file() else None
        except (OSError, ValueError, RuntimeError):  # ENAMETOOLONG, ELOOP, bad UTF-8 in %-escapes
            return None

    def translate_path(self, path: str) -> str:
        """The standard handler's file for ``path``: the confined one, never anything else."""
        found = self._confined(urlsplit(path).path)
        return str(found) if found is not None else str(Path(self.directory) / ".missing")

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
        stream = self.page.open_stream()
        try:
            while self.page.stream_open(stream):
                version = self.page.wait(seen, KEEPALIVE_SECONDS, stream)
                if not self.page.stream_open(stream):
                    break  # closed for a newer stream (the page reconnects if it still reads)
                message = f"event: version\ndata: {version}\n\n" if version != seen else ": idle\n\n"
                seen = version
                self.wfile.write(message.encode())
                self.wfile.flush()
        except OSError:
            pass  # the page was closed (or stopped reading: the socket timed out)
        finally:
            self.page.close_stream(stream)
            self.close_connection = True

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


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = LISTEN_BACKLOG  # socketserver's default, 5, drops a page's burst

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self._slots = threading.BoundedSemaphore(MAX_THREADS)
        super().__init__(*args, **kwargs)

    def process_request(self, request: Any, client_address: Any) -> None:
        """One thread per connection, at most MAX_THREADS at once: the accept loop waits
        for a free slot, and new connections wait in the listen backlog meanwhile."""
        self._slots.acquire()
        try:
            super().process_request(request, client_address)
        except BaseException:
            self._slots.release()
            raise

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self._slots.release()

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A request that failed in an unexpected way: one line, never a traceback."""
        exc = sys.exc_info()[1]
        if not isinstance(exc, (ConnectionError, TimeoutError)):
            print(f"deckpress watch: a request failed: {type(exc).__name__}: {exc}", file=sys.stderr)


def start_server(out: Path, page: LivePage, host: str, port: int) -> ThreadingHTTPServer:
    """Serve ``out`` and ``page`` on ``host:port`` from a background thread."""
    server = bind_server(out, page, host, port)
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.2}, daemon=True,
                     name="deckpress-serve").start()
    return server


def bind_server(out: Path, page: LivePage, host: str, port: int) -> ThreadingHTTPServer:
    """The server for ``out`` and ``page``, bound and listening on ``host:port`` (connections
    queue in the backlog) but not yet answering: ``serve_forever`` does that."""
    handler_class: type[_Handler] = type("Handler", (_Handler,), {"page": page, "bound": (host, port)})
    handler = partial(handler_class, directory=str(out.resolve()))
    try:
        server = _Server((host, port), handler)
    except OSError as exc:
        raise ParameterError(f"cannot serve on {host}:{port}: {exc.strerror or exc}; "
                             "choose another --port (or --host)") from None
    handler_class.bound = (host, server.server_port)  # port 0: the one the system chose
    return server


def stop_server(server: ThreadingHTTPServer, page: LivePage) -> None:
    page.close()
    server.shutdown()
    server.server_close()
