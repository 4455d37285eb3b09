"""``HOT``: the njit options of the small helpers a kernel calls for every card played.

numba counts references to every array a compiled function receives (an atomic
increment on entry and a decrement on exit, for each array of a NamedTuple too); in
Viashi's per-card helpers that counting took most of the run time. A helper that
allocates nothing and returns no array does not need it, so ``HOT`` turns it off with
numba's ``_nrt`` option where this numba has it (an allocation in such a helper is
then a compile error, not a leak); without the option the helpers count as before,
slower but the same games."""

from __future__ import annotations

from typing import Any

from numba.core.cpu import CPUTargetOptions

HOT: dict[str, Any] = {"_nrt": False} if hasattr(CPUTargetOptions, "_nrt") else {}
