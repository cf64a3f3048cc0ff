"""The class summary as text, CSV or a one-page PDF (views of
`settemezzo.classroom_server.summary`).

Every word comes from `settemezzo.i18n` (keys ``class.*``). matplotlib is imported only when
a PDF is drawn, and draws it with its math parsing off, so a name such as ``$\\foo$`` is
printed as typed. A CSV cell that a spreadsheet would read as a formula is neutralised
(`safe_cell`, OWASP's rule).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from settemezzo.classroom_server.store import Answer, ClassStore
from settemezzo.classroom_server.summary import (
    class_summary,
    costliest,
    heat_map,
    progress,
    scoreboard,
)
from settemezzo.fileio import check_out, writing
from settemezzo.i18n import has_text, number, percent, points, t

__all__ = ["ANSWER_COLUMNS", "LINE_STYLES", "MARKERS", "answered_at", "answers_csv",
           "load_summary", "pdf_bytes", "pdf_summary", "safe_cell", "scoreboard_csv",
           "summary_text", "write_report"]

ANSWER_COLUMNS = ("name", "round", "kind", "hand", "step", "hole", "up", "up_total", "cards",
                  "choice", "best", "value_stand", "value_hit", "cost", "correct", "seconds",
                  "at")
"""The columns of `answers_csv`: one row per recorded answer."""

_SCORE_COLUMNS = ("name", "answered", "right", "accuracy", "stakes_lost", "mean_seconds")

_FORMULA_START = tuple("=+-@\t\r\uff1d\uff0b\uff0d\uff20")
"""What a spreadsheet may read as the start of a formula (OWASP's list, and the full-width
forms some spreadsheets fold onto them)."""


def safe_cell(value: object) -> object:
    """A CSV cell a spreadsheet cannot run: a text starting like a formula gets a leading
    apostrophe (OWASP's CSV injection rule); numbers are left as they are.

    >>> safe_cell("=1+2"), safe_cell("-x"), safe_cell("Ada"), safe_cell(-0.5)
    ("'=1+2", "'-x", 'Ada', -0.5)
    """
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        return "'" + value
    return value


def load_summary(store: ClassStore, round_number: int | None = None) -> dict[str, Any]:
    """`settemezzo.classroom_server.summary.class_summary` of one round (the current one by
    default)."""
    rnd = store.round if round_number is None else round_number
    return class_summary(store.answers(rnd), rnd, store.round_seed(rnd), None)


def scoreboard_csv(summary: dict[str, Any]) -> str:
    """The scoreboard as CSV (one row per student)."""
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=_SCORE_COLUMNS, lineterminator="\n")
    w.writeheader()
    for row in summary["scoreboard"]:
        w.writerow({k: safe_cell(row[k]) for k in _SCORE_COLUMNS})
    return buf.getvalue()


def answered_at(at: float) -> str:
    """When an answer was given, as a spreadsheet reads a time: ISO 8601 in UTC, to the
    second ("" when it was not recorded).

    >>> answered_at(1764547200.4), answered_at(0)
    ('2025-12-01T00:00:00+00:00', '')
    """
    from datetime import UTC, datetime

    return datetime.fromtimestamp(at, tz=UTC).isoformat(timespec="seconds") if at else ""


def answers_csv(answers: Sequence[Answer]) -> str:
    """Every answer as CSV, the exact tables' value of each option included; ``at`` is the
    time of the answer (`answered_at`)."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(ANSWER_COLUMNS)
    for a in answers:
        w.writerow([safe_cell(x) for x in (
            a.name, a.round, a.kind, a.hand, a.step, a.hole, a.up, a.up_total, a.cards,
            a.choice, a.best, a.values.get("stand", ""), a.values.get("hit", ""), a.cost,
            int(a.correct), a.seconds, answered_at(a.at))])
    return buf.getvalue()


def summary_text(summary: dict[str, Any], lang: str = "en") -> str:
    """The summary line and the scoreboard as plain text."""
    lines = [t("class.report_title", lang),
             t("class.summary_line", lang, r=summary["round"], seed=summary["seed"],
               s=summary["students"], n=summary["answers"], right=summary["right"],
               lost=number(summary["stakes_lost"], lang, 3))]
    if not summary["scoreboard"]:
        return "\n".join([*lines, t("class.nobody", lang)])
    heads = [t(f"class.col_{k}", lang) for k in ("name", "answered", "right", "accuracy",
                                                  "lost")]
    rows = [[s["name"], str(s["answered"]), str(s["right"]), percent(s["accuracy"], lang),
             number(s["stakes_lost"], lang, 3)] for s in summary["scoreboard"]]
    widths = [max(len(r[i]) for r in [heads, *rows]) for i in range(len(heads))]
    for r in [heads, *rows]:
        lines.append("  ".join(c.ljust(w) if i == 0 else c.rjust(w)
                               for i, (c, w) in enumerate(zip(r, widths, strict=True))))
    return "\n".join(lines)


def pdf_bytes(answers: Sequence[Answer], summary: dict[str, Any], lang: str = "en") -> bytes:
    """`pdf_summary` drawn as a PDF file's bytes, math parsing off from the first text to the
    last."""
    import matplotlib

    buf = io.BytesIO()
    with matplotlib.rc_context({"text.parse_math": False, "text.usetex": False}):
        pdf_summary(answers, summary, lang).savefig(buf, format="pdf")
    return buf.getvalue()


def pdf_summary(answers: Sequence[Answer], summary: dict[str, Any], lang: str = "en") -> Any:
    """The one-page summary (A4 portrait): the scoreboard, the heat map of mistakes, each
    student's progress and the most expensive mistakes; returns the matplotlib Figure, every
    text of it with math parsing off (names are printed as typed)."""
    import matplotlib
    from matplotlib.figure import Figure

    with matplotlib.rc_context({"text.parse_math": False, "text.usetex": False}):
        return _pdf_figure(Figure(figsize=(8.27, 11.69), layout="constrained"), answers,
                           summary, lang)


def _pdf_figure(fig: Any, answers: Sequence[Answer], summary: dict[str, Any],
                lang: str) -> Any:
    fig.suptitle(t("class.report_title", lang) + "\n" + t(
        "class.summary_line", lang, r=summary["round"], seed=summary["seed"],
        s=summary["students"], n=summary["answers"], right=summary["right"],
        lost=number(summary["stakes_lost"], lang, 3)), fontsize=10)
    board = _board_rows(answers, lang)
    # the scoreboard takes the height of its rows: no empty band below a short class
    grid = fig.add_gridspec(3, 1, height_ratios=[0.01 + 0.055 * len(board), 1.2, 1.0])
    _draw_table(fig.add_subplot(grid[0]), board, t("class.scoreboard", lang))
    _draw_heat(fig.add_subplot(grid[1]), answers, lang)
    sub = grid[2].subgridspec(1, 2)
    _draw_progress(fig.add_subplot(sub[0]), answers, lang)
    _draw_table(fig.add_subplot(sub[1]), _costly_rows(answers, lang), t("class.costly", lang))
    return fig


def _board_rows(answers: Sequence[Answer], lang: str) -> list[list[str]]:
    head = [t(f"class.col_{k}", lang) for k in ("name", "answered", "right", "accuracy",
                                                 "lost")]
    return [head, *([s.name, str(s.answered), str(s.right), percent(s.accuracy, lang),
                     number(s.stakes_lost, lang, 3)] for s in scoreboard(answers)[:20])]


def _play(code: str, lang: str) -> str:
    """A choice in words ('stand', 'sto'), or as recorded when the catalogue has no word
    for it (a stake in chips)."""
    key = f"class.play_{code}"
    return t(key, lang) if has_text(key) else code


def _costly_rows(answers: Sequence[Answer], lang: str) -> list[list[str]]:
    head = [t(f"class.col_{k}", lang) for k in ("name", "state", "choice", "best", "cost")]
    return [head, *([a.name, a.state, _play(a.choice, lang), _play(a.best, lang),
                     number(a.cost, lang, 3)] for a in costliest(answers, 8))]


def _draw_table(ax: Any, rows: list[list[str]], title: str) -> None:
    ax.set_axis_off()
    ax.set_title(title, fontsize=10)
    if len(rows) > 1:
        table = ax.table(cellText=rows[1:], colLabels=rows[0], loc="upper center",
                         cellLoc="center")
        table.auto_set_font_size(False)
        table.set_fontsize(7)


def _draw_heat(ax: Any, answers: Sequence[Answer], lang: str) -> None:
    hm = heat_map(answers)
    ax.set_title(t("class.heat_title", lang), fontsize=10)
    if not hm.cells:
        ax.set_axis_off()
        return
    grid = [[hm.share(h, c) for c in hm.totals] for h in hm.holes]
    data = [[float("nan") if v is None else v for v in row] for row in grid]
    ax.imshow(data, cmap="Greys", vmin=0, vmax=1, aspect="auto")
    for i, h in enumerate(hm.holes):
        for j, c in enumerate(hm.totals):
            if (h, c) in hm.cells:
                wrong, n = hm.cells[(h, c)]
                ax.text(j, i, f"{wrong}/{n}", ha="center", va="center", fontsize=7,
                        color="white" if wrong > n / 2 else "black")
    ax.set_xticks(range(len(hm.totals)), [points(c) for c in hm.totals])
    ax.set_yticks(range(len(hm.holes)), list(hm.holes))
    ax.set_xlabel(t("class.heat_cols", lang))
    ax.set_ylabel(t("class.heat_rows", lang))
    ax.figure.colorbar(ax.images[0], ax=ax, shrink=0.8, label=t("class.heat_scale", lang))
    ax.text(0.0, -0.22, t("class.heat_legend", lang), transform=ax.transAxes, fontsize=7,
            va="top", ha="left")


def _draw_progress(ax: Any, answers: Sequence[Answer], lang: str) -> None:
    for i, (name, rows) in enumerate(sorted(progress(answers).items())[:12]):
        ax.plot([r[0] for r in rows], [r[1] for r in rows], linestyle=LINE_STYLES[i % 4],
                marker=MARKERS[i % len(MARKERS)], markersize=4, markevery=_every(len(rows)),
                color="black", linewidth=0.8, label=name)
    from matplotlib.ticker import MaxNLocator

    ax.xaxis.set_major_locator(MaxNLocator(integer=True))    # answers are counted
    ax.set_ylim(0, 1.05)
    ax.set_xlabel(t("class.progress_axis", lang))
    ax.set_ylabel(t("class.accuracy_axis", lang))
    ax.set_title(t("class.progress", lang), fontsize=10)
    if answers:
        ax.legend(fontsize=6, loc="lower right")


LINE_STYLES = ("-", "--", ":", "-.")
MARKERS = ("o", "s", "^", "D", "v", "x", "P", "*", "<", ">", "h", "+")
"""Each student's progress line has its own marker (and one of four dashes), so that every
line reads apart in black and white."""


def _every(n: int) -> int:
    """Mark about ten points of a line of ``n`` (every one on a short line)."""
    return max(1, n // 10)


def write_report(store: ClassStore, out: str | Path, lang: str = "en",
                 round_number: int | None = None,
                 replaced: Callable[[Path], None] | None = None) -> Path:
    """Write the round's summary to ``out``: a ``.csv`` scoreboard or a ``.pdf`` page,
    atomically (`settemezzo.fileio.writing`); `OutputPathError` for another suffix."""
    path = check_out(out, (".csv", ".pdf"))
    summary = load_summary(store, round_number)
    with writing(path, replaced=replaced) as (temp,):
        if path.suffix.lower() == ".csv":
            temp.write_text(scoreboard_csv(summary), encoding="utf-8")
        else:
            temp.write_bytes(pdf_bytes(store.answers(summary["round"]), summary, lang))
    return path
