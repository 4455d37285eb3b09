"""docs/cli.md is generated from the Typer app (``make docs``) and must stay in sync."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def generate() -> str:
    result = subprocess.run(
        [sys.executable, "-m", "typer", "generator.cli", "utils", "docs", "--name", "deckpress"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return result.stdout


def test_cli_reference_is_current() -> None:
    committed = (ROOT / "docs" / "cli.md").read_text()
    assert generate().strip() == committed.strip(), "docs/cli.md is stale: run `make docs`"
