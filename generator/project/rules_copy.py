"""``deckpress new NAME --from GAME``: a bundled rules game copied into a project
that holds no Python: its rules file as ``game.yaml`` (renamed after the project,
so it never takes the bundled game's name) and a deck of its cards as
``deck.yaml`` (``game: game.yaml``), for ``check``, ``rules``, ``play`` and ``build``."""

from __future__ import annotations

import json
import re
from pathlib import Path

from ..errors import ParameterError
from ..games.rules.own_deck import own_deck_text, plays_own_cards
from ..games.rules.registered import catalogue_path
from ..games.rules.schema import read
from ..paths import deck_data_dir


def project_name(folder: Path) -> str:
    word = re.sub(r"[^a-z0-9-]+", "-", folder.name.lower()).strip("-") or "my-game"
    return word if word[0].isalpha() else f"game-{word}"


def copy_rules_game(name: str, folder: Path) -> list[Path]:
    """Copy the bundled rules game ``name`` into the new project ``folder``; refuse to overwrite."""
    source = catalogue_path(name)
    if folder.exists() and any(folder.iterdir()):
        raise ParameterError(f"{folder} already exists and is not empty; choose a new name")
    doc = read(source)
    own = project_name(folder)
    text = source.read_text(encoding="utf-8")
    text = re.sub(r"(?m)^name: .*$", f"name: {json.dumps(own)}", text, count=1)  # a folder named yes: "yes"
    # the project's own title, on the booklet's cover and its deck: its name, not the bundled game's
    title = " ".join(w.capitalize() for w in re.split(r"[-_ ]+", folder.name) if w) or own
    text = re.sub(r"(?m)^title: .*$", f"title: {json.dumps(title)}", text, count=1)
    text = f"# {own}: a copy of deckpress's rules game {name} (deckpress new {folder.name} --from {name}).\n" \
           "# Change a rule here; `deckpress rules` prints its booklet, `deckpress check` its verdict.\n" + text
    folder.mkdir(parents=True, exist_ok=True)
    rules = folder / "game.yaml"
    rules.write_text(text, encoding="utf-8")
    deck = folder / "deck.yaml"
    cards = doc.data["cards"]
    if plays_own_cards(cards):  # its own cards: the project's deck lists them
        body = own_deck_text(cards, title, own)
    else:  # the deck's own cards (cards: deck, or {deck: true}) play the deck named by deck:
        bundled = deck_data_dir() / f"{doc.data.get('deck', 'standard52')}.yaml"
        source_deck = bundled if cards != "standard52" and bundled.is_file() else deck_data_dir() / "standard52.yaml"
        body = source_deck.read_text(encoding="utf-8")
        body = re.sub(r"(?m)^game: .*$", "game: game.yaml", body, count=1)
        body = re.sub(r"(?m)^name: .*$", f"name: {json.dumps(title)}", body, count=1)
        body = re.sub(r"(?m)^# .*\n", "", body, count=1)
        body = f"# The deck of {own}: its cards, and the rules file it plays (game: game.yaml).\n{body}"
    deck.write_text(body, encoding="utf-8")
    return [deck, rules]
