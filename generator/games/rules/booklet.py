"""The rule booklet of a rules file, generated from the rules (placeholder, filled below)."""

from __future__ import annotations

from typing import Any


def booklet_facts(doc: Any, params: Any, deck: Any) -> dict[str, Any]:
    return {"template": "rules-file"}
