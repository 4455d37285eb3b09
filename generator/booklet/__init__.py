"""Rule booklets: Jinja2 rule templates + the simulator's rule parameters -> PDF."""

from __future__ import annotations

from .build import BookletReport, build_booklet

__all__ = ["BookletReport", "build_booklet"]
