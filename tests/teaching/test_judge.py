"""The one judge of a decision (settemezzo.teaching.judge) and its reasons (explain).

The references: hand-computed values for `verdict` and the tolerance; for the engine's
values, a second method: the equilibrium player's own choices (its stake, burn, swap and
split frequencies, solved by the LP) must be judged right, since an equilibrium plays best
replies; the burn's value recomputed from the deck's card counts (not the table's deal
chances); a fresh deck's values against the game's columns.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import pytest

from settemezzo.cards import Kind, Unseen
from settemezzo.errors import IllegalActionError, InputError, RulesError
from settemezzo.i18n import LANGUAGES, t
from settemezzo.odds import draw_kinds
from settemezzo.rules import ITALIAN, SPANISH, Rules, from_spec
from settemezzo.simulate.tablegame import TableGame
from settemezzo.teaching.books import book, played_deck
from settemezzo.teaching.explain import (
    choice_word,
    cost_text,
    judgement_sentence,
    reason_sentence,
)
from settemezzo.teaching.judge import (
    Judgement,
    deal_value,
    judge_burn,
    judge_move,
    judge_moves,
    judge_play,
    judge_split,
    judge_stake,
    judge_swap,
    verdict,
)
from settemezzo.teaching.trainer import LEVELS, TrainerSession
from tests.simulate.test_tablegame import BANK_BURN, bank_states

FIG = Kind.FIGURE.label
BURN = from_spec("italian+burn=3,4")


# ---------------------------------------------------------------------------------------------
# the rule: best, cost, tolerance
# ---------------------------------------------------------------------------------------------

def test_the_tolerance_makes_near_ties_right() -> None:
    values = {"stand": -0.100, "hit": -0.105}          # 0.005 stakes apart (by hand)
    wide = verdict("play", "hit", values, banker="equilibrium", tolerance=0.01)
    assert (wide.best, wide.right, wide.cost, wide.reason) == ("either", True, 0.0,
                                                                "reason.either")
    narrow = verdict("play", "hit", values, banker="equilibrium", tolerance=0.001)
    assert (narrow.best, narrow.right) == ("stand", False)
    assert narrow.cost == pytest.approx(0.005)
    assert verdict("play", "stand", values, banker="x", tolerance=0.0).right


def test_a_choice_that_is_not_an_option_is_refused() -> None:
    with pytest.raises(IllegalActionError, match="'swap' is not an option"):
        verdict("play", "swap", {"stand": 0.0, "hit": 0.1}, banker="equilibrium")
    with pytest.raises(InputError, match="unknown decision 'dance'"):
        verdict("dance", "stand", {"stand": 0.0}, banker="equilibrium")


def test_a_wrong_answer_never_costs_0_00() -> None:
    j = verdict("split", "no_split", {"no_split": 0.0, "split": 0.002}, banker="equilibrium",
                tolerance=0.001)
    assert not j.right and cost_text(j.cost) == "0.002"
    assert "0.002" in judgement_sentence(j) and "0.00 " not in judgement_sentence(j)
    assert cost_text(0.373, "fr") == "0,37" and cost_text(0.0) == "0.00"


# ---------------------------------------------------------------------------------------------
# each decision kind against the equilibrium's own choices (a second method: the LP)
# ---------------------------------------------------------------------------------------------

def test_the_equilibrium_stake_is_judged_right_on_every_first_card() -> None:
    b = book(SPANISH)
    stakes = range(SPANISH.min_stake, SPANISH.max_stake + 1)
    for k in Kind:
        if b.row((stakes[0], "", k.label, "", "")) is None:
            continue
        reach = {s: r["own_reach"] for s in stakes if (r := b.row((s, "", k.label, "", "")))}
        picked = max(reach, key=lambda s: reach[s])
        j = judge_stake(b, k.label, stakes, f"stake:{picked}", tolerance=1e-6)
        assert j is not None and j.right, (k, j)
        assert set(j.values) == {f"stake:{s}" for s in stakes}


def test_the_equilibrium_splits_two_figures_and_the_judge_agrees() -> None:
    b = book(SPANISH)
    key = (2, "", FIG, FIG, "")
    assert b.row(key)["own_reach"] == 0.0   # the equilibrium never plays them as one hand
    j = judge_split(b, key, "no_split")
    assert j is not None and not j.right and j.best == "split" and j.reason == "reason.split"
    assert j.cost == pytest.approx(j.values["split"] - j.values["no_split"])
    assert judge_split(b, key, "split").right


def test_the_equilibrium_swaps_where_the_judge_says_swap() -> None:
    b = book(SPANISH)
    checked = 0
    for rec in b.records:
        f, gain = rec.get("swap_frequency"), rec.get("swap_gain")
        if rec["own_reach"] < 0.5 or f is None or f != f or gain is None or gain != gain:
            continue
        if rec["hit_frequency"] < 1 - 1e-9 or f not in (0.0, 1.0):
            continue
        key = b.key_of(b.records.index(rec))
        j = judge_swap(b, key, "swap" if f == 1.0 else "keep", tolerance=1e-6)
        assert j is not None and j.right, (key, j)
        checked += 1
        if checked >= 40:
            break
    assert checked >= 10


def test_the_burn_by_card_counts_and_the_equilibrium_burn() -> None:
    b = book(BURN)
    for hole in ("3", "4"):
        j = judge_burn(b, 1, hole, "burn")
        assert j is not None
        # second method: the new face-down card's chance from the deck's counts (39 left)
        rest = BURN.take(Unseen.full(), [next(k for k in Kind if k.label == hole)])
        by_counts = sum(Fraction(n, 39) * b.best_value((1, hole, k.label, "", ""))
                        for k, n in draw_kinds(rest, BURN))
        assert j.values["burn"] == pytest.approx(float(by_counts), abs=1e-9)
        root = b.row((1, "", hole, "", ""))
        burns = root["own_reach"] < 1e-9       # the equilibrium burns (it never keeps it)
        assert j.best in (("burn", "either") if burns else ("no_burn", "either"))


def test_stand_or_hit_matches_the_game_columns() -> None:
    from settemezzo import results
    from settemezzo.rows import named_columns

    b = book(ITALIAN)
    game = results.get(ITALIAN).game
    cols = named_columns(game, "equilibrium")
    for hole, up in ((Kind(5), ()), (Kind.FIGURE, (Kind(3),)), (Kind(4), (Kind(2),))):
        st = game.infoset(hole, up)
        key = (1, "", hole.label, " ".join(k.label for k in up), "")
        j = judge_play(b, key, "stand", tolerance=0.0)
        assert j is not None
        assert j.values["stand"] == pytest.approx(float(cols.stand_ev[st.index]), abs=1e-7)
        assert j.values["hit"] == pytest.approx(float(cols.hit_ev[st.index]), abs=1e-7)


# ---------------------------------------------------------------------------------------------
# at the table
# ---------------------------------------------------------------------------------------------

def _to_student(g: TableGame) -> None:
    while g.to_play is None and not g.over:
        g.next_hand()


def test_judge_move_at_a_spanish_table() -> None:
    g = TableGame("spanish", students=1, computers=1, seed=3)
    assert g.phase == "stake"
    lo, hi = g.stake_range()
    j = judge_move(g, 1, "stake", lo)
    assert j is not None and j.kind == "stake" and j.choice == f"stake:{lo}"
    assert set(j.values) == {f"stake:{s}" for s in range(lo, hi + 1)}
    with pytest.raises(IllegalActionError, match="seat 2 is not to act"):
        judge_move(g, 2, "stake", lo)
    with pytest.raises(IllegalActionError, match="hit is not allowed now"):
        judge_move(g, 1, "hit")
    g.stake(lo)
    if g.phase == "play" and g.can_swap():
        found = judge_moves(g, 1, "swap")
        assert [x.kind for x in found] == ["play", "swap"]
        assert found[1].choice == "swap"
        assert judge_move(g, 1, "swap") == max(reversed(found), key=lambda x: x.cost)


def test_the_deck_played_down_takes_out_the_cards_seen() -> None:
    from settemezzo.cards import kind_of

    g = TableGame(from_spec("italian+reshuffle=when_exhausted"), students=0, computers=2,
                  seed=5)
    assert g.hand_no >= 1                 # computers only: a hand is played at once
    seen = g.seen_cards()
    assert seen and len(set(seen)) == len(seen)
    rest = played_deck(g)
    assert rest is not None and rest.total == 40 - len(seen)
    assert rest == ITALIAN.take(Unseen.full(), [kind_of(c) for c in seen])
    fresh = TableGame(from_spec("italian+reshuffle=every_hand"), students=0, computers=2,
                      seed=5)
    assert fresh.hand_no >= 1 and fresh.seen_cards() == () and played_deck(fresh) is None


def test_the_stake_before_the_deal_is_judged_against_the_banker_s_edge() -> None:
    """Before the deal a stake tells the banker nothing: stake N is worth N times a hand,
    the hand's value is minus the banker's edge the solver gives, so the least is best."""
    from settemezzo import results
    from settemezzo.results import equilibrium_source

    g = TableGame("italian", students=1, computers=1, seed=3)
    _to_student(g)
    assert g.phase == "stake" and not g.view.hand
    edge = results.get(equilibrium_source(g.rules), None).edge("equilibrium").edge
    assert deal_value(book(g.rules)) == pytest.approx(-edge, abs=1e-9)
    lo, hi = g.stake_range()
    least = judge_move(g, 1, "stake", lo)
    assert least is not None and least.kind == "stake" and least.right
    assert least.reason == "reason.deal_low" and least.best == f"stake:{lo}"
    most = judge_move(g, 1, "stake", hi)
    assert most is not None and not most.right
    assert most.cost == pytest.approx((hi - lo) * edge, abs=1e-9)
    assert "stake 1, the least" in reason_sentence(most)


def test_judge_move_at_an_italian_table_judges_stand_or_hit() -> None:
    g = TableGame("italian", students=1, computers=1, seed=3)
    _to_student(g)
    if g.phase == "stake":
        g.stake(g.stake_range()[0])
    j = judge_move(g, 1, "stand")
    assert j is not None and j.kind == "play" and set(j.values) == {"stand", "hit"}
    assert j.banker == "equilibrium" and j.reason.startswith("reason.")


@pytest.mark.parametrize("rules,computers", [(ITALIAN, 2), (SPANISH, 1), (BANK_BURN, 1)])
def test_a_student_holding_the_bank_is_judged_by_the_table_banker(rules: Rules,
                                                                  computers: int) -> None:
    """The bank's stand, hit and burn are judged by `TableGame.bank_values` (checked against
    a recursion of its own over the bank's draws in tests/simulate/test_tablegame.py), per
    unit of the stakes at play, counted here from the view: the judgement's best is the
    table banker's own choice (`bank_hint`, `burn_is_better` through ``bank_values``), and
    at a burn a stand first declines it, then is judged on the card kept."""
    seen: set[str] = set()
    for g in bank_states(rules, range(1, 30), computers, every=True):
        v = g.view
        assert v is not None and v.role == "banker"
        stakes = sum(n for s in v.table if s.role == "player"
                     for n, st in zip(s.stakes, s.status, strict=True) if st in ("stood", "shown"))
        for action in ("stand", "hit", "burn"):
            if not getattr(g, f"can_{action}")():
                continue
            found = judge_moves(g, v.seat, action)
            kinds = [j.kind for j in found]
            if v.decision == "bank_burn":
                assert kinds == (["bank_burn"] if action == "burn" else ["bank_burn", "bank"])
                burn = found[0]
                values = g.bank_values()
                assert values is not None and burn.values == pytest.approx(
                    {c: x / stakes for c, x in values.items()}, rel=1e-12)
                assert burn.choice == ("burn" if action == "burn" else "no_burn")
            else:
                assert kinds == ["bank"]
            j = found[-1]
            if j.kind == "bank":
                values = g.bank_values("bank_action")
                assert values is not None and j.values == pytest.approx(
                    {c: x / stakes for c, x in values.items()}, rel=1e-12)
                if v.decision == "bank_action" and j.best != "either":
                    assert (j.best == "hit") == g.bank_hint()
            assert j.banker == "table" and j.reason.startswith(("reason.bank_", "reason.either"))
            assert j.seen == (0 if g.hand_deck is None else 40 - g.hand_deck.total)
            assert judge_move(g, v.seat, action) == max(reversed(found), key=lambda x: x.cost)
            seen |= {f"{x.kind}:{x.best}" for x in found}
    assert {"bank:stand", "bank:hit"} <= seen
    assert rules.burn_mask == 0 or any(x.startswith("bank_burn:") for x in seen)


# ---------------------------------------------------------------------------------------------
# the reasons in four languages
# ---------------------------------------------------------------------------------------------

REASONS = {
    "play": [("stand", {"stand": 0.2, "hit": -0.3}), ("hit", {"stand": -0.5, "hit": -0.1})],
    "stake": [("stake:2", {"stake:2": -0.2, "stake:3": -0.3}),
              ("stake:3", {"stake:2": -0.9, "stake:3": -0.3}),
              ("stake:3", {"stake:2": -0.9, "stake:3": -0.3, "stake:4": -0.5})],
    "burn": [("burn", {"burn": -0.2, "no_burn": -0.4}),
             ("burn", {"burn": -0.4, "no_burn": -0.2})],
    "swap": [("swap", {"swap": -0.1, "keep": -0.2}), ("swap", {"swap": -0.3, "keep": -0.2})],
    "split": [("split", {"split": -0.2, "no_split": -0.3}),
              ("split", {"split": -0.4, "no_split": -0.3})],
    "bank": [("stand", {"stand": 0.2, "hit": -0.3}), ("hit", {"stand": -0.5, "hit": -0.1})],
    "bank_burn": [("burn", {"burn": -0.2, "no_burn": -0.4}),
                  ("burn", {"burn": -0.4, "no_burn": -0.2})],
}
ARGS = {"total": "4½", "up": "4", "win": 0.31, "hit_win": 0.4, "bust": 0.25, "card": "4",
        "stake": 3}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_reason_reads_in_every_language(lang: str) -> None:
    seen = set()
    for kind, cases in REASONS.items():
        for choice, values in cases:
            for up in ("", "4"):
                j = verdict(kind, choice, values, banker="equilibrium",
                            reason_args={**ARGS, "up": up}, tolerance=0.01)
                text = judgement_sentence(j, lang)
                assert "{" not in text and "0.00 " not in text and "0,00 " not in text
                assert text.endswith("."), text
                if lang != "en":
                    assert reason_sentence(j, lang) != reason_sentence(j, "en")
                seen.add(j.reason)
    for values in ({"stake:1": -0.2, "stake:2": -0.4}, {"stake:1": 0.1, "stake:2": 0.2}):
        j = verdict("stake", "stake:2", values, banker="equilibrium", reason_args={"stake": 1})
        assert "{" not in judgement_sentence(j, lang) and reason_sentence(j, lang).endswith(".")
        seen.add(j.reason)
    assert seen >= {"reason.stand", "reason.hit", "reason.stand_tells", "reason.stake_low",
                    "reason.deal_low", "reason.deal_high",
                    "reason.stake_high", "reason.stake_mid", "reason.burn", "reason.no_burn",
                    "reason.swap", "reason.keep", "reason.split", "reason.no_split",
                    "reason.bank_stand", "reason.bank_hit", "reason.bank_burn",
                    "reason.bank_no_burn"}
    j = verdict("play", "hit", {"stand": 0.0, "hit": 0.001}, banker="equilibrium")
    assert t("reason.either", lang, gap="0.001")[:3] == reason_sentence(j, lang)[:3]


def test_the_words_of_the_choices() -> None:
    assert choice_word("stake:3", "es") == "Apuesta 3"
    assert [choice_word(c, "it") for c in ("split", "swap", "burn")] == [
        "Dividi", "Scambia", "Brucia"]
    assert [choice_word(c, "en", inline=True) for c in ("stake:2", "stand", "mixed",
                                                         "no_split", "either")] == [
        "stake 2", "stand", "either (a mixed play)", "do not split", "either"]


# ---------------------------------------------------------------------------------------------
# the trainer's levels
# ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("level,kind", [(5, "stake"), (6, "swap"), (7, "split"), (8, "burn")])
def test_the_trainer_asks_every_decision(level: int, kind: str) -> None:
    s = TrainerSession(seed=2, level=level, hands=3)
    assert LEVELS[level].kind == kind and s.rules.spec() == from_spec(LEVELS[level].rules).spec()
    for i in range(3):
        q = s.question
        assert q.kind == kind and len(q.choices) >= 2
        j = s.judge(q.choices[0])
        best = max(j.values, key=lambda c: j.values[c])
        wrong = min(j.values, key=lambda c: j.values[c])
        fb = s.answer(wrong)
        assert fb.judgement.kind == kind
        assert fb.cost == (0.0 if fb.correct else pytest.approx(j.values[best] - j.values[wrong]))
        assert fb.sentence == reason_sentence(fb.judgement, "en")
        s.retry()
        assert s.answer(best).correct
        if i < 2:
            s.next()
    assert s.answered == 3


def test_a_level_needs_its_decision_in_the_rules() -> None:
    with pytest.raises(RulesError, match="level 5 asks a decision"):
        TrainerSession(level=5, rules=ITALIAN)
    assert TrainerSession(level=1).rules == ITALIAN
    assert sorted(LEVELS) == list(range(1, 9))


def test_the_trainer_tolerance() -> None:
    strict = TrainerSession(seed=11, level=2, hands=1, tolerance=0.0)
    loose = TrainerSession(seed=11, level=2, hands=1, tolerance=0.99)
    row = strict.row()
    wrong = "hit" if row.stand_ev > row.hit_ev else "stand"
    assert not strict.answer(wrong).correct and loose.answer(wrong).correct


def test_a_spanish_class_practises_the_split(tmp_path: Path) -> None:
    from settemezzo.classroom_server import pages
    from settemezzo.classroom_server.service import Classroom

    room = Classroom.open(tmp_path / "c.db", seed=3, rules="spanish", level=7, hands=2)
    token = room.join(room.store.class_code.lower(), "Ada").token
    view = room.student_view(token)
    assert view is not None and view.choices == ("split", "no_split")
    html = pages.student_page(view, "es", "csrf")
    assert 'id="split"' in html and "Separar" in html and 'id="stand"' not in html
    with pytest.raises(InputError, match="choice must be one of split, no_split"):
        room.answer(token, "stand", 1)
    fb = room.answer(token, "no_split", 1)
    assert fb is not None and not fb.correct and fb.best == "split"
    (a,) = room.store.answers()
    assert set(a.values) == {"split", "no_split"} and a.best == "split" and a.cost > 0
    view = room.student_view(token)
    assert view is not None and "Separa:" in pages.student_page(view, "es", "csrf")
    with pytest.raises(RulesError, match="level 5 asks a decision"):
        Classroom.open(tmp_path / "d.db", seed=3, rules="italian", level=5, hands=2)


def test_a_stock_used_up_at_the_deal_is_a_full_deck_again() -> None:
    """Every card seen when a hand is dealt: the first card comes from them all shuffled
    again, so the hand is valued on a full deck (not on an empty one, which the engine
    cannot build)."""
    from types import SimpleNamespace

    from settemezzo.cards import full_deck

    rules = from_spec("italian+reshuffle=when_exhausted")
    used_up = SimpleNamespace(rules=rules, seen_cards=lambda: tuple(full_deck()))
    most = SimpleNamespace(rules=rules, seen_cards=lambda: tuple(full_deck()[:39]))
    assert played_deck(used_up) is None  # type: ignore[arg-type]
    rest = played_deck(most)  # type: ignore[arg-type]
    assert rest is not None and rest.total == 1


# ---------------------------------------------------------------------------------------------
# a hand after a swap the equilibrium never makes
# ---------------------------------------------------------------------------------------------
SWAP = from_spec("italian+swap_hidden")


def _start_of(rec: dict[str, object]) -> tuple[tuple[Kind, ...], str] | None:
    """A reached row after one swap: the cards face up at the swap, and those since (None
    where the swapped card's label is not alone among the face-up ones)."""
    ups, last = str(rec["up"]).split(" "), str(rec["swapped"]).split(" ")[-1]
    if ups.count(last) != 1:
        return None
    p = ups.index(last)
    labels = {k.label: k for k in Kind}
    return tuple(SWAP.plain_kinds(labels[x] for x in ups[:p + 1])), " ".join(ups[p + 1:])


def test_the_rest_of_a_hand_after_a_swap_is_the_whole_table_s() -> None:
    """Second method: the subgame's own table (`swap_book`) against the whole game's rows of
    the swaps the equilibrium makes (its subgames, solved with the game): the same values."""
    from settemezzo.game import without_cards
    from settemezzo.teaching.books import swap_book

    b, checked, starts = book(SWAP), 0, set()
    for rec in b.records:
        found = _start_of(rec) if rec["swapped"] else None
        if found is None or (len(starts) >= 6 and found[0] not in starts):
            continue
        starts.add(found[0])
        sub = swap_book(SWAP, without_cards(Unseen.full(), found[0], SWAP),
                        tuple(sorted(found[0])))
        row = sub.row((1, "", str(rec["hole"]), found[1], ""))
        assert row is not None, rec
        assert row["stand_ev"] == pytest.approx(rec["stand_ev"], abs=1e-12)
        assert row["hit_ev"] == pytest.approx(rec["hit_ev"], abs=1e-12)
        checked += 1
    assert checked >= 50 and len(starts) == 6


def _off_the_path(seed: int) -> tuple[TableGame, tuple[Kind, ...]] | None:
    """A table of one student who swaps whenever she may, to a decision after a swap the
    equilibrium never makes, and her cards as the last swap found them (every one then
    turned up; None: no such decision within three hands)."""
    from settemezzo.cards import kind_of

    g = TableGame(SWAP, students=1, computers=0, seed=seed, hands=3)
    start: tuple[Kind, ...] = ()
    while not g.over:
        if g.phase == "done":
            g.next_hand()
        elif g.phase == "play" and g.no_hint() == "unreached":
            return g, start
        elif g.phase == "play" and g.can_swap():
            start = tuple(SWAP.plain_kinds(kind_of(c) for c in g.view.hand))
            g.act("swap")
        elif g.phase == "play":
            g.act("stand" if g.view.total >= 10 else "hit")
        else:
            g.act(*g.computer_move())
    return None


def test_a_hand_after_a_swap_the_equilibrium_never_makes_is_judged() -> None:
    """The reference: the subgame after the cards the student held at her last swap (tracked
    here, move by move), its decision the new face-down card and the cards dealt since."""
    from settemezzo.cards import kind_of
    from settemezzo.game import without_cards
    from settemezzo.teaching.books import swap_book

    games = [found for s in range(1, 12) if (found := _off_the_path(s)) is not None]
    assert len(games) >= 3
    for g, start in games:
        found = judge_moves(g, 1, "stand", deck="fresh")
        assert [j.kind for j in found] == ["play"], g.state_text()
        hand = SWAP.plain_kinds(kind_of(c) for c in g.view.hand)
        sub = swap_book(SWAP, without_cards(Unseen.full(), start, SWAP), tuple(sorted(start)))
        rec = sub.row((1, "", hand[len(start)].label,
                       " ".join(k.label for k in hand[len(start) + 1:]), ""))
        assert rec is not None and found[0].values == {"stand": rec["stand_ev"],
                                                      "hit": rec["hit_ev"]}
        assert g.hint() is None          # (the whole game's table has no row: why it is new)


def test_the_hint_after_a_swap_the_equilibrium_never_makes_is_the_subgame_s() -> None:
    """The hint at those hands (`tablelog.table_hint`): the same subgame's row, for the
    deck at the start of the hand less the cards the student held at her last swap (tracked
    here), never waiting (``coming`` with the future to wait for), the cards face up then
    first among the hand's face-up cards; its words in every language."""
    from settemezzo.cards import kind_of
    from settemezzo.game import without_cards
    from settemezzo.teaching.books import swap_book
    from settemezzo.teaching.tablelog import hint_text, table_hint

    games = [found for s in range(1, 12) if (found := _off_the_path(s)) is not None]
    for g, start in games[:3]:
        first = table_hint(g)
        if first.hint is None:
            assert first.deck == "coming" and first.pending is not None
            first.pending.result()
        found = table_hint(g, wait=True)
        deck = g.hand_deck or Unseen.full()
        assert found.swap and found.hint is not None
        assert found.deck == ("full" if g.hand_deck is None else "seen")
        hand = SWAP.plain_kinds(kind_of(c) for c in g.view.hand)
        sub = swap_book(SWAP, without_cards(deck, start, SWAP), tuple(sorted(start)))
        rec = sub.row((1, "", hand[len(start)].label,
                       " ".join(k.label for k in hand[len(start) + 1:]), ""))
        assert rec is not None
        assert (found.hint.stand_ev, found.hint.hit_ev) == (rec["stand_ev"], rec["hit_ev"])
        assert found.hint.up == tuple(k.label for k in hand[:len(start)] + hand[len(start) + 1:])
        for lang in LANGUAGES:
            text = hint_text(g, lang, found)
            assert text and "{" not in text


# ---------------------------------------------------------------------------------------------
# a hand of a split
# ---------------------------------------------------------------------------------------------
SPLIT3 = ITALIAN.with_variants("split_figures=3")


Position = tuple[str, tuple[Judgement, ...], tuple[tuple[Kind, ...], ...], int]


def _split_positions(rules: Rules, seed: int) -> list[Position]:
    """A table of one student who splits two figures whenever she first may, and else plays
    the computer's move: at each of her decisions on a hand of a split, the move, its
    judgements (made before it), her hands as tracked here card by card (the two figures at
    the split, then each card as it is dealt: the view's new card, or the screen's when it
    ended the hand), and the hand being played."""
    from settemezzo.cards import kind_of

    g = TableGame(rules, students=1, computers=1, seed=seed, hands=6)
    kinds = g.rules.plain_kinds
    out: list[Position] = []
    hands: list[list[Kind]] = []
    while not g.over:
        if g.phase == "done":
            g.next_hand()
            hands = []
            continue
        v = g.view
        assert v is not None
        if v.role == "player" and v.hands == 1 and g.can_split():
            hands = [[k] for k in kinds(kind_of(c) for c in v.hand)]
            g.split()
            continue
        if v.role != "player" or v.hands == 1 or v.decision not in ("action", "split"):
            g.act(*g.computer_move())
            continue
        assert played_deck(g) is None           # a fresh deck: the split is valued on it
        i, move = v.hand_index, g.computer_move()[0]
        out.append((move, judge_moves(g, 1, move), tuple(map(tuple, hands)), i))
        g.act(move)
        if move == "stand":
            continue
        w = g.view
        if w is not None and w.seat == 1 and w.hands > 1 and w.hand_index == i:
            hands[i] += kinds([kind_of(w.hand[-1])])
        elif w is not None and w.seat == 1 and w.hands > 1:
            last = g.seats()[1].hands[i].cards[-1]   # bust or 7½: shown
            assert last is not None
            hands[i] += kinds([kind_of(last)])
    return out


@pytest.mark.parametrize("rules,seeds", [(SPANISH, (5, 10)), (SPLIT3, (4, 12))])
def test_a_hand_of_a_split_is_judged_by_the_split_model(rules: Rules,
                                                         seeds: tuple[int, ...]) -> None:
    """The reference: `split_decision` on the hands this test tracks card by card as they
    are dealt (`_split_positions`, not the judge's `split_hands`) and the hand it knows is
    being played, on a fresh deck. A wrong position (the other hand played, a card of the
    tracked hands dropped) has other values, so a judge passing those would fail here."""
    from settemezzo.solve.walk import split_rules
    from settemezzo.split import SplitInputError, split_decision

    split = split_rules(rules)
    moves, indices = set(), set()       # (the wrong positions tried until both moves seen)
    for seed in seeds:
        positions = _split_positions(rules, seed)
        assert positions, seed
        for move, found, hands, i in positions:
            d = split_decision(split, hands, i, Unseen.full())
            assert [j.kind for j in found][-1:] == ["play"], (seed, hands, i)
            j = found[-1]                     # (a re-split declined first: its own test)
            assert j.values == {"stand": d.values["stand"], "hit": d.values["hit"]}
            assert j.choice == move and j.reason in ("reason.split_stand",
                                                     "reason.split_hit", "reason.either")
            assert j.reason_args["hands"] == len(hands)
            wrong = [(hands, 1 - i), ((*hands[:i], hands[i][:-1], *hands[i + 1:]), i)]
            for hs, c in wrong[:1 if len(hands[i]) == 1 else 2] if len(moves) < 2 else ():
                try:
                    other = split_decision(split, hs, c, Unseen.full()).values
                except SplitInputError:
                    continue
                assert {k: other.get(k) for k in j.values} != j.values, (seed, hs, c)
            moves.add(move)
            indices.add(i)
    assert moves == {"stand", "hit"} and indices == {0, 1}


def to_split_hand(seed: int, stop: Callable[[TableGame], bool]) -> TableGame:
    """A Spanish table of one student who splits two figures whenever she first may and
    else plays the computer's move, at her first decision on a hand of a split where
    ``stop``."""
    g = TableGame(SPANISH, students=1, computers=1, seed=seed, hands=6)
    while not (g.view is not None and g.view.hands > 1 and stop(g)):
        assert not g.over
        if g.phase == "done":
            g.next_hand()
        elif g.view is not None and g.view.hands == 1 and g.can_split():
            g.split()
        else:
            g.act(*g.computer_move())
    return g


def test_a_split_the_model_cannot_play_is_not_judged() -> None:
    """A re-split is judged (`judge_resplit`), and a deck without the hands' cards gives
    no judgement and no error."""
    from settemezzo.teaching.judge import judge_split_hand

    g = to_split_hand(11, lambda g: g.can_split())
    assert [j.kind for j in judge_moves(g, 1, "split")] == ["split"]
    assert [j.kind for j in judge_moves(g, 1, "stand")] == ["split", "play"]
    no_figures = Unseen.from_counts({Kind.ACE: 4, Kind.SEVEN: 4})
    assert judge_split_hand(g, no_figures, "stand") is None


def test_after_a_re_split_the_hands_open_are_judged() -> None:
    """After a re-split at the table (three hands), stand or hit is `split_decision`'s in
    the model of the three hands open (`split_rules(rules, 3)`: no re-split after them), on
    the hands as the seat's own view shows them (its cards are tracked card by card in
    `test_a_hand_of_a_split_is_judged_by_the_split_model`); the two-hand model refuses it."""
    from settemezzo.cards import kind_of
    from settemezzo.solve.walk import split_rules
    from settemezzo.split import SplitInputError, split_decision

    g = TableGame(SPANISH, students=1, computers=1, seed=11, hands=6)
    while not (g.view is not None and g.view.hands > 2 and g.view.decision == "action"):
        assert not g.over
        if g.phase == "done":
            g.next_hand()
        elif g.can_split():
            g.split()
        else:
            g.act(*g.computer_move())
    v = g.view
    mine = next(s for s in v.table if s.seat == v.seat)
    hands = [SPANISH.plain_kinds(kind_of(c) for c in h) for h in mine.cards]
    assert len(hands) == 3 and all(h[0] is Kind.FIGURE for h in hands)
    want = split_decision(split_rules(SPANISH, 3), hands, v.hand_index, Unseen.full()).values
    (j,) = judge_moves(g, 1, "stand", deck="fresh")
    assert j.values == {"stand": want["stand"], "hit": want["hit"]}
    assert j.reason_args["hands"] == 3
    with pytest.raises(SplitInputError):
        split_decision(split_rules(SPANISH), hands, v.hand_index, Unseen.full())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_reason_on_a_hand_of_a_split_reads_in_every_language(lang: str) -> None:
    args = {"total": "4½", "hands": 2, "bust": 0.41}
    for choice, values, key in (("hit", {"stand": -0.49, "hit": -0.53}, "reason.split_stand"),
                                ("stand", {"stand": -0.72, "hit": -0.21}, "reason.split_hit")):
        j = verdict("play", choice, values, banker="equilibrium", reason_args=args)
        assert j.reason == key
        text = judgement_sentence(j, lang)
        assert "{" not in text and text.endswith(".") and "4½" in text and "41" in text
        assert " 2 " in text
        if lang != "en":
            assert reason_sentence(j, lang) != reason_sentence(j, "en")


def test_a_re_split_is_judged_against_the_split_model_s_own_split() -> None:
    """Splitting two figures again on the first hand of a split: the judge's value of the
    split (this hand's second figure opening one more hand, `judge_resplit`) against the
    second method, `split_decision`'s own ``split`` option at that position in the model of
    one hand more; not splitting is the better of stand and hit with no re-split."""
    from settemezzo.solve.walk import split_rules
    from settemezzo.split import split_decision
    from settemezzo.teaching.books import split_hands

    checked = set()
    for seed in (18,):
        g = TableGame(SPANISH, students=1, computers=1, seed=seed, hands=6)
        while not g.over and checked != {2, 3}:
            v = g.view
            if g.phase == "done":
                g.next_hand()
            elif v is not None and v.hands > 1 and g.can_split() and v.hand_index == 0:
                hands = split_hands(g)
                (j,) = judge_moves(g, 1, "split", deck="fresh")
                more = split_decision(split_rules(SPANISH, len(hands) + 1), hands, 0,
                                      Unseen.full()).values
                keep = split_decision(split_rules(SPANISH, len(hands)), hands, 0,
                                      Unseen.full()).values
                assert j.kind == "split" and j.values["split"] == pytest.approx(
                    more["split"], abs=1e-15)
                assert j.values["no_split"] == max(keep["stand"], keep["hit"])
                assert [x.kind for x in judge_moves(g, 1, "hit", deck="fresh")] == [
                    "split", "play"]
                checked.add(len(hands))
                g.split()
            elif v is not None and v.hands == 1 and g.can_split():
                g.split()
            else:
                g.act(*g.computer_move())
    assert checked == {2, 3}


def test_the_hint_on_a_hand_of_a_split_is_the_judge_s_values() -> None:
    """The hint at a hand of a split (`tablelog.table_hint`): never waiting (``coming`` with
    the future), then stand's and hit's values as the judge gives them for the same move,
    said in every language."""
    from settemezzo.teaching.explain import best_sentence
    from settemezzo.teaching.tablelog import hint_text, table_hint

    g = to_split_hand(5, lambda g: g.view.decision == "action")
    first = table_hint(g)
    if first.split is None:
        assert first.deck == "coming" and first.pending is not None
    hint = table_hint(g, wait=True)
    (j,) = judge_moves(g, 1, "stand", deck=g.hand_deck or "fresh")
    assert hint.split == j.values and hint.hint is None
    for lang in LANGUAGES:
        text = hint_text(g, lang, hint)
        assert "{" not in text and f"{abs(j.values['stand']):.3f}"[2:] in text
        assert best_sentence(j.best, lang) in text      # the judge's best, ties too

