"""The layers of the package, top to bottom: the one map of which module may import which.

A module imports only from its own layer or the layers below it, imports inside functions
and ``TYPE_CHECKING`` blocks included (`tests/test_layers.py` checks every module against
`LAYERS`, and that no import circle joins two modules); ``docs/architecture.md`` lists every
module with its layer from the same map (`layer_table`). A module's layer is that of the
longest entry that names it or a package holding it (``settemezzo`` names the front door
only).

>>> layer_of("settemezzo.deck.count"), layer_of("settemezzo.rules")
('tables, advice, edge, deck', 'rules')
>>> rank("settemezzo.cli.solve") < rank("settemezzo.results") < rank("settemezzo.cards")
True
"""

from __future__ import annotations

__all__ = ["LAYERS", "layer_of", "layer_table", "rank"]

LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("front door", ("settemezzo", "settemezzo.__main__")),
    # the views, in three layers: the command line starts the apps and draws the charts; the
    # apps (the widgets, the classroom server) may draw the charts; the charts import no view
    ("views: the command line", (
        "settemezzo.cli",
        # the command that solves the shipped results afresh and writes them
        "settemezzo.precomputed.__main__", "settemezzo.precomputed.writer",
    )),
    ("views: the apps", ("settemezzo.widgets", "settemezzo.classroom_server")),
    ("views: the charts", ("settemezzo.plots",)),
    ("teaching", ("settemezzo.teaching",)),
    ("i18n", ("settemezzo.i18n",)),
    # the table engine plays the solved results (the equilibrium player of a rule set)
    ("simulate", ("settemezzo.simulate",)),
    ("results", ("settemezzo.results", "settemezzo.precomputed")),
    ("tables, advice, edge, deck", (
        "settemezzo.tables", "settemezzo.advice", "settemezzo.rows", "settemezzo.edge",
        "settemezzo.deck",
        "settemezzo.casino",  # the casino games' exact answers (below the results)
    )),
    ("solve", (
        "settemezzo.solve", "settemezzo.split", "settemezzo.thumbs", "settemezzo.iterative",
    )),
    ("game", ("settemezzo.game",)),
    ("odds, hands, policy, limits, fileio, memory", (
        "settemezzo.odds", "settemezzo.hands", "settemezzo.policy", "settemezzo.limits",
        "settemezzo.fileio", "settemezzo.memory",
    )),
    ("rules", ("settemezzo.rules",)),
    ("cards", ("settemezzo.cards",)),
    # below the cards: every module raises its errors, and the family imports nothing
    ("errors", ("settemezzo.errors", "settemezzo.layers")),
)
"""(layer, the modules and packages in it), from the top (the front door) down."""


def _entry(module: str) -> tuple[int, str] | None:
    """(rank, entry) of the longest entry of `LAYERS` naming ``module`` or a package of it."""
    best: tuple[int, str] | None = None
    for i, (_name, entries) in enumerate(LAYERS):
        for e in entries:
            inside = module.startswith(e + ".") and e != "settemezzo"  # the front door: itself
            if (module == e or inside) and (best is None or len(e) > len(best[1])):
                best = (i, e)
    return best


def rank(module: str) -> int:
    """The layer's position from the top (0: the front door); a `KeyError` for a module
    that no entry names."""
    found = _entry(module)
    if found is None:
        raise KeyError(f"{module!r} has no layer in settemezzo.layers.LAYERS")
    return found[0]


def layer_of(module: str) -> str:
    """The name of ``module``'s layer."""
    return LAYERS[rank(module)][0]


def layer_table(modules: list[str]) -> str:
    """The Markdown table of ``modules`` by layer, top to bottom (``docs/architecture.md``)."""
    rows = ["| layer | modules |", "|---|---|"]
    for i, (name, _entries) in enumerate(LAYERS):
        mine = sorted(m for m in modules if rank(m) == i)
        if mine:
            rows.append(f"| {name} | {', '.join(f'`{m}`' for m in mine)} |")
    return "\n".join(rows)
