"""Per-printer settings in the user's config file: the measured duplex back offset.

The file is ``$XDG_CONFIG_HOME/deckpress/printers.yaml`` (``~/.config/...``
when XDG_CONFIG_HOME is unset)::

    printers:
      office-laser: {back_offset: [0.8, -0.4]}
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import yaml

from ..errors import ParameterError, Problem
from .atomic import atomic_write

_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.\-]{0,63}$")
MAX_OFFSET = 20.0  # mm; more than any duplex unit's error


def config_path() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "deckpress" / "printers.yaml"


def parse_offset(text: str) -> tuple[float, float]:
    """"X,Y" in mm (e.g. "0.8,-0.4") as a pair of floats."""
    parts = text.replace(" ", "").split(",")
    try:
        x, y = (float(p) for p in parts)
    except ValueError:
        raise ParameterError(f"--back-offset must be X,Y in mm (e.g. 0.8,-0.4), got {text!r}") from None
    if abs(x) > MAX_OFFSET or abs(y) > MAX_OFFSET:
        raise ParameterError(f"--back-offset {text!r} is more than {MAX_OFFSET:g} mm")
    return x, y


def load_printers(path: Path | None = None) -> dict[str, tuple[float, float]]:
    """Every stored printer and its back offset."""
    file = path or config_path()
    if not file.is_file():
        return {}
    try:
        data = yaml.safe_load(file.read_text(encoding="utf-8")) or {}
        printers = data.get("printers") or {}
        return {str(k): (float(v["back_offset"][0]), float(v["back_offset"][1]))
                for k, v in printers.items()}
    except (yaml.YAMLError, AttributeError, KeyError, TypeError, ValueError, IndexError):
        raise ParameterError(Problem("printer config is not valid; expected "
                                     "printers: {NAME: {back_offset: [X, Y]}}", file)) from None


def printer_offset(name: str, path: Path | None = None) -> tuple[float, float]:
    printers = load_printers(path)
    if name not in printers:
        known = ", ".join(sorted(printers)) or "none yet"
        raise ParameterError(
            f"no stored printer {name!r} (stored: {known}); measure it with "
            f"`deckpress calibrate` and store it with --printer {name} --back-offset X,Y"
        )
    return printers[name]


def save_printer_offset(name: str, offset: tuple[float, float], path: Path | None = None) -> Path:
    """Store ``offset`` for printer ``name``; returns the config file written."""
    if not _NAME.match(name):
        raise ParameterError(f"printer name {name!r} must be letters, digits, '.', '_' or '-'")
    file = path or config_path()
    printers = load_printers(file)
    printers[name] = (round(offset[0], 3), round(offset[1], 3))
    data = {"printers": {k: {"back_offset": list(v)} for k, v in sorted(printers.items())}}
    with atomic_write(file) as tmp:
        tmp.write_text(yaml.safe_dump(data, sort_keys=True), encoding="utf-8")
    return file
