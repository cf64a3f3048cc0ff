"""The strategy card of a casino game: the player's total against the dealer's up card.

Each cell says stand or hit with a letter and a fill *and* a hatch (`settemezzo.plots.style`),
so the card reads printed in black and white, and the margin (what hitting gains over
standing, per stake, over the hands that reach the cell); a cell where the rules make the
player draw is faded, lettered as forced. The cells come from
`settemezzo.casino.strategy_card`; `strategy_card_cells` gives them as a DataFrame (what
``settemezzo chart strategy --csv`` writes for a casino game).
"""

from __future__ import annotations

from collections.abc import Sequence

import pandas as pd
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.patches import Patch

from settemezzo.casino import Cell
from settemezzo.i18n import describe_rules, percent, points, t
from settemezzo.plots.style import (
    FADED,
    HATCH_COLOUR,
    STYLE,
    ChartError,
    cell_text,
    chart_title,
    draw_cell,
    draw_grid,
    fig_ax,
    margin_text,
    note_width,
    wrap,
)
from settemezzo.rules import Rules

__all__ = ["strategy_card_cells", "strategy_card_chart"]


def strategy_card_cells(cells: Sequence[Cell]) -> pd.DataFrame:
    """One row per cell: ``up`` (the card's label), ``total`` (half-points) and ``points``,
    ``action`` (hit, stand, forced), ``margin`` (per stake; NaN where forced), ``reach``."""
    return pd.DataFrame({
        "up": [c.up.label for c in cells],
        "total": [c.total for c in cells],
        "points": [points(c.total) for c in cells],
        "action": [c.action for c in cells],
        "margin": [float("nan") if c.margin is None else float(c.margin) for c in cells],
        "reach": [float(c.reach) for c in cells]})


def _letter(cell: Cell, lang: str) -> str:
    return t("casino.forced_short" if cell.action == "forced" else f"chart.{cell.action}_short",
             lang)


def _draw_cells(ax: Axes, cells: Sequence[Cell], ups: list[str], totals: list[int],
                lang: str) -> None:
    for c in cells:
        x, y = ups.index(c.up.label), totals.index(c.total)
        forced = c.action == "forced"
        draw_cell(ax, x, y, "hit" if forced else c.action, alpha=FADED if forced else 1.0)
        text = _letter(c, lang)
        if c.margin is not None:
            text += "\n" + margin_text(float(c.margin), lang)
        cell_text(ax, x, y, text, size=7 if c.margin is not None else 8)


def _legend(ax: Axes, lang: str) -> None:
    """Stand, hit and forced, each its letter, fill and hatch, under the grid."""
    def patch(action: str, label: str, alpha: float = 1.0) -> Patch:
        return Patch(facecolor=STYLE[action]["face"], hatch=STYLE[action]["hatch"],
                     edgecolor=HATCH_COLOUR, alpha=alpha, label=label)

    handles = [patch(a, f"{t(f'chart.{a}_short', lang)} = {t(f'chart.legend_{a}', lang)}")
               for a in ("stand", "hit")]
    handles.append(patch("hit", f"{t('casino.forced_short', lang)} = "
                                f"{t('casino.forced', lang)}", FADED))
    ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(0, -0.01), ncol=3,
              fontsize=8, framealpha=0.95)


def strategy_card_chart(cells: Sequence[Cell], rules: Rules, *, edge: float | None = None,
                        lang: str = "en", ax: Axes | None = None) -> Figure:
    """The strategy card of ``rules`` from its ``cells`` (`settemezzo.casino.strategy_card`);
    ``edge``: the house edge playing it, named under the title."""
    if not cells:
        raise ChartError(f"a strategy card needs cells, got {cells!r}")
    ups = sorted({c.up.label: c.up for c in cells}.items(), key=lambda kv: int(kv[1]))
    up_labels = [label for label, _ in ups]
    totals = sorted({c.total for c in cells})
    fig, ax = fig_ax(ax, (1.1 + 0.8 * len(up_labels), 1.6 + 0.42 * len(totals)))
    _draw_cells(ax, cells, up_labels, totals, lang)
    draw_grid(ax, len(up_labels), len(totals))
    ax.set_xlim(-0.5, len(up_labels) - 0.5)
    ax.set_ylim(-0.5, len(totals) - 0.5)
    ax.set_xticks(range(len(up_labels)), up_labels)
    ax.set_yticks(range(len(totals)), [points(x) for x in totals])
    ax.set_xlabel(t("casino.axis_up", lang))
    ax.set_ylabel(t("casino.axis_total", lang))
    ax.xaxis.set_label_position("top")
    ax.xaxis.tick_top()
    width = note_width(ax, 10)
    note = wrap(t("casino.card_subtitle", lang), width)
    if edge is not None:
        decks = t("casino.decks", lang, n=rules.decks)
        note += "\n" + t("casino.card_edge", lang, edge=percent(edge, lang, 2), decks=decks)
    ax.set_title(chart_title(t("casino.card_title", lang), describe_rules(rules, lang), None,
                             lang, width=width) + "\n" + note, fontsize=10, loc="left")
    _legend(ax, lang)
    return fig
