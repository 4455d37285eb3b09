"""A small client of the ``deckpress play`` JSON API for the tests: every response kept,
bounded waits, and a whole game played by choosing among the offered moves only."""

from __future__ import annotations

import http.client
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from generator.project.play import Table, open_table

TIMEOUT = 60.0  # seconds one request may take on a loaded machine
MOST_REQUESTS = 20_000  # a game longer than this is a bug of the table


class Client:
    def __init__(self, table: Table) -> None:
        self.table = table
        parts = urlsplit(table.url)
        self.host, self.port = parts.hostname or "127.0.0.1", table.port
        self.token = parse_qs(parts.query).get("token", [None])[0]
        self.responses: list[str] = []  # every body the page would have received
        self.seen: Callable[[str], None] | None = None  # called with each body as it arrives

    def request(self, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None,
                token: bool = True) -> tuple[int, str]:
        if token and self.token:
            path += ("&" if "?" in path else "?") + f"token={self.token}"
        conn = http.client.HTTPConnection(self.host, self.port, timeout=TIMEOUT)
        try:
            sent = {"Content-Type": "application/json"} if body is not None else {}
            sent.update(headers or {})
            conn.request(method, path, body=json.dumps(body) if body is not None else None, headers=sent)
            reply = conn.getresponse()
            text = reply.read().decode("utf-8", "replace")
            return reply.status, text
        finally:
            conn.close()

    def api(self, method: str, path: str, body: Any = None) -> dict[str, Any]:
        status, text = self.request(method, path, body)
        assert status == 200, (status, text)
        self.responses.append(text)
        if self.seen is not None:
            self.seen(text)
        data: dict[str, Any] = json.loads(text)
        return data

    def play_out(self, seat: int = 0, seed: int = 7) -> dict[str, Any]:
        """Play the whole game: a random offered move at the human's turn, the table's moves between."""
        rng = random.Random(seed)
        state = self.api("GET", f"/api/state?seat={seat}")
        for _ in range(MOST_REQUESTS):
            if state["turn"] == "over":
                return state
            if state["turn"] == "you":
                offered = [a["index"] for a in state["actions"]]
                assert offered, "the human's turn offers no move"
                state = self.api("POST", "/api/act", {"seat": seat, "index": rng.choice(offered), "step": state["step"]})
            else:
                assert state["turn"] == "table", state["turn"]
                state = self.api("POST", "/api/step", {"seat": seat})
        raise AssertionError("the game did not end")


def table(target: str, folder: Path, **options: Any) -> Table:
    return open_table(target, folder=folder, images=options.pop("images", False), **options)
