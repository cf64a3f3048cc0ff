"""The heads-up hand (one player against the banker) as an extensive-form game.

Built from a `Rules` value and the unseen-card composition at the start of the hand.

**Deal order.** The player's face-down card ``h``, the banker's face-down card, the player's
hits ``u`` (face up, in order), then the banker's hits. The probability of any ordered
sequence of kinds depends only on its multiset (dealing without replacement is exchangeable),
so the banker's face-down card can be dealt, equivalently, after the player has finished.

**Information.**

- The player knows ``h`` and the face-up cards in the order dealt: an information set is
  ``(h, u)`` with ``u`` an ordered tuple. The banker reads the order of ``u`` (it changes the
  posterior of ``h``, because the player's choices along the way depend on what was dealt), so
  orders are never merged on the player's side.
- The banker knows the *public state* ``u`` and the player's result (stood below 7½, bust,
  or 7½ shown with the face-down card), plus its own cards. Its own cards are merged by
  multiset: the chance of any ordering of the banker's cards is the same, and so are its
  future and its posterior of ``h``, so any banker strategy can be replaced by one that looks
  only at the multiset without changing any outcome probability (see `settemezzo.solve`).
- A bust player has lost at once: the banker does not play. A player who shows 7½ has
  shown the whole hand, so the banker then plays with full information.
"""

from __future__ import annotations

import copy
import weakref
from collections import OrderedDict
from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import IntEnum
from fractions import Fraction
from functools import cached_property, lru_cache
from operator import add
from typing import TYPE_CHECKING, Any, NamedTuple

from settemezzo.cards import SEVEN_AND_A_HALF, CardsSeenTwiceError, Kind, Unseen
from settemezzo.errors import InputError, RulesError
from settemezzo.hands import BUST
from settemezzo.hands import is_finished as _is_finished
from settemezzo.hands import score as _score
from settemezzo.hands import total as _total
from settemezzo.memory import gc_paused
from settemezzo.odds import draw_kinds
from settemezzo.rules import Rules, home_game

if TYPE_CHECKING:  # numpy is imported where a tree is built (a rule of thumb needs none)
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "HIT",
    "MODELLED_HANDS",
    "SPLIT",
    "STAND",
    "SWAP",
    "Action",
    "BankerNode",
    "Derived",
    "HandsMemo",
    "HeadsUpGame",
    "InfoSet",
    "Move",
    "Restriction",
    "UnsupportedRulesError",
    "check_deck_size",
    "hand_key",
    "heads_up",
    "may_split",
    "restriction_codes",
    "stake_choices",
    "with_card",
    "without_cards",
]

MODELLED_HANDS = 2
"""The most hands a split opens in the exact game (`restriction_codes`: a third is never
modelled)."""

class Action(IntEnum):
    """A choice's code, the same for both sides: ``STAND`` 0 (or action 0 of any two-way
    decision, see `InfoSet`), ``HIT`` 1 (or action 1), and the banker's ``BURN`` 2 under the
    ``burn`` variant. Plain ints in arrays and compiled code (``int(Action.HIT) == 1``)."""

    STAND = 0
    HIT = 1
    BURN = 2


class Move(IntEnum):
    """`Child.score` of a child that is not a finished hand (finished hands carry their
    score, 0 bust .. 17 pair of sevens, `settemezzo.hands`).

    - ``OPEN``: the hand goes on, at information set `Child.infoset`.
    - ``SWAP``: the ``swap_hidden`` move: the face-down card turned up, the new card taken
      face down. Everything about the hand is public at that moment, so the rest of the
      hand is a *proper subgame*: `HeadsUpGame.swap_subgame` gives it and the solver values
      it apart.
    - ``SPLIT``: splitting two figures (``split_figures``): both figures are shown, so the
      rest of the hand is of perfect information; `settemezzo.split` values it.
    """

    OPEN = -1
    SWAP = -2
    SPLIT = -3


STAND = Action.STAND
HIT = Action.HIT
ACTIONS = ("stand", "hit")
SWAP = Move.SWAP
SPLIT = Move.SPLIT


class UnsupportedRulesError(RulesError):
    """A rule knob the exact heads-up game does not model yet; the message names it."""


class Child(NamedTuple):
    """What one more card does to a player information set (a named tuple: a game makes
    tens of thousands, each one object, not two)."""

    kind: Kind
    prob: Fraction            # chance of this kind given (h, u), as the player sees it
    infoset: int              # index of the next information set, or -1 if finished
    score: int                # finished hand's score (0 bust, 15 7½, 16 royal, 17 pair),
    #                           or a `Move`: OPEN (infoset >= 0), SWAP, SPLIT


class InfoSet(NamedTuple):
    """A player decision between two actions, 0 and 1 (a named tuple, as `Child`).

    ``kind`` says what they are:

    - ``"play"``: 0 stand, 1 hit (the usual decision; a *public* state is attached);
    - ``"burn"``: 0 keep the face-down card, 1 burn it (``burn`` variant);
    - ``"stake"``: 0 stake ``stake`` chips, 1 stake more (Spanish stakes after the first
      card; a choice among several stakes is a chain of such decisions);
    - ``"swap"``: after asking for a card, 0 take it face up, 1 turn the face-down card up
      and take the new card face down (``swap_hidden``);
    - ``"split"``: two figures as the first two cards, 0 play them as one hand, 1 split them
      into two hands (``split_figures``; valued by `settemezzo.split`).

    ``children`` are the outcomes of action 1, ``children0`` those of action 0 when it is
    not "stand". A game with several choices at once is binarised this way: a chain of
    two-way choices by the same player is the same game.
    """

    index: int  # type: ignore[assignment]  # (a field: shadows tuple.index)
    hole: Kind                # the card the player holds face down now
    up: tuple[Kind, ...]      # the player's face-up cards, in the order they were turned up
    total: int                # half-points, below 15
    reach: Fraction           # chance of the cards behind this decision, in this order
    parent: int               # information set this came from, -1 for the first
    public: int               # public state of a "play" decision (-1 for the others)
    children: tuple[Child, ...] = ()
    kind: str = "play"
    stake: int = 1
    burnt: Kind | None = None
    events: tuple[tuple[str, Kind], ...] = ()
    children0: tuple[Child, ...] = ()
    parent_action: int = 1

    @property
    def label(self) -> str:
        up = " ".join(k.label for k in self.up)
        text = f"[{self.hole.label}] {up}".rstrip()
        if self.burnt is not None:
            text = f"(burnt {self.burnt.label}) " + text
        if self.stake != 1:
            text += f" stake {self.stake}"
        return text if self.kind == "play" else f"{text} ({self.kind}?)"


class BankerNode(NamedTuple):
    """A banker hand whose turn is not over: its cards (a multiset; the empty hand too),
    and the card it burnt, if any (a named tuple, as `Child`)."""

    index: int  # type: ignore[assignment]  # (a field: shadows tuple.index)
    counts: tuple[int, ...]   # the hand, per kind of `HeadsUpGame.kinds`
    size: int                 # cards drawn from the deck, burnt card included
    total: int                # best total in half-points
    score: int                # score if the banker stands here (0 for the empty hand)
    children: tuple[tuple[int, int, int], ...]  # (kind position, node index or -1, score)
    drawn: tuple[int, ...] = ()   # cards taken from the deck (hand plus burnt card)
    burn_child: int = -1      # node reached by burning this one card, or -1
    burnt: int = -1           # position of the burnt kind, or -1


class HeadsUpGame:
    """The heads-up game tree for one rule set and starting composition.

    ``start``: the player's cards already face up when the tree starts (after a swap, see
    `swap_subgame`); ``kinds``: the card kinds to use (a subgame keeps its parent's).
    """

    def __init__(self, rules: Rules, deck: Unseen | None = None,
                 start: tuple[Kind, ...] = (), kinds: tuple[Kind, ...] | None = None) -> None:
        import numpy as np

        self.rules = home_game(rules)
        self.deck = deck if deck is not None else Unseen.full()
        self.start: tuple[Kind, ...] = tuple(sorted(start))
        self.swap_target: dict[int, tuple[Kind, ...]] = {}
        # per swap decision, the cards gone from the deck (the player's and a burnt card,
        # sorted): with its `swap_target`, the key of its subgame in `_subgames_by_cards`
        self._swap_gone: dict[int, tuple[Kind, ...]] = {}
        self._subgames: dict[int, HeadsUpGame] = {}
        self._subgames_by_cards: dict[tuple[tuple[Kind, ...], tuple[Kind, ...]],
                                      HeadsUpGame] = {}
        self.derived = Derived()  # what the solver keeps of this game: not read here
        # after a swap, a face-down card that finishes the hand at once (7½ or bust)
        self.root_terminals: list[Child] = []
        pairs = dict(draw_kinds(self.deck, rules))
        # a subgame keeps its parent's kinds, some maybe used up: it then shares its
        # parent's banker hands (see `_build_banker_nodes`)
        self.kinds: tuple[Kind, ...] = kinds if kinds is not None else tuple(pairs)
        if not set(pairs) <= set(self.kinds):
            raise RulesError(f"kinds {self.kinds!r} miss some of the deck's")
        self.counts: tuple[int, ...] = tuple(pairs.get(k, 0) for k in self.kinds)
        self.n_cards = sum(self.counts)
        self._check_deck_size()
        self.infosets: list[InfoSet] = []
        # per information set, the cards the banker may draw from (counts per kind): the
        # game's less the player's (start cards excepted: never in the deck) and the burnt one
        self.decks: npt.NDArray[np.int64] = np.zeros((0, 0), dtype=np.int64)
        self.publics: list[Any] = []
        self.public_index: dict[Any, int] = {}
        self.index: dict[tuple[Kind, tuple[Kind, ...]], int] = {}
        self.banker_nodes: list[BankerNode] = []
        # what the solver derives from the banker hands alone: shared by every game with the
        # same banker hands (most subgames after a swap)
        self.banker_memo = HandsMemo()
        with gc_paused():
            self._build_player_tree()
            self._build_banker_nodes()

    # -- construction ------------------------------------------------------------------------
    def _check_deck_size(self) -> None:
        check_deck_size(self.rules, self.kinds, self.counts, self.start)

    @property
    def classic(self) -> bool:
        """No burning, hidden-card swap, split or stake choice: decisions are (hole, up) pairs."""
        r = self.rules
        return (not r.burn and not r.swap_hidden and r.split_figures == 1
                and not self.stake_choice)

    @cached_property
    def stakes(self) -> tuple[int, ...]:
        """The stakes the player may choose from (in chips), or (1,) for a unit stake (always
        after a swap: the stake was chosen before; the caller multiplies by it)."""
        return stake_choices(self.rules, self.start)

    @property
    def stake_choice(self) -> bool:
        return len(self.stakes) > 1

    def _build_player_tree(self) -> None:
        """Breadth-first, so that every information set comes after its parent (see
        `_PlayerTree`)."""
        self.infosets, self.decks = _PlayerTree(self).build()

    def _build_banker_nodes(self) -> None:
        """Every banker hand that is not finished, breadth-first from the empty hand.

        A node is (hand, burnt card): the banker may burn its first card if it is in the
        ``burn`` set (once), which takes the card out of the deck and leaves an empty hand.
        """
        rules = self.rules
        # the banker's hands depend on the deck only up to the most cards of a kind an
        # unfinished hand can hold (plus the card that finishes it, plus a burnt one): decks
        # equal up to that share them (the subgames after a swap mostly do)
        memo_key = (hand_key(rules, True, False), self.kinds)
        universe = _BANKER_NODES.get(memo_key)
        if universe is not None and all(
                c <= u for c, u in zip(self.counts, universe.counts, strict=True)):
            self.banker_nodes, self.banker_memo = _restrict(universe, self.counts)
            return
        K = len(self.kinds)
        burnable = {pos for pos, k in enumerate(self.kinds) if rules.may_burn(k)}
        index: dict[tuple[tuple[int, ...], int], int] = {}
        keys: list[tuple[tuple[int, ...], int]] = []

        def drawn_of(hand: tuple[int, ...], burnt: int) -> tuple[int, ...]:
            return tuple(c + (1 if pos == burnt else 0) for pos, c in enumerate(hand))

        def visit(key: tuple[tuple[int, ...], int]) -> int:
            if key not in index:
                index[key] = len(keys)
                keys.append(key)
            return index[key]

        visit((tuple([0] * K), -1))
        head = 0
        while head < len(keys):
            hand, burnt = keys[head]
            head += 1
            drawn = drawn_of(hand, burnt)
            for pos in range(K):
                if drawn[pos] >= self.counts[pos]:
                    continue
                nxt = list(hand)
                nxt[pos] += 1
                if not is_finished(self._hand(nxt), rules):
                    visit((tuple(nxt), burnt))
            if burnt < 0 and sum(hand) == 1:
                pos = hand.index(1)
                if pos in burnable:
                    visit((tuple([0] * K), pos))
        out: list[BankerNode] = []
        for i, (hand, burnt) in enumerate(keys):
            cards = self._hand(hand)
            drawn = drawn_of(hand, burnt)
            children = []
            for pos in range(K):
                if drawn[pos] >= self.counts[pos]:
                    continue
                nxt = list(hand)
                nxt[pos] += 1
                key = (tuple(nxt), burnt)
                if key in index:
                    children.append((pos, index[key], -1))
                else:
                    children.append((pos, -1, score(self._hand(nxt), rules)))
            burn_child = -1
            if burnt < 0 and sum(hand) == 1 and hand.index(1) in burnable:
                burn_child = index[(tuple([0] * K), hand.index(1))]
            out.append(BankerNode(i, hand, sum(drawn), total(cards, rules) if cards else 0,
                                  score(cards, rules) if cards else BUST, tuple(children),
                                  drawn, burn_child, burnt))
        self.banker_nodes = out
        if universe is None or all(c >= u for c, u in zip(self.counts, universe.counts,
                                                            strict=True)):
            _BANKER_NODES[memo_key] = _Universe(self.counts, out, self.banker_memo)
            while len(_BANKER_NODES) > BANKER_UNIVERSES:  # the oldest first
                _BANKER_NODES.pop(next(iter(_BANKER_NODES)))

    def _hand(self, counts: tuple[int, ...] | list[int]) -> tuple[Kind, ...]:
        return tuple(k for k, c in zip(self.kinds, counts, strict=True) for _ in range(c))

    # -- views -------------------------------------------------------------------------------
    @property
    def restriction_codes(self) -> tuple[str, ...]:
        """What this game leaves out of the player's choices (() if nothing): see
        `restriction_codes`."""
        return restriction_codes(self.rules)

    @property
    def key(self) -> tuple[Rules, Unseen, tuple[Kind, ...]]:
        """Games with equal keys are the same game (same values, same equilibrium)."""
        return (hand_key(self.rules, bool(self.start), _can_split(self.start)), self.deck,
                self.start)

    @cached_property
    def key_index(self) -> dict[Any, int]:
        """Each information set by (kind, stake, burnt card, face-down card, events), made
        when first asked for (the solver never does): where several share a key, the
        last."""
        return {(s.kind, s.stake, s.burnt, s.hole, s.events): s.index for s in self.infosets}

    @cached_property
    def roots(self) -> list[int]:
        """The first decision for each first card dealt."""
        return [s.index for s in self.infosets if s.parent < 0]

    def infoset(self, hole: Kind, up: tuple[Kind, ...] = ()) -> InfoSet:
        """The decision of a face-down card and face-up cards (in order): with burning or a
        stake choice, the one where the card was kept, at the smallest stake."""
        i = self.index.get((hole, tuple(up)))
        if i is None:
            hand = " ".join(k.label for k in (hole, *up))
            raise InputError(
                f"no decision at hand {hand!r}: it is finished (7½ or bust) or cannot be dealt "
                f"from this deck; a decision is a hand below 7½ whose cards the deck holds")
        return self.infosets[i]

    @property
    def subgames_made(self) -> list[HeadsUpGame]:
        """The subgames after a swap built so far (`swap_subgame`), in the order made."""
        return list(self._subgames.values())

    def games_made(self) -> list[HeadsUpGame]:
        """This game and every subgame after a swap built below it so far, each once (many
        decisions, and the subgames of other subgames, share a subgame: a walk that does
        not skip the ones seen visits the full Spanish game's millions of times)."""
        todo, seen, out = [self], set(), []
        while todo:
            g = todo.pop()
            if id(g) not in seen:
                seen.add(id(g))
                out.append(g)
                todo.extend(g.subgames_made)
        return out

    def swap_subgame(self, i: int) -> HeadsUpGame:
        """The rest of the hand after the swap move at ``swap`` decision ``i``.

        When the face-down card is turned up, every card of the player is public and the new
        face-down card is not dealt yet: what follows depends only on the player's cards (now
        all face up, the subgame's ``start``) and the cards gone from the deck (those and a
        burnt card), not on the order or the choices that led there. It is a proper subgame
        with a unit stake (the caller multiplies by the stake) and no burning (the first card
        is long gone).
        """
        sub = self._subgames.get(i)
        if sub is not None:
            return sub
        # many decisions (the same cards in other orders, other stakes) share a subgame
        target = self.swap_target.get(i)
        if target is None:
            raise InputError(f"decision {i} ({self.infosets[i].label}) is not a swap decision: "
                             f"a swap decision is a hit under swap_hidden")
        key = (self._swap_gone[i], target)
        sub = self._subgames_by_cards.get(key)
        if sub is None:
            sub = self._subgames_by_cards[key] = heads_up(
                self.rules, without_cards(self.deck, key[0], self.rules), target, self.kinds)
        self._subgames[i] = sub
        return sub

    def infosets_of_kind(self, kind: str) -> list[InfoSet]:
        return [s for s in self.infosets if s.kind == kind]

    def __iter__(self) -> Iterator[InfoSet]:
        return iter(self.infosets)

    def __repr__(self) -> str:
        after = f", after a swap with {' '.join(k.label for k in self.start)} up" \
            if self.start else ""
        return (f"HeadsUpGame({self.rules.spec()!r}{after}, {len(self.infosets)} player "
                f"information sets, {len(self.publics)} public states, "
                f"{len(self.banker_nodes)} banker hands)")


# a queue item of `_PlayerTree`: what the next information set is, and how it was reached:
# (kind, stake, burnt, hidden, events, up, comp, reach, parent, action); ``burnt`` and
# ``hidden`` are kind positions (-1: none), ``comp`` the player's cards dealt so far (hidden
# and face up, not the burnt card), counts per kind
_Item = tuple[str, int, int, int, tuple[tuple[str, Kind], ...], tuple[Kind, ...],
              tuple[int, ...], Fraction, int, int]
_ONE = Fraction(1)
_OPEN = Move.OPEN


# one more card after (hand, burnt card): (kind position, chance, finished child or None,
# the hand one card later (() if finished), whether it may then split, the kind, its event
# ("up", kind))
_Move = tuple[int, Fraction, "Child | None", tuple[int, ...], bool, Kind,
              tuple[str, Kind]]


class _PlayerTree:
    """The breadth-first construction of a game's player information sets, so that every
    information set comes after its parent (`HeadsUpGame._build_player_tree`).

    An information set's index is its place in the queue, so a child is made (in the order
    of the game's kinds) when it is queued and the information set as soon as it is
    visited. Speed: what one more card does to a hand (its chance, whether it finishes the
    hand, the finished `Child` itself) depends only on the cards held and the burnt card,
    not on their order, so it is worked out once per composition (`moves`); so is the chance
    of reaching a composition (`reach`: dealing without replacement is exchangeable).
    """

    def __init__(self, game: HeadsUpGame) -> None:
        self.game = game
        self.rules = game.rules
        self.start = game.start
        self.kinds = game.kinds
        self.counts = game.counts
        self.classic = game.classic
        self.swap_hidden = self.rules.swap_hidden
        self.stakes = game.stakes
        # only the first card of the hand may be burnt: never after a swap
        self.burn_at = [self.rules.may_burn(k) and not self.start for k in self.kinds]
        self.figure = self.kinds.index(Kind.FIGURE) if Kind.FIGURE in self.kinds else -1
        self.queue: list[_Item] = []
        self.kids: list[Child] = []          # the queued item's Child, by index
        self.out: list[InfoSet] = []
        self.most = max(game.counts, default=0)
        # the swap move's outcome at each face-down card: the same (immutable) children
        # for every swap decision with that card
        self._swapped = [(Child(k, _ONE, -1, SWAP),) for k in self.kinds]
        self._facts: dict[tuple[int, ...], tuple[int, int, bool]] = {}
        self._start = tuple(self.start.count(k) for k in self.kinds)
        self._hands = _facts_by_counts(self.rules, self.kinds)
        self._next = _next_by_counts(self.rules, self.kinds)
        self._moves: dict[tuple[tuple[int, ...], int], list[_Move]] = {}
        self._reach: dict[tuple[tuple[int, ...], int], Fraction] = {}
        self._swap_keys: dict[tuple[tuple[int, ...], int],
                              tuple[tuple[Kind, ...], tuple[Kind, ...]]] = {}

    def facts(self, comp: tuple[int, ...]) -> tuple[int, int, bool]:
        """(total, score, finished) of the start cards plus the cards ``comp``."""
        f = self._facts.get(comp)
        if f is None:
            f = self._facts[comp] = self.hand_facts(tuple(map(add, self._start, comp)))
        return f

    def hand_facts(self, hand: tuple[int, ...]) -> tuple[int, int, bool]:
        """(total, score, finished) of the cards ``hand`` (counts per kind: start cards
        included), from the table shared by trees of the same rules and kinds."""
        f = self._hands.get(hand)
        if f is None:
            cards = tuple(k for k, c in zip(self.kinds, hand, strict=True) for _ in range(c))
            f = self._hands[hand] = _facts(tuple(sorted(cards)), self.rules)
        return f

    def next_facts(self, comp: tuple[int, ...]) -> tuple[tuple[int, bool], ...]:
        """(score, finished) of the start cards plus ``comp`` plus one card of each kind, in
        the game's order: one look-up per hand in a table shared as `hand_facts`' (the
        same hands recur in the subgames after a swap, from other cards up)."""
        hand = tuple(map(add, self._start, comp))
        out = self._next.get(hand)
        if out is None:
            out = self._next[hand] = tuple(
                self.hand_facts((*hand[:pos], c + 1, *hand[pos + 1:]))[1:]
                for pos, c in enumerate(hand))
        return out

    def moves(self, comp: tuple[int, ...], burnt: int) -> list[_Move]:
        """What one more card does to the hand ``comp`` (``burnt``: the burnt card's position,
        or -1), for each kind the deck still holds, in the game's order."""
        key = (comp, burnt)
        out = self._moves.get(key)
        if out is not None:
            return out
        rest = [c - x - (1 if pos == burnt else 0)
                for pos, (c, x) in enumerate(zip(self.counts, comp, strict=True))]
        probs = _chances(sum(rest), self.most)
        # splitting: the only two cards are figures (the face-down one and this one)
        fig = self.figure
        two_figures = (fig >= 0 and self.rules.split_figures > 1 and not self.start
                       and sum(comp) == 1 and comp[fig] == 1)
        after = self.next_facts(comp)
        out = []
        for pos, k in enumerate(self.kinds):
            if not rest[pos]:
                continue
            p = probs[rest[pos]]
            sc, finished = after[pos]
            if finished:  # nothing follows: no hand one card later to keep
                out.append((pos, p, Child(k, p, -1, sc), (), False, k, ("up", k)))
                continue
            nxt = (*comp[:pos], comp[pos] + 1, *comp[pos + 1:])
            out.append((pos, p, None, nxt, two_figures and pos == fig, k, ("up", k)))
        self._moves[key] = out
        return out

    def swap_key(self, comp: tuple[int, ...], burnt: int
                 ) -> tuple[tuple[Kind, ...], tuple[Kind, ...]]:
        """The subgame after a swap with the player's cards ``comp`` (and ``burnt``: the burnt
        card's position, or -1), as `HeadsUpGame.swap_subgame` finds it: the cards gone from
        the deck (those and the burnt card) and the cards then face up (the start cards too),
        each sorted; made once per composition."""
        key = (comp, burnt)
        out = self._swap_keys.get(key)
        if out is None:
            held = tuple(k for k, c in zip(self.kinds, comp, strict=True) for _ in range(c))
            gone = (*held, self.kinds[burnt]) if burnt >= 0 else held
            out = self._swap_keys[key] = (tuple(sorted(gone)),
                                          tuple(sorted((*self.start, *held))))
        return out

    def reach(self, comp: tuple[int, ...], burnt: int, parent: Fraction, p: Fraction
              ) -> Fraction:
        """The chance of the cards ``comp`` and the burnt card, dealt in a given order: the
        parent's chance times ``p``, made once per composition."""
        key = (comp, burnt)
        out = self._reach.get(key)
        if out is None:
            out = self._reach[key] = parent * p
        return out

    def build(self) -> tuple[list[InfoSet], npt.NDArray[np.int64]]:
        """The information sets, and the deck the banker draws from at each (counts per
        kind: the game's less the player's cards, face down and up, and the burnt card)."""
        import numpy as np

        self.seed()
        queue, visit = self.queue, self.visit
        head = 0
        while head < len(queue):
            visit(head, queue[head])
            head += 1
        n, K = len(queue), len(self.kinds)
        decks = np.array(self.counts, dtype=np.int64) - np.array(
            [item[6] for item in queue], dtype=np.int64).reshape(n, K)
        burnt = np.array([item[2] for item in queue], dtype=np.int64)
        gone = np.flatnonzero(burnt >= 0)
        decks[gone, burnt[gone]] -= 1
        return self.out, decks

    def push(self, item: _Item, child: Child) -> None:
        """Queue ``item``, reached as ``child`` of its parent (its index: its place)."""
        self.queue.append(item)
        self.kids.append(child)

    def seed(self) -> None:
        """The first card of each kind: a root decision, or (after a swap) a finished hand."""
        g = self.game
        zero = (0,) * len(self.kinds)
        for pos, p, done, *_ in self.moves(zero, -1):
            k = self.kinds[pos]
            comp = (*zero[:pos], 1, *zero[pos + 1:])
            if self.start and done is not None:  # after a swap: 7½ or bust
                g.root_terminals.append(done)
                continue
            first = "stake" if len(self.stakes) > 1 else (
                "burn" if self.burn_at[pos] else "play")
            if may_split(self.rules, (k, *self.start)):
                # a swap on the first hit turned a figure up and dealt a figure face
                # down: the first two cards are both figures, so they may be split
                first = "split"
            reach = self.reach(comp, -1, _ONE, p)
            self.push((first, self.stakes[0], -1, pos, (), (), comp, reach, -1, 1),
                      Child(k, p, len(self.queue), _OPEN))

    def visit(self, i: int, item: _Item) -> None:
        """Make information set ``i`` of ``item``, number its public state, queue what
        follows it."""
        g = self.game
        kind, stake, burnt, hidden, events, up, comp, reach, parent, action = item
        hole = self.kinds[hidden]
        burnt_kind = self.kinds[burnt] if burnt >= 0 else None
        pub = -1
        if kind == "play":
            key: Any = up if self.classic else (stake, burnt_kind, events)
            pub = g.public_index.get(key, -1)
            if pub < 0:
                pub = g.public_index[key] = len(g.publics)
                g.publics.append(key)
            if self.classic or (burnt < 0 and stake == self.stakes[0]
                                and (hole, up) not in g.index):
                # (other games: the hand kept, at the smallest stake)
                g.index[(hole, up)] = i
        zero, one = self.follow(i, item)
        f = self._facts.get(comp) or self.facts(comp)
        self.out.append(InfoSet(i, hole, up, f[0], reach, parent, pub, one, kind, stake,
                                 burnt_kind, events, zero, action))

    def follow(self, i: int, item: _Item) -> tuple[tuple[Child, ...], tuple[Child, ...]]:
        """Queue (or finish) the successors of information set ``i`` by its kind; its
        children after action 0 and after action 1."""
        kind, stake, burnt, hidden, events, up, comp, reach, _, _ = item
        if kind == "play" and not self.swap_hidden:
            return (), self.deal(i, 1, item)
        hole = self.kinds[hidden]
        n = len(self.queue)
        if kind == "stake":
            nxt = "burn" if self.burn_at[hidden] else "play"
            more = "stake" if stake + 1 < self.stakes[-1] else nxt
            self.push((nxt, stake, burnt, hidden, events, up, comp, reach, i, 0),
                      Child(hole, _ONE, n, _OPEN))
            self.push((more, stake + 1, burnt, hidden, events, up, comp, reach, i, 1),
                      Child(hole, _ONE, n + 1, _OPEN))
            return (self.kids[n],), (self.kids[n + 1],)
        if kind in ("burn", "split"):
            self.push(("play", stake, burnt, hidden, events, up, comp, reach, i, 0),
                      Child(hole, _ONE, n, _OPEN))
            if kind == "burn":
                return (self.kids[n],), self.burn(i, item)
            # both figures shown: the rest is valued apart (perfect information)
            return (self.kids[n],), (Child(hole, _ONE, -1, SPLIT),)
        if kind == "swap":
            # turning the face-down card up leaves nothing hidden: a proper subgame
            self.game._swap_gone[i], self.game.swap_target[i] = self.swap_key(comp, burnt)
            return self.deal(i, 0, item), self._swapped[hidden]
        if self.swap_hidden:
            self.push(("swap", stake, burnt, hidden, events, up, comp, reach, i, 1),
                      Child(hole, _ONE, n, _OPEN))
            return (), (self.kids[n],)
        return (), self.deal(i, 1, item)

    def deal(self, parent: int, action: int, item: _Item) -> tuple[Child, ...]:
        """One more card face up after ``action`` at ``parent``: its children (`push` and
        `reach` inline: most of the tree is made here)."""
        _, stake, burnt, hidden, events, up, comp, reach, _, _ = item
        kids = []
        queue, made, reached = self.queue, self.kids, self._reach
        for _pos, p, done, nxt, splits, k, event in self.moves(comp, burnt):
            if done is not None:
                kids.append(done)
                continue
            child = Child(k, p, len(queue), _OPEN)
            r = reached.get((nxt, burnt))
            if r is None:
                r = reached[(nxt, burnt)] = reach * p
            queue.append(("split" if splits else "play", stake, burnt, hidden,
                          (*events, event), (*up, k), nxt, r, parent, action))
            made.append(child)
            kids.append(child)
        return tuple(kids)

    def burn(self, parent: int, item: _Item) -> tuple[Child, ...]:
        """A new face-down card after burning the one held (the first card of the hand)."""
        _, stake, _, hidden, events, up, comp, reach, _, _ = item
        kids = []
        zero = (0,) * len(self.kinds)
        for pos, p, *_ in self.moves(comp, -1):
            k = self.kinds[pos]
            child = Child(k, p, len(self.queue), _OPEN)
            nxt = (*zero[:pos], 1, *zero[pos + 1:])
            self.push(("play", stake, hidden, pos, events, up, nxt,
                       self.reach(nxt, hidden, reach, p), parent, 1), child)
            kids.append(child)
        return tuple(kids)


def check_deck_size(rules: Rules, kinds: tuple[Kind, ...], counts: tuple[int, ...],
                    start: tuple[Kind, ...] = ()) -> None:
    """Raise `RulesError` if a deck with ``counts`` of ``kinds`` could run out within one
    hand (the player's, after ``start`` face up, then the banker's, and the burnt cards)."""
    def max_cards(t: int) -> int:
        """Most cards a hand at total ``t`` can draw before it is finished."""
        n = 0
        for k, c in sorted(zip(kinds, counts, strict=True), key=lambda kc: kc[0].half_points):
            for _ in range(c):
                if t + k.half_points >= SEVEN_AND_A_HALF:
                    return n + 1
                n, t = n + 1, t + k.half_points
        return n
    begin = sum(k.half_points for k in start)
    burns = (1 if rules.burn else 0) + (1 if rules.burn and not start else 0)
    need = max(max_cards(begin) + max_cards(0), 2) + burns  # an empty deck: 2, not 0
    n_cards = sum(counts)
    if need > n_cards:
        raise RulesError(
            f"a deck of {n_cards} cards could run out within one hand (two hands may "
            f"need {need}); use a larger composition")


def stake_choices(rules: Rules, start: tuple[Kind, ...] = ()) -> tuple[int, ...]:
    """The stakes a player may choose from (in chips) in the heads-up game, or (1,) for a
    unit stake (the caller multiplies by the stake): a choice only when the stake is chosen
    after the first card, between two different limits, and not after a swap (``start``
    not empty: the stake was chosen before)."""
    if start:
        return (1,)
    if rules.stake_timing == "after_first_card" and rules.max_stake > rules.min_stake:
        return tuple(range(rules.min_stake, rules.max_stake + 1))
    return (1,)


def restriction_codes(rules: Rules) -> tuple[str, ...]:
    """The moves the exact game keeps the player from, as codes: ``"resplit"`` (a third
    hand and more, under ``split_figures`` above 2) and ``"split_swap"`` (a swap inside a
    split hand, under ``split_figures`` with ``swap_hidden``). Empty when the game is
    modelled whole; `settemezzo.i18n.restriction_text` says them in words.

    After a split the engine plays every hand face up (`settemezzo.split`), and with at most
    two hands. Under ``split_figures`` above 2 (SPANISH: every further figure dealt onto the
    first hand may open one more hand) the player may split again; under ``swap_hidden`` a
    split hand keeps its face-down card (the simulator's reading), so the player may swap
    inside it, which hides a card while later hands are still to be played. Both make the
    rest of the hand far too large for an exact solution (several hands, hidden cards and
    the deck's composition). The engine then solves the game in which the player declines
    those moves. Every such move is the player's option, and the banker's choices are
    untouched, so the result is a certified bound on one side only: the player is worth *at
    least* the restricted value, and the banker's edge against the restricted player's
    strategy is *at most* what is reported.
    """
    out = []
    if rules.split_figures > MODELLED_HANDS:
        out.append("resplit")
    if rules.split_figures > 1 and rules.swap_hidden:
        out.append("split_swap")
    return tuple(out)


def without_cards(deck: Unseen, kinds: tuple[Kind, ...], rules: Rules) -> Unseen:
    """``deck`` less cards of ``kinds`` (game kinds: `Rules.take`)."""
    try:
        return _taken(deck, kinds, rules)
    except CardsSeenTwiceError:
        raise InputError(f"cards {[k.label for k in kinds]} are not all in the deck {deck}: "
                         f"only cards left in it can be taken") from None


@lru_cache(maxsize=4096)
def _taken(deck: Unseen, kinds: tuple[Kind, ...], rules: Rules) -> Unseen:
    """`Rules.take`, once per deck and cards: the subgames after a swap, and theirs, take
    the same cards from the same decks many times, and their first cards more (sorted, the
    cards taken before the last are a deck of their own, cached: `Rules.take` takes one
    card after the other)."""
    if len(kinds) < 2:
        return rules.take(deck, kinds)
    return rules.take(_taken(deck, kinds[:-1], rules), kinds[-1:])


_CACHE: weakref.WeakValueDictionary[tuple[Rules, Unseen, tuple[Kind, ...]], HeadsUpGame] = \
    weakref.WeakValueDictionary()
"""Every game still in use, by key: a game (with what the solver keeps of it) lives as long as
something holds it (its parent game, `_RECENT`, a caller), then it is freed."""

RECENT_GAMES = 2
"""How many of the last whole games asked for (no swap before) `_RECENT` keeps alive."""

_RECENT: OrderedDict[tuple[Rules, Unseen, tuple[Kind, ...]], HeadsUpGame] = OrderedDict()


# A hand's total, score and whether it is finished do not depend on the order of its cards:
# the tree builders ask about the same multisets many times, so answer from a cache.
@lru_cache(maxsize=200_000)
def _facts(hand: tuple[Kind, ...], rules: Rules) -> tuple[int, int, bool]:
    return _total(hand, rules), _score(hand, rules), _is_finished(hand, rules)


@lru_cache(maxsize=64)
def _facts_by_counts(rules: Rules, kinds: tuple[Kind, ...]
                     ) -> dict[tuple[int, ...], tuple[int, int, bool]]:
    """`_facts` of hands counted per kind of ``kinds``, by those counts: a table filled by
    `_PlayerTree.facts` and shared by the trees of the same rules and kinds (the subgames
    after a swap: the same hands come from other cards up and other cards dealt)."""
    return {}


@lru_cache(maxsize=64)
def _next_by_counts(rules: Rules, kinds: tuple[Kind, ...]
                    ) -> dict[tuple[int, ...], tuple[tuple[int, bool], ...]]:
    """Per hand counted per kind of ``kinds``, (score, finished) of the hand one card later,
    for each kind: a table filled by `_PlayerTree.next_facts` and shared as
    `_facts_by_counts`."""
    return {}


@lru_cache(maxsize=256)
def _chances(n: int, most: int) -> tuple[Fraction, ...]:
    """``Fraction(c, n)`` for every count ``c`` up to ``most``: the chance of drawing a kind
    with ``c`` cards left of ``n``, made once, for every tree (`_PlayerTree.moves`)."""
    return tuple(Fraction(c, n) for c in range(most + 1))


def total(hand: tuple[Kind, ...] | list[Kind], rules: Rules) -> int:
    return _facts(tuple(sorted(hand)), rules)[0]


def score(hand: tuple[Kind, ...] | list[Kind], rules: Rules) -> int:
    return _facts(tuple(sorted(hand)), rules)[1]


def is_finished(hand: tuple[Kind, ...] | list[Kind], rules: Rules) -> bool:
    return _facts(tuple(sorted(hand)), rules)[2]


@lru_cache(maxsize=1024)
def hand_rules(rules: Rules) -> Rules:
    """The rule set with every knob that cannot change one heads-up hand set to a default
    (name, bank passing, chips, rounds, reshuffling; stake limits when stakes are fixed):
    rule sets equal here have the same game, the same values and the same equilibrium."""
    from dataclasses import replace

    same = replace(rules, name="Italian", bank_passing="seven_half",
                   starting_chips=(50,) * 7, rounds=None, reshuffle="every_hand",
                   final_min_stake=None, final_max_stake=None)
    if same.stake_timing == "before_deal":
        same = replace(same, min_stake=1, max_stake=10)
    if same.split_figures > MODELLED_HANDS:  # never modelled (`restriction_codes`)
        same = replace(same, split_figures=MODELLED_HANDS)
    return same


@lru_cache(maxsize=1024)
def hand_key(rules: Rules, after_swap: bool, can_split: bool = True) -> Rules:
    """`hand_rules`, and after a swap (where the stake is already down) the stake rules too;
    where no split can come any more (``can_split`` False), the split rule too."""
    from dataclasses import replace

    same = hand_rules(rules)
    if after_swap:
        same = replace(same, stake_timing="before_deal", min_stake=1, max_stake=10)
    if not can_split:
        same = replace(same, split_figures=1)
    return same


def _can_split(start: tuple[Kind, ...]) -> bool:
    """Whether a hand that starts with ``start`` face up (sorted) may still split: at the
    start of the hand, or after a swap that turned a lone figure up."""
    return not start or start == (Kind.FIGURE,)


def may_split(rules: Rules, hand: tuple[Kind, ...]) -> bool:
    """Whether the player may split ``hand`` (its cards, face-down first): its only two
    cards are both figures (however they came: face up, or by a swap) under
    ``split_figures``."""
    return rules.split_figures > 1 and hand == (Kind.FIGURE, Kind.FIGURE)


def with_card(deck: Unseen, kind: Kind) -> Unseen:
    """``deck`` with one more card of the game kind ``kind``: the inverse of `without_cards` (a
    plain figure goes back as a figure unless all of them are there, then as the K♦:
    `Unseen.of_plain`)."""
    counts = dict(zip(Kind, deck.counts, strict=True))
    counts[kind] += 1
    return Unseen.of_plain(counts)


class HandsMemo:
    """What the solver derives from one set of banker hands (`settemezzo.solve.plans.
    HandsState`, in ``solver``), shared by every game that has them
    (`HeadsUpGame.banker_memo`): the game holds it without reading it. Hands restricted from
    a universe's (`_restrict`) hold their ``restriction``."""

    __slots__ = ("restriction", "solver")

    def __init__(self, restriction: Restriction | None = None) -> None:
        self.restriction = restriction
        self.solver: object | None = None


class Derived:
    """What the solver derives from a game and keeps while the game lives
    (`settemezzo.solve.state.SolverState`, in ``solver``): the game holds it without reading
    it, and a twin of the game (the same hand under another name, `heads_up`) shares it."""

    __slots__ = ("solver",)

    def __init__(self) -> None:
        self.solver: object | None = None


@dataclass
class _Universe:
    """The banker hands of the largest deck seen (``counts``), and what their restrictions
    to smaller decks need (`_restrict`): per hand, the cards of each kind it has drawn, the
    counts its children need (one more than drawn, for each kind it may draw next) and the
    last of it and its children (and burn child); one more than the most cards of each kind
    a hand draws; the restrictions made, each with the memo its games share
    (`HeadsUpGame.banker_memo`); the memo of the universe's own hands (its first game's),
    from which the solver restricts what it derives to the restrictions' hands."""

    counts: tuple[int, ...]
    nodes: list[BankerNode]
    memo: HandsMemo = field(default_factory=HandsMemo)
    most: tuple[int, ...] = ()
    drawn: npt.NDArray[np.int64] = field(default_factory=lambda: _zeros((0, 0)))
    need: npt.NDArray[np.int64] = field(default_factory=lambda: _zeros((0, 0)))
    last: list[int] = field(default_factory=list)
    edges: npt.NDArray[np.int64] = field(default_factory=lambda: _zeros((0, 4)))
    edge_start: npt.NDArray[np.int64] = field(default_factory=lambda: _zeros(1))
    done: dict[tuple[int, ...], tuple[list[BankerNode], HandsMemo]] = field(
        default_factory=dict)

    def __post_init__(self) -> None:
        import numpy as np

        K = len(self.counts)
        self.drawn = np.array([nd.drawn for nd in self.nodes], dtype=np.int64).reshape(-1, K)
        self.need = np.zeros_like(self.drawn)
        for j, nd in enumerate(self.nodes):
            for pos, _, _ in nd.children:
                self.need[j, pos] = nd.drawn[pos] + 1
        self.most = tuple(int(x) + 1 for x in self.drawn.max(axis=0, initial=0))
        self.last = [max((j, nd.burn_child, *(j2 for _, j2, _ in nd.children)))
                     for j, nd in enumerate(self.nodes)]
        # every child of every hand, hand after hand: (kind position, hand or -1, score),
        # the hand's cards of that kind, and where each hand's children start
        edges = [(pos, j2, sc, nd.drawn[pos]) for nd in self.nodes for pos, j2, sc in nd.children]
        self.edges = np.array(edges, dtype=np.int64).reshape(-1, 4)
        self.edge_start = np.concatenate(
            [[0], np.cumsum([len(nd.children) for nd in self.nodes])]).astype(np.int64)


def _zeros(shape: int | tuple[int, ...]) -> npt.NDArray[np.int64]:
    import numpy as np

    return np.zeros(shape, np.int64)


BANKER_UNIVERSES = 2
"""How many banker-hand universes (one per rule family) `_BANKER_NODES` keeps."""

_BANKER_NODES: dict[tuple[Rules, tuple[Kind, ...]], _Universe] = {}


def _restrict(universe: _Universe, counts: tuple[int, ...]
              ) -> tuple[list[BankerNode], HandsMemo]:
    """The banker hands of a larger deck that a deck with ``counts`` can deal, renumbered
    (same order: parents still come first); made once per restriction (a hand of the
    universe is kept, and a child listed, by the counts up to one more than the universe's
    hands ever draw of a kind: decks equal up to that share them). A hand left as it was
    (same index, same children) is the universe's own `BankerNode`. Returns the hands and
    the memo shared by the games that have them (`HeadsUpGame.banker_memo`)."""
    key = tuple(min(c, m) for c, m in zip(counts, universe.most, strict=True))
    done = universe.done.get(key)
    if done is not None:
        return list(done[0]), done[1]
    import numpy as np

    limit = np.array(key)
    fit = np.all(universe.drawn <= limit, axis=1)
    fits: list[bool] = fit.tolist()
    same: list[bool] = np.all(universe.need <= limit, axis=1).tolist()
    first_out = fits.index(False) if False in fits else len(fits)
    renumber = np.where(fit, np.cumsum(fit) - 1, -1)
    new: list[int] = renumber.tolist()
    # the children kept (the hand has fewer cards of the kind than the deck), renumbered
    e = universe.edges
    keep = e[:, 3] < limit[e[:, 0]]
    kept = e[keep]
    child = np.where(kept[:, 1] >= 0, renumber[kept[:, 1]], -1)
    kids_of = list(zip(kept[:, 0].tolist(), child.tolist(), kept[:, 2].tolist(), strict=True))
    # where each hand's children start among those kept
    start: list[int] = np.concatenate([[0], np.cumsum(keep)])[universe.edge_start].tolist()
    out = []
    for j, nd in enumerate(universe.nodes):
        if not fits[j]:
            continue
        if same[j] and universe.last[j] < first_out:  # nothing renumbered
            out.append(nd)
            continue
        burn = new[nd.burn_child] if nd.burn_child >= 0 else -1
        out.append(BankerNode(new[j], nd.counts, nd.size, nd.total, nd.score,
                                tuple(kids_of[start[j]:start[j + 1]]), nd.drawn, burn,
                                nd.burnt))
    universe.done[key] = (out, HandsMemo(Restriction(
        universe.nodes, universe.memo, fit, renumber, limit)))
    return list(out), universe.done[key][1]


@dataclass(frozen=True)
class Restriction:
    """Banker hands restricted from a universe's (`_restrict`), in the memo of the games
    that have them (``banker_memo.restriction``): the universe's hands and memo, which of
    them are kept (``fit``), their new numbers (``renumber``, -1 for the others), and the
    most cards of each kind a kept hand holds, burnt card included (``limit``).

    A kept hand keeps every parent (a parent holds fewer cards) and every edge in, so its
    depth and its first parent too: anything derived from the hands in their order is the
    universe's, filtered to the kept hands and renumbered (the solver restricts what it
    derives so, `settemezzo.solve`); a kept hand's edge out to a finished hand of kind
    ``k`` is kept where it holds fewer than ``limit[k]`` of ``k``."""

    nodes: list[BankerNode]
    memo: HandsMemo
    fit: npt.NDArray[np.bool_]
    renumber: npt.NDArray[np.int64]
    limit: npt.NDArray[np.int64]


def heads_up(rules: Rules, deck: Unseen | None = None,
             start: tuple[Kind, ...] = (), kinds: tuple[Kind, ...] | None = None
             ) -> HeadsUpGame:
    """The (cached) heads-up game for a rule set and a starting composition (``start``: the
    player's face-up cards after a swap, see `HeadsUpGame.swap_subgame`)."""
    start = tuple(sorted(start))
    key = (hand_key(rules, bool(start), _can_split(start)),
           deck if deck is not None else Unseen.full(), start)
    game = _CACHE.get(key)
    if game is None:
        game = _CACHE[key] = HeadsUpGame(rules, deck, start, kinds)
    if not start:  # a whole game: keep the last few alive (a subgame lives with its parent)
        _RECENT[key] = game
        _RECENT.move_to_end(key)
        while len(_RECENT) > RECENT_GAMES:
            _RECENT.popitem(last=False)
    if game.rules != rules:  # the same hand under another name or session rules
        twin = copy.copy(game)
        twin.rules = rules
        twin._subgames = {}  # its subgames carry its own rules
        twin._subgames_by_cards = {}
        return twin
    return game
