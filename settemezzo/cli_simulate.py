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
from settemezzo.cli_common import print_json, replaced
from settemezzo.fileio import check_out, writing
from settemezzo.i18n import percent
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


def _pct(x: float) -> str:
    return "n/a" if math.isnan(x) else percent(x, "en", 3, typeset=False)


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
            exact["note"] = ("chips are limited (stakes capped, eliminations): use --chips "
                             "unlimited for a like-for-like comparison")
    _write_csvs(result, out, sessions_out, hands_out)
    if args.json:
        data = result.to_dict()
        if exact is not None:
            data["exact"] = exact
        print_json(data, rules)
        return 0
    _print_text(result, exact, args)
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


def _print_text(result: Any, exact: dict[str, Any] | None, args: argparse.Namespace) -> None:
    r = result
    people = r.players + 1
    each = r.rules.chips_for(people) if args.chips == "rules" else args.chips
    chips = f"{each} each" if r.limited else "unlimited credit"
    lines = [
        f"Rules: {r.rules.describe()}; {r.players} player(s) and the banker; seed {r.seed}",
        f"Strategies: players {args.player}, banker {args.banker}"
        + (f"; seats {', '.join(args.seat)}" if args.seat else ""),
        f"Chips: {chips}; sessions of up to {r.session_hands} hands",
        f"Played {r.hands:,} hands in {r.sessions_played:,} sessions, {r.seconds:.2f} s "
        f"({r.hands_per_second:,.0f} hands/s; {r.runner})",
        "",
        f"Banker's edge per player-hand: {_pct(r.edge)} ± {_pct(r.edge_se)} "
        f"(the banker's gain per unit staked, ± one standard error)",
    ]
    s = r.summary().set_index("measure")
    for name in ("banker gain per hand", "stakes per hand", "player hands bust",
                 "player hands on 7½ or better", "banker busts (when it played)",
                 "bank tenure (completed)", "banker's gain per tenure"):
        if name in s.index:
            v, se, unit = s.loc[name, "value"], s.loc[name, "se"], s.loc[name, "unit"]
            if unit == "share":
                lines.append(f"  {name}: {_pct(v)} ± {_pct(se)}")
            else:
                lines.append(f"  {name}: {v:.4f} ± {se:.4f} {unit}")
    if r.players > 1:
        lines += ["", "The banker's edge by playing position (1 = the banker's right):"]
        for row in r.positions().itertuples():
            lines.append(f"  {row.position}: {_pct(row.banker_edge)} ± {_pct(row.se)}")
    lines += ["", "By seat (seat 0 holds the bank first; gains in chips per hand):"]
    seats = r.seat_table()
    for row in seats.itertuples():
        text = (f"  seat {row.seat}: as banker {row.gain_as_banker:+.3f} ± "
                f"{row.gain_as_banker_se:.3f} ({row.hands_as_banker:,} hands), as player "
                f"{row.gain_as_player:+.3f} ± {row.gain_as_player_se:.3f} "
                f"({row.hands_as_player:,} hands)")
        if r.limited:
            text += (f"; wins {_pct(row.win_chance)} ± {_pct(row.win_se)}, ruin "
                     f"{_pct(row.ruin)}")
        lines.append(text)
    lines += ["", "Chips conserved: " + ("yes, after every hand" if r.chips_conserved
                                        else "NO - a bug, please report")]
    if exact is not None:
        lines.append(f"Exact heads-up banker's edge: {_pct(exact['banker_edge'])}; the "
                     f"simulation is {exact['z']:.2f} standard errors away")
        if "note" in exact:
            lines.append(f"  ({exact['note']})")
    print("\n".join(lines))


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
