"""The HTTP side of ``deckpress play``: the table page, its JSON API and the card images.

The server rules are ``watch``'s (:mod:`generator.project.serve`, whose handler this
one extends): the ``Host`` header must name this server (421 otherwise), loopback by
default, files only from the table's own folder, a socket timeout on every connection.
With tokens (``--token``, for a LAN), every request must carry ``?token=...`` (the
links printed at the start have them): no token, no page (403). With several human
seats each seat has its own link and token, and a token answers for its seat only.

``GET /`` the page; ``GET /api/state?seat=S`` what seat S sees (a human seat only);
``GET /api/reveal?step=K`` every seat's zones after K moves (after the game);
``POST /api/act`` ``{"seat", "index", "step"}`` a human's move; ``POST /api/step`` one
move of the table (AI, chance, replay); ``POST /api/new`` a new game (the next seed).
POST bodies must be ``application/json`` (a plain form from another site cannot send
one, so a page elsewhere cannot play moves here).
"""

from __future__ import annotations

import hmac
import json
import sys
import threading
from collections.abc import Callable
from functools import partial
from http import HTTPStatus
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from ...errors import DeckpressError, ParameterError
from ...paths import templates_dir
from ..serve import _Handler, _Server
from .session import Session

MAX_BODY = 4096  # bytes: a move is a few numbers


class Tabletop:
    """The table being served: the current session, how to start the next, where it is saved."""

    def __init__(self, start: Callable[[int], Session], seed: int, cards: dict[str, Any], title: str,
                 save: Callable[[Session], None] | None = None, tokens: dict[str, int] | None = None) -> None:
        self.start = start
        self.seed = seed
        self.session = start(seed)
        self.cards = cards
        self.title = title
        self.save = save
        self.tokens = tokens  # token -> the human seat it plays (None: no tokens, loopback pass-and-play)
        self.lock = threading.Lock()

    def new_game(self) -> None:
        with self.lock:
            self.seed += 1
            self.session = self.start(self.seed)

    def saved(self) -> None:
        if self.save is not None:
            self.save(self.session)


def page_html(top: Tabletop, only: int | None = None) -> str:
    text = (templates_dir() / "play" / "table.html").read_text(encoding="utf-8")
    humans = list(top.session.seating.humans) if only is None else [only]
    boot = {"title": top.title, "cards": top.cards, "names": top.session.names, "humans": humans}
    return text.replace("/*BOOT*/null", json.dumps(boot).replace("</", "<\\/"))


class _PlayHandler(_Handler):
    top: Tabletop

    def _refused(self) -> bool:
        """421 for another host, 403 without the token (True: answered)."""
        if self._misdirected():
            return True
        self.only: int | None = None
        tokens = self.top.tokens
        if tokens is None:
            return False
        given = parse_qs(urlsplit(self.path).query).get("token", [""])[0]
        for token, seat in tokens.items():
            if hmac.compare_digest(given.encode(), token.encode()):
                self.only = seat if len(tokens) > 1 else None
                return False
        self.send_error(HTTPStatus.FORBIDDEN, "Forbidden", "this table needs the link with its token")
        return True

    def do_GET(self) -> None:  # noqa: N802 (the standard library's name)
        if self._refused():
            return
        parts = urlsplit(self.path)
        query = parse_qs(parts.query)
        if parts.path in ("/", ""):
            self._send(page_html(self.top, self.only).encode(), "text/html; charset=utf-8")
        elif parts.path == "/api/state":
            self._api(lambda: self.top.session.snapshot(self._seat(query)))
        elif parts.path == "/api/reveal":
            self._api(lambda: self.top.session.reveal(_int(query, "step", 0)))
        elif self._confined(parts.path) is None:
            self.send_error(HTTPStatus.NOT_FOUND)
        else:
            super(_Handler, self).do_GET()

    def do_HEAD(self) -> None:  # noqa: N802
        if self._refused():
            return
        super().do_HEAD()

    def do_POST(self) -> None:  # noqa: N802
        if self._refused():
            return
        path = urlsplit(self.path).path
        if self.headers.get("Content-Type", "").split(";")[0].strip() != "application/json":
            self.send_error(HTTPStatus.UNSUPPORTED_MEDIA_TYPE, "a move is sent as application/json")
            return
        try:
            length = int(self.headers.get("Content-Length") or 0)
        except ValueError:
            length = -1
        if not 0 <= length <= MAX_BODY:
            self.send_error(HTTPStatus.REQUEST_ENTITY_TOO_LARGE)
            return
        try:
            body = json.loads(self.rfile.read(length) or b"{}")
        except ValueError:
            body = None
        if not isinstance(body, dict):
            self.send_error(HTTPStatus.BAD_REQUEST, "the body must be a JSON object")
            return
        top = self.top
        if path == "/api/act":
            def act() -> dict[str, Any]:
                seat = self._seat_of(body.get("seat"))
                top.session.act(seat, _number(body, "index"), _number(body, "step"))
                top.saved()
                return top.session.snapshot(seat)
            self._api(act)
        elif path == "/api/step":
            def step() -> dict[str, Any]:
                seat = self._seat_of(body.get("seat"))
                if top.session.advance():
                    top.saved()
                return top.session.snapshot(seat)
            self._api(step)
        elif path == "/api/new":
            def new() -> dict[str, Any]:
                top.new_game()
                return top.session.snapshot(self._seat_of(body.get("seat")))
            self._api(new)
        else:
            self.send_error(HTTPStatus.NOT_FOUND)

    def _seat(self, query: dict[str, list[str]]) -> int:
        return self._seat_of(query.get("seat", [None])[0])

    def _seat_of(self, value: Any) -> int:
        humans = self.top.session.seating.humans
        if value is None:
            return self.only if self.only is not None else humans[0] if humans else 0
        try:
            seat = int(value)
        except (TypeError, ValueError):
            raise ParameterError(f"seat {value!r} is not a number") from None
        if seat not in humans and not (self.top.session.script and 0 <= seat < self.top.session.players):
            raise ParameterError(f"seat {seat} is not a human seat at this table")
        if self.only is not None and seat != self.only:
            raise ParameterError(f"this link plays seat {self.only}, not seat {seat}")
        return seat

    def _api(self, answer: Callable[[], Any]) -> None:
        try:
            data = answer()
        except DeckpressError as exc:
            self._send(json.dumps({"error": "; ".join(map(str, exc.problems))}).encode(), "application/json",
                       HTTPStatus.CONFLICT)
            return
        except Exception as exc:  # a bug in a designer's game.py names its file and line; ours, its type
            from ...games.designer.loader import designer_failure

            failure = designer_failure(exc)
            said = "; ".join(map(str, failure.problems)) if isinstance(failure, DeckpressError) else \
                f"internal error ({type(exc).__name__}: {exc}); run with `deckpress --debug` and report it"
            print(f"deckpress play: {said}", file=sys.stderr)
            self._send(json.dumps({"error": said}).encode(), "application/json", HTTPStatus.INTERNAL_SERVER_ERROR)
            return
        self._send(json.dumps(data).encode(), "application/json")

    def _send(self, body: bytes, kind: str, status: HTTPStatus = HTTPStatus.OK) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)


class _PlayServer(_Server):
    def handle_error(self, request: Any, client_address: Any) -> None:
        """A request that failed in an unexpected way: one line, never a traceback."""
        exc = sys.exc_info()[1]
        if not isinstance(exc, (ConnectionError, TimeoutError)):
            print(f"deckpress play: a request failed: {type(exc).__name__}: {exc}", file=sys.stderr)


def start_table(folder: Path, top: Tabletop, host: str, port: int) -> _Server:
    """Serve the table and ``folder`` (its card images) on ``host:port`` from a background thread."""
    handler_class: type[_PlayHandler] = type("PlayHandler", (_PlayHandler,), {"top": top, "bound": (host, port)})
    handler = partial(handler_class, directory=str(folder.resolve()))
    try:
        server = _PlayServer((host, port), handler)
    except OSError as exc:
        raise ParameterError(f"cannot serve on {host}:{port}: {exc.strerror or exc}; "
                             "choose another --port (or --host)") from None
    handler_class.bound = (host, server.server_port)
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.2}, daemon=True,
                     name="deckpress-play").start()
    return server


def stop_table(server: _Server) -> None:
    server.shutdown()
    server.server_close()


def _number(body: dict[str, Any], key: str) -> int:
    value = body.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise ParameterError(f"{key} must be a whole number, got {value!r}")
    return value


def _int(query: dict[str, list[str]], key: str, default: int) -> int:
    try:
        return int(query.get(key, [default])[0])
    except ValueError:
        raise ParameterError(f"{key} must be a whole number") from None
