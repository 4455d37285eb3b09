"""The tests' ports of OpenSpiel games checked against OpenSpiel itself (``open_spiel``, a
test-only dependency: pyproject's ``dev`` extra; generator/ never imports it).

The games: Kuhn poker (tests/games/api2/kuhn.py, OpenSpiel's ``kuhn_poker``), Leduc poker
(tests/balance/sides/leduc.py, ``leduc_poker``) and Goofspiel (tests/balance/sides/goofspiel.py,
``goofspiel`` with ``points_order=random``; its bids are public, ``imp_info`` off). The
planted games (Stacked Kuhn, ``EdgeLeduc``) deal unfairly on purpose, so they differ from
OpenSpiel by design: only the fair ports are checked here (and the chance check is shown to
catch the stacked deal).

1. **Move by move.** Our state and OpenSpiel's are walked in lockstep: the whole tree of
   Kuhn, Leduc and Goofspiel with 3 and 4 cards (chance outcomes taken from OpenSpiel's list),
   and seeded random playouts of Leduc and Goofspiel with 5 and 13 cards (chance outcomes
   drawn by our ``sample_chance``, which OpenSpiel must list). At every node the same kind
   of node (chance, the same player, simultaneous, terminal), our legal actions map one to
   one onto OpenSpiel's, and at the end the returns are equal. Our chance draws are fitted
   to OpenSpiel's probabilities (a chi-square test) at nodes along the way. Hidden
   information too: over the whole tree a seat's ``view`` is the same for every history of
   one OpenSpiel information state (no leak) and, in the poker games, tells apart what
   OpenSpiel's tells apart (nothing forgotten); ``resample`` deals exactly the histories of
   the seat's information state.
2. **Exact values.** OpenSpiel's exact expected returns under uniform random play (and, for
   Kuhn, under our hand-written Nash player, whose exploitability OpenSpiel measures as 0)
   lie inside what deckpress measures for the same play: ``runner.simulate`` and what
   ``deckpress check --strategy random --json`` reports (``playtest.returns``).

The action mapping (ours -> OpenSpiel's action ids):

- Kuhn: ``pass`` -> 0 (Pass), ``bet`` -> 1 (Bet). Our one ``deal (a, b)`` chance node (a, b in
  0..2: J, Q, K) is OpenSpiel's two: card ``a`` to player 0 (1/3), then ``b`` to player 1
  (1/2); our deal's probability is their product, 1/6.
- Leduc: ``fold`` -> 0, ``call`` -> 1, ``raise`` -> 2; ``deal (a, b)`` (cards 0-5, rank
  card // 2, as OpenSpiel's) -> OpenSpiel's two deals ``a`` (1/6) then ``b`` (1/5);
  ``public c`` -> chance outcome ``c`` (1/4).
- Goofspiel: ``bid v`` -> ``v - 1`` (OpenSpiel's card index), for each seat at the
  simultaneous node; ``prize p`` -> chance outcome ``p - 1``. OpenSpiel plays the last round
  by itself (one card left each, one prize left): after the second-last bids it is terminal,
  where our port still has a chance node with one possible prize and a simultaneous node with
  one bid each; the walk plays those forced moves and then compares. Our returns are win
  shares (1, 1/2 each for equal totals, 0); OpenSpiel is loaded with
  ``returns_type=total_points``, compared with our ``Result.scores``, and its point
  difference decides our shares.

Exact values (OpenSpiel): Kuhn, uniform random play, player 0 +1/8 chip a hand; Kuhn's Nash
value for player 0 is -1/18 (Kuhn 1950), reached by tests/games/api2/kuhn.py's ``nash``
player; Leduc, uniform random play, player 0 -5/64 = -0.078125 chip a hand; Goofspiel with 4
cards, uniform random bids: equal totals with probability 7/36 (computed below from
OpenSpiel's tree), each seat wins with probability 29/72.

Run them: ``pytest tests/balance/test_openspiel_crosscheck.py`` (``pip install -e .[dev]``
installs ``open_spiel``; it has no Windows wheel, so the module is skipped there).
"""

from __future__ import annotations

import json
import random
import sys
import tomllib
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from games.api2 import kuhn  # tests/ is on the path (pytest's rootdir import), as for tests/games
from typer.testing import CliRunner

from generator.cli import app
from generator.deck import resolve_deck
from generator.games import runner
from generator.games.api import CHANCE, SIMULTANEOUS, TERMINAL, Action, freeze
from generator.games.designer.find import game_of
from generator.games.registry import make_params

from .sides import goofspiel, leduc

if sys.platform == "win32":  # pragma: no cover
    pytest.skip("open_spiel has no Windows wheel", allow_module_level=True)

import pyspiel  # noqa: E402
from open_spiel.python import policy as os_policy  # noqa: E402
from open_spiel.python.algorithms import expected_game_score, exploitability  # noqa: E402
from scipy.stats import chi2  # noqa: E402  # a dependency of open_spiel's

ROOT = Path(__file__).resolve().parents[2]
KUHN_PY = ROOT / "tests" / "games" / "api2" / "kuhn.py"
LEDUC_PY = ROOT / "tests" / "balance" / "sides" / "leduc.py"
GOOFSPIEL_PY = ROOT / "tests" / "balance" / "sides" / "goofspiel.py"
cli = CliRunner()


# -- the action mapping, one adapter a game ------------------------------------------------


@dataclass
class Port:
    """Our game beside OpenSpiel's: how one of our actions reads in OpenSpiel."""

    name: str
    openspiel: str  # pyspiel.load_game's string
    new_state: Callable[[], Any]
    action: Callable[[Action], int]  # a player's action -> OpenSpiel's id
    chance: Callable[[Action], tuple[int, ...]]  # our chance outcome -> OpenSpiel's run of chance outcomes
    from_chance: Callable[[tuple[int, ...]], Action]  # and back

    def load(self) -> Any:
        return pyspiel.load_game(self.openspiel)


KUHN_IDS = {"pass": 0, "bet": 1}
LEDUC_IDS = {"fold": 0, "call": 1, "raise": 2}


def _kuhn_state() -> Any:
    return kuhn.Kuhn(None, kuhn.Params()).new_state()


def _leduc_state() -> Any:
    return leduc.Leduc(None, leduc.TwoPlayers()).new_state()


def _goofspiel_state(cards: int) -> Callable[[], Any]:
    return lambda: goofspiel.Goofspiel(None, goofspiel.SealedParams(cards=cards)).new_state()


def _leduc_chance(a: Action) -> tuple[int, ...]:
    return (int(a.value[0]), int(a.value[1])) if a.kind == "deal" else (int(a.value),)


def _leduc_from_chance(run: tuple[int, ...]) -> Action:
    return Action("deal", run) if len(run) == 2 else Action("public", run[0])


KUHN = Port("kuhn", "kuhn_poker", _kuhn_state, lambda a: KUHN_IDS[a.kind],
            lambda a: (int(a.value[0]), int(a.value[1])), lambda run: Action("deal", run))
LEDUC = Port("leduc", "leduc_poker", _leduc_state, lambda a: LEDUC_IDS[a.kind], _leduc_chance, _leduc_from_chance)


def goofspiel_port(cards: int) -> Port:
    return Port(f"goofspiel{cards}", f"goofspiel(num_cards={cards},points_order=random,returns_type=total_points)",
                _goofspiel_state(cards), lambda a: int(a.value) - 1, lambda a: (int(a.value) - 1,),
                lambda run: Action("prize", run[0] + 1))


# -- the lockstep walk ---------------------------------------------------------------------


def chance_runs(theirs: Any) -> Iterator[tuple[tuple[int, ...], float]]:
    """OpenSpiel's consecutive chance nodes from ``theirs``: each run of outcomes up to the
    next decision (or the end) with its probability."""
    if not theirs.is_chance_node():
        yield (), 1.0
        return
    for outcome, p in theirs.chance_outcomes():
        for rest, q in chance_runs(theirs.child(outcome)):
            yield (outcome, *rest), p * q


def same_node(port: Port, ours: Any, theirs: Any) -> None:
    """The same kind of node, the same player, and legal actions that map one to one."""
    cur = ours.current()
    if theirs.is_terminal():
        assert cur == TERMINAL or port.name.startswith("goofspiel"), (port.name, cur, str(theirs))
        return
    if theirs.is_chance_node():
        assert cur == CHANCE, (port.name, cur, str(theirs))
    elif theirs.is_simultaneous_node():
        assert cur == SIMULTANEOUS, (port.name, cur, str(theirs))
        for seat in (0, 1):
            mapped = [port.action(a) for a in ours.legal_actions(seat)]
            assert len(set(mapped)) == len(mapped) and sorted(mapped) == theirs.legal_actions(seat), (seat, str(theirs))
    else:
        assert cur == theirs.current_player(), (port.name, cur, str(theirs))
        mapped = [port.action(a) for a in ours.legal_actions()]
        assert len(set(mapped)) == len(mapped) and sorted(mapped) == theirs.legal_actions(), str(theirs)


def apply_chance(port: Port, ours: Any, theirs: Any, outcome: Action) -> float:
    """Apply our chance ``outcome`` to both; the probability OpenSpiel gives it."""
    p = 1.0
    for a in port.chance(outcome):
        assert theirs.is_chance_node(), (outcome, str(theirs))
        listed = dict(theirs.chance_outcomes())
        assert a in listed, f"{port.name}: our {outcome} is not one of OpenSpiel's outcomes {sorted(listed)}"
        p *= listed[a]
        theirs.apply_action(a)
    assert not theirs.is_chance_node()  # one chance node of ours is a whole run of OpenSpiel's
    ours.apply(outcome)
    return p


def finish_and_compare(port: Port, ours: Any, theirs: Any) -> None:
    """At OpenSpiel's terminal node: our returns equal its returns (Goofspiel: our last,
    forced round played first; our win shares follow its point difference)."""
    assert theirs.is_terminal()
    if not port.name.startswith("goofspiel"):
        assert ours.current() == TERMINAL and ours.returns() == theirs.returns()
        return
    rng = random.Random(0)
    while not ours.is_over():  # OpenSpiel's automatic last round: one prize left, one bid each
        if ours.current() == CHANCE:
            draws = {ours.sample_chance(rng) for _ in range(5)}
            assert len(draws) == 1, draws
            ours.apply(draws.pop())
        else:
            joint = [list(ours.legal_actions(seat)) for seat in (0, 1)]
            assert [len(j) for j in joint] == [1, 1], joint
            ours.apply_joint([j[0] for j in joint])
    points = theirs.returns()
    assert ours.result().scores == points
    diff = points[0] - points[1]
    assert ours.returns() == ([1.0, 0.0] if diff > 0 else [0.0, 1.0] if diff < 0 else [0.5, 0.5])


Views = dict[tuple[str, int, Any], set[Any]]


def note_views(ours: Any, theirs: Any, views: Views) -> None:
    """At a decision node, each seat's view beside its OpenSpiel information state, both ways."""
    for seat in (0, 1):
        mine, info = freeze(ours.view(seat)), theirs.information_state_string(seat)
        views.setdefault(("openspiel", seat, info), set()).add(mine)
        views.setdefault(("ours", seat, mine), set()).add(info)


def walk_all(port: Port, ours: Any, theirs: Any, views: Views | None = None) -> int:
    """Every line of play of both trees in lockstep; the number of terminal nodes. With
    ``views``: every decision node's views and information states noted (:func:`note_views`)."""
    same_node(port, ours, theirs)
    if views is not None and not theirs.is_terminal() and not theirs.is_chance_node():
        note_views(ours, theirs, views)
    if theirs.is_terminal():
        finish_and_compare(port, ours, theirs)
        return 1
    leaves = 0
    if theirs.is_chance_node():
        runs = list(chance_runs(theirs))
        assert sum(p for _, p in runs) == pytest.approx(1.0)
        for run, p in runs:
            o, t = ours.clone(), theirs.clone()
            assert apply_chance(port, o, t, port.from_chance(run)) == pytest.approx(p)
            leaves += walk_all(port, o, t, views)
    elif theirs.is_simultaneous_node():
        for a in ours.legal_actions(0):
            for b in ours.legal_actions(1):
                o, t = ours.clone(), theirs.clone()
                o.apply_joint([a, b])
                t.apply_actions([port.action(a), port.action(b)])
                leaves += walk_all(port, o, t, views)
    else:
        for a in ours.legal_actions():
            o, t = ours.clone(), theirs.clone()
            o.apply(a)
            t.apply_action(port.action(a))
            leaves += walk_all(port, o, t, views)
    return leaves


def play_out(port: Port, rng: random.Random) -> list[tuple[Any, Any]]:
    """One random playout in lockstep, our port drawing the chance outcomes and the moves;
    returns the chance nodes met (our state and OpenSpiel's, before the draw)."""
    game = port.load()
    ours, theirs = port.new_state(), game.new_initial_state()
    met = []
    while not theirs.is_terminal():
        same_node(port, ours, theirs)
        if theirs.is_chance_node():
            met.append((ours.clone(), theirs.clone()))
            apply_chance(port, ours, theirs, ours.sample_chance(rng))
        elif theirs.is_simultaneous_node():
            joint = [rng.choice(list(ours.legal_actions(seat))) for seat in (0, 1)]
            ours.apply_joint(joint)
            theirs.apply_actions([port.action(a) for a in joint])
        else:
            a = rng.choice(list(ours.legal_actions()))
            ours.apply(a)
            theirs.apply_action(port.action(a))
    same_node(port, ours, theirs)
    finish_and_compare(port, ours, theirs)
    return met


def chance_fit(port: Port, ours: Any, theirs: Any, draws: int, seed: int) -> float:
    """Our ``sample_chance`` drawn ``draws`` times at this node against OpenSpiel's
    probabilities: every draw one of OpenSpiel's outcomes, and the chi-square test's p-value."""
    rng = random.Random(seed)
    expected = dict(chance_runs(theirs))
    seen = Counter(port.chance(ours.sample_chance(rng)) for _ in range(draws))
    assert set(seen) <= set(expected), f"{port.name}: outcomes OpenSpiel never deals: {set(seen) - set(expected)}"
    if len(expected) == 1:
        return 1.0
    stat = sum((seen[k] - draws * p) ** 2 / (draws * p) for k, p in expected.items())
    return float(chi2.sf(stat, len(expected) - 1))


# -- 1. move by move ---------------------------------------------------------------------------


@pytest.mark.parametrize("port, leaves", [
    (KUHN, 30),  # 6 deals x 5 lines of betting
    (LEDUC, 5520),  # OpenSpiel's tree of leduc_poker: 9,457 nodes
    (goofspiel_port(3), 3 * 9 * 2 * 4),  # prizes x joint bids, round by round (the last one forced)
    (goofspiel_port(4), 4 * 16 * 3 * 9 * 2 * 4),
])
def test_the_whole_tree_matches_openspiel(port: Port, leaves: int) -> None:
    game = port.load()
    views: Views = {}
    assert walk_all(port, port.new_state(), game.new_initial_state(), views) == leaves
    # no leak: the histories of one OpenSpiel information state all show a seat the same view
    leaks = {k: v for k, v in views.items() if k[0] == "openspiel" and len(v) > 1}
    assert not leaks, next(iter(leaks.items()))
    if not port.name.startswith("goofspiel"):  # and the poker views forget nothing OpenSpiel's remember
        assert all(len(v) == 1 for k, v in views.items() if k[0] == "ours")
    # (our Goofspiel view keeps the prizes left and the points, not the order the prizes came in
    # nor who won which round: coarser than OpenSpiel's perfect-recall information state, no leak)


def to_openspiel(port: Port, ours: Any) -> Any:
    """OpenSpiel's state for our poker state (its deal, then its betting replayed)."""
    theirs = port.load().new_initial_state()
    for card in ours.cards:
        theirs.apply_action(int(card))
    if port is KUHN:
        for name in ours.history:
            theirs.apply_action(KUHN_IDS[name])
        return theirs
    for k, actions in enumerate(ours.rounds):
        if k == 1:
            theirs.apply_action(int(ours.public))
        for name in actions:
            theirs.apply_action(LEDUC_IDS[name])
    return theirs


def information_sets(port: Port) -> dict[tuple[int, str], set[tuple[int, ...]]]:
    """Every decision node of OpenSpiel's tree by (seat, information state): its histories."""
    found: dict[tuple[int, str], set[tuple[int, ...]]] = {}

    def visit(state: Any) -> None:
        if state.is_terminal():
            return
        if state.is_chance_node():
            for outcome, _ in state.chance_outcomes():
                visit(state.child(outcome))
            return
        for seat in (0, 1):
            found.setdefault((seat, state.information_state_string(seat)), set()).add(tuple(state.history()))
        for a in state.legal_actions():
            visit(state.child(a))

    visit(port.load().new_initial_state())
    return found


@pytest.mark.parametrize("port, game, games", [
    (KUHN, lambda: kuhn.Kuhn(None, kuhn.Params()), 60),
    (LEDUC, lambda: leduc.Leduc(None, leduc.TwoPlayers()), 150),
])
def test_resample_deals_exactly_openspiels_information_set(port: Port, game: Callable[[], Any], games: int) -> None:
    """``resample(view, seat, rng)`` (what the search players deal from): at decision nodes of
    seeded random playouts, for either seat, every state it deals is a history of the seat's
    OpenSpiel information state, and 60 deals reach every history of it (3 at most in Kuhn,
    5 in Leduc)."""
    sets = information_sets(port)
    built = game()
    rng = random.Random(5)
    checked = 0
    for _ in range(games):
        ours = built.new_state()
        while not ours.is_over():
            if ours.current() == CHANCE:
                ours.apply(ours.sample_chance(rng))
                continue
            theirs = to_openspiel(port, ours)
            for seat in (0, 1):
                info = theirs.information_state_string(seat)
                dealt = set()
                for _ in range(60):
                    other = to_openspiel(port, built.resample(ours.view(seat), seat, rng))
                    assert other.information_state_string(seat) == info
                    dealt.add(tuple(other.history()))
                assert dealt == sets[(seat, info)], (seat, info)
                checked += 1
            ours.apply(rng.choice(list(ours.legal_actions())))
    assert checked > 2 * games


@pytest.mark.parametrize("port, games", [(KUHN, 300), (LEDUC, 1500), (goofspiel_port(5), 300), (goofspiel_port(13), 60)])
def test_random_playouts_match_openspiel_and_deal_as_it_does(port: Port, games: int) -> None:
    """Seeded playouts whose chance outcomes our port draws; then at some of the chance
    nodes met, 3,000 more draws fit OpenSpiel's probabilities (p-value above 1e-4)."""
    rng = random.Random(48)
    met = [node for _ in range(games) for node in play_out(port, rng)]
    picks = random.Random(7).sample(met, 6)
    p_values = [chance_fit(port, ours, theirs, 3000, seed) for seed, (ours, theirs) in enumerate(picks)]
    assert min(p_values) > 1e-4, p_values


def stacked_kuhn() -> Any:
    """sides/kuhn_edge.py's ``EdgeKuhn``, built as its game.py is (kuhn.py and then it), so
    that its class attribute never touches the imported ``kuhn`` module."""
    edge = (ROOT / "tests" / "balance" / "sides" / "kuhn_edge.py").read_text().split(
        "# -- the game.py: tests/games/api2/kuhn.py, then everything below --\n")[1]
    source = KUHN_PY.read_text() + "\nfrom generator.games.spec import CardMeasures\n\n" + edge
    namespace: dict[str, Any] = {"__name__": "stacked_kuhn"}
    exec(compile(source, "kuhn_edge", "exec"), namespace)
    return namespace["EdgeKuhn"]


@pytest.mark.parametrize("port, planted", [
    (KUHN, lambda: stacked_kuhn()(None, kuhn.Params())),
    (LEDUC, lambda: leduc.EdgeLeduc(None, leduc.TwoPlayers())),
])
def test_the_first_deal_fits_openspiels_and_catches_the_stacked_deck(port: Port, planted: Callable[[], Any]) -> None:
    """The first deal (6 pairs in Kuhn, 30 in Leduc) fits OpenSpiel's uniform deal; the
    planted games' deal (seat 0 the higher card 2 deals in 3) does not: the fit can fail."""
    theirs = port.load().new_initial_state()
    assert chance_fit(port, port.new_state(), theirs, 6000, 1) > 1e-4
    stacked = planted().new_state()
    assert chance_fit(port, stacked, theirs, 6000, 1) < 1e-6


# -- 2. exact values against deckpress's figures -----------------------------------------------

Z = 3.5  # deckpress's 95 % half-width widened to 3.5 standard errors (about 1 in 2,000 a figure):
# a change of the runner's random streams moves every figure, and must not fail a test by chance


def uniform_value(game: Any) -> list[float]:
    uniform = os_policy.UniformRandomPolicy(game)
    return [float(v) for v in expected_game_score.policy_value(game.new_initial_state(), [uniform, uniform])]


def goofspiel_outcomes(state: Any) -> dict[str, Fraction]:
    """Under uniform random bids, the exact chances that player 0 wins, that the totals are
    equal and that player 1 wins, from OpenSpiel's tree (its chance probabilities are 1/k)."""
    if state.is_terminal():
        a, b = state.returns()
        return {"win0": Fraction(a > b), "equal": Fraction(a == b), "win1": Fraction(b > a)}
    if state.is_chance_node():
        branches = [(Fraction(1, len(state.chance_outcomes())), state.child(o)) for o, _ in state.chance_outcomes()]
    else:
        joint = state.legal_actions()  # the simultaneous node's joint actions, uniform
        branches = []
        for j in joint:
            child = state.clone()
            child.apply_action(j)
            branches.append((Fraction(1, len(joint)), child))
    total = {"win0": Fraction(0), "equal": Fraction(0), "win1": Fraction(0)}
    for p, child in branches:
        for key, value in goofspiel_outcomes(child).items():
            total[key] += p * value
    return total


def inside(figure: dict[str, float], exact: float) -> bool:
    """``exact`` within deckpress's interval for ``figure`` widened from 1.96 to Z standard errors."""
    se = (figure["high"] - figure["low"]) / 2 / 1.96
    return abs(figure["mean"] - exact) <= Z * se


def test_openspiels_exact_values_under_random_play() -> None:
    """The values the figures below are held to, and Kuhn's Nash player verified by OpenSpiel."""
    assert uniform_value(KUHN.load()) == pytest.approx([0.125, -0.125])
    assert uniform_value(LEDUC.load()) == pytest.approx([-5 / 64, 5 / 64])
    game = KUHN.load()

    def nash(state: Any) -> dict[int, float]:  # kuhn.py's table, read from OpenSpiel's state
        history = state.history()
        seat = state.current_player()
        line = tuple("pass" if a == 0 else "bet" for a in history[2:])
        bet = kuhn.nash_bet(kuhn.CARDS[history[seat]], line)
        return {0: 1 - bet, 1: bet}

    table = os_policy.tabular_policy_from_callable(game, nash)
    assert exploitability.nash_conv(game, table) == pytest.approx(0.0, abs=1e-9)  # an equilibrium
    assert expected_game_score.policy_value(game.new_initial_state(), [table, table])[0] == pytest.approx(-1 / 18)


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str, Path, str], Path]:
    def make(name: str, source: Path, cls: str) -> Path:
        folder = tmp_path_factory.mktemp(name) / name
        made = cli.invoke(app, ["new", str(folder), "--game", "custom"])
        assert made.exit_code == 0, made.output
        (folder / "game.py").write_text(source.read_text(), encoding="utf-8")
        deck = folder / "deck.yaml"
        deck.write_text(deck.read_text().replace("game: game.py ", f"game: game.py:{cls} "))
        return folder

    return make


def simulate(folder: Path, games: int, strategy: str, *sets: str) -> Any:
    deck = resolve_deck(folder)
    spec = game_of(deck)
    assert spec is not None
    return runner.simulate(spec.name, deck, make_params(spec, list(sets)), games=games, seed=1, strategy=strategy)


@pytest.mark.parametrize("source, cls, games, strategy, exact", [
    (KUHN_PY, "Kuhn", 8000, "random", 1 / 8),
    (KUHN_PY, "Kuhn", 8000, "nash", -1 / 18),
    (LEDUC_PY, "Leduc", 20000, "random", -5 / 64),
])
def test_simulated_mean_returns_contain_openspiels_exact_value(project: Any, source: Path, cls: str, games: int,
                                                               strategy: str, exact: float) -> None:
    """`deckpress simulate`'s mean return per seat (its 95 % interval) around OpenSpiel's exact value."""
    summary = simulate(project(cls.lower(), source, cls), games, strategy)
    seat0, seat1 = summary.mean_returns()
    assert summary.games == games and inside(seat0, exact) and inside(seat1, -exact), (seat0, exact)
    assert seat0["high"] - seat0["low"] < 0.15  # tight enough to tell -5/64 from 0 in Leduc, +1/8 from 0 in Kuhn


def test_simulated_goofspiel_draws_and_wins_match_openspiels_exact_chances(project: Any) -> None:
    exact = goofspiel_outcomes(goofspiel_port(4).load().new_initial_state())
    assert sum(exact.values()) == 1 and exact["win0"] == exact["win1"]  # symmetric
    assert exact["equal"] == Fraction(7, 36) and exact["win0"] == Fraction(29, 72)
    games = 6000
    summary = simulate(project("goofspiel", GOOFSPIEL_PY, "Goofspiel"), games, "random", "cards=4")
    for count, p in ((summary.draws, exact["equal"]), (summary.wins[0], exact["win0"]), (summary.wins[1], exact["win1"])):
        se = (float(p) * (1 - float(p)) / games) ** 0.5
        assert abs(count / games - float(p)) <= Z * se, (count, float(p))


@pytest.mark.parametrize("source, cls, exact", [(KUHN_PY, "Kuhn", 1 / 8), (LEDUC_PY, "Leduc", -5 / 64)])
def test_checks_reported_returns_contain_openspiels_exact_value(project: Any, source: Path, cls: str,
                                                                exact: float) -> None:
    """What a designer reads: `deckpress check --strategy random --json`, seat 0's mean return
    with its interval (``playtest.returns``; a zero-sum game's edge over the table is the same)."""
    folder = project(cls.lower() + "_check", source, cls)
    result = cli.invoke(app, ["check", str(folder), "--strategy", "random", "--games", "4000", "--jobs", "1", "--json"])
    assert result.exit_code in (0, 1), result.output
    play = json.loads(result.stdout)["playtest"]
    seat0 = play["returns"][0]
    assert inside(seat0, exact) and play["return_edges"][0]["mean"] == pytest.approx(seat0["mean"])
    assert not [f for f in json.loads(result.stdout)["findings"] if f["code"].startswith("seat_")]


# -- 3. OpenSpiel stays a test dependency ------------------------------------------------------


def test_generator_never_imports_openspiel() -> None:
    """open_spiel is in the dev extra only: no module of the package may import it."""
    offenders = [str(p.relative_to(ROOT)) for p in (ROOT / "generator").rglob("*.py")
                 if any(word in p.read_text(encoding="utf-8") for word in ("import pyspiel", "open_spiel"))]
    assert not offenders
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert any(d.startswith("open_spiel") for d in project["optional-dependencies"]["dev"])
    assert not any("open_spiel" in d for d in project["dependencies"])
