"""Hand-made hostile deck files beyond the fuzzer's reach: every one ends in a
loaded deck or one clean line per problem (file, line, card, field) — never a
traceback, a hang or unbounded memory. The CLI prints them and exits 2."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.deck import load_deck, resolve_deck
from generator.errors import DeckError, Problem

BOMB = "a: &a [x,x,x,x,x,x,x,x,x,x]\n" + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [{','.join(['*' + chr(97 + i)] * 10)}]\n" for i in range(8)
)
MERGE_BOMB = "a: &a {x: 1}\n" + "".join(
    f"b{i}: &b{i} {{<<: [{', '.join([f'*b{i - 1}' if i else '*a'] * 10)}]}}\n" for i in range(8)
)

CASES: dict[str, tuple[str, str | tuple[str, ...] | None]] = {
    # (deck file text, None = loads, else a fragment of the one-line error, or fragments one of which)
    "alias_bomb_billion_laughs": (BOMB + "name: B\ncards: [{id: A}]\n", "alias bomb"),
    "alias_bomb_walked_by_a_field": (BOMB + "name: B\ncards: [{id: A, text: *i}]\n", "alias bomb"),
    "alias_chain_depth": ("a: &a " + "[" * 60 + "]" * 60 + "\n" + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [[[[[[[[[[*{chr(97 + i)}]]]]]]]]]]\n" for i in range(6))
        + "name: X\ncards: [{id: A, text: *g}]\n", "through aliases"),
    # PyYAML up to 6.0.3 flattens the merges into repeated keys (our loader: "duplicate key"); 6.0.4 merges
    # each key once, so the file loads at once and its made-up top-level keys are unknown: clean either way
    "merge_key_bomb": (MERGE_BOMB + "name: M\ncards: [{id: A}]\n", ("invalid YAML: duplicate key", "unknown key")),
    "recursive_alias": ("name: R\ncards: &a [*a]\n", "recursive"),
    "recursive_merge": ("&a {<<: *a, name: X, cards: [{id: A}]}\n", "invalid YAML"),
    "deep_mappings": ("name: D\ncards: [{id: A, text: " + "{a: " * 500 + "1" + "}" * 500 + "}]\n", "nesting deeper"),
    "deep_flow_lists": ("name: D\ncards: " + "[" * 100_000 + "]" * 100_000 + "\n", "nesting deeper"),
    "wrong_type_cards": ("name: X\ncards: 5\n", "field 'cards'"),
    "wrong_type_attributes": ("name: X\nattributes: abc\ncards: [{id: A}]\n", "field 'attributes'"),
    "wrong_type_name": ("name: [1, 2]\ncards: [{id: A}]\n", "field 'name'"),
    "wrong_type_card": ("name: X\ncards: [[1, 2]]\n", "not a mapping"),
    "huge_int_literal": ("name: X\nattributes: [{key: w, label: W}]\ncards: [{id: A, w: " + "9" * 5000 + "}]\n",
                         "cannot be read"),
    "huge_float": ("name: X\nattributes: [{key: w, label: W}]\ncards: [{id: A, w: 1.0e309}]\n", "finite"),
    "big_but_finite": ("name: X\nattributes: [{key: w, label: W}]\ncards: [{id: A, w: 1.0e300}]\n", "10^15"),
    "nan_threshold": ("name: X\nthresholds: {a: .nan}\ncards: [{id: A}]\n", "finite"),
    "inf_card_size": ("name: X\ncard_size: {width: .inf, height: 60}\ncards: [{id: A}]\n", "card_size.width"),
    "nan_card_size": ("name: X\ncard_size: {width: .nan, height: 60}\ncards: [{id: A}]\n", "card_size.width"),
    "copies_huge": ("name: X\ncards: [{id: A, copies: 1e10}]\n", "copies"),
    "copies_bignum_text": ("name: X\ncards: [{id: A, copies: '" + "9" * 4000 + "'}]\n", "copies"),
    "rank_strength_inf": ("name: X\nranks: [{key: a, name: A, strength: .inf}]\ncards: [{id: A}]\n", "strength"),
    "lone_surrogate": ('name: "\\ud800"\ncards: [{id: A}]\n', "surrogate"),
    "python_name_tag": ("name: !!python/name:os.system\ncards: []\n", "could not determine a constructor"),
    "python_object_tag": ("name: !!python/object/new:os.system [id]\ncards: []\n", "could not determine"),
    "complex_key": ("? [a, b]\n: 1\nname: X\ncards: []\n", "plain value"),
    "two_documents": ("name: X\ncards: [{id: A}]\n---\nname: Y\n", "another document"),
    "tab_indent": ("name: X\ncards:\n\t- {id: A}\n", "invalid YAML"),
    "bidi_override_id": ('name: X\ncards: [{id: "A\\u202e"}]\n', "A\\u202e"),
    "escape_sequence_id": ('name: X\ncards: [{id: "\\e[2J"}]\n', "\\x1b[2J"),
    "newline_in_id": ('name: X\ncards: [{id: "A\\nerror: fake"}]\n', "A\\nerror"),
    "cards_is_dev_zero": ("name: X\ncards: /dev/zero\n", "outside the deck's folder"),
    "cards_is_proc": ("name: X\ncards: /proc/self/environ\n", "outside the deck's folder"),
    "cards_is_folder": ("name: X\ncards: .\n", "file not found"),
    "cards_is_itself": ("name: X\ncards: deck.yaml\n", ".csv or .xlsx"),
    "many_problems_at_once": ("name: X\nattributes: [{key: w, label: W}]\ncards: [{id: A, w: x}, {id: A, w: 1},"
                              " {id: B, wieght: 2}]\n", "duplicate id"),
    # these load: odd but legitimate text
    "control_chars_in_text": ('name: "Ctrl\\x07\\x1b[31m"\ncards: [{id: A, name: "bell\\x07", text: "a\\0b"}]\n', None),
    "rtl_and_combining_names": ("name: \"\u202eKCED\"\ncards: [{id: A, name: \"Ze\u0301phyr \u05e9\u05dc\u05d5\u05dd"
                                " \u0627\u0644\u0639\u0631\u0628\u064a\u0629\"}]\n", None),
    "bom_and_crlf": ("\ufeffname: BOM\r\ncards:\r\n  - {id: A, name: One}\r\n", None),
    "binary_and_timestamp_values": ("name: !!binary aGVsbG8=\ncards: [{id: A, text: 2001-12-14}]\n", None),
    "many_inline_cards": ("name: X\ncards: [" + ",".join(f"{{id: C{i}}}" for i in range(20_000)) + "]\n", None),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_hand_made_nasty_deck_files(tmp_path: Path, case: str) -> None:
    text, fragment = CASES[case]
    path = tmp_path / "deck.yaml"
    path.write_text(text, encoding="utf-8", newline="")
    if fragment is None:
        assert load_deck(path).cards
        return
    with pytest.raises(DeckError) as info:
        load_deck(path)
    message = str(info.value)
    assert any(f in message for f in ((fragment,) if isinstance(fragment, str) else fragment)), message
    lines = message.splitlines()
    assert len(lines) == len(info.value.problems)  # one line per problem
    assert all(line.startswith(str(path)) for line in lines), message


def test_every_problem_is_reported_not_just_the_first(tmp_path: Path) -> None:
    path = tmp_path / "deck.yaml"
    path.write_text(CASES["many_problems_at_once"][0], encoding="utf-8")
    with pytest.raises(DeckError) as info:
        load_deck(path)
    found = {(p.card, p.field) for p in info.value.problems}
    assert {("A", "w"), ("A", "id"), ("B", "wieght")} <= found


def test_problem_lines_escape_control_and_bidi_characters() -> None:
    line = str(Problem("bad\nthing\x1b[2J", "deck.yaml", 3, "A\u202eB", "na\u200bme"))
    assert "\n" not in line and "\x1b" not in line and "\u202e" not in line and "\u200b" not in line
    assert "A\\u202eB" in line and "\\x1b[2J" in line
    assert str(Problem("Zéphyr שלום", "d.yaml")) == "d.yaml: Zéphyr שלום"  # real text stays as is


def test_odd_deck_arguments_are_clean_errors() -> None:
    for arg in ("a\x00b", "/nonexistent/deck.yaml", "x" * 5000, "../../../../etc/passwd"):
        with pytest.raises(DeckError):
            resolve_deck(arg)


@pytest.mark.parametrize("case", ["alias_bomb_billion_laughs", "huge_int_literal", "bidi_override_id",
                                  "deep_flow_lists", "cards_is_dev_zero"])
def test_the_cli_prints_one_line_per_problem_and_exits_2(tmp_path: Path, case: str) -> None:
    path = tmp_path / "deck.yaml"
    path.write_text(CASES[case][0], encoding="utf-8")
    result = CliRunner().invoke(app, ["check", str(path)])
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and result.exception is None or isinstance(result.exception, SystemExit)
    assert result.output.startswith("error: ") and str(path) in result.output
