"""The command matrix over a broken kitchen (issue #23): one mistake a designer makes
at a time, run through ``check``, ``cards`` and ``build`` on the installed wheel. The
commands must agree: what ``check`` calls an error stops every render command (exit
2, or exit 1 for ``build``, which keeps going past a broken deck), with one line
naming the file; a warning warns everywhere. Known failures as in combos.py."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from .conftest import Deckpress, KnownIssue, conclude, examine
from .kitchen import make_kitchen

pytestmark = pytest.mark.slow


def _bad_colour(project: Path) -> str:  # item 3: a layout value only the render reads
    layout = project / "layouts" / "kitchen.yaml"
    layout.write_text(layout.read_text() + "  header: {color: '#zz0000'}\n")
    return "kitchen.yaml"


def _emoji(project: Path) -> str:  # item 5: a character no font has, in a printed field
    cards = project / "cards.csv"
    cards.write_text(cards.read_text(encoding="utf-8").replace("Plain words", "Plain words \U0001F600", 1),
                     encoding="utf-8")
    return ""


def _semicolons(project: Path) -> str:  # item 6: what Excel saves in European locales
    cards = project / "cards.csv"
    cards.write_text(cards.read_text(encoding="utf-8").replace(",", ";"), encoding="utf-8")
    return ""


def _question_mark(project: Path) -> str:  # item 7: "look it up later" is not "no data"
    cards = project / "cards.csv"
    lines = cards.read_text(encoding="utf-8").splitlines()
    lines[3] = ",".join(["?" if i == 2 else v for i, v in enumerate(lines[3].split(","))])
    cards.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return "cards.csv"


# mistake -> (how to make it, exit codes of check / cards / build after the fix)
MISTAKES: dict[str, tuple[Callable[[Path], str], dict[str, tuple[int, ...]]]] = {
    "bad-colour": (_bad_colour, {"check": (2,), "cards": (2,), "build": (2,)}),  # one broken deck: exit 2 everywhere
    "emoji": (_emoji, {"check": (0,), "cards": (0,), "build": (0,)}),
    "semicolon-csv": (_semicolons, {"check": (0,), "cards": (0,), "build": (0,)}),
    "question-mark": (_question_mark, {"check": (2,), "cards": (2,), "build": (2,)}),
}

KNOWN_FAILURES: dict[str, str] = {}  # every failure the matrix found is fixed (issues 23, 24)
SIGNS: dict[str, str] = {
    "issue 23 item 3": r"ColorError|not a colou?r|exit 0, expected 2|does not name kitchen\.yaml",
    "issue 23 item 6": r"exit [12], expected 0",
    "issue 23 item 7": r"exit 0, expected [12]|does not name cards\.csv",
}


def _combos() -> list[object]:
    out = []
    for mistake in MISTAKES:
        for command in ("check", "cards", "build"):
            combo = f"broken-{mistake}-{command}"
            known = KNOWN_FAILURES.get(combo)
            marks = [pytest.mark.xfail(strict=True, raises=KnownIssue, reason=known)] if known else []
            out.append(pytest.param(combo, mistake, command, id=combo, marks=marks))
    return out


@pytest.mark.parametrize("combo, mistake, command", _combos())
def test_a_mistake(deckpress: Deckpress, tmp_path: Path, combo: str, mistake: str, command: str) -> None:
    project = make_kitchen(tmp_path / "kitchen", cards=12)
    cards = project / "cards.csv"  # no SVG art here (issue 23 item 12: the matrix covers it): one mistake
    text = cards.read_text(encoding="utf-8")
    cards.write_text(text.replace("art/label.svg", "art/photo.png").replace("art/shape.svg", "art/photo.png"),
                     encoding="utf-8")
    make, expect = MISTAKES[mistake]
    named = make(project)
    out = tmp_path / "out"
    out.mkdir()
    deck = str(project / "csv.yaml")
    args = {"check": ["check", deck, "--games", "0"], "cards": ["cards", deck, "-o", str(out / "cards.pdf")],
            "build": ["build", deck, "-o", str(out), "--balance-games", "0"]}[command]
    result = deckpress.run(args, cwd=tmp_path)
    outcome = examine(result, args, out, expect[command], ("*/cards-*.pdf", "cards.pdf"))
    if named and result.returncode in (1, 2) and named not in result.stderr + result.stdout:
        outcome.problems.append(f"the error does not name {named}")
    conclude(outcome, KNOWN_FAILURES.get(combo), SIGNS)
