"""The table in words (`settemezzo.teaching.tablelog`): the seats' names, a hand's result, the
log with the current hand first and the hint, on a stacked deck worked by hand."""

from __future__ import annotations

from fractions import Fraction

import pytest

from settemezzo.i18n import percent
from settemezzo.rules import ITALIAN
from settemezzo.simulate.tablegame import TableGame
from settemezzo.teaching.tablelog import hint_text, log_lines, result_words, seat_name


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


def test_a_hint_on_a_deck_played_down_says_it_is_a_full_deck_s() -> None:
    """The hint reads the full deck's solved tables: once cards of earlier hands are out, it
    says so in words (the bust chance still counts them)."""
    from settemezzo.i18n import t

    g = TableGame(ITALIAN.with_variants("reshuffle=when_exhausted"), 1, 0, seed=2)
    notes = []
    for _ in range(200):
        if g.view is not None and g.view.role == "player" and g.hint() is not None:
            seen = len(g.seen_cards())
            notes.append((seen, t("table.hint_full_deck", "en", n=seen) in hint_text(g)))
            if seen:
                break
        action, amount = g.computer_move()
        g.stake(amount) if action == "stake" else getattr(g, action)()  # type: ignore[func-returns-value]
    assert notes[0] == (0, False) and notes[-1][0] > 0 and notes[-1][1]
