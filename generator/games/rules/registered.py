"""The rules-file games deckpress knows: the bundled catalogue
(``generator/games/rules/catalogue/*.yaml``) and a project's own rules file
(``game: game.yaml`` in its deck). Each is a ``GameSpec`` whose ``source`` is
``generator.games.rules.registered:ATTR``, so a worker process finds it again by
that import string (this module's ``__getattr__``)."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from ...deck.model import Deck
from ...errors import ParameterError
from ..spec import GameSpec
from .gamespec import spec_from_file

CATALOGUE = Path(__file__).parent / "catalogue"
MODULE = __name__
FILE_PREFIX = "file_"


@cache
def _names() -> tuple[str, ...]:
    return tuple(sorted(p.stem for p in CATALOGUE.glob("*.yaml")))


def catalogue_names() -> list[str]:
    """The bundled rules games, by name."""
    return list(_names())


def catalogue_path(name: str) -> Path:
    path = CATALOGUE / f"{name}.yaml"
    if not path.is_file():
        raise ParameterError(f"no rules game {name!r}; rules games: {', '.join(catalogue_names())}")
    return path


@cache
def bundled(name: str) -> GameSpec:
    return spec_from_file(catalogue_path(name), f"{MODULE}:{name.replace('-', '_')}", compile_now=False)


def catalogue_specs() -> list[GameSpec]:
    """Every bundled rules game, by name."""
    return [bundled(name) for name in catalogue_names()]


def is_rules_ref(game: str) -> bool:
    """A deck's ``game:`` naming a rules file (``game.yaml``)."""
    return game.endswith((".yaml", ".yml"))


_PROJECT: dict[str, tuple[bytes, GameSpec]] = {}


def project_spec(deck: Deck) -> GameSpec:
    """The rules file a project's deck names (``game: game.yaml``), read again when it changed."""
    folder = deck.folder if deck.folder is not None else Path.cwd()
    path = (folder / deck.game).resolve()
    where = f"{deck.path}: " if deck.path is not None else ""
    if not path.is_relative_to(folder.resolve()):
        raise ParameterError(f"{where}game: {deck.game!r} must name a file inside the project folder")
    if not path.is_file():
        raise ParameterError(f"{where}game: {deck.game!r}: no such file {path}")
    return from_path(path)


def from_path(path: Path) -> GameSpec:
    data = path.read_bytes()
    key = str(path)
    known = _PROJECT.get(key)
    if known is not None and known[0] == data:
        return known[1]
    spec = spec_from_file(path, f"{MODULE}:{FILE_PREFIX}{key.encode().hex()}")
    _PROJECT[key] = (data, spec)
    return spec


def __getattr__(attr: str) -> Any:
    """``registered:crazy_eights`` (a bundled game) or ``registered:file_<hex path>`` (a project's)."""
    if attr.startswith(FILE_PREFIX):
        return from_path(Path(bytes.fromhex(attr[len(FILE_PREFIX):]).decode()))
    name = attr.replace("_", "-")
    if name in catalogue_names():
        return bundled(name)
    raise AttributeError(attr)


def game_deck(name: str) -> Deck | None:
    """For ``deckpress check crazy-eights``: the bundled deck a rules game plays, set to
    play it (None when ``name`` is no bundled rules game, or is a deck file or folder)."""
    from dataclasses import replace

    if name not in catalogue_names() or Path(name).exists():
        return None
    from ...deck import resolve_deck

    spec = bundled(name)
    return replace(resolve_deck(spec.default_deck or "standard52"), game=name)
