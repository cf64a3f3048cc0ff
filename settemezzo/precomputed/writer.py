"""Writing the shipped results: solve each rule set of the catalogue afresh (through
`settemezzo.results`, with nothing precomputed) and store its tables and numbers in the
format `settemezzo.precomputed` reads (``python -m settemezzo.precomputed``)."""

from __future__ import annotations

import gzip
import json
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from settemezzo.i18n import describe_rules
from settemezzo.precomputed import (
    AGAINST,
    BANKER_MAX_UP,
    FORMAT,
    HERE,
    METHODS,
    SUMMARY,
    catalogue,
    encode_frame,
    folder_name,
    table_file,
)
from settemezzo.results import Solved, release_memory
from settemezzo.rules import Rules

__all__ = ["numbers", "write", "write_one"]



def numbers(s: Solved) -> dict[str, Any]:
    """The small numbers stored for one rule set (its ``summary.json``), after its spec and
    its name (`settemezzo.rules.Rules.spec`, `settemezzo.i18n.describe_rules`)."""
    edges = {}
    for m in METHODS:
        e = s.edge(m)
        edges[m] = {"edge": e.edge, "exact": str(e.exact) if e.exact is not None else None,
                    "exploitability": e.exploitability,
                    "restriction_codes": list(e.restriction_codes)}
    h = s.handout_numbers()
    return {"format": FORMAT, "spec": s.rules.spec(),
            "rules": describe_rules(s.rules),
            "summary": s.summary().to_dict(), "edges": edges,
            "handout": {"banker_edge": h.banker_edge,
                        "thresholds": {str(k): v for k, v in h.thresholds.items()}}}


def _write_gz(path: Path, data: Any) -> None:
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    with gzip.GzipFile(path, "wb", mtime=0) as f:  # no date: same results, same bytes
        f.write(text.encode("utf-8"))


def write_one(out: Path, rules: Rules) -> Path:
    """Solve one rule set afresh and write its folder into ``out``."""
    s = Solved(rules, precomputed=False)
    folder = out / folder_name(rules)
    folder.mkdir(parents=True, exist_ok=True)
    for a in AGAINST:
        _write_gz(folder / table_file("player", a), encode_frame(s.player_table(a)))
    for m in BANKER_MAX_UP:
        _write_gz(folder / table_file("banker", m), encode_frame(s.banker_table(m)))
    (folder / SUMMARY).write_text(json.dumps(numbers(s), ensure_ascii=False, indent=1),
                                  encoding="utf-8")
    return folder


def write(out: Path = HERE, rule_sets: Iterable[Rules] | None = None,
          say: Callable[[str], None] = print) -> list[Path]:
    """Solve each rule set (default: the `catalogue`) and write its folder into ``out``."""
    written = []
    for rules in (rule_sets if rule_sets is not None else catalogue()):
        folder = write_one(out, rules)
        size = sum(p.stat().st_size for p in folder.iterdir())
        say(f"wrote {folder} ({size // 1024} KiB)")
        written.append(folder)
        release_memory()
    return written
