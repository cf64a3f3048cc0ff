"""The chart subcommands: chart, handout, charts.

matplotlib, pandas and the solver are imported only when one of these runs.

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

from settemezzo.cli.common import (
    BANKERS,
    FORMATS,
    Subparsers,
    add_lang,
    add_rules,
    add_yes,
    chart_error,
    check_chart_out,
    check_policy,
    replaced,
    rules_from,
    save_chart,
    speak_progress,
    write_deck_charts,
)
from settemezzo.cli.help_texts import help_text
from settemezzo.errors import InputError
from settemezzo.i18n import check_lang, describe_rules, restriction_text, t
from settemezzo.rules import ITALIAN, PRESETS, Rules

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.figure import Figure

__all__ = ["KINDS", "cached_banker_table", "cached_player_table", "chart", "check_kind",
           "edge_available", "register", "write_all"]

KINDS: tuple[str, ...] = ("strategy", "banker", "bust", "banker-final", "ev", "edge")
"""Every chart ``settemezzo chart`` can draw (``edge`` needs `settemezzo.edge`)."""

PRESET_KINDS: tuple[str, ...] = ("strategy", "banker", "bust", "banker-final", "ev")
"""The charts drawn for each rule set (``edge`` compares rule sets: drawn once)."""

def check_kind(kind: str) -> str:
    """``kind`` if it is one of `KINDS`, else a `settemezzo.plots.ChartError` quoting it."""
    if kind not in KINDS:
        raise chart_error(f"unknown chart kind {kind!r}; choose from {', '.join(KINDS)}")
    return kind


def edge_available() -> bool:
    """Whether `settemezzo.edge` exists (its ``edge_table`` is checked when it is used)."""
    return importlib.util.find_spec("settemezzo.edge") is not None


def _edge_table() -> Callable[..., pd.DataFrame]:
    """The edge chart's data: the edge table of the standard rule sets in English words
    (`settemezzo.results.edges.edge_table`, `settemezzo.i18n.edge_words`)."""
    from settemezzo.i18n import edge_words, standard_rule_sets
    from settemezzo.results.edges import edge_table

    return lambda: edge_words(edge_table(standard_rule_sets("en")), "en")


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
        raise chart_error(f"--thresholds needs at least one number of points, got {text!r}")
    for x in items:
        parse_threshold(x)  # raises, quoting the bad value
    return items


def chart(kind: str, rules: Rules = ITALIAN, *, against: str = "equilibrium",
          lang: str = "en", thresholds: str | Sequence[str | int | float] = (4, 5, 6),
          edges: pd.DataFrame | None = None) -> tuple[Figure, pd.DataFrame]:
    """Draw chart ``kind`` and return it with its numbers (what ``--csv`` writes).

    ``against`` is the banker for the strategy and EV charts; ``thresholds`` the banker
    policies of the banker-final chart; ``edges`` an edge table in words
    (`settemezzo.i18n.edge_words`) for the edge chart (computed when None).
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
        raise chart_error(f"--format must be one of {', '.join(f[1:] for f in FORMATS)}, "
                     f"got {fmt!r}")
    try:
        return check_folder(out), suffix
    except OutputPathError as exc:
        raise chart_error(str(exc)) from None


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
    if set(KINDS) <= set(kinds):  # every chart: the deck played down too
        written += wrote(write_deck_charts(folder, suffix, lang))
    return written


def cmd_chart(args: argparse.Namespace) -> int:
    """Draw one chart and write it (and its numbers with ``--csv``)."""
    from settemezzo.limits import check_exact_size

    rules = rules_from(args, casino=True)
    if rules.open_deal:
        return _casino_chart(args, rules)
    speak_progress(args.lang)
    check_kind(args.kind)
    check_lang(args.lang)
    out = check_chart_out(args.out)
    if args.csv:
        check_chart_out(out.with_suffix(".csv"), (".csv",))
    against = check_policy(args.against, "--against", BANKERS)
    thresholds = _thresholds(args.thresholds)
    if args.kind in ("strategy", "ev", "banker"):
        check_exact_size(rules, args.yes)
    fig, data = chart(args.kind, rules, against=against, lang=args.lang,
                      thresholds=thresholds)
    for p in save_chart(fig, out, data if args.csv else None, replaced=replaced):
        print(t("cli.wrote", args.lang, path=p))
    return 0


def cmd_handout(args: argparse.Namespace) -> int:
    """Write the printable strategy card of one rule set."""
    from settemezzo.limits import check_exact_size

    rules = rules_from(args, casino=True)
    if rules.open_deal:
        return _casino_handout(args, rules)
    speak_progress(args.lang)
    check_lang(args.lang)
    out = check_chart_out(args.out, (".pdf",))
    check_exact_size(rules, args.yes)
    path = _write_handout([_handout_page(rules)], out, args.lang, replaced)
    print(t("cli.wrote_page", args.lang, path=path, rules=describe_rules(rules, args.lang)))
    return 0


def cmd_charts(args: argparse.Namespace) -> int:
    """Write every chart of every preset, and a handout, into a folder."""
    speak_progress(args.lang)
    kinds: list[str] = args.kind or list(KINDS)
    _check_all(args.out, args.lang, args.format, kinds)
    write_all(args.out, lang=args.lang, fmt=args.format, kinds=kinds)
    return 0


def register(subparsers: Subparsers[argparse.ArgumentParser], lang: str = "en") -> None:
    """Add chart, handout and charts, their help in ``lang``."""
    def h(key: str, **fields: object) -> str:
        return help_text(f"cli.help.{key}", lang, **fields)

    p = subparsers.add_parser("chart", help=h("chart.help"), description=h("chart.description"))
    p.add_argument("kind", metavar="KIND", help=h("chart.kind", kinds=", ".join(KINDS)))
    add_rules(p, lang)
    p.add_argument("--against", default="equilibrium", metavar="POLICY",
                   help=h("chart.against"))
    p.add_argument("--thresholds", default="4,5,6", metavar="K,K,...",
                   help=h("chart.thresholds"))
    add_lang(p, lang)
    p.add_argument("--out", required=True, metavar="FILE", help=h("chart.out"))
    p.add_argument("--csv", action="store_true", help=h("chart.csv"))
    add_yes(p, lang)
    p.set_defaults(handler=cmd_chart)

    p = subparsers.add_parser("handout", help=h("handout.help"),
                              description=h("handout.description"))
    add_rules(p, lang)
    add_lang(p, lang)
    p.add_argument("--out", required=True, metavar="FILE.pdf", help=h("handout.out"))
    add_yes(p, lang)
    p.set_defaults(handler=cmd_handout)

    p = subparsers.add_parser("charts", help=h("charts.help"),
                              description=h("charts.description"))
    p.add_argument("--out", default="charts", metavar="DIR", help=h("charts.out"))
    add_lang(p, lang)
    p.add_argument("--format", default="png", metavar="FMT", help=h("charts.format"))
    p.add_argument("--kind", action="append", default=[], metavar="KIND",
                   help=h("charts.kind", kinds=", ".join(KINDS)))
    p.set_defaults(handler=cmd_charts, rules="italian", variant=[])


# ---------------------------------------------------------------------------------------------
# The casino games (`settemezzo.casino`): a rule set with open_deal is answered here
# ---------------------------------------------------------------------------------------------

def _casino_card(rules: Rules, lang: str) -> tuple[Any, Any]:
    from settemezzo.casino import Solver, best_card, card_cells, card_value
    from settemezzo.plots.casino import strategy_card_cells, strategy_card_chart

    solver = Solver(rules, exact=False)
    card = best_card(solver)
    cells = card_cells(solver, card)
    fig = strategy_card_chart(cells, rules, edge=-float(card_value(solver, card)), lang=lang)
    return fig, strategy_card_cells(cells)


def _casino_chart(args: argparse.Namespace, rules: Rules) -> int:
    """``chart strategy``: the strategy card (the only chart of a casino game)."""
    if args.kind != "strategy":
        raise InputError(t("cli.casino_chart_kind", args.lang, rules=rules.spec(),
                           kind=args.kind))
    out = check_chart_out(args.out)
    fig, data = _casino_card(rules, args.lang)
    for p in save_chart(fig, out, data if args.csv else None, replaced=replaced):
        print(t("cli.wrote", args.lang, path=p))
    return 0


def _casino_handout(args: argparse.Namespace, rules: Rules) -> int:
    """``handout``: the strategy card on an A4 page (PDF)."""
    from settemezzo.fileio import writing
    from settemezzo.plots.style import A4_PORTRAIT

    out = check_chart_out(args.out, (".pdf",))
    fig, _ = _casino_card(rules, args.lang)
    fig.set_size_inches(*A4_PORTRAIT)
    with writing(out, replaced=replaced) as (tmp,):
        fig.savefig(tmp, format="pdf")
    print(t("cli.wrote_page", args.lang, path=out, rules=describe_rules(rules, args.lang)))
    return 0
