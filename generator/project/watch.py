"""``deckpress watch``: build once, serve the gallery, and rebuild on every save.

The watcher follows the deck file, its card spreadsheet, the project's layouts
and rules templates, art and back images, and deckpress's own templates and
fonts (``watchfiles``: native file-system events, debounced). After a save:

1. the deck is loaded again; an input error goes to the page's banner and the
   last good outputs stay (nothing is deleted, the server keeps running);
2. when only a few cards changed (a spreadsheet cell, a card's art), their
   images are redrawn at once and the page updates (``quick.py``);
3. the normal incremental build then redoes what the edit affects (the sheets
   that hold the cards, the balance report; or everything after a layout edit)
   and the page updates again.

The folders are watched *before* the first build starts, so a save during it is
seen and rebuilt once it ends. A watched folder that disappears (moved away,
deleted, a branch switch) is looked for every second; the page says it is gone,
and when it is back (the same folder or a new one at that path) it is watched
again and rebuilt.
"""

from __future__ import annotations

import json
import re
import stat
import time
import webbrowser
from collections.abc import Callable, Collection, Iterable, Sequence
from pathlib import Path
from typing import Any

from ..deck import BUNDLED, Deck, resolve_deck
from ..errors import DeckpressError, ParameterError
from ..paths import deck_data_dir, fonts_dir, templates_dir
from .cache import toolchain_hash
from .quick import changed_cards, quick_images, quick_sheets
from .run import build
from .serve import LivePage, start_server, stop_server
from .sheet_poll import SheetPoller

Log = Callable[[str], None]
STEP_MS = 50  # quiet time that ends a burst of file events (an editor's save is several)
DEBOUNCE_MS = 600  # longest a burst is gathered before rebuilding
POLL_MS = 1000  # how often missing or replaced folders are looked for


def watch(
    target: str,
    out: Path,
    *,
    host: str = "127.0.0.1",
    port: int = 8000,
    open_browser: bool = True,
    balance_games: int | None = None,
    log: Log = print,
    poll_sheets: float | None = None,
) -> None:
    """Serve ``out`` on ``host:port`` and rebuild ``target`` whenever its files change.
    Runs until interrupted (KeyboardInterrupt propagates to the caller)."""
    _check_target(target)
    out.mkdir(parents=True, exist_ok=True)
    page = LivePage(out)
    watcher = Watcher(target, out, page, balance_games, log)
    ignore = _Ignore(out)
    armed = Armed(watcher.roots(), ignore)  # before the first build: a save during it is kept
    try:
        server = start_server(out, page, host, port)
    except BaseException:
        armed.close()
        raise
    url = f"http://{host}:{server.server_port}/"
    log(f"serving {url} (Ctrl-C stops)")
    try:
        if open_browser:
            webbrowser.open(url)
        watcher.rebuild(set())
        poller = SheetPoller(target, poll_sheets, log) if poll_sheets else None
        while True:
            changes = armed.next()
            if poller is not None:
                changes |= poller.due()  # a sheet link's rows changed on the web
            if changes:
                watcher.changed(changes)
            wanted = watcher.roots()
            if wanted != armed.roots or armed.moved():
                # A new art folder, the deck loaded at last, or a folder gone or back: watch the new set.
                gone, back = armed.gone(wanted), armed.back(wanted)
                armed.close()
                armed = Armed(wanted, ignore)
                watcher.roots_changed(gone, back)
    finally:
        armed.close()
        stop_server(server, page)


def _check_target(target: str) -> None:
    """A misspelt target fails at once (exit 2); a deck file with an error in it is
    served, with the error on the page, until it is fixed."""
    path = Path(target)
    if path.is_dir() and not any(path.glob("*.y*ml")):
        raise ParameterError(f"{target}: the folder has no deck file (deck.yaml); "
                             "start one with `deckpress new`, or name a deck file")
    if not path.exists() and target not in BUNDLED:
        raise ParameterError(f"no deck file, project folder or bundled deck named {target!r}; "
                             f"bundled decks: {', '.join(BUNDLED)}")


class Watcher:
    """Rebuilds one deck (a file, a project folder or a bundled name) into ``out``."""

    def __init__(self, target: str, out: Path, page: LivePage, balance_games: int | None, log: Log) -> None:
        self.target = target
        self.out = out
        self.page = page
        self.balance_games = balance_games
        self.log = log
        self.deck: Deck | None = None  # the last deck that loaded

    def roots(self) -> list[Path]:
        """Folders to watch: the deck's own, any outside it holding its art, and the bundled
        templates and fonts (a layout extends them). A folder that is missing just now is
        still named: it is watched again once it is back."""
        found = {templates_dir().resolve(), fonts_dir().resolve()}
        deck, path = self.deck, Path(self.target)
        if deck is not None and deck.folder is not None:
            found.add(deck.folder.resolve())
            found |= {f.resolve().parent for f in [*(c.art for c in deck.cards), deck.back.image] if f is not None}
        elif path.is_dir():
            found.add(path.resolve())
        elif path.exists() or path.suffix.lower() in (".yaml", ".yml"):
            found.add(path.resolve().parent)
        else:
            found.add(deck_data_dir().resolve())
        return sorted(p for p in found if not any(p != q and p.is_relative_to(q) for q in found))

    def roots_changed(self, gone: Collection[Path], back: Collection[Path]) -> None:
        """Say which watched folders went missing or came back; rebuild when one is back."""
        for folder in gone:
            self.log(f"{folder} disappeared (moved or deleted): watching for it to come back")
        if gone:
            self.page.publish(problems=[f"{folder} disappeared (moved or deleted); the page updates "
                                        "by itself once it is back" for folder in gone],
                              status="waiting for the project folder to come back")
        if back:
            self.log(f"{', '.join(map(str, back))} is back: watching it again")
            self.page.publish(status=f"{', '.join(p.name for p in back)} is back: rebuilding…")
            self.rebuild(set(back))

    def changed(self, paths: Collection[Path]) -> None:
        names = sorted({p.name for p in paths if not editor_temp(p.name)})
        self.log(f"changed: {', '.join(names[:5])}{' ...' if len(names) > 5 else ''}")
        if any(_inside(p, (templates_dir(), fonts_dir())) for p in paths):
            toolchain_hash.cache_clear()  # deckpress's own templates or fonts: rebuild everything
        self.rebuild(paths)

    def rebuild(self, paths: Collection[Path]) -> None:
        start = time.perf_counter()
        try:
            deck = resolve_deck(self.target)
        except DeckpressError as exc:
            self._failed([str(p) for p in exc.problems], "fix the file and save: the page updates by itself")
            return
        old, self.deck = self.deck, deck
        ids = changed_cards(old, deck, paths) if old is not None else None
        if ids:
            try:
                files = quick_images(self.target, old, deck, self.out, ids, self.balance_games)  # type: ignore[arg-type]
            except DeckpressError as exc:
                self._failed([str(p) for p in exc.problems], "fix the file and save: the page updates by itself")
                return
            if files:
                took = time.perf_counter() - start
                self.log(f"redrew {', '.join(ids)} in {took:.2f} s; now the sheets and balance report")
                self.page.publish(problems=[], first=[deck.key],
                                  status=f"redrew {', '.join(ids)} in {took:.2f} s; rebuilding the sheets…")
                if quick_sheets(self.target, deck, self.out):  # the pages before the game is loaded
                    took = time.perf_counter() - start
                    self.log(f"sheets redrawn in {took:.2f} s; now the balance report")
                    self.page.publish(status=f"sheets redrawn in {took:.2f} s; rebuilding the balance report…")
        before = self._balance(deck.key)
        summary = build((self.target,), self.out, workers=1, balance_games=self.balance_games)
        problems = [f"{r.job.id}: {line}" for r in summary.results if r.error for line in r.error.splitlines()]
        problems += [line for error in summary.failed_decks.values() for line in error.splitlines()]
        took = time.perf_counter() - start
        if problems:
            self._failed(problems, f"built with errors in {took:.1f} s")
            return
        made = len(summary.built)
        self.log(f"built {made} output(s) in {took:.1f} s" if made else f"up to date ({took:.1f} s)")
        self.page.publish(problems=[], first=[deck.key],
                          status=f"up to date · last rebuild {took:.1f} s · {time.strftime('%H:%M:%S')}",
                          balance=self._balance_change(before, old, deck))

    def _balance(self, key: str) -> dict[str, Any] | None:
        try:
            data = json.loads((self.out / key / "balance.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        return data if isinstance(data, dict) else None

    def _balance_change(self, before: dict[str, Any] | None, old: Deck | None, deck: Deck) -> list[str] | None:
        """What this save did to the balance (the same seeds before and after): the few
        measures that moved, with their intervals; None (keep the page's) when the
        report did not change."""
        after = self._balance(deck.key)
        if before is None or after is None or old is None or before == after:
            return None
        from ..balance.changes import compare, summary_lines
        from ..balance.findings import Report

        changes = compare(Report.from_json(before), Report.from_json(after), old, deck, "the previous save")
        lines = summary_lines(changes)
        for line in lines:
            self.log(f"balance: {line}")
        return lines

    def _failed(self, problems: list[str], status: str) -> None:
        for line in problems:
            self.log(f"error: {line}")
        self.page.publish(problems=problems, status=status)


class Armed:
    """A native watch over the folders of ``roots`` that exist now (armed when made), and
    their identities (device, inode): a folder deleted and made again, or moved away and
    back, is noticed by ``moved`` even when no event says so."""

    def __init__(self, roots: Sequence[Path], ignore: _Ignore) -> None:
        from watchfiles._rust_notify import RustNotify  # what watchfiles.watch() drives

        self.roots = list(roots)
        self.ignore = ignore
        self.ids = {root: _identity(root) for root in self.roots}
        existing = [str(root) for root, ident in self.ids.items() if ident is not None]
        self._notify = RustNotify(existing, False, False, 300, True, True) if existing else None

    def next(self) -> set[Path]:
        """The files changed since the last call (waiting at most ``POLL_MS``), filtered."""
        if self._notify is None:
            time.sleep(POLL_MS / 1000)
            return set()
        raw = self._notify.watch(DEBOUNCE_MS, STEP_MS, POLL_MS, None)
        if raw == "signal":
            raise KeyboardInterrupt
        if not isinstance(raw, set):  # "timeout" (or "stop")
            return set()
        from watchfiles import Change

        return {Path(path) for change, path in raw if self.ignore(Change(change), path)}

    def moved(self) -> bool:
        return any(_identity(root) != ident for root, ident in self.ids.items())

    def gone(self, wanted: Iterable[Path]) -> list[Path]:
        """Folders watched until now that are missing now."""
        return [root for root in wanted if self.ids.get(root) is not None and _identity(root) is None]

    def back(self, wanted: Iterable[Path]) -> list[Path]:
        """Folders missing (or another folder) until now that exist now."""
        return [root for root in wanted if root in self.ids and _identity(root) not in (None, self.ids[root])]

    def close(self) -> None:
        if self._notify is not None:
            self._notify.close()
            self._notify = None


def _identity(folder: Path) -> tuple[int, int] | None:
    try:
        st = folder.stat()
    except OSError:
        return None
    return (st.st_dev, st.st_ino) if stat.S_ISDIR(st.st_mode) else None


# Temporary files editors write beside the file they save, then rename or delete:
# sed -i (sedA9iMm), vim's write test (4913), backups (deck.yaml~, #deck.yaml#),
# JetBrains (deck.yaml___jb_tmp___), generic .tmp/.swp/.swx.
_EDITOR_TEMP = re.compile(r"^(sed[A-Za-z0-9]{5,6}|4913|#.*#|.*~|.*___jb_(tmp|old)___|.*\.(tmp|swp|swx|swo|crdownload))$")


def editor_temp(name: str) -> bool:
    """An editor's temporary file: never a change worth a rebuild or a log line."""
    return bool(_EDITOR_TEMP.match(name))


class _Ignore:
    """watchfiles' default filter (editor swap files, VCS folders), plus the output
    folder (our own writes) and hidden temporary files (atomic writes)."""

    def __init__(self, out: Path) -> None:
        from watchfiles import DefaultFilter

        self.default = DefaultFilter()
        self.out = out.resolve()

    def __call__(self, change: object, path: str) -> bool:
        p = Path(path)
        if (p.name.startswith(".") or ".partial" in p.name or editor_temp(p.name) or _inside(p, (self.out,))
                or ".deckpress" in p.parts):  # deckpress's own state (a sheet's cached copy): polled, not watched
            return False
        return bool(self.default(change, path))  # type: ignore[arg-type]


def _inside(path: Path, folders: Iterable[Path]) -> bool:
    resolved = path.resolve()
    return any(resolved.is_relative_to(f.resolve()) for f in folders)
