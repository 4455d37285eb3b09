"""The package's import structure: no two modules import each other (at module
level or inside a function), and the layers import one way only
(cli -> images/booklet/balance/project -> render/games -> deck -> paths/errors)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "generator"
# A package may import from the packages after it in this order, never before.
LAYERS = [("cli",), ("project",), ("images", "booklet", "balance"), ("render", "games"), ("deck",), ("paths", "errors", "i18n", "grammar")]


def _module(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports() -> dict[str, set[str]]:
    modules = {_module(p): p for p in ROOT.rglob("*.py")}
    graph: dict[str, set[str]] = {m: set() for m in modules}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        tree = ast.parse(path.read_text())
        typing_only = {id(n) for block in ast.walk(tree) if isinstance(block, ast.If)
                       and "TYPE_CHECKING" in ast.unparse(block.test) for n in ast.walk(block)}
        for node in ast.walk(tree):
            if id(node) in typing_only:
                continue  # annotations only: no import at run time
            if isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")
                    base = base[: len(base) - (node.level - 1)]
                    target = ".".join(base + ([node.module] if node.module else []))
                else:
                    target = node.module or ""
                candidates = [target] + [f"{target}.{a.name}" for a in node.names]
            elif isinstance(node, ast.Import):
                candidates = [a.name for a in node.names]
            else:
                continue
            for c in candidates:
                if c in modules and c != name:
                    graph[name].add(c)
    return graph


def test_no_two_modules_import_each_other() -> None:
    graph = _imports()
    pairs = sorted({tuple(sorted((a, b))) for a, deps in graph.items() for b in deps
                    if a in graph.get(b, ()) and not (a.startswith(b + ".") or b.startswith(a + "."))})
    assert pairs == [], f"two-module import circles: {pairs}"


def _layer(module: str) -> int | None:
    parts = module.split(".")
    top = parts[1] if len(parts) > 1 else ""
    for i, names in enumerate(LAYERS):
        if top in names:
            return i
    return None


def test_layers_import_one_way() -> None:
    wrong = []
    for module, deps in _imports().items():
        mine = _layer(module)
        for dep in deps:
            theirs = _layer(dep)
            if mine is not None and theirs is not None and theirs < mine:
                wrong.append(f"{module} -> {dep}")
    assert wrong == [], "imports against the layer order:\n" + "\n".join(sorted(wrong))
