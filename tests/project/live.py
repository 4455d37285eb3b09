"""Helpers for the ``deckpress watch`` tests: a watched project in a subprocess,
HTTP polling with bounded waits, and a minimal Chrome DevTools client over a pipe."""

from __future__ import annotations

import http.client
import json
import os
import select
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from generator.project.scaffold import scaffold

WAIT = 60.0  # seconds: the longest any single step may take on a loaded machine


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Watched:
    """``deckpress watch --no-open`` on a fresh project, in a subprocess."""

    def __init__(self, root: Path, balance_games: int = 0) -> None:
        self.project = root / "proj"
        scaffold(self.project)
        self.out = root / "out"
        self.port = free_port()
        self.log = root / "watch.log"
        with open(self.log, "wb") as log:
            self.proc = subprocess.Popen(
                [sys.executable, "-c", "from generator.cli import main; main()", "watch", str(self.project),
                 "-o", str(self.out), "--no-open", "--port", str(self.port),
                 "--balance-games", str(balance_games)],
                stdout=log, stderr=subprocess.STDOUT,
            )

    def get(self, path: str, timeout: float = 10.0) -> tuple[int, bytes]:
        """GET ``path`` exactly as given (no client-side normalisation of ``..``)."""
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            conn.request("GET", path)
            response = conn.getresponse()
            return response.status, response.read()
        finally:
            conn.close()

    def page(self) -> str:
        status, body = self.get("/")
        return body.decode("utf-8") if status == 200 else ""

    def until(self, what: str, check: Callable[[], Any], timeout: float = WAIT) -> Any:
        end = time.monotonic() + timeout
        while True:
            try:
                found = check()
            except OSError:  # the server is not up yet
                found = None
            if found:
                return found
            if time.monotonic() > end or self.proc.poll() is not None:
                raise AssertionError(f"timed out waiting for {what}; log:\n{self.log.read_text()}")
            time.sleep(0.1)

    def ready(self) -> str:
        return str(self.until("the first build", lambda: (p := self.page()) and "up to date" in p and p))

    def interrupt(self) -> int:
        self.proc.send_signal(signal.SIGINT)
        return self.proc.wait(timeout=WAIT)

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(timeout=WAIT)

    def edit(self, name: str, old: str, new: str) -> None:
        path = self.project / name
        text = path.read_text()
        assert old in text, (old, name)
        path.write_text(text.replace(old, new))


class DevTools:
    """Headless Chromium driven through ``--remote-debugging-pipe`` (JSON messages ended by NUL)."""

    def __init__(self, chromium: str, url: str, profile: Path, flags: list[str]) -> None:
        to_child, self._write = os.pipe()
        self._read, from_child = os.pipe()

        def wire() -> None:  # the child reads commands on fd 3 and writes replies on fd 4
            a, b = os.dup(to_child), os.dup(from_child)
            os.dup2(a, 3)
            os.dup2(b, 4)

        self.proc = subprocess.Popen(
            [chromium, *flags, f"--user-data-dir={profile}", "--remote-debugging-pipe", url],
            preexec_fn=wire, pass_fds=(3, 4), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        os.close(to_child)
        os.close(from_child)
        self._buffer = b""
        self._next = 0
        self.session = ""

    def call(self, method: str, params: dict[str, Any] | None = None, timeout: float = WAIT) -> dict[str, Any]:
        self._next += 1
        message: dict[str, Any] = {"id": self._next, "method": method, "params": params or {}}
        if self.session:
            message["sessionId"] = self.session
        os.write(self._write, json.dumps(message).encode() + b"\0")
        end = time.monotonic() + timeout
        while True:
            while b"\0" in self._buffer:
                raw, self._buffer = self._buffer.split(b"\0", 1)
                reply = json.loads(raw)
                if reply.get("id") == self._next:
                    if "error" in reply:
                        raise AssertionError(f"{method}: {reply['error']}")
                    return dict(reply.get("result", {}))
            left = end - time.monotonic()
            if left <= 0 or not select.select([self._read], [], [], left)[0]:
                raise AssertionError(f"chromium did not answer {method}")
            chunk = os.read(self._read, 1 << 16)
            if not chunk:
                raise AssertionError("chromium exited")
            self._buffer += chunk

    def attach(self) -> None:
        pages = [t for t in self.call("Target.getTargets")["targetInfos"] if t["type"] == "page"]
        assert pages, "chromium opened no page"
        self.session = self.call("Target.attachToTarget", {"targetId": pages[0]["targetId"], "flatten": True})["sessionId"]

    def evaluate(self, expression: str) -> Any:
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True})
        return result.get("result", {}).get("value")

    def close(self) -> None:
        for fd in (self._write, self._read):
            os.close(fd)
        self.proc.kill()
        self.proc.wait(timeout=WAIT)
