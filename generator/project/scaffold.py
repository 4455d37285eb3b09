"""``deckpress new NAME [--game G]``: a project folder with a deck, a spreadsheet of
cards (a layout that extends a bundled one, for Weiji) and the game's rules text to
edit, ready for ``deckpress build NAME/``. Each starter is a folder of templates
named in templates/starters/starters.yaml (data: a new starter is a folder and one
entry there; the game it plays is its deck.yaml's ``game:`` line)."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path
from typing import TYPE_CHECKING

import yaml

from ..errors import ParameterError
from ..paths import templates_dir

if TYPE_CHECKING:
    import jinja2


def _index() -> list[dict[str, str]]:
    """templates/starters/starters.yaml: the templated starters, the default first."""
    return list(yaml.safe_load((templates_dir() / "starters" / "starters.yaml").read_text(encoding="utf-8")))


def _plays(folder: str) -> str:
    """The game a starter's deck plays: its deck.yaml's ``game:`` line."""
    found = re.search(r"^game:\s*([^\s#]+)", (templates_dir() / folder / "deck.yaml").read_text(encoding="utf-8"), re.M)
    if found is None:
        raise ParameterError(f"templates/{folder}/deck.yaml names no game:")
    return found.group(1)


# --game NAME -> (template folder under templates/, the game its deck plays: its rules text)
STARTERS: dict[str, tuple[str, str]] = {s["starter"]: (s["folder"], _plays(s["folder"])) for s in _index()}
GAME = next(iter(STARTERS))  # the default starter
COPIED = ("custom",)  # complete projects in templates/starters/ (a designer's own game.py), copied as they are
RULES_HEADER = """{#- Your game's rule booklet. Edit freely: deckpress rules and deckpress build
    use this file instead of the bundled text. It is filled from the deck and the
    rule parameters (params.players, attributes, cards.total ...); markup reference:
    generator/booklet/markup.py in deckpress. A sentence in {{ _("...") }} is printed
    in the booklet's language (deckpress rules --lang de) where deckpress's catalogue
    has it; a sentence you change or write plainly is printed as you wrote it. -#}
"""


def starters() -> list[str]:
    """The games ``new --game`` offers: the templated starters (:data:`STARTERS`) and
    the complete projects copied as they are (``custom``: a game.py of your own)."""
    return [*STARTERS, *COPIED]


def starter_help() -> str:
    """The words of ``new --game``'s help: every starter, from the same data."""
    notes = {s["starter"]: f" ({s['note']})" if s.get("note") else "" for s in _index()}
    return ("The starter: " + ", ".join(f"{name}{notes[name]}" for name in STARTERS)
            + ", or custom (your own game.py: a trick-taking game to change).")


def scaffold(folder: Path, game: str = GAME) -> list[Path]:
    """Create ``folder`` with the starter project for ``game`` (a :func:`starters` name);
    refuse to overwrite anything."""
    if game not in starters():
        raise ParameterError(f"no starter for game {game!r}; valid: {', '.join(starters())}")
    if folder.exists() and any(folder.iterdir()):
        raise ParameterError(f"{folder} already exists and is not empty; choose a new name")
    if game in COPIED:
        return _copy_starter(templates_dir() / "starters" / game, folder)
    templates, plays = STARTERS[game]
    key = re.sub(r"[^A-Za-z0-9_.-]+", "-", folder.name).strip("-") or "my-game"
    context = _context(folder, key)
    source = templates_dir() / templates
    env = _templates()
    written = []
    for path in sorted(p for p in source.rglob("*") if p.is_file()):
        target = folder / path.relative_to(source)
        target.parent.mkdir(parents=True, exist_ok=True)
        text = path.read_text(encoding="utf-8")
        if path.name in ("deck.yaml", "README.md"):  # layouts keep their {{ }} for cards
            text = env.from_string(text).render(context)
        target.write_text(text, encoding="utf-8")
        written.append(target)
    rules = folder / "rules" / f"{plays}.md.j2"
    rules.parent.mkdir(parents=True, exist_ok=True)
    bundled = (templates_dir() / "rules" / f"{plays}.md.j2").read_text(encoding="utf-8")
    rules.write_text(RULES_HEADER + bundled, encoding="utf-8")
    written.append(rules)
    return written


def _context(folder: Path, key: str) -> dict[str, str]:
    """What the starters' deck.yaml and README.md are filled with: the title as a YAML string (a
    folder named yes, null, #1 or a: b is still a name, not a boolean, a comment or a mapping) and the
    folder as a shell word (``deckpress check 'my game'`` pastes as it is printed)."""
    title = folder.name.replace("-", " ").replace("_", " ").title()
    return {"title": title, "title_yaml": json.dumps(title, ensure_ascii=False), "folder": shlex.quote(str(folder)),
            "key": key}


def _templates() -> jinja2.Environment:
    import jinja2  # here: `build` and `new --help` import this module for the starters' names only

    return jinja2.Environment(keep_trailing_newline=True, autoescape=False)


def _copy_starter(source: Path, folder: Path) -> list[Path]:
    """A starter folder copied whole; deck.yaml and README.md filled with the title."""
    key = re.sub(r"[^A-Za-z0-9_.-]+", "-", folder.name).strip("-") or "my-game"
    context = _context(folder, key)
    env = _templates()
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
