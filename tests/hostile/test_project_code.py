"""A project's own Python (``game: game.py``) is the only code a deck can make run,
and only from its source (issue 41, item 4):

- bytecode planted in the project's ``__pycache__`` (compiled from other source,
  with ``game.py``'s size and time, which Python's own loader would trust) is never
  what runs, for ``game.py`` nor for a module it imports; nothing is written there;
- a colon in a folder's name is part of the path, never ``file:Class``: ``check
  'x.py:y/proj'`` does not run ``./x.py``;
- every command that runs ``game.py`` says so on stderr, once per process, never on
  stdout (``--json`` stays one object), and not at all with ``deckpress --quiet``.
"""

from __future__ import annotations

import importlib.util
import json
import os
import py_compile
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator import notices
from generator.cli import app

cli = CliRunner()
NOTE = "running the project's own Python code"


@pytest.fixture(autouse=True)
def bytecode_written(monkeypatch: pytest.MonkeyPatch) -> None:
    """As Python runs by default (this suite may run with PYTHONDONTWRITEBYTECODE=1, under
    which "no bytecode is written into the project" could not fail)."""
    monkeypatch.setattr(sys, "dont_write_bytecode", False)


@pytest.fixture(autouse=True)
def fresh_notices() -> Iterator[None]:
    """Each test is its own 'process' for the once-per-process note."""
    said, quiet = set(notices._said), notices.quiet
    notices._said.clear()
    yield
    notices._said.clear()
    notices._said.update(said)
    notices.quiet = quiet


def _project(folder: Path) -> Path:
    result = cli.invoke(app, ["--quiet", "new", str(folder), "--game", "custom"])
    assert result.exit_code == 0, result.output
    return folder


def _plant(source: Path, other: str, marker: Path) -> Path:
    """Bytecode of ``other`` (which creates ``marker``) where Python looks for ``source``'s,
    stamped with ``source``'s size and modification time, so Python's loader takes it."""
    original = source.read_text()
    payload = f"open({str(marker)!r}, 'w').write('planted')\n{other}"
    padded = payload + "#" * (len(original.encode()) - len(payload.encode()) - 1) + "\n"
    assert len(padded.encode()) == len(original.encode()), "the planted source must be as long as the real one"
    stat = source.stat()
    fake = source.with_name("planted_src.py")
    fake.write_text(padded)
    os.utime(fake, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    cached = Path(importlib.util.cache_from_source(str(source)))
    py_compile.compile(str(fake), cfile=str(cached), dfile=str(source), doraise=True)
    fake.unlink()
    return cached


def _imports_helper(game: Path, after: str = "") -> None:
    """``game.py`` puts its folder on ``sys.path`` and imports ``helper`` from it."""
    head = "from __future__ import annotations\n"
    text = game.read_text()
    assert text.count(head) == 1
    game.write_text(text.replace(head, head + "import sys as _s\n_s.path.insert(0, __file__.rsplit('/', 1)[0])\n"
                                 "import helper  # noqa: E402\n" + after))


def test_planted_bytecode_of_game_py_is_not_what_runs(tmp_path: Path) -> None:
    project = _project(tmp_path / "p")
    game = project / "game.py"
    marker = tmp_path / "planted-ran"
    cached = _plant(game, "", marker)
    result = cli.invoke(app, ["simulate", str(project), "--games", "4", "--json"])
    assert result.exit_code == 0, result.output
    assert not marker.exists(), "bytecode planted in __pycache__ ran instead of game.py"
    assert json.loads(result.stdout)["game"] == "crowns"  # the real game.py ran
    assert sorted(p.name for p in cached.parent.iterdir()) == [cached.name], "bytecode was written into the project"


def test_planted_bytecode_of_an_imported_project_module_is_not_what_runs(tmp_path: Path) -> None:
    project = _project(tmp_path / "p")
    helper = project / "helper.py"
    helper.write_text("VALUE = 1\n" + "# padding\n" * 20)
    game = project / "game.py"
    _imports_helper(game, "assert helper.VALUE == 1\n")
    marker = tmp_path / "planted-ran"
    _plant(helper, "VALUE = 1\n", marker)
    result = cli.invoke(app, ["simulate", str(project), "--games", "4", "--json"])
    assert result.exit_code == 0, result.output
    assert not marker.exists(), "bytecode planted for a module game.py imports ran"


def test_a_lone_pyc_in_the_project_is_refused(tmp_path: Path) -> None:
    project = _project(tmp_path / "p")
    marker = tmp_path / "planted-ran"
    source = project / "helper.py"
    source.write_text(f"open({str(marker)!r}, 'w').write('ran')\n")
    py_compile.compile(str(source), cfile=str(project / "helper.pyc"), doraise=True)
    source.unlink()  # bytecode without its source, which Python would import from the folder
    game = project / "game.py"
    _imports_helper(game)
    result = cli.invoke(app, ["simulate", str(project), "--games", "4"])
    assert result.exit_code == 2, result.output
    assert not marker.exists()
    assert "only from its source" in result.output and "Traceback" not in result.output


def test_a_colon_in_a_folder_name_is_a_path_not_file_colon_class(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    marker = tmp_path / "x-ran"
    (tmp_path / "x.py").write_text(f"open({str(marker)!r}, 'w').write('ran')\n")
    _project(tmp_path / "x.py:y" / "proj")
    monkeypatch.chdir(tmp_path)
    result = cli.invoke(app, ["--quiet", "check", "x.py:y/proj", "--games", "0"])
    assert not marker.exists(), "./x.py ran: the colon in the folder's name was read as file:Class"
    assert result.exit_code == 0, result.output
    assert "crowns" in result.output.lower() or "crown" in result.output.lower()


def test_game_file_refs_split_only_at_a_class_name() -> None:
    from generator.deck.load import split_game_ref

    assert split_game_ref("game.py:Crowns") == ("game.py", "Crowns")
    assert split_game_ref("/a/x.py:y/proj/game.py") == ("/a/x.py:y/proj/game.py", "")
    assert split_game_ref("/a/x.py:y/game.py:Crowns") == ("/a/x.py:y/game.py", "Crowns")
    assert split_game_ref("weiji") == ("weiji", "")


def test_running_game_py_is_announced_once_on_stderr_and_never_on_stdout(tmp_path: Path) -> None:
    project = _project(tmp_path / "p")
    first = cli.invoke(app, ["simulate", str(project), "--games", "4", "--json"])
    assert first.exit_code == 0, first.output
    assert first.stderr.count(NOTE) == 1 and str(project / "game.py") in first.stderr
    assert NOTE not in first.stdout and json.loads(first.stdout)["games"] == 4
    again = cli.invoke(app, ["check", str(project), "--games", "0"])  # the same process: said already
    assert again.exit_code == 0, again.output
    assert NOTE not in again.output


@pytest.mark.parametrize("command", [["check", "{p}", "--games", "0"], ["rules", "{p}", "-o", "{o}/r.pdf"],
                                     ["build", "{p}", "-o", "{o}/out", "--jobs", "1"]])
def test_each_command_that_runs_game_py_says_so_and_quiet_silences_it(tmp_path: Path, command: list[str]) -> None:
    project = _project(tmp_path / "p")
    (project / "deck.yaml").write_text((project / "deck.yaml").read_text()
                                       + "build: {outputs: [balance], balance: {games: 4}}\n")
    args = [a.format(p=project, o=tmp_path) for a in command]
    loud = cli.invoke(app, args)
    assert loud.exit_code == 0, loud.output
    assert loud.stderr.count(NOTE) == 1, loud.stderr
    notices._said.clear()
    other = _project(tmp_path / "q")  # a game not loaded yet in this process
    (other / "deck.yaml").write_text((other / "deck.yaml").read_text()
                                     + "build: {outputs: [balance], balance: {games: 4}}\n")
    quiet = cli.invoke(app, ["--quiet", *[a.format(p=other, o=tmp_path / "q2") for a in command]])
    assert quiet.exit_code == 0, quiet.output
    assert NOTE not in quiet.output
