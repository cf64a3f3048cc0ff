"""Total-dependent plays of the casino deal: one decision per player total and dealer up card.

A `Card` (the strategy card a player can take to the table) hits or stands on each total
(in half-points) against each up card; forced draws stay forced. `best_card` finds the best
such card: the decision at a total is taken from the highest total down (a hit leads to
higher totals, or to the same one when a wild K\u2666 completes the hand again), each
compared over every hand that reaches it with the chance it does under the card so far,
sweep after sweep until no decision changes (a local optimum against any single change;
tests/casino/test_casino.py checks it against every card on small shoes). `thumb_card` gives the
rules of thumb: stand on a total (``stand=5``), or copy the dealer's house rule. `card_cells`
gives a card's cells with their margins: what the printed strategy card shows.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from settemezzo.cards import SEVEN_AND_A_HALF, Kind
from settemezzo.casino.exact import BUST_NODE, Number, Solver, Tree

__all__ = ["Card", "Cell", "best_card", "card_cells", "card_value", "thumb_card"]

_TOTALS = range(1, SEVEN_AND_A_HALF)


@dataclass(frozen=True)
class Card:
    """A total-dependent play: ``hits`` the (up card, total in half-points) pairs the player
    hits on (stands elsewhere, unless the draw is forced)."""

    hits: frozenset[tuple[Kind, int]]

    def decide(self, tree: Tree) -> Callable[[int], bool]:
        """The decision at each node of ``tree`` (`Tree.values`)."""
        totals = tree.totals()
        return lambda i: (tree.up, totals[i]) in self.hits


def card_value(solver: Solver, card: Card) -> Number:
    """The player's value per stake playing ``card``."""
    return solver.player_value([card.decide(t) for t in solver.trees])


def thumb_card(solver: Solver, stand: int | Fraction | None = None) -> Card:
    """A rule of thumb: stand on ``stand`` points or more (hit below), or (None) copy the
    dealer's house rule (`Solver.dealer_draws` with the player's total)."""
    limit = 2 * (solver.rules.house_draw if stand is None else stand)
    return Card(frozenset((t.up, x) for t in solver.trees for x in _TOTALS if x < limit))


def _reach(tree: Tree, hits: Callable[[int], bool]) -> list[Number]:
    """The chance of reaching each node of ``tree`` playing ``hits``."""
    reach: list[Number] = [0] * len(tree.hands)
    for p, i in tree.starts:
        reach[i] += p
    for i in reversed(tree.order()):  # parents first
        if reach[i] and tree.children[i] and (tree.forced[i] or hits(i)):
            for q, j in tree.children[i]:
                if j != BUST_NODE:
                    reach[j] += reach[i] * q
    return reach


def _sweep(tree: Tree, hit_totals: set[int]) -> set[int]:
    """One pass from the highest total down: the better decision at each total, the hands
    reaching it weighted by their chance under ``hit_totals`` (the decisions below)."""
    totals = tree.totals()
    reach = _reach(tree, lambda i: totals[i] in hit_totals)
    new = set(hit_totals)
    values: list[Number] = [0] * len(tree.hands)
    by_total = sorted(range(len(tree.hands)), key=lambda i: (-totals[i], -tree.hands[i].cards))
    start = 0
    while start < len(by_total):
        x = totals[by_total[start]]
        group = [i for i in by_total[start:] if totals[i] == x]
        start += len(group)
        hit_of: dict[int, Number] = {}
        gain: Number = 0
        for i in group:  # most cards first: a same-total child is valued before its parent
            if tree.children[i]:
                hit_of[i] = sum(q * (-1 if j == BUST_NODE else values[j])
                                for q, j in tree.children[i])
                if not tree.forced[i]:
                    gain += reach[i] * (hit_of[i] - tree.stand[i])
            values[i] = hit_of[i] if i in hit_of and (tree.forced[i] or x in new) else tree.stand[i]
        if gain > 0:
            new.add(x)
        else:
            new.discard(x)
        for i in group:
            values[i] = hit_of[i] if i in hit_of and (tree.forced[i] or x in new) else tree.stand[i]
    return new


def best_card(solver: Solver, sweeps: int = 20) -> Card:
    """The best total-dependent card (see the module text)."""
    hits: set[tuple[Kind, int]] = set()
    for tree in solver.trees:
        mine = {x for x in _TOTALS if x < 2 * solver.rules.house_draw}
        for _ in range(sweeps):
            new = _sweep(tree, mine)
            if new == mine:
                break
            mine = new
        hits |= {(tree.up, x) for x in mine}
    return Card(frozenset(hits))


@dataclass(frozen=True)
class Cell:
    """One cell of a strategy card: against up card ``up`` at ``total`` (half-points) the card
    plays ``action`` ('hit', 'stand', or 'forced' where no hand reaching it may stand);
    ``margin`` the value of hitting minus standing per stake, averaged over the hands that
    reach the cell under the card (None where forced); ``reach`` the chance a deal reaches it
    (the up card's chance included)."""

    up: Kind
    total: int
    action: str
    margin: Number | None
    reach: Number


def _tree_cells(tree: Tree, card: Card) -> list[Cell]:
    decide = card.decide(tree)
    totals = tree.totals()
    reach = _reach(tree, decide)
    values = tree.values(decide)
    gain: dict[int, list[Number]] = {}
    for i, kids in enumerate(tree.children):
        if not kids or not reach[i]:
            continue
        entry = gain.setdefault(totals[i], [0, 0, 0])  # reach, free reach, reach x margin
        entry[0] += reach[i]
        if not tree.forced[i]:
            hit = sum(q * (-1 if j == BUST_NODE else values[j]) for q, j in kids)
            entry[1] += reach[i]
            entry[2] += reach[i] * (hit - tree.stand[i])
    cells = []
    for x in sorted(gain):
        all_reach, free, weighted = gain[x]
        if not free:
            cells.append(Cell(tree.up, x, "forced", None, all_reach))
            continue
        action = "hit" if (tree.up, x) in card.hits else "stand"
        cells.append(Cell(tree.up, x, action, weighted / free, all_reach))
    return cells


def card_cells(solver: Solver, card: Card) -> list[Cell]:
    """Every cell of ``card`` a deal can reach (a total below 7½ with a decision), by up card
    then total."""
    return [c for tree in solver.trees for c in _tree_cells(tree, card)]
