"""The docs are tests (issue #23): every concrete ``deckpress ...`` command in a code
block of README.md or docs/*.md runs here as a newcomer pastes it, from a temporary
folder, on the dev install. (tests/test_readme.py checks the README's structure and
its deck example; tests/test_cli_docs.py that docs/cli.md is generated; this file
runs the commands.)

- Commands run in order, one temporary folder per document, so ``deckpress new
  my-game`` makes the project the next lines use. ``&&`` chains run as one line.
- Files the docs define are written first: a YAML block whose first line is
  ``# NAME.yaml: ...`` and a ``$ cat NAME.yaml`` followed by its content. Files the
  docs name without showing (``my-deal.yaml``, ``my-deck.yaml``, ``my-pack.yaml``)
  get a bundled stand-in (``STAND_INS``); paths into the clone (``tests/balance/decks/``)
  are copied to the same place in the temporary folder.
- A command whose comment starts with ``error`` must exit 2 with an ``error`` line;
  every other one must exit 0 or 1 (1: balance findings), with no traceback.
- Where a console block shows a deterministic command's output (a fixed ``--deal``),
  the output must be exactly what the docs show.
- Expert play (``--strategy expert``: a search per move, minutes for thousands of
  games on a loaded machine) runs with ``--games 20``, the options otherwise as shown
  (``EXPERT_GAMES``); the expert players' own tests are in tests/games/.
- Not run, each with its reason in the test id's skip mark: ``watch`` (serves until
  Ctrl-C), installers (``pipx``), synopsis lines with placeholders (``DECK``, ``[--x]``).
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted(p for p in (ROOT / "docs").glob("*.md") if p.name != "cli.md")]
STAND_INS = {  # named in the docs, never shown: the nearest bundled file
    "my-deal.yaml": None,  # filled from the war deal the docs show (docs/simulate.md)
    "my-deck.yaml": ROOT / "deck_data" / "lighting.yaml",
    "my-pack.yaml": ROOT / "deck_data" / "piecepack.yaml",
}
NOT_UNATTENDED = {
    "watch": "deckpress watch serves until Ctrl-C (tests/project/test_watch.py and tests/matrix run it with bounded waits)",
    "pull": "deckpress pull reads a sheet on the web (tests/deck/test_sheets.py runs it against a local server)",
    "play": "deckpress play serves a table until Ctrl-C (tests/project/test_play.py plays whole games over HTTP)",
}
EXPERT_GAMES = "20"
# A documented command that fails today because of an issue item being fixed -> (label,
# its symptom). xfail(strict=True): it must pass once the fix is merged, then its entry goes.
KNOWN_FAILURES: dict[str, tuple[str, str]] = {}  # the vendor examples of issue 23 item 1 run now


class KnownIssue(AssertionError):
    """The command failed with exactly its known issue's symptom."""
PLACEHOLDER = re.compile(r"\b(DECK|DIR|GAME|N|S)\b|\[--")


@dataclass(frozen=True)
class Command:
    doc: str  # README.md, docs/balance.md, ...
    line: int
    text: str  # the command as pasted
    comment: str
    shown: str | None  # the output a console block shows below it, if any


def _blocks(text: str) -> list[tuple[int, str, str]]:
    """(first line number, language, body) of every fenced code block."""
    out = []
    for found in re.finditer(r"^```(\w*)\n(.*?)^```", text, re.S | re.M):
        out.append((text[: found.start()].count("\n") + 2, found.group(1), found.group(2)))
    return out


def _files(text: str) -> dict[str, str]:
    """Files a document defines: ``# NAME.yaml: ...`` blocks and ``$ cat NAME`` sessions."""
    files: dict[str, str] = {}
    for _, _, body in _blocks(text):
        first = body.split("\n", 1)[0]
        named = re.match(r"# ([\w.-]+\.ya?ml)[: ]", first)
        if named and "..." not in body:
            files[named.group(1)] = body
        for cat in re.finditer(r"^\$ cat ([\w.-]+\.ya?ml)\n((?:(?!\$ ).*\n)*)", body, re.M):
            files[cat.group(1)] = cat.group(2)
    return files


def commands(doc: Path) -> list[Command]:
    text = doc.read_text(encoding="utf-8")
    out = []
    for start, lang, body in _blocks(text):
        if lang not in ("console", "sh", "bash", "shell"):
            continue
        lines = body.splitlines()
        for i, raw in enumerate(lines):
            line = raw.removeprefix("$ ").strip()
            if not line.startswith("deckpress ") and " deckpress " not in line.split("#")[0]:
                continue
            if not line.startswith("deckpress "):
                continue  # an installer line that mentions deckpress in passing
            command, _, comment = line.partition("  #")
            shown = None
            if raw.startswith("$ "):
                below = []
                for nxt in lines[i + 1:]:
                    if nxt.startswith("$ "):
                        break
                    below.append(nxt)
                shown = "\n".join(below).strip() or None
            out.append(Command(doc.relative_to(ROOT).as_posix(), start + i, command.strip(), comment.strip(), shown))
    return out


def _params() -> list[object]:
    params: list[object] = []
    for doc in DOCS:
        for c in commands(doc):
            words = shlex.split(c.text)
            reason = NOT_UNATTENDED.get(words[1]) if len(words) > 1 else None
            if reason is None and "--cluster tcp://" in c.text:
                reason = ("needs a Dask scheduler on other machines; tests/scale/test_cluster.py runs the same "
                          "commands on a LocalCluster (loopback only)")
            if reason is None and PLACEHOLDER.search(c.text):
                reason = "a synopsis with placeholders, not a command (its options are in docs/cli.md)"
            marks = [pytest.mark.skip(reason=reason)] if reason else []
            if c.text in KNOWN_FAILURES:
                marks.append(pytest.mark.xfail(strict=True, raises=KnownIssue, reason=KNOWN_FAILURES[c.text][0]))
            params.append(pytest.param(c, id=f"{c.doc}:{c.line}", marks=marks))
    return params


@pytest.fixture(scope="module")
def folders(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """One temporary folder per document, with the files it defines."""
    made: dict[str, Path] = {}
    war_deal = _files((ROOT / "docs" / "simulate.md").read_text(encoding="utf-8"))["war-deal.yaml"]
    for doc in DOCS:
        folder = tmp_path_factory.mktemp(doc.stem)
        for name, body in _files(doc.read_text(encoding="utf-8")).items():
            (folder / name).write_text(body, encoding="utf-8")
        for name, source in STAND_INS.items():
            if source is None:
                (folder / name).write_text(war_deal, encoding="utf-8")
            else:
                shutil.copyfile(source, folder / name)
        (folder / ".config").mkdir()
        made[doc.relative_to(ROOT).as_posix()] = folder
    return made


def _git_history(folder: Path) -> None:
    """``--against HEAD~1`` / ``v0.3``: the doc folder as a deck repository with two
    versions of my-deck.yaml (the second an edit of one card), as a designer's would be."""
    if (folder / ".git").is_dir():
        return
    git = ["git", "-c", "user.name=docs", "-c", "user.email=docs@example.org"]
    subprocess.run(["git", "init", "-q", str(folder)], check=True)
    subprocess.run([*git, "-C", str(folder), "add", "my-deck.yaml"], check=True)
    subprocess.run([*git, "-C", str(folder), "commit", "-qm", "v0.3"], check=True)
    subprocess.run([*git, "-C", str(folder), "tag", "v0.3"], check=True)
    deck = folder / "my-deck.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("lumens: 23500", "lumens: 21000", 1), encoding="utf-8")
    subprocess.run([*git, "-C", str(folder), "commit", "-qam", "an edit"], check=True)


def _run(line: str, folder: Path) -> subprocess.CompletedProcess[str]:
    if "--against HEAD~1" in line or "--against v0.3" in line:
        _git_history(folder)
    new = re.match(r"deckpress new ([\w.-]+)", line)
    if new:  # each section that starts a project starts it afresh (README has two)
        shutil.rmtree(folder / new.group(1), ignore_errors=True)
    for word in shlex.split(line):  # a path into the clone (tests/balance/decks/x.yaml): copied along
        if "/" in word and not word.startswith("-") and (ROOT / word).is_file() and not (folder / word).exists():
            (folder / word).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(ROOT / word, folder / word)
    shim = folder / ".bin"
    if not shim.is_dir():  # `deckpress` on PATH is this tree's dev install
        shim.mkdir()
        (shim / "deckpress").write_text(f"#!/bin/sh\nexec {sys.executable} -c 'from generator.cli import main; main()' \"$@\"\n")
        (shim / "deckpress").chmod(0o755)
    env = {**os.environ, "PATH": f"{shim}{os.pathsep}{os.environ['PATH']}", "COLUMNS": "200",
           "XDG_CONFIG_HOME": str(folder / ".config")}  # `calibrate --printer` stores its offset here
    return subprocess.run(["bash", "-c", line], cwd=folder, env=env, capture_output=True, text=True,
                          timeout=600, stdin=subprocess.DEVNULL)


@pytest.mark.parametrize("command", _params())
def test_documented_command(command: Command, folders: dict[str, Path]) -> None:
    line = command.text
    if "--strategy expert" in line:
        line = re.sub(r"--games \d+", f"--games {EXPERT_GAMES}", line) if "--games" in line else \
            f"{line} --games {EXPERT_GAMES}"
    result = _run(line, folders[command.doc])
    where = f"{command.doc}:{command.line}: {command.text}\n{result.stdout[-2000:]}\n{result.stderr[-2000:]}"
    known = KNOWN_FAILURES.get(command.text)
    if known and result.returncode != 0 and known[1] in result.stderr:
        raise KnownIssue(f"{known[0]}: {where}")
    assert "Traceback" not in result.stdout + result.stderr, where
    if command.comment.lower().startswith("error"):
        assert result.returncode == 2, where
        assert re.search(r"(?im)^error", result.stderr), "an error without a message: " + where
    else:
        assert result.returncode in (0, 1), where
    if command.shown is not None and "--deal" in command.text:
        assert result.stdout.strip() == command.shown, where


def test_every_document_with_commands_is_covered() -> None:
    """The command finder finds the commands (a changed fence style would hide them)."""
    found = {doc.name: len(commands(doc)) for doc in DOCS}
    assert found["README.md"] >= 30 and found["simulate.md"] >= 15 and found["balance.md"] >= 7, found
