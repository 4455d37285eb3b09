"""Golden outputs (issue #23): everything ``deckpress build`` makes from the bundled
decks, and the seeded ``simulate --json`` / ``check --json`` of every bundled deck,
must match tests/goldens/goldens.json exactly. An intended change updates the file
with ``make goldens`` (and the diff of goldens.json shows what moved); an unintended
one fails here instead of reaching a printer."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .make_goldens import GOLDENS, compute, environment

pytestmark = pytest.mark.slow


def _differences(pinned: dict[str, object], found: dict[str, object], where: str) -> list[str]:
    out = []
    for key in sorted(set(pinned) | set(found)):
        if key not in found:
            out.append(f"{where}{key}: no longer made")
        elif key not in pinned:
            out.append(f"{where}{key}: new")
        elif pinned[key] != found[key]:
            out.append(f"{where}{key}: changed")
    return out


def test_outputs_match_the_goldens(tmp_path: Path) -> None:
    pinned = json.loads(GOLDENS.read_text(encoding="utf-8"))
    found = compute(tmp_path)
    problems = []
    for part in ("files", "simulate", "check"):
        problems += _differences(pinned[part], found[part], f"{part}: ")
    if problems:
        env = environment()
        moved = {k: (pinned["environment"].get(k), v) for k, v in env.items() if pinned["environment"].get(k) != v}
        pytest.fail(f"{len(problems)} output(s) differ from tests/goldens/goldens.json:\n  "
                    + "\n  ".join(problems[:40])
                    + (f"\n(library versions differ from the goldens' {moved})" if moved else "")
                    + "\nIf the change is intended, run `make goldens` and commit goldens.json.")


def test_the_goldens_cover_every_bundled_output() -> None:
    """The pinned set is complete: every bundled deck's sheets, images and balance
    report, every booklet, and both JSON outputs of every deck."""
    pinned = json.loads(GOLDENS.read_text(encoding="utf-8"))
    files = pinned["files"]
    for deck in ("lighting", "cognitio", "eagle", "viashi", "standard52"):
        assert f"{deck}/cards-a4.pdf" in files and f"{deck}/balance.pdf" in files, deck
        assert any(k.startswith(f"{deck}/images/") for k in files), deck
    assert "piecepack/tiles-a4.pdf" in files
    assert {f"rules/{b}-booklet.pdf" for b in ("weiji", "war-classic", "war-russian", "viashi")} <= set(files)
    assert len(pinned["simulate"]) == 6 and len(pinned["check"]) == 6
