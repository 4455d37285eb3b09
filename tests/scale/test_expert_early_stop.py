"""The expert's search stops sampling a decision once the leading action is
ahead of every other by more than ``stop_z`` standard errors of the paired
difference (the same deals for every action)."""

from __future__ import annotations

import numpy as np

from generator.games.viashi.fast_expert import _decided


def test_a_lead_on_every_deal_is_decided() -> None:
    vals = np.array([[3.0, 1.0], [5.0, 3.0], [2.0, 0.0], [4.0, 2.0]])  # action 0 leads by 2 on every deal: se 0
    assert _decided(vals, 4, 2, vals.sum(axis=0), 2.5)


def test_a_lead_within_the_noise_is_not_decided() -> None:
    # differences 3, -1, 2, -2: mean 0.5, sample sd 2.38, se 1.19; 0.5 < 2.5 * 1.19
    vals = np.array([[3.0, 0.0], [0.0, 1.0], [2.0, 0.0], [0.0, 2.0]])
    assert not _decided(vals, 4, 2, vals.sum(axis=0), 2.5)
    # with z = 0.4 the same lead is enough: 0.5 > 0.4 * 1.19 = 0.48
    assert _decided(vals, 4, 2, vals.sum(axis=0), 0.4)


def test_every_other_action_must_be_beaten_and_ties_are_never_decided() -> None:
    vals = np.array([[3.0, 1.0, 3.0], [5.0, 3.0, 5.0], [2.0, 0.0, 2.0], [4.0, 2.0, 4.0]])  # 0 and 2 tie
    assert not _decided(vals, 4, 3, vals.sum(axis=0), 2.5)
    # only the first n rows count
    vals = np.array([[3.0, 1.0], [5.0, 3.0], [0.0, 9.0], [0.0, 9.0]])
    assert _decided(vals, 2, 2, vals[:2].sum(axis=0), 2.5)
