"""``deckpress play`` over HTTP on 127.0.0.1: whole games on every built-in game and the
scaffold through the JSON API the page uses (only offered moves are ever sent), the
hidden-card rule read off every response, records that replay, and the server rules."""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.games.api import CHANCE, TERMINAL, Action
from generator.games.registry import builtin_names
from generator.project.play import Table, open_table, record
from generator.project.scaffold import scaffold

from .play_client import Client, table

# every built-in game (the registry's list), then Viashi's variants
GAMES: list[tuple[str, dict[str, Any]]] = [(name, {}) for name in builtin_names()] + [
    ("viashi", {"sets": ["variant=human"], "seat": 1}),
    ("viashi", {"players": 6, "seat": 4}),  # Viashilym: the human in team 1 with seat 1
]
IDS = [*builtin_names(), "viashi-human", "viashilym"]


@pytest.fixture
def project(tmp_path: Path) -> Path:
    folder = tmp_path / "g"
    scaffold(folder, "custom")
    return folder


@pytest.fixture
def closing() -> Iterator[list[Table]]:
    opened: list[Table] = []
    yield opened
    for t in opened:
        t.close()


def _open(closing: list[Table], target: str, folder: Path, **options: Any) -> Client:
    t = table(target, folder, **options)
    closing.append(t)
    return Client(t)


def _replayed_result(path: Path) -> Any:
    """The saved game's actions applied to a fresh state of its game: the result they give."""
    from generator.games.registry import make_game
    from generator.project.play import load_target

    head, steps = record.read(path)

    spec, deck = load_target(head["target"], head.get("deck"))
    state = make_game(spec, deck, spec.params.model_validate(head["params"])).new_state()
    for step in steps:
        assert step.action is not None
        state.apply(step.action)
    assert state.is_over()
    return state.result()


@pytest.mark.parametrize(("game", "options"), GAMES, ids=IDS)
def test_a_whole_game_through_the_api(game: str, options: dict[str, Any], tmp_path: Path,
                                      closing: list[Table]) -> None:
    client = _open(closing, game, tmp_path / "table", **options)
    seat = options.get("seat", 0)
    end = client.play_out(seat)
    result = client.table.top.session.state.result()
    assert end["result"]["winner"] == result.winner
    assert end["log"] and all(line["text"] for line in end["log"])
    if game != "war":  # War has no decisions: the human only watched
        assert any(line["text"].startswith("You") for line in end["log"])
    # the game was saved as its seed and actions, and they replay it exactly
    saved = sorted((tmp_path / "table").glob("play-*.json"))
    assert len(saved) == 1
    data = json.loads(saved[0].read_text())
    assert data["game"] == game and data["seed"] == client.table.seed and data["humans"] == [seat]
    assert end["result"]["seed"] == data["seed"]  # the secret seed is told at the end
    assert data["result"]["winner"] == result.winner
    again = _replayed_result(saved[0])
    assert (again.winner, again.scores, again.counts) == (result.winner, result.scores, result.counts)


def test_viashilym_names_the_team(tmp_path: Path, closing: list[Table]) -> None:
    client = _open(closing, "viashi", tmp_path / "t", players=6, seat=4)
    end = client.play_out(4)
    text = end["result"]["text"]
    assert "Team" in text or text in ("a draw", "Your team wins")  # a fresh secret seed: any side may win
    titles = [z["title"] for z in end["zones"]]
    assert "You (team 1): your table" in titles and "Seat 1 (team 1): table and hand" in titles


def test_the_scaffold_game_plays_on_the_generic_table(project: Path, tmp_path: Path, closing: list[Table]) -> None:
    client = _open(closing, str(project), tmp_path / "t", strategy="mcts:20")
    first = client.api("GET", "/api/state")
    while first["turn"] != "you":
        first = client.api("POST", "/api/step", {"seat": 0})
    zones = {z["title"]: z for z in first["zones"]}
    assert len(zones["hand"]["cards"]) == 9  # the generic table: the view's own list of card ids
    assert {a["card"] for a in first["actions"]} <= set(zones["hand"]["cards"])  # clickable cards of the hand
    assert any(z["title"] == "values" for z in first["zones"])
    end = client.play_out(0)
    assert end["turn"] == "over" and "result" in end
    assert "Seat 1 (mcts:20)" in end["seats"]


def _card_pattern(ids: set[str]) -> re.Pattern[str] | None:
    if not ids:
        return None
    return re.compile("|".join(rf"(?<![\w-]){re.escape(c)}(?![\w-])" for c in sorted(ids, key=len, reverse=True)))


def _hidden_viashi(client: Client, seat: int) -> set[str]:
    """Card ids every copy of which is out of ``seat``'s sight: in another hand, another
    seat's drawn pair, or the pile (Viashilym has two copies of each card)."""
    state = client.table.top.session.state
    ids = state.game.ids
    places = [c for s, hand in enumerate(state.hands) if s != seat for c in hand]
    if state.phase == "draw":
        places += list(state.pile[state.pos:]) + (list(state.pair) if state.drawer != seat else [])
    total = Counter(state.game.cards)
    held = Counter(places)
    return {ids[c] for c, n in held.items() if n == total[c]}


def _hidden_weiji(client: Client, seat: int) -> set[str]:
    """Card ids every copy of which is face down in a stack (the human's own top card is
    face up to them), and not in the showdown still on the table."""
    session = client.table.top.session
    state = session.state
    ids = state.game.ids
    places = Counter(c for s, stack in enumerate(state.stacks) for i, c in enumerate(stack) if (s, i) != (seat, 0))
    shown = set((session.trick or {}).get("shown") or ()) | {ids[c] for m in state.middle for c in m}
    return {ids[c] for c, n in places.items() if n == state.game.copies[c]} - shown


def _hidden_crowns(client: Client, seat: int) -> set[str]:
    state = client.table.top.session.state
    ids = state.game.ids
    return {ids[c] for s, hand in enumerate(state.hands) if s != seat for c in hand} | {ids[c] for c in state.rest}


@pytest.mark.parametrize("game", ["weiji", "viashi", "viashilym", "scaffold"])
def test_no_response_names_a_card_hidden_from_the_human(game: str, project: Path, tmp_path: Path,
                                                        closing: list[Table]) -> None:
    """Every response of a whole game, read as the page gets it: no card id that is in
    another seat's hand (or still in the pile) at that moment appears anywhere in it."""
    target, options, hidden = {
        "weiji": ("weiji", {"players": 3}, _hidden_weiji),
        "viashi": ("viashi", {}, _hidden_viashi),
        "viashilym": ("viashi", {"players": 6, "seat": 2}, _hidden_viashi),
        "scaffold": (str(project), {"strategy": "random"}, _hidden_crowns),
    }[game]
    client = _open(closing, target, tmp_path / "t", **options)
    seat = options.get("seat", 0)
    checked = 0
    leaks: list[str] = []

    def check(body: str) -> None:
        nonlocal checked
        if client.table.top.session.over:
            return  # after the game, "show all hands" shows everything
        secret = hidden(client, seat)
        pattern = _card_pattern(secret)
        if pattern is not None:  # the check itself can fail: a body naming a hidden card is caught
            assert pattern.search(json.dumps({"zones": [{"cards": [min(secret)]}]}))
        if pattern is not None and (found := pattern.search(body)):
            leaks.append(found.group(0))
        checked += 1

    client.seen = check
    client.play_out(seat)
    assert checked > 10 and not leaks, leaks[:5]


def test_show_all_hands_comes_after_the_game(tmp_path: Path, closing: list[Table]) -> None:
    client = _open(closing, "viashi", tmp_path / "t")
    status, text = client.request("GET", "/api/reveal?step=3")
    assert status == 409 and "after the game" in text
    client.play_out()
    reveal = client.api("GET", "/api/reveal?step=4")
    state = client.table.top.session
    assert reveal["total"] == len(state.steps) and reveal["step"] == 4
    hands = {z.get("key"): z for z in reveal["seats"][1]["zones"]}
    assert hands["hand"]["cards"], "seat 1's hand is shown face up"
    assert reveal["text"].startswith("Seat 1") or reveal["text"].startswith("Seat 0") or reveal["text"]


def test_a_stale_or_illegal_move_is_refused(tmp_path: Path, closing: list[Table]) -> None:
    client = _open(closing, "weiji", tmp_path / "t")
    state = client.api("GET", "/api/state")
    while state["turn"] != "you":
        state = client.api("POST", "/api/step", {"seat": 0})
    status, text = client.request("POST", "/api/act", {"seat": 0, "index": 0, "step": state["step"] - 1})
    assert status == 409 and "no longer on offer" in text
    status, text = client.request("POST", "/api/act", {"seat": 0, "index": 99, "step": state["step"]})
    assert status == 409 and "no legal action" in text
    status, text = client.request("POST", "/api/act", {"seat": 1, "index": 0, "step": state["step"]})
    assert status == 409 and "not a human seat" in text
    status, _ = client.request("GET", "/api/state?seat=1")
    assert status == 409  # another seat's view is never served


def test_server_rules(tmp_path: Path, closing: list[Table]) -> None:
    client = _open(closing, "weiji", tmp_path / "t")
    (tmp_path / "secret.txt").write_text("not served")
    status, page = client.request("GET", "/")
    assert status == 200 and "deckpress play" in page and "Weiji" in page
    assert client.request("GET", "/", headers={"Host": "evil.example:80"})[0] == 421
    assert client.request("GET", "/../secret.txt")[0] == 404
    assert client.request("GET", "/%2e%2e/secret.txt")[0] == 404
    status, _ = client.request("POST", "/api/step", headers={"Content-Type": "application/x-www-form-urlencoded"},
                               body=None)
    assert status == 415  # a form from another site cannot play a move


def test_a_token_guards_every_request(tmp_path: Path, closing: list[Table]) -> None:
    client = _open(closing, "weiji", tmp_path / "t", token=True)
    assert client.token and f"token={client.token}" in client.table.url
    assert client.request("GET", "/", token=False)[0] == 403
    assert client.request("GET", "/api/state", token=False)[0] == 403
    assert client.request("GET", "/?token=wrong", token=False)[0] == 403
    assert client.request("GET", "/")[0] == 200


def test_with_several_people_each_link_plays_its_own_seat(tmp_path: Path, closing: list[Table]) -> None:
    """``--humans 0,2 --token``: one link per seat; a seat's token answers for that seat only."""
    client = _open(closing, "viashi", tmp_path / "t", humans=(0, 2), token=True, host="127.0.0.1")
    links = client.table.links
    assert set(links) == {0, 2} and links[0] != links[2] and client.table.url == links[0]
    assert client.api("GET", "/api/state")["seat"] == 0  # the link's own seat by default
    status, text = client.request("GET", "/api/state?seat=2")
    assert status == 409 and "this link plays seat 0, not seat 2" in text
    other = Client(client.table)
    other.token = links[2].split("token=")[1]
    assert other.api("GET", "/api/state")["seat"] == 2
    status, page = other.request("GET", "/")
    assert status == 200 and '"humans": [2]' in page  # that page never passes to seat 0


def test_replay_steps_through_a_saved_game(tmp_path: Path, closing: list[Table]) -> None:
    client = _open(closing, "viashi", tmp_path / "t", seed=5)
    end = client.play_out(0)
    saved = next((tmp_path / "t").glob("play-*.json"))
    again = _open(closing, "", tmp_path / "replay", replay=saved)
    first = again.api("GET", "/api/state")
    assert first["replay"] and first["step"] == 0 and first["turn"] == "table"
    last = again.play_out(0)
    assert last["step"] == end["step"] and last["result"]["winner"] == end["result"]["winner"]
    assert not list((tmp_path / "replay").glob("play-*.json")), "a replay is not saved again"
    # the saved game is a human-vs-AI sample for check --human-games
    from generator.balance.human_games import read_human_games

    sample = read_human_games(tmp_path / "t", client.table.top.session.spec, client.table.top.session.game.deck.name)
    assert sample.games == 1 and sample.wins == (end["result"]["winner"] == 0) and not sample.skipped


def test_a_broken_record_is_a_clear_error(tmp_path: Path) -> None:
    bad = tmp_path / "play-x.json"
    bad.write_text('{"format": "deckpress-play/1", "game": "weiji", "target": "weiji", "seed": 1, "actions": [[0]]}')
    with pytest.raises(Exception, match=r"actions\[0\]: an action must be \[seat, kind, value\]"):
        record.read(bad)
    bad.write_text("[1, 2")
    with pytest.raises(Exception, match="not a played game"):
        record.read(bad)


# -- simultaneous moves (a game API that has them) ----------------------------------------
SIMULTANEOUS = -3  # the marker the game API will give; monkeypatched in below


class _Picks:
    """A toy game of simultaneous picks: both seats pick a card at once, twice; the higher pick scores."""

    name = "picks"

    class params:  # noqa: N801
        players = 2

    def new_state(self, observer: Any = None) -> _PickState:
        return _PickState()


class _PickState:
    def __init__(self) -> None:
        self.round = 0
        self.scores = [0, 0]
        self.history: list[tuple[str, str]] = []

    def players(self) -> int:
        return 2

    def current(self) -> int:
        return TERMINAL if self.round == 2 else SIMULTANEOUS

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        assert seat is not None, "a simultaneous node lists each seat's actions"
        return [] if self.round == 2 else [Action("pick", f"c{n}") for n in (1, 2, 3)]

    def apply_joint(self, actions: list[Action]) -> None:
        a, b = (int(x.value[1:]) for x in actions)
        self.scores[0 if a > b else 1] += a != b
        self.history.append((actions[0].value, actions[1].value))
        self.round += 1

    def apply(self, action: Action) -> None:
        raise AssertionError("a simultaneous game is applied jointly")

    def is_over(self) -> bool:
        return self.round == 2

    def view(self, seat: int) -> dict[str, Any]:
        # both picks are shown once made (a pick the view never shows stays hidden in the log)
        return {"hand": ["c1", "c2", "c3"], "picked": [c for p in self.history for c in p], "round": self.round}

    def result(self) -> Any:
        from generator.games.api import Result

        w = None if self.scores[0] == self.scores[1] else int(self.scores[1] > self.scores[0])
        return Result(winner=w, tricks=self.round, counts=[0, 0], scores=[float(s) for s in self.scores])


class _Highest:
    name = "highest"

    def choose(self, turn: Any, rng: Any) -> Action:
        assert turn.seat == 1 and [a.value for a in turn.legal] == ["c1", "c2", "c3"]
        return turn.legal[-1]


def test_a_simultaneous_node_takes_one_action_per_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    from generator.games import api
    from generator.project.play.session import Seating, Session

    monkeypatch.setattr(api, "SIMULTANEOUS", SIMULTANEOUS, raising=False)
    spec = type("Spec", (), {"name": "picks", "table": None})()
    session = Session(_Picks(), spec, frozenset({"c1", "c2", "c3"}), {"c1": "One", "c2": "Two", "c3": "Three"},
                      Seating((0,), {1: _Highest()}, {1: "highest"}), seed=1)
    snap = session.snapshot(0)
    assert snap["turn"] == "you" and [a["card"] for a in snap["actions"]] == ["c1", "c2", "c3"]
    assert session.advance() is False  # the table waits for the human
    session.act(0, 2, snap["step"])  # c3 against the AI's c3: a tie
    assert session.state.history == [("c3", "c3")] and len(session.steps) == 1
    session.act(0, 1, 1)  # c2 against c3
    assert session.over and session.state.result().winner == 1
    assert session.log[-1]["words"][0] == "You (seat 0): pick Two; Seat 1 (highest): pick Three"
    # the joint move is recorded as one step and read back
    again = record.step_of(record.step_json(session.steps[0]), "test")
    assert again.joint == (Action("pick", "c3"), Action("pick", "c3"))
    from generator.project.play.session import Step

    idle = record.step_of(record.step_json(Step(SIMULTANEOUS, joint=(None, Action("pick", "c1")))), "test")
    assert idle.joint == (None, Action("pick", "c1"))  # a seat with nothing to do at that node


def test_today_api_has_no_simultaneous_marker_and_sequential_games_play() -> None:
    from generator.games import api
    from generator.project.play.session import simultaneous

    assert simultaneous() == getattr(api, "SIMULTANEOUS", None)
    assert CHANCE != simultaneous()


# -- the command -----------------------------------------------------------------------------
@pytest.mark.parametrize(("args", "message"), [
    (["play", "nosuchgame", "--no-open"], "unknown game"),
    (["play", "weiji", "--seat", "5", "--no-open"], "--seat 5: Weiji with 2 players has seats 0 to 1"),
    (["play", "weiji", "--humans", "0,7", "--no-open"], "--humans 7: Weiji with 2 players has seats 0 to 1"),
    (["play", "viashi", "--strategy", "bogus", "--no-open"], "unknown strategy 'bogus'"),
    (["play", "war", "--strategy", "random", "--no-open"], "no player decisions"),
    (["play", "viashi", "--strategy", "greedy,random,mcts", "--seat", "0", "--players", "6", "--no-open"],
     "names 3 players for 5 AI seats"),
    (["play", "--replay", "missing.json", "--no-open"], "no such file"),
])
def test_bad_input_is_a_clear_error_before_anything_is_served(args: list[str], message: str, tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, [*args, "-o", str(tmp_path / "out")])
    assert result.exit_code == 2, result.output
    assert message in result.output


def test_the_strategies_name_the_ai_seats(tmp_path: Path, closing: list[Table]) -> None:
    t = open_table("viashi", folder=tmp_path, images=False, seat=1, strategy="mcts:8,random")
    closing.append(t)
    assert t.top.session.seating.names == {0: "mcts:8", 2: "random"}
    assert t.top.session.snapshot(1)["seats"] == ["Seat 0 (mcts:8)", "You (seat 1)", "Seat 2 (random)"]


def test_pass_and_play_two_humans(tmp_path: Path, closing: list[Table]) -> None:
    """``--humans 0,2``: each human seat plays from its own view; the table waits for whichever is to move."""
    client = _open(closing, "viashi", tmp_path / "t", humans=(0, 2))
    seat, moved = 0, {0: 0, 2: 0}
    state = client.api("GET", "/api/state?seat=0")
    for _ in range(2000):
        if state["turn"] == "over":
            break
        if state["turn"] == "human":  # the other human's move: the page shows "pass to seat N"
            (seat,) = [s for s in state["waiting"] if s != seat]
            state = client.api("GET", f"/api/state?seat={seat}")
            assert state["turn"] == "you"
        elif state["turn"] == "you":
            state = client.api("POST", "/api/act", {"seat": seat, "index": 0, "step": state["step"]})
            moved[seat] += 1
        else:
            state = client.api("POST", "/api/step", {"seat": seat})
    assert state["turn"] == "over" and moved[0] > 5 and moved[2] > 5
    assert state["seats"][2 if seat == 0 else 0].endswith("(human)")
    saved = json.loads(next((tmp_path / "t").glob("play-*.json")).read_text())
    assert saved["humans"] == [0, 2] and saved["seats"] == ["human", "greedy", "human"]


def test_the_decks_own_images_are_rendered_once(tmp_path: Path) -> None:
    from PIL import Image

    from generator.project.play import load_target
    from generator.project.play.cards import render_cards

    _, deck = load_target("weiji")
    files = render_cards(deck, tmp_path)
    assert set(files["fronts"]) == {c.id for c in deck.cards} and files["back"] == "cards/back.png"
    with Image.open(tmp_path / files["fronts"]["L01"]) as im:
        assert 200 < im.width < 400 and im.height > im.width  # a card at screen size, portrait
    first = (tmp_path / "cards" / "L01.png").stat().st_mtime_ns
    assert render_cards(deck, tmp_path) == files
    assert (tmp_path / "cards" / "L01.png").stat().st_mtime_ns == first  # current: not drawn again


def test_a_piecepack_table_uses_the_tile_back(tmp_path: Path) -> None:
    from generator.project.play import load_target
    from generator.project.play.cards import card_files

    _, deck = load_target("war")
    cards = tmp_path / "cards"
    cards.mkdir()
    for name in ("suns-ace.png", "coin-suns-ace.png", "coin-suns-ace-back.png", "tile-back.png"):
        (cards / name).write_bytes(b"png")
    files = card_files(deck, tmp_path)
    assert files["fronts"] == {"suns-ace": "cards/suns-ace.png"} and files["back"] == "cards/tile-back.png"


def test_a_bug_in_the_designers_rules_names_their_file_and_line(project: Path, tmp_path: Path,
                                                                closing: list[Table]) -> None:
    game = project / "game.py"
    text = game.read_text()
    anchor = "        c = g.index.get(action.value, -1) if action.kind == \"play\" else -1\n"
    assert anchor in text
    # a bug that only shows while people play (the contract check at the start plays it too
    # and would refuse the game: tested below), switched on once the table is open
    game.write_text(text.replace(anchor, anchor + "        if self.tricks == 1 and __import__(\"os\").environ.get(\"PLAY_BOOM\"):"
                                                 "\n            raise RuntimeError(\"boom\")\n"))
    client = _open(closing, str(project), tmp_path / "t", strategy="random")
    import os

    os.environ["PLAY_BOOM"] = "1"
    try:
        state = client.api("GET", "/api/state")
        for _ in range(200):
            if state["turn"] == "you":
                status, text = client.request("POST", "/api/act", {"seat": 0, "index": 0, "step": state["step"]})
            else:
                status, text = client.request("POST", "/api/step", {"seat": 0})
            if status != 200:
                break
            state = json.loads(text)
    finally:
        del os.environ["PLAY_BOOM"]
    assert status == 500
    error = json.loads(text)["error"]
    assert "RuntimeError: boom" in error and "game.py" in error and "Traceback" not in error


def test_a_game_that_breaks_its_contract_is_refused_before_the_table_opens(project: Path, tmp_path: Path,
                                                                            closing: list[Table]) -> None:
    """As every command does (the game API's contract, docs/own-game.md section 5): the
    designer's file and line, never a table that fails half-way."""
    from generator.errors import DeckpressError

    game = project / "game.py"
    text = game.read_text()
    anchor = "        c = g.index.get(action.value, -1) if action.kind == \"play\" else -1\n"
    game.write_text(text.replace(anchor, anchor + "        if self.tricks == 1:\n            raise RuntimeError(\"boom\")\n"))
    with pytest.raises(DeckpressError) as err:
        _open(closing, str(project), tmp_path / "t", strategy="random")
    assert "RuntimeError: boom" in str(err.value) and "game.py:" in str(err.value)


def test_the_command_serves_a_table_until_ctrl_c(tmp_path: Path) -> None:
    """``deckpress play weiji --no-open``, as a designer types it: the address on stderr, the
    page and its API answer, the card images are in the table's folder, Ctrl-C ends it (130)."""
    import signal
    import subprocess
    import sys
    import time
    import urllib.request

    command = [sys.executable, "-c", "from generator.cli import main; main()", "play", "weiji", "--no-open",
               "-o", str(tmp_path / "out")]
    proc = subprocess.Popen(command, stderr=subprocess.PIPE, text=True, cwd=tmp_path)
    try:
        assert proc.stderr is not None
        lines = []
        end = time.monotonic() + 120
        while time.monotonic() < end:
            line = proc.stderr.readline()
            lines.append(line)
            if "the table is at" in line or not line:
                break
        url = re.search(r"http://127\.0\.0\.1:\d+/", "".join(lines))
        assert url, lines
        with urllib.request.urlopen(url.group(0) + "api/state", timeout=60) as reply:
            state = json.load(reply)
        assert state["seat"] == 0 and state["seats"][1] == "Seat 1 (best)"
        assert (tmp_path / "out" / "cards" / "L01.png").is_file()
        proc.send_signal(signal.SIGINT)
        assert proc.wait(timeout=60) == 130
        assert "Traceback" not in proc.stderr.read()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
