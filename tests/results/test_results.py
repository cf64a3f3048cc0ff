"""The one owner of solved results (`settemezzo.results`), and the explorer waiting on it."""

from __future__ import annotations

import gc
import threading
import weakref

import pytest

from settemezzo import game, results
from settemezzo.advice import seen_deck
from settemezzo.cards import Kind, Unseen
from settemezzo.errors import InputError
from settemezzo.game import heads_up
from settemezzo.results import answers
from settemezzo.results.answers import answer_row, decision_values, solve_ahead
from settemezzo.rules import ITALIAN, from_spec
from settemezzo.solve.state import state_of
from settemezzo.tables import player_table
from settemezzo.teaching.lookup import player_lookup
from settemezzo.widgets.explorer import explore, odds_explorer

# not shipped precomputed (a pair of variants), and cheap to solve (about a second)
PAIR = ITALIAN.with_variants("royal", "ties_push")
NEVER_SOLVED = ITALIAN.with_variants("royal", "ties_push", "seven_half_pays=2")


def test_one_entry_per_rule_set_and_at_most_keep_of_them() -> None:
    results.clear()
    first = results.get(ITALIAN)
    assert results.get(ITALIAN) is first
    others = [ITALIAN.with_variants(v) for v in ("royal", "ties_push", "wild_king",
                                                  "pair_of_sevens")]
    for r in others:
        results.get(r)
    assert len(others) == results.KEEP  # so ITALIAN, the least recently used, is out
    assert results.peek(ITALIAN) is None
    assert all(results.peek(r) is not None for r in others)
    results.clear()
    assert all(results.peek(r) is None for r in others)


@pytest.mark.parametrize("spec", ["spanish", "italian+swap_hidden+burn=4"])
def test_a_forgotten_game_is_freed_without_a_collection(spec: str,
                                                        monkeypatch: pytest.MonkeyPatch
                                                        ) -> None:
    """A game tree, its equilibrium (and its subgames') and its player table hold no reference
    cycles: once nothing refers to them they are freed at once, with the cyclic collector
    off. (`results.release_memory` relies on it: it makes no collection, which in a class
    server held the GIL for 140-200 ms while every click waited.)"""
    rules = from_spec(spec)
    deck = Unseen(tuple(min(c, 2) for c in heads_up(rules).deck.counts))  # a quick solve
    results.clear()
    monkeypatch.setattr(game, "RECENT_GAMES", 0)
    game._RECENT.clear()
    gc.collect()
    gc.disable()
    try:
        tree = heads_up(rules, deck)  # the game the results solve (`heads_up` keeps it)
        with results.precomputed_off():
            solved = results.get(rules, deck)
            solved.player_table("equilibrium")
        assert state_of(tree).equilibrium is not None
        kept = [weakref.ref(g) for g in tree.games_made()]  # the subgames after a swap too
        assert len(kept) > 1
        del solved, tree
        results.clear()
        assert all(g() is None for g in kept)
    finally:
        gc.enable()


def test_forgetting_collects_only_where_a_game_was_built(monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    """An entry pushed out of the cache that built a game hands its memory back; one that
    read only the shipped results does not (it holds no game tree)."""
    results.clear()
    collections: list[int] = []
    monkeypatch.setattr(results, "release_memory", lambda: collections.append(1))
    shipped = [ITALIAN, ITALIAN.with_variants("royal"), ITALIAN.with_variants("ties_push"),
               ITALIAN.with_variants("wild_king"), ITALIAN.with_variants("pair_of_sevens")]
    for r in shipped:
        results.get(r).player_table("threshold:5")    # read from the shipped results
    assert not any(results.peek(r).used_engine for r in shipped[1:])
    assert collections == []                           # ITALIAN's entry out, no collection
    _ = results.get(shipped[1]).game                   # built: its forgetting collects
    assert results.get(shipped[1]).used_engine
    for r in (PAIR, ITALIAN, shipped[0].with_variants("burn=4"), shipped[3]):
        results.get(r)
    assert results.peek(shipped[1]) is None and collections == [1]


def test_results_are_the_engines_and_computed_once() -> None:
    results.clear()
    s = results.get(PAIR)
    assert not s.is_precomputed and not results.ready(PAIR, ("player", "threshold:5"))
    table = s.player_table("threshold:5")
    assert s.player_table("threshold:5") is table          # kept
    assert results.ready(PAIR, ("player", "threshold:5"))
    # the solvers (the bulk of a solved game's memory) are not kept once the table is
    assert not state_of(heads_up(PAIR)).solvers
    fresh = player_table(PAIR, "threshold:5")               # the engine, directly
    assert table.equals(fresh) and table.attrs == fresh.attrs


def test_a_shipped_rule_set_needs_no_solve() -> None:
    results.clear()
    s = results.get(ITALIAN)
    assert s.is_precomputed and results.ready(ITALIAN, ("player", "equilibrium"))
    assert s.stored is not None and s.summary().value < 0
    with results.precomputed_off():
        results.clear()
        assert not results.get(ITALIAN).is_precomputed
    results.clear()


def test_the_explorer_says_at_once_that_it_is_computing() -> None:
    results.clear()
    w = odds_explorer(rules=PAIR)
    w.wait()
    assert w.result is not None and w.result.row is not None and "sm-bars" in w.output.value
    assert w.progress.layout.display == "none"
    w.rules.value = ITALIAN                     # shipped: answered at once
    assert w.result is not None and w.result.row is not None
    # rules never solved in this process (the first answers of a solved deck stay kept,
    # `results.answers.decision_values`, so PAIR again could answer at once)
    w.rules.options = [*w.rules.options, ("never solved", NEVER_SOLVED)]
    w.rules.value = NEVER_SOLVED
    # at once: no numbers (of the previous rules or any), a message with an estimate, a bar
    assert w.result is None and "sm-bars" not in w.output.value
    assert "Computing the exact table" in w.output.value and " s, once" in w.output.value
    w.wait()
    assert w.result is not None and w.result.row is not None and "sm-bars" in w.output.value
    assert w.progress.layout.display == "none" and w.progress.value == 1.0


def _thinned() -> tuple[Unseen | None, Kind, tuple[Kind, ...]]:
    """A deck played down (eight cards seen) and a hand still to play on it."""
    deck = seen_deck("7d 7c K 5 5d 2 A 6")
    return deck, Kind.FOUR, (Kind.TWO,)


def test_one_decision_on_a_thinned_deck_is_the_tables_row() -> None:
    deck, hole, up = _thinned()
    results.clear()
    row = decision_values(ITALIAN, deck, hole, up)   # solved here, no table
    assert not results.ready(ITALIAN, ("player", "equilibrium"), deck)
    table = player_lookup(ITALIAN, "equilibrium", deck).row(hole, up)
    assert table is not None
    assert (row.stand_ev, row.hit_ev, row.best) == (table.stand_ev, table.hit_ev, table.best)
    assert row.hit_frequency == table.hit_frequency
    assert row == answer_row(hole, up, ITALIAN, "equilibrium", deck, table=False)


def test_a_deck_solved_ahead_answers_every_seat_from_one_solve() -> None:
    deck, hole, up = _thinned()
    ahead = solve_ahead(ITALIAN, deck)               # at the deal, in the background
    game = ahead.result(timeout=600)
    assert solve_ahead(ITALIAN, deck) is ahead       # kept: no second solve
    first = decision_values(ITALIAN, deck, hole, up)
    assert state_of(game).equilibrium is not None
    other = decision_values(ITALIAN, deck, Kind.SIX, ())
    assert first.stand_ev != other.stand_ev
    with pytest.raises(InputError, match="no decision at hand"):   # 7½: named
        decision_values(ITALIAN, deck, Kind.SEVEN, (Kind.FIGURE,))


def test_a_deck_given_up_before_its_solve_started_is_solved_when_asked_again() -> None:
    # a server stopping gives up the decks queued (`cancel_ahead`); the same deck asked for
    # later in the process must be solved, not answer with the cancelled solve's error
    deck = ITALIAN.take(Unseen.full(), [Kind.SEVEN, Kind.SIX, Kind.FIVE])
    gate = threading.Event()
    answers._AHEAD.submit(gate.wait, 120)           # the deck thread busy with another deck
    try:
        queued = solve_ahead(ITALIAN, deck)
        assert queued.cancel()                      # given up before it started
    finally:
        gate.set()
    row = decision_values(ITALIAN, deck, Kind.FIVE)
    assert row == answer_row(Kind.FIVE, (), ITALIAN, "equilibrium", deck, table=False)
    assert not solve_ahead(ITALIAN, deck).cancelled()


def test_the_explorers_first_answer_is_the_tables() -> None:
    results.clear()
    first = explore("4", ["2"], rules=PAIR, first=True)     # the equilibrium, one decision
    assert not results.ready(PAIR, ("player", "equilibrium"))
    full = explore("4", ["2"], rules=PAIR)                   # the table
    assert first.row is not None and full.row is not None
    for name in ("stand_ev", "hit_ev", "stand_win", "hit_win", "best", "hit_frequency",
                 "margin"):
        assert getattr(first.row, name) == getattr(full.row, name), name
    assert (first.sentence, first.against) == (full.sentence, full.against)
