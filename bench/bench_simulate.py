"""Simulator benchmarks (``python -m bench simulate``; also run at the end of
``python -m bench``).

1. Speed, hands per second: heads-up with every kind of strategy, 3 and 7 players, the
   SPANISH game; one thread and every core; wall-clock and per CPU-second (other programs
   may share the machine). Baselines measured in the same run: a plain-Python loop over
   hands and the numpy-vectorised simulator of `bench.montecarlo`, on the same question
   (threshold:5 against threshold:5, heads-up, ITALIAN).
2. Cross-check against the exact engine, with more hands than the tests: every rule set
   `settemezzo.solve` solves, threshold, omniscient, table and equilibrium strategies.
3. Whole tables with standard errors: the banker's edge by table size (2-8 people), the
   value of the bank under the Italian passing, each seat's chance of winning a SPANISH
   game, and the risk of ruin.

Exit status 1 if a cross-check is 4 standard errors or more away, or if heads-up on every
core runs below 1,000,000 hands per second.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

TARGET_RATE = 1_000_000   # heads-up hands per second on this machine: the floor
AIM_RATE = 5_000_000


def _python_hands(n: int, seed: int) -> float:
    """The baseline: a plain-Python loop, threshold:5 against threshold:5, heads-up ITALIAN.

    Shuffles a list of the 40 card values per hand and deals it in order (the player's
    face-down card, the banker's, the player's hits, the banker's hits). Returns the
    player's mean gain."""
    rng = random.Random(seed)
    deck = [1] * 12 + [2, 4, 6, 8, 10, 12, 14] * 4
    total = 0
    for _ in range(n):
        rng.shuffle(deck)
        p, b, i = deck[0], deck[1], 2
        while p < 10:
            p += deck[i]
            i += 1
        if p > 15:
            total -= 1
            continue
        while b < 10:
            b += deck[i]
            i += 1
        total += 1 if (b > 15 or p > b) else -1
    return total / n


def _timed(fn: Callable[[], Any], repeat: int) -> tuple[float, float, Any]:
    """Median wall and CPU seconds of ``repeat`` calls, and the last result."""
    walls, cpus = [], []
    out = None
    for _ in range(repeat):
        w, c = time.perf_counter(), time.process_time()
        out = fn()
        walls.append(time.perf_counter() - w)
        cpus.append(time.process_time() - c)
    return statistics.median(walls), statistics.median(cpus), out


def _section(title: str) -> None:
    print()
    print(title)
    print("=" * len(title))


def _rate(x: float) -> str:
    return f"{x / 1e6:6.2f} M/s" if x >= 1e5 else f"{x / 1e3:6.1f} k/s"


def _table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(header)]
    print("  " + "  ".join(h.ljust(w) for h, w in zip(header, widths, strict=True)).rstrip())
    print("  " + "  ".join("-" * w for w in widths))
    for r in rows:
        print("  " + "  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip())


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench simulate", description=__doc__)
    ap.add_argument("--quick", action="store_true", help="fewer hands everywhere (~1 min)")
    ap.add_argument("--seed", type=int, default=20240607)
    ap.add_argument("--repeat", type=int, default=3, help="repetitions of each speed timing")
    args = ap.parse_args(argv)
    scale = 0.2 if args.quick else 1.0
    t_start = time.perf_counter()
    failures: list[str] = []

    t0 = time.perf_counter()
    from bench import montecarlo
    from settemezzo.i18n import describe_rules
    from settemezzo.rules import ITALIAN, SPANISH
    from settemezzo.simulate import bank_value, game_chances, simulate, table_edge
    from settemezzo.simulate.analysis import exact_value
    t_import = time.perf_counter() - t0
    t0 = time.perf_counter()
    simulate(ITALIAN, 1, 100, chips=None, workers=1)
    t_first = time.perf_counter() - t0
    cores = os.cpu_count() or 1

    print("settemezzo simulator benchmarks")
    try:
        load = " / ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:  # pragma: no cover
        load = "n/a"
    print(f"  {cores} CPUs, load average {load}; import {time.perf_counter() - t_start:.2f} s "
          f"(simulate {t_import:.2f} s), first call {t_first:.2f} s (compiles the engine, "
          f"or loads numba's cache)")
    print("  rates: median of several runs; 'per CPU-s' = hands per second of CPU time used "
          "(what one core gives when the machine is shared)")

    # ----------------------------------------------------------------------------------------
    _section("1. Speed (unlimited chips, stake 1; ITALIAN unless said)")
    n_hu = int(8_000_000 * scale)
    rows: list[list[str]] = []
    rates: dict[str, float] = {}
    cpus: dict[tuple[str, int], float] = {}

    def bench(label: str, n: int, workers: int, **kw: Any) -> None:
        kw.setdefault("rules", ITALIAN)
        kw.setdefault("chips", None)
        wall, cpu, _ = _timed(lambda: simulate(hands=n, seed=args.seed, workers=workers,
                                               progress=False, **kw), args.repeat)
        rates[label] = n / wall
        cpus[label, workers] = cpu
        rows.append([label, f"{workers}", f"{n:,}", f"{wall:.2f} s", _rate(n / wall),
                     _rate(n / cpu)])

    bench("heads-up threshold:5", n_hu, 1, players=1)
    bench("heads-up threshold:5", n_hu, cores, players=1)
    bench("heads-up equilibrium / equilibrium", n_hu // 2, cores, players=1,
          player="equilibrium", banker="equilibrium")
    bench("heads-up threshold:5 / omniscient", n_hu // 20, cores, players=1,
          banker="omniscient")
    bench("heads-up threshold:5 / table", n_hu // 40, cores, players=1, banker="table")
    bench("3 players threshold:5", n_hu // 4, cores, players=3)
    bench("7 players threshold:5", n_hu // 8, 1, players=7)
    bench("7 players threshold:5", n_hu // 8, cores, players=7)
    bench("7 players table banker", n_hu // 200, cores, players=7, banker="table")
    bench("SPANISH game, 7 players, real chips", n_hu // 8, cores, players=7,
          rules=SPANISH, chips="rules")
    # baselines, same question as the first rows
    n_py = int(200_000 * scale)
    w_py, c_py, v_py = _timed(lambda: _python_hands(n_py, args.seed), 1)
    n_np = int(2_000_000 * scale)
    w_np, c_np, tally = _timed(
        lambda: montecarlo.simulate(n_np, np.random.default_rng(args.seed)), 1)
    rows.append(["baseline: plain-Python loop", "1", f"{n_py:,}", f"{w_py:.2f} s",
                 _rate(n_py / w_py), _rate(n_py / c_py)])
    rows.append(["baseline: numpy-vectorised (bench.montecarlo)", "1", f"{n_np:,}",
                 f"{w_np:.2f} s", _rate(n_np / w_np), _rate(n_np / c_np)])
    _table(["run", "workers", "hands", "wall", "hands/s", "per CPU-s"], rows)
    hu1 = rates["heads-up threshold:5"]
    cpu_hu1 = cpus["heads-up threshold:5", 1]
    print()
    print(f"  heads-up, every core: {_rate(hu1)}; target {_rate(TARGET_RATE)}: "
          f"{'MEETS' if hu1 >= TARGET_RATE else 'MISSES'}; aim {_rate(AIM_RATE)}: "
          f"{'meets' if hu1 >= AIM_RATE else 'misses'}")
    print(f"  ratio to the plain-Python loop:      {hu1 / (n_py / w_py):,.0f}x")
    print(f"  ratio to the numpy-vectorised one:   {hu1 / (n_np / w_np):,.1f}x (one core each, "
          f"per CPU-second: {n_hu / cpu_hu1 / (n_np / c_np):,.1f}x)")
    print(f"  7 players, every core: {_rate(rates['7 players threshold:5'])} hands "
          f"({_rate(7 * rates['7 players threshold:5'])} player-hands)")
    print(f"  (the baselines' player value: Python {v_py:+.4f}, numpy {tally.mean:+.4f})")
    if hu1 < TARGET_RATE:
        failures.append(f"heads-up rate {hu1:,.0f} hands/s is below {TARGET_RATE:,}")

    # ----------------------------------------------------------------------------------------
    _section("2. The simulator against the exact engine (heads-up, 4 standard errors)")
    from settemezzo.game import heads_up

    variants = [ITALIAN] + [ITALIAN.with_variants(*v.split()) for v in
                            ("royal", "wild_king", "pair_of_sevens", "ties_push",
                             "seven_half_pays=2", "burn=4", "burn=3,4",
                             "stake_timing=after_first_card",
                             "royal wild_king pair_of_sevens ties_push burn=3,4")]
    checks = []
    for rules in variants:
        checks += [(rules, "threshold:5", "threshold:5", int(10_000_000 * scale)),
                   (rules, "threshold:5", "omniscient", int(1_000_000 * scale)),
                   (rules, "threshold:5", "table", int(300_000 * scale))]
        if getattr(heads_up(rules), "classic", True):  # the simulator's equilibrium banker
            checks.append((rules, "equilibrium", "equilibrium", int(4_000_000 * scale)))
        else:  # the equilibrium player burning, staking (read from the solved tables)
            checks.append((rules, "equilibrium", "threshold:5", int(2_000_000 * scale)))
    checks += [(ITALIAN, "threshold:4", "threshold:6", int(4_000_000 * scale)),
               (ITALIAN, "threshold:6", "equilibrium", int(4_000_000 * scale)),
               (ITALIAN, "equilibrium", "table", int(300_000 * scale))]
    rows = []
    t_exact = t_sim = 0.0
    for rules, p, b, n in checks:
        t0 = time.perf_counter()
        exact = float(exact_value(rules, p, b))
        t1 = time.perf_counter()
        r = simulate(rules, 1, n, seed=args.seed, player=p, banker=b, chips=None,
                     progress=False)
        t2 = time.perf_counter()
        t_exact += t1 - t0
        t_sim += t2 - t1
        z = r.z(exact)
        ok = z < 4
        if not ok:
            failures.append(f"{describe_rules(rules)} {p} vs {b}: {z:.2f} standard errors")
        rows.append([describe_rules(rules).replace("Italian rules", "IT"), p, b, f"{n:,}",
                     f"{exact:+.6f}", f"{r.player_value:+.6f}", f"{r.edge_se:.6f}",
                     f"{z:.2f}", "ok" if ok else "FAIL"])
    _table(["rules", "player", "banker", "hands", "exact", "simulated", "se", "z", ""], rows)
    zs = [float(r[7]) for r in rows]
    print(f"  {len(rows)} checks, largest |z| {max(zs):.2f}, mean |z| {statistics.mean(zs):.2f} "
          f"(about 0.8 expected); exact engine {t_exact:.1f} s, simulation {t_sim:.1f} s")

    # ----------------------------------------------------------------------------------------
    _section("3. Whole tables, with standard errors")
    n_tab = int(2_000_000 * scale)
    edge = table_edge(ITALIAN, range(1, 8), n_tab, seed=args.seed, progress=False)
    print(f"  The banker's edge per player-hand by table size (ITALIAN, threshold:5 for "
          f"everyone, {n_tab:,} hands each):")
    _table(["people", "banker edge", "se", "gain/hand", "se"],
           [[str(r.people), f"{r.banker_edge:.4%}", f"{r.se:.4%}", f"{r.gain_per_hand:.4f}",
             f"{r.gain_se:.4f}"] for r in edge.itertuples()])
    bank = bank_value(ITALIAN, [1, 3, 5, 7], n_tab, seed=args.seed, progress=False)
    print()
    print("  The value of the bank under the Italian passing (to a player's 7½):")
    _table(["people", "gain/hand", "se", "tenure (hands)", "se", "gain/tenure", "se"],
           [[str(r.people), f"{r.gain_per_hand:.4f}", f"{r.se:.4f}", f"{r.tenure:.2f}",
             f"{r.tenure_se:.2f}", f"{r.value:.3f}", f"{r.value_se:.3f}"]
            for r in bank.itertuples()])
    n_games = int(100_000 * scale)
    chances = game_chances(SPANISH, 4, n_games, seed=args.seed, progress=False)
    print()
    print(f"  SPANISH game, 5 people, {n_games:,} games (seat 0 holds the bank first):")
    _table(["seat", "wins", "se", "ruin", "se", "final chips", "sd"],
           [[str(r.seat), f"{r.win_chance:.3%}", f"{r.win_se:.3%}", f"{r.ruin:.3%}",
             f"{r.ruin_se:.3%}", f"{r.final_chips:.2f}", f"{r.final_chips_sd:.2f}"]
            for r in chances.itertuples()])

    print()
    print("  checks: " + ("all PASS" if not failures else "FAIL"))
    for f in failures:
        print(f"    - {f}")
    print(f"  total simulator bench time {time.perf_counter() - t_start:.1f} s")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
