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

from collections.abc import Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property

from settemezzo.cards import SEVEN_AND_A_HALF, Kind, Unseen
from settemezzo.hands import BUST, is_finished, score, total
from settemezzo.odds import draw_kinds
from settemezzo.rules import Rules, RulesError

__all__ = [
    "HIT",
    "STAND",
    "BankerNode",
    "HeadsUpGame",
    "InfoSet",
    "UnsupportedRulesError",
    "heads_up",
]

STAND = 0
HIT = 1
ACTIONS = ("stand", "hit")


class UnsupportedRulesError(RulesError):
    """A rule knob the exact heads-up game does not model yet; the message names it."""


@dataclass(frozen=True)
class Child:
    """What one more card does to a player information set."""

    kind: Kind
    prob: Fraction            # chance of this kind given (h, u), as the player sees it
    infoset: int              # index of the next information set, or -1 if finished
    score: int                # finished hand's score (0 bust, 15 7½, 16 royal, 17 pair) or -1


@dataclass(frozen=True)
class InfoSet:
    """A player decision: face-down card ``hole``, face-up cards ``up`` in order."""

    index: int
    hole: Kind
    up: tuple[Kind, ...]
    total: int                # half-points, below 15
    reach: Fraction           # chance of being dealt (hole, *up) in this order
    parent: int               # information set this came from by hitting, -1 for the first
    public: int               # index of the public state ``up``
    children: tuple[Child, ...] = field(default=())

    @property
    def label(self) -> str:
        up = " ".join(k.label for k in self.up)
        return f"[{self.hole.label}] {up}".rstrip()


@dataclass(frozen=True)
class BankerNode:
    """A multiset of banker cards whose hand is not finished (the empty hand included)."""

    index: int
    counts: tuple[int, ...]   # per kind of `HeadsUpGame.kinds`
    size: int
    total: int                # best total in half-points
    score: int                # score if the banker stands here (0 for the empty hand)
    children: tuple[tuple[int, int, int], ...]  # (kind position, node index or -1, score)


class HeadsUpGame:
    """The heads-up game tree for one rule set and starting composition."""

    SUPPORTED = ("royal", "wild_king", "pair_of_sevens", "ties_push", "seven_half_pays")

    def __init__(self, rules: Rules, deck: Unseen | None = None) -> None:
        _check_supported(rules)
        self.rules = rules
        self.deck = deck if deck is not None else Unseen.full()
        pairs = draw_kinds(self.deck, rules)
        self.kinds: tuple[Kind, ...] = tuple(k for k, _ in pairs)
        self.counts: tuple[int, ...] = tuple(n for _, n in pairs)
        self.n_cards = sum(self.counts)
        self._check_deck_size()
        self.infosets: list[InfoSet] = []
        self.publics: list[tuple[Kind, ...]] = []
        self.public_index: dict[tuple[Kind, ...], int] = {}
        self.index: dict[tuple[Kind, tuple[Kind, ...]], int] = {}
        self._build_player_tree()
        self.banker_nodes: list[BankerNode] = []
        self._build_banker_nodes()

    # -- construction ------------------------------------------------------------------------
    def _check_deck_size(self) -> None:
        def max_cards() -> int:
            n, t = 0, 0
            for k, c in sorted(zip(self.kinds, self.counts, strict=True),
                               key=lambda kc: kc[0].half_points):
                for _ in range(c):
                    if t + k.half_points >= SEVEN_AND_A_HALF:
                        return n + 1
                    n, t = n + 1, t + k.half_points
            return n
        need = 2 * max_cards()
        if need > self.n_cards:
            raise RulesError(
                f"a deck of {self.n_cards} cards could run out within one hand (two hands may "
                f"need {need}); use a larger composition")

    def _build_player_tree(self) -> None:
        rules = self.rules
        n0 = self.n_cards
        # breadth-first so that parents come before children
        queue: list[tuple[Kind, tuple[Kind, ...], list[int], Fraction, int]] = []
        for pos, k in enumerate(self.kinds):
            if self.counts[pos]:
                rest = list(self.counts)
                rest[pos] -= 1
                queue.append((k, (), rest, Fraction(self.counts[pos], n0), -1))
        pending_children: dict[int, list[Child]] = {}
        head = 0
        while head < len(queue):
            hole, up, rest, reach, parent = queue[head]
            head += 1
            hand = (hole, *up)
            i = len(self.infosets)
            pub = self.public_index.get(up)
            if pub is None:
                pub = self.public_index[up] = len(self.publics)
                self.publics.append(up)
            self.infosets.append(InfoSet(i, hole, up, total(hand, rules), reach, parent, pub))
            self.index[(hole, up)] = i
            if parent >= 0:
                pending_children[parent].append(
                    Child(up[-1], reach / self.infosets[parent].reach, i, -1))
            pending_children[i] = []
            n = sum(rest)
            for pos, k in enumerate(self.kinds):
                c = rest[pos]
                if not c:
                    continue
                new = (*hand, k)
                if is_finished(new, rules):
                    pending_children[i].append(Child(k, Fraction(c, n), -1, score(new, rules)))
                else:
                    nxt = rest.copy()
                    nxt[pos] -= 1
                    queue.append((hole, (*up, k), nxt, reach * Fraction(c, n), i))
        # attach children, keeping kind order
        order = {k: j for j, k in enumerate(self.kinds)}
        self.infosets = [
            InfoSet(s.index, s.hole, s.up, s.total, s.reach, s.parent, s.public,
                    tuple(sorted(pending_children[s.index], key=lambda ch: order[ch.kind])))
            for s in self.infosets
        ]

    def _build_banker_nodes(self) -> None:
        rules = self.rules
        index: dict[tuple[int, ...], int] = {}
        nodes: list[tuple[tuple[int, ...], int]] = []
        start = tuple(0 for _ in self.kinds)
        index[start] = 0
        nodes.append((start, 0))
        head = 0
        while head < len(nodes):
            counts, _ = nodes[head]
            head += 1
            for pos in range(len(self.kinds)):
                if counts[pos] >= self.counts[pos]:
                    continue
                nxt = list(counts)
                nxt[pos] += 1
                key = tuple(nxt)
                if key in index:
                    continue
                if not is_finished(self._hand(key), rules):
                    index[key] = len(nodes)
                    nodes.append((key, 0))
        out: list[BankerNode] = []
        for i, (counts, _) in enumerate(nodes):
            hand = self._hand(counts)
            children = []
            for pos in range(len(self.kinds)):
                if counts[pos] >= self.counts[pos]:
                    continue
                nxt = list(counts)
                nxt[pos] += 1
                key = tuple(nxt)
                if key in index:
                    children.append((pos, index[key], -1))
                else:
                    children.append((pos, -1, score(self._hand(key), rules)))
            out.append(BankerNode(i, counts, sum(counts), total(hand, rules) if hand else 0,
                                  score(hand, rules) if hand else BUST, tuple(children)))
        self.banker_nodes = out

    def _hand(self, counts: tuple[int, ...] | list[int]) -> tuple[Kind, ...]:
        return tuple(k for k, c in zip(self.kinds, counts, strict=True) for _ in range(c))

    # -- views -------------------------------------------------------------------------------
    @cached_property
    def roots(self) -> list[int]:
        """The first information set for each face-down card."""
        return [s.index for s in self.infosets if s.parent < 0]

    def infoset(self, hole: Kind, up: tuple[Kind, ...] = ()) -> InfoSet:
        """The information set of a face-down card and face-up cards (in order)."""
        i = self.index.get((hole, tuple(up)))
        if i is None:
            hand = " ".join(k.label for k in (hole, *up))
            raise RulesError(
                f"no decision at hand {hand!r}: it is finished (7½ or bust) or cannot be dealt "
                f"from this deck")
        return self.infosets[i]

    def deck_after(self, hole: Kind, up: tuple[Kind, ...]) -> list[int]:
        """Counts per kind of the cards the banker can still draw, given the player's hand."""
        rest = list(self.counts)
        for k in (hole, *up):
            rest[self.kinds.index(k)] -= 1
        return rest

    def __iter__(self) -> Iterator[InfoSet]:
        return iter(self.infosets)

    def __repr__(self) -> str:
        return (f"HeadsUpGame({self.rules.describe()!r}, {len(self.infosets)} player "
                f"information sets, {len(self.publics)} public states, "
                f"{len(self.banker_nodes)} banker hands)")


def _check_supported(rules: Rules) -> None:
    problems = []
    if rules.burn:
        problems.append(f"burn={sorted(rules.burn)}")
    if rules.swap_hidden:
        problems.append("swap_hidden")
    if rules.split_figures != 1:
        problems.append(f"split_figures={rules.split_figures}")
    if rules.stake_timing != "before_deal":
        problems.append(f"stake_timing={rules.stake_timing!r}")
    if problems:
        raise UnsupportedRulesError(
            f"the exact heads-up game does not model {', '.join(problems)} yet "
            f"({rules.describe()}); supported knobs: royal, wild_king, pair_of_sevens, "
            f"ties_push, seven_half_pays")


_CACHE: dict[tuple[Rules, Unseen], HeadsUpGame] = {}


def heads_up(rules: Rules, deck: Unseen | None = None) -> HeadsUpGame:
    """The (cached) heads-up game for a rule set and a starting composition."""
    key = (rules, deck if deck is not None else Unseen.full())
    game = _CACHE.get(key)
    if game is None:
        game = _CACHE[key] = HeadsUpGame(rules, deck)
    return game
