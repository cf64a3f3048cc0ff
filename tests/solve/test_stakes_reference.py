"""Spanish rules without splitting (stake after the first card), against a brute force.

The engine's value for ``SPANISH`` with ``split_figures`` 1 - the player stakes between
``min_stake`` and ``max_stake`` after seeing its face-down card, the banker sees the stake,
``swap_hidden`` on, a winning 7½ paid ``seven_half_pays`` - is checked here against
`tests.reference.bruteforce_stakes`: ONE extensive-form game per hand written from
`docs/rules.md` alone (it imports nothing from `settemezzo` nor from the other references), with
the stake as a public move of the player after its first card, the real deal order, the
swap move, the payout table in chips, solved by two sequence-form LPs (HiGHS) and certified
by both sides' exact best replies (backward induction, not the LP).

The engine does it differently: a chain of binary "stake more?" decisions, public states
keyed by the stake, and a separate subgame after every swap (solved at a unit stake and
multiplied back). Nothing but the rules is shared.

Note: ``SPANISH.with_variants("split_figures=1")`` gives ``split_figures=2`` (the parser
reads "1" as "on"), so the rules here are built with `dataclasses.replace`.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from functools import cache
from typing import Any

import pytest

from settemezzo.cards import Kind, Unseen
from settemezzo.game import heads_up
from settemezzo.rules import SPANISH, Rules
from settemezzo.solve import (
    PlayerStrategy,
    best_response,
    equilibrium,
    evaluate,
    expected_stake,
)
from tests.reference import bruteforce_stakes as ref

# Tiny decks the engine accepts (two hands can never need more cards than there are); the
# same compositions as tests/solve/test_swap.py. Kinds: 'F' figure, 1..7.
DECKS: dict[str, dict[object, int]] = {
    "A": {"F": 2, 4: 2, 5: 2, 7: 2},                          # 8 cards: 7½ = 7 + figure
    "B": {1: 1, 3: 1, 4: 2, 6: 1, 7: 1},                      # 6 cards, no 7½ possible
    "G": {"F": 1, 1: 1, 2: 1, 4: 1, 5: 1, 6: 1, 7: 2},        # 8 cards, every kind
}

# (deck, swap_hidden, min_stake, max_stake, seven_half_pays): 1,000-28,000 leaves each
CASES = [
    ("A", True, 1, 3, 2),
    ("A", True, 1, 2, 1),
    ("A", False, 1, 2, 2),
    ("A", False, 1, 3, 1),
    ("B", True, 2, 3, 2),     # minimum 2: the value is in chips, not per unit stake
    ("B", False, 1, 3, 1),
    ("G", True, 1, 2, 2),
    ("G", False, 1, 3, 2),
    ("G", False, 2, 3, 1),
]

TOL = 1e-9


def rules(swap: bool, lo: int, hi: int, pays: int) -> Rules:
    return dataclasses.replace(SPANISH, split_figures=1, swap_hidden=swap, min_stake=lo,
                               max_stake=hi, seven_half_pays=pays)


def unseen(name: str) -> Unseen:
    return Unseen.from_counts({Kind(k): n for k, n in enumerate(ref.deck_of(DECKS[name]))})


@cache
def brute(name: str, swap: bool, lo: int, hi: int, pays: int
          ) -> tuple[ref.StakeGame, ref.Certificate]:
    game = ref.build(DECKS[name], lo, hi, pays, allow_swap=swap)
    return game, ref.solve(game)


def case_id(case: tuple[str, bool, int, int, int]) -> str:
    name, swap, lo, hi, pays = case
    return f"{name}-{'swap' if swap else 'noswap'}-{lo}..{hi}-pays{pays}"


def test_rules_built_here_are_spanish_without_splitting() -> None:
    """Reference: docs/rules.md, "One hand" (SPANISH) and the ``split_figures`` row."""
    r = rules(True, 1, 3, 2)
    assert (r.split_figures, r.swap_hidden, r.stake_timing, r.seven_half_pays) == \
        (1, True, "after_first_card", 2)
    assert heads_up(r, unseen("A")).stakes == (1, 2, 3)


# =============================================================================================
# 1. The equilibrium: value, expected stake, banker edge, certificate
# =============================================================================================


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_equilibrium_matches_brute_force(case: tuple[str, bool, int, int, int]) -> None:
    """Reference: `bruteforce_stakes.solve` - the whole hand (deal, public stake chosen after
    the first card, stand/up/swap moves, banker's play seeing the stake and every shown card,
    payout in chips) as one sequence-form game, written from docs/rules.md without importing the
    engine; its value is certified in floats by best replies to each LP's plan (gap < 1e-9).
    The expected stake is compared only after `stake_range` shows that every player plan
    guaranteeing the value stakes the same on average (so any equilibrium would do)."""
    name, swap, lo, hi, pays = case
    game, cert = brute(*case)
    assert cert.gap < TOL, (cert.lower, cert.upper)
    least, most = ref.stake_range(game, cert)
    assert most - least < TOL, (least, most)           # the expected stake is pinned down
    eq = equilibrium(rules(swap, lo, hi, pays), deck=unseen(name))
    assert eq.exploitability < TOL, eq
    assert abs(eq.value - cert.value) < TOL, (eq.value, cert.value)
    assert eq.lower - TOL <= cert.value <= eq.upper + TOL
    assert abs(eq.expected_stake - cert.expected_stake) < TOL, (eq.expected_stake,
                                                               cert.expected_stake)
    assert least - TOL <= eq.expected_stake <= most + TOL
    assert abs(eq.banker_edge - (-cert.value / cert.expected_stake)) < TOL


def test_stake_choice_matters() -> None:
    """Reference: the brute force with a choice of 1..3 chips and with a fixed stake of 1 on
    deck A (figures and sevens make 7½, fours and fives do not). Every optimal player stakes
    more than the minimum on average (its stake range is [2, 2]: 3 chips on a figure or a
    seven, 1 on a four or a five), and the choice turns a losing game into a winning one -
    so an engine that ignored the stake choice, or let the banker not see it, would fail."""
    game, cert = brute("A", True, 1, 3, 2)
    least, _ = ref.stake_range(game, cert)
    assert least > 2 - TOL
    fixed = ref.solve(ref.build(DECKS["A"], 1, 1, 2, allow_swap=True))
    assert fixed.gap < TOL
    assert cert.value > fixed.value + 0.3         # 0.18857... against -0.12762...
    eq = equilibrium(rules(True, 1, 3, 2), deck=unseen("A"))
    assert eq.expected_stake > 1.5
    one = equilibrium(rules(True, 1, 1, 2), deck=unseen("A"))
    assert abs(one.value - fixed.value) < TOL and one.expected_stake == 1.0


@pytest.mark.parametrize("case", [c for c in CASES if c[0] != "A"], ids=case_id)
def test_banker_reading_the_stake_matters(case: tuple[str, bool, int, int, int]) -> None:
    """Reference: the brute force with the stake hidden from the banker (a control, not the
    rules: ``banker_sees_stake=False``). On decks B and G the stake tells the banker
    something worth more than 0.05 chips a hand, so the agreement of section 1 shows the
    engine lets the banker read the stake (on deck A it happens not to matter)."""
    name, swap, lo, hi, pays = case
    seen = brute(*case)[1]
    blind = ref.solve(ref.build(DECKS[name], lo, hi, pays, allow_swap=swap,
                                banker_sees_stake=False))
    assert blind.gap < TOL
    assert blind.value > seen.value + 0.05
    eq = equilibrium(rules(swap, lo, hi, pays), deck=unseen(name))
    assert abs(eq.value - seen.value) < TOL


@pytest.mark.parametrize(("name", "swap"), [("A", True), ("A", False), ("G", False)])
def test_seven_half_pays_cannot_change_the_equilibrium(name: str, swap: bool) -> None:
    """Reference: the brute force with 7½ paying 1 and 2. A player's 7½ is shown at once, so
    the banker, seeing it, hits until it makes 7½ (a tie: banker) or busts (paid 1:1): the
    2:1 payout is never reached in equilibrium. Both sides agree on that (and section 2 shows
    the payout does enter against a banker that stands on 5 whatever it sees)."""
    one = brute(name, swap, 1, 3, 1)[1]
    two = brute(name, swap, 1, 3, 2)[1]
    assert abs(one.value - two.value) < TOL
    v1 = equilibrium(rules(swap, 1, 3, 1), deck=unseen(name)).value
    v2 = equilibrium(rules(swap, 1, 3, 2), deck=unseen(name)).value
    assert abs(v1 - v2) < TOL and abs(v2 - two.value) < TOL


# =============================================================================================
# 2. Exact (Fraction) values of pure plans: threshold players with a stake rule
# =============================================================================================


def engine_player(r: Rules, deck: Unseen, k: int, stake_of: dict[int, int]) -> PlayerStrategy:
    """Stake ``stake_of[first card]`` chips, then hit below ``k`` half-points, never swap."""
    game = heads_up(r, deck)
    hit: list[Any] = []
    for s in game.infosets:
        if s.kind == "stake":
            hit.append(int(s.stake < stake_of[int(s.hole)]))
        elif s.kind == "play":
            hit.append(int(s.total < k))
        else:
            assert s.kind == "swap"
            hit.append(0)
    return PlayerStrategy(f"stake rule, hit below {k}", tuple(hit))


PURE = [
    # (case, stake per first card: 0 figure, 1..7)
    (("A", True, 1, 3, 2), {0: 3, 4: 1, 5: 2, 7: 3}),
    (("A", False, 1, 3, 1), {0: 3, 4: 1, 5: 2, 7: 3}),
    (("B", True, 2, 3, 2), {1: 3, 3: 2, 4: 2, 6: 3, 7: 3}),
    (("G", False, 1, 3, 2), {0: 3, 1: 1, 2: 1, 4: 2, 5: 2, 6: 3, 7: 3}),
]


@pytest.mark.parametrize(("case", "stake_of"), PURE, ids=[case_id(c) for c, _ in PURE])
@pytest.mark.parametrize("k", [10, 12])
def test_pure_player_exact(case: tuple[str, bool, int, int, int], stake_of: dict[int, int],
                           k: int) -> None:
    """Reference: the brute force's exact Fractions for a pure player (a stake per first
    card, then hit below ``k`` half-points, no swap): its value against the banker's
    ``threshold:5`` (which stands on 5 even against a shown 7½, so a 2:1 payout can happen),
    its expected stake, and the banker's exact best reply to it (backward induction over the
    banker's information sets, which hold the stake). Engine: `evaluate`, `expected_stake`,
    `best_response` of the banker, with the same pure strategy written over its infosets."""
    name, swap, lo, hi, pays = case
    game, _ = brute(*case)
    r, deck = rules(swap, lo, hi, pays), unseen(name)
    p = engine_player(r, deck, k, stake_of)
    x = ref.player_plan(game, lambda c: stake_of[c],
                        lambda down, up: "up" if ref.points((down, *up)) < k else "stand")
    want = ref.evaluate(game, x, ref.threshold_plan(game, 10))
    assert isinstance(want, Fraction)
    assert evaluate(p, "threshold:5", r, deck) == want
    assert expected_stake(p, "threshold:5", r, deck) == ref.expected_stake(game, x)
    assert best_response(p, "banker", r, deck).value == game.banker_best_value(x)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_player_best_reply_to_threshold_exact(case: tuple[str, bool, int, int, int]) -> None:
    """Reference: the brute force's exact best reply of the player (stake, stand/up/swap)
    to the banker's ``threshold:5``, which hits below 5 whatever the stake and whatever the
    player shows (a shown 7½ included, docs/rules.md). Engine: `best_response` of the player."""
    name, swap, lo, hi, pays = case
    game, _ = brute(*case)
    want = game.player_best_value(ref.threshold_plan(game, 10))
    assert isinstance(want, Fraction)
    assert best_response("threshold:5", "player", rules(swap, lo, hi, pays),
                         unseen(name)).value == want


def test_payout_enters_against_a_threshold_banker() -> None:
    """Reference: the brute force on deck A with 7½ paying 2 and 1 (both exact): against
    ``threshold:5`` the player's best reply is worth more at 2:1 - so section 2 does test the
    payout table, which the equilibrium (section 1) cannot see."""
    vals = []
    for pays in (2, 1):
        game, _ = brute("A", False, 1, 3, pays)
        vals.append(game.player_best_value(ref.threshold_plan(game, 10)))
    assert vals[0] > vals[1]
