"""One vocabulary of options: a flag name means one thing in every command, the
project's ``build:`` settings use the flags' names, and the old spellings of renamed
flags still work for now, each saying on one stderr line what to use instead."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import typer
from PIL import Image
from pypdf import PdfReader
from typer.testing import CliRunner

from generator.cli import app
from generator.cli.commands import COMMANDS
from generator.deck.settings import BookletsIn, BuildIn, ImagesIn, SheetsIn, ShowcaseIn

runner = CliRunner()


def commands() -> dict[str, Any]:
    """Every command as Typer builds it (its own vendored click: duck-typed here)."""
    group = typer.main.get_command(app)
    ctx = typer.Context(group)
    return {name: group.get_command(ctx, name) for name, _module, _help in COMMANDS}  # type: ignore[attr-defined]


def visible(command: Any) -> dict[str, Any]:
    """Every flag spelling a command shows (``--crop-marks`` and ``--no-crop-marks`` both)."""
    out: dict[str, Any] = {}
    for param in command.params:
        if param.param_type_name == "option" and not param.hidden:
            for name in [*param.opts, *param.secondary_opts]:
                out[name] = param
    return out


def meaning(option: Any) -> tuple[str, ...]:
    """What kind of value a flag takes: a number, a text, or on/off."""
    if option.is_flag:
        return ("on/off",)
    annotation = option.type_descriptor.annotation
    return (getattr(annotation, "__name__", str(annotation)), "many" if option.multiple else "one")


# A name that takes a value of a different type per command, on purpose: the thing
# written is a file for a one-file command and a folder for a many-file one.
SAME_NAME_OTHER_TYPE = {"-o", "--output"}


def test_every_flag_name_takes_one_kind_of_value_in_every_command() -> None:
    seen: dict[str, dict[tuple[str, ...], list[str]]] = {}
    for name, command in commands().items():
        for flag, option in visible(command).items():
            seen.setdefault(flag, {}).setdefault(meaning(option), []).append(name)
    mixed = {flag: kinds for flag, kinds in seen.items() if len(kinds) > 1 and flag not in SAME_NAME_OTHER_TYPE}
    assert not mixed, f"one name, several meanings: {mixed}"
    # the four names the issue found with two meanings
    assert seen["--bleed"] == {("float", "one"): ["cards", "images", "tiles"]}
    assert seen["--backs"].keys() == {("str", "one")} and "images" not in seen["--backs"][("str", "one")]
    assert seen["--format"] == {("str", "one"): ["images"]}  # rules says --imposition
    assert "check" not in seen["--strict"][("on/off",)] and "--fail-on-warnings" in visible(commands()["check"])


def test_a_shared_flag_has_one_help_text() -> None:
    """``--strict`` in cards, images and build is one declaration (options.py): one text."""
    helps: dict[str, set[str]] = {}
    for command in commands().values():
        for flag, option in visible(command).items():
            if flag in ("--strict", "--bleed", "--backs", "--jobs", "--lang", "--color", "--arrangement"):
                helps.setdefault(flag, set()).add(option.help or "")
    assert len(helps["--strict"]) == 1 and len(helps["--jobs"]) == 1 and len(helps["--arrangement"]) == 1
    assert all("mm" in h for h in helps["--bleed"])  # millimetres, everywhere


@pytest.mark.parametrize("model,command,renamed", [
    (SheetsIn, "cards", {"pages": "--page"}),
    (SheetsIn, "tiles", {"pages": "--page"}),
    (ImagesIn, "images", {}),
    (ShowcaseIn, "images", {"width": "--showcase-width"}),
    # variants: the booklets build writes, each with its --set list; rules writes one, with --set
    (BookletsIn, "rules", {"variants": None}),
])
def test_the_settings_and_the_flags_are_the_same_names(model: Any, command: str,
                                                       renamed: dict[str, str | None]) -> None:
    flags = visible(commands()[command])
    for field in model.model_fields:
        flag = renamed.get(field, "--" + field.replace("_", "-"))
        if flag is None:  # a build-only setting, named in the parametrization above
            continue
        assert flag in flags, f"build.{model.__name__}.{field} has no flag {flag} in {command}"
    assert "balance" in BuildIn.model_fields and "--games" in visible(commands()["check"])


def test_the_project_page_shorthand_and_old_key_names_read() -> None:
    assert BuildIn.model_validate({"sheets": {"page": "letter"}}).sheets.pages == ["letter"]
    old = BuildIn.model_validate({"images": {"backs": False}, "booklets": {"format": "sheet"}})
    assert old.images.back_images is False and old.booklets.imposition == "sheet"
    with pytest.raises(ValueError, match="not both"):
        BuildIn.model_validate({"sheets": {"page": "letter", "pages": ["a4"]}})


# -- old spellings: they work, and say once what to use instead ------------------------
def run(*args: str | Path) -> tuple[int, str, str]:
    result = runner.invoke(app, [str(a) for a in args])
    assert "Traceback" not in result.output
    return result.exit_code, result.stdout, result.stderr


def one_warning(stderr: str, old: str, new: str) -> None:
    lines = [line for line in stderr.splitlines() if "deprecated" in line]
    assert len(lines) == 1 and old in lines[0] and new in lines[0], stderr


def widths(folder: Path) -> set[int]:
    sizes = set()
    for path in folder.glob("*.png"):
        with Image.open(path) as im:
            sizes.add(im.width)
    return sizes


def test_images_bare_bleed_is_an_eighth_of_an_inch(tmp_path: Path) -> None:
    code, _out, err = run("images", "lighting", "-o", tmp_path / "old", "--dpi", "30", "--jobs", "1", "--bleed")
    assert code == 0, err
    one_warning(err, "images --bleed", "--bleed 3.175")
    assert run("images", "lighting", "-o", tmp_path / "new", "--dpi", "30", "--jobs", "1", "--bleed", "3.175")[0] == 0
    assert widths(tmp_path / "old") == widths(tmp_path / "new")
    # bare --bleed before another option, too
    code, _out, err = run("images", "lighting", "--bleed", "-o", tmp_path / "mid", "--dpi", "30", "--jobs", "1")
    assert code == 0 and widths(tmp_path / "mid") == widths(tmp_path / "new"), err


def test_images_no_bleed_is_bleed_0(tmp_path: Path) -> None:
    code, _out, err = run("images", "lighting", "-o", tmp_path / "old", "--dpi", "30", "--jobs", "1", "--no-bleed")
    assert code == 0, err
    one_warning(err, "--no-bleed", "--bleed 0")
    assert run("images", "lighting", "-o", tmp_path / "new", "--dpi", "30", "--jobs", "1")[0] == 0
    assert widths(tmp_path / "old") == widths(tmp_path / "new")


@pytest.mark.parametrize("old,new,backs", [("--backs", "--back-images", True), ("--no-backs", "--no-back-images", False)])
def test_images_backs_switch_is_back_images(tmp_path: Path, old: str, new: str, backs: bool) -> None:
    code, _out, err = run("images", "lighting", "-o", tmp_path / "i", "--dpi", "30", "--jobs", "1", old)
    assert code == 0, err
    one_warning(err, "images --backs/--no-backs", "--back-images/--no-back-images")
    assert any("back" in p.name for p in (tmp_path / "i").iterdir()) is backs
    code, _out, err = run("images", "lighting", "-o", tmp_path / "n", "--dpi", "30", "--jobs", "1", new)
    assert code == 0 and "deprecated" not in err, err


def test_rules_format_is_imposition(tmp_path: Path) -> None:
    code, out, err = run("rules", "weiji", "-o", tmp_path / "old.pdf", "--format", "sheet")
    assert code == 0, err
    one_warning(err, "rules --format", "--imposition")
    assert run("rules", "weiji", "-o", tmp_path / "new.pdf", "--imposition", "sheet")[0] == 0
    assert len(PdfReader(tmp_path / "old.pdf").pages) == len(PdfReader(tmp_path / "new.pdf").pages)
    assert "booklet" not in out
    code, _out, err = run("rules", "weiji", "-o", tmp_path / "bad.pdf", "--imposition", "zine")
    assert code == 2 and "--imposition 'zine' is not valid; valid: booklet, sheet" in err


def test_check_strict_is_fail_on_warnings() -> None:
    # Eagle has balance warnings and no errors: 0 without the flag, 1 with it
    assert run("check", "eagle", "--games", "0")[0] == 0
    code, _out, err = run("check", "eagle", "--games", "0", "--strict")
    assert code == 1
    one_warning(err, "check --strict", "--fail-on-warnings")
    code, _out, err = run("check", "eagle", "--games", "0", "--fail-on-warnings")
    assert code == 1 and "deprecated" not in err


def test_crop_marks_and_cut_lines_are_on_off_pairs(tmp_path: Path) -> None:
    """``--no-crop-marks`` (the old flag) is the off side of ``--crop-marks``: no warning."""
    code, _out, err = run("cards", "lighting", "-o", tmp_path / "c.pdf", "--no-crop-marks", "--cut-lines")
    assert code == 0 and "deprecated" not in err, err
