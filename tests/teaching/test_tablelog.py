"""The table in words (`settemezzo.teaching.tablelog`): the seats' names, a hand's result, the
log with the current hand first and the hint, on a stacked deck worked by hand; at a table
played down, the hint on the deck at the start of the hand (`decision_values` of that deck,
solved apart), coming while it is solved, a full deck's where the engine refuses it."""

from __future__ import annotations

import threading
from fractions import Fraction

import pytest

from settemezzo.cards import Card, Unseen, kind_of
from settemezzo.i18n import percent, t
from settemezzo.rules import ITALIAN
from settemezzo.simulate.session import HandReport
from settemezzo.simulate.tablegame import TableGame
from settemezzo.teaching.books import start_ahead
from settemezzo.teaching.tablelog import (
    hint_text,
    log_lines,
    result_words,
    seat_name,
    table_hint,
)


def stacked() -> TableGame:
    """One student against the bank: the student's face-down 5♥, the banker's 7♣."""
    return TableGame(ITALIAN, 1, 0, seed=1, banker="threshold:5", forced=["5h", "7c"])


def test_seats_are_named_in_the_language_and_given_names_kept() -> None:
    g = TableGame(ITALIAN, 2, 2, seed=1, names=["Ada"])
    assert [seat_name(g, i, "en") for i in range(5)] == [
        "Computer 1", "Ada", "Student 2", "Computer 2", "Computer 3"]  # no seat is "Bank"
    assert [seat_name(g, i, "it") for i in range(5)] == [
        "Computer 1", "Ada", "Studente 2", "Computer 2", "Computer 3"]


@pytest.mark.parametrize(("result", "gain", "en", "es"), [
    ("won", 2, "won 2", "gana 2"), ("lost", -3, "lost 3", "pierde 3"),
    ("push", 0, "push", "empate"), ("", 0, "", "")])
def test_a_result_says_the_chips_moved(result: str, gain: int, en: str, es: str) -> None:
    assert result_words(result, gain, "en") == en
    assert result_words(result, gain, "es") == es


def test_the_log_shows_the_hand_being_played_then_what_happened() -> None:
    g = stacked()
    assert log_lines(g) == ["Hand 1 (being played)"]
    g.stake(2)
    g.stand()  # 5 against the banker's 7, who stands on 5 or more: the student loses 2
    assert log_lines(g) == ["Hand 1: Computer 1 (bank) 7", "Student 1: 5♥ = 5, lost 2"]
    assert log_lines(g, "it") == [  # the Italian deck: the 5 of hearts is the 5 of cups
        "Mano 1: Computer 1 (banco) 7", "Studente 1: 5🏆 = 5, perde 2"]
    g.next_hand()
    assert log_lines(g)[0] == "Hand 2 (being played)"
    assert log_lines(g)[1:] == ["Hand 1: Computer 1 (bank) 7", "Student 1: 5♥ = 5, lost 2"]


def test_the_hint_comes_when_the_student_plays_and_counts_the_cards_seen() -> None:
    g = stacked()
    assert hint_text(g) == ""  # the stake first: nothing to hint
    g.stake(2)
    hint = hint_text(g)
    # a face-down 5, 39 cards unseen; a hit busts on a 3, 4, 5, 6 or 7: 4 + 4 + 3 + 4 + 4
    bust = percent(Fraction(19, 39), "en", 0)
    assert hint.startswith("Hint: face-down 5, nothing up: ")
    assert hint.endswith(f"Counting every card on the table, a hit busts {bust}.")
    g.stand()
    assert hint_text(g) == ""  # the hand is over


PLAYED_DOWN = ITALIAN.with_variants("reshuffle=when_exhausted")


def to_decision(g: TableGame, hand: int) -> TableGame:
    """Computers' moves for the student until the student's first stand-or-hit decision of
    hand ``hand`` (the hint's decision)."""
    for _ in range(500):
        v = g.view
        if g.hand_no == hand and v is not None and v.role == "player" and g.hint() is not None:
            return g
        g.act(*g.computer_move())
    raise AssertionError(f"no decision in hand {hand}")


def hand_cards(r: HandReport) -> list[Card]:
    """Every card a finished hand took from the deck, from its report (the second method of
    the cards seen): the banker's, each player's hands', the burnt ones."""
    return [*r.banker_cards, *(c for _s, hands, _r, _g in r.players for h in hands for c in h),
            *(c for _s, c in r.burnt)]


def test_a_hand_2_hint_at_a_table_played_down_is_its_deck_s() -> None:
    """Hand 2 of a table played down (seed 5): the hint is `decision_values` on the deck less
    the cards of hand 1 (solved here apart), not the full deck's row, and says so."""
    from settemezzo.results.answers import decision_values

    g = to_decision(TableGame(PLAYED_DOWN, 1, 2, seed=5), 2)
    seen = hand_cards(g.reports[0])
    deck = ITALIAN.take(Unseen.full(), [kind_of(c) for c in seen])
    assert g.hand_deck == deck and 40 - deck.total == len(seen) == 11
    found = table_hint(g, wait=True)
    assert found.deck == "seen" and found.seen == 11 and found.hint is not None
    v = g.view
    assert v is not None
    kinds = ITALIAN.plain_kinds(kind_of(c) for c in v.hand)
    row = decision_values(ITALIAN.with_variants("reshuffle=when_exhausted"), deck, kinds[0],
                          tuple(kinds[1:]))
    assert found.hint.stand_ev == pytest.approx(float(row.stand_ev), abs=1e-12)
    assert found.hint.hit_ev == pytest.approx(float(row.hit_ev), abs=1e-12)
    full = g.hint()                                   # the full deck's row: another answer
    assert full is not None and abs(full.stand_ev - found.hint.stand_ev) > 0.01
    text = hint_text(g, "en", found)
    assert t("table.hint_deck", "en", n=11) in text
    assert t("table.hint_full_deck", "en", n=11) not in text
    assert "11 cards seen" in text                    # the advice's own hand says it too


def test_the_first_hand_and_a_fresh_deck_every_hand_hint_on_a_full_deck() -> None:
    g = to_decision(TableGame(PLAYED_DOWN, 1, 2, seed=5), 1)
    assert g.hand_deck is None and table_hint(g).deck == "full"
    fresh = to_decision(TableGame(ITALIAN, 1, 2, seed=5), 2)  # the cards of hand 1 back in
    assert fresh.hand_seen == () and fresh.hand_deck is None
    found = table_hint(fresh)
    assert found.deck == "full" and found.hint == fresh.hint()
    assert "cards seen" not in hint_text(fresh, "en", found)


def test_the_hint_says_the_deck_s_odds_are_coming_until_they_are_done() -> None:
    """The deck's values held back (the judge's worker kept busy): the hint says in words
    that the odds for the cards seen are coming, with no numbers; once done, it has them."""

    from settemezzo.teaching import books
    g = to_decision(TableGame(PLAYED_DOWN, 1, 2, seed=8), 2)
    n = 40 - g.hand_deck.total if g.hand_deck is not None else 0
    assert n > 0
    gate = threading.Event()
    books._AHEAD.submit(gate.wait, 120)
    try:
        start_ahead(g)
        found = table_hint(g)
        assert found.deck == "coming" and found.hint is None and found.pending is not None
        text = hint_text(g, "it", found)
        assert text.startswith(t("table.hint_coming", "it", n=n)) and "Suggerimento" not in text
    finally:
        gate.set()
    found.pending.result(300)
    done = table_hint(g)
    assert done.deck == "seen" and done.seen == n and done.hint is not None


@pytest.mark.parametrize("case", ["too_few", "not_in_deck"])
def test_a_deck_the_engine_refuses_falls_back_to_the_full_deck_and_says_so(
        monkeypatch: pytest.MonkeyPatch, case: str) -> None:
    """As if the hand were dealt from the deck's last three cards (the engine's error), or
    from a deck without the student's face-down 5 (it ran out and was shuffled again within
    the hand: the deck's values lack the decision): the full deck's hint, and it says so."""
    from settemezzo.cards import Kind

    g = TableGame(PLAYED_DOWN, 1, 0, seed=1, banker="threshold:5", forced=["5h", "7c"])
    g.stake(1)
    deck = (Unseen.from_counts({Kind.FIVE: 1, Kind.SIX: 1, Kind.ACE: 1}) if case == "too_few"
            else ITALIAN.take(Unseen.full(), [Kind.FIVE] * 4))
    monkeypatch.setattr(TableGame, "hand_deck", property(lambda _self: deck))
    found = table_hint(g, wait=True)
    n = 40 - deck.total
    assert found.deck == "fallback" and found.seen == n and found.hint == g.hint()
    text = hint_text(g, "fr", found)
    assert t("table.hint_full_deck", "fr", n=n) in text and text.startswith("Conseil :")


def test_a_spanish_hint_is_the_judge_s_values_at_the_stake_played() -> None:
    """Under the Spanish rules played down, the hint at hand 2 on is the row of the deck's
    table at the stake copy of the stake put down (the table engine's, as the full deck's
    hint), so it gives the values the class tables' judge gives the same decision
    (`judge_moves` on the deck at the start of the hand), stand and hit alike."""
    from settemezzo.rules import SPANISH
    from settemezzo.teaching.judge import judge_moves

    g = TableGame(SPANISH.with_variants("reshuffle=when_exhausted"), 1, 2, seed=5)
    for _ in range(500):
        v = g.view
        if (v is not None and v.role == "player" and v.decision == "action"
                and g.hand_deck is not None and g.hint() is not None):
            found = table_hint(g, wait=True)
            if found.deck == "seen":
                break
        g.act(*g.computer_move())
    assert found.deck == "seen" and found.hint is not None and g.view is not None
    full = g.hint()                  # the stake copy the table engine maps the stake to
    assert full is not None and found.hint.stake == full.stake is not None
    deck = g.hand_deck
    assert deck is not None
    (j, *_) = judge_moves(g, 1, "stand", deck=deck)
    assert j.kind == "play" and j.seen == found.seen > 0
    assert j.values["stand"] == pytest.approx(found.hint.stand_ev, abs=1e-12)
    assert j.values["hit"] == pytest.approx(found.hint.hit_ev, abs=1e-12)
