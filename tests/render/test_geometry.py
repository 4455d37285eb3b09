"""Sheet arithmetic worked out by hand (mm)."""

from __future__ import annotations

import pytest

from generator.errors import ParameterError
from generator.render.geometry import (
    Box,
    Slot,
    page_size,
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


def test_letter_with_3_mm_bleed_keeps_the_full_bleed_on_every_card() -> None:
    # touching: portrait 3 x 2 (3 rows need 266.7 + 2 x 3 bleed + 2 x 1 mark > 269.4 mm);
    # landscape 269.4 wide: (269.4 - 2 - 6) / 63.5 = 4.1 -> 4; (205.9 - 8) / 88.9 = 2.2 -> 2
    plan, notes = choose_plan(63.5, 88.9, SheetOptions(page="letter", arrangement="touching"))
    assert (plan.per_page, plan.orientation) == (8, "landscape")
    assert plan.outer_bleed == (3.0, 3.0)
    block = [bleed_box(s) for s in plan.front_slots]
    area = usable_area(279.4, 215.9, 5)
    assert min(b.x for b in block) >= area.x + 1 and max(b.right for b in block) <= area.right - 1
    assert min(b.y for b in block) >= area.y + 1 and max(b.top for b in block) <= area.top - 1
    # the default (auto, bleed 3): gap, every card its own 3 mm; pitch 71.5 x 96.9 mm:
    # landscape (269.4 - 2 + 2) / 71.5 = 3.8 -> 3 across, (205.9) / 96.9 = 2.1 -> 2 down
    auto, notes = choose_plan(63.5, 88.9, SheetOptions(page="letter"))
    assert (auto.per_page, auto.arrangement, auto.orientation) == (6, "gap", "landscape")
    assert all(s.bleed == (3, 3, 3, 3) for s in auto.front_slots)
    assert "every piece its own 3 mm bleed" in notes[0] and "touching fits 8" in notes[0]


def test_gap_arrangement_gives_eight_on_a4_landscape_and_auto_says_what_it_chose() -> None:
    plan, notes = choose_plan(63.5, 88.9, SheetOptions(arrangement="gap"))
    assert (plan.per_page, plan.orientation) == (8, "landscape")
    auto, notes = choose_plan(63.5, 88.9, SheetOptions())
    assert (auto.per_page, auto.arrangement) == (8, "gap") and "touching fits 9" in notes[0]
    # no bleed: nothing to keep apart, auto butts the cards together
    bare, _ = choose_plan(63.5, 88.9, SheetOptions(bleed=0))
    assert (bare.per_page, bare.arrangement) == (9, "touching")


def test_too_much_bleed_is_an_error_saying_what_fits() -> None:
    # 100 x 150 mm page, 5 mm margin, 1 mm for marks: 88 x 138 mm for the bleed box;
    # a portrait poker card leaves (88 - 63.5) / 2 = 12.25 mm -> 12.2 mm bleed
    with pytest.raises(ParameterError, match=r"at most 12.2 mm bleed fits"):
        choose_plan(63.5, 88.9, SheetOptions(page="100x150", bleed=20))
    plan, _ = choose_plan(63.5, 88.9, SheetOptions(page="100x150", bleed=12.2))
    assert plan.per_page == 1 and plan.front_slots[0].bleed == (12.2,) * 4
    # --bleed 30 on A4 fits: two cards a page, each with its whole 30 mm
    big, _ = choose_plan(63.5, 88.9, SheetOptions(bleed=30))
    assert big.per_page == 2 and big.front_slots[0].bleed == (30,) * 4


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
    with pytest.raises(ParameterError, match="letter, a3, a5, legal, tabloid, ledger, or WxH"):
        SheetOptions(page="b5")
    with pytest.raises(ParameterError, match="between 50 and 2000 mm"):
        SheetOptions(page="10x5000")


@pytest.mark.parametrize(("name", "size"), [("a3", (297, 420)), ("tabloid", (279.4, 431.8)),
                                            ("Ledger", (279.4, 431.8)), ("a4", (210, 297)),
                                            ("200x300", (200, 300)), ("250.5 x 180 mm", (250.5, 180))])
def test_page_sizes_by_name_and_in_mm(name: str, size: tuple[float, float]) -> None:
    assert page_size(name) == size


@pytest.mark.parametrize(("text", "expected"), [
    ("a5", (148.0, 210.0)), ("Legal", (215.9, 355.6)), ("8.5x11in", (215.9, 279.4)),
    ('8.5 x 14"', (215.9, 355.6)), ("21x29.7cm", (210.0, 297.0)), ("200x300mm", (200.0, 300.0)),
    ("200x300", (200.0, 300.0)),
])
def test_one_page_size_parser_for_names_and_units(text: str, expected: tuple[float, float]) -> None:
    from generator.render.geometry import page_size

    assert page_size(text) == pytest.approx(expected)


def test_an_unknown_page_size_names_the_valid_ones() -> None:
    from generator.errors import ParameterError
    from generator.render.geometry import page_size

    with pytest.raises(ParameterError, match="a5, legal.*8.5x11in"):
        page_size("8.5x11ft")
