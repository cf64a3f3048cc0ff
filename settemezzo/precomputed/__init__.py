"""The presets and every single variant, solved ahead and shipped with the package.

One folder per rule set of `settemezzo.edge.standard_rules` (the presets, ITALIAN
plus each variant alone, SPANISH less each of its knobs), named by its spec, beside this
module. Each holds
what the views show: a small ``summary.json`` (the equilibrium's numbers as
`settemezzo.results.Summary`, the banker's edge by method, the handout's numbers) and one
gzipped JSON file per table (the player tables against every banker a widget offers, the
banker tables with at most two face-up cards and with all). `settemezzo.results` reads
them, so a preset answers in milliseconds with no solve.

Exact values stay exact: a `Fraction` is written as its text and read back as a Fraction,
a column of floats (or whole numbers) as the base64 of its bytes; a table reads back equal,
column types and ``attrs`` included. This module reads them (below the results it feeds);
`settemezzo.precomputed.writer` solves and writes them, with ``python -m settemezzo.precomputed``
(or ``make precomputed``); ``tests/precomputed/test_precomputed.py`` checks them against a
fresh solve.
"""

from __future__ import annotations

import base64
import gzip
import json
import re
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from settemezzo.rules import Rules

__all__ = ["AGAINST", "BANKER_MAX_UP", "HERE", "METHODS", "Stored", "catalogue", "decode_frame",
           "encode_frame", "folder_name", "folder_of", "has", "load", "provides"]

HERE = Path(__file__).resolve().parent
"""Where the files are (package data)."""

AGAINST = ("equilibrium", "threshold:5", "threshold:4", "threshold:6", "omniscient")
"""The bankers of the stored player tables (those the widgets offer)."""

BANKER_MAX_UP: tuple[int | None, ...] = (2, None)
"""The stored banker tables: at most two face-up player cards (charts), and all (widgets)."""

METHODS = ("equilibrium", "threshold:5", "omniscient")
"""The stored banker's edges (`settemezzo.edge.DEFAULT_METHODS`)."""

FORMAT = 1

SUMMARY = "summary.json"


def slug(label: str) -> str:
    """A folder name (plain ASCII) for a rule-set spec or label: 'italian+burn=3,4' ->
    'italian+burn=3_4', 'Spanish without 7½ pays 2:1' -> 'spanish-without-7half-pays-2-1'."""
    text = label.lower().replace(" + ", "+").replace(",", "_").replace("½", "half")
    return re.sub(r"[^a-z0-9+=_-]+", "-", text).strip("-")


@lru_cache(maxsize=1)
def catalogue() -> tuple[Rules, ...]:
    """The rule sets shipped, `settemezzo.edge.standard_rules`."""
    from settemezzo.edge import standard_rules

    return standard_rules()


def folder_name(rules: Rules) -> str:
    """The folder of a rule set: its canonical spec (`Rules.spec`) as plain ASCII
    ('italian+burn=3_4', 'spanish+stake_timing=before_deal')."""
    return slug(rules.spec())


def folder_of(rules: Rules) -> Path | None:
    """The folder of ``rules`` if it is one of the `catalogue` and was written."""
    for r in catalogue():
        if r == rules:
            path = HERE / folder_name(r)
            return path if (path / SUMMARY).exists() else None
    return None


def has(rules: Rules) -> bool:
    """Whether ``rules`` is shipped precomputed."""
    return folder_of(rules) is not None


def provides(key: Any) -> bool:
    """Whether a shipped rule set holds the result ``key`` (as `settemezzo.results.Solved.ready`
    names it)."""
    if key in ("summary", "handout"):
        return True
    if not isinstance(key, tuple) or len(key) != 2:
        return False
    kind, arg = key
    return ((kind == "player" and arg in AGAINST) or (kind == "banker" and arg in BANKER_MAX_UP)
            or (kind == "edge" and arg in METHODS))


def table_file(kind: str, arg: str | int | None) -> str:
    """The file name of a stored table: ``player-threshold_5.json.gz``, ``banker-2.json.gz``,
    ``banker-all.json.gz``."""
    name = "all" if arg is None else str(arg).replace(":", "_")
    return f"{kind}-{name}.json.gz"


class Stored:
    """The stored results of one rule set: its small numbers at once, each table read from
    its own file when first asked for."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.numbers: dict[str, Any] = json.loads((folder / SUMMARY).read_text("utf-8"))

    def __getitem__(self, key: str) -> Any:
        return self.numbers[key]

    def table(self, kind: str, arg: str | int | None) -> pd.DataFrame:
        """A stored table (KeyError if it is not stored)."""
        path = self.folder / table_file(kind, arg)
        if not path.exists():
            raise KeyError((kind, arg))
        with gzip.open(path, "rt", encoding="utf-8") as f:
            return decode_frame(json.load(f))


def load(rules: Rules) -> Stored | None:
    """The stored results of ``rules``, or None."""
    folder = folder_of(rules)
    if folder is None:
        return None
    out = Stored(folder)
    return out if out.numbers.get("format") == FORMAT else None


# =============================================================================================
# Tables as JSON, exactly
# =============================================================================================

def _encode_value(v: Any) -> Any:
    """A cell or attribute as JSON: tagged when its type is not plain."""
    if v is None or isinstance(v, (str, bool)):
        return v
    if isinstance(v, Fraction):
        return {"F": str(v)}
    if isinstance(v, int):
        return int(v)
    if isinstance(v, float):
        return v if v == v else {"N": 1}
    if isinstance(v, tuple):
        return {"T": [_encode_value(x) for x in v]}
    if hasattr(v, "item"):  # a numpy scalar
        return _encode_value(v.item())
    raise TypeError(f"cannot store {v!r} ({type(v).__name__}) in a precomputed table")


def _decode_value(v: Any) -> Any:
    if isinstance(v, dict):
        if "F" in v:
            return Fraction(v["F"])
        if "N" in v:
            return float("nan")
        if "T" in v:
            return tuple(_decode_value(x) for x in v["T"])
    return v


_PACKED = {"float64": "<f8", "int64": "<i8"}
"""Column types written as the base64 of their little-endian bytes."""


def encode_frame(df: pd.DataFrame) -> dict[str, Any]:
    """A DataFrame (its columns, their types, its ``attrs``) as JSON-ready data."""
    cols = []
    for name in df.columns:
        s = df[name]
        dtype = str(s.dtype)
        values: Any
        if dtype == "object":
            values = [_encode_value(v) for v in s.tolist()]
        elif dtype in _PACKED:  # the bytes of the numbers, exactly (read back at once)
            values = {"b64": base64.b64encode(
                s.to_numpy().astype(_PACKED[dtype]).tobytes()).decode("ascii")}
        else:
            values = s.tolist()
        cols.append({"name": name, "dtype": dtype, "values": values})
    return {"columns": cols, "rows": len(df),
            "attrs": {k: _encode_value(v) for k, v in df.attrs.items()}}


def decode_frame(data: dict[str, Any]) -> pd.DataFrame:
    """The DataFrame `encode_frame` wrote."""
    cols: dict[str, pd.Series[Any]] = {}
    for c in data["columns"]:
        dtype, values = c["dtype"], c["values"]
        if isinstance(values, dict):
            array = np.frombuffer(base64.b64decode(values["b64"]), dtype=_PACKED[dtype])
            cols[c["name"]] = pd.Series(array.astype(dtype))
        elif dtype == "object":
            cols[c["name"]] = pd.Series([_decode_value(v) for v in values], dtype=object)
        elif dtype == "float64":
            cols[c["name"]] = pd.Series([float("nan") if v is None else v for v in values],
                                        dtype="float64")
        else:
            cols[c["name"]] = pd.Series(values, dtype=dtype)
    df = pd.DataFrame(cols, index=pd.RangeIndex(data["rows"]))
    df.attrs.update({k: _decode_value(v) for k, v in data["attrs"].items()})
    return df
