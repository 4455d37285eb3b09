"""Hostile values that used to get a misleading message or exit code: an integer of
more than 4,300 digits in YAML (Python's own "set_int_max_str_digits" and no line),
``width: .nan`` ("less than or equal to 500"), a 5,000-digit CSV number echoed whole,
a long ``extends:`` chain without a loop called a loop, and ``build`` exiting 1 and
writing some outputs for a deck every other command refuses with exit 2."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from generator.cli import app
from generator.project.scaffold import scaffold
from generator.render.layout.loader import MAX_EXTENDS


def project(tmp_path: Path) -> Path:
    folder = tmp_path / "proj"
    scaffold(folder)
    return folder


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.output


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


def test_an_integer_of_5000_digits_in_yaml_is_an_error_with_its_line(tmp_path: Path) -> None:
    folder = project(tmp_path)
    deck = folder / "deck.yaml"
    lines = deck.read_text().splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("card_size:"))
    lines[at] = "card_size: {width: " + "9" * 5000 + ", height: 88}"
    deck.write_text("\n".join(lines) + "\n")
    code, output = run("check", str(folder), "--games", "0")
    assert code == 2, output
    assert f"deck.yaml:{at + 1}: invalid YAML: a number of more than 30 digits" in output, output
    assert "set_int_max_str_digits" not in output and "9" * 100 not in output


def test_nan_width_says_not_a_number(tmp_path: Path) -> None:
    folder = project(tmp_path)
    edit(folder / "deck.yaml", "card_size: poker", "card_size: {width: .nan, height: 88}")
    code, output = run("check", str(folder), "--games", "0")
    assert code == 2, output
    assert "field 'card_size.width': not a number" in output, output
    assert "less than or equal" not in output


def test_a_5000_digit_csv_number_is_not_echoed_whole(tmp_path: Path) -> None:
    folder = project(tmp_path)
    edit(folder / "cards.csv", "A01,Skylark,210,", "A01,Skylark," + "9" * 5000 + ",")
    code, output = run("check", str(folder), "--games", "0")
    assert code == 2, output
    line = next(line for line in output.splitlines() if "cards.csv:2" in line)
    assert "card A01, field 'speed'" in line and "(5,000 characters)" in line, line
    assert len(line) < 300 and "9" * 100 not in output, line


def _chain(folder: Path, length: int) -> None:
    """``mycards`` extends l1, l1 extends l2 ... the last extends the bundled weiji: no loop."""
    layouts = folder / "layouts"
    edit(layouts / "mycards.yaml", "extends: weiji", "extends: l1")
    for i in range(1, length):
        parent = f"l{i + 1}" if i + 1 < length else "weiji"
        (layouts / f"l{i}.yaml").write_text(f"name: l{i}\nextends: {parent}\n")


def test_a_long_extends_chain_without_a_loop_is_not_called_a_loop(tmp_path: Path) -> None:
    folder = project(tmp_path)
    _chain(folder, MAX_EXTENDS + 1)  # one step over the limit, no layout named twice
    code, output = run("check", str(folder), "--games", "0")
    assert code == 2, output
    assert "loop" not in output, output
    assert f"longer than {MAX_EXTENDS} steps" in output and "field 'extends'" in output, output


def test_a_chain_within_the_limit_loads_and_a_real_loop_is_still_a_loop(tmp_path: Path) -> None:
    folder = project(tmp_path)
    _chain(folder, MAX_EXTENDS - 2)  # weiji extends a bundled base layout itself
    code, output = run("check", str(folder), "--games", "0")
    assert code == 0, output
    (folder / "layouts" / "l3.yaml").write_text("name: l3\nextends: l2\n")  # l2 -> l3 -> l2
    code, output = run("check", str(folder), "--games", "0")
    assert code == 2 and "extend each other in a loop" in output, output


def test_an_extends_that_names_no_layout_or_one_outside_names_its_own_line(tmp_path: Path) -> None:
    """Not the deck's ``layout:`` line (it named a layout that exists), nor no line at all."""
    folder = project(tmp_path)
    layout = folder / "layouts" / "mycards.yaml"
    at = next(i for i, line in enumerate(layout.read_text().splitlines(), 1) if line.startswith("extends:"))
    (tmp_path / "outside.yaml").write_text("name: outside\n")
    for parent, said in (("nosuch", "layout 'nosuch' not found"), ("../../outside.yaml", "layout '../../outside.yaml' is outside the allowed")):
        edit(layout, layout.read_text().splitlines()[at - 1], f"extends: {parent}")
        code, output = run("check", str(folder), "--games", "0")
        assert code == 2, output
        assert f"mycards.yaml:{at}: field 'extends': {said}" in output, output
        assert "deck.yaml" not in output, output


def test_build_refuses_with_exit_2_and_writes_nothing_for_a_deck_every_command_refuses(tmp_path: Path) -> None:
    folder = project(tmp_path)
    edit(folder / "layouts" / "mycards.yaml", "text: '{{ fields.tagline }}'", "text: '{{ fields.tagline ~ (1 // 0) }}'")
    for command in (["check", str(folder), "--games", "0"], ["cards", str(folder), "-o", str(tmp_path / "c.pdf")]):
        code, output = run(*command)
        assert code == 2 and "ZeroDivisionError" in output, (command, output)
    out = tmp_path / "out"
    code, output = run("build", str(folder), "-o", str(out), "--jobs", "1", "--balance-games", "10")
    assert code == 2, output
    assert "element 'tagline'" in output and "ZeroDivisionError" in output, output
    assert not (out / "proj").exists(), sorted(p.name for p in (out / "proj").rglob("*"))
