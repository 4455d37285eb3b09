"""Sheet arithmetic worked out by hand (mm)."""

from __future__ import annotations

import pytest

from generator.errors import ParameterError
from generator.render.geometry import (
    Box,
    Slot,
    parse_card_size,
    plan_grid,
    usable_area,
)
from generator.render.marks import bleed_box, crop_marks
from generator.render.sheet import SheetOptions
from generator.render.sheet_plan import choose_plan


def test_nine_poker_cards_touching_on_a4_at_hand_computed_positions() -> None:
    grid = plan_grid(usable_area(210, 297, 5), 63.5, 88.9, arrangement="touching", bleed=3, gap=2)
    assert grid is not None and (grid.cols, grid.rows) == (3, 3)
    # block 190.5 x 266.7 centred in 200 x 287 from (5, 5): left 9.75, top 281.85
    first, last = grid.slots[0], grid.slots[-1]
    assert first.cut.x == pytest.approx(9.75) and first.cut.top == pytest.approx(281.85)
    assert last.cut.x == pytest.approx(136.75) and last.cut.y == pytest.approx(15.15)
    assert first.bleed == pytest.approx((3, 0, 0, 3))  # outside edges only
    assert grid.slots[4].bleed == (0, 0, 0, 0)


def test_nine_poker_cards_on_letter_reduce_the_outer_bleed_to_fit() -> None:
    plan, notes = choose_plan(63.5, 88.9, SheetOptions(page="letter"))
    assert plan.per_page == 9 and plan.arrangement == "touching" and plan.orientation == "portrait"
    # 279.4 - 10 - 266.7 = 2.7 mm spare: 1.35 a side, 1 mm kept for crop marks
    assert plan.outer_bleed == pytest.approx((3.0, 0.35))
    assert any("reduced" in n for n in notes)


def test_gap_arrangement_gives_eight_on_a4_landscape_and_auto_says_what_it_chose() -> None:
    plan, notes = choose_plan(63.5, 88.9, SheetOptions(arrangement="gap"))
    assert (plan.per_page, plan.orientation) == (8, "landscape")
    auto, notes = choose_plan(63.5, 88.9, SheetOptions())
    assert auto.per_page == 9 and "touching fits 9, gap fits 8" in notes[0]


def test_tarot_cards_choose_the_orientation_that_fits_more() -> None:
    # 69.9 x 120.7 touching: portrait 2 x 2 = 4; landscape 4 x 1 = 4 -> tie keeps portrait;
    # with the gap arrangement portrait fits 2 x 2 as well
    plan, _ = choose_plan(69.9, 120.7, SheetOptions(arrangement="touching"))
    assert plan.per_page == 4
    # a wide card (100 x 60) fits 1 x 4 portrait but 2 x 3 landscape
    wide, _ = choose_plan(100, 60, SheetOptions(arrangement="touching"))
    assert (wide.per_page, wide.orientation) == (6, "landscape")


def test_long_edge_flip_reverses_columns_short_edge_reverses_rows() -> None:
    slot = Slot(Box(9.75, 192.95, 63.5, 88.9), (3, 0, 0, 3), 0, 0)
    long = slot.mirrored(210, 297, "long")
    assert long.cut.x == pytest.approx(136.75) and long.cut.y == pytest.approx(192.95)
    assert long.bleed == (0, 0, 3, 3)
    short = slot.mirrored(210, 297, "short")
    assert short.cut.x == pytest.approx(9.75) and short.cut.y == pytest.approx(15.15)
    assert short.bleed == (3, 3, 0, 0)


def test_crop_marks_sit_on_every_cut_line_and_never_touch_ableed_box() -> None:
    for arrangement in ("touching", "gap"):
        area = usable_area(210, 297, 5)
        grid = plan_grid(area, 63.5, 88.9, arrangement=arrangement, bleed=3, gap=2)  # type: ignore[arg-type]
        assert grid is not None
        marks = crop_marks(grid.slots, area)
        boxes = [bleed_box(s) for s in grid.slots]
        for m in marks:
            assert area.x <= min(m.x1, m.x2) and max(m.x1, m.x2) <= area.right
            assert area.y <= min(m.y1, m.y2) and max(m.y1, m.y2) <= area.top
            for b in boxes:  # no overlap with any card's art (open intervals)
                overlap_x = min(m.x1, m.x2) < b.right and max(m.x1, m.x2) > b.x
                overlap_y = min(m.y1, m.y2) < b.top and max(m.y1, m.y2) > b.y
                assert not (overlap_x and overlap_y), (arrangement, m, b)
        xs = {round(v, 6) for s in grid.slots for v in (s.cut.x, s.cut.right)}
        assert xs <= {round(m.x1, 6) for m in marks if m.x1 == m.x2}


def test_card_sizes_parse_presets_and_custom_sizes() -> None:
    assert (parse_card_size("bridge").width, parse_card_size("bridge").height) == (57.2, 88.9)
    custom = parse_card_size("70x120")
    assert (custom.width, custom.height) == (70, 120)
    with pytest.raises(ParameterError, match="poker"):
        parse_card_size("huge")


def test_piece_too_big_for_the_page_is_a_clear_error() -> None:
    with pytest.raises(ParameterError, match="does not fit"):
        choose_plan(300, 400, SheetOptions())


def test_invalid_options_list_valid_values() -> None:
    with pytest.raises(ParameterError, match="duplex-long"):
        SheetOptions(backs="both")
    with pytest.raises(ParameterError, match="letter"):
        SheetOptions(page="a3")
