"""``settemezzo simulate``: Monte Carlo of whole tables and sessions.

Registered by `settemezzo.cli`; numba, pandas and the simulator are imported only when the
command runs.

    settemezzo simulate --players 4 --hands 1000000 --rules spanish --seed 1
    settemezzo simulate --banker equilibrium --exact --chips unlimited
"""

from __future__ import annotations

import argparse
import math
import re
from pathlib import Path
from typing import Any

from settemezzo import limits as L
from settemezzo.cli_common import pct, print_json, replaced
from settemezzo.fileio import check_out, writing
from settemezzo.i18n import describe_rules, number, t, whole
from settemezzo.rules import Rules

__all__ = ["cmd_simulate", "register"]


class CliError(ValueError):
    """A command-line value that cannot be used."""


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


def _sale(text: str | None) -> tuple[int, int] | None:
    if text is None:
        return None
    price, _, after = text.partition("@")
    if not re.fullmatch(r"[0-9]{1,30}", price.strip()) or (
            after and not re.fullmatch(r"[0-9]{1,30}", after.strip())):
        raise CliError(f"--sale takes PRICE or PRICE@HANDS (e.g. 20@5), got {text!r}")
    return (L.check_count("--sale price", int(price), 1, L.MAX_CHIPS, L.CHIPS_REASON),
            L.check_count("--sale hands", int(after) if after else 5, 1, L.MAX_SESSION_HANDS,
                          L.SESSION_HANDS_REASON))


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
    """A share with three decimals ('n/a' in ``lang`` where there is none: `cli_common.pct`)."""
    return pct(x, lang, 3)


def cmd_simulate(args: argparse.Namespace, rules: Rules) -> int:
    """Run the simulation and print (or write) its results."""
    from settemezzo.simulate import simulate
    from settemezzo.simulate.analysis import exact_value

    _check_numbers(args)
    hands = args.hands
    if hands is None and args.sessions is None:
        hands = 1_000_000
    if hands is not None and args.sessions is not None:
        raise CliError("give --hands or --sessions, not both")
    # every argument is checked before the first hand is dealt
    chips, seats, sale = _chips(args.chips), _seats(args.seat, args.players), _sale(args.sale)
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


def register(subparsers: Any, add_rules: Any) -> None:
    """Add ``simulate``; ``add_rules`` adds --rules/--variant to the parser."""
    p = subparsers.add_parser(
        "simulate", help="Monte Carlo of whole tables and sessions, with standard errors",
        description="Simulate hands and whole sessions (stakes, chips, bank passing, "
                    "eliminations) at a table of 1-7 players and the banker. Strategies: "
                    "threshold:K (hit below K points), equilibrium (heads-up), and for the "
                    "banker omniscient and table (exact posterior of the face-down cards). "
                    "Player options after a comma: stake=min|max|N|max-on:7/6, burn, split, "
                    "swap (a rule of thumb alone never burns, splits or swaps and stakes the "
                    "minimum).")
    add_rules(p)
    p.add_argument("--players", type=int, default=1, help="players besides the banker, 1-7")
    p.add_argument("--hands", type=int, help="hands to play (default 1,000,000)")
    p.add_argument("--sessions", type=int, help="whole sessions to play instead of --hands")
    p.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    p.add_argument("--player", default="threshold:5", metavar="STRATEGY",
                   help="every seat's strategy as a player (default threshold:5)")
    p.add_argument("--banker", default="threshold:5", metavar="STRATEGY",
                   help="every seat's strategy as the banker (default threshold:5)")
    p.add_argument("--seat", action="append", default=[], metavar="N=PLAYER[/BANKER]",
                   help="one seat's strategies (seat 0 holds the bank first), repeatable")
    p.add_argument("--chips", default="rules", metavar="rules|unlimited|N",
                   help="starting chips: the rules' (default), unlimited credit, or N each")
    p.add_argument("--session-hands", type=int, metavar="N",
                   help="hands per session when the rules set no end (default 100)")
    p.add_argument("--sale", metavar="PRICE[@HANDS]",
                   help="keep-the-bank variant: the bank is sold for PRICE chips after "
                        "HANDS hands (default 5)")
    p.add_argument("--workers", type=int, help="local threads (default: every core)")
    p.add_argument("--scheduler", metavar="tcp://HOST:PORT",
                   help="run the chunks on this Dask scheduler")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.add_argument("--exact", action="store_true",
                   help="heads-up: also compute the exact value and the distance in standard "
                        "errors")
    p.add_argument("--yes", action="store_true",
                   help=f"run even when the estimated time is over "
                        f"{L.ASK_ABOVE_SECONDS // 60} minutes")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--out", metavar="FILE.csv", help="write the summary table as CSV")
    p.add_argument("--sessions-out", metavar="FILE.csv", help="write one row per session")
    p.add_argument("--hands-out", metavar="FILE.csv",
                   help="write one row per hand (banker, stakes, results, chips after it)")
    p.set_defaults(solver_cmd=cmd_simulate)
