"""The front door: ``import settemezzo as sm`` gives the curated surface, light to import."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys

import pytest

import settemezzo as sm

HEAVY = ("pandas", "scipy", "numba", "matplotlib", "ipywidgets")


def test_importing_the_front_door_loads_nothing_heavy() -> None:
    code = ("import json, sys; import settemezzo as sm; "
            "print(json.dumps([sm.__version__, len(sm.__all__), sorted(sys.modules)]))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    version, n, loaded = json.loads(out)
    assert version == sm.__version__ and n == len(sm.__all__)
    heavy = sorted(m for m in loaded if m.split(".")[0] in HEAVY)
    assert not heavy, f"import settemezzo loaded {heavy}"


def test_the_version_is_the_distributions() -> None:
    from importlib import metadata

    assert sm.__version__ == metadata.version("settemezzo")


@pytest.mark.parametrize("name", sorted(sm.EXPORTS))
def test_every_export_resolves_to_its_defining_module(name: str) -> None:
    where = sm.EXPORTS[name]
    value = getattr(sm, name)
    module = importlib.import_module(where)
    if where.rpartition(".")[2] == name:
        assert value is module
    else:
        assert value is getattr(module, name)
        if callable(value):  # defined there (or in a module of that package), not re-exported
            owner = value.__module__
            assert owner == where or owner.startswith(where + "."), (name, owner)


def test_all_and_dir_name_the_exports() -> None:
    assert set(sm.__all__) == {"EXPORTS", "__version__", *sm.EXPORTS}
    assert set(sm.__all__) <= set(dir(sm))


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="'nothing_here'"):
        sm.nothing_here  # noqa: B018


def test_advise_has_one_address() -> None:
    from settemezzo import advice, tables
    from settemezzo.results import answers

    assert sm.advise is answers.advise
    assert not hasattr(tables, "advise") and not hasattr(advice, "advise")


def test_the_version_falls_back_to_pyproject() -> None:
    """A source checkout without installed metadata reads pyproject.toml's version."""
    import tomllib
    from pathlib import Path

    pyproject = Path(__file__).resolve().parent.parent / "pyproject.toml"
    want = tomllib.loads(pyproject.read_text("utf-8"))["project"]["version"]
    code = ("import importlib.metadata as m\n"
            "def gone(name): raise m.PackageNotFoundError(name)\n"
            "m.version = gone\n"
            "import settemezzo; print(settemezzo.__version__)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == want
