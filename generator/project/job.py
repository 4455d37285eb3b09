"""A job of ``deckpress build`` and its result: plain data (picklable, so a job runs in a
worker process). Apart from the planning in ``jobs.py``, so that an up-to-date build,
which answers from its stamps, need not import the planner and what it loads."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class Job:
    id: str  # unique within a build, e.g. "viashi/cards-a4"
    deck: str  # what resolve_deck() takes
    kind: str  # cards | tiles | images | rules | balance
    outputs: tuple[Path, ...]
    key: str
    options: dict[str, Any] = field(default_factory=dict, hash=False)
    lang: str = ""  # a declared language other than the source: the deck is localized first


@dataclass
class JobResult:
    job: Job
    written: list[Path] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    error: str | None = None
    skipped: bool = False
