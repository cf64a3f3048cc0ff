"""The ``settemezzo`` command line.

Every command group is one module of this package with ``register(subparsers, lang)``: it
adds its subcommands' parsers, each with ``handler=`` a function ``(args) -> int``. To add a
group, write its module and name its subcommands in `COMMANDS`. `main` imports only the
module of the command it runs: the others appear in the help by their one-line summary (a
help text), their modules unloaded. What the commands share (the
rule-set options, card and policy parsing, output checks, chart saving, JSON output, the
help texts) is in `settemezzo.cli.common`, which imports no command; no command imports
another. A command module imports its light engine modules at the top and the heavy ones
(pandas, scipy, numba, matplotlib) inside its handler, so that building the parser and
running a light command load only what that command needs.

Every help text is in the language of ``--lang`` (wherever it is on the command line) or of
``SETTEMEZZO_LANG``, else English (`settemezzo.cli.help_texts`).

Exit status: 0 done; 2 bad input (argparse usage errors, and any `ValueError` the engine
raises: bad cards, bad rules, a number beyond its limit, an output path that cannot be
written), one line ``settemezzo: error: <message>`` on stderr; 1 a run that failed (an OS
error while writing, naming the path; memory; an interrupt; a solver failure), one line too.
A closed pipe (``settemezzo ... | head``) ends quietly with status 1, as Python advises.
Every ``--json`` output is printed by `settemezzo.cli.common.print_json`; every file is
written by `settemezzo.fileio.writing` (atomic: the old file or the new one, never half).
"""

from __future__ import annotations

import argparse
import importlib
import os
import sqlite3
import sys
from collections.abc import Callable, Collection, Sequence
from typing import Any

from settemezzo.cli.common import LANG_ENV, Subparsers, add_lang
from settemezzo.cli.help_texts import help_text

__all__ = ["COMMANDS", "PROG", "build_parser", "command_of", "main", "summary_key"]

PROG = "settemezzo"

COMMANDS: dict[str, str] = {
    "odds": "odds",
    "solve": "solve", "evaluate": "solve", "advise": "solve", "table": "solve",
    "edge": "solve", "data": "solve",
    "chart": "chart", "handout": "chart", "charts": "chart",
    "simulate": "simulate",
    "classroom": "classroom", "class-report": "classroom",
    "play": "play",
    "deckdown": "deck",
}
"""Every subcommand and the module of `settemezzo.cli` whose ``register`` adds it, in the
order the help lists them (a module's subcommands together, in the order it adds them)."""


class _Formatter(argparse.HelpFormatter):
    """argparse's help layout with its 'usage:' in the class's ``lang``."""

    lang = "en"

    def add_usage(self, usage: str | None, actions: Any, groups: Any,
                  prefix: str | None = None) -> None:
        if prefix is None:
            prefix = help_text("cli.help.usage", self.lang) + " "
        super().add_usage(usage, actions, groups, prefix)


class _Parser(argparse.ArgumentParser):
    """An argument parser whose own words (usage, the section titles, ``--help``) are in
    the class's ``lang`` (`_parser_class`); argparse's error messages stay English."""

    lang = "en"
    formatter: type[argparse.HelpFormatter] = _Formatter

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs["add_help"] = False
        kwargs["formatter_class"] = self.formatter
        super().__init__(*args, **kwargs)
        self._positionals.title = help_text("cli.help.positionals", self.lang)
        self._optionals.title = help_text("cli.help.options", self.lang)
        self.add_argument("-h", "--help", action="help", default=argparse.SUPPRESS,
                          help=help_text("cli.help.help", self.lang))


def _parser_class(lang: str) -> type[_Parser]:
    """`_Parser` speaking ``lang``: the class of the parser and of every subparser."""
    formatter = type("Formatter", (_Formatter,), {"lang": lang})  # not named for ``lang``:
    return type("Parser", (_Parser,), {"lang": lang, "formatter": formatter})  # any text


def summary_key(command: str) -> str:
    """The help text key of a subcommand's one-line summary (``cli.help.class_report.help``)."""
    return f"cli.help.{command.replace('-', '_')}.help"


def build_parser(lang: str | None = None, commands: Collection[str] | None = None
                 ) -> argparse.ArgumentParser:
    """The ``settemezzo`` parser, its help texts in ``lang`` (default: ``SETTEMEZZO_LANG``,
    else English), which is also the default of every ``--lang``: the whole parser of every
    subcommand of ``commands`` (None: all of `COMMANDS`) and of the others of its module;
    the other subcommands by name and summary only, their modules not imported."""
    lang = lang or os.environ.get(LANG_ENV) or "en"
    parser_class = _parser_class(lang)
    parser = parser_class(prog=PROG, description=help_text("cli.help.prog", lang))
    add_lang(parser, lang)
    subparsers: Subparsers[argparse.ArgumentParser] = parser.add_subparsers(
        dest="command", metavar="COMMAND", required=True, parser_class=parser_class)
    wanted = {COMMANDS[c] for c in (COMMANDS if commands is None else commands)}
    registered: set[str] = set()
    for command, module in COMMANDS.items():
        if module in wanted and module not in registered:
            importlib.import_module(f"settemezzo.cli.{module}").register(subparsers, lang)
            registered.add(module)
        elif module not in wanted:
            subparsers.add_parser(command, help=help_text(summary_key(command), lang))
    for sub in subparsers.choices.values():  # one --lang, the same, on every subcommand
        if "--lang" not in sub._option_string_actions:
            add_lang(sub, lang)
    return parser


def _lang_of(argv: Sequence[str]) -> str | None:
    """The value of the last ``--lang`` on the command line (before a ``--``), for the help
    texts and the default of every subcommand's ``--lang``; None if there is none."""
    found = None
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(argv):
            found = argv[i + 1]
        elif arg.startswith("--lang="):
            found = arg.partition("=")[2]
    return found


def command_of(argv: Sequence[str]) -> str | None:
    """The subcommand ``argv`` runs (its first word that is not an option of ``settemezzo``
    itself), if `COMMANDS` has it; else None."""
    args = iter(argv)
    for arg in args:
        if arg == "--lang":
            next(args, None)
        elif not arg.startswith("-"):
            return arg if arg in COMMANDS else None
    return None


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


def _run(handler: Callable[[argparse.Namespace], int], args: argparse.Namespace) -> int:
    """Run a handler, turning every expected failure into one line and a status."""
    from settemezzo.i18n import check_lang

    try:
        check_lang(args.lang)   # --lang, or $SETTEMEZZO_LANG (`settemezzo.cli.common.add_lang`)
        status = handler(args)
        sys.stdout.flush()
        return status
    except BrokenPipeError:
        _quiet_stdout()
        return 1
    except (ValueError, OverflowError) as exc:  # every SettemezzoError is a ValueError
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
    argv = sys.argv[1:] if argv is None else argv
    command = command_of(argv)
    parser = build_parser(_lang_of(argv), () if command is None else (command,))
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse: --help (0) or a usage error (2)
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    except BrokenPipeError:  # --help | head
        _quiet_stdout()
        return 1
    handler: Callable[[argparse.Namespace], int] = args.handler
    return _run(handler, args)


if __name__ == "__main__":
    raise SystemExit(main())
