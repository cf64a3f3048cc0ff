"""``settemezzo odds``: the exact draw odds of one hand.

    settemezzo odds --hole 3 --up 1 --seen "7d Kc"
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from fractions import Fraction

from settemezzo.cards import Kind
from settemezzo.cli.common import (
    CliError,
    Subparsers,
    add_rules,
    parse_cards_arg,
    parse_cards_args,
    print_json,
    rules_from,
    value_json,
)
from settemezzo.cli.help_texts import help_text
from settemezzo.hands import BUST, is_finished, score, total
from settemezzo.i18n import describe_rules, percent, score_label, t
from settemezzo.odds import (
    HandState,
    draw_kinds,
    final_distribution,
    hit_outcomes,
    next_card,
    points_label,
)
from settemezzo.policy import parse_threshold
from settemezzo.rules import Rules

__all__ = ["cmd_odds", "register"]


def register(subparsers: Subparsers[argparse.ArgumentParser], lang: str = "en") -> None:
    """Add ``odds``, its help in ``lang``."""
    def h(key: str) -> str:
        return help_text(f"cli.help.odds.{key}", lang)

    p: argparse.ArgumentParser = subparsers.add_parser(
        "odds", help=h("help"), description=h("description"))
    p.add_argument("--hole", required=True, metavar="CARD", help=h("hole"))
    p.add_argument("--up", action="append", default=[], metavar="CARDS", help=h("up"))
    p.add_argument("--seen", action="append", default=[], metavar="CARDS", help=h("seen"))
    p.add_argument("--threshold", default="5", metavar="POINTS", help=h("threshold"))
    p.add_argument("--json", action="store_true", help=h("json"))
    add_rules(p, lang)
    p.set_defaults(handler=cmd_odds)


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


def cmd_odds(args: argparse.Namespace) -> int:
    """Print the exact odds of one hand (or its ``--json``)."""
    rules = rules_from(args)
    k = parse_threshold(args.threshold)
    hole = parse_cards_arg(args.hole)
    if len(hole) != 1:
        raise CliError(f"--hole takes one card, got {args.hole!r}")
    state = HandState.of(hole[0], up=parse_cards_args(args.up),
                         seen=parse_cards_args(args.seen), rules=rules)
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
