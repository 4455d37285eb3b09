"""The README is a contract too: its deck example loads, its links resolve, and its
quick start is exactly two commands that CI runs."""

from __future__ import annotations

import re
from pathlib import Path

from PIL import Image

from generator.balance import CheckOptions, run_checks
from generator.deck import load_deck

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_deck_file_example_loads(tmp_path: Path) -> None:
    section = README.split("## Writing a deck file", 1)[1]
    example = re.search(r"```yaml\n(.*?)```", section, re.S)
    assert example, "no YAML example under 'Writing a deck file'"
    (tmp_path / "art").mkdir()
    Image.new("RGB", (60, 80), "white").save(tmp_path / "art" / "ptz.png")
    path = tmp_path / "eagle.yaml"
    path.write_text(example.group(1), encoding="utf-8")
    deck = load_deck(path)
    assert [c.id for c in deck.printed()] == ["E01", "E02", "E02"]
    assert deck.card("E01").values["zoom"] is None
    report = run_checks(deck, CheckOptions(games=0))  # the example's thresholds are valid keys too
    assert report.thresholds["strength_max"] == 0.85


def test_relative_links_and_images_resolve() -> None:
    targets = re.findall(r"\]\(([^)#]+)\)", README)
    assert targets
    for target in targets:
        if "://" not in target:
            assert (ROOT / target).exists(), f"README links to a missing file: {target}"


def test_quick_start_is_two_commands_and_ci_runs_the_test_one() -> None:
    quick = README.split("## Quick start", 1)[1].split("##", 1)[0]
    block = re.search(r"```console\n(.*?)```", quick, re.S)
    assert block
    commands = [line.split("#")[0].strip() for line in block.group(1).splitlines() if line.strip()]
    assert commands == ["make build", "make test"]
    assert "make test" in (ROOT / ".ci" / "run").read_text()


def test_install_as_a_tool_section_beside_the_quick_start() -> None:
    sections = re.findall(r"^## (.+)$", README, re.M)
    assert sections[sections.index("Quick start") + 1] == "Install as a tool"
    tool = README.split("## Install as a tool", 1)[1].split("\n## ", 1)[0]
    assert "pipx install ." in tool and "pip install ." in tool
