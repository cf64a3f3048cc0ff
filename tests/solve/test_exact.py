"""The game's value as an exact fraction (`settemezzo.solve.exact`): it lies in the float
equilibrium's certificate, and the exact best replies computed here by other routes than the
module's own check equal it: the player's best reply (`player_reply`) to the banker's mixture
made behavioural, and the banker's best reply, whose claimed value is walked again against the
player's plan (`evaluate`). A thinned deck is checked fully (a
game solved in seconds); the full ITALIAN game once, through the command line (slow)."""

from __future__ import annotations

import contextlib
import io
import json
from fractions import Fraction

import pytest

import settemezzo as sm
from settemezzo.cards import Unseen
from settemezzo.cli import main
from settemezzo.errors import RulesError
from settemezzo.game import HIT, heads_up
from settemezzo.rules import ITALIAN, SPANISH, Rules
from settemezzo.solve import equilibrium, evaluate
from settemezzo.solve.errors import SolverError
from settemezzo.solve.exact import (
    ExactEquilibrium,
    banker_behaviour,
    exact_equilibrium,
    exact_refusal,
    solve_linear,
)
from settemezzo.solve.plans import BURN
from settemezzo.solve.strategies import BankerStrategy
from settemezzo.solve.walk import banker_best, player_reply

THIN = Unseen((6, 2, 2, 2, 2, 2, 2, 4, 1))
"""A deck of 22 cards: ITALIAN's game on it solves in seconds, with the player mixing at
a few dozen decisions."""

CERTIFICATE_SLACK = 1e-12
"""The float certificate's bounds are floats: the exact value lies within them, give or take
their rounding."""


@pytest.fixture(scope="module")
def thin() -> ExactEquilibrium:
    return exact_equilibrium(ITALIAN, THIN)


def test_the_fraction_lies_in_the_float_certificate(thin: ExactEquilibrium) -> None:
    eq = equilibrium(ITALIAN, THIN)
    assert isinstance(thin.value, Fraction)
    assert eq.lower - CERTIFICATE_SLACK <= thin.value <= eq.upper + CERTIFICATE_SLACK
    assert thin.player_reply == thin.value == thin.banker_reply
    assert thin.mixed_decisions > 0 and thin.mixed_states > 0  # a game that mixes


def test_the_players_best_reply_to_the_behavioural_banker_is_the_fraction(
        thin: ExactEquilibrium) -> None:
    game = heads_up(ITALIAN, THIN)
    banker = banker_behaviour(game, thin)
    assert banker.exact
    assert player_reply(game, banker).value == thin.value


def test_the_banker_best_reply_is_worth_what_it_claims(thin: ExactEquilibrium) -> None:
    game = heads_up(ITALIAN, THIN)
    value, choice = banker_best(game, thin.player, {})
    reply = BankerStrategy("reply", "behavioural", hit=(choice == HIT).astype(object) * 1,
                           burn=(choice == BURN).astype(object) * 1 if game.rules.burn
                           else None)
    assert value == thin.value == evaluate(thin.player, reply, game)


def test_the_weights_are_a_mixture_per_public_state(thin: ExactEquilibrium) -> None:
    total: dict[int, Fraction] = {}
    for g, w in zip(thin.rule_group.tolist(), thin.weights, strict=True):
        assert 0 <= w <= 1
        total[g] = total.get(g, Fraction(0)) + w
    assert set(total.values()) == {Fraction(1)}
    assert all(isinstance(h, Fraction) and 0 <= h <= 1 for h in thin.player.hit)


@pytest.mark.parametrize("rules, code", [
    (SPANISH, "swap"), (ITALIAN.with_variants("swap_hidden"), "swap"),
    (ITALIAN.with_variants("split_figures=2"), "split"),
    (SPANISH.with_variants("swap_hidden=off", "split_figures=1"), "stake"),
    (ITALIAN, None), (ITALIAN.with_variants("burn=4"), None)])
def test_the_refusals_name_their_reason(rules: Rules, code: str | None) -> None:
    assert exact_refusal(rules) == code
    if code is not None:
        with pytest.raises(RulesError, match=rules.spec().replace("+", r"\+")):
            exact_equilibrium(rules)


def test_solve_linear_finds_the_one_solution_or_says_why() -> None:
    one, two, three = Fraction(1), Fraction(2), Fraction(3)
    assert solve_linear([{0: two, -1: -one}, {0: one, 1: three}], 2, "x") == \
        [Fraction(1, 2), Fraction(-1, 6)]
    with pytest.raises(SolverError, match="x: the basis leaves 1 unknowns free"):
        solve_linear([{0: one, 1: one}], 2, "x")
    with pytest.raises(SolverError, match="no solution"):
        solve_linear([{0: one}, {0: one, -1: one}], 1, "x")


def test_the_front_door_has_it() -> None:
    assert sm.exact_equilibrium is exact_equilibrium


def _cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


def test_the_command_line_refuses_in_one_line() -> None:
    code, out, err = _cli("solve", "--exact", "--rules", "spanish")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "Spanish" in err and "swap" in err


@pytest.mark.slow
def test_italian_on_the_command_line_is_the_verified_fraction() -> None:
    code, out, _ = _cli("solve", "--exact", "--json")
    assert code == 0
    doc = json.loads(out)
    value = Fraction(doc["value_exact"])
    ex = exact_equilibrium(ITALIAN)  # kept from the command's solve
    assert value == ex.value == Fraction(doc["verified"]["player_best_reply"]) \
        == Fraction(doc["verified"]["banker_best_reply"])
    assert doc["player_value"] == float(value)
    eq = equilibrium(ITALIAN)
    assert eq.lower - CERTIFICATE_SLACK <= value <= eq.upper + CERTIFICATE_SLACK
    # both sides' exact best replies again: the banker's through the public entry point,
    # the player's to the banker's mixture made behavioural (not the module's route)
    game = heads_up(ITALIAN)
    assert sm.best_response(ex.player, "banker", game).value == value
    assert player_reply(game, banker_behaviour(game, ex)).value == value
    code, text, _ = _cli("solve", "--exact")
    assert f"{value.numerator}/{value.denominator}" in text
