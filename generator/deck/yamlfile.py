"""Safe YAML reading that remembers line numbers and refuses hostile input.

Mappings come back as :class:`LineMap` (a dict that knows the line of each key),
so validation errors can name the line of the offending field.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from ..errors import DeckError, Problem

MAX_NODES = 200_000  # far above any real deck; stops alias ("billion laughs") bombs
MAX_DEPTH = 64
MAX_BYTES = 20 * 1024 * 1024


class LineMap(dict):
    """A YAML mapping with the 1-based line of the mapping and of each key."""

    line: int | None = None
    key_lines: dict[Any, int]

    def line_of(self, key: Any) -> int | None:
        return getattr(self, "key_lines", {}).get(key, self.line)


if TYPE_CHECKING:
    _Base = yaml.SafeLoader
else:
    _Base = object


class _Limits(_Base):
    """The node and depth limits, for both loaders below."""

    _nodes = 0

    def construct_object(self, node: yaml.Node, deep: bool = False) -> Any:
        self._nodes += 1
        if self._nodes > MAX_NODES:
            raise yaml.constructor.ConstructorError(
                None, None, f"more than {MAX_NODES} values (an alias bomb?)", node.start_mark
            )
        return super().construct_object(node, deep=deep)

    def compose_node(self, parent: Any, index: Any) -> Any:
        self._depth = getattr(self, "_depth", 0) + 1
        try:
            if self._depth > MAX_DEPTH:
                raise yaml.composer.ComposerError(
                    None, None, f"nesting deeper than {MAX_DEPTH} levels", self.peek_event().start_mark
                )
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


class _PureLoader(_Limits, yaml.SafeLoader):
    """PyYAML's pure-Python loader (where libyaml is missing)."""


_CParser: Any = getattr(getattr(yaml, "cyaml", None), "CParser", None)  # None: PyYAML without libyaml
_Loader: Any = _PureLoader

if _CParser is not None:
    class _FastLoader(_Limits, yaml.composer.Composer, _CParser,  # type: ignore[misc]
                      yaml.constructor.SafeConstructor, yaml.resolver.Resolver):
        """libyaml scans and parses (in C, the slow part in Python); the nodes are
        composed in Python as by the pure loader: the same marks (file:line), the same
        resolution of plain values, and the depth limit checked while composing."""

        def __init__(self, stream: str) -> None:
            _CParser.__init__(self, stream)
            yaml.composer.Composer.__init__(self)
            yaml.constructor.SafeConstructor.__init__(self)
            yaml.resolver.Resolver.__init__(self)

    _Loader = _FastLoader


_SURROGATE = re.compile("[\ud800-\udfff]")


def _construct_str(loader: Any, node: yaml.ScalarNode) -> str:
    value = loader.construct_scalar(node)
    if _SURROGATE.search(value):  # "\ud800" is valid YAML but not text: it cannot be printed
        raise yaml.constructor.ConstructorError(
            None, None, "a lone surrogate escape (\\uD800-\\uDFFF) is not text", node.start_mark
        )
    return str(value)


def _construct_mapping(loader: Any, node: yaml.MappingNode, deep: bool = False) -> LineMap:
    loader.flatten_mapping(node)
    result = LineMap()
    result.line = node.start_mark.line + 1
    result.key_lines = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        try:
            hash(key)
        except TypeError as exc:
            raise yaml.constructor.ConstructorError(
                None, None, "a mapping key must be a plain value", key_node.start_mark
            ) from exc
        if key in result:
            raise yaml.constructor.ConstructorError(
                None, None, f"duplicate key {key!r}", key_node.start_mark
            )
        result[key] = loader.construct_object(value_node, deep=True)
        result.key_lines[key] = key_node.start_mark.line + 1
    return result


MAX_INT_DIGITS = 30  # digits of a YAML number: a seed of 2**64 has 20; more is refused before it is read, with a line


def _construct_int(loader: Any, node: yaml.ScalarNode) -> int:
    text = str(node.value)
    if sum(ch.isalnum() for ch in text) > MAX_INT_DIGITS:
        raise yaml.constructor.ConstructorError(
            None, None, f"a number of more than {MAX_INT_DIGITS:,} digits cannot be read", node.start_mark
        )
    return int(yaml.constructor.SafeConstructor.construct_yaml_int(loader, node))


def _construct_float(loader: Any, node: yaml.ScalarNode) -> float:
    text = str(node.value)
    if sum(ch.isdigit() for ch in text) > MAX_INT_DIGITS:  # 4,000 digits read as a float is infinity
        raise yaml.constructor.ConstructorError(
            None, None, f"a number of more than {MAX_INT_DIGITS:,} digits cannot be read", node.start_mark
        )
    return float(yaml.constructor.SafeConstructor.construct_yaml_float(loader, node))


for _cls in dict.fromkeys((_PureLoader, _Loader)):
    _cls.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
    _cls.add_constructor("tag:yaml.org,2002:str", _construct_str)
    _cls.add_constructor("tag:yaml.org,2002:int", _construct_int)
    _cls.add_constructor("tag:yaml.org,2002:float", _construct_float)


# libyaml's words for what the pure loader explains itself
_PROBLEMS = {
    "found invalid Unicode character escape code":
        "an escape that is not text (a lone surrogate \\uD800-\\uDFFF, or beyond \\U0010FFFF)",
    # PyYAML 6.0.4's libyaml stops deep flow collections itself, before our composer's limit
    "exceeded maximum nesting depth": f"nesting deeper than {MAX_DEPTH} levels",
}


def read_limited(path: Path) -> bytes:
    """A data file's bytes, at most :data:`MAX_BYTES` (checked before reading), with a clear
    error for a missing, folder or unreadable path."""
    try:
        if path.stat().st_size > MAX_BYTES:
            raise DeckError(Problem(f"file is larger than {MAX_BYTES // (1024 * 1024)} MB", path))
        return path.read_bytes()
    except FileNotFoundError:
        raise DeckError(Problem("file not found", path)) from None
    except IsADirectoryError:
        raise DeckError(Problem("is a folder, not a file", path)) from None
    except OSError as exc:
        raise DeckError(Problem(f"cannot read: {exc.strerror}", path)) from None


def read_text(path: Path) -> str:
    """Read a text file as UTF-8 (a BOM is allowed), with a clear error."""
    data = read_limited(path)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise DeckError(Problem(f"not UTF-8 text (byte {exc.start})", path)) from None


def load_yaml(path: Path, text: str | None = None) -> Any:
    """Parse YAML safely; errors name the file and line."""
    if text is None:
        text = read_text(path)
    try:
        data = yaml.load(text, Loader=_Loader)  # noqa: S506 - a SafeLoader subclass
        _check_expanded(data, path)
        return data
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else None
        problem = _PROBLEMS.get(str(exc.problem), exc.problem) or exc
        raise DeckError(Problem(f"invalid YAML: {problem}", path, line)) from None
    except yaml.YAMLError as exc:
        raise DeckError(Problem(f"invalid YAML: {exc}", path)) from None
    except RecursionError:
        raise DeckError(Problem("invalid YAML: nested too deeply", path)) from None
    except (ValueError, OverflowError) as exc:  # int('9' * 5000) and friends
        raise DeckError(Problem(f"invalid YAML: a value cannot be read ({exc})", path)) from None


def _check_expanded(data: Any, path: Path) -> None:
    """Aliases share one constructed object, so a "billion laughs" bomb is cheap to
    build but explodes when anything walks it (``str()``, validation). Count the
    values and depth as if every alias were written out, visiting each shared
    object once, and refuse the file beyond MAX_NODES / MAX_DEPTH."""
    memo: dict[int, tuple[int, int]] = {}

    def walk(value: Any) -> tuple[int, int]:
        if isinstance(value, dict):
            children: Any = [*value.keys(), *value.values()]
        elif isinstance(value, list):
            children = value
        else:
            return 1, 0
        key = id(value)
        if key in memo:
            return memo[key]
        count, depth = 1, 0
        for child in children:
            c, d = walk(child)
            count, depth = count + c, max(depth, d + 1)
            if count > MAX_NODES:
                raise DeckError(Problem(
                    f"invalid YAML: more than {MAX_NODES} values once aliases are expanded (an alias bomb?)", path))
            if depth > MAX_DEPTH:
                raise DeckError(Problem(f"invalid YAML: nesting deeper than {MAX_DEPTH} levels through aliases", path))
        memo[key] = (count, depth)
        return count, depth

    walk(data)
