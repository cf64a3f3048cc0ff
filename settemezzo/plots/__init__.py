"""Charts for people: strategy charts, odds curves, the banker's edge, a printable handout.

Every chart function takes an optional ``ax`` (draw into it) and returns the `Figure`
(a new one when ``ax`` is None), and ``lang`` ('en', 'it', 'es', 'fr') for its labels.
Titles name the rule set and the opponent's policy. Cells and bars are coloured *and*
hatched, on greys of different lightness, so a chart still reads printed in black and
white. Figures are built with `matplotlib.figure.Figure`, never through ``pyplot``, so
nothing here needs a display or touches pyplot's global state (safe in headless CI and in
web servers); in a notebook the returned figure shows itself.

One module per kind of chart: `style` (the colours, hatches and helpers every chart draws
with), `strategy` (the player's strategy), `banker` (the banker's play and its posterior),
`odds` (bust chances, the banker's final total, EV), `edge` (the edge by variant),
`handout` (the printable page) and `deck` (playing the deck down). This package gives
their chart and data functions, and importing it loads matplotlib.

The numbers behind each chart come from a plain function that returns a DataFrame (the CLI
writes it with ``--csv``, the tests check it):

===============================  ==================================
chart                            its data
===============================  ==================================
`strategy_chart`                 `strategy_cells` (and `stake_cells`)
`banker_strategy_chart`          `banker_cells`
`bust_chance_chart`              `bust_chance_data`
`banker_final_distribution_chart` `banker_final_data`
`ev_chart`                       `ev_data`
`edge_by_variant_chart`          the ``edges`` DataFrame itself
`posterior_chart`                the ``posterior`` mapping itself
===============================  ==================================

>>> d = bust_chance_data()
>>> d[(d.series == "one_card") & (d.total == "7")].bust_exact.item()   # 27 of 39 cards
'9/13'
"""

from __future__ import annotations

from settemezzo.plots.banker import banker_cells, banker_strategy_chart, posterior_chart
from settemezzo.plots.deck import count_card_chart, count_chart, worth_chart
from settemezzo.plots.edge import edge_by_variant_chart
from settemezzo.plots.handout import handout_numbers, handout_page, rules_brief, write_handout
from settemezzo.plots.odds import (
    banker_final_data,
    banker_final_distribution_chart,
    bust_chance_chart,
    ev_chart,
    ev_data,
)
from settemezzo.plots.strategy import stake_cells, strategy_cells, strategy_chart
from settemezzo.plots.style import A4_PORTRAIT, STYLE, ChartError, restriction_codes_of
from settemezzo.tables import HandoutNumbers, bust_chance_data

__all__ = [
    "A4_PORTRAIT",
    "STYLE",
    "ChartError",
    "HandoutNumbers",
    "banker_cells",
    "banker_final_data",
    "banker_final_distribution_chart",
    "banker_strategy_chart",
    "bust_chance_chart",
    "bust_chance_data",
    "count_card_chart",
    "count_chart",
    "edge_by_variant_chart",
    "ev_chart",
    "ev_data",
    "handout_numbers",
    "handout_page",
    "posterior_chart",
    "restriction_codes_of",
    "rules_brief",
    "stake_cells",
    "strategy_cells",
    "strategy_chart",
    "worth_chart",
    "write_handout",
]
