"""A designer's own game: `deckpress new x --game custom`, `game: game.py` loaded by
path, the generic players, errors in the designer's file named by file and line."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from generator.cli import app
from generator.deck import resolve_deck
from generator.errors import DeckpressError, ParameterError
from generator.games import runner
from generator.games.designer import check_game
from generator.games.designer.find import game_of
from generator.games.registry import builtin_names, make_params, make_strategy

cli = CliRunner()


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("own") / "my-game"
    result = cli.invoke(app, ["new", str(folder), "--game", "custom"])
    assert result.exit_code == 0, result.output
    return folder


def test_new_custom_writes_a_complete_project(project: Path) -> None:
    names = {p.relative_to(project).as_posix() for p in project.rglob("*") if p.is_file()}
    assert {"deck.yaml", "cards.csv", "game.py", "layouts/crowns.yaml", "rules/crowns.md.j2",
            "tests/test_game.py", "README.md"} <= names
    deck = resolve_deck(project)
    assert deck.game == "game.py" and deck.name == "My Game" and len(deck.cards) == 36


def test_the_scaffolded_game_passes_the_contract(project: Path) -> None:
    deck = resolve_deck(project)
    spec = game_of(deck)
    assert spec is not None and spec.name == "crowns" and spec.players == (2, 5)
    assert spec.source == str((project / "game.py").resolve())
    assert check_game(spec, deck, seeds=range(25)) == 25
    assert check_game(spec, deck, make_params(spec, ["players=5", "hand=7"]), seeds=range(5)) == 5


def test_the_game_file_is_loaded_by_path_not_from_sys_path(project: Path) -> None:
    (project / "generator.py").write_text("raise RuntimeError('shadowed deckpress')\n")
    try:
        spec = game_of(resolve_deck(project))
        assert spec is not None
        assert str(project) not in sys.path and str(project.resolve()) not in sys.path
    finally:
        (project / "generator.py").unlink()


def test_simulate_takes_the_project_folder_and_is_the_same_for_any_jobs(project: Path) -> None:
    args = ["simulate", str(project), "--games", "60", "--strategy", "greedy,random", "--json"]
    one = cli.invoke(app, args)
    two = cli.invoke(app, [*args, "--jobs", "2"])
    assert one.exit_code == 0 and two.exit_code == 0, one.output + two.output
    data = json.loads(one.stdout)
    assert data["game"] == "crowns" and data["games"] == 60 and data["strategies"] == ["greedy", "random"]
    assert sum(data["wins"]) + data["draws"] == 60
    assert one.stdout == two.stdout


def test_rules_takes_the_project_folder_with_its_parameters_table(project: Path, tmp_path: Path) -> None:
    out = tmp_path / "rules.pdf"
    result = cli.invoke(app, ["rules", str(project), "-o", str(out), "--imposition", "sheet", "--set", "hand=5"])
    assert result.exit_code == 0, result.output
    text = " ".join(page.extract_text() for page in PdfReader(out).pages)
    assert "Crown Tricks" in text and "deal 5 cards" in text.replace("\n", " ")
    assert "cards dealt to each player" in text  # the parameters table: the field's description


def test_check_gives_a_balance_report_for_the_custom_game(project: Path, tmp_path: Path) -> None:
    pdf = tmp_path / "balance.pdf"
    result = cli.invoke(app, ["check", str(project), "--games", "120", "--json", "--report", str(pdf)])
    assert result.exit_code == 0, result.output
    text = " ".join(page.extract_text() for page in PdfReader(pdf).pages)
    assert "Card impact" in text and "Nine of Spades" in text
    assert "Card removal" in text and "The deck without the card" in text
    report = json.loads(result.stdout)
    assert report["game"] == "crowns"
    play = report["playtest"]
    assert play["games"] == 120 and "skill" in play
    impact = play["card_impact"]
    assert len(impact["cards"]) == 36 and {r["card"] for r in impact["cards"]} >= {"9S", "1C"}
    assert all(r["low"] <= r["impact"] <= r["high"] for r in impact["cards"])
    assert [r["impact"] for r in impact["cards"]] == sorted(r["impact"] for r in impact["cards"])
    removal = play["card_removal"]
    assert len(removal["cards"]) == 36 and removal["skipped"] == [] and removal["games_per_card"] == 120
    assert {r["name"] for r in removal["cards"]} >= {"Nine of Spades", "One of Clubs"}
    assert all(r["low"] <= r["first_change"] <= r["high"] and r["length_low"] <= r["length_change"] <= r["length_high"]
               for r in removal["cards"])
    terminal = cli.invoke(app, ["check", str(project), "--games", "60"])
    assert "card removal: the deck without the card" in terminal.output
    assert re.search(r"\((?:[1-9]|10)[SHDC]\)", terminal.output)  # the cards shown by name and id


def test_a_restricted_seat_never_plays_its_card_while_it_has_another(project: Path) -> None:
    import random

    from generator.balance.card_impact import _Without
    from generator.games.api import Action, Turn

    deck = resolve_deck(project)
    spec = game_of(deck)
    assert spec is not None
    state = spec.make(deck, make_params(spec, ["hand=2"])).new_state()
    state.apply(Action("deal", (("9S", "2S"), ("1H", "8H"))))
    without = _Without(make_strategy(spec.name, "random"), "9S")
    assert {without.choose(Turn.at(state, 0), random.Random(i)).value for i in range(20)} == {"2S"}
    state.apply(Action("play", "2S"))
    state.apply(Action("play", "1H"))  # seat 0 takes the trick and must lead its last card
    assert without.choose(Turn.at(state, 0), random.Random(0)).value == "9S"


def test_mcts_plays_legal_seeded_moves(project: Path) -> None:
    deck = resolve_deck(project)
    spec = game_of(deck)
    assert spec is not None
    game = spec.make(deck, make_params(spec))
    strategies = [make_strategy(spec.name, "mcts:20"), make_strategy(spec.name, "random")]
    a = runner.play(game, strategies, runner.game_rng(4, 0))
    b = runner.play(game, [make_strategy(spec.name, "mcts:20"), make_strategy(spec.name, "random")],
                    runner.game_rng(4, 0))
    assert a == b and a.tricks == 9


def _project_with(tmp_path: Path, project: Path, source: str, game: str = "game.py") -> Path:
    folder = tmp_path / "p"
    folder.mkdir(parents=True)
    for name in ("cards.csv",):
        (folder / name).write_text((project / name).read_text())
    deck = (project / "deck.yaml").read_text().replace("game: game.py ", f"game: {game} ").replace("layout: crowns", "layout: standard52")
    (folder / "deck.yaml").write_text(deck)
    (folder / "game.py").write_text(source)
    return folder


def test_an_error_in_game_py_names_its_file_and_line(project: Path, tmp_path: Path) -> None:
    source = (project / "game.py").read_text().replace(
        "        self.params = params\n", "        self.params = params\n        raise KeyError('oops')\n", 1)
    line = source.splitlines().index("        raise KeyError('oops')") + 1
    folder = _project_with(tmp_path, project, source)
    result = cli.invoke(app, ["simulate", str(folder), "--games", "3"])
    assert result.exit_code == 2
    assert f"game.py:{line}: KeyError: 'oops' (in __init__)" in result.output
    assert "Traceback" not in result.output


def test_a_syntax_error_names_its_line(project: Path, tmp_path: Path) -> None:
    folder = _project_with(tmp_path, project, "x = 1\ndef broken(:\n")
    with pytest.raises(ParameterError, match=r"game\.py:2: SyntaxError"):
        game_of(resolve_deck(folder))


def test_game_py_with_a_class_name(project: Path, tmp_path: Path) -> None:
    folder = _project_with(tmp_path, project, (project / "game.py").read_text(), game="game.py:CrownTricks")
    spec = game_of(resolve_deck(folder))
    assert spec is not None and spec.name == "crowns"
    missing = _project_with(tmp_path / "b", project, (project / "game.py").read_text(), game="game.py:Nope")
    with pytest.raises(ParameterError, match="defines no 'Nope'"):
        game_of(resolve_deck(missing))


def test_an_unknown_game_name_lists_the_valid_ones(project: Path, tmp_path: Path) -> None:
    folder = _project_with(tmp_path, project, "", game="wiji")
    with pytest.raises(DeckpressError, match=re.escape(f"'wiji' is not a game deckpress knows; valid: {', '.join(builtin_names())}")):
        game_of(resolve_deck(folder))


def test_the_projects_own_tests_pass(project: Path) -> None:
    import subprocess

    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist",
                           str(project / "tests")], capture_output=True, text=True, cwd=project, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "2 passed" in done.stdout


def test_an_installed_game_is_found_by_its_entry_point(project: Path, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.metadata as metadata

    point = metadata.EntryPoint(name="installed-crowns", value="tests.games.installed_game:InstalledCrowns",
                                group="deckpress.games")
    monkeypatch.setattr(metadata, "entry_points", lambda group=None: [point] if group == "deckpress.games" else [])
    folder = _project_with(tmp_path, project, "", game="installed-crowns")
    spec = game_of(resolve_deck(folder))
    assert spec is not None and spec.name == "installed-crowns" and spec.title == "Installed Crowns"
    assert spec.source == "tests.games.installed_game:InstalledCrowns"
    summary = runner.simulate(spec.name, resolve_deck(folder), make_params(spec), games=20, seed=2, strategy="random")
    assert summary.games == 20 and summary.game == "installed-crowns"


@pytest.mark.parametrize("name", ["random", "greedy", "mcts:30"])
def test_players_cannot_peek_at_the_other_hand(project: Path, name: str) -> None:
    """Two deals that seat 0 cannot tell apart (the other hand and the undealt cards
    swapped) get the same choice from the same random stream, whatever the player."""
    import random

    from generator.games.api import Action, Turn

    deck = resolve_deck(project)
    spec = game_of(deck)
    assert spec is not None
    game = spec.make(deck, make_params(spec, ["hand=5"]))
    mine = ("9S", "8S", "2H", "7D", "1C")
    ids = [c.id for c in deck.cards]
    rest = [c for c in ids if c not in mine]
    choices, views = [], []
    for other in (tuple(rest[:5]), tuple(rest[-5:])):
        state = game.new_state()
        state.apply(Action("deal", (mine, other)))
        views.append(state.view(0))
        choices.append(make_strategy(spec.name, name).choose(Turn.at(state, 0), random.Random(11)))
    assert views[0] == views[1] and choices[0] == choices[1]


def test_editing_game_py_changes_what_the_balance_and_booklet_jobs_read(project: Path) -> None:
    from generator.project.jobs import inputs_key

    def keys() -> dict[str, str]:
        deck = resolve_deck(project)
        return {kind: inputs_key(deck, kind) for kind in ("balance", "rules", "cards")}

    before = keys()
    game = project / "game.py"
    text = game.read_text()
    try:
        game.write_text(text + "\n# a rule changed\n")
        after = keys()
        assert after["balance"] != before["balance"] and after["rules"] != before["rules"]
        assert after["cards"] == before["cards"]  # the rules draw no card
    finally:
        game.write_text(text)
    assert keys() == before


def test_crowns_resample_keeps_voids_when_random_deals_keep_failing(project: Path) -> None:
    """The scaffold's resample when its random tries all fail (an rng whose shuffle
    always sorts the unseen cards 1C, 1D, 1H): seat 2 (void in spades and diamonds,
    needing one card) takes 1C first, which leaves seat 1 (void in hearts, needing two)
    only 1D. The fallback places card by card and moves 1C to seat 1, 1H to seat 2."""
    import random

    from generator.games.api import freeze

    class Sorting(random.Random):
        def shuffle(self, x: list[int]) -> None:  # type: ignore[override]
            x.sort(reverse=True)

    deck = resolve_deck(project)
    spec = game_of(deck)
    assert spec is not None
    game = spec.make(deck, make_params(spec, ["players=3", "hand=12"]))
    unseen = {"1H", "1D", "1C"}
    ids = [c.id for c in deck.cards]
    view = {"hand": ["9S"], "trick": [], "played": [c for c in ids if c not in unseen | {"9S"}],
            "crowns": [0, 0, 0], "tricks": [3, 4, 3], "hand_sizes": [1, 2, 1], "turn": 0,
            "voids": [0, 2, 1 | 4]}  # suit bits in the deck's order: S 1, H 2, D 4, C 8
    state = game.resample(view, 0, Sorting(0))
    names = [sorted(game.ids[c] for c in hand) for hand in state.hands]
    assert names == [["9S"], ["1C", "1D"], ["1H"]] and state.rest == []
    assert freeze(state.view(0)) == freeze(view)
