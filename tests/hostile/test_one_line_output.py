"""A newline in a card name cannot forge an output line (round 5): every string a
command prints from deck data is one line, its newline shown as ``\\n``."""

from __future__ import annotations

import io
from pathlib import Path

from rich.table import Table
from typer.testing import CliRunner

from generator.cli import app
from generator.console import SafeConsole, one_line

FORGED = "Dome\nerror: fake line <script>x</script>\r\nverdict: balanced"


def _deck(folder: Path) -> Path:
    folder.mkdir()
    (folder / "deck.yaml").write_text(
        "name: NL\ngame: weiji\nlayout: weiji\n"
        "attributes:\n  - {key: weight, label: Weight, unit: kg, better: lower}\ncards: cards.csv\n")
    rows = [f"E{i:02d},Card {i},{1 + i % 7}" for i in range(30)]
    rows[2] = 'E02,"' + FORGED.replace('"', '""') + '",3'  # a quoted CSV cell may hold newlines
    (folder / "cards.csv").write_text("id,name,weight\n" + "\n".join(rows) + "\n", newline="")
    return folder


def test_check_prints_a_forged_name_on_one_line(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["check", str(_deck(tmp_path / "nl")), "--games", "0"])
    assert result.exit_code in (0, 1), result.output
    assert "Dome\\nerror: fake line" in result.output  # shown, escaped
    lines = result.output.splitlines()
    assert not [line for line in lines if line.startswith(("error: fake", "verdict: balanced"))]


def test_a_table_cell_and_a_printed_string_are_one_line() -> None:
    out = io.StringIO()
    console = SafeConsole(file=out, width=200)
    table = Table("card")
    table.add_row(f"E02 {FORGED}")
    console.print(table)
    console.print(f"warning E02 ({FORGED}) is dominated")
    text = out.getvalue()
    assert "error: fake" in text
    assert not [line for line in text.splitlines() if "error: fake" in line and "E02" not in line]
    assert one_line("a\nb\rc\x1b[2J") == "a\\nb\\rc\\x1b[2J"
