"""A designer's own game: ``game: game.py`` (or ``game.py:ClassName``) in a deck,
or a game installed as a package (entry point group ``deckpress.games``).

Loading a project's ``game.py`` RUNS THE DESIGNER'S PYTHON CODE, as importing
any module does: only load projects you trust; the first load in a process says so
on stderr (``deckpress --quiet`` silences it). The file is loaded by its path
with :mod:`importlib` under a module name of its own (``deckpress_game_<hash>``),
never by putting its folder on ``sys.path``, so a designer's ``generator.py`` or
``random.py`` shadows nothing. It and the project modules it imports are compiled
from their source, never from bytecode found in the project folder (a planted
``__pycache__/game.cpython-311.pyc``), and no bytecode is written there. An
edited ``game.py`` (or a module of the project it imported) is loaded again, so a
long-running ``watch`` plays the rules as they are now. A worker process finds the
same game again from its import string (``/abs/path/game.py:ClassName``, see
:func:`load_ref`; a colon in a folder's name stays part of the path).

A game file gives either a ``GameSpec`` named ``SPEC`` or a game class (the
one named after the colon, else the only class with ``new_state`` defined in
the file) with class attributes ``name``, ``title``, ``Params`` (a
:class:`~generator.games.params.Params` model), ``players`` (min, max), the
method ``resample(view, seat, rng)`` (what the search players deal from; a game
without it plays with ``random`` only, or, written for the old API, through its
``State.resample(seat, rng)``) and optionally ``heuristic(view, seat)``,
``strategies`` (more ``--strategy`` names; those listed in ``budgeted`` take ``NAME:N``) and ``booklet(params, deck)``; see
docs/own-game.md. An error in it is reported as ``game.py:LINE: message`` with
the designer's frames of the traceback.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
import traceback
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import MappingProxyType, ModuleType
from typing import Any

from ... import notices
from ...deck.inputs import project_modules
from ...deck.load import split_game_ref
from ...deck.model import Deck
from ...errors import ParameterError, Problem
from ..params import ParameterNameError, Params
from ..registry import register
from ..spec import CardMeasures, GameSpec

ENTRY_POINTS = "deckpress.games"
_LOADED: dict[str, tuple[GameSpec, Sources]] = {}  # import string -> spec, and the sources it came from


def is_file_ref(ref: str) -> bool:
    """``game.py`` or ``game.py:Class`` (a designer's file), not a game name."""
    return split_game_ref(ref)[0].endswith(".py")


def load_ref(ref: str) -> GameSpec:
    """The spec an import string names: ``/path/game.py[:Class]`` (a file, by path;
    loaded again when it or a project module it imported changed since) or
    ``package.module:ATTR`` (an installed module's spec or game class)."""
    path, attr = split_game_ref(ref)
    if path.endswith(".py"):
        known = _LOADED.get(ref)
        if known is not None and known[1] == _sources(_module_name(Path(path))):
            return known[0]
        spec = _from_file(Path(path), attr or None)
        _LOADED[ref] = (spec, _sources(_module_name(Path(path))))
        return spec
    if ref in _LOADED:
        return _LOADED[ref][0]
    module, _, attr = ref.partition(":")
    try:
        obj = getattr(importlib.import_module(module), attr)
    except Exception as exc:
        raise ParameterError(f"cannot load the game {ref!r}: {exc}") from None
    spec = as_spec(obj, ref)
    _LOADED[ref] = (spec, ())
    return spec


def ensure(source: str) -> GameSpec:
    """The game an import string names, loaded and registered (how a worker process
    finds a designer's game again). A project's file registers as replaceable: another
    project's game of the same name takes its place."""
    return register(load_ref(source), replaceable=is_file_ref(source))


def deck_game_ref(deck: Deck) -> str:
    """The import string of a deck's ``game: game.py[:Class]`` (its file resolved
    in the deck's folder; the file must be inside that folder)."""
    name, attr = split_game_ref(deck.game)
    folder = deck.folder if deck.folder is not None else Path.cwd()
    path = (folder / name).resolve()
    where = f"{deck.path}: " if deck.path is not None else ""
    if not path.is_relative_to(folder.resolve()):
        raise ParameterError(f"{where}game: {deck.game!r} must name a file inside the project folder")
    if not path.is_file():
        raise ParameterError(f"{where}game: {deck.game!r}: no such file {path}")
    return f"{path}:{attr}" if attr else str(path)


def entry_point(name: str) -> str | None:
    """The import string of an installed game ``name`` (entry point group
    ``deckpress.games``), or None."""
    from importlib.metadata import entry_points

    for ep in entry_points(group=ENTRY_POINTS):
        if ep.name == name:
            return str(ep.value)
    return None


def _module_name(path: Path) -> str:
    return "deckpress_game_" + hashlib.sha256(str(path).encode()).hexdigest()[:16]


Sources = tuple[tuple[str, str], ...]  # (file, content hash) of a game file and the project modules it imported
_IMPORTED: dict[str, tuple[str, ...]] = {}  # game module name -> the project modules its import loaded
_FILES: dict[str, tuple[str, ...]] = {}  # game module name -> those modules' files


def game_files(ref: str, folder: Path | None = None) -> tuple[Path, ...]:
    """The one record of a designer's game files: the game file of import string ``ref``,
    the project modules its source imports (read, not run: what ``build``'s stamps record
    through the deck's inputs, :func:`~generator.deck.inputs.project_modules`) and the
    project files its run imported however it found them (a folder put on ``sys.path``);
    resolved, the game file first. ``folder``: the project's (default: the game file's).
    The rebuild stamps (``project/jobs.py``), ``watch`` (through them) and the contract's
    key (:func:`.enforce.contract_key`) all read this."""
    path = Path(split_game_ref(ref)[0]).resolve()
    root = (folder if folder is not None else path.parent).resolve()
    found = project_modules(path, root) if path.is_file() else [path]
    seen = {p.resolve() for p in found}
    ran = [f for f in imported_files(ref) if f not in seen]
    return (found[0].resolve(), *sorted({p.resolve() for p in found[1:]} | set(ran)))


def _sources(name: str) -> Sources:
    """What the game module ``name`` was made from, as the files are now (its
    :func:`game_files`)."""
    module = sys.modules.get(name)
    if module is None:
        return ()
    file = getattr(module, "__file__", None)
    files = [str(f) for f in game_files(str(file))] if file else []
    out = []
    for file in files:
        try:
            out.append((str(file), hashlib.sha256(Path(str(file)).read_bytes()).hexdigest()))
        except OSError:
            out.append((str(file), ""))
    return tuple(out)


def _from_file(path: Path, attr: str | None) -> GameSpec:
    name = _module_name(path)
    module = sys.modules.get(name)
    if module is not None and _LOADED_FROM.get(name) != _sources(name):  # edited since: load it again
        for old in (name, *_IMPORTED.pop(name, ())):
            sys.modules.pop(old, None)
        module = None
    if module is None:
        module = _exec(path, name)
        _LOADED_FROM[name] = _sources(name)
    return _pick(module, path, attr)


_LOADED_FROM: dict[str, Sources] = {}  # game module name -> the sources it was run from


def _exec(path: Path, name: str) -> ModuleType:
    """Run ``path`` as the module ``name``, compiled from its source; the project
    modules it imports meanwhile are compiled from theirs too (:class:`SourceOnly`)."""
    folder = path.parent.resolve()
    notices.once(f"game:{path}", f"note: running the project's own Python code: {path} "
                                 "(game: in its deck; only open projects you trust)")
    loader = SourceOnly(name, str(path))
    loader_spec = importlib.util.spec_from_file_location(name, path, loader=loader)
    if loader_spec is None:
        raise ParameterError(f"{path}: cannot be loaded as Python")
    loader_spec.cached = None  # no bytecode file, neither read nor written
    module = importlib.util.module_from_spec(loader_spec)
    _guard(folder)
    for modules in _IMPORTED.values():  # a project module is the file as it is now, of this project
        for other in modules:             # (not another project's module of the same name)
            sys.modules.pop(other, None)
    before = set(sys.modules)
    sys.modules[name] = module  # dataclasses and pickling look modules up by name
    try:
        loader.exec_module(module)
    except Exception as exc:
        del sys.modules[name]
        if isinstance(exc, ParameterNameError):  # deckpress's own refusal, at the parameter's line
            raise exc.with_traceback(None) from None
        raise designer_error(exc, path) from None
    _IMPORTED[name] = tuple(sorted(m for m in set(sys.modules) - before - {name}
                                   if _inside(getattr(sys.modules[m], "__file__", None), folder)))
    _FILES[name] = tuple(str(sys.modules[m].__file__) for m in _IMPORTED[name])
    return module


def imported_files(ref: str) -> list[Path]:
    """The project files the game file of import string ``ref`` imported when it was run
    (its folder's modules, however it found them), resolved."""
    path, _ = split_game_ref(ref)
    return sorted(Path(f).resolve() for f in _FILES.get(_module_name(Path(path)), ()))


def _inside(file: str | None, folder: Path) -> bool:
    try:
        return file is not None and Path(file).resolve().is_relative_to(folder)
    except (OSError, RuntimeError, ValueError):
        return False


class SourceOnly(importlib.machinery.SourceFileLoader):
    """Python's source loader, minus bytecode: the code is compiled from the ``.py``
    file every time (a ``__pycache__`` file in the project, planted with the source's
    size and time, is never read) and no ``.pyc`` is written into the project."""

    def get_code(self, fullname: str) -> Any:
        path = self.get_filename(fullname)
        return compile(self.get_data(path), path, "exec", dont_inherit=True)

    def set_data(self, path: str, data: Any, *, _mode: int = 0o666) -> None:
        return None


class _ProjectFinder(importlib.abc.MetaPathFinder):
    """Imports of files inside a project folder that a game ran from (its code may put
    the folder on ``sys.path``): compiled from their source (:class:`SourceOnly`);
    bytecode alone (a ``.pyc`` without its ``.py``) is refused."""

    def __init__(self) -> None:
        self.folders: set[Path] = set()

    def find_spec(self, fullname: str, path: Sequence[str] | None = None, target: ModuleType | None = None) -> Any:
        found = importlib.machinery.PathFinder.find_spec(fullname, path)
        if found is None or not found.has_location or found.origin is None:
            return None
        try:
            origin = Path(found.origin).resolve()
        except (OSError, RuntimeError, ValueError):
            return None
        if not any(origin.is_relative_to(folder) for folder in self.folders):
            return None
        if not found.origin.endswith(".py"):
            raise ImportError(f"{found.origin}: deckpress runs a project's Python only from its source (.py)",
                              name=fullname)
        found.loader = SourceOnly(fullname, found.origin)
        found.cached = None
        return found


_FINDER = _ProjectFinder()


def _guard(folder: Path) -> None:
    """Route imports from ``folder`` through :class:`_ProjectFinder` from now on."""
    _FINDER.folders.add(folder)
    if _FINDER not in sys.meta_path:
        sys.meta_path.insert(0, _FINDER)


def _pick(module: ModuleType, path: Path, attr: str | None) -> GameSpec:
    ref = f"{path}:{attr}" if attr else str(path)
    if attr:
        if not hasattr(module, attr):
            raise ParameterError(f"{path.name}: defines no {attr!r} (game: {path.name}:{attr})")
        return as_spec(getattr(module, attr), ref)
    if isinstance(getattr(module, "SPEC", None), GameSpec):
        return as_spec(module.SPEC, ref)
    classes = [v for v in vars(module).values()
               if isinstance(v, type) and v.__module__ == module.__name__ and "new_state" in vars(v)]
    if len(classes) != 1:
        found = ", ".join(c.__name__ for c in classes) or "none"
        raise ParameterError(f"{path.name}: name the game class (game: {path.name}:ClassName); classes with"
                             f" new_state: {found}")
    return as_spec(classes[0], ref)


def as_spec(obj: Any, ref: str) -> GameSpec:
    """A ``GameSpec`` from a spec or a game class (see the module docstring)."""
    from dataclasses import replace

    if isinstance(obj, GameSpec):
        return obj if obj.source == ref else replace(obj, source=ref)
    if not isinstance(obj, type):
        raise ParameterError(f"{ref}: is neither a GameSpec nor a game class")
    where = ref.rpartition("/")[2]
    params = getattr(obj, "Params", Params)
    if not (isinstance(params, type) and issubclass(params, Params)):
        raise ParameterError(f"{where}: {obj.__name__}.Params must subclass generator.games.params.Params")
    players = tuple(getattr(obj, "players", (2, 2)))
    if len(players) != 2 or not all(isinstance(p, int) for p in players) or not 1 <= players[0] <= players[1]:
        raise ParameterError(f"{where}: {obj.__name__}.players must be (fewest, most), got {players!r}")
    from ..players import GENERIC

    strategies: Mapping[str, Any] = MappingProxyType({**GENERIC, **dict(getattr(obj, "strategies", {}))})
    name = str(getattr(obj, "name", obj.__name__.lower()))

    def make(deck: Deck, params: Any) -> Any:
        try:
            return obj(deck, params)
        except Exception as exc:  # the designer's own error in building the game: their file and line
            raise designer_failure(exc) from None

    return GameSpec(
        name=name,
        title=str(getattr(obj, "title", name.capitalize())),
        params=params,
        players=(players[0], players[1]),
        make=make,
        default_deck=None,
        strategies=strategies,
        default_strategy=str(getattr(obj, "default_strategy", "greedy")),
        budgeted=_budgeted(obj, where, strategies),
        booklet=getattr(obj, "booklet", None) if callable(getattr(obj, "booklet", None)) else None,
        source=ref,
        description=(obj.__doc__ or "").strip().splitlines()[0] if obj.__doc__ else "",
        teams=_teams(obj, where),
        unit=str(getattr(obj, "unit", "turn")),
        first_player=_first_player(obj, where, players[1]),
        draws=str(getattr(obj, "draws", "") or ""),
        card_measures=_card_measures(obj, where),
    )


def _budgeted(obj: type, where: str, strategies: Mapping[str, Any]) -> tuple[str, ...]:
    """The strategies that take ``NAME:N``: ``mcts`` and those a game class lists in
    ``budgeted`` (its factory is called with the budget N, a whole number of 1 or more)."""
    own = getattr(obj, "budgeted", ())
    if isinstance(own, str) or not all(isinstance(n, str) for n in own):
        raise ParameterError(f"{where}: {obj.__name__}.budgeted must be a tuple of strategy names, e.g."
                             f" (\"mine\",), got {own!r}")
    unknown = [n for n in own if n not in strategies]
    if unknown:
        raise ParameterError(f"{where}: {obj.__name__}.budgeted names {', '.join(map(repr, unknown))}, which"
                             f" {obj.__name__}.strategies does not have")
    return tuple(dict.fromkeys(("mcts", *own)))


def _card_measures(obj: type, where: str) -> CardMeasures:
    """A game class's ``card_measures``: which per-card measures ``check`` makes (default: both)."""
    measures = getattr(obj, "card_measures", None)
    if measures is None:
        return CardMeasures()
    if not isinstance(measures, CardMeasures):
        raise ParameterError(f"{where}: {obj.__name__}.card_measures must be a CardMeasures"
                             f" (from generator.games.spec import CardMeasures), got {measures!r}")
    return measures


def _first_player(obj: type, where: str, most: int) -> int | None:
    """A game class's ``first_player``: the seat that starts, where the rules say so (None: none does)."""
    seat = getattr(obj, "first_player", None)
    if seat is None:
        return None
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < most:
        raise ParameterError(f"{where}: {obj.__name__}.first_player must be a seat from 0 to {most - 1}"
                             f" (or None: no seat starts), got {seat!r}")
    return seat


def _teams(obj: type, where: str) -> Any:
    """A game class's ``teams``: tuples of seats, or a function of the parameters giving them."""
    teams = getattr(obj, "teams", None)
    if teams is None or callable(teams):
        return teams
    try:
        fixed = tuple(tuple(int(s) for s in team) for team in teams)
    except (TypeError, ValueError):
        raise ParameterError(f"{where}: {obj.__name__}.teams must be tuples of seats, e.g. ((0, 2), (1, 3)),"
                             f" got {teams!r}") from None
    return lambda params: fixed


def designer_failure(exc: BaseException) -> BaseException:
    """``exc`` as a :func:`designer_error` when it was raised in a designer's game
    file, else ``exc`` itself (deckpress's own errors and bugs pass through)."""
    from ...errors import DeckpressError

    if isinstance(exc, DeckpressError):
        return exc
    if any(_designer_file(f.filename, None) for f in traceback.extract_tb(exc.__traceback__)):
        return designer_error(exc)
    return exc


def designer_error(exc: BaseException, path: Path | None = None) -> ParameterError:
    """``game.py:LINE: message`` and the designer's frames of the traceback
    (frames in deckpress and Python itself are left out)."""
    frames = traceback.extract_tb(exc.__traceback__)
    if isinstance(exc, SyntaxError) and exc.filename:
        frames.append(traceback.FrameSummary(exc.filename, exc.lineno or 0, "<module>", line=exc.text or ""))
    own = [f for f in frames if _designer_file(f.filename, path)]
    message = f"{type(exc).__name__}: {exc}" if not isinstance(exc, SyntaxError) else f"SyntaxError: {exc.msg}"
    if not own:
        return ParameterError(message)
    last = own[-1]
    problems = [Problem(f"{message} (in {last.name})", last.filename, last.lineno)]
    for f in own[:-1][::-1]:  # the calls that led there, innermost first
        problems.append(Problem(f"  called from {f.name}: {(f.line or '').strip()}", f.filename, f.lineno))
    return ParameterError(problems)


def _designer_file(filename: str, path: Path | None) -> bool:
    if path is not None and Path(filename) == path:
        return True
    return any(filename == str(Path(getattr(m, "__file__", "") or "")) for k, m in list(sys.modules.items())
               if k.startswith("deckpress_game_"))

