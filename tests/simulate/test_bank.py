"""Who takes the bank: the one pure function (`settemezzo.rules.next_banker`) against the
compiled engine (`settemezzo.simulate.phases.pass_bank`) over every combination of hand
results, passing rule, ``royal`` and ``ties_push``; and the bank decisions of docs/rules.md, one
test each, in the simulator and at the table."""

from __future__ import annotations

import itertools
from dataclasses import replace

import numpy as np

from settemezzo.i18n import score_label
from settemezzo.rules import ITALIAN, SPANISH, Rules, next_banker
from settemezzo.simulate.layout import (
    MAXSPLIT,
    NC,
    NH,
    NPL,
    NS,
    NSEAT,
    NSLOT,
    Conf,
    Hand,
    Player,
    State,
)
from settemezzo.simulate.phases import pass_bank
from settemezzo.simulate.session import HandReport, Table

SCORES = (0, 9, 14, 15, 16, 17)       # bust, 4½, 7, 7½, royal 7½, pair of sevens
BANKER = (-1, 0, 9, 15, 16, 17)       # -1: the banker did not play
PASSING = {"seven_half": 0, "rotate": 1, "keep": 2}
MOVES = {0: "kept", 1: "7½", 2: "rotation", 3: "elimination"}


def _engine(passing: str, royal: bool, ties: bool, banker: int,
            players: tuple[tuple[int, tuple[int, ...]], ...], bscore: int,
            active: tuple[bool, ...]) -> tuple[int, str]:
    C = np.zeros(NC, dtype=np.int64)
    C[Conf.NSEATS], C[Conf.PASSING] = len(active), PASSING[passing]
    C[Conf.ROYAL], C[Conf.TIES] = royal, ties
    S = np.zeros(NS, dtype=np.int64)
    S[State.BANKER], S[State.NPLAY] = banker, len(players)
    H = np.zeros((NSLOT, NH), dtype=np.int64)
    PL = np.zeros((NSEAT, NPL), dtype=np.int64)
    H[0, Hand.SCORE] = bscore
    for i, (seat, scores) in enumerate(players):
        first = 1 + i * MAXSPLIT
        PL[i, Player.SEAT], PL[i, Player.FIRST], PL[i, Player.NH] = seat, first, len(scores)
        for j, sc in enumerate(scores):
            H[first + j, Hand.SCORE] = sc
    newb = int(pass_bank(C, S, H, PL, np.array(active, dtype=np.int64)))
    return newb, MOVES[int(S[State.PASS])]


def test_next_banker_equals_the_compiled_engine_over_every_combination() -> None:
    """Three seats (the banker 1, players 2 and 0 in playing order; seat 2 has two hands
    after a split), every score of each hand, the banker's score, who is eliminated, each
    passing rule, ``royal`` and ``ties_push``: 186,624 cases."""
    n = 0
    for passing, royal, ties in itertools.product(PASSING, (False, True), (False, True)):
        rules = replace(ITALIAN, royal=royal, ties_push=ties, bank_passing=passing)
        for a, b, c, bs in itertools.product(SCORES, SCORES, SCORES, BANKER):
            players = ((2, (a, b)), (0, (c,)))
            for active in itertools.product((True, False), repeat=3):
                if not active[2] and a + b > 0:
                    continue   # a seat that scored is not eliminated by winning chips
                want = next_banker(rules, 1, 3, players, bs, active)
                assert _engine(passing, royal, ties, 1, players, bs, active) == want, \
                    (passing, royal, ties, players, bs, active)
                n += 1
    assert n > 10_000


def test_rules_md_bank_decisions() -> None:
    """Each decision of docs/rules.md, worked by hand."""
    on = (True, True, True)
    royal = ITALIAN.with_variants("royal")
    keep = ITALIAN.with_variants("keep_bank")
    # ITALIAN: a 7½ the banker does not tie takes the bank; the first anticlockwise
    assert next_banker(ITALIAN, 0, 3, ((1, (10,)), (2, (15,))), 12, on) == (2, "7½")
    assert next_banker(ITALIAN, 0, 3, ((1, (15,)), (2, (15,))), 0, on) == (1, "7½")
    assert next_banker(ITALIAN, 0, 3, ((1, (15,)), (2, (15,))), 15, on) == (0, "kept")
    ties = ITALIAN.with_variants("ties_push")
    assert next_banker(ties, 0, 3, ((1, (15,)),), 15, on) == (0, "kept")  # a tied 7½
    # with royal, only a royal 7½ takes it, under every passing rule (keep included)
    assert next_banker(royal, 0, 3, ((1, (15,)),), 10, on) == (0, "kept")
    assert next_banker(royal, 0, 3, ((1, (16,)),), 15, on) == (1, "7½")
    keep_royal = keep.with_variants("royal")
    assert next_banker(keep_royal, 0, 3, ((1, (15,)),), 10, on) == (0, "kept")
    assert next_banker(keep_royal, 0, 3, ((1, (16,)),), 10, on) == (1, "7½")
    # a pair of sevens never takes it
    pair = ITALIAN.with_variants("pair_of_sevens")
    assert next_banker(pair, 0, 3, ((1, (17,)),), 10, on) == (0, "kept")
    # keep: an eliminated banker's bank goes to the best result of the round, equal results
    # to the first anticlockwise
    out = (False, True, True)
    assert next_banker(keep, 0, 3, ((1, (12,)), (2, (14,))), 14, out) == (2, "elimination")
    assert next_banker(keep, 0, 3, ((1, (14,)), (2, (14,))), 14, out) == (1, "elimination")
    # ITALIAN (seven_half): the banker keeps the bank too, so eliminated it goes the same
    # way (RULES.md: "a keeping banker who is eliminated hands the bank to the best result")
    assert next_banker(ITALIAN, 0, 3, ((1, (12,)), (2, (14,))), 14, out) == (2, "elimination")
    assert next_banker(ITALIAN, 0, 3, ((1, (0,)), (2, (0,))), 14, out) == (1, "elimination")
    # SPANISH: the bank rotates to the next seat still in
    assert next_banker(SPANISH, 0, 3, ((1, (15,)),), 10, (True, False, True)) == \
        (2, "rotation")


def _one(rules: Rules, cards: list[str], player: str = "threshold:7.5",
         banker: str = "threshold:5", players: int = 1) -> HandReport:
    t = Table(rules, players, player=player, banker=banker, seed=1, forced=cards)
    r = t.advance()
    assert isinstance(r, HandReport)
    return r


def test_keep_bank_with_royal_a_plain_seven_and_a_half_does_not_take_it() -> None:
    """The simulator used to let a plain 7½ take a keeping bank under ``royal``."""
    rules = ITALIAN.with_variants("keep_bank", "royal")
    r = _one(rules, ["4s", "5h", "3s", "Jd"])       # 4 + 3 + ½ = 7½ in three cards
    assert score_label(r.players[0][2][0]) == "7½" and r.next_banker == 0 and r.bank_moved == "kept"
    r = _one(rules, ["7s", "5h", "Jd"])             # 7 + figure: royal, takes it
    assert r.next_banker == 1 and r.bank_moved == "7½"
