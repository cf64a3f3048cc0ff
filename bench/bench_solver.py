"""The exact engine's speed targets, as ratios against the Monte Carlo baseline.

``python -m bench solver [--quick] [--variants] [--spanish]`` prints, for each target, the
median wall time (and CPU time: the machine is shared, so CPU time is the steadier number)
and the median ratio to the time the numpy Monte Carlo of `bench.montecarlo` needs for a 95%
half-width of 0.001 on the banker edge. A target in seconds becomes a ratio bar: the target
over the issue's reference simulation time (2.9 s on the machine it was written on), so that
a slower or busier machine moves both sides together.

The baseline is timed again just before every repetition of every target, and each
repetition is divided by its own baseline: a shared machine's speed drifts within minutes
(measured: the baseline 4.8 to 6.9 s within 20 minutes, idle), and a baseline timed once at
the start would lend a target the luck of that moment. The header shows the baselines'
median and range.

Targets: the exact value of ``threshold:5`` against ``threshold:5``, cold (30 ms); the ITALIAN
equilibrium, cold, certificate included (0.5 s); every single Italian variant (1.5 s each,
``--variants``); SPANISH (3 s, ``--spanish``).

``--refined`` times, for every rule set shipped precomputed (`settemezzo.precomputed.catalogue`),
the refined equilibrium (the default) beside the plain LP's (`settemezzo.solve.equilibria.REFINED`
off), each cold, and their ratio (the aim: at most 2).
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
    """Median wall and CPU seconds of some cold repetitions of one call, and the median of
    each repetition's wall time over its own baseline (`Baseline.seconds`)."""

    label: str
    wall: float
    cpu: float
    ratio: float
    target: float


class Baseline:
    """The numpy simulation's time for ±0.001 at 95% (threshold:5 against itself): its
    spread once, from the first batches; its speed at each call, from one more batch."""

    def __init__(self, seed: int = 20240607, batch: int = 250_000) -> None:
        self.rng = np.random.default_rng(seed)
        self.batch = batch
        montecarlo.simulate(20_000, self.rng)  # warm-up
        self.std = float(montecarlo.simulate(batch, self.rng, batch=batch).std)
        self.times: list[float] = []

    def seconds(self) -> float:
        """Time one batch now, and scale it to the hands that ±0.001 needs."""
        t0 = time.perf_counter()
        montecarlo.simulate(self.batch, self.rng, batch=self.batch)
        rate = self.batch / (time.perf_counter() - t0)
        out = float((Z95 * self.std / HALF_WIDTH) ** 2 / rate)
        self.times.append(out)
        return out


def _cold(fn: Callable[[], Any], repeat: int, baseline: Baseline) -> tuple[float, float, float]:
    """Median wall and CPU seconds of ``repeat`` cold calls, and the median ratio of each
    call's wall time to the baseline timed just before it."""
    walls, cpus, ratios = [], [], []
    for _ in range(repeat):
        mc = baseline.seconds()
        clear_caches()
        w0, c0 = time.perf_counter(), time.process_time()
        fn()
        cpus.append(time.process_time() - c0)
        walls.append(time.perf_counter() - w0)
        ratios.append(walls[-1] / mc)
    return statistics.median(walls), statistics.median(cpus), statistics.median(ratios)


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


def _refined(repeat: int, baseline: Baseline) -> list[tuple[str, Result, Result]]:
    """Per shipped rule set: the plain equilibrium's timing, then the refined one's."""
    from settemezzo import precomputed, solve
    from settemezzo.solve import equilibria

    out = []
    solve.equilibrium(precomputed.catalogue()[0])  # the kernels load once, timed by no row
    for rules in precomputed.catalogue():
        timed = []
        for refined in (False, True):
            equilibria.REFINED = refined
            try:
                solve_it = lambda r=rules: solve.equilibrium(r)  # noqa: E731
                timed.append(Result(rules.spec(), *_cold(solve_it, repeat, baseline), 0.0))
            finally:
                equilibria.REFINED = True
        out.append((rules.spec(), timed[0], timed[1]))
    return out


def _print_refined(rows: list[tuple[str, Result, Result]]) -> None:
    print("\nThe refined equilibrium beside the plain LP's (cold; wall and cpu seconds)")
    print("=" * 64)
    print(f"  {'rule set':34s} {'plain':>8s} {'refined':>8s} {'ratio':>6s} {'cpu ratio':>9s}")
    for spec, plain, refined in rows:
        print(f"  {spec:34s} {plain.wall:8.2f} {refined.wall:8.2f} "
              f"{refined.wall / plain.wall:6.2f} {refined.cpu / plain.cpu:9.2f}")


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench solver", description=__doc__.split("\n")[0])
    ap.add_argument("--repeat", type=int, default=5, help="cold repetitions (median; default 5)")
    ap.add_argument("--heavy-repeat", type=int, default=3,
                    help="cold repetitions of a target over 1 s (median; default 3)")
    ap.add_argument("--quick", action="store_true", help="3 repetitions")
    ap.add_argument("--variants", action="store_true", help="every single Italian variant")
    ap.add_argument("--spanish", action="store_true", help="the SPANISH equilibrium")
    ap.add_argument("--refined", action="store_true",
                    help="the refined equilibrium beside the plain one, every shipped rule set")
    args = ap.parse_args(argv)
    repeat = 3 if args.quick else args.repeat
    baseline = Baseline()
    if args.refined:
        _print_refined(_refined(min(repeat, args.heavy_repeat), baseline))
        return 0
    results = []
    for label, fn, target in _jobs(args):
        reps = min(repeat, args.heavy_repeat) if target > 1 else repeat
        results.append(Result(label, *_cold(fn, reps, baseline), target))
    mc = baseline.times
    print("\nThe exact engine against the Monte Carlo baseline (cold caches)")
    print("=" * 64)
    print(f"  Monte Carlo for ±{HALF_WIDTH:g} at 95% (threshold:5 vs threshold:5): "
          f"{statistics.median(mc):.2f} s this run, median of {len(mc)} "
          f"({min(mc):.2f} to {max(mc):.2f} s; the issue's reference {REFERENCE_MC_S} s)")
    print(f"  {'call':44s} {'wall':>9s} {'cpu':>9s} {'/MC':>8s} {'bar':>8s}  target")
    for r in results:
        bar = r.target / REFERENCE_MC_S
        print(f"  {r.label:44s} {r.wall * 1000:7.0f}ms {r.cpu * 1000:7.0f}ms {r.ratio:8.4f} "
              f"{bar:8.4f}  {'meets' if r.ratio <= bar else 'MISSES'} {r.target:g} s")
    print("  wall, cpu: medians of the repetitions; /MC: the median of each repetition's wall "
          "time over the simulation's time just before it; bar = target / "
          f"{REFERENCE_MC_S} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
