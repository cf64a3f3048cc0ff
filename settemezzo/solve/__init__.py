"""Policy evaluation, best responses and the certified equilibrium of the heads-up game.

Values are the **player's** expected gain per hand: per unit stake when the stake is fixed,
in chips when it is chosen after the first card (Spanish) or a split adds a hand; the
banker's edge is minus the value per unit of the player's expected stake (`expected_stake`).

- `evaluate` gives the exact `Fraction` value of a pair of fixed policies (threshold rules,
  best responses, the omniscient banker); with an equilibrium strategy in the pair it is a
  float.
- `best_response` gives the exact value and policy of the best reply to a fixed policy.
- `equilibrium` solves the game by the sequence-form linear program of Koller, Megiddo and
  von Stengel (1996) on HiGHS (highspy), and proves the answer with a certificate: the exact
  values of both sides' best responses to the strategies found, which bracket the game value.

**The banker's side of the LP.** The banker moves last, and what it knows when it moves is
the public state ``u`` (the player's face-up cards in order, and that the player stood) plus
its own cards. Its own cards enter by multiset (`settemezzo.game`): a banker policy at ``u``
is a stopping rule on multisets. The KMvS program is solved with the banker's side
generated lazily: the banker's best reply at each public state is added as a constraint
``t_u <= sum_h w(h, u) c_h(policy)`` until no public state has a better reply (a cutting-plane
form of the same LP: the restricted program's dual is the banker's mixture over the
generated stopping rules). The LP duals of those constraints are the banker's equilibrium
mixture at each public state.

Against a player's 7½ the banker has seen the whole hand, so it plays with full information:
it simply maximises its own result there (in the equilibrium, the omniscient banker and the
banker's best response), while a ``threshold:K`` banker follows its rule even then.

The modules, from the bottom up: `errors` (`SolverError`), `plans` (what the float banker
programme reads of a set of banker hands), `kernels` (its compiled loops, numba), `rows` (the
banker's programme for a batch of rows, exact or in floats), `strategies`, `solver` (the
arrays of one game), `results` (a best reply, an equilibrium), `state` (what the solver keeps
per game), `walk` (evaluation, best replies, split terms), `lp` (the LP with its cuts, on
HiGHS) and `equilibria` (the equilibrium and its certificate). Importing the package loads
neither scipy, HiGHS nor numba: the LP and the kernels load at the first solve that needs
them.
"""

from __future__ import annotations

from settemezzo.solve.equilibria import equilibrium, release_solvers, remember_equilibrium
from settemezzo.solve.errors import SolverError
from settemezzo.solve.results import BestResponse, Equilibrium
from settemezzo.solve.strategies import (
    BankerStrategy,
    PlayerStrategy,
    Value,
    banker_policy,
    player_policy,
    subgame_key,
)
from settemezzo.solve.walk import best_response, evaluate, expected_stake, split_rules

__all__ = [
    "BankerStrategy",
    "BestResponse",
    "Equilibrium",
    "PlayerStrategy",
    "SolverError",
    "Value",
    "banker_policy",
    "best_response",
    "equilibrium",
    "evaluate",
    "expected_stake",
    "player_policy",
    "release_solvers",
    "remember_equilibrium",
    "split_rules",
    "subgame_key",
]
