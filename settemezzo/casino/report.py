"""The casino games' answers as data: the house edge of a rule set under each play.

`edge_summary` is what ``settemezzo edge --rules PRESET --variant decks=N`` prints: the house
edge with the optimal (composition-dependent) play and with the best total-dependent card,
the card's cost, and the rules of thumb; a single deck exactly. `open_game_edge` is the edge
a dealer takes playing its best instead of the house rule; `house_rules` ranks the simple
house rules (draw below K points) by the edge each leaves the casino against the best player.
"""

from __future__ import annotations

from typing import Any

from settemezzo.casino.exact import Number, Solver
from settemezzo.casino.strategy import best_card, card_value, thumb_card
from settemezzo.rules import Rules

__all__ = ["edge_summary", "house_rules", "open_game_edge"]


def edge_summary(rules: Rules) -> dict[str, Any]:
    """The house edge per stake of ``rules`` (a casino deal) under each play: ``optimal``,
    ``total_dependent`` (and its ``cost`` against the optimum, in stakes), ``stand_on_5``
    and ``copy_dealer``; Fractions for a single deck, floats for a shoe; ``exact`` says which.
    ``hits``: the total-dependent card, as ``[up card, total in half-points]`` pairs hit on.
    """
    solver = Solver(rules)
    optimal = solver.house_edge()
    card = best_card(solver)
    total_dependent = -card_value(solver, card)
    return {
        "decks": rules.decks, "exact": solver.exact,
        "optimal": optimal, "total_dependent": total_dependent,
        "cost": total_dependent - optimal,
        "stand_on_5": -card_value(solver, thumb_card(solver, 5)),
        "copy_dealer": -card_value(solver, thumb_card(solver)),
        "hits": sorted([int(up), x] for up, x in card.hits),
    }


def open_game_edge(rules: Rules, exact: bool | None = None) -> Number:
    """The house edge when the dealer, seeing the player's final hand, plays its best (the
    open game's value by backward induction) against the player's best play."""
    return Solver(rules, dealer="best", exact=exact).house_edge()


def house_rules(rules: Rules) -> list[tuple[int, Number]]:
    """``(K, edge)`` for each house rule 'draw below K points' (K = 1..7), the player
    playing its best: the best house rule for the casino is the one with the highest edge."""
    return [(k, Solver(rules.with_variants(f"house_draw={k}")).house_edge())
            for k in range(1, 8)]
