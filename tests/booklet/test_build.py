"""Whole booklets: every game and variant builds; text states the chosen parameters;
page counts, page sizes, embedded fonts, deterministic bytes."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from generator.booklet import build_booklet
from generator.deck import resolve_deck
from generator.errors import ParameterError
from generator.games.registry import make_params

from .conftest import viashi_deck, war_deck, weiji_deck

DECKS = {"weiji": "lighting", "war": "piecepack", "viashi": "viashi"}
VARIANTS = [
    ("weiji", []), ("weiji", ["players=5", "pickup=winner-first"]),
    ("war", []), ("war", ["players=3", "packs=2"]), ("war", ["players=4"]),
    ("war", ["variant=russian", "objective=1", "tie_method=2"]),
    ("war", ["variant=russian", "objective=2", "tie_method=1"]),
    ("viashi", []), ("viashi", ["variant=human", "hands=3"]), ("viashi", ["players=6", "handicap=true"]),
]


def text_of(path: Path) -> str:
    pdf = pdfium.PdfDocument(str(path))
    return " ".join(" ".join(p.get_textpage().get_text_range().split()) for p in pdf)


def build(tmp_path: Path, game: str, sets: list[str], deck: str | None = None, **kw: str) -> tuple[Path, str]:
    out = tmp_path / f"{game}.pdf"
    build_booklet(game, make_params(game, sets), resolve_deck(deck or DECKS[game]), out, **kw)
    return out, text_of(out)


@pytest.mark.parametrize(("game", "sets"), VARIANTS)
def test_each_variant_builds_as_a_booklet_of_whole_sheets(tmp_path: Path, game: str, sets: list[str]) -> None:
    out = tmp_path / "b.pdf"
    report = build_booklet(game, make_params(game, sets), resolve_deck(DECKS[game]), out)
    reader = PdfReader(out)
    assert report.pages % 4 == 0 and report.sheets == report.pages // 2 == len(reader.pages)
    assert all((round(p.mediabox.width), round(p.mediabox.height)) == (842, 595) for p in reader.pages)
    assert report.params == make_params(game, sets).describe()


def test_war_russian_states_exactly_the_chosen_objective_and_tie_method(tmp_path: Path) -> None:
    _, text = build(tmp_path, "war", ["variant=russian", "objective=2", "tie_method=1"])
    assert "Objective 2: do not run out of tiles" in text and "Tie method 1:" in text
    assert "a Five beats a Null" in text and "Null › Ace › Two › Three › Four › Five" in text
    for other in ("Objective 1", "avoid collecting", "Tie method 2", "then one more tile face up"):
        assert other not in text
    _, text = build(tmp_path, "war", ["variant=russian", "objective=1", "tie_method=2"])
    assert "Objective 1: avoid collecting all the tiles" in text and "Tie method 2:" in text
    for other in ("Objective 2", "do not run out", "Tie method 1"):
        assert other not in text


def test_war_classic_counts_tiles_per_player(tmp_path: Path) -> None:
    _, text = build(tmp_path, "war", ["players=3", "packs=2"])
    assert "48 tiles" in text and "16 tiles each" in text and "every player still in the game" in text
    assert "Five › Four › Three › Two › Ace › Null" in text and "Objective" not in text


def test_weiji_names_the_attributes_their_direction_and_the_deal(tmp_path: Path) -> None:
    _, text = build(tmp_path, "weiji", ["players=4", "pickup=winner-first"])
    for label in ("Light output", "Efficacy", "Lifetime", "Weight", "Innovation"):
        assert label in text
    assert "Weight kg the lowest" in text and "Lifetime kh the highest" in text
    assert "2 of the 4 players get 8 cards and the others 7" in text
    assert "in seating order, starting with the winner's own" in text and "no particular order" not in text


def test_weiji_booklet_describes_the_deck_it_is_given(tmp_path: Path) -> None:
    _, text = build(tmp_path, "weiji", [], deck="eagle", format="sheet")
    assert "The Eagle pack" in text and "Optical zoom" in text and "Light output" not in text


def test_viashi_variants(tmp_path: Path) -> None:
    _, text = build(tmp_path, "viashi", [])
    assert "Going counterclockwise" in text and "9 table cards and 9 hand cards" in text
    assert "36 in a hand" in text and "Tournament handicap yes" not in text
    _, text = build(tmp_path, "viashi", ["variant=human", "hands=3"])
    assert "Going clockwise" in text and "Going counterclockwise" not in text
    assert "King › Queen › Prince" in text and "20 points a hand" in text and "Play 3 hands" in text
    _, text = build(tmp_path, "viashi", ["players=6", "handicap=true"])
    assert "Viashilym" in text and "108 cards" in text and "Twin cards" in text
    assert "Tournament handicap yes" in text and "two draws if they won the last two hands" in text
    assert "--set players=6 --set handicap=true" in text  # the command that prints this booklet again


def test_sheet_format_and_letter_pages(tmp_path: Path) -> None:
    out, _ = build(tmp_path, "war", [], format="sheet", page="letter")
    assert {(round(p.mediabox.width), round(p.mediabox.height)) for p in PdfReader(out).pages} == {(612, 792)}
    out, _ = build(tmp_path, "war", [], format="booklet", page="letter")
    assert {(round(p.mediabox.width), round(p.mediabox.height)) for p in PdfReader(out).pages} == {(792, 612)}
    out, _ = build(tmp_path, "war", [], format="sheet")
    assert {(round(p.mediabox.width), round(p.mediabox.height)) for p in PdfReader(out).pages} == {(595, 842)}


def _fonts(path: Path) -> dict[str, bool]:
    """Font name -> embedded, over every page."""
    found: dict[str, bool] = {}
    for page in PdfReader(path).pages:
        fonts = page["/Resources"].get_object().get("/Font", {})
        for ref in fonts.values():
            font = ref.get_object()
            desc = font.get("/FontDescriptor")
            if desc is None and "/DescendantFonts" in font:
                desc = font["/DescendantFonts"][0].get_object().get("/FontDescriptor")
            embedded = desc is not None and any(k in desc.get_object() for k in ("/FontFile", "/FontFile2", "/FontFile3"))
            found[str(font["/BaseFont"])] = embedded
    return found


@pytest.mark.parametrize("format", ["booklet", "sheet"])
def test_fonts_are_embedded(tmp_path: Path, format: str) -> None:
    out, _ = build(tmp_path, "viashi", [], format=format)
    fonts = _fonts(out)
    assert fonts and all(fonts.values()), fonts
    assert not any("Helvetica" in name for name in fonts)


def test_output_is_deterministic(tmp_path: Path) -> None:
    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    for path in (a, b):
        build_booklet("weiji", make_params("weiji"), resolve_deck("lighting"), path)
    assert a.read_bytes() == b.read_bytes()


def test_hand_made_decks_build(tmp_path: Path) -> None:
    for game, deck in (("weiji", weiji_deck()), ("war", war_deck()), ("viashi", viashi_deck())):
        out = tmp_path / f"{game}.pdf"
        build_booklet(game, make_params(game), deck, out, format="sheet")
        assert deck.name in text_of(out)


def test_bad_format_and_page_leave_no_file(tmp_path: Path) -> None:
    out = tmp_path / "x.pdf"
    with pytest.raises(ParameterError, match="booklet, sheet"):
        build_booklet("war", make_params("war"), war_deck(), out, format="zine")
    with pytest.raises(ParameterError, match="a4, letter"):
        build_booklet("war", make_params("war"), war_deck(), out, page="b4")
    assert list(tmp_path.iterdir()) == []
