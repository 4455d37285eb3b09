"""Issue 32 items 5-8 and 10 on the designer decks: icons drawn in every output, pack marks
and god indexes legible, the deck's own names in cards, check and simulate, Viashilym
teams, War's header."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
from PIL import Image

from generator.deck import resolve_deck
from generator.games.viashi.deck_check import counter_names, special_names
from generator.render.layout.colors import contrast_ratio, legible
from generator.render.piecepack import PiecepackStyle

from .conftest import DECKS, run

GEM = (107, 79, 42)  # icons/gem.png's darker facet
CLOUD = (62, 142, 158)  # icons/cloud.svg's fill


def _pages(pdf_path: Path, scale: float = 1.5) -> list[Image.Image]:
    pdf = pdfium.PdfDocument(str(pdf_path))
    try:
        return [pdf[i].render(scale=scale).to_pil().convert("RGB") for i in range(len(pdf))]
    finally:
        pdf.close()


def _count(image: Image.Image, rgb: tuple[int, int, int], tolerance: int = 12) -> int:
    return sum(1 for px in image.get_flattened_data() if all(abs(a - b) <= tolerance for a, b in zip(px, rgb, strict=True)))


def test_png_and_svg_suit_icons_are_drawn_on_tiles_coins_dice_and_pawns(tmp_path: Path) -> None:
    out = tmp_path / "elements.pdf"
    result: Any = run("tiles", DECKS / "elements.yaml", "-o", out, "--backs", "none")
    assert result.exit_code == 0, result.output
    pages = _pages(out)
    # 30 tiles, 12 a page: earth (tiles 13-18) and air (19-24) are on page 2; coins, dice, pawns on page 4
    assert _count(pages[1], GEM) > 200 and _count(pages[1], CLOUD) > 200
    assert _count(pages[0], GEM) == 0 and _count(pages[0], CLOUD) == 0  # fire and water: built-in shapes
    assert len(pages) == 4
    assert _count(pages[3], GEM) > 20 and _count(pages[3], CLOUD) > 20  # the dice and pawns


def test_icon_symbols_on_cards_too(variant: Any, tmp_path: Path) -> None:
    path = variant("starfall7", ("symbol: winds", "symbol: cloud"), ("symbol: stones", "symbol: icons/gem.png"))
    out = tmp_path / "cards.pdf"
    result: Any = run("cards", path, "-o", out)
    assert result.exit_code == 0, result.output
    pages = _pages(out)
    assert sum(_count(p, CLOUD) for p in pages) > 300 and sum(_count(p, GEM) for p in pages) > 300


def test_pack_marks_read_on_a_dark_tile_back() -> None:
    style = PiecepackStyle.from_deck(resolve_deck(DECKS / "elements.yaml"))
    assert style.back == "#1D1B3A" and style.pack == "#222222"  # faces: the line colour, as before
    assert style.pack_back == "#FFFFFF"  # backs: white on the navy back
    assert contrast_ratio(style.pack_back, style.back) > 10
    bundled = PiecepackStyle.from_deck(resolve_deck("piecepack"))
    assert bundled.pack_back == bundled.pack == "#222222"  # a light back keeps the dark marks


def test_the_back_grid_and_coin_values_read_without_their_own_colours(variant: Any, tmp_path: Path) -> None:
    """Elements without `grid:` (line #222222 on the navy back) and with a dark coin: the grid is
    the line colour lightened in 10 % steps until it reads (ratio 3): 0x22 + 0.4 x (0xFF - 0x22) =
    0x7A, so #7A7A7A; the coin values likewise on the #2E2A24 coin."""
    path = variant("elements", (", grid: '#E8E4FF'", ""), ("coin: '#E9DDBF'", "coin: '#2E2A24'"))
    style = PiecepackStyle.from_deck(resolve_deck(path))
    assert style.grid == "#7A7A7A" and contrast_ratio(style.grid, "#1D1B3A") >= 3
    assert style.ink != "#222222" and contrast_ratio(style.ink, "#2E2A24") >= 3
    assert style.pack == "#222222"  # the faces are light: the line colour as given
    out = tmp_path / "backs.pdf"
    result: Any = run("tiles", path, "-o", out, "--components", "tiles")
    assert result.exit_code == 0, result.output
    pages = _pages(out)
    assert _count(pages[1], (0x7A, 0x7A, 0x7A), tolerance=6) > 500  # the backs' grid lines, drawn
    assert _count(pages[0], (0x7A, 0x7A, 0x7A), tolerance=6) < 50  # (on the faces: a few anti-aliased edges)
    bundled = PiecepackStyle.from_deck(resolve_deck("piecepack"))
    assert bundled.grid == bundled.ink == bundled.line == "#222222"  # light backs and coins: unchanged


def test_god_cards_small_suit_line_reads_at_the_small_text_ratio() -> None:
    """"7 · Spirits" (6.5 pt) on the god panel #2B2118: Starfall's purple #5B2C83 (ratio 1.6) is
    lightened to 4.5, the corners (14 pt bold) to 3; the bundled gold (4.84) stays as it is."""
    from generator.render.cards import deck_layout
    from generator.render.layout.context import Where, card_context, resolve

    def colours(deck_name: str | Path, card_id: str) -> tuple[str, str]:
        deck = resolve_deck(deck_name)
        front = dict(deck_layout(deck).front)
        ctx = card_context(deck, deck.card(card_id))
        return tuple(resolve(front[name], ctx, Where("viashi", None, card_id, name)).color  # type: ignore[union-attr, return-value]
                     for name in ("rank_name", "index_top"))

    small, corner = colours(DECKS / "starfall7.yaml", "spirits-7")
    assert contrast_ratio(small, "#2B2118") >= 4.5 and 3 <= contrast_ratio(corner, "#2B2118") < 4.5
    assert colours("viashi", "gods-9") == ("#B8860B", "#B8860B")


def test_legible_keeps_readable_colours_and_lightens_the_rest() -> None:
    assert legible("#B8860B", "#2B2118") == "#B8860B"  # the bundled gold reads on the god panel
    fixed = legible("#5B2C83", "#2B2118")  # Starfall's purple does not (ratio 1.6)
    assert contrast_ratio("#5B2C83", "#2B2118") < 2 and contrast_ratio(fixed, "#2B2118") >= 3
    assert fixed != "#FFFFFF"  # still the designer's hue, lightened


def _text(pdf_path: Path) -> str:
    pdf = pdfium.PdfDocument(str(pdf_path))
    try:
        return "\n".join(pdf[i].get_textpage().get_text_range() for i in range(len(pdf)))
    finally:
        pdf.close()


def test_god_cards_name_the_gods_suit(tmp_path: Path) -> None:
    out = tmp_path / "starfall.pdf"
    result: Any = run("cards", DECKS / "starfall7.yaml", "-o", out)
    assert result.exit_code == 0, result.output
    text = _text(out)
    assert "7 · Spirits" in text and "1 · Spirits" in text
    assert "God" not in text and "Jester · Spirits" not in text  # no bundled word, no regular rank on a god
    assert "Jester · Embers" in text


def test_special_names_come_from_the_deck() -> None:
    assert special_names(resolve_deck(DECKS / "starfall8.yaml")) == {
        "fool": "Jester", "changeling": "the Trickster", "lady": "the Star Mother", "gods": "Spirits"}
    assert counter_names(resolve_deck(DECKS / "starfall7.yaml"))["changeling_captures"] == "the Trickster captures"
    bundled = special_names(resolve_deck("viashi"))
    assert (bundled["fool"], bundled["lady"], bundled["gods"]) == ("Fool", "the Lady", "Gods")


def test_check_and_simulate_use_the_decks_names(tmp_path: Path) -> None:
    checked: Any = run("check", DECKS / "starfall7.yaml", "--games", "40")
    assert checked.exit_code in (0, 1), checked.output
    assert "Jester / the Trickster" in " ".join(checked.output.split())  # the table wraps the rest
    assert "Changeling" not in checked.output and "Fool" not in checked.output
    report = json.loads(run("check", DECKS / "starfall7.yaml", "--games", "40", "--json").stdout)  # type: ignore[attr-defined]
    assert report["playtest"]["viashi"]["names"]["changeling"] == "the Trickster"
    assert "changeling_captures" in report["playtest"]["viashi"]  # the key stays
    simulated: Any = run("simulate", "viashi", "--deck", DECKS / "starfall7.yaml", "--games", "20", "--json")
    data = json.loads(simulated.stdout)
    assert "changeling_captures" in data["details"]  # the key stays
    assert data["counter_names"]["changeling_captures"] == "the Trickster captures"
    table: Any = run("simulate", "viashi", "--deck", DECKS / "starfall7.yaml", "--games", "20")
    assert "changeling_captures (the Trickster captures)" in table.output


def test_viashilym_simulate_reports_teams() -> None:
    result: Any = run("simulate", "viashi", "--deck", DECKS / "starfall7.yaml", "--players", "6", "--games", "30",
                      "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    teams = data["teams"]
    assert [t["seats"] for t in teams] == [[0, 3], [1, 4], [2, 5]]
    assert [t["wins"] for t in teams] == data["wins"][:3]
    assert sum(t["wins"] for t in teams) + data["draws"] + data["unfinished"] == 30
    table: Any = run("simulate", "viashi", "--deck", DECKS / "starfall7.yaml", "--players", "6", "--games", "30")
    assert "0 (seats 0 and 3)" in table.output and "2 (seats 2 and 5)" in table.output
    assert "│ 5 " not in table.output  # no seat rows 3-5 with 0 wins


def test_classic_war_header_lists_only_what_applies() -> None:
    classic: Any = run("simulate", "war", "--deck", DECKS / "elements.yaml", "--games", "10", "--json")
    params = json.loads(classic.stdout)["params"]
    assert params["variant"] == "classic" and "objective" not in params and "tie_method" not in params
    russian: Any = run("simulate", "war", "--deck", DECKS / "elements.yaml", "--games", "10", "--json",
                       "--set", "variant=russian")
    assert {"objective", "tie_method"} <= set(json.loads(russian.stdout)["params"])
    table: Any = run("simulate", "war", "--deck", DECKS / "elements.yaml", "--games", "10")
    header = table.output.splitlines()[1]  # the line under "war with Elements: ..."
    assert header == "max_tricks=10000, players=2, packs=1, variant=classic, pickup=shuffled", table.output


def test_icon_symbols_in_card_images_too(tmp_path: Path) -> None:
    result: Any = run("images", DECKS / "elements.yaml", "-o", tmp_path / "img", "--dpi", "100")
    assert result.exit_code == 0, result.output
    with Image.open(tmp_path / "img" / "air-ace.png") as air, Image.open(tmp_path / "img" / "earth-3.png") as earth:
        assert _count(air.convert("RGB"), CLOUD) > 500  # the big ace symbol and the corner
        assert _count(earth.convert("RGB"), GEM, tolerance=20) > 5  # the corner symbol
