"""split_figures=2 and swap_hidden inside the exact engine (`settemezzo.game`,
`settemezzo.solve`): the rule at work, certified equilibria, and fixed policies against the
simulator (`settemezzo.simulate`, seeded, within 4 standard errors).

The value after a split itself is checked in ``tests/split/test_split.py`` (brute force, Monte
Carlo); the swap subgames in ``tests/solve/test_swap.py`` (an undecomposed brute force), and there
too the swap columns of the strategy table (beside that module's whole-deck swap_hidden
equilibrium, solved once)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from settemezzo.cards import Kind
from settemezzo.game import SPLIT, heads_up
from settemezzo.rules import ITALIAN
from settemezzo.simulate import simulate
from settemezzo.solve import banker_policy, equilibrium, evaluate, player_policy
from settemezzo.solve.state import game_solver
from settemezzo.solve.walk import split_terms
from settemezzo.split import split_value

SPLIT2 = ITALIAN.with_variants("split_figures=2")
SWAP = ITALIAN.with_variants("swap_hidden")


def test_the_split_decision_sits_at_two_first_figures() -> None:
    """By hand: the only split decision is face-down ½ with one ½ up, reached when the
    first two cards are figures (12/40 * 11/39); splitting is a finished move valued by
    `settemezzo.split` for the rest of the hand."""
    game = heads_up(SPLIT2)
    splits = game.infosets_of_kind("split")
    assert len(splits) == 1
    st = splits[0]
    assert (st.hole, st.up) == (Kind.FIGURE, (Kind.FIGURE,))
    assert st.reach == Fraction(12, 40) * Fraction(11, 39)
    assert [ch.score for ch in st.children] == [SPLIT]
    values, extra = split_terms(game, None)
    assert values[st.index] == pytest.approx(split_value(SPLIT2).value, abs=1e-15)
    assert extra[st.index] == 1.0  # split_figures=2: exactly one more hand


def test_split_option_helps_the_player_and_is_certified() -> None:
    """A player option cannot lower the player's equilibrium value (the option can be
    ignored); the equilibrium carries its certificate, and the edge is per expected stake."""
    eq = equilibrium(SPLIT2)
    assert eq.exploitability < 1e-9
    assert eq.value > equilibrium(ITALIAN).value
    assert eq.expected_stake > 1.0
    assert eq.banker_edge == pytest.approx(-eq.value / eq.expected_stake)


def test_threshold_player_who_splits_against_the_simulator() -> None:
    """``threshold:5,split`` (split two first figures, hit below 5 on each hand) against a
    ``threshold:5`` banker: exact value per unit of expected stake (the expected stake is
    1 + 12/40 * 11/39 by hand) against 2,000,000 simulated hands."""
    game = heads_up(SPLIT2)
    p = player_policy("threshold:5,split", game)
    value = evaluate(p, "threshold:5", game)
    extra = split_terms(game, banker_policy("threshold:5", game), p.hit, p.name)[1]
    stake = game_solver(game, False).expected_stake([float(x) for x in p.hit], extra)
    assert stake == pytest.approx(1 + 12 / 40 * 11 / 39, abs=1e-15)
    r = simulate(SPLIT2, 1, 2_000_000, seed=5, player="threshold:5,split",
                 banker="threshold:5", chips=None)
    assert r.z(value / stake) < 4
    # and the split changes the value: without it the player is 4+ standard errors away
    assert r.z(float(evaluate("threshold:5", "threshold:5", game))) > 4


def test_threshold_player_who_swaps_against_the_simulator() -> None:
    """Swapping hides a card; a rule-of-thumb banker does not look, so the exact value of
    ``threshold:5,swap`` equals that of ``threshold:5`` (the argument of `_reply`; the
    recursion through the subgames is checked against a brute force in test_swap.py), and
    the simulator, which does swap, agrees."""
    game = heads_up(SWAP)
    value = evaluate("threshold:5,swap", "threshold:5", game)
    assert value == evaluate("threshold:5", "threshold:5")
    r = simulate(SWAP, 1, 1_000_000, seed=9, player="threshold:5,swap", banker="threshold:5",
                 chips=None)
    assert r.z(float(value)) < 4


def test_policy_suffixes_are_checked() -> None:
    game = heads_up(SPLIT2)
    assert player_policy("threshold:5,split", game).name == "threshold:5,split"
    with pytest.raises(ValueError, match="'threshold:5,sometimes'"):
        player_policy("threshold:5,sometimes", game)


def test_advice_on_two_figures_weighs_the_split() -> None:
    """With two figures the advice also answers "split them?": the split's value is the
    value of `settemezzo.split` for the same banker (both hands' stakes), and against the
    equilibrium banker the player is indifferent where it mixes (it splits 0 < p < 1 of the
    time, so both moves are worth the same, to the LP's precision)."""
    from settemezzo.i18n import advice_text
    from settemezzo.results.answers import advise
    from settemezzo.solve import expected_stake

    a = advise("J", ["Q"], rules=SPLIT2, against="threshold:5")
    assert a.split_ev == pytest.approx(split_value(SPLIT2, banker="threshold:5").value)
    assert "SPLIT" in advice_text(a) and a.split_ev > max(a.stand_ev, a.hit_ev)
    eq = advise("J", ["Q"], rules=SPLIT2)
    assert eq.split_frequency is not None and 0 < eq.split_frequency < 1
    assert eq.split_ev == pytest.approx(max(float(eq.stand_ev), float(eq.hit_ev)), abs=1e-9)
    assert advise("5", rules=SPLIT2).split_ev is None
    assert expected_stake("threshold:5,split", "threshold:5", SPLIT2) == \
        pytest.approx(1 + 12 / 40 * 11 / 39, abs=1e-15)
    assert expected_stake("threshold:5", "threshold:5", SPLIT2) == 1


def test_strategy_tables_under_swap_and_split() -> None:
    """The player's table keeps one row per (face-down card, face-up cards): a swap is a
    choice made when hitting, so the rows are those of the Italian game, and the chance that
    a hit busts or makes 7½ is the same card arithmetic (compared with the Italian table).
    Under split rules only the win chance that goes through a split is not computed."""
    from settemezzo.tables import player_table

    base = player_table(ITALIAN, "threshold:5")
    swap = player_table(SWAP, "threshold:5")
    assert len(swap) == len(base) == 4389
    for col in ("hole", "up", "bust_if_hit", "seven_half_if_hit"):
        assert (swap[col] == base[col]).all(), col
    split = player_table(SPLIT2, "threshold:5")
    nan = split[split.hit_win.isna()]
    assert list(zip(nan.hole, nan.up, strict=True)) == [("½", "")]
    assert split.hit_ev.notna().all()
