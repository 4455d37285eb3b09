"""Issue 42's "Done when": a French and a Japanese translation of the scaffold (`deckpress
new`) and of Viashi (`deckpress new --from viashi`) print with every text present and
correctly broken. Each test does what a translator does — declare the language, run
`translate`, fill the file it wrote (within each row's max_length) — then prints the
cards with --strict (a character no font has would fail it), reads the PDF's text back
and finds every translated text a card prints; Japanese lines never start with 、。」
nor end with 「; `check --lang` finds no print error. (Neither language has a booklet
catalogue: `build` makes no booklet for them, tests/languages/test_build_languages.py.)"""

from __future__ import annotations

import csv
import json
import re
import unicodedata
from pathlib import Path

import pymupdf
import pytest
from typer.testing import CliRunner

from generator.cli import app

runner = CliRunner()
OPENING = "「（『"
CLOSING = "、。」）』！？"
JA_WORDS = ("ひばり", "鉄の船", "彗星", "遊牧民", "北極星", "小狐", "深い森", "古城", "山猫", "白鳥")
FR_WORDS = ("Alouette", "Cuirassé", "Comète", "Nomade", "Étoile", "Hérisson", "Forêt", "Château", "Écureuil", "Goéland")
# what a card prints of the deck's own strings (the rest, a suit's or rank's name, is the booklet's)
PRINTED_DECK = re.compile(r"attributes\.\w+\.(label|unit)|back\.text")


def _translation(lang: str, row: dict[str, str], n: int) -> str:
    """A translator's text for ``row`` (the n-th), distinct per row and within its max_length."""
    field, budget = row["field"], int(row["max_length"] or 0)
    if lang == "ja":
        word = JA_WORDS[n % len(JA_WORDS)]
        if field.endswith(".label"):
            return f"項目{n}"
        if field.endswith(".unit"):
            return f"単位{n}"
        if field in ("tagline", "text", "subtitle"):  # long enough to wrap, with the punctuation that must not start a line
            return f"「{word}」、第{n}番。とても軽くて速い。毎朝、家族のために働きます。"[: max(8, budget // 3)]
        return f"{word}{n}"
    word = FR_WORDS[n % len(FR_WORDS)]
    if field.endswith(".label"):
        return f"Qualité{n}"
    if field.endswith(".unit"):
        return f"é{n}"
    if field in ("tagline", "text", "subtitle"):
        return f"« {word} » n°{n}, extraordinairement légère-et-rapide"[: max(12, budget * 2 // 3)].rstrip(" ,-")
    return f"{word} {n}"


def _translate(project: Path, lang: str) -> dict[tuple[str, str], str]:
    """Run `translate`, fill every row as a translator would; (id, field) -> text."""
    result = runner.invoke(app, ["translate", str(project), "--lang", lang])
    assert result.exit_code == 0, result.output
    path = project / "translations" / f"{lang}.csv"
    with path.open(encoding="utf-8", newline="") as f:
        reader = csv.DictReader(f)
        header = list(reader.fieldnames or ())
        rows = list(reader)
    assert rows and all(r["status"] == "missing" for r in rows)
    texts = {}
    for n, row in enumerate(rows):
        row["text"] = _translation(lang, row, n)
        texts[(row["id"], row["field"])] = row["text"]
    with path.open("w", encoding="utf-8", newline="") as f:
        writer = csv.DictWriter(f, header)
        writer.writeheader()
        writer.writerows(rows)
    return texts


def _squeezed(text: str) -> str:
    return "".join(unicodedata.normalize("NFKC", text).split())


def _found(text: str, printed: str) -> bool:
    """``text`` in the printed text, whatever the line breaks (a hyphen a break added included)."""
    pattern = "-?".join(re.escape(ch) for ch in _squeezed(text))
    return re.search(pattern, printed) is not None


def _lines(pdf: Path) -> list[str]:
    with pymupdf.open(pdf) as doc:
        return [unicodedata.normalize("NFKC", "".join(span["text"] for span in line["spans"])).strip()
                for page in doc for block in page.get_text("dict")["blocks"] for line in block.get("lines", ())]


def _print_and_read(project: Path, lang: str, tmp_path: Path) -> tuple[str, list[str], str]:
    out = tmp_path / f"{project.name}-{lang}.pdf"
    result = runner.invoke(app, ["cards", str(project), "--lang", lang, "--strict", "-o", str(out)])
    assert result.exit_code == 0, result.output
    with pymupdf.open(out) as doc:
        printed = _squeezed("".join(page.get_text("text", sort=False) for page in doc))
    return printed, _lines(out), result.output


def _scaffold(tmp_path: Path) -> Path:
    project = tmp_path / "game"
    assert runner.invoke(app, ["new", str(project)]).exit_code == 0
    deck = project / "deck.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("card_size: poker", "card_size: poker\nlanguages: [en, fr, ja]"),
                    encoding="utf-8")
    return project


def _viashi(tmp_path: Path) -> Path:
    project = tmp_path / "viashi"
    made = runner.invoke(app, ["new", str(project), "--from", "viashi"])
    assert made.exit_code == 0, made.output
    deck = project / "deck.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("languages: [en, de]", "languages: [en, de, fr, ja]"),
                    encoding="utf-8")
    return project


@pytest.mark.parametrize("lang", ["fr", "ja"])
@pytest.mark.parametrize("deck", ["scaffold", "viashi"])
def test_a_translation_prints_every_text_correctly_broken(tmp_path: Path, deck: str, lang: str) -> None:
    project = _scaffold(tmp_path) if deck == "scaffold" else _viashi(tmp_path)
    texts = _translate(project, lang)
    printed, lines, said = _print_and_read(project, lang, tmp_path)
    for bad in ("no font can draw", "was cut", "does not fit", "not translated"):
        assert bad not in said, said
    wanted = {key: text for key, text in texts.items() if key[0] != "deck" or PRINTED_DECK.fullmatch(key[1])}
    assert len(wanted) > (24 if deck == "scaffold" else 108)  # every card's texts, not a sample
    missing = {key: text for key, text in wanted.items() if not _found(text, printed)}
    assert not missing, missing
    if lang == "ja":
        japanese = [line for line in lines if any("\u3040" <= ch <= "\u9fff" for ch in line)]
        assert len(japanese) > len({t for k, t in wanted.items() if k[1] in ("tagline", "subtitle")})  # lines wrapped
        for line in japanese:
            assert line[:1] not in CLOSING, (line, japanese)
            assert line[-1:] not in OPENING, (line, japanese)
    checked = runner.invoke(app, ["check", str(project), "--lang", lang, "--games", "0", "--json"])
    findings = json.loads(checked.stdout)["findings"]
    assert not [f for f in findings if f["code"] == "print" and f["level"] == "error"], findings
    assert not [f for f in findings if "not translated" in f["message"]], findings
