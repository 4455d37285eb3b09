"""The up-front card check shares what earlier cards found (render/checkmemo.py, issue 41):
it must find exactly what checking every card on its own finds — the same warnings,
the same glyph problems, and an error on a later card naming that card, file and field."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.deck import load_deck, resolve_deck
from generator.errors import RenderError
from generator.project.scaffold import scaffold
from generator.render.cards import CardPiece, card_pieces, check_cards, deck_layout
from generator.render.checkmemo import CheckMemo


def _alone(deck) -> list[str]:  # type: ignore[no-untyped-def]
    """``check_cards`` the long way: each card checked with a memo of its own."""
    layout = deck_layout(deck)
    out: list[str] = []
    for card in deck.cards:
        piece = CardPiece(deck, card, layout, layout, deck.card_size)
        found = piece.check(CheckMemo())
        out += [w for w in [*piece.warnings, *(str(p) for p in found)] if w not in out]
    return out


PROJECT_CARDS = """id,name,speed,weight,range,crew,style,tagline,icon
A01,Skylark,210,850,1200,2,7,Light and quick,sun
A02,Rocket 🚀,95,5200,400,6,4,Built to last,
A03,Comet,,1400,900,1,9,Blink and it is gone 🛸,sun
A04,Nomad,140,2100,2600,3,6,Goes the distance,crown
A05,Skylark,210,850,1200,2,7,Light and quick,sun
"""


@pytest.fixture
def project(tmp_path: Path) -> Path:
    folder = tmp_path / "proj"
    scaffold(folder)
    text = (folder / "deck.yaml").read_text(encoding="utf-8")
    (folder / "deck.yaml").write_text(text.replace("fields: [tagline]", "fields: [tagline, icon]"),
                                      encoding="utf-8")
    (folder / "cards.csv").write_text(PROJECT_CARDS, encoding="utf-8")
    return folder


def test_a_project_checked_with_the_memo_finds_what_each_card_alone_finds(project: Path) -> None:
    deck = resolve_deck(str(project))
    shared = check_cards(deck)
    assert shared == _alone(deck)
    # the card's own texts (a text the layout renders per card) are each checked: card A02's
    # name and A03's tagline, not only the first card's
    assert any("card A02, field 'name': no font can draw '🚀'" in w for w in shared), shared
    assert any("card A03, field 'tagline': no font can draw '🛸'" in w for w in shared), shared
    assert not any("A01" in w or "A04" in w or "A05" in w for w in shared), shared


@pytest.mark.parametrize("name", ["viashi", "lighting", "cognitio", "eagle", "standard52"])
def test_bundled_decks_checked_with_the_memo_find_what_each_card_alone_finds(name: str) -> None:
    deck = resolve_deck(name)
    assert check_cards(deck) == _alone(deck)


LAYOUT = """name: perc
extends: base
front:
  text:
    type: text
    text: '{{ (100 / (fields.n | int)) | round }} %'
    x: 5
    y: 56
    w: 53.5
    h: 22
  badge:
    type: icon
    when: fields.n == '2'
    name: '{{ fields.badge }}'
    x: 5
    y: 5
    w: 8
    h: 8
"""


def _deck(tmp_path: Path, cards: str) -> Path:
    (tmp_path / "layouts").mkdir(exist_ok=True)
    (tmp_path / "layouts" / "perc.yaml").write_text(LAYOUT, encoding="utf-8")
    (tmp_path / "deck.yaml").write_text(f"name: Perc\ngame: none\nlayout: perc\nfields: [n, badge]\ncards:\n{cards}",
                                        encoding="utf-8")
    return tmp_path / "deck.yaml"


def test_a_template_that_fails_on_a_later_card_names_that_card(tmp_path: Path) -> None:
    deck = _deck(tmp_path, "  - {id: A, name: A, n: '4', badge: star}\n  - {id: B, name: B, n: '4', badge: star}\n"
                           "  - {id: C, name: C, n: '0', badge: star}\n")
    with pytest.raises(RenderError) as caught:
        card_pieces(load_deck(deck))
    problem = caught.value.problems[0]
    assert problem.card == "C" and "element 'text'" in problem.message and "ZeroDivisionError" in problem.message
    result = CliRunner().invoke(app, ["check", str(deck), "--games", "0"])
    assert result.exit_code == 2 and "card C" in result.output and "ZeroDivisionError" in result.output


def test_an_element_shown_only_on_a_later_card_is_checked_there(tmp_path: Path) -> None:
    deck = _deck(tmp_path, "  - {id: A, name: A, n: '4', badge: star}\n  - {id: B, name: B, n: '4', badge: nosuch}\n"
                           "  - {id: C, name: C, n: '2', badge: nosuch}\n")
    with pytest.raises(RenderError) as caught:
        card_pieces(load_deck(deck))
    problem = caught.value.problems[0]
    assert problem.card == "C" and "element 'badge'" in problem.message and "nosuch" in problem.message
