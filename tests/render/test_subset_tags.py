"""Font subset tags in print-shop (CMYK) files come from the subset's content (issue 52): the same
subset has the same tag in every file, a different one another tag, never ReportLab's ``AAAAAA+``
on every font (merged files would share one subset's glyphs)."""

from __future__ import annotations

import re
from pathlib import Path

from pypdf import PdfReader

from generator.render.fonts import SANS
from generator.render.pdf import make_canvas
from generator.render.subset_tags import subset_tag


def _font_names(path: Path, text: str, color: str = "cmyk") -> list[str]:
    canvas = make_canvas(path, (200, 200), "tags", color=color)
    canvas.setFont(SANS, 12)
    canvas.drawString(20, 20, text)
    canvas.showPage()
    canvas.save()
    names = []
    for page in PdfReader(path).pages:
        for font in (page["/Resources"].get("/Font") or {}).values():
            font = font.get_object()
            names.append(str(font["/BaseFont"]).lstrip("/"))
            assert str(font["/FontDescriptor"]["/FontName"]).lstrip("/") == names[-1]
    return names


def test_tags_follow_the_subsets_content(tmp_path: Path) -> None:
    (plain,) = _font_names(tmp_path / "a.pdf", "Deck")
    (again,) = _font_names(tmp_path / "b.pdf", "Deck")
    (accented,) = _font_names(tmp_path / "c.pdf", "Deck é")  # é joins the subset after ASCII
    assert re.fullmatch(r"[A-Z]{6}\+Roboto.*", plain), plain
    assert not plain.startswith("AAAAAA+")
    assert plain == again  # the same characters, the same subset: the same tag
    assert accented.split("+")[0] != plain.split("+")[0] and accented.split("+")[1] == plain.split("+")[1]
    # home-print (RGB) files keep ReportLab's numbering: their bytes are pinned by the goldens
    (rgb,) = _font_names(tmp_path / "rgb.pdf", "Deck", color="rgb")
    assert rgb.startswith("AAAAAA+")


def test_subset_tag_is_six_capitals_and_depends_on_every_input() -> None:
    tag = subset_tag("Roboto", [65, 66], b"font")
    assert re.fullmatch(r"[A-Z]{6}", tag)
    assert tag == subset_tag("Roboto", [65, 66], b"font")
    assert len({tag, subset_tag("Roboto", [65, 67], b"font"), subset_tag("Roboto", [65, 66], b"other"),
                subset_tag("Roboto-Bold", [65, 66], b"font")}) == 4
