"""An installed wheel carries templates/, deck_data/ and fonts/ and works from any folder."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_wheel_carries_bundled_folders_and_runs_elsewhere(tmp_path: Path) -> None:
    wheels = tmp_path / "wheels"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(wheels), str(ROOT)],
        check=True,
        capture_output=True,
    )
    (wheel,) = wheels.glob("deckpress-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    for folder in ("templates", "deck_data", "fonts", "icc"):
        assert any(n.startswith(f"generator/_bundled/{folder}/") for n in names), folder
    assert "generator/_bundled/deck_data/viashi.yaml" in names
    assert "generator/_bundled/fonts/LICENSE-Roboto.txt" in names
    assert "generator/_bundled/icc/LICENSE-Artifex-CMYK-SWOP.txt" in names

    target = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(target), str(wheel)],
        check=True,
        capture_output=True,
    )
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {**os.environ, "PYTHONPATH": str(target)}
    code = (
        "import generator, generator.paths as p; "
        f"assert generator.__file__.startswith({str(target)!r}), generator.__file__; "
        "print(p.deck_data_dir()); from generator.cli import main; main()"
    )
    result = subprocess.run(
        [sys.executable, "-c", code, "decks"], cwd=elsewhere, env=env, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
    assert str(target / "generator" / "_bundled" / "deck_data") in result.stdout
    assert "viashi" in result.stdout and "54" in result.stdout
