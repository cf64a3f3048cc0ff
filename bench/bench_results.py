"""The full results of a rule set that is not shipped: the explorer's first answer, then the rest.

``python -m bench results [--sets SPEC;SPEC...]``. For each rule set, cold (the engine's
caches cleared, the shipped results off; numba compiled): the explorer's first answer (the
equilibrium and the values of one hand, `settemezzo.widgets.explorer.explore` with
``first``: `settemezzo.results.answers.decision_values`), then the player table against
the equilibrium banker (`settemezzo.teaching.lookup.player_lookup`), the banker table and
the edge against ``threshold:5`` (what the explorer, the trainer and the hints ask next),
as `settemezzo.results` computes them. Printed: each part's wall and CPU seconds (the machine
is shared: CPU time is the steadier number), the first answer over the numpy Monte Carlo
baseline of the same run (`bench.bench_solver.Baseline`, timed before each rule set) and
against issue 32's targets (2 s for Italian variants, 5 s for Spanish ones), and the
estimate the explorer shows at once (`settemezzo.results.estimate_seconds`) against what it
estimates: the first answer and the player table.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence

from bench.timing import clear_caches

SETS = ("italian+royal+wild_king+burn=3,4", "spanish+ties_push")
TARGET_S = {"italian": 2.0, "spanish": 5.0}


def timed(spec: str) -> list[tuple[str, float, float]]:
    """Each part's (name, wall, CPU seconds) for rule set ``spec``, cold."""
    from settemezzo import results
    from settemezzo.rules import from_spec
    from settemezzo.widgets.explorer import explore

    rules = from_spec(spec)
    clear_caches()
    out = []
    with results.precomputed_off():
        s = results.get(rules)
        for name, part in (("first", lambda: explore("4", ["2"], rules=rules, first=True)),
                           ("player", lambda: s.player_table("equilibrium")),
                           ("banker", s.banker_table),
                           ("edge", lambda: s.edge("threshold:5"))):
            w, c = time.perf_counter(), time.process_time()
            part()
            out.append((name, time.perf_counter() - w, time.process_time() - c))
    return out


def main(argv: Sequence[str] | None = None) -> int:
    from bench.bench_solver import Baseline
    from settemezzo import results
    from settemezzo.rules import from_spec

    ap = argparse.ArgumentParser(prog="python -m bench results",
                                 description=__doc__.split("\n")[0])
    ap.add_argument("--sets", default=";".join(SETS), help="rule set specs, ';'-separated")
    args = ap.parse_args(argv)
    baseline = Baseline()
    timed("italian+ties_push")  # imports and numba's start outside the timing
    print()
    title = "The full results of unshipped rule sets (cold): the first answer, then the rest"
    print(title)
    print("=" * len(title))
    for spec in args.sets.split(";"):
        mc = baseline.seconds()
        estimate = results.estimate_seconds(from_spec(spec))  # what the explorer shows first
        parts = timed(spec)
        _, first_w, first_c = parts[0]
        target = TARGET_S["spanish" if spec.startswith("spanish") else "italian"]
        print(f"  {spec}  (Monte Carlo baseline {mc:.2f} s; the estimate shown at once "
              f"{estimate:.1f} s)")
        for name, w, c in parts:
            print(f"    {name:8s} wall {w:7.2f} s  cpu {c:7.2f} s")
        print(f"    first answer: wall {first_w:.2f} s, cpu {first_c:.2f} s, "
              f"{first_w / mc:.3f}x the baseline, {first_w / target:.2f}x the target "
              f"{target:g} s; all: wall {sum(w for _, w, _ in parts):.2f} s, "
              f"cpu {sum(c for _, _, c in parts):.2f} s")
        wall = {name: w for name, w, _ in parts}
        shown = wall["first"] + wall["player"]  # what the estimate is of
        print(f"    the estimate {estimate:.1f} s; the first answer and the player table took "
              f"{shown:.2f} s ({shown / estimate:.2f}x the estimate)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
