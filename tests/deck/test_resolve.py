"""One resolver per concern (generator/deck/resolve.py): flag, then the project's
``build:`` setting, then the section model's default, for every command and ``build``;
defaults live only in the models (generator/deck/settings.py), the flags' help states
the same numbers, and a refused project value is named by the key it carries."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.cli import app
from generator.cli.lazy import load_all
from generator.deck.load import load_deck
from generator.deck.resolve import checked, culprit, resolve
from generator.deck.settings import (
    BalanceIn,
    BookletsIn,
    BuildIn,
    CardSheetsIn,
    CheckBalanceIn,
    ImageFilesIn,
    ImagesIn,
    SheetsIn,
    ShowcaseIn,
)
from generator.errors import DeckError, ParameterError
from generator.paths import deck_data_dir

PROJECT = BuildIn.model_validate({"sheets": {"page": "letter", "bleed": 1}, "balance": {"games": 40}})


def test_flag_then_project_then_the_models_default() -> None:
    cards = resolve(PROJECT, "sheets", CardSheetsIn, {"bleed": 0.0, "backs": None, "pages": None})
    assert cards.values.bleed == 0.0 and cards.origin("bleed") == "flag"
    assert cards.values.pages == ["letter"] and cards.origin("pages") == "project"
    assert cards.values.backs == "none" and cards.origin("backs") == "default"
    assert resolve(PROJECT, "balance", CheckBalanceIn, {"games": 7}).values.games == 7
    assert resolve(PROJECT, "balance", CheckBalanceIn, {"games": None}).values.games == 40


def test_each_commands_defaults_are_its_models() -> None:
    nothing = BuildIn()
    assert resolve(nothing, "sheets", CardSheetsIn).values.backs == "none"  # cards
    assert resolve(nothing, "sheets", SheetsIn).values.backs == "duplex-long"  # tiles and build
    assert resolve(nothing, "sheets", SheetsIn).values.pages[0] == "a4"  # cards and tiles print on the first
    assert (resolve(nothing, "images", ImageFilesIn).values.dpi, resolve(nothing, "images", ImagesIn).values.dpi) \
        == (300, 150)
    assert resolve(nothing, "balance", CheckBalanceIn).values.games == 1000  # check (docs/balance.md)
    assert resolve(nothing, "balance", BalanceIn).values.games == 2000  # build's balance report
    show = resolve(nothing, "showcase", ShowcaseIn).values
    assert (show.width, show.background) == (1600, "transparent")
    assert resolve(nothing, "booklets", BookletsIn).values.page == "a4"
    with pytest.raises(KeyError):
        resolve(nothing, "sheets", SheetsIn, {"no_such_flag": 1})


def _help_default(command: str, flag: str) -> str:
    import click

    load_all()
    group = click.Context(typer_main())
    cmd = typer_main().get_command(group, command)
    assert cmd is not None
    option = next(p for p in cmd.params if flag in getattr(p, "opts", []) + getattr(p, "secondary_opts", []))
    found = re.search(r"else ([^).;,]+)", option.help or "")
    assert found, option.help
    return found.group(1).strip()


def typer_main():  # type: ignore[no-untyped-def]
    import typer

    return typer.main.get_command(app)


@pytest.mark.parametrize(("command", "flag", "model", "key"), [
    ("cards", "--bleed", CardSheetsIn, "bleed"), ("cards", "--margin", CardSheetsIn, "margin"),
    ("cards", "--gap", CardSheetsIn, "gap"), ("cards", "--arrangement", CardSheetsIn, "arrangement"),
    ("cards", "--color", CardSheetsIn, "color"), ("images", "--dpi", ImageFilesIn, "dpi"),
    ("images", "--format", ImageFilesIn, "format"), ("images", "--showcase-width", ShowcaseIn, "width"),
    ("images", "--background", ShowcaseIn, "background"), ("rules", "--page", BookletsIn, "page"),
    ("rules", "--imposition", BookletsIn, "imposition"), ("check", "--games", CheckBalanceIn, "games"),
])
def test_the_help_states_the_models_default(command: str, flag: str, model: type, key: str) -> None:
    default = model.model_fields[key].default
    shown = _help_default(command, flag)
    assert shown == (f"{default:g}" if isinstance(default, int | float) else str(default)), (command, flag)


def test_a_refused_project_value_is_named_by_its_key_not_by_the_message() -> None:
    sheets = resolve(BuildIn.model_validate({"sheets": {"margin": 40, "gap": 9}}), "sheets", SheetsIn)

    def make(values: SheetsIn) -> None:
        if values.margin > 30:
            raise ParameterError("the page has no room left")  # names no setting
    assert culprit(sheets, make) == "margin"
    given = resolve(BuildIn(), "sheets", SheetsIn, {"margin": 45.0})
    assert culprit(given, make) is None  # a flag's own error: no project key to blame


def test_checked_names_the_deck_line_and_setting(tmp_path: Path) -> None:
    path = tmp_path / "deck.yaml"
    path.write_text((deck_data_dir() / "eagle.yaml").read_text() + "build:\n  sheets:\n    margin: 40\n")
    (tmp_path / "eagle-cards.csv").write_text((deck_data_dir() / "eagle-cards.csv").read_text())
    deck = load_deck(path)
    sheets = resolve(deck.build, "sheets", SheetsIn)

    def make(values: SheetsIn) -> None:
        if values.margin > 30:
            raise ParameterError("the page has no room left")
    with pytest.raises(DeckError) as info:
        checked(deck, sheets, make)
    (problem,) = info.value.problems
    assert problem.field == "build.sheets.margin" and problem.line == len(path.read_text().splitlines())


def test_one_list_of_sheet_settings_flags_model_and_renderer() -> None:
    from dataclasses import fields

    from generator.cli.project_args import SheetFlags
    from generator.cli.sheet_args import SHEET_FLAGS
    from generator.render.sheet_options import SheetOptions, sheet_fields

    model = set(SheetsIn.model_fields) - {"pages"}
    assert {f.name for f in fields(SheetFlags)} - {"page"} == model
    assert {name for name, _kind in SHEET_FLAGS} - {"page"} == model
    options = sheet_fields(resolve(BuildIn(), "sheets", SheetsIn).values)
    assert SheetOptions(page="a4", **options) == SheetOptions(page="a4", backs="duplex-long")  # the same defaults
