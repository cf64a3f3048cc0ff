"""The solver's subcommands: solve, evaluate, advise, table, edge, data.

scipy and pandas are imported only when a command that needs them runs (a rule-of-thumb
``evaluate`` needs neither).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import time
from fractions import Fraction
from pathlib import Path
from typing import Any

from settemezzo.cards import DECK_SIZE
from settemezzo.cli.common import (
    BANKERS,
    CliError,
    Subparsers,
    add_lang,
    add_rules,
    add_yes,
    check_out,
    check_policy,
    parse_cards_arg,
    parse_cards_args,
    pct,
    print_json,
    replaced,
    rules_from,
    speak_progress,
    value_json,
    with_rules,
)
from settemezzo.cli.help_texts import help_text
from settemezzo.errors import InputError
from settemezzo.fileio import check_folder, writing
from settemezzo.i18n import describe_rules, number, scientific, t
from settemezzo.limits import check_count, check_exact_size
from settemezzo.rules import Rules

__all__ = ["DATA_FILES", "EDGE_FILE", "register", "table_view", "write_data", "write_tables"]

DATA_FILES = {
    "italian_player_vs_equilibrium.csv": ("italian", "player", "equilibrium"),
    "italian_player_vs_threshold5.csv": ("italian", "player", "threshold:5"),
    "italian_banker_equilibrium.csv": ("italian", "banker", "equilibrium"),
    "spanish_player_vs_equilibrium.csv": ("spanish", "player", "equilibrium"),
    "spanish_banker_equilibrium.csv": ("spanish", "banker", "equilibrium"),
}
"""The precomputed tables in ``data/``: file name -> (preset, side, opponent)."""

EDGE_FILE = "edge_by_variant.csv"
"""The banker's edge of the presets and of every variant alone (`settemezzo.edge`)."""


def _num(x: float | Fraction, lang: str = "en", digits: int = 9) -> str:
    """A value in stakes as the command line prints it: '-0.211357926'."""
    return number(x, lang, digits, sign=True, typeset=False)


def _value_text(v: Fraction | float, lang: str = "en") -> str:
    if isinstance(v, Fraction):
        return t("cli.exactly", lang, v=_num(v, lang), f=f"{v.numerator}/{v.denominator}")
    return _num(v, lang)


_LABELS = ("seen", "restricted", "edge", "value", "certificate")


def _head(label: str, lang: str) -> str:
    """'Banker's edge:' ('Avantage de la banque :' in French)."""
    return t(f"cli.label_{label}", lang) + (" :" if lang == "fr" else ":")


def _width(lang: str) -> int:
    """Where the values start after the labels of `_say` (16 in English)."""
    return max(16, *(len(_head(k, lang)) + 1 for k in _LABELS))


def _say(label: str, text: str, lang: str) -> None:
    """One line: the label, padded so that the values line up, then ``text``:
    'Banker's edge:  21.135793% of the stake per hand'."""
    print(f"{_head(label, lang):<{_width(lang)}}{text}".rstrip())


def _restriction(rules: Rules, lang: str = "en") -> str:
    """What the exact game leaves out of the player's choices, in words ("" if nothing)."""
    from settemezzo.game import restriction_codes
    from settemezzo.i18n import restriction_text

    return restriction_text(restriction_codes(rules), lang, rules.split_figures)


def _say_restriction(rules: Rules, lang: str) -> None:
    """Print what the exact game left out of the player's choices, if anything."""
    text = _restriction(rules, lang)
    if text:
        _say("restricted", text, lang)
        print(" " * _width(lang) + t("cli.too_large", lang))


def _seen(args: argparse.Namespace) -> Any:
    """The deck without the ``--seen`` cards (an `Unseen`), or None for the full deck."""
    if not args.seen:
        return None
    from settemezzo.advice import seen_deck

    return seen_deck([c for text in args.seen for c in _seen_parts(text)])


def _seen_parts(text: str) -> list[str]:
    """One --seen value: cards separated by commas or spaces ('re di denari, 5 7d')."""
    from settemezzo.cards import parse_spec

    out: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        try:
            parse_spec(part)
            out.append(part)  # one card, maybe of several words
        except ValueError:
            out += part.split()
    return out


def _seen_json(deck: Any) -> dict[str, Any]:
    return {} if deck is None else {"unseen_cards": deck.total,
                                    "unseen": {k.label: n for k, n in deck}}


def _say_seen(deck: Any, lang: str) -> None:
    if deck is not None:
        _say("seen", t("cli.seen", lang, n=DECK_SIZE - deck.total, deck=deck), lang)


def cmd_solve(args: argparse.Namespace) -> int:
    """The heads-up equilibrium and the banker's edge."""
    from settemezzo import results

    rules = rules_from(args, casino=True)
    if args.exact:
        return _exact_solve(args, rules)
    if rules.open_deal:
        return _casino_solve(args, rules)
    speak_progress(args.lang)
    check_exact_size(rules, args.yes)
    t0 = time.perf_counter()
    deck = _seen(args)
    entry = results.get(rules, deck)
    eq = entry.summary()  # shipped precomputed for the presets and single variants
    seconds = time.perf_counter() - t0
    lang = args.lang
    if args.json:
        print_json({
            "player_value": eq.value, "banker_edge": eq.banker_edge,
            "expected_stake": eq.expected_stake,
            "certificate": {"lower": eq.lower, "upper": eq.upper,
                            "exploitability": eq.exploitability},
            "subgames": eq.subgames, "restriction": _restriction(rules, lang),
            "lp_rounds": eq.iterations, "seconds": seconds, **_seen_json(deck)}, rules, lang)
        return 0
    print(t("cli.solve_head", lang, rules=describe_rules(rules, lang)))
    _say_seen(deck, lang)
    _say_restriction(rules, lang)
    if abs(eq.expected_stake - 1) < 1e-12:
        _say("edge", t("cli.edge_of_stake", lang, p=pct(eq.banker_edge, lang)), lang)
        _say("value", t("cli.stakes_per_hand", lang, v=_num(eq.value, lang)), lang)
    else:  # stakes chosen after the first card, or a split's second stake
        _say("edge", t("cli.edge_of_expected", lang, p=pct(eq.banker_edge, lang),
                       s=number(eq.expected_stake, lang, 6, typeset=False)), lang)
        _say("value", t("cli.chips_per_hand", lang, v=_num(eq.value, lang)), lang)
    _say("certificate", t("cli.certificate", lang, lo=_num(eq.lower, lang, 12),
                          hi=_num(eq.upper, lang, 12), x=f"{eq.exploitability:.1e}"), lang)
    after = t("cli.subgames", lang, n=eq.subgames) if eq.subgames else ""
    secs = number(seconds, lang, 2, typeset=False)
    if entry.is_precomputed:
        print(t("cli.solved_ahead", lang, n=eq.iterations, after=after, s=secs))
    else:
        print(t("cli.solved_in", lang, n=eq.iterations, after=after, s=secs))
    return 0


def _exact_solve(args: argparse.Namespace, rules: Rules) -> int:
    """``solve --exact``: the game's value as a fraction, verified by both sides' exact best
    replies (`settemezzo.solve.exact`); a rule set it does not cover is refused at once."""
    from settemezzo.solve.exact import exact_equilibrium, exact_refusal

    lang = args.lang
    why = exact_refusal(rules)
    if why is not None:
        raise CliError(t("cli.exact_refused", lang, rules=describe_rules(rules, lang),
                         why=t(f"cli.exact_why_{why}", lang)))
    check_exact_size(rules, args.yes)
    deck = _seen(args)
    ex = exact_equilibrium(rules, deck)
    if args.json:
        print_json({
            "player_value": float(ex.value), "value_exact": _fraction(ex.value),
            "banker_edge": float(-ex.value),
            "verified": {"player_best_reply": _fraction(ex.player_reply),
                         "banker_best_reply": _fraction(ex.banker_reply)},
            "float_value": ex.float_value, "mixed_decisions": ex.mixed_decisions,
            "mixed_states": ex.mixed_states, "lp_rounds": ex.lp_rounds,
            "seconds": ex.seconds, **_seen_json(deck)}, rules, lang)
        return 0
    print(t("cli.solve_head", lang, rules=describe_rules(rules, lang)))
    _say_seen(deck, lang)
    _say("edge", t("cli.edge_of_stake", lang, p=pct(-ex.value, lang)), lang)
    _say("value", t("cli.stakes_per_hand", lang, v=_value_text(ex.value, lang)), lang)
    print(t("cli.exact_verified", lang))
    print(t("cli.exact_solved_in", lang, s=number(ex.seconds, lang, 2, typeset=False),
            n=ex.lp_rounds, d=ex.mixed_decisions, g=ex.mixed_states))
    return 0


def _fraction(v: Fraction) -> str:
    """'p/q', also for an integer ('0/1')."""
    return f"{v.numerator}/{v.denominator}"


def cmd_evaluate(args: argparse.Namespace) -> int:
    """The exact value of a player policy against a banker policy."""
    rules = rules_from(args)
    p = check_policy(args.player, "--player", ("threshold:K", "threshold:K,split",
                                               "equilibrium", "best"))
    b = check_policy(args.banker, "--banker", ("threshold:K", "omniscient", "equilibrium",
                                               "best"))
    if p == "best" and b == "best":
        raise CliError("--player best and --banker best together is the equilibrium: "
                       "run 'settemezzo solve'")
    check_exact_size(rules, args.yes)
    deck = _seen(args)
    t0 = time.perf_counter()
    value, stake, label = _evaluated(p, b, rules, deck)
    lang = args.lang
    edge = -value / stake
    seconds = time.perf_counter() - t0
    if args.json:
        print_json({"player": label[0], "banker": label[1], "player_value": value,
                    "expected_stake": stake, "banker_edge": edge,
                    "restriction": _restriction(rules, lang), "seconds": seconds,
                    **_seen_json(deck)}, rules, lang)
        return 0
    said = [t("cli.best_reply", lang) if x == "best reply" else x for x in label]
    print(t("cli.evaluate_head", lang, rules=describe_rules(rules, lang), player=said[0],
            banker=said[1]))
    _say_seen(deck, lang)
    _say_restriction(rules, lang)
    if stake == 1:
        _say("value", t("cli.stakes_per_hand", lang, v=_value_text(value, lang)), lang)
        _say("edge", pct(-float(value), lang), lang)
    else:
        _say("value", t("cli.chips_expected", lang, v=_value_text(value, lang),
                        s=number(stake, lang, 6, typeset=False)), lang)
        _say("edge", t("cli.edge_expected", lang, p=pct(float(edge), lang)), lang)
    return 0


def _thumbs(p: str, b: str, rules: Rules, deck: Any) -> tuple[Any, Any]:
    """(value, expected stake) of two fixed policies. Two rules of thumb for one stake a hand
    are valued by `settemezzo.thumbs` alone (the solver's package, which `evaluate` would
    load, costs the command a tenth of a second); anything else asks `settemezzo.solve`."""
    if rules.one_stake:
        from settemezzo.thumbs import thumb_value

        value = thumb_value(p, b, rules, deck)
        if value is not None:
            return value, Fraction(1)
    from settemezzo.solve import evaluate, expected_stake

    return evaluate(p, b, rules, deck), expected_stake(p, b, rules, deck)


def _evaluated(p: str, b: str, rules: Rules, deck: Any) -> tuple[Any, Any, tuple[str, str]]:
    """(the player's value, its expected stake, the two sides' names) of policies ``p`` and
    ``b``. Two rules of thumb go to `settemezzo.solve.evaluate` with the rules, which values
    them without the game tree; the game is built only for an equilibrium or a best reply."""
    if {p, b}.isdisjoint({"equilibrium", "best"}):
        return (*_thumbs(p, b, rules, deck), (p, b))
    from settemezzo.game import heads_up
    from settemezzo.solve import best_response, equilibrium, evaluate, expected_stake

    game = heads_up(rules, deck)
    player_s: Any = equilibrium(game).player if p == "equilibrium" else p
    banker_s: Any = equilibrium(game).banker if b == "equilibrium" else b
    if p == "best":
        br = best_response(banker_s, "player", game)
        value, player_s = br.value, br.strategy
        label = ("best reply", b)
    elif b == "best":
        value = best_response(player_s, "banker", game).value
        banker_s = None  # the stake after a split follows the banker's best play
        label = (p, "best reply")
    else:
        value = evaluate(player_s, banker_s, game)
        label = (p, b)
    return value, expected_stake(player_s, banker_s, game), label


def cmd_advise(args: argparse.Namespace) -> int:
    """Stand or hit for one hand, and by how much."""
    from settemezzo.i18n import advice_text
    from settemezzo.odds import HandState
    from settemezzo.results.answers import advise

    rules = rules_from(args, casino=True)
    if rules.open_deal:
        return _casino_advise(args, rules)
    speak_progress(args.lang)
    against = check_policy(args.against, "--against", BANKERS)
    hole = parse_cards_arg(args.hole)
    if len(hole) != 1:
        raise CliError(f"--hole takes one card, got {args.hole!r}")
    up = parse_cards_args(args.up)
    seen = [c for text in args.seen for c in _seen_parts(text)]
    # refuses an impossible hand (a card after a bust, a card seen twice) before any work
    HandState.of(hole[0], up=up, seen=seen, rules=rules)
    check_exact_size(rules, args.yes)
    a = advise(hole[0], up, rules=rules, against=against, seen=seen)
    if args.json:
        out = {k: (value_json(v) if isinstance(v, Fraction | float)
                   and k not in ("hit_frequency", "split_frequency") else v)
               for k, v in a.__dict__.items()}
        out["margin"] = value_json(a.margin)
        print_json(out, rules, args.lang)
        return 0
    print(advice_text(a, args.lang))
    return 0


def cmd_table(args: argparse.Namespace) -> int:
    """The strategy table, to the screen or a CSV."""
    from settemezzo import results

    rules = rules_from(args, casino=True)
    if rules.open_deal:
        return _casino_table(args, rules)
    speak_progress(args.lang)
    against = check_policy(args.against, "--against", BANKERS)
    check_count("--max-up", args.max_up, 0, 12, "a hand below 7½ holds at most 13 cards")
    path = check_out(args.out, (".csv",)) if args.out is not None else None
    check_exact_size(rules, args.yes)
    entry = results.get(rules)
    df = (entry.player_table(against) if args.side == "player"
          else entry.banker_table(max_up=args.max_up))
    if path is not None:
        with writing(path, replaced=replaced) as (tmp,):
            with_rules(df, rules, args.lang).to_csv(tmp, index=False, float_format="%.12g")
        print(t("cli.wrote_rows", args.lang, n=len(df), path=path))
    else:
        print(table_view(df, args.lang).to_string(index=False, max_rows=60))
    return 0


def table_view(df: Any, lang: str = "en") -> Any:
    """A strategy table as the screen shows it in ``lang``: the columns' names and the plays
    in words (``cli.col_*``, ``chart.*``), every number by `settemezzo.i18n.number` (six
    decimals; the word for 'not available' where there is none). The CSV keeps the data's
    column names and numbers."""
    def cell(x: Any) -> Any:
        if x is None or isinstance(x, float):
            return number(None if x is None else round(x, 6) + 0.0, lang, 6, typeset=False)
        return x

    def header(c: str) -> str:
        if c.startswith("p_hole_"):
            return t("cli.col_p_hole", lang, card=c.removeprefix("p_hole_"))
        return t(f"cli.col_{c}", lang)

    view = df.map(cell)
    if "best" in view.columns:
        view["best"] = [t(f"chart.{b}", lang) for b in view["best"]]
    return view.rename(columns=header)


def cmd_edge(args: argparse.Namespace) -> int:
    """The banker's edge of a rule set, or of every variant."""
    from settemezzo import results
    from settemezzo.i18n import edge_words, standard_rule_sets
    from settemezzo.results.edges import edge_table

    rules = rules_from(args, casino=not args.all)
    if rules.open_deal and not args.all:  # a casino game: its own exact engine
        return _casino_edge(args, rules)
    speak_progress(args.lang)
    methods = [check_policy(m, "--method", BANKERS) for m in args.method] or \
        ["equilibrium", "threshold:5", "omniscient"]
    path = (check_out(args.out, (".csv", ".png", ".svg", ".pdf")) if args.out is not None
            else None)
    lang = args.lang
    if args.all:
        sets = standard_rule_sets(lang)
    else:
        check_exact_size(rules, args.yes)
        sets = [(describe_rules(rules, lang), rules)]
    with results.precomputed_off() if args.fresh else contextlib.nullcontext():
        df = edge_words(edge_table(
            sets, methods, progress=t("cli.col_edge", lang) if not args.json and args.all
            else None, workers=min(os.cpu_count() or 1, len(sets))), lang)
    if path is not None:
        _write_edges(df, path, rules, lang)
        print(t("cli.wrote", lang, path=path))
    if args.json:
        print_json({"edges": df.to_dict(orient="records")}, None if args.all else rules, lang)
        return 0
    if not args.out or args.all:
        view = df.assign(edge=df.edge.map(lambda e: pct(e, lang, 4)),
                         exploitability=df.exploitability.map(lambda e: scientific(e, lang)))
        columns = ["variant", "method", "edge", "exploitability", "note"]
        print(view[columns].rename(columns={c: t(f"cli.col_{c}", lang) for c in columns})
              .to_string(index=False, max_colwidth=60))
    return 0


def _write_edges(df: Any, path: Path, rules: Rules, lang: str) -> None:
    """The edge table as CSV, or its chart (PNG, SVG, PDF), written atomically."""
    with writing(path, replaced=replaced) as (tmp,):
        if path.suffix.lower() == ".csv":
            df.to_csv(tmp, index=False, float_format="%.12g")
            return
        from settemezzo.plots import edge_by_variant_chart

        shown = df[df.edge.notna()]
        fig = edge_by_variant_chart(shown, lang=lang)
        fig.savefig(tmp, bbox_inches="tight", format=path.suffix.lower().lstrip("."))


def write_data(out: Path) -> list[Path]:
    """Regenerate every table of ``data/`` into ``out``: the strategy tables
    (`write_tables`), then the edge of every standard rule set (``EDGE_FILE``), solved
    afresh."""
    from settemezzo import results
    from settemezzo.i18n import edge_words, standard_rule_sets
    from settemezzo.results.edges import edge_table

    written = write_tables(out)
    path = out / EDGE_FILE
    with results.precomputed_off():  # a solve independent of the shipped results
        edges = edge_words(edge_table(standard_rule_sets(),
                                      workers=min(2, os.cpu_count() or 1))
                           ).drop(columns=["seconds"])
    with writing(path) as (tmp,):
        edges.to_csv(tmp, index=False, float_format="%.12g")
    written.append(path)
    return written


def write_tables(out: Path) -> list[Path]:
    """Regenerate the strategy tables of ``data/`` (``DATA_FILES``) into ``out``."""
    from settemezzo.rules import preset
    from settemezzo.tables import banker_table, player_table

    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, (rules_name, side, against) in DATA_FILES.items():
        rules = preset(rules_name)
        df = player_table(rules, against) if side == "player" else banker_table(rules)
        if side == "player" and rules.stake_timing == "after_first_card":
            # one copy of every hand per stake, most never played: keep the strategy as
            # played (`settemezzo table` writes them all)
            df = df[df.own_reach > 0]
        df = with_rules(df, rules)  # rules_spec: what --rules takes to compute it again
        path = out / name
        with writing(path) as (tmp,):
            df.to_csv(tmp, index=False, float_format="%.12g")
        written.append(path)
    return written


def cmd_data(args: argparse.Namespace) -> int:
    """Regenerate the precomputed tables of ``data/``."""
    speak_progress(args.lang)
    for path in write_data(check_folder(args.out)):
        print(t("cli.wrote", args.lang, path=path))
    return 0


def _add_seen(p: argparse.ArgumentParser, lang: str) -> None:
    p.add_argument("--seen", action="append", default=[], metavar="CARDS",
                   help=help_text("cli.help.solve.seen", lang))


def _add_common(p: argparse.ArgumentParser, lang: str, json_key: str | None = "json") -> None:
    """--rules/--variant, then --json (unless ``json_key`` is None)."""
    add_rules(p, lang)
    if json_key is not None:
        p.add_argument("--json", action="store_true",
                       help=help_text(f"cli.help.solve.{json_key}", lang))


def register(subparsers: Subparsers[argparse.ArgumentParser], lang: str = "en") -> None:
    """Add solve, evaluate, advise, table, edge and data, their help in ``lang``."""
    def h(key: str, **fields: object) -> str:
        return help_text(f"cli.help.{key}", lang, **fields)

    p = subparsers.add_parser("solve", help=h("solve.help"))
    _add_common(p, lang)
    p.add_argument("--exact", action="store_true", help=h("solve.exact"))
    _add_seen(p, lang)
    add_yes(p, lang)
    p.set_defaults(handler=cmd_solve)

    p = subparsers.add_parser("evaluate", help=h("evaluate.help"),
                              description=h("evaluate.description"))
    _add_common(p, lang, None)
    p.add_argument("--player", default="threshold:5", metavar="POLICY",
                   help=h("evaluate.player"))
    p.add_argument("--banker", default="threshold:5", metavar="POLICY",
                   help=h("evaluate.banker"))
    p.add_argument("--json", action="store_true", help=h("solve.json"))
    _add_seen(p, lang)
    add_yes(p, lang)
    p.set_defaults(handler=cmd_evaluate)

    p = subparsers.add_parser("advise", help=h("advise.help"))
    add_rules(p, lang)
    p.add_argument("--hole", required=True, help=h("advise.hole"))
    p.add_argument("--up", action="append", default=[], help=h("advise.up"))
    p.add_argument("--dealer", metavar="CARD", help=h("advise.dealer"))
    p.add_argument("--against", default="equilibrium", metavar="POLICY",
                   help=h("advise.against"))
    p.add_argument("--json", action="store_true", help=h("solve.json"))
    add_lang(p, lang)
    _add_seen(p, lang)
    add_yes(p, lang)
    p.set_defaults(handler=cmd_advise)

    p = subparsers.add_parser("table", help=h("table.help"))
    add_rules(p, lang)
    p.add_argument("--side", choices=("player", "banker"), default="player",
                   help=h("table.side"))
    p.add_argument("--against", default="equilibrium", metavar="POLICY",
                   help=h("table.against"))
    p.add_argument("--max-up", type=int, default=2, help=h("table.max_up"))
    p.add_argument("--out", help=h("table.out"))
    add_yes(p, lang)
    p.set_defaults(handler=cmd_table)
    _register_edge(subparsers, lang)

    p = subparsers.add_parser("data", help=h("data.help"))
    p.add_argument("--out", default="data", help=h("data.out"))
    p.set_defaults(handler=cmd_data, rules="italian", variant=[])


def _register_edge(subparsers: Subparsers[argparse.ArgumentParser], lang: str) -> None:
    def h(key: str) -> str:
        return help_text(f"cli.help.edge.{key}", lang)

    p = subparsers.add_parser("edge", help=h("help"), description=h("description"))
    add_rules(p, lang)
    p.add_argument("--all", action="store_true", help=h("all"))
    p.add_argument("--method", action="append", default=[], metavar="BANKER",
                   help=h("method"))
    p.add_argument("--json", action="store_true", help=h("json"))
    p.add_argument("--out", help=h("out"))
    p.add_argument("--fresh", action="store_true", help=h("fresh"))
    add_yes(p, lang)
    p.set_defaults(handler=cmd_edge)


# ---------------------------------------------------------------------------------------------
# The casino games (`settemezzo.casino`): a rule set with open_deal is answered here
# ---------------------------------------------------------------------------------------------

_CASINO_EDGE_KEYS = ("optimal", "total_dependent", "cost", "stand_on_5", "copy_dealer")


def _casino_json(found: dict[str, Any]) -> dict[str, Any]:
    return {k: value_json(v) if isinstance(v, Fraction | float) else v
            for k, v in found.items()}


def _casino_edge_line(key: str, value: Fraction | float, lang: str) -> str:
    line = f"{t(f'casino.{key}', lang)}: {pct(value, lang)}"
    if isinstance(value, Fraction) and key != "cost":
        line += f" ({t('casino.exactly', lang, fraction=value)})"
    return line


def _casino_head(rules: Rules, lang: str) -> list[str]:
    return [f"{describe_rules(rules, lang)}; {t('casino.decks', lang, n=rules.decks)}",
            f"{t('casino.house_edge', lang)}:"]


def _casino_edge(args: argparse.Namespace, rules: Rules) -> int:
    """``edge``: the house edge under each play (`settemezzo.casino.edge_summary`); ``--out``
    a CSV of them (one row a play)."""
    from settemezzo.casino import edge_summary

    path = check_out(args.out, (".csv",)) if args.out is not None else None
    found = edge_summary(rules)
    if path is not None:
        _write_casino_edges(found, path, rules, args.lang)
        print(t("cli.wrote", args.lang, path=path))
    if args.json:
        print_json({"rules": describe_rules(rules, args.lang), "rules_spec": rules.spec(),
                    **_casino_json(found)})
        return 0
    lines = _casino_head(rules, args.lang)
    lines += [f"  {_casino_edge_line(k, found[k], args.lang)}" for k in _CASINO_EDGE_KEYS]
    print("\n".join(lines))
    return 0


def _write_casino_edges(found: dict[str, Any], path: Path, rules: Rules, lang: str) -> None:
    import pandas as pd

    df = pd.DataFrame({"play": list(_CASINO_EDGE_KEYS),
                       "edge": [float(found[k]) for k in _CASINO_EDGE_KEYS],
                       "fraction": [str(found[k]) if found["exact"] else ""
                                    for k in _CASINO_EDGE_KEYS]})
    with writing(path, replaced=replaced) as (tmp,):
        with_rules(df, rules, lang).to_csv(tmp, index=False, float_format="%.12g")


def _casino_solve(args: argparse.Namespace, rules: Rules) -> int:
    """``solve``: the optimal play's edge, and the edge of the dealer playing its best (in
    floats: its exact fraction takes a minute for one deck)."""
    from settemezzo.casino import Solver, open_game_edge

    optimal = Solver(rules).house_edge()
    dealer = open_game_edge(rules, exact=False)
    if args.json:
        print_json({"rules": describe_rules(rules, args.lang), "rules_spec": rules.spec(),
                    "decks": rules.decks,
                    **_casino_json({"optimal": optimal, "open_game": dealer})})
        return 0
    lines = _casino_head(rules, args.lang)
    lines += [f"  {_casino_edge_line(k, v, args.lang)}"
              for k, v in (("optimal", optimal), ("open_game", dealer))]
    print("\n".join(lines))
    return 0


def _casino_advise(args: argparse.Namespace, rules: Rules) -> int:
    """``advise``: stand or hit with the player's cards (``--hole``, ``--up``) against the
    dealer's (``--dealer``)."""
    from settemezzo.cards import resolve_kinds
    from settemezzo.casino import advise as casino_advise

    if args.dealer is None:
        raise InputError(t("cli.casino_dealer_needed", args.lang, rules=rules.spec()))
    cards = resolve_kinds([*parse_cards_arg(args.hole), *parse_cards_args(args.up),
                           *parse_cards_arg(args.dealer)])
    found = casino_advise(rules, cards[:-1], cards[-1])
    if args.json:
        print_json({"rules": describe_rules(rules, args.lang), "rules_spec": rules.spec(),
                    **_casino_json(found)})
        return 0
    lang = args.lang

    def word(action: str) -> str:
        return t("casino.forced" if action == "forced" else f"chart.{action}", lang)

    print(t("casino.advice", lang, action=word(found["best"]),
            stand=number(float(found["stand"]), lang, 4),
            hit=number(float(found["hit"]), lang, 4),
            margin=number(float(found["margin"]), lang, 4, sign=True), card=word(found["card"])))
    return 0


def _casino_cells(rules: Rules) -> Any:
    from settemezzo.casino import strategy_card
    from settemezzo.plots.casino import strategy_card_cells

    return strategy_card_cells(strategy_card(rules))


def _casino_table(args: argparse.Namespace, rules: Rules) -> int:
    """``table``: the best strategy card's cells, to the screen or a CSV."""
    df = _casino_cells(rules)
    if args.out is not None:
        with writing(check_out(args.out, (".csv",)), replaced=replaced) as (tmp,):
            with_rules(df, rules, args.lang).to_csv(tmp, index=False, float_format="%.12g")
        print(t("cli.wrote_rows", args.lang, n=len(df), path=args.out))
        return 0
    lang = args.lang
    view = df.drop(columns="total").assign(
        action=[t("casino.forced" if a == "forced" else f"chart.{a}", lang) for a in df.action],
        margin=[number(m, lang, 4, sign=True) if m == m else "" for m in df.margin],
        reach=[number(r, lang, 4) for r in df.reach])
    columns = {c: t(f"casino.col_{c}", lang) for c in ("up", "action", "margin", "reach")}
    columns["points"] = t("casino.col_total", lang)
    print(view.rename(columns=columns).to_string(index=False))
    return 0
