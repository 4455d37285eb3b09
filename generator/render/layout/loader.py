"""Find and load layout files, following ``extends:`` and validating every element.

Precedence (one rule everywhere): a card field ``element.property`` (front) or
``back.element.property`` (back) beats the layout's entry, which beats the
layout's ``defaults:``, which beat the element type's built-in defaults. A
child layout (``extends: parent``) overrides the parent entry by entry; an
element set to ``null`` is removed.

Layout files are untrusted: a layout a deck names, and every layout reached by
``extends:``, must lie (after following symlinks) inside the allowed folders —
the deck's project folder (``roots``) and the bundled templates — or it is refused.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from ...deck.yamlfile import LineMap, load_yaml
from ...errors import DeckError, Problem, RenderError
from ...paths import templates_dir
from .model import (
    ELEMENT_CLASSES,
    ELEMENT_TYPES,
    Element,
    ElementHolder,
    LayoutFile,
    layer_of,
)

MAX_EXTENDS = 16  # layouts a chain may pass through above the first one


def inside(path: Path, roots: Sequence[Path]) -> bool:
    """Does ``path`` (symlinks followed) lie inside one of ``roots`` or the bundled templates?"""
    try:
        real = path.resolve()
        allowed = [Path(r).resolve() for r in roots] + [templates_dir().resolve()]
    except (OSError, RuntimeError, ValueError):
        return False
    return any(real.is_relative_to(root) for root in allowed)


def _confined(path: Path, roots: Sequence[Path], named: str, by: Path | None, line: int | None = None) -> Path:
    if not inside(path, roots):
        folders = ", ".join(str(r) for r in roots) or "the layout's folder"
        raise RenderError(Problem(
            f"layout {named!r} is outside the allowed folders ({folders} and the bundled "
            "templates); files a deck uses must be inside its project folder",
            by or path, line if by else None, field="extends" if by else None,
        ))
    return path


@dataclass(frozen=True)
class Layout:
    """A loaded layout: validated elements per side, in drawing order."""

    name: str
    path: Path
    size: tuple[float, float]
    safe_zone: float
    front: tuple[tuple[str, Element], ...]
    back: tuple[tuple[str, Element], ...]
    raw: Mapping[str, Mapping[str, Mapping[str, Any]]] = field(repr=False, default_factory=dict)
    # (side, element) and (side, element, key) -> the file and line that wrote it (extends: chain)
    origins: Mapping[tuple[str, ...], tuple[Path, int | None]] = field(repr=False, default_factory=dict)
    mirror: bool = False  # declared mirrorable: right-to-left decks draw it mirrored

    def side(self, side: str) -> tuple[tuple[str, Element], ...]:
        return self.front if side == "front" else self.back

    def origin(self, side: str, element: str, key: str | None = None) -> tuple[Path, int | None]:
        """The file and line that wrote ``element`` (or its ``key``): a project layout that
        ``extends: weiji`` names the project's file for what it changed, weiji's for the rest."""
        if key is not None and (side, element, key) in self.origins:
            return self.origins[(side, element, key)]
        return self.origins.get((side, element), (self.path, None))


def bundled_layouts() -> list[str]:
    return sorted(p.stem for p in (templates_dir() / "cards").glob("*.yaml"))


def find_layout(name: str | Path, search: Sequence[Path] = (), exclude: Path | None = None) -> Path:
    """A layout file: an existing path, or NAME(.yaml) in ``search`` then templates/cards/.

    ``exclude`` skips one file (a user's weiji.yaml may extend the bundled weiji).
    """
    path = Path(name)
    if path.suffix in (".yaml", ".yml") and path.is_file():
        return path
    folders = [*search, templates_dir() / "cards"]
    skip = exclude.resolve() if exclude is not None else None
    for folder in folders:
        for candidate in (folder / f"{name}.yaml", folder / f"{name}.yml", folder / str(name)):
            if candidate.is_file() and candidate.resolve() != skip:
                return candidate
    known = sorted({p.stem for f in folders if f.is_dir() for p in f.glob("*.y*ml")})
    hint = _did_you_mean(Path(str(name)).stem, known)
    raise RenderError(
        f"layout {str(name)!r} not found{hint if hint.startswith(';') else ''} (looked in {', '.join(str(f) for f in folders)}); "
        f"bundled layouts: {', '.join(bundled_layouts())}"
    )


def _read(path: Path) -> dict[str, Any]:
    try:
        data = load_yaml(path)
    except DeckError as exc:
        raise RenderError(exc.problems) from None
    if not isinstance(data, dict):
        raise RenderError(Problem("a layout file must be a mapping", path))
    return data


# (side, element) and (side, element, key) -> the file and line that last set it
Origins = dict[tuple[str, ...], tuple[Path, int | None]]


def _merge(parent: dict[str, Any], child: Mapping[str, Any], path: Path, origins: Origins
           ) -> dict[str, Any]:
    out = dict(parent)
    for key, value in child.items():
        if isinstance(child, LineMap):
            origins[(str(key),)] = (path, child.line_of(key))
        if key in ("front", "back", "defaults") and value is not None and not isinstance(value, Mapping):
            line = child.line_of(key) if isinstance(child, LineMap) else None
            raise RenderError(Problem(f"'{key}' must be a mapping of names to entries, "
                                      f"got {type(value).__name__}", path, line, field=key))
        if key in ("front", "back"):
            side = dict(out.get(key) or {})
            for name, entry in (value or {}).items():
                line = value.line_of(name) if isinstance(value, LineMap) else None
                origins[(key, name)] = (path, line)
                if isinstance(entry, LineMap):
                    for prop in entry:
                        origins[(key, name, str(prop))] = (path, entry.line_of(prop))
                if entry is None:
                    side.pop(name, None)
                elif isinstance(entry, Mapping) and isinstance(side.get(name), Mapping):
                    side[name] = {**side[name], **entry}
                else:
                    side[name] = entry
            out[key] = side
        elif key == "defaults":
            out[key] = {**(out.get(key) or {}), **(value or {})}
        elif key != "extends":
            out[key] = value
    return out


def _raw_chain(path: Path, search: Sequence[Path], origins: Origins, roots: Sequence[Path],
               seen: tuple[Path, ...] = ()) -> dict[str, Any]:
    data = _read(path)
    parent_name = data.get("extends")
    if not parent_name:
        return _merge({}, data, path, origins)
    line = data.line_of("extends") if isinstance(data, LineMap) else None
    if not isinstance(parent_name, str) or "\x00" in parent_name or len(parent_name) > 1000:
        raise RenderError(Problem(f"extends: not a layout name: {str(parent_name)[:60]!r}", path, line,
                                  field="extends"))
    named: str | Path = parent_name
    if parent_name.endswith((".yaml", ".yml")):  # a file name: relative to this layout
        named = path.parent / parent_name
    try:
        parent_path = find_layout(named, [path.parent, *search], exclude=path)
    except RenderError as exc:  # the parent this layout's extends: names: its line, not the deck's
        raise RenderError([p if p.file is not None else Problem(p.message, path, line, field="extends")
                           for p in exc.problems]) from None
    _confined(parent_path, roots, parent_name, path, line)
    chain = (*seen, path.resolve())
    if parent_path.resolve() in chain:
        raise RenderError(Problem("layouts extend each other in a loop", path, line, field="extends"))
    if len(chain) >= MAX_EXTENDS + 1:  # a long chain without a loop is not a loop: say what it is
        raise RenderError(Problem(f"the extends: chain is longer than {MAX_EXTENDS} steps (the limit); "
                                  "merge some of its layouts", path, line, field="extends"))
    return _merge(_raw_chain(parent_path, search, origins, roots, chain), data, path, origins)


def _problem(exc: ValidationError, path: Path, where: str, line: int | None,
             keys: Mapping[str, tuple[Path, int | None]] | None = None,
             valid: Sequence[str] = ()) -> list[Problem]:
    """Pydantic's errors as problems: each at the line of the key it is about (when
    ``keys`` knows it), an unknown key with "did you mean"."""
    out = []
    for err in exc.errors():
        parts = [str(p) for p in err["loc"] if p not in ("element",) and not _is_tag(p)]
        file, at = (keys or {}).get(parts[0], (path, line)) if parts else (path, line)
        if err["type"] == "extra_forbidden" and parts:
            message = f"unknown key {parts[-1]!r}{_did_you_mean(parts[-1], valid)}"
        else:
            loc = ".".join(parts)
            message = f"{loc + ': ' if loc else ''}{err['msg']}"
        label = where  # a key written in another layout of the extends: chain is reported under it
        if file != path:
            label = where.replace(f"layout {path.stem}", f"layout {file.stem}", 1)
        out.append(Problem(f"{label}: {message}", file, at))
    return out


def _did_you_mean(key: str, valid: Sequence[str]) -> str:
    import difflib

    close = difflib.get_close_matches(key, list(valid), n=1)
    return f"; did you mean {close[0]!r}?" if close else f" (valid here: {', '.join(valid)})"


def _is_tag(part: Any) -> bool:
    """A pydantic union branch name in an error location (an element type, 'constrained-float')."""
    return isinstance(part, str) and (
        part in ELEMENT_TYPES or part.startswith(("constrained-", "function-")) or "[" in part
    )


def validate_element(
    entry: Mapping[str, Any], *, layout: str, path: Path, name: str, card: str | None = None,
    line: int | None = None, keys: Mapping[str, tuple[Path, int | None]] | None = None,
) -> Element:
    """Validate one element entry; RenderError naming layout, card and element if invalid.

    ``keys`` gives the file and line of each key, so a problem is reported where it is written.
    """
    where = f"layout {layout}, element '{name}'"
    kind = entry.get("type") if isinstance(entry, Mapping) else None
    if kind not in ELEMENT_TYPES:
        file, at = (keys or {}).get("type", (path, line))
        raise RenderError(Problem(
            f"{where}: unknown element type {kind!r}; valid: {', '.join(ELEMENT_TYPES)}",
            file, at, card,
        ))
    try:
        return ElementHolder.model_validate({"element": dict(entry)}).element
    except ValidationError as exc:
        valid = [k for k in ELEMENT_CLASSES[str(kind)].model_fields]
        problems = _problem(exc, path, where, line, keys, valid)
        raise RenderError([Problem(p.message, p.file, p.line, card) for p in problems]) from None


def with_defaults(entry: Mapping[str, Any], defaults: Mapping[str, Any]) -> dict[str, Any]:
    """The layout's ``defaults`` that this element's type has a field for, then the entry."""
    cls = ELEMENT_CLASSES.get(str(entry.get("type")))
    known = set(cls.model_fields) if cls else set()
    return {**{k: v for k, v in defaults.items() if k in known}, **entry}


def load_layout(name: str | Path, search: Sequence[Path] = (),
                roots: Sequence[Path] | None = None) -> Layout:
    """Load, merge (``extends:``) and validate a layout.

    With ``roots`` (a deck's project folder) the layout itself must be inside them
    (or bundled); without, ``name`` is trusted (given on the command line) and its
    ``extends:`` chain may use its own folder and ``search``. Either way every
    parent must be inside the allowed folders.
    """
    if isinstance(name, str) and ("\x00" in name or len(name) > 1000):
        raise RenderError(f"not a layout name: {name[:60]!r}")
    path = find_layout(name, search)
    if roots is not None:
        _confined(path, roots, str(name), None)
        allowed: Sequence[Path] = roots
    else:
        allowed = [path.parent, *search]
    origins: Origins = {}
    raw = _raw_chain(path, search, origins, allowed)
    try:
        top = LayoutFile.model_validate(raw)
    except ValidationError as exc:
        keys = {k[0]: at for k, at in origins.items() if len(k) == 1}
        raise RenderError(_problem(exc, path, f"layout {path.stem}", None, keys,
                                   list(LayoutFile.model_fields))) from None
    layout_name = top.name or path.stem
    sides: dict[str, list[tuple[str, Element]]] = {"front": [], "back": []}
    merged: dict[str, dict[str, dict[str, Any]]] = {"front": {}, "back": {}}
    for side in ("front", "back"):
        entries = getattr(top, side)
        for el_name, entry in entries.items():
            if entry is None:
                continue
            full = with_defaults(entry, top.defaults)
            file, line = origins.get((side, el_name), (path, None))
            keys = {k: origins[(side, el_name, k)] for k in full if (side, el_name, k) in origins}
            named = layout_name if file == path else file.stem  # where the element is written
            element = validate_element(full, layout=named, path=file, name=el_name,
                                       line=line, keys=keys)
            sides[side].append((el_name, element))
            merged[side][el_name] = full
    ordered = {k: sorted(v, key=lambda item: layer_of(item[1])) for k, v in sides.items()}
    return Layout(layout_name, path, top.size, top.safe_zone, tuple(ordered["front"]),
                  tuple(ordered["back"]), merged, dict(origins), top.mirror)
