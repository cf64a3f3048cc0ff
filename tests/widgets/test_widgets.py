"""Widget logic in plain pytest: set ``.value``, call ``.click()``, read what a person sees.

The numbers the widgets show are checked against independent sources: the draw odds of
`settemezzo.odds`, `settemezzo.advice.advise`, and hand counts in comments.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from settemezzo import results
from settemezzo.cards import Kind
from settemezzo.errors import InputError
from settemezzo.game import UnsupportedRulesError
from settemezzo.i18n import UnknownLanguageError, advice_sentence, t
from settemezzo.results.answers import advise
from settemezzo.rules import ITALIAN, SPANISH
from settemezzo.teaching import lookup as lk
from settemezzo.teaching.trainer import TrainerSession
from settemezzo.widgets.banker import banker_advice, banker_view
from settemezzo.widgets.classroom import classroom
from settemezzo.widgets.explorer import explore, odds_explorer
from settemezzo.widgets.trainer import summary_bars, summary_chart, trainer
from settemezzo.widgets.variants import (
    KNOBS,
    compare,
    edges_frame,
    knob_is_on,
    variant_comparison,
    variant_rules,
)

K = Kind


# ---------------------------------------------------------------------------------------------
# language
# ---------------------------------------------------------------------------------------------

def test_unknown_language_is_a_clear_error() -> None:
    with pytest.raises(UnknownLanguageError, match="'de'"):
        t("ui.stand", "de")
    with pytest.raises(UnknownLanguageError, match="'xx'"):
        explore("5", lang="xx")


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
    assert e.sentence == advice_sentence(advise(hole, up, against="threshold:5"))


def test_explore_in_italian_and_spanish() -> None:
    it = explore("5", ["1"], against="threshold:5", lang="it")
    es = explore("5", ["1"], against="threshold:5", lang="es")
    assert "coperta 5, scoperte 1: STO" in it.sentence
    assert "tapada 5, descubiertas 1: ME PLANTO" in es.sentence


def test_explore_finished_and_bad_hands() -> None:
    assert explore("7", ["J"]).status == "seven_half"
    assert explore("5", ["3"]).status == "bust"
    # a card after the bust cannot be dealt: the explorer says why
    after = explore("5", ["3", "3"])
    assert after.status == "error" and "is bust" in after.message
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
        with results.precomputed_off():  # a shipped rule set is solved: none is refused
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
    w.seen.value = ""
    # face-down 5 against the (refined) equilibrium banker: the equilibrium stands, and a hit,
    # which the banker then answers as well as it can, is worth as much
    assert "Best play: EITHER" in w.output.value


def test_explorer_widget_offers_the_wild_king_only_when_wild() -> None:
    w = odds_explorer(against="threshold:5")
    assert "Kd" not in [v for _, v in w.hole.options]
    assert w.up_buttons["Kd"].layout.display == "none"


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
    # the summary: HTML bars, one per answer counted (the retry is not), drawn by the browser
    assert w.chart.layout.display is None
    assert w.chart.value.count("hand ") == w.session.answered == 2
    right = sum(f.correct for f in w.session.scored)  # the session's own count
    assert f"accuracy: {round(100 * right / 2)}%" in w.chart.value
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
    # the widget's HTML summary says the same, hand by hand: ✓ for a right answer, the
    # stakes given away for a wrong one (the session's own summary, read by a second path)
    html = summary_bars(s)
    assert "Allenatore" in html and "precisione: " in html and "barre: poste perse" in html
    for _, row in s.summary().iterrows():
        assert f"mano {row['hand']}" in html
    right = int(s.summary()["correct"].sum())
    assert html.count(">✓</div>") == right  # (and once more in the legend)
    assert html.count('class="sm-bar"') == len(s.summary())


# ---------------------------------------------------------------------------------------------
# banker's view
# ---------------------------------------------------------------------------------------------

def test_banker_advice_after_a_player_stood_on_the_first_card() -> None:
    a = banker_advice("", "stood")
    assert a.status == "ok"
    post = a.lines[0].posterior
    assert sum(post.values()) == pytest.approx(1)
    # the equilibrium player stands on the face-down card alone only with 3 or more, so the
    # banker's choices run from 3 to 7; on 7 standing wins for sure (ties go to the banker)
    assert (a.lo, a.hi) == (6, 14)
    assert a.lines[0].total == 6 and a.lines[-1].total == 14
    assert a.lines[-1].win_if_stand == pytest.approx(1) and a.lines[-1].action == "stand"
    # a lone banker 7: of the 39 cards it cannot see (the player's face-down card among
    # them), all but the 12 figures bust it
    assert a.lines[-1].bust_if_hit == Fraction(27, 39)


def test_banker_win_chance_follows_the_posterior() -> None:
    # win if standing = P(player total < banker total) + P(tie) (ties go to the banker)
    a = banker_advice("2", "stood")
    for line in a.lines:
        below = sum(p for h, p in line.posterior.items()
                    if p and (0.5 if h == "½" else int(h)) + 2 < line.total / 2)
        assert line.win_if_stand == pytest.approx(below + line.tie_if_stand)


def test_banker_advice_other_results_and_errors() -> None:
    assert banker_advice("3", "bust").status == "bust"
    shown = banker_advice("7", "shown")
    assert shown.status == "shown" and "7½" in shown.message
    assert banker_advice("9", "stood").status == "error"
    assert banker_advice("7 ½", "stood").status == "error"   # 7½ face up is never 'stood'
    with pytest.raises(InputError, match="result"):
        banker_advice("3", "folded")  # type: ignore[arg-type]


def test_banker_view_widget() -> None:
    w = banker_view()
    assert w.advice is not None and w.advice.status == "ok"
    # the posterior's bars, one per face-down card, each with its percentage
    assert w.chart.value.count('class="sm-bar"') == len(w.advice.lines[0].posterior)
    assert "%" in w.chart.value
    w.up_buttons["2"].click()
    # after a 2 face up, the equilibrium player stands only with a face-down 2 or 3
    assert w.advice.up == (K.TWO,) and "Their total is 4 to 5" in w.output.value
    w.total.value = len(w.advice.lines) - 1
    assert "sm-bar" in w.chart.value and w.advice.lines[-1].hand_label in w.chart.value
    w.result.value = "bust"
    assert "already won" in w.output.value and w.chart.layout.display == "none"
    w.result.value = "stood"
    w.clear.click()
    assert w.advice.up == ()


# ---------------------------------------------------------------------------------------------
# variant comparison
# ---------------------------------------------------------------------------------------------

def test_variant_rules_switch_knobs_on_and_off() -> None:
    assert variant_rules(ITALIAN, {}) == ITALIAN
    assert variant_rules(ITALIAN, {"royal": False}) == ITALIAN
    r = variant_rules(ITALIAN, {"royal": True, "ties_push": True})
    assert r.royal and r.ties_push
    s = variant_rules(SPANISH, {"split_figures": True, "seven_half_pays": False})
    assert s.split_figures == 12 and s.seven_half_pays == 1
    assert all(knob_is_on(variant_rules(ITALIAN, {k: True}), k) for k in KNOBS)


def test_compare_ties_push_lowers_the_edge() -> None:
    c = compare(ITALIAN, {"ties_push": True})
    assert c.edge is not None and c.base_edge is not None
    assert c.base_edge == pytest.approx(0.211358, abs=1e-6)   # the README's headline number
    assert 0 < c.edge < c.base_edge
    assert c.changes   # some hands play differently when ties push


def test_compare_notes_an_unsupported_knob(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(r: object, deck: object = None) -> None:
        raise UnsupportedRulesError("the exact heads-up game does not model burn=[4] yet")

    real = lk.heads_up
    monkeypatch.setattr(lk, "heads_up", lambda r, deck=None: refuse(r) if r.burn else real(r))
    lk.support_problem.cache_clear()
    try:
        with results.precomputed_off():  # a shipped rule set is solved: none is refused
            c = compare(ITALIAN, {"burn": True})
            df = edges_frame(ITALIAN, knobs=("royal", "burn"))
        assert c.edge is None and c.base_edge is not None and "burn" in c.note
        assert list(df["edge"].isna()) == [False, False, True]
        assert set(df.columns) == {"variant", "edge", "method", "bound", "rules", "rules_spec"}
        assert not df["bound"].any()
    finally:
        lk.support_problem.cache_clear()


def test_variant_widget_toggles(monkeypatch: pytest.MonkeyPatch) -> None:
    w = variant_comparison()
    assert "21.14%" in w.output.value and w.chart.value[:4] == b"\x89PNG"
    w.knobs["ties_push"].value = True
    assert w.result is not None and w.result.rules.ties_push
    assert "base Italian rules: 21.14%" in w.output.value
    w.knobs["ties_push"].value = False
    assert w.result.rules == ITALIAN


# ---------------------------------------------------------------------------------------------
# the classroom page
# ---------------------------------------------------------------------------------------------

def test_classroom_page_builds_the_table_on_demand_and_switches_language() -> None:
    page = classroom(seed=5, hands=3)
    assert page.trainer is not None and page.table is None
    assert page.tabs.titles == ("Trainer", "Table")
    page.trainer.stand.click()
    assert "sm-msg" in page.trainer.feedback.value
    session = page.trainer.session
    assert session is not None and session.answered == 1
    page.tabs.selected_index = 1
    assert page.table is not None and page.table.game is not None
    game = page.table.game
    game.stake(game.default_stake())
    page.lang.value = "it"
    assert page.tabs.titles == ("Allenatore", "Tavolo")
    assert page.table is not None       # the table tab is open: rebuilt in Italian at once
    assert "Studente 1" in page.table.table.value
    # the progress is kept: the same trainer session (one answer) and the same game
    assert page.trainer.session is session and session.answered == 1
    assert page.table.game is game and game.hand_no == 1
    # French is offered too, and every word of the page changes with it
    assert ("Français", "fr") in page.lang.options
    page.lang.value = "fr"
    assert page.tabs.titles == ("Entraînement", "Table")
    assert "Élève 1" in page.table.table.value


def test_every_widget_speaks_french() -> None:
    e = explore("5", ["1"], lang="fr")
    assert e.status == "ok" and "cachée 5, visibles 1" in e.sentence
    assert "%" in e.sentence and "banque" in e.sentence
    a = banker_advice(["5"], rules=ITALIAN, lang="fr")
    assert a.status == "ok" and "Le joueur reste" in a.message
    w = trainer(lang="fr")
    assert w.stand.description == "Je reste" and "Main 1 sur" in w.hand_view.value


# ---------------------------------------------------------------------------------------------
# a restricted game (SPANISH: the player kept to two hands, no swap inside a split hand):
# every view of solver numbers says so. One SPANISH solve per test session (process caches).
# ---------------------------------------------------------------------------------------------

RESTRICTED_EN = "Player kept to two hands and no swap inside a split hand"
RESTRICTED_IT = "Giocatore limitato a due mani e nessuno scambio in una mano divisa"


def test_explore_notes_a_restricted_game() -> None:
    e = explore("5", rules=SPANISH)
    assert e.status == "ok" and e.row is not None
    assert e.notes[0].startswith(RESTRICTED_EN) and "at least" in e.notes[0]
    assert explore("5", rules=SPANISH, lang="it").notes[0].startswith(RESTRICTED_IT)
    assert not explore("5").notes
    w = odds_explorer(rules=SPANISH)
    assert RESTRICTED_EN in w.output.value and "does not handle" not in w.output.value
    w.rules.value = ITALIAN
    assert "kept to two hands" not in w.output.value


def test_banker_view_notes_a_restricted_game() -> None:
    a = banker_advice("", "stood", rules=SPANISH)
    assert a.status == "ok" and a.lines and a.note.startswith(RESTRICTED_EN)
    assert banker_advice("", "stood").note == ""
    w = banker_view(rules=SPANISH)
    assert RESTRICTED_EN in w.output.value and "sm-bar" in w.chart.value
    assert RESTRICTED_EN in w.chart.value  # under the bars, as under the old picture


def test_trainer_notes_a_restricted_game() -> None:
    s = TrainerSession(seed=3, level=3, rules=SPANISH, hands=2, lang="it")
    s.answer("stand")
    assert RESTRICTED_IT in summary_chart(s).axes[0].get_title()
    assert RESTRICTED_IT in summary_bars(s)  # under the bars, as under the old picture
    w = trainer(rules=SPANISH, level=3, hands=2)
    assert w.session is not None and RESTRICTED_EN in w.hand_view.value
    assert not w.stand.disabled
    assert "kept to two hands" not in trainer(hands=2).hand_view.value


def test_variants_note_a_restricted_game() -> None:
    c = compare(SPANISH, {}, strategy=False)
    assert c.edge == pytest.approx(0.0861, abs=5e-4) and c.note == ""
    assert c.restriction.startswith(RESTRICTED_EN) and "at most" in c.restriction
    assert compare(ITALIAN, {}).restriction == ""
    df = edges_frame(SPANISH, knobs=())
    assert list(df["bound"]) == [True]
    w = variant_comparison(base="spanish")
    assert RESTRICTED_EN in w.output.value and "8.61%" in w.output.value


# ---------------------------------------------------------------------------------------------
# a stake chosen after the first card, and swaps (SPANISH): the lookups read the stake the
# strategy uses, per unit of it, and say which; the banker's copies by stake and swap
# ---------------------------------------------------------------------------------------------


def test_spanish_lookup_reads_the_stake_the_strategy_uses() -> None:
    pt = lk.player_frame(SPANISH, "equilibrium")
    look = lk.player_lookup(SPANISH, "equilibrium")
    seven = look.row(K.SEVEN)
    # the equilibrium player stakes 5 on a face-down 7 (own_reach 1 there): values per chip
    ref = pt[(pt.hole == "7") & (pt.up == "") & (pt.swapped == "") & (pt.stake == 5)]
    assert ref.own_reach.item() == pytest.approx(1)
    assert seven is not None and seven.stake == 5
    assert seven.stand_ev == pytest.approx(ref.stand_ev.item() / 5, abs=1e-12)
    assert seven.cost_of_mistake == pytest.approx(ref.cost_of_mistake.item() / 5, abs=1e-12)
    # the explorer says what advise says, stake included, in each language
    for hole, up in (("7", ()), ("3", ()), ("5", ("1",))):
        a = advise(hole, up, rules=SPANISH)
        row = look.row(lk.kind_from_label(hole), tuple(lk.kind_from_label(u) for u in up))
        assert row is not None and row.stake == a.stake
        assert explore(hole, up, rules=SPANISH).sentence == advice_sentence(a)
    assert "face-down 7, nothing up, at a stake of 5 chips: STAND" in \
        explore("7", rules=SPANISH).sentence
    assert "con una posta di 5 fiches" in explore("7", rules=SPANISH, lang="it").sentence
    assert "con una apuesta de 5 fichas" in explore("7", rules=SPANISH, lang="es").sentence
    # no stake choice: nothing changes
    it = lk.player_lookup(ITALIAN, "threshold:5").row(K.SEVEN)
    assert it is not None and it.stake is None
    assert "stake of" not in explore("7", against="threshold:5").sentence


def test_spanish_banker_lookup_by_stake_and_swap() -> None:
    look = lk.banker_lookup(SPANISH)
    # nothing up: the player stood on its first card at a stake of 2 or 5 chips; a lookup
    # without a stake reads the copy the player stands in most often
    two, five = look.situation(()), look.situation((), stake=5)
    assert {r.stake for r in two} == {2} and {r.stake for r in five} == {5}
    assert two[0].stood_chance > five[0].stood_chance
    r2, r5 = look.row((), (K.FIVE,)), look.row((), (K.FIVE,), stake=5)
    assert r2 is not None and r2.stake == 2 and r2.posterior["7"] == 0   # 7s are staked 5
    assert r5 is not None and r5.stake == 5 and r5.posterior["7"] > 0
    assert look.situation((), stake=3) == []
    # a card up: it was turned up by a swap (the equilibrium player always swaps)
    one = look.situation((K.FIGURE,))
    assert one and all(r.swapped == (K.FIGURE,) and r.stake == 2 for r in one)
    # the banker view lists each banker total once
    a = banker_advice("", "stood", rules=SPANISH)
    totals = [line.total for line in a.lines]
    assert len(totals) == len(set(totals))
