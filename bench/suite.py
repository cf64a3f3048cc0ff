"""The benchmark suite and its report (``python -m bench``).

1. cold equilibrium solve of ``ITALIAN`` (certificate included) against the 10 s target and
   the 1 s aim;
2. exact policy evaluation and best responses, cold and warm;
3. exact against Monte Carlo: the time a vectorised simulator needs for a 95% half-width of
   0.001 on the banker edge, as a ratio to the exact computations, and a 4-standard-error
   agreement check;
4. a summary table.

Exit status 1 if a correctness check fails (Monte Carlo disagreement, certificate gap above
1e-9, cold repetitions disagreeing), 0 otherwise.
"""

from __future__ import annotations

import argparse
import math
import os
import platform
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import scipy

from bench import montecarlo
from bench.timing import Timing, measure

TARGET_S = 10.0     # the project's target for a cold equilibrium solve
AIM_S = 1.0         # the aim
HALF_WIDTH = 0.001  # wanted 95% half-width on the banker edge
Z95 = 1.96
GAP_BAR = 1e-9      # DESIGN.md: exploitability certificate below 1e-9
POLICY = "threshold:5"
K_HALF_POINTS = 10  # threshold:5 in half-points, for the simulator


@dataclass(frozen=True)
class Row:
    """One line of the summary table."""

    what: str
    value: str
    baseline: str
    ratio: str


def _fmt_s(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms" if seconds < 1 else f"{seconds:.2f} s"


def _ratio(x: float) -> str:
    return f"{x:.2f}x"


def _print_table(header: Sequence[str], rows: Sequence[Sequence[str]], indent: str = "  ") -> None:
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(header)]
    line = "  ".join(h.ljust(w) for h, w in zip(header, widths, strict=True))
    print((indent + line).rstrip())
    print(indent + "  ".join("-" * w for w in widths))
    for r in rows:
        print((indent + "  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True))).rstrip())


def _section(title: str) -> None:
    print()
    print(title)
    print("=" * len(title))


def _load() -> str:
    try:
        return "load average " + " / ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:  # pragma: no cover - not on every platform
        return "load average n/a"


def _parse(argv: Sequence[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(prog="python -m bench", description=__doc__.split("\n")[0])
    ap.add_argument("--repeat", type=int, default=5,
                    help="repetitions of each exact timing (median reported; default 5)")
    ap.add_argument("--eq-repeat", type=int, default=5,
                    help="repetitions of the cold equilibrium solve (default 5)")
    ap.add_argument("--hands", type=int, default=4_000_000,
                    help="Monte Carlo hands for the mean/σ check (default 4 000 000)")
    ap.add_argument("--batch", type=int, default=250_000,
                    help="hands per simulator batch, also the timed unit (default 250 000)")
    ap.add_argument("--seed", type=int, default=20240607, help="Monte Carlo seed")
    args = ap.parse_args(argv)
    for name in ("repeat", "eq_repeat", "hands", "batch"):
        if getattr(args, name) < 1:
            ap.error(f"--{name.replace('_', '-')} must be at least 1, got {getattr(args, name)}")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = _parse(argv)
    t_start = time.perf_counter()
    t0 = time.perf_counter()
    from settemezzo import solve
    from settemezzo.rules import ITALIAN
    t_import = time.perf_counter() - t0

    failures: list[str] = []
    summary: list[Row] = []

    print("settemezzo benchmarks")
    print(f"  python {platform.python_version()}, numpy {np.__version__}, "
          f"scipy {scipy.__version__}, {os.cpu_count()} CPUs, {_load()}")
    print("  every time is the median of several time.perf_counter repetitions; 'cold' = the "
          "engine's caches")
    print("  (solve._EQ_CACHE, solve._SOLVERS, game._CACHE, lru caches) cleared before each "
          "repetition")
    print(f"  import settemezzo.solve: {_fmt_s(t_import)}")

    # ----------------------------------------------------------------------------------------
    _section("1. Equilibrium solve, ITALIAN (full deck), cold, certificate included")
    eq_t = measure("equilibrium(ITALIAN)", lambda: solve.equilibrium(ITALIAN), args.eq_repeat,
                   cold=True)
    eqs = eq_t.results
    eq = eq_t.result
    values = [e.value for e in eqs]
    gap = eq.upper - eq.lower
    print(f"  time           {_fmt_s(eq_t.median)} median ({eq_t.spread})")
    print(f"                 the solver's own timer (Equilibrium.seconds): "
          f"{_fmt_s(statistics.median(e.seconds for e in eqs))} median")
    print(f"  value          {eq.value:+.12f} (player's gain per stake); "
          f"banker edge {eq.banker_edge:.6%}")
    print(f"  certificate    [{eq.lower:+.12f}, {eq.upper:+.12f}], gap {gap:.3g}, "
          f"{eq.iterations} LP rounds")
    ok_gap = -1e-12 <= gap < GAP_BAR
    print(f"  check          gap < {GAP_BAR:g} (DESIGN.md): {'PASS' if ok_gap else 'FAIL'}")
    spread_v = max(values) - min(values)
    ok_same = spread_v <= GAP_BAR
    print(f"  check          {len(values)} cold solves agree (spread {spread_v:.2g}): "
          f"{'PASS' if ok_same else 'FAIL'}")
    if not ok_gap:
        failures.append(f"equilibrium certificate gap {gap:.3g} >= {GAP_BAR:g}")
    if not ok_same:
        failures.append(f"cold equilibrium values differ by {spread_v:.3g}")
    r_target, r_aim = eq_t.median / TARGET_S, eq_t.median / AIM_S
    print(f"  vs target 10 s {_ratio(r_target)} ({'meets' if r_target <= 1 else 'MISSES'} "
          f"the target)")
    print(f"  vs aim 1 s     {_ratio(r_aim)} ({'meets' if r_aim <= 1 else 'misses'} the aim"
          f"{'' if r_aim <= 1 else f', {r_aim:.1f} times too slow'})")
    summary.append(Row("equilibrium solve, cold", _fmt_s(eq_t.median), "target 10 s",
                       _ratio(r_target)))
    summary.append(Row("equilibrium solve, cold", _fmt_s(eq_t.median), "aim 1 s",
                       _ratio(r_aim)))

    # ----------------------------------------------------------------------------------------
    _section(f"2. Exact policy evaluation and best responses ({POLICY}), ITALIAN")
    q = f'"{POLICY}"'
    jobs = [  # (short name, the call, function)
        ("evaluate", f"evaluate({q}, {q})", lambda: solve.evaluate(POLICY, POLICY, ITALIAN)),
        ("best reply of player", f'best_response({q}, "player")',
         lambda: solve.best_response(POLICY, "player", ITALIAN).value),
        ("best reply of banker", f'best_response({q}, "banker")',
         lambda: solve.best_response(POLICY, "banker", ITALIAN).value),
    ]
    timings: dict[str, tuple[Timing, Timing]] = {}
    for label, call, fn in jobs:
        cold = measure(label, fn, args.repeat, cold=True)
        warm = measure(label, fn, args.repeat, cold=False, warmup=True)
        timings[label] = (cold, warm)
        if len(set(cold.results + warm.results)) != 1:
            failures.append(f"{call}: repetitions disagree: {set(cold.results + warm.results)}")
    eval_cold, eval_warm = timings["evaluate"]
    exact_value = eval_cold.result
    base = eval_cold.median
    rows = []
    for label, (cold, warm) in timings.items():
        v = cold.result
        rows.append([label, f"{float(v):+.12f}", _fmt_s(cold.median), _fmt_s(warm.median),
                     _ratio(warm.median / cold.median), _ratio(cold.median / base),
                     _ratio(cold.median / eq_t.median)])
        summary.append(Row(f"{label}, cold", _fmt_s(cold.median), "equilibrium solve",
                           _ratio(cold.median / eq_t.median)))
        summary.append(Row(f"{label}, warm", _fmt_s(warm.median), "same call, cold",
                           _ratio(warm.median / cold.median)))
    _print_table(["call", "value (player)", "cold", "warm", "warm/cold", "/evaluate",
                  "/equilibrium"], rows)
    for label, call, _ in jobs:
        print(f"  {label + ':':21s} {call}")
    print(f"  medians of {args.repeat} repetitions; warm = caches kept after one untimed call;")
    print("  /evaluate and /equilibrium: the cold time over the cold evaluate and the cold "
          "equilibrium solve")
    if isinstance(exact_value, Fraction):
        print(f"  evaluate exact value = {exact_value}")
    else:
        failures.append(f"evaluate({POLICY}, {POLICY}) is not exact: {exact_value!r}")
    br_p = float(timings["best reply of player"][0].result)
    br_b = float(timings["best reply of banker"][0].result)
    ok_bracket = br_b <= eq.lower and eq.upper <= br_p and br_b <= exact_value <= br_p
    print(f"  check          best replies bracket the others: banker's {br_b:+.6f} <= "
          f"equilibrium {eq.value:+.6f}")
    print(f"                 and evaluate {float(exact_value):+.6f} <= player's {br_p:+.6f}: "
          f"{'PASS' if ok_bracket else 'FAIL'}")
    if not ok_bracket:
        failures.append("best-reply values do not bracket the equilibrium and evaluate values")

    # ----------------------------------------------------------------------------------------
    _section(f"3. Exact against Monte Carlo ({POLICY} player vs {POLICY} banker, 40 cards)")
    rng = np.random.default_rng(args.seed)
    montecarlo.simulate(min(args.batch, 20_000), rng)  # warm-up (allocations, code paths)
    sim_t = measure("simulate batch", lambda: montecarlo.simulate(args.batch, rng,
                                                                   batch=args.batch),
                    args.repeat, cold=False)
    rate = args.batch / sim_t.median
    print(f"  simulator      {rate:,.0f} hands/s (median of {args.repeat} batches of "
          f"{args.batch:,} hands;")
    print(f"                 {sim_t.spread})")
    t0 = time.perf_counter()
    tally = montecarlo.simulate(args.hands, rng, batch=args.batch)
    t_check = time.perf_counter() - t0
    exact = float(exact_value)
    z = (tally.mean - exact) / tally.stderr
    ok_mc = abs(z) <= 4
    print(f"  sample         {tally.n:,} hands in {_fmt_s(t_check)}: mean {tally.mean:+.6f}, "
          f"σ {tally.std:.6f}, standard error {tally.stderr:.2e}")
    print(f"  exact          {exact:+.6f}; difference {tally.mean - exact:+.6f} = {z:+.2f} "
          f"standard errors")
    print(f"  check          |difference| <= 4 standard errors: {'PASS' if ok_mc else 'FAIL'}")
    if not ok_mc:
        failures.append(f"Monte Carlo mean {tally.mean:+.6f} is {z:+.2f} SE from exact {exact}")
    sigma_pm1 = math.sqrt(1 - exact * exact)
    print(f"  (every hand is ±1 stake, so σ = sqrt(1 - v²) = {sigma_pm1:.6f} exactly; "
          f"measured {tally.std:.6f})")
    sigma = tally.std
    n_need = (Z95 * sigma / HALF_WIDTH) ** 2
    t_sim = n_need / rate
    r_eval = t_sim / eval_cold.median
    print(f"  hands needed   n = (1.96 σ / {HALF_WIDTH:g})² = {n_need:,.0f} "
          f"(95% half-width {HALF_WIDTH:g} on the banker edge)")
    print(f"  sim time       n / rate = {_fmt_s(t_sim)}")
    print(f"  exact (cold)   {_fmt_s(eval_cold.median)}  ->  simulation / exact = "
          f"{_ratio(r_eval)}")
    print(f"  exact (warm)   {_fmt_s(eval_warm.median)}  ->  simulation / exact = "
          f"{_ratio(t_sim / eval_warm.median)}")
    r_eq = t_sim / eq_t.median
    print(f"  equilibrium    same n and rate: {_fmt_s(t_sim)} of simulation vs "
          f"{_fmt_s(eq_t.median)} cold solve")
    print(f"                 ->  simulation / solve = {_ratio(r_eq)}")
    n_eq = (Z95 * math.sqrt(1 - eq.value ** 2) / HALF_WIDTH) ** 2
    print(f"  note           at the equilibrium σ = sqrt(1 - v²) = "
          f"{math.sqrt(1 - eq.value ** 2):.6f}, so n = {n_eq:,.0f};")
    print("                 simulating it needs the solved (mixed) strategies first, and a "
          "simulator of")
    print("                 them is slower per hand than this threshold one: the ratio "
          "flatters simulation")
    summary.append(Row("Monte Carlo rate", f"{rate:,.0f} hands/s", "-", "-"))
    summary.append(Row(f"MC for ±{HALF_WIDTH:g} (n={n_need:,.0f})", _fmt_s(t_sim),
                       "exact evaluate, cold", _ratio(r_eval)))
    summary.append(Row(f"MC for ±{HALF_WIDTH:g} (n={n_need:,.0f})", _fmt_s(t_sim),
                       "equilibrium solve, cold", _ratio(r_eq)))

    # ----------------------------------------------------------------------------------------
    _section("4. Summary")
    _print_table(["measurement", "median", "baseline (same run)", "ratio"],
                 [[r.what, r.value, r.baseline, r.ratio] for r in summary])
    print("  ratio = measurement / baseline (below 1: faster than the baseline)")
    print()
    print("  checks: " + ("all PASS" if not failures else "FAIL"))
    for f in failures:
        print(f"    - {f}")
    print(f"  total bench time {_fmt_s(time.perf_counter() - t_start)}, {_load()}")
    return 1 if failures else 0

