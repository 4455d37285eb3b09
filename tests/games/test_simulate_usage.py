"""``simulate`` options that do not fit together are a usage error (exit 2, the flag
named), as docs/cli.md and the README's exit codes say: ``--trace`` without ``--deal``
was reported as "internal error (BadParameter ...). This is a bug in deckpress" with
exit 1, and the trace file was not written."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from generator.cli import app


def words(output: str) -> str:
    """The output's words, without the frame rich draws round a usage error."""
    return " ".join(re.sub("[│╭╮╰╯─]", " ", output).split())


def test_trace_without_a_deal_is_a_usage_error(tmp_path: Path) -> None:
    trace = tmp_path / "tricks.jsonl"
    result = CliRunner().invoke(app, ["simulate", "war", "--trace", str(trace), "--games", "2"])
    assert result.exit_code == 2, result.output
    assert "--trace needs --deal" in words(result.output)
    assert "internal error" not in result.output and "Traceback" not in result.output
    assert not trace.exists()


def test_a_deal_on_the_fast_engine_is_a_usage_error(tmp_path: Path) -> None:
    deal = tmp_path / "deal.yaml"
    deal.write_text("stacks: [[1, 2], [3, 4]]\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["simulate", "war", "--deal", str(deal), "--engine", "fast"])
    assert result.exit_code == 2, result.output
    assert "--deal plays one traced game with the reference engine" in words(result.output) and "internal error" not in result.output
