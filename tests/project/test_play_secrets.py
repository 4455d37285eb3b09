"""``deckpress play``, round 2: a secret deal, nothing served that the rules hide (War's
face-down tiles, a drafting game's copies, the saved games), a token on an open host,
the host's link alone restarting the table, games that survive a restart, replays that
run only a project the user named and check every step, and deck text as text."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.errors import DeckpressError
from generator.project.play import Table, open_table
from generator.project.play.server import boot_json

from .play_client import Client, table

DRAFT = Path(__file__).with_name("play_draft")  # a drafting game with five copies of every card


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


def _hand(client: Client) -> str:
    """What the human sees at its first move (the deal as served to the page)."""
    state = client.api("GET", "/api/state")
    while state["turn"] != "you":
        state = client.api("POST", "/api/step", {"seat": 0})
    return json.dumps(state["zones"])


def test_two_sessions_deal_differently_and_new_game_does_not_add_one(tmp_path: Path, closing: list[Table]) -> None:
    first = _open(closing, "viashi", tmp_path / "a")
    second = _open(closing, "viashi", tmp_path / "b")
    assert first.table.seed != second.table.seed
    assert _hand(first) != _hand(second)  # 15 of 63 cards: the same hand twice is a broken seed
    seed = first.table.seed
    state = first.api("POST", "/api/new", {"seat": 0})
    assert first.table.seed not in (seed, seed + 1) and state["step"] == 0
    assert "result" not in state and str(first.table.seed) not in json.dumps(state)  # no seed while the game is on
    # --seed: a chosen deal, the same one twice
    again = [_hand(_open(closing, "viashi", tmp_path / f"s{i}", seed=12345)) for i in range(2)]
    assert again[0] == again[1]


def test_the_seed_is_told_at_the_end_and_saved(tmp_path: Path, closing: list[Table]) -> None:
    client = _open(closing, "war", tmp_path / "t")
    end = client.play_out()
    saved = json.loads(next((tmp_path / "t").glob("play-*.json")).read_text())
    assert end["result"]["seed"] == saved["seed"] == client.table.seed


# -- nothing hidden is served ------------------------------------------------------------------
def _pattern(words: set[str]) -> re.Pattern[str] | None:
    if not words:
        return None
    return re.compile("|".join(rf"(?<![\w-]){re.escape(w)}(?![\w-])" for w in sorted(words, key=len, reverse=True)))


def _war_face_down(client: Client, shown: set[str]) -> set[str]:
    """War: every tile not seen face up so far (in the stacks, face down in the trick)."""
    session = client.table.top.session
    down = session.game.facedown
    for pile in (session.trick or {}).get("played") or ():
        shown.update(c for i, c in enumerate(pile) if not (down and i % 2))
    return set(session.game.ids) - shown


def _draft_hidden(client: Client) -> set[str]:
    """The drafting game: a card is hidden when no copy of it is in the human's sight."""
    state = client.table.top.session.state
    sight = Counter(state.hands[0]) + Counter(c for p in state.picked for c in p)
    return {c for c in state.game.ids if not sight[c]}


@pytest.mark.parametrize("game", ["war", "draft"])
def test_no_response_names_a_hidden_card(game: str, tmp_path: Path, closing: list[Table]) -> None:
    """Every response of a whole game (state, moves, the page, the saved game's address),
    read as a browser gets it: War's stacks and face-down tiles are never named; in the
    drafting game (five copies of every card) no card is named that the human cannot see,
    and no deal names a card (holding a copy of a card tells nothing of the other hand)."""
    names = {"maki": "Maki Roll", "tempura": "Tempura", "sashimi": "Sashimi", "dumpling": "Dumpling"}
    client = _open(closing, "war" if game == "war" else str(DRAFT), tmp_path / "t",
                   **({} if game == "war" else {"strategy": "random"}))
    shown: set[str] = set()
    leaks: list[str] = []
    checked = 0
    saw_face_down = False

    def check(body: str) -> None:
        nonlocal checked, saw_face_down
        session = client.table.top.session
        if session.over:
            return  # after the game, "show all hands" shows everything
        if game == "war":
            secret = _war_face_down(client, shown)
            saw_face_down |= any(z.get("backs") and z.get("key") == "trick" for z in json.loads(body)["zones"])
        else:
            secret = _draft_hidden(client)
            secret |= {names[c] for c in secret}
            for line in json.loads(body)["log"]:
                if line["text"].startswith("Chance"):
                    assert not any(n in line["text"] for n in names.values()), line  # a deal names no card
        pattern = _pattern(secret)
        if pattern is not None and (found := pattern.search(body)):
            leaks.append(found.group(0))
        for path in sorted(p.name for p in (tmp_path / "t").glob("play-*.json")):
            assert client.request("GET", f"/{path}")[0] == 404  # the saved game (seed and deal) is never served
            assert client.request("GET", f"/cards/../{path}")[0] == 404
        checked += 1

    client.seen = check
    client.play_out(0)
    assert checked > 10 and not leaks, leaks[:5]
    if game == "war":
        assert saw_face_down, "no war in this game: the face-down rule was not exercised"
        assert any("face down" in line["text"] for line in client.api("GET", "/api/state")["log"])
    saved = next((tmp_path / "t").glob("play-*.json")).name
    assert client.request("GET", f"/{saved}")[0] == 404  # not after the game either: only cards/ is served


def test_the_deal_line_of_a_drafting_game_names_no_card(tmp_path: Path, closing: list[Table]) -> None:
    client = _open(closing, str(DRAFT), tmp_path / "t", strategy="random")
    end = client.play_out(0)
    deals = [line["text"] for line in end["log"] if line["text"].startswith("Chance")]
    assert deals == ["Chance: deal (hidden)"] * 2
    assert sum(line["text"].startswith("Seat 1 (random): pick ") and "(hidden)" not in line["text"]
               for line in end["log"]) == 8  # every pick is face up: named, copies and passing hands included


# -- who may do what -------------------------------------------------------------------------
def test_an_open_host_without_a_token_gets_one(tmp_path: Path, closing: list[Table]) -> None:
    client = _open(closing, "weiji", tmp_path / "t", host="0.0.0.0")
    assert client.table.made_token and client.token and f"token={client.token}" in client.table.url
    assert client.request("GET", "/", token=False)[0] == 403
    status, text = client.request("GET", "/api/state", token=False)
    assert status == 403 and json.loads(text)["error"] == "this table needs the link with its token"
    assert client.request("GET", "/")[0] == 200
    loop = _open(closing, "weiji", tmp_path / "l")
    assert not loop.table.made_token and loop.token is None  # this machine only: no token needed


def test_only_the_hosts_link_starts_a_new_game(tmp_path: Path, closing: list[Table]) -> None:
    client = _open(closing, "viashi", tmp_path / "t", humans=(0, 2), token=True)
    guest = Client(client.table)
    guest.token = client.table.links[2].split("token=")[1]
    assert guest.api("GET", "/api/state")["host"] is False
    assert client.api("GET", "/api/state")["host"] is True
    before = client.table.top.session
    status, text = guest.request("POST", "/api/new", {"seat": 2})
    assert status == 403 and "only the host's link" in json.loads(text)["error"]
    assert client.table.top.session is before
    assert client.api("POST", "/api/new", {"seat": 0})["step"] == 0 and client.table.top.session is not before


def test_api_errors_are_json(tmp_path: Path, closing: list[Table]) -> None:
    client = _open(closing, "weiji", tmp_path / "t")
    cases: list[tuple[str, str, Any, int]] = [("GET", "/api/nothing", None, 404), ("POST", "/api/nothing", {}, 404),
                                              ("POST", "/api/act", [1], 400), ("GET", "/api/state?seat=x", None, 409)]
    for method, path, body, status in cases:
        got, text = client.request(method, path, body)
        assert got == status and json.loads(text)["error"], (path, got, text)


# -- resume ----------------------------------------------------------------------------------
def _play(client: Client, stop: int | None = None) -> dict[str, Any]:
    """The human's choice depends on the move number alone, so two runs choose alike."""
    state = client.api("GET", "/api/state")
    while state["turn"] != "over" and (stop is None or state["step"] < stop):
        if state["turn"] == "you":
            index = random.Random(state["step"]).randrange(len(state["actions"]))
            state = client.api("POST", "/api/act", {"seat": 0, "index": index, "step": state["step"]})
        else:
            state = client.api("POST", "/api/step", {"seat": 0})
    return state


def test_a_resumed_game_ends_as_the_uninterrupted_one(tmp_path: Path, closing: list[Table]) -> None:
    whole = _open(closing, "viashi", tmp_path / "whole", seed=99)
    end = _play(whole)
    steps = [(s.seat, s.action) for s in whole.table.top.session.steps]
    cut = _open(closing, "viashi", tmp_path / "cut", seed=99)
    _play(cut, stop=40)
    cut.table.close()
    saved = next((tmp_path / "cut").glob("play-*.json"))
    assert json.loads(saved.read_text())["result"] is None and len(json.loads(saved.read_text())["actions"]) == 40
    # --resume FILE
    resumed = _open(closing, "", tmp_path / "cut", resume=saved)
    assert resumed.api("GET", "/api/state")["step"] == 40
    last = _play(resumed)
    assert [(s.seat, s.action) for s in resumed.table.top.session.steps] == steps
    assert last["result"]["winner"] == end["result"]["winner"] and last["result"]["scores"] == end["result"]["scores"]
    assert json.loads(saved.read_text())["result"]["winner"] == end["result"]["winner"]  # saved in the same file


def test_the_table_offers_the_interrupted_game_after_a_restart(tmp_path: Path, closing: list[Table]) -> None:
    whole = _open(closing, "viashi", tmp_path / "whole", seed=7)
    end = _play(whole)
    cut = _open(closing, "viashi", tmp_path / "t", seed=7)
    _play(cut, stop=30)
    cut.table.close()
    saved = next((tmp_path / "t").glob("play-*.json")).name
    again = _open(closing, "viashi", tmp_path / "t")  # the command run again: a new game, and the offer
    state = again.api("GET", "/api/state")
    assert state["resume"] == [{"file": saved, "moves": 30}]
    status, text = again.request("POST", "/api/resume", {"seat": 0, "file": "../../etc/passwd"})
    assert status == 409 and "no interrupted game" in json.loads(text)["error"]
    state = again.api("POST", "/api/resume", {"seat": 0, "file": saved})
    assert state["step"] == 30 and state["resume"] == []
    assert _play(again)["result"]["scores"] == end["result"]["scores"]
    assert sorted(p.name for p in (tmp_path / "t").glob("play-*.json")) == [saved]  # the untouched new game is gone


# -- replays ---------------------------------------------------------------------------------
EVIL = '''
import pathlib
pathlib.Path(__file__).with_name("RAN").write_text("the replay ran this project")
from generator.games.api import Action
class Boom:
    def new_state(self, observer=None): ...
'''


def test_a_foreign_replay_target_runs_nothing(tmp_path: Path) -> None:
    evil = tmp_path / "elsewhere"
    evil.mkdir()
    (evil / "game.py").write_text(EVIL)
    (evil / "deck.yaml").write_text("name: Evil\ngame: game.py\ncards:\n  - {id: a, name: A}\n")
    replay = tmp_path / "downloads" / "play-x.json"
    replay.parent.mkdir()
    replay.write_text(json.dumps({"format": "deckpress-play/1", "game": "boom", "target": str(evil), "seed": 1,
                                  "actions": []}))
    with pytest.raises(DeckpressError, match="a project's rules run only when you name it"):
        open_table("", folder=tmp_path / "t", images=False, replay=replay)
    result = CliRunner().invoke(app, ["play", "--replay", str(replay), "--no-open", "-o", str(tmp_path / "o")])
    assert result.exit_code == 2 and "name it" in result.output and "Traceback" not in result.output
    assert not (evil / "RAN").exists()


def test_an_illegal_step_in_a_replay_is_named(tmp_path: Path, closing: list[Table]) -> None:
    client = _open(closing, "viashi", tmp_path / "t", seed=3)
    client.play_out(0)
    path = next((tmp_path / "t").glob("play-*.json"))
    data = json.loads(path.read_text())
    number = next(i for i, a in enumerate(data["actions"]) if a[0] == 0 and a[1] == "play") + 1
    data["actions"][number - 1][2] = "no-such-card"
    path.write_text(json.dumps(data))
    with pytest.raises(DeckpressError, match=rf"step {number} \(seat 0: play:no-such-card\): not a legal move here"):
        open_table("", folder=tmp_path / "r", images=False, replay=path)
    data["actions"][number - 1][0] = 1
    path.write_text(json.dumps(data))
    result = CliRunner().invoke(app, ["play", "--replay", str(path), "--no-open", "-o", str(tmp_path / "o")])
    assert result.exit_code == 2 and f"step {number} (seat 1: play:no-such-card)" in result.output
    assert "Traceback" not in result.output and "internal error" not in result.output


# -- names and text --------------------------------------------------------------------------
def test_viashilym_is_a_game_name(tmp_path: Path, closing: list[Table]) -> None:
    client = _open(closing, "viashilym", tmp_path / "t", seat=3)
    state = client.api("GET", "/api/state")
    assert state["players"] == 6 and "Viashi" in client.request("GET", "/")[1]
    result = CliRunner().invoke(app, ["play", "viashilym", "--players", "3", "--no-open", "-o", str(tmp_path / "o")])
    assert result.exit_code == 2 and "viashilym is played by 6" in result.output


def test_deck_text_cannot_end_the_pages_script() -> None:
    boot = {"names": {"x": "<!--<script>", "y": "</script><b>&amp;"}}
    text = boot_json(boot)
    assert "<" not in text and ">" not in text and "&" not in text
    assert json.loads(text) == boot


def test_the_log_numbers_are_whole_and_the_seats_marked(tmp_path: Path, closing: list[Table]) -> None:
    client = _open(closing, "weiji", tmp_path / "t", seed=5)
    state = client.api("GET", "/api/state")
    while state["turn"] != "you":
        state = client.api("POST", "/api/step", {"seat": 0})
    assert state["to_act"] == 0 and state["seats"][0] == "You (seat 0)"
    labels = [a["label"] for a in state["actions"]]
    assert any(label.startswith("Light output: ") and label.endswith(" lm") for label in labels), labels
    end = client.play_out(0)
    showdowns = [line["text"] for line in end["log"] if line["text"].startswith("showdown")]
    assert showdowns and all(re.search(r"seat 0 .+ \(.+\), seat 1 .+ \(.+\); (seat \d takes \d+ cards|a tie)", s)
                             for s in showdowns), showdowns[:3]
    assert not any(re.search(r"\b(lumens|efficacy)\b", line["text"]) for line in end["log"])


def test_the_api_example_in_the_docs_plays_a_whole_game(tmp_path: Path, closing: list[Table],
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    """docs/play.md's Python example, as printed there, against a table with a token."""
    text = (Path(__file__).parents[2] / "docs" / "play.md").read_text(encoding="utf-8")
    api = text[text.index("## The HTTP API"):]
    code = api[api.index("```python\n") + len("```python\n"):]
    code = code[:code.index("```")]
    for endpoint in ("/api/state", "/api/act", "/api/step", "/api/new", "/api/resume", "/api/reveal"):
        assert f"`GET {endpoint}" in api or f"`POST {endpoint}" in api  # every endpoint documented
    client = _open(closing, "viashi", tmp_path / "t", token=True)
    namespace: dict[str, Any] = {"__name__": "docs_example"}
    exec(compile(code, "docs/play.md", "exec"), namespace)  # noqa: S102 (our own documentation)
    end = namespace["play_whole_game"](client.table.url)
    assert end["turn"] == "over" and client.table.top.session.over
    assert f"seed {client.table.seed}" in capsys.readouterr().out
