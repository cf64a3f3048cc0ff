"""What the solver keeps per game while the game lives (`SolverState`): its solvers, its
equilibrium, the values of its splits and swaps, and what the tables derive from it. The game
holds it without reading it (`HeadsUpGame.derived`); a twin of the game (the same hand under
another name) shares it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from settemezzo.game import HeadsUpGame
from settemezzo.solve.results import Equilibrium
from settemezzo.solve.solver import Solver


@dataclass
class SolverState:
    """The solver's caches of one game, each by what it is."""

    solvers: dict[tuple[bool, str], Solver] = field(default_factory=dict)
    """The game's solvers, by exactness and measure (`game_solver`)."""
    equilibrium: Equilibrium | None = None
    """The game's equilibrium, once solved (or given back: `remember_equilibrium`)."""
    plain: Equilibrium | None = None
    """The game's equilibrium without the refinement (`equilibrium` with ``refined=False``),
    kept apart from the refined one."""
    splits: dict[tuple[Any, ...], tuple[float, float]] = field(default_factory=dict)
    """Each split's value and extra hands, by burnt card and both sides (`split_terms`)."""
    swap_keys: tuple[list[Any], list[tuple[int, int]]] | None = None
    """The subgame keys after the swap decisions (`settemezzo.solve.equilibria`)."""
    table_columns: dict[tuple[Any, ...], Any] = field(default_factory=dict)
    """What `settemezzo.tables` derives from the game, by its rules and the banker's name."""


def state_of(game: HeadsUpGame) -> SolverState:
    """The `SolverState` of ``game``, made at its first use."""
    state = game.derived.solver
    if not isinstance(state, SolverState):
        state = game.derived.solver = SolverState()
    return state


def game_solver(game: HeadsUpGame, exact: bool, measure: Literal["value", "win"] = "value"
            ) -> Solver:
    """The game's solver for ``exact`` and ``measure`` (kept in its `SolverState`)."""
    solvers = state_of(game).solvers
    s = solvers.get((exact, measure))
    if s is None:
        like = next(iter(solvers.values()), None)  # the same game: its layout made once
        s = solvers[(exact, measure)] = Solver(game, exact, measure, like=like)
        for other in solvers.values():  # and its tree
            s.share_tree(other)
    return s
