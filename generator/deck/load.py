"""Load a deck: a YAML file (with card rows inline, in a CSV or in an XLSX sheet).

``load_deck(path)`` returns a frozen :class:`Deck` or raises :class:`DeckError`
listing every problem found, each naming file, line, card and field.
``resolve_deck(name_or_path)`` also accepts a bundled deck's name.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, get_args

from pydantic import BaseModel, ValidationError

from ..errors import SHOWN_AS, DeckError, Problem
from ..paths import deck_data_dir, templates_dir
from .csvfile import read_csv_text
from .inputs import DATA, LOOK, PLAY, PROJECT_FOLDERS, Inputs, lang, project_modules
from .languages import translation_path
from .model import CARD_SIZES, Attribute, Back, Card, CardSize, Deck, Rank
from .numbers import DEFAULT, NumberFormat, format_problem
from .rows import (
    NO_DATA_WORDS,
    Row,
    RowContext,
    build_card,
    column_problems,
    normalise_rows,
    resolve_reference,
    rows_from_csv,
    rows_from_xlsx,
    rows_from_yaml,
)
from .schema import DeckIn
from .settings import DEFAULT_BUILD
from .suits import build_suits
from .targets import NO_DESIGN
from .thresholds import threshold_problem
from .yamlfile import MAX_BYTES, LineMap, load_yaml, read_text


def _bundled() -> tuple[str, ...]:
    """The bundled decks' names, in build order (deck_data/bundled.txt: data, one a line)."""
    lines = (deck_data_dir() / "bundled.txt").read_text(encoding="utf-8").splitlines()
    return tuple(line.strip() for line in lines if line.strip() and not line.lstrip().startswith("#"))


BUNDLED = _bundled()
MAX_CARDS = 100_000


def bundled_path(name: str) -> Path:
    return deck_data_dir() / f"{name}.yaml"


def resolve_deck(name_or_path: str | Path) -> Deck:
    """Load a deck from a file path, a project folder (its deck.yaml) or a bundled name."""
    path = Path(name_or_path)
    try:
        return _resolve(path, name_or_path)
    except (OSError, ValueError) as exc:  # a name too long for the file system, a NUL byte...
        raise DeckError(Problem(f"not a usable deck name or path: {str(name_or_path)[:60]!r} ({exc})")) from None


def _resolve(path: Path, name_or_path: str | Path) -> Deck:
    if path.is_dir():
        candidates = sorted(path.glob("deck.y*ml")) or sorted(path.glob("*.y*ml"))
        if not candidates:
            raise DeckError(Problem("folder has no deck file (deck.yaml)", path))
        return load_deck(candidates[0])
    if path.suffix.lower() in (".csv", ".xlsx", ".xlsm", ".xls", ".ods", ".tsv"):
        decks = sorted(path.parent.glob("*.y*ml")) if path.parent.is_dir() else []
        here = f" (here: {decks[0]} or {path.parent})" if decks else ""
        raise DeckError(Problem(f"{path.name} holds card rows, not a deck: pass the deck file or the project "
                                f"folder{here}; the deck file names the spreadsheet (cards: {path.name})", path))
    if path.exists() or path.suffix.lower() in (".yaml", ".yml") or "/" in str(name_or_path):
        return load_deck(path)
    if str(name_or_path) in BUNDLED:
        return load_deck(bundled_path(str(name_or_path)), key=str(name_or_path))
    files = [p for p in (path.with_name(path.name + ".yaml"), path.with_name(path.name + ".yml")) if p.is_file()]
    hint = f" (did you mean {files[0].as_posix()!r}? a deck file is named with its .yaml)" if files else ""
    raise DeckError(
        Problem(
            f"no deck file or bundled deck named {str(name_or_path)!r}{hint}; "
            f"bundled decks: {', '.join(BUNDLED)}"
        )
    )


def default_key(path: Path) -> str:
    """A deck's short name (its output folder): the file stem, or for a project's
    ``deck.yaml`` the project folder's name, so two projects never share a folder."""
    stem = path.parent.resolve().name if path.stem.lower() == "deck" else path.stem
    return re.sub(r"[^A-Za-z0-9_.-]+", "-", stem).strip("-.") or "deck"


def load_deck(path: Path | str, key: str | None = None) -> Deck:
    path = Path(path)
    text = read_text(path)
    raw = load_yaml(path, text)
    if not isinstance(raw, Mapping):
        raise DeckError(Problem("a deck file is a mapping with at least 'name' and 'cards'", path, 1))
    numbers, number_problems = _number_format(raw, path)
    try:  # number text in deck-level values (strengths, sizes, thresholds) is read in this format too
        spec = DeckIn.model_validate(dict(raw), context={"numbers": numbers})
    except ValidationError as exc:
        raise DeckError(number_problems + _pydantic_problems(exc, raw, path)) from None

    folder = path.resolve().parent
    roots = (deck_data_dir(), templates_dir())
    problems: list[Problem] = list(number_problems)
    # every file the outputs depend on goes through inputs.add: hashed into the digests that key
    # the build's jobs, and recorded for its up-to-date stamps (generator/deck/inputs.py)
    inputs = Inputs(folder)
    inputs.add_bytes(path, text.encode(), DATA)

    problems += _threshold_problems(spec, raw, path)
    suits, suit_problems = build_suits(spec.suits, raw, path, folder, roots)
    problems += suit_problems
    for suit in suits:
        if suit.icon is not None:  # a changed suit icon rebuilds the deck's outputs
            inputs.add(suit.icon, LOOK)
    rows, row_problems = _card_rows(spec, raw, path, folder, roots, inputs)
    problems += row_problems
    if not rows and not row_problems:
        problems.append(Problem("the deck has no cards", path, _line(raw, "cards"), field="cards"))
    if len(rows) > MAX_CARDS:
        raise DeckError(Problem(f"more than {MAX_CARDS} cards", path))

    ctx = RowContext(
        attributes=tuple(a.key for a in spec.attributes),
        fields=spec.field_names(),
        suits=tuple(s.key for s in spec.suits),
        ranks=tuple(r.key for r in spec.ranks),
        no_data=printed_no_data(spec),
        game_data=spec.game_data(),
        folder=folder,
        allowed_roots=roots,
        numbers=numbers,
        no_data_words=NO_DATA_WORDS | {w.strip().lower() for w in ([] if isinstance(spec.no_data, str) else spec.no_data)},
        languages=tuple(spec.languages[1:]),
    )
    normalise_rows(rows, ctx)  # headers in any case; _private and #private columns left out
    clash = set(ctx.attributes) & (set(ctx.fields) | {"id", "name", "copies", "suit", "rank"})
    for name in sorted(clash):
        problems.append(Problem(f"{name!r} is both an attribute and a card field", path, field=name))
    if rows and rows[0].columns is not None:  # card rows from a CSV/XLSX: its header, checked once
        problems += column_problems(rows[0].columns, rows[0].file, ctx)

    cards: list[Card] = []
    seen: dict[str, Row] = {}
    hashed: set[Path] = set()
    for row in rows:
        card, card_problems = build_card(row, ctx)
        problems += card_problems
        if card is None:
            continue
        if card.id in seen:
            first = seen[card.id]
            problems.append(
                Problem(f"duplicate id (first used at line {first.line})", row.file, row.line, card.id, "id")
            )
            continue
        seen[card.id] = row
        cards.append(card)
        if card.art is not None and card.art not in hashed:  # each art file once, in chunks
            hashed.add(card.art)
            inputs.add(card.art, LOOK)
        for column, named in card.translations.items():  # art@fr: an input of the fr outputs only
            if column.startswith("art@") and named:
                inputs.add(Path(named), lang(column.partition("@")[2]))

    back = Back()
    if spec.back is not None:
        image = None
        if spec.back.image:
            image, error = resolve_reference(spec.back.image, folder, roots)
            if error:
                problems.append(Problem(error, path, _line(raw, "back"), field="back.image"))
        if image is not None:
            inputs.add(image, LOOK)  # a new back image rebuilds the deck's outputs
        back = Back(layout=spec.back.layout, text=spec.back.text, color=spec.back.color, image=image)

    fonts = []
    for i, ref in enumerate(spec.fonts):
        font, error = resolve_reference(ref, folder, roots)
        if font is not None and font.suffix.lower() not in (".ttf", ".otf"):
            font, error = None, f"{ref!r} is not a TrueType or OpenType font file (.ttf, .otf)"
        if error or font is None:
            problems.append(Problem(error or "file not found", path, _line(raw, "fonts"), field=f"fonts[{i}]"))
            continue
        inputs.add(font, LOOK)  # a replaced font rebuilds what is drawn with it
        fonts.append(font)

    if isinstance(spec.card_size, str):
        if spec.card_size not in CARD_SIZES:
            problems.append(
                Problem(
                    f"unknown card size {spec.card_size!r}; presets: {', '.join(CARD_SIZES)}, "
                    "or {width: MM, height: MM}",
                    path,
                    _line(raw, "card_size"),
                    field="card_size",
                )
            )
            size = CardSize("poker", *CARD_SIZES["poker"])
        else:
            size = CardSize(spec.card_size, *CARD_SIZES[spec.card_size])
    else:
        size = CardSize("custom", spec.card_size.width, spec.card_size.height)

    for lang_code in spec.languages[1:]:  # a translator's file rebuilds that language's outputs
        translated = translation_path(path, lang_code)
        if translated.is_file():
            inputs.add(translated, lang(lang_code))

    if problems:
        raise DeckError(problems)
    if spec.cards is not None and not isinstance(spec.cards, (str, list)) and spec.cards.url is not None:
        # rows fetched from a sheet link replace its cached copy only now, valid
        from . import sheets

        sheets.keep(folder, spec.cards.url, spec.cards.sheet)
    if folder != deck_data_dir().resolve():  # a project's own layouts, rules and game (bundled: the toolchain's)
        _project_inputs(inputs, spec, path, folder)

    return Deck(
        name=spec.name,
        key=key or default_key(path),
        game=spec.game,
        kind=spec.kind,
        description=spec.description,
        cards=tuple(cards),
        attributes=tuple(Attribute(**a.model_dump(), marks=(numbers.decimal, numbers.thousands)
                                   if numbers.declared else None) for a in spec.attributes),
        suits=suits,
        ranks=tuple(Rank(**r.model_dump()) for r in spec.ranks),
        layout=spec.layout,
        card_size=size,
        back=back,
        colors=dict(spec.colors),
        fields=spec.field_names(),
        thresholds=dict(spec.thresholds),
        no_data=printed_no_data(spec),
        fonts=tuple(fonts),
        build=spec.build if spec.build is not None else DEFAULT_BUILD,
        design=spec.balance if spec.balance is not None else NO_DESIGN,
        languages=tuple(spec.languages),
        language=spec.languages[0] if spec.languages else "",
        path=path,
        digest=inputs.digest(),
        inputs=tuple(inputs.files),
        concerns=inputs.concerns(),
        game_data=spec.game_data(),
    )


def _project_inputs(inputs: Inputs, spec: DeckIn, path: Path, folder: Path) -> None:
    """The project's files the deck names only indirectly: its layouts (``layouts/``,
    ``templates/``, layout files beside the deck or named by ``layout:``), its icons
    (``icons/``), its rules templates (``rules/``), and ``game.py`` with the project
    modules it imports."""
    for name, concern in PROJECT_FOLDERS.items():
        for file in sorted(p for p in (folder / name).rglob("*") if p.is_file()):
            inputs.add(file, concern)
    rules_file = (folder / spec.game).resolve() if spec.game.endswith((".yaml", ".yml")) else None
    for file in sorted(folder.glob("*.y*ml")):
        if file.is_file() and file.resolve() != path.resolve():
            # the rules file the deck plays (game: game.yaml) is what the balance report plays
            inputs.add(file, PLAY if file.resolve() == rules_file else LOOK)
    if rules_file is not None and rules_file.parent != folder.resolve() and rules_file.is_relative_to(folder.resolve()) \
            and rules_file.is_file():
        inputs.add(rules_file, PLAY)
    if spec.layout:
        named = (folder / spec.layout).resolve()
        if named.suffix.lower() in (".yaml", ".yml") and named.is_relative_to(folder) and named.is_file():
            inputs.add(named, LOOK)
    game_file = game_path(spec.game)
    if game_file is not None:
        source = (folder / game_file).resolve()
        if source.is_relative_to(folder) and source.is_file():
            for module in project_modules(source, folder):
                inputs.add(module, PLAY)


def game_path(game: str) -> str | None:
    """The file a ``game:`` value names (``game.py``, ``rules/my game.py:Crowns``,
    ``x.py:y/game.py``), or None for a game's name. A colon ends the file only when
    what follows is a class name, so a colon in a folder's name stays part of the path."""
    file, _ = split_game_ref(game)
    return file if file.endswith(".py") else None


def split_game_ref(ref: str) -> tuple[str, str]:
    """``path.py:Class`` -> (``path.py``, ``Class``); any other text -> (text, "")."""
    head, colon, tail = ref.rpartition(":")
    if colon and tail.isidentifier() and head.endswith(".py"):
        return head, tail
    return ref, ""


def _card_rows(
    spec: DeckIn, raw: Mapping[str, Any], path: Path, folder: Path, roots: Sequence[Path], inputs: Inputs,
) -> tuple[list[Row], list[Problem]]:
    cards = spec.cards
    if cards is None:
        return [], [Problem("missing 'cards' (a list of cards, or a CSV/XLSX file)", path, None, field="cards")]
    if isinstance(cards, list):
        raw_cards = raw.get("cards")
        return rows_from_yaml(raw_cards if isinstance(raw_cards, list) else [], path, _line(raw, "cards"))
    if not isinstance(cards, str) and cards.url is not None:
        return _sheet_rows(cards.url, cards.sheet, spec, raw, path, folder, inputs)
    ref, sheet = (cards, None) if isinstance(cards, str) else (cards.file or "", cards.sheet)
    file, error = resolve_reference(ref, folder, roots)
    if error or file is None:
        return [], [Problem(error or "file not found", path, _line(raw, "cards"), field="cards")]
    if file.stat().st_size > MAX_BYTES:  # before reading it: a huge file must not fill memory
        return [], [Problem(f"file is larger than {MAX_BYTES // (1024 * 1024)} MB", file)]
    inputs.add(file, DATA)
    suffix = file.suffix.lower()
    if suffix == ".csv":
        return rows_from_csv(file, read_csv_text(file), spec.csv.delimiter if spec.csv is not None else None)
    if suffix in (".xlsx", ".xlsm"):
        return rows_from_xlsx(file, sheet)
    return [], [Problem(f"card rows must be a .csv or .xlsx file, not {file.name!r}", path, _line(raw, "cards"), field="cards")]


def _sheet_rows(url: str, sheet: str | None, spec: DeckIn, raw: Mapping[str, Any], path: Path, folder: Path,
                inputs: Inputs) -> tuple[list[Row], list[Problem]]:
    """Card rows from a sheet link (:mod:`.sheets`): its errors name the sheet, row and column."""
    from . import sheets

    try:
        got = sheets.read_sheet(url, sheet, folder)
    except sheets.SheetError as exc:
        return [], [Problem(f"{sheets.label(url, sheet)}: {exc}", path, _line(raw, "cards"), field="cards")]
    if got.note and got.note not in _SAID:
        _SAID.add(got.note)
        print(f"note: {got.note}", file=sys.stderr)
    SHOWN_AS[str(got.cache)] = got.label  # errors at its rows name the sheet, not the cache file
    inputs.add_bytes(got.cache, got.text.encode(), DATA)  # a build with rows from a sheet never answers from stamps
    rows, problems = rows_from_csv(got.cache, got.text, spec.csv.delimiter if spec.csv is not None else None)
    if rows and rows[0].columns is not None:
        from openpyxl.utils import get_column_letter

        letters = {h: get_column_letter(i + 1) for i, h in enumerate(rows[0].columns)}
        for row in rows:
            row.letters = dict(letters)
    return rows, problems


_SAID: set[str] = set()  # notes about sheet copies already printed by this process


def printed_no_data(spec: DeckIn) -> str:
    """How "no data" is printed: ``no_data: TEXT``; a list of words (``no_data: ['N/A',
    '-']``) only adds words read as no data, and the printed word stays "no data"."""
    return spec.no_data if isinstance(spec.no_data, str) else "no data"


def _threshold_problems(spec: DeckIn, raw: Mapping[str, Any], path: Path) -> list[Problem]:
    """``thresholds:`` keys and values, checked against the balance checks' table."""
    node = raw.get("thresholds")
    problems = []
    for key, value in spec.thresholds.items():
        message = threshold_problem(key, value)
        if message:
            line = node.line_of(key) if isinstance(node, LineMap) else _line(raw, "thresholds")
            problems.append(Problem(message, path, line, field=f"thresholds.{key}"))
    return problems


def _number_format(raw: Mapping[str, Any], path: Path) -> tuple[NumberFormat, list[Problem]]:
    """The deck's declared ``number_format`` (checked), or the default: '.' decimal, no thousands.
    Read before the schema, which uses it (its shape is then checked with the rest)."""
    declared = raw.get("number_format")
    if not isinstance(declared, Mapping):
        return DEFAULT, []
    decimal, thousands = declared.get("decimal", "."), declared.get("thousands", "")
    if not isinstance(decimal, str) or not isinstance(thousands, str):
        return DEFAULT, []
    error = format_problem(decimal, thousands)
    if error:
        return DEFAULT, [Problem(error, path, _line(raw, "number_format"), field="number_format")]
    return NumberFormat(decimal, thousands, declared=True), []


def _line(raw: Any, key: str) -> int | None:
    return raw.line_of(key) if isinstance(raw, LineMap) else None


def _pydantic_problems(exc: ValidationError, raw: Any, path: Path) -> list[Problem]:
    """Translate pydantic's error locations into file lines and readable field paths."""
    problems = []
    errors = exc.errors()
    # In a union (card_size: name | {width, height}) the branch the input was not
    # written for reports a type mismatch; keep only the other branch's errors, or
    # a single mismatch when every branch failed on the type.
    real_heads = {e["loc"][0] for e in errors if e["loc"] and e["type"] not in _BRANCH_MISMATCH}
    reported: set[Any] = set()
    for err in errors:
        head = err["loc"][0] if err["loc"] else None
        if err["type"] in _BRANCH_MISMATCH and (head in real_heads or head in reported):
            continue
        reported.add(head)
        node, line, names = raw, None, []  # type: tuple[Any, int | None, list[str]]
        for part in err["loc"]:
            if isinstance(node, LineMap) and part in node:
                line = node.line_of(part)
                node = node[part]
                names.append(str(part))
            elif isinstance(node, list) and isinstance(part, int) and part < len(node):
                node = node[part]
                line = node.line if isinstance(node, LineMap) else line
                label = node.get("key", part + 1) if isinstance(node, Mapping) else part + 1
                names[-1:] = [f"{names[-1] if names else ''}[{label}]"]
            elif isinstance(part, str) and not _is_union_tag(part):
                names.append(part)  # a key that is missing or extra
        message = err["msg"]
        if err["type"] == "value_error":  # our own validators' messages, without pydantic's prefix
            message = str(err.get("ctx", {}).get("error", message))
        elif err["type"] == "extra_forbidden":
            message = "unknown key (a misprint?)" + _hint(err["loc"][-1], _model_at(err["loc"][:-1]))
        elif err["type"] == "missing":
            message = "missing (it is required)"
        elif err["type"] == "string_pattern_mismatch" and "#[0-9A-Fa-f]" in str(err.get("ctx", {})):
            message = f"a colour is written '#RRGGBB', got {err.get('input')!r}"
        elif err["type"] == "string_pattern_mismatch":
            message = f"use letters, digits, '-', '_' or '.', got {err.get('input')!r}"
        elif err["type"] == "literal_error":
            message = f"{message}, got {err.get('input')!r}"
        problems.append(Problem(message, path, line, None, ".".join(names) or None))
    return problems


_BRANCH_MISMATCH = {"string_type", "list_type", "model_type", "dict_type", "model_attributes_type"}


def _is_union_tag(part: str) -> bool:
    # pydantic names union branches in error locations ("str", "list[any]", "SizeIn", "chain[...]")
    return part[:1].isupper() or part in ("str", "list[any]") or "[" in part or part.startswith("function-")


def _model_at(loc: Sequence[Any]) -> type[BaseModel]:
    """The schema model that validates the mapping at ``loc`` (an attribute entry is
    an AttributeIn, ``card_size: {...}`` a SizeIn...), following field types and
    the branch names pydantic puts in union locations."""
    model: type[BaseModel] = DeckIn
    candidates: list[type[BaseModel]] = []
    for part in loc:
        if not isinstance(part, str):
            continue  # a list index: the same model
        named = [m for m in candidates if m.__name__ == part]
        if named:
            model, candidates = named[0], []
        elif part in model.model_fields:
            candidates = _models_in(model.model_fields[part].annotation)
            if len(candidates) == 1:
                model, candidates = candidates[0], []
    return model


def _models_in(annotation: Any) -> list[type[BaseModel]]:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    return [m for arg in get_args(annotation) for m in _models_in(arg)]


def _hint(key: Any, model: type[BaseModel]) -> str:
    import difflib

    valid = list(model.model_fields)
    close = difflib.get_close_matches(str(key), valid, n=1)
    return (f"; did you mean '{close[0]}'?" if close else "") + f" (valid here: {', '.join(valid)})"
