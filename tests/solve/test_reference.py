"""`settemezzo.solve` against independent references (Italian rules, heads-up).

The references in `tests/reference` are written from the rules in `docs/rules.md`
alone and share no code with the package:

- `tests.reference.bruteforce`: exact enumeration of every ordered deal (Fractions) on
  reduced decks, and the whole game as a matrix game over every reduced pure strategy of
  both sides, solved by LP and then proved exactly in rational arithmetic;
- `tests.reference.montecarlo`: a seeded Monte Carlo of hands dealt from a shuffled list of
  the 40 cards.

Thresholds are written in half-points in the references (``threshold:5`` is 10).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from settemezzo.cards import Kind, Unseen
from settemezzo.rules import ITALIAN, RulesError
from settemezzo.solve import best_response, equilibrium, evaluate
from tests.reference import bruteforce as bf
from tests.reference import montecarlo as mc

FULL = {"F": 12, 1: 4, 2: 4, 3: 4, 4: 4, 5: 4, 6: 4, 7: 4}
# Reduced decks, each large enough that no hand can run out of cards. DECK_A and DECK_B are
# small enough for the matrix game and not trivial: at equilibrium the player mixes between
# three pure strategies (two information sets with a mixed action) and the banker mixes too.
DECK_A = {"F": 2, 4: 2, 5: 2, 7: 2}                              # 8 cards
DECK_B = {1: 1, 3: 1, 4: 2, 6: 1, 7: 1}                           # 6 cards
DECK_C = {"F": 3, 1: 1, 2: 1, 3: 1, 4: 1, 5: 2, 6: 2, 7: 2}       # 13 cards
DECK_D = {"F": 4, 1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 7: 2}       # 18 cards
REDUCED = {"A": DECK_A, "B": DECK_B, "C": DECK_C, "D": DECK_D}


def unseen(deck: dict[object, int]) -> Unseen:
    return Unseen.from_counts({Kind(k): n for k, n in enumerate(bf.make_deck(deck))})


def policy(k: int | str) -> str:
    """A threshold in half-points as a policy name (``10`` -> ``threshold:5``)."""
    if isinstance(k, str):
        return k
    return f"threshold:{k // 2}" if k % 2 == 0 else f"threshold:{k / 2}"


# =============================================================================================
# (a) exact values of fixed policies and best replies, against brute-force enumeration
# =============================================================================================

PAIRS = [(10, 10), (8, 12), (12, 10), (11, 14), (9, 9), (1, 16), (16, 1), (13, 8)]


@pytest.mark.parametrize("deck", sorted(REDUCED))
@pytest.mark.parametrize(("player", "banker"), PAIRS)
def test_evaluate_thresholds_exact(deck: str, player: int, banker: int) -> None:
    ref = bf.evaluate(REDUCED[deck], player, banker)
    got = evaluate(policy(player), policy(banker), ITALIAN, deck=unseen(REDUCED[deck]))
    assert isinstance(got, Fraction)
    assert got == ref


@pytest.mark.parametrize("deck", sorted(REDUCED))
@pytest.mark.parametrize("player", [1, 8, 10, 12, 16])
def test_evaluate_omniscient_exact(deck: str, player: int) -> None:
    ref = bf.evaluate(REDUCED[deck], player, "omniscient")
    got = evaluate(policy(player), "omniscient", ITALIAN, deck=unseen(REDUCED[deck]))
    assert got == ref


@pytest.mark.parametrize("deck", ["A", "B", "C"])
@pytest.mark.parametrize("banker", [8, 10, 12, "omniscient"])
def test_player_best_response_exact(deck: str, banker: int | str) -> None:
    ref = bf.player_best_response(REDUCED[deck], banker)
    br = best_response(policy(banker), "player", ITALIAN, deck=unseen(REDUCED[deck]))
    assert br.value == ref
    # the reply it returns is worth what it says
    assert evaluate(br.strategy, policy(banker), ITALIAN, deck=unseen(REDUCED[deck])) == ref


@pytest.mark.parametrize("deck", ["A", "B", "C"])
@pytest.mark.parametrize("player", [9, 10, 12])
def test_banker_best_response_exact(deck: str, player: int) -> None:
    ref = bf.banker_best_response(REDUCED[deck], player)
    br = best_response(policy(player), "banker", ITALIAN, deck=unseen(REDUCED[deck]))
    assert br.value == ref


@pytest.mark.parametrize(("player", "banker"), [(10, 10), (8, 12), (12, 10), (11, 14),
                                                (10, "omniscient")])
def test_evaluate_full_deck_exact(player: int, banker: int | str) -> None:
    """The same enumeration runs on the 40-card deck in well under a second per pair."""
    ref = bf.evaluate(FULL, player, banker)
    assert evaluate(policy(player), policy(banker)) == ref


@pytest.mark.parametrize("banker", [10, "omniscient"])
def test_player_best_response_full_deck_exact(banker: int | str) -> None:
    assert best_response(policy(banker), "player").value == bf.player_best_response(FULL, banker)


# =============================================================================================
# (b) the equilibrium value against the value of the matrix game
# =============================================================================================


@pytest.fixture(scope="module", params=[("A", False), ("B", True)], ids=["A-full", "B-dominance"])
def matrix_game(request: pytest.FixtureRequest
                ) -> tuple[str, bf.MatrixGame, bf.GameSolution]:
    name, dominance = request.param
    game = bf.build_matrix_game(REDUCED[name], dominance=dominance)
    return name, game, bf.solve_matrix_game(game)


def test_matrix_game_is_solved_exactly(
        matrix_game: tuple[str, bf.MatrixGame, bf.GameSolution]) -> None:
    _, game, sol = matrix_game
    assert sol.exact, (sol.lower, sol.upper)
    assert abs(float(sol.value) - sol.lp_value) < 1e-9
    assert game.n_player > 1000
    assert len(sol.player_support) >= 2   # the player really mixes: not a trivial game


def test_equilibrium_matches_matrix_game(
        matrix_game: tuple[str, bf.MatrixGame, bf.GameSolution]) -> None:
    name, _, sol = matrix_game
    eq = equilibrium(ITALIAN, deck=unseen(REDUCED[name]))
    exact = float(sol.value)
    assert abs(eq.value - exact) < 1e-9
    assert eq.lower - 1e-9 <= exact <= eq.upper + 1e-9


@pytest.mark.parametrize("player", [9, 10, 12])
def test_matrix_game_banker_replies(
        matrix_game: tuple[str, bf.MatrixGame, bf.GameSolution], player: int) -> None:
    """The banker's best reply read off the matrix (the best column in each public state)
    agrees with the backward induction of the reference and with `best_response`."""
    name, game, _ = matrix_game
    value = game.banker_best_value(game.player_row(player))
    assert value == bf.banker_best_response(REDUCED[name], player)
    assert value == best_response(policy(player), "banker", ITALIAN,
                                  deck=unseen(REDUCED[name])).value


def test_deck_that_could_run_out_is_refused() -> None:
    # {½:2, 4:1, 6:2, 7:2}: ½ ½ 4 6 is one hand of 4 cards, two hands could need 8 > 7
    with pytest.raises(RulesError):
        equilibrium(ITALIAN, deck=unseen({"F": 2, 4: 1, 6: 2, 7: 2}))


# =============================================================================================
# (c) the full deck against a seeded Monte Carlo
# =============================================================================================

MC_HANDS = 200_000


@pytest.mark.parametrize(("player", "banker", "seed"), [
    ("threshold:5", "threshold:5", 1),
    ("threshold:4", "threshold:6", 2),
    ("threshold:6", "threshold:5", 3),
    ("threshold:5.5", "threshold:7", 4),
    ("threshold:3", "threshold:8", 5),
    ("threshold:5", "omniscient", 6),
])
def test_full_deck_against_monte_carlo(player: str, banker: str, seed: int) -> None:
    pk = int(Fraction(player.split(":")[1]) * 2)
    bk: int | str = banker if banker == "omniscient" else int(Fraction(banker.split(":")[1]) * 2)
    exact = float(evaluate(player, banker))
    sim = mc.simulate(pk, bk, MC_HANDS, seed)
    assert sim.z(exact) < 4, (exact, sim)


# =============================================================================================
# (d) best replies on the full deck dominate every threshold rule
# =============================================================================================

ALL_K = [policy(k) for k in range(1, 17)]   # thresholds ½, 1, ..., 8


def test_player_best_reply_beats_every_threshold() -> None:
    best = best_response("threshold:5", "player").value
    values = [evaluate(k, "threshold:5") for k in ALL_K]
    assert all(best >= v for v in values)
    assert best > max(values)       # and strictly: the best reply is not a threshold rule


def test_banker_best_reply_beats_every_threshold() -> None:
    best = best_response("threshold:5", "banker").value
    values = [evaluate("threshold:5", k) for k in ALL_K]
    assert all(best <= v for v in values)
    assert best < min(values)
