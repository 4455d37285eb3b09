"""The skill gap: how much more often a skilled seat wins than a random one.

One skilled seat (Viashi: ``greedy``, or ``expert`` for three players when
``--strategy`` names it; Weiji: ``best``) plays against ``random`` seats, rotated so that it sits in
every seat position equally often. The gap is the skilled seat's win share
minus a random seat's (both over all games, draws counted as not won), with
Newcombe's interval (from the two Wilson intervals). War has no player decisions: no gap, by
design. Levels: *none* (the interval holds 0, or the gap is under 3 points),
*some* (under 15 points), *much* (15 points or more).

For three-player Viashi with ``expert`` the same games give each card's value under expert
play, from the cards the expert seat played: how often it captured with the
card, the points it captured with it (captives, plus Magicians/Scholars under
elvish rules; a trick is one point under human rules) and, for the Fools and
the Changeling, how often the card captured its special target.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from ..deck.model import Deck
from ..executor import Executor
from ..games import runner
from ..games.designer.loader import ensure
from ..games.params import Params
from ..games.registry import builtin_names, make_game, make_strategy
from ..games.reporting import Share
from ..games.spec import GameSpec
from .intervals import wilson, z_value
from .playstats import contenders, team_seats
from .ranges import span
from .result import CardValue, SkillGap
from .run import Run
from .sequential import MUCH, SOME, costly

SKILL_GAMES = 300  # at most, over all seat positions
UTILITY_SKILL_GAMES = 2000  # at most for a game with utility (paired and sequential: see UtilityGap)
ROUND = 30  # games per seat position between two looks at the interval
UNRESOLVED = "not resolved"  # a utility gap whose interval straddles the none band's edge
CHUNK = 10  # games per task (a process or cluster worker plays one task at a time)
Progress = Callable[[int], None]
RANDOM_DEFAULT = ("not measured: the default player is random, so no skilled seat plays against random"
                  " (deckpress check --strategy mcts:100 measures the search player's gap)")


def skilled_strategy(game: GameSpec, params: Params, asked: str | None = None) -> str | None:
    """The skilled seat's strategy: the search player when ``asked`` (the ``--strategy``
    value) names one for a game that has it (Weiji: the card-counting ``expert``;
    three-player Viashi: ``expert``, with its budget if given), else the game's default (Viashi ``greedy``, Weiji ``best``), which
    costs next to nothing, so a plain ``check`` stays fast."""
    known = game
    if known.default_strategy is None:
        return None
    experts = [n.strip() for n in (asked or "").split(",") if n.strip().startswith("expert")]
    hooks = known.report
    chosen = hooks.skilled(experts, params) if experts and hooks is not None and hooks.skilled is not None else None
    if chosen is not None:
        return chosen  # the game's own expert (Weiji: card counting, no budget; Viashi: three players)
    searchers = [n.strip() for n in (asked or "").split(",") if n.strip().partition(":")[0] == "mcts"]
    if searchers and "mcts" in known.strategies:
        return searchers[0]  # any game's search player (mcts:N)
    return known.default_strategy


def level(gap: float, low: float, high: float) -> str:
    """``none``, ``some`` or ``much`` (a gap whose whole interval is below zero is
    ``none`` here; the report's line says the skilled player loses to random)."""
    if low <= 0.0 <= high or gap < SOME:
        return "none"
    return "some" if gap < MUCH else "much"


class _CardValues:
    """Per card, from the trick events of the skilled seat's plays."""

    def __init__(self, rules: Any, human: bool, seat: int) -> None:
        self.rules, self.human, self.seat = rules, human, seat
        self.rows: dict[str, list[int]] = {cid: [0, 0, 0, 0] for cid in rules.ids}  # played, captured, points, special

    def __call__(self, event: Mapping[str, Any]) -> None:
        if event.get("event") != "trick":
            return
        mine = next((cid for s, cid in event["played"] if s == self.seat), None)
        if mine is None:
            return
        row = self.rows[mine]
        row[0] += 1
        if event["capturer"] != self.seat:
            return
        row[1] += 1
        number = self.rules.number
        cards = [cid for _, cid in event["played"]]
        row[2] += 1 if self.human else len(cards) - 1 + sum(self.rules.rank8[number[c]] for c in cards)
        if event["rule"] in ("fool", "changeling"):
            row[3] += 1


def skill_gap(run: Run, sequential: bool = True) -> SkillGap:
    """The skill gap (see the module docstring) of ``run`` over at most :data:`SKILL_GAMES`
    games; ``run.strategy``: the ``--strategy`` value (see :func:`skilled_strategy`). The games
    are played on ``run.executor`` when given; with a search player (``expert``) in rounds of
    :data:`ROUND` per seat position, stopping as soon as the gap's interval decides its
    level (see :func:`decided`):
    ``games`` in the result says how many were played (``sequential=False``: all of them)."""
    game, deck, params, games, seed = run.spec, run.deck, run.params, run.games, run.seed
    confidence, progress, asked, executor = run.confidence, run.progress, run.strategy, run.executor
    skilled = skilled_strategy(game, params, asked)
    if skilled is None:
        return SkillGap("none", f"{game.name} has no player decisions: the deal decides (by design)")
    if skilled == "random":  # random against random: its interval would show chance alone, or a gap nobody has
        return SkillGap("none", RANDOM_DEFAULT)
    players = int(getattr(params, "players", 2))
    sides = contenders(game, players)
    teams = team_seats(game, params.model_dump()) if sides == players else None
    if teams:  # partners: the skilled side is a whole team (docs/balance.md, "Sides")
        sides = len(teams)
    built = make_game(game, deck, params)
    rules = getattr(built, "rules", None)
    values = skilled.startswith("expert") and rules is not None
    has_utility = getattr(built, "utility", None) is not None  # judged in its returns (chips), not games won
    # a game with utility: paired games, played sequentially up to --games (a chips edge is small against a hand's spread)
    per_seat = max(1, min(games, UTILITY_SKILL_GAMES if has_utility else SKILL_GAMES) // sides)
    if progress is not None and has_utility:  # the bar planned min(games, SKILL_GAMES): scale the ticks to it
        progress = _scaled(progress, per_seat * sides, max(1, min(games, SKILL_GAMES) // sides) * sides)
    human = getattr(params, "variant", "") == "human"
    rows: dict[str, list[int]] = {}
    won = lost = total = 0  # the skilled seat's wins; the random seats' wins
    paired = [0.0, 0.0]  # a game with utility: the skilled side's return less the others', summed and squared
    done = 0
    # the cheap strategies play every game of a built-in (compiled) game; a designer's game costs
    sequential = sequential and (costly(skilled) or game.name not in builtin_names())
    while done < per_seat:
        stop = min(per_seat, done + ROUND) if sequential else per_seat
        tasks = [Task(seat, _names(skilled, _group(seat, players, sides, teams), players), seed, a, min(a + CHUNK, stop),
                      values, human, _group(seat, players, sides, teams))
                 for seat in range(sides) for a in range(done, stop, CHUNK)]
        for part in _run(built, game, deck, params, tasks, executor):
            won, lost, total = won + part[0], lost + part[1], total + part[2]
            paired = [paired[0] + part[4], paired[1] + part[5]]
            for cid, row in part[3].items():
                rows[cid] = [a + b for a, b in zip(rows.get(cid, [0, 0, 0, 0]), row, strict=True)]
            if progress is not None:
                progress(part[2])
        done = stop
        judged = utility_gap(paired, total, confidence) if has_utility else None
        if decided(*_gap(won, lost, total, sides, confidence)[2:]) if judged is None else judged.decided:
            if progress is not None and done < per_seat:
                progress((per_seat - done) * sides)  # decided early: the bar's remaining games are not needed
            break
    p1, p2, gap, low, high, s_int, r_int = _gap(won, lost, total, sides, confidence)
    others = total * (sides - 1)
    cards = {cid: CardValue(r[0], r[1], r[2], r[2] / r[0] if r[0] else 0.0, r[3] if _special(rules, cid) else None)
             for cid, r in sorted(rows.items())} if values else None
    judged = utility_gap(paired, total, confidence) if has_utility else None
    if judged is not None:
        return SkillGap(judged.level, "", cards, skilled=skilled, versus="random", games=total,
                        skilled_share=Share(won, total, p1, s_int[0], s_int[1]),
                        random_share=Share(lost, others, p2, r_int[0], r_int[1]), gap=judged.gap, low=judged.low,
                        high=judged.high, unit="return", sd=judged.sd)
    return SkillGap(level(gap, low, high), "", cards, skilled=skilled, versus="random", games=total,
                    skilled_share=Share(won, total, p1, s_int[0], s_int[1]),
                    random_share=Share(lost, others, p2, r_int[0], r_int[1]), gap=gap, low=low, high=high)


def _scaled(progress: Progress, played: int, planned: int) -> Progress:
    """``progress`` ticking ``planned`` in all while ``played`` games are reported."""
    seen = [0, 0]  # games reported, ticks given

    def tick(n: int) -> None:
        seen[0] += n
        due = min(planned, seen[0] * planned // max(1, played))
        if due > seen[1]:
            progress(due - seen[1])
            seen[1] = due

    return tick


def decided(gap: float, low: float, high: float, *_: Any) -> bool:
    """Does the interval settle the level? Both of its ends fall in the same band
    (under :data:`SOME` points: none; under :data:`MUCH`: some; else much)."""
    return _band(low) == _band(high)


def _band(x: float) -> int:
    return 0 if x < SOME else 1 if x < MUCH else 2


def _gap(won: int, lost: int, total: int, sides: int,
         confidence: float) -> tuple[float, float, float, float, float, tuple[float, float], tuple[float, float]]:
    others = total * (sides - 1)
    p1, p2 = won / total, lost / others
    gap = p1 - p2
    s_low, s_high = wilson(won, total, confidence)
    r_low, r_high = wilson(lost, others, confidence)
    low = max(-1.0, gap - math.hypot(p1 - s_low, r_high - p2))  # Newcombe's interval for a difference of proportions
    high = min(1.0, gap + math.hypot(s_high - p1, p2 - r_low))
    return p1, p2, gap, low, high, (s_low, s_high), (r_low, r_high)


def _group(seat: int, players: int, sides: int, teams: Any) -> tuple[int, ...]:
    """The skilled side's seats: one seat, or a team (a designer's ``teams``; Viashilym's
    team of ``seat`` and ``seat + sides``, its win recorded on ``seat``)."""
    if teams:
        return tuple(teams[seat])
    return (seat, seat + sides) if sides != players else (seat,)


def _names(skilled: str, group: tuple[int, ...], players: int) -> tuple[str, ...]:
    return tuple(skilled if s in group else "random" for s in range(players))


class UtilityGap:
    """The skill gap of a game with utility, paired game by game: the skilled side's return
    less the return of random play in the same seats of the same seeded game (common random
    numbers: the deal is the same, so its luck cancels), with the normal interval of the
    mean difference; its level by the same bands as a win-share gap, read in standard
    deviations (a fair coin's is 0.5: 3 points = 0.06). Played in rounds up to
    :data:`UTILITY_SKILL_GAMES` (at most ``--games``), stopping once the level is decided;
    a gap whose interval still holds 0 but reaches past the *none* band is ``not resolved``
    (never *none*: more games would tell)."""

    def __init__(self, paired: list[float], games: int, confidence: float) -> None:
        n = max(1, games)
        self.gap = paired[0] / n
        self.sd = math.sqrt(max(0.0, paired[1] / n - self.gap ** 2) * n / max(1, n - 1))
        half = z_value(confidence) * self.sd / math.sqrt(n)
        self.low, self.high = self.gap - half, self.gap + half
        scale = 0.5 / self.sd if self.sd > 0 else 0.0  # a return gap as the win-share gap of the same size
        self.level = level(self.gap * scale, self.low * scale, self.high * scale)
        self.decided = decided(0.0, self.low * scale, self.high * scale)
        if self.level == "none" and not self.decided and self.high * scale >= SOME:
            self.level = UNRESOLVED


def utility_gap(paired: list[float], games: int, confidence: float) -> UtilityGap | None:
    return UtilityGap(paired, games, confidence) if games > 1 else None


Part = tuple[int, int, int, dict[str, list[int]], float, float]  # skilled wins, random wins, games, card rows, paired


class Task(NamedTuple):
    """One chunk of one seat position: games ``start``..``stop``, the seats' strategies
    (``names``), whether to note the cards' values, and the skilled side's seats (``group``)."""

    seat: int
    names: tuple[str, ...]
    seed: int
    start: int
    stop: int
    values: bool
    human: bool
    group: tuple[int, ...] = ()


def _run(built: Any, game: GameSpec, deck: Deck, params: Params, tasks: list[Task],
         executor: Executor | None) -> list[Part]:
    """Every chunk's part, in task order (sums do not depend on it, but the order is fixed anyway)."""
    if executor is None or executor.workers == 1 and executor.kind != "dask" or len(tasks) == 1:
        return [_play(built, game, task) for task in tasks]
    parts: dict[int, Part] = dict(executor.run(_work, tasks, initializer=_init_worker,
                                               # a designer's game.py is imported again in each worker by its source
                                               initargs=(game.source or game.name, runner.dump_deck(deck),
                                                         params.model_dump(exclude_unset=True)),
                                               fork=runner.prefer_fork(game.name, built, ",".join(tasks[0][1]))))
    return [parts[k] for k in range(len(tasks))]


def _play(built: Any, game: GameSpec, task: Task) -> Part:
    """Games ``start``..``stop`` of one seat position (``group``: the skilled side's seats)."""
    seat, names, seed, start, stop, values, human, group = task
    rules = getattr(built, "rules", None)
    watch = _CardValues(rules, human, seat) if values else None
    group = group or (seat,)
    won = lost = 0
    total = squares = 0.0
    for index in range(start, stop):
        strategies = [make_strategy(game, n) for n in names]
        result = runner.play(built, strategies, runner.game_rng(seed + 1000 * seat, index), watch)
        if result.winner is not None and not result.unfinished:
            won += result.winner in group
            lost += result.winner not in group
        if result.returns:  # utility: the skilled side's mean return less random play's in the same seats and game
            usual = runner.play(built, [make_strategy(game, "random") for _ in names],
                                runner.game_rng(seed + 1000 * seat, index))  # the same seeded game, every seat random
            mine = [r for s, r in enumerate(result.returns) if s in group]
            theirs = [r for s, r in enumerate(usual.returns or ()) if s in group] or [0.0]
            d = sum(mine) / len(mine) - sum(theirs) / len(theirs)
            total, squares = total + d, squares + d * d
    return won, lost, stop - start, watch.rows if watch is not None else {}, total, squares


_WORKER: dict[str, Any] = {}


def _init_worker(source: str, deck: bytes, values: dict[str, Any]) -> None:
    spec = ensure(source)  # a built-in name, or the import string of a designer's game.py
    params = spec.params.model_validate(values)
    _WORKER.update(game=spec, built=make_game(spec, runner.load_deck(deck), params))


def _work(*task: Any) -> Part:
    return _play(_WORKER["built"], _WORKER["game"], Task(*task))


def _special(rules: Any, cid: str) -> bool:
    """Has this card a special target (a Fool: its Queen/King; the Changeling: the Lady)?"""
    c = rules.number[cid]
    return bool(rules.fool[c]) or c == rules.changeling


def skill_line(skill: SkillGap, game: GameSpec | None = None) -> tuple[str, str, str]:
    """(label, value, interval) of the report's skill-gap line; a gap whose whole interval is
    below zero reads "the default player loses to random" (``game``'s default strategy)."""
    if skill.skilled_share is None or skill.random_share is None:
        return "skill gap", "none", skill.reason
    p = skill.skilled_share.share
    q = skill.random_share.share
    if skill.unit == "return":  # a game with utility: the gap in its returns (chips, points) a game
        more = "; more games would tell: --games" if skill.level == UNRESOLVED else ""
        value = (f"{skill.gap:+.3g} a game: {skill.level} ({skill.skilled}'s mean return less random play's in the"
                 f" same seats and deals{more}; {skill.skilled} wins {p:.1%} of the games, random {q:.1%})")
        return f"skill gap ({skill.skilled} vs random, {skill.games} games)", value, span(skill.low, skill.high, "+.3g")
    value = f"{skill.gap * 100:+.1f} points: {skill.level} ({skill.skilled} wins {p:.1%}, random {q:.1%})"
    if skill.high < 0.0:  # the whole interval below zero
        default = game is not None and game.default_strategy == skill.skilled
        who = f"default player ({skill.skilled})" if default else f"{skill.skilled} player"
        value = (f"{skill.gap * 100:+.1f} points: the {who} loses to random"
                 f" ({skill.skilled} wins {p:.1%}, random {q:.1%})")
    return f"skill gap ({skill.skilled} vs random, {skill.games} games)", value, \
        f"{skill.low * 100:+.1f} to {skill.high * 100:+.1f}"


def value_rows(cards: Mapping[str, CardValue], show: int = 5) -> list[tuple[str, CardValue]]:
    """The cards worth most and least per play, then those with a special target."""
    played = sorted((c for c in cards.items() if c[1].played), key=lambda c: -c[1].points_per_play)
    picked = played if len(played) <= 2 * show else played[:show] + played[-show:]
    names = {cid for cid, _ in picked}
    return picked + [c for c in cards.items() if c[1].special is not None and c[0] not in names]
