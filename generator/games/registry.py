"""The games the simulator knows: registered :class:`~generator.games.spec.GameSpec`
objects, explicitly (no import side effects).

The built-in games are listed in :data:`BUILTIN` by the import string of their
spec; :func:`register` adds another (a designer's game or an installed one, from
:mod:`.designer`; a rules file). Every per-game table in deckpress derives from
:func:`specs`.

A plain lookup: it imports the spec and its parameter helpers only, never the
loaders that register games (they import it), so the games package has no
import loop (tests/test_architecture.py). Which game a deck or a command's GAME
names, loading a designer's file if need be, is :mod:`.designer.find`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from ..errors import ParameterError
from .params import Params, _coerce, _problem, _same, parse_sets
from .spec import DealHook, GameSpec, StrategyFactory, load_hook

if TYPE_CHECKING:
    from ..deck.model import Deck
    from .api import Game, Strategy

__all__ = ["BUILTIN", "GAMES", "DealHook", "GameSpec", "StrategyFactory", "default_deck", "entry",
           "game_names", "make_game", "make_strategy", "register", "seat_strategies", "specs"]


# the built-in games: the import string of each one's spec, in the order commands list them
BUILTIN: tuple[str, ...] = (
    "generator.games.weiji.spec:SPEC",
    "generator.games.war.spec:SPEC",
    "generator.games.viashi.spec:SPEC",
)

# the bundled rules files (games/rules/catalogue): the module that reads them, by import string
RULES_CATALOGUE = "generator.games.rules.registered"

_SPECS: dict[str, GameSpec] = {}
_REPLACEABLE: set[str] = set()  # names of games loaded from a project's file (another project's may take the name)


def _load_builtin() -> None:
    if not _SPECS:
        for ref in BUILTIN:
            spec = load_hook(ref)
            _SPECS[spec.name] = spec


def _rules_game(name: str | None = None) -> None:
    """The bundled rules files (games/rules/catalogue), read when first named (``name``) or
    listed; by import string, as the built-in games are (the registry imports no game)."""
    names = load_hook(RULES_CATALOGUE + ":catalogue_names")()
    bundled = load_hook(RULES_CATALOGUE + ":bundled")
    for known in [name] if name is not None else names:
        if known in names and known not in _SPECS:
            _SPECS[known] = bundled(known)


def register(spec: GameSpec, *, replaceable: bool = False) -> GameSpec:
    """Make ``spec`` known by its name (the same spec again is a no-op; another
    game of a taken name is an error). ``replaceable``: a game of a project's own
    file, which another project's game of the same name replaces."""
    _load_builtin()
    known = _SPECS.get(spec.name)
    if known is not None and known is not spec and known.source != spec.source and spec.name not in _REPLACEABLE:
        raise ParameterError(f"a game named {spec.name!r} is already registered; give yours another name")
    _SPECS[spec.name] = spec
    if replaceable:
        _REPLACEABLE.add(spec.name)
    else:
        _REPLACEABLE.discard(spec.name)
    return spec


def specs() -> tuple[GameSpec, ...]:
    """Every registered game, the built-in ones first."""
    _load_builtin()
    _rules_game()
    return tuple(_SPECS.values())


def game_names() -> str:
    """The registered games' names as a help text lists them (``weiji, war, viashi``):
    a newly registered game appears in ``--help`` and docs/cli.md with no edit there.
    The bundled rules games by their file names, as :func:`specs` would list them, without
    reading the files (the help text is built when a command loads: its start-up)."""
    _load_builtin()
    listed = load_hook(RULES_CATALOGUE + ":catalogue_names")()
    return ", ".join([*_SPECS, *(name for name in listed if name not in _SPECS)])


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


def seat_strategies(game: str | GameSpec, spec: str | None, players: int) -> list[str]:
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


def make_strategy(game: str | GameSpec, name: str | None = None) -> Strategy:
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


def _budget(game: str | GameSpec, name: str) -> tuple[str, int | None]:
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
