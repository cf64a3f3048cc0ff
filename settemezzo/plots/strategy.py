"""The player's strategy chart: the best play by face-down card and face-up total.

The cells come from `strategy_cells` (and the stake per first card from `stake_cells`);
the weights of a player table's rows (`row_weight`, `hit_share`, `stake_of`) are shared
with the EV chart (`settemezzo.plots.odds`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import pandas as pd
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from settemezzo.i18n import (
    check_lang,
    percent,
    points,
    policy_label,
    t,
)
from settemezzo.plots.style import (
    PURE_SHARE,
    ChartError,
    action_legend,
    action_of,
    card_labels,
    cell_text,
    chart_title,
    draw_cell,
    draw_grid,
    fig_ax,
    figure_of,
    hole_key,
    margin_text,
    need_columns,
    note_width,
    restriction_note_of,
    rules_words,
    up_half,
    wrap,
)
from settemezzo.rows import TIE  # two values closer than this are equal: one owner

__all__ = [
    "PLAYER_COLUMNS",
    "hit_share",
    "row_weight",
    "split_text",
    "stake_cells",
    "stake_of",
    "stake_text",
    "strategy_cells",
    "strategy_chart",
    "swap_text",
]


PLAYER_COLUMNS = ("hole", "up", "deal_chance", "best", "margin")
"""The columns of a `settemezzo.tables.player_table` every player chart reads."""


def hit_share(row: Mapping[Any, Any]) -> float:
    """The chance of hitting in one hand state: 1 or 0 by the best play; the equilibrium's
    frequency where it randomises, or where both plays are worth the same (a tie)."""
    freq = row.get("hit_frequency")
    has_freq = freq is not None and not (isinstance(freq, float) and math.isnan(freq))
    if has_freq and (row["best"] == "mixed" or abs(float(row["margin"])) < TIE):
        return min(1.0, max(0.0, float(freq)))  # type: ignore[arg-type]
    return 1.0 if row["best"] == "hit" else 0.0


def stake_of(row: Mapping[Any, Any]) -> float:
    """The chips staked on a hand state (``stake`` column, when the stake is chosen after
    the first card), so that values read per unit stake; 1 without that column."""
    stake = row.get("stake")
    if stake is None or (isinstance(stake, float) and math.isnan(stake)) or not stake:
        return 1.0
    return float(stake)


def row_weight(row: Mapping[Any, Any]) -> float:
    """How much a row of a player table counts in a chart: ``deal_chance`` times
    ``chart_reach`` (how often the player's own choices get there, see
    `settemezzo.tables.player_table`; tables without it, e.g. old CSVs: ``deal_chance``)."""
    w = float(row["deal_chance"])
    reach = row.get("chart_reach")
    if reach is None or (isinstance(reach, float) and math.isnan(reach)):
        return w
    return w * float(reach)


def strategy_cells(table: pd.DataFrame) -> pd.DataFrame:
    """The cells of `strategy_chart`: one row per (face-down card, face-up total).

    ``table`` is `settemezzo.tables.player_table` output. Several hand states share a cell
    (face-up 1 then 3, or 3 then 1, or ½ ½ 3 all total 4; under a stake chosen after the
    first card, the same cards at each stake; after a swap, the new face-down card with the
    turned-up one counted face up): each state's chance of hitting (1 or 0 by its best
    play; the equilibrium's frequency where it randomises or where both plays are worth the
    same) is averaged with weights ``deal_chance`` × ``chart_reach``: how often the cards
    come in that order, times how often the player's own choices (stake, swap, burning,
    splitting, earlier hits) get there - so a cell shows what the player does in the hands
    it actually holds. Rows of weight 0 (a stake the player never picks, a hand only reached
    through a swap it never makes) are left out; a hand behind one of the player's own
    stands counts as if it had hit (``chart_reach``), so the "what if I hit" cells stay.
    The cell's action is ``hit`` if at least 99% of its weight hits, ``stand`` if at most 1%
    does, else ``mixed`` (the equilibrium randomises, or the best play depends on which
    cards make up the total). ``margin`` is the same weighted mean of EV(hit) - EV(stand),
    per unit stake (divided by the ``stake`` column where the stake is chosen after the
    first card). Tables without ``chart_reach`` are weighted by ``deal_chance`` alone.

    Columns: ``hole``, ``up_total_half``, ``up_total`` (points), ``action``, ``hit_share``,
    ``margin``, ``weight`` (summed weight), ``states`` (how many hand states).

    Hands with a face-up wild K♦ are left out (its value, hence the face-up total, is the
    player's choice); a face-down K♦ has its own row.
    """
    need_columns(table, PLAYER_COLUMNS, "the player table")
    acc: dict[tuple[str, int], list[float]] = {}
    for row in table.to_dict("records"):
        if "K♦" in card_labels(row["up"]):
            continue
        w = row_weight(row)
        if w <= 0:
            continue
        key = (str(row["hole"]), up_half(row["up"]))
        a = acc.setdefault(key, [0.0, 0.0, 0.0, 0.0])
        a[0] += w
        a[1] += w * hit_share(row)
        a[2] += w * float(row["margin"]) / stake_of(row)
        a[3] += 1
    if not acc:
        raise ChartError("the player table has no hand the player reaches (every "
                         "deal_chance × chart_reach is 0)")
    records = []
    for (hole, up), (w, hw, mw, n) in sorted(acc.items(),
                                             key=lambda kv: (hole_key(kv[0][0]), kv[0][1])):
        share = hw / w
        records.append({"hole": hole, "up_total_half": up, "up_total": points(up) if up else "0",
                        "action": action_of(share), "hit_share": share,
                        "margin": mw / w, "weight": w, "states": int(n)})
    return pd.DataFrame.from_records(records)


def stake_cells(table: pd.DataFrame) -> pd.DataFrame:
    """The stake the player picks for each first card, when it chooses its stake after
    seeing it (a `settemezzo.tables.player_table` with ``stake`` and ``own_reach``): one
    row per (first card, stake) with ``frequency`` the chance it picks that stake holding
    that card (the stakes of a card sum to 1; 0 rows left out). Under burning too, the
    first card is the one dealt first (burnt or kept). Empty when the table has no stake
    choice (one stake, or no ``stake``/``own_reach`` column).

    Columns: ``first_card``, ``stake``, ``frequency``.
    """
    cols = ("hole", "n_up", "stake", "own_reach")
    if not all(c in table.columns for c in cols) or table["stake"].nunique() < 2:
        return pd.DataFrame({"first_card": [], "stake": [], "frequency": []})
    first = table[table["n_up"] == 0]
    if "swapped" in first.columns:
        first = first[first["swapped"].fillna("") == ""]
    burnt = (first["burnt"].fillna("").astype(str) if "burnt" in first.columns
             else pd.Series([""] * len(first), index=first.index))
    # a burnt card's rows share the stake and burn choices, whatever the new card: max
    frame = pd.DataFrame({"first_card": [b or str(h) for b, h in zip(burnt, first["hole"],
                                                                     strict=True)],
                          "burnt": burnt != "", "stake": first["stake"].astype(int),
                          "own": first["own_reach"].astype(float)})
    per = frame.groupby(["first_card", "stake", "burnt"])["own"].max().groupby(
        level=["first_card", "stake"]).sum().reset_index()
    total = per.groupby("first_card")["own"].transform("sum")
    per["frequency"] = per["own"] / total.where(total > 0, 1.0)
    per = per[per["frequency"] > PURE_SHARE / 100]
    per = per.assign(key=[hole_key(c) for c in per["first_card"]]).sort_values(
        ["key", "stake"])
    return per[["first_card", "stake", "frequency"]].reset_index(drop=True)


def stake_text(table: pd.DataFrame, lang: str) -> str:
    """One line naming the stake the player picks per first card ("" without a choice):
    first cards with the same choice share a clause."""
    cells = stake_cells(table)
    if cells.empty:
        return ""
    by_card: dict[str, str] = {}
    for card, d in cells.groupby("first_card", sort=False):
        if len(d) == 1:
            by_card[str(card)] = t("word.chips", lang, n=int(d["stake"].iloc[0]))
        else:
            by_card[str(card)] = f" {t('word.or', lang)} ".join(
                f"{int(k)} ({percent(float(f), lang, 0)})"
                for k, f in zip(d["stake"], d["frequency"], strict=True))
    groups: dict[str, list[str]] = {}
    for card in sorted(by_card, key=hole_key):
        groups.setdefault(by_card[card], []).append(card)
    clauses = [t("strategy_chart.stake_first", lang, cards=", ".join(cards), stakes=choice)
               for choice, cards in groups.items()]
    against = str(table.attrs.get("against", "")).strip().lower()
    who = t("strategy_chart.stake_who_" + ("equilibrium" if against == "equilibrium" else "reply"),
            lang)
    return t("strategy_chart.stake_line", lang, who=who, stakes="; ".join(clauses))


NOTE_SIZE = 7.5
"""The points of the chart's note."""


def _corner_note(ax: Axes, cells: pd.DataFrame, holes: list[str], n_cols: int,
                 how: str) -> None:
    """The note in the lower-right block that no cell of the lower half reaches: it starts
    right of the last cell of those rows, at the top of the half, wrapped to the free
    width (a long language's note stays off the cells)."""
    top = len(holes) // 2
    lower = [int(u) for h, u in zip(cells["hole"], cells["up_total_half"], strict=True)
             if holes.index(str(h)) >= top]
    first_free = max(lower) + 1 if lower else 0
    inches = ax.get_position().width * figure_of(ax).get_size_inches()[0]
    column = inches * 72 / n_cols                       # a column's width in points
    chars = int(column * (n_cols - first_free - 0.3) / (0.56 * NOTE_SIZE))
    ax.text(first_free - 0.35, top - 0.4, wrap(how, max(20, chars)), ha="left", va="top",
            fontsize=NOTE_SIZE, color="#333333")


def split_text(table: pd.DataFrame, lang: str) -> str:
    """Under split figures, what the chart says of two figures: split (the face-down ½
    with a face-up ½ is then a hand the player never holds: its cell is blank, and this
    says why) or played on as one hand ("" when the rules split no figures)."""
    spec = table.attrs.get("rules_spec")
    if not spec or "up" not in table.columns:
        return ""
    from settemezzo.rules import from_spec

    if from_spec(str(spec)).split_figures < 2:
        return ""
    cells = strategy_cells(table)
    two = cells[(cells["hole"].astype(str) == "½") & (cells["up_total_half"] == 1)]
    return t("strategy_chart.split_blank" if two.empty else "strategy_chart.split_kept", lang)


def swap_text(table: pd.DataFrame, lang: str) -> str:
    """Under the swap, the first cards the player swaps (the face-down card turned up, a
    new one dealt face down), each with how often where it mixes ("" when it never swaps
    a first card, or the table has no swap columns)."""
    cols = ("hole", "n_up", "swap_frequency", "own_reach")
    if not all(c in table.columns for c in cols):
        return ""
    first = table[(table["n_up"] == 0) & (table["own_reach"].astype(float) > 0)]
    if "swapped" in first.columns:
        first = first[first["swapped"].fillna("") == ""]
    if "burnt" in first.columns:
        first = first[first["burnt"].fillna("").astype(str) == ""]
    by_card: dict[str, float] = {}
    for hole, d in first.groupby("hole", sort=False):
        w = d["own_reach"].astype(float)
        by_card[str(hole)] = float((d["swap_frequency"].fillna(0.0).astype(float) * w).sum()
                                   / w.sum())
    cards = [c if f >= 1 - PURE_SHARE else f"{c} ({percent(f, lang, 0)})"
             for c, f in sorted(by_card.items(), key=lambda kv: hole_key(kv[0]))
             if f > PURE_SHARE]
    if not cards:
        return ""
    return t("strategy_chart.swap_line", lang, cards=", ".join(cards))


def strategy_chart(table: pd.DataFrame, *, ax: Axes | None = None, lang: str = "en",
                   title: str | None = None, note_below: bool = True) -> Figure:
    """The player's strategy: rows the face-down card, columns the face-up total.

    Each cell is the best play (stand, hit, or mixed with its hitting frequency), coloured
    and hatched, with the expected-value margin EV(hit) - EV(stand) in stakes. Cells
    aggregate the hand states with the same face-down card and face-up total as
    `strategy_cells` explains (weights: how often the player holds each hand). ``table`` is
    `settemezzo.tables.player_table` output; its ``attrs`` name the rules and the banker.

    Under a stake chosen after the first card the note names the stake the player picks
    for each first card (`stake_cells`). The legend and the note go in the empty lower
    right corner when there is room, else below the chart; ``note_below=False`` leaves the
    note out there (a caller with no room below, as `handout_page`, which prints the stake
    line itself).
    """
    check_lang(lang)
    cells = strategy_cells(table)
    holes = sorted(set(cells["hole"]), key=hole_key)
    n_cols = int(cells["up_total_half"].max()) + 1
    fig, ax = fig_ax(ax, (11, 5.6))
    for c in cells.to_dict("records"):
        x, y = int(c["up_total_half"]), holes.index(str(c["hole"]))
        draw_cell(ax, x, y, str(c["action"]))
        m = margin_text(float(c["margin"]), lang)
        if c["action"] == "mixed":
            head = f"{t('chart.hit_short', lang)} {percent(float(c['hit_share']), lang, 0)}"
        else:
            head = t(f"chart.{c['action']}_short", lang)
        cell_text(ax, x, y, f"{head}\n{m}", size=7)
    draw_grid(ax, n_cols, len(holes))
    ax.set_xlim(-0.5, n_cols - 0.5)
    ax.set_ylim(len(holes) - 0.5, -0.5)
    ax.set_xticks(range(n_cols), [points(x) if x else "0" for x in range(n_cols)])
    ax.set_yticks(range(len(holes)), holes)
    ax.tick_params(length=0)
    for side in ("top", "right", "bottom", "left"):
        ax.spines[side].set_visible(False)
    ax.set_xlabel(t("strategy_chart.face_up_total", lang))
    ax.set_ylabel(t("strategy_chart.face_down_card", lang))
    against = str(table.attrs.get("against", ""))
    policy = t("policy.against", lang, policy=policy_label(against, lang)) if against else None
    note = restriction_note_of(table, lang, "value")  # a restricted game says so, whatever title
    width = note_width(ax)
    ax.set_title(chart_title(title, "", None, lang, note, width) if title is not None else
                 chart_title(t("strategy_chart.title", lang), rules_words(table, lang), policy,
                             lang, note, width), fontsize=11)
    # legend and note go in the empty lower-right corner when it is empty (it is unless a
    # wild K♦ row fills it), else below the chart
    corner_free = not any(holes.index(str(h)) >= len(holes) / 2 and int(u) >= n_cols - 6
                          for h, u in zip(cells["hole"], cells["up_total_half"], strict=True))
    how = " ".join(x for x in (split_text(table, lang), swap_text(table, lang),
                               t("strategy_chart.note", lang)) if x)
    if "swapped" in table.columns and bool((table["swapped"].fillna("") != "").any()):
        how += " " + t("strategy_chart.stake_swap_note", lang)
    stakes = stake_text(table, lang)
    if stakes:
        how = stakes + "\n" + how
    if corner_free:
        action_legend(ax, lang, "lower right", letters=True)
        _corner_note(ax, cells, holes, n_cols, how)
    else:
        # fixed offsets in points, so that a short chart (the handout's) keeps its axis label
        action_legend(ax, lang, "upper center", letters=True, anchor=(0.5, 0.0), ncol=3,
                      below=27)
        if note_below:
            ax.annotate(wrap(how, 140), (0.5, 0.0), xycoords="axes fraction",
                        xytext=(0, -52), textcoords="offset points", ha="center",
                        va="top", fontsize=7.5, color="#333333")
    return fig
