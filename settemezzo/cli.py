"""The ``settemezzo`` command line.

Every subcommand is one pair of functions: ``_add_NAME(subparsers)`` registers its parser
(and sets ``handler=_cmd_NAME``), ``_cmd_NAME(args) -> int`` runs it. To add a subcommand,
write the pair and append ``_add_NAME`` to `_SUBCOMMANDS`. Rule-set options are shared:
call `_add_rules_args` on the parser and `_rules_from` in the handler.

Exit status: 0 done; 2 bad input (argparse usage errors, and any `ValueError` the engine
raises: bad cards, bad rules, a number beyond its limit, an output path that cannot be
written), one line ``settemezzo: error: <message>`` on stderr; 1 a run that failed (an OS
error while writing, naming the path; memory; an interrupt; a solver failure), one line too.
A closed pipe (``settemezzo ... | head``) ends quietly with status 1, as Python advises.
Every ``--json`` output is printed by `settemezzo.cli_common.print_json`; every file is
written by `settemezzo.fileio.writing` (atomic: the old file or the new one, never half).
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import sys
from collections.abc import Callable, Sequence
from fractions import Fraction

from settemezzo import cli_classroom, cli_deck, cli_play
from settemezzo.cards import CardSpec, Kind, parse_spec, parse_specs
from settemezzo.cli_common import add_lang, print_json, value_json
from settemezzo.hands import BUST, is_finished, score, total
from settemezzo.i18n import check_lang, describe_rules, percent, score_label, t
from settemezzo.odds import (
    HandState,
    draw_kinds,
    final_distribution,
    hit_outcomes,
    next_card,
    points_label,
)
from settemezzo.policy import parse_threshold
from settemezzo.rules import KNOBS, PRESETS, Rules, from_spec

__all__ = ["build_parser", "main"]

PROG = "settemezzo"

Subparsers = argparse._SubParsersAction  # what ``parser.add_subparsers()`` returns


# ---------------------------------------------------------------------------------------------
# Shared helpers
# ---------------------------------------------------------------------------------------------


def _add_rules_args(parser: argparse.ArgumentParser) -> None:
    """Add ``--rules SPEC`` (a preset, or a spec as `Rules.spec` prints it) and the repeatable
    ``--variant KNOB[=VALUE]``, both read by `settemezzo.rules.from_spec`."""

    def spec(text: str) -> Rules:  # a bad spec is a usage error, with the usage line
        try:
            return from_spec(text)
        except ValueError as e:
            raise argparse.ArgumentTypeError(str(e)) from None

    parser.add_argument(
        "--rules", default="italian", metavar="SPEC", type=spec,
        help=f"the rule set: a preset ({', '.join(PRESETS)}), then optionally "
             f"+KNOB[=VALUE] changes, e.g. italian+royal+burn=3,4 (the rules_spec that "
             f"--json prints; default: italian)")
    knobs = "; ".join(f"{k}: {v}" for k, v in KNOBS.items())
    parser.add_argument(
        "--variant", action="append", default=[], metavar="KNOB[=VALUE]",
        help=f"switch a rule knob on (or set it), repeatable. Knobs: {knobs}")


def _rules_from(args: argparse.Namespace) -> Rules:
    """The rule set of ``--rules`` (`settemezzo.rules.from_spec`) with every ``--variant``."""
    rules: Rules = args.rules
    variants: list[str] = args.variant
    return rules.with_variants(*variants) if variants else rules


def _parse_cards_arg(text: str) -> list[CardSpec]:
    """One command-line value naming one card ('re di denari') or several ('1 3', '7d, Kc')."""
    if "," not in text:
        try:
            return [parse_spec(text)]
        except ValueError:
            pass
    return parse_specs(text)


def _parse_cards_args(texts: Sequence[str]) -> list[CardSpec]:
    return [spec for text in texts for spec in _parse_cards_arg(text)]


def _frac(p: Fraction, width: int = 0, lang: str = "en") -> str:
    """'9/13  (69.23%)': the exact fraction, padded to ``width``, and a percentage."""
    return f"{p!s:<{width}}  ({percent(p, lang, 2, typeset=False)})"


def _table(rows: Sequence[tuple[str, Fraction]], lang: str = "en") -> list[str]:
    """Indented lines 'label  fraction  (percent)', with aligned columns."""
    if not rows:
        return []
    lw = max(len(label) for label, _ in rows)
    fw = max(len(str(p)) for _, p in rows)
    return [f"  {label:<{lw}}  {_frac(p, fw, lang)}".rstrip() for label, p in rows]


# ---------------------------------------------------------------------------------------------
# settemezzo odds
# ---------------------------------------------------------------------------------------------


def _add_odds(subparsers: Subparsers[argparse.ArgumentParser]) -> None:
    p: argparse.ArgumentParser = subparsers.add_parser(
        "odds",
        help="exact draw odds for one hand: next card, bust, 7½, final total",
        description=(
            "Exact odds for a hand: the next-card distribution, the chance that one more card "
            "busts or makes exactly 7½, and the distribution of the final total when hitting "
            "below a threshold. Cards are ranks (A 2-7 J Q K, or Italian/Spanish names) with "
            "an optional suit (7d, K♦, 're di denari'); the suit matters only for the K♦."),
    )
    p.add_argument("--hole", required=True, metavar="CARD",
                   help="the face-down card, e.g. 5, 7d, 're di denari'")
    p.add_argument("--up", action="append", default=[], metavar="CARDS",
                   help="face-up card(s) in order; repeat it or give several: --up '1 3'")
    p.add_argument("--seen", action="append", default=[], metavar="CARDS",
                   help="other cards already seen, separated by spaces or commas "
                        "(commas for names of several words: 're di denari, sota de copas')")
    p.add_argument("--threshold", default="5", metavar="POINTS",
                   help="policy for the final total: hit below POINTS, stand on POINTS or more "
                        "(default: 5; halves allowed: 5.5 or 5½)")
    p.add_argument("--json", action="store_true", help="print one JSON object instead of text")
    _add_rules_args(p)
    p.set_defaults(handler=_cmd_odds)


def _cmd_odds(args: argparse.Namespace) -> int:
    rules = _rules_from(args)
    k = parse_threshold(args.threshold)
    hole = _parse_cards_arg(args.hole)
    if len(hole) != 1:
        raise ValueError(f"--hole takes one card, got {args.hole!r}")
    state = HandState.of(hole[0], up=_parse_cards_args(args.up),
                         seen=_parse_cards_args(args.seen), rules=rules)
    hand = state.cards
    unseen = state.unseen()
    total_now = total(hand, rules)
    finished = is_finished(hand, rules)
    result = score(hand, rules)
    nxt = next_card(unseen, rules)
    counts = dict(draw_kinds(unseen, rules))
    hit = None if finished else hit_outcomes(hand, unseen, rules)
    final = final_distribution(hand, unseen, rules, Fraction(k, 2))  # it takes points
    lang = args.lang
    policy = t("cli.hit_below", lang, k=points_label(k))
    if args.json:
        print_json({
            "hand": str(state),
            "total": total_now,
            "total_label": points_label(total_now),
            "finished": finished,
            "result": score_label(result, lang) if finished else None,
            "unseen": unseen.total,
            "next_card": [
                {"card": kind.label, "half_points": kind.half_points, "count": counts[kind],
                 **value_json(p)}
                for kind, p in nxt.items()],
            "bust_chance": None if hit is None else value_json(hit["bust"]),
            "seven_half_chance": None if hit is None else value_json(hit["seven_half"]),
            "threshold": points_label(k),
            "policy": policy,
            "final_distribution": [
                {"score": s, "label": score_label(s, lang), **value_json(p)}
                for s, p in sorted(final.items())],
        }, rules, lang)
        return 0
    print("\n".join(_odds_lines(state, rules, nxt, counts, hit, final, policy, lang)))
    return 0


def _odds_lines(state: HandState, rules: Rules, nxt: dict[Kind, Fraction],
                counts: dict[Kind, int], hit: dict[str, Fraction] | None,
                final: dict[int, Fraction], policy: str, lang: str) -> list[str]:
    """What ``settemezzo odds`` prints, in ``lang``."""
    hand, unseen = state.cards, state.unseen()
    total_now, result = total(hand, rules), score(hand, rules)
    if not is_finished(hand, rules):
        now = t("word.total", lang, t=points_label(total_now))
    elif result == BUST:
        now = t("cli.total_bust", lang, t=points_label(total_now))
    else:
        now = t("cli.finished", lang, score=score_label(result, lang))
    lines = [
        describe_rules(rules, lang),
        t("cli.hand", lang, hand=state, now=now),
        t("cli.unseen", lang, n=unseen.total),
        "",
        t("cli.next_card", lang),
        *_table([(f"{kind.label:>2} "
                  + t("cli.count_of", lang, n=f"{counts[kind]:>2}", total=unseen.total), p)
                 for kind, p in nxt.items()], lang),
    ]
    if hit is not None:
        seven = "cli.seven_half_or_pair" if rules.pair_of_sevens else "cli.seven_half"
        lines += ["", t("cli.one_more", lang),
                  *_table([(score_label(BUST, lang), hit["bust"]),
                           (t(seven, lang), hit["seven_half"])], lang)]
    lines += ["", t("cli.final_total", lang, policy=policy),
              *_table([(score_label(s, lang), p) for s, p in sorted(final.items())], lang)]
    return lines


# ---------------------------------------------------------------------------------------------
# The parser and main
# ---------------------------------------------------------------------------------------------

def _add_solver_commands(subparsers: Subparsers[argparse.ArgumentParser]) -> None:
    """solve, evaluate, advise, table, data (in `settemezzo.cli_solve`)."""
    from settemezzo import cli_solve

    cli_solve.register(subparsers, _add_rules_args)


def _add_chart_commands(subparsers: Subparsers[argparse.ArgumentParser]) -> None:
    """chart, handout, charts (in `settemezzo.cli_chart`)."""
    from settemezzo import cli_chart

    cli_chart.register(subparsers, _add_rules_args)


def _add_simulate(subparsers: Subparsers[argparse.ArgumentParser]) -> None:
    """simulate (in `settemezzo.cli_simulate`)."""
    from settemezzo import cli_simulate

    cli_simulate.register(subparsers, _add_rules_args)


def _cmd_solver(args: argparse.Namespace) -> int:
    return int(args.solver_cmd(args, _rules_from(args)))


_SUBCOMMANDS: list[Callable[[Subparsers[argparse.ArgumentParser]], None]] = [
    _add_odds, _add_solver_commands, _add_chart_commands, _add_simulate, cli_classroom.add_to,
    cli_play.add_to, cli_deck.add_to]
"""Each registers one subcommand; add yours here."""


def build_parser() -> argparse.ArgumentParser:
    """The ``settemezzo`` parser with every subcommand of `_SUBCOMMANDS`."""
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="Exact odds, strategy and banker's edge for Sette e mezzo / Siete y media.")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for add in _SUBCOMMANDS:
        add(subparsers)
    for sub in subparsers.choices.values():  # one --lang, the same, on every subcommand
        if "--lang" not in sub._option_string_actions:
            add_lang(sub)
    return parser


def _error(message: str, status: int = 2) -> int:
    one_line = " ".join(str(message).split())
    print(f"{PROG}: error: {one_line}", file=sys.stderr)
    return status


def _os_error(exc: OSError) -> str:
    """One line naming the path: "out/x.csv: Permission denied"."""
    what = exc.strerror or type(exc).__name__
    if exc.filename is None:
        return f"{what}: {exc}"
    return f"{exc.filename!s}: {what}"


def _quiet_stdout() -> None:
    """After a closed pipe: point stdout at /dev/null, so that the interpreter's last flush
    does not complain (https://docs.python.org/3/library/signal.html#note-on-sigpipe)."""
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, ValueError, OSError):  # captured output (tests): nothing to do
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fd)
    os.close(devnull)


def _progress_speaks(lang: str) -> None:
    """Progress bars in the language of the command (`settemezzo.results.PROGRESS_LANG`)."""
    from settemezzo import results

    results.PROGRESS_LANG[0] = lang


def _run(handler: Callable[[argparse.Namespace], int], args: argparse.Namespace) -> int:
    """Run a handler, turning every expected failure into one line and a status."""
    try:
        check_lang(args.lang)   # --lang, or $SETTEMEZZO_LANG (`settemezzo.cli_common.add_lang`)
        _progress_speaks(args.lang)
        status = handler(args)
        sys.stdout.flush()
        return status
    except BrokenPipeError:
        _quiet_stdout()
        return 1
    except (ValueError, OverflowError) as exc:  # CardError, RulesError... subclass ValueError
        return _error(str(exc))
    except OSError as exc:
        return _error(_os_error(exc), 1)
    except sqlite3.DatabaseError as exc:  # a class database that is not one
        return _error(f"the database cannot be used: {exc}",
                      1 if isinstance(exc, sqlite3.OperationalError) else 2)
    except EOFError:  # an interactive command (play) whose input ended: Ctrl-D, or < /dev/null
        print(file=sys.stderr)
        return 0
    except MemoryError:
        return _error("out of memory: try fewer hands or a smaller rule set", 1)
    except KeyboardInterrupt:
        return _error("interrupted (no file was left half-written)", 1)
    except RuntimeError as exc:  # a solver that failed (settemezzo.solve.SolverError)
        return _error(f"the run failed: {exc}", 1)


def main(argv: list[str] | None = None) -> int:
    """Run the command line; return the exit status (0 ok, 2 bad input, 1 a failed run)."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse: --help (0) or a usage error (2)
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    except BrokenPipeError:  # --help | head
        _quiet_stdout()
        return 1
    handler: Callable[[argparse.Namespace], int] = getattr(args, "handler", _cmd_solver)
    return _run(handler, args)


if __name__ == "__main__":
    raise SystemExit(main())
