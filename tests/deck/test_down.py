"""Playing the deck down : settemezzo.deck.down, its CLI and its chart.

References: the brute force of `tests/reference/bruteforce.py` (independent of the engine)
for the values at one composition; hand-computed standard errors for the averaging.
"""

from __future__ import annotations

import itertools
import json
import math
import re
from fractions import Fraction
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from settemezzo.cards import Kind, Unseen
from settemezzo.cli import main
from settemezzo.deck.common import DeckDownError, ratio
from settemezzo.deck.down import deck_cycles, deck_down, hand_values
from settemezzo.game import heads_up
from settemezzo.i18n import describe_rules
from settemezzo.plots import ChartError, worth_chart
from settemezzo.rules import ITALIAN, RulesError
from settemezzo.solve import best_response
from tests.reference import bruteforce as bf

DECK_A = {"F": 2, 4: 2, 5: 2, 7: 2}                              # 8 cards: players mix
DECK_C = {"F": 3, 1: 1, 2: 1, 3: 1, 4: 1, 5: 2, 6: 2, 7: 2}       # 13 cards


def small(deck: dict[object, int]) -> Unseen:
    counts = bf.make_deck(deck)
    return Unseen.from_counts({Kind(k): n for k, n in enumerate(counts)})


def test_on_a_fresh_deck_remembering_is_worth_nothing() -> None:
    v = hand_values(Unseen.full(), "threshold:5")
    assert v.worth == 0 and isinstance(v.worth, Fraction)
    assert v.remember == best_response("threshold:5", "player").value


def test_values_on_a_small_deck_match_the_brute_force() -> None:
    """Remembering: the brute force's best reply on the cards left. Forgetting: the full-deck
    best reply (its choices read from the engine) dealt from the cards left, every deal
    enumerated by the brute force."""
    v = hand_values(small(DECK_C), "threshold:5")
    assert v.remember == bf.player_best_response(DECK_C, 10)
    full = best_response("threshold:5", "player").strategy
    game = heads_up(ITALIAN)

    def plays(hole: int, up: tuple[int, ...]) -> bool:
        return bool(full.hit_probability(game, Kind(hole), [Kind(k) for k in up]))

    assert v.forget == bf.evaluate(DECK_C, plays, 10)
    assert v.worth > 0


def test_bankers_who_remember_are_certified_bounds() -> None:
    deck = small(DECK_A)
    eq, table = hand_values(deck, "equilibrium"), hand_values(deck, "table")
    sol = bf.solve_matrix_game(bf.build_matrix_game(DECK_A))
    assert eq.remember == pytest.approx(float(sol.value), abs=1e-9)
    assert table.remember == pytest.approx(float(sol.value), abs=1e-9)
    # the banker who reads the forgetting player's strategy takes at least what the
    # equilibrium banker takes from it
    assert table.forget <= eq.forget + 1e-9
    assert eq.worth >= -1e-9 and table.worth >= -1e-9


def test_deck_cycles_thin_the_deck() -> None:
    starts, run_outs, unplayed = deck_cycles(ITALIAN, 1, cycles=2, seed=3)
    assert run_outs == 0  # heads-up, a deck the engine accepts cannot run out
    assert len(starts) == 2
    for decks in starts:
        assert decks[0] == Unseen.full()
        totals = [d.total for d in decks]
        assert totals == sorted(totals, reverse=True) and len(set(totals)) == len(totals)
        for a, b in itertools.pairwise(decks):  # each deck holds the next
            assert all(x >= y for x, y in zip(a.counts, b.counts, strict=True))
            assert 2 <= a.total - b.total <= 40  # a hand uses at least two cards
    # each cycle ends with cards never dealt: fewer than the last round started from, and
    # too few for the exact engine (module docstring: the end of a deck)
    for decks, left in zip(starts, unplayed, strict=True):
        assert 2 <= left < decks[-1].total
    assert deck_cycles(ITALIAN, 1, cycles=2, seed=3)[0] == starts  # seeded


def test_the_engine_values_only_decks_that_cannot_run_out() -> None:
    """Why a cycle ends early (deckdown's docstring), by hand: the 14 cards 7 7 7 7 6 6 6 6
    5 5 5 5 4 4 cannot run out within a hand (a hand takes at most two of them: 4 + 4 is
    already bust), and the engine accepts them; the twelve figures alone could (twelve
    figures make 6 points, still short of 7½), and it refuses them."""
    heads_up(ITALIAN, Unseen.full().without("J Q K " * 4 + "A 2 3 " * 4 + "4 4"))
    with pytest.raises(RulesError, match="could run out"):
        heads_up(ITALIAN, Unseen.from_counts({Kind.FIGURE: 11, Kind.KING_OF_DIAMONDS: 1}))


def test_a_full_table_thins_the_deck_faster() -> None:
    one, _, _ = deck_cycles(ITALIAN, 1, cycles=2, seed=3)
    four, _, _ = deck_cycles(ITALIAN, 4, cycles=2, seed=3)
    assert sum(map(len, four)) < sum(map(len, one))
    assert all(d[0].total - d[1].total >= 8 for d in four if len(d) > 1)  # 4 seats + bank


def test_ratio_standard_error_by_hand() -> None:
    """With equal hands per cycle the ratio is the plain mean of the cycle means, and its
    standard error that of a mean of independent values: sd / sqrt(n)."""
    totals, counts = [3.0, 5.0, 4.0, 8.0], [2, 2, 2, 2]
    r, se = ratio(totals, counts)
    means = np.array(totals) / 2
    assert r == pytest.approx(means.mean())
    assert se == pytest.approx(means.std(ddof=1) / math.sqrt(4))


def test_deck_down_summary_and_rows() -> None:
    r = deck_down(ITALIAN, 1, ["threshold:5"], cycles=2, seed=3)
    hands = r.hands
    assert set(hands.columns) >= {"banker", "players", "cycle", "round", "cards_left",
                                  "left_½", "left_7", "remember", "forget", "worth"}
    assert hands["exact"].all()
    row = r.summary.iloc[0]
    assert row["player_hands"] == len(hands)
    assert row["worth"] == pytest.approx(hands["worth"].mean())
    assert row["worth"] == pytest.approx(row["remember"] - row["forget"])
    assert row["worth"] > 0 and row["worth_se"] > 0
    assert json.loads(json.dumps(r.to_dict()))["summary"][0]["banker"] == "threshold:5"


@pytest.mark.parametrize(("kwargs", "words"), [
    ({"players": 4, "bankers": ["table"]}, "only a threshold:K banker"),
    ({"bankers": ["omniscient"]}, "unknown banker policy 'omniscient'; use threshold:K"),
    ({"bankers": ["threshold:x"]}, "bad banker policy 'threshold:x'"),  # the policy grammar
    ({"cycles": 1}, "cycles must be"),
    ({"players": 0}, "players must be"),
    ({"rules": ITALIAN.with_variants("burn=4")}, "without burn"),
])
def test_bad_questions_are_clear_errors(kwargs: dict[str, object], words: str) -> None:
    with pytest.raises(DeckDownError, match=words):
        deck_down(**kwargs)  # type: ignore[arg-type]


def test_cli_deckdown_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deckdown", "--cycles", "2", "--seed", "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["rules_spec"] == "italian" and data["rules"] == describe_rules(ITALIAN)
    run = data["runs"][0]
    assert run["players"] == 1 and run["summary"][0]["worth"] > 0


def test_cli_deckdown_says_what_it_wrote_in_the_language_asked(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "deck.csv"
    assert main(["deckdown", "--cycles", "2", "--seed", "3", "--out", str(out), "--quiet",
                 "--lang", "it"]) == 0
    text = capsys.readouterr().out
    assert f"scritto {out}" in text and "wrote" not in text and out.exists()


@pytest.mark.parametrize(("lang", "words"), [
    ("en", ["worth of remembering", "not dealt", "Italian rules"]),
    ("it", ["valore del ricordare", "non vengono distribuite", "regole italiane"]),
    ("es", ["valor de recordar", "no se reparten", "reglas italianas"]),
    ("fr", ["valeur du souvenir", "ne sont pas distribuées", "règles italiennes"]),
])
def test_summary_text_speaks_the_language(lang: str, words: list[str]) -> None:
    """The text report in each language: translated words, the run's numbers in the
    language's notation (decimal comma outside English), the cards not dealt per cycle."""
    from settemezzo.cli.deck import summary_text

    summary = pd.DataFrame([{"players": 1, "banker": "threshold:5", "cycles": 4,
                             "player_hands": 25, "unplayed": 11.5, "remember": -0.15,
                             "remember_se": 0.002, "forget": -0.165, "forget_se": 0.0025,
                             "worth": 0.015, "worth_se": 0.0012}])
    text = summary_text(summary, ITALIAN, [], lang)
    for w in words:
        assert w in text
    point = "." if lang == "en" else ","
    assert re.search(rf"\+1{re.escape(point)}500\s?%", text) and f"11{point}5" in text


@pytest.mark.parametrize(("argv", "words"), [
    (["deckdown", "--cycles", "1"], "--cycles must be from 2"),
    (["deckdown", "--players", "4", "--banker", "equilibrium", "--cycles", "2"],
     "only a threshold:K banker"),
    (["deckdown", "--cycles", "2", "--out", "x.txt"], "--out must name a .csv, .png"),
    (["deckdown", "--data", "somewhere"], "use it with --report"),
])
def test_cli_deckdown_bad_input_exits_2(capsys: pytest.CaptureFixture[str], argv: list[str],
                                        words: str) -> None:
    assert main([*argv, "--quiet"]) == 2
    assert words in capsys.readouterr().err


def test_worth_chart_draws_the_summary() -> None:
    summary = pd.DataFrame({"players": [1, 4], "banker": ["threshold:5", "threshold:5"],
                            "worth": [0.02, 0.01], "worth_se": [0.002, 0.001]})
    fig = worth_chart(summary, ITALIAN, lang="it")
    ax = fig.axes[0]
    labels = [x.get_text() for x in ax.get_yticklabels()]
    assert any("uno contro uno" in x for x in labels) and any("4 giocatori" in x for x in labels)
    assert "regole italiane" in ax.get_title()
    with pytest.raises(ChartError):
        worth_chart(summary.drop(columns=["worth_se"]))
