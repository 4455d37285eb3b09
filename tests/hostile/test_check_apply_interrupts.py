"""``check --suggest --apply`` writes the deck only after its confirming re-check is done
(issue #53): the edited deck is checked in memory first; an interrupt (Ctrl-C 130,
SIGTERM 143) or a failed re-check leaves cards.csv byte-identical and says nothing was
written; the staged files are then replaced atomically, all or none."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from generator.balance import checking
from generator.cli import app, signals
from generator.deck import edit
from generator.deck.load import load_deck
from generator.errors import DeckError, Problem
from generator.paths import deck_data_dir

E01_OLD = "E01,Eagle Dome 2,4.46,4,2,20,85"
E01_NEW = "E01,Eagle Dome 2,0.3,30,12,150,99"  # the best on four attributes: --suggest weakens it
ARGS = ["--suggest", "--apply", "--games", "60"]


def _eagle(tmp_path: Path) -> Path:
    shutil.copy(deck_data_dir() / "eagle.yaml", tmp_path / "eagle.yaml")
    rows = (deck_data_dir() / "eagle-cards.csv").read_text()
    assert E01_OLD in rows
    (tmp_path / "eagle-cards.csv").write_text(rows.replace(E01_OLD, E01_NEW))
    return tmp_path / "eagle.yaml"


def _second_check(monkeypatch: pytest.MonkeyPatch, then: Callable[[Any], Any]) -> dict[str, Any]:
    """The second run of the checks (the confirming re-check of the edited deck) calls
    ``then(deck)`` instead; what it saw is returned."""
    real = checking.run_checks
    seen: dict[str, Any] = {"calls": 0}

    def run_checks(version: Any, *args: Any, **kwargs: Any) -> Any:
        seen["calls"] += 1
        if seen["calls"] == 2:
            seen["deck"] = version
            return then(lambda: real(version, *args, **kwargs))
        return real(version, *args, **kwargs)

    monkeypatch.setattr(checking, "run_checks", run_checks)
    return seen


def _raises(error: Callable[[], BaseException]) -> Callable[[Any], Any]:
    def then(_run: Any) -> Any:
        raise error()
    return then


def _terminated() -> BaseException:
    signals._received.append(15)  # what the SIGTERM handler records
    return signals.Terminated()


@pytest.mark.parametrize(("error", "code"), [
    (KeyboardInterrupt, 130),
    (_terminated, 143),
    (lambda: DeckError(Problem("the edited deck is refused (a planted failure)")), 2),
])
def test_an_interrupted_or_failed_recheck_writes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                          error: Callable[[], BaseException], code: int) -> None:
    monkeypatch.setattr(signals, "_received", [])
    deck = _eagle(tmp_path)
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    seen = _second_check(monkeypatch, _raises(error))
    result = CliRunner().invoke(app, ["check", str(deck), *ARGS])
    assert seen["calls"] == 2, result.output  # the re-check was reached: there was something to write
    assert seen["deck"].card("E01").value("weight") != 0.3  # it checked the edited values
    assert result.exit_code == code, result.output
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before  # byte-identical, no temporary left
    assert "--apply: the check of the edited deck did not finish: nothing was written" in result.output
    assert "applied to" not in result.output
    assert "Traceback" not in result.output and "internal error" not in result.output


def test_the_files_are_written_only_after_the_recheck(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    deck = _eagle(tmp_path)
    rows = tmp_path / "eagle-cards.csv"
    before = rows.read_bytes()
    unedited = load_deck(deck).digest
    during: list[bytes] = []

    def then(run: Callable[[], Any]) -> Any:
        during.append(rows.read_bytes())
        return run()

    seen = _second_check(monkeypatch, then)
    result = CliRunner().invoke(app, ["check", str(deck), *ARGS])
    assert result.exit_code in (0, 1), result.output
    assert during == [before]  # untouched while the edited deck was being checked
    after = rows.read_bytes()
    assert after != before and "applied to" in result.output
    changed = [(a, b) for a, b in zip(before.splitlines(), after.splitlines(), strict=True) if a != b]
    assert changed and all(b.split(b",")[0] == a.split(b",")[0] for a, b in changed)  # rows edited in place
    edited, loaded = seen["deck"], load_deck(deck)
    for a, _ in changed:  # what was checked is what was written
        cid = a.split(b",")[0].decode()
        assert dict(loaded.card(cid).values) == dict(edited.card(cid).values)
    assert edited.digest and edited.digest != unedited  # the edited deck hashed as itself (cached verdicts)
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def _two_files(tmp_path: Path) -> tuple[edit.StagedEdits, Path, Path, bytes, bytes]:
    one, two = tmp_path / "a.csv", tmp_path / "b.csv"
    one.write_bytes(b"id,name,power\nA1,Ace,1\n")
    two.write_bytes(b"id,name,power\nB1,Bee,2\n")
    head = "name: D\ngame: weiji\nattributes:\n- {key: power, label: Power, better: higher}\ncards: "
    (tmp_path / "d.yaml").write_text(head + "a.csv\n")
    (tmp_path / "e.yaml").write_text(head + "b.csv\n")
    staged = edit.StagedEdits()  # two files staged (one edit can span a deck file and its card file)
    staged.stage(load_deck(tmp_path / "d.yaml").card("A1"), {"power": "7"})
    staged.stage(load_deck(tmp_path / "e.yaml").card("B1"), {"power": "8"})
    return staged, one, two, one.read_bytes(), two.read_bytes()


def test_a_failure_while_writing_leaves_every_file_as_it_was(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    staged, one, two, first, second = _two_files(tmp_path)
    real = edit._temporary
    made: list[Path] = []

    def temporary(path: Path, data: bytes) -> Path:
        if made:
            raise OSError(28, "No space left on device")
        made.append(real(path, data))
        return made[-1]

    monkeypatch.setattr(edit, "_temporary", temporary)
    with pytest.raises(OSError, match="No space"):
        staged.write()
    assert one.read_bytes() == first and two.read_bytes() == second
    assert not made[0].exists() and sorted(p.name for p in tmp_path.iterdir()) == ["a.csv", "b.csv", "d.yaml", "e.yaml"]


def test_an_interrupt_during_the_renames_finishes_them_then_stops(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    staged, one, two, _, _ = _two_files(tmp_path)
    real = os.replace
    calls: list[str] = []

    def replace(src: Any, dst: Any) -> None:
        calls.append(Path(dst).name)
        if len(calls) == 1:
            raise KeyboardInterrupt  # Ctrl-C just before the first rename
        real(src, dst)

    monkeypatch.setattr(edit.os, "replace", replace)
    with pytest.raises(KeyboardInterrupt):
        staged.write()
    assert one.read_bytes().endswith(b"A1,Ace,7\n") and two.read_bytes().endswith(b"B1,Bee,8\n")  # both, not one
    assert calls == ["a.csv", "a.csv", "b.csv"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.csv", "b.csv", "d.yaml", "e.yaml"]
