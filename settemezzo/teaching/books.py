"""The values a judgement reads, kept and made ahead so that no judgement waits: a `Book`
per rule set and deck (the equilibrium player's table of the deck a hand is dealt from, by
decision), the books of the subgames after a swap, and the values of a hand of a split.

Where the values come from: `book_for` gives a table's decision the book of the deck at the
start of its hand (a fresh deck's tables are shipped; a deck played down is solved once,
`deck_book`, started as the hand before ends). A hand after a swap the equilibrium never
makes is read from the subgame after that swap (`after_swap`, `swap_book`), and stand or
hit on a hand of a split from the split model (`split_hand_values`). `start_ahead`, called
by the tables after every move, starts each of them in the background, in the think time of
the decision that will read them; a judgement that finds one still queued makes it itself.
`settemezzo.teaching.judge` turns these values into verdicts.
"""

from __future__ import annotations

import functools
import threading
from collections import OrderedDict
from collections.abc import Callable, Container
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, TypeVar

from settemezzo.cards import Kind, Unseen, kind_of, seen_count
from settemezzo.errors import InputError
from settemezzo.rules import Rules

if TYPE_CHECKING:
    import pandas as pd

    from settemezzo.simulate.tablegame import TableGame

__all__ = ["BOOKS", "PLAYS", "SPLIT_VALUES", "SWAP_BOOKS", "Book", "Key", "after_swap", "book",
           "book_for", "cancel_ahead", "deck_book", "less_burnt", "played_deck", "solve_ahead",
           "split_hand_ahead", "split_hand_values", "split_hands", "start_ahead", "swap_book",
           "swap_book_ahead", "swap_start", "warm"]

PLAYS = ("stand", "hit")
"""The choices a learner makes on a hand, and the best plays that are not a tie."""


T = TypeVar("T")


Key = tuple[int, str, str, str, str]
"""A decision of the player table: stake, card burnt, face-down card, face-up cards in the
order turned up, cards turned up by swaps (the table's labels, '' for none)."""


class Book:
    """The equilibrium player's table of a rule set and deck, by decision (`Key`)."""

    def __init__(self, rules: Rules, frame: pd.DataFrame, deck: Unseen) -> None:
        self.rules, self.frame, self.deck = rules, frame, deck
        # plain columns, read once: a row's dict is made only when a decision asks for it
        self._columns = [str(c) for c in frame.columns]
        self._data = [frame[c].tolist() for c in frame.columns]
        col = dict(zip(self._columns, self._data, strict=True))
        n = len(frame)
        stakes, burnt, swapped = (col.get(c, [d] * n) for c, d in
                                  (("stake", 1), ("burnt", ""), ("swapped", "")))
        self.index: dict[Key, int] = {}
        for i, k in enumerate(zip(stakes, burnt, col["hole"], col["up"], swapped,
                                  strict=True)):
            self.index.setdefault((int(k[0]), str(k[1] or ""), str(k[2]), str(k[3]),
                                   str(k[4] or "")), i)

    def record(self, node: int) -> dict[str, Any]:
        """Row ``node`` of the table, column name -> value."""
        return {c: d[node] for c, d in zip(self._columns, self._data, strict=True)}

    @functools.cached_property
    def records(self) -> list[dict[str, Any]]:
        """Every row (`record`), in the table's order."""
        return [self.record(i) for i in range(len(self.frame))]

    def key_of(self, node: int) -> Key:
        """The decision of row ``node``."""
        rec = self.record(node)
        return (int(rec.get("stake", 1)), str(rec.get("burnt") or ""), str(rec["hole"]),
                str(rec["up"]), str(rec.get("swapped") or ""))

    def row(self, key: Key) -> dict[str, Any] | None:
        """The row of decision ``key`` (None: the table has none, a hand the equilibrium
        never reaches after a swap it never makes)."""
        i = self.index.get(key)
        return None if i is None else self.record(i)

    def best_value(self, key: Key) -> float | None:
        """What the decision is worth in chips, played well (the better of stand and hit)."""
        rec = self.row(key)
        return None if rec is None else max(float(rec["stand_ev"]), float(rec["hit_ev"]))

    @functools.cached_property
    def split_value(self) -> float:
        """The rest of a hand after splitting two figures, all hands, per unit of the first
        stake (the banker and the player at their best: it is of perfect information)."""
        from settemezzo.solve.walk import split_rules
        from settemezzo.split import split_value

        return float(split_value(split_rules(self.rules), self.deck, player="best",
                                 banker="best", method="float").value)


def book(rules: Rules, deck: Unseen | None = None) -> Book:
    """The `Book` of ``rules`` (``deck``: the cards left at the start of the hand; None: a
    fresh deck), kept by `settemezzo.results` with the rule set's other results. A fresh
    deck's answers at once for the presets (shipped); another deck solves once."""
    from settemezzo import results
    from settemezzo.results import equilibrium_source

    return results.get(equilibrium_source(rules), deck).view(
        "judge_book", lambda s: Book(rules, s.player_table("equilibrium"),
                                     s.deck if s.deck is not None else Unseen.full()))


def warm(rules: Rules) -> Book:
    """The fresh deck's `book` of ``rules``, with its split value where the rules split,
    made now (a second or two the first time): a server asks it before the first
    judgement, so that no judgement waits for it while students play."""
    b = book(rules)
    if rules.split_figures > 1:
        _ = b.split_value
    return b


def played_deck(game: TableGame) -> Unseen | None:
    """The deck less the cards seen since the shuffle now (`TableGame.seen_cards`, this
    hand's burnt cards too), or None for a full deck (a fresh deck each hand, or just
    shuffled; every card seen, the stock used up: the next card is dealt from them all
    shuffled again), by `settemezzo.simulate.tablegame.deck_less`. The deck a table values a
    hand's decisions with is the one at the start of the hand, `TableGame.hand_deck` (the
    same, asked as the hand is dealt)."""
    from settemezzo.simulate.tablegame import deck_less

    return deck_less(game.rules, game.seen_cards())


def book_for(game: TableGame, deck: str | Unseen) -> tuple[Book, Book, int]:
    """The values of ``game``'s decision: the fresh deck's book (the table engine's rows, by
    which a decision is found), the book the values come from and how many cards seen it
    takes out. ``deck``: ``seen`` (the deck less the cards seen now, `played_deck`),
    ``fresh`` (a full deck), or the deck at the start of the hand (an `Unseen`: a table's
    `played_deck` at the deal; its `deck_book`, waited for). Every judgement at a table asks
    this one function for its values."""
    if isinstance(deck, str) and deck not in ("seen", "fresh"):
        raise InputError(f"deck must be 'seen', 'fresh' or a deck, got {deck!r}")
    fresh = book(game.rules)
    rest = played_deck(game) if deck == "seen" else deck if isinstance(deck, Unseen) else None
    if rest is None or rest == Unseen.full():
        return fresh, fresh, 0
    return fresh, deck_book(game.rules, rest).result(), seen_count(rest)


BOOKS = 10
"""How many played-down decks' books `deck_book` keeps (five tables' hands and their next
ones, started as a hand ends)."""


_BOOKS: OrderedDict[tuple[Rules, Unseen], Future[Book]] = OrderedDict()


_SOLVES: dict[tuple[Rules, Unseen], Future[Any]] = {}    # the solves the books wait for


_BOOKS_LOCK = threading.Lock()


_AHEAD = ThreadPoolExecutor(max_workers=1, thread_name_prefix="settemezzo-judge-ahead")


def deck_book(rules: Rules, deck: Unseen) -> Future[Book]:
    """The `book` of ``rules`` on the played-down ``deck`` (the deck at the start of a
    hand): kept for the last `BOOKS` decks, else made in the background once the deck's
    equilibrium is solved (`settemezzo.results.answers.solve_ahead`, shared with
    `settemezzo.results.answers.decision_values`). Never waits: the future is done when the
    book is there; an engine error (a deck the exact game cannot play) is its exception."""
    key = (rules, deck)
    fut, new = _kept(_BOOKS, key, BOOKS)
    if not new:
        return fut
    from settemezzo.results.answers import solve_ahead as solve_deck

    solved = _SOLVES[key] = solve_deck(rules, deck)
    _AHEAD.submit(_make_book, fut, rules, deck, solved)
    return fut


def solve_ahead(rules: Rules, deck: Unseen | None) -> None:
    """Start the values of a hand dealt from ``deck`` (None: a full deck, shipped for the
    presets) now, so that the hand's judgements find them made (`deck_book`)."""
    if deck is not None and deck != Unseen.full():
        deck_book(rules, deck)


def _make_book(fut: Future[Book], rules: Rules, deck: Unseen, solved: Future[Any]) -> None:
    """Make ``deck``'s book into ``fut`` once its equilibrium is solved (`_fill`)."""
    def make() -> Book:
        solved.result()
        made = book(rules, deck)
        _SOLVES.pop((rules, deck), None)
        return made

    _fill(fut, _BOOKS, (rules, deck), make)


def start_ahead(game: TableGame, students: Container[int] | None = None) -> None:
    """Start every value the table's next judgements and hints read, so that they find them
    made (a decision's think time is the head start): the deck's (`solve_ahead`: while a
    hand is played its `TableGame.hand_deck`, once it is over the next hand's,
    `TableGame.next_hand_deck`, known before the deal); for a student's seat to act on a
    hand of a split, its values (`split_hand_ahead`); after a swap the equilibrium never
    makes, its subgame's (`swap_book_ahead`). ``students``: the seats of students (None:
    the game's, `TableGame.students`). The tables call it after every move; what was
    started before is not started again. Nothing for a game over, nor where the judge will
    have no values (a deck that lacks the hand's cards: the stock ran out within the hand);
    never an error."""
    if game.over:
        return
    if game.phase == "done":
        solve_ahead(game.rules, game.next_hand_deck)
        return
    deck = game.hand_deck
    solve_ahead(game.rules, deck)
    v = game.view
    if (v is None or v.role != "player" or not v.hand or v.decision == "stake"
            or v.seat not in (range(1, game.students + 1) if students is None else students)):
        return
    if v.hands > 1:
        split_hand_ahead(game, deck)
        return
    try:
        found = swap_start(game, deck or Unseen.full()) if game.decision_node() < 0 else None
    except InputError:        # the stock ran out within the hand: the deck lacks its cards
        return
    if found is not None:
        swap_book_ahead(game.rules, found[0], found[1])


def cancel_ahead() -> None:
    """Give up the decks' values (and subgames' after a swap, split hands') not started yet
    (a server stopping: the queued solves would otherwise run before the process may exit);
    those started finish."""
    with _BOOKS_LOCK:
        for key in [k for k, f in _BOOKS.items() if f.cancel()]:
            del _BOOKS[key]
            solve = _SOLVES.pop(key, None)
            if solve is not None:
                solve.cancel()
        _cancel_pending(_SWAPS)
        _cancel_pending(_SPLITS)


def _cancel_pending(kept: OrderedDict[Any, Future[Any]]) -> None:
    for key in [k for k, f in kept.items() if f.cancel()]:
        del kept[key]


def _fill(fut: Future[T], kept: OrderedDict[Any, Future[T]], key: Any,
          make: Callable[[], T]) -> None:
    """``make``'s value into ``fut``, kept as ``kept[key]``, unless another thread makes it
    (`_claim`): the engine's error goes to ``fut`` and is kept (not tried again), an
    interruption forgets it."""
    if not _claim(fut):
        return
    try:
        fut.set_result(make())
    except BaseException as e:
        if not isinstance(e, Exception):
            with _BOOKS_LOCK:
                if kept.get(key) is fut:
                    del kept[key]
        fut.set_exception(e)
        if not isinstance(e, Exception):
            raise


def _claim(fut: Future[Any]) -> bool:
    """Whether this thread makes ``fut``'s value: True for the first to ask while it is
    pending, so that a judgement makes values queued ahead rather than wait behind the
    queue; False once it is being made, made or given up."""
    with _BOOKS_LOCK:
        return not (fut.running() or fut.done()) and fut.set_running_or_notify_cancel()


def _kept(kept: OrderedDict[Any, Future[T]], key: Any, limit: int) -> tuple[Future[T], bool]:
    """The future kept for ``key``, or a new one (then True), kept with the last ``limit``."""
    with _BOOKS_LOCK:
        fut = kept.get(key)
        if fut is not None and not fut.cancelled():
            kept.move_to_end(key)
            return fut, False
        fut = kept[key] = Future()
        while len(kept) > limit:
            kept.popitem(last=False)
    return fut, True


def less_burnt(game: TableGame, start: Unseen, deck: str | Unseen) -> Unseen | None:
    """The deck ``start`` (the values' book's) less the card the seat to act burnt this
    hand, unless it is out already (``deck`` ``seen``: `played_deck` takes out burnt cards);
    None if that card is not in it."""
    from settemezzo.game import without_cards

    v = game.view
    burnt = next((s.burnt for s in game.seats() if v is not None and s.seat == v.seat), None)
    if burnt is None or deck == "seen":
        return start
    try:
        return without_cards(start, tuple(game.rules.plain_kinds([kind_of(burnt)])),
                             game.rules)
    except InputError:
        return None


def after_swap(game: TableGame, b: Book, deck: str | Unseen = "hand"
               ) -> tuple[Book, Key] | None:
    """The decision of the seat to act after a swap, as the rest of its hand's table knows
    it: the book of the subgame that follows its last swap (`swap_book`, of `swap_start`'s
    deck and cards, solved now if not kept) and the decision's key there. A swap turns every
    card up, so what follows depends on those cards alone, however the hand got there: this
    answers a hand after a swap the equilibrium never makes, which the whole game's table
    leaves out. None: no swap in this hand."""
    found = swap_start(game, b.deck, deck)
    if found is None:
        return None
    rest, start, key = found
    return swap_book(game.rules, rest, start), key


def swap_start(game: TableGame, hand: Unseen, deck: str | Unseen = "hand"
               ) -> tuple[Unseen, tuple[Kind, ...], Key] | None:
    """Where the subgame after the last swap of the seat to act starts: the cards left then
    (``hand``, the deck of the book the values come from, less a burnt card (`less_burnt`,
    as ``deck`` took it: see `book_for`) and the cards face up then), those cards (sorted) and
    the decision's key there (the new face-down card, the cards turned up since). None: no
    swap in this hand (a single hand whose face-down card is not its first)."""
    from settemezzo.game import without_cards

    v = game.view
    if (v is None or not game.rules.swap_hidden or v.hands != 1 or v.hidden is None
            or v.hidden == 0):
        return None
    rules = game.rules
    kinds = rules.plain_kinds(kind_of(c) for c in v.hand)
    start = tuple(kinds[:v.hidden])
    rest = less_burnt(game, hand, deck)
    if rest is None:
        return None
    key = (1, "", kinds[v.hidden].label, " ".join(k.label for k in kinds[v.hidden + 1:]), "")
    return without_cards(rest, start, rules), tuple(sorted(start)), key


SWAP_BOOKS = 64
"""How many subgames after a swap `swap_book` keeps."""


_SWAPS: OrderedDict[tuple[Rules, Unseen, tuple[Kind, ...]], Future[Book]] = OrderedDict()


_SUB_AHEAD = ThreadPoolExecutor(max_workers=1, thread_name_prefix="settemezzo-sub-ahead")
"""Where the subgames after a swap and split hands' values started ahead are made
(`swap_book_ahead`, `split_hand_ahead`): one at a time, never behind the decks' solves."""


def swap_book(rules: Rules, deck: Unseen, start: tuple[Kind, ...]) -> Book:
    """The `Book` of the rest of a hand after a swap left the cards ``start`` face up,
    ``deck`` the cards left then (`settemezzo.tables.player_table`'s ``start``): the
    subgame's equilibrium, solved with the whole game's on a deck played down (kept with
    it), else now in this thread (a fraction of a second to two, once per deck and cards;
    the last `SWAP_BOOKS` kept; one started ahead is waited for). An engine error is
    raised."""
    fut, _ = _kept(_SWAPS, (rules, deck, start), SWAP_BOOKS)
    _make_swap_book(fut, rules, deck, start)
    return fut.result()


def swap_book_ahead(rules: Rules, deck: Unseen, start: tuple[Kind, ...]) -> Future[Book]:
    """`swap_book` without waiting: its future, done when the book is there (made in the
    background if neither kept nor being made)."""
    fut, new = _kept(_SWAPS, (rules, deck, start), SWAP_BOOKS)
    if new:
        _SUB_AHEAD.submit(_make_swap_book, fut, rules, deck, start)
    return fut


def _make_swap_book(fut: Future[Book], rules: Rules, deck: Unseen,
                    start: tuple[Kind, ...]) -> None:
    """Solve a subgame's book into ``fut`` (`_fill`)."""
    from settemezzo.results import ENGINE_LOCK
    from settemezzo.tables import player_table

    def make() -> Book:
        with ENGINE_LOCK:
            return Book(rules, player_table(rules, "equilibrium", deck, start), deck)

    _fill(fut, _SWAPS, (rules, deck, start), make)


SPLIT_VALUES = 64
"""How many split hands' values `split_hand_values` keeps."""


_SPLITS: OrderedDict[tuple[Rules, tuple[tuple[Kind, ...], ...], int, Unseen],
                     Future[dict[str, float] | None]] = OrderedDict()


def split_hands(game: TableGame) -> tuple[tuple[Kind, ...], ...]:
    """The cards (plain kinds, as dealt: the figure first) of every hand of the seat to act,
    its face-down cards too, from its own view of the table (`TableView.table`)."""
    v = game.view
    if v is None:
        return ()
    mine = next((s for s in v.table if s.seat == v.seat and s.role == "player"), None)
    if mine is None:
        return ()
    return tuple(tuple(game.rules.plain_kinds(kind_of(c) for c in h if c is not None))
                 for h in mine.cards)


def split_hand_values(rules: Rules, hands: tuple[tuple[Kind, ...], ...], index: int,
                      deck: Unseen) -> dict[str, float] | None:
    """Stand and hit on hand ``index`` of ``hands`` (a split's, every card), per unit stake
    (each hand carries one stake of the same size): `settemezzo.split.split_decision` under
    `settemezzo.solve.walk.split_rules`, the player's expected total gain over every hand in
    units of one stake, in the model of a split: every card face up, the banker best; after
    a re-split at the table, the model of the hands open now (no more re-splits after them,
    as the restricted game allows none). ``deck``: the deck before any of the seat's cards
    (the hand's, less a card it burnt). None where the model cannot play it. The last
    `SPLIT_VALUES` are kept; values started ahead (`split_hand_ahead`) are waited for, or
    made here if not started yet."""
    key = (rules, hands, index, deck)
    fut, _ = _kept(_SPLITS, key, SPLIT_VALUES)
    _fill(fut, _SPLITS, key, lambda: _split_values(*key))
    return fut.result()


def _split_values(rules: Rules, hands: tuple[tuple[Kind, ...], ...], index: int,
                  deck: Unseen) -> dict[str, float] | None:
    from settemezzo.errors import LimitError
    from settemezzo.solve.walk import split_rules
    from settemezzo.split import split_decision

    try:
        d = split_decision(split_rules(rules, len(hands)), hands, index, deck)
    except (InputError, LimitError):       # the split model's SplitInputError, SplitTooLarge
        return None
    return {c: d.values[c] for c in PLAYS} if set(PLAYS) <= set(d.values) else None


def split_hand_ahead(game: TableGame, deck: Unseen | None) -> Future[dict[str, float] | None]:
    """`split_hand_values` of the seat to act on a hand of a split, for the hand's ``deck``
    (None: a full deck) less its burnt card, made in the background (a hint never waits;
    a hand's later decisions take a millisecond, `split_decision` keeping its values). Its
    result is None where there are none."""
    v = game.view
    rest = None if v is None or v.hands < 2 else less_burnt(game, deck or Unseen.full(), "hand")
    if v is None or rest is None:
        done: Future[dict[str, float] | None] = Future()
        done.set_result(None)
        return done
    key = (game.rules, split_hands(game), v.hand_index, rest)
    fut, new = _kept(_SPLITS, key, SPLIT_VALUES)
    if new:
        _SUB_AHEAD.submit(_fill, fut, _SPLITS, key, lambda: _split_values(*key))
    return fut
