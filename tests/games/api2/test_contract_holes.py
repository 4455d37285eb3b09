"""The four contract holes of issue 48, each a game written here and refused naming
its rule: the symmetric leak, a view or resample reading state another state changed,
chance that is not the runner's, and NaN or infinite returns without ``utility``.
Each leaky game is Kuhn poker (tests/games/api2/kuhn.py) changed in one place, and
each one plays: a search player using the leak would see the other's card."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.deck import resolve_deck
from generator.games.api import TERMINAL, Action
from generator.games.designer import ContractError, check_game
from generator.games.designer.loader import as_spec

from . import kuhn
from .kuhn import CARDS, DEALS, Kuhn, KuhnState


@pytest.fixture(scope="module")
def deck(make_project: Any) -> Any:
    return resolve_deck(make_project("kuhn"))


def refused(cls: type, deck: Any) -> ContractError:
    with pytest.raises(ContractError) as caught:
        check_game(as_spec(cls, f"{__name__}:{cls.__name__}"), deck, seeds=range(8))
    assert caught.value.seed is not None and caught.value.step is not None
    return caught.value


# -- (a) the symmetric leak ---------------------------------------------------------
class OpenState(KuhnState):
    def view(self, seat: int) -> dict[str, Any]:  # each seat's view shows both cards
        return {**super().view(seat), "both": [CARDS[c] for c in self.cards] if self.cards else None}


class SymmetricLeak(Kuhn):
    """Every view shows both cards and resample deals them back from the view: every
    view stays equal under resample, from both seats, so no asymmetry gives it away."""

    def new_state(self, observer: Any = None) -> KuhnState:
        return OpenState(self, observer)

    def resample(self, view: dict[str, Any], seat: int, rng: random.Random) -> KuhnState:
        state = OpenState(self)
        state.cards = [CARDS.index(c) for c in view["both"]]
        state.history = list(view["history"])
        return state


class OpenKuhn(SymmetricLeak):
    """The same game with open hands by its rules, as it says: no leak."""

    public_seats = (0, 1)


def test_the_symmetric_leak_is_refused(deck: Any) -> None:
    caught = refused(SymmetricLeak, deck)
    assert caught.rule == "resample deals nothing"
    assert "public_seats = (0, 1)" in caught.what  # what to write where nothing is hidden by the rules
    assert check_game(as_spec(OpenKuhn, f"{__name__}:OpenKuhn"), deck, seeds=range(8)) == 8


class HiddenStakeState(OpenState):
    """Open hands, and a stake coin dealt face down with them (in no view): heads doubles the pot."""

    coin = 0

    def apply(self, action: Action) -> None:
        if not self.cards:
            self.coin = action.value[2]
            action = Action("deal", action.value[:2])
        super().apply(action)

    def sample_chance(self, rng: random.Random) -> Action:
        return Action("deal", (*DEALS[rng.randrange(len(DEALS))], rng.randrange(2)))

    def chips(self) -> list[float]:
        return [c * (1 + self.coin) for c in super().chips()]


class HiddenStake(Kuhn):
    """Honest though resample changes no view: the face-down coin is dealt again, which
    only playing on shows (the same random play ends with other chips)."""

    utility = (-4, 4)

    def new_state(self, observer: Any = None) -> KuhnState:
        return HiddenStakeState(self, observer)

    def resample(self, view: dict[str, Any], seat: int, rng: random.Random) -> KuhnState:
        state = HiddenStakeState(self)
        state.cards = [CARDS.index(c) for c in view["both"]]
        state.history = list(view["history"])
        state.coin = rng.randrange(2)
        return state


def test_a_face_down_card_no_view_shows_is_dealing_something(deck: Any) -> None:
    assert check_game(as_spec(HiddenStake, f"{__name__}:HiddenStake"), deck, seeds=range(4)) == 4


# -- (b) state another state changed --------------------------------------------------
VIEWED: dict[str, Any] = {}  # the state whose view was asked last: the runner asks the real one's


class ViewedState(KuhnState):
    def view(self, seat: int) -> dict[str, Any]:
        VIEWED["state"] = self
        return super().view(seat)


class CopiesViewedHands(Kuhn):
    """resample copies the real hands from the state whose view was asked last: the runner
    asks the real state's view right before a search player deals, so it cheats in play;
    another game merely created and played (no view asked) leaves the global alone."""

    def new_state(self, observer: Any = None) -> KuhnState:
        return ViewedState(self, observer)

    def resample(self, view: dict[str, Any], seat: int, rng: random.Random) -> KuhnState:
        state = ViewedState(self)
        state.cards = list(VIEWED["state"].cards)
        state.history = list(view["history"])
        return state


class DealOnTheClass(Kuhn):
    last_deal: tuple[int, int] | None = None  # class state, set by whichever state dealt last

    def new_state(self, observer: Any = None) -> KuhnState:
        return ClassDealState(self, observer)

    def resample(self, view: dict[str, Any], seat: int, rng: random.Random) -> KuhnState:
        state = ClassDealState(self)
        state.cards = [CARDS.index(c) for c in view["deal"]]
        state.history = list(view["history"])
        return state


class ClassDealState(KuhnState):
    def apply(self, action: Action) -> None:
        if not self.cards:
            DealOnTheClass.last_deal = action.value
        super().apply(action)

    def view(self, seat: int) -> dict[str, Any]:  # shows the deal a class attribute holds, not its own
        deal = DealOnTheClass.last_deal
        return {**super().view(seat), "deal": [CARDS[c] for c in deal] if deal is not None else None}


def test_a_resample_copying_the_real_hands_from_a_global_is_refused(deck: Any) -> None:
    caught = refused(CopiesViewedHands, deck)
    assert caught.rule == "resample is blind" and "after another game was played" in caught.what


def test_a_view_reading_class_state_another_state_changed_is_refused(deck: Any) -> None:
    caught = refused(DealOnTheClass, deck)
    assert caught.rule == "view reads its own state" and "a view of the real state changed" in caught.what


# -- (c) chance from the runner's stream ----------------------------------------------
class UnseededState(KuhnState):
    def sample_chance(self, rng: random.Random) -> Action:
        return Action("deal", DEALS[random.Random().randrange(len(DEALS))])  # not the runner's rng


class UnseededDeal(Kuhn):
    def new_state(self, observer: Any = None) -> KuhnState:
        return UnseededState(self, observer)


class GlobalShuffleState(KuhnState):
    def __init__(self, game: Any, observer: Any = None) -> None:
        super().__init__(game, observer)
        order = [0, 1, 2]
        random.shuffle(order)  # Python's global stream, at new_state
        self.cards = order[:2]


class GlobalShuffle(Kuhn):
    def new_state(self, observer: Any = None) -> KuhnState:
        return GlobalShuffleState(self, observer)


@pytest.mark.parametrize("cls", [UnseededDeal, GlobalShuffle], ids=["random.Random()", "random.shuffle"])
def test_chance_that_is_not_the_runners_is_refused(cls: type, deck: Any) -> None:
    before = random.getstate()
    caught = refused(cls, deck)
    assert caught.rule == "chance comes from rng" and "the same seed gave another game" in caught.what
    assert random.getstate() == before  # the check puts Python's global stream back


def test_the_same_seed_gives_the_same_simulation_of_an_honest_game(make_project: Any) -> None:
    """What the rule guards: ``--seed`` repeats a run (an honest game, run twice)."""
    folder = make_project("kuhn")
    runs = [CliRunner().invoke(app, ["simulate", str(folder), "--games", "20", "--seed", "3", "--json"]).output
            for _ in range(2)]
    last = [json.loads(run.strip().splitlines()[-1]) for run in runs]  # the JSON line (a note may come first)
    assert last[0] == last[1] and last[0]["games"] == 20


def test_an_unseeded_deal_is_refused_by_the_commands(make_project: Any) -> None:
    source = (Path(kuhn.__file__).read_text() + "\n\nclass UnseededDeal(Kuhn):\n"
              "    def new_state(self, observer=None):\n        return UnseededState(self, observer)\n\n\n"
              "class UnseededState(KuhnState):\n    def sample_chance(self, rng):\n"
              "        return Action('deal', DEALS[random.Random().randrange(len(DEALS))])\n")
    folder = make_project("unseeded", source)
    deck_file = folder / "deck.yaml"
    deck_file.write_text(deck_file.read_text().replace("game: game.py ", "game: game.py:UnseededDeal "))
    result = CliRunner().invoke(app, ["simulate", str(folder), "--games", "2"])
    assert result.exit_code == 2 and 'rule "chance comes from rng"' in result.output, result.output


# -- (d) NaN and infinite returns --------------------------------------------------------
class SharesState(KuhnState):
    bad = math.nan

    def returns(self) -> list[float]:  # win shares (no utility declared), one of them broken
        if self.current() != TERMINAL:
            return [0.5, 0.5]
        return [self.bad, 1.0 - self.bad]


class NanShares(Kuhn):
    utility = None  # type: ignore[assignment]  # shares: no bounds to be outside of

    def new_state(self, observer: Any = None) -> KuhnState:
        return SharesState(self, observer)


class InfState(SharesState):
    bad = math.inf


class InfShares(NanShares):
    def new_state(self, observer: Any = None) -> KuhnState:
        return InfState(self, observer)


@pytest.mark.parametrize("cls", [NanShares, InfShares], ids=["nan", "inf"])
def test_nan_or_infinite_returns_are_refused_without_utility(cls: type, deck: Any) -> None:
    assert not abs(sum([math.nan, 1.0 - math.nan]) - 1.0) > 1e-9  # why the sum-to-1 check let NaN through
    caught = refused(cls, deck)
    assert caught.rule == "returns are finite" and "finite" in caught.what
