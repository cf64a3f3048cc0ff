"""One answer on decks played down: the refined tables along two paths of the LP solver.

``python -m bench paths [--decks N] [--rules italian] [--seed S] [--path NAME] [--canonical]``
(``--canonical``: the banker of `settemezzo.solve.canonical`, `equilibria.CANONICAL`). The refined
equilibrium should give the same player's table whichever path the LP takes (RULES.md: the
cost of a mistake does not depend on the LP solver). tests/solve/test_refined.py checks that
on a few thinned decks; this measures it on random decks played down (`bench.bench_thinned`'s
decks): each solved with the shipped settings and again along ``--path`` (module constants
of `settemezzo.solve.lp`, as in those tests), then the player's values of standing and of
the best play on, at every decision, against each banker. Printed: per deck its largest
difference and both checks off the path (`settemezzo.solve.results.Equilibrium.offpath_gap`),
then how many decks differ by more than 1e-9.
"""

from __future__ import annotations

import argparse
import contextlib
import random
from collections.abc import Iterator, Sequence
from typing import Any

import numpy as np

from bench.bench_thinned import random_deck

PATHS: dict[str, dict[str, Any]] = {
    "primal": {"SIMPLEX_STRATEGY": 4},
    "cuts": {"START_THRESHOLDS": (9, 11, 12)},
    "columns": {"COLUMN_SEED": 1},
}
"""The other paths: HiGHS's primal simplex, other starting cuts, the columns shuffled."""


@contextlib.contextmanager
def settings(values: dict[str, Any]) -> Iterator[None]:
    """`settemezzo.solve.lp`'s module constants set to ``values`` for the block."""
    from settemezzo.solve import lp

    old = {k: getattr(lp, k) for k in values}
    for k, v in values.items():
        setattr(lp, k, v)
    try:
        yield
    finally:
        for k, v in old.items():
            setattr(lp, k, v)


def solved_table(game: Any, values: dict[str, Any]) -> tuple[Any, np.ndarray]:
    """A fresh refined equilibrium of ``game`` under ``values`` and the player's table
    against its banker (standing, then the best play on, per decision); forgotten after."""
    from settemezzo.solve import equilibria, equilibrium
    from settemezzo.solve.state import state_of
    from settemezzo.solve.walk import player_reply

    def forget() -> None:
        for g in game.games_made():
            state_of(g).equilibrium = None
        equilibria.release_solvers(game)

    forget()
    with settings(values):
        eq = equilibrium(game)
    reply = player_reply(game, eq.banker)
    forget()
    return eq, np.concatenate([np.asarray(reply.stand, dtype=np.float64),
                               np.asarray(reply.V, dtype=np.float64)])


def where(game: Any, eq: Any, k: int) -> str:
    """Entry ``k`` of a `solved_table` named: the decision (face-down card, face-up cards),
    which value (standing, or the best play on), and whether the plan reaches it."""
    from settemezzo.rows import reaches

    n = len(game.infosets)
    i = k % n
    st = game.infosets[i]
    own, _ = reaches(game, tuple(eq.player.hit), False)
    up = " ".join(c.label for c in st.up) or "-"
    return (f"{'stand' if k < n else 'play on'} with {st.hole.label} down, {up} up "
            f"(the plan reaches it {own[i]:.2g} of the time)")


def main(argv: Sequence[str] | None = None) -> int:
    from settemezzo import results
    from settemezzo.errors import RulesError
    from settemezzo.game import heads_up
    from settemezzo.rules import preset

    ap = argparse.ArgumentParser(prog="python -m bench paths",
                                 description=__doc__.split("\n")[0])
    ap.add_argument("--decks", type=int, default=40, help="random decks (40)")
    ap.add_argument("--rules", default="italian", help="a preset (italian)")
    ap.add_argument("--seed", type=int, default=12)
    ap.add_argument("--canonical", action="store_true",
                    help="the canonical banker (settemezzo.solve.canonical)")
    ap.add_argument("--path", default="cuts", choices=sorted(PATHS),
                    help="the other path (cuts: other starting cuts)")
    args = ap.parse_args(argv)
    from settemezzo.solve import equilibria

    equilibria.CANONICAL = args.canonical
    rules, rng = preset(args.rules), random.Random(args.seed)
    diffs = []
    print(f"The refined tables of {args.decks} random decks ({args.rules}), shipped settings "
          f"against {args.path} {PATHS[args.path]}")
    with results.precomputed_off():
        for i in range(args.decks):
            try:
                game = heads_up(rules, random_deck(rng))
            except RulesError:  # a deck that could run out within a hand
                continue
            eq, table = solved_table(game, {})
            other, again = solved_table(game, PATHS[args.path])
            gaps = np.abs(table - again)
            d = float(gaps.max())
            diffs.append(d)
            print(f"  deck {i:3d} ({game.deck.total} cards): tables differ by {d:.1e}, "
                  f"off-path checks {eq.offpath_gap:.1e} and {other.offpath_gap:.1e}"
                  + (f"; most at {where(game, eq, int(gaps.argmax()))}" if d > 1e-9 else ""),
                  flush=True)
    apart = sum(d > 1e-9 for d in diffs)
    print(f"{apart} of {len(diffs)} decks' tables differ by more than 1e-9 (largest "
          f"{max(diffs, default=0.0):.1e})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
