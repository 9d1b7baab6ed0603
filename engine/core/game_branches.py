"""Find code that branches on a game's name outside that game's own package.

A game is an object (:mod:`engine.core.registry`): code outside ``engine/<game>/`` asks it for
facts and behaviour instead of comparing the game's name. This scanner finds the places that
still compare: in Python (an ``ast`` walk) a game name as a literal in a comparison, a ``match``
case, a dict key, a subscript or a tuple/list/set of games; in templates and scripts (a regex
per line) a quoted game name next to a comparison, a ``case``, an object key, a Jinja ``for``
over literals or a ``data-game`` attribute. Used by ``tests/engine/core/test_game_branches.py``.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Branch:
    path: str  # relative to the project root
    line: int
    text: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.text.strip()[:100]}"


def _is_name(node: ast.AST, games: frozenset[str]) -> bool:
    return isinstance(node, ast.Constant) and node.value in games


def _holds_name(node: ast.AST, games: frozenset[str]) -> bool:
    if _is_name(node, games):
        return True
    return isinstance(node, ast.Tuple | ast.List | ast.Set) and any(_is_name(e, games) for e in node.elts)


def _python_nodes(tree: ast.AST, games: frozenset[str]) -> Iterator[ast.AST]:
    for node in ast.walk(tree):
        sides = [node.left, *node.comparators] if isinstance(node, ast.Compare) else []
        if any(_holds_name(n, games) for n in sides):
            yield node
        elif isinstance(node, ast.Dict) and any(k is not None and _is_name(k, games) for k in node.keys):
            yield node
        elif isinstance(node, ast.Subscript) and _is_name(node.slice, games):
            yield node
        elif isinstance(node, ast.MatchValue) and _is_name(node.value, games):
            yield node
        elif isinstance(node, ast.Tuple | ast.List | ast.Set) and _holds_name(node, games) and not any(
                isinstance(e, ast.Constant) and isinstance(e.value, str) and e.value not in games
                for e in node.elts):  # a tuple of games (not of mixed words that include one)
            yield node


def python_branches(source: str, path: str, games: Iterable[str]) -> list[Branch]:
    names = frozenset(games)
    lines = source.splitlines()
    seen: dict[int, Branch] = {}
    for node in _python_nodes(ast.parse(source), names):
        line = getattr(node, "lineno", 1)
        seen.setdefault(line, Branch(path, line, lines[line - 1] if line <= len(lines) else ""))
    return sorted(seen.values(), key=lambda b: b.line)


def _text_pattern(games: Iterable[str]) -> re.Pattern[str]:
    alt = "|".join(re.escape(g) for g in sorted(games))
    quoted = rf"""["'](?:{alt})["']"""
    return re.compile(
        rf"(?:[=!]==?|\bcase\b|\bin\s*\()\s*{quoted}"  # x == "game", case "game", in ("game", ...)
        rf"|{quoted}\s*(?:[=!]==?|:)"  # "game" == x, "game": value
        rf"|[{{,]\s*(?:{alt})\s*:"  # { game: value } (an object key)
        rf"|data-game=[\"'](?:{alt})[\"']"  # markup shown for one game
    )


def text_branches(source: str, path: str, games: Iterable[str]) -> list[Branch]:
    pattern = _text_pattern(games)
    lines = enumerate(source.splitlines(), start=1)
    return [Branch(path, i, line) for i, line in lines if pattern.search(line)]


def _outside_games(paths: Iterable[Path], games: frozenset[str], root: Path) -> Iterator[Path]:
    for path in paths:
        rel = path.relative_to(root).parts
        if len(rel) > 1 and rel[0] == "engine" and rel[1] in games:
            continue  # a game's own package may name itself
        if "/".join(rel) in EXEMPT:
            continue
        yield path

#: The folders whose Python is scanned (the tests are not: a test may name the game it tests).
PYTHON_FOLDERS = ("engine", "corpus", "index", "refapp", "scripts", "deploy")
#: Files that name games on purpose, each with its reason (a test checks that each still does).
EXEMPT: dict[str, str] = {
    "scripts/bench_engine.py": "benchmarks each game's own bots and scenarios against reference figures",
}


def scan(games: Iterable[str], root: Path = ROOT) -> list[Branch]:
    """Every game-name branch in the packages (engine/ outside engine/<game>/, corpus/, index/,
    refapp/), the scripts and deploy/, refapp's templates and its browser scripts."""
    names = frozenset(games)
    found: list[Branch] = []
    py = sorted(path for folder in PYTHON_FOLDERS for path in root.glob(f"{folder}/**/*.py"))
    for path in _outside_games(py, names, root):
        found += python_branches(path.read_text(encoding="utf-8"), str(path.relative_to(root)), names)
    text = sorted([*root.glob("refapp/templates/**/*.html"), *root.glob("refapp/static/*.js")])
    for path in text:
        found += text_branches(path.read_text(encoding="utf-8"), str(path.relative_to(root)), names)
    return found
