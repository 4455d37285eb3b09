"""A project's own rules template: ``deckpress new`` writes it, ``deckpress rules``
and ``deckpress build`` use it, and it runs in the sandbox."""

from __future__ import annotations

from pathlib import Path

import pypdf
import pytest
from typer.testing import CliRunner

from generator.booklet import build_booklet
from generator.cli import app
from generator.deck import resolve_deck
from generator.errors import RenderError
from generator.games.registry import make_params
from generator.project.jobs import plan_deck, project_rules


def pdf_text(path: Path) -> str:
    return "".join(page.extract_text() for page in pypdf.PdfReader(path).pages)


@pytest.fixture()
def project(tmp_path: Path) -> Path:
    folder = tmp_path / "my-game"
    result = CliRunner().invoke(app, ["new", str(folder)])
    assert result.exit_code == 0, result.output
    return folder


def test_new_writes_an_editable_rules_template_that_rules_uses(project: Path, tmp_path: Path) -> None:
    template = project / "rules" / "weiji.md.j2"
    assert template.is_file()
    text = template.read_text()
    assert '# {{ _("Goal") }}' in text  # the bundled text, its sentences marked for the catalogue
    template.write_text(text.replace('# {{ _("Goal") }}', "# How to win our game"))
    out = tmp_path / "rules.pdf"
    result = CliRunner().invoke(app, ["rules", "weiji", "--deck", str(project), "-o", str(out)])
    assert result.exit_code == 0, result.output
    text = pdf_text(out)
    assert "How to win our game" in text
    assert "Speed" in text and "Weight" in text  # the project's own attributes


def test_build_plans_a_booklet_for_a_project_with_rules(project: Path, tmp_path: Path) -> None:
    deck = resolve_deck(project)
    assert project_rules(deck) == project / "rules" / "weiji.md.j2"
    jobs = {job.id: job for job in plan_deck(str(project), deck, tmp_path)}
    assert f"{deck.key}/rules" in jobs
    before = jobs[f"{deck.key}/rules"].key
    (project / "rules" / "weiji.md.j2").write_text("%title Changed\n\nNew text.\n")
    after = {j.id: j for j in plan_deck(str(project), resolve_deck(project), tmp_path)}[f"{deck.key}/rules"].key
    assert before != after, "editing the rules template must rebuild the booklet"
    assert project_rules(resolve_deck("lighting")) is None


@pytest.mark.parametrize(
    "attack",
    ["{{ ''.__class__.__mro__[1].__subclasses__() }}", "{{ cycler.__init__.__globals__.os }}",
     "{{ params.__class__.__init__.__globals__ }}"],
)
def test_a_project_rules_template_cannot_escape_the_sandbox(project: Path, tmp_path: Path, attack: str) -> None:
    (project / "rules" / "weiji.md.j2").write_text(f"%title Attack\n\n{attack}\n")
    with pytest.raises(RenderError) as info:
        build_booklet("weiji", make_params("weiji"), resolve_deck(project), tmp_path / "x.pdf")
    assert "weiji.md.j2" in str(info.value)
    assert not (tmp_path / "x.pdf").exists()


def test_check_validates_the_projects_rules_template_naming_its_line(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from generator.cli import app

    project = tmp_path / "game"
    assert CliRunner().invoke(app, ["new", str(project)]).exit_code == 0
    template = project / "rules" / "weiji.md.j2"
    lines = template.read_text(encoding="utf-8").splitlines()
    template.write_text("\n".join([*lines, "{{ 1 / 0 }}"]) + "\n", encoding="utf-8")
    bad = len(lines) + 1
    for args in (["check", str(project), "--games", "0"],
                 ["rules", "weiji", "--deck", str(project), "-o", str(tmp_path / "r.pdf")]):
        result = CliRunner().invoke(app, args)
        assert result.exit_code == 2, result.output
        assert f"weiji.md.j2:{bad}: rule template: ZeroDivisionError" in result.output, result.output
    assert not (tmp_path / "r.pdf").exists()
