"""Deck balance checks (``deckpress check``): static analysis of the card
values, automatic playtesting with the simulator, a verdict of warnings and
errors, JSON, and a PDF report with charts. See docs/balance.md.

:func:`check_deck` is the one entry point: ``deckpress check``, ``build``'s balance
job and ``watch`` (through ``build``) all call it. Its report is a
:class:`~.findings.BalanceReport` (also named ``Report``) whose playtest is a typed
:class:`~.result.Playtest`."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .checking import Checked, CheckOptions, check_deck
    from .checks import run_checks
    from .findings import BalanceReport, Finding, Report
    from .result import Playtest
    from .thresholds import THRESHOLDS, parse_thresholds, resolve_thresholds

# imported when first used, so that a command importing one balance module (``simulate``
# reads playstats) does not load the checks, the deck validation and ReportLab
_LAZY = {"run_checks": ".checks", "Finding": ".findings", "Report": ".findings", "BalanceReport": ".findings",
         "Playtest": ".result", "THRESHOLDS": ".thresholds",
         "parse_thresholds": ".thresholds", "resolve_thresholds": ".thresholds", "Checked": ".checking",
         "CheckOptions": ".checking", "check_deck": ".checking"}


def __getattr__(name: str) -> Any:
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(_LAZY[name], __name__), name)
    globals()[name] = value
    return value


def write_report_pdf(report: Report, path: Any, charts_dir: Any = None, changed_pieces: Any = ()) -> list[Any]:
    """Write the PDF report (and PNG charts into ``charts_dir`` if given)."""
    from .report_pdf import write_report_pdf as write

    return write(report, path, charts_dir, changed_pieces=changed_pieces)


__all__ = ["THRESHOLDS", "BalanceReport", "CheckOptions", "Checked", "Finding", "Playtest", "Report", "check_deck",
           "parse_thresholds", "resolve_thresholds", "run_checks", "write_report_pdf"]
