"""Booklets say which rules are the original's and which are ours (issue #27).

Every registered decision of ours is marked (``◆{id}`` in the booklet text, a small
diamond in the PDF) in the sentence that states it, in every booklet variant where
it applies, and listed in the closing section "Where the original rules are silent";
the seed's own rules carry no mark; card names of our own are marked; and every
unmarked sentence of a booklet's rules is one the seed states (tests/booklet/data/
seed_rules.yaml holds them, each under the seed's words).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from pypdf import PdfReader
from reportlab.pdfbase.ttfonts import TTFont

from generator.booklet.build import build_booklet, render_rules_text
from generator.booklet.content import booklet_context
from generator.booklet.ours import MARK, TOKEN, own_ids
from generator.deck import resolve_deck
from generator.games.decisions import Decision, by_id, every
from generator.games.registry import GAMES, make_params, specs
from generator.paths import deck_data_dir

from .test_decisions import CASES, plain

ROOT = Path(__file__).resolve().parents[2]
DECISIONS = every(specs())  # the built-in games' rule decisions (the registry's specs)
BY_ID = by_id(specs())


def decisions_for(game: str) -> tuple[Decision, ...]:
    return GAMES[game].decisions


SEEDS = Path(__file__).parent / "data" / "seeds"  # the seed texts, unchanged
SEED_FILES = {"weiji": "weiji-rules.txt", "war": "war-piecepack-rules.txt", "viashi": "viashi-rules.txt"}
SEED_RULES = yaml.safe_load((Path(__file__).parent / "data" / "seed_rules.yaml").read_text(encoding="utf-8"))
IDS = [f"{g}-{d}-{'-'.join(f'{k}={v}' for k, v in p.items()) or 'default'}" for g, d, p in CASES]
# the sections that describe the booklet, not the game: no rules of play there
NOT_RULES = {"This booklet", "What you need", "Variants", "Where the original rules are silent", "figure",
             "table: This booklet", "table: The attributes"}  # the choices made, the deck's attributes


def raw_booklet(game: str, deck: str, params: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    ctx = booklet_context(game, make_params(game, **params), resolve_deck(deck))
    return render_rules_text(game, ctx), ctx


def sentences(text: str) -> list[tuple[str, str]]:
    """(section, sentence) for every sentence of the booklet markup, a sentence's
    markers kept at its end, a table row as one sentence (section "table: ...", a
    figure's caption "figure"); titles and headings left out."""
    out: list[tuple[str, str]] = []
    section = ""
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("# "):
            section = line[2:]
            continue
        if not line or line.startswith(("%", "##")):
            continue
        if line.startswith("|"):  # a table row reads as one sentence: "each captive | 1"
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            out.append((f"table: {section}", re.sub(r"[*`]", "", " | ".join(cells))))
            continue
        here = "figure" if line.startswith("[figure") else section  # captions illustrate, not rule
        line = re.sub(r"^(\d+\.|-|>|\[figure [\w-]+\])\s*", "", line)
        line = re.sub(r"[*`]", "", line)
        for s in re.findall(r".+?[.!?](?:\)?◆\{[^}]*\})*(?=\s|$)|.+$", line):
            out.append((here, s.strip()))
    return out


def seed_text(game: str) -> str:
    return re.sub(r"\s+", " ", (SEEDS / SEED_FILES[game]).read_text(encoding="utf-8"))


@pytest.mark.parametrize(("game", "deck", "params"), CASES, ids=IDS)
def test_every_decision_of_ours_is_marked_where_the_booklet_states_it(
        game: str, deck: str, params: dict[str, Any]) -> None:
    text, ctx = raw_booklet(game, deck, params)
    said = sentences(text)
    for d in decisions_for(game):
        if not d.applies(ctx):
            continue
        wanted = plain(d.sentence(ctx))
        holding = [s for _, s in said if wanted in plain(TOKEN.sub("", s))]
        assert holding, f"{d.id}: {wanted!r} is not in the booklet"
        marked = [s for s in holding if f"{MARK}{{{d.id}}}" in s]
        if d.ours:
            assert marked, f"{d.id} is stated without its mark: {holding}"
        else:
            assert not marked, f"{d.id} is the seed's rule, yet marked as ours"


@pytest.mark.parametrize(("game", "deck", "params"), CASES, ids=IDS)
def test_every_mark_names_a_decision_that_applies_and_the_closing_section_lists_them(
        game: str, deck: str, params: dict[str, Any]) -> None:
    text, ctx = raw_booklet(game, deck, params)
    marks = set(TOKEN.findall(text)) - {"name"}
    applicable = {d.id for d in decisions_for(game) if d.ours and d.applies(ctx)}
    assert marks == applicable
    closing = text.split("# Where the original rules are silent\n", 1)
    assert len(closing) == 2, "no closing section"
    listed = closing[1].split("\n> This booklet:", 1)[0]
    for ident in applicable:
        d = BY_ID[ident]
        line = next((x for x in listed.splitlines() if x.startswith(f"- **{d.question}**")), None)
        assert line is not None, f"the closing section does not ask: {d.question}"
        assert d.reply(ctx) in line
        if d.parameter:
            assert f"--set {d.parameter}=" in line
    # the closing section is the last one: only the footer follows it
    assert "\n# " not in closing[1]


def test_decisions_of_ours_have_a_question_and_the_seeds_own_rules_quote_the_seed() -> None:
    for d in DECISIONS:
        if d.ours:
            assert d.question.endswith("?") and d.answer, d.id
        else:
            assert re.sub(r"\s+", " ", d.seed) in seed_text(d.game), f"{d.id}: not the seed's words"
            assert not d.question and d.parameter is None, d.id


def test_own_names_are_those_the_bundled_deck_marks_and_the_booklet_marks_them() -> None:
    source = (deck_data_dir() / "viashi.yaml").read_text(encoding="utf-8")
    regular = ("winds", "flames", "stones", "waves", "leaves")  # the reference names these two and the gods' others
    expected = {f"{s}-{r}" for s in regular for r in range(1, 10) if (s, r) not in {("winds", 1), ("flames", 7)}} \
        | {"gods-3", "gods-5", "gods-6", "gods-8"}
    assert set(re.findall(r"id: ([\w-]+),.*# name ours", source)) == own_ids("viashi") == expected
    deck = resolve_deck("viashi")
    ours = {c.name for c in deck.cards if c.id in own_ids("viashi")}
    for params in ({}, {"variant": "human"}, {"players": 6}):
        text, _ = raw_booklet("viashi", "viashi", params)
        body = text.split("# Where the original rules are silent", 1)[0]
        for name in ours:  # every own name the rules print carries the mark
            for m in re.finditer(re.escape(name) + r"(?![\w ])", body):
                assert body[m.end():].startswith(f"{MARK}{{name}}"), f"{name} unmarked"
        for name in ("the Lady", "the Changeling", "the Priestess", "the Dark Lord"):  # published
            assert f"{name}{MARK}" not in body
        assert "the Smith" + MARK in body and "the Sage" + MARK in body
        assert "the Weathercock" + MARK in body or params.get("variant") == "human"
        tail = text.split("# Where the original rules are silent", 1)[1]
        assert ("name only the Priestess, the Minstrel, the Lady, the Dark Lord, the Thief, the Minion, "
                "the Changeling") in plain(tail)
        assert "places among the gods of the Smith, the Weaver, the Harvester, the Sage" in plain(tail)


def test_the_marker_glyph_is_in_the_font_the_booklet_draws_it_with(tmp_path: Path) -> None:
    face = TTFont("DejaVuSans", str(ROOT / "fonts" / "DejaVuSans.ttf"))
    assert ord(MARK) in face.face.charToGlyph
    out = tmp_path / "weiji.pdf"
    build_booklet("weiji", make_params("weiji", players=3), resolve_deck("eagle"), out, format="sheet")
    reader = PdfReader(out)
    text = "".join(page.extract_text() for page in reader.pages)
    assert "Where the original rules are silent" in text
    assert MARK in text and "◆{" not in text  # the diamond, never the token
    fonts = {str(f) for page in reader.pages for f in page["/Resources"]["/Font"].values()
             for f in [f.get_object()["/BaseFont"]]}
    assert any("DejaVuSans" in f for f in fonts), fonts


# -- every unmarked sentence is the seed's ------------------------------------------------------

def _known(game: str) -> dict[str, str]:
    """Booklet sentence (numbers as N) -> the seed's words it restates, or "" for a
    sentence that explains rather than rules."""
    out: dict[str, str] = {}
    for entry in SEED_RULES[game]:
        for sentence in entry["booklet"]:
            out[sentence] = entry.get("seed", "")
    return out


@pytest.mark.parametrize("game", sorted(SEED_FILES))
def test_the_seed_rules_list_quotes_the_seed(game: str) -> None:
    seed = seed_text(game)
    for entry in SEED_RULES[game]:
        assert ("seed" in entry) != ("explains" in entry), entry
        if "seed" in entry:
            assert re.sub(r"\s+", " ", entry["seed"]) in seed, f"not in the {game} seed: {entry['seed']!r}"


@pytest.mark.parametrize(("game", "deck", "params"), CASES, ids=IDS)
def test_no_unmarked_sentence_states_a_rule_the_seed_does_not(game: str, deck: str, params: dict[str, Any]) -> None:
    text, _ = raw_booklet(game, deck, params)
    known = _known(game)
    unknown = [s for section, s in sentences(text)
               if section not in NOT_RULES and MARK not in s and re.sub(r"\d+", "N", s) not in known]
    assert not unknown, ("sentences neither marked as ours nor listed in tests/booklet/data/seed_rules.yaml "
                         "under the seed's words:\n" + "\n".join(unknown))
