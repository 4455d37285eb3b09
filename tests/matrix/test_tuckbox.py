"""The command matrix for `deckpress tuckbox` (tests/matrix/__init__.py says how the
combinations are chosen; tests/matrix/combos.py lists them)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .combos import PARAMS, run_combination, tuckbox_combos
from .conftest import Deckpress

pytestmark = pytest.mark.slow


@pytest.mark.parametrize(PARAMS, tuckbox_combos())
def test_tuckbox(deckpress: Deckpress, tmp_path: Path, combo: str, args: list[str], expect: tuple[int, ...],
                 extra: dict[str, Any]) -> None:
    run_combination(deckpress, tmp_path, combo, args, expect, extra)
