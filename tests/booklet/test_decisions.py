"""Booklets say exactly what the simulator plays (issue #20).

Every rule decision the engines make where the seed rules are silent is registered in
``generator.games.decisions`` with an identifier. These tests render each game's
booklet for parameter sets covering every variant and check that each decision that
applies is stated there, that every identifier is written next to its rule in the
engine and in docs/simulate.md, and that docs/simulate.md lists no decision without
one. A new decision without booklet text, or a booklet that drops one, fails here.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from generator.booklet.build import render_rules_text
from generator.booklet.content import booklet_context
from generator.cli import app
from generator.deck import resolve_deck
from generator.games.decisions import Decision, by_id, every
from generator.games.registry import entry, make_params, specs
from generator.games.rulebook import an

ROOT = Path(__file__).resolve().parents[2]
DECISIONS = every(specs())  # the built-in games' rule decisions (the registry's specs)
BY_ID = by_id(specs())


def decisions_for(game: str) -> tuple[Decision, ...]:
    return entry(game).decisions


ENGINES = {
    "weiji": ["generator/games/weiji/game.py"],
    "war": ["generator/games/war/game.py"],
    "viashi": ["generator/games/viashi/game.py", "generator/games/viashi/cards.py",
               "generator/games/viashi/scoring.py", "generator/games/viashi/state.py"],
}

# (game, deck, parameters): every variant and player-count branch of each booklet
CASES: list[tuple[str, str, dict[str, Any]]] = [
    ("weiji", "lighting", {}),
    ("weiji", "eagle", {"players": 3, "pickup": "winner-first"}),
    ("weiji", "cognitio", {"players": 4}),
    ("weiji", "lighting", {"players": 4}),
    ("war", "piecepack", {}),
    ("war", "piecepack", {"players": 3}),
    ("war", "piecepack", {"players": 4, "packs": 2, "pickup": "winner-first"}),
    ("war", "piecepack", {"variant": "russian", "objective": 1, "tie_method": 1}),
    ("war", "piecepack", {"variant": "russian", "objective": 2, "tie_method": 2}),
    ("war", "standard52", {"variant": "russian"}),
    ("war", "standard52", {"players": 3}),
    ("viashi", "viashi", {}),
    ("viashi", "viashi", {"variant": "human", "hands": 3}),
    ("viashi", "viashi", {"hands": 9, "handicap": True}),
    ("viashi", "viashi", {"players": 6}),
    ("viashi", "viashi", {"players": 6, "handicap": True, "hands": 2}),
]


def plain(text: str) -> str:
    """Booklet markup as read: no ``**``/``*``/backquotes, white space folded."""
    text = re.sub(r"[*`]", "", text)
    return re.sub(r"\s+", " ", text)


def booklet(game: str, deck_name: str, params: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    deck = resolve_deck(deck_name)
    ctx = booklet_context(game, make_params(game, **params), deck)
    return plain(render_rules_text(game, ctx)), ctx


@pytest.mark.parametrize(("game", "deck", "params"), CASES,
                         ids=[f"{g}-{d}-{'-'.join(f'{k}={v}' for k, v in p.items()) or 'default'}"
                              for g, d, p in CASES])
def test_every_applicable_decision_is_stated_in_the_booklet(game: str, deck: str, params: dict[str, Any]) -> None:
    text, ctx = booklet(game, deck, params)
    missing = [f"{d.id}: {d.sentence(ctx)!r}" for d in decisions_for(game)
               if d.applies(ctx) and plain(d.sentence(ctx)) not in text]
    assert not missing, "the booklet does not state:\n" + "\n".join(missing)


def test_every_decision_is_checked_by_some_booklet() -> None:
    covered: set[str] = set()
    for game, deck, params in CASES:
        _, ctx = booklet(game, deck, params)
        covered |= {d.id for d in decisions_for(game) if d.applies(ctx)}
    assert covered == set(BY_ID), f"no case exercises: {sorted(set(BY_ID) - covered)}"


def test_identifiers_are_unique_and_named_for_their_game() -> None:
    assert len(BY_ID) == len(DECISIONS)
    for d in DECISIONS:
        assert d.game in ENGINES and re.fullmatch(r"[a-z]+\.[a-z0-9-]+", d.id), d.id


@pytest.mark.parametrize("game", sorted(ENGINES))
def test_every_decision_is_marked_in_the_engine_docstrings(game: str) -> None:
    source = "".join((ROOT / f).read_text(encoding="utf-8") for f in ENGINES[game])
    missing = [d.id for d in decisions_for(game) if f"[{d.id}]" not in source]
    assert not missing, f"engine docstrings of {game} do not mark: {missing}"
    unknown = set(re.findall(rf"\[({game}\.[a-z0-9-]+)\]", source)) - set(BY_ID)
    assert not unknown, f"{game} engine marks decisions that are not registered: {unknown}"


def _ours_sections(doc: str) -> dict[str, list[str]]:
    """The bullets of each game's 'Decisions ... (ours)' list in docs/simulate.md."""
    out: dict[str, list[str]] = {}
    for game_section in re.split(r"^## ", doc, flags=re.M)[1:]:
        game = game_section.split("\n", 1)[0].strip()
        m = re.search(r"\(ours\):\n\n(.*?)(?:\n\n(?!- |  ))", game_section, flags=re.S)
        if m:
            out[game] = re.findall(r"^- (.*)$", m.group(1), flags=re.M)
    return out


def test_docs_list_every_decision_with_its_identifier() -> None:
    doc = (ROOT / "docs" / "simulate.md").read_text(encoding="utf-8")
    sections = _ours_sections(doc)
    assert set(sections) == set(ENGINES)
    for game, bullets in sections.items():
        tagged = []
        for bullet in bullets:
            m = re.match(r"`([a-z]+\.[a-z0-9-]+)`", bullet)
            assert m, f"docs/simulate.md, {game}: a decision without an identifier: {bullet[:60]!r}"
            tagged.append(m.group(1))
        assert sorted(tagged) == sorted(d.id for d in decisions_for(game)), game


def test_articles() -> None:
    assert [an(w) for w in ("Ace", "Two", "Null", "Eight", "8", "One", "11", "5")] == \
        ["an", "a", "a", "an", "an", "a", "an", "a"]


# -- the four places of issue #20, with the deals it names ----------------------------

def _simulate(tmp_path: Path, deal: str, *args: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    (tmp_path / "deal.yaml").write_text(deal, encoding="utf-8")
    trace = tmp_path / "trace.jsonl"
    result = CliRunner().invoke(app, ["simulate", "weiji", "--deal", str(tmp_path / "deal.yaml"),
                                      "--trace", str(trace), "--json", *args])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout), [json.loads(line) for line in trace.read_text().splitlines()]


def test_tied_tiebreak_draw_goes_to_the_first_tied_seat_left_of_the_dropped_chooser(tmp_path: Path) -> None:
    # lifetime: L01, L06 and L22 all show the same value -> a tie; seat 0 has no card left.
    # The draw on lumens (the first attribute): L20 and L28 both show 10800 lm -> tied;
    # seat 1 sits first to the left of seat 0, so seat 1 chooses (nobody draws again).
    out, trace = _simulate(tmp_path, "stacks: [[L01], [L06, L20, L02], [L22, L28, L03]]\nchoices: [lifetime]\n",
                           "--set", "pickup=winner-first")
    draw = next(t for t in trace if t["event"] == "tiebreak")
    assert draw["drawn"] == [None, "L20", "L28"] and draw["chooser"] == 1
    deck = resolve_deck("lighting")
    assert deck.card("L20").value("lumens") == deck.card("L28").value("lumens")
    text, _ = booklet("weiji", "lighting", {"players": 3, "pickup": "winner-first"})
    assert "tied players turn up another card" not in text
    assert "the tied player sitting first to the left of the player who dropped out chooses next" in text
    assert out["winner"] == 1


def test_last_player_with_cards_takes_the_middle_and_wins(tmp_path: Path) -> None:
    # lifetime: L01 and L06 tie -> both to the middle; seat 1 is out, seat 0 still holds L03:
    # the game ends at once, seat 0 takes the middle (3 cards) after one trick.
    out, _ = _simulate(tmp_path, "stacks: [[L01, L03], [L06]]\nchoices: [lifetime]\n")
    assert (out["winner"], out["tricks"], out["counts"]) == (0, 1, [3, 0])
    text, _ = booklet("weiji", "lighting", {})
    assert "belong to nobody" not in text
    assert "only one player holds cards. That player takes the cards still waiting in the middle" in text


def test_unstated_rules_are_stated() -> None:
    war, _ = booklet("war", "piecepack", {})
    assert "both players run out in the same war, so that nobody has a tile left, the game is a draw" in war
    weiji, _ = booklet("weiji", "eagle", {})
    assert "A card that shows no value for it cannot win this draw" in weiji


def test_russian_standard52_uses_the_right_article_and_human_viashi_reads_the_numbers() -> None:
    russian, _ = booklet("war", "standard52", {"variant": "russian"})
    assert "a Ace" not in russian and "an Ace beats a Two" in russian
    human, _ = booklet("viashi", "viashi", {"variant": "human"})
    assert "the King (2) is the strongest card of a suit and the Queen (1) the second" in human
    elvish, _ = booklet("viashi", "viashi", {})
    assert "read the numbers as names" not in elvish


def test_the_compiled_kernel_plays_both_weiji_deals_the_same_way() -> None:
    from generator.games.fast.scripted import play_stacks
    from generator.games.registry import make_game

    deck = resolve_deck("lighting")
    game = make_game("weiji", deck, make_params("weiji", players=3, pickup="winner-first"))
    fast = play_stacks("weiji", game, [["L01"], ["L06", "L20", "L02"], ["L22", "L28", "L03"]], ["lifetime"])
    draw = next(row for row in fast["trace"] if row[0] == 1)  # [kind 1 = tiebreak, -, chooser, ...]
    assert draw[2] == 1 and fast["details"]["tiebreak_ties"] == 1
    game = make_game("weiji", deck, make_params("weiji", players=2))
    fast = play_stacks("weiji", game, [["L01", "L03"], ["L06"]], ["lifetime"])
    assert (fast["code"], fast["tricks"], fast["counts"]) == (0, 1, [3, 0])


# -- issue #27: the tiebreak draw on a lower-is-better first attribute --------------------------
# Eagle, 3 players. range: E03 (20), E04 (20) and E08 ("no data") -> a tie; seat 0, the
# chooser, has no card left. The draw is on Weight (the first attribute, lower is better):
# seat 1 turns up E01 (4.46 kg), seat 2 E06 (0.20 kg). The seed's words ("the highest value
# from the topmost attribute") give the turn to seat 1; the best value (the lowest) to seat 2.
EAGLE_DEAL = [["E03"], ["E04", "E01", "E02"], ["E08", "E06", "E07"]]


@pytest.mark.parametrize(("reading", "chooser"), [("highest", 1), ("best", 2)])
def test_tiebreak_draw_on_eagle_weight_in_both_readings_and_both_engines(
        tmp_path: Path, reading: str, chooser: int) -> None:
    from generator.games.fast.scripted import play_stacks
    from generator.games.registry import make_game

    deck = resolve_deck("eagle")
    assert (deck.attributes[0].key, deck.attributes[0].better) == ("weight", "lower")
    assert (deck.card("E01").value("weight"), deck.card("E06").value("weight")) == (4.46, 0.2)
    stacks = "[" + ", ".join("[" + ", ".join(s) + "]" for s in EAGLE_DEAL) + "]"
    _, trace = _simulate(tmp_path, f"stacks: {stacks}\nchoices: [range]\n", "--deck", "eagle",
                         "--set", f"tiebreak_draw={reading}", "--set", "pickup=winner-first")
    draw = next(t for t in trace if t["event"] == "tiebreak")
    assert draw["drawn"] == [None, "E01", "E06"] and draw["chooser"] == chooser
    game = make_game("weiji", deck, make_params("weiji", players=3, pickup="winner-first",
                                                tiebreak_draw=reading))
    fast = play_stacks("weiji", game, EAGLE_DEAL, ["range"])
    row = next(r for r in fast["trace"] if r[0] == 1)  # [kind 1 = tiebreak, -, chooser, ...]
    assert row[2] == chooser and fast["details"]["tiebreak_ties"] == 0
    text, _ = booklet("weiji", "eagle", {"players": 3, "tiebreak_draw": reading})
    wins = "highest" if reading == "highest" else "lowest"
    assert f"compares Weight (the first attribute on the card; the {wins} number wins" in text
