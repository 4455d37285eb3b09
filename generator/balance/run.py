"""The run object: what one balance run plays, built once per command.

``deckpress simulate``, ``check``, ``tune`` and ``ladder`` parse their flags, resolve
them once (:func:`resolve_run`, :func:`check_options`: a flag given, then the project's
``build.balance`` setting, then the default of generator/deck/settings.py, the only place
defaults live) and hand the frozen result to one library function; every measure
(the playtest, the skill gap, card impact and removal, the ladder, tune's candidates)
takes the :class:`Run` instead of loose arguments. A measure that plays another deck or
other parameters (card removal, ``--against``, tune's candidates) derives its own with
:meth:`Run.but`, so the seeds, the strategies and the executor travel unchanged.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import MappingProxyType
from typing import Any, Literal

from ..deck.model import Deck
from ..deck.resolve import resolve
from ..deck.settings import CheckBalanceIn
from ..deck.thresholds import Thresholds
from ..executor import Executor
from ..games.params import Params
from ..games.spec import GameSpec

Progress = Callable[[int], None]
Level = Literal["error", "warning"]


def default_games() -> int:
    """The number of games a run plays when no flag or project says (deck/settings.py's)."""
    return int(CheckBalanceIn.model_fields["games"].default)


@dataclass(frozen=True)
class Run:
    """One run of the simulator as a measure plays it: the game (its spec), the deck and
    its validated rule parameters, how many games from which seed, how the seats decide
    (``strategy``: as ``--strategy``, None for the game's default), where the games run
    (``executor``, else ``jobs`` processes), the progress callback and the confidence of
    every interval."""

    spec: GameSpec
    deck: Deck
    params: Params
    games: int
    seed: int
    strategy: str | None = None
    jobs: int | str = 1
    executor: Executor | None = None
    progress: Progress | None = None
    confidence: float = Thresholds().confidence

    @property
    def game(self) -> str:
        """The game's registered name (what the runner and the report record)."""
        return self.spec.name

    @property
    def players(self) -> int:
        return int(getattr(self.params, "players", 2))

    def but(self, **changes: Any) -> Run:
        """This run with ``changes`` (another deck, other parameters, fewer games)."""
        return replace(self, **changes)


def resolve_run(spec: GameSpec, deck: Deck, params: Params, flags: Mapping[str, Any], *,
                project: bool = False, executor: Executor | None = None, progress: Progress | None = None) -> Run:
    """The :class:`Run` of a command: ``flags`` (``games``, ``seed``, ``strategy``, ``jobs``,
    ``confidence``; None or absent: not given) over the project's ``build.balance``
    settings where ``project`` (``check``), then the defaults of deck/settings.py."""
    games = resolve(deck.build if project else None, "balance", CheckBalanceIn,
                    {"games": flags.get("games")}).values.games
    seed = flags.get("seed")
    confidence = flags.get("confidence")
    return Run(spec, deck, params, games, 1 if seed is None else seed, flags.get("strategy"),
               flags.get("jobs") or 1, executor, progress,
               Thresholds().confidence if confidence is None else confidence)


@dataclass(frozen=True)
class CheckOptions:
    """What a balance check plays and adds (the flags of ``deckpress check``, resolved by
    :func:`check_options`); each checked deck's :class:`Run` is made from it."""

    games: int = field(default_factory=default_games)
    players: int | None = None
    seed: int = 1
    sets: tuple[str, ...] = ()
    thresholds: Mapping[str, float] = field(default_factory=lambda: MappingProxyType({}))
    strategy: str | None = None
    skill: bool = True  # measure the skill gap (build skips it)
    suggest: bool = False
    against: str | None = None  # an old version: a deck file, a project folder or a git revision
    apply: bool = False  # write the suggestions into the deck's own file, then check again
    pdf: Path | None = None  # write the PDF report here
    charts: Path | None = None  # ... and its PNG charts here (default: beside it, <stem>-charts)
    quality: bool = False  # also the game-quality measures (quality.py)
    targets_level: Level = "warning"  # a missed design target's finding ("error": --fail-on targets)


def check_options(deck: Deck, flags: Mapping[str, Any]) -> CheckOptions:
    """``deckpress check``'s options: ``flags`` (CheckOptions' fields; ``games`` None: not
    given) with the number of games resolved as a flag, then ``build.balance.games``,
    then deck/settings.py's default."""
    games = resolve(deck.build, "balance", CheckBalanceIn, {"games": flags.get("games")}).values.games
    return CheckOptions(**{**flags, "games": games})
