"""Layouts: extends and precedence, strict templates, clear errors, text fitting."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from generator.deck.model import Card, Deck
from generator.errors import RenderError
from generator.render.cards import card_pieces
from generator.render.layout import load_layout
from generator.render.layout.textfit import fit_rich
from generator.render.sheet import SheetOptions, write_sheets

from .conftest import page_text

PARENT = """
name: parent
defaults: {font: Roboto, color: '#222222'}
front:
  background: {type: background, color: '#FFFFFF'}
  title: {type: text, text: '{{ card.name }}', x: 5, y: 5, w: 53.5, h: 8, size: 12}
  note: {type: text, text: 'parent note', x: 5, y: 20, w: 40, h: 6}
back:
  background: {type: background, color: '#000000'}
"""
CHILD = """
extends: parent
defaults: {color: '#AA0000'}
front:
  title: {size: 9, align: center}
  note: null
  extra: {type: rule, x: 5, y: 30, w: 50}
"""


def _write(folder: Path, name: str, text: str) -> Path:
    path = folder / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_child_layout_overrides_entry_by_entry_and_defaults_fill_the_rest(tmp_path: Path) -> None:
    _write(tmp_path, "parent", PARENT)
    child = load_layout(_write(tmp_path, "child", CHILD))
    names = [n for n, _ in child.front]
    assert names == ["background", "title", "extra"]  # note removed, extra added
    title = dict(child.front)["title"]
    assert (title.size, title.align, title.x) == (9, "center", 5)  # type: ignore[attr-defined]
    assert title.color == "#AA0000"  # type: ignore[attr-defined]  # child defaults beat parent's
    assert [n for n, _ in child.back] == ["background"]  # inherited


def test_card_field_beats_layout_entry(tmp_path: Path, tiny_weiji: Deck) -> None:
    _write(tmp_path, "parent", PARENT)
    layout = _write(tmp_path, "child", CHILD)
    card = replace(tiny_weiji.cards[0], fields={"title.text": "Overridden {{ card.id }}"})
    deck = replace(tiny_weiji, cards=(card,), fields=("title.text",))
    out = tmp_path / "o.pdf"
    write_sheets(card_pieces(deck, layout), out, SheetOptions())
    assert "Overridden P1" in page_text(out)


def test_unknown_element_type_names_layout_and_element(tmp_path: Path) -> None:
    _write(tmp_path, "bad", "front:\n  ok: {type: rule}\n  blob: {type: blobby, x: 1}\n")
    path = _write(tmp_path, "child", "extends: bad\n")
    with pytest.raises(RenderError) as info:
        load_layout(path)
    text = str(info.value)
    assert "'blob'" in text and "blobby" in text and "attributes" in text
    assert f"{tmp_path / 'bad.yaml'}:3:" in text  # the file and line that define it


def test_unknown_property_is_an_error_not_a_warning(tmp_path: Path) -> None:
    path = _write(tmp_path, "bad", "front:\n  t: {type: text, text: hi, colour: red}\n")
    with pytest.raises(RenderError, match="colour"):
        load_layout(path)


def test_unknown_field_in_a_template_names_layout_card_and_element(tmp_path: Path,
                                                                   tiny_weiji: Deck) -> None:
    path = _write(tmp_path, "t", "front:\n  title: {type: text, text: '{{ card.nmae }}'}\n")
    with pytest.raises(RenderError) as info:
        card_pieces(tiny_weiji, path)
    problem = info.value.problems[0]
    assert problem.card == "P1" and "layout t" in problem.message and "'title'" in problem.message
    assert "nmae" in problem.message


def test_missing_image_and_missing_font_are_clear_errors(tmp_path: Path, tiny_weiji: Deck) -> None:
    path = _write(tmp_path, "i", "front:\n  art: {type: image, src: 'art/{{ card.id }}.png'}\n")
    with pytest.raises(RenderError, match=r"element 'art': image not found: 'art/P1.png'"):
        card_pieces(tiny_weiji, path)
    path = _write(tmp_path, "f", "front:\n  t: {type: text, text: x, font: Comic}\n")
    with pytest.raises(RenderError, match=r"element 't'.*unknown font 'Comic'.*Roboto"):
        card_pieces(tiny_weiji, path)


def test_extends_loop_is_an_error(tmp_path: Path) -> None:
    _write(tmp_path, "a", "extends: b\n")
    _write(tmp_path, "b", "extends: a\n")
    with pytest.raises(RenderError, match="loop"):
        load_layout(tmp_path / "a.yaml")


def test_text_shrinks_first_then_wraps_then_reports_overflow() -> None:
    # 100 pt wide, one 12 pt line high
    short = fit_rich("Short", "Roboto", (12, 6), (100, 14.4))
    assert short.size == 12 and len(short.lines) == 1 and not short.overflow
    shrunk = fit_rich("A somewhat longer name", "Roboto", (12, 6), (100, 14.4))
    assert 6 <= shrunk.size < 12 and len(shrunk.lines) == 1 and not shrunk.overflow
    # too long for one line even at 6 pt, but two lines fit in 30 pt of height
    long = "word " * 12
    wrapped = fit_rich(long, "Roboto", (12, 6), (100, 30))
    assert len(wrapped.lines) >= 2 and not wrapped.overflow and wrapped.size >= 6
    over = fit_rich(long * 10, "Roboto", (12, 6), (100, 14.4))
    assert over.overflow and over.lines[-1][-1].segs[-1].text == "…"


def test_overflow_warns_naming_card_and_element(tmp_path: Path, tiny_weiji: Deck) -> None:
    path = _write(tmp_path, "o", "front:\n  blurb: {type: text, text: '{{ card.name * 40 }}', "
                  "x: 5, y: 5, w: 20, h: 5, size: 9, min_size: 7}\n")
    report = write_sheets(card_pieces(tiny_weiji, path), tmp_path / "o.pdf", SheetOptions())
    assert any("card P1" in w and "'blurb'" in w and "does not fit" in w for w in report.warnings)


def test_safe_zone_crossings_are_reported_per_card(tmp_path: Path, tiny_weiji: Deck) -> None:
    path = _write(tmp_path, "s", "front:\n  id: {type: text, text: '{{ card.id }}', x: 1, y: 40, "
                  "w: 20, h: 5}\n  ok: {type: text, text: fine, x: 10, y: 10, w: 20, h: 5}\n")
    report = write_sheets(card_pieces(tiny_weiji, path), tmp_path / "s.pdf", SheetOptions())
    crossing = [w for w in report.warnings if "safe zone" in w]
    assert len(crossing) == 3 and all("'id'" in w for w in crossing)
    assert {w.split(":")[0] for w in crossing} == {"card P1", "card P2", "card P3"}


def test_when_expression_draws_an_element_only_for_matching_cards(tmp_path: Path,
                                                                  tiny_suits: Deck) -> None:
    path = _write(tmp_path, "w", "front:\n  god: {type: text, text: 'GOD CARD', when: suit.gods,"
                  " x: 5, y: 5, w: 50, h: 8}\n  name: {type: text, text: '{{ card.id }}', x: 5,"
                  " y: 20, w: 50, h: 8}\n")
    out = tmp_path / "w.pdf"
    write_sheets(card_pieces(tiny_suits, path), out, SheetOptions())
    assert page_text(out).count("GOD CARD") == 2  # gods-1 and gods-2 only


def test_layouts_named_in_the_deck_are_found_beside_it(tmp_path: Path, tiny_weiji: Deck) -> None:
    (tmp_path / "layouts").mkdir()
    _write(tmp_path / "layouts", "mine", "front:\n  t: {type: text, text: 'MINE {{ card.id }}'}\n")
    deck = replace(tiny_weiji, layout="mine", path=tmp_path / "deck.yaml",
                   cards=(Card("Z1", "Zed"),))
    out = tmp_path / "m.pdf"
    write_sheets(card_pieces(deck), out, SheetOptions())
    assert "MINE Z1" in page_text(out)


def test_a_user_template_folder_overrides_the_bundled_layout_of_the_same_name(
    tmp_path: Path, tiny_weiji: Deck
) -> None:
    _write(tmp_path, "weiji", "extends: weiji\nfront:\n  title: {text: 'MY {{ card.name }}'}\n")
    out = tmp_path / "u.pdf"
    write_sheets(card_pieces(tiny_weiji, tmp_path), out, SheetOptions())
    assert "MY Alpha Lamp" in page_text(out)


def test_other_card_sizes_keep_edges_on_the_edge_and_the_safe_zone_inside() -> None:
    from generator.render.geometry import pt
    from generator.render.layout.frame import CardBox, box_of
    from generator.render.layout.model import Background, Text

    mini = CardBox(44.5, 63.5, 0.0, 63.5, 88.9, 3.0)
    band = Background(type="background", x=0, y=0, w=63.5, h=15)
    x, y, w, h = box_of(band, mini)
    assert (x, w) == (0, pytest.approx(pt(44.5)))  # still the full width
    assert y + h == pytest.approx(pt(63.5))  # still on the top edge
    # (15 - 3) of the design's 82.9 mm safe height, scaled to 57.5 mm: 3 + 8.32 = 11.32
    assert h == pytest.approx(pt(3 + 12 * 57.5 / 82.9))
    label = Text(type="text", text="x", x=3, y=3, w=57.5, h=10)
    x, y, w, h = box_of(label, mini)
    assert x == pytest.approx(pt(3)) and x + w == pytest.approx(pt(44.5 - 3))
    assert y + h == pytest.approx(pt(63.5 - 3))
    assert box_of(Text(type="text", text="x", x="50%", w="25%"), mini)[0] == pytest.approx(pt(22.25))
