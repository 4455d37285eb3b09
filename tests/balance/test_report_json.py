"""The balance report typed to the last field, and its JSON by one generic pair
(generator/games/jsondata.py): every report dataclass writes its keys in the order
they always had and reads itself back; a report an older version stored still loads,
byte for byte; no field holds a plain mapping where the report declares a dataclass."""

from __future__ import annotations

import dataclasses
import json
import sys
import types
import typing
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from generator.balance.changes_result import Change, Changes, Suggestion
from generator.balance.checks import run_checks
from generator.balance.findings import Report
from generator.balance.quality_result import Quality
from generator.balance.result import CardImpact, CardRemoval, GridRow, Holder, Playtest, SkillGap
from generator.balance.run import CheckOptions
from generator.balance.static_result import AttributeStatic, CardStrength, SuitedStatic
from generator.balance.targets import TargetResult
from generator.cli import app
from generator.deck import resolve_deck
from generator.games.finding import Finding
from generator.games.jsondata import JsonData, as_json, dump, empty, load, none
from generator.games.reporting import MappingSection, ReportHooks, Section, Share

from .conftest import fixture_deck

# reports the version before the generic pair wrote (`check --json`, stored compact): each
# must load and write itself again byte for byte, keys and their order included
STORED = sorted((Path(__file__).parent / "reports").glob("*.json"))


# -- the generic pair, on a dataclass of its own ---------------------------------------------


@dataclass(frozen=True)
class Point(JsonData):
    x: int
    y: int


@dataclass(frozen=True)
class Shape(JsonData):
    name: str
    at: Mapping[str, int] = field(metadata=as_json(place="inline"))  # spliced into the object, first
    corners: tuple[Point, ...] = ()
    start: Point | None = field(default=None, metadata=as_json(omit=none))
    tags: tuple[str, ...] = field(default=(), metadata=as_json(omit=empty))
    from_: int = field(default=0, metadata=as_json("from"))
    pairs: tuple[tuple[str, int], ...] = field(default=(), metadata=as_json(write=dict, read=lambda raw: tuple(raw.items())))


def test_the_generic_pair_writes_the_fields_in_order_and_reads_them_back() -> None:
    shape = Shape("square", {"row": 2, "col": 3}, (Point(0, 0), Point(1, 1)), None, (), 5, (("a", 1),))
    data = shape.to_json()
    # by hand: the inline mapping's keys where the field stands, None and empty left out,
    # tuples as lists, "from" for from_, the pairs as a mapping
    assert json.dumps(data) == ('{"name": "square", "row": 2, "col": 3, "corners": [{"x": 0, "y": 0}, {"x": 1, "y": 1}],'
                                ' "from": 5, "pairs": {"a": 1}}')
    again = Shape.from_json(json.loads(json.dumps(data)))
    assert again == shape and isinstance(again.corners[0], Point)
    # a key the JSON lacks takes the field's default (an older version's report)
    assert load(Shape, {"name": "dot", "x": 1}) == Shape("dot", {"x": 1})
    assert dump(Shape("dot", {}, start=Point(2, 3))) == {"name": "dot", "corners": [], "start": {"x": 2, "y": 3},
                                                          "from": 0, "pairs": {}}


# -- every report dataclass, from real checks ------------------------------------------------


def dataclasses_in(obj: Any) -> Iterator[Any]:
    """Every dataclass instance in ``obj``, itself first."""
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        yield obj
        for f in dataclasses.fields(obj):
            yield from dataclasses_in(getattr(obj, f.name))
    elif isinstance(obj, Mapping):
        for v in obj.values():
            yield from dataclasses_in(v)
    elif isinstance(obj, list | tuple):
        for v in obj:
            yield from dataclasses_in(v)


def _pairs(value: Any) -> Any:
    """JSON with every object as its list of (key, value): equal only in the same order."""
    if isinstance(value, Mapping):
        return [(k, _pairs(v)) for k, v in value.items()]
    if isinstance(value, list | tuple):
        return [_pairs(v) for v in value]
    return value


@pytest.fixture(scope="module")
def live() -> list[Report]:
    """Small real checks: a Weiji deck with an unbeatable card (holders, card strengths), a
    War deck (its grid), and a rules-file game through the CLI with --quality."""
    runner = CliRunner()
    result = runner.invoke(app, ["check", "goofspiel", "--games", "50", "--jobs", "1", "--quality", "--json"])
    assert result.exit_code in (0, 1), result.output
    return [run_checks(fixture_deck("unbeatable"), CheckOptions(games=60)),
            run_checks(resolve_deck("piecepack"), CheckOptions(games=30)),
            Report.from_json(json.loads(result.stdout))]


def test_every_report_dataclass_survives_its_json_with_the_keys_in_order(live: list[Report]) -> None:
    seen: set[type] = set()
    for report in live:
        data = json.loads(json.dumps(report.to_json()))
        assert _pairs(Report.from_json(data).to_json()) == _pairs(data)
        for part in dataclasses_in(report):
            if isinstance(part, Report):
                continue
            seen.add(type(part))
            written = json.loads(json.dumps(part.to_json()))
            if isinstance(part, GridRow | Holder):  # written inside the game's section, read with it
                assert type(part).from_json(written) == part
                continue
            assert _pairs(type(part).from_json(written).to_json()) == _pairs(written), type(part).__name__
    needed = {Playtest, SkillGap, Finding, Share, AttributeStatic, CardStrength, SuitedStatic, GridRow, Holder, Quality,
              CardImpact}
    assert needed <= seen, needed - seen


@pytest.mark.parametrize("path", STORED, ids=[p.stem for p in STORED])
def test_a_report_an_older_version_stored_still_loads(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    report = Report.from_json(json.loads(text))
    # the same bytes again: every key, in its order
    assert json.dumps(report.to_json(), ensure_ascii=False, separators=(",", ":")) + "\n" == text
    assert undeclared(report) == []
    assert all(isinstance(f, Finding) for f in report.findings)
    assert report.playtest is not None and report.playtest.seats.decided > 0


def test_a_newer_versions_keys_are_kept_and_written_last() -> None:
    data = json.loads((Path(__file__).parent / "reports" / "war-grid.json").read_text(encoding="utf-8"))
    play = dict(data["playtest"]) | {"tempo": {"mean": 3.5}}  # a key this version does not know
    typed = Playtest.from_json(play)
    assert typed.extra == {"tempo": {"mean": 3.5}}
    assert list(typed.to_json()) == list(play)  # kept, in its place: the end
    unknown = dict(play, game="nosuchgame", nosuchgame={"wars": 1})  # a game this install lacks: its section kept
    assert Playtest.from_json(unknown).to_json()["nosuchgame"] == {"wars": 1}


def test_stored_reports_read_each_added_part_typed() -> None:
    by_name = {p.stem: Report.from_json(json.loads(p.read_text(encoding="utf-8"))) for p in STORED}
    changes = by_name["against-weiji"].changes  # U02 renamed "Card U02 Mk2", its a 51 -> 71
    assert isinstance(changes, Changes) and [e.id for e in changes.cards.edited] == ["U02"]
    assert changes.cards.edited[0].fields == {"name": Change("Card U02", "Card U02 Mk2"), "a": Change(51, 71)}
    assert changes.strength[0].id == "U02" and changes.strength[0].to > changes.strength[0].from_
    assert all(isinstance(f, Finding) for f in changes.findings.appeared + changes.findings.disappeared)
    applied = by_name["apply-weiji"]
    (suggestion, *_) = applied.suggestions
    assert isinstance(suggestion, Suggestion) and suggestion.card == "U01" and suggestion.direction == "weaken"
    assert applied.changes is not None and applied.changes.applied is not None
    assert [a.card for a in applied.changes.applied] == [s.card for s in applied.suggestions if s.changes]
    assert applied.changes.applied[0].changes == suggestion.changes
    targets = by_name["targets-designer"].targets
    assert targets and all(isinstance(t, TargetResult) for t in targets)
    play = by_name["targets-designer"].playtest
    assert play is not None and isinstance(play.card_removal, CardRemoval) and isinstance(play.card_impact, CardImpact)
    war = by_name["war-grid"].playtest
    assert war is not None and war.grid and isinstance(war.section, Section)
    quality = by_name["quality-designer"].playtest
    assert quality is not None and isinstance(quality.quality, Quality)
    assert isinstance(by_name["apply-weiji"].static, AttributeStatic)
    assert isinstance(by_name["war-grid"].static, SuitedStatic)


# -- no plain mapping where a dataclass is declared ------------------------------------------


def _declared(value: Any, tp: Any, where: str) -> list[str]:
    if value is None:
        return []
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        options = [a for a in args if a is not type(None)]
        return _declared(value, options[0], where) if len(options) == 1 else []
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        if not isinstance(value, tuple):
            return [f"{where}: {type(value).__name__} where a tuple is declared"]
        return [p for i, v in enumerate(value) for p in _declared(v, args[0], f"{where}[{i}]")]
    if origin is list:
        return [p for i, v in enumerate(value) for p in _declared(v, args[0], f"{where}[{i}]")]
    if origin in (dict, Mapping) and args:
        return [p for k, v in value.items() for p in _declared(v, args[1], f"{where}[{k!r}]")]
    if isinstance(tp, type) and (dataclasses.is_dataclass(tp) or issubclass(tp, Section)):
        if not isinstance(value, tp):
            return [f"{where}: {type(value).__name__} where {tp.__name__} is declared"]
        return undeclared(value, where)
    return []


def undeclared(obj: Any, where: str = "report") -> list[str]:
    """Every field of ``obj`` (and below) that holds something else than its declared dataclass."""
    if not dataclasses.is_dataclass(obj):
        return []
    hints = typing.get_type_hints(type(obj), vars(sys.modules[type(obj).__module__]))
    return [p for f in dataclasses.fields(obj) for p in _declared(getattr(obj, f.name), hints[f.name], f"{where}.{f.name}")]


def test_no_report_field_holds_a_plain_mapping_where_a_dataclass_is_declared(live: list[Report]) -> None:
    for report in live:
        assert undeclared(report) == []
    # the walk finds one: a mapping as the changes, a finding's mapping among the findings
    report = live[0]
    wrong = dataclasses.replace(report, changes={"against": "old"},  # type: ignore[arg-type]
                                findings=[*report.findings, {"level": "error"}])  # type: ignore[list-item]
    found = undeclared(wrong)
    assert any(p.startswith("report.changes: dict where Changes") for p in found), found
    assert any(p.startswith(f"report.findings[{len(report.findings)}]: dict where Finding") for p in found), found


def test_a_section_gives_its_findings_as_findings(live: list[Report]) -> None:
    play = live[0].playtest
    assert play is not None and play.section is not None
    assert all(isinstance(f, Finding) for f in play.section.findings(live[0].thresholds, set(), play.games))
    # a designer's findings hook may still return mappings: they become findings
    hooks = ReportHooks(findings=lambda data, t, flagged, games: [
        {"level": "warning", "code": "slow", "message": "too slow", "cards": ["A1"], "evidence": {"turns": 9}}])
    made = MappingSection({"turns": 9}, hooks).findings({}, set(), 10)
    assert made == [Finding("warning", "slow", "too slow", ("A1",), (), {"turns": 9})]
