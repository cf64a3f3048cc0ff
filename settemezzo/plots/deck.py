"""Charts of playing the deck down: they draw what `settemezzo.deck.down` returns.

- `worth_chart`: what remembering is worth, by banker and number of players, with standard
  errors;
- `count_chart`: the banker's edge against the count (`settemezzo.deck.down.Count`);
- `count_card_chart`: the decisions that flip with the count, as a printable card.
"""

from __future__ import annotations

import textwrap

import pandas as pd
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from settemezzo.i18n import banker_words, check_lang, describe_rules, number_range, percent, t
from settemezzo.plots.style import GREYS, HATCHES, ChartError, fig_ax, percent_axis
from settemezzo.rules import ITALIAN, Rules

__all__ = ["count_card_chart", "count_chart", "worth_chart"]


def _players_label(n: int, lang: str) -> str:
    return t("deck.heads_up", lang) if n == 1 else t("deck.players", lang, n=n)


def worth_chart(summary: pd.DataFrame, rules: Rules = ITALIAN, *,
                ax: Axes | None = None, lang: str = "en") -> Figure:
    """Horizontal bars: the worth of remembering per unit stake for each (players, banker)
    row of ``summary`` (`settemezzo.deck.down.DeckDown.summary`), ± one standard error."""
    check_lang(lang)
    need = {"players", "banker", "worth", "worth_se"}
    if not need <= set(summary.columns) or summary.empty:
        raise ChartError(f"the deck-down summary needs rows with columns {sorted(need)}, got "
                         f"{list(summary.columns)!r}")
    df = summary.reset_index(drop=True)
    fig, ax = fig_ax(ax, (9, 1.8 + 0.55 * len(df)))
    ys = list(range(len(df)))[::-1]
    hatch = {b: HATCHES[i % len(HATCHES)] for i, b in enumerate(dict.fromkeys(df["banker"]))}
    bars = ax.barh(ys, df["worth"], 0.6, xerr=df["worth_se"], capsize=4,
                   color=[GREYS[1 + (p > 1)] for p in df["players"]],
                   hatch=[hatch[b] for b in df["banker"]], edgecolor="black", linewidth=0.6)
    ax.bar_label(bars, labels=[f"{percent(w, lang, 2)} ± {percent(s, lang, 2)}"
                               for w, s in zip(df["worth"], df["worth_se"], strict=True)],
                 fontsize=8, padding=6)
    ax.set_yticks(ys, [f"{_players_label(int(p), lang)}: "
                       f"{banker_words(str(b), 'deck.banker_', lang)}"
                       for p, b in zip(df["players"], df["banker"], strict=True)])
    ax.xaxis.set_major_formatter(percent_axis(lang, 2))  # ticks at 0.25 %: two decimals
    ax.set_xlabel(t("deck.worth_axis", lang))
    ax.set_xlim(0, float((df["worth"] + df["worth_se"]).max()) * 1.45)
    ax.set_title(f"{t('deck.worth_title', lang)}\n{describe_rules(rules, lang)}")
    note = t("deck.se_note", lang)
    if "unplayed" in df.columns:  # the end of each deck (settemezzo.deck.down's docstring)
        note += " " + t("deck.unplayed_note", lang, n=number_range(df["unplayed"], lang))
    ax.annotate(textwrap.fill(note, 85), (0, 0), xycoords="axes fraction",
                xytext=(0, -38), textcoords="offset points", fontsize=8, va="top")
    return fig


def count_chart(points: pd.DataFrame, means: pd.DataFrame, rule: str, capture: float | None,
                rules: Rules = ITALIAN, *, capture_se: float | None = None,
                ax: Axes | None = None, lang: str = "en") -> Figure:
    """The banker's edge against the player who remembers, against the count per 10 cards
    left: each hand a dot, each count bucket its mean ± one standard error
    (`settemezzo.deck.count.edge_by_count`); ``capture``: the share of the worth of
    remembering the count keeps (`settemezzo.deck.count.CountStudy.capture`), ± ``capture_se``."""
    check_lang(lang)
    for df, cols in ((points, {"index", "edge"}), (means, {"index", "edge", "se"})):
        if not cols <= set(df.columns) or df.empty:
            raise ChartError(f"the count chart needs rows with columns {sorted(cols)}, got "
                             f"{list(df.columns)!r}")
    fig, ax = fig_ax(ax, (8, 5))
    ax.scatter(points["index"], points["edge"], s=10, color=GREYS[2], alpha=0.6,
               label=t("deck.hands", lang))
    ax.errorbar(means["index"], means["edge"], yerr=means["se"].fillna(0), color="black",
                marker="s", capsize=4, linewidth=1.5, label=t("deck.mean", lang))
    ax.yaxis.set_major_formatter(percent_axis(lang, 0))
    ax.set_xlabel(t("deck.count_axis", lang, rule=rule))
    ax.set_ylabel(t("deck.edge_axis", lang))
    ax.set_title(f"{t('deck.count_title', lang)}\n{describe_rules(rules, lang)}")
    ax.grid(True, color=GREYS[1], linewidth=0.5)
    ax.legend(loc="best", fontsize=8)
    if capture is not None:
        share = percent(capture, lang, 0) + (f" ± {percent(capture_se, lang, 0)}"
                                             if capture_se is not None else "")
        ax.annotate(textwrap.fill(t("deck.count_note", lang, share=share), 100), (0, 0),
                    xycoords="axes fraction", xytext=(0, -48), textcoords="offset points",
                    fontsize=8, va="top")
    return fig


def count_card_chart(card: pd.DataFrame, rule: str, rules: Rules = ITALIAN, *,
                     lang: str = "en") -> Figure:
    """The printable counting card (`settemezzo.deck.count.count_card`): the count's rule,
    then one row per decision that flips, its play on a fresh deck and at each count."""
    check_lang(lang)
    buckets = [c for c in card.columns if c[:1] in "+-" and c[1:].isdigit()]
    if not {"hand", "full_deck"} <= set(card.columns) or not buckets:
        raise ChartError(f"the counting card needs the columns of deckcount.count_card, got "
                         f"{list(card.columns)!r}")
    word = {"hit": t("chart.hit_short", lang), "stand": t("chart.stand_short", lang)}
    fig = Figure(figsize=(8.27, 2.2 + 0.32 * max(len(card), 1)))
    ax = fig.add_subplot()
    ax.axis("off")
    ax.set_title(f"{t('deck.card_title', lang)} - {describe_rules(rules, lang)}\n"
                 f"{textwrap.fill(t('deck.card_rule', lang, rule=rule), 90)}", fontsize=10)
    if card.empty:
        ax.text(0.5, 0.5, t("deck.card_none", lang), ha="center", va="center")
        return fig
    cells = [[str(r["hand"]), word[str(r["full_deck"])], *(word[str(r[b])] for b in buckets)]
             for _, r in card.iterrows()]
    table = ax.table(cellText=cells, colLabels=[t("deck.card_hand", lang),
                                                t("deck.card_full", lang), *buckets],
                     loc="center", cellLoc="center")
    table.auto_set_font_size(False)
    table.set_fontsize(9)
    for (i, j), cell in table.get_celld().items():
        if i > 0 and j >= 2 and cells[i - 1][j] != cells[i - 1][1]:
            cell.set_facecolor(GREYS[1])  # the play differs from the fresh deck's
            cell.get_text().set_fontweight("bold")
    return fig
