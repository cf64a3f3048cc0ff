"""Whole sessions: chips conserved over a million hands in every preset, the same seed the
same result, Spanish rounds, rotation and eliminations, the keep-the-bank sale, reshuffling
when the deck runs out, and the result tables."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from settemezzo.rules import ITALIAN, SPANISH, Rules
from settemezzo.simulate import bank_value, game_chances, simulate, table_edge
from settemezzo.simulate.layout import Acc
from settemezzo.simulate.session import SimulationResult

EVERYTHING = ITALIAN.with_variants(
    "royal", "wild_king", "pair_of_sevens", "burn=3,4", "ties_push", "swap_hidden",
    "split_figures=3", "stake_timing=after_first_card", "reshuffle=when_exhausted")
SPANISH_KEEP = SPANISH.with_variants("keep_bank")


def assert_chips_conserved(r: SimulationResult, start: int) -> None:
    """The engine's own check after every hand, and the final chips of every session."""
    assert r.chips_conserved
    final = r.sessions()[[f"chips_{s}" for s in range(r.players + 1)]].to_numpy()
    assert (final.sum(axis=1) == start * (r.players + 1)).all()
    assert (final >= 0).all()


@pytest.mark.parametrize("rules, players", [(ITALIAN, 4), (SPANISH, 4), (EVERYTHING, 6)],
                         ids=["italian", "spanish", "every-knob"])
def test_no_chip_created_or_lost_in_a_million_hands(rules: Rules, players: int) -> None:
    r = simulate(rules, players, 1_000_000, seed=1, player="threshold:5,burn,split,swap",
                 banker="threshold:5,burn")
    assert r.hands >= 1_000_000
    assert_chips_conserved(r, rules.chips_for(players + 1))
    assert int(r.A[Acc.ELIM]) > 0  # real chips: people do go broke


def test_clever_bankers_conserve_chips_in_every_variant() -> None:
    r = simulate(EVERYTHING, 4, 20_000, seed=2, banker="table",
                 player="threshold:5,swap,burn,split,stake=max-on:7/fig")
    assert_chips_conserved(r, EVERYTHING.chips_for(5))
    assert min(int(r.A[k]) for k in (Acc.SPLITS, Acc.BURNS, Acc.SWAPS, Acc.RESHUF)) > 0
    r = simulate(SPANISH_KEEP, 3, 20_000, seed=2, banker="omniscient", sale=(10, 3))
    assert_chips_conserved(r, SPANISH.chips_for(4))
    assert int(r.A[Acc.SALES]) > 0


def test_same_seed_same_result_and_another_seed_differs() -> None:
    a = simulate(SPANISH, 3, 200_000, seed=7, record_hands=True)
    b = simulate(SPANISH, 3, 200_000, seed=7, record_hands=True)
    c = simulate(SPANISH, 3, 200_000, seed=8)
    assert np.array_equal(a.chunks.A, b.chunks.A)
    assert np.array_equal(a.chunks.SESS, b.chunks.SESS)
    assert a.hand_records().equals(b.hand_records())
    assert not np.array_equal(a.chunks.SESS, c.chunks.SESS)


def test_spanish_game_rounds_rotation_and_eliminations() -> None:
    r = simulate(SPANISH, 3, sessions=3_000, seed=4, record_hands=True)
    hands = r.hand_records()
    sessions = r.sessions()
    assert sessions["hands"].max() == 15 and r.session_hands == 15
    # the bank rotates every hand, to the next seat still playing
    assert (hands["bank_moved"] == "rotation").all()
    full = hands[hands["session"].isin(sessions.index[sessions["hands"] == 15])]
    first = full.groupby("session").head(4)
    assert (first["banker"].to_numpy().reshape(-1, 4) == [0, 1, 2, 3]).mean() > 0.9
    # stake limits rise from [2, 5] to [6, 12]: everyone stakes the minimum here (or all
    # their chips when they have less)
    by_round = hands.groupby("hand")["stakes"].max()
    assert by_round.iloc[0] == 3 * 2 and by_round.iloc[-1] == 3 * 6
    assert by_round.is_monotonic_increasing
    assert SPANISH.stake_limits(15) == (6, 12)
    # eliminated seats end with no chips
    assert (sessions[[f"eliminated_{s}" for s in range(4)]] >= 0).any(axis=None)
    for s in range(4):
        out = sessions[sessions[f"eliminated_{s}"] >= 0]
        assert (out[f"chips_{s}"] == 0).all()
    # a game ends early only when one seat holds every chip (few chips: it happens)
    short = simulate(SPANISH, 2, sessions=2_000, seed=4, chips=8).sessions()
    early = short[short["hands"] < 15]
    chips = early[[f"chips_{s}" for s in range(3)]].to_numpy()
    assert len(early) > 0 and (chips.max(axis=1) == 3 * 8).all()


def test_italian_bank_passes_only_on_a_seven_and_a_half() -> None:
    r = simulate(ITALIAN, 2, 50_000, seed=5, record_hands=True, chips=None)
    hands = r.hand_records()
    moved = hands[hands["next_banker"] != hands["banker"]]
    assert (moved["bank_moved"] == "7½").all() and (moved["sevens_and_half"] > 0).all()
    kept = hands[hands["bank_moved"] == "kept"]
    assert (kept["next_banker"] == kept["banker"]).all()


def test_reshuffle_when_exhausted_uses_the_discards() -> None:
    rules = ITALIAN.with_variants("reshuffle=when_exhausted")
    r = simulate(rules, 7, 20_000, seed=6, chips=None)
    assert int(r.A[Acc.RESHUF]) > 20_000 * 8 * 2.5 / 40 * 0.8
    assert int(r.A[Acc.NOCARD]) == 0 and r.chips_conserved
    every = simulate(ITALIAN, 7, 20_000, seed=6, chips=None)
    assert int(every.A[Acc.RESHUF]) < int(r.A[Acc.RESHUF]) / 10


def test_result_tables() -> None:
    r = simulate(SPANISH, 3, sessions=2_000, seed=9)
    s = r.summary()
    assert {"measure", "value", "se", "unit"} <= set(s.columns)
    seats = r.seat_table()
    assert len(seats) == 4 and seats["win_chance"].sum() == pytest.approx(1.0)
    assert ((seats["ruin"] >= 0) & (seats["ruin"] <= 1)).all()
    pos = r.positions()
    assert list(pos["position"]) == [1, 2, 3] and (pos["se"] > 0).all()
    dist = r.chip_distribution()
    assert (dist["q05"] <= dist["median"]).all() and (dist["median"] <= dist["q95"]).all()
    hist = r.chip_histogram()
    assert hist.groupby("seat")["share"].sum().to_numpy() == pytest.approx(np.ones(4))
    d = r.to_dict()
    assert d["hands"] == r.hands and d["chips_conserved"] is True
    assert "±" in repr(r)


def test_analysis_helpers() -> None:
    edge = table_edge(ITALIAN, players=[1, 3], hands=100_000, seed=1)
    assert list(edge["people"]) == [2, 4] and (edge["se"] > 0).all()
    assert isinstance(edge, pd.DataFrame)
    bank = bank_value(ITALIAN, players=[2], hands=100_000, seed=1)
    assert bank.loc[0, "tenure"] > 1 and bank.loc[0, "value"] > 0
    chances = game_chances(SPANISH, players=2, sessions=2_000, seed=1)
    assert chances["win_chance"].sum() == pytest.approx(1.0)
