"""A rules file as a :class:`~generator.games.spec.GameSpec`: its parameters as a
pydantic model (``--set``), its players, ``make`` (the file compiled for the
parameters: :class:`RulesGame`), the generic players, and its booklet facts."""

from __future__ import annotations

import random
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, Literal

from pydantic import Field, create_model

from ...deck.model import Deck
from ...errors import ParameterError, Problem
from ..params import Params
from ..spec import CardMeasures, GameSpec
from . import cards as card_sources
from .compiled import compiled_class, view_tables
from .expr import ExprError, Scope, compile_expr
from .program import Program, _Static
from .schema import Doc, RulesError, read
from .state import RulesState
from .zones import resample_view, table_of

DEFAULT_DECK = "standard52"  # a rules game's bundled deck (its cards, where the file deals its own, are its own)


class RulesGame:
    """A rules file compiled for one set of parameters (the game API's ``Game``)."""

    def __init__(self, doc: Doc, spec_name: str, deck: Deck | None, params: Any) -> None:
        self.name = spec_name
        self.params = params
        self.doc = doc
        values = {k: v for k, v in params.model_dump().items() if k not in ("max_tricks", "players")}
        cards = card_sources.build(doc.data["cards"], deck, values)
        if "decks" in doc.data:
            cards = card_sources.copied(cards, _decks(doc, values, int(params.players)))
        if not len(cards):
            raise ParameterError(f"{doc.path}: the game has no cards")
        self.program = Program(doc, cards, values, int(params.players))
        self.unit = str(doc.data.get("unit", "turn"))
        # compiled on load (:mod:`.compiled`): the file's plain Python plays, where it can be written
        self.compiled: Any = compiled_class(self.program)

    def new_state(self, observer: Any = None) -> Any:
        if self.compiled is not None:
            return self.compiled.State(self, observer)
        return RulesState(self, observer)

    def interpreted(self) -> RulesGame:
        """This game played on the interpreter from now on (its states' steps, frames and zones
        as :mod:`.state` keeps them: what tests that set up a position reach into)."""
        self.compiled = None
        return self

    def table(self, view: Mapping[str, Any], seat: int) -> dict[str, Any]:
        """deckpress play's table: the zones in the rules file's words (:func:`.zones.table_of`)."""
        return table_of(self.program, view_tables(self.program, view), seat)

    def resample(self, view: Mapping[str, Any], seat: int, rng: random.Random) -> Any:
        if self.compiled is not None and "hands" not in view:
            return self.compiled.resample(self, view, seat, rng)
        return resample_view(self, view, seat, rng, RulesState)


def _params_model(doc: Doc, title: str) -> type[Params]:
    d = doc.data
    players = d.get("players", 2)
    low, high = (players, players) if isinstance(players, int) else players
    fields: dict[str, Any] = {"players": (int, Field(default=low, ge=low, le=high, description="number of players"))}
    counts = d.get("player_counts")
    if isinstance(counts, list) and counts:  # only these numbers of players (viashi-rules: 3 or 6)
        fields["players"] = (Literal[tuple(counts)], Field(default=counts[0], description="number of players"))  # type: ignore[valid-type]
    for name, p in (d.get("parameters") or {}).items():
        if not isinstance(p, Mapping):
            continue
        default = p.get("default")
        description = str(p.get("description", name))
        if "choices" in p:
            choices = tuple(p["choices"])
            fields[str(name)] = (Literal[choices], Field(default=default, description=description))  # type: ignore[valid-type]
        elif isinstance(default, bool):
            fields[str(name)] = (bool, Field(default=default, description=description))
        elif isinstance(default, int):
            fields[str(name)] = (int, Field(default=default, ge=p.get("min"), le=p.get("max"), description=description))
        else:
            fields[str(name)] = (type(default), Field(default=default, description=description))
    model_name = "".join(w.capitalize() for w in str(d.get("name", "rules")).split("-")) + "Params"
    return create_model(model_name, __base__=Params, **fields)  # type: ignore[call-overload,no-any-return]


def spec_from_file(path: Path, source: str, name: str | None = None, compile_now: bool = True) -> GameSpec:
    """The game a rules file describes (checked before any game is played: every
    problem names the file, the line and the key). ``compile_now``: compile it at its
    fewest and most players now, so a designer's file is refused before anything runs
    (the bundled files are compiled when played: their tests compile every one)."""
    doc = read(path)
    if doc.problems:
        raise RulesError(doc.problems)
    d = doc.data
    game_name = name or str(d["name"])
    title = str(d.get("title", game_name.replace("-", " ").title()))
    model: Any = _params_model(doc, title)
    players = d.get("players", 2)
    low, high = (players, players) if isinstance(players, int) else (int(players[0]), int(players[1]))
    # compile once at the fewest and most players, default parameters: refused here, before any game
    for n in sorted({low, high} & set(d.get("player_counts") or (low, high))) if compile_now else ():
        RulesGame(doc, game_name, _any_deck(d), model(players=n))
    has_choice = _has_choice(d.get("phases"))
    from ..players import GENERIC

    def make(deck: Deck, params: Any) -> RulesGame:
        return RulesGame(doc, game_name, deck, params)

    teams = d.get("teams")
    from .booklet import booklet_facts

    return GameSpec(
        name=game_name, title=title, params=model, players=(low, high), make=make,
        default_deck=_default_deck(d, game_name),
        strategies=MappingProxyType(dict(GENERIC)) if has_choice else MappingProxyType({}),
        default_strategy="random" if has_choice else None,
        budgeted=("mcts",) if has_choice else (),
        booklet=lambda params, deck: booklet_facts(doc, params, deck),
        source=source, description=str(d.get("description", "")),
        unit=str(d.get("unit", "turn")), first_player=0,
        teams=_teams(teams),
        draws=str(d.get("draws", "")) if d.get("draws") else "",
        card_measures=CardMeasures() if _deck_cards(d) else CardMeasures(
            removal=False, reason="the rules file plays with its own cards (cards: "
            f"{d.get('cards') if isinstance(d.get('cards'), str) else 'its own'}), not the deck's, so a card"
            " left out of the deck changes nothing"),
    )


def _default_deck(d: Mapping[str, Any], name: str) -> str:
    """The deck commands use when none is given: ``deck:``, else the game's own cards' deck
    (a bundled game that deals its own cards: :mod:`.own_deck`), else the standard deck."""
    from .own_deck import own_deck_path, plays_own_cards

    own = own_deck_path(name) if plays_own_cards(d.get("cards")) else None
    return str(d.get("deck", own if own is not None else DEFAULT_DECK))


def _deck_cards(d: Mapping[str, Any]) -> bool:
    """The file plays the deck's own cards (``cards: deck`` or ``cards: {deck: true, ...}``)."""
    cards = d.get("cards")
    return cards == "deck" or (isinstance(cards, Mapping) and "deck" in cards)


def _teams(teams: Any) -> Any:
    """``teams:`` as the spec's ``teams``: a list of seat lists, or one per number of players."""
    if isinstance(teams, list):
        return lambda params: [list(t) for t in teams]
    if isinstance(teams, Mapping):
        return lambda params: [list(t) for t in teams.get(int(params.players)) or []] or None
    return None


def _decks(doc: Doc, params: Mapping[str, Any], players: int) -> int:
    """``decks:``, the copies of the cards played (an expression of players and parameters)."""
    text = doc.data["decks"]
    scope = Scope(players=players, params=params, globals_=set(), per_player=set(), zones={}, owned={}, fields={})
    try:
        value = compile_expr(text, scope)(_Static(players), {})
    except (ExprError, ArithmeticError, TypeError, ValueError) as exc:
        raise RulesError(_decks_problem(doc, f"decks: {exc}")) from None
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 16:
        raise RulesError(_decks_problem(doc, f"decks: {text!r} is {value!r} with {players} players; give a"
                                            " number from 1 to 16"))
    return value


def _decks_problem(doc: Doc, message: str) -> Problem:
    return Problem(message, doc.path, doc.line(doc.data, "decks"), field="decks")


def _any_deck(d: Mapping[str, Any]) -> Deck | None:
    if not _deck_cards(d):
        return None
    return _bundled(str(d.get("deck", DEFAULT_DECK)))


@lru_cache(maxsize=4)
def _bundled(name: str) -> Deck:
    from ...deck import resolve_deck
    return resolve_deck(name)


def _has_choice(steps: Any) -> bool:
    if isinstance(steps, Mapping):
        return any(_has_choice(v) for v in steps.values())
    if isinstance(steps, list):
        for step in steps:
            if isinstance(step, Mapping) and ("choose" in step or any(_has_choice(step.get(k)) for k in ("then", "else", "do"))):
                return True
    return False
