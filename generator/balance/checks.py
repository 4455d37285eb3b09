"""``run_checks``: static checks, the playtest and the verdict for one deck."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from ..deck.issues import Issue
from ..deck.model import Deck
from ..deck.thresholds import Thresholds
from ..executor import Executor
from ..games.designer.find import game_of
from ..games.finding import Finding
from ..games.registry import builtin_names, make_game, make_params, seat_strategies
from ..games.spec import GameSpec
from ..validate.deck import validate_deck
from . import simulate as sim
from .card_findings import card_findings, removal_note
from .card_paired import ERROR, WARN, band, spread_of, utility_bounds
from .card_runs import card_measures
from .card_runs import planned as card_games
from .findings import Report
from .playstats import contenders, designer, named, playtest_stats, report_hooks
from .result import GridRow, Holder
from .run import CheckOptions, Run
from .sequential import ROUND, costly, seats_decided, verdict_decided
from .skill import SKILL_GAMES, skill_gap
from .static_result import AttributeStatic, Static
from .static_suits import suited_static
from .static_weiji import weiji_static
from .thresholds import resolve_thresholds
from .verdict_play import card_evidence, play_findings
from .verdict_random import confirm_sides
from .verdict_static import suited_findings, weiji_findings

Progress = Callable[[int], None]
HOLDER_GAMES = 2000  # games replayed to see how often an unbeatable (hopeless) card's holder wins


def planned_games(deck: Deck, games: int, skill: bool = True) -> int:
    """Games a run will play in all (for a progress bar): War adds its grid,
    Weiji and Viashi the skill-gap games."""
    spec = game_of(deck)
    if spec is not None and sim.grid_size(spec) and games:
        return games + grid_games(games) * sim.grid_size(spec)
    if not (skill and spec is not None and spec.default_strategy is not None):
        return games
    impact = card_games(games, len(deck.cards), spec.card_measures)  # the per-card measures the game declares
    return games + min(games, SKILL_GAMES) + impact


def _with_validation(deck: Deck, findings: list[Finding], issues: Sequence[Issue]) -> list[Finding]:
    """The static findings plus the validation's issues; where the game's deck checks
    name each duplicate and missing card at its line (Viashi), their static twins go."""
    hooks = report_hooks(named(deck.game))
    covered = hooks.covered if hooks is not None else frozenset()
    out = [f for f in findings if f.code not in covered]
    for issue in issues:
        out.append(Finding(issue.level, issue.code, str(issue.problem), issue.cards))
    return out


def _stop_rule(t: Thresholds, sides: int, own: bool,
               teams: Sequence[Sequence[int]] | None = None) -> Callable[[Any], bool]:
    """When a sequential playtest may stop: a designer's game once its whole play
    verdict is decided (per team where its ``teams`` group the seats), a search
    player's playtest once every seat's is."""
    if own:
        return lambda s: verdict_decided(s, t, sides, teams)
    return lambda s: seats_decided(s, t, sides)


def equal_results_draw(run: Run) -> bool:
    """Does the designer's game count equal results as draws? Its class's
    ``equal_results_draw`` (default True; False: a split pot is no draw, docs/own-game.md)."""
    return bool(getattr(make_game(run.spec, run.deck, run.params), "equal_results_draw", True))


def grid_games(games: int) -> int:
    return max(20, games // 10)


def top_trumps(deck: Deck, spec: GameSpec | None = None) -> bool:
    """Whether the deck is checked as a Top-Trumps deck (strength, dominance, unbeatable
    and hopeless cards): its game (``spec``: the one its ``game:`` names, registered)
    compares the cards' attributes (Weiji), or it names no game we play and has
    attributes but no ranks. A deck whose game plays its attributes some other way
    (a designer's game) is not: those findings would speak of another game."""
    if spec is not None:
        hooks = spec.report
        return hooks is not None and hooks.showdowns
    return bool(deck.attributes and not deck.ranks)


def static_checks(deck: Deck, t: Thresholds, spec: GameSpec | None = None) -> tuple[Static, list[Finding]]:
    """The deck's static checks; ``spec``: the game its ``game:`` names, registered
    (a designer's game.py too; None: ``game: none``)."""
    if top_trumps(deck, spec):
        if not deck.attributes and spec is not None:  # (a deck without attributes is Top Trumps by its game alone)
            title = spec.title
            return AttributeStatic(), [Finding("error", "no_attributes", f"the deck has no attributes, so {title} cannot be played with it.")]
        attributes = weiji_static(deck)
        return attributes, weiji_findings(deck, attributes, t)
    if deck.ranks or deck.suits:
        suited = suited_static(deck)
        return suited, suited_findings(deck, suited, t)
    return Static(), []


def run_checks(
    deck: Deck,
    options: CheckOptions = CheckOptions(),
    *,
    progress: Progress | None = None,
    jobs: int | str = 1,
    executor: Executor | None = None,
    sequential: bool = True,
    issues: Sequence[Issue] | None = None,
) -> Report:
    """Check ``deck`` as ``options`` say (:class:`~.run.CheckOptions`); ``games=0`` runs
    the static checks alone. ``strategy``: how the playtest's seats decide (as
    ``--strategy``); ``skill``: also measure the skill gap (:mod:`.skill`; ``deckpress
    build`` skips it). The playtest and every measure take one :class:`~.run.Run` made
    here. The games run on ``executor`` (see :mod:`generator.executor`), else on ``jobs`` processes.
    ``sequential``: stop costly measurements once decided (:mod:`.sequential`);
    False plays every game asked for (the benchmarks' baseline). ``issues``:
    the deck validation's (:func:`generator.validate.deck.validate_deck`, run here if None),
    listed as findings at the deck's lines; a play error there means no playtest."""
    games, players, seed, strategy, skill = options.games, options.players, options.seed, options.strategy, options.skill
    t = resolve_thresholds(deck, options.thresholds)
    sets = list(options.sets)
    spec = game_of(deck)  # a designer's game.py is loaded (and run) here
    game = spec.name if spec is not None else deck.game
    decisions = spec is not None and spec.default_strategy is not None
    measured = skill and spec is not None and spec.card_measures.any and decisions  # cards judged
    visible = {k: v for k, v in t.mapping().items() if measured or k not in (WARN, ERROR)}  # the band: where it judges
    report = Report(deck=deck.name, key=deck.key, game=game, cards=sum(c.copies for c in deck.cards), thresholds=visible)
    report.static, findings = static_checks(deck, t, spec)
    if deck.attributes and not isinstance(report.static, AttributeStatic) and spec is not None and designer(spec):
        report.notes.append(f"{spec.title} does not compare the cards' attributes in showdowns: the deck is not"
                            " checked as a Top-Trumps deck")
    issues = validate_deck(deck) if issues is None else issues
    findings = _with_validation(deck, findings, issues)
    blocked = any(f.level == "error" and f.code in ("no_rank", "no_attributes", "no_suit") for f in findings) \
        or any(i.level == "error" and i.play for i in issues)  # print errors are reported, not blocking
    params = make_params(spec, sets, players=players) if spec is not None else None
    if games <= 0:
        report.notes.append("static checks only (--games 0)")
    elif params is None or spec is None:
        report.notes.append(f"game {game!r}: nothing to simulate")
    elif blocked:
        report.notes.append("not simulated: fix the errors above first")
    else:
        run = Run(spec, deck, params, games, seed, strategy, jobs, executor, progress, t.confidence)
        sides = contenders(spec, run.players)
        own = spec.name not in builtin_names()
        teams = spec.teams_of(params) if own and spec.sides is None else None
        equal_draws = own and equal_results_draw(run)
        # a game whose equal results are no draw (a split pot) has no draws verdict to wait for
        rule_t = t if equal_draws or not own else replace(t, draws_max=math.inf)  # never crossed: no draws rule
        decided = _stop_rule(rule_t, sides, own, teams) if sequential and (own or costly(strategy)) else None
        pt = sim.playtest(run, decided=decided, round_games=ROUND)
        if pt.summary.games < games:
            why = "its rules are your Python" if own else f"--strategy {pt.summary.strategy} searches"
            what = "the play verdict (seats, draws, unfinished and long games) was" if own else "every seat's verdict was"
            report.notes.append(f"sequential testing: stopped after {pt.summary.games:,} of {games:,} games, once"
                                f" {what} decided at {t.confidence:.0%} (the same as --games"
                                f" {pt.summary.games}; {why}, so each game costs)")
        play = report.playtest = playtest_stats(pt, deck, t.confidence)
        if own and pt.summary.strategy:  # a designer's figures are those of a player: say which (issue 48)
            report.notes.append(f"the seat shares, draws, game length and per-card measures describe {pt.summary.strategy}"
                                " play at every seat, not the cards alone: deckpress check --strategy NAME (random,"
                                " greedy, mcts:N or the game's own) measures them again with another player")
        play.equal_draws = equal_draws or not own
        if play.mixed:
            report.notes.append(f"seats play different strategies ({pt.summary.strategy}): no seat-advantage verdict")
        if skill:
            play.skill = skill_gap(run, sequential)
        elif pt.summary.strategy:
            report.notes.append(f"playtest strategy: {pt.summary.strategy}; skill gap not measured"
                                " (deckpress check measures it)")
        measures = spec.card_measures
        if skill and measures.any:  # each card by restricted play and by removal, pair by pair (card_paired.py)
            limits = band(t, len(teams) if teams else sides, utility_bounds(run), spread_of(pt.summary))
            if not sequential:
                limits = replace(limits, stop=False)  # a full run: every card plays its most games
            play.card_impact, play.card_removal = card_measures(run, pt.summary, measures, limits)
            findings += card_findings(play.card_impact, play.card_removal, limits, t.confidence,
                                      seat_strategies(spec.name, strategy, run.players))
            note = removal_note(play.card_removal, limits)
            if note is not None:
                report.notes.append(note)
        left_out = [name for name, on in (("card impact", measures.impact), ("card removal", measures.removal)) if not on]
        if skill and left_out and decisions:  # why, in the game's words (its spec's)
            play.unmeasured = f"{' and '.join(left_out)} not measured: {measures.reason or 'the game leaves it out'}"
        if sim.grid_size(spec) and play.section is not None:
            play.grid = tuple(GridRow.from_json(r) for r in sim.length_grid(run.but(games=grid_games(games)), sets))
        flagged = {f.cards[0] for f in findings if f.code in ("unbeatable", "hopeless")}
        shown = play.showdowns
        if shown is not None and flagged:
            holders = sim.holder_wins(run.but(games=min(games, HOLDER_GAMES)), sorted(flagged))
            play.holders = {cid: Holder.from_json(h) for cid, h in holders.items()}
            findings = [card_evidence(f, shown, games, play.holders) if f.code in ("unbeatable", "hopeless") else f
                        for f in findings]
        findings += play_findings(play, t, flagged)
        findings = confirm_sides(findings, play, run, t, sequential)  # the game's edge, or its players'? (random play)
    report.findings = sorted(findings, key=lambda f: f.level != "error")
    return report
