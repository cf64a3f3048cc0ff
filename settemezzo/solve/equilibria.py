"""The certified equilibrium of the heads-up game (`equilibrium`, `Equilibrium`): the subgames
after a swap first, then the LP (`settemezzo.solve.lp`) and its refinement, both sides'
strategies read off its solution (the banker's mixture of stopping rules as behaviour; the
player's best reply where its own play never goes), the certificate (the values of both sides'
best replies, which bracket the game value) and the check off the path (`offpath_gap`).

The refined equilibrium is quasi-perfect (`settemezzo.solve.lp.refine`): the banker answers a
player who trembles (every sequence of its choices at least ``eta``) at every public state,
and the player, after a mistake of its own, plays on as well as it can (a tie within `TIE`:
it stands).

**The canonical choice.** The perturbed LP's trembles are generic (no two of the player's
mistakes weigh alike: `settemezzo.solve.lp.tremble_weights`), so the banker's best reply to
the trembling player is almost never tied; but the LP's duals honour it only to HiGHS's
tolerances, which do not resolve the states that only trembles reach. So at a public state
where the banker's best reply beats the LP's banker, wherever its play at a hand is one
choice (not a mixture), it is replaced by the banker's lexicographic best reply, computed
here in floating point: the best against the player's own plan, among those the best against
the trembling player, and among choices still worth the same (within `TIE_SHARE`) stand
rather than hit, hit rather than burn (`offpath_banker`, `canonical_reply`), unless that
would tempt the player (`kept_safe`). Where the banker
mixes, the mixture is what keeps the trembling player indifferent, and it is kept. The
player after a mistake of its own plays its best reply, standing on a tie (`offpath_player`).
Every solve path (HiGHS's pricing, primal or dual simplex, other starting cuts, the LP's
columns in another order) then gives the same tables."""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Literal

import numpy as np
import numpy.typing as npt

from settemezzo.cards import Unseen
from settemezzo.game import (
    HIT,
    HeadsUpGame,
)
from settemezzo.memory import gc_paused
from settemezzo.rules import ITALIAN, Rules
from settemezzo.solve.canonical import (
    PLAN_NOISE,
    Plan,
    PlayerValues,
    canonical_banker,
    hand_terms,
    nearest,
)
from settemezzo.solve.errors import SolverError
from settemezzo.solve.plans import (
    BURN,
    BURN_CODE,
    HIT_CODE,
    FloatArray,
    Flows,
    hand_facts,
    node_plan,
    reach_edges,
)
from settemezzo.solve.results import Equilibrium
from settemezzo.solve.rows import FloatRows, compiled
from settemezzo.solve.solver import Solver, Terminal
from settemezzo.solve.state import game_solver, state_of
from settemezzo.solve.strategies import BankerStrategy, PlayerStrategy, subgame_key
from settemezzo.solve.walk import as_game, banker_best, split_terms

if TYPE_CHECKING:
    from settemezzo.solve.lp import Cuts, ExactBlock, LPSolution


CERTIFICATE_LIMIT = 1e-7
"""`equilibrium` raises `SolverError` rather than return a certificate wider than this."""


CERTIFICATE_ROUNDING = 1e-13
"""Where both best replies reach the same number, each summed in its own order, the lower
may come out a few ulps above the upper; `certificate` then swaps them (a width of rounding)
and raises `SolverError` for an inversion larger than this share of the value."""


CERTIFICATE_TARGET = 1e-9
"""Without `ALWAYS_POLISH`, `equilibrium` solves the LP's last round afresh, without the warm
start's drift, only when the certificate of its first answer is wider than this."""


MASS_FLOOR = 1e-4
"""`offpath_gap` measures the banker's gain at a public state per unit of the trembling
player's weight there, or of this much, whichever is more: HiGHS's absolute tolerances do not
resolve the replies at states the cards reach less often."""


TIE = 1e-12
"""Two values of the player's actions closer than this are a tie: the player stands."""


SHORTFALL = 1e-14
"""`offpath_banker` sets a public state's banker right where its best reply against the
trembling player beats it by more than this share of the terms summed (floating-point sums
are exact to about 1e-16 of them)."""


PURE = 1e-9
"""`canonical_reply` replaces the banker's play only where the LP's banker plays one choice
(each chance within this of 0 or 1): where it mixes, the mixture keeps the trembling player
indifferent there, and the player's values need it."""


CANONICAL = False
"""Choose the banker's play off and on the path by `settemezzo.solve.canonical` (its ties at
the LP's precision, standing first, one LP where that tempts the player) instead of
`offpath_banker`. Off by default: its answer is the same on every solve path only where the
perturbed LP's trembling player is (bench/refined.md, "The canonical banker"); where it
falls back (no play found), `offpath_banker` answers."""


REFINED = True
"""Solve for the refined (quasi-perfect) equilibrium (`settemezzo.solve.lp.refine`); False
gives the plain LP's answer, whichever equilibrium HiGHS lands on."""


def release_solvers(game: HeadsUpGame) -> None:
    """Drop the solvers kept for ``game`` and its subgames (the largest part of a solved
    game's memory; rebuilt if asked for again). `settemezzo.results` calls it once a result
    is computed and kept."""
    for g in game.games_made():
        state_of(g).solvers.clear()


def remember_equilibrium(game: HeadsUpGame, eq: Equilibrium) -> None:
    """Give ``game`` an equilibrium solved before (on an equal game since freed), so that
    `equilibrium` answers from it (`settemezzo.results` keeps equilibria longer than games)."""
    state = state_of(game)
    if state.equilibrium is None:
        state.equilibrium = eq


def equilibrium(rules: Rules | HeadsUpGame = ITALIAN, deck: Unseen | None = None,
                tol: float = 2e-10, max_rounds: int = 200, *,
                refined: bool | None = None) -> Equilibrium:
    """Solve the heads-up game: both sides' strategies, the value, and the certificate.

    The steps: the subgames after a swap first (`_subgame_equilibria`); the sequence-form
    program's objective (`lp_objective`) and realization constraints (`lp_realization`);
    the banker's stopping rules as cuts (`Cuts`), generated by the cutting-plane loop
    (`cutting_planes`); the refinement (`settemezzo.solve.lp.refine`, `REFINED`: a best
    reply at every decision, off the path included); the strategies read off its last
    solution (`lp_strategies`, `offpath_player`); the certificate (`certificate`) and the
    check off the path (`offpath_gap`).

    ``refined``: False skips the refinement (the plain LP's equilibrium: the same value
    within the certificate, for what needs only the value, e.g. the edge); None follows
    `REFINED`. A refined equilibrium kept answers a plain request too.
    """
    game = as_game(rules, deck)
    refined = REFINED if refined is None else refined
    state = state_of(game)  # the equilibrium is kept there, freed with the game
    cached = state.equilibrium if refined else state.equilibrium or state.plain
    if cached is not None:
        return cached if cached.rules == game.rules else replace(cached, rules=game.rules)
    with gc_paused():  # the solve's arrays and trees are not garbage in cycles
        eq = _solve(game, tol, max_rounds, refined)
    if refined:
        state.equilibrium = eq
    else:
        state.plain = eq
    return eq


def _solve(game: HeadsUpGame, tol: float, max_rounds: int, refined: bool) -> Equilibrium:
    """`equilibrium`'s work, uncached."""
    t0 = time.perf_counter()
    subs = _subgame_equilibria(game, tol, max_rounds, refined)
    split_values, split_extra = split_terms(game, None)
    s = game_solver(game, False)
    T = s.with_swaps(s.shown_values(BankerStrategy("best", "omniscient")),
                     _sub_values(game, subs, split_values, "value"))
    const = float(s.root_value(T))
    if not game.infosets:  # after a swap, every next card finishes the hand: no choice
        eq = Equilibrium(game.rules, const, const, const, PlayerStrategy("equilibrium", ()),
                         BankerStrategy("equilibrium", "behavioural",
                                        hit=np.zeros((0, len(game.banker_nodes)))),
                         0, time.perf_counter() - t0, const)
        return eq
    sol, player, banker, low, upper, gap = _solve_lp(s, T, const, subs, split_values, tol,
                                                      max_rounds, refined)
    keys, of = swap_keys(game)  # splits inside the subgames after a swap open hands too
    more = [subs[k].expected_stake - 1.0 for k in keys]
    for i, u in of:
        if more[u]:
            split_extra[i] = more[u]
    stake_mean = float(s.expected_stake([float(v) for v in player.hit], split_extra))
    below = frozenset(subs).union(*(e.subgames for e in subs.values()))
    eq = Equilibrium(game.rules, (upper + low) / 2, low, upper, player, banker, sol.rounds,
                     time.perf_counter() - t0, sol.lp_value, stake_mean, below, gap)
    return eq


def _solve_lp(s: Solver, T: Terminal, const: float, subs: dict[Any, Equilibrium],
              split_values: dict[int, float], tol: float, max_rounds: int, refined: bool
              ) -> tuple[LPSolution, PlayerStrategy, BankerStrategy, float, float, float]:
    """The LP's objective, its cutting-plane solution (refined if ``refined``), both sides'
    strategies, their certificate and the check off the path (`offpath_gap`, kept in the
    result); the last round solved afresh (`polish`) if the certificate is wider than
    `CERTIFICATE_TARGET`, and `SolverError` if it is still wider than `CERTIFICATE_LIMIT`."""
    game = s.game
    from settemezzo.solve import lp  # scipy and HiGHS: at the first LP only

    c = lp.lp_objective(s, T)
    cuts = lp.Cuts(s)
    sol = lp.cutting_planes(s, c, const, cuts, tol, max_rounds)
    lower_subs = _sub_values(game, subs, split_values, "lower")
    upper_subs = _sub_values(game, subs, split_values, "upper")
    for polished in (False, True):
        if polished:
            sol = lp.polish(sol)
        if refined:
            sol = lp.refine(s, c, const, cuts, sol, tol, max_rounds)
        player, banker = lp_strategies(game, sol, cuts, subs)
        canonical = None
        if refined:
            canonical = canonical_banker(s, T, sol, banker) if CANONICAL else None
            banker = offpath_banker(s, T, sol, banker) if canonical is None else canonical
            player = offpath_player(s, T, player, banker)
        low, upper = certificate(s, player, banker, lower_subs, upper_subs)
        if upper - low <= CERTIFICATE_TARGET or lp.ALWAYS_POLISH:
            break
    if upper - low > CERTIFICATE_LIMIT:
        raise SolverError(f"the equilibrium found is not certified: the game value lies in "
                          f"[{low:.12f}, {upper:.12f}], wider than {CERTIFICATE_LIMIT:g}")
    gap = offpath_gap(s, T, sol, player, banker, first=canonical is not None) \
        if refined else 0.0
    return sol, player, banker, low, upper, gap


def offpath_banker(s: Solver, T: Terminal, sol: LPSolution, banker: BankerStrategy
                   ) -> BankerStrategy:
    """``banker`` made canonical where it plays one choice: at each public state where the
    banker's best reply to the trembling player (the perturbed LP's ``x``,
    `settemezzo.solve.lp.refine`) beats it (`banker_shortfall`, beyond `SHORTFALL`), a hand
    where the LP's banker plays one choice takes the banker's lexicographic best reply
    (`canonical_reply`): the best against the player's own plan (the LP's limit ``x``), among
    those the best against the trembling player, among those stand, hit, burn in that order;
    unless that would tempt the player (`kept_safe`). The LP's duals are exact to HiGHS's
    tolerances only, which do not resolve the replies at the states that only trembles
    reach; a hand where the LP mixes keeps its mixture (what keeps the player indifferent)."""
    if sol.x_tremble is None:
        return banker
    rows = s.stand_rows
    assert isinstance(rows, FloatRows)
    x = sol.x_tremble[:len(sol.x)]
    old = np.asarray(s.stand_values(banker), dtype=np.float64)
    short, _, size = banker_shortfall(s, x, old)
    live = np.flatnonzero(short > SHORTFALL * size)
    if not len(live):
        return banker
    stands = np.array(s.reach, dtype=np.float64) * s.is_play * s.stake
    limit = stands * Plan.of(sol.x).stand_share
    weights = stands * np.maximum(x[0::2], 0.0)
    inside = np.flatnonzero(np.isin(s.group, live) & (weights > 0))
    was = LivePlay.of(banker, live)
    new_hit, new_burn = canonical_reply(
        s.game, rows, inside, np.stack([limit[inside], weights[inside]]),
        np.searchsorted(live, s.group[inside]), was.hit, was.burn)
    s.forget_banker()  # the LP's arrays change in place below (`lp_strategies` made them)
    new = replace(banker)
    new.hit[live] = new_hit
    if new.burn is not None:
        new.burn[live] = new_burn
    return kept_safe(s, T, old, new, was)


@dataclass(frozen=True)
class LivePlay:
    """A banker's play at some public states (``groups``): its rows of ``hit`` and ``burn``
    (None without burning), copied, to put back where the play that replaces them there
    would tempt the player (`kept_safe`)."""

    groups: npt.NDArray[np.int64]
    hit: FloatArray
    burn: FloatArray | None

    @classmethod
    def of(cls, banker: BankerStrategy, groups: npt.NDArray[np.int64]) -> LivePlay:
        burn = None if banker.burn is None else np.asarray(banker.burn[groups], np.float64)
        return cls(groups, np.asarray(banker.hit[groups], np.float64), burn)


def kept_safe(s: Solver, T: Terminal, old: FloatArray, new: BankerStrategy, was: LivePlay
              ) -> BankerStrategy:
    """``new`` (a banker with other play than ``was`` at its public states; its arrays
    changed here in place) if the player's best reply gains nothing against it (within
    `TIE`) over the banker whose values of standing are ``old`` (who plays as ``new`` but
    ``was`` there); else ``new`` except at each public state where it would make standing
    worth more than the player's best play against that banker at some decision: there
    ``was`` stays. Then no decision's best value rises, so the player's best reply gains
    nothing, and the certificate holds."""
    moved = was.groups
    before, V, _ = s.player_values(old, T, None)
    stand = s.stand_values_after(old, new, moved)
    if float(s.player_values(stand, T, None)[0]) <= float(before) + TIE:
        return new
    tempted = np.unique(s.group[(stand > np.asarray(V, dtype=np.float64) + TIE) & s.is_play])
    if not len(tempted):
        return new
    at = np.searchsorted(moved, tempted)  # (tempted states are among those moved)
    new.hit[tempted] = was.hit[at]
    if new.burn is not None and was.burn is not None:
        new.burn[tempted] = was.burn[at]
    out = replace(new)  # another banker: `new`'s values of standing are no longer its own
    s.stand_values_after(old, out, np.setdiff1d(moved, tempted))
    return out


def canonical_reply(game: HeadsUpGame, rows: FloatRows, members: npt.NDArray[np.int64],
                    weights: FloatArray, group: npt.NDArray[np.int64], hit: FloatArray,
                    burn: FloatArray | None) -> tuple[FloatArray, FloatArray | None]:
    """The banker's play ``hit`` (and ``burn``), per group and hand, where it plays one
    choice, replaced by its lexicographic best reply: against the rows ``members`` of
    ``rows`` weighted by ``weights[0]`` (the player's own plan), then by ``weights[1]``
    (the trembling player) (``group``: each row's group, a row of ``hit``), from the last
    hands up, the choices worth the least against the first weights (within `TIE_SHARE` of
    their size), among them those worth the least against the second, and of those the
    first in the order stand, hit, burn (`settemezzo.solve.canonical.nearest`). A hand where
    the banker mixes keeps its mixture; each hand's values feed the hands above it."""
    from scipy import sparse  # (loaded with the LP already)

    n, J = hit.shape
    k = len(weights)
    Sg, Fg = hand_terms(rows, members, weights, group, n)  # hands x (k groups side by side)
    H = np.ascontiguousarray(hit.T)
    B = np.zeros_like(H) if burn is None else np.ascontiguousarray(burn.T)
    V = np.zeros((J, k * n))
    for idx, C, must, at, kids in node_plan(game).levels:  # the last hands first
        h = Fg[idx] + sparse.csr_matrix((C.data, C.indices, C.indptr), shape=C.shape) @ V
        if must:  # empty hands must draw
            V[idx] = h
            continue
        s = Sg[idx]
        b = s.copy()  # burning, where the rules allow it (elsewhere worth standing, unused)
        can = np.zeros((len(idx), n), dtype=bool)
        if burn is not None and len(at):
            b[at] = V[kids]
            can[at] = True
        ph, pb = H[idx], B[idx]
        pure = (np.abs(ph - 0.5) >= 0.5 - PURE) & (np.abs(pb - 0.5) >= 0.5 - PURE)
        near = np.stack([np.ones_like(can), np.ones_like(can), can])
        for w in range(k):
            cols = slice(w * n, (w + 1) * n)
            near = nearest(np.stack([s[:, cols], h[:, cols], b[:, cols]]), near)
        ph = np.where(pure, ~near[0] & near[1], ph)
        pb = np.where(pure, ~near[0] & ~near[1], pb)
        H[idx], B[idx] = ph, pb
        V[idx] = s + (h - s) * np.tile(ph, k) + (b - s) * np.tile(pb, k)
    return np.ascontiguousarray(H.T), None if burn is None else np.ascontiguousarray(B.T)


def offpath_player(s: Solver, T: Terminal, player: PlayerStrategy, banker: BankerStrategy
                   ) -> PlayerStrategy:
    """``player`` with, at each decision its own play never reaches, its best reply to
    ``banker`` there (the quasi-perfect player's plan after its own mistake); a tie within
    `TIE` stands (the canonical choice)."""
    values = PlayerValues.of(s, T, banker)
    own, _ = s.realization([float(v) for v in player.hit])
    off = np.asarray(own, dtype=np.float64) <= PLAN_NOISE
    hit = np.where(off, (values.q1 > values.q0 + TIE).astype(np.float64),
                   np.asarray(player.hit, float))
    return replace(player, hit=tuple(hit.tolist()))


def banker_shortfall(s: Solver, x: FloatArray, stand: FloatArray
                     ) -> tuple[FloatArray, FloatArray, FloatArray]:
    """Per public state, against the player's sequences ``x`` (standing's share), how much
    more the player gets from the banker whose values of standing (in chips, per decision)
    are ``stand`` than from the banker's best reply there; the player's stake standing
    there; and the size of the terms summed (what the floating-point sums are exact to)."""
    own = np.array(s.reach, dtype=np.float64) * np.maximum(x[0::2], 0.0) * s.is_play
    G = len(s.game.publics)
    rows = s.stand_rows
    assert isinstance(rows, FloatRows)  # (the refinement is in floats)
    best = np.zeros(G)
    active, reached, _ = rows.best_at(own * s.stake, s.group)
    best[active] = reached

    def total(w: FloatArray) -> FloatArray:
        return np.bincount(s.group, weights=w, minlength=G).astype(np.float64)

    return total(own * stand) - best, total(own * s.stake), total(own * np.abs(stand))


def offpath_gap(s: Solver, T: Terminal, sol: LPSolution, player: PlayerStrategy,
                banker: BankerStrategy, first: bool = False) -> float:
    """The check of the refinement: the most either side gains, per unit of what is at
    stake there, by answering otherwise at one decision, off the path included. The banker
    at each public state, against the trembling player (the perturbed LP's ``x``, every
    sequence at least its tremble: `settemezzo.solve.lp.refine`), per unit of the player's
    stake standing there (or per `MASS_FLOOR`, if more); the player at each decision, against
    ``banker``, in chips at that decision. 0 up to HiGHS's tolerances when both are best
    replies. ``first``: against the trembling player of the first tremble (the one
    `settemezzo.solve.canonical` answers)."""
    trembler = sol.x_first if first and sol.x_first is not None else sol.x_tremble
    x = sol.x if trembler is None else trembler[:len(sol.x)]
    values = PlayerValues.of(s, T, banker)  # (standing in chips)
    short, mass, _ = banker_shortfall(s, x, values.stand)
    banker_gap = np.max(short / np.maximum(mass, MASS_FLOOR), initial=0.0)
    q0, q1 = values.q0, values.q1
    p = np.asarray(player.hit, dtype=np.float64)
    player_gap = np.max(np.maximum(q0, q1) - (q0 + (q1 - q0) * p), initial=0.0)
    return float(max(banker_gap, player_gap))


def _subgame_equilibria(game: HeadsUpGame, tol: float, max_rounds: int, refined: bool
                        ) -> dict[Any, Equilibrium]:
    """Under ``swap_hidden``, the equilibrium of each subgame after a swap, by `subgame_key`
    (each a proper subgame, see `settemezzo.game`): the game counts each by its equilibrium
    value, the certificate by its two bounds."""
    subs: dict[Any, Equilibrium] = {}
    seen: set[int] = set()  # the subgames met, by identity (many decisions share one)
    for i in game.swap_target:
        sub = game.swap_subgame(i)
        if id(sub) not in seen:
            seen.add(id(sub))
            key = subgame_key(sub)
            if key not in subs:
                subs[key] = equilibrium(sub, tol=tol, max_rounds=max_rounds,
                                        refined=refined)
    return subs


def _sub_values(game: HeadsUpGame, subs: dict[Any, Equilibrium], split_values: dict[int, float],
                which: Literal["value", "lower", "upper"]) -> dict[int, float]:
    """The value of each swap (its subgame's ``which``) and split move, by decision."""
    keys, of = swap_keys(game)
    vals = [float(getattr(subs[k], which)) for k in keys]
    return {**{i: vals[u] for i, u in of}, **split_values}


def swap_keys(game: HeadsUpGame) -> tuple[list[Any], list[tuple[int, int]]]:
    """The `subgame_key` of the subgame after each swap decision, once per game: the
    distinct keys, and per decision (in `HeadsUpGame.swap_target`'s order) the place of its
    key among them."""
    state = state_of(game)
    out = state.swap_keys
    if out is None:
        place: dict[int, int] = {}  # by the subgame's identity: one key per subgame
        keys: list[Any] = []
        of = []
        for i in game.swap_target:
            sub = game.swap_subgame(i)
            if id(sub) not in place:
                place[id(sub)] = len(keys)
                keys.append(subgame_key(sub))
            of.append((i, place[id(sub)]))
        out = state.swap_keys = (keys, of)
    return out


def lp_strategies(game: HeadsUpGame, sol: LPSolution, cuts: Cuts,
                   subs: dict[Any, Equilibrium]) -> tuple[PlayerStrategy, BankerStrategy]:
    """Both sides' strategies from the LP's solution: the player's chance of hitting is
    ``x(I, HIT) / (x(I, STAND) + x(I, HIT))`` (0 where ``I`` is never reached); the
    banker's mixture over its stopping rules is the cuts' duals (`mixture_to_behaviour`).

    Toy game: ``x(0, STAND) = 0.25, x(0, HIT) = 0.75`` is a 75% chance of hitting.
    """
    player = PlayerStrategy("equilibrium", tuple(float(v) for v in Plan.of(sol.x).hit),
                            {k: e.player for k, e in subs.items()} if subs else None)
    lam, per_block = cuts.split_duals(-sol.res.cut_duals)  # >= 0
    hit, burn = mixture_to_behaviour(game, lam, cuts.group, cuts.policy,
                                      block_flows(game, cuts.blocks, per_block))
    banker = BankerStrategy("equilibrium", "behavioural", hit=hit, burn=burn,
                            sub={k: e.banker for k, e in subs.items()} if subs else None)
    return player, banker


def certificate(s: Solver, player: PlayerStrategy, banker: BankerStrategy,
                 lower_subs: dict[int, float], upper_subs: dict[int, float]
                 ) -> tuple[float, float]:
    """Both sides' best replies to the strategies found, which bracket the game value:
    ``(lower, upper)``. After a swap, the subgames' own certificates bound what follows
    (``lower_subs``, ``upper_subs``).

    Toy game: if the banker's best reply holds the player to -0.2 and the player's best
    reply to the banker gains -0.2 as well, the value is -0.2 exactly (gap 0).
    """
    sb = BankerStrategy("best", "omniscient")
    upper = float(s.player_values(s.stand_values(banker),
                                  s.with_swaps(s.shown_values(sb), upper_subs), None)[0])
    low = float(banker_best(s.game, player, lower_subs)[0])
    if low > upper:  # one number summed in two orders: a few ulps either way (width 0)
        if low - upper > CERTIFICATE_ROUNDING * max(1.0, abs(upper)):
            raise SolverError(f"certificate inverted: lower {low!r} > upper {upper!r}")
        low, upper = upper, low
    return low, upper


def block_flows(game: HeadsUpGame, blocks: list[ExactBlock], duals: list[FloatArray]
                 ) -> Flows:
    """The banker's `Flows` through each hand of the exact public states, from the duals of
    their rows (`ExactBlock`)."""
    J = len(game.banker_nodes)
    through, hitting, burning = (np.zeros((len(blocks), J)) for _ in range(3))
    for b, (block, d) in enumerate(zip(blocks, duals, strict=True)):
        d = np.maximum(d, 0.0)
        live = block.action >= 0
        j = block.nodes[block.local[live]]
        act, flow = block.action[live], d[live]
        np.add.at(through[b], j, flow)
        np.add.at(hitting[b], j[act == HIT], flow[act == HIT])
        np.add.at(burning[b], j[act == BURN], flow[act == BURN])
    return Flows(np.array([block.g for block in blocks], dtype=np.int64), through, hitting,
                 burning)


def mixture_to_behaviour(game: HeadsUpGame, lam: FloatArray,
                          cut_group: npt.NDArray[np.int64], cut_policy: npt.NDArray[np.int8],
                          flows: Flows | None = None
                          ) -> tuple[FloatArray, FloatArray | None]:
    """Turn a mixture of stopping rules per public state into the chances of hitting and of
    burning at each banker hand.

    A rule's weight on hand ``j`` is the number of card orders by which it reaches ``j``
    (``w(M) = sum over kinds c in M of w(M - c) * hit(M - c)``, plus the burning edge);
    mixing the weights linearly and dividing gives the behavioural strategy with the same
    outcome distribution.
    """
    nodes = game.banker_nodes
    G, J = len(game.publics), len(nodes)
    keep = np.flatnonzero(lam > 1e-15)
    groups = cut_group[keep]
    pols = cut_policy[keep].reshape(len(keep), J)
    lam_k = lam[keep]
    total = np.bincount(groups, weights=lam_k, minlength=G)
    flows = Flows.none(J) if flows is None else flows
    np.add.at(total, flows.g, flows.through[:, 0])  # an exact state's flow enters at its root
    lam_k = lam_k / total[groups]
    must_draw, below_five = hand_facts(game)  # a state the player never stands in: any rule
    hit, burn = compiled().behaviour(
        reach_edges(game), pols, groups, lam_k, G, (HIT_CODE, BURN_CODE),
        flows.per_weight(total), must_draw, below_five, bool(game.rules.burn))
    return hit, burn

