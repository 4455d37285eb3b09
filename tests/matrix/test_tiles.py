"""The command matrix for `deckpress tiles` (tests/matrix/__init__.py says how the
combinations are chosen; tests/matrix/combos.py lists them and the known failures)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .combos import PARAMS, run_combination, tiles_combos
from .conftest import Deckpress

pytestmark = pytest.mark.slow


@pytest.mark.parametrize(PARAMS, tiles_combos())
def test_tiles(deckpress: Deckpress, tmp_path: Path, combo: str, args: list[str], expect: tuple[int, ...],
            extra: dict[str, Any]) -> None:
    run_combination(deckpress, tmp_path, combo, args, expect, extra)
