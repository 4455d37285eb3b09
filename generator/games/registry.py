"""The games the simulator knows: registered :class:`~generator.games.spec.GameSpec`
objects, explicitly (no import side effects).

The built-in games are listed in :data:`BUILTIN` by the import string of their
spec; :func:`register` adds another (a designer's game, or one installed as a
package). Every per-game table in deckpress derives from :func:`specs`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from pydantic import ValidationError

from ..deck.model import Deck
from ..errors import ParameterError
from .api import Game, Strategy
from .custom import deck_game_ref, entry_point, is_file_ref, load_ref
from .params import Params, _coerce, _problem, _same, parse_sets
from .spec import DealHook, GameSpec, StrategyFactory, load_hook

__all__ = ["BUILTIN", "GAMES", "DealHook", "GameSpec", "StrategyFactory", "default_deck", "entry",
           "make_game", "make_strategy", "register", "seat_strategies", "specs"]


# the built-in games: the import string of each one's spec, in the order commands list them
BUILTIN: tuple[str, ...] = (
    "generator.games.weiji.spec:SPEC",
    "generator.games.war.spec:SPEC",
    "generator.games.viashi.spec:SPEC",
)

_SPECS: dict[str, GameSpec] = {}


def _load_builtin() -> None:
    if not _SPECS:
        for ref in BUILTIN:
            spec = load_hook(ref)
            _SPECS[spec.name] = spec


def _rules_game(name: str | None = None) -> None:
    """The bundled rules files (games/rules/catalogue), read when first named (``name``) or listed."""
    from .rules.registered import bundled, catalogue_names

    for known in [name] if name is not None else catalogue_names():
        if known in catalogue_names() and known not in _SPECS:
            _SPECS[known] = bundled(known)


def register(spec: GameSpec) -> GameSpec:
    """Make ``spec`` known by its name (the same spec again is a no-op; another
    game of a taken name is an error)."""
    _load_builtin()
    known = _SPECS.get(spec.name)
    if known is not None and known is not spec and known.source != spec.source and not _designer(known):
        raise ParameterError(f"a game named {spec.name!r} is already registered; give yours another name")
    _SPECS[spec.name] = spec
    return spec


def specs() -> tuple[GameSpec, ...]:
    """Every registered game, the built-in ones first."""
    _load_builtin()
    _rules_game()
    return tuple(_SPECS.values())


def builtin_names() -> tuple[str, ...]:
    return tuple(load_hook(ref).name for ref in BUILTIN)


class _Games(Mapping[str, GameSpec]):
    """A read-only view of the registered games by name (``GAMES["weiji"]``)."""

    def __getitem__(self, name: str) -> GameSpec:
        _load_builtin()
        if name not in _SPECS:
            _rules_game(name)
        return _SPECS[name]

    def __iter__(self) -> Iterator[str]:
        _load_builtin()
        _rules_game()
        return iter(list(_SPECS))

    def __len__(self) -> int:
        _load_builtin()
        _rules_game()
        return len(_SPECS)


GAMES: Mapping[str, GameSpec] = _Games()


def entry(name: str | GameSpec) -> GameSpec:
    """The registered game ``name`` (a clear error lists the valid names)."""
    if isinstance(name, GameSpec):
        return name
    try:
        return GAMES[name]
    except KeyError:
        raise ParameterError(f"unknown game {name!r}; games: {', '.join(GAMES)}") from None


def make_game(name: str | GameSpec, deck: Deck, params: Params) -> Game:
    """Build game ``name`` for ``deck`` with validated ``params``."""
    return entry(name).make(deck, params)


def default_deck(name: str) -> str:
    """The bundled deck a game uses when no ``--deck`` is given."""
    deck = entry(name).default_deck
    if deck is None:
        raise ParameterError(f"{name} has no bundled deck: give --deck")
    return deck


def seat_strategies(game: str, spec: str | None, players: int) -> list[str]:
    """The strategy name of every seat (seat 0 first) from ``--strategy``:
    ``None`` (the game's default for every seat), one name (every seat) or
    ``A,B,C`` (one per seat). Empty for a game without player decisions.
    Unknown names and a wrong count are clear errors."""
    known = entry(game)
    if known.default_strategy is None:
        if spec is not None:
            raise ParameterError(f"{known.name} has no player decisions, so --strategy does not apply")
        return []
    if spec is None:
        return [known.default_strategy] * players
    names = [n.strip() for n in spec.split(",")]
    for name in names:
        _budget(game, name)
    if len(names) == 1:
        return names * players
    if len(names) != players:
        raise ParameterError(f"--strategy {spec!r} names {len(names)} strategies for {players} seats;"
                             f" give one name for every seat or one per seat (seat 0 first)")
    return names


def make_strategy(game: str, name: str | None = None) -> Strategy:
    """A fresh strategy ``name`` for ``game`` (``None``: the game's default)."""
    known = entry(game)
    if name is None:
        name = known.default_strategy
        if name is None:
            raise ParameterError(f"{known.name} has no player decisions, so no strategy")
    base, budget = _budget(game, name)
    factory: Any = known.strategies[base]
    c = _exploration(name)
    if c is not None:
        return factory(budget, c)  # type: ignore[no-any-return]
    return factory() if budget is None else factory(budget)


def _budget(game: str, name: str) -> tuple[str, int | None]:
    """``expert:64`` -> ("expert", 64); ``greedy`` -> ("greedy", None); a clear
    error for an unknown name or a budget where none applies."""
    known = entry(game)
    base, colon, arg = name.partition(":")
    if base not in known.strategies:
        valid = ", ".join(known.strategies) or f"none ({known.name} has no player decisions)"
        raise ParameterError(f"unknown strategy {name!r} for {known.name}; valid: {valid}")
    if not colon:
        return base, None
    if base not in known.budgeted:
        only = ", ".join(f"{b}:N" for b in known.budgeted) or "none"
        raise ParameterError(f"strategy {base!r} takes no budget ({name!r}); only {only} does")
    arg, colon, c = arg.partition(":")
    if not arg.isdigit() or int(arg) < 1:
        raise ParameterError(f"strategy {name!r}: the budget after ':' must be a whole number, 1 or more")
    if colon:
        if base != "mcts":
            raise ParameterError(f"strategy {name!r}: only mcts:N:C takes an exploration constant")
        _exploration(name)
    return base, int(arg)


def _exploration(name: str) -> float | None:
    """The exploration constant C of ``mcts:N:C`` (None: not given); a clear error
    for one that is no number of 0 or more."""
    parts = name.split(":")
    if len(parts) != 3 or parts[0] != "mcts":
        return None
    try:
        c = float(parts[2])
    except ValueError:
        c = -1.0
    if not (c >= 0 and c < float("inf")):
        raise ParameterError(f"strategy {name!r}: the exploration constant after the second ':' must be a number,"
                             " 0 or more (default 0.7)")
    return c


def known(name: str) -> bool:
    """Whether ``name`` is a registered game."""
    return name in GAMES


def has_decisions(name: str) -> bool:
    """Whether game ``name`` has player decisions (so strategies and a skill gap)."""
    return known(name) and GAMES[name].default_strategy is not None


def _designer(spec: GameSpec) -> bool:
    """A game loaded from a project's file (another project's may take its name)."""
    return spec.source is not None and (is_file_ref(spec.source) or ":file_" in spec.source)  # or a rules file


def ensure(source: str) -> GameSpec:
    """The game an import string names, registered (how a worker process finds
    a designer's game again: see :mod:`.custom`)."""
    return register(load_ref(source))


def game_of(deck: Deck) -> GameSpec | None:
    """The game a deck's ``game:`` names, registered (None for ``none``): a
    registered name, the project's ``game.py[:Class]`` (loaded by path: this runs
    the designer's code) or an installed game (entry point group ``deckpress.games``)."""
    name = deck.game
    if name == "none":
        return None
    if is_file_ref(name):
        from .enforce import enforce

        spec = ensure(deck_game_ref(deck))
        enforce(spec, deck)  # the contract, once per content of the game file and the deck
        return spec
    if name in GAMES:
        return GAMES[name]
    if name.endswith((".yaml", ".yml")):  # a project's rules file (games/rules)
        from .rules.registered import project_spec

        return register(project_spec(deck))
    ref = entry_point(name)
    if ref is not None:
        return ensure(ref)
    where = f"{deck.path}: " if deck.path is not None else ""
    raise ParameterError(f"{where}game: {name!r} is not a game deckpress knows; valid: {', '.join(GAMES)}, none,"
                         " an installed game, or your own game.py")


def resolve(game: str) -> tuple[GameSpec, Deck | None]:
    """A command's GAME: a registered name, an installed game, or a deck file or
    project folder (then the game its ``game:`` names, and that deck)."""
    if game in GAMES:
        return GAMES[game], None
    ref = entry_point(game) if "/" not in game and "." not in game else None
    if ref is not None:
        return ensure(ref), None
    from pathlib import Path

    from ..deck import resolve_deck

    if not (Path(game).exists() or game.endswith((".yaml", ".yml"))):
        raise ParameterError(f"unknown game {game!r}; games: {', '.join(GAMES)}, or a deck file or project folder")
    deck = resolve_deck(game)
    spec = game_of(deck)
    if spec is None:
        raise ParameterError(f"{deck.path}: the deck plays no game (game: none); set game: in the deck")
    return spec, deck


def make_params(game: Any, sets: Iterable[str] = (), **overrides: Any) -> Params:
    """Validate parameters for ``game`` (a registered name or a ``GameSpec``) from
    ``--set`` strings and keyword overrides (``None`` overrides are ignored, so
    unset CLI options keep the defaults). The model is the game spec's ``params``."""
    spec = entry(game)
    game, model = spec.name, spec.params
    values: dict[str, Any] = {k: v for k, v in overrides.items() if v is not None}
    for key, text in parse_sets(sets).items():
        value = _coerce(model, key, text)
        if key in values and not _same(model, key, values[key], value):
            option = "--" + key.replace("_", "-")
            raise ParameterError(f"{key} given twice: {option} {values[key]} and --set {key}={text}")
        values[key] = value
    try:
        return model.model_validate(values)
    except ValidationError as exc:
        raise ParameterError([_problem(game, model, e) for e in exc.errors()]) from None
