"""The casino games' answers as data: the house edge of a rule set under each play.

`edge_summary` is what ``settemezzo edge --rules PRESET --variant decks=N`` prints: the house
edge with the optimal (composition-dependent) play and with the best total-dependent card,
the card's cost, and the rules of thumb; a single deck exactly. `open_game_edge` is the edge
a dealer takes playing its best instead of the house rule; `house_rules` ranks the simple
house rules (draw below K points) by the edge each leaves the casino against the best player.
`advise` answers one hand (stand or hit, each valued), `strategy_card` gives the cells of the
best total-dependent card (what the printed card and ``settemezzo table`` show).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from settemezzo.cards import Kind
from settemezzo.casino.exact import BUST_NODE, Number, Solver
from settemezzo.casino.hand import Hand, finished, score
from settemezzo.casino.strategy import Card, Cell, best_card, card_cells, card_value, thumb_card
from settemezzo.errors import InputError
from settemezzo.rules import Rules

__all__ = ["advise", "edge_summary", "house_rules", "open_game_edge", "solved", "strategy_card"]


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


def strategy_card(rules: Rules) -> list[Cell]:
    """The cells of the best total-dependent card of ``rules`` (solved in floats: a card to
    print), by up card then total."""
    solver = Solver(rules, exact=False)
    return card_cells(solver, best_card(solver))


def _node(solver: Solver, cards: Sequence[Kind], up: Kind) -> tuple[Any, int]:
    """The tree of ``up`` and the node of the player's ``cards`` in it (an `InputError` naming
    the cards when the shoe has not got them or the hand is over)."""
    rules = solver.rules
    counts = list(solver.full)
    hand = Hand()
    for k in (*cards, up):
        counts[rules.plain(k)] -= 1
    for k in cards:
        hand = hand.add(rules.plain(k))
    names = " ".join(k.label for k in cards)
    if min(counts) < 0:
        raise InputError(f"the shoe of {rules.decks} deck(s) has not got the cards {names} "
                         f"and the dealer's {up.label}")
    if not cards or finished(hand, rules):
        what = "no card" if not cards else f"{names}: the hand is over (score {score(hand, rules)})"
        raise InputError(f"there is no decision with {what}")
    tree = next(t for t in solver.trees if t.up is rules.plain(up))
    node = tree.index.get(tuple(counts))
    if node is None:  # every earlier total was a finished hand
        raise InputError(f"the cards {names} are not a hand the player can hold")
    return tree, node


@lru_cache(maxsize=8)
def solved(rules: Rules) -> tuple[Solver, Card]:
    """The solver of ``rules`` (a Fraction one for a single deck) and its best card (found in
    floats), kept for the last few rule sets: what `advise` asks, hand after hand."""
    return Solver(rules), best_card(Solver(rules, exact=False))


def advise(rules: Rules, cards: Sequence[Kind], up: Kind) -> dict[str, Any]:
    """Stand or hit with the player's ``cards`` against the dealer's ``up`` card, the shoe
    being full but for them: ``stand`` and ``hit`` (the player's value of each, per stake,
    with the optimal play after a hit), ``best`` ('hit', 'stand', or 'forced' where the rules
    make the player draw), ``margin`` (hit minus stand), and ``card`` (what the best
    total-dependent card plays there); Fractions for a single deck."""
    solver, card = solved(rules)
    tree, i = _node(solver, cards, up)
    values = tree.values()
    hit = sum(q * (-1 if j == BUST_NODE else values[j]) for q, j in tree.children[i])
    stand = tree.stand[i]
    best = "forced" if tree.forced[i] else ("hit" if hit > stand else "stand")
    on_card = "forced" if tree.forced[i] else (
        "hit" if (tree.up, tree.totals()[i]) in card.hits else "stand")
    if not solver.exact:
        stand, hit = float(stand), float(hit)
    return {"stand": stand, "hit": hit, "margin": hit - stand, "best": best,
            "card": on_card, "total": tree.totals()[i]}
