"""One decision's values on a thinned deck, without the table (`settemezzo.rows.decision_columns`,
the judge's `settemezzo.results.answers.decision_values`): the same numbers, bit for bit, as
the table's columns (`settemezzo.rows.named_columns`); and what a game's solvers share to get
there (`settemezzo.solve.solver.Layout`, the decision tree, the last behavioural banker's
values of standing) changes no number either."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from settemezzo.advice import seen_deck
from settemezzo.game import HeadsUpGame
from settemezzo.rows import decision_columns, named_columns
from settemezzo.rules import ITALIAN
from settemezzo.solve import equilibrium
from settemezzo.solve.solver import Solver
from settemezzo.solve.state import game_solver
from settemezzo.solve.walk import player_reply

SEEN = "7d 7c K 5 5d 2 A 6"


@pytest.fixture(scope="module")
def games() -> tuple[HeadsUpGame, HeadsUpGame]:
    """Two games of the same thinned deck, solved: the first makes its value solver first
    (the win solver then takes its layout), the second its win solver first."""
    deck = seen_deck(SEEN)
    a, b = HeadsUpGame(ITALIAN, deck), HeadsUpGame(ITALIAN, deck)
    game_solver(b, False, "win")
    equilibrium(a), equilibrium(b)
    return a, b


def test_one_decision_is_the_tables_columns_bit_for_bit(
        games: tuple[HeadsUpGame, HeadsUpGame]) -> None:
    whole, alone = games
    cols = named_columns(whole, "equilibrium")
    picks = np.random.default_rng(32).choice(len(alone.infosets), 40, replace=False)
    for i in [0, *picks.tolist()]:
        got = decision_columns(alone, i, "equilibrium")
        want = (cols.stand_ev[i], cols.hit_ev[i], cols.stand_win[i], cols.hit_win[i])
        assert got == want, (alone.infosets[i].label, got, want)
    # with the table at hand, its columns answer
    assert decision_columns(whole, 5, "equilibrium") == (
        cols.stand_ev[5], cols.hit_ev[5], cols.stand_win[5], cols.hit_win[5])


def test_a_solver_that_takes_anothers_layout_is_the_same_solver(
        games: tuple[HeadsUpGame, HeadsUpGame]) -> None:
    a, b = games
    assert game_solver(a, False, "win").layout is game_solver(a, False, "value").layout
    assert game_solver(b, False, "value").layout is game_solver(b, False, "win").layout
    win, alone = game_solver(a, False, "win"), Solver(a, False, "win")
    assert win.shown_of == alone.shown_of and win.swaps == alone.swaps
    for x, y in ((win.group, alone.group), (win.stake, alone.stake),
                 (win.is_play, alone.is_play), (win.stand_score, alone.stand_score)):
        assert np.array_equal(x, y)
    r1 = player_reply(a, equilibrium(a).banker, win=True)
    r2 = player_reply(b, equilibrium(b).banker, win=True)
    assert r1.W is not None and r2.W is not None
    assert r1.value == r2.value and r1.win == r2.win and r1.V == r2.V and r1.W == r2.W
    assert np.array_equal(r1.stand_win, r2.stand_win)


def test_the_last_behavioural_banker_answers_again_read_only(
        games: tuple[HeadsUpGame, HeadsUpGame]) -> None:
    game = games[0]
    banker = equilibrium(game).banker
    s = game_solver(game, False, "value")
    first = s.stand_values(banker)
    assert s.stand_values(banker) is first and not first.flags.writeable
    again = s.stand_values(replace(banker, hit=np.array(banker.hit)))  # equal, not the same
    assert again is not first and np.array_equal(again, first)
