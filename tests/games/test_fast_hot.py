"""Viashi's per-card helpers compile without numba's reference counting (``fast.hot.HOT``).

Without it the Viashi kernel plays the same games about 1.5x slower (docs/performance.md);
this fails when a numba upgrade drops the private ``_nrt`` option, so that the loss is seen."""

from __future__ import annotations

from generator.games.fast.hot import HOT
from generator.games.viashi import kernel


def test_the_installed_numba_turns_reference_counting_off_in_the_hot_helpers() -> None:
    assert HOT == {"_nrt": False}
    for helper in (kernel.capture, kernel._options, kernel._follow, kernel._threats, kernel._choose):
        assert helper.targetoptions.get("_nrt") is False, helper.py_func.__name__
    assert "_nrt" not in kernel.play.targetoptions  # play allocates: it keeps the counting
