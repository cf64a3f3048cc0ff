"""``settemezzo simulate``: Monte Carlo of whole tables and sessions.

numba, pandas and the simulator are imported only when the command runs; every argument,
and every output path, is checked before the first hand is dealt.

    settemezzo simulate --players 4 --hands 1000000 --rules spanish --seed 1
    settemezzo simulate --banker equilibrium --exact --chips unlimited
"""

from __future__ import annotations

import argparse
import math
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

from settemezzo import limits as L
from settemezzo.cli.common import (
    CliError,
    Subparsers,
    add_rules,
    check_out,
    parse_sale,
    pct,
    print_json,
    replaced,
    rules_from,
    speak_progress,
)
from settemezzo.cli.help_texts import help_text
from settemezzo.errors import InputError
from settemezzo.fileio import writing
from settemezzo.i18n import describe_rules, number, t, whole
from settemezzo.rules import Rules

__all__ = ["cmd_simulate", "register"]


def _chips(text: str) -> int | str | None:
    low = text.strip().lower()
    if low == "rules":
        return "rules"
    if low in ("unlimited", "none", "inf"):
        return None
    if re.fullmatch(r"[0-9]{1,30}", low):
        return L.check_count("--chips", int(low), 1, L.MAX_CHIPS, L.CHIPS_REASON)
    raise CliError(f"--chips takes 'rules', 'unlimited' or a number of chips, got {text!r}")


def _seats(items: list[str], players: int) -> dict[int, tuple[str | None, str | None]]:
    out: dict[int, tuple[str | None, str | None]] = {}
    for item in items:
        seat, sep, spec = item.partition("=")
        if not sep or not re.fullmatch(r"[0-9]{1,3}", seat.strip()) or not spec.strip():
            raise CliError(f"--seat takes SEAT=PLAYER or SEAT=PLAYER/BANKER (e.g. "
                           f"2=threshold:6/omniscient), got {item!r}")
        n = int(seat)
        if n > players:
            raise CliError(f"--seat {item!r}: seats are 0 (the first banker) to {players} "
                           f"with --players {players}")
        player, _, banker = spec.partition("/")
        out[n] = (player.strip() or None, banker.strip() or None)
    return out


NUMBERS = {
    "players": (1, 7, "seven players and the banker may need all 40 cards"),
    "hands": (1, L.MAX_HANDS, L.HANDS_REASON),
    "sessions": (1, L.MAX_SESSIONS, L.SESSIONS_REASON),
    "seed": (0, 2**64 - 1, "a seed is a 64-bit number"),
    "session_hands": (1, L.MAX_SESSION_HANDS, L.SESSION_HANDS_REASON),
    "workers": (1, 256, "threads on one machine"),
}
"""Each whole-number option: its range and the reason for the upper limit."""


def _check_numbers(args: argparse.Namespace) -> None:
    for name, (lo, hi, reason) in NUMBERS.items():
        value = getattr(args, name)
        if value is not None:
            L.check_count("--" + name.replace("_", "-"), value, lo, hi, reason)


def _check_cost(args: argparse.Namespace, rules: Rules, hands: int | None) -> None:
    """Refuse a run estimated above `settemezzo.limits.ASK_ABOVE_SECONDS` without --yes."""
    per = args.session_hands or rules.rounds or 100
    total = hands if hands is not None else args.sessions * per
    seconds = L.simulation_seconds(total, args.players)
    if seconds > L.ASK_ABOVE_SECONDS and not args.yes:
        raise CliError(
            f"{total:,} hands at {args.players} player(s) may take up to "
            f"{seconds / 60:,.0f} minutes (estimated at {L.SIMULATION_RATE:,} player-hands "
            f"per second); add --yes to run it anyway, or ask for fewer hands")


def _pct(x: float, lang: str = "en") -> str:
    """A share with three decimals ('n/a' in ``lang`` where there is none: `common.pct`)."""
    return pct(x, lang, 3)


def cmd_simulate(args: argparse.Namespace) -> int:
    """Run the simulation and print (or write) its results."""
    rules = rules_from(args, casino=True)
    if rules.open_deal:
        return _casino_simulate(args, rules)
    hands, chips, seats, sale, (out, sessions_out, hands_out) = _checked(args, rules)
    speak_progress(args.lang)
    from settemezzo.simulate import simulate
    from settemezzo.simulate.analysis import exact_value

    result = simulate(rules, args.players, hands, sessions=args.sessions, seed=args.seed,
                      player=args.player, banker=args.banker, seats=seats,
                      chips=chips, session_hands=args.session_hands, sale=sale,
                      workers=args.workers, scheduler=args.scheduler,
                      progress=False if args.no_progress else None,
                      record_hands=hands_out is not None)
    exact: dict[str, Any] | None = None
    if args.exact:
        value = float(exact_value(rules, args.player, args.banker))
        exact = {"player_value": value, "banker_edge": -value,
                 "z": result.z(value) if result.edge_se > 0 else math.nan}
        if result.limited:
            exact["note"] = t("sim.limited_note", args.lang)
    _write_csvs(result, out, sessions_out, hands_out)
    if args.json:
        data = result.to_dict()
        if exact is not None:
            data["exact"] = exact
        print_json(data, rules, args.lang)
        return 0
    print("\n".join(_text(result, exact, args)))
    return 0


def _checked(args: argparse.Namespace, rules: Rules) -> tuple[Any, ...]:
    """Every argument checked before the simulator is loaded and the first hand is dealt:
    (hands, chips, seats, sale, (out, sessions_out, hands_out))."""
    _check_numbers(args)
    hands = args.hands
    if hands is None and args.sessions is None:
        hands = 1_000_000
    if hands is not None and args.sessions is not None:
        raise CliError("give --hands or --sessions, not both")
    chips, seats, sale = _chips(args.chips), _seats(args.seat, args.players), parse_sale(args.sale)
    if args.exact and (args.players != 1 or args.seat):
        raise CliError("--exact compares the heads-up game: use --players 1 and no --seat")
    out = check_out(args.out, (".csv",)) if args.out is not None else None
    sessions_out = (check_out(args.sessions_out, (".csv",), "--sessions-out")
                    if args.sessions_out is not None else None)
    hands_out = (check_out(args.hands_out, (".csv",), "--hands-out")
                 if args.hands_out is not None else None)
    if hands_out is not None:
        per = args.session_hands or rules.rounds or 100
        L.check_count("hands recorded (--hands-out)", hands if hands is not None
                      else args.sessions * per, 1, L.MAX_RECORDED_HANDS, L.RECORDED_REASON)
    _check_cost(args, rules, hands)
    return hands, chips, seats, sale, (out, sessions_out, hands_out)


def _write_csvs(result: Any, out: Path | None, sessions_out: Path | None,
                hands_out: Path | None) -> None:
    """The summary, the sessions and the hands as CSV, written together: all or none."""
    tables = {out: lambda path: result.summary().to_csv(path, index=False,
                                                        float_format="%.9g"),
              sessions_out: lambda path: result.sessions().to_csv(path, index=False),
              hands_out: lambda path: result.hand_records().to_csv(path, index=False)}
    paths = [p for p in tables if p is not None]
    if not paths:
        return
    with writing(*paths, replaced=replaced) as temps:
        for path, tmp in zip(paths, temps, strict=True):
            tables[path](tmp)


_MEASURES = {"banker gain per hand": "gain", "stakes per hand": "stakes",
             "player hands bust": "bust", "player hands on 7½ or better": "seven_half",
             "banker busts (when it played)": "banker_bust",
             "bank tenure (completed)": "tenure", "banker's gain per tenure": "tenure_gain"}
"""The measures of `SimulationResult.summary` the text shows, with their catalogue keys
(``sim.m_KEY``; units ``sim.u_UNIT``)."""


def _text(result: Any, exact: dict[str, Any] | None, args: argparse.Namespace) -> list[str]:
    """What ``settemezzo simulate`` prints, in ``--lang``."""
    r, lang = result, args.lang
    people = r.players + 1
    each = r.rules.chips_for(people) if args.chips == "rules" else args.chips
    chips = t("sim.each", lang, n=each) if r.limited else t("sim.unlimited", lang)
    seats = t("sim.seats", lang, seats=", ".join(args.seat)) if args.seat else ""
    lines = [
        t("sim.head", lang, rules=describe_rules(r.rules, lang), n=r.players, seed=r.seed),
        t("sim.strategies", lang, player=args.player, banker=args.banker) + seats,
        t("sim.chips", lang, chips=chips, n=r.session_hands),
        t("sim.played", lang, hands=whole(r.hands, lang), sessions=whole(r.sessions_played, lang),
          s=number(r.seconds, lang, 2, typeset=False), rate=whole(r.hands_per_second, lang),
          runner=r.runner),
        "",
        t("sim.edge", lang, e=_pct(r.edge, lang), se=_pct(r.edge_se, lang)),
    ]
    lines += _measure_lines(r.summary().set_index("measure"), lang)
    if r.players > 1:
        lines += ["", t("sim.by_position", lang)]
        for row in r.positions().itertuples():
            lines.append(f"  {row.position}: {_pct(row.banker_edge, lang)} ± "
                         f"{_pct(row.se, lang)}")
    lines += ["", t("sim.by_seat", lang)]
    lines += [_seat_line(row, r.limited, lang) for row in r.seat_table().itertuples()]
    lines += ["", t("sim.conserved" if r.chips_conserved else "sim.not_conserved", lang)]
    if exact is not None:
        lines.append(t("sim.exact", lang, e=_pct(exact["banker_edge"], lang),
                       z=number(exact["z"], lang, 2, typeset=False)))
        if "note" in exact:
            lines.append(f"  ({exact['note']})")
    return lines


def _measure_lines(s: Any, lang: str) -> list[str]:
    """'  banker gain per hand: 1.9390 ± 0.0096 chips', one line per measure of `_MEASURES`."""
    lines = []
    for name, key in _MEASURES.items():
        if name in s.index:
            v, se, unit = s.loc[name, "value"], s.loc[name, "se"], s.loc[name, "unit"]
            if unit == "share":
                value = f"{_pct(v, lang)} ± {_pct(se, lang)}"
            else:
                value = (f"{number(v, lang, 4, typeset=False)} ± "
                         f"{number(se, lang, 4, typeset=False)} {t(f'sim.u_{unit}', lang)}")
            lines.append(t("sim.measure", lang, what=t(f"sim.m_{key}", lang), value=value))
    return lines


def _seat_line(row: Any, limited: bool, lang: str) -> str:
    """'  seat 0: as banker +1.234 ± 0.010 (1,000 hands), as player ...'."""
    def gain(g: float, se: float) -> str:
        return (f"{number(g, lang, 3, sign=True, typeset=False)} ± "
                f"{number(se, lang, 3, typeset=False)}")

    text = t("sim.seat", lang, seat=row.seat,
             banker=gain(row.gain_as_banker, row.gain_as_banker_se),
             nb=whole(row.hands_as_banker, lang),
             player=gain(row.gain_as_player, row.gain_as_player_se),
             np=whole(row.hands_as_player, lang))
    if limited:
        text += t("sim.wins", lang, w=_pct(row.win_chance, lang), se=_pct(row.win_se, lang),
                  ruin=_pct(row.ruin, lang))
    return text


def register(subparsers: Subparsers[argparse.ArgumentParser], lang: str = "en") -> None:
    """Add ``simulate``, its help in ``lang``."""
    def h(key: str, **fields: object) -> str:
        return help_text(f"cli.help.simulate.{key}", lang, **fields)

    p = subparsers.add_parser("simulate", help=h("help"), description=h("description"))
    add_rules(p, lang)
    p.add_argument("--players", type=int, default=1, help=h("players"))
    p.add_argument("--hands", type=int, help=h("hands"))
    p.add_argument("--sessions", type=int, help=h("sessions"))
    p.add_argument("--seed", type=int, default=0, help=h("seed"))
    p.add_argument("--player", default="threshold:5", metavar="STRATEGY", help=h("player"))
    p.add_argument("--banker", default="threshold:5", metavar="STRATEGY", help=h("banker"))
    p.add_argument("--seat", action="append", default=[], metavar="N=PLAYER[/BANKER]",
                   help=h("seat"))
    p.add_argument("--chips", default="rules", metavar="rules|unlimited|N", help=h("chips"))
    p.add_argument("--session-hands", type=int, metavar="N", help=h("session_hands"))
    p.add_argument("--sale", metavar="PRICE[@HANDS]", help=h("sale"))
    p.add_argument("--workers", type=int, help=h("workers"))
    p.add_argument("--scheduler", metavar="tcp://HOST:PORT", help=h("scheduler"))
    p.add_argument("--no-progress", action="store_true", help=h("no_progress"))
    p.add_argument("--exact", action="store_true", help=h("exact"))
    p.add_argument("--yes", action="store_true", help=h("yes", m=L.ASK_ABOVE_SECONDS // 60))
    p.add_argument("--json", action="store_true", help=h("json"))
    p.add_argument("--out", metavar="FILE.csv", help=h("out"))
    p.add_argument("--sessions-out", metavar="FILE.csv", help=h("sessions_out"))
    p.add_argument("--hands-out", metavar="FILE.csv", help=h("hands_out"))
    p.set_defaults(handler=cmd_simulate)


# ---------------------------------------------------------------------------------------------
# The casino games (`settemezzo.casino`): a rule set with open_deal is answered here
# ---------------------------------------------------------------------------------------------

def _casino_player(text: str, rules: Rules, lang: str) -> Any:
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


def _casino_simulate(args: argparse.Namespace, rules: Rules) -> int:
    """``simulate``: hands of the casino deal (`settemezzo.casino.simulate`), seeded, with the
    exact value of the same strategy."""
    from settemezzo.casino import Solver
    from settemezzo.casino import simulate as play

    card = _casino_player(args.player, rules, args.lang)
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
