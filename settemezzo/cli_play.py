"""``settemezzo play``: the classroom table in a terminal.

Registered by `settemezzo.cli`. The same table as the classroom page
(`settemezzo.simulate.tablegame.TableGame`, the simulator's engine stepped by people): keys
for stake (a number, or Enter for the last one), burn (b), hit (h), swap (w), split (p),
stand (s), the exact hint (?) and quit (q). ``--auto --json`` plays a whole game with
computer seats only and prints the hand-by-hand record and the result, which equal
``settemezzo simulate --sessions 1`` with the same seed and strategies.

    settemezzo play --rules spanish --students 1 --computers 2 --seed 4 --lang es
    settemezzo play --rules spanish --auto --seed 1 --json
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from settemezzo.i18n import describe_rules
from settemezzo.rules import Rules, RulesError

__all__ = ["PlayError", "add_to", "cmd_play", "game_record", "register"]


class PlayError(RulesError):
    """A ``play`` argument that cannot be used (a `ValueError`; exit status 2)."""


def _count(name: str, value: int, lo: int, hi: int) -> int:
    if not lo <= value <= hi:
        raise PlayError(f"--{name} must be a whole number from {lo} to {hi}, got {value}")
    return value


def _check(args: argparse.Namespace) -> tuple[int, int]:
    """Students and computers, validated (`PlayError` names the bad value)."""
    if args.json and not args.auto:
        raise PlayError("--json prints the record of a whole game: use it with --auto")
    if args.seed < 0:
        raise PlayError(f"--seed must be a whole number of at least 0, got {args.seed}")
    students = args.students if args.students is not None else (0 if args.auto else 1)
    computers = args.computers if args.computers is not None else (3 if args.auto else 2)
    if args.auto and students:
        raise PlayError(f"--auto plays computer seats only, got --students {students}")
    _count("students", students, 0, 7)
    _count("computers", computers, 0, 7)
    if not 1 <= students + computers <= 7:
        raise PlayError(f"a table seats 1 to 7 players beside the bank, got {students} "
                        f"students and {computers} computers")
    return students, computers


def game_record(game: Any) -> dict[str, Any]:
    """The hand-by-hand record of a game and its result, JSON-ready."""
    hands = []
    for r in game.reports:
        hands.append({
            "hand": r.hand + 1, "banker": r.banker,
            "banker_cards": [str(c) for c in r.banker_cards], "banker_result": r.banker_result,
            "players": [{"seat": s, "hands": [[str(c) for c in h] for h in hs],
                         "results": list(res), "stakes": list(st), "gains": list(g)}
                        for (s, hs, res, g), st in zip(r.players, r.stakes, strict=True)],
            "burnt": [{"seat": s, "card": str(c)} for s, c in r.burnt],
            "banker_gain": r.banker_gain, "next_banker": r.next_banker,
            "bank_moved": r.bank_moved, "chips": list(r.chips)})
    chips = list(game.chips)
    total = len(chips) * game.rules.chips_for(len(chips))
    return {"rules": describe_rules(game.rules), "seed": game.seed, "seats": game.names,
            "strategies": {"player": game.strategy, "banker": "table"}, "hands": hands,
            "result": {"hands": len(hands), "chips": chips,
                       "winner": max(range(len(chips)), key=lambda s: chips[s]),
                       "chips_conserved": all(sum(h["chips"]) == total for h in hands),
                       "over": game.over}}


def _show(game: Any, lang: str, out: Callable[[str], None]) -> None:
    from settemezzo.i18n import t
    from settemezzo.widgets.tableview import seat_name

    for seat in game.seats():
        hands = "  |  ".join(
            " ".join(str(c) if c is not None else "▒" for c in h.cards)
            + (f"  ({h.total_label})" if h.cards else "")
            + (f"  [{h.stake}]" if h.stake else "") for h in seat.hands)
        burnt = f"  ({t('table.burnt', lang, card=seat.burnt)})" if seat.burnt else ""
        mark = "★ " if seat.banker else ("▶ " if seat.to_play else "  ")
        out(f"{mark}{seat_name(game, seat.seat, lang):<12} "
            f"{t('word.chips', lang, n=seat.chips):<11} {hands}{burnt}")


_KEYS = {"h": "hit", "s": "stand", "w": "swap", "p": "split", "b": "burn"}
_KEY_WORDS = {"hit": "chart.hit", "stand": "chart.stand", "swap": "table.swap",
              "split": "word.split", "burn": "table.burn"}
"""The catalogue key of each move a key stands for, in the prompt."""


def _hint(game: Any, lang: str) -> str:
    from settemezzo.i18n import t

    if game.phase == "bank":
        hit = game.bank_hint()
        return t("table.bank_hint", lang, play=t("chart.hit" if hit else "chart.stand", lang))
    from settemezzo.i18n import advice_text

    advice = game.hint()   # the solved results the computer seats play (no solve)
    return advice_text(advice, lang) if advice is not None else t("table.no_hint", lang)


def _turn(game: Any, lang: str, key: str, out: Callable[[str], None]) -> bool:
    """One key from the student to act; False to quit."""
    if key == "q":
        return False
    if key == "?":
        out(_hint(game, lang))
    elif game.can_stake():
        game.stake(int(key) if key else game.default_stake())
    elif key in _KEYS:
        getattr(game, _KEYS[key])()
    return True


def _prompt(game: Any, lang: str) -> str:
    from settemezzo.i18n import t
    from settemezzo.widgets.tableview import seat_name

    name = seat_name(game, game.to_play, lang)
    if game.can_stake():
        lo, hi = game.stake_range()
        return t("table.your_stake", lang, name=name, lo=lo, hi=hi) + f" [{game.default_stake()}] "
    keys = [f"{k}={t(_KEY_WORDS[a], lang)}" for k, a in _KEYS.items()
            if getattr(game, f"can_{a}")()]
    return t("table.prompt", lang, name=name, options=", ".join(keys)) + " "


def _interactive(game: Any, lang: str, read: Callable[[str], str],
                 out: Callable[[str], None]) -> None:
    from settemezzo.i18n import t
    from settemezzo.simulate.session import IllegalActionError
    from settemezzo.widgets.tableview import log_lines

    shown = 0
    while True:
        if len(game.reports) > shown:
            shown = len(game.reports)
            _show(game, lang, out)
            out("\n".join(log_lines(game, lang, hands=1)))
        if game.over:
            return
        if game.to_play is None:
            if read(t("table.next", lang) + " ").strip().lower() == "q":
                return
            game.next_hand()
            continue
        _show(game, lang, out)
        try:
            if not _turn(game, lang, read(_prompt(game, lang)).strip().lower(), out):
                return
        except (IllegalActionError, ValueError) as e:
            out(str(e))


def cmd_play(args: argparse.Namespace, rules: Rules) -> int:
    """Play a game at the terminal table (or, with ``--auto``, a game of computers)."""
    from settemezzo.i18n import check_lang
    from settemezzo.simulate.tablegame import TableGame

    students, computers = _check(args)
    lang = check_lang(args.lang)
    from settemezzo.cli_simulate import _sale

    game = TableGame(rules, students, computers, args.seed, player=args.player,
                     sale=_sale(args.sale))
    if args.auto:
        game.play_out()
        record = game_record(game)
        if args.json:
            from settemezzo.cli_common import print_json

            print_json(record, rules, lang)
        else:
            from settemezzo.widgets.tableview import log_lines

            print("\n".join(log_lines(game, lang, hands=len(game.reports))))
        return 0
    _interactive(game, lang, input, print)
    return 0


def register(subparsers: Any, add_rules: Any) -> None:
    """Add ``play``; ``add_rules`` adds --rules/--variant to the parser."""
    from settemezzo.cli_common import add_lang

    p = subparsers.add_parser(
        "play", help="the classroom table in a terminal (every rule set)",
        description="Play at the classroom table in a terminal: students type their stake "
                    "(a number; Enter for the last one), b burn, h hit, w swap, p split, "
                    "s stand, ? the exact hint, q quit. Computer seats play the exact "
                    "engine's equilibrium (SPANISH: the restricted game's, split hands by "
                    "threshold:5); the computer banker is the simulator's table banker. "
                    "--auto --json plays a whole game of computers and prints its record.")
    add_rules(p)
    p.add_argument("--students", type=int, help="students at the table, 0-7 (default 1; "
                                                "0 with --auto)")
    p.add_argument("--computers", type=int, help="computer players, 0-7 (default 2; 3 "
                                                 "with --auto)")
    p.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    add_lang(p)
    p.add_argument("--player", metavar="STRATEGY",
                   help="the computer seats' strategy (default: equilibrium)")
    p.add_argument("--sale", metavar="PRICE[@HANDS]",
                   help="keep-the-bank variant: the bank is sold for PRICE chips after "
                        "HANDS hands (default 5)")
    p.add_argument("--auto", action="store_true", help="computer seats only: play a game")
    p.add_argument("--json", action="store_true",
                   help="with --auto: print the hand-by-hand record and the result as JSON")
    p.set_defaults(solver_cmd=cmd_play)


def add_to(subparsers: Any) -> None:
    """Register ``play`` with the shared rule-set options of `settemezzo.cli`."""
    from settemezzo.cli import _add_rules_args

    register(subparsers, _add_rules_args)
