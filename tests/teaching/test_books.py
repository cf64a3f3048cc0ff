"""`settemezzo.teaching.books`: the values a judgement reads, started ahead at a table
(`start_ahead`), shared with the judge and never waited for behind the queue. The values
themselves are checked against the engine in tests/teaching/test_judge.py."""

from __future__ import annotations

import pytest

from settemezzo.rules import SPANISH
from settemezzo.simulate.tablegame import TableGame
from settemezzo.teaching.judge import judge_moves
from tests.teaching.test_judge import to_split_hand


def test_the_values_of_a_split_hand_started_ahead_are_the_judge_s(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """`start_ahead` starts the split hand's values of the student to act as her turn
    comes, and the judge reads that very future: once it is done, the split model is not
    asked again (made to fail here, the judgement still comes, with the same values)."""
    from settemezzo.teaching import books
    from settemezzo.teaching.books import split_hand_ahead, start_ahead

    g = to_split_hand(5, lambda g: g.view.decision == "action")
    start_ahead(g)
    fut = split_hand_ahead(g, g.hand_deck)
    assert split_hand_ahead(g, g.hand_deck) is fut      # started once, kept
    values = fut.result(timeout=60)
    assert values is not None

    def asked_again(*_args: object) -> None:
        raise AssertionError("the split hand's values were made twice")

    monkeypatch.setattr(books, "_split_values", asked_again)
    (j,) = judge_moves(g, 1, "stand", deck=g.hand_deck or "fresh")
    assert j.values == values


def test_a_judgement_makes_values_queued_ahead_rather_than_wait_behind_them(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Values started ahead but still queued (the background worker busy) are made by the
    judgement that needs them, in its own thread: it does not wait behind the queue.
    Checked by holding the worker until the judgement is done (a judgement that waited
    would still be running when the test gives up on it)."""
    import threading
    from collections import OrderedDict

    from settemezzo.teaching import books
    from settemezzo.teaching.books import split_hand_ahead

    monkeypatch.setattr(books, "_SPLITS", OrderedDict())   # nothing kept yet
    g = to_split_hand(5, lambda g: g.view.decision == "action")
    release = threading.Event()
    held = books._SUB_AHEAD.submit(release.wait, 60)       # the worker busy
    try:
        queued = split_hand_ahead(g, g.hand_deck)
        assert not queued.running() and not queued.done()
        out: list[tuple[object, ...]] = []
        t = threading.Thread(target=lambda: out.append(
            judge_moves(g, 1, "stand", deck=g.hand_deck or "fresh")))
        t.start()
        t.join(timeout=30)
        assert not t.is_alive() and not held.done()
        ((j,),) = out
        assert queued.done() and j.values == queued.result()
    finally:
        release.set()
        held.result(timeout=60)


def test_starting_the_values_ahead_never_fails_at_a_table_played_down() -> None:
    """`start_ahead` after every move of Spanish tables of six students who split and swap
    when they may: it never raises, also where the stock ran out within a hand and the
    deck at the hand's start lacks a swapped hand's cards (seed 2, hand 3, found so)."""
    import random

    from settemezzo.rules import dealt_down
    from settemezzo.teaching.books import cancel_ahead, start_ahead

    rules = dealt_down(SPANISH)
    try:
        for seed in (2, 3):
            g, rng = TableGame(rules, students=6, computers=0, seed=seed, hands=4), \
                random.Random(seed)
            while not g.over:
                start_ahead(g)
                if g.phase == "done":
                    g.next_hand()
                    continue
                v = g.view
                bold = [a for a in ("split", "swap") if v is not None and v.decision != "stake"
                        and getattr(g, f"can_{a}")() and rng.random() < 0.5]
                if bold:
                    g.act(bold[0], None)
                else:
                    g.act(*g.computer_move())
    finally:
        cancel_ahead()
