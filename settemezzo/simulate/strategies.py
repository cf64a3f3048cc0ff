"""Strategies per seat, and the arrays the compiled engine reads.

A seat plays as a *player* when someone else holds the bank and as the *banker* when it
holds it, so a seat has one strategy for each role (`Seat`).

Player strategies (``player=``):

- ``threshold:K`` - hit below K points (``threshold:5``: hit on 4½, stand on 5), no
  exceptions (docs/rules.md);
- ``equilibrium`` - the heads-up equilibrium of `settemezzo.solve.equilibrium`, looked up on
  the player's own cards (rules the exact engine supports only);
- a `Person` - a Python callback that decides (the classroom game).

Options after a comma: ``stake=min|max|N|max-on:7/6`` (the stake policy, default ``min``;
``max-on`` stakes the maximum when the first card is one of those, which needs stakes after
the first card), ``burn`` (burn a burnable first card), ``split`` (split two figures),
``swap`` (under ``swap_hidden``, turn the face-down card up on every hit). Without them a
rule of thumb has no other choices: it never burns, splits or swaps and stakes the minimum,
as in `settemezzo.solve`. Example: ``threshold:5,stake=max,split``.

Banker strategies (``banker=``): ``threshold:K``; ``omniscient`` (sees every card and plays
its best); ``equilibrium`` (heads-up only: the equilibrium banker, and against a shown 7½ its
best with full information, as in `settemezzo.solve`); ``table`` (sees what a banker sees
and gives each face-down card its exact posterior, given the players' strategies); a
`Person`. A threshold banker never burns unless given the option ``burn``; the omniscient
and table bankers burn when their exact values say it is worth it.

>>> parse_player("threshold:5,stake=max")
PlayerSpec(kind='threshold', k=10, burn=False, split=False, swap=False, stake='max')
>>> parse_banker("table").kind
'table'
>>> parse_player("thresold:5")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
settemezzo.simulate.strategies.StrategyError: unknown player policy 'thresold:5'; use ...
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from settemezzo import policy
from settemezzo.cards import Kind
from settemezzo.hands import is_finished, score
from settemezzo.rules import Rules, RulesError
from settemezzo.simulate import engine as E

__all__ = [
    "BankerSpec",
    "Person",
    "PlayerSpec",
    "Seat",
    "StrategyError",
    "parse_banker",
    "parse_player",
]

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]


class StrategyError(RulesError):
    """A strategy name or option that cannot be used (a `ValueError`)."""


@dataclass(frozen=True)
class PlayerSpec:
    """How a seat plays when it is a player."""

    kind: Literal["threshold", "equilibrium", "person"] = "threshold"
    k: int = 10
    burn: bool = False
    split: bool = False
    swap: bool = False
    stake: str = "min"

    @property
    def name(self) -> str:
        """The canonical text of `settemezzo.policy` ('threshold:5,stake=max,burn')."""
        if self.kind == "person":
            return "person"
        return policy.Policy(self.kind, self.k, self.split, self.swap, self.burn,
                             self.stake).name


@dataclass(frozen=True)
class BankerSpec:
    """How a seat plays when it holds the bank."""

    kind: Literal["threshold", "omniscient", "equilibrium", "table", "person"] = "threshold"
    k: int = 10
    burn: bool = False

    @property
    def name(self) -> str:
        """The canonical text of `settemezzo.policy` ('threshold:5,burn', 'table')."""
        if self.kind == "person":
            return "person"
        return policy.Policy(self.kind, self.k, burn=self.burn).name


DECISIONS = ("stake", "burn", "split", "action", "bank_action", "bank_burn")
"""The decisions of a hand, in the engine's order (``D_*``)."""


@dataclass(frozen=True)
class Person:
    """A seat played by a person through a Python callback.

    ``decide(view)`` receives a read-only `settemezzo.simulate.session.TableView` and returns
    the answer: ``'stand'``/``'hit'`` (or ``'swap'``: hit and take the new card face down,
    under ``swap_hidden``) for an ``action`` or ``bank_action``; ``'burn'``/``'keep'``;
    ``'split'``/``'keep'``; a number of chips for a ``stake``. Only the decisions named in
    ``decides`` go to the callback; the others follow ``player``/``banker`` (which are also
    how a table banker models this seat).
    """

    decide: Callable[[Any], str | int]
    decides: frozenset[str] = field(default=frozenset({"action", "bank_action"}))
    player: str | PlayerSpec = "threshold:5"
    banker: str | BankerSpec = "threshold:5"

    def __post_init__(self) -> None:
        if not callable(self.decide):
            raise StrategyError(f"Person needs a callable, got {self.decide!r}")
        decides = frozenset(self.decides)
        bad = sorted(decides - set(DECISIONS))
        if bad:
            raise StrategyError(
                f"unknown decision(s) {', '.join(map(repr, bad))}; a Person may take "
                f"{', '.join(DECISIONS)}")
        object.__setattr__(self, "decides", decides)


@dataclass(frozen=True)
class Seat:
    """One seat's strategies as a player and as the banker, and an optional person."""

    player: PlayerSpec
    banker: BankerSpec
    person: Person | None = None

    @property
    def name(self) -> str:
        if self.person is not None:
            return f"person ({', '.join(sorted(self.person.decides))})"
        return f"{self.player.name} / banker {self.banker.name}"


def parse_player(text: str | PlayerSpec) -> PlayerSpec:
    """A player strategy from text such as ``threshold:5,stake=max,split`` (the grammar of
    `settemezzo.policy`: ``threshold:K`` or ``equilibrium``, options ``stake=``, ``burn``,
    ``split``, ``swap`` and their ``no`` forms)."""
    if isinstance(text, PlayerSpec):
        return text
    p = policy.parse(text, ("threshold:K", "equilibrium"), ("stake", "burn", "split", "swap"),
                     who="player", error=StrategyError)
    kind: Literal["threshold", "equilibrium"] = "threshold" if p.kind == "threshold" \
        else "equilibrium"
    return PlayerSpec(kind, p.k if kind == "threshold" else 10, p.burn, p.split, p.swap,
                      p.stake)


def parse_banker(text: str | BankerSpec) -> BankerSpec:
    """A banker strategy: ``threshold:K``, ``omniscient``, ``equilibrium``, ``table``, each
    with the option ``burn`` or ``noburn`` (`settemezzo.policy`)."""
    if isinstance(text, BankerSpec):
        return text
    p = policy.parse(text, ("threshold:K", "omniscient", "equilibrium", "table"), ("burn",),
                     who="banker", error=StrategyError)
    kind: Literal["threshold", "omniscient", "equilibrium", "table"] = p.kind  # type: ignore[assignment]
    return BankerSpec(kind, p.k if kind == "threshold" else 10, p.burn)


def make_seats(n_seats: int, player: str | PlayerSpec | Person,
               banker: str | BankerSpec | Person,
               seats: Mapping[int, Any] | None = None) -> tuple[Seat, ...]:
    """The seats' strategies: defaults for everyone, then per-seat overrides.

    ``seats`` maps a seat number (0 holds the bank first, 1 plays first, ...) to a `Person`,
    a player strategy, or a pair ``(player, banker)`` (either may be None: the default).
    """
    def one(p: Any, b: Any) -> Seat:
        if isinstance(p, Person) or isinstance(b, Person):
            person = p if isinstance(p, Person) else b
            assert isinstance(person, Person)
            return Seat(parse_player(person.player), parse_banker(person.banker), person)
        return Seat(parse_player(p), parse_banker(b))

    out = [one(player, banker) for _ in range(n_seats)]
    for key, value in (seats or {}).items():
        if not isinstance(key, int) or isinstance(key, bool) or not 0 <= key < n_seats:
            raise StrategyError(
                f"seat {key!r} does not exist: seats are numbered 0 (the first banker) to "
                f"{n_seats - 1}")
        if isinstance(value, tuple):
            if len(value) != 2:
                raise StrategyError(f"seat {key}: give (player, banker), got {value!r}")
            p, b = value
            out[key] = one(player if p is None else p, banker if b is None else b)
        else:
            out[key] = one(value, banker)
    return tuple(out)


# ---------------------------------------------------------------------------------------------
# Arrays for the engine
# ---------------------------------------------------------------------------------------------


def deck_arrays(rules: Rules) -> tuple[IntArray, IntArray]:
    """``KIND[id]`` and ``VAL[id]`` for the 40 card ids (``id = 10 * suit + rank``)."""
    kind = np.zeros(40, dtype=np.int64)
    val = np.zeros(40, dtype=np.int64)
    for suit in range(4):
        for r in range(10):
            cid = 10 * suit + r
            if r < 7:
                kind[cid] = r + 1
                val[cid] = 2 * (r + 1)
            else:
                # id 29 is the K♦ (suit 2, diamonds; rank 9, the king)
                kind[cid] = rules.plain(Kind.KING_OF_DIAMONDS) if cid == 29 else 0
                val[cid] = 1
    return kind, val


@dataclass(frozen=True)
class NodeGraph:
    """Every unfinished multiset of banker cards (the empty hand first), with transitions."""

    next: IntArray      # [node, kind] -> node, or -1 if that card finishes the hand / is gone
    counts: IntArray    # [node, kind]
    size: IntArray      # [node]
    score: IntArray     # [node]: the score if the banker stands there
    child_score: IntArray  # [node, kind]: score of the finished hand after that card, or -1
    total: IntArray     # [node]

    @property
    def n(self) -> int:
        return int(self.size.shape[0])


def _deck_counts(rules: Rules) -> list[int]:
    return list(rules.fold([k.deck_count for k in Kind]))


def _hand_of(counts: tuple[int, ...]) -> tuple[Kind, ...]:
    return tuple(Kind(k) for k, c in enumerate(counts) for _ in range(c))


@lru_cache(maxsize=32)
def node_graph(rules: Rules) -> NodeGraph:
    """The banker's hands as multisets, built with `settemezzo.hands` (independent of the
    compiled scoring, which the tests compare with it)."""
    from settemezzo.hands import total as hand_total

    limit = _deck_counts(rules)
    start = (0,) * E.NK
    index = {start: 0}
    order = [start]
    head = 0
    while head < len(order):
        cur = order[head]
        head += 1
        for k in range(E.NK):
            if cur[k] >= limit[k]:
                continue
            nxt = tuple(c + (1 if i == k else 0) for i, c in enumerate(cur))
            if nxt not in index and not is_finished(_hand_of(nxt), rules):
                index[nxt] = len(order)
                order.append(nxt)
    n = len(order)
    nxt_a = np.full((n, E.NK), -1, dtype=np.int64)
    child = np.full((n, E.NK), -1, dtype=np.int64)
    counts = np.array(order, dtype=np.int64)
    size = counts.sum(axis=1)
    sco = np.zeros(n, dtype=np.int64)
    tot = np.zeros(n, dtype=np.int64)
    for j, cur in enumerate(order):
        hand = _hand_of(cur)
        if hand:
            sco[j] = score(hand, rules)
            tot[j] = hand_total(hand, rules)
        for k in range(E.NK):
            if cur[k] >= limit[k]:
                continue
            key = tuple(c + (1 if i == k else 0) for i, c in enumerate(cur))
            if key in index:
                nxt_a[j, k] = index[key]
            else:
                child[j, k] = score(_hand_of(key), rules)
    return NodeGraph(nxt_a, counts, size, sco, child, tot)


@dataclass(frozen=True)
class EquilibriumTables:
    """The heads-up equilibrium as lookup tables (see `settemezzo.solve.equilibrium`)."""

    root: IntArray        # [kind] -> information set of a lone face-down card
    next: IntArray        # [infoset, kind] -> information set after that face-up card
    p_hit: FloatArray     # [infoset]
    pub_next: IntArray    # [public, kind] -> public state
    pub0: int
    b_hit: FloatArray     # [public, node of `node_graph`]
    value: float          # the equilibrium value (player's gain per stake)


@lru_cache(maxsize=32)
def equilibrium_tables(rules: Rules) -> EquilibriumTables:
    """Solve (cached by the solver) and tabulate, once per rule set (the engine only reads
    the arrays; each classroom game used to spend ~50 ms tabulating them again);
    `StrategyError` if the exact engine does not model these rules."""
    from settemezzo.game import heads_up
    from settemezzo.solve import equilibrium

    game = heads_up(rules)
    if not getattr(game, "classic", True):
        raise StrategyError(
            f"the simulator's equilibrium strategies cover the classic heads-up game (no "
            f"burning, hidden-card swap or stake choice), not {rules.describe()}")
    eq = equilibrium(game)
    kinds = list(game.kinds)
    nI = len(game.infosets)
    root = np.full(E.NK, -1, dtype=np.int64)
    nxt = np.full((nI, E.NK), -1, dtype=np.int64)
    for k in kinds:
        i = game.index.get((k, ()))
        if i is not None:
            root[int(k)] = i
    for st in game.infosets:
        for ch in st.children:
            if ch.infoset >= 0:
                nxt[st.index, int(ch.kind)] = ch.infoset
    p_hit = np.array([float(x) for x in eq.player.hit], dtype=np.float64)
    G = len(game.publics)
    pub_next = np.full((G, E.NK), -1, dtype=np.int64)
    for g, up in enumerate(game.publics):
        for k in kinds:
            j = game.public_index.get((*up, k))
            if j is not None:
                pub_next[g, int(k)] = j
    graph = node_graph(rules)
    game_node = {}
    for nd in game.banker_nodes:
        c9 = [0] * E.NK
        for pos, c in enumerate(nd.counts):
            c9[int(kinds[pos])] += c
        game_node[tuple(c9)] = nd.index
    hit = np.asarray(eq.banker.hit, dtype=np.float64)
    b_hit = np.zeros((G, graph.n), dtype=np.float64)
    for j in range(graph.n):
        key = tuple(int(x) for x in graph.counts[j])
        if key not in game_node:
            raise StrategyError(f"banker hand {key} is missing from the exact game")
        b_hit[:, j] = hit[:, game_node[key]]
    return EquilibriumTables(root, nxt, p_hit, pub_next, game.public_index[()], b_hit,
                             float(eq.value))


def stake_codes(spec: PlayerSpec, rules: Rules) -> IntArray:
    """Stake policy per first-card kind (index 9: before the deal): 0 min, -1 max, N chips."""
    out = np.zeros(10, dtype=np.int64)
    s = spec.stake
    if s == "max":
        out[:] = -1
    elif s.isdigit():
        out[:] = int(s)
    elif s.startswith("max-on:"):
        if not rules.stake_after_first_card:
            raise StrategyError(
                f"stake={s} depends on the first card, but under {rules.describe()} stakes "
                f"are placed before the deal (stake_timing=after_first_card allows it)")
        for w in s.removeprefix("max-on:").split("/"):
            for k in Kind:  # the K♦ too, where it is a plain figure
                if rules.plain(k) == policy.STAKE_CARDS[w]:
                    out[k] = -1
    return out
