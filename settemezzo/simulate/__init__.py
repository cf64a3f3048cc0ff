"""Monte Carlo of whole tables and sessions, compiled with numba, checked against the exact
engine.

- `simulate` - many hands or sessions with bots in every seat: the banker's edge with its
  standard error, per playing position and per seat, bank tenures, chip distributions, each
  seat's chance of winning a game and its risk of ruin; on every local core or a Dask
  cluster, the same result for a seed whatever the number of workers.
- `play` and `Table` - a table where people decide through callbacks (the classroom game).
- `table_edge`, `bank_value`, `game_chances` - table-level questions as DataFrames.
- `exact_check` - the simulator against `settemezzo.solve` on the heads-up game.

Strategies are named as in `settemezzo.simulate.strategies`: ``threshold:K``,
``equilibrium``, and for the banker ``omniscient`` and ``table``; a `Person` is a callback.
"""

from settemezzo.errors import IllegalActionError
from settemezzo.simulate.analysis import bank_value, exact_check, game_chances, table_edge
from settemezzo.simulate.session import (
    HandReport,
    SimulationError,
    SimulationResult,
    Table,
    TableView,
    play,
    simulate,
)
from settemezzo.simulate.strategies import Person, StrategyError

__all__ = [
    "HandReport",
    "IllegalActionError",
    "Person",
    "SimulationError",
    "SimulationResult",
    "StrategyError",
    "Table",
    "TableView",
    "bank_value",
    "exact_check",
    "game_chances",
    "play",
    "simulate",
    "table_edge",
]
