"""Chart subcommands of the ``settemezzo`` command line: chart, handout, charts.

Registered by `settemezzo.cli`; matplotlib, pandas and the solver are imported only when one
of these runs.

- ``settemezzo chart KIND --out FILE.png|svg|pdf [--csv]``: one chart (KIND: strategy,
  banker, bust, banker-final, ev, and edge when `settemezzo.edge` provides ``edge_table``);
  ``--csv`` writes the chart's numbers beside it (same name, ``.csv``).
- ``settemezzo handout --rules italian --out handout.pdf``: one printable A4 page.
- ``settemezzo charts --out DIR``: every chart of every preset, and one handout with a page
  per preset (``make charts``). A preset the exact engine solves as a restricted game
  (`settemezzo.game.restriction_codes`: SPANISH) gets every chart too; each chart says so.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from settemezzo.cli_common import add_lang, add_yes, replaced
from settemezzo.i18n import check_lang, describe_rules, restriction_text, t
from settemezzo.rules import ITALIAN, PRESETS, Rules

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.figure import Figure

__all__ = ["FORMATS", "KINDS", "cached_banker_table", "cached_player_table", "chart",
           "check_kind", "check_out", "edge_available", "register", "save_chart", "write_all"]

KINDS: tuple[str, ...] = ("strategy", "banker", "bust", "banker-final", "ev", "edge")
"""Every chart ``settemezzo chart`` can draw (``edge`` needs `settemezzo.edge`)."""

PRESET_KINDS: tuple[str, ...] = ("strategy", "banker", "bust", "banker-final", "ev")
"""The charts drawn for each rule set (``edge`` compares rule sets: drawn once)."""

FORMATS: tuple[str, ...] = (".png", ".svg", ".pdf")

PNG_DPI = 150


def _error(message: str) -> ValueError:
    from settemezzo.plots import ChartError

    return ChartError(message)


def check_kind(kind: str) -> str:
    """``kind`` if it is one of `KINDS`, else a `settemezzo.plots.ChartError` quoting it."""
    if kind not in KINDS:
        raise _error(f"unknown chart kind {kind!r}; choose from {', '.join(KINDS)}")
    return kind


def check_out(path: str | Path, formats: Sequence[str] = FORMATS) -> Path:
    """The output path if its extension is one of ``formats`` and it can be written there
    (`settemezzo.fileio.check_out`), else a ChartError saying why."""
    from settemezzo.fileio import OutputPathError
    from settemezzo.fileio import check_out as check_path

    try:
        return check_path(path, formats)
    except OutputPathError as exc:
        raise _error(str(exc)) from None


def edge_available() -> bool:
    """Whether `settemezzo.edge` exists (its ``edge_table`` is checked when it is used)."""
    return importlib.util.find_spec("settemezzo.edge") is not None


def _edge_table() -> Callable[..., pd.DataFrame]:
    try:
        module = importlib.import_module("settemezzo.edge")
    except ModuleNotFoundError as exc:
        if exc.name != "settemezzo.edge":
            raise
        raise _error("the edge chart needs settemezzo.edge.edge_table, which this "
                     "installation does not have yet") from None
    fn = getattr(module, "edge_table", None)
    if not callable(fn):
        raise _error("the edge chart needs settemezzo.edge.edge_table, which "
                     "settemezzo.edge does not define yet")
    return fn  # type: ignore[no-any-return]


def cached_player_table(rules: Rules, against: str) -> pd.DataFrame:
    """`settemezzo.tables.player_table`, from the one owner of solved results
    (`settemezzo.results`: precomputed or computed once; shared, do not modify)."""
    from settemezzo.results import get

    return get(rules).player_table(against)


def cached_banker_table(rules: Rules) -> pd.DataFrame:
    """`settemezzo.tables.banker_table`, from `settemezzo.results` (shared: do not modify)."""
    from settemezzo.results import get

    return get(rules).banker_table()


def _thresholds(text: str | Sequence[str | int | float]) -> list[str | int | float]:
    from settemezzo.policy import parse_threshold

    items: list[str | int | float] = (
        [x.strip() for x in text.split(",") if x.strip()] if isinstance(text, str)
        else list(text))
    if not items:
        raise _error(f"--thresholds needs at least one number of points, got {text!r}")
    for x in items:
        parse_threshold(x)  # raises, quoting the bad value
    return items


def chart(kind: str, rules: Rules = ITALIAN, *, against: str = "equilibrium",
          lang: str = "en", thresholds: str | Sequence[str | int | float] = (4, 5, 6),
          edges: pd.DataFrame | None = None) -> tuple[Figure, pd.DataFrame]:
    """Draw chart ``kind`` and return it with its numbers (what ``--csv`` writes).

    ``against`` is the banker for the strategy and EV charts; ``thresholds`` the banker
    policies of the banker-final chart; ``edges`` an `settemezzo.edge.edge_table` result
    for the edge chart (computed when None).
    """
    from settemezzo import plots

    check_kind(kind)
    check_lang(lang)
    if kind == "strategy":
        table = cached_player_table(rules, against)
        return plots.strategy_chart(table, lang=lang), plots.strategy_cells(table)
    if kind == "ev":
        table = cached_player_table(rules, against)
        return plots.ev_chart(table, lang=lang), plots.ev_data(table)
    if kind == "banker":
        bt = cached_banker_table(rules)
        return plots.banker_strategy_chart(bt, lang=lang), plots.banker_cells(bt)
    if kind == "bust":
        return plots.bust_chance_chart(rules, lang=lang), plots.bust_chance_data(rules)
    if kind == "banker-final":
        ks = _thresholds(thresholds)
        return (plots.banker_final_distribution_chart(rules, ks, lang=lang),
                plots.banker_final_data(rules, ks, lang))
    edge_df = edges if edges is not None else _edge_table()()
    return plots.edge_by_variant_chart(edge_df, lang=lang), edge_df


def save_chart(fig: Figure, path: str | Path, data: pd.DataFrame | None = None,
               replaced: Callable[[Path], None] | None = None) -> list[Path]:
    """Write ``fig`` to ``path`` (png, svg or pdf, by its extension) and ``data`` beside it as
    CSV (same name, ``.csv``), atomically (`settemezzo.fileio.writing`); returns the files
    written. ``replaced`` is told of each file that existed before."""
    from settemezzo.fileio import writing

    p = check_out(path)
    fmt = p.suffix.lower().lstrip(".")
    # no creation dates in the files, so that the same chart gives the same bytes
    metadata: dict[str, Any] = {"svg": {"Date": None}, "pdf": {"CreationDate": None}}.get(
        fmt, {})
    written = [p] if data is None else [p, p.with_suffix(".csv")]
    # the chart and its numbers are written together: both or neither (never a PNG whose
    # CSV failed), each to a temporary file first
    with writing(*written, replaced=replaced) as temps:
        fig.savefig(temps[0], format=fmt, dpi=PNG_DPI, metadata=metadata)
        if data is not None:
            data.to_csv(temps[1], index=False, float_format="%.12g")
    return written


def _write_handout(pages: list[tuple[Rules, pd.DataFrame, Any]], path: Path, lang: str,
                   replaced: Callable[[Path], None] | None = None) -> Path:
    """`settemezzo.plots.write_handout`, atomically."""
    from settemezzo.fileio import writing
    from settemezzo.plots import write_handout

    with writing(path, replaced=replaced) as (tmp,):
        write_handout(pages, tmp, lang=lang)
    return path


def _handout_page(rules: Rules) -> tuple[Rules, pd.DataFrame, Any]:
    from settemezzo.results import get

    return rules, cached_player_table(rules, "equilibrium"), get(rules).handout_numbers()


def _check_all(out: str | Path, lang: str, fmt: str,
               kinds: Sequence[str]) -> tuple[Path, str]:
    """`write_all`'s arguments checked before any work: the folder and the file suffix."""
    from settemezzo.fileio import OutputPathError, check_folder

    check_lang(lang)
    for k in kinds:
        check_kind(k)
    suffix = "." + fmt.lower().lstrip(".")
    if suffix not in FORMATS:
        raise _error(f"--format must be one of {', '.join(f[1:] for f in FORMATS)}, "
                     f"got {fmt!r}")
    try:
        return check_folder(out), suffix
    except OutputPathError as exc:
        raise _error(str(exc)) from None


def write_all(out: str | Path, *, lang: str = "en", fmt: str = "png",
              kinds: Sequence[str] = KINDS, say: Callable[[str], None] = print) -> list[Path]:
    """Every chart of each preset, the edge chart, and a handout with one page per preset,
    into the folder ``out``. A preset solved as a restricted game is named in a note (its
    charts and its handout page say so too)."""
    folder, suffix = _check_all(out, lang, fmt, kinds)
    written: list[Path] = []

    def wrote(paths: list[Path]) -> list[Path]:
        for p in paths:
            say(f"wrote {p}")
        return paths

    from settemezzo.game import restriction_codes

    pages = []
    for name, rules in PRESETS.items():
        restricted = restriction_text(restriction_codes(rules), "en", rules.split_figures)
        if restricted:
            say(f"the {name} preset is solved as a restricted game: {restricted} (about a "
                f"minute the first time)")
        for kind in PRESET_KINDS:
            if kind in kinds:
                fig, data = chart(kind, rules, lang=lang)
                written += wrote(save_chart(fig, folder / f"{kind}_{name}{suffix}", data))
        pages.append(_handout_page(rules))
    if "edge" in kinds:
        if edge_available():
            say("computing the banker's edge of every variant (a minute or two)...")
            fig, data = chart("edge", lang=lang)
            written += wrote(save_chart(fig, folder / f"edge_by_variant{suffix}", data))
        else:
            say("skipping the edge chart: settemezzo.edge is not installed yet")
    if pages:
        written += wrote([_write_handout(pages, folder / "handout.pdf", lang)])
    if set(KINDS) <= set(kinds):  # every chart: the deck played down too (issue 17)
        from settemezzo.cli_deck import write_charts as deck_charts

        written += wrote(deck_charts(folder, suffix, lang))
    return written


def cmd_chart(args: argparse.Namespace, rules: Rules) -> int:
    from settemezzo.cli_solve import BANKERS, check_policy
    from settemezzo.limits import check_exact_size

    check_kind(args.kind)
    check_lang(args.lang)
    out = check_out(args.out)
    if args.csv:
        check_out(out.with_suffix(".csv"), (".csv",))
    against = check_policy(args.against, "--against", BANKERS)
    thresholds = _thresholds(args.thresholds)
    if args.kind in ("strategy", "ev", "banker"):
        check_exact_size(rules, args.yes)
    fig, data = chart(args.kind, rules, against=against, lang=args.lang,
                      thresholds=thresholds)
    for p in save_chart(fig, out, data if args.csv else None, replaced=replaced):
        print(t("cli.wrote", args.lang, path=p))
    return 0


def cmd_handout(args: argparse.Namespace, rules: Rules) -> int:
    from settemezzo.limits import check_exact_size

    check_lang(args.lang)
    out = check_out(args.out, (".pdf",))
    check_exact_size(rules, args.yes)
    path = _write_handout([_handout_page(rules)], out, args.lang, replaced)
    print(t("cli.wrote_page", args.lang, path=path, rules=describe_rules(rules, args.lang)))
    return 0


def cmd_charts(args: argparse.Namespace, rules: Rules) -> int:
    kinds: list[str] = args.kind or list(KINDS)
    _check_all(args.out, args.lang, args.format, kinds)
    write_all(args.out, lang=args.lang, fmt=args.format, kinds=kinds)
    return 0


def register(subparsers: Any, add_rules: Any) -> None:
    """Add chart, handout and charts; ``add_rules`` adds --rules/--variant to a parser."""
    p = subparsers.add_parser(
        "chart", help="export one chart (PNG, SVG or PDF), with its numbers as CSV",
        description="Draw one chart. KIND: strategy (the player's best play), banker (the "
                    "equilibrium banker's play), bust (bust chance by total), banker-final "
                    "(the banker's final total by policy), ev (standing against hitting), "
                    "edge (the banker's edge by variant).")
    p.add_argument("kind", metavar="KIND", help=f"one of {', '.join(KINDS)}")
    add_rules(p)
    p.add_argument("--against", default="equilibrium", metavar="POLICY",
                   help="the banker of the strategy and ev charts: equilibrium (default), "
                        "threshold:K or omniscient")
    p.add_argument("--thresholds", default="4,5,6", metavar="K,K,...",
                   help="banker-final: the banker hits below each of these (default 4,5,6)")
    add_lang(p)
    p.add_argument("--out", required=True, metavar="FILE",
                   help="the file to write: .png, .svg or .pdf")
    p.add_argument("--csv", action="store_true",
                   help="also write the chart's numbers beside it (same name, .csv)")
    add_yes(p)
    p.set_defaults(solver_cmd=cmd_chart)

    p = subparsers.add_parser(
        "handout", help="a printable A4 strategy card (PDF) for one rule set",
        description="One A4 page: the strategy chart against the equilibrium banker, the "
                    "numbers a beginner should remember, and the rules in brief.")
    add_rules(p)
    add_lang(p)
    p.add_argument("--out", required=True, metavar="FILE.pdf", help="the PDF to write")
    add_yes(p)
    p.set_defaults(solver_cmd=cmd_handout)

    p = subparsers.add_parser(
        "charts", help="every chart of every preset, and a handout, into a folder",
        description="Writes KIND_PRESET.png (and .csv) for each chart and each preset, "
                    "edge_by_variant.png, and handout.pdf with one page per preset. A preset "
                    "solved as a restricted game (Spanish: the player kept to two hands, no "
                    "swap inside a split hand) says so on its charts.")
    p.add_argument("--out", default="charts", metavar="DIR", help="folder (default: charts)")
    add_lang(p)
    p.add_argument("--format", default="png", metavar="FMT", help="png (default), svg or pdf")
    p.add_argument("--kind", action="append", default=[], metavar="KIND",
                   help=f"only these charts (repeatable; default: all of {', '.join(KINDS)})")
    p.set_defaults(solver_cmd=cmd_charts, rules="italian", variant=[])
