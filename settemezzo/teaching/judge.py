"""The one judge of a learner's decision: the stake, the burn, the swap, the split, stand or
hit, and the bank's stand, hit and burn, with its cost and its reason (the trainer, the
tables and the dashboard all ask it).

A decision is judged by `verdict` from each option's value in stakes, against a named banker:
the best option is the one worth most; a choice within ``tolerance`` of it is right ("both
are fine here": the best is then ``either``), and costs nothing; a wrong one costs what it
gives away. The reason is a catalogue key (``reason.*``) that
`settemezzo.teaching.explain.reason_sentence` says in words, with the numbers behind it.

The values are the exact engine's, read from the equilibrium player's table of the rule set
(`settemezzo.simulate.strategies.equilibrium_frame`, shipped precomputed for the presets): a
`Book` finds each decision's row by its stake, card burnt, face-down card, face-up cards in
order and cards turned up by swaps. Standing, hitting, the swap (`tables.player_table`'s
``swap_gain``), the stake (each stake copy of the first card) and the burn (the new card's
rows) are rows of the table; splitting two figures is valued by `settemezzo.split` (the rest
of the hand, of perfect information), as the solver values it, and so is stand or hit on a
hand of a split (`judge_split_hand`), which the table has no row for.

>>> j = verdict("play", "stand", {"stand": -0.25, "hit": 0.25}, banker="threshold:5")
>>> j.best, j.right, j.cost, j.reason
('hit', False, 0.5, 'reason.hit')
>>> verdict("play", "stand", {"stand": 0.1, "hit": 0.104}, banker="equilibrium").best
'either'
"""

from __future__ import annotations

import functools
import threading
from collections import OrderedDict
from collections.abc import Callable, Container, Iterable, Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from settemezzo.cards import Kind, Unseen, kind_of
from settemezzo.errors import IllegalActionError, InputError
from settemezzo.rows import TIE
from settemezzo.rules import Rules

if TYPE_CHECKING:
    import pandas as pd

    from settemezzo.simulate.tablegame import TableGame

__all__ = ["BOOKS", "KINDS", "PLAYS", "TOLERANCE", "Book", "Judgement", "after_swap", "book",
           "book_for", "cancel_ahead", "deal_value", "deck_book", "is_tie", "judge",
           "judge_bank", "judge_burn", "judge_deal_stake", "judge_move", "judge_moves",
           "judge_play", "judge_resplit", "judge_split", "judge_split_hand", "judge_stake",
           "judge_swap", "played_deck", "solve_ahead", "split_hand_ahead", "split_hand_values",
           "split_hands", "start_ahead", "swap_book", "swap_book_ahead", "swap_start", "verdict",
           "warm"]

PLAYS = ("stand", "hit")
"""The choices a learner makes on a hand, and the best plays that are not a tie."""

KINDS = ("stake", "burn", "swap", "split", "play", "bank", "bank_burn")
"""The decisions judged: the stake after the first card, the burn, the swap (when hitting),
the split of two figures, ``play`` (stand or hit), and a student holding the bank's ``bank``
(stand or hit) and ``bank_burn`` (burn its first card or not)."""

TOLERANCE = 0.01
"""Values this close (in stakes) count as equally good by default (docs/rules.md: a teacher
may set another tolerance)."""

T = TypeVar("T")

Key = tuple[int, str, str, str, str]
"""A decision of the player table: stake, card burnt, face-down card, face-up cards in the
order turned up, cards turned up by swaps (the table's labels, '' for none)."""


@dataclass(frozen=True)
class Judgement:
    """One decision judged.

    ``values``: each option's value, in stakes against ``banker`` (for the stake, in chips:
    the options are stakes); ``best``: the option worth most, or ``either`` when another is
    within the tolerance; ``cost``: what the choice gives away (0 when right); ``reason``:
    the catalogue key of the one-sentence reason, with ``reason_args`` the numbers in it;
    ``seen``: how many cards seen since the shuffle the values take out of the deck.
    """

    kind: str
    choice: str
    best: str
    values: Mapping[str, float]
    cost: float
    right: bool
    banker: str
    reason: str
    reason_args: Mapping[str, object] = field(default_factory=dict)
    seen: int = 0


def is_tie(best: str, margin: float) -> bool:
    """True when every answer is right: ``best`` is not 'stand' or 'hit', or ``margin`` (hit's
    value less stand's, in stakes) is within `settemezzo.rows.TIE` of zero.

    >>> is_tie("stand", -0.25), is_tie("mixed", 0.0), is_tie("hit", 1e-12)
    (False, True, True)
    """
    return abs(margin) < TIE or best not in PLAYS


def judge(choice: str, best: str, margin: float, cost_of_mistake: float) -> tuple[bool, float]:
    """``(correct, cost)`` of choosing stand or hit where ``best`` is the best play, right
    only on a tie (`is_tie`): the cost is ``cost_of_mistake`` for a wrong choice.

    >>> judge("hit", "stand", -0.25, 0.25), judge("stand", "stand", -0.25, 0.25)
    ((False, 0.25), (True, 0.0))
    """
    correct = is_tie(best, margin) or choice == best
    return correct, 0.0 if correct else cost_of_mistake


def verdict(kind: str, choice: str, values: Mapping[str, float], *, banker: str,
            tolerance: float = TOLERANCE, reason_args: Mapping[str, object] | None = None,
            seen: int = 0) -> Judgement:
    """Judge ``choice`` among ``values`` (option -> value): the best option (the first of
    equal ones), the cost, right within ``tolerance``, and the reason's key."""
    if kind not in KINDS:
        raise InputError(f"unknown decision {kind!r}: choose {', '.join(KINDS)}")
    if choice not in values:
        raise IllegalActionError(
            f"{choice!r} is not an option here: choose {', '.join(values)}")
    top = max(values.values())
    best = next(c for c, v in values.items() if v == top)
    near = [c for c, v in values.items() if top - v <= tolerance]
    label = "either" if len(near) > 1 else best
    cost = top - values[choice]
    right = cost <= tolerance
    args = {"gap": top - max((v for c, v in values.items() if c != best), default=top),
            **(reason_args or {})}
    return Judgement(kind, choice, label, dict(values), 0.0 if right else cost, right, banker,
                     _reason(kind, label, best, values, args), args, seen)


def _reason(kind: str, label: str, best: str, values: Mapping[str, float],
            args: Mapping[str, object]) -> str:
    """The catalogue key of the reason for the best option ``label`` of a ``kind``."""
    if label == "either":
        return "reason.either"
    if kind == "stake":
        stakes = sorted(int(c.split(":")[1]) for c in values)
        n = int(best.split(":")[1])
        if "card" not in args:                    # before the deal: the least or the most
            return "reason.deal_low" if n == stakes[0] else "reason.deal_high"
        return ("reason.stake_low" if n == stakes[0] else
                "reason.stake_high" if n == stakes[-1] else "reason.stake_mid")
    if kind == "play" and "hands" in args:        # a hand of a split (`judge_split_hand`)
        return f"reason.split_{best}"
    if kind == "play" and best == "hit" and args.get("up"):
        return "reason.stand_tells"
    if kind.startswith("bank"):
        return f"reason.bank_{best}"
    return f"reason.{best}"


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


def _per(rec: Mapping[str, Any]) -> float:
    return float(rec.get("stake", 1) or 1)


def judge_play(b: Book, key: Key, choice: str, tolerance: float = TOLERANCE,
               bust: float | None = None, seen: int = 0) -> Judgement | None:
    """Stand or hit at decision ``key``, per unit stake (``bust``: the chance the next card
    busts, counting every card seen; default the table's)."""
    rec = b.row(key)
    if rec is None:
        return None
    per = _per(rec)
    win = rec["hit_win"]
    args = {"total": rec["total"], "up": rec["up"], "win": float(rec["stand_win"]),
            "hit_win": None if win != win else float(win),
            "bust": float(rec["bust_if_hit"]) if bust is None else float(bust)}
    return verdict("play", choice, {"stand": float(rec["stand_ev"]) / per,
                                    "hit": float(rec["hit_ev"]) / per},
                   banker="equilibrium", tolerance=tolerance, reason_args=args, seen=seen)


def judge_swap(b: Book, key: Key, choice: str, tolerance: float = TOLERANCE,
               seen: int = 0) -> Judgement | None:
    """Hitting at ``key``: ``swap`` (turn the face-down card up, take the new one face down)
    or ``keep`` (take it face up). Hitting is worth the better of the two (`Book.row`'s
    ``hit_ev``), and ``swap_gain`` is the swap's value less keeping's."""
    rec = b.row(key)
    gain = None if rec is None else rec.get("swap_gain")
    if rec is None or gain is None or gain != gain:
        return None
    per = _per(rec)
    keep = (float(rec["hit_ev"]) - max(float(gain), 0.0)) / per
    return verdict("swap", choice, {"swap": keep + float(gain) / per, "keep": keep},
                   banker="equilibrium", tolerance=tolerance,
                   reason_args={"card": rec["hole"]}, seen=seen)


def _burn_value(b: Book, stake: int, hole: str) -> float | None:
    """Burning ``hole`` at ``stake``, in chips: each new face-down card's value, weighted by
    its chance (the rows' ``deal_chance``)."""
    rows = [r for k in Kind if (r := b.row((stake, hole, k.label, "", ""))) is not None]
    weight = sum(float(r["deal_chance"]) for r in rows)
    if not rows or weight <= 0.0:
        return None
    return sum(float(r["deal_chance"]) * max(float(r["stand_ev"]), float(r["hit_ev"]))
               for r in rows) / weight


def judge_burn(b: Book, stake: int, hole: str, choice: str, tolerance: float = TOLERANCE,
               seen: int = 0) -> Judgement | None:
    """``burn`` or ``no_burn`` the face-down ``hole`` (a label) at ``stake``, per unit stake."""
    keep, burn = b.best_value((stake, "", hole, "", "")), _burn_value(b, stake, hole)
    if keep is None or burn is None:
        return None
    return verdict("burn", choice, {"burn": burn / stake, "no_burn": keep / stake},
                   banker="equilibrium", tolerance=tolerance,
                   reason_args={"card": hole}, seen=seen)


def judge_stake(b: Book, hole: str, stakes: Iterable[int], choice: str,
                tolerance: float = TOLERANCE, seen: int = 0) -> Judgement | None:
    """The stake (``stake:N``) on the face-down ``hole`` (a label), among ``stakes``: each
    stake's value in chips, the hand then played well (burning too, where it may)."""
    values: dict[str, float] = {}
    may_burn = b.rules.may_burn(next(k for k in Kind if k.label == hole))
    for s in stakes:
        keep = b.best_value((s, "", hole, "", ""))
        burn = _burn_value(b, s, hole) if may_burn else None
        if keep is not None:
            values[f"stake:{s}"] = keep if burn is None else max(keep, burn)
    if choice not in values:
        return None
    n = max(values, key=lambda c: values[c])
    return verdict("stake", choice, values, banker="equilibrium", tolerance=tolerance,
                   reason_args={"card": hole, "stake": int(n.split(":")[1])}, seen=seen)


def deal_value(b: Book) -> float | None:
    """A hand at stake 1 before its first card is dealt, in chips: each first card's value
    (played well, burning too where it may), weighted by its chance (the rows'
    ``deal_chance``); None if the table lacks a first card's row."""
    total = weight = 0.0
    for k in Kind:
        rec = b.row((1, "", k.label, "", ""))
        keep = b.best_value((1, "", k.label, "", ""))
        if rec is None or keep is None:
            continue
        burn = _burn_value(b, 1, k.label) if b.rules.may_burn(k) else None
        chance = float(rec["deal_chance"])
        total += chance * (keep if burn is None else max(keep, burn))
        weight += chance
    return total / weight if weight > 0.0 else None


def judge_deal_stake(b: Book, stakes: Iterable[int], choice: str,
                     tolerance: float = TOLERANCE, seen: int = 0) -> Judgement | None:
    """The stake (``stake:N``) chosen before the deal, among ``stakes``, in chips: a stake
    that tells the banker nothing, so each is worth N times a hand at stake 1
    (`deal_value`)."""
    one = deal_value(b)
    values = {f"stake:{s}": s * one for s in stakes} if one is not None else {}
    if choice not in values:
        return None
    n = max(values, key=lambda c: values[c])
    return verdict("stake", choice, values, banker="equilibrium", tolerance=tolerance,
                   reason_args={"stake": int(n.split(":")[1])}, seen=seen)


def judge_split(b: Book, key: Key, choice: str, tolerance: float = TOLERANCE,
                seen: int = 0) -> Judgement | None:
    """``split`` or ``no_split`` two figures at decision ``key``, per unit stake: splitting is
    worth `Book.split_value`, playing them as one hand its row's better value."""
    keep = b.best_value(key)
    if keep is None:
        return None
    keep /= key[0]
    split = b.split_value
    return verdict("split", choice, {"split": split, "no_split": keep}, banker="equilibrium",
                   tolerance=tolerance, seen=seen)


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


def judge_split_hand(game: TableGame, deck: Unseen, choice: str,
                     tolerance: float = TOLERANCE, seen: int = 0) -> Judgement | None:
    """Stand or hit (``choice``) on the hand ``view.hand_index`` of a split, per unit stake,
    by `split_hand_values`; None where the model cannot play it (a deck that could run out,
    too many hands): a re-split itself is `judge_resplit`'s, and a swap is judged as the hit
    it is (the model has no face-down card)."""
    v = game.view
    if v is None or v.hands < 2 or choice not in PLAYS:
        return None
    values = split_hand_values(game.rules, split_hands(game), v.hand_index, deck)
    if values is None:
        return None
    return verdict("play", choice, values, banker="equilibrium", tolerance=tolerance,
                   seen=seen, reason_args={"total": v.total_label, "hands": v.hands,
                                           "bust": _float(game.bust_chance())})


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
    rest = None if v is None or v.hands < 2 else _less_burnt(game, deck or Unseen.full(), "hand")
    if v is None or rest is None:
        done: Future[dict[str, float] | None] = Future()
        done.set_result(None)
        return done
    key = (game.rules, split_hands(game), v.hand_index, rest)
    fut, new = _kept(_SPLITS, key, SPLIT_VALUES)
    if new:
        _SUB_AHEAD.submit(_fill, fut, _SPLITS, key, lambda: _split_values(*key))
    return fut


def judge_resplit(game: TableGame, deck: Unseen, choice: str,
                  tolerance: float = TOLERANCE, seen: int = 0) -> Judgement | None:
    """``split`` or ``no_split`` two figures again on a hand of a split, per unit stake:
    each the better of stand and hit (`split_hand_values`) with no re-split after it: on
    the hands open now, or with this hand's second figure opening one more. None where the
    model cannot play either."""
    v = game.view
    hands = split_hands(game)
    if v is None or len(hands) < 2 or len(hands[v.hand_index]) != 2:
        return None
    i = v.hand_index
    parted = (*hands[:i], hands[i][:1], *hands[i + 1:], hands[i][1:])
    keep = split_hand_values(game.rules, hands, i, deck)
    split = split_hand_values(game.rules, parted, i, deck)
    if keep is None or split is None:
        return None
    return verdict("split", choice, {"split": max(split.values()),
                                     "no_split": max(keep.values())},
                   banker="equilibrium", tolerance=tolerance, seen=seen)


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
    with _BOOKS_LOCK:
        fut = _BOOKS.get(key)
        if fut is not None:
            _BOOKS.move_to_end(key)
            return fut
        fut = _BOOKS[key] = Future()
        while len(_BOOKS) > BOOKS:
            _SOLVES.pop(_BOOKS.popitem(last=False)[0], None)
    from settemezzo.results.answers import solve_ahead as solve_deck

    solved = _SOLVES[key] = solve_deck(rules, deck)
    _AHEAD.submit(_make_book, fut, rules, deck, solved)
    return fut


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


def solve_ahead(rules: Rules, deck: Unseen | None) -> None:
    """Start the values of a hand dealt from ``deck`` (None: a full deck, shipped for the
    presets) now, so that the hand's judgements find them made (`deck_book`)."""
    if deck is not None and deck != Unseen.full():
        deck_book(rules, deck)


def start_ahead(game: TableGame, students: Container[int] | None = None) -> None:
    """Start every value the table's next judgements and hints read, so that they find them
    made (a decision's think time is the head start): the deck's (`solve_ahead`: while a
    hand is played its `TableGame.hand_deck`, once it is over the next hand's,
    `TableGame.next_hand_deck`, known before the deal); for a student's seat to act on a
    hand of a split, its values (`split_hand_ahead`); after a swap the equilibrium never
    makes, its subgame's (`swap_book_ahead`). ``students``: the seats of students (None:
    the game's, `TableGame.students`). The tables call it after every move; what was
    started before is not started again. Nothing for a game over."""
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
    elif game.decision_node() < 0 and (found := swap_start(game, deck or Unseen.full())):
        swap_book_ahead(game.rules, found[0], found[1])


def _make_book(fut: Future[Book], rules: Rules, deck: Unseen, solved: Future[Any]) -> None:
    """Make ``deck``'s book into ``fut`` once its equilibrium is solved (`_fill`)."""
    def make() -> Book:
        solved.result()
        made = book(rules, deck)
        _SOLVES.pop((rules, deck), None)
        return made

    _fill(fut, _BOOKS, (rules, deck), make)


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
    return fresh, deck_book(game.rules, rest).result(), Unseen.full().total - rest.total


def _check(game: TableGame, seat: int, action: str, amount: int | None) -> None:
    if game.to_play != seat:
        raise IllegalActionError(
            f"seat {seat} is not to act: {game.state_text()}")
    allowed = game.can_stake(amount) if action == "stake" else (
        action in ("burn", "hit", "swap", "split", "stand")
        and getattr(game, f"can_{action}")())
    if not allowed:
        raise IllegalActionError(f"{action} is not allowed now: {game.state_text()}")


def judge_moves(game: TableGame, seat: int, action: str, amount: int | None = None,
                tolerance: float = TOLERANCE, deck: str | Unseen = "seen"
                ) -> tuple[Judgement, ...]:
    """Every decision ``action`` takes at the table, judged before it is made: a declined
    burn or split and then stand or hit, a hit's swap or not. See `judge_move`."""
    _check(game, seat, action, amount)
    v = game.view
    assert v is not None
    if v.role != "player":
        return judge_bank(game, action, tolerance)
    fresh, b, n = book_for(game, deck)
    if not v.hand:                         # a stake before the deal
        lo, hi = v.stake_range
        j = judge_deal_stake(b, range(lo, hi + 1), f"stake:{amount}", tolerance, n)
        return () if j is None else (j,)
    hole = game.rules.plain_kinds(kind_of(c) for c in v.hand)[0].label
    if v.decision == "stake":
        lo, hi = v.stake_range
        j = judge_stake(b, hole, range(lo, hi + 1), f"stake:{amount}", tolerance, n)
        return () if j is None else (j,)
    if v.hands > 1:                         # a hand of a split: the split model's values
        rest = _less_burnt(game, b.deck, deck)
        if rest is None:
            return ()
        split = [judge_resplit(game, rest, "split" if action == "split" else "no_split",
                               tolerance, n)] if v.decision == "split" else []
        play = [] if action == "split" else [judge_split_hand(
            game, rest, "stand" if action == "stand" else "hit", tolerance, n)]
        return tuple(j for j in split + play if j is not None)
    node = game.decision_node()
    key: Key | None = fresh.key_of(node) if node >= 0 else None
    if key is None and (after := after_swap(game, b, deck)) is not None:
        b, key = after                      # a hand the equilibrium never plays this far
    out: list[Judgement | None] = []
    if v.decision == "burn":
        out.append(judge_burn(b, v.stake, hole, "burn" if action == "burn" else "no_burn",
                              tolerance, n))
        key = key or (v.stake, "", hole, "", "")
    if v.decision == "split" and key is not None:
        out.append(judge_split(b, key, "split" if action == "split" else "no_split",
                               tolerance, n))
    if action not in ("burn", "split") and key is not None:
        out.append(judge_play(b, key, "stand" if action == "stand" else "hit", tolerance,
                              _float(game.bust_chance()), n))
        if action != "stand" and game.can_swap():
            out.append(judge_swap(b, key, "swap" if action == "swap" else "keep",
                                  tolerance, n))
    return tuple(j for j in out if j is not None)


def judge_bank(game: TableGame, action: str, tolerance: float = TOLERANCE
               ) -> tuple[Judgement, ...]:
    """A student holding the bank: ``action`` (``burn``, ``stand``, ``hit``) judged by the
    table banker's values (`TableGame.bank_values`: each player's face-down card weighed by
    its exact chance given what the bank saw and the equilibrium player's play; exact
    heads-up), per unit of the stakes at play (`TableGame.bank_stakes`). At the burn, a
    stand or a hit first declines it (``bank_burn``), then is judged on the card kept. The
    bust chance in the reason counts the cards the bank has not seen; ``seen`` counts, as
    for a player, the cards seen since the shuffle before the hand (the deck it was dealt
    from: the bank's values take this hand's cards out too). Nothing when no stake is at
    play (every player bust)."""
    from settemezzo.odds import bust_chance

    v = game.view
    assert v is not None
    stakes = game.bank_stakes()
    if not v.decision.startswith("bank") or stakes <= 0:
        return ()
    kinds = list(game.rules.plain_kinds(kind_of(c) for c in v.hand))
    unseen = game.bank_unseen()
    args: dict[str, object] = {
        "total": v.total_label, "card": kinds[0].label if kinds else "",
        "bust": float(bust_chance(kinds, unseen, game.rules))}
    deck = game.hand_deck
    seen = 0 if deck is None else Unseen.full().total - deck.total
    out: list[Judgement] = []
    if v.decision == "bank_burn":
        out.append(_bank_verdict("bank_burn", "burn" if action == "burn" else "no_burn",
                                 game.bank_values(), stakes, tolerance, args, seen))
        if action == "burn":
            return tuple(out)
    out.append(_bank_verdict("bank", "stand" if action == "stand" else "hit",
                             game.bank_values("bank_action"), stakes, tolerance, args, seen))
    return tuple(out)


def _bank_verdict(kind: str, choice: str, values: Mapping[str, float] | None, stakes: int,
                  tolerance: float, args: Mapping[str, object], seen: int) -> Judgement:
    assert values is not None
    return verdict(kind, choice, {c: x / stakes for c, x in values.items()}, banker="table",
                   tolerance=tolerance, reason_args=args, seen=seen)


def _less_burnt(game: TableGame, start: Unseen, deck: str | Unseen) -> Unseen | None:
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
    (``hand``, the deck of the book the values come from, less a burnt card (`_less_burnt`,
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
    rest = _less_burnt(game, hand, deck)
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

SPLIT_VALUES = 64
"""How many split hands' values `split_hand_values` keeps."""

_SPLITS: OrderedDict[tuple[Rules, tuple[tuple[Kind, ...], ...], int, Unseen],
                     Future[dict[str, float] | None]] = OrderedDict()


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


def _float(x: Any) -> float | None:
    return None if x is None else float(x)


def judge_move(game: TableGame, seat: int, action: str, amount: int | None = None,
               tolerance: float = TOLERANCE, deck: str | Unseen = "seen") -> Judgement | None:
    """The judgement of ``seat``'s ``action`` (``amount``: the stake), called before the
    move is made, on the game's state at the decision; of the decisions a move takes
    (`judge_moves`), the costliest (the last of equal ones: stand or hit).

    The values are heads-up against the equilibrium banker, per unit stake (a stake's in
    chips: before the deal, each stake times the hand's value, `judge_deal_stake`), from
    `book_for`: the deck less the cards seen since the shuffle (``deck`` ``seen``, or the
    deck at the start of the hand a table kept; ``fresh``: a full deck), the cards of
    earlier hands, not those of this hand at other seats, so that one solve serves a hand (a
    fresh deck's tables are shipped; a played-down deck is solved the first time: a table
    starts it at the deal, `solve_ahead`). The bust chance in the reason counts every card
    seen. A deck the exact game cannot play (one that could run out within the hand) is the
    engine's `RulesError`, `InputError` or `LimitError`. A hand after a swap the
    equilibrium never makes (the whole game's table has no row for it) is valued by the
    subgame after that swap (`after_swap`). Stand or hit on a hand of a split is valued by
    the split model, every hand counted and every card face up (`judge_split_hand`: per
    unit stake too). A decision of the bank is judged by the table banker's values
    (`judge_bank`). None when the engine cannot judge the move: a re-split, or a split the
    model cannot play (`judge_split_hand`). An action that is not
    allowed now, or a seat not to act, is an `IllegalActionError`.
    """
    found = judge_moves(game, seat, action, amount, tolerance, deck)
    if not found:
        return None
    return max(reversed(found), key=lambda j: j.cost)
