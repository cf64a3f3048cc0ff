"""The node plans (`settemezzo.solve.plans`): banker hands restricted from a universe's
derive the plans they would have of their own."""

from __future__ import annotations

import numpy as np

from settemezzo.game import heads_up
from settemezzo.rules import ITALIAN


def _same(a: object, b: object) -> bool:
    """Equal to the bit: arrays of the same dtype, shape and values; containers and
    dataclasses field by field."""
    import dataclasses

    if isinstance(a, np.ndarray):
        return (isinstance(b, np.ndarray) and a.dtype == b.dtype and a.shape == b.shape
                and np.array_equal(a, b) and a.flags.writeable == b.flags.writeable)
    if isinstance(a, list | tuple):
        return (type(a) is type(b) and len(a) == len(b)
                and all(_same(x, y) for x, y in zip(a, b, strict=True)))
    if dataclasses.is_dataclass(a):
        return type(a) is type(b) and all(
            _same(getattr(a, f.name), getattr(b, f.name)) for f in dataclasses.fields(a))
    return type(a) is type(b) and a == b


def test_restricted_banker_hands_derive_the_plans_of_their_own() -> None:
    # The subgames after a swap mostly restrict the whole game's banker hands (a smaller
    # deck); the solver then restricts the whole game's node plan, reach edges and hand
    # facts instead of walking the hands again. Second method: the same built from the
    # subgame's own hands (`plan_of`, `edges_of`, `facts_of`), compared to the bit.
    from settemezzo.solve.plans import (
        edges_of,
        facts_of,
        hand_facts,
        node_plan,
        plan_of,
        reach_edges,
    )

    game = heads_up(ITALIAN.with_variants("swap_hidden"))
    subs = {id(s): s for s in map(game.swap_subgame, game.swap_target)}
    games = list(subs.values())[::4]
    games += [g.swap_subgame(i) for g in games[:10] for i in list(g.swap_target)[:3]]
    restricted = 0
    for g in games:
        r = g.banker_memo.restriction
        if r is None:
            continue
        restricted += len(g.banker_nodes) < len(r.nodes)
        assert _same(node_plan(g), plan_of(g.banker_nodes))
        assert _same(reach_edges(g), edges_of(g.banker_nodes))
        assert _same(hand_facts(g), facts_of(g.banker_nodes))
    assert restricted >= 20  # most of them really leave hands out

