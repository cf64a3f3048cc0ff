"""Splitting together with the hidden-card swap, and the SPANISH preset as a restricted game.

- The rule at work, by hand: under ``swap_hidden`` a player holding a face-down figure may
  ask for a card by turning the figure up and taking the new card face down; if that card is
  a figure too, the first two cards are both figures and may be split (`settemezzo.game`).
- What the engine leaves out, named (`settemezzo.game.restriction_codes`): splitting into a third
  hand and more (SPANISH's ``split_figures=12``) and swapping inside a split hand. The
  restricted equilibrium is certified, and it can only understate the player (every left-out
  move is the player's option).
- Fixed policies against the simulator (seeded, within 4 standard errors): the simulator
  plays the real rules, swaps inside split hands included; against a rule-of-thumb banker,
  which never reads a card, those swaps change nothing, so the exact value must agree.
- Every other check that needs SPANISH solved afresh, here with the module's one solve
  (`solved_once`): SPANISH's tables, its shipped answers, Spanish without splits against the
  simulator, and data/'s tables (both presets' files, from one `write_tables`). In separate
  modules, which pytest-xdist's ``--dist loadfile`` gives to different workers, each solved
  SPANISH again (about 15 s of CPU each time).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from settemezzo import results
from settemezzo.advice import Advice
from settemezzo.cards import Kind, Unseen
from settemezzo.cli.solve import DATA_FILES, write_tables
from settemezzo.game import SPLIT, HeadsUpGame, heads_up, restriction_codes
from settemezzo.i18n import advice_text, restriction_text
from settemezzo.results.answers import advise, answer_row, answers
from settemezzo.rules import ITALIAN, SPANISH, Rules
from settemezzo.simulate import simulate
from settemezzo.simulate.analysis import exact_value
from settemezzo.simulate.layout import Acc
from settemezzo.solve import equilibrium, evaluate, expected_stake, player_policy, split_rules
from settemezzo.solve.walk import split_terms
from settemezzo.split import split_value
from settemezzo.tables import banker_table
from tests.advice_check import fresh_advice, kinds, same_advice

SWAP_SPLIT = ITALIAN.with_variants("swap_hidden", "split_figures=2")
SPANISH_TWO = SPANISH.with_variants("split_figures=2")
SPANISH_NO_SPLIT = SPANISH.with_variants("split_figures=off")
DATA = Path(__file__).resolve().parents[2] / "data"


@pytest.fixture(scope="module", autouse=True)
def solved_once() -> Iterator[tuple[HeadsUpGame, HeadsUpGame]]:
    """SPANISH and Spanish without splits, alive for the whole module: each equilibrium is
    solved once (kept with the game: `settemezzo.solve.state`), whichever test asks first
    (see the last part)."""
    yield heads_up(SPANISH), heads_up(SPANISH_NO_SPLIT)


def _figure_swap(rules: Rules) -> HeadsUpGame:
    """The subgame after a swap at a face-down figure, before any card is up."""
    game = heads_up(rules)
    for i, target in game.swap_target.items():
        if target == (Kind.FIGURE,) and game.infosets[i].stake == game.stakes[0]:
            return game.swap_subgame(i)
    raise AssertionError("no swap decision at a lone face-down figure")


def test_a_swap_that_brings_a_second_figure_may_be_split() -> None:
    """By hand: face-down figure, the player asks for a card by swapping (the figure goes face
    up, the new card face down). The subgame starts with the figure up and 39 cards unseen,
    11 of them figures: with chance 11/39 the new face-down card is a figure, and that is the
    subgame's one split decision. Splitting shows both figures, so its value is the same as
    a split in the main game: `settemezzo.split` on the whole deck."""
    sub = _figure_swap(SWAP_SPLIT)
    splits = sub.infosets_of_kind("split")
    assert len(splits) == 1
    st = splits[0]
    assert (st.hole, st.up, st.parent) == (Kind.FIGURE, (), -1)
    assert st.reach == Fraction(11, 39)
    assert [ch.score for ch in st.children] == [SPLIT]
    values, extra = split_terms(sub, None)
    whole = split_value(ITALIAN.with_variants("split_figures=2"), Unseen.full())
    assert values[st.index] == pytest.approx(whole.value, abs=1e-12)
    assert extra[st.index] == 1.0
    # and the main game's own split decision (figure up without a swap) has the same value
    main = heads_up(SWAP_SPLIT)
    (top,) = main.infosets_of_kind("split")
    assert split_terms(main, None)[0][top.index] == pytest.approx(whole.value, abs=1e-12)
    # no split anywhere else: a swap later in the hand leaves three cards or more
    assert sum(len(heads_up(SWAP_SPLIT).swap_subgame(j).infosets_of_kind("split"))
               for j in main.swap_target) == sum(
        1 for j, t in main.swap_target.items() if t == (Kind.FIGURE,))


def test_what_the_engine_leaves_out_is_named() -> None:
    assert restriction_codes(ITALIAN) == ()
    assert restriction_codes(ITALIAN.with_variants("split_figures=2")) == ()
    assert restriction_codes(ITALIAN.with_variants("swap_hidden")) == ()
    assert restriction_codes(SWAP_SPLIT) == ("split_swap",)
    assert restriction_codes(ITALIAN.with_variants("split_figures=12")) == ("resplit",)
    assert restriction_codes(SPANISH) == ("resplit", "split_swap")
    text = restriction_text(restriction_codes(SPANISH), "en", SPANISH.split_figures)
    assert "two hands" in text and "swaps inside a split hand" in text
    assert "the rules allow up to 12" in text  # the number, never the knob's code
    assert split_rules(SPANISH).split_figures == 2 and not split_rules(SPANISH).swap_hidden
    assert split_rules(ITALIAN) is ITALIAN


def test_threshold_player_expected_stake_by_hand() -> None:
    """``threshold:5,split,swap`` stakes the minimum (2 chips) and splits whenever its first
    two cards are figures, by the face-up road or the swapping one (it swaps on every hit):
    2 * (1 + 12/40 * 11/39) chips."""
    stake = expected_stake("threshold:5,split,swap", "threshold:5", SPANISH_TWO)
    assert stake == pytest.approx(2 * (1 + Fraction(12, 40) * Fraction(11, 39)), abs=1e-12)
    # without the swap flag it never swaps, and splits only on the face-up road: the same
    assert expected_stake("threshold:5,split", "threshold:5", SPANISH_TWO) == pytest.approx(
        float(stake), abs=1e-12)


def test_threshold_player_who_swaps_and_splits_against_the_simulator() -> None:
    """Spanish stakes, 7½ paying 2:1, swaps and at most two hands: ``threshold:5,split,swap``
    against a ``threshold:5`` banker, exact value per unit of expected stake against
    1,500,000 simulated hands (the simulator swaps inside split hands too: worth nothing
    against a banker that never reads a card)."""
    game = heads_up(SPANISH_TWO)
    p = player_policy("threshold:5,split,swap", game)
    value = float(evaluate(p, "threshold:5", game))
    stake = float(expected_stake(p, "threshold:5", game))
    r = simulate(SPANISH_TWO, 1, 1_500_000, seed=29, player="threshold:5,split,swap",
                 banker="threshold:5", chips=None)
    assert r.chips_conserved
    assert r.z(value / stake) < 4, (value / stake, r.player_value, r.edge_se)
    # the check has teeth: the same player without splitting is far away
    plain = player_policy("threshold:5,swap", game)
    assert r.z(float(evaluate(plain, "threshold:5", game))
               / float(expected_stake(plain, "threshold:5", game))) > 4


def test_spanish_equilibrium_is_certified_and_bounds_the_player_from_below() -> None:
    """The restricted SPANISH game: certified (per expected stake, below 1e-9), its
    restriction named, and at least as good for the player as Spanish without splitting
    (splitting is one more option). The equilibrium's expected stake is the same whichever
    way it is computed (its own bookkeeping, `expected_stake` on its strategy)."""
    eq = equilibrium(SPANISH)
    assert eq.restriction_codes == restriction_codes(SPANISH) != ()
    assert eq.exploitability / eq.expected_stake < 1e-9
    assert eq.lower >= equilibrium(SPANISH_NO_SPLIT).upper - 1e-9
    assert float(expected_stake(eq.player, None, SPANISH)) == pytest.approx(
        eq.expected_stake, abs=1e-12)
    assert 2 <= eq.expected_stake <= 5 * 2
    assert "restricted" in repr(eq)


@pytest.mark.slow
def test_full_spanish_refined_is_canonical(monkeypatch: pytest.MonkeyPatch) -> None:
    """The full SPANISH game's refined equilibrium gives the same player's table (standing,
    and the best play on, at every decision) on another path of the LP, HiGHS's dual pricing
    1 (tests/solve/test_refined.py checks every path on thinned decks, and the full ITALIAN
    game): the reference is the module's one solve, with the shipped settings, given back to
    the games afterwards (the solve on the other path is made afresh, and forgotten)."""
    from settemezzo.solve.equilibria import remember_equilibrium
    from settemezzo.solve.state import state_of
    from tests.solve.test_refined import OFFPATH_TOL, SETTINGS, _solve, reply_table

    game = heads_up(SPANISH)
    eq = equilibrium(game)
    table = reply_table(game, eq)
    assert eq.exploitability <= 1e-9 and eq.offpath_gap <= OFFPATH_TOL
    # the game and its subgames after a swap (some shared with Spanish no split)
    kept = [(g, state_of(g).equilibrium) for g in game.games_made()]
    try:
        other, again = _solve(game, monkeypatch, **SETTINGS["dual pricing 1"])
    finally:
        for g, solved in kept:
            if solved is not None:
                remember_equilibrium(g, solved)
    assert other is not eq and other.exploitability <= 1e-9
    assert float(np.abs(again - table).max()) <= 1e-9


# =============================================================================================
# SPANISH's tables, its shipped answers and Spanish without splits against the simulator
# =============================================================================================
# Each of these needs SPANISH's equilibrium (or Spanish without splits') solved afresh, some
# 15 s of CPU. They belong in test_tables.py, test_advice.py and simulate/test_against_exact.py,
# which pytest-xdist (--dist loadfile) hands to different workers: each solved it again.
# Here `solved_once` keeps both games alive for the module, so each is solved once, by
# whichever test asks first (`equilibrium` keeps the result with the game; the
# restricted subgames after a swap, shared by both games, too).

def test_tables_name_the_restriction_of_a_restricted_game() -> None:
    # SPANISH is solved with the player kept to two hands and no swap inside a split hand
    # (settemezzo.game.restriction_codes); its tables say so in attrs, whole games say nothing.
    # The SPANISH table is the shared one of `settemezzo.results` (shipped with the package).
    italian = results.get(ITALIAN).player_table("threshold:5")
    assert "restriction" not in italian.attrs and "restriction_codes" not in italian.attrs
    spanish = results.get(SPANISH).player_table("equilibrium")
    assert spanish.attrs["restriction_codes"] == ("resplit", "split_swap")
    assert results.get(SPANISH).player_table("equilibrium") is spanish     # cached
    bt = banker_table(SPANISH, max_up=0)
    assert bt.attrs["restriction_codes"] == ("resplit", "split_swap")
    assert "restriction_codes" not in banker_table(ITALIAN, max_up=0).attrs


@pytest.fixture(scope="module")
def spanish_eq() -> object:
    # the table shipped with the package, shared (`settemezzo.results`)
    return results.get(SPANISH).player_table("equilibrium")


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

# the banker's table under stakes and swaps (SPANISH)

@pytest.fixture(scope="module")
def spanish_banker(spanish_eq: object) -> object:
    # every visible situation, from the module's SPANISH solve (0.3 s once it is solved)
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
    assert a.stake == 5 and \
        "face-down 7, nothing up, at a stake of 5 chips: STAND" in advice_text(a)
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


# the shipped answers (`settemezzo.advice`) against fresh ones: the helpers and what they
# compare are tests/advice_check.py (tests/test_advice.py: the other rule sets)

# (face-down, face-up cards in order): stood on at stake 5, staked 2, reached only through
# a swap (no copy reached: the stake picked for the face-down card), behind a stand, two
# figures (a split hand), three cards up, a 7 that stands
SPANISH_HANDS = [("7", ()), ("3", ()), ("5", ("1",)), ("6", ("1",)), ("J", ("Q",)),
                 ("1", ("2", "1")), ("2", ("1", "1", "1")), ("4", ("J",))]


@pytest.fixture(scope="module")
def fresh_spanish() -> dict[tuple[str, tuple[str, ...]], Advice]:
    return fresh_advice(SPANISH, SPANISH_HANDS)   # from the module's one SPANISH solve


@pytest.mark.slow
def test_spanish_shipped_answers_are_the_fresh_ones(
        fresh_spanish: dict[tuple[str, tuple[str, ...]], Advice]) -> None:
    results.clear()
    assert results.ready(SPANISH, ("player", "equilibrium"))  # shipped with the package
    for hand, fresh in fresh_spanish.items():
        shipped = advise(*hand, rules=SPANISH)
        same_advice(shipped, fresh)
        # the row itself, split hand included: read from the table, and from the game
        h, u = kinds(SPANISH, *hand)
        table_row, game_row = answer_row(h, u, SPANISH), answer_row(h, u, SPANISH, table=False)
        assert table_row.stake == game_row.stake == fresh.stake, hand
        assert table_row.best == fresh.best, hand
    # what the samples cover: stakes 5 and 2, a split hand, a hand only a swap reaches
    picked = {hand: a.stake for hand, a in fresh_spanish.items()}
    assert picked[("7", ())] == 5 and 2 in picked.values()
    assert fresh_spanish[("J", ("Q",))].split_ev is not None
    frame = answers(SPANISH).frame
    five = frame[(frame.hole == "5") & (frame.up == "1")]
    assert len(five) == 1 and five.own_reach.item() == 0


# Spanish without splits: the simulator against the exact engine
# (tests/simulate/test_against_exact.py has the other rule sets)

@pytest.mark.slow
def test_spanish_equilibrium_stakes_and_swaps_agree_with_the_exact_value() -> None:
    """SPANISH without splitting (``split_figures=1``: there the restricted exact game is the
    whole game, `restriction_codes` empty, so the simulator plays exactly it): the
    equilibrium player - its stake after the first card, 2 to 5 chips, and its swaps, read
    from the shipped player table - against threshold:5, per unit staked, is the solver's
    own equilibrium strategy evaluated exactly (`exact_value`: its value in chips over its
    expected stake; a solve of some 25 s). Measured: exact -0.053745, simulated -0.05347
    (se 0.00113, z 0.25) over 1,000,000 hands. And against the table banker, whose
    posterior reads the stake and the swaps through the same tables: the banker's exact
    best reply, -0.097925 (simulated -0.09914, se 0.00246, z 0.49, 200,000 hands)."""
    rules = SPANISH.with_variants("split_figures=1")
    for banker, hands in (("threshold:5", 400_000), ("table", 100_000)):
        value = float(exact_value(rules, "equilibrium", banker))
        r = simulate(rules, 1, hands, seed=20240607, player="equilibrium", banker=banker,
                     chips=None, session_hands=1)    # every hand in round 1: stakes 2 to 5
        assert r.chips_conserved and r.A[Acc.SWAPS] > hands // 4
        assert r.summary().set_index("measure").loc["stakes per hand", "value"] > 2.2
        assert r.z(value) < 4, (banker, value, r.player_value, r.edge_se)


# =============================================================================================
# data/'s tables, solved afresh (regenerate: `settemezzo data`)
# =============================================================================================
# Both presets' files come from one `write_tables`: its SPANISH tables from the module's one
# SPANISH solve. The edge table (``EDGE_FILE``) is checked against the shipped solved
# results in tests/precomputed/test_precomputed.py, which are themselves checked against fresh
# solves there, so it is not re-solved here (a minute of the suite).

@pytest.fixture(scope="module")
def fresh_data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("data")
    write_tables(out)
    return out


# Tables against a fixed banker are exact (printed to 12 digits). Tables from the equilibrium
# LP are floats: the solver is deterministic on one machine, but a different rounding of its
# inputs (another BLAS, another summation order) may move HiGHS to another point of the same
# optimal face, so their columns are compared to 1e-6 (their certificate is ~1e-10 in value).
DATA_TOLERANCE = {"italian_player_vs_threshold5.csv": 1e-9}


@pytest.mark.parametrize("name", sorted(DATA_FILES))
def test_committed_table_matches_a_fresh_solve(name: str, fresh_data: Path) -> None:
    committed = pd.read_csv(DATA / name, keep_default_na=False)
    new = pd.read_csv(fresh_data / name, keep_default_na=False)
    assert list(committed.columns) == list(new.columns)
    assert len(committed) == len(new)
    for col in committed.columns:
        a, b = committed[col], new[col]
        if pd.api.types.is_numeric_dtype(a) and pd.api.types.is_numeric_dtype(b):
            assert (a - b).abs().max() <= DATA_TOLERANCE.get(name, 1e-6), col
        else:
            assert (a.astype(str) == b.astype(str)).all(), col


def test_every_column_is_documented() -> None:
    readme = (DATA / "README.md").read_text(encoding="utf-8")
    for name in DATA_FILES:
        for col in pd.read_csv(DATA / name, nrows=1).columns:
            assert f"`{col}`" in readme or col.startswith("p_hole_"), (name, col)
