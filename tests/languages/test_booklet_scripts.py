"""Issue 51's "Done when": the Viashi booklet and the scaffold's booklet printed in Arabic,
Hebrew and Japanese, read back. Each project gets a catalogue of every sentence
(script_catalogues.py: word for word, placeholders kept, so sentences hold the deck's
Latin names and numbers), the booklet is printed with `rules --strict`, and:

- `pdftotext -raw` (poppler-utils; these tests skip without it) reads the text in the
  order the PDF writes it, which the booklet makes the logical order (each line's runs
  placed right to left but written as read): every sentence the booklet asked its
  catalogue for is there, each run of translated words in logical order, and a
  sentence with a Latin name and numbers inside it as written. (PyMuPDF reorders
  right-to-left lines by its own guess, so it is not the judge of order here; it
  checks, without poppler too, that every Hebrew and Arabic word reads forwards:
  "החפיסה", never "הסיפחה".)
- the Arabic and Hebrew paragraphs are flush right, list bullets on the right, the
  parameters table's first column on the right (PyMuPDF's glyph boxes);
- no Japanese line starts with ``、`` ``。`` ``」``… nor ends with ``「``…;
- a text HarfBuzz could not shape fails `--strict` naming the .po line.
"""

from __future__ import annotations

import shutil
import subprocess
import unicodedata
from pathlib import Path

import pymupdf
import pytest
from typer.testing import CliRunner

from generator.booklet import build as booklet_build
from generator.cli import app
from generator.render.layout import textruns

from .script_catalogues import KEPT, VOCABULARY, fragments, translate, write_catalogue

runner = CliRunner()
OPENING = "「（『"
CLOSING = "、。」）』！？：；"
PDFTOTEXT = shutil.which("pdftotext")


@pytest.fixture(scope="module")
def projects(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("scripts")
    made = {"scaffold": root / "lantern", "viashi": root / "viashi"}
    assert runner.invoke(app, ["new", str(made["scaffold"])]).exit_code == 0
    result = runner.invoke(app, ["new", str(made["viashi"]), "--from", "viashi"])
    assert result.exit_code == 0, result.output
    for folder in made.values():
        for lang in ("ar", "he", "ja"):
            write_catalogue(folder / "rules" / "locale", lang)
    return made


def _print(project: Path, lang: str, out: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[set[str], str]:
    """Print the booklet (--strict, plain pages); the msgids it asked for, and the output."""
    asked: list[object] = []
    real = booklet_build.coverage

    def counting():  # type: ignore[no-untyped-def]
        found = real()
        asked.append(found)
        return found

    monkeypatch.setattr(booklet_build, "coverage", counting)
    result = runner.invoke(app, ["rules", str(project), "--lang", lang, "--strict", "--imposition", "sheet",
                                 "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "could not be shaped" not in result.output and "not ordered" not in result.output
    assert "catalogue translates" not in result.output  # every sentence translated
    counted = asked[-1]
    return set(getattr(counted, "asked", ())), result.output


def _squeezed(text: str) -> str:
    """NFKC (Arabic presentation forms as letters), no whitespace, no bidi controls, and a
    bracket as a bracket whichever way it faces (right to left, "(" is drawn mirrored)."""
    text = unicodedata.normalize("NFKC", text)
    return "".join("|" if ch in "()[]" else ch for ch in text
                   if not ch.isspace() and unicodedata.category(ch) != "Cf")


def _readers(pdf: Path) -> dict[str, str]:
    """The PDF's text in the order it is written (squeezed): ``pdftotext -raw``."""
    if PDFTOTEXT is None:
        pytest.skip("pdftotext (poppler-utils) is not installed")
    return {"pdftotext": _squeezed(subprocess.run([PDFTOTEXT, "-raw", "-enc", "UTF-8", str(pdf), "-"], check=True,
                                                  capture_output=True, text=True, encoding="utf-8").stdout)}


@pytest.mark.parametrize("lang", ["ar", "he"])
def test_every_right_to_left_word_reads_forwards(projects: dict[str, Path], tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    """PyMuPDF (always installed): each word of the catalogue's vocabulary the booklet
    prints is read as written, none backwards (ReportLab's own paragraphs printed
    Hebrew letters left to right: "הסיפחה")."""
    out = tmp_path / f"words-{lang}.pdf"
    _print(projects["viashi"], lang, out, monkeypatch)
    with pymupdf.open(out) as doc:
        words = set(unicodedata.normalize("NFKC", " ".join(page.get_text() for page in doc)).split())
    vocabulary = set(VOCABULARY[lang])
    found = {w for w in words if w.strip(".,:;()") in vocabulary}
    assert len({w.strip(".,:;()") for w in found}) >= 25, sorted(words)[:50]
    backwards = {w for w in words if w[::-1].strip(".,:;()") in vocabulary and w.strip(".,:;()") not in vocabulary}
    assert not backwards, backwards


@pytest.mark.parametrize("lang", ["ar", "he", "ja"])
@pytest.mark.parametrize("deck", ["scaffold", "viashi"])
def test_the_catalogue_sentences_read_back_in_logical_order(projects: dict[str, Path], tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch, deck: str,
                                                            lang: str) -> None:
    out = tmp_path / f"{deck}-{lang}.pdf"
    asked, _said = _print(projects[deck], lang, out, monkeypatch)
    english = tmp_path / f"{deck}-en.pdf"
    result = runner.invoke(app, ["rules", str(projects[deck]), "--imposition", "sheet", "-o", str(english)])
    assert result.exit_code == 0, result.output
    shown = _readers(english)["pdftotext"]
    # the sentences the booklet prints (it asks for a few it does not: a parameter's meaning it leaves out)
    printed_ids = {m for m in asked if all(_squeezed(f) in shown for f in _english_runs(m))}
    assert len(printed_ids) > len(asked) * 0.8
    for reader, printed in _readers(out).items():
        _all_sentences_read(projects[deck], lang, printed_ids, printed, reader, deck)


def _english_runs(msgid: str) -> list[str]:
    return [part for part in KEPT.split(msgid) if len(part.split()) >= 2]


def _all_sentences_read(project: Path, lang: str, asked: set[str], printed: str, reader: str, deck: str) -> None:
    from babel.messages.pofile import read_po

    with (project / "rules" / "locale" / f"{lang}.po").open("rb") as fh:
        catalogue = {str(m.id[0] if isinstance(m.id, tuple) else m.id): m.string for m in read_po(fh) if m.id}
    checked = 0
    lost = []
    for msgid in sorted(asked):
        strings = catalogue[msgid]
        forms = [str(f) for f in strings] if isinstance(strings, (tuple, list)) else [str(strings)]
        runs = [[_squeezed(f) for f in fragments(form)] for form in forms]
        if not any(runs):
            continue
        checked += 1
        if not any(r and all(f in printed for f in r) for r in runs):
            lost.append((msgid, [f for r in runs for f in r if f not in printed]))
    assert checked > (25 if deck == "scaffold" else 50), checked  # the whole booklet, not a sample
    assert not lost, (reader, lost[:5])
    if lang == "he":
        word = VOCABULARY["he"][0]  # החפיסה
        assert word in printed and word[::-1] not in printed, reader  # not backwards


@pytest.mark.parametrize("lang", ["ar", "he", "ja"])
def test_latin_names_and_numbers_inside_a_sentence_keep_their_place(projects: dict[str, Path], tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch,
                                                                    lang: str) -> None:
    """The scaffold's title page: "The %(deck)s pack" and "A card game for %(players)s
    players · %(cards)s cards" (Lantern, 2 players, 12 cards: the scaffold's rows)."""
    out = tmp_path / f"title-{lang}.pdf"
    _print(projects["scaffold"], lang, out, monkeypatch)
    pack = translate("The %(deck)s pack", lang) % {"deck": "Lantern"}
    tagline = translate("A card game for %(players)s players · %(cards)s cards", lang) % {"players": 2, "cards": 12}
    for reader, printed in _readers(out).items():
        for sentence in (pack, tagline):
            assert _squeezed(sentence) in printed, (reader, sentence, printed[:300])
        if lang != "ja":  # the reversed order (what a left-to-right paragraph prints) is not there
            words = tagline.split()
            assert _squeezed(" ".join(reversed(words))) not in printed, reader


def _spans(pdf: Path, page: int) -> list[tuple[str, tuple[float, float, float, float]]]:
    with pymupdf.open(pdf) as doc:
        found = doc[page].get_text("dict")
        width = doc[page].rect.width
    out = [(unicodedata.normalize("NFKC", s["text"]), tuple(s["bbox"])) for b in found["blocks"]
           for line in b.get("lines", ()) for s in line["spans"]]
    return [(t, (x0 / width, y0, x1 / width, y1)) for t, (x0, y0, x1, y1) in out]  # type: ignore[misc]


@pytest.mark.parametrize("lang", ["ar", "he"])
def test_right_to_left_paragraphs_lists_and_tables_are_mirrored(projects: dict[str, Path], tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    out = tmp_path / f"mirror-{lang}.pdf"
    _print(projects["scaffold"], lang, out, monkeypatch)
    spans = _spans(out, 1)
    letters = [(t, box) for t, box in spans if any("\u0590" <= ch <= "\u06ff" for ch in t)]
    assert len(letters) > 20
    right = max(box[2] for _, box in letters)
    assert right > 0.85  # flush with the right margin (13 mm of a 148 mm page)
    left_margin = min(box[0] for _, box in spans)
    flush_right = sum(1 for _, box in letters if box[2] > right - 0.01)
    assert flush_right >= 10 and flush_right > sum(1 for _, box in letters if box[0] < left_margin + 0.01)
    bullets = [box for t, box in spans if t.strip() in ("•", "–")]
    assert bullets and all(box[0] > 0.85 for box in bullets)  # the bullets on the right
    # the parameters table: its header's first cell ("Choice") right of the second ("In this game")
    choice, in_game = (translate(w, lang).split() for w in ("Choice", "In this game"))
    rows: dict[int, list[tuple[str, tuple[float, float, float, float]]]] = {}
    for t, box in spans:
        for word in t.split():
            rows.setdefault(round(box[1]), []).append((word.strip(), box))
    header = [row for row in rows.values() if sorted(w for w, _ in row) == sorted(choice + in_game)]
    assert header, "the table's header row is not printed"
    row = header[0]
    assert min(b[0] for w, b in row if w in choice) > max(b[2] for w, b in row if w in in_game)


def _lines(pdf: Path) -> list[str]:
    with pymupdf.open(pdf) as doc:
        return [unicodedata.normalize("NFKC", "".join(span["text"] for span in line["spans"])).strip()
                for page in doc for block in page.get_text("dict")["blocks"] for line in block.get("lines", ())]


@pytest.mark.parametrize("deck", ["scaffold", "viashi"])
def test_no_japanese_line_starts_or_ends_where_kinsoku_forbids(projects: dict[str, Path], tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch, deck: str) -> None:
    out = tmp_path / f"{deck}-ja.pdf"
    _print(projects[deck], "ja", out, monkeypatch)
    japanese = [line for line in _lines(out) if any("\u3040" <= ch <= "\u9fff" for ch in line)]
    assert len(japanese) > (40 if deck == "scaffold" else 80)
    closing = {unicodedata.normalize("NFKC", ch) for ch in CLOSING}
    opening = {unicodedata.normalize("NFKC", ch) for ch in OPENING}
    # the catalogue puts these characters everywhere: lines could start with them
    assert sum(line.count("、") + line.count("。") + line.count("」") for line in japanese) > 50
    for line in japanese:
        assert line[:1] not in closing, (line, japanese)
        assert line[-1:] not in opening, (line, japanese)


def test_the_folded_booklet_prints_in_every_script(projects: dict[str, Path], tmp_path: Path) -> None:
    """The default imposition (A5 pages two-up) too: every page of the Viashi booklet
    has text in the language's script."""
    for lang, first in (("ar", "\u0600"), ("he", "\u0590"), ("ja", "\u3040")):
        out = tmp_path / f"v-{lang}.pdf"
        result = runner.invoke(app, ["rules", str(projects["viashi"]), "--lang", lang, "--strict", "-o", str(out)])
        assert result.exit_code == 0, result.output
        with pymupdf.open(out) as doc:
            assert doc.page_count >= 2
            texts = [page.get_text() for page in doc]
        assert all(any(first <= ch <= chr(ord(first) + 0x6ff) for ch in t) for t in texts if t.strip())


@pytest.fixture
def unshapable(monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """HarfBuzz failing on every text (a font it cannot read): the caches cleared around it."""
    def broken(*args: object, **kwargs: object) -> object:
        raise RuntimeError("HarfBuzz cannot read this font")

    textruns.make_seg.cache_clear()
    monkeypatch.setattr(textruns, "shapeStr", broken)
    yield
    monkeypatch.undo()
    textruns.make_seg.cache_clear()


def test_strict_refuses_text_that_could_not_be_shaped_naming_the_po_line(projects: dict[str, Path], tmp_path: Path,
                                                                         unshapable: None) -> None:
    out = tmp_path / "he.pdf"
    result = runner.invoke(app, ["rules", str(projects["scaffold"]), "--lang", "he", "--strict", "-o", str(out)])
    assert result.exit_code == 2, result.output
    said = " ".join(result.output.split())
    assert "could not be shaped" in said and "in the 'he' booklet" in said
    assert "rules/locale/he.po:" in said and "Traceback" not in said
    assert not out.exists()
    # without --strict: printed, and the same problem is a warning
    result = runner.invoke(app, ["rules", str(projects["scaffold"]), "--lang", "he", "-o", str(out)])
    assert result.exit_code == 0 and "could not be shaped" in result.output and out.is_file()


def test_build_strict_refuses_a_booklet_that_could_not_be_shaped(tmp_path: Path, unshapable: None) -> None:
    """`build --strict`: the deck's Hebrew booklet (the deck declares he, a catalogue
    exists) is checked before any job runs; the error names the .po line."""
    project = tmp_path / "game"
    assert runner.invoke(app, ["new", str(project)]).exit_code == 0
    deck = project / "deck.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("card_size: poker", "card_size: poker\nlanguages: [en, he]"),
                    encoding="utf-8")
    (project / "translations").mkdir()
    (project / "translations" / "he.csv").write_text("id,field,text\nA01,name,עפרוני\n", encoding="utf-8")
    write_catalogue(project / "rules" / "locale", "he")
    out = tmp_path / "out"
    result = runner.invoke(app, ["build", str(project), "--strict", "-o", str(out)])
    said = " ".join(result.output.split())
    assert result.exit_code != 0, said
    assert "could not be shaped" in said and "he.po:" in said
    assert not list(out.rglob("*.pdf"))
