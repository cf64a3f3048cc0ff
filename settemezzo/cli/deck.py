"""``settemezzo deckdown``: what remembering the cards seen is worth, playing the deck down.

pandas and the solver are imported only when the command runs.

    settemezzo deckdown --players 1 4 --cycles 10
    settemezzo deckdown --banker table --banker equilibrium --cycles 4 --json
    settemezzo deckdown --report --out deckdown.csv
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from settemezzo.cli.common import (
    CliError,
    Subparsers,
    add_lang,
    add_rules,
    check_out,
    print_json,
    replaced,
    rules_from,
    speak_progress,
)
from settemezzo.cli.help_texts import help_text
from settemezzo.i18n import (
    banker_words,
    count_rule,
    describe_rules,
    number,
    number_range,
    percent,
    t,
    with_rules,
)
from settemezzo.rules import ITALIAN, Rules

if TYPE_CHECKING:
    from collections.abc import Callable

    import pandas as pd

__all__ = ["MAX_CYCLES", "cmd_deckdown", "register", "summary_text", "write_report"]


def _pm(x: float, se: float, lang: str) -> str:
    """'+1.79% ± 0.51%' per unit stake."""
    worth = percent(x, lang, 3, sign=True, typeset=False)
    return f"{worth} ± {percent(se, lang, 3, typeset=False)}" if not math.isnan(se) else worth


COLUMNS = ("players", "banker", "cycles", "hands", "remember", "forget", "worth")


def summary_text(summary: Any, rules: Rules, results: Any, lang: str = "en") -> str:
    """The report as text in ``lang``: one line per (players, banker), then how the values
    were made (the end of each deck: `settemezzo.deck.down`'s docstring)."""
    head = [t(f"deck.col_{c}", lang) for c in COLUMNS]
    cells = [[str(r.players), banker_words(str(r.banker), "deck.banker_", lang), str(r.cycles),
              str(r.player_hands),
              _pm(r.remember, r.remember_se, lang), _pm(r.forget, r.forget_se, lang),
              _pm(r.worth, r.worth_se, lang)] for r in summary.itertuples()]
    widths = [max(len(x) for x in col) for col in zip(head, *cells, strict=True)]

    def line(row: list[str]) -> str:
        return "  ".join(x.ljust(w) if i == 1 else x.rjust(w)
                         for i, (x, w) in enumerate(zip(row, widths, strict=True))).rstrip()

    lines = [t("deck.report_head", lang, rules=describe_rules(rules, lang)), line(head),
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
"""Most deck cycles one run may ask for (a run stays bounded)."""


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
    rules = rules_from(args)
    if not 2 <= args.cycles <= MAX_CYCLES:
        raise CliError(f"--cycles must be from 2 (for a standard error) to {MAX_CYCLES:,} "
                       f"(each cycle deals a whole deck and solves every hand exactly: "
                       f"about a second each), got {args.cycles}")
    out = check_out(args.out, OUT_SUFFIXES) if args.out is not None else None
    speak_progress(args.lang)
    from settemezzo.deck.down import combined, deck_down, report

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
    from settemezzo.deck.count import load_report
    from settemezzo.fileio import check_folder

    if not args.report or rules != ITALIAN:
        raise CliError("--data DIR writes the Italian report: use it with --report and "
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
    print(t("deck.report_count", lang, rule=count_rule(rep.count, lang),
            r2=number(rep.r2, lang, 2, typeset=False), share=share))
    return 0


def write_report(folder: str | Path | None = None, rules: Rules = ITALIAN,
                 progress: Callable[[int, int], None] | None = None,
                 hands: pd.DataFrame | None = None) -> list[Path]:
    """Run `settemezzo.deck.down.report` (or take its rows ``hands``) and
    `settemezzo.deck.count.best_count`, and write the three files of the report into
    ``folder`` (default: ``data/``, `settemezzo.deck.count.DATA`; atomically), each with the
    rule set's ``rules`` and ``rules_spec`` columns (`settemezzo.i18n.with_rules`), the
    counts with their ``rule`` in English (`settemezzo.i18n.count_rule`). Minutes: see
    `settemezzo.deck.down.REPORT_RUNS`."""
    from settemezzo.deck import count
    from settemezzo.deck.down import combined, report
    from settemezzo.fileio import writing

    if hands is None:
        _, hands = combined(report(rules, progress=progress))
    study, counts = count.best_count(hands, rules, progress=progress)
    counts.insert(1, "rule", [count_rule(count.Count(tuple(int(x) for x in tags.split())))
                              for tags in counts["tags"]])
    where = Path(folder) if folder is not None else count.DATA
    paths = [where / name for name in (count.ROWS_FILE, count.FLIPS_FILE, count.COUNT_FILE)]
    with writing(*paths) as temps:
        for df, temp in zip((hands, study.flips, counts), temps, strict=True):
            with_rules(df, rules).to_csv(temp, index=False, float_format="%.12g")
    return paths


def register(subparsers: Subparsers[argparse.ArgumentParser], lang: str = "en") -> None:
    """Add ``deckdown``, its help in ``lang``."""
    def h(key: str) -> str:
        return help_text(f"cli.help.deckdown.{key}", lang)

    p = subparsers.add_parser("deckdown", help=h("help"), description=h("description"))
    add_rules(p, lang)
    p.add_argument("--players", type=int, nargs="+", default=[1], metavar="N",
                   help=h("players"))
    p.add_argument("--banker", action="append", default=[], metavar="BANKER",
                   help=h("banker"))
    p.add_argument("--cycles", type=int, default=10, help=h("cycles"))
    p.add_argument("--seed", type=int, default=0, help=h("seed"))
    p.add_argument("--report", action="store_true", help=h("report"))
    p.add_argument("--json", action="store_true", help=h("json"))
    add_lang(p, lang)
    p.add_argument("--quiet", action="store_true", help=h("quiet"))
    p.add_argument("--data", metavar="DIR", help=h("data"))
    p.add_argument("--out", help=h("out"))
    p.set_defaults(handler=cmd_deckdown)
