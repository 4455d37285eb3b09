"""Rule booklets in German (issue #31): the message catalogue is complete, every game and
variant renders in German with no English sentence of the catalogue left, the rule
parameters appear in the German table, and a language without a catalogue is an error."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po
from pypdf import PdfReader
from typer.testing import CliRunner

from generator.booklet import build_booklet
from generator.cli import app
from generator.deck import resolve_deck
from generator.deck.model import Deck
from generator.games.registry import make_params
from generator.i18n import booklet_languages, locale_dir, speaking

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(__file__).parent / "data"
runner = CliRunner()

# Every variant of every game: the decks that play it, player counts, the Russian War's
# objectives and tie methods, Viashi's human rules, Viashilym (six players), the handicap.
VARIANTS = [
    ("weiji", "lighting", ()),
    ("weiji", "cognitio", ("players=3",)),
    ("weiji", "eagle", ("players=5", "tiebreak_draw=best", "pickup=winner-first")),
    ("war", "piecepack", ()),
    ("war", "piecepack", ("players=3",)),
    ("war", "piecepack", ("players=4", "packs=2", "pickup=winner-first")),
    ("war", "piecepack", ("variant=russian",)),
    ("war", "piecepack", ("variant=russian", "objective=2", "tie_method=2")),
    ("war", "standard52", ("variant=russian",)),
    ("war", "standard52", ("players=3",)),
    ("viashi", "viashi", ()),
    ("viashi", "viashi", ("variant=human", "hands=3")),
    ("viashi", "viashi", ("players=6",)),
    ("viashi", "viashi", ("handicap=true", "hands=9")),
    ("viashi", "viashi", ("players=6", "handicap=true", "hands=2")),
]
PLACEHOLDER = re.compile(r"%\((\w+)(?:\.\w+)?\)s")  # %(fool.acc)s: the word in a case (generator/grammar.py)
ARTICLES = {"a_weakest", "a_strongest", "a_high", "a_low"}  # English articles a translation may leave out
LONG = 4  # words: a stretch of a msgid this long surviving in a German booklet is English left over


def german() -> Catalog:
    with (locale_dir() / "de.po").open("rb") as fh:
        return read_po(fh, locale="de")


def extracted() -> set[str]:
    """The msgids Babel's extractor finds today in the templates and the booklet code
    (babel.cfg, as `make catalogue` runs it): singular msgids, plural ones by their singular."""
    with (ROOT / "babel.cfg").open() as fh:
        method_map, options_map = parse_mapping_cfg(fh)
    found = set()
    for _file, _line, message, _comments, _context in extract_from_dir(ROOT, method_map, options_map):
        found.add(message[0] if isinstance(message, tuple) else message)
    return found


def msgids(catalog: Catalog) -> Iterator[str]:
    for m in catalog:
        if m.id:
            yield from (m.id if isinstance(m.id, tuple) else (m.id,))


def english_stretches(catalog: Catalog) -> set[str]:
    """The literal stretches of the msgids (between placeholders, markup removed) of at
    least LONG words, with white space removed (a PDF's text breaks lines anywhere)."""
    out = set()
    for msgid in msgids(catalog):
        for part in PLACEHOLDER.split(msgid)[::2]:
            words = re.sub(r"[*`]", "", part).split()
            if len(words) >= LONG:
                out.add("".join(words))
    return out


def pdf_text(path: Path) -> str:
    return "".join(page.extract_text() for page in PdfReader(path).pages)


def left_over(text: str, stretches: set[str]) -> list[str]:
    flat = "".join(text.split())
    return sorted(s for s in stretches if s in flat)


# -- the catalogue ---------------------------------------------------------------


def test_every_sentence_of_the_templates_and_code_is_in_the_german_catalogue() -> None:
    """A new English sentence without a German one fails here (run `make catalogue`,
    then translate it in templates/rules/locale/de.po)."""
    found = extracted()
    assert len(found) > 300  # the extractor saw the templates and the booklet code
    have = {m.id[0] if isinstance(m.id, tuple) else m.id for m in german() if m.id}
    assert sorted(found - have) == [], "sentences missing from de.po"
    assert sorted(have - found) == [], "de.po translates sentences no template has (run `make catalogue`)"
    with (locale_dir() / "messages.pot").open("rb") as fh:
        pot = {m.id[0] if isinstance(m.id, tuple) else m.id for m in read_po(fh) if m.id}
    assert pot == found, "messages.pot is out of date (run `make catalogue`)"


def test_every_german_entry_is_translated_with_the_same_placeholders() -> None:
    catalog = german()
    assert catalog.plural_forms == "nplurals=2; plural=(n != 1);"
    for m in catalog:
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        assert all(s.strip() for s in strings) and "fuzzy" not in m.flags, f"not translated: {ids[0]!r}"
        wanted = {p for i in ids for p in PLACEHOLDER.findall(i)}
        for s in strings:
            given = set(PLACEHOLDER.findall(s))
            assert given <= wanted, f"{ids[0]!r}: unknown placeholders {given - wanted}"
            assert wanted - ARTICLES <= given | ({"n"} if len(ids) > 1 else set()), \
                f"{ids[0]!r}: the German leaves out {wanted - ARTICLES - given}"
        assert "%" not in PLACEHOLDER.sub("", "".join(strings)), f"{ids[0]!r}: a bare % breaks the formatting"


def test_german_is_a_booklet_language() -> None:
    assert booklet_languages() == ["en", "de"]


def test_speaking_german_translates_and_english_is_the_msgid() -> None:
    from generator.i18n import _

    with speaking("de"):
        assert _("Players") == "Spieler"
    with speaking(None):
        assert _("Players") == "Players"
    assert _("Players") == "Players"  # nothing leaks out of the block


# -- every variant in German ------------------------------------------------------


@pytest.mark.parametrize(("game", "deck", "sets"), VARIANTS, ids=lambda v: "-".join(v) if isinstance(v, tuple) else v)
def test_every_variant_renders_in_german_with_no_english_sentence_left(
        game: str, deck: str, sets: tuple[str, ...], tmp_path: Path) -> None:
    path = tmp_path / "de.pdf"
    build_booklet(game, make_params(game, list(sets)), resolve_deck(deck), path, format="sheet", lang="de")
    text = pdf_text(path)
    assert left_over(text, english_stretches(german())) == []
    assert "Dieses Regelheft" in text and "Wo die Originalregeln schweigen" in text


def test_the_english_check_finds_english_in_an_english_booklet(tmp_path: Path) -> None:
    """The check above can fail: the same comparison flags the English booklet."""
    path = tmp_path / "en.pdf"
    build_booklet("war", make_params("war", ["variant=russian"]), resolve_deck("piecepack"), path, format="sheet")
    assert len(left_over(pdf_text(path), english_stretches(german()))) > 20


def test_a_german_booklet_imposes_like_an_english_one(tmp_path: Path) -> None:
    report = build_booklet("viashi", make_params("viashi", []), resolve_deck("viashi"), tmp_path / "b.pdf", lang="de")
    assert report.pages % 4 == 0 and report.sheets == report.pages // 2
    assert "Viashi – Spielregeln" in PdfReader(tmp_path / "b.pdf").metadata.title


# -- the command -------------------------------------------------------------------


def test_a_set_parameter_is_in_the_german_table(tmp_path: Path) -> None:
    out = tmp_path / "war.pdf"
    result = runner.invoke(app, ["rules", "war", "--lang", "de", "--set", "players=3", "--set", "packs=2",
                                 "--set", "pickup=winner-first", "--imposition", "sheet", "-o", str(out)])
    assert result.exit_code == 0, result.output
    text = pdf_text(out)
    assert re.search(r"Piecepacks\s*2 \(48 Plättchen\)", text), text[:1500]
    assert re.search(r"Verteilung\s*je 16 Plättchen", text)
    assert "in Sitzreihenfolge, beginnend mit dem eigenen" in text
    assert "--set packs=2" in text  # the command that prints it again


def test_the_lighting_booklet_in_german_has_the_decks_german_names(tmp_path: Path) -> None:
    out = tmp_path / "weiji.pdf"
    result = runner.invoke(app, ["rules", "weiji", "--lang", "de", "--imposition", "sheet", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "note:" not in result.output  # Lighting declares German
    text = pdf_text(out)
    assert "Der Kartensatz Beleuchtung" in text and "Lichtstrom" in text


def test_a_deck_without_the_language_keeps_its_names_and_says_so(tmp_path: Path) -> None:
    """A deck in English only (here the bundled Viashi without its `languages:` line)
    prints its names as written in a German booklet, and the command says so."""
    deck = tmp_path / "viashi.yaml"
    deck.write_text("".join(line for line in (ROOT / "deck_data" / "viashi.yaml").read_text(encoding="utf-8")
                            .splitlines(keepends=True) if not line.startswith("languages:")), encoding="utf-8")
    result = runner.invoke(app, ["rules", "viashi", "--deck", str(deck), "--lang", "de", "--imposition", "sheet",
                                 "-o", str(tmp_path / "v.pdf")])
    assert result.exit_code == 0, result.output
    assert "declares no 'de' translation" in result.output
    text = pdf_text(tmp_path / "v.pdf")
    assert "Das elbische Kartenspiel" in text and "the Changeling" in text


# -- the bundled decks in German ---------------------------------------------------

# Every default German booklet (the game's bundled deck, deck_data/translations/<deck>.de.csv):
# the sets, and German names it must print
DEFAULT_BOOKLETS = [
    ("weiji", (), ("Beleuchtung", "Lichtstrom")),
    ("war", (), ("Fünf › Vier › Drei › Zwei › Ass › Null", "Vier gegen Zwei")),
    ("war", ("players=3",), ("Fünf › Vier › Drei › Zwei › Ass › Null",)),
    ("war", ("players=4",), ("Fünf › Vier › Drei › Zwei › Ass › Null",)),
    ("war", ("variant=russian",), ("Null › Ass › Zwei › Drei › Vier › Fünf", "die Fünf schlägt die Null")),
    ("viashi", (), ("Der Wechselbalg schlägt die Herrin", "Winde, Flammen, Steine, Wellen, Blätter",
                    "Königin › König", "die Priesterin", "Magier in den Farben")),
    ("viashi", ("variant=human",), ("Der Wechselbalg schlägt die Herrin", "König › Königin", "der Herold")),
    ("viashi", ("players=6",), ("Der Wechselbalg schlägt die Herrin", "Zwei vollständige Kartenspiele Viashi")),
]
PRINTED = re.compile(r"name|subtitle|(suits|ranks|attributes)\.[^.]+\.(name|label)")  # the fields a booklet prints


def name_words(deck: Deck) -> set[str]:
    """The words (three letters or more) of the deck's names: cards, suits, ranks, attributes."""
    from generator.deck.languages import source_strings

    return {w for _id, field, text in source_strings(deck) if PRINTED.fullmatch(field)
            for w in re.findall(r"[^\W\d_]{3,}", text)}


@pytest.mark.parametrize(("game", "sets", "names"), DEFAULT_BOOKLETS,
                         ids=lambda v: "-".join(v) if isinstance(v, tuple) else v)
def test_a_default_german_booklet_names_the_bundled_deck_in_german(
        game: str, sets: tuple[str, ...], names: tuple[str, ...], tmp_path: Path) -> None:
    """The bundled deck of every game declares German: its German booklet prints the
    German card, suit and rank names, no English name of the deck and no English
    article, and the command says nothing about a missing translation."""
    from generator.deck.languages import localize
    from generator.games.registry import default_deck

    out = tmp_path / "de.pdf"
    result = runner.invoke(app, ["rules", game, "--lang", "de", "--imposition", "sheet", "-o", str(out),
                                 *(a for s in sets for a in ("--set", s))])
    assert result.exit_code == 0, result.output
    assert "note:" not in result.output and "warning" not in result.output
    text = pdf_text(out)
    flat = " ".join(text.split())
    assert [n for n in names if n not in flat] == []
    deck = resolve_deck(default_deck(game))
    assert "de" in deck.languages
    english = name_words(deck) - name_words(localize(deck, "de")[0])
    assert len(english) > 5  # the check has something to look for
    assert sorted(w for w in english if re.search(rf"\b{w}\b", text)) == []
    assert re.findall(r"\b(?:[Tt]he|of)\b", text) == []  # English articles and "of" left in names


@pytest.mark.parametrize("deck", ["piecepack", "viashi", "lighting"])
def test_the_bundled_decks_are_translated_completely(deck: str, tmp_path: Path) -> None:
    """`check DECK --lang de` finds no missing or changed translation; for a deck of
    cards `cards DECK --lang de --strict` prints (strict: a missing text is an error)."""
    import json

    result = runner.invoke(app, ["check", deck, "--lang", "de", "--games", "0", "--json"])
    assert result.exit_code == 0, result.output
    findings = json.loads(result.stdout)["findings"]
    assert [f["message"] for f in findings if "translat" in f["message"] or "'de'" in f["message"]] == []
    if resolve_deck(deck).kind == "cards":
        result = runner.invoke(app, ["cards", deck, "--lang", "de", "--strict", "-o", str(tmp_path / "de.pdf")])
        assert result.exit_code == 0, result.output
        assert "warning" not in result.output and "not translated" not in result.output


def test_a_language_without_a_catalogue_is_an_error_naming_the_booklet_languages(tmp_path: Path) -> None:
    result = runner.invoke(app, ["rules", "weiji", "--lang", "fr", "-o", str(tmp_path / "r.pdf")])
    assert result.exit_code == 2
    assert "no rule booklet in 'fr': booklets exist in en, de" in result.output
    assert "Traceback" not in result.output
    assert not (tmp_path / "r.pdf").exists()


def test_build_writes_the_german_booklet_beside_the_translated_sheets(tmp_path: Path) -> None:
    folder = tmp_path / "shop"
    shutil.copytree(DATA / "shop", folder)
    deck = folder / "deck.yaml"
    deck.write_text(deck.read_text().replace("outputs: [sheets, images]", "outputs: [sheets, booklets]"))
    out = tmp_path / "out"
    result = runner.invoke(app, ["build", str(folder), "-o", str(out), "--jobs", "1"])
    assert result.exit_code == 0, result.output
    english, german_ = out / "shop" / "rules-booklet.pdf", out / "shop" / "de" / "rules-booklet.pdf"
    assert (out / "shop" / "de" / "cards-a4.pdf").is_file()
    assert "Compare the numbers" in pdf_text(english)
    text = pdf_text(german_)
    assert "Zahlen vergleichen" in text and "Wasserkocher" in text


def test_a_projects_own_template_speaks_german_where_it_keeps_the_bundled_sentences(tmp_path: Path) -> None:
    """`deckpress new` copies the bundled text with its sentences marked: an untouched
    sentence prints in German, one the designer rewrote prints as written."""
    folder = tmp_path / "my-game"
    assert runner.invoke(app, ["new", str(folder)]).exit_code == 0
    template = folder / "rules" / "weiji.md.j2"
    template.write_text(template.read_text().replace('# {{ _("Goal") }}', "# How to win our game"))
    out = tmp_path / "rules.pdf"
    result = runner.invoke(app, ["rules", "weiji", "--deck", str(folder), "--lang", "de", "--imposition", "sheet",
                                 "-o", str(out)])
    assert result.exit_code == 0, result.output
    text = pdf_text(out)
    assert "How to win our game" in text and "Vorbereitung" in text


def test_the_parameters_meanings_a_template_sees_are_translated() -> None:
    """``parameters`` (key, value, meaning), the table a project's template may print:
    a built-in game's meanings are in the catalogue; English stays the model's words."""
    from generator.booklet.content import booklet_context

    params, deck = make_params("war", ["packs=2"]), resolve_deck("piecepack")
    with speaking("de"):
        german_rows = booklet_context("war", params, deck)["parameters"]
    english_rows = booklet_context("war", params, deck)["parameters"]
    assert ("packs", 2, "Anzahl der Piecepacks") in german_rows
    assert ("packs", 2, "number of piecepacks") in english_rows


@pytest.mark.parametrize("source", [
    '{{ _("%(a)s" * 2000, a="x" * 1000) }}',  # a small sentence formatting into gigabytes
    '{{ _("%(a)99999s", a=1) }}',  # a huge width
    '{{ ngettext("%(a).*s", "%(a)s", 1, a=1) }}',
    '{{ _("%(missing)s") }}',
])
def test_a_hostile_sentence_is_a_render_error_naming_the_template(source: str, tmp_path: Path) -> None:
    """`_()` in a project's rules template runs in the sandbox: its formatting is guarded
    like format(), and every failure is the one-line RenderError, never a traceback."""
    from generator.booklet.build import render_rules_text
    from generator.errors import RenderError

    (tmp_path / "mine.md.j2").write_text(source)
    with pytest.raises(RenderError, match=r"mine\.md\.j2:1: rule template: "):
        render_rules_text("mine", {}, [tmp_path])


def test_trans_blocks_and_plurals_work_in_a_projects_template(tmp_path: Path) -> None:
    from generator.booklet.build import render_rules_text

    (tmp_path / "mine.md.j2").write_text(
        '{% trans n=3 %}{{ n }} cards{% endtrans %} · {{ ngettext("%(n)s hand", "%(n)s hands", 2, n=2) }}')
    assert render_rules_text("mine", {}, [tmp_path]) == "3 cards · 2 hands"
    with speaking("de"):
        assert render_rules_text("mine", {}, [tmp_path]) == "3 Karten · 2 Runden"


def test_build_says_which_language_has_no_booklet_and_makes_none_there(tmp_path: Path) -> None:
    folder = tmp_path / "shop"
    shutil.copytree(DATA / "shop", folder)
    deck = folder / "deck.yaml"
    deck.write_text(deck.read_text().replace("languages: [en, de]", "languages: [en, de, fr]")
                    .replace("outputs: [sheets, images]", "outputs: [booklets]"))
    out = tmp_path / "out"
    result = runner.invoke(app, ["build", str(folder), "-o", str(out), "--jobs", "1"])
    assert result.exit_code == 0, result.output
    assert "no rule booklet in 'fr' (booklets exist in en, de" in " ".join(result.output.split())
    assert (out / "shop" / "de" / "rules-booklet.pdf").is_file()
    assert not (out / "shop" / "fr" / "rules-booklet.pdf").exists()
