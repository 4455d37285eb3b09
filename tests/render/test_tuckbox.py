"""``deckpress tuckbox`` (issue 40): the box's inside is the deck plus clearance, the printed
net's panels match the net computed by hand, it fits A4 or names the paper it needs, and it
passes preflight in CMYK."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream
from typer.testing import CliRunner

from generator.cli import app
from generator.errors import ParameterError
from generator.render.preflight import preflight
from generator.render.tuckbox import FOLD_GREY, card_thickness, net_for

runner = CliRunner()
MM = 25.4 / 72
TOL = 0.2  # mm


def _folds(pdf: Path) -> tuple[list[float], list[float], tuple[float, ...]]:
    """The dashed lines' vertical x and horizontal y positions (mm from the TrimBox's lower left)."""
    reader = PdfReader(pdf)
    page = reader.pages[0]
    trim = tuple(float(v) * MM for v in page["/TrimBox"])
    dashed, grey, start = False, None, None
    stack = [(0.0, 0.0)]  # the net is drawn translated (no scaling or turning at the fold lines' level)
    xs: set[float] = set()
    ys: set[float] = set()
    for operands, op in ContentStream(page.get_contents(), reader).operations:
        if op == b"q":
            stack.append(stack[-1])
        elif op == b"Q":
            stack.pop()
        elif op == b"cm":
            a, b, c, dd, e, f = (float(v) for v in operands)
            stack[-1] = (stack[-1][0] + e, stack[-1][1] + f) if (a, b, c, dd) == (1, 0, 0, 1) else (1e9, 1e9)
        elif op == b"d":
            dashed = bool(list(operands[0]))
        elif op == b"G":
            grey = float(operands[0])
        elif op == b"m":
            ox, oy = stack[-1]
            start = ((float(operands[0]) + ox) * MM, (float(operands[1]) + oy) * MM)
        elif op == b"l" and dashed and grey == FOLD_GREY and start is not None:
            ox, oy = stack[-1]
            end = ((float(operands[0]) + ox) * MM, (float(operands[1]) + oy) * MM)
            if abs(end[0] - start[0]) < 1e-6:
                xs.add(round(start[0] - trim[0], 3))
            elif abs(end[1] - start[1]) < 1e-6:
                ys.add(round(start[1] - trim[1], 3))
    return sorted(xs), sorted(ys), trim


def test_the_inside_is_the_deck_plus_clearance_and_the_net_folds(tmp_path: Path) -> None:
    out = tmp_path / "box.pdf"
    result = runner.invoke(app, ["tuckbox", "eagle", "-o", str(out)])
    assert result.exit_code == 0, result.output
    # eagle: 30 poker cards (63.5 x 88.9 mm), 0.3 mm each; 1 mm clearance every way
    w, h, d = 63.5 + 1.0, 88.9 + 1.0, 30 * 0.3 + 1.0
    assert f"inside {w:.1f} x {h:.1f} x {d:.1f} mm, on A4" in result.output
    xs, ys, trim = _folds(out)
    # hand-computed net: side D | front W | side D | back W | glue 10 mm; tuck tongues T = 10 (D clamped 10..20)
    assert xs == pytest.approx([d, d + w, 2 * d + w, 2 * d + 2 * w], abs=TOL)
    panels = [b - a for a, b in zip([0.0, *xs], [*xs, trim[2] - trim[0]], strict=True)]
    assert panels == pytest.approx([d, w, d, w, 10.0], abs=TOL)
    t = 10.0
    assert ys == pytest.approx([t, t + d, t + d + h, t + 2 * d + h], abs=TOL)  # tuck | bottom | body | lid | tuck
    assert trim[3] - trim[1] == pytest.approx(h + 2 * (d + t), abs=TOL)


def test_sleeves_and_thickness_make_the_box_bigger(tmp_path: Path) -> None:
    out = tmp_path / "box.pdf"
    result = runner.invoke(app, ["tuckbox", "eagle", "-o", str(out), "--sleeves", "--card-thickness", "thick"])
    assert result.exit_code == 0, result.output
    w, h, d = 63.5 + 2.5 + 1.0, 88.9 + 2.5 + 1.0, 30 * (0.38 + 0.12) + 1.0
    assert f"inside {w:.1f} x {h:.1f} x {d:.1f} mm" in result.output
    xs, _, _ = _folds(out)
    assert xs[1] - xs[0] == pytest.approx(w, abs=TOL) and xs[0] == pytest.approx(d, abs=TOL)
    cmyk = tmp_path / "box-cmyk.pdf"
    result = runner.invoke(app, ["tuckbox", "eagle", "-o", str(cmyk), "--sleeves", "--color", "cmyk"])
    assert result.exit_code == 0, result.output
    check = preflight(cmyk)
    assert check.status == "pass", [c for c in check.checks if c.status != "pass"]


def test_a_big_box_names_the_paper_it_needs(tmp_path: Path) -> None:
    result = runner.invoke(app, ["tuckbox", "eagle", "-o", str(tmp_path / "big.pdf"), "--count", "150"])
    assert result.exit_code == 2
    assert "does not fit A4 or Letter; use --page a3" in result.output, result.output
    assert not (tmp_path / "big.pdf").exists()
    result = runner.invoke(app, ["tuckbox", "eagle", "-o", str(tmp_path / "big.pdf"), "--count", "150",
                                 "--page", "a3"])
    assert result.exit_code == 0, result.output


def test_card_thickness_values_and_stocks() -> None:
    assert card_thickness(None) == 0.3 and card_thickness("premium") == 0.33 and card_thickness("0.28") == 0.28
    with pytest.raises(ParameterError, match="give mm"):
        card_thickness("cardboard")
    with pytest.raises(ParameterError, match="between 0.1 and 1.0 mm"):
        card_thickness("3")
    net = net_for(70.0, 120.0, 78, 0.3, sleeves=False)
    assert (net.width, net.height, round(net.depth, 6)) == (71.0, 121.0, 24.4)
    assert net.panel_widths() == [24.4, 71.0, 24.4, 71.0, 10.0]


def test_build_makes_the_tuckbox_a_project_names_and_cmyk_booklets(tmp_path: Path) -> None:
    import shutil

    from generator.paths import deck_data_dir

    folder = tmp_path / "proj"
    folder.mkdir()
    extra = "\nbuild:\n  outputs: [tuckbox, booklets]\n  sheets: {color: cmyk}\n"
    (folder / "deck.yaml").write_text((deck_data_dir() / "eagle.yaml").read_text() + extra)
    shutil.copy(deck_data_dir() / "eagle-cards.csv", folder)
    out = tmp_path / "out"
    result = runner.invoke(app, ["build", str(folder), "-o", str(out), "--jobs", "1"])
    assert result.exit_code == 0, result.output
    made = sorted((out / "proj").glob("*.pdf"))
    assert [p.name for p in made if p.name == "tuckbox.pdf"] and len(made) >= 2, made  # the box and a booklet
    for pdf in made:  # a print-shop project (sheets in CMYK): its box and booklets are PDF/X-1a too
        check = preflight(pdf)
        assert check.status == "pass" and check.pdfx, (pdf.name, [c for c in check.checks if c.status != "pass"])
