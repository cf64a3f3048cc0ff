"""Strategy tables and advice.

SPANISH's tables (stake copies, rows after a swap, the banker's table by hand, the
restriction in their attrs) are checked in tests/solve/test_spanish.py, beside that module's one
fresh SPANISH solve."""

from fractions import Fraction

import pandas as pd
import pytest

from settemezzo import results
from settemezzo.cards import InvalidCardError, Kind
from settemezzo.errors import InputError
from settemezzo.i18n import advice_text
from settemezzo.results.answers import advise
from settemezzo.rules import ITALIAN, SPANISH, Rules
from settemezzo.solve import equilibrium, evaluate
from settemezzo.tables import banker_table, player_table


def shared_player_table(rules: Rules, against: str) -> pd.DataFrame:
    """The table kept by the one owner of solved results."""
    return results.get(rules).player_table(against)


def test_advice_for_a_lone_seven_against_threshold_banker() -> None:
    # Face-down 7: a hit busts unless a figure comes: 27 of 39 cards bust (by hand: 9/13).
    a = advise("7", against="threshold:5")
    assert a.best == "stand"
    assert a.bust_if_hit == Fraction(9, 13)
    assert a.seven_half_if_hit == Fraction(4, 13)
    assert isinstance(a.stand_ev, Fraction) and a.stand_ev > a.hit_ev
    assert "STAND" in advice_text(a)


def test_advice_against_equilibrium_answers_the_beginners_question() -> None:
    a = advise("5")
    assert a.best in {"stand", "hit", "mixed"}
    assert "face-down 5, nothing up" in advice_text(a)
    assert a.hit_frequency is not None


def test_player_table_is_consistent_with_the_value() -> None:
    # Playing the table's best action everywhere is the best reply: its value, summed over
    # the first decisions with the chance of each face-down card, is the best-reply value.
    df = player_table(ITALIAN, "threshold:5")
    first = df[df.n_up == 0]
    best = (first[["stand_ev", "hit_ev"]].max(axis=1) * first.deal_chance).sum()
    from settemezzo.solve import best_response
    assert best == pytest.approx(float(best_response("threshold:5", "player").value), abs=1e-12)
    assert ((df.stand_win >= 0) & (df.stand_win <= 1) & (df.hit_win <= 1)).all()
    assert (df.cost_of_mistake == df.margin.abs()).all()
    # Italian payoffs are +-1 with no pushes: ev = 2 * win - 1
    assert ((2 * df.stand_win - 1 - df.stand_ev).abs() < 1e-12).all()
    assert ((2 * df.hit_win - 1 - df.hit_ev).abs() < 1e-12).all()


def test_equilibrium_table_matches_equilibrium_value() -> None:
    eq = equilibrium(ITALIAN)
    df = player_table(ITALIAN, "equilibrium")
    first = df[df.n_up == 0]
    value = (first[["stand_ev", "hit_ev"]].max(axis=1) * first.deal_chance).sum()
    assert value == pytest.approx(eq.upper, abs=1e-9)
    assert set(df.best) <= {"stand", "hit", "mixed"}


def test_banker_table_posteriors_sum_to_one() -> None:
    bt = banker_table(ITALIAN, max_up=1)
    post = bt[[c for c in bt.columns if c.startswith("p_hole_")]].sum(axis=1)
    assert ((post - 1).abs() < 1e-9).all()
    assert ((bt.hit_probability >= 0) & (bt.hit_probability <= 1)).all()


def test_bad_input() -> None:
    with pytest.raises(InvalidCardError, match="'9'"):
        advise("9")
    with pytest.raises(InputError, match="finished"):
        advise("7", ["½"])
    with pytest.raises(InputError, match="max_up"):
        banker_table(ITALIAN, max_up=-1)


def test_threshold_banker_value_from_table_is_exact_value() -> None:
    # the first-decision rows against threshold:5, following threshold:5 (stand on >= 5)
    df = player_table(ITALIAN, "threshold:5")
    first = df[df.n_up == 0]
    assert len(first) == 8 and first.deal_chance.sum() == pytest.approx(1.0)
    assert float(evaluate("threshold:5", "threshold:5")) < 0


# ---------------------------------------------------------------------------------------------
# own_reach: how often the player's own choices lead to a row
# ---------------------------------------------------------------------------------------------


def test_italian_own_reach_of_first_decisions_is_one() -> None:
    # no stake or burn choice: the player's first decision is always reached; behind it,
    # the best reply to threshold:5 is pure, so every row is reached or not (1 or 0), and
    # the charts' weight keeps every row ("what if I hit" rows behind its stands)
    df = shared_player_table(ITALIAN, "threshold:5")
    assert (df[df.n_up == 0].own_reach == 1).all()
    assert set(df.own_reach) == {0.0, 1.0}
    assert (df.chart_reach == 1).all()
    # face-down 6 stands against threshold:5, so no hand 6 + one more card is ever held
    assert df[(df.hole == "6") & (df.n_up == 0)].best.item() == "stand"
    assert (df[(df.hole == "6") & (df.n_up == 1)].own_reach == 0).all()
    # and a row is reached exactly when its parent (one card fewer) is reached and hits
    reached = {(h, u) for h, u, r in zip(df.hole, df.up, df.own_reach, strict=True) if r}
    best = {(h, u): b for h, u, b in zip(df.hole, df.up, df.best, strict=True)}
    for h, u in best:
        if u:
            parent = (h, " ".join(u.split()[:-1]))
            assert ((h, u) in reached) == (parent in reached and best[parent] == "hit")


def test_italian_equilibrium_value_from_own_reach() -> None:
    # summing the first decisions' values weighted by the equilibrium's own frequencies
    eq = equilibrium(ITALIAN)
    df = shared_player_table(ITALIAN, "equilibrium")
    first = df[df.n_up == 0]
    f = first.hit_frequency
    value = (first.deal_chance * first.own_reach * (first.stand_ev * (1 - f)
                                                     + first.hit_ev * f)).sum()
    assert value == pytest.approx(eq.value, abs=1e-9)
    assert ((df.own_reach >= 0) & (df.own_reach <= 1)).all()


def test_advice_names_the_restriction() -> None:
    assert advise("5", against="threshold:5").restriction_codes == ()
    assert "Restricted" not in advice_text(advise("5", against="threshold:5"))
    a = advise("5", rules=SPANISH, against="threshold:5")
    assert a.restriction_codes == ("resplit", "split_swap") and a.split_figures == 12
    assert "Restricted game: the player never splits into more than two hands" in \
        advice_text(a)


BANKER_COLUMNS = ["up", "n_up", "banker", "banker_total", "banker_total_half",
                  "hit_probability", "stood_chance"]


def test_italian_banker_table_keeps_its_columns() -> None:
    bt = banker_table(ITALIAN, max_up=0)
    assert list(bt.columns) == BANKER_COLUMNS + [f"p_hole_{h}" for h in
                                                 ("½", "1", "2", "3", "4", "5", "6", "7")]


def test_a_table_after_a_swap_needs_the_deck_left_then() -> None:
    from settemezzo.rules import from_spec

    with pytest.raises(InputError, match="deck left then"):
        player_table(from_spec("italian+swap_hidden"), start=(Kind.FIGURE,))
