"""The exact engine's speed targets (issue #14), as ratios against the Monte Carlo baseline.

``python -m bench solver [--quick] [--variants] [--spanish]`` prints, for each target, the
median wall time (and CPU time: the machine is shared, so CPU time is the steadier number),
the time the numpy Monte Carlo of `bench.montecarlo` needs for a 95% half-width of 0.001 on
the banker edge in the same run, and their ratio. A target in seconds becomes a ratio bar:
the target over the issue's reference simulation time (2.9 s on the machine it was written
on), so that a slower or busier machine moves both sides together.

Targets: the exact value of ``threshold:5`` against ``threshold:5``, cold (30 ms); the ITALIAN
equilibrium, cold, certificate included (0.5 s); every single Italian variant (1.5 s each,
``--variants``); SPANISH (3 s, ``--spanish``).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from bench import montecarlo
from bench.timing import clear_caches

REFERENCE_MC_S = 2.9   # the simulation time for ±0.001, the scale of the targets
HALF_WIDTH = 0.001
Z95 = 1.96


@dataclass(frozen=True)
class Result:
    """Median wall and CPU seconds of some cold repetitions of one call."""

    label: str
    wall: float
    cpu: float
    target: float


def _cold(fn: Callable[[], Any], repeat: int) -> tuple[float, float]:
    walls, cpus = [], []
    for _ in range(repeat):
        clear_caches()
        w0, c0 = time.perf_counter(), time.process_time()
        fn()
        cpus.append(time.process_time() - c0)
        walls.append(time.perf_counter() - w0)
    return statistics.median(walls), statistics.median(cpus)


def mc_seconds(seed: int = 20240607, batch: int = 250_000, repeat: int = 3) -> float:
    """Seconds the numpy simulator needs for ±0.001 at 95% (threshold:5 against itself)."""
    rng = np.random.default_rng(seed)
    montecarlo.simulate(20_000, rng)  # warm-up
    times, std = [], 0.0
    for _ in range(repeat):
        t0 = time.perf_counter()
        tally = montecarlo.simulate(batch, rng, batch=batch)
        times.append(time.perf_counter() - t0)
        std = tally.std
    rate = batch / statistics.median(times)
    return float((Z95 * std / HALF_WIDTH) ** 2 / rate)


def _jobs(args: argparse.Namespace) -> list[tuple[str, Callable[[], Any], float]]:
    from settemezzo import solve
    from settemezzo.edge import ITALIAN_VARIANTS
    from settemezzo.rules import ITALIAN, SPANISH

    jobs: list[tuple[str, Callable[[], Any], float]] = [
        ('evaluate("threshold:5", "threshold:5")',
         lambda: solve.evaluate("threshold:5", "threshold:5", ITALIAN), 0.030),
        ("equilibrium(ITALIAN)", lambda: solve.equilibrium(ITALIAN), 0.5),
    ]
    if args.variants:
        for v in ITALIAN_VARIANTS:
            rules = ITALIAN.with_variants(v)
            jobs.append((f"equilibrium(ITALIAN + {v})",
                         lambda r=rules: solve.equilibrium(r), 1.5))  # type: ignore[misc]
    if args.spanish:
        jobs.append(("equilibrium(SPANISH)", lambda: solve.equilibrium(SPANISH), 3.0))
    return jobs


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench solver", description=__doc__.split("\n")[0])
    ap.add_argument("--repeat", type=int, default=5, help="cold repetitions (median; default 5)")
    ap.add_argument("--quick", action="store_true", help="3 repetitions")
    ap.add_argument("--variants", action="store_true", help="every single Italian variant")
    ap.add_argument("--spanish", action="store_true", help="the SPANISH equilibrium")
    args = ap.parse_args(argv)
    repeat = 3 if args.quick else args.repeat
    mc = mc_seconds()
    results = []
    for label, fn, target in _jobs(args):
        wall, cpu = _cold(fn, 1 if target > 1 else repeat)
        results.append(Result(label, wall, cpu, target))
    print("\nThe exact engine against the Monte Carlo baseline (cold caches)")
    print("=" * 64)
    print(f"  Monte Carlo for ±{HALF_WIDTH:g} at 95% (threshold:5 vs threshold:5): {mc:.2f} s "
          f"this run (the issue's reference {REFERENCE_MC_S} s)")
    print(f"  {'call':44s} {'wall':>9s} {'cpu':>9s} {'/MC':>8s} {'bar':>8s}  target")
    for r in results:
        bar = r.target / REFERENCE_MC_S
        ratio = r.wall / mc
        print(f"  {r.label:44s} {r.wall * 1000:7.0f}ms {r.cpu * 1000:7.0f}ms {ratio:8.4f} "
              f"{bar:8.4f}  {'meets' if ratio <= bar else 'MISSES'} {r.target:g} s")
    print("  /MC = wall time over the simulation's time in this run; bar = target / "
          f"{REFERENCE_MC_S} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
