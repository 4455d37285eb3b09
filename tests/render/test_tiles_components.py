"""Coins, dice and pawns; the style from deck data; `deckpress tiles` through the real CLI."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
import yaml
from pypdf import PdfReader
from typer.testing import CliRunner

from generator.cli import app
from generator.deck import resolve_deck
from generator.errors import DeckError, ParameterError
from generator.render.piecepack import PiecepackStyle, parse_components, piecepack_pieces
from generator.render.sheet import SheetOptions, write_sheets

from .piecepack_pdf import cut_lines, pieces_on, words

runner = CliRunner()
SIZES = {"coin": (19.05, 19.05), "die": (38.1, 54.8), "pawn": (15.875, 77.15)}


@pytest.fixture(scope="module")
def deck():  # type: ignore[no-untyped-def]
    return resolve_deck("piecepack")


def test_a_piecepack_is_24_tiles_24_coins_4_dice_4_pawns(deck) -> None:
    pieces = piecepack_pieces(deck)
    kinds = [getattr(p, "kind", "") for p in pieces]
    assert [kinds.count(k) for k in ("tile", "coin", "die", "pawn")] == [24, 24, 4, 4]
    assert len({p.id for p in pieces}) == len(pieces)
    two = piecepack_pieces(deck, packs=2, components=["coins", "pawns"])
    assert len(two) == 56 and {p.id for p in two} >= {"coin-suns-ace-pack2", "pawn-arms-pack1"}


@pytest.mark.parametrize("kind", ["coin", "die", "pawn"])
@pytest.mark.parametrize("page", ["a4", "letter"])
def test_components_are_their_standard_size_on_the_sheet(deck, tmp_path: Path, kind: str, page: str) -> None:
    component = {"coin": "coins", "die": "dice", "pawn": "pawns"}[kind]
    pieces = piecepack_pieces(deck, packs=2, components=component)
    out = tmp_path / f"{kind}.pdf"
    report = write_sheets(pieces, out, SheetOptions(page=page, backs="duplex-long"))
    assert report.arrangement == "gap"  # round and outlined pieces are not butted together
    w, h = SIZES[kind]
    found = pieces_on(out, 0, {p.id for p in pieces})
    assert len(found) == len(pieces) == {"coin": 48, "die": 8, "pawn": 8}[kind]
    xs, ys = cut_lines(out, 0)
    for x, y in found.values():
        assert min(abs(x - v) for v in xs) < 0.05 and min(abs(x + w - v) for v in xs) < 0.05
        assert min(abs(y - v) for v in ys) < 0.05 and min(abs(y + h - v) for v in ys) < 0.05
    if kind == "coin":  # the suit side lands behind the value side
        backs = pieces_on(out, 1, {p.id for p in pieces})
        page_w = 210.0 if page == "a4" else 215.9
        for ident, (x, y) in found.items():
            assert backs[ident] == (pytest.approx(page_w - x - w, abs=0.01), pytest.approx(y, abs=0.01))
    else:  # nets and pawns are printed on one side only: no blank back page
        assert report.pages == len(PdfReader(str(out)).pages) == 1


def test_die_faces_are_null_ace_and_2_to_5(deck, tmp_path: Path) -> None:
    out = tmp_path / "d.pdf"
    write_sheets(piecepack_pieces(deck, components="dice"), out, SheetOptions())
    text = PdfReader(str(out)).pages[0].extract_text()
    assert sorted(c for c in text if c in "0123456789") == sorted("2345" * 4)


def test_components_option_is_checked() -> None:
    assert parse_components(None) == ("tiles", "coins", "dice", "pawns")
    assert parse_components("pawns, tiles") == ("tiles", "pawns")
    with pytest.raises(ParameterError, match="valid: tiles, coins, dice, pawns"):
        parse_components("tiles,meeples")


def _restyled(tmp_path: Path, **changes) -> Path:  # type: ignore[no-untyped-def]
    data = yaml.safe_load((Path(resolve_deck("piecepack").path or "")).read_text())
    data.update(changes)
    path = tmp_path / "my-pack.yaml"
    path.write_text(yaml.safe_dump(data))
    return path


def test_a_piecepack_is_restyled_by_its_deck_data(tmp_path: Path) -> None:
    suits = yaml.safe_load((Path(resolve_deck("piecepack").path or "")).read_text())["suits"]
    suits[0] = {**suits[0], "color": "#FF8800", "symbol": "star"}
    path = _restyled(tmp_path, suits=suits, colors={"background": "#FFFFFF", "coin": "#C0C0C0"})
    style = PiecepackStyle.from_deck(resolve_deck(str(path)))
    assert style.suit("suns").color == "#FF8800" and style.suit("suns").symbol == "star"
    assert style.background == style.back == "#FFFFFF" and style.coin == "#C0C0C0"
    assert style.rank("null").tile == "blank" and style.rank("ace").coin == "spiral"
    bigger = dataclasses.replace(style, tile_value=0.5)  # frozen: a new look is a new object
    assert bigger.tile_value == 0.5 and style.tile_value != 0.5
    out = tmp_path / "t.pdf"
    result = runner.invoke(app, ["tiles", str(path), "-o", str(out), "--components", "tiles"])
    assert result.exit_code == 0, result.output
    content = PdfReader(str(out)).pages[0].get_contents().get_data()  # type: ignore[union-attr]
    assert b"1 .533333 0 rg" in content  # #FF8800


@pytest.mark.parametrize(("change", "message"), [
    ({"colors": {"bakground": "#FFFFFF"}}, r"unknown piecepack colour 'bakground' \(did you mean 'background'\?\); valid: background"),
    ({"symbol": "comet"}, "suit 'suns': unknown symbol 'comet'; valid: arms"),
])
def test_bad_style_data_fails_loudly_naming_the_field(tmp_path: Path, change, message) -> None:  # type: ignore[no-untyped-def]
    if "symbol" in change:
        suits = yaml.safe_load((Path(resolve_deck("piecepack").path or "")).read_text())["suits"]
        change = {"suits": [{**suits[0], **change}, *suits[1:]]}
    deck = resolve_deck(str(_restyled(tmp_path, **change)))
    with pytest.raises(DeckError, match=message):
        PiecepackStyle.from_deck(deck)


def test_cli_default_deck_two_packs_on_letter(tmp_path: Path) -> None:
    out = tmp_path / "pp.pdf"
    result = runner.invoke(app, ["tiles", "-o", str(out), "--packs", "2", "--page", "letter"])
    assert result.exit_code == 0, result.output
    assert "2 piecepacks (48 tiles, 48 coins, 8 dice, 8 pawns)" in result.output
    reader = PdfReader(str(out))
    assert float(reader.pages[0].mediabox.width) == pytest.approx(612, abs=0.01)
    # duplex backs by default, each front followed by its back, except the last page: it holds
    # one-sided pieces only (dice nets, pawns), so no blank back page follows it
    pages = len(reader.pages)
    assert pages % 2 == 1 and f"page {pages}: one-sided pieces only" in result.output
    assert all("/TrimBox" in page and "/BleedBox" in page for page in reader.pages)


@pytest.mark.parametrize(("args", "expected"), [
    (["--components", "tiles,meeples"], "valid: tiles, coins, dice, pawns"),
    (["--packs", "0"], "packs must be between 1 and 4"),
    (["--page", "b5"], "valid: a4, letter, a3, a5, legal, tabloid, ledger, or WxH in mm, cm or in"),
    (["--page", "0x300"], "between 50 and 2000 mm"),
    # 100 x 120 mm page: 88 x 108 mm inside margin and marks; a pawn (15.9 x 77.2 mm) upright
    # leaves (108 - 77.15) / 2 = 15.4 mm, less than a tile's 18.6: the error names the pawn's
    (["--page", "100x120", "--bleed", "30"], "at most 15.4 mm bleed fits"),
    (["--backs", "both"], "duplex-long"),
    (["--arrangement", "stacked"], "touching"),
])
def test_bad_options_exit_2_naming_the_valid_values(tmp_path: Path, args: list[str], expected: str) -> None:
    out = tmp_path / "x.pdf"
    result = runner.invoke(app, ["tiles", "-o", str(out), *args])
    assert result.exit_code == 2 and expected in result.output and not out.exists()


def test_a_card_deck_is_not_a_piecepack(tmp_path: Path) -> None:
    result = runner.invoke(app, ["tiles", "lighting", "-o", str(tmp_path / "x.pdf")])
    assert result.exit_code == 2 and "not a piecepack" in result.output


def test_previews_are_drawn_by_the_printing_pieces(deck, tmp_path: Path) -> None:
    from generator.render.piecepack.preview import write_preview

    for what, expect in (("faces", {"suns-null", "arms-5"}), ("components", {"coin-suns-null", "pawn-arms"})):
        out = tmp_path / f"{what}.pdf"
        write_preview(deck, out, what)
        assert expect <= {word for word, _, _ in words(out, 0)}


def test_fold_backs_put_each_coin_suit_side_on_the_same_page(deck, tmp_path: Path) -> None:
    out = tmp_path / "f.pdf"
    pieces = piecepack_pieces(deck, components="coins")
    write_sheets(pieces, out, SheetOptions(backs="fold"))
    assert len(PdfReader(str(out)).pages) == 1
    text = " ".join(w for w in (PdfReader(str(out)).pages[0].extract_text() or "").split())
    assert text.count("coin-moons-3") == 2  # the value side and, across the fold, the suit side
