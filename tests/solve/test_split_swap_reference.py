"""``swap_hidden`` with ``split_figures=2`` in the exact engine, against an independent brute
force of the whole hand (`tests.reference.bruteforce_split_swap`).

The engine values a split after a swap inside the subgame that follows the swap
(`settemezzo.game.HeadsUpGame.swap_subgame`, decision kind "split") and adds the hands it
opens to the expected stake (`settemezzo.solve.expected_stake`). The brute force writes the
whole hand as one extensive-form game in the real deal order (the banker's face-down card
dealt second), with the moves ``stand``/``up``/``swap`` and ``split`` right after the first
hit when both first cards are figures (after ``up`` or after ``swap``), solves it as a
sequence-form LP and certifies the value by exact best replies; after a split it values the
rest by its own backward induction (the player never seeing the banker's face-down card).

Decks (kinds 'F' figure, 1..7), chosen with 3 or 4 figures so that a swap can bring a second
figure, and checked by the engine never to run out with two hands and the banker:

- A: the equilibrium always splits two first figures; removing the split after a swap
  costs the player 0.0048;
- S: without the split after a swap the player never splits (the value is that of no split
  at all); with it, it splits 4/5 of the time (expected stake 1.0533);
- T: splits part of the time (expected stake 1.0544, below 1 + P(two first figures));
- Q: 12 cards, four figures, splits part of the time.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

import pytest

from settemezzo.cards import Kind, Unseen
from settemezzo.rules import ITALIAN
from settemezzo.solve import best_response, equilibrium, evaluate, expected_stake
from settemezzo.split import split_value
from tests.reference import bruteforce_split_swap as ref
from tests.reference import bruteforce_swap as bs

RULES = ITALIAN.with_variants("swap_hidden", "split_figures=2")
THRESHOLD = 10        # threshold:5 in half-points
TOL = 1e-9
STAKE_TOL = 1e-8      # the LPs' plans carry ~1e-10 of feasibility slack

DECKS: dict[str, dict[object, int]] = {
    "A": {"F": 3, 5: 2, 6: 2, 7: 3},                       # 10 cards
    "S": {"F": 3, 2: 1, 4: 3, 6: 2, 7: 1},                 # 10 cards
    "T": {"F": 3, 3: 3, 4: 2, 5: 1, 6: 1},                 # 10 cards
    "Q": {"F": 4, 2: 1, 4: 2, 5: 2, 6: 2, 7: 1},           # 12 cards
}


def unseen(deck: dict[object, int]) -> Unseen:
    return Unseen.from_counts({Kind(k): n for k, n in enumerate(ref.deck_of(deck))})


@cache
def solved(name: str, split_after_swap: bool = True
           ) -> tuple[ref.SplitSwapGame, ref.Certificate]:
    game = ref.build(DECKS[name], split_after_swap=split_after_swap)
    return game, ref.solve(game)


def swap_split_threshold(down: int, up: tuple[int, ...], moves: tuple[str, ...]) -> str:
    """``threshold:5,split,swap``: split whenever allowed, else swap while below 5."""
    if "split" in moves:
        return "split"
    return "swap" if ref.points((down, *up)) < THRESHOLD else "stand"


def split_chance(name: str) -> Fraction:
    """Chance that the first two cards are both figures (by hand)."""
    deck = ref.deck_of(DECKS[name])
    n = sum(deck)
    return Fraction(deck[0] * (deck[0] - 1), n * (n - 1))


# =============================================================================================
# The equilibrium
# =============================================================================================


@pytest.mark.parametrize("name", sorted(DECKS))
def test_equilibrium_matches_brute_force(name: str) -> None:
    """Value within 1e-9 of the brute force's certified value (its own gap < 1e-9), inside
    the engine's certificate; the expected stake (1 + P(split)) compared where `stake_range`
    shows every equilibrium plan of the player has the same one (1e-8: the LPs' plans carry
    feasibility slack). On these decks no equilibrium plan splits after a face-up first
    hit: every split the stake counts is one after a swap."""
    game, cert = solved(name)
    assert cert.gap < TOL, (cert.lower, cert.upper)
    eq = equilibrium(RULES, deck=unseen(DECKS[name]))
    assert eq.exploitability < TOL, eq
    assert abs(eq.value - cert.value) < TOL, (eq.value, cert.value)
    assert eq.lower - TOL <= cert.value <= eq.upper + TOL, (eq.lower, cert.value, eq.upper)
    least, most = ref.stake_range(game, cert)
    assert most - least < STAKE_TOL, (least, most)          # pinned down
    assert abs(eq.expected_stake - cert.expected_stake) < STAKE_TOL, \
        (eq.expected_stake, cert.expected_stake)
    assert eq.banker_edge == pytest.approx(-eq.value / eq.expected_stake, abs=1e-12)
    # every equilibrium plan of the player splits, and only after a swap: the stake
    # compared above is made of hands opened inside the subgames after a swap
    assert cert.expected_stake > 1 + 1e-3
    assert ref.stake_range(game, cert, path="up")[1] < 1 + STAKE_TOL
    swap_least, swap_most = ref.stake_range(game, cert, path="swap")
    assert swap_most - swap_least < STAKE_TOL
    assert abs(swap_least - cert.expected_stake) < STAKE_TOL


def test_split_after_swap_matters() -> None:
    """The same brute force without the split after a swap (split only after a face-up first
    hit) is worth less to the player by more than 1e-3 on A, S and Q, so an engine that
    missed the path would fail `test_equilibrium_matches_brute_force`. On S the path is the
    only split the player uses: without it the value is that of no split at all, and the
    player never splits."""
    for name in ("A", "S", "Q"):
        _, cert = solved(name)
        game_off, off = solved(name, split_after_swap=False)
        assert off.gap < TOL
        assert cert.value > off.value + 1e-3, (name, cert.value, off.value)
        eq = equilibrium(RULES, deck=unseen(DECKS[name]))
        assert abs(eq.value - off.value) > 1e-3
    _, off_s = solved("S", split_after_swap=False)
    no_split = ref.solve(ref.build(DECKS["S"], allow_split=False))
    assert abs(off_s.value - no_split.value) < TOL
    game_off, _ = solved("S", split_after_swap=False)
    assert ref.stake_range(game_off, off_s)[1] < 1 + STAKE_TOL
    assert equilibrium(RULES, deck=unseen(DECKS["S"])).expected_stake > 1.05


# =============================================================================================
# A fixed policy and best replies, exact
# =============================================================================================


@pytest.mark.parametrize("name", sorted(DECKS))
def test_threshold_split_swap_policy_exact(name: str) -> None:
    """``threshold:5,split,swap`` (swap on every hit, split whenever allowed, hit below 5 on
    each hand) against ``threshold:5``: the engine's value and expected stake against the
    brute force's exact evaluation of the same pure plans. The plan always swaps, so every
    split it makes is a split after a swap: its expected stake is 1 + P(two first figures)
    by hand, and without the split its value would differ."""
    deck = unseen(DECKS[name])
    game = ref.build(DECKS[name], after=(THRESHOLD, THRESHOLD))
    x = ref.player_plan(game, swap_split_threshold)
    y = ref.threshold_plan(game, THRESHOLD)
    value = ref.evaluate(game, x, y)
    stake = ref.expected_stake(game, x)
    assert stake == 1 + split_chance(name)
    engine_value = evaluate("threshold:5,split,swap", "threshold:5", RULES, deck=deck)
    engine_stake = expected_stake("threshold:5,split,swap", "threshold:5", RULES, deck=deck)
    assert abs(float(engine_value) - float(value)) < TOL, (engine_value, value)
    assert abs(float(engine_stake) - float(stake)) < TOL, (engine_stake, stake)
    plain = ref.build(DECKS[name], allow_split=False)
    no_split = ref.evaluate(plain, ref.player_plan(plain, swap_split_threshold),
                            ref.threshold_plan(plain, THRESHOLD))
    assert abs(no_split - value) > 1e-3


@pytest.mark.parametrize("name", ["A", "S", "T"])
def test_best_replies_exact(name: str) -> None:
    """The player's best reply to ``threshold:5`` (it may swap and split, then plays its best
    on each hand against the banker's rule) and the banker's best reply to
    ``threshold:5,split,swap`` (its best after a split too), exact in the brute force."""
    deck = unseen(DECKS[name])
    game = ref.build(DECKS[name], after=(None, THRESHOLD))
    want = ref.player_best_value(game, ref.threshold_plan(game, THRESHOLD))
    got = best_response("threshold:5", "player", RULES, deck=deck).value
    assert abs(float(got) - float(want)) < TOL, (got, want)
    game = ref.build(DECKS[name], after=(THRESHOLD, None))
    want = ref.banker_best_value(game, ref.player_plan(game, swap_split_threshold))
    got = best_response("threshold:5,split,swap", "banker", RULES, deck=deck).value
    assert abs(float(got) - float(want)) < TOL, (got, want)


# =============================================================================================
# The brute force's own parts against other references
# =============================================================================================


@pytest.mark.parametrize("name", ["A", "S"])
def test_brute_force_parts(name: str) -> None:
    """Without the split, the brute force is the swap game of `bruteforce_swap` (separate
    code); its valuation after a split, with the banker's card weighted as it is dealt,
    equals `settemezzo.split.split_value` (exact) for each pairing of best and threshold
    play, so a disagreement above would lie in the decision before the split."""
    no_split = ref.solve(ref.build(DECKS[name], allow_split=False))
    swap_only = bs.solve(bs.build(DECKS[name]))
    assert abs(no_split.value - swap_only.value) < TOL
    counts = ref.deck_of(DECKS[name])
    rest = (counts[0] - 2, *counts[1:])
    weight = [Fraction(n) for n in rest]
    for pk, bk in ((None, None), (THRESHOLD, THRESHOLD), (None, THRESHOLD), (THRESHOLD, None)):
        mine = ref.after_split(rest, weight, pk, bk) / sum(weight)
        theirs = split_value(ITALIAN.with_variants("split_figures=2"), unseen(DECKS[name]),
                             player="best" if pk is None else "threshold:5",
                             banker="best" if bk is None else "threshold:5", exact=True)
        assert theirs.exact == mine, (pk, bk, theirs.exact, mine)
