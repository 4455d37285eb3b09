"""Confidence intervals for the playtest figures (no SciPy needed).

* proportions (win rates, tie rates): the Wilson score interval;
* the mean game length: normal approximation from the length histogram;
* median and 95th percentile: the distribution-free order-statistic interval
  (the ranks n*p -/+ z*sqrt(n*p*(1-p)) of the sorted lengths).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from statistics import NormalDist


def z_value(confidence: float) -> float:
    return NormalDist().inv_cdf(0.5 + confidence / 2)


def wilson(successes: float, n: float, confidence: float = 0.95) -> tuple[float, float]:
    """Wilson score interval for a proportion ``successes / n``."""
    if n <= 0:
        return (0.0, 1.0)
    z = z_value(confidence)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_ci(hist: Mapping[int, int], confidence: float = 0.95) -> tuple[float, float, float]:
    """(mean, low, high) of the values in histogram ``hist`` (value -> count)."""
    n = sum(hist.values())
    if n == 0:
        return (0.0, 0.0, 0.0)
    mean = sum(v * c for v, c in hist.items()) / n
    if n == 1:
        return (mean, mean, mean)
    var = sum(c * (v - mean) ** 2 for v, c in hist.items()) / (n - 1)
    half = z_value(confidence) * math.sqrt(var / n)
    return (mean, mean - half, mean + half)


def _at_rank(hist: Mapping[int, int], rank: int) -> int:
    """The value of 1-based ``rank`` in the sorted data."""
    seen = 0
    for value in sorted(hist):
        seen += hist[value]
        if seen >= rank:
            return value
    return max(hist)


def quantile_ci(hist: Mapping[int, int], p: float, confidence: float = 0.95) -> tuple[int, int, int]:
    """(nearest-rank quantile, low, high) for quantile ``p`` of the histogram."""
    n = sum(hist.values())
    if n == 0:
        return (0, 0, 0)
    z = z_value(confidence)
    centre = max(1, math.ceil(p * n - 1e-9))
    spread = z * math.sqrt(n * p * (1 - p))
    low = max(1, math.floor(n * p - spread))
    high = min(n, math.ceil(n * p + spread) + 1)
    return (_at_rank(hist, centre), _at_rank(hist, low), _at_rank(hist, high))
