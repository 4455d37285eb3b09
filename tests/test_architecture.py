"""The package's import structure: no import cycle of any length (imports at module
level or inside a function alike), every module in a layer, and the layers import
one way only (cli -> project -> images/booklet/balance -> validate -> render -> games ->
deck -> paths/errors and the other one-file helpers); docs/architecture.md draws it."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "generator"
# A package may import from the packages after it in this order, never before; the
# packages of one layer import each other not at all (no sideways reach).
# "" is generator/__init__.py (the version); the one-file modules at the root are helpers
# every layer may use (console: rich output; executor/workers: process pools; notices).
LAYERS = [("cli",), ("project",), ("images", "booklet", "balance"), ("validate",), ("render",), ("games",), ("deck",),
          ("paths", "errors", "i18n", "grammar", "console", "executor", "workers", "notices", "")]


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
                # ``from P import m`` of a submodule m imports P.m (P itself only as its
                # parent package, which every submodule's import runs first)
                subs = [f"{target}.{a.name}" for a in node.names if f"{target}.{a.name}" in modules]
                candidates = subs if len(subs) == len(node.names) else [target, *subs]
            elif isinstance(node, ast.Import):
                candidates = [a.name for a in node.names]
            else:
                continue
            for c in candidates:
                if c in modules and c != name:
                    graph[name].add(c)
    return graph


def import_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected group of more than one module (Tarjan): each holds an
    import cycle, of any length. A package's ``__init__`` that imports a submodule of
    its own is no cycle: a submodule's import of its parent package is left out."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    groups: list[list[str]] = []

    def edges(v: str) -> list[str]:
        return sorted(w for w in graph.get(v, ()) if not v.startswith(w + "."))

    for root in sorted(graph):  # iterative, so a deep graph needs no recursion limit
        if root in index:
            continue
        work = [(root, iter(edges(root)))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(edges(w))))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                group = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    group.append(w)
                    if w == v:
                        break
                if len(group) > 1:
                    groups.append(sorted(group))
    return sorted(groups)


def test_no_import_cycle_of_any_length() -> None:
    cycles = import_cycles(_imports())
    assert cycles == [], "import cycles (each group imports itself round):\n" + "\n".join(map(str, cycles))


def test_the_cycle_finder_finds_long_and_function_level_cycles() -> None:
    six = {"a": {"b"}, "b": {"c"}, "c": {"d"}, "d": {"e"}, "e": {"f"}, "f": {"a"}, "g": {"a"}}
    assert import_cycles(six) == [["a", "b", "c", "d", "e", "f"]]
    assert import_cycles({"p": {"p.x"}, "p.x": {"p"}}) == []  # a package and its own submodule
    assert import_cycles({"a": {"b"}, "b": set()}) == []
    source = "def later():\n    from .registry import GAMES\n"
    tree = ast.parse(source)
    assert any(isinstance(n, ast.ImportFrom) for n in ast.walk(tree))  # _imports walks into functions


def test_the_registry_is_a_plain_lookup_that_loaders_register_into() -> None:
    """The registry knows no loader (a designer's game.py, a rules file): they import it and
    ``register(spec)``; the spec and the rule decisions know no registry."""
    graph = _imports()
    assert graph["generator.games.registry"] <= {"generator.games.spec", "generator.games.params", "generator.errors"}
    assert not any(d.startswith("generator.games.designer") or d == "generator.games.registry"
                   for d in graph["generator.games.spec"] | graph["generator.games.decisions"])
    assert "generator.games.registry" in graph["generator.games.designer.loader"]


def test_every_module_is_in_a_layer() -> None:
    loose = sorted(m for m in _imports() if _layer(m) is None)
    assert loose == [], f"modules in no layer (add their package to LAYERS and docs/architecture.md): {loose}"


def test_one_layer_does_not_reach_sideways() -> None:
    sideways = sorted(f"{module} -> {dep}" for module, deps in _imports().items() for dep in deps
                      if _layer(module) == _layer(dep) and _top(module) != _top(dep)
                      and _top(module) in _PACKAGES and _top(dep) in _PACKAGES)
    assert sideways == [], "a package imports another of its own layer:\n" + "\n".join(sideways)


def _top(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


_PACKAGES = {p.name for p in ROOT.iterdir() if (p / "__init__.py").is_file()}  # the one-file helpers may share a layer


def _layer(module: str) -> int | None:
    top = _top(module)
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


# -- a game is its package ---------------------------------------------------
# Nothing outside ``generator/games/<g>/`` may name a built-in game: no quoted
# name ("weiji" in play, deck.game == "war") and no import of a game package
# (generator.games.viashi...). The generic code asks the game's GameSpec.
# The one exception is structural, not a file list: the registry's BUILTIN
# tuple of spec import strings (how the built-in games are registered).
GAMES_DIR = ROOT / "games"
# files still naming a built-in game, to be moved behind the spec (must shrink to empty)
NAMED_GAME_ALLOWED: set[str] = set()


def builtin_games() -> set[str]:
    """The built-in games: the packages under generator/games/ with a spec module."""
    return {p.parent.name for p in GAMES_DIR.glob("*/spec.py")}


def _game_package(dotted: str, games: set[str]) -> bool:
    parts = dotted.split(".")
    return len(parts) >= 3 and parts[:2] == ["generator", "games"] and parts[2] in games


def game_names_in(source: str, package: str, games: set[str]) -> list[str]:
    """Where ``source`` (the module in ``package``, dotted) names a built-in game:
    a string constant that is a game's name or a game package's import string,
    or an import of a game package. The registry's ``BUILTIN = (...)`` is exempt."""
    tree = ast.parse(source)
    exempt = {id(n) for node in ast.walk(tree)
              if isinstance(node, (ast.Assign, ast.AnnAssign)) and package == "generator.games"
              and any(isinstance(t, ast.Name) and t.id == "BUILTIN"
                      for t in (node.targets if isinstance(node, ast.Assign) else [node.target]))
              for n in ast.walk(node)}
    found = []
    for node in ast.walk(tree):
        if id(node) in exempt:
            continue
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = node.value.strip()
            if text.lower() in games or _game_package(text.partition(":")[0], games):
                found.append(f"line {node.lineno}: {node.value!r}")
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            for name in [target] + [f"{target}.{a.name}" for a in node.names]:
                if _game_package(name, games):
                    found.append(f"line {node.lineno}: import of {name}")
                    break
        elif isinstance(node, ast.Import):
            found += [f"line {node.lineno}: import of {a.name}" for a in node.names if _game_package(a.name, games)]
    return found


def _named_games() -> dict[str, list[str]]:
    games = builtin_games()
    out = {}
    for path in sorted(ROOT.rglob("*.py")):
        rel = path.relative_to(ROOT.parent)
        if rel.parts[:2] == ("generator", "games") and len(rel.parts) > 3 and rel.parts[2] in games:
            continue  # inside the game's own package
        module = _module(path)
        package = module if path.name == "__init__.py" else module.rpartition(".")[0]
        hits = game_names_in(path.read_text(), package, games)
        if hits:
            out[str(rel)] = hits
    return out


def test_builtin_games_found() -> None:
    assert {"weiji", "war", "viashi"} <= builtin_games()


def test_no_builtin_game_named_outside_its_package() -> None:
    named = _named_games()
    new = {f: hits for f, hits in named.items() if f not in NAMED_GAME_ALLOWED}
    assert new == {}, "a built-in game named outside generator/games/<game>/ (ask its GameSpec instead):\n" + \
        "\n".join(f"{f}: {', '.join(h)}" for f, h in sorted(new.items()))
    stale = sorted(NAMED_GAME_ALLOWED - set(named))
    assert stale == [], f"allowed but no longer naming a game (remove from NAMED_GAME_ALLOWED): {stale}"


def test_game_name_check_catches_names_and_imports() -> None:
    games = {"weiji", "war"}
    assert game_names_in("x = 1\nif deck.game == 'war':\n    pass\n", "generator.balance", games) == ["line 2: 'war'"]
    assert game_names_in("from ..games.weiji.fast import chunk\n", "generator.balance", games) == \
        ["line 1: import of generator.games.weiji.fast"]
    assert game_names_in("import generator.games.war.game\n", "generator", games) == ["line 1: import of generator.games.war.game"]
    assert game_names_in("HOOK = 'generator.games.weiji.spec:SPEC'\n", "generator.booklet", games) == \
        ["line 1: 'generator.games.weiji.spec:SPEC'"]
    # the registry's list of built-in specs is the one place that may name them
    assert game_names_in("BUILTIN = ('generator.games.weiji.spec:SPEC',)\n", "generator.games", games) == []
    assert game_names_in("BUILTIN = ('generator.games.weiji.spec:SPEC',)\n", "generator.balance", games) != []
    # prose and other words are not names
    assert game_names_in('"""Weiji is played with warm colours."""\nx = "wars per game"\n', "generator", games) == []


def test_every_gamespec_field_is_read() -> None:
    """A field nothing reads would let a designer's SPEC set it and be silently ignored:
    each is read as ``<something>.<field>`` somewhere outside the spec's own module."""
    import dataclasses

    from generator.games.spec import GameSpec

    read: set[str] = set()
    for path in ROOT.rglob("*.py"):
        if path == ROOT / "games" / "spec.py":
            continue
        read |= {n.attr for n in ast.walk(ast.parse(path.read_text())) if isinstance(n, ast.Attribute)}
    unread = [f.name for f in dataclasses.fields(GameSpec) if f.name not in read]
    assert unread == [], f"GameSpec fields nothing reads (read them, or delete them): {unread}"


def test_the_one_import_string_hook_stays_in_the_games_package() -> None:
    """``GameSpec.fast`` is named by import string (numba loads only when a run uses it):
    each built-in game's resolves, to a module of its own package with the engine's four names."""
    import importlib

    from generator.games.registry import builtin_names, entry

    for name in builtin_names():
        ref = entry(name).fast
        assert ref is not None and ref.startswith(f"generator.games.{name}."), (name, ref)
        module = importlib.import_module(ref)
        assert all(callable(getattr(module, f, None)) for f in ("unsupported", "tables", "chunk")), ref
        assert hasattr(module, "kernel"), ref
