"""The banker's edge table: every preset and single variant, three bankers.

``settemezzo edge --all`` as a user runs it reads the results shipped with the package
(`settemezzo.precomputed`); ``--fresh`` (and ``settemezzo data``) solves every rule set
afresh. Both are timed here, cold, against the issue's target (15 s on 2 cores) and aim
(5 s), with each rule set's share of the fresh solve, and over the numpy Monte Carlo
baseline timed before and after it (`bench.bench_solver.Baseline`: the machine is shared,
so the ratio is the steadier number), and with the CPU seconds of every process (steadier
still on a loaded machine). ``--serial`` also times the fresh solve in one
process. Run with ``python -m bench edge [--serial]``.
"""

from __future__ import annotations

import time

from bench.timing import clear_caches

TARGET_S, AIM_S = 15.0, 5.0


def main(argv: list[str] | None = None) -> int:
    import os

    import pandas as pd

    from settemezzo import results
    from settemezzo.edge import DEFAULT_METHODS
    from settemezzo.i18n import standard_rule_sets
    from settemezzo.results.edges import edge_table

    workers = os.cpu_count() or 1

    cpu: list[float] = []

    def timed(fresh: bool, n: int) -> tuple[float, pd.DataFrame]:
        clear_caches()
        before = _cpu()
        t0 = time.perf_counter()
        if fresh:
            with results.precomputed_off():
                df = edge_table(standard_rule_sets(), DEFAULT_METHODS, workers=n)
        else:
            df = edge_table(standard_rule_sets(), DEFAULT_METHODS, workers=n)
        cpu.append(_cpu() - before)
        return time.perf_counter() - t0, df

    from bench.bench_solver import Baseline

    baseline = Baseline()
    shipped, _ = timed(False, 1)
    mc = [baseline.seconds()]
    fresh, df = timed(True, workers)
    mc.append(baseline.seconds())
    base = (mc[0] + mc[1]) / 2
    print("\nBanker's edge table (presets and single variants, cold caches)")
    print("=" * 64)
    for name, secs in df.groupby("variant", sort=False).seconds.sum().items():
        print(f"  {name:40s} {secs:6.2f} s (solved afresh)")
    print(f"  edge --all (shipped results, one process): {shipped:.2f} s for {len(df)} rows, "
          f"{shipped / TARGET_S:.2f}x the target {TARGET_S:g} s, "
          f"{shipped / AIM_S:.2f}x the aim {AIM_S:g} s")
    print(f"  edge --all --fresh on {workers} processes: {fresh:.2f} s, "
          f"{fresh / TARGET_S:.2f}x the target; {fresh / base:.2f}x the Monte Carlo baseline "
          f"({base:.2f} s: before {mc[0]:.2f}, after {mc[1]:.2f})")
    print(f"  CPU of the fresh solve, every process: {cpu[1]:.2f} s ({cpu[1] / workers:.2f} s "
          f"a process: the wall time on {workers} idle cores, evenly shared)")
    if argv and "--serial" in argv:
        serial, _ = timed(True, 1)
        print(f"  edge --all --fresh in one process: {serial:.2f} s "
              f"({serial / fresh:.2f}x the {workers} processes)")
    print(f"  widest equilibrium certificate: {df.exploitability.dropna().max():.2e}")
    return 0


def _cpu() -> float:
    """CPU seconds of this process and of its children waited for (the pool's processes)."""
    import os

    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


if __name__ == "__main__":
    raise SystemExit(main())
