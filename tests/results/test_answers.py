"""The row of the player table that answers a hand (`settemezzo.results.answers.answer_row`),
and `advise` answering from it.

Two methods: the row read from the table shipped with the package (`settemezzo.precomputed`:
`answer_rows` picks the stake copy in the table) against the row computed from the game
with a fresh equilibrium (`settemezzo.results.precomputed_off`: `_stake_copy` picks it from
the game's reaches): ITALIAN + split_figures=2 for a split hand of a whole game, SPANISH
without swaps against a fixed banker. SPANISH's own check (stakes chosen after the first
card, swaps, splits) is in tests/solve/test_spanish.py, beside that module's one fresh SPANISH
solve (a solve here would be a second one on another test worker); the helpers that compare
are tests/advice_check.py.

The exact chances of the next card (`settemezzo.odds.hit_outcomes`, what `advise` reports)
against the game tree's own (`_columns`, exact against a fixed banker), on thinned decks.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from settemezzo import results
from settemezzo.cards import InvalidCardError, Kind, Unseen
from settemezzo.errors import InputError
from settemezzo.game import heads_up
from settemezzo.odds import hit_outcomes
from settemezzo.results.answers import advise, answer_row, answers
from settemezzo.rules import ITALIAN, SPANISH, Rules
from tests.advice_check import FLOAT_TOL, fresh_advice, kinds, same_advice

SPLIT2 = ITALIAN.with_variants("split_figures=2")

SPLIT_HANDS = [("J", ("Q",)), ("5", ()), ("3", ("2",)), ("J", ("1", "2"))]


def test_split_hand_shipped_answers_are_the_fresh_ones() -> None:
    fresh = fresh_advice(SPLIT2, SPLIT_HANDS)
    assert results.ready(SPLIT2, ("player", "equilibrium"))
    for hand, a in fresh.items():
        same_advice(advise(*hand, rules=SPLIT2), a)
        h, u = kinds(SPLIT2, *hand)
        row = answer_row(h, u, SPLIT2)   # from the shipped table (split hand included)
        assert row.stand_ev == pytest.approx(a.stand_ev, abs=FLOAT_TOL)
        assert row.hit_ev == pytest.approx(a.hit_ev, abs=FLOAT_TOL) and row.best == a.best
    assert fresh[("J", ("Q",))].split_ev is not None and fresh[("5", ())].split_ev is None


def test_fixed_banker_shipped_answers_are_the_fresh_ones() -> None:
    # against a fixed banker under rules that split, the game's values are floats (a
    # split's value is a float): the shipped table's floats are the answer's precision.
    # SPANISH without swaps (shipped): stakes after the first card, splits, a quick game
    rules = SPANISH.with_variants("swap_hidden=off")
    hands = [("7", ()), ("3", ()), ("6", ("1",)), ("J", ("1",)), ("2", ("1", "1"))]
    fresh = fresh_advice(rules, hands, "threshold:5")
    assert {a.stake for a in fresh.values()} == {2, 5}
    for hand, a in fresh.items():
        assert not isinstance(a.stand_ev, Fraction) and not isinstance(a.hit_ev, Fraction)
        same_advice(advise(*hand, rules=rules, against="threshold:5"), a)


def test_an_exact_answer_stays_exact_and_is_the_shipped_tables() -> None:
    # against a fixed banker under rules without splits the answer is computed, exact;
    # the shipped table holds the float of each of its fractions
    frame = answers(ITALIAN, "threshold:5").frame
    for hole, up in [("5", ("1",)), ("J", ()), ("2", ("3", "1"))]:
        a = advise(hole, up, against="threshold:5")
        assert isinstance(a.stand_ev, Fraction) and isinstance(a.hit_ev, Fraction)
        rec = frame[(frame.hole == a.hole) & (frame.up == " ".join(a.up))]
        assert (rec.stand_ev.item(), rec.hit_ev.item()) == (float(a.stand_ev), float(a.hit_ev))
        assert rec.best.item() == a.best and a.stake is None


def test_the_shipped_answer_solves_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    # under SPANISH the answer comes from the shipped table: no equilibrium, no game
    import settemezzo.game as game
    import settemezzo.solve as solve

    def refuse(*_: object, **__: object) -> None:
        raise AssertionError("the shipped answer should not solve")

    results.clear()
    monkeypatch.setattr(solve, "equilibrium", refuse)
    monkeypatch.setattr(game, "heads_up", refuse)
    a = advise("7", rules=SPANISH)
    assert a.stake == 5 and a.best == "stand" and a.hit_frequency is not None
    assert advise("7", rules=SPANISH, against="threshold:5").stake == 5
    # exact chances of the next card: 27 of the 39 cards bust a 7, 12 figures make 7½
    assert a.bust_if_hit == Fraction(9, 13) and a.seven_half_if_hit == Fraction(4, 13)


@pytest.mark.parametrize("rules", [ITALIAN, ITALIAN.with_variants("swap_hidden"),
                                   ITALIAN.with_variants("burn=4"), SPANISH])
def test_a_hand_has_a_row_exactly_when_the_game_has_its_decision(rules: Rules) -> None:
    # the table's answer rows are the main game's decisions (`HeadsUpGame.index`): a hand
    # without a row goes to the game, which says why it has no decision
    rows = answers(rules).frame
    keys = set(zip(rows.hole, rows.up, strict=True))
    game = heads_up(rules)
    assert keys == {(h.label, " ".join(k.label for k in u)) for h, u in game.index}
    assert len(keys) == len(rows)


def test_bad_hands_keep_their_errors() -> None:
    with pytest.raises(InvalidCardError, match="'9'"):
        advise("9", rules=SPANISH)
    with pytest.raises(InputError, match="finished"):
        advise("7", ["½"], rules=SPANISH)
    with pytest.raises(InputError, match="cannot be dealt"):
        advise("1", ["1", "1", "1", "1"], rules=SPANISH)
    with pytest.raises(ValueError, match="only 0 left"):
        advise("7", rules=SPANISH, seen="7 7 7 7")


@pytest.mark.parametrize(("rules", "seen"), [
    (ITALIAN, ""), (ITALIAN, "7 7 6 5 4 3 2 1 J Q K"),
    (ITALIAN.with_variants("wild_king"), "Kd"), (ITALIAN.with_variants("wild_king"), "J Q"),
    (ITALIAN.with_variants("pair_of_sevens"), ""), (ITALIAN.with_variants("royal"), ""),
    (ITALIAN.with_variants("swap_hidden"), ""), (SPLIT2, ""), (SPANISH, ""),
])
def test_exact_chances_of_the_next_card_are_the_game_trees(rules: Rules, seen: str) -> None:
    # card draws (`hit_outcomes`, what advise reports) against the game tree's own chances
    # of the finished hands one card later (as `settemezzo.rows.columns` reads them: the
    # card taken face up, under swap_hidden), at every main-game decision (one order of
    # each hand's face-up cards)
    from settemezzo.advice import seen_deck

    deck = seen_deck(seen)
    game = heads_up(rules, deck)
    assert game.index
    done: set[tuple[Kind, tuple[Kind, ...]]] = set()
    for (h, u), i in game.index.items():
        if (h, tuple(sorted(u))) in done:
            continue  # the chances depend on the face-up cards, not their order
        done.add((h, tuple(sorted(u))))
        kids = game.infosets[i].children
        if len(kids) == 1 and kids[0].infoset >= 0 \
                and game.infosets[kids[0].infoset].kind == "swap":
            kids = game.infosets[kids[0].infoset].children0
        bust = sum((ch.prob for ch in kids if ch.infoset < 0 and ch.score == 0), Fraction(0))
        made = sum((ch.prob for ch in kids if ch.infoset < 0 and ch.score > 0), Fraction(0))
        chances = hit_outcomes((h, *u), rules.take(deck or Unseen.full(), (h, *u)), rules)
        assert (chances["bust"], chances["seven_half"]) == (bust, made), (h, u)



def test_clearing_the_results_forgets_the_solved_decks() -> None:
    # `decision_values` keeps each deck it solved (`solve_ahead` then gives back its done
    # future); `results.clear` forgets them too: the deck's next future is a new solve
    from settemezzo.results.answers import decision_values, solve_ahead

    deck = Unseen.full().without("7 7 K 3 2 A A 5")
    first = decision_values(ITALIAN, deck, Kind.FOUR, (Kind.TWO,))
    kept = solve_ahead(ITALIAN, deck)
    assert kept.done() and solve_ahead(ITALIAN, deck) is kept
    results.clear()
    fresh = solve_ahead(ITALIAN, deck)
    assert fresh is not kept
    fresh.result(timeout=120)
    again = decision_values(ITALIAN, deck, Kind.FOUR, (Kind.TWO,))
    assert (again.stand_ev, again.hit_ev) == (first.stand_ev, first.hit_ev)
