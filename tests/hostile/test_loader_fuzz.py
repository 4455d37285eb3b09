"""Hostile deck files: every case ends in a loaded deck or a clean DeckError —
never a traceback, hang or unbounded memory (issue: hardening).

About 1,900 generated files in all (deck YAML, raw text, CSV, XLSX), with a fixed
seed (``derandomize``) so a run is reproducible and takes well under a minute.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.deck import load_deck
from generator.errors import DeckError
from generator.games.registry import builtin_names

# Scalars that YAML can carry, including the nasty ones.
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=30),
    st.sampled_from(["no data", "NaN", "inf", "-inf", "1e400", "\u202eevil", "e\u0301", "\x00", "\ufeff", "1,5", "0x1F"]),
)
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=12)
card = st.dictionaries(
    st.sampled_from(["id", "name", "weight", "zoom", "copies", "suit", "rank", "text", "art", "colour"]), values, max_size=6
)
deck = st.fixed_dictionaries(
    {"name": values, "cards": st.one_of(st.lists(card, max_size=6), values)},
    optional={
        "game": st.sampled_from([*builtin_names(), "none", "chess"]) | values,
        "attributes": st.lists(
            st.fixed_dictionaries({"key": values, "label": values}, optional={"better": values, "unit": values}), max_size=3
        )
        | values,
        "card_size": values,
        "thresholds": values,
    },
)


def _load(tmp: Path, text: str) -> None:
    path = tmp / "deck.yaml"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    try:
        load_deck(path)
    except DeckError as exc:
        assert exc.problems and all(str(p) for p in exc.problems)
        assert all(p.file is not None and str(tmp) in str(p.file) for p in exc.problems), str(exc)


FUZZ = {"deadline": None, "derandomize": True, "database": None,
        "suppress_health_check": [HealthCheck.function_scoped_fixture, HealthCheck.too_slow]}


@settings(max_examples=700, **FUZZ)
@given(deck)
def test_generated_deck_files_load_or_fail_cleanly(tmp_path: Path, data: dict) -> None:
    try:
        text = yaml.safe_dump(data, allow_unicode=True)
    except (yaml.YAMLError, UnicodeEncodeError):
        return
    _load(tmp_path, text)


@settings(max_examples=400, **FUZZ)
@given(st.text(max_size=300))
def test_arbitrary_text_loads_or_fails_cleanly(tmp_path: Path, text: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return
    _load(tmp_path, text)


@settings(max_examples=500, **FUZZ)
@given(st.lists(st.lists(st.text(max_size=12), min_size=1, max_size=6), min_size=1, max_size=8))
def test_generated_csv_rows_load_or_fail_cleanly(tmp_path: Path, rows: list[list[str]]) -> None:
    import csv
    import io

    buf = io.StringIO()
    try:
        csv.writer(buf).writerows(rows)
        (tmp_path / "rows.csv").write_text(buf.getvalue(), encoding="utf-8")
    except UnicodeEncodeError:
        return
    _load(tmp_path, "name: Fuzz\nattributes: [{key: weight, label: Weight}]\ncards: rows.csv\n")


NASTY = {
    "alias_bomb": "a: &a [x,x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b,*b]\n"
    "d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d,*d]\nf: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e,*e]\n"
    "g: [*f,*f,*f,*f,*f,*f,*f,*f,*f,*f]\nname: Bomb\ncards: []\n",
    "deep_nesting": "name: Deep\ncards: " + "[" * 5000 + "]" * 5000 + "\n",
    "huge_number": "name: Big\nattributes: [{key: w, label: W}]\ncards: [{id: A, w: 1e400}]\n",
    "nan": "name: NaN\nattributes: [{key: w, label: W}]\ncards: [{id: A, w: .nan}]\n",
    "infinity": "name: Inf\nattributes: [{key: w, label: W}]\ncards: [{id: A, w: -.inf}]\n",
    "python_tag": "name: !!python/object/apply:os.system ['echo pwned']\ncards: []\n",
    "control_chars": "name: \"Ctrl\\x07\\x1b[31m\"\ncards: [{id: A, name: \"bell\\x07\"}]\n",
    "rtl_and_combining": "name: \"\u202eKCED\"\ncards: [{id: A, name: \"Ze\u0301phyr \u05e9\u05dc\u05d5\u05dd\"}]\n",
    "bom_crlf": "\ufeffname: BOM\r\ncards:\r\n  - {id: A, name: One}\r\n",
    "list_root": "- 1\n- 2\n",
    "bad_id": "name: Ids\ncards: [{id: '../../etc/passwd', name: x}]\n",
    "bool_value": "name: B\nattributes: [{key: w, label: W}]\ncards: [{id: A, w: yes}]\n",
    "duplicate_key": "name: A\nname: B\ncards: []\n",
}
LOADS = {"control_chars", "rtl_and_combining", "bom_crlf"}


@pytest.mark.parametrize("case", sorted(NASTY))
def test_nasty_cases(tmp_path: Path, case: str) -> None:
    path = tmp_path / "deck.yaml"
    path.write_text(NASTY[case], encoding="utf-8", newline="")
    if case in LOADS:
        loaded = load_deck(path)
        assert loaded.cards
        return
    with pytest.raises(DeckError) as info:
        load_deck(path)
    assert "deck.yaml" in str(info.value)


def test_non_utf8_bytes(tmp_path: Path) -> None:
    path = tmp_path / "deck.yaml"
    path.write_bytes(b"name: \xff\xfe\ncards: [{id: A}]\n")
    with pytest.raises(DeckError, match="not UTF-8"):
        load_deck(path)
