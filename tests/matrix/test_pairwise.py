"""The matrix's machinery: the pair generator covers every allowed pair, respects the
constraint and is deterministic (combination ids must not move between runs); a known
failure hides only its own symptom."""

from __future__ import annotations

import subprocess
from itertools import combinations, product

import pytest

from .conftest import KnownIssue, Outcome, conclude
from .pairwise import pairwise

FACTORS = {"page": ["a4", "letter", "a3"], "backs": ["none", "long", "short", "fold"],
           "colour": ["rgb", "cmyk"], "jobs": [1, 2]}


def test_every_pair_is_covered_in_far_fewer_rows_than_the_product() -> None:
    rows = pairwise(FACTORS)
    for f, g in combinations(FACTORS, 2):
        for a, b in product(FACTORS[f], FACTORS[g]):
            assert any(r[f] == a and r[g] == b for r in rows), (f, a, g, b)
    assert 12 <= len(rows) <= 14 < 48  # at least 3 x 4 rows: every page with every backs
    assert pairwise(FACTORS) == rows


def test_a_constraint_is_never_broken_and_its_pairs_are_not_required() -> None:
    def allowed(row: dict[str, object]) -> bool:
        return not (row.get("colour") == "cmyk" and row.get("backs") == "fold")

    rows = pairwise(FACTORS, allowed)
    assert all(allowed(r) for r in rows)
    assert any(r["colour"] == "cmyk" and r["backs"] == "long" for r in rows)


def _outcome(*problems: str) -> Outcome:
    return Outcome(["cards"], subprocess.CompletedProcess(["deckpress"], 1, "", ""), list(problems))


def test_a_known_failure_hides_only_its_own_symptom() -> None:
    signs = {"item 1": r"cannot pickle", "item 12": r"not embedded: /Helvetica$"}
    with pytest.raises(KnownIssue):
        conclude(_outcome("exit 1: TypeError: cannot pickle 'x'", "a.pdf: fonts not embedded: /Helvetica"),
                 "item 1 + item 12", signs)
    with pytest.raises(AssertionError) as other:  # one more problem: a plain failure, not the xfail
        conclude(_outcome("exit 1: TypeError: cannot pickle 'x'", "b.png: does not decode"), "item 1", signs)
    assert not isinstance(other.value, KnownIssue)
    with pytest.raises(AssertionError) as unknown:
        conclude(_outcome("exit 1: TypeError: cannot pickle 'x'"), None, signs)
    assert not isinstance(unknown.value, KnownIssue)
    conclude(_outcome(), "item 1", signs)  # no problem: passes (strict xfail then reports XPASS)
