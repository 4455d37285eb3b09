"""docs/testing.md states the matrix's size per command; a change to the factors
updates it there too."""

from __future__ import annotations

from pathlib import Path

from .combos import cards_combos, check_combos, images_combos, rules_combos, tiles_combos

ROOT = Path(__file__).resolve().parents[2]


def test_the_matrix_size_is_what_the_docs_say() -> None:
    sizes = {"cards": len(cards_combos()), "images": len(images_combos()), "tiles": len(tiles_combos()),
             "rules": len(rules_combos()), "check": len(check_combos())}
    doc = (ROOT / "docs" / "testing.md").read_text(encoding="utf-8")
    for name, size in sizes.items():
        assert f"`{name}`: {size} runs" in doc, (name, size)
