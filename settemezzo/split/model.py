"""The model of the position after a split, which both engines share.

`Model` holds the kinds the rules tell apart and each hand's facts by multiset; the
policies of the two sides (`SplitPolicy`, parsed by `player_policy` and `banker_policy`);
the checks of a rule set, a deck and a position (`check_rules`, `check_figure`,
`check_deck`, `check_position`) and the errors they raise.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
from typing import Any

from settemezzo import policy
from settemezzo.cards import SEVEN_AND_A_HALF, Kind, Unseen
from settemezzo.errors import InputError, LimitError, RulesError
from settemezzo.game import UnsupportedRulesError
from settemezzo.hands import BUST, PAIR_OF_SEVENS, is_finished, score, settle, total
from settemezzo.rules import Rules

__all__ = [
    "Model",
    "Num",
    "SplitInputError",
    "SplitPolicy",
    "SplitTooLargeError",
    "banker_policy",
    "check_deck",
    "check_figure",
    "check_position",
    "check_rules",
    "hand_counts",
    "is_plain_figure",
    "player_policy",
    "policy_action",
    "rest_after",
    "unseen_of",
]


Num = Any
"""`Fraction` in exact mode, `float` otherwise."""


class SplitInputError(InputError):
    """A bad position or rule set for the split analysis; the message names the value."""


class SplitTooLargeError(LimitError):
    """The exact model would be too large to compute; the message says what to use."""


@dataclass(frozen=True)
class SplitPolicy:
    """``k`` is None for the best play, else hit while the total is below ``k`` half-points;
    ``resplit`` says whether a fixed player splits again whenever allowed."""

    name: str
    k: int | None = None
    resplit: bool = False

    @property
    def best(self) -> bool:
        return self.k is None


def player_policy(spec: str) -> SplitPolicy:
    """'best', 'threshold:K' (hit below K points on every hand, never split again) or
    'threshold:K,split' (split again whenever allowed; `settemezzo.policy`)."""
    p = policy.parse(spec, ("best", "threshold:K"), ("split",), who="player",
                     error=SplitInputError)
    if p.kind == "best":
        return SplitPolicy("best")
    return SplitPolicy(p.name, p.k, p.split)


def banker_policy(spec: str) -> SplitPolicy:
    """'best' (its best reply, seeing every hand) or 'threshold:K' (hit below K points)."""
    p = policy.parse(spec, ("best", "threshold:K"), (), who="banker", error=SplitInputError)
    return SplitPolicy("best") if p.kind == "best" else SplitPolicy(p.name, p.k)


class Model:
    """What both engines share: the kinds that can be told apart, hand facts by multiset."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.kinds: tuple[Kind, ...] = rules.kinds
        self.K = len(self.kinds)
        self.hp = tuple(k.half_points for k in self.kinds)
        self.fig = self.kinds.index(Kind.FIGURE)
        self.burnable = tuple(rules.may_burn(k) for k in self.kinds)
        self.settle_q = [[settle(p, b, rules) if p != BUST else Fraction(-1)
                          for b in range(PAIR_OF_SEVENS + 1)]
                         for p in range(PAIR_OF_SEVENS + 1)]
        self.settle_f = [[float(v) for v in row] for row in self.settle_q]
        self.facts = lru_cache(maxsize=None)(self._facts)

    def _facts(self, counts: tuple[int, ...]) -> tuple[int, int, bool]:
        """(total, score, finished) of a hand given as counts per kind."""
        cards = [k for k, c in zip(self.kinds, counts, strict=True) for _ in range(c)]
        if not cards:
            return 0, BUST, False
        return total(cards, self.rules), score(cards, self.rules), is_finished(cards, self.rules)

    def counts(self, deck: Unseen) -> tuple[int, ...]:
        """The deck as counts per kind the rules tell apart (`Rules.fold`)."""
        c = self.rules.fold(deck.counts)
        return tuple(c[k] for k in self.kinds)

    def pos(self, kind: Kind) -> int:
        return self.kinds.index(self.rules.plain(kind))


def check_rules(rules: Rules) -> None:
    """An error unless the split analysis models ``rules`` (no swap_hidden, splitting on)."""
    if rules.swap_hidden:
        raise UnsupportedRulesError(
            f"the split analysis does not model swap_hidden (the rules {rules.spec()!r}): "
            f"switch it off, e.g. rules.with_variants('swap_hidden=off')")
    if rules.split_figures < 2:
        raise RulesError(
            f"split_figures is {rules.split_figures} (no splitting) in the rules {rules.spec()!r}; "
            f"the split analysis needs split_figures from 2 to 12")


def is_plain_figure(kind: object, rules: Rules) -> bool:
    """Whether ``kind`` is a figure the player may split under ``rules`` (`Rules.plain`)."""
    return isinstance(kind, Kind) and rules.plain(kind) is Kind.FIGURE


def check_figure(name: str, kind: object, rules: Rules) -> None:
    """`SplitInputError` unless ``kind`` (the ``name`` card) is a plain figure."""
    if not is_plain_figure(kind, rules):
        label = kind.label if isinstance(kind, Kind) else repr(kind)
        why = (" (under wild_king the K♦ is wild, and K♦ with a figure is already 7½)"
               if kind is Kind.KING_OF_DIAMONDS else "")
        raise SplitInputError(
            f"{name} card must be a plain figure (Kind.FIGURE, or the K♦ when it is not "
            f"wild) to split, got {label}{why}")


def _max_cards(counts: Sequence[int], hp: Sequence[int], capacity: int) -> int:
    """The most cards of the deck whose half-points add up to at most ``capacity``."""
    n, t = 0, 0
    for v, c in sorted(zip(hp, counts, strict=True)):
        for _ in range(c):
            if t + v > capacity:
                return n
            n, t = n + 1, t + v
    return n


def check_deck(model: Model, rest: tuple[int, ...]) -> None:
    """Two hands and the banker must never run out of cards.

    Quick bound: every hand but its last card stays below 7½ (a player hand holds its figure
    besides), so the cards dealt are at most one last card per hand, the most cards whose
    half-points fit into those totals, and the banker's burnt card. Where that bound is not
    enough and the deck is small, every way of dealing it out is searched.
    """
    capacity = 2 * (SEVEN_AND_A_HALF - 1 - 1) + (SEVEN_AND_A_HALF - 1)
    need = 3 + _max_cards(rest, model.hp, capacity) + (1 if model.rules.burn else 0)
    have = sum(rest)
    if need <= have:
        return
    subsets = 1
    for c in rest:
        subsets *= c + 1
    if subsets <= _SEARCH_SUBSETS:
        if not _runs_out(model, rest):
            return
        raise SplitInputError(
            f"a deck of {have} cards left after the two figures can run out within the two "
            f"hands and the banker's; use a larger composition")
    raise SplitInputError(
        f"a deck of {have} cards left after the two figures could run out within the two "
        f"hands and the banker's (they may need {need}); use a larger composition")


_SEARCH_SUBSETS = 4000


def _runs_out(model: Model, rest: tuple[int, ...]) -> bool:
    """Whether some deal and some play of the two hands and the banker's asks for a card
    when none is left (hands 1 and 2 start on a figure; the banker may burn)."""
    K, fig = model.K, model.fig

    def with_fig(m: tuple[int, ...]) -> tuple[int, ...]:
        return (*m[:fig], m[fig] + 1, *m[fig + 1:])

    @cache
    def open_path(m: tuple[int, ...], player: bool) -> bool:
        """The cards ``m`` can be drawn one by one with the hand open all along."""
        hand = with_fig(m) if player else m
        if any(hand) and model.facts(hand)[2]:
            return False
        return not any(m) or any(open_path((*m[:k], m[k] - 1, *m[k + 1:]), player)
                                 for k in range(K) if m[k])

    def ended(m: tuple[int, ...]) -> bool:
        """A player hand that finished on the last of the cards ``m``."""
        return model.facts(with_fig(m))[2] and any(
            open_path((*m[:k], m[k] - 1, *m[k + 1:]), True) for k in range(K) if m[k])

    def subsets(m: tuple[int, ...]) -> list[tuple[int, ...]]:
        out: list[tuple[int, ...]] = [()]
        for c in m:
            out = [(*o, i) for o in out for i in range(c + 1)]
        return out

    def minus(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(x - y for x, y in zip(a, b, strict=True))

    for p1 in subsets(rest):
        o1 = open_path(p1, True)
        if not (o1 or ended(p1)):
            continue
        r1 = minus(rest, p1)
        if o1 and not any(r1):
            return True                       # hand 1 asks with nothing left
        live1 = o1 or model.facts(with_fig(p1))[1] != BUST
        for p2 in subsets(r1):
            o2 = open_path(p2, True)
            if not (o2 or ended(p2)):
                continue
            r2 = minus(r1, p2)
            if o2 and not any(r2):
                return True                   # hand 2 asks with nothing left
            if not (live1 or o2 or model.facts(with_fig(p2))[1] != BUST):
                continue                      # both bust: the banker does not play
            if open_path(r2, False):
                return True                   # the banker draws it all and may ask again
            for k in range(K):
                if r2[k] and model.burnable[k] and open_path(
                        (*r2[:k], r2[k] - 1, *r2[k + 1:]), False):
                    return True               # ... after burning its first card
    return False


def rest_after(model: Model, deck: Unseen | None, cards: Sequence[Kind]) -> tuple[int, ...]:
    """``deck`` (default: the whole deck) as counts per model kind, less ``cards``; a
    `SplitInputError` naming a card the deck cannot give."""
    rest = list(model.counts(deck if deck is not None else Unseen.full()))
    for k in cards:
        i = model.pos(k)
        if rest[i] <= 0:
            raise SplitInputError(
                f"the deck holds no {k.label} left to deal: the cards "
                f"{' '.join(c.label for c in cards)} cannot all come from it")
        rest[i] -= 1
    return tuple(rest)


def unseen_of(model: Model, counts: Sequence[int]) -> Unseen:
    """Counts per model kind as an `Unseen` (figures as plain figures, K♦ last if any)."""
    out = dict.fromkeys(Kind, 0)
    for k, c in zip(model.kinds, counts, strict=True):
        out[k] += c
    return Unseen.of_plain(out)


def hand_counts(model: Model, hand: Sequence[Kind]) -> tuple[int, ...]:
    """A hand as counts per model kind."""
    c = [0] * model.K
    for k in hand:
        c[model.pos(k)] += 1
    return tuple(c)


def check_position(rules: Rules, model: Model, hs: tuple[tuple[Kind, ...], ...],
                   current: int | None) -> int:
    """`SplitInputError` unless ``hs`` is a position after a split (or the two figures
    before it) with hand ``current`` to play; the current hand (default: the first one not
    finished)."""
    if not 1 <= len(hs) <= rules.split_figures:
        raise SplitInputError(
            f"a position after a split has 2 to split_figures={rules.split_figures} hands "
            f"(or one hand of two figures, before splitting), got {len(hs)}")
    if len(hs) == 1 and not (len(hs[0]) == 2
                             and all(is_plain_figure(k, rules) for k in hs[0])):
        raise SplitInputError(
            f"a single hand must be two plain figures (the position before splitting), got "
            f"{[getattr(k, 'label', k) for k in hs[0]]}")
    for i, h in enumerate(hs):
        if not h:
            raise SplitInputError(f"hand {i + 1} is empty; every hand starts with its figure")
        for k in h:
            if not isinstance(k, Kind):
                raise SplitInputError(f"hand {i + 1} holds {k!r}, not a Kind")
        check_figure(f"hand {i + 1}'s first", h[0], rules)
    finished = [model.facts(hand_counts(model, h))[2] for h in hs]
    if current is None:
        current = next((i for i, f in enumerate(finished) if not f), len(hs))
    if (not isinstance(current, int) or isinstance(current, bool)
            or not 0 <= current < len(hs)):
        raise SplitInputError(
            f"current must be the index of the hand being played (0..{len(hs) - 1}), got "
            f"{current!r} (is every hand finished?)")
    if finished[current]:
        raise SplitInputError(f"hand {current + 1} is finished (7½ or bust): no decision left")
    for i in range(current + 1, len(hs)):
        if len(hs[i]) != 1:
            raise SplitInputError(
                f"hand {i + 1} comes after the current hand {current + 1}, so it holds its "
                f"figure alone, got {[k.label for k in hs[i]]}")
    return current


def policy_action(model: Model, p: SplitPolicy, values: dict[str, float],
                  hand: tuple[Kind, ...]) -> str:
    """What the player does with ``hand`` given the options' ``values``: the best one, or
    its rule of thumb (split whenever allowed under ``,split``, else hit below K)."""
    if p.best:
        action = "stand"
        for a in ("hit", "split"):
            if a in values and values[a] > values[action]:
                action = a
        return action
    if "split" in values and p.resplit:
        return "split"
    assert p.k is not None
    total_now = model.facts(hand_counts(model, hand))[0]
    return "hit" if "hit" in values and total_now < p.k else "stand"
