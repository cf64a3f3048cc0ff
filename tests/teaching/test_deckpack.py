"""The trainer's level 4: the cards of earlier hands are shown and decide the answer. Its
questions are precomputed (data/deckdown_trainer.csv, settemezzo.teaching.deckpack)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from settemezzo.cards import Unseen
from settemezzo.rules import SPANISH, RulesError
from settemezzo.teaching.deckpack import load_pack
from settemezzo.teaching.lookup import player_lookup
from settemezzo.teaching.trainer import TrainerSession
from settemezzo.widgets.trainer import Trainer
from tests.reference import bruteforce as bf


def test_level_4_shows_the_seen_cards_and_they_decide() -> None:
    s = TrainerSession(seed=3, level=4, hands=3)
    for _ in range(3):
        q = s.question
        assert q.seen and not set(q.seen) & set(q.cards)
        row = s.row()
        fresh = player_lookup(s.rules, "threshold:5").row(q.hole, q.up)
        assert fresh is not None and fresh.best != row.best   # the seen cards decide
        fb = s.answer(row.best)
        assert fb.correct and fb.cost == 0
        if s.number < 3:
            s.next()
    assert s.accuracy == 1.0


def test_a_question_row_is_the_brute_force_stand_value() -> None:
    """Standing with the question's hand against threshold:5, every banker card dealt from
    the cards left (the brute force of tests/reference, written from the rules)."""
    q = load_pack()[0]
    deck = Unseen.full().without([*q.seen, *q.cards])
    counts = [deck.count(k) for k in range(8)]
    counts[0] += deck.count(8)  # the K♦: a plain figure
    player = sum(c.half_points for c in q.cards)
    stand = sum((p * bf._threshold_banker(d, bf.VALUE[b], player, 10)
                 for b, p, d in bf.draws(tuple(counts))), Fraction(0))
    assert q.row.stand_ev == pytest.approx(float(stand), abs=1e-9)


def test_level_4_is_for_the_italian_rules() -> None:
    with pytest.raises(RulesError, match="Italian"):
        TrainerSession(level=4, rules=SPANISH)


def test_the_trainer_widget_shows_the_seen_cards() -> None:
    w = Trainer(level=4, lang="it")
    assert "ultimo mescolamento (" in w.hand_view.value


def test_the_explorer_says_when_the_seen_cards_change_the_play() -> None:
    """A face-down 5 against threshold:5: stand on a fresh deck, hit once three 7s, two 6s
    and a 5 are gone (the exact best plays of both decks, `settemezzo.advice.advise`)."""
    from settemezzo.results.answers import advise
    from settemezzo.widgets.explorer import explore

    seen = "7 7 7 6 6 5"
    assert advise("5", against="threshold:5").best == "stand"
    assert advise("5", against="threshold:5", seen=seen).best == "hit"
    e = explore("5", [], seen, against="threshold:5", exact_seen=True)
    assert "on a fresh deck, stand; for the cards left, hit" in " ".join(e.notes)
    plain = explore("5", [], seen, against="threshold:5")
    assert not any("fresh deck" in n for n in plain.notes)
