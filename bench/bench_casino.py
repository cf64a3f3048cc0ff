"""The casino games solved cold: each casino preset with 8 decks (`settemezzo.casino`), the
optimal play and the best total-dependent card, against the target of 1 s.

Each repetition is divided by the Monte Carlo baseline of `bench.bench_solver` timed just
before it (its seconds for ±0.001, which the issue's machine takes in
`bench.bench_solver.REFERENCE_MC_S`): the ratio times that reference is the time on the
issue's machine, which the target reads. Run with ``python -m bench casino``.
"""

from __future__ import annotations

import statistics
import time

from bench.bench_solver import REFERENCE_MC_S, Baseline

TARGET_S = 1.0
REPEAT = 3


def solve_cold(spec: str) -> None:
    """One cold solve of ``spec``: the optimum and the best total-dependent card."""
    from settemezzo.casino import Solver, best_card, card_value
    from settemezzo.rules import from_spec

    solver = Solver(from_spec(spec))
    solver.house_edge()
    card_value(solver, best_card(solver))


def main(argv: list[str] | None = None) -> int:
    from settemezzo.rules import CASINO_PRESETS

    baseline = Baseline()
    print("\nThe casino games, 8 decks, solved cold (optimum and total-dependent card)")
    print("=" * 72)
    worst = 0.0
    for name in CASINO_PRESETS:
        spec = f"{name}+decks=8"
        walls, scaled = [], []
        for _ in range(REPEAT):
            base = baseline.seconds()
            t0 = time.perf_counter()
            solve_cold(spec)
            wall = time.perf_counter() - t0
            walls.append(wall)
            scaled.append(wall / base * REFERENCE_MC_S)
        s = statistics.median(scaled)
        worst = max(worst, s)
        print(f"  {spec:18s} {statistics.median(walls):6.3f} s here, {s:6.3f} s on the "
              f"reference machine ({s / TARGET_S:.2f}x the target {TARGET_S:g} s)")
    print(f"  baseline (Monte Carlo for ±0.001): median {statistics.median(baseline.times):.2f} s"
          f" here, {REFERENCE_MC_S:g} s on the reference machine")
    return 0 if worst <= TARGET_S else 1


if __name__ == "__main__":
    raise SystemExit(main())
