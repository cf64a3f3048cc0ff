"""Writing output files safely: the one owner of every file the toolkit writes.

- `check_out` checks an output path before any work: its suffix, that it is not a folder,
  and that its folder exists (or can be made) and is writable. It raises `OutputPathError`
  (a `ValueError`) naming the path and what was expected.
- `writing` writes one or several files as a unit: each is written to a temporary file in the
  same folder, then moved over its target with `os.replace` only when every one of them was
  written. A write that fails or is interrupted (Ctrl-C included) leaves the old files, or
  none: never a truncated CSV, never a PNG whose CSV failed.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> with writing(folder / "a.csv", folder / "a.txt") as (csv, txt):
...     _ = csv.write_text("x\\n1\\n")
...     _ = txt.write_text("done\\n")
>>> sorted(p.name for p in folder.iterdir())
['a.csv', 'a.txt']
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import tempfile
from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

from settemezzo.errors import InputError

__all__ = ["OutputPathError", "check_out", "json_text", "value_json", "writing"]


class OutputPathError(InputError):
    """An output path that cannot be written: wrong suffix, a folder, no permission."""


def _allowed(suffixes: Sequence[str]) -> str:
    names = list(suffixes)
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"


def _nearest_existing(folder: Path) -> Path:
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    return folder


def check_folder(path: str | Path, option: str = "--out", shown: str | Path | None = None
                 ) -> Path:
    """``path`` as a folder to write into: it is a folder, or it can be created.
    ``shown``: the path to quote in an error (the file asked for), if not ``path``."""
    p = Path(path)
    quoted = repr(str(shown if shown is not None else path))
    base = _nearest_existing(p.absolute())
    if not base.is_dir():
        raise OutputPathError(f"{option} {quoted}: {str(base)!r} is a file, not a folder")
    if not os.access(base, os.W_OK | os.X_OK):
        raise OutputPathError(f"{option} {quoted}: no permission to write in {str(base)!r}")
    return p


def check_out(path: str | Path, suffixes: Sequence[str] | None = None,
              option: str = "--out") -> Path:
    """``path`` if a file can be written there, else an `OutputPathError` saying why.

    ``suffixes`` (``(".csv",)``, ``(".png", ".svg", ".pdf")``...): the allowed extensions,
    compared without case. Nothing is created.
    """
    p = Path(path)
    if not str(path).strip():
        raise OutputPathError(f"{option} needs a file name, got {str(path)!r}")
    if suffixes is not None and p.suffix.lower() not in suffixes:
        raise OutputPathError(
            f"{option} must name a {_allowed(suffixes)} file, got {str(path)!r}")
    if p.is_dir():
        raise OutputPathError(f"{option} {str(p)!r} is a folder, not a file")
    if p.exists() and not os.access(p, os.W_OK):
        raise OutputPathError(f"{option} {str(p)!r}: no permission to replace this file")
    check_folder(p.parent, option, path)
    return p


def _umask_mode() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def _named(exc: OSError, path: Path) -> OSError:
    """The same error, naming the file the user asked for (not a temporary name)."""
    return type(exc)(exc.errno, exc.strerror or str(exc), str(path))


def _temp_beside(path: Path) -> Path:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.stem}.",
                                    suffix=path.suffix)
    except OSError as exc:
        raise _named(exc, path) from None
    os.close(fd)
    return Path(name)


def _move(temp: Path, target: Path) -> bool:
    """Move ``temp`` over ``target``, keeping the target's permissions; whether it existed."""
    try:
        existed = target.exists()
        mode = target.stat().st_mode & 0o777 if existed else _umask_mode()
        os.chmod(temp, mode)
        os.replace(temp, target)
    except OSError as exc:
        raise _named(exc, target) from None
    return existed


@contextlib.contextmanager
def writing(*paths: str | Path,
            replaced: Callable[[Path], None] | None = None) -> Iterator[list[Path]]:
    """Yield temporary paths beside ``paths``; on a clean exit move each over its target.

    Write each file to the temporary path given for it. If the block raises (or is
    interrupted), every temporary file is removed and no target is touched. ``replaced`` is
    called with each target that existed before (the command line says so on stderr).
    """
    targets = [Path(p) for p in paths]
    temps: list[Path] = []
    try:
        for target in targets:
            temps.append(_temp_beside(target))
        yield list(temps)
        for temp, target in zip(temps, targets, strict=True):
            if _move(temp, target) and replaced is not None:
                replaced(target)
    finally:
        for temp in temps:
            with contextlib.suppress(OSError):
                temp.unlink(missing_ok=True)


def value_json(v: Fraction | float) -> dict[str, Any]:
    """An exact number as its fraction text and a float; a float alone with fraction None."""
    if isinstance(v, Fraction):
        return {"fraction": str(v), "float": float(v)}
    return {"fraction": None, "float": float(v)}


def _plain(obj: Any) -> Any:
    """JSON-able values: Fractions as {fraction, float}, NaN and infinities as null, numpy
    scalars as Python numbers, `to_dict()` results of result objects."""
    if isinstance(obj, dict):
        return {str(k): _plain(v) for k, v in obj.items()}
    if isinstance(obj, list | tuple):
        return [_plain(v) for v in obj]
    if isinstance(obj, Fraction):
        return value_json(obj)
    if isinstance(obj, float):
        return obj if math.isfinite(obj) else None
    if hasattr(obj, "to_dict") and callable(obj.to_dict):
        return _plain(obj.to_dict())
    if hasattr(obj, "item") and callable(obj.item):  # numpy scalar
        return _plain(obj.item())
    return obj


def json_text(obj: dict[str, Any], head: dict[str, Any] | None = None) -> str:
    """The one JSON writer of every output (the CLI's ``--json``, `settemezzo.cli.common.
    print_json`; the classroom server's summary): UTF-8 as is (7½), two-space indent, exact
    numbers by `value_json`, NaN as null, led by the fields of ``head`` when given (the rule
    set: `settemezzo.i18n.rules_json`), which ``obj`` does not override."""
    head = head or {}
    body = {**head, **{k: v for k, v in obj.items() if k not in head}}
    return json.dumps(_plain(body), ensure_ascii=False, indent=2, allow_nan=False)
