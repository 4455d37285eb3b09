"""The terminal report prints at most 50 findings of one level and code and counts the
rest in one line (issue #53: a 100,000-row deck's thousands of findings stay readable);
``--json`` keeps every one."""

from __future__ import annotations

import re
from io import StringIO

from rich.console import Console

from generator.balance.findings import BalanceReport, Finding
from generator.balance.terminal import FINDINGS_SHOWN, print_report


def _report(weak: int, dominated: int = 1, errors: int = 3) -> BalanceReport:
    findings = [Finding("error", "duplicate", f"card D{i:02d} is in the deck twice", (f"D{i:02d}",))
                for i in range(1, errors + 1)]
    findings += [Finding("warning", "too_weak", f"card W{i:03d} is too weak", (f"W{i:03d}",))
                 for i in range(1, weak + 1)]
    findings += [Finding("warning", "dominated", f"card X{i:02d} is dominated", (f"X{i:02d}",))
                 for i in range(1, dominated + 1)]
    return BalanceReport(deck="Capped", key="capped", game="weiji", cards=weak + dominated + errors,
                         thresholds={"confidence": 0.95}, findings=findings)


def _printed(report: BalanceReport) -> list[str]:
    console = Console(file=StringIO(), width=300, color_system=None)
    print_report(report, console)
    return console.file.getvalue().splitlines()  # type: ignore[attr-defined,no-any-return]


def test_57_findings_of_one_kind_show_50_and_say_7_more() -> None:
    assert FINDINGS_SHOWN == 50
    lines = _printed(_report(57))
    weak = [ln for ln in lines if ln.startswith("warning too_weak card W")]
    assert [re.search(r"W(\d+)", ln).group(1) for ln in weak] == [f"{i:03d}" for i in range(1, 51)]  # type: ignore[union-attr]
    assert not any(f"W{i:03d}" in "\n".join(lines) for i in range(51, 58))
    assert lines.count("warning too_weak and 7 more like this (--json lists every one)") == 1
    # the other kinds, under the cap, are printed whole and counted nowhere
    assert [ln for ln in lines if ln.startswith("error duplicate")] == [
        f"error duplicate card D0{i} is in the deck twice" for i in (1, 2, 3)]
    assert "warning dominated card X01 is dominated" in lines
    assert sum("more like this" in ln for ln in lines) == 1
    assert lines[-1] == "verdict: 3 error(s), 58 warning(s)"  # the verdict counts every finding


def test_exactly_50_of_a_kind_are_all_shown_with_no_count_line() -> None:
    lines = _printed(_report(50, errors=0))
    assert sum(ln.startswith("warning too_weak card W") for ln in lines) == 50
    assert not any("more like this" in ln for ln in lines)
    lines = _printed(_report(51, errors=0))
    assert sum(ln.startswith("warning too_weak card W") for ln in lines) == 50
    assert "warning too_weak and 1 more like this (--json lists every one)" in lines


def test_thousands_more_are_counted_with_a_thousands_separator_and_json_keeps_all() -> None:
    report = _report(1_250, dominated=60)
    lines = _printed(report)
    assert "warning too_weak and 1,200 more like this (--json lists every one)" in lines
    assert "warning dominated and 10 more like this (--json lists every one)" in lines
    assert len(lines) < 120  # not 1,313 lines
    data = report.to_json()
    assert sum(f["code"] == "too_weak" for f in data["findings"]) == 1_250
    assert data["warnings"] == 1_310
