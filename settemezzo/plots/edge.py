"""The banker's edge by variant: grouped horizontal bars, bounds and missing numbers named
in footnotes (`edge_by_variant_chart`)."""

from __future__ import annotations

from typing import Any

import pandas as pd
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from settemezzo.i18n import (
    check_lang,
    describe_rules,
    method_label,
    percent,
    restriction_what,
    t,
)
from settemezzo.plots.style import (
    GREYS,
    HATCHES,
    ChartError,
    chart_title,
    codes_of_spec,
    fig_ax,
    need_columns,
    percent_axis,
    wrap,
)
from settemezzo.rules import from_spec

__all__ = [
    "edge_by_variant_chart",
]


def edge_by_variant_chart(edges: pd.DataFrame, *, ax: Axes | None = None, lang: str = "en",
                          title: str | None = None) -> Figure:
    """Horizontal bars of the banker's edge by variant, sorted (largest on top), each
    labelled with its percentage.

    ``edges`` has columns ``variant`` (label) and ``edge`` (the banker's gain per unit of
    expected stake), optionally ``method`` ('equilibrium', 'threshold:5', ...: several give
    grouped bars with distinct hatches; variants are sorted by the first method's edge) and
    ``exploitability`` (shown as ± when above 1e-6). Rows with no number (NaN edge: a
    variant the exact engine does not solve yet) are named in a footnote. Rows that are only
    a bound (``bound`` True, or a ``rules_spec`` whose game restricts the player,
    `settemezzo.game.restriction_codes`) are labelled "≤ 8.61%", and a footnote says why.
    """
    check_lang(lang)
    df, bound_codes, missing = _edge_frame(edges, lang)
    methods = list(dict.fromkeys(df["method"]))
    first = df[df["method"] == methods[0]].groupby("variant")["edge"].mean()
    mean = df.groupby("variant")["edge"].mean()
    variants = sorted(mean.index, key=lambda v: (float(first.get(v, mean[v])), str(v)))
    height = 0.8 / len(methods)
    fig, ax = fig_ax(ax, (9, 1.2 + 0.42 * len(variants) * max(1, len(methods) * 0.7)))
    lo = min(0.0, float(df["edge"].min()))
    hi = max(0.0, float(df["edge"].max()))
    span = hi - lo or 1.0
    for j, m in enumerate(methods):
        d = df[df["method"] == m].groupby("variant").agg({"edge": "mean", "bound": "max", **(
            {"exploitability": "max"} if "exploitability" in df.columns else {})})
        rows = [(i, v) for i, v in enumerate(variants) if v in d.index]
        ys = [i + ((len(methods) - 1) / 2 - j) * height for i, _ in rows]
        vals = [float(d.loc[v, "edge"]) for _, v in rows]
        texts = [_edge_bar_text(d, v, lang) for _, v in rows]
        bars = ax.barh(ys, vals, height, color=GREYS[(j + 1) % len(GREYS)] if len(methods) > 1
                       else GREYS[1], hatch=HATCHES[j % len(HATCHES)], edgecolor="black",
                       linewidth=0.6, label=method_label(m, lang) if m else None)
        ax.bar_label(bars, labels=texts, fontsize=8, padding=3)
    ax.set_yticks(range(len(variants)), [str(v) for v in variants])
    ax.set_xlim(lo - 0.02 * span - (0.25 * span if lo < 0 else 0), hi + 0.25 * span)
    ax.axvline(0, color="black", linewidth=0.8)
    ax.xaxis.set_major_formatter(percent_axis(lang))
    ax.grid(True, axis="x", color="#dddddd", linewidth=0.8)
    ax.set_axisbelow(True)
    ax.set_xlabel(t("edge_chart.x", lang))
    ax.set_ylabel(t("edge_chart.y", lang))
    subtitle = method_label(methods[0], lang) if len(methods) == 1 and methods[0] else None
    ax.set_title(title if title is not None else chart_title(t("edge_chart.title", lang), "",
                                                             subtitle, lang), fontsize=11)
    if len(methods) > 1 or methods[0]:
        ax.legend(loc="lower right", fontsize=8)
    _edge_notes(ax, bool(df["bound"].any()), bound_codes, missing, lang)
    return fig


def _edge_frame(edges: pd.DataFrame, lang: str
                ) -> tuple[pd.DataFrame, list[str], list[str]]:
    """The edge table's rows with a number, a ``bound`` and a ``method`` column; the
    restriction codes of the bound rows; the variants that have no number at all. Rows with
    a ``rules_spec`` are named in ``lang`` from their rule set (`i18n.describe_rules`)."""
    need_columns(edges, ("variant", "edge"), "the edge table")
    df = edges.copy()
    if "rules_spec" in df.columns:
        df["variant"] = [describe_rules(from_spec(s), lang) if isinstance(s, str) and s else v
                         for s, v in zip(df["rules_spec"], df["variant"], strict=True)]
    codes_by_row = [codes_of_spec(s) for s in
                    (df["rules_spec"] if "rules_spec" in df.columns else [""] * len(df))]
    bound_col = df.get("bound")
    df["bound"] = ([bool(b) and not pd.isna(b) for b in bound_col] if bound_col is not None
                   else [bool(c) for c in codes_by_row])
    bound_codes = [c for b, codes in zip(df["bound"], codes_by_row, strict=True) if b
                   for c in codes]
    if "method" not in df.columns:
        df["method"] = ""
    df["method"] = df["method"].fillna("").astype(str)
    missing = list(dict.fromkeys(str(v) for v, e in zip(df["variant"], df["edge"], strict=True)
                                 if pd.isna(e)))
    df = df[df["edge"].notna()]
    missing = [v for v in missing if v not in set(df["variant"].astype(str))]
    if df.empty:
        raise ChartError("the edge table has no number to draw (every edge is missing)")
    return df, bound_codes, missing


def _edge_bar_text(d: pd.DataFrame, variant: Any, lang: str) -> str:
    """A bar's label: '≤ ' for a bound, the edge, and '± x' for a certificate above 1e-6."""
    text = ("≤ " if bool(d.loc[variant, "bound"]) else "") + percent(
        float(d.loc[variant, "edge"]), lang, 2)
    if "exploitability" in d.columns:
        x = d.loc[variant, "exploitability"]
        if x is not None and not pd.isna(x) and float(x) > 1e-6:
            text += f" ± {percent(float(x), lang, 2)}"
    return text


def _edge_notes(ax: Axes, any_bound: bool, bound_codes: list[str], missing: list[str],
                lang: str) -> None:
    """The footnotes under the edge chart: why some rows are bounds, which have no number."""
    notes = []
    if any_bound:
        what = restriction_what(list(dict.fromkeys(bound_codes)), lang)
        notes.append(t("edge_chart.bound", lang) + (f" ({what})" if what else ""))
    if missing:
        notes.append(t("edge_chart.missing", lang, names=", ".join(missing)))
    if notes:  # below the axis label, whatever the chart's height
        ax.annotate("\n".join(wrap(n, 110) for n in notes), (0.0, 0.0),
                    xycoords="axes fraction", xytext=(0, -42), textcoords="offset points",
                    ha="left", va="top", fontsize=7.5, color="#333333")
