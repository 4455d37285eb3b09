"""JSON from files people share, read with its nesting checked first.

``json.loads`` recurses once per level: a record nested 100,000 deep (a few hundred KB of
``[[[[...``) is a ``RecursionError``, an internal error. :func:`loads` counts the depth
before parsing (brackets outside strings) and refuses a file deeper than
:data:`MAX_DEPTH` with a ``ValueError`` that says so, as it does for malformed JSON.
"""

from __future__ import annotations

import json
import re
from typing import Any

MAX_DEPTH = 100  # levels of [ and {: a play record, a save file or a cache entry needs far fewer
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")


def depth(text: str) -> int:
    """The deepest nesting of ``[`` and ``{`` in JSON ``text`` (strings skipped)."""
    deepest = level = 0
    for found in _BRACKET.finditer(_STRING.sub("", text)):
        if found.group() in "[{":
            level += 1
            deepest = max(deepest, level)
        else:
            level -= 1
    return deepest


def loads(text: str, max_depth: int = MAX_DEPTH) -> Any:
    """``json.loads(text)`` for text nested at most ``max_depth`` deep; else ``ValueError``."""
    if depth(text) > max_depth:
        raise ValueError(f"JSON nested more than {max_depth} levels deep")
    return json.loads(text)
