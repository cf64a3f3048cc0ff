"""The house style of every chart, and the helpers every chart module draws with.

Colours and hatches that still read printed in black and white (`STYLE`, `GREYS`,
`HATCHES`), the figure or axes a chart draws into (`fig_ax`), the card labels of a table
(`card_labels`, `half_of_label`, `hole_key`), titles that name the rule set and a
restricted game's note (`chart_title`, `rules_words`, `restriction_note_of`), the cells
and legend of a strategy grid (`draw_cell`, `cell_text`, `draw_grid`, `action_legend`,
`action_of`), and the axis and number formats (`percent_axis`, `margin_text`). Nothing
here draws a chart by itself.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Sequence
from typing import Literal

import pandas as pd
from matplotlib.axes import Axes
from matplotlib.figure import Figure, SubFigure
from matplotlib.patches import Patch, Rectangle
from matplotlib.ticker import FuncFormatter
from matplotlib.transforms import ScaledTranslation

from settemezzo.cards import Kind
from settemezzo.errors import InputError
from settemezzo.i18n import (
    describe_rules,
    number,
    percent,
    restriction_note,
    t,
)
from settemezzo.rules import from_spec

__all__ = [
    "A4_PORTRAIT",
    "FADED",
    "GREYS",
    "HATCHES",
    "HATCH_COLOUR",
    "HOLE_ORDER",
    "PURE_SHARE",
    "STYLE",
    "ChartError",
    "action_legend",
    "action_of",
    "card_labels",
    "cell_text",
    "chart_title",
    "codes_of_spec",
    "draw_cell",
    "draw_grid",
    "fig_ax",
    "figure_of",
    "half_of_label",
    "hole_key",
    "margin_text",
    "need_columns",
    "note_width",
    "percent_axis",
    "restriction_codes_of",
    "restriction_note_of",
    "rules_words",
    "up_half",
    "wrap",
    "wrap_note",
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


def figure_of(ax: Axes) -> Figure:
    """The top-level figure ``ax`` draws into (through any subfigures); a ChartError for
    axes that belong to none."""
    fig: Figure | SubFigure | None = ax.figure
    while isinstance(fig, SubFigure):
        fig = fig.figure
    if not isinstance(fig, Figure):
        raise ChartError(f"the axes {ax!r} belong to no figure")
    return fig


def fig_ax(ax: Axes | None, figsize: tuple[float, float]) -> tuple[Figure, Axes]:
    """A new constrained-layout figure with one axes, or ``ax`` and its figure."""
    if ax is None:
        fig = Figure(figsize=figsize, layout="constrained")
        return fig, fig.add_subplot()
    return figure_of(ax), ax


def need_columns(df: pd.DataFrame, columns: Iterable[str], what: str) -> None:
    """Check that ``df`` (called ``what`` in the message) is a non-empty DataFrame with
    ``columns``; a ChartError naming what is missing otherwise."""
    if not isinstance(df, pd.DataFrame):
        raise ChartError(f"{what} must be a pandas DataFrame, got {type(df).__name__}")
    missing = [c for c in columns if c not in df.columns]
    if missing:
        raise ChartError(f"{what} lacks the column(s) {missing!r}; it has {list(df.columns)!r}")
    if df.empty:
        raise ChartError(f"{what} is empty: there is nothing to draw")


_HALF_OF_LABEL = {k.label: k.half_points for k in Kind}
"""Half-points of each card label a table writes (`settemezzo.cards.Kind`)."""


def half_of_label(label: str) -> int:
    """Half-points of one card label: '½' and 'K♦' (its face value) are 1, '5' is 10."""
    if label not in _HALF_OF_LABEL:
        raise ChartError(f"unknown card label {label!r}; expected ½, 1..7 or K♦")
    return _HALF_OF_LABEL[label]


def card_labels(cards: object) -> list[str]:
    """The card labels of an 'up' or 'banker' cell ('' and NaN: none)."""
    if not isinstance(cards, str):
        return []
    return cards.split()


def up_half(cards: object) -> int:
    """The total in half-points of an 'up' cell's card labels (0 for none)."""
    return sum(half_of_label(x) for x in card_labels(cards))


def hole_key(label: str) -> int:
    """The sort key of a card label in `HOLE_ORDER` (unknown labels last)."""
    return HOLE_ORDER.index(label) if label in HOLE_ORDER else len(HOLE_ORDER)


def chart_title(main: str, rules: str, policy: str | None, lang: str, note: str = "",
                width: int = 100) -> str:
    """'Main — rules' (``rules`` in words, "" for none), then the policy and a restriction
    ``note`` on lines of their own (a note longer than ``width`` characters breaks after its
    colon)."""
    first = f"{main} — {rules}" if rules else main
    return "\n".join(x for x in (first, policy, wrap_note(note, width)) if x)


def wrap_note(note: str, width: int) -> str:
    """``note`` on one line if it fits in ``width`` characters, else broken after its first
    colon ('what the player is kept from:' / 'what that means'), then wrapped."""
    if len(note) <= width:
        return note
    head, colon, tail = note.partition(": ")
    if not colon:
        return wrap(note, width)
    return wrap(head + ":", width) + "\n" + wrap(tail, width)


def wrap(text: str, width: int) -> str:
    """``text`` wrapped at ``width`` characters, paragraph by paragraph (its own line breaks
    kept)."""
    return "\n".join(textwrap.fill(p, width) for p in text.split("\n"))


def note_width(ax: Axes, size: float = 11) -> int:
    """About how many characters of a ``size``-point title fit across ``ax``."""
    inches = ax.get_position().width * figure_of(ax).get_size_inches()[0]
    return max(40, int(inches * 144 / size))


def codes_of_spec(spec: object) -> tuple[str, ...]:
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
    return codes_of_spec(df.attrs.get("rules_spec"))


def rules_words(df: pd.DataFrame, lang: str) -> str:
    """A table's rule set in words in ``lang``, from ``attrs["rules_spec"]`` (a table without
    it shows its ``attrs["rules"]`` line as it is)."""
    spec = df.attrs.get("rules_spec")
    if isinstance(spec, str) and spec:
        return describe_rules(from_spec(spec), lang)
    return str(df.attrs.get("rules", ""))


def restriction_note_of(df: pd.DataFrame, lang: str, side: str) -> str:
    """The note on a restricted game (`settemezzo.i18n.restriction_note`) for a table's rule
    set, ``side`` 'value' or 'banker'; "" when nothing is restricted."""
    return restriction_note(restriction_codes_of(df), lang, side)


def draw_cell(ax: Axes, x: float, y: float, action: str, *, alpha: float = 1.0) -> None:
    """One unit square of a strategy grid at (x, y), filled and hatched as ``action``
    ('stand', 'hit', 'mixed': `STYLE`)."""
    st = STYLE[action]
    ax.add_patch(Rectangle((x - 0.5, y - 0.5), 1, 1, facecolor=st["face"], hatch=st["hatch"],
                           edgecolor=HATCH_COLOUR, linewidth=0, alpha=alpha))


def cell_text(ax: Axes, x: float, y: float, text: str, *, size: float = 7.5,
              colour: str = "black") -> None:
    """``text`` centred on the cell at (x, y), on a white box so that it reads over any hatch."""
    ax.text(x, y, text, ha="center", va="center", fontsize=size, color=colour,
            linespacing=1.05,
            bbox={"boxstyle": "round,pad=0.12", "facecolor": "white", "edgecolor": "none",
                  "alpha": 0.85})


def draw_grid(ax: Axes, n_cols: int, n_rows: int) -> None:
    """White lines between the cells of an ``n_cols`` by ``n_rows`` strategy grid."""
    for x in range(n_cols + 1):
        ax.axvline(x - 0.5, color="white", linewidth=1.5, zorder=2)
    for y in range(n_rows + 1):
        ax.axhline(y - 0.5, color="white", linewidth=1.5, zorder=2)


def action_legend(ax: Axes, lang: str,
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
                                                     figure_of(ax).dpi_scale_trans)
    ax.legend(handles=[*handles, *extra], loc=loc, fontsize=8, framealpha=0.95,
              bbox_to_anchor=anchor, bbox_transform=transform, ncol=ncol)


def action_of(share: float) -> str:
    """'hit', 'stand' or 'mixed' for a chance of hitting (pure within `PURE_SHARE`)."""
    if share >= 1 - PURE_SHARE:
        return "hit"
    if share <= PURE_SHARE:
        return "stand"
    return "mixed"


def margin_text(m: float, lang: str) -> str:
    """'+0.25', '−0.51', and '0.00' for anything that rounds to zero (never '−0.00')."""
    return number(m, lang, 2, sign=True) if abs(m) >= 0.005 else number(0.0, lang, 2)


def percent_axis(lang: str, digits: int = 0) -> FuncFormatter:
    """A tick formatter that writes a fraction as a percentage in ``lang``."""
    return FuncFormatter(lambda v, _pos: percent(v, lang, digits))
