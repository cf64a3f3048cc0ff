"""The banker's charts: its equilibrium play after the player stood (`banker_cells`,
`banker_strategy_chart`) and the chance of each face-down card given what it sees
(`posterior_chart`)."""

from __future__ import annotations

import math
from collections.abc import Mapping

import pandas as pd
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.patches import Patch

from settemezzo.i18n import (
    TEXT,
    check_lang,
    percent,
    points,
    t,
)
from settemezzo.odds import multiset_chance
from settemezzo.plots.style import (
    FADED,
    GREYS,
    HATCH_COLOUR,
    HATCHES,
    STYLE,
    ChartError,
    action_legend,
    action_of,
    card_labels,
    cell_text,
    chart_title,
    draw_cell,
    draw_grid,
    fig_ax,
    half_of_label,
    hole_key,
    need_columns,
    note_width,
    percent_axis,
    restriction_note_of,
    rules_words,
    wrap,
)

__all__ = [
    "banker_cells",
    "banker_strategy_chart",
    "posterior_chart",
]


_BANKER_COLUMNS = ("up", "n_up", "banker", "banker_total_half", "hit_probability",
                   "stood_chance")


def _deck_counts(df: pd.DataFrame) -> dict[str, int]:
    wild = "p_hole_K♦" in df.columns
    counts = {"½": 11 if wild else 12, **{str(v): 4 for v in range(1, 8)}}
    if wild:
        counts["K♦"] = 1
    return counts


def banker_cells(banker_table_df: pd.DataFrame) -> pd.DataFrame:
    """The cells of `banker_strategy_chart`: one row per (player's face-up cards: how many
    and their total; banker's total).

    ``banker_table_df`` is `settemezzo.tables.banker_table` output. Each cell averages the
    banker's chance to hit over the rows behind it (face-up cards in different orders, banker
    hands of different cards), weighted by ``stood_chance`` times the chance of the banker's
    cards from the deck left by the face-up cards. Cells the table leaves out because the
    banker has no real choice are filled in, with ``forced`` True: below every total the
    player can hold (per the posterior's support) the banker must hit, above it, stand.
    Rows where the player shows a wild K♦ face up are left out (its value is the player's
    choice, so the face-up total is not defined).

    Columns: ``n_up``, ``up_total_half``, ``up_total``, ``banker_total_half``,
    ``banker_total``, ``hit_probability``, ``action``, ``forced``, ``weight``.
    """
    need_columns(banker_table_df, _BANKER_COLUMNS, "the banker table")
    deck = _deck_counts(banker_table_df)
    hole_cols = [c for c in banker_table_df.columns if str(c).startswith("p_hole_")]
    acc: dict[tuple[int, int, int], list[float]] = {}
    support: dict[tuple[int, int], set[str]] = {}
    for row in banker_table_df.to_dict("records"):
        up_cards = card_labels(row["up"])
        if "K♦" in up_cards:
            continue  # a face-up wild K♦: the face-up total is the player's choice
        left = dict(deck)
        for x in up_cards:
            left[x] = left.get(x, 0) - 1
        col = (int(row["n_up"]), sum(half_of_label(x) for x in up_cards))
        w = float(row["stood_chance"]) * float(multiset_chance(card_labels(row["banker"]), left))
        a = acc.setdefault((*col, int(row["banker_total_half"])), [0.0, 0.0, 0.0, 0.0])
        a[0] += w
        a[1] += w * float(row["hit_probability"])
        a[2] += float(row["hit_probability"])
        a[3] += 1
        sup = support.setdefault(col, set())
        sup.update(str(c).removeprefix("p_hole_") for c in hole_cols if float(row[c]) > 1e-12)
    records = []
    for (n_up, up, bt), (w, hw, plain, n) in acc.items():
        p = hw / w if w > 0 else plain / n  # no weight: a plain mean
        records.append({"n_up": n_up, "up_total_half": up, "banker_total_half": bt,
                        "hit_probability": p, "forced": False, "weight": w})
    low = min(int(v) for v in banker_table_df["banker_total_half"])
    for (n_up, up), holes in support.items():
        # a face-down wild K♦ takes its best value, as the engine scores it
        wild = max(up + v for v in (1, 2, 4, 6, 8, 10, 12, 14) if up + v <= 15)
        totals = [wild if h == "K♦" else up + half_of_label(h) for h in holes]
        totals = [x for x in totals if x < 15]
        if not totals:
            continue
        lo, hi = min(totals), max(totals)
        for bt in range(low, 15):
            if (n_up, up, bt) in acc:
                continue
            if bt < lo or bt > hi:
                records.append({"n_up": n_up, "up_total_half": up, "banker_total_half": bt,
                                "hit_probability": 1.0 if bt < lo else 0.0, "forced": True,
                                "weight": 0.0})
    df = pd.DataFrame.from_records(records)
    df["up_total"] = [points(u) if u else "0" for u in df["up_total_half"]]
    df["banker_total"] = [points(b) for b in df["banker_total_half"]]
    df["action"] = [action_of(float(p)) for p in df["hit_probability"]]
    df = df.sort_values(["n_up", "up_total_half", "banker_total_half"], ignore_index=True)
    return df[["n_up", "up_total_half", "up_total", "banker_total_half", "banker_total",
               "hit_probability", "action", "forced", "weight"]]


def banker_strategy_chart(banker_table_df: pd.DataFrame, *, ax: Axes | None = None,
                          lang: str = "en", title: str | None = None) -> Figure:
    """The equilibrium banker after the player stood: rows the banker's total, columns what
    it sees of the player (how many face-up cards, and their total); each cell the banker's
    chance to hit, coloured and hatched as stand / hit / mixed (aggregated as
    `banker_cells` explains; faded cells are forced plays)."""
    check_lang(lang)
    cells = banker_cells(banker_table_df)
    columns = sorted({(int(n), int(u)) for n, u in zip(cells["n_up"], cells["up_total_half"],
                                                        strict=True)})
    rows = sorted({int(b) for b in cells["banker_total_half"]})
    fig, ax = fig_ax(ax, (max(8.0, 0.55 * len(columns) + 2.5), 0.5 * len(rows) + 2.8))
    for c in cells.to_dict("records"):
        x = columns.index((int(c["n_up"]), int(c["up_total_half"])))
        y = rows.index(int(c["banker_total_half"]))
        forced = bool(c["forced"])
        draw_cell(ax, x, y, str(c["action"]), alpha=FADED if forced else 1.0)
        cell_text(ax, x, y, percent(float(c["hit_probability"]), lang, 0), size=7,
                  colour="#777777" if forced else "black")
    draw_grid(ax, len(columns), len(rows))
    ax.set_xlim(-0.5, len(columns) - 0.5)
    ax.set_ylim(len(rows) - 0.5, -0.5)
    ax.set_xticks(range(len(columns)), ["—" if n == 0 else points(u) for n, u in columns])
    ax.set_yticks(range(len(rows)), [points(b) for b in rows])
    ax.tick_params(length=0)
    for side in ("top", "right", "bottom", "left"):
        ax.spines[side].set_visible(False)
    groups: dict[int, list[int]] = {}
    for i, (n, _u) in enumerate(columns):
        groups.setdefault(n, []).append(i)
    for n, xs in groups.items():
        key = f"banker_chart.n_up_{n}"
        name = t(key, lang) if key in TEXT else t("banker_chart.n_up_n", lang, n=n)
        ax.text((xs[0] + xs[-1]) / 2, -0.62, name, ha="center", va="bottom", fontsize=9,
                fontweight="bold")
        if xs[0] > 0:
            ax.axvline(xs[0] - 0.5, color="black", linewidth=2, zorder=3)
    ax.set_xlabel(t("banker_chart.player_up", lang))
    ax.set_ylabel(t("banker_chart.total", lang))
    rules = rules_words(banker_table_df, lang)
    note = restriction_note_of(banker_table_df, lang, "banker")
    width = note_width(ax)
    ax.set_title(chart_title(title, "", None, lang, note, width) if title is not None else
                 chart_title(t("banker_chart.title", lang), rules,
                             t("banker_chart.against_equilibrium_player", lang), lang, note, width),
                 fontsize=11, pad=22)
    faded = Patch(facecolor=STYLE["hit"]["face"], hatch=STYLE["hit"]["hatch"],
                  edgecolor=HATCH_COLOUR, alpha=FADED, label=t("banker_chart.no_choice", lang))
    action_legend(ax, lang, "upper left", [faded], anchor=(1.01, 1.0))
    ax.text(1.01, 0.0, wrap(t("banker_chart.note", lang, low=points(rows[0])), 30),
            transform=ax.transAxes, ha="left", va="bottom", fontsize=7.5, color="#333333")
    return fig


def posterior_chart(posterior: Mapping[str, float], *, ax: Axes | None = None,
                    lang: str = "en", title: str | None = None) -> Figure:
    """Bars of the chance of each face-down card ('½', '1', ... '7', and 'K♦' when wild)
    given what the banker has seen, each labelled with its percentage."""
    check_lang(lang)
    if not isinstance(posterior, Mapping) or not posterior:
        raise ChartError(f"posterior must be a non-empty mapping card -> chance, got "
                         f"{posterior!r}")
    keys = sorted((str(k) for k in posterior), key=hole_key)
    values = []
    for k in keys:
        v = float(posterior[k])
        if not 0 <= v <= 1 + 1e-9 or math.isnan(v):
            raise ChartError(f"posterior[{k!r}] = {posterior[k]!r} is not a probability")
        values.append(v)
    fig, ax = fig_ax(ax, (7, 4.4))
    bars = ax.bar(range(len(keys)), values, 0.7, color=GREYS[1], hatch=HATCHES[1],
                  edgecolor="black", linewidth=0.6)
    ax.bar_label(bars, labels=[percent(v, lang, 0) for v in values], fontsize=8.5, padding=2)
    ax.set_xticks(range(len(keys)), keys)
    ax.set_ylim(0, max(values) * 1.18 + 0.02)
    ax.yaxis.set_major_formatter(percent_axis(lang))
    ax.grid(True, axis="y", color="#dddddd", linewidth=0.8)
    ax.set_axisbelow(True)
    ax.set_xlabel(t("posterior_chart.x", lang))
    ax.set_ylabel(t("chart.probability", lang))
    ax.set_title(title if title is not None else t("posterior_chart.title", lang), fontsize=11)
    return fig
