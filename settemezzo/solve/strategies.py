"""The two sides' strategies in the heads-up game: `PlayerStrategy` (the chance of hitting per
information set) and `BankerStrategy` (a rule of thumb, the omniscient banker, or a behavioural play
per public state), the rules of thumb as strategies, and a strategy's play in the subgame after a
swap."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

from settemezzo import policy
from settemezzo.cards import Unseen
from settemezzo.game import (
    HeadsUpGame,
)
from settemezzo.solve.errors import SolverError

Value = Fraction | float


@dataclass(frozen=True)
class PlayerStrategy:
    """A player strategy: the chance of hitting at each information set (game order).

    ``hit`` holds 0/1 ints for a pure policy (exact), floats for a mixed one. Under
    ``swap_hidden`` ``sub`` holds the strategy of each subgame after a swap, by
    `subgame_key` (a rule of thumb, which never swaps, needs none).
    """

    name: str
    hit: tuple[Any, ...]
    sub: Any = None  # dict: subgame key -> PlayerStrategy

    @property
    def exact(self) -> bool:
        return all(isinstance(p, int | Fraction) for p in self.hit)

    def hit_probability(self, game: HeadsUpGame, hole: Any, up: Sequence[Any] = ()) -> Any:
        """The chance of hitting with face-down ``hole`` and face-up ``up`` (Kinds)."""
        return self.hit[game.infoset(hole, tuple(up)).index]


@dataclass(frozen=True)
class BankerStrategy:
    """A banker strategy.

    - ``kind="threshold"``: hit while the total is below ``k`` half-points, always.
    - ``kind="omniscient"``: sees the player's face-down card and plays the best reply to it.
    - ``kind="behavioural"``: ``hit[g][j]`` is the chance of hitting holding banker hand
      ``j`` (a `BankerNode`) in public state ``g`` after the player stood; against a shown
      7½ it plays its best (it has seen everything).
    """

    name: str
    kind: Literal["threshold", "omniscient", "behavioural"]
    k: int = 0
    hit: Any = None  # array (n_publics, n_nodes) for "behavioural"
    burn: Any = None  # same shape: the chance of burning (``burn`` variant), or None
    sub: Any = None   # dict: subgame key -> BankerStrategy after a swap (behavioural only)

    @property
    def exact(self) -> bool:
        return self.kind != "behavioural" or self.hit.dtype == object


def player_policy(name: str, game: HeadsUpGame) -> PlayerStrategy:
    """``threshold:K`` (hit below K points, e.g. ``threshold:5.5``) as a `PlayerStrategy`.

    A rule of thumb has no other choices: it never burns and stakes the minimum; it never
    splits or swaps unless named with ``,split`` or ``,swap`` (``threshold:5,split``).
    """
    p = policy.parse(name, ("threshold:K",), ("split", "swap"), who="player")
    # ",split": split two first figures (then hit below K on each hand); ",swap": swap
    # the face-down card on every hit (settemezzo.simulate's players of the same names)
    take = {"split": p.split, "swap": p.swap}
    return PlayerStrategy(p.name, tuple(
        int((s.kind == "play" and s.total < p.k) or take.get(s.kind, False))
        for s in game.infosets))


def banker_policy(name: str, game: HeadsUpGame) -> BankerStrategy:
    """``threshold:K`` or ``omniscient`` as a `BankerStrategy`."""
    p = policy.parse(name, ("threshold:K", "omniscient"), (), who="banker")
    if p.kind == "omniscient":
        return BankerStrategy("omniscient", "omniscient")
    return BankerStrategy(p.name, "threshold", k=p.k)


def subgame_key(game: HeadsUpGame) -> tuple[Unseen, tuple[Any, ...]]:
    """How strategies name a subgame after a swap: its deck and the player's face-up cards."""
    return (game.deck, game.start)


def sub_player(p: PlayerStrategy, game: HeadsUpGame, i: int) -> PlayerStrategy:
    """The player's strategy in the subgame after the swap at decision ``i``."""
    sub = game.swap_subgame(i)
    if p.sub is not None and subgame_key(sub) in p.sub:
        out: PlayerStrategy = p.sub[subgame_key(sub)]
        return out
    if policy.is_threshold(p.name):
        return player_policy(p.name, sub)
    raise SolverError(f"the player strategy {p.name!r} swaps at {game.infosets[i].label} "
                      f"but has no play for what follows")


def sub_banker(b: BankerStrategy, game: HeadsUpGame, i: int) -> BankerStrategy:
    """The banker's strategy in the subgame after the swap at decision ``i``."""
    if b.kind != "behavioural":
        return b
    sub = game.swap_subgame(i)
    if b.sub is not None and subgame_key(sub) in b.sub:
        out: BankerStrategy = b.sub[subgame_key(sub)]
        return out
    raise SolverError(f"the banker strategy {b.name!r} has no play for the subgame after a "
                      f"swap at {game.infosets[i].label}")

