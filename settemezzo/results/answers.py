"""Advice read from the solved results of a rule set: `advise`, `answer_row` and `answers`.

- `answer_row`: the one owner of "the row of the player table (`settemezzo.tables.player_table`)
  that answers hand (face-down card, face-up cards) under some rules against some banker" -
  the main game's row, at the stake the strategy uses for it. Read from the table shipped
  with the package (`settemezzo.precomputed`) or kept by `settemezzo.results` when there is
  one at hand, computed from the game otherwise (`settemezzo.advice.computed_row`).
- `answers`: the same choice over a whole table (`settemezzo.advice.Answers`, kept with the
  results; the widgets' lookups read it).
- `decision_values`: one decision's row on a deck played down (the judge at a class table),
  without the table: the deck's equilibrium and that decision's values, kept per deck;
  `solve_ahead` starts the deck's solve when the hand is dealt.
- `advise`: the answer to a beginner's question, "face-down 5, nothing up: stand or hit,
  and by how much?" (`settemezzo.advice.Advice`; `settemezzo.i18n.advice_text` says it).

Reading a shipped table imports neither the solver nor the game trees: under the Spanish
rules an answer takes a fraction of a second in a fresh process, where computing it takes
seconds.

>>> a = advise("7", against="threshold:5")
>>> a.best, a.stand_ev > a.hit_ev
('stand', True)
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TYPE_CHECKING

from settemezzo.advice import Advice, Answers, advice_of, computed_row, exact_values, hand_of
from settemezzo.cards import CardSpec, Kind, Unseen
from settemezzo.game import may_split
from settemezzo.memory import gc_paused
from settemezzo.results import ENGINE_LOCK, Solved, get, on_clear, ready
from settemezzo.rows import HandRow, game_row
from settemezzo.rules import ITALIAN, Rules

if TYPE_CHECKING:
    from settemezzo.game import HeadsUpGame
    from settemezzo.solve import BankerStrategy

__all__ = ["DECKS", "advise", "answer_row", "answers", "decision_values", "solve_ahead"]


def advise(hole: str | CardSpec, up: str | Iterable[str | CardSpec] = (), *,
           rules: Rules = ITALIAN, against: str | BankerStrategy = "equilibrium",
           seen: str | Iterable[str | CardSpec] = ()) -> Advice:
    """Stand or hit with face-down ``hole`` and face-up ``up`` (in order), and by how much.

    ``seen``: cards of earlier hands, out of the deck before this hand is dealt; both sides
    know them, so the banker ``against`` (the equilibrium, or a best reply) is that of the
    thinned deck (`settemezzo.advice.seen_deck`).

    The row of the player table that answers the hand is `answer_row`'s: read from the
    table shipped with the package (or kept by `settemezzo.results`) where its floats are
    the answer's precision, computed otherwise (exact against a fixed banker, where the
    game is); the chances of the next card are exact (`settemezzo.advice.advice_of`).
    Values (``stand_ev``, ``hit_ev``, ``split_ev``) are per unit stake ("stakes"); chances
    are chances. When the stake is chosen after the first card (SPANISH), the hand is
    played at one of several stakes: the advice answers from the stake the strategy uses
    for it (see `settemezzo.advice.answer_rows`), per unit of that stake, and names the
    stake (`Advice.stake`: "at a stake of 5 chips").

    Under ``swap_hidden`` the hand is the one of the main game: ``up`` are cards taken face up
    without a swap before them. Where the strategy gets to these cards only by swapping (the
    SPANISH equilibrium player swaps whenever it hits), the answer is still that of the main
    game's decision - what standing or hitting is worth had the cards come face up; the
    decisions after a swap are the rows of `settemezzo.tables.player_table` with a non-empty
    ``swapped``. Two figures under ``split_figures``: that hand is computed from the game.
    """
    h, u, deck = hand_of(hole, up, rules=rules, seen=seen)
    row = answer_row(h, u, rules, against, deck, table=not may_split(rules, (h, *u)))
    return advice_of(h, u, rules, deck, row, against)


def answer_row(hole: Kind, up: tuple[Kind, ...] = (), rules: Rules = ITALIAN,
               against: str | BankerStrategy = "equilibrium", deck: Unseen | None = None,
               *, table: bool = True) -> HandRow:
    """The row of the player table (`settemezzo.tables.player_table` of ``rules``,
    ``against``, ``deck``) that answers the hand face-down ``hole``, face-up ``up`` (kinds as
    ``rules`` tell them apart, `Rules.plain`): the main game's row, at the stake the
    strategy uses for it (see `settemezzo.advice.answer_rows`; `settemezzo.rows.stake_copy`
    picks the same in the game).

    When `settemezzo.results` has the table at hand (shipped with the package for a full
    deck, or kept) and its floats are the answer's precision
    (`settemezzo.advice.exact_values`: against the equilibrium, or a fixed banker under
    rules that split), its row is read (``table``: False computes it anyway); else the row
    is computed from the game (`settemezzo.advice.computed_row`). A hand with no decision
    (finished, or not to be dealt from the deck) is a `settemezzo.rules.RulesError` naming
    it.
    """
    name = against.strip().lower() if isinstance(against, str) else None
    if (table and name is not None and not exact_values(rules, name)
            and ready(rules, ("player", name), deck)):
        found = answers(rules, name, deck)
        pos = found.position.get((hole.label, " ".join(k.label for k in up)))
        if pos is not None:
            return found.row(pos)
    return computed_row(hole, up, rules, against, deck)


def answers(rules: Rules = ITALIAN, against: str = "equilibrium",
            deck: Unseen | None = None) -> Answers:
    """`settemezzo.advice.answer_rows` of the player table of ``rules`` against ``against``
    (``deck``: the deck at the start of the hand), from `settemezzo.results` (shipped, or
    computed once) and kept there with the table."""
    name = against.strip().lower()

    def build(s: Solved) -> Answers:
        return Answers.of(s.player_table(name), name)

    return get(rules, deck).view(("answers", name), build)


DECKS = 8
"""How many decks `decision_values` keeps solved (five tables' current hands, and the next
hands of those between two: `settemezzo.teaching.tablelog.start_ahead`)."""

_DECKS: OrderedDict[tuple[Rules, Unseen | None], Future[HeadsUpGame]] = OrderedDict()
_DECKS_LOCK = threading.Lock()
_AHEAD = ThreadPoolExecutor(max_workers=1, thread_name_prefix="settemezzo-deck")


def _forget_decks() -> None:
    """Forget the solved decks (`settemezzo.results.clear` asks; a solve under way ends
    for whoever waits on it)."""
    with _DECKS_LOCK:
        _DECKS.clear()


on_clear(_forget_decks)


def decision_values(rules: Rules, deck: Unseen | None, hole: Kind,
                    up: tuple[Kind, ...] = ()) -> HandRow:
    """The values of one decision against the equilibrium banker of ``deck`` (the deck at
    the start of the hand, the cards seen since the shuffle removed; None: full), for
    face-down ``hole`` and face-up ``up`` (kinds as ``rules`` tell them apart,
    `Rules.plain`): the row `answer_row` answers, the same numbers, computed without the
    player table - the deck's equilibrium and the values at that decision
    (`settemezzo.rows.game_row`). Each deck's solved game is kept (the last `DECKS`), so the
    other seats' decisions on the same hand answer at once; `solve_ahead` starts a deck's
    solve before anyone decides. A hand with no decision (finished, or not in the deck) is an
    `settemezzo.errors.InputError` naming it."""
    game = _solved(rules, deck, start=True).result()
    with ENGINE_LOCK, gc_paused():
        return game_row(game, game.infoset(hole, up), "equilibrium", table=False)[0]


def solve_ahead(rules: Rules, deck: Unseen | None) -> Future[HeadsUpGame]:
    """Start solving ``deck`` under ``rules`` in the background (one deck at a time, in
    order), for `decision_values`: when a hand is dealt, before anyone decides. Returns the
    future of the solved game (already done when the deck is kept)."""
    return _solved(rules, deck, start=False)


def _solved(rules: Rules, deck: Unseen | None, *, start: bool) -> Future[HeadsUpGame]:
    """The kept or started solve of ``deck``; ``start``: solve it in this thread if it is
    neither (no wait behind other decks queued ahead)."""
    key = (rules, deck)
    with _DECKS_LOCK:
        fut = _DECKS.get(key)
        if fut is not None and fut.cancelled():  # given up before it started: solve anew
            fut = None
        mine = fut is None
        if fut is not None:
            _DECKS.move_to_end(key)
        else:
            fut = _DECKS[key] = Future()
            while len(_DECKS) > DECKS:
                _DECKS.popitem(last=False)
    if mine:
        if start:
            _run(fut, rules, deck)
        else:
            _AHEAD.submit(_run, fut, rules, deck)
    return fut


def _run(fut: Future[HeadsUpGame], rules: Rules, deck: Unseen | None) -> None:
    """Solve ``deck``'s game into ``fut``: the equilibrium and the player's best reply to it,
    which `settemezzo.rows.decision_columns` reads (kept with the game); an error goes to
    ``fut`` and the deck is forgotten."""
    from settemezzo.game import heads_up
    from settemezzo.rows import decision_columns
    from settemezzo.solve import equilibrium

    if not fut.set_running_or_notify_cancel():
        return
    try:
        with ENGINE_LOCK, gc_paused():  # (many small objects: see `gc_paused`)
            game = heads_up(rules, deck)
            equilibrium(game)
            if game.infosets:
                decision_columns(game, 0, "equilibrium")  # the best reply, kept
    except BaseException as e:
        with _DECKS_LOCK:
            if _DECKS.get((rules, deck)) is fut:
                del _DECKS[(rules, deck)]
        fut.set_exception(e)
        if not isinstance(e, Exception):
            raise
        return
    fut.set_result(game)
