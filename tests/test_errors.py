"""The package's one error family (`settemezzo.errors`), checked over every module.

Every exception class the package defines is a `SettemezzoError` (a `ValueError`), but the
solver's own failure; at most four of them have subclasses (the base and three families); and
only the errors about the rules derive from `RulesError`.
"""

from __future__ import annotations

import importlib

import pytest

from settemezzo.errors import (
    IllegalActionError,
    InputError,
    LimitError,
    RulesError,
    SettemezzoError,
)
from tests.imports import modules

MAX_BASES = 4
OUTSIDE = {"settemezzo.solve.errors.SolverError"}
"""A failed or uncertified LP: the engine's failure, a `RuntimeError`, not bad input."""
ABOUT_RULES = {"settemezzo.errors.RulesError", "settemezzo.game.UnsupportedRulesError"}
"""The classes that say the rules are wrong (or not modelled): all that may be a RulesError."""


def exception_classes() -> dict[str, type[BaseException]]:
    """Every exception class defined by a module of the package, by its dotted name."""
    found: dict[str, type[BaseException]] = {}
    for name in modules():
        if name.rsplit(".", 1)[-1] == "__main__":  # running it would run the command line
            continue
        for obj in vars(importlib.import_module(name)).values():
            if (isinstance(obj, type) and issubclass(obj, BaseException)
                    and obj.__module__ == name):
                found[f"{name}.{obj.__qualname__}"] = obj
    return found


def bases(classes: dict[str, type[BaseException]]) -> set[str]:
    """The names of the classes that another class of ``classes`` derives from directly."""
    return {name for name, c in classes.items()
            if any(c in d.__bases__ for d in classes.values())}


@pytest.fixture(scope="module")
def classes() -> dict[str, type[BaseException]]:
    return exception_classes()


def test_the_walk_finds_the_classes(classes: dict[str, type[BaseException]]) -> None:
    for name in ("settemezzo.errors.SettemezzoError", "settemezzo.cards.InvalidCardError",
                 "settemezzo.classroom_server.store.ClassFullError", *OUTSIDE):
        assert name in classes
    assert len(classes) > 20


def test_bases_counts_a_class_with_a_subclass() -> None:
    class A(InputError):
        pass

    class B(A):
        pass

    assert bases({"A": A, "B": B, "InputError": InputError}) == {"A", "InputError"}


def test_at_most_four_bases(classes: dict[str, type[BaseException]]) -> None:
    found = bases(classes)
    assert len(found) <= MAX_BASES, sorted(found)
    assert "settemezzo.errors.SettemezzoError" in found


def test_only_rules_errors_are_rules_errors(classes: dict[str, type[BaseException]]) -> None:
    assert {n for n, c in classes.items() if issubclass(c, RulesError)} == ABOUT_RULES


def test_every_class_is_in_the_family(classes: dict[str, type[BaseException]]) -> None:
    outside = {n for n, c in classes.items() if not issubclass(c, SettemezzoError)}
    assert outside == OUTSIDE
    for name in OUTSIDE:
        assert issubclass(classes[name], RuntimeError)


def test_the_families_are_value_errors() -> None:
    for family in (RulesError, InputError, LimitError, IllegalActionError):
        assert issubclass(family, SettemezzoError) and issubclass(family, ValueError)
