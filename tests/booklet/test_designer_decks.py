"""Booklets from the designer's deck, checked (issue #32).

A 5-suit piecepack of the designer's own ("Elements", renamed ranks) and Viashi-style
decks with 7 and 8 ranks ("Starfall": renamed suits, a god suit named Spirits, the
Dawn and the Trickster in the Lady's and the Changeling's places). Each booklet
states the designer's counts, ranks and names, every number it prints is one
worked out here by hand from the deck, and no number or name of the bundled deck
survives. The footer command pastes: it names the deck file as given.
"""

from __future__ import annotations

import json
import re
import shlex
import shutil
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from generator.booklet.build import build_booklet, render_rules_text
from generator.booklet.content import booklet_context
from generator.cli import app
from generator.deck import resolve_deck
from generator.errors import ParameterError
from generator.games.registry import make_params

from .test_decisions import plain

DATA = Path(__file__).parent / "data" / "designer"
ELEMENTS_ORDER = "Star › Square › Triad › Pair › Spark › Void"
BUNDLED_PIECEPACK = ("Suns", "Moons", "Crowns", "Arms", "Null", "Ace", "Five", "Four", "Three", "Two")
BUNDLED_VIASHI = ("Queen", "King", "Fool", "Winds", "Flames", "Stones", "Waves", "Leaves", "the Lady",
                  "the Changeling", "Scholar/Magician", "rank 8", "nine")


def text_of(game: str, deck_file: str, params: dict[str, Any]) -> tuple[str, str]:
    """The booklet as read (markup removed) and its footer command."""
    deck = resolve_deck(DATA / deck_file)
    ctx = booklet_context(game, make_params(game, **params), deck)
    raw = re.sub(r"(?m)^\s*\d+\.\s+", "", render_rules_text(game, ctx))  # list numbering is no count
    return plain(raw), ctx["command"]


def numbers(text: str) -> set[int]:
    """Every number the booklet states, leaving out the commands it quotes (code spans are
    gone in ``plain``; the suggested commands all start with "deckpress")."""
    text = re.sub(r"deckpress \S+ \S+( --\S+ \S+)*", "", text)
    text = re.sub(r"--set \w+=\w+", "", text)
    return {int(n) for n in re.findall(r"(?<![\w.])\d+(?!\w|\.\d)", text)}


def absent(text: str, words: tuple[str, ...]) -> list[str]:
    return [w for w in words if re.search(rf"(?<!\w){re.escape(w)}(?!\w)", text)]


# -- War on the Elements piecepack: 5 suits x 6 ranks = 30 tiles --------------------------------
# 2 players: 15 each; 3 players: 10 each; 4 players: 7 each, 2 set aside; 2 packs: 60 tiles.
# Rule constants the War booklet prints: 1-4 (packs, players, "repeat steps 2 and 3", "1 to 4"
# packs), objective and tie method 1 and 2; "six tiles in a first war" is written out.
WAR = [
    ({}, "Deal all the tiles face down, one at a time: 15 tiles each.", {1, 2, 3, 4, 15, 30}),
    ({"players": 3}, "Deal all the tiles face down, one at a time: 10 tiles each.", {1, 2, 3, 4, 10, 30}),
    ({"players": 4}, "Deal 7 tiles to each player, face down, one at a time. The 2 tiles left over go back",
     {1, 2, 3, 4, 7, 30}),
    ({"players": 2, "packs": 2}, "Deal all the tiles face down, one at a time: 30 tiles each.",
     {1, 2, 3, 4, 30, 60}),
    ({"variant": "russian"}, "Deal all the tiles face down, one at a time: 15 tiles each.", {1, 2, 4, 15, 30}),
]


@pytest.mark.parametrize(("params", "deal", "expected"), WAR, ids=str)
def test_war_booklet_describes_the_elements_piecepack(params: dict[str, Any], deal: str, expected: set[int]) -> None:
    text, _ = text_of("war", "elements.yaml", params)
    packs = params.get("packs", 1)
    assert f"{30 * packs} tiles ({30} per piecepack)" in text
    assert deal in text
    russian = params.get("variant") == "russian"
    order = " › ".join(reversed(ELEMENTS_ORDER.split(" › "))) if russian else ELEMENTS_ORDER
    assert order in text
    if russian:
        assert "One exception: a Star beats a Void." in text
    else:
        assert "turns the ranking upside down (Void strongest, Star weakest, but a Star beats a Void)" in text
    assert numbers(text) == expected
    assert not absent(text, BUNDLED_PIECEPACK + ("24", "12 tiles"))


# -- Viashi on Starfall: 5 suits + Spirits, 7 ranks (42 cards) or 8 ranks (48 cards) -------------
# 7 ranks: 14 cards each (7 table, 7 hand), 14 tricks, 28 captives (2 a trick); Magicians are
# rank 6, one per suit: 5 in the game. 8 ranks: 16 each (8 + 8), 16 tricks, 32 captives,
# Magicians rank 7. Viashilym (two decks): 84 or 96 cards, 14 or 16 each, 5 captives a trick.
# Rule constants: 1 (hand, points), 2 (captives a trick, bonus for the most tricks), 3 (players,
# bonus, a human set), 9 (9 instead of 3; an elvish round), 6 (players in Viashilym), 5 and 10
# (team scoring). The deck's name, "Starfall 7", prints its 7 too. Human: the Empress is 1, the
# Jester 7, 14 tricks + 2 = 16 points a hand (14 when the most tricks are shared).
VIASHI = [
    ("starfall7.yaml", {}, {1, 2, 3, 5, 6, 7, 9, 14, 28, 42}),
    ("starfall8.yaml", {}, {1, 2, 3, 5, 7, 8, 9, 16, 32, 48}),
    # human: numbered 1 (Empress) to 7 (Jester), the Emperor (2) strongest; 14 + 2 = 16 points
    ("starfall7.yaml", {"variant": "human", "hands": 3}, {1, 2, 3, 5, 7, 9, 14, 16, 42}),
    ("starfall7.yaml", {"players": 6}, {1, 2, 3, 5, 6, 7, 9, 10, 14, 84}),
    ("starfall8.yaml", {"players": 6, "hands": 2}, {1, 2, 3, 5, 6, 8, 9, 10, 16, 96}),
]


@pytest.mark.parametrize(("deck_file", "params", "expected"), VIASHI, ids=str)
def test_viashi_booklet_describes_the_starfall_deck(deck_file: str, params: dict[str, Any],
                                                     expected: set[int]) -> None:
    text, _ = text_of("viashi", deck_file, params)
    ranks = 7 if "7" in deck_file else 8
    decks = 2 if params.get("players") == 6 else 1
    total = 6 * ranks * decks
    assert f"{total} cards" in text
    assert (f"has 5 suits of {ranks} cards (Skies, Embers, Tides, Groves, Peaks) and a suit of {ranks} gods "
            f"(Spirits)") in text
    names = ["Empress", "Emperor", "Knight", "Bard", "Ranger", "Healer"][: ranks - 2] + ["Magician", "Jester"]
    if params.get("variant") == "human":
        names[0], names[1] = names[1], names[0]
        assert "the Emperor (2) is the strongest card of a suit and the Empress (1) the second" in text
        assert "The Jester takes the Emperor." in text
    else:
        assert "The Jester takes the Empress." in text
    assert " › ".join(names) in text
    gods = ["the Dawn", "the Dusk", "the Storm", "the Comet", "the Moon", "the Tide", "the Star"][: ranks - 1]
    assert "They rank, strongest first: " + ", ".join([*gods, "the Trickster"]) + "." in text
    assert "The Trickster takes the Dawn." in text
    if params.get("players") != 6 and params.get("variant") != "human":
        assert (f"The cards of rank {ranks - 1} are Magicians in Skies, Embers and Peaks and Scholars in "
                "Tides and Groves.") in text
        assert "each one a player owns at the end scores a bonus point (5 in the game)" in text
        tricks = 6 * ranks // 3  # every card is played, three a trick
        assert f"The captives come to 2 in each trick, {2 * tricks} in a hand." in text
    assert f"The hand ends after {2 * ranks} tricks" in text
    assert numbers(text) == expected
    assert not absent(text, BUNDLED_VIASHI + ("54", "18", "36", "108"))


# -- Weiji on the Comets pack: 9 cards, Mass (lower is better) first -----------------------------
# 2 players: one gets 5 cards, the other 4; the examples show Orla 23 Gt against Vela 41 Gt and
# a tie on Tail at 11 Mkm; "2 to 8 players" and the 3 attributes are the other numbers.

@pytest.mark.parametrize(("reading", "wins"), [("highest", "highest"), ("best", "lowest")])
def test_weiji_booklet_describes_the_comets_pack(reading: str, wins: str) -> None:
    text, _ = text_of("weiji", "comets.yaml", {"tiebreak_draw": reading})
    assert "The Comets pack: 9 cards. Every card shows one product and 3 numbered attributes." in text
    assert "| Cards | 9 (1 player gets 5 cards, 1 gets 4) |" in text
    assert "1 of the 2 players gets 5 cards and the others 4" in text
    assert "| Mass | Gt | the lowest | | Speed | km/s | the highest | | Tail | Mkm | the highest |" in text
    assert "Orla shows 23 Gt, Vela shows 41 Gt: Orla takes both cards." in text
    assert f"compares Mass (the first attribute on the card; the {wins} number wins" in text
    assert numbers(text) == {1, 2, 3, 4, 5, 8, 9, 11, 23, 41}
    assert not absent(text, ("30", "Lighting", "Eagle", "Cognitio", "Weight", "lumens"))


# -- the footer command pastes; rules on a broken deck says check's error ------------------------

@pytest.mark.parametrize(("game", "deck_file"), [("war", "elements.yaml"), ("viashi", "starfall7.yaml")])
def test_the_footer_command_names_the_deck_file_as_given_and_runs(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str, deck_file: str) -> None:
    shutil.copy(DATA / deck_file, tmp_path / deck_file)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, ["rules", game, "--deck", deck_file, "--set", "hands=2" if game == "viashi"
                                      else "players=3", "-o", "first.pdf"])
    assert result.exit_code == 0, result.output
    deck = resolve_deck(deck_file)
    params = make_params(game, **({"hands": 2} if game == "viashi" else {"players": 3}))
    command = booklet_context(game, params, deck)["command"]
    assert command == f"deckpress rules {game} --deck {deck_file} " + (
        "--set hands=2" if game == "viashi" else "--set players=3")
    again = CliRunner().invoke(app, [*shlex.split(command)[1:], "-o", "again.pdf"])  # pasted as printed
    assert again.exit_code == 0, again.output
    footer = "".join(p.extract_text() for p in PdfReader(tmp_path / "again.pdf").pages)
    assert f"--deck {deck_file}" in footer


def test_a_deck_named_without_its_yaml_is_pointed_at_its_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`--deck elements` (the footer's old form) beside elements.yaml: not found, and told the file name."""
    shutil.copy(DATA / "elements.yaml", tmp_path / "elements.yaml")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, ["rules", "war", "--deck", "elements", "-o", "x.pdf"])
    assert result.exit_code == 2 and not (tmp_path / "x.pdf").exists()
    assert "no deck file or bundled deck named 'elements' (did you mean 'elements.yaml'?" in result.output
    other = CliRunner().invoke(app, ["rules", "war", "--deck", "starfall", "-o", "x.pdf"])
    assert other.exit_code == 2 and "did you mean" not in other.output  # no file of that name: no guess


def test_bundled_decks_keep_their_short_names_in_the_footer() -> None:
    ctx = booklet_context("war", make_params("war"), resolve_deck("piecepack"))
    assert ctx["command"] == "deckpress rules war --deck piecepack"


def test_rules_on_a_viashi_deck_without_a_weakest_card_in_its_first_suit_says_checks_error(tmp_path: Path) -> None:
    source = (DATA / "starfall7.yaml").read_text(encoding="utf-8")
    broken = tmp_path / "nofool.yaml"
    broken.write_text(source.replace("{id: skies-7, name: Jester of Skies, suit: skies, rank: '7'}",
                                     "{id: skies-7, name: Jester of Skies, suit: skies, rank: '6'}"), encoding="utf-8")
    with pytest.raises(ParameterError, match=r"1 of the 42 cards the suits x ranks define are missing: skies-7\."):
        booklet_context("viashi", make_params("viashi"), resolve_deck(broken))
    result = CliRunner().invoke(app, ["rules", "viashi", "--deck", str(broken), "-o", str(tmp_path / "x.pdf")])
    assert result.exit_code != 0
    assert "StopIteration" not in result.output and "Traceback" not in result.output
    # rules says what check says, in one line at the deck's own line (the validation every command runs)
    said = " ".join(result.output.split())
    assert "nofool.yaml:" in said and "card skies-7" in said and "is missing: add a card with `suit: skies, rank: '7'`" in said
    check = CliRunner().invoke(app, ["check", str(broken), "--games", "50"])
    assert "is missing: add a card with `suit: skies, rank: '7'`" in " ".join(check.output.split())
    assert not (tmp_path / "x.pdf").exists()


@pytest.mark.parametrize(("game", "deck_file", "params", "names", "bundled"), [
    ("war", "elements.yaml", {"players": 3}, ("Star", "Void", "Elements"), BUNDLED_PIECEPACK),
    ("viashi", "starfall8.yaml", {}, ("Empress", "Jester", "the Trickster", "Skies", "Spirits"),
     ("Queen", "King", "Fool", "Winds", "the Lady", "the Changeling")),
])
def test_the_printed_booklet_states_the_designers_names(tmp_path: Path, game: str, deck_file: str,
                                                       params: dict[str, Any], names: tuple[str, ...],
                                                       bundled: tuple[str, ...]) -> None:
    out = tmp_path / "booklet.pdf"
    build_booklet(game, make_params(game, **params), resolve_deck(DATA / deck_file), out, format="sheet")
    text = " ".join(" ".join(p.extract_text() for p in PdfReader(out).pages).split())
    assert all(n in text for n in names), [n for n in names if n not in text]
    assert not absent(text, bundled)


@pytest.mark.parametrize(("game", "deck_file", "params"), [
    ("viashi", "starfall7.yaml", {"players": 6}),
    ("viashi", "starfall8.yaml", {"variant": "human", "hands": 3}),
    ("war", "elements.yaml", {"players": 3, "packs": 2}),
    ("war", "elements.yaml", {}),
], ids=str)
def test_the_simulate_command_a_booklet_names_plays_its_game(game: str, deck_file: str,
                                                            params: dict[str, Any]) -> None:
    """"The simulator (deckpress simulate ...) plays exactly this game": pasted, that command
    plays the booklet's players, variant and hands, not the defaults."""
    text, _ = text_of(game, deck_file, params)
    found = re.search(r"the simulator \((deckpress simulate [^)]*)\) plays exactly this game", text)
    assert found, text[:600]
    expected = " ".join(f"--set {k}={v}" for k, v in params.items())
    assert found.group(1) == f"deckpress simulate {game} --deck {DATA / deck_file}" + (f" {expected}" if params else "")
    result = CliRunner().invoke(app, [*shlex.split(found.group(1))[1:], "--games", "4", "--json"])
    assert result.exit_code == 0, result.output
    played = json.loads(result.stdout)["params"]
    assert {k: played[k] for k in params} == params
    assert played == make_params(game, **params).describe()


def _fewer_ranks(tmp_path: Path, keep: tuple[str, ...], extra: str = "") -> Path:
    """Elements with only the ranks ``keep`` (and their tiles), plus rank lines ``extra`` without tiles."""
    lines = (DATA / "elements.yaml").read_text(encoding="utf-8").splitlines()
    rank = re.compile(r"(?:\{key|rank): '(\w+)'")
    kept = [line for line in lines if not ((m := rank.search(line)) and ("strength" in line or "suit:" in line)
                                           and m.group(1) not in keep)]
    text = "\n".join(kept).replace("cards:", extra + "cards:") + "\n"
    path = tmp_path / "fewer.yaml"
    path.write_text(text, encoding="utf-8")
    return path


# Elements cut to its weakest ranks: Void (null) < Spark (ace) < Pair (2). The classic example pits
# the second strongest against the fourth (Square against Pair on the full pack); with three ranks
# that is the second against the third, with two the first against the second.
@pytest.mark.parametrize(("keep", "order", "example"), [
    (("null", "ace", "2"), "Pair › Spark › Void", "Spark against Void: the Spark is stronger and takes both tiles."),
    (("null", "ace"), "Spark › Void", "Spark against Void: the Spark is stronger and takes both tiles."),
], ids=str)
def test_war_booklet_of_a_piecepack_with_few_ranks(tmp_path: Path, keep: tuple[str, ...], order: str,
                                                   example: str) -> None:
    deck = resolve_deck(_fewer_ranks(tmp_path, keep))
    classic = plain(render_rules_text("war", booklet_context("war", make_params("war"), deck)))
    assert re.search(rf"From strongest to weakest:\W+{re.escape(order)} #", " ".join(classic.split()))
    assert example in " ".join(classic.split())
    russian = plain(render_rules_text("war", booklet_context("war", make_params("war", variant="russian"), deck)))
    reversed_order = " › ".join(reversed(order.split(" › ")))
    top = order.split(" › ")[0]  # the classic strongest, the Russian weakest, which beats the Void
    assert reversed_order in " ".join(russian.split()) and f"One exception: a {top} beats a Void." in russian


def test_war_booklet_lists_only_the_ranks_that_have_tiles(tmp_path: Path) -> None:
    """Two ranks declared without tiles (Six, Seven) are no part of the ranking the players use."""
    extra = "  - {key: '6', name: Six, strength: 6}\n  - {key: '7', name: Seven, strength: 7}\n"
    deck = resolve_deck(_fewer_ranks(tmp_path, ("null", "ace", "2", "3", "4", "5"), extra))
    assert [r.name for r in deck.ranks][-2:] == ["Six", "Seven"]
    text = " ".join(plain(render_rules_text("war", booklet_context("war", make_params("war"), deck))).split())
    assert re.search(r"From strongest to weakest:\W+Star › Square › Triad › Pair › Spark › Void #", text)
    assert "Six" not in text and "Seven" not in text
    assert "Square against Pair: the Square is stronger" in text


def test_viashi_booklet_of_a_deck_without_rank8_names_its_magicians_in_a_sentence(tmp_path: Path) -> None:
    """Starfall without `rank8:` on its suits: the bonus cards are the rank's own name, Magician
    (rank 6 of 7), one per regular suit: 5 in the game."""
    source = (DATA / "starfall7.yaml").read_text(encoding="utf-8")
    plain_deck = re.sub(r", rank8: \w+", "", source)
    assert plain_deck != source and "rank8" not in plain_deck
    path = tmp_path / "plain.yaml"
    path.write_text(plain_deck, encoding="utf-8")
    text = " ".join(plain(render_rules_text("viashi", booklet_context("viashi", make_params("viashi"),
                                                                         resolve_deck(path)))).split())
    assert ("The cards of rank 6 are Magicians. They play like any other card, but each one a player owns at the "
            "end scores a bonus point (5 in the game).") in text
    assert "each Magician you own" in text and "Scholar" not in text
