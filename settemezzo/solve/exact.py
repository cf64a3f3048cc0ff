"""The game's value as an exact fraction (`exact_equilibrium`), recovered from the LP's final basis
and verified in exact arithmetic.

**Method.** The float LP (`settemezzo.solve.lp.cutting_planes`, the plain programme: every
equilibrium has the same value) ends on an optimal basis (`settemezzo.solve.lp.LP.basis`). The
basis names the supports: a decision whose two sequences are both basic is one where the
player mixes, a cut whose row is not basic binds (a stopping rule in the banker's mixture at
its public state). With the supports fixed, the equilibrium conditions are linear, and small:

- the player's realization plan is affine in its hitting sequences at the mixed decisions,
  and makes the banker indifferent among the binding rules of each public state
  (`player_plan`);
- the banker's weights on the binding rules of each state (summing to 1) make the player
  indifferent between standing and hitting at each mixed decision, its values by backward
  induction being affine in those weights (`banker_mixture`).

Both systems are solved in `Fraction` (`solve_linear`); every coefficient is exact: the cards'
chances from the game, the banker's programme against each rule from
`settemezzo.solve.rows.BankerRows`.

**Verification.** The player's best reply to the exact banker mixture (backward induction,
`Solver.player_values`) and the banker's best reply to the exact player strategy
(`settemezzo.solve.walk.banker_best`) bound the game value from above and below; both must
equal the fraction, or no value is returned. The float LP stops within its tolerances of the
value, not at it: where the banker's exact best reply beats the exact answer, its rules join
the LP as cuts and the LP is solved again from its basis (`EXACT_ROUNDS`; payoffs are scaled
by `EXACT_SCALE`, so that HiGHS's tolerances resolve ties of 1e-14); after that,
`SolverError`.

**Refused** (`exact_refusal`, before any work): the rule sets whose game this method does not
cover: a swap of the face-down card (a subgame after each swap, each its own LP), a split
(the rest of a split hand is valued in floats) and a stake chosen after the first card (a
game of 35,140 decisions whose LP makes some public states exact: rows that are not cuts).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from settemezzo.cards import Unseen
from settemezzo.errors import RulesError
from settemezzo.game import HIT, STAND, Child, HeadsUpGame
from settemezzo.memory import gc_paused
from settemezzo.rules import ITALIAN, Rules
from settemezzo.solve.errors import SolverError
from settemezzo.solve.plans import BURN, RULE_OF_THUMB
from settemezzo.solve.solver import Solver, Terminal
from settemezzo.solve.state import game_solver
from settemezzo.solve.strategies import BankerStrategy, PlayerStrategy
from settemezzo.solve.walk import as_game, banker_best

__all__ = ["REFUSALS", "ExactEquilibrium", "banker_behaviour", "exact_equilibrium",
           "exact_refusal", "solve_linear"]

REFUSALS = ("casino", "swap", "split", "stake")
"""The codes of `exact_refusal`: a casino game (not the heads-up game), a rule set with a
swap of the face-down card, with a split, with the stake chosen after the first card."""

Affine = dict[int, Fraction]
"""A linear form in the unknowns: coefficient by unknown, the constant under key -1."""

_ONE = -1  # the constant's key in an `Affine`


@dataclass(frozen=True)
class ExactEquilibrium:
    """An equilibrium in exact arithmetic and the game's value as a fraction.

    ``value`` is the player's expected gain per hand at equilibrium (per unit stake), equal
    to both verified bounds: ``player_reply`` (the player's best reply to ``banker``) and
    ``banker_reply`` (the banker's best reply to ``player``). ``player`` hits with a
    `Fraction` chance at each decision; the banker mixes, at public state ``rule_group[k]``,
    the stopping rule ``rules_played[k]`` (codes per banker hand: 0 stand, 1 hit, 2 burn)
    with weight ``weights[k]``. ``float_value`` is the float LP's value it was recovered
    from; ``mixed_decisions`` and ``mixed_states`` count where either side mixes.
    """

    rules: Rules
    value: Fraction
    player_reply: Fraction
    banker_reply: Fraction
    player: PlayerStrategy
    rule_group: npt.NDArray[np.int64]
    rules_played: npt.NDArray[np.int8]
    weights: tuple[Fraction, ...]
    mixed_decisions: int
    mixed_states: int
    float_value: float
    lp_rounds: int
    seconds: float


def exact_refusal(rules: Rules) -> str | None:
    """Why `exact_equilibrium` does not solve ``rules`` (one of `REFUSALS`), or None.

    >>> from settemezzo.rules import ITALIAN, SPANISH
    >>> exact_refusal(ITALIAN), exact_refusal(SPANISH)
    (None, 'swap')
    """
    if rules.open_deal:
        return "casino"
    if rules.swap_hidden:
        return "swap"
    if rules.split_figures > 1:
        return "split"
    if not rules.one_stake:
        return "stake"
    return None


def exact_equilibrium(rules: Rules | HeadsUpGame = ITALIAN, deck: Unseen | None = None,
                      tol: float = 2e-10, max_rounds: int = 200) -> ExactEquilibrium:
    """The game's value as a `Fraction`, with both sides' exact equilibrium strategies,
    recovered from the float LP's final basis and verified by both sides' exact best replies
    (the module's docstring). `RulesError` for a rule set it refuses (`exact_refusal`),
    `SolverError` if the exact answer does not verify. The last few answers are kept, by
    rule set and deck."""
    whole = rules.rules if isinstance(rules, HeadsUpGame) else rules
    why = exact_refusal(whole)
    if why is not None:
        raise RulesError(f"the exact value is not computed for {whole.spec()}: "
                         f"{_REASONS[why]}")
    if isinstance(rules, HeadsUpGame):
        return _exact(rules, tol, max_rounds)
    return _kept(rules, deck, tol, max_rounds)


@lru_cache(maxsize=4)
def _kept(rules: Rules, deck: Unseen | None, tol: float, max_rounds: int) -> ExactEquilibrium:
    return _exact(as_game(rules, deck), tol, max_rounds)


def _exact(game: HeadsUpGame, tol: float, max_rounds: int) -> ExactEquilibrium:
    t0 = time.perf_counter()
    from settemezzo.solve import lp  # scipy and HiGHS: at the first LP only

    with lp.payoff_scale(EXACT_SCALE), gc_paused():  # millions of `Fraction`s, no cycle
        found = _solve(game, tol, max_rounds)
    return replace(found, seconds=time.perf_counter() - t0)


def _solve(game: HeadsUpGame, tol: float, max_rounds: int) -> ExactEquilibrium:
    """`exact_equilibrium`'s work: the float LP, then the exact answer of its basis, the
    banker's exact best replies added as cuts while it does not verify (`EXACT_ROUNDS`)."""
    from settemezzo.solve import lp

    s = game_solver(game, False)
    c = lp.lp_objective(s, s.shown_values(BankerStrategy("best", "omniscient")))
    cuts = lp.Cuts(s)
    sol = lp.cutting_planes(s, c, 0.0, cuts, tol, max_rounds)
    rounds = sol.rounds
    for _ in range(EXACT_ROUNDS):
        if cuts.blocks:
            raise SolverError("the LP made public states exact: their rows are not cuts")
        found = _from_basis(game, cuts, *sol.lp.basis())
        if isinstance(found, ExactEquilibrium):
            return replace(found, float_value=sol.lp_value, lp_rounds=rounds)
        which = _new_rules(cuts, found)
        if not len(which):
            break
        cuts.add(found, which)
        sol.lp.add_rows(cuts.new_rows(), cuts.n_cols)
        rounds += 1
        sol.lp.solve(rounds)
    raise SolverError(f"the exact strategies of {game.rules.spec()} do not verify: the "
                      f"banker's exact best reply beats the LP's answer")


EXACT_ROUNDS = 12
"""How many times `exact_equilibrium` solves the LP again before it gives up, when the
exact strategies of its basis do not verify (the float LP stops within its tolerances of
the value: a cut it meets only within them, or a best reply of the banker not yet a cut)."""


EXACT_SCALE = 1e8
"""The exact solve's LP scales payoffs by this (`settemezzo.solve.lp.payoff_scale`; the
float equilibrium: `settemezzo.solve.lp.LP_SCALE`): HiGHS's tolerances are absolute, and
at the float solve's scale it takes for met a cut that the exact strategies beat by 1e-14
(under ITALIAN, at a few dozen public states; under wild_king at 1e6 still by 2e-16)."""


def _from_basis(game: HeadsUpGame, cuts: object, cols: npt.NDArray[np.bool_],
                rows: npt.NDArray[np.bool_]) -> ExactEquilibrium | npt.NDArray[np.int8]:
    """The exact equilibrium of the LP's basis (``cols``, ``rows``), once both sides'
    exact best replies agree (its LP's value, rounds and time left 0); else the banker's
    exact best reply (``choice[g, j]``), which beats the basis's value."""
    sup = Supports.of(game, cuts, cols, rows)
    es = game_solver(game, True)
    T = es.shown_values(BankerStrategy("best", "omniscient"))
    S = rule_values(es, sup)
    hit = player_plan(game, es, sup, S)
    weights = banker_mixture(game, es, sup, S, T)
    stand = [Fraction(0)] * len(game.infosets)
    for g, ks in enumerate(sup.binding):
        for place, i in enumerate(sup.members[g].tolist()):
            stand[i] = sum((weights[k] * S[k][place] for k in ks), Fraction(0))
    upper = Fraction(es.player_values(stand, T, None)[0])
    player = PlayerStrategy("exact equilibrium", tuple(hit))
    lower, choice = banker_best(game, player, {})
    if upper != lower:
        out: npt.NDArray[np.int8] = choice
        return out
    keep = sorted(weights)
    return ExactEquilibrium(game.rules, upper, upper, Fraction(lower), player,
                            sup.group[keep], sup.policy[keep],
                            tuple(weights[k] for k in keep),
                            sum(1 for h in hit if 0 < h < 1),
                            sum(1 for ks in sup.binding if len(ks) > 1), 0.0, 0, 0.0)


def _new_rules(cuts: object, choice: npt.NDArray[np.int8]) -> npt.NDArray[np.int64]:
    """The public states where the rule ``choice[g]`` is not yet a cut."""
    from settemezzo.solve.lp import Cuts

    assert isinstance(cuts, Cuts)
    have = {(int(g), p.tobytes()) for g, p in zip(cuts.group, cuts.policy, strict=True)}
    return np.array([g for g in range(cuts.G) if (g, choice[g].tobytes()) not in have],
                    dtype=np.int64)


_REASONS = {
    "casino": "a casino game is not the heads-up game",
    "swap": "a swap of the face-down card opens a subgame, each its own LP",
    "split": "the rest of a split hand is valued in floats",
    "stake": "a stake chosen after the first card makes the LP too large for this method",
}


@dataclass(frozen=True)
class Supports:
    """What the LP's basis says of the equilibrium: per decision, its basic sequences
    (``basic[i, a]``); per public state, its binding cuts (``binding[g]``, in cut order) and
    whether its ``t_g`` is basic; the cuts' states and rules (`settemezzo.solve.lp.Cuts`)
    and each state's decisions."""

    basic: npt.NDArray[np.bool_]
    binding: list[list[int]]
    t_basic: npt.NDArray[np.bool_]
    group: npt.NDArray[np.int64]
    policy: npt.NDArray[np.int8]
    members: list[npt.NDArray[np.int64]]

    @classmethod
    def of(cls, game: HeadsUpGame, cuts: object, cols: npt.NDArray[np.bool_],
           rows: npt.NDArray[np.bool_]) -> Supports:
        """The supports from the basis (``cols``, ``rows``: `LP.basis`) of the LP of
        ``cuts``: the equality rows first, then the cuts in order."""
        from settemezzo.solve.lp import Cuts

        assert isinstance(cuts, Cuts)
        nI, G = len(game.infosets), cuts.G
        binding: list[list[int]] = [[] for _ in range(G)]
        for k in np.flatnonzero(~rows[nI:nI + len(cuts.group)]).tolist():
            binding[int(cuts.group[k])].append(k)
        members = [cuts.members(np.array([g], dtype=np.int64)) for g in range(G)]
        return cls(cols[:2 * nI].reshape(nI, 2), binding, cols[2 * nI:2 * nI + G],
                   cuts.group, cuts.policy, members)

    def mixed(self) -> list[int]:
        """The decisions where both sequences are basic: the player may mix there."""
        return np.flatnonzero(self.basic.all(axis=1)).tolist()


def rule_values(es: Solver, sup: Supports) -> dict[int, list[Fraction]]:
    """Per binding cut, the exact value in chips of standing at each decision of its public
    state against its rule (`Solver.stand_values`, one behavioural banker per round: the
    ``r``-th binding rule of every state)."""
    game = es.game
    G, J = len(game.publics), len(game.banker_nodes)
    out: dict[int, list[Fraction]] = {}
    for r in range(max((len(b) for b in sup.binding), default=0)):
        pick = [b[min(r, len(b) - 1)] if b else -1 for b in sup.binding]
        pol = np.zeros((G, J), dtype=np.int8)
        live = [g for g in range(G) if pick[g] >= 0]
        pol[live] = sup.policy[[pick[g] for g in live]]
        banker = BankerStrategy("rule", "behavioural", hit=(pol == HIT).astype(object) * 1,
                                burn=(pol == BURN).astype(object) * 1
                                if game.rules.burn else None)
        stand = es.stand_values(banker)
        for g in live:
            if pick[g] not in out:
                out[pick[g]] = [Fraction(stand[i]) for i in sup.members[g].tolist()]
    return out


def player_plan(game: HeadsUpGame, es: Solver, sup: Supports,
                S: dict[int, list[Fraction]]) -> list[Fraction]:
    """The player's chance of hitting at each decision (the basic action where its own play
    never goes): its realization plan, affine in the hitting sequences of the mixed
    decisions, solved so that the banker is indifferent among the binding rules of each
    public state (and a decision with no basic sequence is never reached)."""
    nI = len(game.infosets)
    own: list[Affine] = [{}] * nI
    seq: list[tuple[Affine, Affine]] = [({}, {})] * nI
    equations: list[Affine] = []
    n = 0
    for st in game.infosets:
        i = st.index
        own[i] = {_ONE: Fraction(1)} if st.parent < 0 else seq[st.parent][st.parent_action]
        b_stand, b_hit = sup.basic[i].tolist()
        if b_stand and b_hit:
            h: Affine = {n: Fraction(1)}
            seq[i] = (_combine(own[i], h, -1), h)
            n += 1
        elif b_hit or b_stand:
            seq[i] = ({}, own[i]) if b_hit else (own[i], {})
        else:
            equations.append(own[i])
    for g, ks in enumerate(sup.binding):
        stands = [_scaled(seq[i][STAND], es.reach[i]) for i in sup.members[g].tolist()]
        cut_values = [_dot(S[k], stands) for k in ks]
        if sup.t_basic[g]:
            equations += [_combine(v, cut_values[0], -1) for v in cut_values[1:]]
        else:  # t_g held at 0: every binding cut is 0
            equations += cut_values
    x = solve_linear(equations, n, "the player's plan")
    hit: list[Fraction] = []
    for i in range(nI):
        reach, hits = _value(own[i], x), _value(seq[i][HIT], x)
        if hits < 0 or reach - hits < 0:
            raise SolverError(f"the exact plan is infeasible at {game.infosets[i].label}")
        hit.append(hits / reach if reach else Fraction(int(sup.basic[i, HIT]
                                                            and not sup.basic[i, STAND])))
    return hit


def banker_mixture(game: HeadsUpGame, es: Solver, sup: Supports,
                   S: dict[int, list[Fraction]], T: Terminal) -> dict[int, Fraction]:
    """The banker's weight on each binding cut: at each public state the first binding
    rule takes what the others leave of 1, the others are unknowns, solved so that the
    player's two actions are worth the same at each mixed decision (its values by backward
    induction, affine in the unknowns; the basic action's value at a pure decision, and an
    unknown of its own at a decision with no basic sequence)."""
    unknown: dict[int, int] = {}
    for g, ks in enumerate(sup.binding):
        if not sup.t_basic[g]:
            raise SolverError(f"the LP's basis leaves the banker's term of state {g} at 0")
        for k in ks[1:]:
            unknown[k] = len(unknown)
    stand = stand_forms(game, sup, S, unknown)
    V: list[Affine] = [{}] * len(game.infosets)
    equations: list[Affine] = []
    free = 0
    for st in reversed(game.infosets):
        i = st.index
        q1 = _children(es.child_prob[i], st.children, T.one[i], V)
        q0 = stand[i] if st.kind == "play" else \
            _children(es.child_prob0[i], st.children0, T.zero[i], V)
        b_stand, b_hit = sup.basic[i].tolist()
        if b_stand and b_hit:
            equations.append(_combine(q0, q1, -1))
        if b_stand or b_hit:
            V[i] = q1 if b_hit and not b_stand else q0
        else:  # never reached (`player_plan`): its value is the dual the others fix
            V[i] = {len(unknown) + free: Fraction(1)}
            free += 1
    lam = solve_linear(equations, len(unknown) + free, "the banker's mixture")
    weights: dict[int, Fraction] = {}
    for ks in sup.binding:
        rest = [lam[unknown[k]] for k in ks[1:]]
        for k, w in zip(ks, [1 - sum(rest, Fraction(0)), *rest], strict=False):
            if w < 0:
                raise SolverError(f"the exact banker mixture has a negative weight {w}")
            weights[k] = w
    return weights


def stand_forms(game: HeadsUpGame, sup: Supports, S: dict[int, list[Fraction]],
                unknown: dict[int, int]) -> list[Affine]:
    """Per decision, the value of standing against the banker's mixture, affine in the
    weights ``unknown`` (by cut: its unknown); the first binding rule of a state takes the
    rest of 1."""
    out: list[Affine] = [{} for _ in game.infosets]
    for g, ks in enumerate(sup.binding):
        if not ks:
            continue
        first = S[ks[0]]
        for place, i in enumerate(sup.members[g].tolist()):
            form: Affine = {_ONE: first[place]} if first[place] else {}
            for k in ks[1:]:
                d = S[k][place] - first[place]
                if d:
                    form[unknown[k]] = d
            out[i] = form
    return out


@gc_paused()  # millions of `Fraction`s, none garbage in a cycle
def banker_behaviour(game: HeadsUpGame, ex: ExactEquilibrium) -> BankerStrategy:
    """The banker's exact mixture of ``ex`` as a behavioural strategy (chances of hitting and
    of burning per public state and banker hand, `Fraction`s): at each hand, the weights of
    the rules that reach it (a rule's weight on a hand: the number of card orders by which it
    gets there) share its choice, as `settemezzo.solve.equilibria.mixture_to_behaviour` does
    in floats. A public state the player never stands in hits below 5 (any rule does)."""
    nodes = game.banker_nodes
    G, J = len(game.publics), len(nodes)
    hit = np.zeros((G, J), dtype=object)
    burn = np.zeros((G, J), dtype=object)
    flow = [np.zeros(J, dtype=object) for _ in range(3)]  # reach, hitting, burning
    for g in range(G):
        ks = np.flatnonzero(ex.rule_group == g)
        if not len(ks):
            hit[g] = [int(nd.total < RULE_OF_THUMB) for nd in nodes]
            continue
        for f in flow:
            f[:] = 0
        for k in ks.tolist():
            _rule_flow(nodes, ex.rules_played[k], ex.weights[k], flow)
        through, hitting, burning = flow
        for j in range(J):
            if through[j]:
                hit[g, j] = Fraction(hitting[j]) / through[j]
                burn[g, j] = Fraction(burning[j]) / through[j]
    return BankerStrategy("exact equilibrium", "behavioural", hit=hit,
                          burn=burn if game.rules.burn else None)


def _rule_flow(nodes: Sequence[Any], rule: npt.NDArray[np.int8], weight: Fraction,
               flow: list[npt.NDArray[Any]]) -> None:
    """Add ``weight`` times the card orders by which ``rule`` reaches each banker hand to
    ``flow[0]``, and the part of it that hits (``flow[1]``) or burns (``flow[2]``)."""
    reach = [0] * len(nodes)
    reach[0] = 1
    for j, nd in enumerate(nodes):  # a hand before the hands one card on
        if not reach[j]:
            continue
        flow[0][j] += weight * reach[j]
        act = int(rule[j]) if any(nd.counts) else int(HIT)
        if act == BURN and nd.burn_child >= 0:
            flow[2][j] += weight * reach[j]
            reach[nd.burn_child] += reach[j]
        elif act == HIT:
            flow[1][j] += weight * reach[j]
            for _pos, j2, _ in nd.children:
                if j2 >= 0:
                    reach[j2] += reach[j]


def solve_linear(equations: Sequence[Affine], n: int, what: str) -> list[Fraction]:
    """The one solution of ``equations`` (each ``form = 0``, an `Affine` over unknowns
    ``0..n-1``) by Gaussian elimination in `Fraction`; `SolverError` naming ``what`` if
    they have none or more than one.

    >>> solve_linear([{0: Fraction(1), 1: Fraction(1), -1: Fraction(-3)},
    ...               {0: Fraction(1), 1: Fraction(-1), -1: Fraction(-1)}], 2, "x")
    [Fraction(2, 1), Fraction(1, 1)]
    """
    pivots: dict[int, Affine] = {}  # unknown -> its row, normalised, the others eliminated
    for eq in equations:
        row = dict(eq)
        for v, prow in pivots.items():
            if v in row:
                row = _combine(row, prow, -row[v])
        live = [v for v in row if v != _ONE]
        if not live:
            if row.get(_ONE):
                raise SolverError(f"{what}: the basis's equations have no solution")
            continue
        v = min(live)
        row = {u: c / row[v] for u, c in row.items()}
        for u, prow in pivots.items():
            if v in prow:
                pivots[u] = _combine(prow, row, -prow[v])
        pivots[v] = row
    if len(pivots) < n:
        raise SolverError(f"{what}: the basis leaves {n - len(pivots)} unknowns free")
    return [-pivots[v].get(_ONE, Fraction(0)) for v in range(n)]


def _combine(a: Affine, b: Affine, k: Fraction | int) -> Affine:
    """``a + k b``, without zero terms."""
    out = dict(a)
    for v, c in b.items():
        w = out.get(v, 0) + k * c
        if w:
            out[v] = w
        else:
            out.pop(v, None)
    return out


def _scaled(a: Affine, k: Fraction) -> Affine:
    return {v: k * c for v, c in a.items()} if k else {}


def _dot(coefs: Sequence[Fraction], forms: Sequence[Affine]) -> Affine:
    """``sum coefs[m] forms[m]``."""
    out: Affine = {}
    for k, f in zip(coefs, forms, strict=True):
        if k and f:
            out = _combine(out, f, k)
    return out


def _children(probs: Sequence[Fraction], kids: Sequence[Child], shown: Sequence[Any],
              V: Sequence[Affine]) -> Affine:
    """Each child's chance times its value: the form ``V`` of its decision, or the constant
    value of a finished hand (`Solver.player_values`' sums)."""
    out: Affine = {}
    for p, ch, t in zip(probs, kids, shown, strict=True):
        j = ch.infoset
        if j >= 0:
            out = _combine(out, V[j], p)
        elif t:
            out = _combine(out, {_ONE: Fraction(t)}, p)
    return out


def _value(a: Affine, x: Sequence[Fraction]) -> Fraction:
    return sum((c * (x[v] if v != _ONE else 1) for v, c in a.items()), Fraction(0))
