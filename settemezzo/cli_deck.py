"""``settemezzo deckdown``: what remembering the cards seen is worth, playing the deck down.

Registered by `settemezzo.cli` (one line); pandas and the solver are imported only when the
command runs.

    settemezzo deckdown --players 1 4 --cycles 10
    settemezzo deckdown --banker table --banker equilibrium --cycles 4 --json
    settemezzo deckdown --report --out deckdown.csv
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path
from typing import Any

from settemezzo.cli_common import add_lang
from settemezzo.i18n import banker_words, number, number_range, percent, t
from settemezzo.rules import Rules

__all__ = ["add_to", "cmd_deckdown", "register", "summary_text"]


class DeckCliError(ValueError):
    """A command-line value that cannot be used."""


def _pm(x: float, se: float, lang: str) -> str:
    """'+1.79% ± 0.51%' per unit stake."""
    worth = percent(x, lang, 3, sign=True, typeset=False)
    return f"{worth} ± {percent(se, lang, 3, typeset=False)}" if not math.isnan(se) else worth


COLUMNS = ("players", "banker", "cycles", "hands", "remember", "forget", "worth")


def summary_text(summary: Any, rules: Rules, results: Any, lang: str = "en") -> str:
    """The report as text in ``lang``: one line per (players, banker), then how the values
    were made (the end of each deck: `settemezzo.deckdown`'s docstring)."""
    head = [t(f"deck.col_{c}", lang) for c in COLUMNS]
    cells = [[str(r.players), banker_words(str(r.banker), "deck.banker_", lang), str(r.cycles),
              str(r.player_hands),
              _pm(r.remember, r.remember_se, lang), _pm(r.forget, r.forget_se, lang),
              _pm(r.worth, r.worth_se, lang)] for r in summary.itertuples()]
    widths = [max(len(x) for x in col) for col in zip(head, *cells, strict=True)]

    def line(row: list[str]) -> str:
        return "  ".join(x.ljust(w) if i == 1 else x.rjust(w)
                         for i, (x, w) in enumerate(zip(row, widths, strict=True))).rstrip()

    lines = [t("deck.report_head", lang, rules=rules.describe(lang)), line(head),
             *map(line, cells), t("deck.report_exact", lang)]
    if "unplayed" in summary.columns and len(summary):
        n = number_range(summary["unplayed"], lang, typeset=False)
        lines.append(t("deck.unplayed_note", lang, n=n) + " " + t("deck.report_model", lang))
    lines += [t("deck.report_run_outs", lang, players=r.players, n=r.run_outs)
              for r in results if r.run_outs]
    return "\n".join(lines)


OUT_SUFFIXES = (".csv", ".png", ".svg", ".pdf")


def _write(path: Path, summary: Any, hands: Any, rules: Rules) -> None:
    """The rows (.csv) or the chart (.png, .svg, .pdf), written atomically (`fileio`)."""
    from settemezzo.cli_common import replaced
    from settemezzo.fileio import writing

    suffix = path.suffix.lower()
    with writing(path, replaced=replaced) as (temp,):
        if suffix == ".csv":
            hands.to_csv(temp, index=False, float_format="%.12g")
        else:
            from settemezzo.plots import worth_chart

            worth_chart(summary, rules).savefig(temp, format=suffix[1:],
                                                           bbox_inches="tight")


MAX_CYCLES = 1000
"""Most deck cycles one run may ask for (issue 15: bounded runs)."""


class _Progress:
    """A progress bar on stderr (tqdm): a new one each time a step starts over (a run's deck
    cycles, then its exact values per hand; the count study's hands)."""

    def __init__(self) -> None:
        self.bar: Any = None

    def __call__(self, done: int, total: int) -> None:
        from tqdm import tqdm

        if self.bar is None or self.bar.total != total or done < self.bar.n:
            self.close()
            self.bar = tqdm(total=total, desc="settemezzo deckdown", file=sys.stderr,
                            leave=False)
        self.bar.update(done - self.bar.n)
        if done >= total:
            self.close()

    def close(self) -> None:
        """End the current bar."""
        if self.bar is not None:
            self.bar.close()
            self.bar = None


def cmd_deckdown(args: argparse.Namespace) -> int:
    """Run the deck-down comparison (or the whole ``--report``) and print or write it."""
    from settemezzo.cli import _rules_from
    from settemezzo.cli_common import print_json
    from settemezzo.deckdown import combined, deck_down, report
    from settemezzo.fileio import check_out

    rules = _rules_from(args)
    if not 2 <= args.cycles <= MAX_CYCLES:
        raise DeckCliError(f"--cycles must be from 2 (for a standard error) to {MAX_CYCLES:,} "
                           f"(each cycle deals a whole deck and solves every hand exactly: "
                           f"about a second each), got {args.cycles}")
    out = check_out(args.out, OUT_SUFFIXES) if args.out is not None else None
    show = None if args.json or args.quiet else _Progress()
    if args.data is not None:
        return _write_data(args, rules, show)
    if args.report:
        results = report(rules, progress=show)
    else:
        bankers = args.banker or ["threshold:5"]
        results = [deck_down(rules, p, bankers, args.cycles, args.seed, show)
                   for p in args.players]  # a bad banker or player count: DeckDownError
    summary, hands = combined(results)
    if out is not None:
        _write(out, summary, hands, rules)
    if args.json:
        print_json({"runs": [r.to_dict() for r in results]}, rules, args.lang)
    else:
        print(summary_text(summary, rules, results, args.lang))
        if out is not None:
            print(t("cli.wrote", args.lang, path=out))
    return 0


def _write_data(args: argparse.Namespace, rules: Rules, show: Any) -> int:
    """``--report --data DIR``: run the report and the count study, write data/ files."""
    from settemezzo.deckcount import load_report, write_report
    from settemezzo.fileio import check_folder
    from settemezzo.rules import ITALIAN

    if not args.report or rules != ITALIAN:
        raise DeckCliError("--data DIR writes the Italian report: use it with --report and "
                           "no --rules/--variant")
    folder = check_folder(args.data, "--data")
    folder.mkdir(parents=True, exist_ok=True)
    lang = args.lang
    for path in write_report(folder, rules, progress=show):
        print(t("cli.wrote", lang, path=path))
    rep = load_report(folder)
    print(summary_text(rep.summary, rules, [], lang))
    share = (f"{percent(rep.capture, lang, 0, typeset=False)} ± "
             f"{percent(rep.capture_se, lang, 0, typeset=False)}")
    print(t("deck.report_count", lang, rule=rep.count.rule(lang),
            r2=number(rep.r2, lang, 2, typeset=False), share=share))
    return 0


def write_charts(folder: Path, suffix: str = ".png", lang: str = "en",
                 data: str | Path | None = None) -> list[Path]:
    """The deck-down charts of the precomputed Italian report (`settemezzo.deckcount`):
    the worth of remembering, the banker's edge against the count, and the printable
    counting card (always a PDF), into ``folder``. `settemezzo charts` calls this."""
    from settemezzo.cli_chart import save_chart
    from settemezzo.deckcount import DATA, count_card, edge_by_count, load_report
    from settemezzo.plots import count_card_chart, count_chart, worth_chart
    from settemezzo.rules import ITALIAN

    rep = load_report(DATA if data is None else data)
    rules = ITALIAN
    points, means = edge_by_count(rep.hands, rep.count)
    card = count_card(rep.flips)
    rule = rep.count.rule(lang)
    written = save_chart(worth_chart(rep.summary, rules, lang=lang),
                         folder / f"deck_worth{suffix}", rep.summary)
    written += save_chart(count_chart(points, means, rule, rep.capture, rules,
                                      capture_se=rep.capture_se, lang=lang),
                          folder / f"deck_count{suffix}", means)
    written += save_chart(count_card_chart(card, rule, rules, lang=lang),
                          folder / "deck_count_card.pdf", card)
    return written


def register(subparsers: Any, add_rules: Any) -> None:
    """Add ``deckdown``; ``add_rules`` adds --rules/--variant."""
    p = subparsers.add_parser(
        "deckdown", help="what remembering the cards seen is worth, playing the deck down",
        description="Deal whole decks down (reshuffle when exhausted) and compare a player "
                    "who plays the exact best play for the cards left with one who plays the "
                    "full-deck strategy, against the same banker: threshold:K (forgets), "
                    "table (remembers and reads the player's strategy; heads-up) or "
                    "equilibrium (remembers; heads-up). Values are exact per composition, "
                    "averaged over seeded deck cycles with standard errors. The end of a "
                    "deck: the rules shuffle the used cards when the deck runs out during a "
                    "hand; the exact engine cannot value a hand across that reshuffle, so "
                    "each deck cycle is shuffled afresh before the first hand whose cards "
                    "left could run out. The last cards of each deck (about 15 heads-up, "
                    "the 'unplayed' column) are not dealt and their hands are not in the "
                    "averages: the thinnest decks, where remembering is worth most per hand, "
                    "so the worth over whole decks is larger than reported. Every hand that "
                    "is played is dealt and valued exactly (settemezzo.deckdown's docstring).")
    add_rules(p)
    p.add_argument("--players", type=int, nargs="+", default=[1], metavar="N",
                   help="players at the table, one run each (default 1; e.g. 1 4)")
    p.add_argument("--banker", action="append", default=[], metavar="BANKER",
                   help="threshold:K, table or equilibrium (repeatable; default threshold:5)")
    p.add_argument("--cycles", type=int, default=10, help="deck cycles (default 10)")
    p.add_argument("--seed", type=int, default=0, help="seed of the shuffles (default 0)")
    p.add_argument("--report", action="store_true",
                   help="the whole report: 1 and 4 players, every banker (about 20 minutes "
                        "of one core; settemezzo.deckdown.REPORT_RUNS)")
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    add_lang(p)
    p.add_argument("--quiet", action="store_true", help="no progress on stderr")
    p.add_argument("--data", metavar="DIR",
                   help="with --report: also study the count and write the report's files "
                        "(data/deckdown_*.csv, read by the notebook and 'make charts')")
    p.add_argument("--out", help="write the rows FILE.csv, or the chart FILE.png|svg|pdf")
    p.set_defaults(handler=cmd_deckdown)


def add_to(subparsers: Any) -> None:
    """Register with the shared rule-set options of `settemezzo.cli`."""
    from settemezzo.cli import _add_rules_args

    register(subparsers, _add_rules_args)
