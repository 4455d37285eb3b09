"""A project declares the rule booklets its build writes (``build: booklets: variants:``,
issue #32: "build of a project also writes its rule booklets, every variant the project
declares"): each variant is a name and its ``--set`` parameters, checked against the deck's
game by the one deck validation, so ``check`` refuses what ``build`` could not print."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from pypdf import PdfReader
from typer.testing import CliRunner

from generator.cli import app
from generator.deck.load import resolve_deck
from generator.project.jobs import plan_deck

from .conftest import line_of

runner = CliRunner()
VARIANTS = """build:
  outputs: [booklets]
  booklets:
    variants:
      elvish: []
      human: [variant=human]
      viashilym: [players=6]
"""


def _with_variants(variant: Callable[..., Path], text: str = VARIANTS) -> Path:
    path = variant("starfall8")
    path.write_text(path.read_text(encoding="utf-8") + text, encoding="utf-8")
    return path


def _text(pdf: Path) -> str:
    return " ".join(" ".join(page.extract_text() for page in PdfReader(pdf).pages).split())


def test_the_build_plans_one_booklet_per_declared_variant(variant: Callable[..., Path], tmp_path: Path) -> None:
    path = _with_variants(variant)
    jobs = [j for j in plan_deck(str(path), resolve_deck(str(path)), tmp_path / "out") if j.kind == "rules"]
    assert {j.outputs[0].name: j.options["sets"] for j in jobs} == {
        "rules-elvish-booklet.pdf": [], "rules-human-booklet.pdf": ["variant=human"],
        "rules-viashilym-booklet.pdf": ["players=6"]}


def test_build_writes_each_variants_booklet_stating_its_rules(variant: Callable[..., Path], tmp_path: Path) -> None:
    path = _with_variants(variant)
    out = tmp_path / "out"
    result = runner.invoke(app, ["build", str(path), "-o", str(out), "--jobs", "1"])
    assert result.exit_code == 0, result.output
    folder = out / "starfall8"
    assert sorted(p.name for p in folder.glob("*.pdf")) == [
        "rules-elvish-booklet.pdf", "rules-human-booklet.pdf", "rules-viashilym-booklet.pdf"]
    # the parameters table of each: Starfall Eight has 8 ranks in 6 suits, 48 cards; 3 players get 16 each
    elvish, human, six = (_text(folder / f"rules-{v}-booklet.pdf") for v in ("elvish", "human", "viashilym"))
    assert "Rules elvish Players 3 Cards 48 (16 each" in elvish
    assert "Rules human Players 3 Cards 48 (16 each" in human
    assert "three teams of two, two decks" in six and "Players 6 Cards 96 (16 each" in six  # two decks: 96
    assert "--set variant=human" in human  # its simulate command plays this variant


def test_a_variant_the_game_does_not_have_is_refused_by_check_and_build_at_its_line(
    variant: Callable[..., Path], tmp_path: Path
) -> None:
    path = _with_variants(variant, VARIANTS.replace("players=6", "players=9"))
    line = line_of(path, "viashilym: [players=9]")
    checked = runner.invoke(app, ["check", str(path), "--games", "0"])
    assert checked.exit_code == 1, checked.output
    where = f"{path.name}:{line}: field 'build.booklets.variants.viashilym'"
    assert where in " ".join(checked.output.split()) or where in checked.output.replace("\n", "")
    assert "players: Input should be 3 or 6, got 9" in " ".join(checked.output.split())
    out = tmp_path / "out"
    built = runner.invoke(app, ["build", str(path), "-o", str(out), "--jobs", "1"])
    assert built.exit_code != 0 and f"{path}:{line}" in built.output.replace("\n", "")
    assert not list(out.glob("starfall8/*.pdf"))  # nothing printed


def test_a_variant_name_that_cannot_be_a_file_name_is_an_error_at_its_line(variant: Callable[..., Path]) -> None:
    path = _with_variants(variant, VARIANTS.replace("      human:", '      "human/../x":'))
    result = runner.invoke(app, ["check", str(path), "--games", "0"])
    assert result.exit_code == 2, result.output
    assert f":{line_of(path, 'human/../x')}: field 'build.booklets.variants.human/../x'" in result.output


def test_an_unknown_parameter_of_a_variant_is_named(variant: Callable[..., Path]) -> None:
    path = _with_variants(variant, VARIANTS.replace("variant=human", "varaint=human"))
    result = runner.invoke(app, ["check", str(path), "--games", "0"])
    assert result.exit_code == 1 and "booklet variant 'human'" in result.output and "varaint" in result.output
