"""Charts of playing the deck down (issue 17): they draw what `settemezzo.deckdown` returns.

- `worth_chart`: what remembering is worth, by banker and number of players, with standard
  errors;
- `count_chart`: the banker's edge against the count (`settemezzo.deckdown.Count`);
- `count_card`: the decisions that flip with the count, as a printable card.
"""

from __future__ import annotations

import textwrap

import pandas as pd
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from settemezzo.i18n import check_lang, percent, points, t
from settemezzo.odds import parse_threshold
from settemezzo.plots import GREYS, HATCHES, ChartError, _fig_ax, _percent_axis
from settemezzo.rules import ITALIAN, Rules

__all__ = ["banker_label", "worth_chart"]


def banker_label(banker: str, lang: str = "en") -> str:
    """'banker stands on 5', 'banker remembers (equilibrium)'..."""
    if banker.startswith("threshold:"):
        return t("deck.banker_threshold", lang, points=points(parse_threshold(banker)))
    return t(f"deck.banker_{banker}", lang)


def _players_label(n: int, lang: str) -> str:
    return t("deck.heads_up", lang) if n == 1 else t("deck.players", lang, n=n)


def worth_chart(summary: pd.DataFrame, rules: Rules = ITALIAN, *,
                ax: Axes | None = None, lang: str = "en") -> Figure:
    """Horizontal bars: the worth of remembering per unit stake for each (players, banker)
    row of ``summary`` (`settemezzo.deckdown.DeckDown.summary`), ± one standard error."""
    check_lang(lang)
    need = {"players", "banker", "worth", "worth_se"}
    if not need <= set(summary.columns) or summary.empty:
        raise ChartError(f"the deck-down summary needs rows with columns {sorted(need)}, got "
                         f"{list(summary.columns)!r}")
    df = summary.reset_index(drop=True)
    fig, ax = _fig_ax(ax, (9, 1.8 + 0.55 * len(df)))
    ys = list(range(len(df)))[::-1]
    hatch = {b: HATCHES[i % len(HATCHES)] for i, b in enumerate(dict.fromkeys(df["banker"]))}
    bars = ax.barh(ys, df["worth"], 0.6, xerr=df["worth_se"], capsize=4,
                   color=[GREYS[1 + (p > 1)] for p in df["players"]],
                   hatch=[hatch[b] for b in df["banker"]], edgecolor="black", linewidth=0.6)
    ax.bar_label(bars, labels=[f"{percent(w, lang, 2)} ± {percent(s, lang, 2)}"
                               for w, s in zip(df["worth"], df["worth_se"], strict=True)],
                 fontsize=8, padding=6)
    ax.set_yticks(ys, [f"{_players_label(int(p), lang)}: {banker_label(str(b), lang)}"
                       for p, b in zip(df["players"], df["banker"], strict=True)])
    ax.xaxis.set_major_formatter(_percent_axis(lang, 1))
    ax.set_xlabel(t("deck.worth_axis", lang))
    ax.set_xlim(0, float((df["worth"] + df["worth_se"]).max()) * 1.45)
    ax.set_title(f"{t('deck.worth_title', lang)}\n{rules.describe(lang)}")
    ax.annotate(textwrap.fill(t("deck.se_note", lang), 110), (0, 0), xycoords="axes fraction",
                xytext=(0, -38), textcoords="offset points", fontsize=8, va="top")
    return fig
