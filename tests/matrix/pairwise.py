"""A small deterministic all-pairs generator (greedy, in the manner of AETG).

``pairwise(factors, allowed)`` returns rows (one value per factor) such that every
pair of values of two different factors that ``allowed`` accepts appears in at least
one row (a pair counts as allowed when some whole row holding it is). Each new row starts from the first pair not yet covered (in factor order,
then value order) and fills the other factors one by one, in order, with the value
that covers the most new pairs (the first such value on a tie), skipping values
``allowed`` refuses (or, when that leads nowhere, takes the first allowed row holding
the pair, in product order). No randomness: the same factors always give the same rows, so a
combination keeps its id from run to run.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from itertools import combinations, product
from typing import Any

Row = dict[str, Any]


def _everything(row: Row) -> bool:
    return True


def pairwise(factors: Mapping[str, Sequence[Any]], allowed: Callable[[Row], bool] = _everything) -> list[Row]:
    names = list(factors)
    values = {n: list(factors[n]) for n in names}
    sizes = [len(values[n]) for n in names]

    def row_of(chosen: dict[int, int]) -> Row:
        return {names[f]: values[names[f]][x] for f, x in chosen.items()}

    def first_whole(i: int, a: int, j: int, b: int) -> dict[int, int] | None:
        ranges = [range(s) if f not in (i, j) else [a if f == i else b] for f, s in enumerate(sizes)]
        for whole in product(*ranges):
            chosen = dict(enumerate(whole))
            if allowed(row_of(chosen)):
                return chosen
        return None

    uncovered: set[tuple[int, int, int, int]] = set()  # (factor i, value a, factor j, value b), i < j
    for i, j in combinations(range(len(names)), 2):
        for a in range(sizes[i]):
            for b in range(sizes[j]):
                if allowed(row_of({i: a, j: b})) and first_whole(i, a, j, b) is not None:
                    uncovered.add((i, a, j, b))
    rows: list[Row] = []
    while uncovered:
        i, a, j, b = min(uncovered)
        chosen: dict[int, int] | None = {i: a, j: b}
        for k in range(len(names)):
            if chosen is None or k in chosen:
                continue
            best, gain = None, -1
            for v in range(sizes[k]):
                if not allowed(row_of({**chosen, k: v})):
                    continue
                new = sum(1 for f, x in chosen.items()
                          if (min(f, k), x if f < k else v, max(f, k), v if f < k else x) in uncovered)
                if new > gain:
                    best, gain = v, new
            if best is None:  # the greedy choices led nowhere: the first allowed row with the pair
                chosen = None
            else:
                chosen[k] = best
        if chosen is None or not allowed(row_of(chosen)):
            chosen = first_whole(i, a, j, b)
            assert chosen is not None
        uncovered -= {(f, chosen[f], g, chosen[g]) for f, g in combinations(sorted(chosen), 2)}
        rows.append({names[f]: values[names[f]][chosen[f]] for f in range(len(names))})
    return rows
