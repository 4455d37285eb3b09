"""An SVG's drawing work is bounded per card (round 5): its elements are counted before it
is parsed, and more than MAX_SVG_ELEMENTS is a clean error naming the card and file (a
4.8 MB SVG of 120,000 rectangles, under the size limit, took ``check --games 0`` past a minute)."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from generator.cli import app
from generator.render.layout import svg


def _svg(path: Path, elements: int) -> Path:
    rects = "".join(f'<rect x="{i % 100}" y="{i // 100 % 100}" width="1" height="1"/>' for i in range(elements - 1))
    path.write_text(f'<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">{rects}</svg>')
    return path


def test_an_svg_of_too_many_elements_is_refused_before_it_is_drawn(tmp_path: Path) -> None:
    _svg(tmp_path / "busy.svg", svg.MAX_SVG_ELEMENTS + 1)
    assert (tmp_path / "busy.svg").stat().st_size < svg.MAX_SVG_BYTES
    rows = "\n".join(f"E{i:02d},Card {i},{1 + i % 7},busy.svg" for i in range(12))
    (tmp_path / "cards.csv").write_text("id,name,weight,art\n" + rows + "\n")
    (tmp_path / "deck.yaml").write_text("name: S\ngame: weiji\nlayout: weiji\n"
                                        "attributes:\n  - {key: weight, label: Weight, unit: kg, better: lower}\n"
                                        "cards: cards.csv\n")
    result = CliRunner().invoke(app, ["check", str(tmp_path / "deck.yaml"), "--games", "0"])
    assert result.exit_code == 2, result.output
    assert "card E00, field 'art': image 'busy.svg': the SVG has 10,001 elements, more than 10,000" in result.output


def test_a_small_svg_still_draws(tmp_path: Path) -> None:
    assert svg.svg_size(_svg(tmp_path / "ok.svg", 50)) == (75, 75)  # 100 px at 96 dpi is 75 pt
