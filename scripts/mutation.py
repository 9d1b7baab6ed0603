"""Mutation gate: break the engines' rule code one change at a time and check a test notices.

``python scripts/mutation.py`` (``make mutation``) enumerates *mutants* of every function in the
rule modules below, one syntactic change each (operators listed in :data:`OPERATORS`). Each mutant
is applied in place by swapping the function's code object (``__code__``), so every caller, every
dispatch table and every ``from x import f`` sees the broken rule; then

1. every scenario of that game is run in-process (``engine.run_scenario``): any failed run kills it;
2. a mutant no scenario kills is run against the game's engine tests that exercise rules
   in-process (:data:`ENGINE_TESTS`; pytest in-process, stopping at the first failure).

A mutant that hangs past the time limit counts as killed (a timeout). Survivors are printed with
their location and change; ``docs/quality.md`` lists each with why it is equivalent or the
scenario added for it. ``--json FILE`` writes the full result; ``--only PATH[:FUNCTION]`` narrows
the run; ``--workers N`` runs N processes (default 2). ``--pairs`` adds the interaction matrix's
pair runs (``engine/pairs/``, issue 25) to the scenarios, ``--pairs-only`` runs them alone;
``--scenarios-only`` skips step 2, so the kills are the scenarios' own (to compare the library
with and without the matrix).

Before any mutant, the unmutated code goes through the same checks (every scenario or pair run the
run uses, then its engine tests, in a worker process as the mutants are): if anything fails there,
the gate refuses to start (exit code 2) and names what failed, since a mutant "killed" by a run that
fails anyway proves nothing.
"""

from __future__ import annotations

import argparse
import ast
import importlib
import io
import json
import multiprocessing
import signal
import sys
import time
from collections.abc import Iterator
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from engine.core.registry import games

ROOT = Path(__file__).resolve().parent.parent
#: Each game's rule modules, and the engine tests that exercise its rules in-process (CLI subprocesses,
#: corpus agreement and scenario-file checks cannot see a mutant), as its game object lists them.
TARGETS: dict[str, list[str]] = {name: list(game.rule_modules) for name, game in games().items()}
ENGINE_TESTS: dict[str, list[str]] = {name: list(game.rule_tests) for name, game in games().items()}
TIMEOUT = 60.0  # seconds per mutant (scenarios + tests); a hang counts as killed

SWAP_COMPARE: dict[type, type] = {
    ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.In: ast.NotIn, ast.NotIn: ast.In,
    ast.Is: ast.IsNot, ast.IsNot: ast.Is,
}
SWAP_BINOP: dict[type, type] = {
    ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.FloorDiv, ast.FloorDiv: ast.Mult, ast.Mod: ast.FloorDiv,
}
SWAP_CALL = {"min": "max", "max": "min", "any": "all", "all": "any"}
#: Boundary widening of a comparison with an integer: the relation is kept but reaches one further.
WIDEN_COMPARE: dict[type, tuple[tuple[type, int], ...]] = {
    ast.Eq: ((ast.LtE, +1), (ast.GtE, -1)),
    ast.NotEq: ((ast.Gt, +1), (ast.Lt, -1)),
    ast.Lt: ((ast.Lt, -1),), ast.LtE: ((ast.LtE, -1),),
    ast.Gt: ((ast.Gt, -1),), ast.GtE: ((ast.GtE, -1),),
}
OPERATORS = (
    "compare: < <=, > >=, == !=, in / not in, is / is not swapped",
    "boolean: and <-> or; `not x` -> x; if/while/ternary condition negated",
    "arithmetic: + <-> -, * <-> //, augmented += <-> -=",
    "constant: integer n -> n + 1 (0 -> 1), True <-> False",
    "statement: an expression statement, assignment, `del`, `break`/`continue` removed;"
    " `return x` -> `return None` (not for x = False / 0 / None)",
    "call: min <-> max; any <-> all",
    "boundary: `x == n` -> `x <= n + 1` / `x >= n - 1`, `x != n` -> `x > n + 1` / `x < n - 1`,"
    " `x < n` (<=, >, >=) -> n - 1",
    "position: `zone.append(c)` <-> `zone.insert(0, c)` (bottom <-> top), `zone.pop()` <-> `zone.pop(0)`",
)


@dataclass
class Mutant:
    file: str
    function: str  # qualified: "name" or "Class.name"
    index: int  # the n-th mutation point in that function
    line: int
    change: str
    status: str = ""  # killed-scenario | killed-test | timeout | survived | error
    detail: str = ""


# --- enumerating mutation points ------------------------------------------------------------
def _points(func: ast.AST) -> Iterator[tuple[ast.AST, str, Any]]:
    """(node, description, apply) for every mutation point inside one function body."""
    body = func.body  # type: ignore[attr-defined]
    first = body[0] if body else None
    skip_doc = isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
    for stmt in body[1:] if skip_doc else body:
        for node in ast.walk(stmt):
            yield from _node_points(node)


def _node_points(node: ast.AST) -> Iterator[tuple[ast.AST, str, Any]]:
    if isinstance(node, ast.Compare):
        for k, op in enumerate(node.ops):
            if type(op) in SWAP_COMPARE:
                new = SWAP_COMPARE[type(op)]
                yield node, f"{type(op).__name__} -> {new.__name__}", ("op", k, new)
        yield from _boundary_points(node)
    elif isinstance(node, ast.BoolOp):
        other = ast.Or if isinstance(node.op, ast.And) else ast.And
        yield node, f"{type(node.op).__name__} -> {other.__name__}", ("boolop", other)
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        yield node, "drop `not`", ("drop_not",)
    elif isinstance(node, ast.BinOp) and type(node.op) in SWAP_BINOP:
        new = SWAP_BINOP[type(node.op)]
        yield node, f"{type(node.op).__name__} -> {new.__name__}", ("binop", new)
    elif isinstance(node, ast.AugAssign) and type(node.op) in (ast.Add, ast.Sub):
        new = ast.Sub if isinstance(node.op, ast.Add) else ast.Add
        yield node, f"aug {type(node.op).__name__} -> {new.__name__}", ("binop", new)
    elif isinstance(node, ast.Constant) and type(node.value) is bool:
        yield node, f"{node.value} -> {not node.value}", ("const", not node.value)
    elif isinstance(node, ast.Constant) and type(node.value) is int:
        yield node, f"{node.value} -> {node.value + 1}", ("const", node.value + 1)
    elif isinstance(node, (ast.If, ast.While, ast.IfExp)):
        yield node, f"negate `{type(node).__name__.lower()}` condition", ("negate",)
    elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in SWAP_CALL:
        new = SWAP_CALL[node.func.id]
        yield node, f"{node.func.id}() -> {new}()", ("call", new)
    elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        yield from _position_points(node)
    if isinstance(node, (ast.If, ast.For, ast.While, ast.With, ast.Try, ast.FunctionDef)):
        for field in ("body", "orelse", "finalbody"):
            stmts = getattr(node, field, None) or []
            for k, s in enumerate(stmts):
                if isinstance(s, (ast.Expr, ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Delete,
                                  ast.Break, ast.Continue)) and not (
                    isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant)
                ):
                    yield node, f"remove line {s.lineno} ({type(s).__name__.lower()})", ("remove", field, k)
                elif isinstance(s, ast.Return) and s.value is not None and not _falsy_constant(s.value):
                    yield node, f"line {s.lineno}: return None", ("return_none", field, k)


def _boundary_points(node: ast.Compare) -> Iterator[tuple[ast.AST, str, Any]]:
    """``x == 0`` -> ``x <= 1`` and the like: a rule's limit moved by one (the Poor House paying
    with one gold left), which swapping ``==`` for ``!=`` or 0 for 1 does not produce."""
    for k, (op, right) in enumerate(zip(node.ops, node.comparators, strict=True)):
        if not (isinstance(right, ast.Constant) and type(right.value) is int):
            continue
        for new, step in WIDEN_COMPARE.get(type(op), ()):
            n = right.value + step
            yield node, f"{type(op).__name__} {right.value} -> {new.__name__} {n}", ("boundary", k, new, n)


def _position_points(node: ast.Call) -> Iterator[tuple[ast.AST, str, Any]]:
    """A card put at the other end of its zone: bottom (``append``) <-> top (``insert(0, …)``), and
    taken from the other end (``pop()`` <-> ``pop(0)``)."""
    attr, args = node.func.attr, node.args  # type: ignore[attr-defined]
    first_is_zero = bool(args) and isinstance(args[0], ast.Constant) and args[0].value == 0
    if attr == "append" and len(args) == 1:
        yield node, "append(c) -> insert(0, c)", ("position", "insert", [ast.Constant(0), args[0]])
    elif attr == "insert" and len(args) == 2 and first_is_zero:
        yield node, "insert(0, c) -> append(c)", ("position", "append", [args[1]])
    elif attr == "pop" and not args:
        yield node, "pop() -> pop(0)", ("position", "pop", [ast.Constant(0)])
    elif attr == "pop" and len(args) == 1 and first_is_zero:
        yield node, "pop(0) -> pop()", ("position", "pop", [])


def _falsy_constant(value: ast.expr) -> bool:
    """``return False`` / ``return 0`` -> ``return None`` only changes a value read for its truth."""
    return isinstance(value, ast.Constant) and not value.value


def _apply(node: ast.AST, action: tuple[Any, ...]) -> None:
    kind = action[0]
    if kind == "op":
        node.ops[action[1]] = action[2]()  # type: ignore[attr-defined]
    elif kind == "boolop":
        node.op = action[1]()  # type: ignore[attr-defined]
    elif kind == "binop":
        node.op = action[1]()  # type: ignore[attr-defined]
    elif kind == "const":
        node.value = action[1]  # type: ignore[attr-defined]
    elif kind == "negate":
        node.test = ast.UnaryOp(op=ast.Not(), operand=node.test)  # type: ignore[attr-defined]
    elif kind == "call":
        node.func = ast.Name(id=action[1], ctx=ast.Load())  # type: ignore[attr-defined]
    elif kind == "boundary":
        node.ops[action[1]] = action[2]()  # type: ignore[attr-defined]
        node.comparators[action[1]] = ast.Constant(value=action[3])  # type: ignore[attr-defined]
    elif kind == "position":
        node.func.attr = action[1]  # type: ignore[attr-defined]
        node.args = action[2]  # type: ignore[attr-defined]
    elif kind in ("remove", "return_none"):
        stmts = getattr(node, action[1])
        old = stmts[action[2]]
        new: ast.stmt = ast.Pass() if kind == "remove" else ast.Return(value=ast.Constant(value=None))
        stmts[action[2]] = ast.copy_location(new, old)


def _functions(tree: ast.Module) -> Iterator[tuple[str, ast.AST]]:
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            yield node.name, node
        elif isinstance(node, ast.ClassDef):
            for sub in node.body:
                if isinstance(sub, ast.FunctionDef):
                    yield f"{node.name}.{sub.name}", sub


def enumerate_mutants(files: list[str], only: str | None = None) -> list[Mutant]:
    out: list[Mutant] = []
    for file in files:
        tree = ast.parse((ROOT / file).read_text(), file)
        for name, func in _functions(tree):
            if only and ":" in only and only.split(":", 1)[1] != name:
                continue
            for index, (node, change, _) in enumerate(_points(func)):
                out.append(Mutant(file, name, index, getattr(node, "lineno", func.lineno), change))  # type: ignore[attr-defined]
    return out


def mutated_code(m: Mutant) -> Any:
    """Compile the module with mutant ``m`` applied and return the mutated function's code object."""
    tree = ast.parse((ROOT / m.file).read_text(), m.file)
    func = dict(_functions(tree))[m.function]
    node, _, action = list(_points(func))[m.index]
    if action[0] == "drop_not":  # replace `not x` by `x` in its parent
        _replace_child(func, node, node.operand)  # type: ignore[attr-defined]
    else:
        _apply(node, action)
    ast.fix_missing_locations(tree)
    # the real module name: dataclasses resolve their module through sys.modules
    namespace: dict[str, Any] = {"__name__": module_name(m.file)}
    exec(compile(tree, str(ROOT / m.file), "exec"), namespace)  # noqa: S102 - our own source
    obj: Any = namespace
    for part in m.function.split("."):
        obj = obj[part] if isinstance(obj, dict) else obj.__dict__[part]
    return (obj.fget if isinstance(obj, property) else obj).__code__


def _replace_child(root: ast.AST, old: ast.AST, new: ast.AST) -> None:
    for parent in ast.walk(root):
        for field, value in ast.iter_fields(parent):
            if value is old:
                setattr(parent, field, new)
                return
            if isinstance(value, list):
                for k, item in enumerate(value):
                    if item is old:
                        value[k] = new
                        return


def module_name(file: str) -> str:
    return file.removesuffix(".py").replace("/", ".")


def target_function(m: Mutant) -> Any:
    obj: Any = importlib.import_module(module_name(m.file))
    for part in m.function.split("."):
        obj = getattr(obj, part) if not isinstance(obj, type) else obj.__dict__[part]
    return obj.fget if isinstance(obj, property) else obj


# --- running one mutant ------------------------------------------------------------------------
class Timeout(Exception):
    pass


def _alarm(signum: int, frame: Any) -> None:
    raise Timeout


class Runner:
    """Loads every scenario of one game once; runs them (and the engine tests) against a mutant."""

    def __init__(self, game: str, pairs: bool | str = False, scenarios_only: bool = False) -> None:
        import engine
        from refapp.commands.engine import load_names, names_for

        self.game = game
        self.engine = engine
        self.names = names_for(game, load_names())
        self.scenarios = [engine.load_scenario(i.id) for i in engine.list_scenarios() if i.game == game]
        if pairs == "only":
            self.scenarios = []
        if pairs:
            from engine.interactions import pair_infos
            from engine.interactions.generate import load_pair

            self.scenarios += [load_pair(i.path) for i in pair_infos() if i.game == game]
        self.tests = [] if scenarios_only else [str(ROOT / t) for t in ENGINE_TESTS[game]]

    def baseline(self) -> list[str]:
        """What fails on the unmutated code: each failing scenario (or pair run), then the engine
        tests if this run uses them. Empty when the gate may start."""
        failures = []
        for s in self.scenarios:
            try:
                passed = self.engine.run_scenario(s, self.names).passed
            except Exception as exc:
                failures.append(f"scenario {s.id} raised {type(exc).__name__}: {exc}")
                continue
            if not passed:
                failures.append(f"scenario {s.id} fails")
        failed_test = self._tests()
        if failed_test:
            failures.append(f"engine tests fail: {failed_test}")
        return failures

    def check(self, m: Mutant) -> None:
        func = target_function(m)
        original = func.__code__
        try:
            func.__code__ = mutated_code(m)
        except Exception as exc:  # a mutant that does not compile is not counted
            m.status, m.detail = "error", f"{type(exc).__name__}: {exc}"
            return
        signal.signal(signal.SIGALRM, _alarm)
        signal.setitimer(signal.ITIMER_REAL, TIMEOUT)
        try:
            m.status, m.detail = self._run()
        except Timeout:
            m.status, m.detail = "timeout", f"no result within {TIMEOUT:.0f} s"
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            func.__code__ = original

    def _run(self) -> tuple[str, str]:
        for s in self.scenarios:
            try:
                run = self.engine.run_scenario(s, self.names)
            except Timeout:
                raise
            except Exception as exc:
                return "killed-scenario", f"{s.id}: raised {type(exc).__name__}"
            if not run.passed:
                return "killed-scenario", f"{s.id}: {run.failures[0][:160] if run.failures else 'failed'}"
        failed = self._tests()
        return ("killed-test", failed) if failed else ("survived", "")

    def _tests(self) -> str:
        """Run the engine tests in-process (pytest, stopping at the first failure): "" when they
        pass (or none are used), else the first failure."""
        if not self.tests:
            return ""
        import pytest

        _steady_examples()
        out = io.StringIO()
        with redirect_stdout(out), redirect_stderr(out):
            code = pytest.main([*self.tests, "-x", "-q", "-p", "no:cacheprovider"])
        if code == 0:
            return ""
        failed = [ln for ln in out.getvalue().splitlines() if ln.startswith("FAILED")]
        return failed[0][:200] if failed else f"pytest exit {code}"


def _steady_examples() -> None:
    """The engine tests' generated examples, the same in every run and with no time limit: a mutant
    is killed by a failed assertion, never by a loaded machine (Hypothesis' 200 ms deadline) or by a
    lucky draw of examples (tests that set their own deadline or examples keep them)."""
    from hypothesis import HealthCheck, settings

    settings.register_profile(
        "mutation", deadline=None, derandomize=True, database=None,
        suppress_health_check=[HealthCheck.too_slow],
    )
    settings.load_profile("mutation")


def _worker(args: tuple[str, list[dict[str, Any]], bool | str, bool]) -> list[dict[str, Any]]:
    game, items, pairs, scenarios_only = args
    sys.path.insert(0, str(ROOT))
    runner = Runner(game, pairs, scenarios_only)
    done = []
    for raw in items:
        m = Mutant(**raw)
        runner.check(m)
        done.append(asdict(m))
        print(f"{m.status:15} {m.file}:{m.line} {m.function} {m.change}", flush=True)
    return done


def _baseline(args: tuple[str, bool | str, bool]) -> list[str]:
    """The unmutated code's failures for one game, checked in a worker as the mutants are."""
    game, pairs, scenarios_only = args
    sys.path.insert(0, str(ROOT))
    return Runner(game, pairs, scenarios_only).baseline()


def refuse_if_broken(games_: list[str], pairs: bool | str, scenarios_only: bool) -> int:
    """0 when every scenario and engine test the run uses passes on the unmutated code; else the
    failures are printed and 2 returned: the gate does not start on a broken baseline."""
    with multiprocessing.get_context("fork").Pool(1) as pool:
        broken = {g: pool.apply(_baseline, ((g, pairs, scenarios_only),)) for g in games_}
    broken = {g: f for g, f in broken.items() if f}
    if not broken:
        return 0
    print("mutation: refusing to start, the unmutated code already fails:", file=sys.stderr)
    for game, failures in broken.items():
        for line in failures[:20]:
            print(f"  {game}: {line}", file=sys.stderr)
        if len(failures) > 20:
            print(f"  {game}: … and {len(failures) - 20} more", file=sys.stderr)
    print("Fix these first: a mutant killed by a check that fails anyway proves nothing.", file=sys.stderr)
    return 2


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--game", choices=sorted(TARGETS), help="only this game's rule modules")
    parser.add_argument("--only", help="a target file (engine/citadels/turn.py) or file:function")
    parser.add_argument("--json", help="write every mutant's result to this file")
    parser.add_argument("--list", action="store_true", help="list the mutants without running them")
    parser.add_argument("--rerun", help="run again only the survivors recorded in this --json file")
    parser.add_argument("--pairs", action="store_true", help="add the interaction matrix's pair runs")
    parser.add_argument("--pairs-only", action="store_true", help="the interaction matrix's runs alone")
    parser.add_argument("--scenarios-only", action="store_true",
                        help="no engine tests: the scenarios' own kills")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    jobs: list[tuple[str, list[dict[str, Any]], bool | str, bool]] = []
    pairs: bool | str = "only" if args.pairs_only else args.pairs
    total: list[Mutant] = []
    for game, files in TARGETS.items():
        if args.game and game != args.game:
            continue
        chosen = [f for f in files if not args.only or args.only.split(":", 1)[0] == f]
        mutants = enumerate_mutants(chosen, args.only)
        if args.rerun:
            recorded = json.loads(Path(args.rerun).read_text())["mutants"]
            alive = {(m["file"], m["function"], m["index"]) for m in recorded if m["status"] == "survived"}
            mutants = [m for m in mutants if (m.file, m.function, m.index) in alive]
        total += mutants
        if not mutants:
            continue
        share = max(1, args.workers)
        for k in range(share):
            part = [asdict(m) for m in mutants[k::share]]
            if part:
                jobs.append((game, part, pairs, args.scenarios_only))
    if args.list:
        for m in total:
            print(f"{m.file}:{m.line} {m.function} {m.change}")
        print(f"{len(total)} mutants", file=sys.stderr)
        return 0
    refused = refuse_if_broken(sorted({job[0] for job in jobs}), pairs, args.scenarios_only)
    if refused:
        return refused
    started = time.perf_counter()
    with multiprocessing.get_context("fork").Pool(max(1, args.workers)) as pool:
        results = [m for chunk in pool.imap_unordered(_worker, jobs) for m in chunk]
    elapsed = time.perf_counter() - started
    counts: dict[str, int] = {}
    for r in results:
        counts[r["status"]] = counts.get(r["status"], 0) + 1
    scored = sum(v for k, v in counts.items() if k != "error")
    killed = scored - counts.get("survived", 0)
    print(f"\n{len(results)} mutants in {elapsed:.0f} s: {counts}")
    rate = 100 * killed / max(1, scored)
    print(f"killed {killed} of {scored} ({rate:.1f} %) before equivalents are set aside")
    for r in sorted(results, key=lambda r: (r["file"], r["line"])):
        if r["status"] == "survived":
            print(f"SURVIVED {r['file']}:{r['line']} {r['function']}: {r['change']}")
    if args.json:
        report = {"elapsed_s": round(elapsed), "counts": counts, "mutants": results}
        Path(args.json).write_text(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
