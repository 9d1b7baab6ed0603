"""The engines read one way: state and primitives below, rules above, the game loop on top.

Module-level imports (TYPE_CHECKING blocks included) between engine modules form no cycle, the
core imports no game at module level (only itself and engine.errors), and each game's rules
import its table, never its loop.
"""

from __future__ import annotations

import ast
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parents[3] / "engine"


def module_name(path: Path) -> str:
    parts = path.relative_to(ENGINE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def top_level_imports(path: Path) -> set[str]:
    """Modules imported at module level (inside ``if TYPE_CHECKING:`` too), not inside functions."""
    found: set[str] = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    nodes = list(tree.body)
    while nodes:
        node = nodes.pop()
        if isinstance(node, ast.If):
            nodes.extend(node.body)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{a.name}" for a in node.names)
    return {m for m in found if m.startswith("engine.")}


Graph = dict[str, set[str]]


@pytest.fixture(scope="module")
def graph() -> Graph:
    """engine module -> the engine modules it imports at module level."""
    modules = {module_name(p): p for p in ENGINE.rglob("*.py")}
    return {name: {t for t in top_level_imports(path) if t in modules and t != name}
            for name, path in modules.items()}


def reached(graph: Graph, start: str) -> set[str]:
    """Every module ``start`` imports, directly or not (``from pkg import mod`` counts as ``pkg.mod``)."""
    seen: set[str] = set()
    todo = [start]
    while todo:
        for nxt in {t for t in graph.get(todo.pop(), set()) if not is_package(t)} - seen:
            seen.add(nxt)
            todo.append(nxt)
    return seen


def test_no_import_cycles_between_engine_modules(graph):
    # packages' __init__ files only re-export their modules: the cycles that matter are between modules
    modules = {n: {t for t in ts if not is_package(t)} for n, ts in graph.items() if not is_package(n)}
    try:
        TopologicalSorter(modules).prepare()
    except CycleError as exc:
        pytest.fail(f"import cycle: {' -> '.join(exc.args[1])}")


def is_package(name: str) -> bool:
    return (ENGINE.parent / name.replace(".", "/") / "__init__.py").exists()


@pytest.mark.parametrize("game, rules", [
    ("dominion", ["effects", "table"]),
    ("citadels", ["turn", "abilities", "building", "scoring", "draft", "table"]),
])
def test_rules_import_the_table_not_the_loop(graph, game, rules):
    for rule in rules:
        assert f"engine.{game}.game" not in reached(graph, f"engine.{game}.{rule}"), (
            f"{game}.{rule} imports the game loop")


def test_the_core_imports_no_game_at_module_level(graph):
    core = [n for n in graph if n.startswith("engine.core")]
    # engine.errors (the package's exception roots, importing nothing) is below every module
    below = ("engine.core", "engine.errors")
    assert [(c, t) for c in core for t in graph[c] if not t.startswith(below)] == []
