"""The fast simulator: numba-compiled kernels for the built-in games and strategies.

``runner.simulate`` uses them by default when they can serve a run (see
:func:`engine.unsupported`) and falls back to the State-API reference engine
otherwise. The kernels mirror the reference rules step for step; tests play
scripted deals and the reference's own random streams through both and demand
identical games (tests/games/test_fast*.py). docs/performance.md says why numba.
"""

from .kernel_cache import configure

configure()  # before any kernel module is imported: numba picks the cache folder at decoration
