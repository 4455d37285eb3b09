"""Issue 32 items 3, 4, 5 and 9: one validation for every command, on designer decks.

A deck that ``check`` passes prints; a deck it fails prints nothing, and every
command says why at the deck's own line, in the same words."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.deck import resolve_deck
from generator.deck.model import SUIT_PALETTE
from generator.validate.deck import validate_deck

from .conftest import DECKS, line_of, run

Variant = Callable[..., Path]


def check_json(path: Path) -> dict[str, Any]:
    result: Any = run("check", path, "--games", "0", "--json")
    return json.loads(result.stdout)


@pytest.mark.parametrize("name", ["starfall7", "starfall8", "elements"])
def test_the_designer_decks_are_valid(name: str) -> None:
    assert validate_deck(resolve_deck(DECKS / f"{name}.yaml")) == []
    result: Any = run("check", DECKS / f"{name}.yaml", "--games", "0")
    assert result.exit_code == 0, result.output
    assert "verdict: no problems found" in result.output


def _refused_everywhere(path: Path, tmp_path: Path, expected: str, line: int) -> None:
    """check exits 1 listing ``expected`` at ``path:line``; every other command exits 2
    with the same line and writes nothing."""
    where = f"{path.name}:{line}:"
    report = check_json(path)
    messages = [f["message"] for f in report["findings"] if f["level"] == "error"]
    assert any(where in m and expected in m for m in messages), messages
    game = resolve_deck(path).game
    out = tmp_path / "out"
    piecepack = resolve_deck(path).kind == "piecepack"
    commands = [
        ["tiles" if piecepack else "cards", path, "-o", out.with_suffix(".pdf")],
        ["images", path, "-o", out],
        ["rules", game, "--deck", path, "-o", out.with_suffix(".rules.pdf")],
        ["simulate", game, "--deck", path, "--games", "5"],
    ]
    for args in commands:
        result: Any = run(*args)
        assert result.exit_code == 2, (args, result.output)
        assert where in result.output and expected in result.output, (args, result.output)
        assert "Traceback" not in result.output
    assert not out.exists() and not out.with_suffix(".pdf").exists() and not out.with_suffix(".rules.pdf").exists()


def test_viashi_suit_renamed_without_symbol_is_refused_at_its_line(variant: Variant, tmp_path: Path) -> None:
    path = variant("starfall7", ("symbol: winds, ", ""))
    _refused_everywhere(path, tmp_path, "suit 'skies' has no symbol", line_of(path, "key: skies"))
    assert "add `symbol:`" in check_json(path)["findings"][0]["message"]


def test_unknown_border_is_an_error_with_did_you_mean(variant: Variant, tmp_path: Path) -> None:
    path = variant("starfall7", ("border: flamed", "border: flamy"))
    _refused_everywhere(path, tmp_path, "unknown border 'flamy' (did you mean 'flamed'?)", line_of(path, "flamy"))


def test_unknown_piecepack_symbol_is_an_error_with_did_you_mean(variant: Variant, tmp_path: Path) -> None:
    path = variant("elements", ("symbol: star}", "symbol: sttar}"))
    _refused_everywhere(path, tmp_path, "unknown symbol 'sttar' (did you mean 'star'?)", line_of(path, "sttar"))


def test_duplicated_card_is_refused_by_simulate_as_by_check(tmp_path: Path) -> None:
    path = DECKS / "starfall-duplicate.yaml"
    _refused_everywhere(path, tmp_path, "the Knight of Embers is in the deck 2 times", line_of(path, "embers-3b"))
    report = check_json(path)
    assert [f["code"] for f in report["findings"] if f["level"] == "error"] == ["duplicate"]  # once, not twice


def test_a_missing_special_card_is_named(tmp_path: Path) -> None:
    path = DECKS / "starfall-missing.yaml"
    _refused_everywhere(path, tmp_path, "rank '7' of Spirits (the Changeling: the weakest god", line_of(path, "key: spirits"))


def test_a_missing_fool_is_named_by_the_decks_rank_name(variant: Variant) -> None:
    path = variant("starfall8", drop="id: tides-8,")
    issues = validate_deck(resolve_deck(path))
    assert [i.code for i in issues] == ["missing_special"]
    assert "the Jester of Tides (the Fool: the weakest card of its suit" in issues[0].problem.message
    assert "add a card with `suit: tides, rank: '8'`" in issues[0].problem.message


def test_a_deck_without_gods_is_told_the_key(variant: Variant) -> None:
    path = variant("starfall7", (", gods: true", ""))
    result: Any = run("simulate", "viashi", "--deck", path, "--games", "5")
    assert result.exit_code == 2
    assert "add `gods: true` to the gods' suit" in result.output
    assert f"{path.name}:{line_of(path, 'suits:')}:" in result.output


def test_icon_symbols_resolve_by_path_and_by_bare_name() -> None:
    deck = resolve_deck(DECKS / "elements.yaml")
    icons = {s.key: s.icon for s in deck.suits}
    assert icons["earth"] == (DECKS / "icons" / "gem.png").resolve()  # symbol: icons/gem.png
    assert icons["air"] == (DECKS / "icons" / "cloud.svg").resolve()  # symbol: cloud
    assert icons["fire"] is None  # symbol: flames, a built-in shape
    assert (DECKS / "icons" / "gem.png").resolve() in deck.inputs  # a changed icon rebuilds


def test_a_missing_icon_file_is_an_error_at_the_suit_line(variant: Variant) -> None:
    path = variant("elements", ("symbol: icons/gem.png", "symbol: icons/ruby.png"))
    result: Any = run("check", path, "--games", "0")
    assert result.exit_code == 2
    assert f"{path.name}:{line_of(path, 'key: earth')}:" in result.output and "icons/ruby.png" in result.output


def test_a_suit_without_colour_gets_the_palette_and_a_warning(variant: Variant, tmp_path: Path) -> None:
    path = variant("elements", (", color: '#3E8E9E'", ""))
    deck = resolve_deck(path)
    air = deck.suit("air")
    assert air.color == SUIT_PALETTE[0] and air.default_color
    assert all(not s.default_color for s in deck.suits if s.key != "air")
    report = check_json(path)
    warnings = [f for f in report["findings"] if f["code"] == "no_color"]
    assert len(warnings) == 1 and f"{path.name}:{line_of(path, 'key: air')}:" in warnings[0]["message"]
    assert SUIT_PALETTE[0] in warnings[0]["message"]
    result: Any = run("tiles", path, "-o", tmp_path / "t.pdf", "--components", "tiles")
    assert result.exit_code == 0 and "suit 'air' has no color" in result.output  # printed, with the warning


def test_tiles_of_a_cards_deck_advise_kind_piecepack(variant: Variant, tmp_path: Path) -> None:
    path = variant("elements", ("kind: piecepack\n", ""))
    result: Any = run("tiles", path, "-o", tmp_path / "t.pdf")
    assert result.exit_code == 2 and not (tmp_path / "t.pdf").exists()
    assert f"error: {path}:{line_of(path, 'card_size:')}: field 'kind': deck 'Elements' is a cards deck, not a " \
           "piecepack: add `kind: piecepack`" in result.output  # at the line check's warning names
    starfall: Any = run("tiles", DECKS / "starfall7.yaml", "-o", tmp_path / "s.pdf")  # cards, not tiles
    assert starfall.exit_code == 2 and "not a piecepack: print it with `deckpress cards`" in starfall.output
    report = check_json(path)
    assert [f["code"] for f in report["findings"]] == ["kind"]  # check says so too, as a warning
    assert "add `kind: piecepack`" in report["findings"][0]["message"]
    assert f"{path.name}:{line_of(path, 'card_size:')}:" in report["findings"][0]["message"]


def test_five_rank_piecepack_warns_about_dice_and_prints_without_them(variant: Variant, tmp_path: Path) -> None:
    path = variant("elements", drop="key: '5'")
    path.write_text("\n".join(line for line in path.read_text().splitlines() if "-5," not in line) + "\n")
    report = check_json(path)
    assert [f["code"] for f in report["findings"]] == ["no_dice"]
    assert report["errors"] == 0
    result: Any = run("tiles", path, "-o", tmp_path / "t.pdf")
    assert result.exit_code == 0, result.output
    assert "(25 tiles, 25 coins, 5 pawns)" in result.output  # no dice, and said so by the warning
    assert "a die has six faces" in result.output
    asked: Any = run("tiles", path, "-o", tmp_path / "d.pdf", "--components", "dice")
    assert asked.exit_code == 2 and "no dice can be made" in asked.output


def test_tiles_packs_range_is_wars(tmp_path: Path) -> None:
    from generator.games.war.params import WarParams
    from generator.render.piecepack import MAX_PACKS

    assert MAX_PACKS == next(m.le for m in WarParams.model_fields["packs"].metadata if hasattr(m, "le")) == 4
    for packs in ("0", "5"):  # the command refuses what War refuses, before drawing anything
        tiles: Any = run("tiles", DECKS / "elements.yaml", "--packs", packs, "-o", tmp_path / "t.pdf")
        assert tiles.exit_code == 2 and "packs must be between 1 and 4" in tiles.output
        war: Any = run("simulate", "war", "--deck", DECKS / "elements.yaml", "--set", f"packs={packs}", "--games", "2")
        assert war.exit_code == 2 and "valid: 1 to 4" in war.output
    assert not (tmp_path / "t.pdf").exists()
    four: Any = run("tiles", DECKS / "elements.yaml", "--packs", "4", "--components", "coins", "-o", tmp_path / "t.pdf")
    assert four.exit_code == 0 and "4 piecepacks (120 coins)" in four.output  # 4 x 30


def test_a_broken_icon_file_is_an_error_at_the_suit_line_not_a_crash(variant: Variant, tmp_path: Path) -> None:
    path = variant("elements")
    (tmp_path / "icons" / "gem.png").write_bytes(b"\x89PNG\r\n\x1a\n not really a picture")
    result: Any = run("tiles", path, "-o", tmp_path / "t.pdf")
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert f"{path.name}:{line_of(path, 'key: earth')}:" in result.output and "not a readable image" in result.output
    assert not (tmp_path / "t.pdf").exists()
    assert check_json(path)["errors"] == 1


@pytest.mark.parametrize(("name", "game", "printer"), [("starfall8", "viashi", "cards"), ("elements", "war", "tiles")])
def test_a_deck_check_passes_prints_and_plays(name: str, game: str, printer: str, tmp_path: Path) -> None:
    path = DECKS / f"{name}.yaml"
    assert check_json(path)["errors"] == 0
    for args in ([printer, path, "-o", tmp_path / "sheets.pdf"], ["rules", game, "--deck", path, "-o", tmp_path / "r.pdf"],
                 ["simulate", game, "--deck", path, "--games", "10"]):
        result: Any = run(*args)
        assert result.exit_code == 0, (args, result.output)
        assert "warning" not in result.output, result.output
    assert (tmp_path / "sheets.pdf").stat().st_size > 10_000 and (tmp_path / "r.pdf").is_file()


def test_check_of_a_project_with_its_own_rules_template_reports_the_missing_card(tmp_path: Path,
                                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """A starter project (its own rules/viashi.md.j2) renamed by the designer, its weakest god
    'the Trickster' deleted from cards.csv: check lists the missing card at the suit's line,
    as every other command does, instead of failing on the booklet it cannot fill."""
    monkeypatch.chdir(tmp_path)
    assert run("new", "sky", "--game", "viashi").exit_code == 0  # type: ignore[attr-defined]
    deck_yaml, cards = tmp_path / "sky" / "deck.yaml", tmp_path / "sky" / "cards.csv"
    deck_yaml.write_text(deck_yaml.read_text().replace("{key: gods, name: Gods", "{key: spirits, name: Spirits"))
    rows = cards.read_text().replace(",gods,", ",spirits,").replace("the Changeling", "the Trickster").splitlines()
    cards.write_text("\n".join(r for r in rows if "the Trickster" not in r) + "\n")
    assert (tmp_path / "sky" / "rules" / "viashi.md.j2").is_file()
    expected = f"deck.yaml:{line_of(deck_yaml, 'key: spirits')}: field 'suits[spirits]': rank '9' of Spirits"
    report = check_json(Path("sky"))
    errors = [f for f in report["findings"] if f["level"] == "error"]
    assert [f["code"] for f in errors] == ["missing_special"], report  # (uneven ranks and suits: warnings)
    assert expected in errors[0]["message"]
    checked: Any = run("check", "sky", "--games", "0")
    assert checked.exit_code == 1 and expected in " ".join(checked.output.split())
    ruled: Any = run("rules", "viashi", "--deck", "sky", "-o", tmp_path / "r.pdf")
    assert ruled.exit_code == 2 and expected in ruled.output and not (tmp_path / "r.pdf").exists()


def test_a_fool_moved_to_another_rank_is_named_by_its_own_name(variant: Variant, tmp_path: Path) -> None:
    """Starfall's Jester of Embers given rank '5' (the Sailor's): the doubled card is listed with
    the names the deck gives both cards, so the designer finds the Jester, not two Sailors."""
    moved = "{id: embers-7, name: Jester of Embers, suit: embers, rank: '5'}"
    path = variant("starfall7", ("{id: embers-7, name: Jester of Embers, suit: embers, rank: '7'}", moved))
    issues = validate_deck(resolve_deck(path))
    assert [i.code for i in issues] == ["duplicate", "missing_special"]
    dup, fool = issues[0].problem, issues[1].problem
    assert dup.message.startswith("the Sailor of Embers is in the deck 2 times (embers-5 'Sailor of Embers', "
                                  "embers-7 'Jester of Embers': both `suit: embers, rank: '5'`; first at line "
                                  f"{line_of(path, 'id: embers-5,')})")
    assert (dup.line, dup.card) == (line_of(path, moved), "embers-7")
    assert "the Jester of Embers (the Fool" in fool.message and fool.line == line_of(path, "key: embers")
    ruled: Any = run("rules", "viashi", "--deck", path, "-o", tmp_path / "r.pdf")
    assert ruled.exit_code == 2 and "Traceback" not in ruled.output and not (tmp_path / "r.pdf").exists()
    said = ruled.output.splitlines()  # one line each, at the deck's own lines
    assert len(said) == 2 and said[0].startswith(f"error: {path}:{line_of(path, moved)}: card embers-7, field 'rank'")
    assert said[1].startswith(f"error: {path}:{line_of(path, 'key: embers')}: field 'suits[embers]'")


def test_a_doubled_god_is_named_by_rank_not_as_a_regular_card(variant: Variant) -> None:
    path = variant("starfall7", ("{id: spirits-3, name: the Smith, suit: spirits, rank: '3'}",
                                 "{id: spirits-3, name: the Smith, suit: spirits, rank: '4'}"))
    message = validate_deck(resolve_deck(path))[0].problem.message
    assert message.startswith("rank '4' of Spirits is in the deck 2 times (spirits-3 'the Smith', "
                              "spirits-4 'the Wanderer': both `suit: spirits, rank: '4'`")
    assert "Sage of Spirits" not in message


def test_build_prints_the_decks_field_names_whole(variant: Variant, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """`suits[air]` in a build's table and warnings is text, not console markup to strip."""
    monkeypatch.chdir(tmp_path)
    pale = variant("elements", (", color: '#3E8E9E'", ""), out="pale")
    built: Any = CliRunner().invoke(app, ["build", str(pale), "--balance-games", "0", "-o", "out"],
                                    env={"COLUMNS": "400"})
    assert built.exit_code == 0, built.output
    assert f"{pale.name}:{line_of(pale, 'key: air')}: field 'suits[air]': suit 'air' has no color" in built.output
    skull = variant("elements", ("symbol: star}", "symbol: skull}"), out="skull")
    failed: Any = CliRunner().invoke(app, ["build", str(skull), "--balance-games", "0", "-o", "out"],
                                     env={"COLUMNS": "400"})
    assert failed.exit_code == 2
    said = f"{skull.name}:{line_of(skull, 'skull')}: field 'suits[aether].symbol': suit 'aether': unknown symbol 'skull'"
    assert failed.output.count(said) == 2, failed.output  # in the table, and as a plain line after it
    assert not (tmp_path / "out" / "skull").exists()


def test_a_card_without_rank_is_named_at_its_line_not_in_the_bundled_layout(variant: Variant, tmp_path: Path) -> None:
    path = variant("starfall7", ("{id: tides-4, name: Sage of Tides, suit: tides, rank: '4'}",
                                 "{id: tides-4, name: Sage of Tides, suit: tides}"))
    _refused_everywhere(path, tmp_path, "card tides-4, field 'rank': a Viashi card needs a suit and a rank: add `rank:`",
                        line_of(path, "id: tides-4,"))
    checked: Any = run("check", path, "--games", "0")
    assert checked.exit_code == 1, checked.output  # a report, not a failure in templates/cards/viashi.yaml
    assert "templates" not in checked.output and "viashi.yaml" not in checked.output


def test_a_misspelt_piecepack_colour_is_refused_by_check_as_by_tiles(variant: Variant, tmp_path: Path) -> None:
    path = variant("elements", ("line: '#222222'", "lines: '#222222'"))
    _refused_everywhere(path, tmp_path, "field 'colors': unknown piecepack colour 'lines' (did you mean 'line'?)",
                        line_of(path, "colors:"))


def test_a_war_piecepack_of_one_rank_is_refused_everywhere(variant: Variant, tmp_path: Path) -> None:
    """Elements cut to its null tiles: nothing to compare, and no booklet could say who wins."""
    path = variant("elements")
    kept = [line for line in path.read_text().splitlines()
            if not (("strength" in line or "suit:" in line) and "'null'" not in line)]
    path.write_text("\n".join(kept) + "\n")
    assert len(resolve_deck(path).cards) == 5
    _refused_everywhere(path, tmp_path, "War compares the ranks of the tiles, and this deck has only Null",
                        line_of(path, "ranks:"))


def test_ranks_of_the_same_strength_are_a_warning_and_the_fool_is_the_games(variant: Variant) -> None:
    """Starfall Eight with its Magician at the Jester's strength 1: the game plays them in the
    order listed (Magician above Jester), so the Jester stays the Fool, in check's names too."""
    path = variant("starfall8", ("{key: '7', name: Magician, strength: 2}", "{key: '7', name: Magician, strength: 1}"))
    issues = validate_deck(resolve_deck(path))
    assert [(i.level, i.code) for i in issues] == [("warning", "same_strength")]
    assert issues[0].problem.message.startswith("ranks 'Magician' and 'Jester' have the same strength 1: Viashi "
                                                "ranks every card of a suit, so it plays the Magician above the Jester")
    assert issues[0].problem.line == line_of(path, "ranks:")
    from generator.games.viashi.deck_check import special_names

    assert special_names(resolve_deck(path))["fool"] == "Jester"  # not the first of the two weakest listed
    simulated: Any = run("simulate", "viashi", "--deck", path, "--games", "5", "--json")
    assert simulated.exit_code == 0
    assert json.loads(simulated.stdout)["counter_names"]["fool_captures"] == "Jester captures"


def test_a_viashi_deck_that_cannot_be_dealt_is_refused_everywhere(variant: Variant, tmp_path: Path) -> None:
    """Starfall without Peaks: 4 regular suits + Spirits, 7 ranks = 35 cards; three players draw two
    a turn (6 a round), so 30 or 36 would deal. check said 'no problems' and rules then failed."""
    path = variant("starfall7", drop="peaks")
    assert len(resolve_deck(path).cards) == 35
    _refused_everywhere(path, tmp_path, "35 cards (5 suits of 7) cannot be drawn two at a time by 3 players (or 6 "
                        "with two decks) in equal turns: Viashi needs a multiple of 6 cards (30 or 36 here)",
                        line_of(path, "suits:"))
    assert [i.code for i in validate_deck(resolve_deck(path))] == ["deal"]
