"""``deckpress tuckbox`` (issue 40): the box's inside is the deck plus clearance, the printed
net's panels match the net computed by hand, it fits A4 or names the paper it needs, and it
passes preflight in CMYK; its dieline is a spot colour in CMYK and its name always readable
(issue 52)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream
from typer.testing import CliRunner

from generator.cli import app
from generator.errors import ParameterError
from generator.render.layout.colors import contrast_ratio
from generator.render.preflight import preflight
from generator.render.tuckbox import FOLD_GREY, MIN_CONTRAST, card_thickness, label_colour, net_for

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


# --- issue 52: a dieline a die-cutter accepts, a name that is always readable --------------------

def test_a_cmyk_box_draws_its_dieline_in_its_own_spot_colour_read_by_pymupdf(tmp_path: Path) -> None:
    """An independent reader (PyMuPDF, not the pypdf preflight uses) finds the cut line in the spot
    colour Dieline and the folds in Crease (Separations over a CMYK alternate), overprinting, and the
    cut path is the net's outline: its bounding box is the TrimBox."""
    import pymupdf  # dev extra

    out = tmp_path / "box.pdf"
    result = runner.invoke(app, ["tuckbox", "standard52", "-o", str(out), "--color", "cmyk"])
    assert result.exit_code == 0, result.output
    assert "spot colour Dieline" in result.output
    with pymupdf.open(out) as doc:
        page = doc[0]
        for name in ("Dieline", "Crease"):
            kind, ref = doc.xref_get_key(page.xref, f"Resources/ColorSpace/{name}")
            assert kind == "xref", (name, kind)
            space = doc.xref_object(int(ref.split()[0]), compressed=True)
            assert space.startswith(f"[/Separation/{name}/DeviceCMYK"), space
        states = doc.xref_get_key(page.xref, "Resources/ExtGState")[1]
        assert "/OP true" in states, states
        content = page.read_contents().decode("latin-1")
        for name in ("Dieline", "Crease"):
            after = content[content.index(f"/{name} CS 1 SCN"):]
            stroke = re.search(r"\sS\s", after)
            assert stroke and after.index(" gs") < stroke.start(), f"{name}: overprint set before its strokes"
        trim = page.trimbox
        # the cut line shows as its alternate, 100 % magenta; the folds as 100 % cyan (dashed)
        cut = [d for d in page.get_drawings() if d.get("color") and d["color"][0] > 0.85 and d["color"][1] < 0.1
               and d["type"] == "s"]
        assert len(cut) == 1 and all(abs(a - b) < 0.6 for a, b in zip(cut[0]["rect"], trim, strict=True)), cut
        folds = [d for d in page.get_drawings() if d.get("color") and d["color"][0] < 0.1 and d["color"][2] > 0.85
                 and d["type"] == "s"]
        assert folds and all(d.get("dashes") and d["dashes"].startswith("[ 3 2 ]") for d in folds)
    assert preflight(out).status == "pass"
    # the same box for home printing: a visible grey guide, no spot colours
    guide = tmp_path / "guide.pdf"
    result = runner.invoke(app, ["tuckbox", "standard52", "-o", str(guide), "--color", "cmyk", "--dieline", "guide"])
    assert result.exit_code == 0 and "cut on the solid line" in result.output, result.output
    assert b"/Dieline" not in guide.read_bytes() and b"/Crease" not in guide.read_bytes()
    result = runner.invoke(app, ["tuckbox", "standard52", "-o", str(tmp_path / "x.pdf"), "--dieline", "laser"])
    assert result.exit_code == 2 and "--dieline 'laser' is not valid; valid: spot, guide" in result.output


def test_label_colour_reads_on_its_panel() -> None:
    # standard52: accent (default near-white #F4F1EA) on its white secondary -> its primary, navy
    assert label_colour("#F4F1EA", "#FFFFFF", ("#1B3A6B",)) == "#1B3A6B"
    assert label_colour("#F4F1EA", "#1B3A6B", ("#FFFFFF",)) == "#F4F1EA"  # readable: kept
    darker = label_colour("#F4F1EA", "#FFFFFF", ("#FAFAFA",))  # nothing reads: the accent, darkened
    assert contrast_ratio(darker, "#FFFFFF") >= MIN_CONTRAST


def test_the_standard52_name_is_readable_on_the_white_lid_when_rendered(tmp_path: Path) -> None:
    """Rendered (pypdfium2), the lid panel of standard52's box (white: its secondary colour) holds
    dark text: its darkest pixels contrast with the white panel at least 3:1 (it was near-white)."""
    import numpy as np
    import pypdfium2

    out = tmp_path / "box.pdf"
    assert runner.invoke(app, ["tuckbox", "standard52", "-o", str(out)]).exit_code == 0
    net = net_for(63.5, 88.9, 52, 0.3, sleeves=False)
    trim = [float(v) * MM for v in PdfReader(out).pages[0]["/TrimBox"]]
    x0, x1, x2, x3, x4, x5 = net.columns
    yb, yt = net.body
    dpi = 100
    pdf = pypdfium2.PdfDocument(str(out))
    image = np.asarray(pdf[0].render(scale=dpi / 72).to_pil().convert("L"), dtype=float) / 255
    pdf.close()
    page_h = image.shape[0] / dpi * 25.4

    def px(x: float, y: float) -> tuple[int, int]:  # mm from the trim's lower left -> (row, column)
        return round((page_h - trim[1] - y) / 25.4 * dpi), round((trim[0] + x) / 25.4 * dpi)

    top, left = px(x3 + 2, yt + net.depth - 2)
    bottom, right = px(x4 - 2, yt + 2)
    lid = image[top:bottom, left:right]
    assert lid.size and np.median(lid) > 0.95  # the white panel
    darkest = float(np.percentile(lid, 1))
    lum = (darkest / 12.92 if darkest <= 0.04045 else ((darkest + 0.055) / 1.055) ** 2.4)
    assert (1.05) / (lum + 0.05) >= 3.0, darkest  # the text against white
