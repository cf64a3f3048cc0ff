"""Strategy tables and advice."""

from collections import Counter
from fractions import Fraction

import pandas as pd
import pytest

from settemezzo import solved
from settemezzo.cards import InvalidCardError
from settemezzo.rules import ITALIAN, SPANISH, Rules, RulesError
from settemezzo.solve import equilibrium, evaluate
from settemezzo.tables import advise, banker_table, player_table


def shared_player_table(rules: Rules, against: str) -> pd.DataFrame:
    """The table kept by the one owner of solved results."""
    return solved.get(rules).player_table(against)


def test_advice_for_a_lone_seven_against_threshold_banker() -> None:
    # Face-down 7: a hit busts unless a figure comes: 27 of 39 cards bust (by hand: 9/13).
    a = advise("7", against="threshold:5")
    assert a.best == "stand"
    assert a.bust_if_hit == Fraction(9, 13)
    assert a.seven_half_if_hit == Fraction(4, 13)
    assert isinstance(a.stand_ev, Fraction) and a.stand_ev > a.hit_ev
    assert "STAND" in str(a)


def test_advice_against_equilibrium_answers_the_beginners_question() -> None:
    a = advise("5")
    assert a.best in {"stand", "hit", "mixed"}
    assert "face-down 5, nothing up" in str(a)
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
    with pytest.raises(RulesError, match="finished"):
        advise("7", ["½"])
    with pytest.raises(RulesError, match="max_up"):
        banker_table(ITALIAN, max_up=-1)


def test_threshold_banker_value_from_table_is_exact_value() -> None:
    # the first-decision rows against threshold:5, following threshold:5 (stand on >= 5)
    df = player_table(ITALIAN, "threshold:5")
    first = df[df.n_up == 0]
    assert len(first) == 8 and first.deal_chance.sum() == pytest.approx(1.0)
    assert float(evaluate("threshold:5", "threshold:5")) < 0


def test_tables_name_the_restriction_of_a_restricted_game() -> None:
    # SPANISH is solved with the player kept to two hands and no swap inside a split hand
    # (settemezzo.game.restriction_codes); its tables say so in attrs, whole games say nothing.
    # The SPANISH table is the process-wide shared one (one solve per test session).
    italian = shared_player_table(ITALIAN, "threshold:5")
    assert "restriction" not in italian.attrs and "restriction_codes" not in italian.attrs
    spanish = shared_player_table(SPANISH, "equilibrium")
    assert spanish.attrs["restriction_codes"] == ("resplit", "split_swap")
    assert shared_player_table(SPANISH, "equilibrium") is spanish     # cached
    bt = banker_table(SPANISH, max_up=0)
    assert bt.attrs["restriction_codes"] == ("resplit", "split_swap")
    assert "restriction_codes" not in banker_table(ITALIAN, max_up=0).attrs


# ---------------------------------------------------------------------------------------------
# own_reach: how often the player's own choices lead to a row
# ---------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def spanish_eq() -> object:
    # the SPANISH equilibrium takes ~20 s to solve: one shared table per test session
    return shared_player_table(SPANISH, "equilibrium")


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


def test_spanish_stake_copies(spanish_eq: object) -> None:
    import pandas as pd
    assert isinstance(spanish_eq, pd.DataFrame)
    df = spanish_eq
    first = df[(df.n_up == 0) & (df.swapped == "")]
    # one copy of each first card per stake 2..5; their own_reach sums to 1
    assert sorted(set(first.stake)) == [2, 3, 4, 5]
    sums = first.groupby("hole").own_reach.sum()
    assert len(sums) == 8 and ((sums - 1).abs() < 1e-9).all()
    # stakes the equilibrium never picks: own_reach 0 there, and in every row at that stake
    never = df.groupby("stake").own_reach.max()
    assert never[3] == 0 and never[4] == 0
    assert never[2] > 0 and never[5] > 0
    # the rows' values, weighted by own_reach, give the equilibrium value (chips per hand)
    f = first.hit_frequency
    value = (first.deal_chance * first.own_reach * (first.stand_ev * (1 - f)
                                                     + first.hit_ev * f)).sum()
    assert value == pytest.approx(equilibrium(SPANISH).value, abs=1e-9)


def test_spanish_rows_after_a_swap(spanish_eq: object) -> None:
    import pandas as pd
    assert isinstance(spanish_eq, pd.DataFrame)
    df = spanish_eq
    after = df[df.swapped != ""]
    assert len(after) and (after.own_reach > 0).any()
    # the turned-up cards are face up, in order, and the stake is one the player picked
    for up, swapped in zip(after.up.head(200), after.swapped.head(200), strict=True):
        ups = up.split()
        assert all(c in ups for c in swapped.split())
    assert set(after.stake) <= {2, 5}
    # own_reach never exceeds 1 and only rows the player gets to count in the charts
    assert (df.own_reach <= 1).all() and ((df.chart_reach > 0) <= (df.own_reach > 0)).all()


def test_advice_names_the_restriction() -> None:
    assert advise("5", against="threshold:5").restriction_codes == ()
    assert "Restricted" not in str(advise("5", against="threshold:5"))
    a = advise("5", rules=SPANISH, against="threshold:5")
    assert a.restriction_codes == ("resplit", "split_swap") and a.split_figures == 12
    assert "Restricted game: the player never splits into more than two hands" in str(a)


# ---------------------------------------------------------------------------------------------
# the banker's table under stakes and swaps (SPANISH)
# ---------------------------------------------------------------------------------------------

BANKER_COLUMNS = ["up", "n_up", "banker", "banker_total", "banker_total_half",
                  "hit_probability", "stood_chance"]


@pytest.fixture(scope="module")
def spanish_banker(spanish_eq: object) -> object:
    # every visible situation (0.3 s once the equilibrium is solved)
    return banker_table(SPANISH, max_up=None)


def _stand_weights(pt: object) -> dict[tuple[int, str, str], dict[str, float]]:
    """From the player table, per (stake, swapped, up): the chance of the deal and of the
    player's own choices that it stands there, with each face-down card."""
    import pandas as pd
    assert isinstance(pt, pd.DataFrame)
    w = pt.deal_chance * pt.own_reach * (1 - pt.hit_frequency.astype(float))
    out: dict[tuple[int, str, str], dict[str, float]] = {}
    for stake, swapped, up, hole, x in zip(pt.stake, pt.swapped, pt.up, pt.hole, w,
                                           strict=True):
        out.setdefault((int(stake), swapped, up), {})[hole] = float(x)
    return out


def test_italian_banker_table_keeps_its_columns() -> None:
    bt = banker_table(ITALIAN, max_up=0)
    assert list(bt.columns) == BANKER_COLUMNS + [f"p_hole_{h}" for h in
                                                 ("½", "1", "2", "3", "4", "5", "6", "7")]


def test_spanish_banker_first_decisions_by_hand(spanish_eq: object,
                                                spanish_banker: object) -> None:
    import pandas as pd
    assert isinstance(spanish_banker, pd.DataFrame)
    bt, pt = spanish_banker, spanish_eq
    assert list(bt.columns[:4]) == ["up", "n_up", "stake", "swapped"]
    assert "burnt" not in bt.columns
    first = bt[(bt.n_up == 0) & (bt.swapped == "")]
    # the equilibrium player stakes 2 or 5 chips (never 3 or 4): one situation per stake
    assert sorted(set(first.stake)) == [2, 5]
    weights = _stand_weights(pt)
    for stake in (2, 5):
        w = weights[(stake, "", "")]
        rows = first[first.stake == stake]
        # stood_chance: deal chance x own reach x (1 - hit frequency), summed over the cards
        assert list(rows.stood_chance) == pytest.approx([sum(w.values())] * len(rows),
                                                        abs=1e-12)
        # the posterior of a lone banker card b, by hand: P(h) x (cards b left when h is
        # the face-down card) / 39, normalised
        for rec in rows[~rows.banker.str.contains(" ")].to_dict("records"):
            b = rec["banker"]
            raw = {h: x * ((12 if b == "½" else 4) - (h == b)) for h, x in w.items()}
            for h, x in raw.items():
                assert rec[f"p_hole_{h}"] == pytest.approx(x / sum(raw.values()), abs=1e-9)
    # a 7 is staked 5 and stood on: the stake-5 situation includes it, the stake-2 one not
    assert (first[first.stake == 5]["p_hole_7"] > 0).all()
    assert (first[first.stake == 2]["p_hole_7"] == 0).all()
    post = bt[[c for c in bt.columns if c.startswith("p_hole_")]].sum(axis=1)
    assert ((post - 1).abs() < 1e-9).all()
    assert ((bt.hit_probability >= 0) & (bt.hit_probability <= 1)).all()


def test_spanish_banker_after_a_swap_by_hand(spanish_eq: object,
                                             spanish_banker: object) -> None:
    import pandas as pd
    assert isinstance(spanish_banker, pd.DataFrame)
    bt, pt = spanish_banker, spanish_eq
    after = bt[bt.swapped != ""]
    # the SPANISH equilibrium player swaps whenever it hits: every situation with a card up
    # is after a swap, and the swapped cards are among the face-up ones, in order
    assert (bt[bt.n_up > 0].swapped != "").all() and len(after) > 10 * (bt.swapped == "").sum()
    for up, swapped in set(zip(after.up, after.swapped, strict=True)):
        assert not Counter(swapped.split()) - Counter(up.split())
    # stood_chance and the posterior of a lone banker card, from the player table's rows
    # after the same swaps (the deck left for the banker: 40 less every face-up card and
    # the face-down one)
    checked = 0
    weights = _stand_weights(pt)
    for (stake, swapped, up), rows in after.groupby(["stake", "swapped", "up"]):
        w = weights[(stake, swapped, up)]
        assert list(rows.stood_chance) == pytest.approx([sum(w.values())] * len(rows),
                                                        abs=1e-12)
        for rec in rows[~rows.banker.str.contains(" ")].to_dict("records"):
            b = rec["banker"]
            left = (12 if b == "½" else 4) - up.split().count(b)
            raw = {h: x * (left - (h == b)) for h, x in w.items()}
            for h, x in raw.items():
                assert rec[f"p_hole_{h}"] == pytest.approx(x / sum(raw.values()), abs=1e-9)
            checked += 1
    assert checked > 100
    # the subgame after a swap is proper: with every face-up card turned up by swapping, the
    # banker plays and reads the hand the same way whatever their order (swapped 1 ½ or ½ 1)
    full = after[after.up == after.swapped]
    cols = ["hit_probability", *[c for c in bt.columns if c.startswith("p_hole_")]]
    same = full.groupby([full.up.map(lambda u: " ".join(sorted(u.split()))), "banker"])[cols]
    assert float((same.max() - same.min()).max().max()) < 1e-12
    assert full.up.nunique() > full.up.map(lambda u: tuple(sorted(u.split()))).nunique()
    # max_up: at most this many face-up cards, the same rows
    two = banker_table(SPANISH, max_up=2)
    pd.testing.assert_frame_equal(two, bt[bt.n_up <= 2].reset_index(drop=True))
    assert len(banker_table(SPANISH, max_up=0)) == (bt.n_up == 0).sum()


def test_spanish_advice_at_the_stake_the_strategy_uses(spanish_eq: object) -> None:
    import pandas as pd
    assert isinstance(spanish_eq, pd.DataFrame)
    main = spanish_eq[spanish_eq.swapped == ""]

    def copies(hole: str, up: str) -> pd.DataFrame:
        return main[(main.hole == hole) & (main.up == up)].sort_values("stake")

    # a face-down 7 is staked 5 (and stood on): the advice reads that copy, per chip
    a = advise("7", rules=SPANISH)
    seven = copies("7", "")
    assert seven.own_reach.idxmax() == seven.index[seven.stake == 5][0]
    row = seven[seven.stake == 5].iloc[0]
    assert a.stake == 5 and "face-down 7, nothing up, at a stake of 5 chips: STAND" in str(a)
    assert a.stand_ev == pytest.approx(row.stand_ev / 5, abs=1e-12)
    assert a.hit_ev == pytest.approx(row.hit_ev / 5, abs=1e-12)
    # a face-down 3: the stake it is played at most often (the copies' own_reach)
    three = copies("3", "")
    best = three.sort_values(["own_reach", "stake"], ascending=[False, True]).iloc[0]
    a3 = advise("3", rules=SPANISH)
    assert a3.stake == best.stake and a3.stand_ev == pytest.approx(best.stand_ev / best.stake)
    # face-down 5 with a 1 up is reached only through a swap (never with the 1 taken face
    # up): the main game's row, at the stake the strategy picks for a face-down 5
    five = copies("5", "1")
    assert (five.own_reach == 0).all()
    pick = copies("5", "").sort_values(["own_reach", "stake"],
                                       ascending=[False, True]).iloc[0].stake
    a5 = advise("5", ["1"], rules=SPANISH)
    assert a5.stake == pick
    assert a5.stand_ev == pytest.approx(five[five.stake == pick].stand_ev.item() / pick)
    # the Italian rules: no stake choice, nothing said about it, values exact as before
    it = advise("7", against="threshold:5")
    assert it.stake is None and "stake of" not in str(it)
    assert isinstance(it.stand_ev, Fraction)
