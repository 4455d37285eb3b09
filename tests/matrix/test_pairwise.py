"""The matrix's pair generator covers every allowed pair, respects the constraint,
and is deterministic (combination ids must not move between runs)."""

from __future__ import annotations

from itertools import combinations, product

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
