"""Memory: 20 rule sets solved in one process, through the one owner of solved results.

``python -m bench memory [--sets N]``. A fresh child process asks `settemezzo.results` for
each rule set in turn (the shipped precomputed results switched off, so that each is a real
solve): the equilibrium's numbers, the player table against the equilibrium banker, the
banker table and the edge against ``threshold:5``, as the explorer, the charts and the edge
table ask. The rule sets: ITALIAN, SPANISH, ITALIAN plus each variant alone, SPANISH less
each of its knobs, and a few pairs of variants. After each, the child prints its resident
memory (``/proc/self/statm``) and its peak so far (``ru_maxrss``).

Exit status 1 if the peak is over the budget (1 GiB).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from collections.abc import Sequence

BUDGET_MB = 1024.0

PAIRS = ("royal,ties_push", "wild_king,pair_of_sevens", "burn=4,royal",
         "split_figures=2,ties_push", "royal,pair_of_sevens")
"""Pairs of Italian variants (the last of the 20 rule sets)."""


def rule_sets() -> list[tuple[str, object]]:
    """The 20 rule sets: the standard ones of `settemezzo.edge`, then `PAIRS`."""
    from settemezzo.i18n import standard_rule_sets
    from settemezzo.rules import ITALIAN

    out: list[tuple[str, object]] = list(standard_rule_sets())
    for pair in PAIRS:
        out.append((f"Italian + {pair.replace(',', ' + ')}", ITALIAN.with_variants(
            *pair.split(","))))
    return out


def _rss_mb() -> float:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * 4096 / 2**20


def child(n: int) -> None:
    """Solve the first ``n`` rule sets; one JSON line per rule set on standard output."""
    import resource

    from settemezzo import results

    with results.precomputed_off():
        for label, rules in rule_sets()[:n]:
            t0 = time.perf_counter()
            s = results.get(rules)  # type: ignore[arg-type]
            s.summary()
            s.player_table("equilibrium")
            s.banker_table()
            s.edge("threshold:5")
            seconds = time.perf_counter() - t0
            peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
            print(json.dumps({"label": label, "seconds": seconds, "rss": _rss_mb(),
                              "peak": peak}), flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench memory",
                                 description=__doc__.split("\n")[0])
    ap.add_argument("--sets", type=int, default=20, help="how many rule sets (default 20)")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        child(args.sets)
        return 0
    print()
    title = f"Memory: {args.sets} rule sets solved in one process (peak RSS against 1 GiB)"
    print(title)
    print("=" * len(title))
    proc = subprocess.Popen([sys.executable, "-m", "bench", "memory", "--child",
                             "--sets", str(args.sets)], stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    peak = 0.0
    print(f"  {'rule set':44s} {'seconds':>8s} {'RSS MB':>8s} {'peak MB':>8s}")
    for line in proc.stdout:
        r = json.loads(line)
        peak = max(peak, r["peak"])
        print(f"  {r['label']:44s} {r['seconds']:8.1f} {r['rss']:8.0f} {r['peak']:8.0f}")
    if proc.wait() != 0:
        print("  FAIL: the child process failed")
        return 1
    ok = peak < BUDGET_MB
    print(f"  peak {peak:.0f} MB = {peak / BUDGET_MB:.2f}x the budget: "
          + ("PASS" if ok else "FAIL"))
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
