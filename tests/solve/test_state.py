"""What the solver keeps per game (`settemezzo.solve.state`): one `SolverState` a game, made at
its first use, and one solver per exactness and measure in it."""

from __future__ import annotations

from settemezzo.cards import Kind, Unseen
from settemezzo.game import heads_up
from settemezzo.rules import ITALIAN
from settemezzo.solve.solver import Solver
from settemezzo.solve.state import SolverState, game_solver, state_of

SMALL = Unseen.of_plain({Kind.FIGURE: 2, Kind.SEVEN: 4})


def test_a_game_has_one_state_made_at_its_first_use() -> None:
    game = heads_up(ITALIAN, SMALL)
    state = state_of(game)
    assert isinstance(state, SolverState) and game.derived.solver is state
    assert state_of(game) is state
    other = heads_up(ITALIAN, Unseen.of_plain({Kind.SIX: 4, Kind.SEVEN: 4}))
    assert state_of(other) is not state


def test_something_else_in_the_games_slot_is_replaced_by_a_state() -> None:
    game = heads_up(ITALIAN, Unseen.of_plain({Kind.FIVE: 4, Kind.SIX: 4}))
    game.derived.solver = "not a state"
    assert isinstance(state_of(game), SolverState)


def test_one_solver_per_exactness_and_measure_kept_in_the_state() -> None:
    game = heads_up(ITALIAN, SMALL)
    exact, floats = game_solver(game, True), game_solver(game, False)
    win = game_solver(game, True, "win")
    assert all(isinstance(s, Solver) for s in (exact, floats, win))
    assert len({id(exact), id(floats), id(win)}) == 3
    assert game_solver(game, True) is exact and game_solver(game, True, "value") is exact
    assert state_of(game).solvers[(False, "value")] is floats
