"""``settemezzo classroom`` and ``settemezzo class-report``: the whole class at once.

Registered by `settemezzo.cli`.

    settemezzo classroom --host 0.0.0.0 --port 8867 --db class.db
    settemezzo class-report --db class.db --out class.pdf
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from settemezzo.cli_common import add_lang

__all__ = ["add_to", "cmd_class_report", "cmd_classroom", "register"]


class ClassCliError(ValueError):
    """A command-line value that cannot be used."""


def _existing_db(text: str) -> Path:
    path = Path(text)
    if not path.is_file():
        raise ClassCliError(f"--db {text!r}: no class database there (start one with "
                            f"'settemezzo classroom --db {text}')")
    return path


def cmd_class_report(args: argparse.Namespace) -> int:
    """Print the class summary (text or ``--json``) or write it to ``--out`` (.csv/.pdf)."""
    from settemezzo.classroom_server.report import load_summary, summary_text, write_report
    from settemezzo.classroom_server.store import ClassStore
    from settemezzo.cli_common import print_json, replaced
    from settemezzo.fileio import check_out

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
        raise ClassCliError(f"--port must be 0 to 65535, got {args.port!r}")
    return serve(args.db, args.host, args.port, args.lang, sys.stdout, seed=args.seed,
                 rules=args.rules.spec(), variants=tuple(args.variant), level=args.level,
                 hands=args.hands, max_students=args.max_students)


def register(subparsers: Any, add_rules: Any) -> None:
    """Add ``classroom`` and ``class-report``; ``add_rules`` adds --rules/--variant."""
    p = subparsers.add_parser(
        "classroom", help="serve the class: students join from their own devices",
        description="A small web server for the whole class: students open the printed "
                    "address on their own devices, type the class code and a name, and "
                    "answer stand-or-hit hands (everyone gets the same hands); the teacher "
                    "opens /teacher with the teacher code. Every answer is kept in --db.")
    add_rules(p)
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (0.0.0.0: every network; default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8867, help="port (default 8867)")
    p.add_argument("--db", default="classroom.db", help="the class database (SQLite file)")
    p.add_argument("--seed", help="the class seed of a new class (default: random)")
    p.add_argument("--level", type=int, default=1, choices=(1, 2, 3),
                   help="1: first card vs a rule-of-thumb banker; 2: longer hands; "
                        "3: against the equilibrium banker (default 1)")
    p.add_argument("--hands", type=int, default=10, help="hands per round (default 10)")
    p.add_argument("--max-students", type=int, default=100,
                   help="the most students who may join (default 100)")
    add_lang(p)
    p.set_defaults(handler=cmd_classroom)

    r = subparsers.add_parser(
        "class-report", help="the class summary from a class database",
        description="The scoreboard of a round (the current one by default): as text, as "
                    "JSON (--json: also the mistakes by hand state, the most expensive "
                    "mistakes and each student's progress), or written to --out FILE.csv "
                    "(the scoreboard) or FILE.pdf (a one-page summary).")
    r.add_argument("--db", required=True, help="the class database (SQLite file)")
    group = r.add_mutually_exclusive_group()
    group.add_argument("--json", action="store_true", help="print the summary as JSON")
    group.add_argument("--out", metavar="FILE.csv|FILE.pdf", help="write the summary here")
    r.add_argument("--round", type=int, help="the round (default: the current one)")
    add_lang(r)
    r.set_defaults(handler=cmd_class_report)


def add_to(subparsers: Any) -> None:
    """Register both commands with the shared rule-set options of `settemezzo.cli`."""
    from settemezzo.cli import _add_rules_args

    register(subparsers, _add_rules_args)
