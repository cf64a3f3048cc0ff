"""Exact analysis of a thinned deck (issue 17): ``--seen`` on solve, evaluate and advise.

The references are independent of the engine (`tests/reference`, written from the rules):

- on small decks (the 40 cards with all but a few seen), `tests.reference.bruteforce`:
  every ordered deal enumerated in Fractions, and the whole game as a matrix game proved
  exactly in rational arithmetic;
- on thinned 40-card decks (a few cards seen), `tests.reference.montecarlo`: seeded hands
  dealt from a shuffled list of the cards left, within 4 standard errors.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from settemezzo.cards import CardsSeenTwiceError, InvalidCardError, Kind
from settemezzo.cli import main
from settemezzo.game import heads_up
from settemezzo.rules import ITALIAN
from settemezzo.solve import best_response
from settemezzo.tables import advise, seen_deck
from tests.reference import bruteforce as bf
from tests.reference import montecarlo as mc

RANK = {0: "J", 1: "A", 2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7"}
FIGURES = ["J"] * 4 + ["Q"] * 4 + ["K"] * 4

# small decks (counts per kind: 'F' figures, 1..7), as in tests/test_solve_reference.py
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
