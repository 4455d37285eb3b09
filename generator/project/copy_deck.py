"""``deckpress new NAME --from DECK``: a bundled deck copied into a project of your own.

A bundled deck's folder belongs to the installed package (site-packages, read-only
for many users, replaced by every upgrade): a translation, a new card or a changed
value belongs in a project. The copy is a project like ``deckpress new`` makes: the
deck file as ``deck.yaml``, the files it reads (card rows, art) beside it as they
were, and its translations as ``translations/<lang>.csv``. Layouts, fonts and rules
stay the package's (a project finds the bundled ones by name).
"""

from __future__ import annotations

from pathlib import Path

from ..deck import BUNDLED, resolve_deck
from ..deck.languages import translation_path
from ..errors import ParameterError
from ..paths import deck_data_dir


def copy_bundled(name: str, folder: Path) -> list[Path]:
    """Copy the bundled deck ``name`` into the new project ``folder``; refuse to overwrite."""
    if name not in BUNDLED:
        raise ParameterError(f"--from {name!r} is not a bundled deck; bundled: {', '.join(BUNDLED)} "
                             "(`deckpress decks` lists them)")
    if folder.exists() and any(folder.iterdir()):
        raise ParameterError(f"{folder} already exists and is not empty; choose a new name")
    deck = resolve_deck(name)
    assert deck.path is not None
    home = deck_data_dir().resolve()
    copies: dict[Path, Path] = {deck.path.resolve(): folder / "deck.yaml"}
    for lang in deck.languages[1:]:
        copies[translation_path(deck.path, lang).resolve()] = translation_path(folder / "deck.yaml", lang)
    for used in deck.inputs:  # card rows, art: the files the deck reads inside its folder
        source = used.resolve()
        if source not in copies and source.is_relative_to(home) and source.is_file():
            copies[source] = folder / source.relative_to(home)
    written = []
    for source, target in copies.items():
        if not source.is_file():
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        data = source.read_bytes()
        if target.name == "deck.yaml" and target.parent == folder:  # its comments name the project's files
            text = data.decode("utf-8")
            text = text.replace(f"translations/{name}.", "translations/").replace(
                f"deckpress translate {name} ", f"deckpress translate {folder.name} ")
            data = text.encode("utf-8")
        target.write_bytes(data)
        written.append(target)
    return written
