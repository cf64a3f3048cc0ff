"""What every ``settemezzo`` subcommand shares: the language, the JSON output, exact numbers
as JSON, the rule set in a CSV, the notice on replacing a file.

Every subcommand takes ``--lang`` (`add_lang`; default: the ``SETTEMEZZO_LANG`` environment
variable, else English), and every human-readable line it prints is in that language.
Every ``--json`` output goes through `print_json`: UTF-8 text as is (7½, not ``\\u00bd``),
two-space indent, and the rule set under ``"rules"`` (its name in the chosen language) and
``"rules_spec"`` (the canonical spec, `settemezzo.rules.Rules.spec`, which ``--rules`` reads
back). A CSV names its rule set with the same two columns
(`settemezzo.fileio.with_rules`).
"""

from __future__ import annotations

import argparse
import os
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

from settemezzo.fileio import json_text, rules_json, value_json, with_rules
from settemezzo.rules import Rules

__all__ = ["LANG_ENV", "add_lang", "add_yes", "json_text", "pct", "print_json", "replaced",
           "rules_json", "value_json", "with_rules"]

LANG_ENV = "SETTEMEZZO_LANG"
"""The environment variable giving the default of every subcommand's ``--lang``."""


def print_json(obj: dict[str, Any], rules: Rules | None = None, lang: str = "en") -> None:
    """Print ``obj`` as the one JSON object of a ``--json`` run, led by the rule set (its
    name in ``lang``)."""
    print(json_text(obj, rules, lang))


def pct(x: float | Fraction | None, lang: str = "en", digits: int = 6) -> str:
    """A share as the command line prints it: '21.135793%', ASCII minus, the word for 'not
    available' where there is no number (`settemezzo.i18n.percent`)."""
    from settemezzo.i18n import percent

    return percent(x, lang, digits, typeset=False)


def replaced(path: Path) -> None:
    """Say on stderr that an existing file was replaced (`settemezzo.fileio.writing`)."""
    print(f"settemezzo: replaced the existing file {path}", file=sys.stderr)


def add_yes(parser: argparse.ArgumentParser) -> None:
    """``--yes``: solve even a game estimated large (`settemezzo.limits.check_exact_size`)."""
    from settemezzo.limits import ASK_ABOVE_SIZE

    parser.add_argument("--yes", action="store_true",
                        help=f"solve even a game estimated larger than {ASK_ABOVE_SIZE} "
                             f"times the Italian one (settemezzo.limits.exact_size)")


def add_lang(parser: argparse.ArgumentParser) -> None:
    """``--lang``: the language of every word the subcommand prints or draws (en, it, es,
    fr); the default comes from ``SETTEMEZZO_LANG``, else English. `settemezzo.cli` checks
    it before the subcommand runs (one line naming the bad value and the languages)."""
    from settemezzo.i18n import LANGUAGES

    parser.add_argument("--lang", default=os.environ.get(LANG_ENV) or "en", metavar="LANG",
                        help=f"the language of the output: {', '.join(LANGUAGES)} (default: "
                             f"${LANG_ENV}, else en)")
