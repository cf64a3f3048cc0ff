"""Exact analysis of a thinned deck (issue 17): ``--seen`` on solve, evaluate and advise.

The references are independent of the engine (`tests/reference`, written from the rules):

- on small decks (the 40 cards with all but a few seen), `tests.reference.bruteforce`:
  every ordered deal enumerated in Fractions, and the whole game as a matrix game proved
  exactly in rational arithmetic;
- on thinned 40-card decks (a few cards seen), `tests.reference.montecarlo`: seeded hands
  dealt from a shuffled list of the cards left, within 4 standard errors;
- the equilibrium of a thinned 40-card deck (mixed strategies on both sides), played by
  `play_hands` below: a sampler written here from the rules, which deals from a shuffle of
  exactly the cards left and only *reads* the two behavioural strategies (the chance of
  hitting at each of the player's information sets, and at each banker hand given the
  player's face-up cards); it shares nothing with the engine's recursion.

Why 4 standard errors: a hand's gain is +-1, so n hands give a standard error near
1/sqrt(n); a correct value then falls outside 4 SE with chance 6e-5 per check (two-sided
normal), so the few dozen seeded checks of the suite never fail by chance, while 4 SE (2%
of the stake at 40,000 hands) is still narrower than what removing the cards changes (each
deck below moves the value by more than 8 SE, and the test checks the full-deck value is
rejected).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from fractions import Fraction

import numpy as np
import pytest

from settemezzo.advice import seen_deck
from settemezzo.cards import CardsSeenTwiceError, InvalidCardError, Kind
from settemezzo.cli import main
from settemezzo.game import heads_up
from settemezzo.results.answers import advise
from settemezzo.rules import ITALIAN
from settemezzo.solve import BankerStrategy, PlayerStrategy, best_response, equilibrium
from tests.reference import bruteforce as bf
from tests.reference import montecarlo as mc

RANK = {0: "J", 1: "A", 2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7"}
FIGURES = ["J"] * 4 + ["Q"] * 4 + ["K"] * 4

# small decks (counts per kind: 'F' figures, 1..7), as in tests/solve/test_reference.py
DECK_A = {"F": 2, 4: 2, 5: 2, 7: 2}                              # 8 cards: players mix
DECK_C = {"F": 3, 1: 1, 2: 1, 3: 1, 4: 1, 5: 2, 6: 2, 7: 2}       # 13 cards

# cards seen from the 40 (ranks; a 7 is 14 half-points): thinned decks for the Monte Carlo
SEEN_RICH = "7 7 7 6 5 K Q 4"      # sevens gone: a deck rich in small cards
SEEN_POOR = "J Q K J Q K A 2"      # figures and low cards gone


def seen_text(left: dict[object, int]) -> str:
    """The --seen text that leaves exactly ``left`` of the 40 cards."""
    deck = bf.make_deck(left)
    cards = FIGURES[: 12 - deck[0]]
    for kind in range(1, 8):
        cards += [RANK[kind]] * (4 - deck[kind])
    return " ".join(cards)


def half_points(seen: str) -> list[int]:
    """The half-point values of the seen ranks (figure 1, ace 2, ..., seven 14)."""
    return [1 if r in "JQK" else 2 * (1 if r == "A" else int(r)) for r in seen.split()]


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    code = main([*argv, "--json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    data: dict[str, object] = json.loads(out)
    return data


def exact(data: dict[str, object], key: str) -> Fraction:
    v = data[key]
    assert isinstance(v, dict)
    return Fraction(v["fraction"])


def test_seen_text_leaves_the_small_deck() -> None:
    deck = seen_deck(seen_text(DECK_C))
    assert deck is not None and deck.total == 13
    figures = deck.count(Kind.FIGURE) + deck.count(Kind.KING_OF_DIAMONDS)  # K♦: a figure here
    assert [figures, *(deck.count(Kind(k)) for k in range(1, 8))] == list(bf.make_deck(DECK_C))


# --- small decks against the brute force ------------------------------------------------------


def test_solve_seen_matches_the_matrix_game(capsys: pytest.CaptureFixture[str]) -> None:
    sol = bf.solve_matrix_game(bf.build_matrix_game(DECK_A))
    data = run_json(capsys, "solve", "--seen", seen_text(DECK_A))
    cert = data["certificate"]
    assert isinstance(cert, dict) and cert["exploitability"] <= 1e-9
    assert data["player_value"] == pytest.approx(float(sol.value), abs=1e-9)
    assert cert["lower"] - 1e-9 <= float(sol.value) <= cert["upper"] + 1e-9
    assert data["unseen_cards"] == 8


@pytest.mark.parametrize(("player", "banker"), [(8, 10), (10, 10), (11, 12), (10, "omniscient")])
def test_evaluate_seen_matches_enumeration(capsys: pytest.CaptureFixture[str], player: int,
                                           banker: int | str) -> None:
    name = banker if isinstance(banker, str) else f"threshold:{banker / 2:g}"
    data = run_json(capsys, "evaluate", "--seen", seen_text(DECK_C),
                    "--player", f"threshold:{player / 2:g}", "--banker", name)
    assert exact(data, "player_value") == bf.evaluate(DECK_C, player, banker)


@pytest.mark.parametrize("banker", [10, "omniscient"])
def test_evaluate_seen_best_reply_matches_backward_induction(
        capsys: pytest.CaptureFixture[str], banker: int | str) -> None:
    name = banker if isinstance(banker, str) else f"threshold:{banker / 2:g}"
    data = run_json(capsys, "evaluate", "--seen", seen_text(DECK_C), "--player", "best",
                    "--banker", name)
    assert exact(data, "player_value") == bf.player_best_response(DECK_C, banker)


# --- thinned 40-card decks against the Monte Carlo --------------------------------------------


@pytest.mark.parametrize(("seen", "banker", "seed"), [(SEEN_RICH, 10, 1), (SEEN_POOR, 10, 2),
                                                     (SEEN_POOR, "omniscient", 3)])
def test_evaluate_seen_within_four_standard_errors(
        capsys: pytest.CaptureFixture[str], seen: str, banker: int | str, seed: int) -> None:
    name = banker if isinstance(banker, str) else f"threshold:{banker / 2:g}"
    data = run_json(capsys, "evaluate", "--seen", seen, "--player", "threshold:5",
                    "--banker", name)
    sim = mc.simulate(10, banker, 40_000, seed, deck=mc.thinned(half_points(seen)))
    assert sim.z(float(exact(data, "player_value"))) < 4


def test_best_reply_on_a_thinned_deck_within_four_standard_errors(
        capsys: pytest.CaptureFixture[str]) -> None:
    """The best reply to threshold:5 on the thinned deck, played by the Monte Carlo (which
    only reads its stand/hit choices) from shuffles of the cards left."""
    data = run_json(capsys, "evaluate", "--seen", SEEN_RICH, "--player", "best",
                    "--banker", "threshold:5")
    deck = seen_deck(SEEN_RICH)
    game = heads_up(ITALIAN, deck)
    reply = best_response("threshold:5", "player", game).strategy

    def kind(v: int) -> Kind:
        return Kind.FIGURE if v == 1 else Kind(v // 2)

    def hit(hole: int, up: tuple[int, ...]) -> bool:
        return bool(reply.hit_probability(game, kind(hole), [kind(v) for v in up]))

    sim = mc.simulate_policy(hit, 10, 20_000, 4, deck=mc.thinned(half_points(SEEN_RICH)))
    assert sim.z(float(exact(data, "player_value"))) < 4


def test_solve_seen_on_a_thinned_deck_is_certified(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "solve", "--seen", SEEN_POOR)
    cert = data["certificate"]
    assert isinstance(cert, dict) and cert["exploitability"] <= 1e-9
    assert data["unseen_cards"] == 32


# --- advice and bad input -----------------------------------------------------------------------


def test_advise_seen_uses_the_thinned_deck(capsys: pytest.CaptureFixture[str]) -> None:
    """Against threshold:5 on a small deck, standing on a face-down 5 is worth what the brute
    force's threshold banker gives (every banker card dealt from the cards left)."""
    seen = seen_text(DECK_C)
    a = advise("5", seen=seen, against="threshold:5")
    rest = list(bf.make_deck(DECK_C))
    rest[5] -= 1  # the player's 5
    stand = sum((p * bf._threshold_banker(d, bf.VALUE[b], 10, 10)
                 for b, p, d in bf.draws(tuple(rest))), Fraction(0))
    assert a.stand_ev == stand
    full = advise("5", against="threshold:5")
    assert full.seen == 0 and a.seen == 27 and a.stand_ev != full.stand_ev
    data = run_json(capsys, "advise", "--hole", "5", "--against", "threshold:5", "--seen", seen)
    assert Fraction(data["stand_ev"]["fraction"]) == a.stand_ev  # type: ignore[index]


@pytest.mark.parametrize(("argv", "words"), [
    (["solve", "--seen", "8s"], "8, 9 and 10 are removed"),
    (["evaluate", "--seen", "7 7 7 7 7"], "the deck holds only 4"),
    (["advise", "--hole", "7", "--seen", "7 7 7 7"], "the deck holds only 4"),
    (["advise", "--hole", "5", "--seen", "7d 7d"], "listed twice"),
])
def test_bad_seen_cards_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str],
                               words: str) -> None:
    assert main(argv) == 2
    assert words in capsys.readouterr().err


def test_seen_deck_errors_are_value_errors() -> None:
    with pytest.raises(InvalidCardError):
        seen_deck("9c")
    with pytest.raises(CardsSeenTwiceError):
        seen_deck(["K♦", "Kd"])
    assert seen_deck("") is None


# --- the equilibrium of thinned 40-card decks, played by an independent sampler ---------------

SEVEN_HALF = 15
# cards seen (ranks) that thin the 40 cards three ways: most 7s, 6s and 5s gone; most
# figures gone; figures and low cards gone (a mixed set)
SEEN_BIG = "7 7 7 7 6 6 6 5 5"
SEEN_FIGURES = "J Q K J Q K J Q K J"
SEEN_MIXED = "A A A 2 2 2 3 3 J Q K"


def kind_of_half(v: int) -> Kind:
    """The card kind of a value in half-points (figure 1, ace 2, ..., seven 14)."""
    return Kind.FIGURE if v == 1 else Kind(v // 2)


def cards_left(seen: str) -> np.ndarray:
    """The half-point values of the 40 cards less ``seen``: the deck the sampler shuffles."""
    return mc.thinned(half_points(seen)).astype(np.int64)


HitChance = Callable[[int, tuple[int, ...]], float]
BankHitChance = Callable[[tuple[int, ...], tuple[int, ...], int], float]


def play_hands(deck: np.ndarray, player_hit: HitChance, banker_hit: BankHitChance | int,
               hands: int, seed: int) -> mc.McResult:
    """The player's mean gain over ``hands`` seeded hands, each from its own shuffle of
    ``deck`` (half-points), dealt in the order of the rules: the player's face-down card,
    the banker's, the player's hits, the banker's hits.

    ``player_hit(hole, up)``: the chance the player hits (up: its face-up cards in order).
    ``banker_hit(up, bank, total)``: the chance the banker hits holding ``bank`` (its cards,
    sorted) against a player who stood with face-up cards ``up``; against a shown 7½ it hits
    until it is finished (standing below 7½ loses for sure, hitting may tie, and a tie goes
    to the banker). An int K: a threshold banker, hitting below K whatever the player shows
    (docs/rules.md: a rule of thumb has no exceptions)."""
    rng = np.random.default_rng(seed)
    rows = rng.permuted(np.tile(deck, (hands, 1)), axis=1).tolist()
    coins = rng.random((hands, 2 * len(deck))).tolist()
    gains = np.empty(hands)
    for n, (row, coin) in enumerate(zip(rows, coins, strict=True)):
        hole, up, pos, c = row[0], (), 2, 0
        player = hole
        while player < SEVEN_HALF and coin[c] < player_hit(hole, up):
            up, player, pos, c = (*up, row[pos]), player + row[pos], pos + 1, c + 1
        if player > SEVEN_HALF:
            gains[n] = -1
            continue
        c += 1
        bank = [row[1]]
        while sum(bank) < SEVEN_HALF and (
                sum(bank) < banker_hit if isinstance(banker_hit, int)
                else player == SEVEN_HALF or coin[c] < banker_hit(up, tuple(sorted(bank)),
                                                                  player)):
            bank.append(row[pos])
            pos, c = pos + 1, c + 1
        gains[n] = 1 if sum(bank) > SEVEN_HALF or player > sum(bank) else -1
    return mc.McResult(float(gains.mean()), float(gains.std(ddof=1) / np.sqrt(hands)), hands)


def player_reader(strategy: PlayerStrategy, seen: str) -> HitChance:
    """The player's chance of hitting, read from ``strategy`` (indexed by the game's
    information sets: the only thing taken from the engine)."""
    game = heads_up(ITALIAN, seen_deck(seen))

    def hit(hole: int, up: tuple[int, ...]) -> float:
        return float(strategy.hit_probability(game, kind_of_half(hole),
                                              [kind_of_half(v) for v in up]))
    return hit


def banker_reader(strategy: BankerStrategy, seen: str) -> BankHitChance:
    """The banker's chance of hitting, read from a behavioural ``strategy``: row = the
    public state (the player's face-up cards in order), column = the banker's hand (its
    count per kind)."""
    game = heads_up(ITALIAN, seen_deck(seen))
    nodes = {node.counts: node.index for node in game.banker_nodes if node.burnt < 0}

    def hit(up: tuple[int, ...], bank: tuple[int, ...], total: int) -> float:
        g = game.public_index[tuple(kind_of_half(v) for v in up)]
        kinds = [kind_of_half(v) for v in bank]
        j = nodes[tuple(kinds.count(k) for k in game.kinds)]
        return float(strategy.hit[g][j])
    return hit


def test_the_sampler_agrees_with_the_reference_monte_carlo() -> None:
    """`play_hands` with threshold:5 on both sides is `tests.reference.montecarlo` (a second
    sampler) within 4 standard errors of their difference."""
    deck = cards_left(SEEN_BIG)
    ours = play_hands(deck, lambda hole, up: float(hole + sum(up) < 10), 10, 20_000, 5)
    ref = mc.simulate(10, 10, 20_000, 6, deck=deck.astype(np.int8))
    assert abs(ours.mean - ref.mean) < 4 * np.hypot(ours.stderr, ref.stderr)


@pytest.mark.parametrize(("seen", "seed"), [(SEEN_BIG, 11), (SEEN_FIGURES, 12),
                                            (SEEN_MIXED, 13)])
def test_solve_seen_equilibrium_within_four_standard_errors(
        capsys: pytest.CaptureFixture[str], seen: str, seed: int) -> None:
    """The equilibrium of the thinned deck: `solve --seen`'s value and certificate, its two
    strategies played against each other by `play_hands` from shuffles of the cards left."""
    data = run_json(capsys, "solve", "--seen", seen)
    cert = data["certificate"]
    assert isinstance(cert, dict) and cert["exploitability"] <= 1e-9
    value = data["player_value"]
    assert isinstance(value, float)
    eq = equilibrium(heads_up(ITALIAN, seen_deck(seen)))
    assert eq.value == pytest.approx(value, abs=1e-12)  # the strategies behind the CLI value
    sim = play_hands(cards_left(seen), player_reader(eq.player, seen),
                     banker_reader(eq.banker, seen), 40_000, seed)
    assert sim.z(value) < 4
    full = equilibrium(ITALIAN).value
    if abs(value - full) > 8 * sim.stderr:  # the check tells this deck from the full one
        assert sim.z(full) > 4


@pytest.mark.parametrize(("seen", "player", "banker", "seed"), [
    (SEEN_BIG, "threshold:5", "equilibrium", 21),
    (SEEN_MIXED, "threshold:5", "equilibrium", 22),
    (SEEN_FIGURES, "equilibrium", "threshold:5", 23),
    (SEEN_BIG, "equilibrium", "threshold:5", 24),
])
def test_evaluate_seen_against_the_equilibrium_within_four_standard_errors(
        capsys: pytest.CaptureFixture[str], seen: str, player: str, banker: str,
        seed: int) -> None:
    """A fixed policy against the other side's equilibrium of the thinned deck (`evaluate
    --seen`, exact), played by `play_hands`."""
    data = run_json(capsys, "evaluate", "--seen", seen, "--player", player, "--banker", banker)
    value = float(exact(data, "player_value")) if isinstance(
        data["player_value"], dict) else data["player_value"]
    assert isinstance(value, float)
    eq = equilibrium(heads_up(ITALIAN, seen_deck(seen)))
    if player == "equilibrium":
        sim = play_hands(cards_left(seen), player_reader(eq.player, seen), 10, 40_000, seed)
    else:
        sim = play_hands(cards_left(seen), lambda hole, up: float(hole + sum(up) < 10),
                         banker_reader(eq.banker, seen), 40_000, seed)
    assert sim.z(value) < 4
