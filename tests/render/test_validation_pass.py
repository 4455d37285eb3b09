"""One validation pass shared by `check` and every render command: a bad value a
render reads (here a colour in a project layout that extends a bundled one) is the
same error in each, naming the project's file, line, element and card."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli import app

runner = CliRunner()


@pytest.fixture
def project(tmp_path: Path) -> Path:
    folder = tmp_path / "proj"
    assert runner.invoke(app, ["new", str(folder)]).exit_code == 0
    layout = folder / "layouts" / "mycards.yaml"
    text = layout.read_text(encoding="utf-8")
    layout.write_text(text + "  header: {color: '#zz0000'}\n", encoding="utf-8")
    return folder


def _line(project: Path) -> int:
    lines = (project / "layouts" / "mycards.yaml").read_text(encoding="utf-8").splitlines()
    return next(i for i, line in enumerate(lines, start=1) if "#zz0000" in line)


@pytest.mark.parametrize("args", [
    ["check", "{p}", "--games", "0"],
    ["cards", "{p}", "-o", "{out}/x.pdf"],
    ["images", "{p}", "-o", "{out}/img", "--jobs", "1", "--dpi", "30"],
])
def test_a_bad_colour_is_the_same_error_in_check_and_every_render(project: Path, tmp_path: Path,
                                                                  args: list[str]) -> None:
    result = runner.invoke(app, [a.replace("{p}", str(project)).replace("{out}", str(tmp_path)) for a in args])
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and "failed unexpectedly" not in result.output
    assert f"mycards.yaml:{_line(project)}: card A01, field 'color': layout mycards, front element 'header': " \
           "not a colour: '#zz0000'" in result.output
    assert "layout weiji" not in result.output
    assert not (tmp_path / "x.pdf").exists()


def test_build_names_the_file_line_and_element(project: Path, tmp_path: Path) -> None:
    result = runner.invoke(app, ["build", str(project), "-o", str(tmp_path / "out"), "--balance-games", "0",
                                 "--jobs", "1"])
    assert result.exit_code == 2  # a deck every command refuses: bad input in build too
    assert f"mycards.yaml:{_line(project)}: card A01, field 'color': layout mycards, front element 'header'" \
        in result.output


def test_check_json_prints_json_even_when_the_deck_fails(project: Path) -> None:
    result = runner.invoke(app, ["check", str(project), "--games", "0", "--json"])
    assert result.exit_code == 2
    report = json.loads(result.stdout)
    assert report["ok"] is False and report["exit_code"] == 2
    [error] = report["errors"]
    assert (Path(error["file"]).name, error["line"], error["card"], error["field"]) == (
        "mycards.yaml", _line(project), "A01", "color")
