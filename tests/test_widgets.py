"""Widget logic in plain pytest: set ``.value``, call ``.click()``, read what a person sees.

The numbers the widgets show are checked against independent sources: the draw odds of
`settemezzo.odds`, `settemezzo.tables.advise`, and hand counts in comments.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from settemezzo.cards import Kind
from settemezzo.game import UnsupportedRulesError
from settemezzo.rules import ITALIAN, RulesError
from settemezzo.tables import advise
from settemezzo.widgets import lookup as lk
from settemezzo.widgets.explorer import explore, odds_explorer
from settemezzo.widgets.strings import LANGS, STRINGS, text
from settemezzo.widgets.trainer import LEVELS, TrainerSession, summary_chart, trainer

K = Kind


# ---------------------------------------------------------------------------------------------
# strings
# ---------------------------------------------------------------------------------------------

def test_every_language_has_every_string_with_the_same_fields() -> None:
    import string

    def fields(s: str) -> set[str]:
        return {f for _, f, _, _ in string.Formatter().parse(s) if f}

    for lang in LANGS:
        assert set(STRINGS[lang]) == set(STRINGS["en"]), lang
        for key, en in STRINGS["en"].items():
            assert fields(STRINGS[lang][key]) == fields(en), (lang, key)


def test_unknown_language_is_a_clear_error() -> None:
    with pytest.raises(RulesError, match="'de'"):
        text("stand", "de")
    with pytest.raises(RulesError, match="'xx'"):
        explore("5", lang="xx")


# ---------------------------------------------------------------------------------------------
# lookups: the cached tables agree with the engine
# ---------------------------------------------------------------------------------------------

def test_lookup_bust_chances_match_a_count_of_the_cards() -> None:
    # every hand state's bust chance, against a count by hand: of the 40 - n unseen cards,
    # those whose value takes the total over 7½ (12 figures worth ½, four of each 1..7)
    table = lk.player_lookup(ITALIAN, "threshold:5")
    assert len(table) == 4389
    deck = {1: 12, **{2 * v: 4 for v in range(1, 8)}}    # half-points -> cards in the deck
    for (hole, up), row in table.rows.items():
        hand = [k.half_points for k in (hole, *up)]
        left = {v: n - hand.count(v) for v, n in deck.items()}
        busting = sum(n for v, n in left.items() if sum(hand) + v > 15)
        assert row.bust_if_hit == pytest.approx(busting / (40 - len(hand)), abs=1e-12)


def test_lookup_answers_at_once_after_the_first_build() -> None:
    import time

    lk.player_lookup(ITALIAN, "threshold:5")
    t0 = time.perf_counter()
    for _ in range(1000):
        lk.player_lookup(ITALIAN, "threshold:5").row(K.FIVE, (K.ACE,))
    assert time.perf_counter() - t0 < 0.1  # 1000 lookups well under 0.1 ms each


def test_hard_cases_have_the_smallest_margins() -> None:
    table = lk.player_lookup(ITALIAN, "threshold:5")
    hard = table.hard_cases(10, max_up=2)
    assert len(hard) == 10
    worst = max(r.cost_of_mistake for r in hard)
    easier = [r for r in table.rows.values() if len(r.up) <= 2 and r.cost_of_mistake > worst]
    assert len(easier) > 100 and all(r.cost_of_mistake > 1e-9 for r in hard)


# ---------------------------------------------------------------------------------------------
# odds explorer: logic
# ---------------------------------------------------------------------------------------------

def test_explore_a_lone_seven() -> None:
    # face-down 7: 12 figures of 39 unseen cards make 7½, the other 27 bust
    e = explore("7", against="threshold:5")
    assert e.status == "ok"
    assert e.bust_if_hit == Fraction(27, 39) and e.seven_half_if_hit == Fraction(12, 39)
    assert e.best == "stand" and e.row is not None and e.row.stand_ev > e.row.hit_ev


def test_explore_uses_the_seen_cards_for_the_bust_chance() -> None:
    # face-down 7 with three figures seen: 36 unseen, 9 figures left, 27 cards bust: 3/4
    e = explore("7", seen="J Q K", against="threshold:5")
    assert e.bust_if_hit == Fraction(27, 36)
    assert e.notes and "seen" in e.notes[0]


@pytest.mark.parametrize("hole, up", [("5", ()), ("5", ("1",)), ("3", ("J", "2")),
                                      ("J", ()), ("6", ("J",))])
def test_english_sentence_is_the_advise_sentence(hole: str, up: tuple[str, ...]) -> None:
    e = explore(hole, up, against="threshold:5")
    assert e.sentence == advise(hole, up, against="threshold:5").sentence()


def test_explore_in_italian_and_spanish() -> None:
    it = explore("5", ["1"], against="threshold:5", lang="it")
    es = explore("5", ["1"], against="threshold:5", lang="es")
    assert "coperta 5, scoperte 1: STO" in it.sentence
    assert "tapada 5, descubiertas 1: ME PLANTO" in es.sentence


def test_explore_finished_and_bad_hands() -> None:
    assert explore("7", ["J"]).status == "seven_half"
    assert explore("5", ["3", "3"]).status == "bust"
    bad = explore("8")
    assert bad.status == "error" and "'8'" in bad.message and "40-card deck" in bad.message
    assert explore("5", seen="5 5 5 5").status == "error"   # five 5s


def test_explore_unsupported_rules_gives_a_message(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = ITALIAN.with_variants("ties_push")

    def refuse(r: object, deck: object = None) -> None:
        raise UnsupportedRulesError("the exact heads-up game does not model ties_push yet")

    monkeypatch.setattr(lk, "heads_up", refuse)
    lk.support_problem.cache_clear()
    try:
        e = explore("5", rules=rules)
        assert e.status == "unsupported" and "does not model" in e.message
        assert e.bust_if_hit == Fraction(19, 39)   # 6 and 7 and 5s... the draw odds still show
    finally:
        lk.support_problem.cache_clear()


# ---------------------------------------------------------------------------------------------
# odds explorer: the widget
# ---------------------------------------------------------------------------------------------

def test_explorer_widget_follows_its_controls() -> None:
    w = odds_explorer(against="threshold:5")
    w.hole.value = "5"
    assert w.result is not None and w.result.hand == (K.FIVE,)
    w.up_buttons["A"].click()
    assert w.result.hand == (K.FIVE, K.ACE)
    assert "STAND" in w.output.value and "sm-bars" in w.output.value
    w.up_buttons["J"].click()
    w.undo.click()
    assert w.result.hand == (K.FIVE, K.ACE)
    w.clear.click()
    assert w.result.hand == (K.FIVE,)
    w.seen.value = "8d"
    assert w.result.status == "error" and "Cannot read the cards" in w.output.value
    w.seen.value = "5d 5c"
    assert w.result.status == "ok" and w.result.unseen == 37
    w.against.value = "equilibrium"
    assert w.result.against == "equilibrium"


def test_explorer_widget_offers_the_wild_king_only_when_wild() -> None:
    w = odds_explorer(against="threshold:5")
    assert "Kd" not in [v for _, v in w.hole.options]
    assert w.up_buttons["Kd"].layout.display == "none"


# ---------------------------------------------------------------------------------------------
# trainer: logic
# ---------------------------------------------------------------------------------------------

def test_same_seed_same_hands_whatever_the_answers() -> None:
    a = TrainerSession(seed=42, level=2, hands=6)
    b = TrainerSession(seed=42, level=2, hands=6)
    c = TrainerSession(seed=43, level=2, hands=6)
    qa, qb, qc = [], [], []
    for i in range(6):
        qa.append(a.question.cards)
        qb.append(b.question.cards)
        qc.append(c.question.cards)
        a.answer("stand")
        b.answer("hit")
        c.answer("hit")
        if i == 2:
            b.retry()
            b.answer("stand")
        if i < 5:
            a.next()
            b.next()
            c.next()
    assert qa == qb and qa != qc


def test_levels_deal_what_they_promise() -> None:
    s1 = TrainerSession(seed=5, level=1, hands=5)
    for i in range(5):
        assert len(s1.question.cards) == 1
        s1.answer("hit")
        if i < 4:
            s1.next()
    s3 = TrainerSession(seed=5, level=3, hands=1)
    assert s3.lookup.against == "equilibrium" and LEVELS[1].against == "threshold:5"


def test_scoring_right_wrong_and_retry() -> None:
    s = TrainerSession(seed=11, level=2, hands=3)
    row = s.row()
    wrong = "hit" if row.best == "stand" else "stand"
    fb = s.answer(wrong)
    assert not fb.correct and fb.cost == pytest.approx(row.cost_of_mistake)
    with pytest.raises(RulesError, match="answered already"):
        s.answer(row.best)
    s.retry()
    fb2 = s.answer(row.best)
    assert fb2.correct and fb2.retry and fb2.cost == 0
    assert (s.answered, s.right) == (1, 0)          # the retry is not scored
    assert s.stakes_lost == pytest.approx(row.cost_of_mistake)
    s.next()
    s.answer(s.row().best)
    s.next()
    s.answer(s.row().best)
    assert s.finished and s.right == 2 and s.accuracy == pytest.approx(2 / 3)
    with pytest.raises(RulesError, match="all done"):
        s.next()
    df = s.summary()
    assert list(df["correct"]) == [False, True, True]
    assert df["accuracy"].iloc[-1] == pytest.approx(2 / 3)


def test_hard_mode_draws_small_margins() -> None:
    s = TrainerSession(seed=1, level=2, hard=True, hands=8)
    pool = {(r.hole, r.up) for r in s.lookup.hard_cases(24, 3)}
    for i in range(8):
        assert (s.question.hole, s.question.up) in pool
        s.answer("stand")
        if i < 7:
            s.next()


def test_trainer_rejects_bad_settings() -> None:
    with pytest.raises(RulesError, match="level"):
        TrainerSession(level=9)
    with pytest.raises(RulesError, match="hands"):
        TrainerSession(hands=0)
    with pytest.raises(RulesError, match="'fold'"):
        TrainerSession().answer("fold")


# ---------------------------------------------------------------------------------------------
# trainer: the widget
# ---------------------------------------------------------------------------------------------

def test_trainer_widget_round_trip() -> None:
    w = trainer(seed=3, hands=2)
    assert "Hand 1 of 2" in w.hand_view.value
    assert not w.stand.disabled and w.next_button.disabled
    w.stand.click()
    assert w.stand.disabled and "sm-msg" in w.feedback.value
    assert ("Right!" in w.feedback.value) or ("Not this time." in w.feedback.value)
    w.retry_button.click()
    assert w.feedback.value == "" and not w.hit.disabled
    w.hit.click()
    assert "not counted" in w.feedback.value
    w.next_button.click()
    assert "Hand 2 of 2" in w.hand_view.value
    w.hit.click()
    assert "Done:" in w.score.value
    assert w.chart.value[:8] == b"\x89PNG\r\n\x1a\n" and w.chart.layout.display is None
    w.seed.value = 4
    w.restart.click()
    assert "Hand 1 of 2" in w.hand_view.value and w.chart.layout.display == "none"


def test_trainer_summary_chart_in_italian() -> None:
    s = TrainerSession(seed=2, level=1, hands=2, lang="it")
    s.answer("stand")
    s.next()
    s.answer("hit")
    fig = summary_chart(s)
    assert fig.axes[0].get_ylabel() == "poste perse per la scelta"
    assert "Allenatore" in fig.axes[0].get_title()
