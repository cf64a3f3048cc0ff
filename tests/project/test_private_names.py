"""No module imports another module's private name (``_x``): what two modules share gets a
public name, with a docstring, in the lower one. Read from the source (`tests.imports`):
``from settemezzo.m import _x`` and ``m._x`` where ``m`` is a module of the package."""

from __future__ import annotations

from tests.imports import Import, attribute_uses, imports


def _private(i: Import) -> bool:
    return i.name.startswith("_") and not i.name.startswith("__") and i.importer != i.target


def found() -> set[tuple[str, str, str]]:
    return {(i.importer, i.target, i.name) for i in [*imports(), *attribute_uses()]
            if _private(i)}


def test_no_private_name_crosses_modules() -> None:
    bad = sorted(found())
    assert not bad, "private names imported from another module:\n" + "\n".join(
        f"  {a} <- {b}.{n}" for a, b, n in bad)
