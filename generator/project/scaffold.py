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


def starters() -> list[str]:
    """The games ``new --game`` offers: weiji (the default starter) and every
    folder of ``templates/starters/`` (a complete project each)."""
    folder = templates_dir() / "starters"
    return [GAME, *sorted(p.name for p in folder.iterdir() if p.is_dir())] if folder.is_dir() else [GAME]


def scaffold(folder: Path, game: str = GAME) -> list[Path]:
    """Create ``folder`` with the starter project; refuse to overwrite anything."""
    if folder.exists() and any(folder.iterdir()):
        raise ParameterError(f"{folder} already exists and is not empty; choose a new name")
    if game != GAME:
        if game not in starters():
            raise ParameterError(f"no starter for game {game!r}; valid: {', '.join(starters())}")
        return _copy_starter(templates_dir() / "starters" / game, folder)
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


def _copy_starter(source: Path, folder: Path) -> list[Path]:
    """A starter folder copied whole; deck.yaml and README.md filled with the title."""
    key = re.sub(r"[^A-Za-z0-9_.-]+", "-", folder.name).strip("-") or "my-game"
    context = {"title": folder.name.replace("-", " ").replace("_", " ").title(), "folder": str(folder), "key": key}
    env = jinja2.Environment(keep_trailing_newline=True, autoescape=False)
    written = []
    for path in sorted(p for p in source.rglob("*") if p.is_file() and "__pycache__" not in p.parts):
        target = folder / path.relative_to(source)
        target.parent.mkdir(parents=True, exist_ok=True)
        if path.name in ("deck.yaml", "README.md"):
            target.write_text(env.from_string(path.read_text(encoding="utf-8")).render(context), encoding="utf-8")
        else:
            target.write_bytes(path.read_bytes())
        written.append(target)
    return written
