"""What every ``settemezzo`` subcommand shares: the JSON output, exact numbers as JSON, the
notice on replacing a file.

Every ``--json`` output goes through `print_json`: UTF-8 text as is (7½, not ``\\u00bd``),
two-space indent, and the rule set under ``"rules"`` (and ``"rules_spec"``, the canonical
rule spec, when `settemezzo.rules.Rules` has ``spec()``).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

from settemezzo.rules import Rules

__all__ = ["add_yes", "json_text", "print_json", "replaced", "rules_json", "value_json"]


def value_json(v: Fraction | float) -> dict[str, Any]:
    """An exact number as its fraction text and a float; a float alone with fraction None."""
    if isinstance(v, Fraction):
        return {"fraction": str(v), "float": float(v)}
    return {"fraction": None, "float": float(v)}


def rules_json(rules: Rules) -> dict[str, Any]:
    """The rule set as JSON fields: its description, and its canonical spec when the rules
    module provides one (the one place that decides how a rule set is named in JSON)."""
    out: dict[str, Any] = {"rules": rules.describe()}
    spec = getattr(rules, "spec", None)
    if callable(spec):
        out["rules_spec"] = spec()
    return out


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


def json_text(obj: dict[str, Any], rules: Rules | None = None) -> str:
    """The JSON text `print_json` prints."""
    head = rules_json(rules) if rules is not None else {}
    body = {**head, **{k: v for k, v in obj.items() if k not in head}}
    return json.dumps(_plain(body), ensure_ascii=False, indent=2, allow_nan=False)


def print_json(obj: dict[str, Any], rules: Rules | None = None) -> None:
    """Print ``obj`` as the one JSON object of a ``--json`` run, led by the rule set."""
    print(json_text(obj, rules))


def replaced(path: Path) -> None:
    """Say on stderr that an existing file was replaced (`settemezzo.fileio.writing`)."""
    print(f"settemezzo: replaced the existing file {path}", file=sys.stderr)


def add_yes(parser: argparse.ArgumentParser) -> None:
    """``--yes``: solve even a game estimated large (`settemezzo.limits.check_exact_size`)."""
    from settemezzo.limits import ASK_ABOVE_SIZE

    parser.add_argument("--yes", action="store_true",
                        help=f"solve even a game estimated larger than {ASK_ABOVE_SIZE} "
                             f"times the Italian one (settemezzo.limits.exact_size)")
