"""Every import between modules of the package, read from the source (AST): what
`tests/test_layers.py` and `tests/project/test_private_names.py` check."""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "settemezzo"


@dataclass(frozen=True)
class Import:
    """One name (or module) imported by ``importer`` from the package's module ``target``
    (``name``: the name imported from it, "" for a whole module), at ``line``."""

    importer: str
    target: str
    name: str
    line: int


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    """Every module of the package by its dotted name."""
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _base(importer: str, path: Path, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    parts = importer.split(".")
    if path.name != "__init__.py":
        parts.pop()
    parts = parts[: len(parts) - node.level + 1]
    return ".".join([*parts, *([node.module] if node.module else [])])


def imports(known: dict[str, Path] | None = None) -> list[Import]:
    """Every import of a package module by another, inside functions and ``TYPE_CHECKING``
    blocks included; ``from settemezzo import x`` of a submodule imports that module."""
    known = known if known is not None else modules()
    found = []
    for importer, path in known.items():
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Import):
                found += [Import(importer, a.name, "", node.lineno) for a in node.names
                          if a.name.split(".")[0] == "settemezzo"]
            elif isinstance(node, ast.ImportFrom):
                base = _base(importer, path, node)
                if base.split(".")[0] != "settemezzo":
                    continue
                for a in node.names:
                    sub = f"{base}.{a.name}"
                    if sub in known:
                        found.append(Import(importer, sub, "", node.lineno))
                    else:
                        found.append(Import(importer, base, a.name, node.lineno))
    return found


def attribute_uses(known: dict[str, Path] | None = None) -> list[Import]:
    """``alias.name`` where ``alias`` is a package module imported whole (``from settemezzo
    import solve``, ``import settemezzo.solve as s``): the names read from that module."""
    known = known if known is not None else modules()
    found = []
    for importer, path in known.items():
        tree = ast.parse(path.read_text("utf-8"))
        alias: dict[str, str] = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                base = _base(importer, path, node)
                for a in node.names:
                    if f"{base}.{a.name}" in known:
                        alias[a.asname or a.name] = f"{base}.{a.name}"
            elif isinstance(node, ast.Import):
                for a in node.names:
                    if a.asname and a.name in known:
                        alias[a.asname] = a.name
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                    and node.value.id in alias):
                found.append(Import(importer, alias[node.value.id], node.attr, node.lineno))
    return found
