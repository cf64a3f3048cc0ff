"""Imports go one way: from a layer (`settemezzo.layers.LAYERS`) to its own or a lower one,
imports inside functions and ``TYPE_CHECKING`` blocks included, and no import circle joins
two modules. ``docs/architecture.md`` lists every module with its layer, from the same map."""

from __future__ import annotations

from pathlib import Path

from settemezzo.layers import LAYERS, layer_of, layer_table, rank
from tests.imports import imports, modules

ALLOWED: dict[tuple[str, str], str] = {
    # (importer, imported): why this start-up-time import runs upward
}

PENDING: set[tuple[str, str]] = set()
"""Upward imports left undone, each with its reason in a comment (none today)."""


def _upward() -> set[tuple[str, str]]:
    return {(i.importer, i.target) for i in imports() if rank(i.importer) > rank(i.target)}


def test_every_module_has_a_layer() -> None:
    missing = [m for m in modules() if not _has_layer(m)]
    assert not missing, f"modules without a layer in settemezzo.layers.LAYERS: {missing}"


def _has_layer(module: str) -> bool:
    try:
        rank(module)
    except KeyError:
        return False
    return True


def test_imports_go_down() -> None:
    bad = sorted(_upward() - set(ALLOWED) - PENDING)
    assert not bad, "imports from a lower layer to a higher one:\n" + "\n".join(
        f"  {a} ({layer_of(a)}) -> {b} ({layer_of(b)})" for a, b in bad)


def test_pending_and_allowed_are_still_needed() -> None:
    """An entry of `PENDING` or `ALLOWED` that the code no longer has goes."""
    stale = sorted((set(ALLOWED) | PENDING) - _upward())
    assert not stale, f"no longer imported upward, drop from the lists: {stale}"


def _circles(edges: set[tuple[str, str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    graph: dict[str, set[str]] = {}
    for a, b in edges:
        graph.setdefault(a, set()).add(b)
        graph.setdefault(b, set())
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_no_import_circle() -> None:
    edges = {(i.importer, i.target) for i in imports() if i.importer != i.target}
    circles = _circles(edges)
    assert not circles, f"import circles: {circles}"


def test_circle_finder_finds_a_circle() -> None:
    assert _circles({("a", "b"), ("b", "c"), ("c", "a"), ("c", "d")}) == [["a", "b", "c"]]


def test_the_doc_lists_every_module_with_its_layer() -> None:
    doc = (Path(__file__).resolve().parent.parent / "docs" / "architecture.md").read_text(
        "utf-8")
    table = layer_table(list(modules()))
    assert table in doc, "docs/architecture.md's layer table is not the map's:\n" + table


def test_the_layers_are_named_once() -> None:
    names = [n for n, _ in LAYERS]
    entries = [e for _, es in LAYERS for e in es]
    assert len(set(names)) == len(names) and len(set(entries)) == len(entries)


def _package(module: str) -> str:
    """The package a module belongs to among the views (``settemezzo.widgets``), or itself."""
    return ".".join(module.split(".")[:2])


def test_no_view_package_imports_a_sibling_of_its_layer() -> None:
    """The widgets and the classroom server (one layer) do not lean on each other; the
    command line and the charts are layers of their own."""
    views = [name for name, _ in LAYERS if name.startswith("views")]
    sideways = sorted({(i.importer, i.target) for i in imports()
                       if layer_of(i.importer) in views
                       and layer_of(i.importer) == layer_of(i.target)
                       and _package(i.importer) != _package(i.target)})
    assert not sideways, f"a view package imports another of its layer: {sideways}"


def test_no_command_module_imports_another() -> None:
    """The command line's modules share only `settemezzo.cli.common` and its help texts:
    a command module imports no other (nor the registry, `settemezzo.cli`)."""
    from settemezzo.cli import COMMANDS

    commands = {f"settemezzo.cli.{m}" for m in COMMANDS.values()}
    sideways = sorted({(i.importer, i.target) for i in imports()
                       if i.importer in commands and i.importer != i.target
                       and (i.target in commands or i.target == "settemezzo.cli")})
    assert not sideways, f"a command module imports another: {sideways}"
