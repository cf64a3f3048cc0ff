"""The banker's edge of a rule set, and the table of edges by variant.

The banker's edge is the banker's expected gain per unit of expected stake, per player-hand,
heads-up (``docs/rules.md``, exact-analysis conventions):

- ``equilibrium``: both sides play an equilibrium (with its certificate);
- ``threshold:K``: the banker hits below K points, the player plays its best reply (exact);
- ``omniscient``: the banker sees the face-down card, the player plays its best reply (exact).

With stakes chosen after the first card (Spanish) the edge is per unit of the player's
expected stake, and so is the certificate's width.

Where the exact game keeps the player from some moves (`settemezzo.game.restriction_codes`:
under SPANISH, splitting into a third hand and swapping inside a split hand), the edge is
that of the restricted player: the banker gains *at most* this against it, so it is an
upper bound, not the whole game's value. `Edge.restriction_codes` names what was left out.
The table of edges by variant, read from the solved results, is
`settemezzo.results.edges.edge_table`.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from fractions import Fraction

from settemezzo import policy
from settemezzo.game import heads_up
from settemezzo.memory import gc_paused
from settemezzo.rules import ITALIAN, KNOB_TABLE, SPANISH, SWITCHES, Rules

__all__ = [
    "DEFAULT_METHODS",
    "ITALIAN_VARIANTS",
    "SPANISH_KNOBS",
    "Edge",
    "banker_edge",
    "relative_cost",
    "rule_family",
    "standard_rules",
]

ITALIAN_VARIANTS: tuple[str, ...] = tuple(v for k in KNOB_TABLE for v in k.seed000)
"""The variants of seed 000, each alone on top of ITALIAN (`settemezzo.rules.Knob.seed000`)."""

SPANISH_KNOBS: dict[str, str] = {
    k.name: k.token(k.off) for k in SWITCHES if k.is_on(SPANISH)}
"""The switches of one hand's game that the SPANISH preset turns on (`settemezzo.rules.
SWITCHES`), and the variant string that switches each off."""

DEFAULT_METHODS = ("equilibrium", "threshold:5", "omniscient")
"""The kinds of banker of the edge table (`settemezzo.results.edges.edge_table`)."""


@dataclass(frozen=True)
class Edge:
    """The banker's edge of one rule set against one kind of banker."""

    rules: Rules
    method: str
    edge: float
    exact: Fraction | None        # the exact edge when it is rational and computed exactly
    exploitability: float | None  # the equilibrium's certificate width
    seconds: float
    restriction_codes: tuple[str, ...] = ()  # what the player was kept from
    #                               (`settemezzo.game.restriction_codes`; () for the whole game)

    @property
    def bound(self) -> bool:
        """Whether ``edge`` is only an upper bound (the player was restricted)."""
        return bool(self.restriction_codes)


def banker_edge(rules: Rules = ITALIAN, method: str = "equilibrium", *,
                refined: bool = False) -> Edge:
    """The banker's edge under ``rules``; ``method`` as in the module docstring.

    The edge is the game's value: ``equilibrium`` solves without the refinement (it moves
    play off the path, not the value; the value within the same certificate) unless
    ``refined`` (or a refined equilibrium of the game is at hand)."""
    t0 = time.perf_counter()
    m = policy.parse(method, ("equilibrium", "threshold:K", "omniscient"), who="banker").name
    with gc_paused():  # many small objects (trees, Fractions): see `gc_paused`
        return _edge(rules, m, refined, t0)


def _edge(rules: Rules, m: str, refined: bool, t0: float) -> Edge:
    """`banker_edge`'s work, ``m`` the banker's policy name, timed from ``t0``."""
    from settemezzo.solve import PlayerStrategy, banker_policy, equilibrium, expected_stake
    from settemezzo.solve.walk import reply_value

    game = heads_up(rules)
    if m == "equilibrium":
        eq = equilibrium(game, refined=refined)
        return Edge(rules, "equilibrium", eq.banker_edge, None,
                    eq.exploitability / eq.expected_stake, time.perf_counter() - t0,
                    game.restriction_codes)
    else:
        br = reply_value(game, banker_policy(m, game))  # `best_response`'s, for less
        value = br.value
        assert isinstance(br.strategy, PlayerStrategy)
        stake = expected_stake(br.strategy, m, game)  # Spanish stakes, split hands
        per_stake = value / stake
        exact = -per_stake if isinstance(per_stake, Fraction) else None
        return Edge(rules, m, -float(per_stake), exact, None, time.perf_counter() - t0,
                    game.restriction_codes)


def standard_rules() -> tuple[Rules, ...]:
    """The standard rule sets: ITALIAN, ITALIAN plus each variant alone, SPANISH, SPANISH
    without each of its knobs (the rule sets shipped precomputed; `settemezzo.i18n.
    standard_rule_sets` labels them in words)."""
    return (ITALIAN, *(ITALIAN.with_variants(v) for v in ITALIAN_VARIANTS),
            SPANISH, *(SPANISH.with_variants(off) for off in SPANISH_KNOBS.values()))


def rule_family(rules: Rules) -> object:
    """Rule sets with the same subgames after a swap (`settemezzo.game.HeadsUpGame.key` of a
    subgame ignores the stake rules and, where no split can come, the split rule), or the
    same game, are computed in one process, so that those are solved once."""
    from settemezzo.game import hand_key, hand_rules

    if rules.swap_hidden:
        return ("swap", hand_key(rules, True, False))
    return ("hand", hand_rules(rules))  # equal games (a session knob apart)


def relative_cost(rules: Rules) -> float:
    """A rough relative cost of one rule set's equilibrium and player table, ITALIAN's 1.
    Fitted to the explorer's work (its first answer, then the player table; cold) on 20 rule
    sets, 2026-12-04 (ITALIAN 0.42 s, ``burn=3,4`` 1.91 s, ``royal+wild_king+burn=3,4``
    3.18 s, ``swap_hidden`` 4.11 s, SPANISH 5.38 s, SPANISH without the swap 2.13 s, with
    the wild king 9.73 s; 19 of them within 20%, none off by more than 40%): each burnt
    kind multiplies the hand before any swap, the subgames after a swap and the stake chosen
    after the first card add their own, and the wild king makes all of it larger."""
    cost = 1.0 + 1.7 * len(rules.burn)
    if rules.swap_hidden:
        cost += 8.0
    if rules.stake_timing == "after_first_card" and rules.max_stake > rules.min_stake:
        cost += 4.0
    if rules.split_figures > 1:
        cost += 0.6
    return cost * (1.6 if rules.wild_king else 1.0)
