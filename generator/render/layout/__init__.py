"""Card layouts: data (YAML) describing named elements, filled by Jinja2, drawn by ReportLab.

The loader's names are imported on first use (PEP 562), so a module that needs only
a part of this package (colours, images, symbols: the suit checks of a piecepack)
does not load Jinja2 and the layout models with it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .loader import Layout, bundled_layouts, find_layout, load_layout

__all__ = ["Layout", "bundled_layouts", "find_layout", "load_layout"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from . import loader

        return getattr(loader, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
