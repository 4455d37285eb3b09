"""Cycle detection shared by the stack kernels (War, Weiji): Brent's method keeps a
snapshot of every stack at powers of two and compares the position with it after
each trick; a repeat with deterministic play is a cycle (the game is unfinished).

``st``: the circular stacks of the kernels (:class:`.tables.Stacks`); ``snap``
(players x cards, a row more where a game keeps more of its position there) and
``snapcnt``: the snapshot.
"""

from __future__ import annotations

from numba import njit


@njit(cache=True)
def same_stacks(st, snap, snapcnt):  # type: ignore[no-untyped-def]
    """Whether every seat's stack equals the snapshot's."""
    stack, head, cnt, mask = st.stack, st.head, st.cnt, st.mask
    players = cnt.shape[0]
    for s in range(players):
        if snapcnt[s] != cnt[s]:
            return False
    for s in range(players):
        for i in range(cnt[s]):
            if snap[s, i] != stack[s, (head[s] + i) & mask]:
                return False
    return True


@njit(cache=True)
def keep_stacks(st, snap, snapcnt):  # type: ignore[no-untyped-def]
    """Take the snapshot of every seat's stack."""
    stack, head, cnt, mask = st.stack, st.head, st.cnt, st.mask
    players = cnt.shape[0]
    for s in range(players):
        snapcnt[s] = cnt[s]
        for i in range(cnt[s]):
            snap[s, i] = stack[s, (head[s] + i) & mask]
