"""Charts of exact odds and expected values: the chance one more card busts
(`bust_chance_chart` over `settemezzo.tables.bust_chance_data`), the banker's final total
under a rule of thumb (`banker_final_data`, `banker_final_distribution_chart`), and the
value of standing against hitting (`ev_data`, `ev_chart`).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import pandas as pd
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.patches import Patch
from matplotlib.ticker import FuncFormatter

from settemezzo.cards import Unseen
from settemezzo.i18n import (
    check_lang,
    describe_rules,
    number,
    percent,
    points,
    policy_label,
    score_label,
    t,
)
from settemezzo.odds import final_distribution
from settemezzo.plots.strategy import PLAYER_COLUMNS, hit_share, row_weight, stake_of
from settemezzo.plots.style import (
    GREYS,
    HATCH_COLOUR,
    HATCHES,
    STYLE,
    ChartError,
    chart_title,
    fig_ax,
    need_columns,
    note_width,
    percent_axis,
    restriction_note_of,
    rules_words,
    wrap,
)
from settemezzo.policy import parse_threshold
from settemezzo.rules import ITALIAN, Rules
from settemezzo.tables import bust_chance_data

__all__ = [
    "banker_final_data",
    "banker_final_distribution_chart",
    "bust_chance_chart",
    "ev_chart",
    "ev_data",
]


def bust_chance_chart(rules: Rules = ITALIAN, *, ax: Axes | None = None,
                      lang: str = "en") -> Figure:
    """The exact chance that one more card busts, by total: a hand of one face-down card of
    each value, and the two-card hands of each total (see `bust_chance_data`)."""
    check_lang(lang)
    data = bust_chance_data(rules)
    fig, ax = fig_ax(ax, (9, 5.2))
    styles: dict[str, dict[str, Any]] = {
        "one_card": {"marker": "o", "linestyle": "-", "color": "#252525",
                     "markerfacecolor": "#252525", "markersize": 7},
        "two_cards": {"marker": "s", "linestyle": "--", "color": "#7f7f7f",
                      "markerfacecolor": "white", "markersize": 6}}
    for series, style in styles.items():
        d = data[data["series"] == series]
        xs = [h / 2 for h in d["total_half"]]
        ax.plot(xs, list(d["bust"]), label=t(f"bust_chart.{series}", lang), linewidth=1.6, **style)
        if series == "one_card":
            for x, y in zip(xs, d["bust"], strict=True):
                ax.annotate(percent(float(y), lang, 0), (x, float(y)), textcoords="offset points",
                            xytext=(-4, 8), ha="right", fontsize=8.5, color="#252525")
    ax.set_xticks([h / 2 for h in range(1, 15)], [points(h) for h in range(1, 15)])
    ax.set_xlim(0.2, 7.3)
    ax.set_ylim(0, 1)
    ax.yaxis.set_major_formatter(percent_axis(lang))
    ax.grid(True, axis="y", color="#dddddd", linewidth=0.8)
    ax.set_axisbelow(True)
    ax.set_xlabel(t("bust_chart.x", lang))
    ax.set_ylabel(t("bust_chart.y", lang))
    ax.set_title(chart_title(t("bust_chart.title", lang), describe_rules(rules, lang),
                             t("bust_chart.no_opponent", lang), lang), fontsize=11)
    ax.legend(loc="upper left", fontsize=9)
    return fig


def banker_final_data(rules: Rules = ITALIAN,
                      thresholds: Sequence[int | float | str] = (4, 5, 6),
                      lang: str = "en") -> pd.DataFrame:
    """The exact distribution of the banker's final total from a fresh deck, hitting below
    each threshold (`settemezzo.odds.final_distribution`). Columns: ``threshold`` (points),
    ``threshold_half``, ``score`` (0 bust, 1..15 a total, 16 royal, 17 pair of sevens),
    ``outcome`` (label in ``lang``), ``probability``, ``probability_exact``."""
    check_lang(lang)
    if not thresholds:
        raise ChartError("thresholds is empty: name at least one, e.g. (5,)")
    records = []
    for k in thresholds:
        half = parse_threshold(k)
        dist = final_distribution((), Unseen.full(), rules, Fraction(half, 2))
        for s, p in sorted(dist.items()):
            records.append({"threshold": points(half), "threshold_half": half, "score": s,
                            "outcome": score_label(s, lang), "probability": float(p),
                            "probability_exact": str(p)})
    return pd.DataFrame.from_records(records)


def banker_final_distribution_chart(rules: Rules = ITALIAN,
                                    thresholds: Sequence[int | float | str] = (4, 5, 6), *,
                                    ax: Axes | None = None, lang: str = "en") -> Figure:
    """The distribution of the banker's final total (bust, ½ .. 7½) drawing from a fresh
    deck and hitting below each threshold: grouped bars, one grey and hatch per threshold,
    each labelled with its percentage."""
    check_lang(lang)
    data = banker_final_data(rules, thresholds, lang)
    scores = sorted(set(int(s) for s in data["score"]))
    ks = list(dict.fromkeys(int(h) for h in data["threshold_half"]))
    fig, ax = fig_ax(ax, (max(9.0, 0.9 * len(scores) + 2), 5.4))
    width = 0.84 / len(ks)
    for j, k in enumerate(ks):
        d = data[data["threshold_half"] == k]
        probs = dict(zip((int(s) for s in d["score"]), (float(p) for p in d["probability"]),
                         strict=True))
        xs = [i + (j - (len(ks) - 1) / 2) * width for i in range(len(scores))]
        ys = [probs.get(s, 0.0) for s in scores]
        bars = ax.bar(xs, ys, width, label=t("final_chart.hits_below", lang, k=points(k)),
                      color=GREYS[j % len(GREYS)], hatch=HATCHES[j % len(HATCHES)],
                      edgecolor="black", linewidth=0.6)
        ax.bar_label(bars, labels=[percent(y, lang, 0) if y >= 0.005 else "" for y in ys],
                     fontsize=7, padding=2, rotation=90)
    ax.set_xticks(range(len(scores)), [score_label(s, lang) for s in scores])
    top = float(data["probability"].max())
    ax.set_ylim(0, top * 1.18 + 0.02)
    ax.yaxis.set_major_formatter(percent_axis(lang))
    ax.grid(True, axis="y", color="#dddddd", linewidth=0.8)
    ax.set_axisbelow(True)
    ax.set_xlabel(t("final_chart.x", lang))
    ax.set_ylabel(t("chart.probability", lang))
    names = [points(k) for k in ks]
    ks_text = names[0] if len(names) == 1 else (
        f"{', '.join(names[:-1])} {t('word.or', lang)} {names[-1]}")
    ax.set_title(chart_title(t("final_chart.title", lang), describe_rules(rules, lang),
                             t("final_chart.banker_policies", lang, ks=ks_text), lang), fontsize=11)
    ax.legend(loc="upper right", fontsize=9)
    return fig


def ev_data(table: pd.DataFrame) -> pd.DataFrame:
    """Expected value of standing and of hitting by the hand's total, from
    `settemezzo.tables.player_table`: each a mean over every hand state with that total,
    weighted by ``deal_chance`` × ``chart_reach`` (how often the player holds it; rows of
    weight 0 left out), per unit stake (see `strategy_cells`). Columns: ``total_half``,
    ``total``, ``stand_ev``, ``hit_ev``, ``hit_share`` (as `strategy_cells`), ``states``."""
    need_columns(table, (*PLAYER_COLUMNS, "total_half", "stand_ev", "hit_ev"),
                 "the player table")
    acc: dict[int, list[float]] = {}
    for row in table.to_dict("records"):
        w = row_weight(row)
        if w <= 0:
            continue
        a = acc.setdefault(int(row["total_half"]), [0.0, 0.0, 0.0, 0.0, 0.0])
        a[0] += w
        a[1] += w * float(row["stand_ev"]) / stake_of(row)
        a[2] += w * float(row["hit_ev"]) / stake_of(row)
        a[3] += w * hit_share(row)
        a[4] += 1
    records = [{"total_half": k, "total": points(k), "stand_ev": s / w, "hit_ev": h / w,
                "hit_share": hs / w, "states": int(n)}
               for k, (w, s, h, hs, n) in sorted(acc.items()) if w > 0]
    return pd.DataFrame.from_records(records)


def ev_chart(table: pd.DataFrame, *, ax: Axes | None = None, lang: str = "en") -> Figure:
    """Expected value of standing now against hitting (then playing on well), by the hand's
    total, from `settemezzo.tables.player_table` (averaged as `ev_data` explains)."""
    check_lang(lang)
    data = ev_data(table)
    fig, ax = fig_ax(ax, (9, 5.2))
    xs = [h / 2 for h in data["total_half"]]
    ax.axhline(0, color="black", linewidth=0.8)
    ax.plot(xs, list(data["stand_ev"]), marker="o", linestyle="-", color="#252525",
            linewidth=1.8, label=t("ev_chart.stand", lang))
    ax.plot(xs, list(data["hit_ev"]), marker="s", linestyle="--", color="#7f7f7f",
            markerfacecolor="white", linewidth=1.8, label=t("ev_chart.hit", lang))
    hit_better = [h > s + 0.005 for s, h in zip(data["stand_ev"], data["hit_ev"], strict=True)]
    for x, better in zip(xs, hit_better, strict=True):
        if better:
            ax.axvspan(x - 0.25, x + 0.25, facecolor=STYLE["hit"]["face"], alpha=0.25,
                       hatch=STYLE["hit"]["hatch"], edgecolor=HATCH_COLOUR, linewidth=0)
    handles, labels = ax.get_legend_handles_labels()
    handles.append(Patch(facecolor=STYLE["hit"]["face"], alpha=0.25,
                         hatch=STYLE["hit"]["hatch"], edgecolor=HATCH_COLOUR))
    labels.append(t("ev_chart.hit_better", lang))
    ax.legend(handles, labels, loc="upper left", fontsize=9)
    ax.set_xticks([h / 2 for h in range(1, 15)], [points(h) for h in range(1, 15)])
    ax.set_xlim(0.2, 7.3)
    ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _p: number(v, lang, 1, sign=v != 0)))
    ax.grid(True, axis="y", color="#dddddd", linewidth=0.8)
    ax.set_axisbelow(True)
    ax.set_xlabel(t("ev_chart.x", lang))
    ax.set_ylabel(t("ev_chart.y", lang))
    against = str(table.attrs.get("against", ""))
    policy = t("policy.against", lang, policy=policy_label(against, lang)) if against else None
    ax.set_title(chart_title(t("ev_chart.title", lang), rules_words(table, lang), policy, lang,
                             restriction_note_of(table, lang, "value"), note_width(ax)),
                 fontsize=11)
    ax.text(0.6, 0.97, wrap(t("ev_chart.note", lang), 60), transform=ax.transAxes, ha="center",
            va="top", fontsize=7.5, color="#333333",
            bbox={"boxstyle": "round,pad=0.3", "facecolor": "white", "edgecolor": "none"})
    return fig
