"""Strategies per seat, and the arrays the compiled engine reads.

A seat plays as a *player* when someone else holds the bank and as the *banker* when it
holds it, so a seat has one strategy for each role (`Seat`).

Player strategies (``player=``):

- ``threshold:K`` - hit below K points (``threshold:5``: hit on 4½, stand on 5), no
  exceptions (docs/rules.md);
- ``equilibrium`` - the exact engine's heads-up equilibrium (`settemezzo.results`), looked up
  on the player's own decisions: its stake, burning, splitting, hitting and swapping, for
  every rule set the exact engine solves (SPANISH: the restricted game's; what it does not
  decide - a re-split, a split hand, a swap inside one - by the rule of thumb, see
  `PlayerTables`);
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
PlayerSpec(policy=Policy(kind='threshold', k=10, split=False, swap=False, burn=False, stake='max'))
>>> parse_banker("table").policy.kind
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
from typing import Any

import numpy as np
import numpy.typing as npt

from settemezzo import policy
from settemezzo.cards import Kind
from settemezzo.errors import InputError
from settemezzo.hands import is_finished, score
from settemezzo.rules import Rules
from settemezzo.simulate.layout import NK, EqFrom, EqProb

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


class StrategyError(InputError):
    """A strategy name or option that cannot be used (an `InputError`)."""


RULE_OF_THUMB = 10
"""The threshold (half-points: hit below 5) an equilibrium seat plays where its table does
not decide (a re-split, a split hand, a swap inside one; `PlayerTables`)."""


@dataclass(frozen=True)
class PlayerSpec:
    """How a seat plays when it is a player: a `settemezzo.policy.Policy` (``threshold:K`` or
    ``equilibrium``, with the options ``stake=``, ``burn``, ``split``, ``swap``), the one
    owner of those fields; the simulator reads them from ``policy``."""

    policy: policy.Policy

    @property
    def k(self) -> int:
        """The threshold in half-points the engine plays by: the policy's, or for an
        equilibrium seat the `RULE_OF_THUMB` where its table does not decide."""
        return self.policy.k if self.policy.kind == "threshold" else RULE_OF_THUMB

    @property
    def name(self) -> str:
        """The canonical text of `settemezzo.policy` ('threshold:5,stake=max,burn')."""
        return self.policy.name


@dataclass(frozen=True)
class BankerSpec:
    """How a seat plays when it holds the bank: a `settemezzo.policy.Policy` (``threshold:K``,
    ``omniscient``, ``equilibrium`` or ``table``, with the option ``burn``)."""

    policy: policy.Policy

    @property
    def k(self) -> int:
        """The threshold in half-points a threshold banker plays by (`RULE_OF_THUMB` for the
        other kinds, which the engine does not read)."""
        return self.policy.k if self.policy.kind == "threshold" else RULE_OF_THUMB

    @property
    def name(self) -> str:
        """The canonical text of `settemezzo.policy` ('threshold:5,burn', 'table')."""
        return self.policy.name


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
    return PlayerSpec(policy.parse(text, ("threshold:K", "equilibrium"),
                                   ("stake", "burn", "split", "swap"), who="player",
                                   error=StrategyError))


def parse_banker(text: str | BankerSpec) -> BankerSpec:
    """A banker strategy: ``threshold:K``, ``omniscient``, ``equilibrium``, ``table``, each
    with the option ``burn`` or ``noburn`` (`settemezzo.policy`)."""
    if isinstance(text, BankerSpec):
        return text
    return BankerSpec(policy.parse(text, ("threshold:K", "omniscient", "equilibrium", "table"),
                                   ("burn",), who="banker", error=StrategyError))


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
    start = (0,) * NK
    index = {start: 0}
    order = [start]
    head = 0
    while head < len(order):
        cur = order[head]
        head += 1
        for k in range(NK):
            if cur[k] >= limit[k]:
                continue
            nxt = tuple(c + (1 if i == k else 0) for i, c in enumerate(cur))
            if nxt not in index and not is_finished(_hand_of(nxt), rules):
                index[nxt] = len(order)
                order.append(nxt)
    n = len(order)
    nxt_a = np.full((n, NK), -1, dtype=np.int64)
    child = np.full((n, NK), -1, dtype=np.int64)
    counts = np.array(order, dtype=np.int64)
    size = counts.sum(axis=1)
    sco = np.zeros(n, dtype=np.int64)
    tot = np.zeros(n, dtype=np.int64)
    for j, cur in enumerate(order):
        hand = _hand_of(cur)
        if hand:
            sco[j] = score(hand, rules)
            tot[j] = hand_total(hand, rules)
        for k in range(NK):
            if cur[k] >= limit[k]:
                continue
            key = tuple(c + (1 if i == k else 0) for i, c in enumerate(cur))
            if key in index:
                nxt_a[j, k] = index[key]
            else:
                child[j, k] = score(_hand_of(key), rules)
    return NodeGraph(nxt_a, counts, size, sco, child, tot)


@dataclass(frozen=True)
class PlayerTables:
    """The exact engine's equilibrium player as lookup tables, for every rule set it solves.

    Read from the equilibrium's player table (`settemezzo.results`: shipped precomputed for
    the presets and single variants, solved once otherwise): node ``i`` is row ``i`` of
    ``frame``, one decision of the player (its stake, card burnt, face-down card, face-up
    cards in the order turned up, cards turned up by a swap).

    - ``root[stake index, kind]``: the first decision with that face-down card, kept, at the
      exact game's stake ``stakes[index]``;
    - ``next[how, node, kind]``: the decision after one more card of that kind, taken face up
      (``how`` `EqFrom.UP`), as the new face-down card after burning (`EqFrom.BURN`, from a root)
      or after a swap (`EqFrom.SWAP`); -1 where the hand is finished or the strategy never
      goes;
    - ``p[what, node]``: the chance of hitting (`EqProb.HIT`), of a swap when hitting
      (`EqProb.SWAP`), of burning (`EqProb.BURN`, at a root), of splitting two figures
      (`EqProb.SPLIT`) and of picking this root's stake for its face-down card (`EqProb.STAKE`).

    Burning, splitting and the stake are not rows of the table: they come from the rows'
    ``own_reach`` (the chance the player's own choices lead to a row), e.g. the chance of
    burning a 4 at stake 2 is the reach of the rows with that 4 burnt over the reach of both
    copies. What the restricted exact game (SPANISH) does not decide is left out here (-1):
    `settemezzo.simulate.phases` plays it by the seat's rule of thumb (docs/rules.md).
    """

    root: IntArray
    next: IntArray
    p: FloatArray
    stakes: tuple[int, ...]
    frame: Any            # the player table (pandas), node i = row i
    duplicates: int       # rows whose decision repeats an earlier row's (left out)


@dataclass(frozen=True)
class BankerTables:
    """The heads-up equilibrium banker as lookup tables (classic games only): the public
    state of the face-up cards, and its chance of hitting per public state and hand."""

    pub_next: IntArray    # [public, kind] -> public state
    pub0: int
    b_hit: FloatArray     # [public, node of `node_graph`]


_KIND_OF_LABEL = {k.label: int(k) for k in Kind}
_SURE = 1e-9
"""A chance within this of 0 or 1 is 0 or 1 (the solver's noise, as `tables.REACH_EPS`)."""


def _snap(x: FloatArray) -> FloatArray:
    out = np.clip(np.nan_to_num(x, nan=0.0), 0.0, 1.0)
    out[out < _SURE] = 0.0
    out[out > 1.0 - _SURE] = 1.0
    return out


def equilibrium_ready(rules: Rules) -> bool:
    """Whether `player_tables` answers at once (kept, or shipped precomputed): else it
    solves (`settemezzo.results.estimate_seconds` says about how long)."""
    from settemezzo import results

    return results.ready(results.equilibrium_source(rules), ("player", "equilibrium"))


def equilibrium_frame(rules: Rules) -> Any:
    """The equilibrium's player table of ``rules`` from `settemezzo.results` (of
    `settemezzo.results.equilibrium_source`)."""
    from settemezzo import results

    return results.get(results.equilibrium_source(rules)).player_table("equilibrium")


def _column(df: Any, name: str, default: Any) -> list[Any]:
    if name in df.columns:
        return [default if v is None or v != v else v for v in df[name].tolist()]
    return [default] * len(df)


def _links(keys: list[tuple[int, str, str, str, str]], stakes: list[int]
           ) -> tuple[IntArray, IntArray, dict[Any, int]]:
    """``root`` and ``next`` of `PlayerTables` from the rows' keys (stake, burnt, face-down
    card, face-up cards, swapped cards), each row linked from its parent decision."""
    n = len(keys)
    index: dict[Any, int] = {}
    for i, k in enumerate(keys):
        index.setdefault(k, i)
    root = np.full((len(stakes), NK), -1, dtype=np.int64)
    nxt = np.full((3, max(n, 1), NK), -1, dtype=np.int64)
    for i, (s, b, h, u, w) in enumerate(keys):
        if index[keys[i]] != i:
            continue
        hk = _KIND_OF_LABEL[h]
        if not u:
            if b:
                parent = index.get((s, "", b, "", ""))
                if parent is not None:
                    nxt[EqFrom.BURN, parent, hk] = i
            else:
                root[stakes.index(s), hk] = i
            continue
        ups = u.split(" ")
        last, rest = ups[-1], " ".join(ups[:-1])
        parent = index.get((s, b, h, rest, w))
        if parent is not None:
            nxt[EqFrom.UP, parent, _KIND_OF_LABEL[last]] = i
        ws = w.split(" ") if w else []
        if ws and ws[-1] == last:
            parent = index.get((s, b, last, rest, " ".join(ws[:-1])))
            if parent is not None:
                nxt[EqFrom.SWAP, parent, hk] = i
    return root, nxt, index


@lru_cache(maxsize=32)
def player_tables(rules: Rules) -> PlayerTables:
    """The equilibrium player of ``rules`` as `PlayerTables` (once per rule set)."""
    df = equilibrium_frame(rules)
    stake = [int(x) for x in _column(df, "stake", 1)]
    stakes = sorted(set(stake)) or [1]
    keys = list(zip(stake, _column(df, "burnt", ""), df["hole"].tolist(), df["up"].tolist(),
                    _column(df, "swapped", ""), strict=True))
    root, nxt, index = _links(keys, stakes)
    n = max(len(df), 1)
    p = np.zeros((5, n), dtype=np.float64)
    own = np.asarray(_column(df, "own_reach", 0.0), dtype=np.float64)
    p[EqProb.HIT, :len(df)] = _snap(np.asarray(_column(df, "hit_frequency", 0.0), dtype=float))
    p[EqProb.SWAP, :len(df)] = _snap(np.asarray(_column(df, "swap_frequency", 0.0), dtype=float))
    _choices(rules, keys, index, own, p, stakes)
    return PlayerTables(root, nxt, p, tuple(stakes), df, len(keys) - len(index))


def _choices(rules: Rules, keys: list[Any], index: dict[Any, int], own: FloatArray,
             p: FloatArray, stakes: list[int]) -> None:
    """Burning, the stake and splitting from the rows' own reach (see `PlayerTables`)."""
    burnt_own: dict[tuple[int, str], float] = {}
    for i, (s, b, _h, u, w) in enumerate(keys):
        if b and not u and not w:
            burnt_own[(s, b)] = max(burnt_own.get((s, b), 0.0), float(own[i]))
    for k in _KIND_OF_LABEL:
        reach = []
        for s in stakes:
            at = index.get((s, "", k, "", ""))
            keep = float(own[at]) if at is not None else 0.0
            burn = burnt_own.get((s, k), 0.0)
            if at is not None and keep + burn > 0.0:
                p[EqProb.BURN, at] = burn / (keep + burn)
            reach.append((at, keep + burn))
        total = sum(r for _, r in reach)
        for j, (at, r) in enumerate(reach):
            if at is not None:
                p[EqProb.STAKE, at] = r / total if total > 0.0 else float(j == 0)
    if rules.split_figures > 1:
        fig = Kind.FIGURE.label
        for i, (s, b, h, u, w) in enumerate(keys):
            if h != fig or u != fig or w not in ("", fig):
                continue
            parent = index.get((s, b, fig, "", ""))
            if parent is None:
                continue
            swap = p[EqProb.SWAP, parent] if w else 1.0 - p[EqProb.SWAP, parent]
            expected = float(own[parent]) * p[EqProb.HIT, parent] * swap
            if expected > _SURE:
                p[EqProb.SPLIT, i] = min(max(1.0 - float(own[i]) / expected, 0.0), 1.0)
    for what in (EqProb.BURN, EqProb.STAKE, EqProb.SPLIT):
        p[what] = _snap(p[what])


@lru_cache(maxsize=32)
def banker_tables(rules: Rules) -> BankerTables:
    """The heads-up equilibrium banker of ``rules`` (solved once per rule set by
    `settemezzo.solve`); `StrategyError` unless the game is classic (no burning, swap,
    split or stake choice: the banker's table then reads only the face-up cards)."""
    from settemezzo.game import heads_up
    from settemezzo.solve import equilibrium

    game = heads_up(rules)
    if not getattr(game, "classic", True):
        raise StrategyError(
            f"the simulator's equilibrium banker covers the classic heads-up game (no "
            f"burning, hidden-card swap, split or stake choice), not the rules {rules.spec()!r}; "
            f"use banker='table' (exact posteriors) or a threshold")
    eq = equilibrium(game)
    kinds = list(game.kinds)
    G = len(game.publics)
    pub_next = np.full((G, NK), -1, dtype=np.int64)
    for g, up in enumerate(game.publics):
        for k in kinds:
            j = game.public_index.get((*up, k))
            if j is not None:
                pub_next[g, int(k)] = j
    graph = node_graph(rules)
    game_node = {}
    for nd in game.banker_nodes:
        c9 = [0] * NK
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
    return BankerTables(pub_next, game.public_index[()], b_hit)


def stake_codes(spec: PlayerSpec, rules: Rules) -> IntArray:
    """Stake policy per first-card kind (index 9: before the deal): 0 min, -1 max, N chips."""
    out = np.zeros(10, dtype=np.int64)
    s = spec.policy.stake
    if s == "max":
        out[:] = -1
    elif s.isdigit():
        out[:] = int(s)
    elif s.startswith("max-on:"):
        if not rules.stake_after_first_card:
            raise StrategyError(
                f"stake={s} depends on the first card, but under the rules {rules.spec()!r} stakes "
                f"are placed before the deal (stake_timing=after_first_card allows it)")
        for w in s.removeprefix("max-on:").split("/"):
            for k in Kind:  # the K♦ too, where it is a plain figure
                if rules.plain(k) == policy.STAKE_CARDS[w]:
                    out[k] = -1
    return out
