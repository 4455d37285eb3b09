"""Design targets as findings: a missed target (the deck file's ``balance: targets:``,
judged by :mod:`.targets`) is a ``target_missed`` finding, so it reaches the verdict,
the exit code, the PDF report's first page and the gallery's badge like any other.

A warning by default; an error with ``deckpress check --fail-on targets``. A target
whose interval straddles its band (undecided) or that the game cannot measure is not
a finding: the targets table says so.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..games.finding import Finding, Level
from .targets import MISSED, TargetResult


def target_findings(results: Iterable[TargetResult], level: Level = "warning") -> list[Finding]:
    """One finding per missed target (``Report.targets``' entries)."""
    return [Finding(level, "target_missed", f"design target {r.name} missed: wanted {r.wanted}, measured"
                    f" {r.measured} (the whole interval outside the band).", evidence=r.to_json())
            for r in results if r.status == MISSED]
