"""``deckpress new NAME``: a project folder with a deck, a spreadsheet of cards, a
layout that extends a bundled one and the game's rules text to edit, ready for
``deckpress build NAME/``."""

from __future__ import annotations

import re
from pathlib import Path

import jinja2

from ..errors import ParameterError
from ..paths import templates_dir

GAME = "weiji"  # the game the starter deck plays (templates/scaffold/deck.yaml)
RULES_HEADER = """{#- Your game's rule booklet. Edit freely: deckpress rules and deckpress build
    use this file instead of the bundled text. It is filled from the deck and the
    rule parameters (params.players, attributes, cards.total ...); markup reference:
    generator/booklet/markup.py in deckpress. -#}
"""


def scaffold(folder: Path) -> list[Path]:
    """Create ``folder`` with the starter project; refuse to overwrite anything."""
    if folder.exists() and any(folder.iterdir()):
        raise ParameterError(f"{folder} already exists and is not empty; choose a new name")
    key = re.sub(r"[^A-Za-z0-9_.-]+", "-", folder.name).strip("-") or "my-game"
    context = {"title": folder.name.replace("-", " ").replace("_", " ").title(), "folder": str(folder), "key": key}
    source = templates_dir() / "scaffold"
    env = jinja2.Environment(keep_trailing_newline=True, autoescape=False)
    written = []
    for path in sorted(p for p in source.rglob("*") if p.is_file()):
        target = folder / path.relative_to(source)
        target.parent.mkdir(parents=True, exist_ok=True)
        text = path.read_text(encoding="utf-8")
        if path.name in ("deck.yaml", "README.md"):  # layouts keep their {{ }} for cards
            text = env.from_string(text).render(context)
        target.write_text(text, encoding="utf-8")
        written.append(target)
    rules = folder / "rules" / f"{GAME}.md.j2"
    rules.parent.mkdir(parents=True, exist_ok=True)
    bundled = (templates_dir() / "rules" / f"{GAME}.md.j2").read_text(encoding="utf-8")
    rules.write_text(RULES_HEADER + bundled, encoding="utf-8")
    written.append(rules)
    return written
