"""Each package has one errors.py with one root exception, and every exception class the package
defines derives from it (the engine's internal signals from its ControlFlow instead): a caller
can catch one package's errors, and a new error cannot silently stand outside the family."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import pytest

import corpus
import engine
import index
import refapp
from corpus.errors import CorpusError
from engine.errors import ControlFlow, EngineError, SetupError
from index.errors import SearchIndexError
from refapp.errors import RefappError

ROOTS = {"corpus": (CorpusError,), "engine": (EngineError, ControlFlow), "index": (SearchIndexError,),
         "refapp": (RefappError,)}


def exception_classes(package) -> list[type[BaseException]]:
    """Every exception class defined in a module of ``package``."""
    found = []
    for info in pkgutil.walk_packages(package.__path__, f"{package.__name__}."):
        module = importlib.import_module(info.name)
        found += [c for _, c in inspect.getmembers(module, inspect.isclass)
                  if issubclass(c, BaseException) and c.__module__ == module.__name__]
    return found


def outside_the_family(package) -> list[str]:
    roots = ROOTS[package.__name__]
    return sorted(f"{c.__module__}.{c.__qualname__}" for c in exception_classes(package)
                  if c not in roots and not issubclass(c, roots))


@pytest.mark.parametrize("package", [corpus, engine, index, refapp], ids=lambda p: p.__name__)
def test_every_exception_derives_from_the_package_root(package):
    assert exception_classes(package), "the scan finds the package's exceptions"
    assert outside_the_family(package) == []


def test_a_planted_exception_outside_the_family_is_found(monkeypatch):
    import engine.core.rng as rng

    class Planted(ValueError):
        pass

    Planted.__module__ = rng.__name__
    monkeypatch.setattr(rng, "Planted", Planted, raising=False)
    assert [name.rsplit(".", 1)[-1] for name in outside_the_family(engine)] == ["Planted"]


def test_one_setup_error():
    from engine.dominion import SetupError as dominion_setup_error
    from engine.sandbox import games

    assert dominion_setup_error is SetupError and games.SetupError is SetupError
    assert issubclass(SetupError, ValueError)  # callers catching ValueError still catch it


def test_each_error_keeps_its_builtin_base():
    from engine.core.scenario import ScenarioError
    from engine.sandbox.errors import SandboxError, TooSlow
    from index.errors import IndexMissingError, QueryError
    from refapp.scenarios import ScenarioUnavailable

    assert issubclass(ScenarioError, ValueError) and issubclass(SandboxError, ValueError)
    assert issubclass(QueryError, ValueError) and issubclass(IndexMissingError, RuntimeError)
    assert issubclass(ScenarioUnavailable, LookupError)
    assert not issubclass(TooSlow, SandboxError)  # the service's, not the client's
    assert not issubclass(ControlFlow, EngineError)  # a signal is never caught as an error
