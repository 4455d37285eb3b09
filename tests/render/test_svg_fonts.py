"""SVG art with <text>: its text is drawn in embedded bundled fonts, so no PDF
lists a non-embedded Helvetica or Times (a print shop rejects such a file)."""

from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader
from typer.testing import CliRunner

from generator.cli import app

SVG = ('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" viewBox="0 0 200 100">'
       '<rect width="200" height="100" fill="#cde"/><text x="10" y="50" font-size="20">Hello SVG</text>'
       '<text x="10" y="80" font-family="serif" font-weight="bold" font-size="14">Serif text</text></svg>')
DECK = """name: SVG test
game: weiji
layout: weiji
attributes:
  - {key: speed, label: Speed}
  - {key: weight, label: Weight, better: lower}
cards: cards.csv
"""


def _fonts(pdf: Path) -> dict[str, bool]:
    """Every font of every page and form XObject: base name -> embedded."""
    found: dict[str, bool] = {}

    def walk(resources: object) -> None:
        res = resources.get_object() if hasattr(resources, "get_object") else resources
        for font in res.get("/Font", {}).values():  # type: ignore[union-attr]
            f = font.get_object()
            descriptor = f.get("/FontDescriptor")
            if descriptor is None and "/DescendantFonts" in f:
                descriptor = f["/DescendantFonts"][0].get_object().get("/FontDescriptor")
            d = descriptor.get_object() if descriptor is not None else {}
            found[str(f["/BaseFont"])] = any(k in d for k in ("/FontFile", "/FontFile2", "/FontFile3"))
        for xobject in res.get("/XObject", {}).values():  # type: ignore[union-attr]
            x = xobject.get_object()
            if "/Resources" in x:
                walk(x["/Resources"])

    for page in PdfReader(pdf).pages:
        walk(page["/Resources"])
    return found


def test_svg_text_uses_embedded_fonts(tmp_path: Path) -> None:
    (tmp_path / "art.svg").write_text(SVG)
    (tmp_path / "cards.csv").write_text("id,name,speed,weight,art\nA01,Sky,1,2,art.svg\nA02,Two,2,1,\n")
    (tmp_path / "deck.yaml").write_text(DECK)
    for args in (["cards", str(tmp_path), "-o", str(tmp_path / "c.pdf")],
                 ["cards", str(tmp_path), "-o", str(tmp_path / "k.pdf"), "--color", "cmyk"],
                 ["images", str(tmp_path), "-o", str(tmp_path / "dtc"), "--preset", "dtc"]):
        result = CliRunner().invoke(app, args, catch_exceptions=False)
        assert result.exit_code == 0, result.output
    for pdf in (tmp_path / "c.pdf", tmp_path / "k.pdf", next((tmp_path / "dtc").glob("*.pdf"))):
        fonts = _fonts(pdf)
        assert fonts and all(fonts.values()), (pdf.name, fonts)
        assert not [f for f in fonts if "Helvetica" in f or "Times" in f or "Courier" in f], fonts
        assert any("DejaVuSerif-Bold" in f for f in fonts)  # the SVG's bold serif text kept its look
