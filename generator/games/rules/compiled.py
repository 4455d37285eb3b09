"""Compiled on load: a rules file's game played through the plain Python that
:mod:`.to_python` writes for it (what ``deckpress eject`` writes), when it can write it,
and through the interpreter (:mod:`.state`) otherwise.

The writer runs once per rules file and parameters (cached in memory by the file's
content hash); its source is compiled (``compile(source, "<rules: FILE>", "exec")``)
into a fresh module namespace, never imported or written anywhere. The designer's text
reaches that source only as ``repr()`` of a literal or as a name the writer checked is
a plain identifier (:meth:`.to_python.Writer.check_names`): the format's promise, never
Python eval of the designer's text, holds.

It plays the same games as the interpreter, seed for seed (tests/games/rules/
test_compiled.py). Two things the compiled code cannot say as the interpreter does:

* an error names the rule and the step: when a compiled game raises, the game is
  played again from its start on the interpreter with the same actions (each state
  keeps the actions applied to it), and the interpreter's error (file, line, rule,
  step) is the one raised;
* a loop that never ends: the compiled code stops after :data:`.program.RUNAWAY` steps
  (methods, or turns of a ``while:``) without a pause, and the interpreter, played again
  as above, names the rule.

``DECKPRESS_RULES_INTERPRET=1`` in the environment plays every rules file on the
interpreter (:func:`interpreting`), as does a file the writer names a rule of
(:class:`.to_python.NotPlain`: a simultaneous choice, a ``python:`` step, ...).
"""

from __future__ import annotations

import hashlib
import os
import types
from typing import Any

from ...errors import ParameterError, Problem
from .program import Program

SWITCH = "DECKPRESS_RULES_INTERPRET"  # set (not "" or "0"): every rules file is played on the interpreter
_CLASS = "Compiled"
_CACHE: dict[tuple[str, int, str], Any] = {}  # (file hash, players, parameters) -> the compiled game class, or None


def interpreting() -> bool:
    """The switch is on: play every rules file on the interpreter."""
    return os.environ.get(SWITCH, "").strip() not in ("", "0")


def compiled_class(program: Program) -> Any:
    """The compiled game class (its ``State``: the state class to play) for ``program``,
    or None: the switch is on, or the writer has no plain Python for a rule of the file."""
    if interpreting():
        return None
    key = (_content_hash(program), program.n, repr(sorted(program.params.items())))
    if key not in _CACHE:
        if len(_CACHE) >= 64:  # a tuning run tries many parameter sets: keep the memory bounded
            _CACHE.clear()
        _CACHE[key] = _compile(program)
    return _CACHE[key]


def _content_hash(program: Program) -> str:
    path = program.doc.path
    try:
        text = path.read_bytes()
    except OSError:  # a file read from elsewhere (an ejected game.py's embedded rules): its data
        text = repr(program.doc.data).encode("utf-8")
    fields = repr({k: list(v) for k, v in program.cards.fields.items()}).encode("utf-8")
    return hashlib.sha256(text + b"\0" + fields).hexdigest()


def _compile(program: Program) -> Any:
    from .to_python import NotPlain, plain_python

    try:
        source = plain_python(program, _CLASS, program.doc.path.name, guarded=True)
    except NotPlain:
        return None  # the interpreter plays it (eject names the rule; play needs no word)
    module = types.ModuleType(f"deckpress_rules_{program.doc.path.stem.replace('-', '_')}")
    module.__dict__["__file__"] = f"<rules: {program.doc.path.name}>"
    try:
        exec(compile(source, f"<rules: {program.doc.path.name}>", "exec"), module.__dict__)  # noqa: S102 - our writer's source
    except Exception:  # noqa: BLE001 - a literal Python cannot write back (a date, nan): the interpreter plays it
        return None
    game_cls = module.__dict__[_CLASS]
    base = module.__dict__[f"{_CLASS}State"]
    played = _played(base)
    module.__dict__[f"{_CLASS}State"] = played  # new_state and resample make this class
    game_cls.State = played
    return game_cls


def _played(base: type) -> type:
    """``base`` (written guarded: it keeps the actions applied, counts its steps and hands an
    error to ``_named``) naming an error as the interpreter does."""

    class Played(base):  # type: ignore[valid-type,misc]
        def _named(self, exc: BaseException) -> ParameterError:
            if isinstance(exc, ParameterError):
                return exc
            return named_error(self.game, self._log, exc)

    Played.__name__ = Played.__qualname__ = base.__name__
    return Played


def named_error(game: Any, log: list[Any] | None, exc: BaseException) -> ParameterError:
    """The error the interpreter raises for the same game: the compiled game raised ``exc``
    after the actions ``log``; the game is played again on the interpreter, whose error names
    the rule (file and line) and the step. A state made by ``resample`` has no log (its
    past is a guess): its error says what the compiled code said."""
    from .state import RulesState

    if log and log[0] is None:
        log = None  # a resampled state: its past is a guess
    if log is not None:
        try:
            state = RulesState(game)
            for action in log:
                state.apply(action)
        except ParameterError as named:
            return named
        except Exception:  # noqa: BLE001 - the interpreter failed otherwise: the compiled error is said below
            pass
    return ParameterError(Problem(f"the game is stuck (compiled rules: {type(exc).__name__}: {exc}); set {SWITCH}=1 to"
                                  " play it on the interpreter, which names the rule", game.program.doc.path, None))


def view_tables(program: Program, view: Any) -> Any:
    """A compiled state's view in the interpreter's words for :func:`.zones.table_of`
    (its shared zones under ``zones``, its players' zones under ``hands``)."""
    if "hands" in view:
        return view
    owned = {z.name for z in program.zones if z.owned}
    return {"zones": {k: v for k, v in view["zones"].items() if k not in owned},
            "hands": {k: v for k, v in view["zones"].items() if k in owned}, "vars": view["vars"]}
