"""What every ``settemezzo`` subcommand shares: the language and the help texts, the rule-set
options, card and policy parsing, output checks, chart saving, the JSON output.

Every command module imports this one; it imports no command. Every subcommand takes
``--lang`` (`add_lang`; default: the ``SETTEMEZZO_LANG`` environment variable, else
English), and every human-readable line it prints is in that language.
Every ``--json`` output goes through `print_json`: UTF-8 text as is (7½, not ``\\u00bd``),
two-space indent, and the rule set under ``"rules"`` (its name in the chosen language) and
``"rules_spec"`` (the canonical spec, `settemezzo.rules.Rules.spec`, which ``--rules`` reads
back). A CSV names its rule set with the same two columns
(`settemezzo.i18n.with_rules`).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Callable, Sequence
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from settemezzo.cards import CardSpec, parse_spec, parse_specs
from settemezzo.cli.help_texts import help_text, is_help_key
from settemezzo.errors import InputError, RulesError
from settemezzo.fileio import OutputPathError, json_text, value_json
from settemezzo.i18n import count_rule, rules_json, with_rules
from settemezzo.rules import CASINO_PRESETS, KNOBS, PRESETS, Rules, from_spec

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.figure import Figure

__all__ = ["BANKERS", "FORMATS", "LANG_ENV", "PNG_DPI", "CliError", "Subparsers", "add_lang",
           "add_rules", "add_yes", "chart_error", "check_chart_out", "check_out",
           "check_policy", "json_text", "knob_help", "parse_cards_arg", "parse_cards_args",
           "parse_sale", "pct", "print_json", "replaced", "rules_from", "rules_json",
           "save_chart", "speak_progress", "value_json", "with_rules", "write_deck_charts"]

LANG_ENV = "SETTEMEZZO_LANG"
"""The environment variable giving the default of every subcommand's ``--lang``."""

Subparsers = argparse._SubParsersAction  # what ``parser.add_subparsers()`` returns


class CliError(InputError):
    """A command-line value that cannot be used (exit status 2)."""


# ---------------------------------------------------------------------------------------------
# Options every command shares
# ---------------------------------------------------------------------------------------------


def add_lang(parser: argparse.ArgumentParser, lang: str = "en") -> None:
    """``--lang``: the language of every word the subcommand prints or draws (en, it, es,
    fr); its default is ``lang``, the language `settemezzo.cli.main` found on the command
    line or in ``SETTEMEZZO_LANG`` (else English). `settemezzo.cli` checks it before the
    subcommand runs (one line naming the bad value and the languages)."""
    from settemezzo.i18n import LANGUAGES

    parser.add_argument("--lang", default=lang, metavar="LANG",
                        help=help_text("cli.help.lang", lang, langs=", ".join(LANGUAGES),
                                       env=LANG_ENV))


def add_yes(parser: argparse.ArgumentParser, lang: str = "en") -> None:
    """``--yes``: solve even a game estimated large (`settemezzo.limits.check_exact_size`)."""
    from settemezzo.limits import ASK_ABOVE_SIZE

    parser.add_argument("--yes", action="store_true",
                        help=help_text("cli.help.yes", lang, n=ASK_ABOVE_SIZE))


def add_rules(parser: argparse.ArgumentParser, lang: str = "en") -> None:
    """Add ``--rules SPEC`` (a preset, or a spec as `Rules.spec` prints it) and the repeatable
    ``--variant KNOB[=VALUE]``, both read by `settemezzo.rules.from_spec`."""

    def spec(text: str) -> Rules:  # a bad spec is a usage error, with the usage line
        try:
            return from_spec(text)
        except ValueError as e:
            raise argparse.ArgumentTypeError(str(e)) from None

    parser.add_argument("--rules", default="italian", metavar="SPEC", type=spec,
                        help=help_text("cli.help.rules", lang,
                                       presets=", ".join([*PRESETS, *CASINO_PRESETS])))
    knobs = "; ".join(f"{k}: {knob_help(k, lang)}" for k in KNOBS)
    parser.add_argument("--variant", action="append", default=[], metavar="KNOB[=VALUE]",
                        help=help_text("cli.help.variant", lang, knobs=knobs))


def knob_help(knob: str, lang: str = "en") -> str:
    """What a ``--variant`` knob does, in ``lang`` (`settemezzo.rules.KNOBS`; a knob whose
    help only names its values keeps it as it is)."""
    key = f"cli.help.knob.{knob}"
    return help_text(key, lang) if is_help_key(key) else KNOBS[knob]


def rules_from(args: argparse.Namespace, casino: bool = False) -> Rules:
    """The rule set of ``--rules`` (`settemezzo.rules.from_spec`) with every ``--variant``;
    a casino game (``open_deal``) only for a command that plays it (``casino``: the command
    answers it with `settemezzo.casino`), a `RulesError` in one line otherwise."""
    rules: Rules = args.rules
    variants: list[str] = args.variant
    rules = rules.with_variants(*variants) if variants else rules
    if rules.open_deal and not casino:
        from settemezzo.i18n import t

        raise RulesError(t("cli.casino_refused", getattr(args, "lang", "en"),
                           rules=rules.spec()))
    return rules


def speak_progress(lang: str) -> None:
    """Progress bars of a long solve in the language of the command
    (`settemezzo.results.PROGRESS_WORDS`: the catalogue's ``progress.*``); called by the
    commands that may solve, so that the others do not load the solver."""
    from settemezzo import results
    from settemezzo.i18n import describe_rules, t

    def words(kind: str, **fields: Any) -> str:
        if "rules" in fields:
            fields["rules"] = describe_rules(fields["rules"], lang)
        return t(f"progress.{kind}", lang, **fields)

    results.PROGRESS_WORDS[0] = words


# ---------------------------------------------------------------------------------------------
# Values people type
# ---------------------------------------------------------------------------------------------


def parse_cards_arg(text: str) -> list[CardSpec]:
    """One command-line value naming one card ('re di denari') or several ('1 3', '7d, Kc')."""
    if "," not in text:
        try:
            return [parse_spec(text)]
        except ValueError:
            pass
    return parse_specs(text)


def parse_cards_args(texts: Sequence[str]) -> list[CardSpec]:
    """Every card of a repeatable option (``--up 1 --up '3 5'``), in order."""
    return [spec for text in texts for spec in parse_cards_arg(text)]


BANKERS = ("equilibrium", "threshold:K", "omniscient")
"""The bankers a table, an advice, a chart or an edge is computed against."""


def check_policy(text: str, option: str, allowed: Sequence[str]) -> str:
    """``text`` (lower-cased) if it is one of the policies ``allowed`` in this place, else a
    `CliError` naming the option and listing exactly those policies. ``threshold:K`` stands
    for every threshold (checked by `settemezzo.policy.parse_threshold`); ``threshold:K,split``
    for a player threshold with ``,split``/``,swap`` (the grammar: `settemezzo.policy`)."""
    from settemezzo import policy

    bases = [a for a in allowed if a != "threshold:K,split"]
    options = ("split", "swap") if "threshold:K,split" in allowed else ()
    try:
        p = policy.parse(text, bases, options)
    except policy.PolicyError as e:
        if str(e).startswith("bad "):  # a bad K: the threshold's own message
            raise
        p = None
    if p is None or (p.kind != "threshold" and p.name != p.kind):  # options: thresholds only
        raise CliError(f"{option} {text!r} is not a policy here; use one of: "
                         f"{', '.join(allowed)}")
    return p.name


def parse_sale(text: str | None) -> tuple[int, int] | None:
    """``--sale PRICE[@HANDS]`` (the keep-the-bank variant): (price, hands), or None."""
    import re

    from settemezzo import limits as L

    if text is None:
        return None
    price, _, after = text.partition("@")
    if not re.fullmatch(r"[0-9]{1,30}", price.strip()) or (
            after and not re.fullmatch(r"[0-9]{1,30}", after.strip())):
        raise CliError(f"--sale takes PRICE or PRICE@HANDS (e.g. 20@5), got {text!r}")
    return (L.check_count("--sale price", int(price), 1, L.MAX_CHIPS, L.CHIPS_REASON),
            L.check_count("--sale hands", int(after) if after else 5, 1, L.MAX_SESSION_HANDS,
                          L.SESSION_HANDS_REASON))


# ---------------------------------------------------------------------------------------------
# Output
# ---------------------------------------------------------------------------------------------


def check_out(path: str | Path, suffixes: Sequence[str] | None = None,
              option: str = "--out") -> Path:
    """``path`` if a file can be written there (`settemezzo.fileio.check_out`, then a
    temporary file made and removed in the nearest existing folder, since permissions do not
    tell: root may write anywhere that exists, and ``/proc`` takes no file), else an
    `settemezzo.fileio.OutputPathError` saying why, before any work."""
    from settemezzo.fileio import check_out as check_path

    p = check_path(path, suffixes, option)
    folder = p.absolute().parent
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    try:
        fd, name = tempfile.mkstemp(dir=folder, prefix=".settemezzo-check.")
    except OSError as exc:
        raise OutputPathError(f"{option} {str(path)!r}: no file can be written in "
                              f"{str(folder)!r} ({exc.strerror or exc})") from None
    os.close(fd)
    os.unlink(name)
    return p


def print_json(obj: dict[str, Any], rules: Rules | None = None, lang: str = "en") -> None:
    """Print ``obj`` as the one JSON object of a ``--json`` run, led by the rule set (its
    name in ``lang``)."""
    print(json_text(obj, rules_json(rules, lang) if rules is not None else None))


def pct(x: float | Fraction | None, lang: str = "en", digits: int = 6) -> str:
    """A share as the command line prints it: '21.135793%', ASCII minus, the word for 'not
    available' where there is no number (`settemezzo.i18n.percent`)."""
    from settemezzo.i18n import percent

    return percent(x, lang, digits, typeset=False)


def replaced(path: Path) -> None:
    """Say on stderr that an existing file was replaced (`settemezzo.fileio.writing`)."""
    print(f"settemezzo: replaced the existing file {path}", file=sys.stderr)


FORMATS: tuple[str, ...] = (".png", ".svg", ".pdf")
"""The file formats of a chart."""

PNG_DPI = 150


def chart_error(message: str) -> ValueError:
    """A `settemezzo.plots.ChartError` (bad chart input) with ``message``."""
    from settemezzo.plots import ChartError

    return ChartError(message)


def check_chart_out(path: str | Path, formats: Sequence[str] = FORMATS) -> Path:
    """The output path of a chart if its extension is one of ``formats`` and it can be
    written there (`check_out`), else a ChartError saying why."""
    try:
        return check_out(path, formats)
    except OutputPathError as exc:
        raise chart_error(str(exc)) from None


def save_chart(fig: Figure, path: str | Path, data: pd.DataFrame | None = None,
               replaced: Callable[[Path], None] | None = None) -> list[Path]:
    """Write ``fig`` to ``path`` (png, svg or pdf, by its extension) and ``data`` beside it as
    CSV (same name, ``.csv``), atomically (`settemezzo.fileio.writing`); returns the files
    written. ``replaced`` is told of each file that existed before."""
    from settemezzo.fileio import writing

    p = check_chart_out(path)
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


def write_deck_charts(folder: Path, suffix: str = ".png", lang: str = "en",
                      data: str | Path | None = None) -> list[Path]:
    """The deck-down charts of the precomputed Italian report (`settemezzo.deck.count`):
    the worth of remembering, the banker's edge against the count, and the printable
    counting card (always a PDF), into ``folder``. ``settemezzo charts`` writes them."""
    from settemezzo.deck.count import DATA, count_card, edge_by_count, load_report
    from settemezzo.plots import count_card_chart, count_chart, worth_chart
    from settemezzo.rules import ITALIAN

    rep = load_report(DATA if data is None else data)
    rules = ITALIAN
    points, means = edge_by_count(rep.hands, rep.count)
    card = count_card(rep.flips)
    rule = count_rule(rep.count, lang)
    written = save_chart(worth_chart(rep.summary, rules, lang=lang),
                         folder / f"deck_worth{suffix}", rep.summary)
    written += save_chart(count_chart(points, means, rule, rep.capture, rules,
                                      capture_se=rep.capture_se, lang=lang),
                          folder / f"deck_count{suffix}", means)
    written += save_chart(count_card_chart(card, rule, rules, lang=lang),
                          folder / "deck_count_card.pdf", card)
    return written
