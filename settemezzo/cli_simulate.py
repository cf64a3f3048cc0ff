"""``settemezzo simulate``: Monte Carlo of whole tables and sessions.

Registered by `settemezzo.cli`; numba, pandas and the simulator are imported only when the
command runs.

    settemezzo simulate --players 4 --hands 1000000 --rules spanish --seed 1
    settemezzo simulate --banker equilibrium --exact --chips unlimited
"""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path
from typing import Any

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
    if low.isdigit() and int(low) > 0:
        return int(low)
    raise CliError(f"--chips takes 'rules', 'unlimited' or a number of chips, got {text!r}")


def _seats(items: list[str]) -> dict[int, tuple[str | None, str | None]]:
    out: dict[int, tuple[str | None, str | None]] = {}
    for item in items:
        seat, sep, spec = item.partition("=")
        if not sep or not seat.strip().isdigit() or not spec.strip():
            raise CliError(f"--seat takes SEAT=PLAYER or SEAT=PLAYER/BANKER (e.g. "
                           f"2=threshold:6/omniscient), got {item!r}")
        player, _, banker = spec.partition("/")
        out[int(seat)] = (player.strip() or None, banker.strip() or None)
    return out


def _sale(text: str | None) -> tuple[int, int] | None:
    if text is None:
        return None
    price, _, after = text.partition("@")
    if not price.strip().isdigit() or (after and not after.strip().isdigit()):
        raise CliError(f"--sale takes PRICE or PRICE@HANDS (e.g. 20@5), got {text!r}")
    return int(price), int(after) if after else 5


def _pct(x: float) -> str:
    return "n/a" if math.isnan(x) else f"{x:.3%}"


def cmd_simulate(args: argparse.Namespace, rules: Rules) -> int:
    """Run the simulation and print (or write) its results."""
    from settemezzo.simulate import simulate
    from settemezzo.simulate.analysis import exact_value

    hands = args.hands
    if hands is None and args.sessions is None:
        hands = 1_000_000
    chips = _chips(args.chips)
    result = simulate(rules, args.players, hands, sessions=args.sessions, seed=args.seed,
                      player=args.player, banker=args.banker, seats=_seats(args.seat),
                      chips=chips, session_hands=args.session_hands, sale=_sale(args.sale),
                      workers=args.workers, scheduler=args.scheduler,
                      progress=False if args.no_progress else None,
                      record_hands=bool(args.hands_out))
    exact: dict[str, Any] | None = None
    if args.exact:
        if args.players != 1 or args.seat:
            raise CliError("--exact compares the heads-up game: use --players 1 and no --seat")
        value = float(exact_value(rules, args.player, args.banker))
        exact = {"player_value": value, "banker_edge": -value,
                 "z": result.z(value) if result.edge_se > 0 else math.nan}
        if result.limited:
            exact["note"] = ("chips are limited (stakes capped, eliminations): use --chips "
                             "unlimited for a like-for-like comparison")
    if args.out:
        path = Path(args.out)
        if path.suffix.lower() != ".csv":
            raise CliError(f"--out must name a .csv file, got {args.out!r}")
        path.parent.mkdir(parents=True, exist_ok=True)
        result.summary().to_csv(path, index=False, float_format="%.9g")
    if args.sessions_out:
        path = Path(args.sessions_out)
        if path.suffix.lower() != ".csv":
            raise CliError(f"--sessions-out must name a .csv file, got {args.sessions_out!r}")
        path.parent.mkdir(parents=True, exist_ok=True)
        result.sessions().to_csv(path, index=False)
    if args.hands_out:
        path = Path(args.hands_out)
        if path.suffix.lower() != ".csv":
            raise CliError(f"--hands-out must name a .csv file, got {args.hands_out!r}")
        path.parent.mkdir(parents=True, exist_ok=True)
        result.hand_records().to_csv(path, index=False)
    if args.json:
        out = result.to_dict()
        if exact is not None:
            out["exact"] = exact
        print(json.dumps(out, ensure_ascii=False, indent=2))
        return 0
    _print_text(result, exact, args)
    return 0


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
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--out", metavar="FILE.csv", help="write the summary table as CSV")
    p.add_argument("--sessions-out", metavar="FILE.csv", help="write one row per session")
    p.add_argument("--hands-out", metavar="FILE.csv",
                   help="write one row per hand (banker, stakes, results, chips after it)")
    p.set_defaults(solver_cmd=cmd_simulate)
