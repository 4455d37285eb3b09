"""Arabic, Hebrew and Japanese booklet catalogues for tests (issue 51), made as a
translator's tool would fill messages.pot: every sentence of the package translated,
word for word from a small vocabulary (the same English word always the same word),
every placeholder, ``**bold**``, ``*italic*`` and ```command``` kept where it was, so
the booklet's Arabic and Hebrew sentences hold Latin names and numbers (the deck's
names, counts) and the Japanese ones ``、`` ``。`` ``「`` ``」`` where kinsoku matters.

:func:`fragments` gives the runs of translated words between placeholders and markup:
what a reader of the booklet must find, in logical order, in the PDF's text.
"""

from __future__ import annotations

import re
import zlib
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from generator.i18n import locale_dir

VOCABULARY = {
    "ar": ("الورق", "اللاعب", "الدور", "يأخذ", "البطاقة", "الفريق", "النقاط", "يلعب", "الأقوى", "كل",
           "مع", "بعد", "قبل", "الجولة", "يربح", "السرب", "أعلى", "أول", "ثم", "عدد", "اللعبة", "يخسر",
           "الحيلة", "يوزع", "المجموعة", "التالي", "الملك", "الملكة", "المجنون", "يكشف"),
    "he": ("החפיסה", "השחקן", "התור", "לוקח", "הקלף", "הקבוצה", "הנקודות", "משחק", "החזק", "כל",
           "עם", "אחרי", "לפני", "הסיבוב", "מנצח", "הסדרה", "גבוה", "ראשון", "ואז", "מספר", "המשחק",
           "מפסיד", "הלקיחה", "מחלק", "הקבוצות", "הבא", "המלך", "המלכה", "השוטה", "חושף"),
    "ja": ("山札", "手番", "札", "取る", "組", "点数", "遊ぶ", "強い", "各自", "一緒に", "後で", "前に",
           "回戦", "勝つ", "組札", "高い", "最初", "次に", "枚数", "勝負", "負ける", "引く", "配る",
           "場札", "王様", "女王", "道化", "見せる", "親", "子"),
}
JA_PUNCT = {",": "、", ".": "。", ":": "：", ";": "；", "(": "（", ")": "）", "!": "！", "?": "？"}
# what a sentence keeps as it is: placeholders, markup, commands
KEPT = re.compile(r"%\([\w.]+\)[-#0 +]*\d*(?:\.\d+)?[sdifr]|%%|%[sd]|`[^`]*`|\*\*|\*|◆\{[^}]*\}")
WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*")


def translate(english: str, lang: str) -> str:
    """``english`` (a msgid) in ``lang``, word for word, everything :data:`KEPT` kept."""
    out: list[str] = []
    last = 0
    for m in KEPT.finditer(english):
        out.append(_words(english[last:m.start()], lang))
        out.append(m.group(0))
        last = m.end()
    out.append(_words(english[last:], lang))
    return "".join(out)


def _words(text: str, lang: str) -> str:
    vocab = VOCABULARY[lang]
    done = WORD.sub(lambda m: vocab[zlib.crc32(m.group(0).lower().encode()) % len(vocab)], text)
    if lang != "ja":
        return done
    quoted = iter(("「", "」") * 50)
    done = re.sub('"', lambda _m: next(quoted), done)
    done = "".join(JA_PUNCT.get(ch, ch) for ch in done)
    return re.sub(r"(?<=[^\x00-\x7f]) (?=[^\x00-\x7f])", "", done)  # no spaces between Japanese words


def write_catalogue(folder: Path, lang: str) -> Path:
    """``folder/<lang>.po``: every sentence of messages.pot translated (:func:`translate`)."""
    with (locale_dir() / "messages.pot").open("rb") as fh:
        pot = read_po(fh)
    catalogue = Catalog(locale=lang, charset="utf-8")
    for m in pot:
        if not m.id:
            continue
        if isinstance(m.id, (tuple, list)):
            forms = [translate(str(m.id[0]), lang)] + [translate(str(m.id[1]), lang)] * (catalogue.num_plurals - 1)
            catalogue.add(m.id, tuple(forms[:catalogue.num_plurals]), flags=m.flags - {"fuzzy"})
        else:
            catalogue.add(m.id, translate(str(m.id), lang), flags=m.flags - {"fuzzy"})
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{lang}.po"
    with path.open("wb") as fh:
        write_po(fh, catalogue, width=0)
    return path


def fragments(translated: str) -> list[str]:
    """The runs of the translation's own words between what is kept (placeholders,
    markup, commands): at least two words (Japanese: four characters) long."""
    out = []
    for part in KEPT.split(translated):
        part = part.strip(" ,.;:()[]|-–—«»\"")
        letters = [ch for ch in part if ord(ch) > 0x590]
        if (len(part.split()) >= 2 or len(letters) >= 4) and letters:
            out.append(part)
    return out
