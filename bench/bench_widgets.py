"""Widget click latency: p95 of every widget's clicks after warm-up, against 100 ms (the odds
explorer: 30 ms), and the explorer's first answer under each preset, against 1 s.

``python -m bench widgets [--clicks N] [--seed S]``. Each widget is built and its rule sets'
exact tables are computed first (the warm-up: a few seconds per rule set, once per process,
as in a notebook). Then a seeded sequence of clicks and value changes is replayed and each
is timed with ``time.perf_counter``, from the call to the return of its handler: the
Python side of a click, without the browser's round trip. A chart drawn for the first time
(a banker's posterior, the trainer's summary) is part of the clicks that draw it.

Exit status 1 if a widget's p95 is over the budget.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

BUDGET_S = 0.100
BUDGETS_S = {"odds explorer": 0.030}
"""Budgets tighter than `BUDGET_S`, by widget."""
FIRST_ANSWER_S = 1.0
"""The explorer's first answer under a preset (shipped precomputed: no solve)."""


@dataclass(frozen=True)
class Latency:
    """The timings of one widget's clicks."""

    widget: str
    seconds: list[float]

    def quantile(self, q: float) -> float:
        xs = sorted(self.seconds)
        return xs[min(len(xs) - 1, round(q * (len(xs) - 1)))]

    @property
    def p95(self) -> float:
        return self.quantile(0.95)


def _time(actions: Sequence[Callable[[], object]]) -> list[float]:
    out = []
    for act in actions:
        t0 = time.perf_counter()
        act()
        out.append(time.perf_counter() - t0)
    return out


def bench_explorer(n: int, rng: random.Random) -> Latency:
    from settemezzo.teaching.lookup import AGAINST_CHOICES
    from settemezzo.widgets import odds_explorer

    w = odds_explorer()
    for a in AGAINST_CHOICES[:3]:          # warm-up: the tables of the bankers offered
        w.against.value = a
        w.wait()
    holes = [v for _, v in w.hole.options]
    ups = ["J", "A", "2", "3"]
    seen = ["", "7d", "J Q", "5c 6c", ""]
    actions: list[Callable[[], object]] = []
    for i in range(n):
        k = i % 6
        if k == 0:
            v = rng.choice(holes)
            actions.append(lambda v=v: setattr(w.hole, "value", v))
        elif k in (1, 2):
            u = rng.choice(ups)
            actions.append(lambda u=u: w.up_buttons[u].click())
        elif k == 3:
            actions.append(w.undo.click)
        elif k == 4:
            s = rng.choice(seen)
            actions.append(lambda s=s: setattr(w.seen, "value", s))
        else:
            a = rng.choice(AGAINST_CHOICES[:3])
            actions.append(lambda a=a: (setattr(w.against, "value", a), w.clear.click()))
    return Latency("odds explorer", _time(actions))


def first_answers() -> list[tuple[str, float]]:
    """Seconds from building the explorer under each preset to its first answer, with
    nothing solved or loaded before (`settemezzo.results` cleared)."""
    from settemezzo import results
    from settemezzo.rules import PRESETS
    from settemezzo.widgets import odds_explorer

    out = []
    for name, rules in PRESETS.items():
        results.clear()
        t0 = time.perf_counter()
        w = odds_explorer(rules=rules)
        w.wait()
        assert w.result is not None and w.result.row is not None, name
        out.append((name, time.perf_counter() - t0))
    return out


def bench_trainer(n: int, rng: random.Random) -> Latency:
    from settemezzo.widgets import trainer

    w = trainer(hands=10)
    for level in (1, 2, 3):                # warm-up: each level's table
        w.level.value = level
        w.restart.click()
    times: list[float] = []
    while len(times) < n:
        w.seed.value = rng.randint(1, 10_000)
        w.level.value = rng.choice([1, 2, 3])
        w.hard.value = rng.random() < 0.3
        times += _time([w.restart.click])
        for _ in range(10):
            choice = w.stand if rng.random() < 0.5 else w.hit
            times += _time([choice.click])
            if rng.random() < 0.2:
                times += _time([w.retry_button.click, w.hit.click])
            times += _time([w.next_button.click])
    return Latency("trainer", times[:n])


def bench_banker(n: int, rng: random.Random) -> Latency:
    from settemezzo.widgets import banker_view

    w = banker_view()
    actions: list[Callable[[], object]] = []
    for i in range(n):
        k = i % 5
        if k in (0, 1):
            u = rng.choice(["J", "A", "2", "3"])
            actions.append(lambda u=u: w.up_buttons[u].click())
        elif k == 2:
            actions.append(lambda: w.total.options and setattr(
                w.total, "value", rng.randrange(len(w.total.options))))
        elif k == 3:
            r = rng.choice(["stood", "stood", "shown", "bust"])
            actions.append(lambda r=r: setattr(w.result, "value", r))
        else:
            actions.append(w.clear.click if rng.random() < 0.5 else w.undo.click)
    return Latency("banker's view", _time(actions))


def bench_variants(n: int, rng: random.Random) -> Latency:
    from settemezzo.widgets import variant_comparison

    w = variant_comparison()
    knobs = ["ties_push", "royal"]
    for k in knobs:                        # warm-up: solve and draw each rule set once
        w.knobs[k].value = True
    for k in knobs:
        w.knobs[k].value = False
    w.knobs["ties_push"].value = True
    w.knobs["ties_push"].value = False
    actions: list[Callable[[], object]] = []
    state = dict.fromkeys(knobs, False)
    for _ in range(n):
        k = rng.choice(knobs)
        others_off = all(not v for kk, v in state.items() if kk != k)
        if not others_off:                 # keep to the warmed rule sets: one knob at a time
            k = next(kk for kk, v in state.items() if v)
        state[k] = not state[k]
        actions.append(lambda k=k, v=state[k]: setattr(w.knobs[k], "value", v))
    return Latency("variant comparison", _time(actions))


def bench_table(n: int, rng: random.Random) -> Latency:
    from settemezzo.widgets import classroom_table

    w = classroom_table(students=2, computers=3, seed=rng.randint(1, 1000))
    w.hint.value = True
    times: list[float] = []
    while len(times) < n:
        g = w.game
        assert g is not None
        if g.can_stake():
            lo, hi = g.stake_range()
            w.stake.value = rng.randint(lo, hi)
            times += _time([w.stake_button.click])
        elif g.can_next_hand():
            times += _time([w.next_hand.click])
        elif g.can_hit():
            button = w.hit_button if rng.random() < 0.4 else w.stand_button
            times += _time([button.click])
        else:                              # the game is over: a new one
            times += _time([w.new_game.click])
    return Latency("classroom table", times[:n])


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench widgets",
                                 description=__doc__.split("\n")[0])
    ap.add_argument("--clicks", type=int, default=300,
                    help="timed clicks per widget after warm-up (default 300)")
    ap.add_argument("--seed", type=int, default=6, help="seed of the click sequences")
    args = ap.parse_args(argv)
    if args.clicks < 20:
        ap.error(f"--clicks must be at least 20, got {args.clicks}")
    print()
    title = "Widgets: click latency after warm-up (p95 against the 100 ms budget; explorer 30 ms)"
    print(title)
    print("=" * len(title))
    failed = []
    for name, seconds in first_answers():
        ok = seconds <= FIRST_ANSWER_S
        failed += [] if ok else [f"first answer ({name})"]
        print(f"  explorer's first answer under {name}: {seconds * 1e3:.0f} ms "
              f"({seconds / FIRST_ANSWER_S:.3f}x the {FIRST_ANSWER_S:.0f} s budget) "
              + ("PASS" if ok else "FAIL"))
    t0 = time.perf_counter()
    results = []
    for f in (bench_explorer, bench_trainer, bench_banker, bench_variants, bench_table):
        results.append(f(args.clicks, random.Random(f"{args.seed}|{f.__name__}")))
    print(f"  warm-up and {args.clicks} clicks per widget in {time.perf_counter() - t0:.1f} s")
    header = ("widget", "clicks", "median", "p95", "max", "p95 / budget", "check")
    rows = []
    for r in results:
        budget = BUDGETS_S.get(r.widget, BUDGET_S)
        ok = r.p95 < budget
        if not ok:
            failed.append(r.widget)
        rows.append((r.widget, str(len(r.seconds)), f"{statistics.median(r.seconds) * 1e3:.2f} ms",
                     f"{r.p95 * 1e3:.2f} ms", f"{max(r.seconds) * 1e3:.1f} ms",
                     f"{r.p95 / budget:.3f}x", "PASS" if ok else "FAIL"))
    widths = [max(len(h), *(len(row[i]) for row in rows)) for i, h in enumerate(header)]
    print("  " + "  ".join(h.ljust(w) for h, w in zip(header, widths, strict=True)))
    print("  " + "  ".join("-" * w for w in widths))
    for row in rows:
        print("  " + "  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)))
    print("  checks: " + ("all PASS" if not failed else "FAIL: " + ", ".join(failed)))
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
