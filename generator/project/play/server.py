"""The HTTP side of ``deckpress play``: the table page, its JSON API and the card images.

The server rules are ``watch``'s (:mod:`generator.project.serve`, whose handler this
one extends): the ``Host`` header must name this server (421 otherwise), loopback by
default, files only from the table's ``cards/`` folder (the card images: the saved
games beside it are never served), a socket timeout on every connection. With tokens
(``--token``, and always on an address other than loopback), every request must carry
``?token=...`` (the links printed at the start have them): no token, no page (403).
With several human seats each seat has its own link and token, and a token answers for
its seat only; only the host's link (the first) starts a new game or resumes one.

``GET /`` the page; ``GET /api/state?seat=S`` what seat S sees (a human seat only);
``GET /api/reveal?step=K`` every seat's zones after K moves (after the game);
``POST /api/act`` ``{"seat", "index", "step"}`` a human's move; ``POST /api/step`` one
move of the table (AI, chance, replay); ``POST /api/new`` a new game (a fresh secret
seed); ``POST /api/resume`` ``{"file"}`` an interrupted game the table offers.
POST bodies must be ``application/json`` (a plain form from another site cannot send
one, so a page elsewhere cannot play moves here). docs/play.md documents the API.
"""

from __future__ import annotations

import hmac
import json
import secrets
import sys
import threading
from collections.abc import Callable, Sequence
from functools import partial
from http import HTTPStatus
from pathlib import Path
from typing import Any, NamedTuple
from urllib.parse import parse_qs, urlsplit

from ...errors import DeckpressError, ParameterError
from ...paths import templates_dir
from ..serve import _Handler, _Server
from .session import Session

MAX_BODY = 4096  # bytes: a move is a few numbers


def fresh_seed() -> int:
    """A secret seed from the operating system: nobody can tell the deal from the time or the last game
    (53 bits: a browser reads every such number exactly)."""
    return secrets.randbelow(2**53)


class Store(NamedTuple):
    """Where a table's games are kept: ``save`` a session, ``reopen`` a saved game,
    ``discard`` a finished one's file (each None: not kept)."""

    save: Callable[[Session], None] | None = None
    reopen: Callable[[Path], Session] | None = None
    discard: Callable[[Session], None] | None = None


class Tabletop:
    """The table being served: the current session, how to start the next, where it is saved,
    and the interrupted games it offers to resume."""

    def __init__(self, start: Callable[[int], Session], seed: int, cards: dict[str, Any], title: str,
                 store: Store = Store(), tokens: dict[str, int] | None = None,
                 first: Session | None = None, offers: Sequence[Path] = ()) -> None:
        save, reopen, discard = store
        self.start = start
        self.seed = seed
        self.session = first if first is not None else start(seed)
        self.cards = cards
        self.title = title
        self.save = save
        self.tokens = tokens  # token -> the human seat it plays (None: no tokens, loopback pass-and-play)
        self.host_token = next(iter(tokens)) if tokens else None  # the first link: the host's
        self.offers = {p.name: p for p in offers}  # interrupted games in the table's folder
        self.reopen = reopen
        self.discard = discard
        self.lock = threading.Lock()

    def new_game(self) -> None:
        with self.lock:
            self.seed = fresh_seed()
            self.session = self.start(self.seed)

    def resume(self, name: Any) -> None:
        """Go on with the offered interrupted game ``name`` (a file name the table offered, nothing else)."""
        with self.lock:
            path = self.offers.get(name) if isinstance(name, str) else None
            if path is None or self.reopen is None:
                raise ParameterError(f"no interrupted game {name!r} is offered here")
            session = self.reopen(path)
            if self.discard is not None and not self._human_moved(self.session):
                self.discard(self.session)  # the game opened meanwhile, untouched: not kept as interrupted
            self.session = session
            self.seed = session.seed
            self.offers = {}

    def offered(self) -> list[dict[str, Any]]:
        """The interrupted games offered while the current game has no human move yet."""
        if not self.offers or self._human_moved(self.session):
            return []
        out = []
        for name, path in self.offers.items():
            try:
                moves = len(json.loads(path.read_text(encoding="utf-8")).get("actions") or [])
            except (OSError, ValueError):
                continue
            out.append({"file": name, "moves": moves})
        return out

    @staticmethod
    def _human_moved(session: Session) -> bool:
        humans = session.seating.humans
        return any(step.seat in humans or step.joint for step in session.steps)

    def saved(self) -> None:
        if self.save is not None:
            self.save(self.session)


def boot_json(boot: dict[str, Any]) -> str:
    """The page's start-up data inside its ``<script>``: every ``<``, ``>`` and ``&`` escaped,
    so no text of the deck (a card named ``<!--<script>``) can end or change the script."""
    return json.dumps(boot).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def page_html(top: Tabletop, only: int | None = None) -> str:
    text = (templates_dir() / "play" / "table.html").read_text(encoding="utf-8")
    humans = list(top.session.seating.humans) if only is None else [only]
    boot = {"title": top.title, "cards": top.cards, "names": top.session.names, "humans": humans}
    return text.replace("/*BOOT*/null", boot_json(boot))


class _PlayHandler(_Handler):
    top: Tabletop

    def _refused(self) -> bool:
        """421 for another host, 403 without the token (True: answered)."""
        if self._misdirected():
            return True
        self.only: int | None = None
        self.host = True
        tokens = self.top.tokens
        if tokens is None:
            return False
        given = parse_qs(urlsplit(self.path).query).get("token", [""])[0]
        for token, seat in tokens.items():
            if hmac.compare_digest(given.encode(), token.encode()):
                self.only = seat if len(tokens) > 1 else None
                self.host = token == self.top.host_token
                return False
        self._error(HTTPStatus.FORBIDDEN, "this table needs the link with its token")
        return True

    def _error(self, status: HTTPStatus, message: str) -> None:
        """An API request's error as JSON (``{"error": ...}``); a page's or a file's as the usual page."""
        if urlsplit(self.path).path.startswith("/api/"):
            self._send(json.dumps({"error": message}).encode(), "application/json", status)
        else:
            self.send_error(status, None, message)

    def do_GET(self) -> None:  # noqa: N802 (the standard library's name)
        if self._refused():
            return
        parts = urlsplit(self.path)
        query = parse_qs(parts.query)
        if parts.path in ("/", ""):
            self._send(page_html(self.top, self.only).encode(), "text/html; charset=utf-8")
        elif parts.path == "/api/state":
            self._api(lambda: self._snapshot(self._seat(query)))
        elif parts.path == "/api/reveal":
            self._api(lambda: self.top.session.reveal(_int(query, "step", 0)))
        elif parts.path.startswith("/api/"):
            self._api(lambda: _unknown(parts.path), HTTPStatus.NOT_FOUND)
        elif self._confined(parts.path) is None:
            self.send_error(HTTPStatus.NOT_FOUND)
        else:
            super(_Handler, self).do_GET()

    def do_HEAD(self) -> None:  # noqa: N802
        if self._refused():
            return
        super().do_HEAD()

    def _confined(self, url_path: str) -> Path | None:
        """Only the card images (``/cards/...``): the saved games beside them are never served."""
        if not url_path.startswith("/cards/"):
            return None
        return super()._confined(url_path)

    def _snapshot(self, seat: int) -> dict[str, Any]:
        out = self.top.session.snapshot(seat)
        out["host"] = self.host
        if self.host:
            out["resume"] = self.top.offered()
        return out

    def _host_only(self, what: str) -> None:
        if not self.host:
            raise _Forbidden(f"only the host's link {what}")

    def do_POST(self) -> None:  # noqa: N802
        if self._refused():
            return
        path = urlsplit(self.path).path
        if self.headers.get("Content-Type", "").split(";")[0].strip() != "application/json":
            self._error(HTTPStatus.UNSUPPORTED_MEDIA_TYPE, "a move is sent as application/json")
            return
        try:
            length = int(self.headers.get("Content-Length") or 0)
        except ValueError:
            length = -1
        if not 0 <= length <= MAX_BODY:
            self._error(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, f"the body must be at most {MAX_BODY} bytes")
            return
        try:
            body = json.loads(self.rfile.read(length) or b"{}")
        except ValueError:
            body = None
        if not isinstance(body, dict):
            self._error(HTTPStatus.BAD_REQUEST, "the body must be a JSON object")
            return
        top = self.top
        if path == "/api/act":
            def act() -> dict[str, Any]:
                seat = self._seat_of(body.get("seat"))
                top.session.act(seat, _number(body, "index"), _number(body, "step"))
                top.saved()
                return self._snapshot(seat)
            self._api(act)
        elif path == "/api/step":
            def step() -> dict[str, Any]:
                seat = self._seat_of(body.get("seat"))
                if top.session.advance():
                    top.saved()
                return self._snapshot(seat)
            self._api(step)
        elif path == "/api/new":
            def new() -> dict[str, Any]:
                self._host_only("starts a new game")
                top.new_game()
                return self._snapshot(self._seat_of(body.get("seat")))
            self._api(new)
        elif path == "/api/resume":
            def resume() -> dict[str, Any]:
                self._host_only("resumes a game")
                top.resume(body.get("file"))
                return self._snapshot(self._seat_of(body.get("seat")))
            self._api(resume)
        else:
            self._api(lambda: _unknown(path), HTTPStatus.NOT_FOUND)

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

    def _api(self, answer: Callable[[], Any], status: HTTPStatus = HTTPStatus.CONFLICT) -> None:
        try:
            data = answer()
        except _Forbidden as exc:
            self._send(json.dumps({"error": str(exc)}).encode(), "application/json", HTTPStatus.FORBIDDEN)
            return
        except DeckpressError as exc:
            self._send(json.dumps({"error": "; ".join(map(str, exc.problems))}).encode(), "application/json",
                       status)
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


class _Forbidden(Exception):
    """A request this link may not make (403)."""


def _unknown(path: str) -> Any:
    raise ParameterError(f"no such endpoint: {path} (docs/play.md lists them)")


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
