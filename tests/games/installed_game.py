"""A game "installed as a package" for tests/games/test_custom.py: the scaffolded
Crown Tricks under another name, reached through an entry point."""

from __future__ import annotations

import importlib.util
from pathlib import Path

_FILE = Path(__file__).resolve().parents[2] / "templates" / "starters" / "custom" / "game.py"
_spec = importlib.util.spec_from_file_location("installed_crowns_rules", _FILE)
assert _spec is not None and _spec.loader is not None
_module = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_module)


class InstalledCrowns(_module.CrownTricks):  # type: ignore[name-defined,misc]
    name = "installed-crowns"
    title = "Installed Crowns"
