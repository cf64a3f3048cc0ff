"""The banker's edge table: every preset and single variant, three bankers, cold.

Prints the total time against the issue's target (60 s) and aim (10 s), and each rule set's
share, measured in this run. Run with ``python -m bench edge``.
"""

from __future__ import annotations

import time

from bench.timing import clear_caches


def main(argv: list[str] | None = None) -> int:
    import os

    from settemezzo.edge import DEFAULT_METHODS, edge_table, standard_rule_sets

    workers = os.cpu_count() or 1
    clear_caches()
    t0 = time.perf_counter()
    df = edge_table(standard_rule_sets(), DEFAULT_METHODS, workers=workers)
    parallel = time.perf_counter() - t0
    clear_caches()
    t0 = time.perf_counter()
    df = edge_table(standard_rule_sets(), DEFAULT_METHODS)
    total = time.perf_counter() - t0
    print("\nBanker's edge table (presets and single variants, cold caches)")
    print("=" * 64)
    by_set = df.groupby("variant", sort=False).seconds.sum()
    for name, secs in by_set.items():
        rows = df[df.variant == name]
        solved = rows.edge.notna().any()
        print(f"  {name:40s} {secs:6.2f} s  {'' if solved else '(not in the exact engine)'}")
    worst = df.exploitability.dropna().max()
    print(f"  total          {total:.2f} s for {len(df)} rows "
          f"({int(df.edge.notna().sum())} solved)")
    print(f"  vs target 60 s {total / 60:.2f}x   vs aim 10 s {total / 10:.2f}x   (one process)")
    print(f"  on {workers} processes: {parallel:.2f} s, {parallel / 60:.2f}x the target, "
          f"{total / parallel:.2f}x faster than one process")
    print(f"  widest equilibrium certificate: {worst:.2e}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
