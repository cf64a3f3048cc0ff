"""The commands' answers for a casino game (``--rules conrad|playtech|sanremo``, any rule set
with ``open_deal``): each command module hands a casino rule set here, to the casino engine
(`settemezzo.casino`), and keeps the home game to itself. Not a command group: the commands
call it, it calls no command.

A command the casino deal has no meaning for refuses it in one line, status 2
(`settemezzo.cli.common.rules_from`).
"""

from __future__ import annotations

import argparse
from fractions import Fraction
from typing import Any

from settemezzo.cli.common import (
    check_chart_out,
    parse_cards_arg,
    parse_cards_args,
    pct,
    print_json,
    replaced,
    save_chart,
)
from settemezzo.errors import InputError
from settemezzo.fileio import value_json
from settemezzo.i18n import describe_rules, number, t
from settemezzo.rules import Rules

__all__ = ["advise", "chart", "edge", "handout", "simulate", "solve", "table"]

_EDGE_KEYS = ("optimal", "total_dependent", "cost", "stand_on_5", "copy_dealer")


def _json(found: dict[str, Any]) -> dict[str, Any]:
    return {k: value_json(v) if isinstance(v, Fraction | float) else v
            for k, v in found.items()}


def _edge_line(key: str, value: Fraction | float, lang: str) -> str:
    line = f"{t(f'casino.{key}', lang)}: {pct(value, lang)}"
    if isinstance(value, Fraction) and key != "cost":
        line += f" ({t('casino.exactly', lang, fraction=value)})"
    return line


def _head(rules: Rules, lang: str) -> list[str]:
    return [f"{describe_rules(rules, lang)}; {t('casino.decks', lang, n=rules.decks)}",
            f"{t('casino.house_edge', lang)}:"]


def edge(args: argparse.Namespace, rules: Rules) -> int:
    """``edge``: the house edge under each play (`settemezzo.casino.edge_summary`)."""
    from settemezzo.casino import edge_summary

    found = edge_summary(rules)
    if args.json:
        print_json({"rules": describe_rules(rules, args.lang), "rules_spec": rules.spec(),
                    **_json(found)})
        return 0
    lines = _head(rules, args.lang)
    lines += [f"  {_edge_line(k, found[k], args.lang)}" for k in _EDGE_KEYS]
    print("\n".join(lines))
    return 0


def solve(args: argparse.Namespace, rules: Rules) -> int:
    """``solve``: the optimal play's edge, and the edge of the dealer playing its best (in
    floats: its exact fraction takes a minute for one deck)."""
    from settemezzo.casino import Solver, open_game_edge

    optimal = Solver(rules).house_edge()
    dealer = open_game_edge(rules, exact=False)
    if args.json:
        print_json({"rules": describe_rules(rules, args.lang), "rules_spec": rules.spec(),
                    "decks": rules.decks, **_json({"optimal": optimal, "open_game": dealer})})
        return 0
    lines = _head(rules, args.lang)
    lines += [f"  {_edge_line(k, v, args.lang)}"
              for k, v in (("optimal", optimal), ("open_game", dealer))]
    print("\n".join(lines))
    return 0


def advise(args: argparse.Namespace, rules: Rules) -> int:
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
                    **_json(found)})
        return 0
    lang = args.lang

    def word(action: str) -> str:
        return t("casino.forced" if action == "forced" else f"chart.{action}", lang)

    print(t("casino.advice", lang, action=word(found["best"]),
            stand=number(float(found["stand"]), lang, 4),
            hit=number(float(found["hit"]), lang, 4),
            margin=number(float(found["margin"]), lang, 4, sign=True), card=word(found["card"])))
    return 0


def _cells_frame(rules: Rules) -> Any:
    from settemezzo.casino import strategy_card
    from settemezzo.plots.casino import strategy_card_cells

    return strategy_card_cells(strategy_card(rules))


def table(args: argparse.Namespace, rules: Rules) -> int:
    """``table``: the best strategy card's cells, to the screen or a CSV."""
    from settemezzo.fileio import with_rules, writing

    df = _cells_frame(rules)
    if args.out is not None:
        with writing(check_chart_out(args.out, (".csv",)), replaced=replaced) as (tmp,):
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


def _card_figure(rules: Rules, lang: str) -> tuple[Any, Any]:
    from settemezzo.casino import Solver, best_card, card_cells, card_value
    from settemezzo.plots.casino import strategy_card_cells, strategy_card_chart

    solver = Solver(rules, exact=False)
    card = best_card(solver)
    cells = card_cells(solver, card)
    fig = strategy_card_chart(cells, rules, edge=-float(card_value(solver, card)), lang=lang)
    return fig, strategy_card_cells(cells)


def chart(args: argparse.Namespace, rules: Rules) -> int:
    """``chart strategy``: the strategy card (the only chart of a casino game)."""
    if args.kind != "strategy":
        raise InputError(t("cli.casino_chart_kind", args.lang, rules=rules.spec(),
                           kind=args.kind))
    out = check_chart_out(args.out)
    fig, data = _card_figure(rules, args.lang)
    for p in save_chart(fig, out, data if args.csv else None, replaced=replaced):
        print(t("cli.wrote", args.lang, path=p))
    return 0


def handout(args: argparse.Namespace, rules: Rules) -> int:
    """``handout``: the strategy card on an A4 page (PDF)."""
    from settemezzo.fileio import writing
    from settemezzo.plots.style import A4_PORTRAIT

    out = check_chart_out(args.out, (".pdf",))
    fig, _ = _card_figure(rules, args.lang)
    fig.set_size_inches(*A4_PORTRAIT)
    with writing(out, replaced=replaced) as (tmp,):
        fig.savefig(tmp, format="pdf")
    print(t("cli.wrote_page", args.lang, path=out, rules=describe_rules(rules, args.lang)))
    return 0


def _player_card(text: str, rules: Rules, lang: str) -> Any:
    """The strategy ``--player`` names: None (the optimum), the best card, or a rule of thumb."""
    from settemezzo.casino import Solver, best_card, thumb_card
    from settemezzo.policy import parse_threshold

    if text in ("best", "equilibrium"):
        return None
    solver = Solver(rules, exact=False)
    if text == "card":
        return best_card(solver)
    if text.startswith("threshold:"):
        return thumb_card(solver, Fraction(parse_threshold(text), 2))
    raise InputError(t("cli.casino_player", lang, player=text))


def simulate(args: argparse.Namespace, rules: Rules) -> int:
    """``simulate``: hands of the casino deal (`settemezzo.casino.simulate`), seeded, with the
    exact value of the same strategy."""
    from settemezzo.casino import Solver
    from settemezzo.casino import simulate as play

    card = _player_card(args.player, rules, args.lang)
    hands = 100_000 if args.hands is None else args.hands
    r = play(Solver(rules, exact=False), hands, seed=args.seed, card=card)
    if args.json:
        print_json({"rules": describe_rules(rules, args.lang), "rules_spec": rules.spec(),
                    "player": args.player, "hands": r.hands, "mean": r.mean, "se": r.se,
                    "exact": r.exact, "z": r.z})
        return 0
    lang = args.lang
    print(t("casino.sim_strategy", lang, player=args.player))
    print(t("casino.sim_line", lang, hands=number(r.hands, lang, 0),
            mean=number(r.mean, lang, 4, sign=True), se=number(r.se, lang, 4),
            exact=number(r.exact, lang, 4, sign=True), z=number(r.z, lang, 2, sign=True)))
    return 0

