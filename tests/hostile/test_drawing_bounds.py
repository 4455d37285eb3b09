"""Drawing time is bounded by construction.

Found: one 4,999-character word (inside the 5,000-character limit) took 42.8 s to
draw on one card (each break of the word measured every shorter head of it, at every
size tried); a layout text ``{{ ('x'*90000)|center(99999) }}`` (inside the sandbox's
limits) did not finish drawing in 120 s while ``check`` passed it; a rules template
of 760k characters took 148 s to lay out and ``check`` passed it.

Now a word longer than its box is broken (by bisection) or cut with a warning, sizes
that cannot fit are skipped without wrapping, a layout text longer than any box can
show and a rule booklet longer than its limit are refused — by ``check`` as by the
renderers, from the limits in ``generator.deck.limits``. Growth is checked by counting
Python calls, never by timing."""

from __future__ import annotations

import sys
from pathlib import Path

from typer.testing import CliRunner

from generator.cli import app
from generator.deck import limits, rows
from generator.project.scaffold import scaffold
from generator.render.fonts import register_fonts
from generator.render.layout import context
from generator.render.layout.textfit import fit_rich

MAX_RATIO = 6.0  # 4x the text; n·log n is ~4.5, n² 16


def project(tmp_path: Path) -> Path:
    folder = tmp_path / "proj"
    scaffold(folder)
    return folder


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.output


def calls(work: object) -> int:
    count = 0

    def profile(frame: object, event: str, arg: object) -> None:
        nonlocal count
        if event == "call":
            count += 1

    sys.setprofile(profile)
    try:
        work()  # type: ignore[operator]
    finally:
        sys.setprofile(None)
    return count


def _fit(n: int, box: tuple[float, float]) -> int:
    fit_rich.cache_clear()
    return calls(lambda: fit_rich("W" * n, "Roboto", (500.0, 1.0), box))


def test_fitting_a_long_word_grows_n_log_n_at_most() -> None:
    register_fonts()
    for box in ((60.0, 40.0), (300.0, 300.0), (2.0, 2.0)):  # cut, fits when broken, one letter a line
        small, large = _fit(500, box), _fit(2000, box)
        assert large / small <= MAX_RATIO, (box, small, large)


def test_a_word_longer_than_its_box_is_broken_and_cut_with_a_warning(tmp_path: Path) -> None:
    folder = project(tmp_path)
    cards = folder / "cards.csv"
    cards.write_text(cards.read_text().replace("Light and quick", "W" * (limits.CARD_TEXT - 1), 1))
    code, output = run("cards", str(folder), "-o", str(tmp_path / "cards.pdf"))
    assert code == 0, output
    warning = next(line for line in output.splitlines() if line.startswith("warning:"))
    assert "card A01" in warning and "element 'tagline'" in warning and "was cut" in warning, warning
    assert (tmp_path / "cards.pdf").stat().st_size > 1000


def line_of(path: Path, text: str) -> int:
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if text in line)


def test_a_layout_text_longer_than_any_box_is_refused_by_check_and_cards(tmp_path: Path) -> None:
    folder = project(tmp_path)
    layout = folder / "layouts" / "mycards.yaml"
    layout.write_text(layout.read_text().replace("text: '{{ fields.tagline }}'",
                                                 "text: \"{{ ('x' * 90000)|center(99999) }}\"", 1))
    at = line_of(layout, "center(99999)")
    for command in (["check", str(folder), "--games", "0"], ["cards", str(folder), "-o", str(tmp_path / "c.pdf")]):
        code, output = run(*command)
        assert code == 2, (command, output)
        # file, line, card and field, as every other deckpress error
        assert f"mycards.yaml:{at}: card A01, field 'text': layout mycards, element 'tagline':" in output, output
        assert f"99,999 characters, more than a box can show (at most {limits.DRAWN_TEXT:,})" in output, output
    assert not (tmp_path / "c.pdf").exists()


def test_a_card_field_that_renders_too_long_names_the_card_row_and_field(tmp_path: Path) -> None:
    folder = project(tmp_path)
    cards = folder / "cards.csv"
    lines = cards.read_text().splitlines()
    lines[0] += ",tagline.text"
    lines[1:] = [lines[1] + ",{{ 'y' * 20000 }}", *(row + "," for row in lines[2:])]
    cards.write_text("\n".join(lines) + "\n")
    deck = folder / "deck.yaml"
    deck.write_text(deck.read_text().replace("fields: [tagline]", "fields: [tagline, tagline.text]", 1))
    code, output = run("check", str(folder), "--games", "0")
    assert code == 2, output
    assert "cards.csv:2: card A01, field 'tagline.text': layout mycards, element 'tagline':" in output, output
    assert "20,000 characters, more than a box can show" in output, output
    cards.write_text(cards.read_text().replace("tagline.text", "tagline.size").replace("{{ 'y' * 20000 }}", "9999"))
    deck.write_text(deck.read_text().replace("tagline.text", "tagline.size"))
    code, output = run("check", str(folder), "--games", "0")
    assert code == 2, output
    assert "cards.csv:2: card A01, field 'tagline.size': layout mycards, element 'tagline': size:" in output, output


def test_every_refusal_of_a_layout_key_names_its_line_and_field(tmp_path: Path) -> None:
    """A font no one registered, a ``when`` that fails, a colour a template makes up: each
    refusal names the layout file, the line of the key, the card and the key."""
    folder = project(tmp_path)
    layout = folder / "layouts" / "mycards.yaml"
    original = layout.read_text()
    cases = [("font: Roboto-Italic", "font: NoSuchFont", "font"),
             ("min_size: 5.5", "min_size: 5.5\n    when: '{{ 1 / 0 }}'", "when"),
             ("x: 4", "x: '{{ 2 * 5000 }}'", "x")]
    for old, new, key in cases:
        layout.write_text(original.replace(old, new, 1))
        at = line_of(layout, new.splitlines()[-1].strip())
        code, output = run("check", str(folder), "--games", "0")
        assert code == 2, (key, output)
        assert f"mycards.yaml:{at}: card A01, field '{key}': layout mycards, element 'tagline':" in output, output


def test_a_rule_booklet_over_its_limit_is_refused_by_check_as_by_rules(tmp_path: Path) -> None:
    folder = project(tmp_path)
    rules = folder / "rules" / "weiji.md.j2"
    rules.write_text(rules.read_text() + "\n{% for i in range(3000) %}\n"
                     "A paragraph of filler text number {{ i }} that says nothing much at all here.\n{% endfor %}\n")
    at = line_of(rules, "range(3000)")  # the loop writing when the text passed the limit (Jinja2's own lines)
    said = []
    for command in (["check", str(folder), "--games", "0"],
                    ["rules", "weiji", "--deck", str(folder), "-o", str(tmp_path / "r.pdf")]):
        code, output = run(*command)
        assert code == 2, (command, output)
        line = next(line for line in output.splitlines() if "weiji.md.j2" in line)
        # the loop's own line or the line of its body, as Jinja2's generator pauses there
        assert any(f"weiji.md.j2:{n}: rule template: the booklet's text grows past what a rule booklet may hold "
                   f"({limits.RULES_TEXT:,} characters" in line for n in (at, at + 1)), line
        said.append(line)
    assert said[0] == said[1]
    assert not (tmp_path / "r.pdf").exists()


def test_a_rule_template_may_be_as_long_as_a_booklet_and_no_longer(tmp_path: Path) -> None:
    """A designer's rulebook longer than a layout text (10,000 characters) renders; the
    760,000-character template of issue 41 is refused before it is parsed."""
    folder = project(tmp_path)
    rules = folder / "rules" / "weiji.md.j2"
    original = rules.read_text()
    rules.write_text(original + "\n" + "A rule sentence that a long rulebook could hold. " * 400 + "\n")
    assert 20_000 < len(rules.read_text()) < limits.RULES_TEXT
    code, output = run("check", str(folder), "--games", "0")
    assert code == 0, output
    rules.write_text(original + "\n" + "Filler words that say nothing much. " * 21_000 + "\n")
    code, output = run("check", str(folder), "--games", "0")
    assert code == 2, output
    assert f"weiji.md.j2:1: rule template: a template longer than {limits.RULES_TEXT:,} characters" in output, output


def test_the_shared_limits_live_in_one_place() -> None:
    assert rows.MAX_TEXT is limits.CARD_TEXT
    assert context.DRAWN_TEXT is limits.DRAWN_TEXT
    assert limits.CARD_TEXT <= limits.DRAWN_TEXT <= limits.RULES_TEXT
