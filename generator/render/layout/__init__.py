"""Card layouts: data (YAML) describing named elements, filled by Jinja2, drawn by ReportLab."""

from __future__ import annotations

from .loader import Layout, bundled_layouts, find_layout, load_layout

__all__ = ["Layout", "bundled_layouts", "find_layout", "load_layout"]
