"""``settemezzo classroom`` and ``settemezzo class-report``: the whole class at once.

    settemezzo classroom --host 0.0.0.0 --port 8867 --db class.db
    settemezzo class-report --db class.db --out class.pdf
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from settemezzo.cli.common import (
    CliError,
    Subparsers,
    add_lang,
    add_rules,
    check_out,
    print_json,
    replaced,
    rules_from,
)
from settemezzo.cli.help_texts import help_text

__all__ = ["cmd_class_report", "cmd_classroom", "register"]


def _existing_db(text: str) -> Path:
    path = Path(text)
    if not path.is_file():
        raise CliError(f"--db {text!r}: no class database there (start one with "
                            f"'settemezzo classroom --db {text}')")
    return path


def cmd_class_report(args: argparse.Namespace) -> int:
    """Print the class summary (text or ``--json``) or write it to ``--out`` (.csv/.pdf)."""
    from settemezzo.classroom_server.report import load_summary, summary_text, write_report
    from settemezzo.classroom_server.store import ClassStore

    if args.out:
        check_out(args.out, (".csv", ".pdf"))          # before any work
    store = ClassStore.open(_existing_db(args.db))
    try:
        rnd = args.round if args.round is not None else store.round
        store.round_seed(rnd)                      # StoreError for a round not played
        if args.out:
            print(write_report(store, args.out, args.lang, rnd, replaced))
        elif args.json:
            from settemezzo.classroom_server.service import rules_from_setting

            print_json(load_summary(store, rnd), rules_from_setting(store.setting("rules")),
                       args.lang)
        else:
            print(summary_text(load_summary(store, rnd), args.lang))
    finally:
        store.close()
    return 0


def cmd_classroom(args: argparse.Namespace) -> int:
    """Serve the class until interrupted."""
    from settemezzo.classroom_server.server import serve

    if not 0 <= args.port <= 65535:
        raise CliError(f"--port must be 0 to 65535, got {args.port!r}")
    rules_from(args)  # the class plays the home game: a casino game is refused in one line
    from settemezzo.teaching.trainer import LEVELS  # the trainer's levels, the widget's too

    if args.level not in LEVELS:
        raise CliError(f"--level must be one of {', '.join(map(str, sorted(LEVELS)))}, "
                       f"got {args.level!r}")
    return serve(args.db, args.host, args.port, args.lang, sys.stdout, seed=args.seed,
                 rules=args.rules.spec(), variants=tuple(args.variant), level=args.level,
                 hands=args.hands, max_students=args.max_students)


def register(subparsers: Subparsers[argparse.ArgumentParser], lang: str = "en") -> None:
    """Add ``classroom`` and ``class-report``, their help in ``lang``."""
    def h(key: str) -> str:
        return help_text(f"cli.help.{key}", lang)

    p = subparsers.add_parser("classroom", help=h("classroom.help"),
                              description=h("classroom.description"))
    add_rules(p, lang)
    p.add_argument("--host", default="127.0.0.1", help=h("classroom.host"))
    p.add_argument("--port", type=int, default=8867, help=h("classroom.port"))
    p.add_argument("--db", default="classroom.db", help=h("classroom.db"))
    p.add_argument("--seed", help=h("classroom.seed"))
    # the levels are the trainer's (teaching.trainer.LEVELS), checked when the class opens
    p.add_argument("--level", type=int, default=1, help=h("classroom.level"))
    p.add_argument("--hands", type=int, default=10, help=h("classroom.hands"))
    p.add_argument("--max-students", type=int, default=100, help=h("classroom.max_students"))
    add_lang(p, lang)
    p.set_defaults(handler=cmd_classroom)

    r = subparsers.add_parser("class-report", help=h("class_report.help"),
                              description=h("class_report.description"))
    r.add_argument("--db", required=True, help=h("classroom.db"))
    group = r.add_mutually_exclusive_group()
    group.add_argument("--json", action="store_true", help=h("class_report.json"))
    group.add_argument("--out", metavar="FILE.csv|FILE.pdf", help=h("class_report.out"))
    r.add_argument("--round", type=int, help=h("class_report.round"))
    add_lang(r, lang)
    r.set_defaults(handler=cmd_class_report)
