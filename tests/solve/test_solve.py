"""The heads-up solver: exact values, best responses, the certified equilibrium.

Independent brute-force and Monte Carlo checks live in test_reference.py.
"""

import subprocess
import sys
from fractions import Fraction

import pytest

from settemezzo.cards import Kind, Unseen
from settemezzo.errors import InputError
from settemezzo.game import HeadsUpGame, heads_up
from settemezzo.iterative import cfr_plus
from settemezzo.rules import ITALIAN, SPANISH, RulesError
from settemezzo.solve import best_response, equilibrium, evaluate

TINY = Unseen.from_counts({Kind.FIGURE: 2, Kind.SEVEN: 4})


def test_tiny_deck_value_by_hand() -> None:
    # Deck of 2 figures and 4 sevens; both sides hit only below 1 point (on a lone figure).
    # Hole 7 (4/6): player stands on 7. Banker holds a 7 (3/5): tie, banker wins (-1);
    #   a figure (2/5): hits, a figure (1/4) leaves it on 1 (+1), a 7 (3/4) makes 7½ (-1):
    #   -1/2. So hole 7 is worth 3/5*(-1) + 2/5*(-1/2) = -4/5.
    # Hole figure (2/6): player hits. Figure (1/5): stands on 1, the banker's hole is a 7 (-1).
    #   A 7 (4/5): 7½ shown; the threshold banker still follows its rule: a 7 (3/4) stands
    #   and loses (+1), a figure (1/4) hits, gets a 7, 7½ ties and wins (-1): 1/2.
    #   So hole figure is worth 1/5*(-1) + 4/5*(1/2) = 1/5.
    # Total: 4/6*(-4/5) + 2/6*(1/5) = -7/15.
    assert evaluate("threshold:1", "threshold:1", ITALIAN, TINY) == Fraction(-7, 15)


def test_threshold_values_are_exact_fractions() -> None:
    v = evaluate("threshold:5", "threshold:5")
    assert isinstance(v, Fraction)
    assert -1 < v < 0


@pytest.mark.parametrize("k", ["threshold:4", "threshold:5", "threshold:6"])
def test_best_responses_are_exact_and_consistent(k: str) -> None:
    # The best reply's value equals the value of its policy, re-evaluated independently,
    # and no threshold rule does better against the same opponent.
    game = heads_up(ITALIAN)
    br_p = best_response(k, "player", game)
    assert isinstance(br_p.value, Fraction)
    assert evaluate(br_p.strategy, k, game) == br_p.value  # type: ignore[arg-type]
    br_b = best_response(k, "banker", game)
    assert isinstance(br_b.value, Fraction)
    assert evaluate(k, br_b.strategy, game) == br_b.value  # type: ignore[arg-type]
    for j in (4, 5, 6, 7):
        assert evaluate(f"threshold:{j}", k, game) <= br_p.value
        assert evaluate(k, f"threshold:{j}", game) >= br_b.value


def test_equilibrium_is_certified() -> None:
    eq = equilibrium(ITALIAN)
    assert eq.lower <= eq.value <= eq.upper
    assert eq.exploitability < 1e-9
    assert abs(eq.lp_value - eq.value) < 1e-9
    # the game value lies between what each side guarantees against fixed rules of thumb
    assert best_response("threshold:5", "banker").value <= eq.value
    assert eq.value <= best_response("threshold:5", "player").value
    # hiding the face-down card is worth something to the player
    assert best_response("omniscient", "player").value < eq.value


def test_equilibrium_agrees_with_cfr_plus() -> None:
    # A second method: CFR+ (no LP), 200 iterations, brackets the value within 1e-4.
    eq = equilibrium(ITALIAN)
    it = cfr_plus(ITALIAN, iterations=200, checkpoints=1)
    assert it.lower <= eq.upper + 1e-9 and eq.lower <= it.upper + 1e-9
    assert abs(it.lower - eq.value) < 1e-4


def test_restricted_games_are_named() -> None:
    """Nothing is refused any more; what the engine keeps the player from is named (the
    rule at work and the bounds are in test_spanish.py)."""
    assert HeadsUpGame(SPANISH).restriction_codes == ("resplit", "split_swap")
    assert HeadsUpGame(ITALIAN).restriction_codes == ()
    assert HeadsUpGame(ITALIAN.with_variants("split_figures=2", "swap_hidden")
                       ).restriction_codes == ("split_swap",)


def test_bad_policies_and_decks() -> None:
    with pytest.raises(InputError, match="'threshold:9'"):
        evaluate("threshold:9", "threshold:5")
    with pytest.raises(InputError, match="'sometimes'"):
        evaluate("threshold:5", "sometimes")
    with pytest.raises(RulesError, match="run out"):
        HeadsUpGame(ITALIAN, Unseen.from_counts({Kind.FIGURE: 3, Kind.ACE: 1}))
    with pytest.raises(ValueError, match="iterations"):
        cfr_plus(ITALIAN, iterations=0)


def test_seven_and_a_half_paying_double_never_pays_a_banker_who_replies_best() -> None:
    # By hand: a player on exactly 7½ shows it at once, and the banker wins ties, so a banker
    # who replies best never stands below 7½ against it (standing loses for sure; drawing
    # may reach 7½). The 2:1 payment (7½ against a banker who did not bust) then never
    # happens: without splits (two hands, one banker), paying 7½ double changes nothing
    # against the omniscient banker (exactly) or the equilibrium banker. Against a rule of
    # thumb, which stands from 5½ up whatever it faces, it does.
    double = ITALIAN.with_variants("seven_half_pays=2")
    assert evaluate("threshold:6", "omniscient", double) == \
        evaluate("threshold:6", "omniscient", ITALIAN)
    assert evaluate("threshold:6", "threshold:5", double) > \
        evaluate("threshold:6", "threshold:5", ITALIAN)
    assert equilibrium(double).value == pytest.approx(equilibrium(ITALIAN).value, abs=1e-9)


def test_the_solver_and_the_rules_of_thumb_import_light() -> None:
    # the solver's package and the rules-of-thumb path of `evaluate` load neither pandas,
    # scipy, HiGHS nor numba: the LP and the kernels load at the first solve that needs them
    heavy = ("pandas", "scipy", "highspy", "numba")
    code = ("import sys\nfrom settemezzo.solve import evaluate\n"
            "evaluate('threshold:5', 'threshold:5')\n"
            f"print(sorted({{m.split('.')[0] for m in sys.modules}} & set({heavy!r})))\n"
            "from settemezzo.solve import equilibrium\n"
            "from settemezzo.rules import ITALIAN\n"
            "equilibrium(ITALIAN)\n"
            f"print(sorted({{m.split('.')[0] for m in sys.modules}} & set({heavy!r})))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.split("\n")
    assert out[0] == "[]"
    assert out[1] == str(sorted(("highspy", "numba", "scipy")))  # the check can fail



@pytest.mark.parametrize("rules", [
    ITALIAN, ITALIAN.with_variants("burn=3,4"), ITALIAN.with_variants("swap_hidden"),
    SPANISH.with_variants("stake_timing=before_deal", "split_figures=1"),
    SPANISH, ITALIAN.with_variants("split_figures=2"),
], ids=lambda r: r.spec())
def test_expected_stake_without_the_game_is_the_trees(rules: object) -> None:
    """The shortcut for one stake per hand (no game built) against the game tree's own
    computation; the rule sets with a stake choice or a split take the tree either way."""
    from settemezzo.solve.walk import expected_stake

    assert isinstance(rules, type(ITALIAN))
    for p, b in (("threshold:5", "threshold:5"), ("threshold:3", "threshold:6")):
        by_tree = expected_stake(p, b, heads_up(rules))
        assert expected_stake(p, b, rules) == by_tree
        assert (by_tree == 1) or not rules.one_stake
    assert rules.one_stake == (rules.stake_timing == "before_deal"
                               and rules.split_figures == 1)
