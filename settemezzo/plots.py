"""Charts for people: strategy charts, odds curves, the banker's edge, a printable handout.

Every chart function takes an optional ``ax`` (draw into it) and returns the `Figure`
(a new one when ``ax`` is None), and ``lang`` ('en', 'it', 'es', 'fr') for its labels.
Titles name the rule set and the opponent's policy. Cells and bars are coloured *and*
hatched, on greys of different lightness, so a chart still reads printed in black and
white. Figures are built with `matplotlib.figure.Figure`, never through ``pyplot``, so
nothing here needs a display or touches pyplot's global state (safe in headless CI and in
web servers); in a notebook the returned figure shows itself.

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

import math
import textwrap
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any, Literal

import pandas as pd
from matplotlib.axes import Axes
from matplotlib.figure import Figure, SubFigure
from matplotlib.patches import Patch, Rectangle
from matplotlib.ticker import FuncFormatter
from matplotlib.transforms import ScaledTranslation

from settemezzo.cards import Kind, Unseen
from settemezzo.errors import InputError
from settemezzo.i18n import (
    TEXT,
    check_lang,
    describe_rules,
    method_label,
    number,
    percent,
    points,
    policy_label,
    restriction_note,
    restriction_what,
    rule_change,
    score_label,
    t,
)
from settemezzo.odds import final_distribution, multiset_chance
from settemezzo.policy import parse_threshold
from settemezzo.rows import TIE  # two values closer than this are equal: one owner
from settemezzo.rules import ITALIAN, Rules, from_spec
from settemezzo.tables import HandoutNumbers, bust_chance_data

__all__ = [
    "A4_PORTRAIT",
    "ChartError",
    "HandoutNumbers",
    "banker_cells",
    "banker_final_data",
    "banker_final_distribution_chart",
    "banker_strategy_chart",
    "bust_chance_chart",
    "bust_chance_data",
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
    "write_handout",
]

A4_PORTRAIT = (8.27, 11.69)
"""An A4 page in inches."""

HOLE_ORDER = ("½", "1", "2", "3", "4", "5", "6", "7", "K♦")
"""Card labels in the order the charts list them."""

PURE_SHARE = 0.01
"""A cell is 'hit' when at least 99% of its weight hits, 'stand' when at most 1% does."""

# Fill, hatch and text colour of each action: three lightnesses (light, mid, dark) so that
# greyscale keeps them apart, and three hatch patterns so that they stay apart on paper.
STYLE: dict[str, dict[str, str]] = {
    "stand": {"face": "#dbe8f4", "hatch": ""},
    "mixed": {"face": "#f2cf6b", "hatch": "...."},
    "hit": {"face": "#d9762b", "hatch": "////"},
}
HATCH_COLOUR = "#4d4d4d"
FADED = 0.28  # the opacity of cells where there is no real choice
GREYS = ("#f0f0f0", "#bdbdbd", "#7f7f7f", "#4d4d4d", "#252525")
HATCHES = ("", "////", "xxxx", "....", "\\\\\\\\", "++")


class ChartError(InputError):
    """Input a chart cannot draw: a table without the expected columns, an empty table,
    an unknown chart kind or file type. The message quotes the value."""


# ---------------------------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------------------------


def _figure_of(ax: Axes) -> Figure:
    fig: Figure | SubFigure | None = ax.figure
    while isinstance(fig, SubFigure):
        fig = fig.figure
    if not isinstance(fig, Figure):
        raise ChartError(f"the axes {ax!r} belong to no figure")
    return fig


def _fig_ax(ax: Axes | None, figsize: tuple[float, float]) -> tuple[Figure, Axes]:
    """A new constrained-layout figure with one axes, or ``ax`` and its figure."""
    if ax is None:
        fig = Figure(figsize=figsize, layout="constrained")
        return fig, fig.add_subplot()
    return _figure_of(ax), ax


def _need_columns(df: pd.DataFrame, columns: Iterable[str], what: str) -> None:
    if not isinstance(df, pd.DataFrame):
        raise ChartError(f"{what} must be a pandas DataFrame, got {type(df).__name__}")
    missing = [c for c in columns if c not in df.columns]
    if missing:
        raise ChartError(f"{what} lacks the column(s) {missing!r}; it has {list(df.columns)!r}")
    if df.empty:
        raise ChartError(f"{what} is empty: there is nothing to draw")


_HALF_OF_LABEL = {k.label: k.half_points for k in Kind}
"""Half-points of each card label a table writes (`settemezzo.cards.Kind`)."""


def _half(label: str) -> int:
    """Half-points of one card label: '½' and 'K♦' (its face value) are 1, '5' is 10."""
    if label not in _HALF_OF_LABEL:
        raise ChartError(f"unknown card label {label!r}; expected ½, 1..7 or K♦")
    return _HALF_OF_LABEL[label]


def _labels(cards: object) -> list[str]:
    """The card labels of an 'up' or 'banker' cell ('' and NaN: none)."""
    if not isinstance(cards, str):
        return []
    return cards.split()


def _up_half(cards: object) -> int:
    return sum(_half(x) for x in _labels(cards))


def _title(main: str, rules: str, policy: str | None, lang: str, note: str = "",
           width: int = 100) -> str:
    """'Main — rules' (``rules`` in words, "" for none), then the policy and a restriction
    ``note`` on lines of their own (a note longer than ``width`` characters breaks after its
    colon)."""
    first = f"{main} — {rules}" if rules else main
    return "\n".join(x for x in (first, policy, _wrap_note(note, width)) if x)


def _wrap_note(note: str, width: int) -> str:
    """``note`` on one line if it fits in ``width`` characters, else broken after its first
    colon ('what the player is kept from:' / 'what that means'), then wrapped."""
    if len(note) <= width:
        return note
    head, colon, tail = note.partition(": ")
    if not colon:
        return _wrap(note, width)
    return _wrap(head + ":", width) + "\n" + _wrap(tail, width)


def _codes_of_spec(spec: object) -> tuple[str, ...]:
    """`settemezzo.game.restriction_codes` of the rule set a spec names (`Rules.spec`; ()
    for no spec, e.g. a table read back from an old CSV)."""
    from settemezzo.game import restriction_codes

    if not isinstance(spec, str) or not spec:
        return ()
    return restriction_codes(from_spec(spec))


def restriction_codes_of(df: pd.DataFrame) -> tuple[str, ...]:
    """The restriction codes of a table's rule set: ``attrs["restriction_codes"]`` (set by
    `settemezzo.tables`), else worked out from ``attrs["rules_spec"]``."""
    codes = df.attrs.get("restriction_codes")
    if codes is not None:
        return tuple(str(c) for c in codes)
    return _codes_of_spec(df.attrs.get("rules_spec"))


def _rules_words(df: pd.DataFrame, lang: str) -> str:
    """A table's rule set in words in ``lang``, from ``attrs["rules_spec"]`` (a table without
    it shows its ``attrs["rules"]`` line as it is)."""
    spec = df.attrs.get("rules_spec")
    if isinstance(spec, str) and spec:
        return describe_rules(from_spec(spec), lang)
    return str(df.attrs.get("rules", ""))


def _note_of(df: pd.DataFrame, lang: str, side: str) -> str:
    return restriction_note(restriction_codes_of(df), lang, side)


def _cell(ax: Axes, x: float, y: float, action: str, *, alpha: float = 1.0) -> None:
    st = STYLE[action]
    ax.add_patch(Rectangle((x - 0.5, y - 0.5), 1, 1, facecolor=st["face"], hatch=st["hatch"],
                           edgecolor=HATCH_COLOUR, linewidth=0, alpha=alpha))


def _cell_text(ax: Axes, x: float, y: float, text: str, *, size: float = 7.5,
               colour: str = "black") -> None:
    ax.text(x, y, text, ha="center", va="center", fontsize=size, color=colour,
            linespacing=1.05,
            bbox={"boxstyle": "round,pad=0.12", "facecolor": "white", "edgecolor": "none",
                  "alpha": 0.85})


def _grid(ax: Axes, n_cols: int, n_rows: int) -> None:
    for x in range(n_cols + 1):
        ax.axvline(x - 0.5, color="white", linewidth=1.5, zorder=2)
    for y in range(n_rows + 1):
        ax.axhline(y - 0.5, color="white", linewidth=1.5, zorder=2)


def _action_legend(ax: Axes, lang: str,
                   loc: Literal["lower right", "upper left", "upper center"],
                   extra: Sequence[Patch] = (), anchor: tuple[float, float] | None = None,
                   letters: bool = False, ncol: int = 1, below: float = 0.0) -> None:
    """The stand / hit / mixed legend (``below``: that many points under the axes,
    whatever its height; ``anchor`` is then (x, 0))."""
    def label(a: str) -> str:
        text = t(f"chart.legend_{a}", lang)
        return f"{t(f'chart.{a}_short', lang)} = {text}" if letters and a != "mixed" else text

    handles = [Patch(facecolor=STYLE[a]["face"], hatch=STYLE[a]["hatch"],
                     edgecolor=HATCH_COLOUR, label=label(a))
               for a in ("stand", "hit", "mixed")]
    transform = None
    if below:
        transform = ax.transAxes + ScaledTranslation(0, -below / 72,
                                                     _figure_of(ax).dpi_scale_trans)
    ax.legend(handles=[*handles, *extra], loc=loc, fontsize=8, framealpha=0.95,
              bbox_to_anchor=anchor, bbox_transform=transform, ncol=ncol)


def _action_of(share: float) -> str:
    if share >= 1 - PURE_SHARE:
        return "hit"
    if share <= PURE_SHARE:
        return "stand"
    return "mixed"


def _hit_share(row: Mapping[Any, Any]) -> float:
    """The chance of hitting in one hand state: 1 or 0 by the best play; the equilibrium's
    frequency where it randomises, or where both plays are worth the same (a tie)."""
    freq = row.get("hit_frequency")
    has_freq = freq is not None and not (isinstance(freq, float) and math.isnan(freq))
    if has_freq and (row["best"] == "mixed" or abs(float(row["margin"])) < TIE):
        return min(1.0, max(0.0, float(freq)))  # type: ignore[arg-type]
    return 1.0 if row["best"] == "hit" else 0.0


def _stake_of(row: Mapping[Any, Any]) -> float:
    """The chips staked on a hand state (``stake`` column, when the stake is chosen after
    the first card), so that values read per unit stake; 1 without that column."""
    stake = row.get("stake")
    if stake is None or (isinstance(stake, float) and math.isnan(stake)) or not stake:
        return 1.0
    return float(stake)


def _weight(row: Mapping[Any, Any]) -> float:
    """How much a row of a player table counts in a chart: ``deal_chance`` times
    ``chart_reach`` (how often the player's own choices get there, see
    `settemezzo.tables.player_table`; tables without it, e.g. old CSVs: ``deal_chance``)."""
    w = float(row["deal_chance"])
    reach = row.get("chart_reach")
    if reach is None or (isinstance(reach, float) and math.isnan(reach)):
        return w
    return w * float(reach)


def _note_width(ax: Axes, size: float = 11) -> int:
    """About how many characters of a ``size``-point title fit across ``ax``."""
    inches = ax.get_position().width * _figure_of(ax).get_size_inches()[0]
    return max(40, int(inches * 144 / size))


def _hole_key(label: str) -> int:
    return HOLE_ORDER.index(label) if label in HOLE_ORDER else len(HOLE_ORDER)


def _wrap(text: str, width: int) -> str:
    return "\n".join(textwrap.fill(p, width) for p in text.split("\n"))


def _margin_text(m: float, lang: str) -> str:
    """'+0.25', '−0.51', and '0.00' for anything that rounds to zero (never '−0.00')."""
    return number(m, lang, 2, sign=True) if abs(m) >= 0.005 else number(0.0, lang, 2)


def _percent_axis(lang: str, digits: int = 0) -> FuncFormatter:
    return FuncFormatter(lambda v, _pos: percent(v, lang, digits))


# ---------------------------------------------------------------------------------------------
# the player's strategy chart
# ---------------------------------------------------------------------------------------------

_PLAYER_COLUMNS = ("hole", "up", "deal_chance", "best", "margin")


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
    _need_columns(table, _PLAYER_COLUMNS, "the player table")
    acc: dict[tuple[str, int], list[float]] = {}
    for row in table.to_dict("records"):
        if "K♦" in _labels(row["up"]):
            continue
        w = _weight(row)
        if w <= 0:
            continue
        key = (str(row["hole"]), _up_half(row["up"]))
        a = acc.setdefault(key, [0.0, 0.0, 0.0, 0.0])
        a[0] += w
        a[1] += w * _hit_share(row)
        a[2] += w * float(row["margin"]) / _stake_of(row)
        a[3] += 1
    if not acc:
        raise ChartError("the player table has no hand the player reaches (every "
                         "deal_chance × chart_reach is 0)")
    records = []
    for (hole, up), (w, hw, mw, n) in sorted(acc.items(),
                                             key=lambda kv: (_hole_key(kv[0][0]), kv[0][1])):
        share = hw / w
        records.append({"hole": hole, "up_total_half": up, "up_total": points(up) if up else "0",
                        "action": _action_of(share), "hit_share": share,
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
    per = per.assign(key=[_hole_key(c) for c in per["first_card"]]).sort_values(
        ["key", "stake"])
    return per[["first_card", "stake", "frequency"]].reset_index(drop=True)


def _stake_text(table: pd.DataFrame, lang: str) -> str:
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
    for card in sorted(by_card, key=_hole_key):
        groups.setdefault(by_card[card], []).append(card)
    clauses = [t("strategy_chart.stake_first", lang, cards=", ".join(cards), stakes=choice)
               for choice, cards in groups.items()]
    against = str(table.attrs.get("against", "")).strip().lower()
    who = t("strategy_chart.stake_who_" + ("equilibrium" if against == "equilibrium" else "reply"),
            lang)
    return t("strategy_chart.stake_line", lang, who=who, stakes="; ".join(clauses))


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
    holes = sorted(set(cells["hole"]), key=_hole_key)
    n_cols = int(cells["up_total_half"].max()) + 1
    fig, ax = _fig_ax(ax, (11, 5.6))
    for c in cells.to_dict("records"):
        x, y = int(c["up_total_half"]), holes.index(str(c["hole"]))
        _cell(ax, x, y, str(c["action"]))
        m = _margin_text(float(c["margin"]), lang)
        if c["action"] == "mixed":
            head = f"{t('chart.hit_short', lang)} {percent(float(c['hit_share']), lang, 0)}"
        else:
            head = t(f"chart.{c['action']}_short", lang)
        _cell_text(ax, x, y, f"{head}\n{m}", size=7)
    _grid(ax, n_cols, len(holes))
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
    note = _note_of(table, lang, "value")  # a restricted game says so, whatever the title
    width = _note_width(ax)
    ax.set_title(_title(title, "", None, lang, note, width) if title is not None else
                 _title(t("strategy_chart.title", lang), _rules_words(table, lang), policy,
                        lang, note, width), fontsize=11)
    # legend and note go in the empty lower-right corner when it is empty (it is unless a
    # wild K♦ row fills it), else below the chart
    corner_free = not any(holes.index(str(h)) >= len(holes) / 2 and int(u) >= n_cols - 6
                          for h, u in zip(cells["hole"], cells["up_total_half"], strict=True))
    how = t("strategy_chart.note", lang)
    if "swapped" in table.columns and bool((table["swapped"].fillna("") != "").any()):
        how += " " + t("strategy_chart.stake_swap_note", lang)
    stakes = _stake_text(table, lang)
    if stakes:
        how = stakes + "\n" + how
    if corner_free:
        _action_legend(ax, lang, "lower right", letters=True)
        ax.text(0.985, 0.36, _wrap(how, 62), transform=ax.transAxes, ha="right",
                va="bottom", fontsize=7.5, color="#333333")
    else:
        # fixed offsets in points, so that a short chart (the handout's) keeps its axis label
        _action_legend(ax, lang, "upper center", letters=True, anchor=(0.5, 0.0), ncol=3,
                       below=27)
        if note_below:
            ax.annotate(_wrap(how, 140), (0.5, 0.0), xycoords="axes fraction",
                        xytext=(0, -52), textcoords="offset points", ha="center",
                        va="top", fontsize=7.5, color="#333333")
    return fig


# ---------------------------------------------------------------------------------------------
# the banker's strategy chart
# ---------------------------------------------------------------------------------------------

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
    _need_columns(banker_table_df, _BANKER_COLUMNS, "the banker table")
    deck = _deck_counts(banker_table_df)
    hole_cols = [c for c in banker_table_df.columns if str(c).startswith("p_hole_")]
    acc: dict[tuple[int, int, int], list[float]] = {}
    support: dict[tuple[int, int], set[str]] = {}
    for row in banker_table_df.to_dict("records"):
        up_cards = _labels(row["up"])
        if "K♦" in up_cards:
            continue  # a face-up wild K♦: the face-up total is the player's choice
        left = dict(deck)
        for x in up_cards:
            left[x] = left.get(x, 0) - 1
        col = (int(row["n_up"]), sum(_half(x) for x in up_cards))
        w = float(row["stood_chance"]) * float(multiset_chance(_labels(row["banker"]), left))
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
        totals = [wild if h == "K♦" else up + _half(h) for h in holes]
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
    df["action"] = [_action_of(float(p)) for p in df["hit_probability"]]
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
    fig, ax = _fig_ax(ax, (max(8.0, 0.55 * len(columns) + 2.5), 0.5 * len(rows) + 2.8))
    for c in cells.to_dict("records"):
        x = columns.index((int(c["n_up"]), int(c["up_total_half"])))
        y = rows.index(int(c["banker_total_half"]))
        forced = bool(c["forced"])
        _cell(ax, x, y, str(c["action"]), alpha=FADED if forced else 1.0)
        _cell_text(ax, x, y, percent(float(c["hit_probability"]), lang, 0), size=7,
                   colour="#777777" if forced else "black")
    _grid(ax, len(columns), len(rows))
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
    rules = _rules_words(banker_table_df, lang)
    note = _note_of(banker_table_df, lang, "banker")
    width = _note_width(ax)
    ax.set_title(_title(title, "", None, lang, note, width) if title is not None else
                 _title(t("banker_chart.title", lang), rules,
                        t("banker_chart.against_equilibrium_player", lang), lang, note, width),
                 fontsize=11, pad=22)
    faded = Patch(facecolor=STYLE["hit"]["face"], hatch=STYLE["hit"]["hatch"],
                  edgecolor=HATCH_COLOUR, alpha=FADED, label=t("banker_chart.no_choice", lang))
    _action_legend(ax, lang, "upper left", [faded], anchor=(1.01, 1.0))
    ax.text(1.01, 0.0, _wrap(t("banker_chart.note", lang, low=points(rows[0])), 30),
            transform=ax.transAxes, ha="left", va="bottom", fontsize=7.5, color="#333333")
    return fig


# ---------------------------------------------------------------------------------------------
# bust chance
# ---------------------------------------------------------------------------------------------

def bust_chance_chart(rules: Rules = ITALIAN, *, ax: Axes | None = None,
                      lang: str = "en") -> Figure:
    """The exact chance that one more card busts, by total: a hand of one face-down card of
    each value, and the two-card hands of each total (see `bust_chance_data`)."""
    check_lang(lang)
    data = bust_chance_data(rules)
    fig, ax = _fig_ax(ax, (9, 5.2))
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
    ax.yaxis.set_major_formatter(_percent_axis(lang))
    ax.grid(True, axis="y", color="#dddddd", linewidth=0.8)
    ax.set_axisbelow(True)
    ax.set_xlabel(t("bust_chart.x", lang))
    ax.set_ylabel(t("bust_chart.y", lang))
    ax.set_title(_title(t("bust_chart.title", lang), describe_rules(rules, lang),
                        t("bust_chart.no_opponent", lang), lang), fontsize=11)
    ax.legend(loc="upper left", fontsize=9)
    return fig


# ---------------------------------------------------------------------------------------------
# the banker's final total
# ---------------------------------------------------------------------------------------------


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
    fig, ax = _fig_ax(ax, (max(9.0, 0.9 * len(scores) + 2), 5.4))
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
    ax.yaxis.set_major_formatter(_percent_axis(lang))
    ax.grid(True, axis="y", color="#dddddd", linewidth=0.8)
    ax.set_axisbelow(True)
    ax.set_xlabel(t("final_chart.x", lang))
    ax.set_ylabel(t("chart.probability", lang))
    names = [points(k) for k in ks]
    ks_text = names[0] if len(names) == 1 else (
        f"{', '.join(names[:-1])} {t('word.or', lang)} {names[-1]}")
    ax.set_title(_title(t("final_chart.title", lang), describe_rules(rules, lang),
                        t("final_chart.banker_policies", lang, ks=ks_text), lang), fontsize=11)
    ax.legend(loc="upper right", fontsize=9)
    return fig


# ---------------------------------------------------------------------------------------------
# expected value of standing and hitting
# ---------------------------------------------------------------------------------------------


def ev_data(table: pd.DataFrame) -> pd.DataFrame:
    """Expected value of standing and of hitting by the hand's total, from
    `settemezzo.tables.player_table`: each a mean over every hand state with that total,
    weighted by ``deal_chance`` × ``chart_reach`` (how often the player holds it; rows of
    weight 0 left out), per unit stake (see `strategy_cells`). Columns: ``total_half``,
    ``total``, ``stand_ev``, ``hit_ev``, ``hit_share`` (as `strategy_cells`), ``states``."""
    _need_columns(table, (*_PLAYER_COLUMNS, "total_half", "stand_ev", "hit_ev"),
                  "the player table")
    acc: dict[int, list[float]] = {}
    for row in table.to_dict("records"):
        w = _weight(row)
        if w <= 0:
            continue
        a = acc.setdefault(int(row["total_half"]), [0.0, 0.0, 0.0, 0.0, 0.0])
        a[0] += w
        a[1] += w * float(row["stand_ev"]) / _stake_of(row)
        a[2] += w * float(row["hit_ev"]) / _stake_of(row)
        a[3] += w * _hit_share(row)
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
    fig, ax = _fig_ax(ax, (9, 5.2))
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
    ax.set_title(_title(t("ev_chart.title", lang), _rules_words(table, lang), policy, lang,
                        _note_of(table, lang, "value"), _note_width(ax)), fontsize=11)
    ax.text(0.6, 0.97, _wrap(t("ev_chart.note", lang), 60), transform=ax.transAxes, ha="center",
            va="top", fontsize=7.5, color="#333333",
            bbox={"boxstyle": "round,pad=0.3", "facecolor": "white", "edgecolor": "none"})
    return fig


# ---------------------------------------------------------------------------------------------
# the banker's edge by variant
# ---------------------------------------------------------------------------------------------


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
    fig, ax = _fig_ax(ax, (9, 1.2 + 0.42 * len(variants) * max(1, len(methods) * 0.7)))
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
    ax.xaxis.set_major_formatter(_percent_axis(lang))
    ax.grid(True, axis="x", color="#dddddd", linewidth=0.8)
    ax.set_axisbelow(True)
    ax.set_xlabel(t("edge_chart.x", lang))
    ax.set_ylabel(t("edge_chart.y", lang))
    subtitle = method_label(methods[0], lang) if len(methods) == 1 and methods[0] else None
    ax.set_title(title if title is not None else _title(t("edge_chart.title", lang), "", subtitle,
                                                        lang), fontsize=11)
    if len(methods) > 1 or methods[0]:
        ax.legend(loc="lower right", fontsize=8)
    _edge_notes(ax, bool(df["bound"].any()), bound_codes, missing, lang)
    return fig


def _edge_frame(edges: pd.DataFrame, lang: str
                ) -> tuple[pd.DataFrame, list[str], list[str]]:
    """The edge table's rows with a number, a ``bound`` and a ``method`` column; the
    restriction codes of the bound rows; the variants that have no number at all. Rows with
    a ``rules_spec`` are named in ``lang`` from their rule set (`i18n.describe_rules`)."""
    _need_columns(edges, ("variant", "edge"), "the edge table")
    df = edges.copy()
    if "rules_spec" in df.columns:
        df["variant"] = [describe_rules(from_spec(s), lang) if isinstance(s, str) and s else v
                         for s, v in zip(df["rules_spec"], df["variant"], strict=True)]
    codes_by_row = [_codes_of_spec(s) for s in
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
        ax.annotate("\n".join(_wrap(n, 110) for n in notes), (0.0, 0.0),
                    xycoords="axes fraction", xytext=(0, -42), textcoords="offset points",
                    ha="left", va="top", fontsize=7.5, color="#333333")


# ---------------------------------------------------------------------------------------------
# the posterior of the face-down card
# ---------------------------------------------------------------------------------------------


def posterior_chart(posterior: Mapping[str, float], *, ax: Axes | None = None,
                    lang: str = "en", title: str | None = None) -> Figure:
    """Bars of the chance of each face-down card ('½', '1', ... '7', and 'K♦' when wild)
    given what the banker has seen, each labelled with its percentage."""
    check_lang(lang)
    if not isinstance(posterior, Mapping) or not posterior:
        raise ChartError(f"posterior must be a non-empty mapping card -> chance, got "
                         f"{posterior!r}")
    keys = sorted((str(k) for k in posterior), key=_hole_key)
    values = []
    for k in keys:
        v = float(posterior[k])
        if not 0 <= v <= 1 + 1e-9 or math.isnan(v):
            raise ChartError(f"posterior[{k!r}] = {posterior[k]!r} is not a probability")
        values.append(v)
    fig, ax = _fig_ax(ax, (7, 4.4))
    bars = ax.bar(range(len(keys)), values, 0.7, color=GREYS[1], hatch=HATCHES[1],
                  edgecolor="black", linewidth=0.6)
    ax.bar_label(bars, labels=[percent(v, lang, 0) for v in values], fontsize=8.5, padding=2)
    ax.set_xticks(range(len(keys)), keys)
    ax.set_ylim(0, max(values) * 1.18 + 0.02)
    ax.yaxis.set_major_formatter(_percent_axis(lang))
    ax.grid(True, axis="y", color="#dddddd", linewidth=0.8)
    ax.set_axisbelow(True)
    ax.set_xlabel(t("posterior_chart.x", lang))
    ax.set_ylabel(t("chart.probability", lang))
    ax.set_title(title if title is not None else t("posterior_chart.title", lang), fontsize=11)
    return fig


# ---------------------------------------------------------------------------------------------
# the printable handout
# ---------------------------------------------------------------------------------------------


def handout_numbers(rules: Rules = ITALIAN) -> HandoutNumbers:
    """The handout's numbers of ``rules`` (`settemezzo.tables.handout_numbers`), from the
    one owner of solved results (`settemezzo.results`): precomputed or computed once."""
    from settemezzo.results import get

    return get(rules).handout_numbers()


def rules_brief(rules: Rules, lang: str = "en") -> list[str]:
    """The rules in brief, one sentence or two per line, following ``rules``: when the
    stake is placed (before the deal, or after the first card between the limits), what a
    7½ pays, and each variant that changes a hand (wild K♦, burning, the hidden-card swap,
    splitting figures, royal 7½, pair of sevens, ties)."""
    check_lang(lang)
    lines = [t("brief.cards", lang)]
    if rules.wild_king:
        lines[0] += " " + t("brief.wild", lang)
    if rules.stake_timing == "after_first_card":
        later = ""
        if rules.final_min_stake is not None and rules.final_max_stake is not None and (
                rules.final_min_stake, rules.final_max_stake) != (rules.min_stake,
                                                                  rules.max_stake):
            later = t("brief.stake_later", lang, lo=rules.final_min_stake,
                      hi=rules.final_max_stake)
        lines.append(t("brief.stake_after", lang, lo=rules.min_stake, hi=rules.max_stake,
                       later=later))
    else:
        lines.append(t("brief.stake_before", lang))
    if rules.burn:
        cards = [str(c) for c in sorted(rules.burn)]
        lines.append(t("brief.burn", lang, cards=f" {t('word.or', lang)} ".join(cards)))
    lines.append(t("brief.turn", lang))
    if rules.swap_hidden:
        lines[-1] += " " + t("brief.swap", lang)
    if rules.split_figures > 1:
        lines.append(t("brief.split", lang) + (
            t("brief.resplit", lang, n=rules.split_figures) if rules.split_figures > 2
            else ""))
    lines.append(t("brief.banker", lang))
    settle = t("brief.settle_push" if rules.ties_push else "brief.settle", lang)
    pays = (t("brief.pays_seven", lang, n=rules.seven_half_pays)
            if rules.seven_half_pays != 1 else t("brief.pays", lang))
    lines.append(settle + " " + pays)
    extras = [t(key, lang) for key, on in (("brief.royal", rules.royal),
                                           ("brief.pair", rules.pair_of_sevens)) if on]
    if extras:
        lines.append(" ".join(extras))
    return lines


def _preset_name(rules: Rules) -> str:
    """What ``--rules`` takes to make this page again: the rule set's spec."""
    return rules.spec()


def handout_page(rules: Rules, table: pd.DataFrame, numbers: HandoutNumbers, *,
                 lang: str = "en") -> Figure:
    """One printable A4 page: the strategy chart (from ``table``, a
    `settemezzo.tables.player_table` against the equilibrium banker), the numbers to
    remember (``numbers``, from `handout_numbers`), and the rules in brief."""
    check_lang(lang)
    fig = Figure(figsize=A4_PORTRAIT)
    fig.text(0.5, 0.965, t("handout.title", lang), ha="center", va="top", fontsize=17,
             fontweight="bold")
    fig.text(0.5, 0.935, describe_rules(rules, lang), ha="center", va="top",
             fontsize=11)
    from settemezzo.game import restriction_codes

    codes = restriction_codes(rules)
    brief = rules_brief(rules, lang)
    parts = [rule_change(name, value, lang) for name, value in rules.changes()]
    if parts:
        brief.append(t("handout.variants_line", lang, variants=", ".join(parts)))
    brief = [_wrap(line, 100) for line in brief]
    stakes = _stake_text(table, lang)
    # the chart gives up room to a long rules section (7 lines fit below it), to the stake
    # line, and to a restricted game's note (two more title lines)
    n_lines = sum(b.count("\n") + 1 for b in brief) + (
        _wrap(stakes, 100).count("\n") + 1 if stakes else 0)
    extra = 0.0185 * max(0, n_lines - 7)
    ax = fig.add_axes((0.1, 0.525 + extra, 0.85, (0.33 if codes else 0.36) - extra))
    against = str(table.attrs.get("against", "equilibrium"))
    strategy_chart(table, ax=ax, lang=lang, title=t(
        "strategy_chart.title", lang) + " — " + t("policy.against", lang,
                                                  policy=policy_label(against, lang)),
        note_below=False)
    y = 0.445 + extra
    fig.text(0.07, y, t("handout.numbers_title", lang), fontsize=13, fontweight="bold", va="top")
    y -= 0.03
    best = numbers.best_threshold
    edge_text = percent(numbers.banker_edge, lang, 1)
    lines = [t("handout.edge_line_bound", lang, edge=edge_text, what=restriction_what(codes, lang))
             if codes else t("handout.edge_line", lang, edge=edge_text),
             t("handout.thumb_line", lang, k=points(best),
               loss=percent(-numbers.thresholds[best], lang, 2),
               best=percent(numbers.banker_edge, lang, 2))]
    if best != 10 and 10 in numbers.thresholds:
        lines[-1] += " " + t("handout.thumb_other", lang, k="5",
                             loss=percent(-numbers.thresholds[10], lang, 2))
    for line in [*([stakes] if stakes else []), *lines, t("handout.bust_line", lang)]:
        text = _wrap(line, 100)
        fig.text(0.07, y, "• " + text.replace("\n", "\n   "), fontsize=9.5, va="top")
        y -= 0.018 * (text.count("\n") + 1) + 0.005
    bust = numbers.bust
    one = bust[bust["series"] == "one_card"]
    two = bust[bust["series"] == "two_cards"]
    halves = sorted(set(int(h) for h in bust["total_half"]))
    by_total: dict[int, float] = {}
    for frame in (two, one):  # a single card wins where both exist (the commoner hand)
        for h, p in zip(frame["total_half"], frame["bust"], strict=True):
            by_total[int(h)] = float(p)
    tab = fig.add_axes((0.2, y - 0.05, 0.74, 0.045))
    tab.axis("off")
    table_artist = tab.table(
        cellText=[[points(h) for h in halves], [percent(by_total[h], lang, 0) for h in halves]],
        rowLabels=[t("handout.your_total", lang), t("handout.bust_row", lang)], loc="center",
        cellLoc="center")
    table_artist.auto_set_font_size(False)
    table_artist.set_fontsize(8.5)
    table_artist.scale(1, 1.25)
    y -= 0.08
    fig.text(0.07, y, t("handout.rules_title", lang), fontsize=13, fontweight="bold", va="top")
    y -= 0.03
    for text in brief:
        fig.text(0.07, y, "• " + text.replace("\n", "\n   "), fontsize=9.5, va="top")
        y -= 0.018 * (text.count("\n") + 1) + 0.005
    fig.text(0.5, 0.02, t("handout.footer", lang, preset=_preset_name(rules), language=lang),
             ha="center", va="bottom", fontsize=7.5, color="#555555")
    return fig


def write_handout(pages: Sequence[tuple[Rules, pd.DataFrame, HandoutNumbers]],
                  path: str | Path, *, lang: str = "en") -> Path:
    """Write a PDF with one A4 `handout_page` per rule set; returns the path."""
    from matplotlib.backends.backend_pdf import PdfPages

    check_lang(lang)
    path = Path(path)
    if path.suffix.lower() != ".pdf":
        raise ChartError(f"a handout is a PDF: the file name must end in .pdf, got {str(path)!r}")
    if not pages:
        raise ChartError("no rule set to put in the handout")
    path.parent.mkdir(parents=True, exist_ok=True)
    with PdfPages(path) as pdf:
        for rules, table, numbers in pages:
            pdf.savefig(handout_page(rules, table, numbers, lang=lang))
    return path
