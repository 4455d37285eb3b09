"""Deck data on its way out: to a terminal and to a spreadsheet.

Card names holding ``\\x1b[2J`` (clear the screen) or ``\\u202e`` (reverse the line)
reached the terminal raw in ``check``'s tables and findings; ``translate`` wrote
cells starting with ``=``, ``+``, ``@`` unchanged into a CSV made for spreadsheets
(formula injection), followed a ``translations`` symlink out of the project, replaced
a symlinked ``de.csv`` with a file, and wrote mode 0600 over an existing 0644 file."""

from __future__ import annotations

import csv
import os
import stat
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.console import SafeConsole, terminal_text
from generator.deck import load_deck
from generator.deck.languages import read_translations
from generator.project.scaffold import scaffold

HOSTILE = "Sky\x1b[2Jlark\u202eX"


def project(tmp_path: Path, *, languages: bool = False) -> Path:
    folder = tmp_path / "proj"
    scaffold(folder)
    if languages:
        deck = folder / "deck.yaml"
        deck.write_text(deck.read_text().replace("card_size: poker", "card_size: poker\nlanguages: [en, de]", 1))
    return folder


def run(*args: str, env: dict[str, str] | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(app, list(args), env=env)
    return result.exit_code, result.output


def test_terminal_text_escapes_controls_and_keeps_real_text() -> None:
    assert terminal_text("a\x1b[2Jb\u202ec\u200bd") == "a\\x1b[2Jb\\u202ec\\u200bd"
    for real in ("Grüße", "שלום", "مرحبا", "e\u0301", "中文", "two\nlines\tand a tab"):
        assert terminal_text(real) == real


@pytest.mark.parametrize("colour", ["", "1"])
def test_check_tables_and_findings_escape_card_names(tmp_path: Path, colour: str) -> None:
    folder = project(tmp_path)
    cards = folder / "cards.csv"
    cards.write_text(cards.read_text().replace("Skylark", HOSTILE, 1))
    env = {"COLUMNS": "200", "FORCE_COLOR": colour} if colour else {"COLUMNS": "200", "NO_COLOR": "1"}
    code, output = run("check", str(folder), "--games", "0", env=env)
    assert code == 0, output
    assert "\x1b[2J" not in output and "\u202e" not in output, repr(output)
    assert "Sky\\x1b[2Jl" in output  # the table (its column cuts the name) ...
    assert "A01 (Sky\\x1b[2Jlark\\u202eX)" in output  # ... and the finding naming the card
    if colour:
        assert "\x1b[" in output.replace("\\x1b[", "")  # rich's own colours still reach a terminal


def test_a_safe_console_keeps_styles_and_escapes_text() -> None:
    console = SafeConsole(force_terminal=True, color_system="standard", width=80)
    with console.capture() as captured:
        console.print(f"[red]{HOSTILE}[/red]", highlight=False)
    out = captured.get()
    assert "\x1b[31m" in out and "Sky\\x1b[2Jlark\\u202eX" in out and "\x1b[2J" not in out, repr(out)


def _translated(folder: Path) -> Path:
    code, output = run("translate", str(folder), "--lang", "de")
    assert code == 0, output
    return folder / "translations" / "de.csv"


def test_translate_neutralises_formula_cells_and_reads_them_back(tmp_path: Path) -> None:
    folder = project(tmp_path, languages=True)
    cards = folder / "cards.csv"
    sources = {"A01": '=HYPERLINK("http://x";"a")', "A02": "+1", "A03": "-cmd", "A04": "@SUM(A1)",
               "A05": "\tTab", "A06": "\rCR"}
    rows = list(csv.reader(cards.read_text().splitlines()))
    for row in rows[1:]:
        if row[0] in sources:
            row[-1] = sources[row[0]]  # the tagline column
    with cards.open("w", newline="") as f:
        csv.writer(f).writerows(rows)  # \r\n: the cell holding a CR is quoted
    path = _translated(folder)
    written = {(r["id"], r["field"]): r for r in csv.DictReader(path.open(newline=""))}
    for card, source in sources.items():
        assert written[(card, "tagline")]["source"] == "'" + source, written[(card, "tagline")]
    # a translator's own formula-like text: written neutralised, read back as typed
    with path.open(newline="") as f:
        table = list(csv.reader(f))
    for row in table:
        if row[:2] == ["A01", "tagline"]:
            row[2] = "=Übersetzt"
    with path.open("w", newline="") as f:
        csv.writer(f, lineterminator="\n").writerows(table)
    again = _translated(folder)
    assert "\n'=Übersetzt" not in again.read_text() and ",'=Übersetzt," in again.read_text()
    entries = {(e.id, e.field): e for e in read_translations(again)[0]}
    assert entries[("A01", "tagline")].text == "=Übersetzt"
    assert entries[("A01", "tagline")].source == sources["A01"] and entries[("A01", "tagline")].status == ""
    assert load_deck(folder / "deck.yaml") is not None
    code, output = run("cards", str(folder), "--lang", "de", "-o", str(tmp_path / "de.pdf"))
    assert code == 0, output
    assert _translated(folder).read_text() == again.read_text()  # a third run: the same file


def test_translate_keeps_the_mode_and_new_files_are_0644(tmp_path: Path) -> None:
    folder = project(tmp_path, languages=True)
    old = os.umask(0o022)
    try:
        path = _translated(folder)
        assert stat.S_IMODE(path.stat().st_mode) == 0o644
        path.chmod(0o640)
        _translated(folder)
        assert stat.S_IMODE(path.stat().st_mode) == 0o640
    finally:
        os.umask(old)


def test_translate_never_writes_through_a_translations_symlink(tmp_path: Path) -> None:
    folder = project(tmp_path, languages=True)
    outside = tmp_path / "outside"
    outside.mkdir()
    (folder / "translations").symlink_to(outside, target_is_directory=True)
    code, output = run("translate", str(folder), "--lang", "de")
    assert code == 2, output
    assert "translations is a symbolic link" in output and "Traceback" not in output, output
    assert list(outside.iterdir()) == []


def test_translate_never_replaces_a_symlinked_csv(tmp_path: Path) -> None:
    folder = project(tmp_path, languages=True)
    target = tmp_path / "elsewhere.csv"
    target.write_text("id,field,text,source,source_hash,status\n")
    (folder / "translations").mkdir()
    (folder / "translations" / "de.csv").symlink_to(target)
    code, output = run("translate", str(folder), "--lang", "de")
    assert code == 2, output
    assert "de.csv is a symbolic link" in output, output
    assert (folder / "translations" / "de.csv").is_symlink()
    assert target.read_text() == "id,field,text,source,source_hash,status\n"
