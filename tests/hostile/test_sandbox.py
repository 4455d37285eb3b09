"""User templates (layout text, ``when:``) run sandboxed: no Python internals, no
environment, no file system, bounded work. Every attempt ends in a RenderError
naming layout, card and element — never a traceback, a hang or a blown heap."""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path

import pytest

from generator.deck import resolve_deck
from generator.deck.model import Deck
from generator.errors import RenderError
from generator.render.cards import card_pieces
from generator.render.layout.context import Where, card_context, render, truthy


@pytest.fixture(scope="module")
def deck() -> Deck:
    return resolve_deck("lighting")


@pytest.fixture(scope="module")
def ctx(deck: Deck) -> dict:
    return card_context(deck, deck.cards[0])


WHERE = Where("evil", Path("evil.yaml"), "L01", "title")

ESCAPES = [
    # Python internals
    "{{ ''.__class__.__mro__[1].__subclasses__() }}",
    "{{ ''.__class__.__base__.__subclasses__() }}",
    "{{ card.__class__.__init__.__globals__ }}",
    "{{ card.__dict__ }}",
    "{{ deck.card.__func__.__globals__['os'] }}",
    "{{ cycler.__init__.__globals__.os.popen('id').read() }}",
    "{{ joiner.__init__.__globals__.os }}",
    "{{ namespace.__init__.__globals__.os }}",
    "{{ lipsum.__globals__['os'].popen('id').read() }}",
    "{{ lipsum.__globals__.__builtins__.__import__('os') }}",
    "{{ self._TemplateReference__context }}",
    "{{ self.__init__.__globals__ }}",
    "{{ range.__self__ }}",
    "{{ dict.__base__.__subclasses__() }}",
    "{{ request.application.__globals__ }}",
    "{{ config.items() }}",
    "{{ ''|attr('__class__') }}",
    "{{ (card|attr('__class__')).__mro__ }}",
    "{{ deck.cards|map(attribute='__class__')|first }}",
    "{{ deck.cards|join(attribute='__class__') }}",
    "{{ '{0.__class__}'.format(card) }}",
    "{{ '{0.__init__.__globals__}'.format(deck) }}",
    "{{ '%s'.__mod__ }}",
    "{% set x = ''.__class__ %}{{ x }}",
    # the environment and the file system
    "{{ environ }}",
    "{{ deck.path.read_text() }}",
    "{{ deck.path.parent.joinpath('x').write_text('pwned') }}",
    "{{ deck.folder.iterdir()|list }}",
    "{{ card.source.file.unlink() }}",
    "{% include '/etc/passwd' %}",
    "{% import 'os' as os %}",
    "{% extends '/etc/passwd' %}",
    "{% from 'x' import y %}",
    # mutation of shared data
    "{{ deck.cards.__setitem__(0, 1) }}",
    "{{ fields.update({'a': 1}) }}",
    "{{ colors.clear() }}",
    "{{ deck.printed()|list }}",
]


@pytest.mark.parametrize("source", ESCAPES)
def test_escape_attempts_are_render_errors_naming_layout_card_and_element(source: str, ctx: dict) -> None:
    with pytest.raises(RenderError) as info:
        render(source, ctx, WHERE)
    problem = info.value.problems[0]
    assert problem.card == "L01" and "layout evil" in problem.message and "'title'" in problem.message
    assert problem.file == Path("evil.yaml")


def test_paths_reach_templates_only_as_text(ctx: dict, deck: Deck) -> None:
    assert render("{{ deck.path }}", ctx, WHERE) == str(deck.path)
    with pytest.raises(RenderError, match="a text has no field 'read_text'"):
        render("{{ deck.path.read_text() }}", ctx, WHERE)


def test_a_template_cannot_write_a_file(tmp_path: Path, deck: Deck) -> None:
    target = tmp_path / "pwned.txt"
    probe = replace(deck, path=tmp_path / "deck.yaml")
    ctx = card_context(probe, probe.cards[0])
    for source in ("{{ deck.folder.joinpath('pwned.txt').write_text('x') }}",
                   "{{ deck.path.with_name('pwned.txt').touch() }}"):
        with pytest.raises(RenderError):
            render(source, ctx, WHERE)
    assert not target.exists()


DOS = [
    ("{{ range(10**10)|list }}", "range"),
    ("{{ range(10**10) }}", "range"),
    ("{% for i in range(10000) %}{% for j in range(10000) %}{% endfor %}{% endfor %}", "too much work"),
    ("{% for a in deck.cards %}{% for b in deck.cards %}{% for c in deck.cards %}{% endfor %}{% endfor %}"
     "{% endfor %}", "too much work"),
    ("{% set s = range(9999)|list %}{% for a in s %}{% for b in s %}x{% endfor %}{% endfor %}", "too much work"),
    ("{{ 99**99**99 }}", "larger than"),
    ("{{ 2**100000 }}", "larger than"),
    ("{% set a = 2**4000 %}{{ a * a }}", "larger than"),
    ("{{ 10.0**400 }}", "range error"),
    ("{{ 'x' * 10**10 }}", "longer than"),
    ("{{ [1] * 10**9 }}", "longer than"),
    ("{% set a = 'x' * 90000 %}{{ a ~ a }}", "longer than"),
    ("{% set a = 'x' * 90000 %}{{ a + a }}", "longer than"),
    ("{% set a = 'x' * 1000 %}{{ a|replace('x', a) }}", "longer than"),
    ("{% set a = 'x' * 1000 %}{{ a.replace('x', a) }}", "longer than"),
    ("{{ '%0999999999d' % 1 }}", "width"),
    ("{{ '%*d' % (999999999, 1) }}", "width"),
    ("{{ '%0999999999d'|format(1) }}", "width"),
    ("{{ '{:>999999999}'.format(1) }}", "width"),
    ("{{ '{:>{}}'.format(1, 999999999) }}", "width"),
    ("{{ '{:>{w}}'.format_map({'w': 999999999}) }}", "width"),
    ("{{ '{0:{1}.{1}}'.format(1.5, 99999) }}", "width"),
    ("{{ 'x'.center(10**9) }}", "wider"),
    ("{{ 'x'|center(10**9) }}", "center"),
    ("{{ 'x'.ljust(10**9) }}", "wider"),
    ("{{ 'x'.zfill(10**9) }}", "wider"),
    ("{{ ('x' * 1000).split('')|list }}", "ValueError"),
    ("{{ ','.join(['x' * 60000, 'y' * 60000]) }}", "longer than"),
    ("{% set b = 'x' * 50000 %}{% for i in range(100) %}{{ b }}{% endfor %}", "prints more than"),
    ("{{ lipsum(10**6) }}", "undefined"),
    ("{{ [[0] * 10000] * 10000 | sum(start=[]) }}", "numbers only"),
    ("{% for c in range(10000) %}{% set s = (range(10000)|list|string) %}{% endfor %}", "runs too long|too much"),
    ("{% for x in [1] recursive %}{{ loop([1, 1]) }}{% endfor %}", "recursive"),
    ("{% macro m() %}{{ m() }}{% endmacro %}{{ m() }}", "macro"),
    ("{{ 1/0 }}", "ZeroDivisionError"),
    ("{{ 'a' + 1 }}", "TypeError"),
    ("{{ int('9' * 5000) }}", "'int' is undefined"),
    ("{{ card.nope }}", "card has no field 'nope'"),
]


@pytest.mark.parametrize(("source", "message"), DOS)
def test_denial_of_service_attempts_stop_quickly_with_a_clean_error(source: str, message: str, ctx: dict) -> None:
    start = time.perf_counter()
    with pytest.raises(RenderError, match=message):
        render(source, ctx, WHERE)
    assert time.perf_counter() - start < 5  # generous; each stops in well under a second


def test_a_huge_template_is_refused(ctx: dict) -> None:
    with pytest.raises(RenderError, match="longer than"):
        render("{{ card.name }}" + "x" * 20_000, ctx, WHERE)


def test_when_expressions_are_sandboxed_too(ctx: dict) -> None:
    assert truthy("card.id == 'L01'", ctx, WHERE)
    assert truthy("{{ deck.attribute('weight').better == 'lower' }}", ctx, WHERE)
    for source in ("''.__class__", "range(10**10)", "deck.path.exists()", "1/0", "99**99**99"):
        with pytest.raises(RenderError, match="in when"):
            truthy(source, ctx, WHERE)


ORDINARY = {
    "{{ card.name|upper }}": "LUMIO SPOT 40",
    "{{ card.id ~ '-' ~ deck.name }}": "L01-Lighting",
    "{{ '%.1f'|format(3.14159) }}": "3.1",
    "{{ '{:.2f}'.format(2.5) }}": "2.50",
    "{{ '{:,}'.format(44420) }}": "44,420",  # a big number is a value, no width (#53: a booklet's count)
    "{{ '{} of {}'.format(123456, 10**6) }}": "123456 of 1000000",
    "{{ deck.attribute('weight').format(card.value('weight')) }}": "0.8 kg",
    "{{ attrs|map(attribute='label')|join(', ') }}": "Light output, Efficacy, Lifetime, Weight, Innovation",
    "{% for a in attrs %}{{ loop.index }}{% endfor %}": "12345",
    "{{ range(3)|sum }}": "3",
    "{{ card.values.items()|list|length }}": "5",
    "{{ colors.primary | default('#333333') | contrast }}": None,
    "{{ card.text|truncate(20) }}": None,
    "{{ (card.name ~ ' ') * 2 }}": "Lumio Spot 40 Lumio Spot 40 ",
    "{{ 2**10 }}": "1024",
    "{{ dict(a=1).a }}": "1",
}


@pytest.mark.parametrize("source", ORDINARY)
def test_ordinary_templates_still_work(source: str, ctx: dict) -> None:
    out = render(source, ctx, WHERE)
    if ORDINARY[source] is not None:
        assert out == ORDINARY[source]


def test_an_escape_in_a_shared_layout_file_fails_the_build_cleanly(tmp_path: Path, deck: Deck) -> None:
    layout = tmp_path / "evil.yaml"
    layout.write_text("front:\n  t: {type: text, text: \"{{ lipsum.__globals__['os'].popen('id').read() }}\"}\n",
                      encoding="utf-8")
    with pytest.raises(RenderError) as info:
        card_pieces(deck, layout)
    assert "card L01" in str(info.value) and "element 't'" in str(info.value) and "layout evil" in str(info.value)


def test_scaffold_templates_come_only_from_the_bundled_folder() -> None:
    """``deckpress new`` uses a plain Jinja2 environment: safe only because no user
    template reaches it (the folder name goes in as a value, never as template source)."""
    import inspect

    from generator.project import scaffold

    source = inspect.getsource(scaffold.scaffold)
    # the starter folder is looked up in a fixed table of bundled folders (--game is a key, never a path)
    assert "source = templates_dir() / templates" in source and "templates, plays = STARTERS[game]" in source
    assert "if game not in starters()" in source and "return [*STARTERS, *COPIED]" in inspect.getsource(scaffold.starters)
    assert all("/" not in name and ".." not in name for name in scaffold.COPIED)  # copied starters: fixed names too
    assert all(not Path(folder).is_absolute() and ".." not in folder for folder, _ in scaffold.STARTERS.values())
    assert "render(context)" in source


def _rules(tmp_path: Path, text: str) -> str:
    from generator.booklet.build import render_rules_text
    from generator.booklet.content import booklet_context
    from generator.games.registry import make_params

    folder = tmp_path / "rules"
    folder.mkdir(exist_ok=True)
    (folder / "weiji.md.j2").write_text(text, encoding="utf-8")
    deck = replace(resolve_deck("lighting"), path=tmp_path / "deck.yaml")
    return render_rules_text("weiji", booklet_context("weiji", make_params("weiji", []), deck), [folder])


@pytest.mark.parametrize("source", [
    "{{ deck.path.read_text() }}",
    "{{ deck.folder.joinpath('pwned.txt').write_text('x') }}",
    "{{ lipsum.__globals__['os'] }}",
    "{{ ''.__class__.__mro__ }}",
    "{% for a in range(10000) %}{% for b in range(10000) %}{% endfor %}{% endfor %}",
    "{{ 'x' * 10**10 }}",
    "{% include '../../../../etc/passwd' %}",
    "{{ 1/0 }}",
])
def test_a_projects_rule_template_is_sandboxed_too(tmp_path: Path, source: str) -> None:
    with pytest.raises(RenderError) as info:
        _rules(tmp_path, source)
    assert "weiji.md.j2" in str(info.value)
    assert not (tmp_path / "pwned.txt").exists()


def test_a_rule_template_linking_outside_its_folder_is_refused(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP SECRET", encoding="utf-8")
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "part.j2").symlink_to(secret)
    with pytest.raises(RenderError, match="outside its folder"):
        _rules(tmp_path, "{% include 'part.j2' %}")


def test_deck_text_is_never_evaluated_as_a_template(tmp_path: Path) -> None:
    text = _rules(tmp_path, "# {{ deck.name }}\n")
    assert text.strip() == "# Lighting"
    from generator.booklet.build import render_rules_text
    from generator.booklet.content import booklet_context
    from generator.games.registry import make_params

    sneaky = replace(resolve_deck("lighting"), name="{{ 7*7 }}")
    out = render_rules_text("weiji", booklet_context("weiji", make_params("weiji", []), sneaky))
    assert "{{ 7*7 }}" in out or "49" not in out
