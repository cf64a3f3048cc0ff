"""Benchmarks for settemezzo, run as ``python -m bench`` (``make bench``).

Speed is reported as RATIOS against baselines measured in the same process (a cold exact
evaluation, a vectorised Monte Carlo simulator, the project's 10 s target for a full solve),
never as absolute pass/fail thresholds. Every timing is the median of several repetitions
of `time.perf_counter`.

Modules:

- `bench.timing`: cache clearing (cold runs) and the repetition/median helper;
- `bench.montecarlo`: a numpy-vectorised heads-up simulator of threshold rules on the
  40-card deck, written independently of the engine;
- `bench.suite`: the benchmarks and the printed report.
"""
