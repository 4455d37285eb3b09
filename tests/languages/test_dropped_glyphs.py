"""A dropped glyph anywhere fails `check` and `--strict` (issue 42: "`--strict`/`check` fail
on any dropped glyph anywhere"): a character no font has on a card, its back, in an
attribute label, a unit, the no-data word, or in a rule booklet's text is an error of
`check` (exit 1, naming file, line, card or deck field and the character) and of
`cards|images|rules --strict` (exit 2, nothing written); without --strict the printing
commands warn and print. 𓀀 (U+13000, an Egyptian hieroglyph) is in no bundled font."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pymupdf
import pytest
from typer.testing import CliRunner

from generator.cli import app

DATA = Path(__file__).parent / "data"
GLYPH = "𓀀"
runner = CliRunner()


@pytest.fixture
def world(tmp_path: Path) -> Path:
    folder = tmp_path / "world"
    shutil.copytree(DATA / "world", folder)
    _replace(folder / "deck.yaml", "  - {id: W2,", "  - {id: W3, name: Fan, text: Cools., weight: 2.0, speed: 9}\n  - {id: W2,")
    with (folder / "translations" / "ja.csv").open("a", encoding="utf-8") as ja:
        ja.write("W3,name,扇風機,Fan,,\nW3,text,涼しい。,Cools.,,\n")
    return folder  # (W3: so that no card is unbeatable, an error of its own)


def _replace(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8-sig")
    assert old in text, (path, old)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _check(deck: Path, *more: str) -> tuple[int, list[dict[str, object]]]:
    result = runner.invoke(app, ["check", str(deck), "--games", "0", "--json", *more])
    return result.exit_code, json.loads(result.stdout)["findings"]


def _errors(findings: list[dict[str, object]]) -> list[str]:
    return [str(f["message"]) for f in findings if f["level"] == "error"]


@pytest.mark.parametrize(("where", "old", "field", "lang"), [
    ("translations/ja.csv", "速度,Speed", "field 'attributes.speed.label'", "ja"),  # an attribute label
    ("translations/ja.csv", "キロ毎時,km/h", "field 'attributes.speed.unit'", "ja"),  # a unit
    ("translations/ja.csv", "データなし,no data", "field 'no_data'", "ja"),  # the no-data word
    ("translations/ja.csv", "世界,WORLD", "field 'back.text'", "ja"),  # the back
    ("deck.yaml", "name: Kettle", "card W1, field 'name'", None),  # a card's name, in the source language
])
def test_check_fails_on_a_character_no_font_has(world: Path, where: str, old: str, field: str, lang: str | None) -> None:
    new = old.replace(",", f"{GLYPH},", 1) if "," in old else old + GLYPH
    _replace(world / where, old, new)
    code, findings = _check(world, *(["--lang", lang] if lang else []))
    errors = _errors(findings)
    assert code == 1, findings
    assert any(field in e and f"'{GLYPH}' (U+13000)" in e and "it would print blank" in e
               and where in e for e in errors), errors
    on_cards = [e for e in errors if "U+13000" in e and "rule booklet" not in e]
    assert len(on_cards) == 1, errors  # once, not once per card that shows it


def test_a_clean_deck_passes_check_and_strict(world: Path, tmp_path: Path) -> None:
    code, findings = _check(world, "--lang", "ja")
    assert code == 0 and not _errors(findings), findings
    result = runner.invoke(app, ["cards", str(world), "--lang", "ja", "--strict", "-o", str(tmp_path / "ja.pdf")])
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("command", ["cards", "images"])
def test_strict_refuses_a_dropped_glyph_in_a_unit(world: Path, tmp_path: Path, command: str) -> None:
    _replace(world / "translations" / "ja.csv", "キロ毎時,km/h", f"キロ{GLYPH}毎時,km/h")
    out = tmp_path / ("ja.pdf" if command == "cards" else "images")
    plain = runner.invoke(app, [command, str(world), "--lang", "ja", "-o", str(out)])
    assert plain.exit_code == 0, plain.output  # without --strict: printed, with a warning
    assert "U+13000" in plain.output
    shutil.rmtree(out) if out.is_dir() else out.unlink()
    strict = runner.invoke(app, [command, str(world), "--lang", "ja", "--strict", "-o", str(out)])
    assert strict.exit_code == 2, strict.output
    said = " ".join(strict.output.split())
    assert "field 'attributes.speed.unit': no font can draw '𓀀' (U+13000)" in said
    assert not out.exists() or not any(out.iterdir())


@pytest.fixture
def project(tmp_path: Path) -> Path:
    folder = tmp_path / "game"
    assert runner.invoke(app, ["new", str(folder)]).exit_code == 0
    return folder


def test_a_booklet_character_no_font_has_is_warned_refused_with_strict_and_fails_check(
        project: Path, tmp_path: Path) -> None:
    rules = project / "rules" / "weiji.md.j2"
    lines = rules.read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("# ")) + 1  # a section title of the text
    lines[at - 1] += f" {GLYPH}"
    rules.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = tmp_path / "rules.pdf"
    plain = runner.invoke(app, ["rules", str(project), "--imposition", "sheet", "-o", str(out)])
    assert plain.exit_code == 0, plain.output
    said = " ".join(plain.output.split())
    assert f"warning: rules/weiji.md.j2:{at}: no font can draw '{GLYPH}' (U+13000)" in said.replace(str(project) + "/", ""), said
    with pymupdf.open(out) as doc:
        assert doc.page_count >= 1
    strict_out = tmp_path / "strict.pdf"
    strict = runner.invoke(app, ["rules", str(project), "--strict", "-o", str(strict_out)])
    assert strict.exit_code == 2 and "U+13000" in strict.output, strict.output
    assert not strict_out.exists()
    code, findings = _check(project)
    assert code == 1
    assert any("weiji.md.j2" in e and "U+13000" in e and "rule booklet" in e for e in _errors(findings)), findings


def test_a_card_name_no_font_has_in_the_booklet_is_named_at_the_card(tmp_path: Path) -> None:
    """A Viashi booklet names cards (the Fool, the Changeling...): a name no font can
    draw is reported at its card and field, in the booklet as on the card."""
    folder = tmp_path / "v"
    assert runner.invoke(app, ["new", str(folder), "--from", "viashi"]).exit_code == 0
    _replace(folder / "deck.yaml", "name: the Changeling", f"name: the Changeling{GLYPH}")
    out = tmp_path / "rules.pdf"
    result = runner.invoke(app, ["rules", str(folder), "--strict", "-o", str(out)])
    assert result.exit_code == 2, result.output
    said = " ".join(result.output.split())
    assert "field 'name': no font can draw '𓀀' (U+13000): the booklet's fonts lack it" in said, said


def test_rules_strict_refuses_a_missing_translation_as_cards_does(world: Path, tmp_path: Path) -> None:
    """One --strict, one meaning: a text not translated into the booklet's language too."""
    german = world / "translations" / "de.csv"
    german.write_text("".join(line for line in german.read_text(encoding="utf-8").splitlines(keepends=True)
                              if not line.startswith("deck,name,")), encoding="utf-8")
    out = tmp_path / "regeln.pdf"
    strict = runner.invoke(app, ["rules", str(world), "--lang", "de", "--strict", "-o", str(out)])
    assert strict.exit_code == 2 and "not translated into 'de'" in strict.output, strict.output
    assert not out.exists()
    plain = runner.invoke(app, ["rules", str(world), "--lang", "de", "--imposition", "sheet", "-o", str(out)])
    assert plain.exit_code == 0 and "not translated into 'de'" in plain.output, plain.output


def test_build_strict_fails_a_translation_whose_label_no_font_has(world: Path, tmp_path: Path) -> None:
    _replace(world / "translations" / "ja.csv", "速度,Speed", f"速度{GLYPH},Speed")
    out = tmp_path / "out"
    result = runner.invoke(app, ["build", str(world), "-o", str(out), "--strict", "--jobs", "1", "--balance-games", "0"])
    assert result.exit_code == 2, result.output
    said = " ".join(result.output.split())
    assert "field 'attributes.speed.label': no font can draw '𓀀' (U+13000)" in said, said
    assert not list(out.rglob("*.pdf"))  # the deck builds nothing
