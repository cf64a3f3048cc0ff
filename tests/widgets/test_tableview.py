"""The classroom table widget over `TableGame`: set ``.value``, ``.click()``, read what the
page shows (cards, totals, chips moved, the log with the current hand first)."""

from __future__ import annotations

from settemezzo.rules import ITALIAN, SPANISH
from settemezzo.simulate.tablegame import TableGame
from settemezzo.teaching.tablelog import log_lines
from settemezzo.widgets.tableview import ClassroomTable, classroom_table, seats_html


def test_classroom_table_widget_plays_a_hand_and_remembers_the_stake() -> None:
    w = classroom_table(students=1, computers=1, seed=7)
    g = w.game
    assert g is not None and g.phase == "stake" and not w.stake_button.disabled
    assert w.hit_button.disabled
    w.stake.value = 5
    w.stake_button.click()
    w.hint.value = True
    if g.phase == "play":
        assert "Hint:" in w.hint_view.value and "a hit busts" in w.hint_view.value
        w.stand_button.click()
    assert g.phase == "done" and not w.next_hand.disabled
    assert sum(g.chips) == 150 and "★" in w.table.value
    mine = g.reports[-1].players[0]
    gain = mine[3][0]
    word = f"won {gain}" if gain > 0 else f"lost {-gain}" if gain < 0 else "push"
    assert word in w.table.value and word in w.log.value
    assert w.log.value.index("Hand 1:") < w.log.value.index(word)
    w.next_hand.click()
    assert g.phase == "stake" and g.hand_no == 2 and w.stake.value == 5
    assert w.log.value.index("Hand 2 (being played)") < w.log.value.index("Hand 1:")


def test_the_other_face_down_cards_are_hidden_and_names_translated() -> None:
    g = TableGame(students=1, computers=1, seed=7)
    g.stake(2)
    html = seats_html(g, "it")
    assert "Studente 1" in html and "★ Computer 1" in html
    if g.phase == "play":
        assert html.count("sm-hidden") == 2      # the computer's and the banker's


def test_spanish_at_the_widget_stake_after_the_first_card_swap_and_split() -> None:
    w = ClassroomTable(rules=SPANISH, students=1, computers=0, seed=1)
    w.game = TableGame(SPANISH, 1, 0, seed=1, banker="threshold:5",
                       forced=["Qs", "5h", "Js", "3c", "2d"])
    w.refresh()
    assert "Q♠" in w.table.value and not w.stake_button.disabled and w.stake.max == 5
    w.stake.value = 4
    w.stake_button.click()
    w.swap_button.click()                     # Q♠ up, J♠ face down: two figures
    assert not w.split_button.disabled
    w.split_button.click()
    w.hit_button.click()                      # hand 1: Q♠ + 3♣ face down
    w.stand_button.click()
    w.hit_button.click()                      # hand 2: J♠ + 2♦
    w.stand_button.click()
    g = w.game
    assert g is not None and g.phase == "done"
    assert "lost 4" in w.table.value and w.table.value.count("lost 4") == 2
    lines = log_lines(g)
    assert lines[0] == "Hand 1: Computer 1 (bank) 5" and "Student 1: Q♠ 3♣ = 3½, lost 4" in lines


def test_one_to_seven_players_beside_the_bank() -> None:
    w = classroom_table(students=7, computers=0, seed=2)
    assert w.game is not None and len(w.game.seats()) == 8
    w.students.value, w.computers.value = 1, 0
    w.start()
    assert w.game is not None and len(w.game.seats()) == 2
    assert w.game.rules == ITALIAN.with_variants("reshuffle=when_exhausted")


def test_the_deck_is_played_down_unless_the_teacher_ticks_a_fresh_one() -> None:
    """../shared/RULES.md: tables where people play deal one deck across hands; a fresh deck
    every hand is the teacher's choice. The rules dropdown keeps naming the preset."""
    w = classroom_table(students=1, computers=1, seed=2)
    assert w.game is not None and w.game.rules.reshuffle == "when_exhausted"
    assert not w.fresh.value and w.rules.value == ITALIAN
    dealt, left = w.game.deck_count()
    assert dealt + left == 40 and f"Cards dealt since the shuffle: {dealt}" in w.bank.value
    assert "The deck is played down" in w.bank.value
    w.fresh.value = True
    w.start()
    assert w.game is not None and w.game.rules == ITALIAN
    assert "A fresh deck every hand." in w.bank.value
    again = ClassroomTable(game=w.game)       # a language change keeps the choice
    assert again.fresh.value and again.rules.value == ITALIAN


def test_a_rule_set_not_shipped_says_at_once_that_it_is_computing() -> None:
    """The table's computer seats and hints read the solved equilibrium: shipped for the
    presets and single variants (a SPANISH hand under keep-the-bank is SPANISH's), else
    solved first - which the widget says at once, in the explorer's words."""
    from settemezzo.results import equilibrium_source
    from settemezzo.simulate.strategies import equilibrium_ready

    assert equilibrium_ready(SPANISH.with_variants("keep_bank"))
    assert equilibrium_source(SPANISH.with_variants("keep_bank")) == SPANISH
    odd = ITALIAN.with_variants("royal", "pair_of_sevens", "burn=3,4", "wild_king")
    assert not equilibrium_ready(odd) and equilibrium_source(odd) == odd
    w = classroom_table(students=1, computers=0, seed=2)
    w._say_computing(odd)
    assert "Computing the exact table for" in w.status.value
    w._say_computing(ITALIAN)
    assert "Computing" in w.status.value     # unchanged: nothing said for a shipped one
    w.refresh()
    assert "Computing" not in w.status.value


def test_the_hint_at_a_table_played_down_comes_then_shows_without_a_click() -> None:
    """Hand 2 of a table played down, the deck's values held back: the hint says they are
    coming; when they are done the widget draws the hint again by itself (the future's
    callback), now for the deck less the cards of hand 1."""
    import threading
    import time

    from settemezzo.i18n import t
    from settemezzo.teaching import books
    from settemezzo.widgets.html import esc
    g = TableGame(ITALIAN.with_variants("reshuffle=when_exhausted"), 1, 1, seed=11)
    while not (g.hand_no == 2 and g.view is not None and g.view.role == "player"
               and g.hint() is not None):
        g.act(*g.computer_move())
    assert g.hand_deck is not None
    n = 40 - g.hand_deck.total
    gate = threading.Event()
    books._AHEAD.submit(gate.wait, 120)
    try:
        w = ClassroomTable(game=g)
        w.hint.value = True
        assert esc(t("table.hint_coming", "en", n=n)) in w.hint_view.value
        assert "Hint:" not in w.hint_view.value
    finally:
        gate.set()
    for _ in range(600):
        if "Hint:" in w.hint_view.value:
            break
        time.sleep(0.5)
    assert esc(t("table.hint_deck", "en", n=n)) in w.hint_view.value
