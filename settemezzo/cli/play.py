"""``settemezzo play``: the classroom table in a terminal.

The same table as the classroom page
(`settemezzo.simulate.tablegame.TableGame`, the simulator's engine stepped by people): keys
for stake (a number, or Enter for the last one), burn (b), hit (h), swap (w), split (p),
stand (s), the exact hint (?: at a table played down, for the cards seen since the shuffle)
and quit (q). ``--auto --json`` plays a whole game with
computer seats only and prints the hand-by-hand record and the result, which equal
``settemezzo simulate --sessions 1`` with the same seed and strategies. The deck is played
down (``reshuffle=when_exhausted``: one deck across hands, as people play) unless
``--fresh-deck``.

    settemezzo play --rules spanish --students 1 --computers 2 --seed 4 --lang es
    settemezzo play --rules spanish --auto --seed 1 --json
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from settemezzo.cli.common import (
    CliError,
    Subparsers,
    add_lang,
    add_rules,
    parse_sale,
    print_json,
    rules_from,
    speak_progress,
)
from settemezzo.cli.help_texts import help_text
from settemezzo.i18n import describe_rules
from settemezzo.rules import dealt_down

__all__ = ["cmd_play", "game_record", "register"]


def _count(name: str, value: int, lo: int, hi: int) -> int:
    if not lo <= value <= hi:
        raise CliError(f"--{name} must be a whole number from {lo} to {hi}, got {value}")
    return value


def _check(args: argparse.Namespace) -> tuple[int, int]:
    """Students and computers, validated (`CliError` names the bad value)."""
    if args.json and not args.auto:
        raise CliError("--json prints the record of a whole game: use it with --auto")
    if args.seed < 0:
        raise CliError(f"--seed must be a whole number of at least 0, got {args.seed}")
    students = args.students if args.students is not None else (0 if args.auto else 1)
    computers = args.computers if args.computers is not None else (3 if args.auto else 2)
    if args.auto and students:
        raise CliError(f"--auto plays computer seats only, got --students {students}")
    _count("students", students, 0, 7)
    _count("computers", computers, 0, 7)
    if not 1 <= students + computers <= 7:
        raise CliError(f"a table seats 1 to 7 players beside the bank, got {students} "
                        f"students and {computers} computers")
    return students, computers


def score_words(score: int) -> str:
    """A score code of the record (`settemezzo.simulate.session.HandReport`) as the JSON
    record writes it, in English: 'did not play' (-1), else `settemezzo.i18n.score_label`."""
    from settemezzo.i18n import score_label

    return "did not play" if score < 0 else score_label(score)


def game_record(game: Any) -> dict[str, Any]:
    """The hand-by-hand record of a game and its result, JSON-ready."""
    hands = []
    for r in game.reports:
        hands.append({
            "hand": r.hand + 1, "banker": r.banker,
            "banker_cards": [str(c) for c in r.banker_cards],
            "banker_result": score_words(r.banker_score),
            "players": [{"seat": s, "hands": [[str(c) for c in h] for h in hs],
                         "results": [score_words(x) for x in res], "stakes": list(st),
                         "gains": list(g)}
                        for (s, hs, res, g), st in zip(r.players, r.stakes, strict=True)],
            "burnt": [{"seat": s, "card": str(c)} for s, c in r.burnt],
            "banker_gain": r.banker_gain, "next_banker": r.next_banker,
            "bank_moved": r.bank_moved, "chips": list(r.chips)})
    chips = list(game.chips)
    total = len(chips) * game.rules.chips_for(len(chips))
    from settemezzo.teaching.tablelog import seat_name

    return {"rules": describe_rules(game.rules), "seed": game.seed,
            "seats": [seat_name(game, i, "en") for i in range(len(game.names))],
            "strategies": {"player": game.strategy, "banker": "table"}, "hands": hands,
            "result": {"hands": len(hands), "chips": chips,
                       "winner": max(range(len(chips)), key=lambda s: chips[s]),
                       "chips_conserved": all(sum(h["chips"]) == total for h in hands),
                       "over": game.over}}


def _cards_text(hand: Any, lang: str = "en") -> str:
    """A hand's cards in the deck of ``lang``: the face-down one first in brackets ('[▒]'
    where hidden), then the face-up ones."""
    from settemezzo.i18n import card_label
    from settemezzo.teaching.tablelog import face_down_first

    def label(c: Any) -> str:
        return "▒" if c is None else card_label(c, lang)

    return " ".join(label(c).join("[]") if down else label(c)
                    for c, down in face_down_first(hand))


def _show(game: Any, lang: str, out: Callable[[str], None]) -> None:
    """The seats (the ★ on the banker of the hand on screen), then who holds the bank."""
    from settemezzo.i18n import card_label, t, total_label
    from settemezzo.teaching.tablelog import bank_line, deck_line, hand_banker, seat_name

    banker = hand_banker(game)
    for seat in game.seats():
        hands = "  |  ".join(
            _cards_text(h, lang) + (f"  ({total_label(h.total, lang)})" if h.cards else "")
            + (f"  [{h.stake}]" if h.stake else "") for h in seat.hands)
        burnt = (f"  ({t('table.burnt', lang, card=card_label(seat.burnt, lang))})"
                 if seat.burnt else "")
        mark = "★ " if seat.seat == banker else ("▶ " if seat.to_play else "  ")
        out(f"{mark}{seat_name(game, seat.seat, lang):<12} "
            f"{t('word.chips', lang, n=seat.chips):<11} {hands}{burnt}")
    line = bank_line(game, lang)
    if line:
        out(line)
    out(deck_line(game, lang))


_KEYS = {"h": "hit", "s": "stand", "w": "swap", "p": "split", "b": "burn"}
_KEY_WORDS = {"hit": "chart.hit", "stand": "chart.stand", "swap": "table.swap",
              "split": "word.split", "burn": "table.burn"}
"""The catalogue key of each move a key stands for, in the prompt."""


def _hint(game: Any, lang: str, out: Callable[[str], None] = print) -> str:
    """The hint for the student to act, exact for the cards seen at a table played down
    (`settemezzo.teaching.tablelog.table_hint`): where the deck's values are not done yet,
    ``out`` says first that they are being worked out, and the hint waits for them."""
    from settemezzo.i18n import t

    if game.phase == "bank":
        hit = game.bank_hint()
        return t("table.bank_hint", lang, play=t("chart.hit" if hit else "chart.stand", lang))
    from settemezzo.i18n import advice_text
    from settemezzo.teaching.tablelog import deck_note, split_hand_words, split_hint, table_hint

    found = table_hint(game)
    if found.deck == "coming":
        out(t("table.hint_working_swap" if found.swap else "table.hint_working", lang,
              n=found.seen))
        found = table_hint(game, wait=True)
    if found.split is not None:
        return " ".join(x for x in (split_hand_words(found, lang), deck_note(found, lang)) if x)
    if found.hint is None:
        return t("table.no_hint", lang)
    advice = found.hint.advice(game.rules)
    return " ".join(x for x in (advice_text(advice, lang), split_hint(advice, lang),
                                deck_note(found, lang)) if x)


def _turn(game: Any, lang: str, key: str, out: Callable[[str], None]) -> bool:
    """One key from the student to act; False to quit. A key that means nothing now gets
    one line saying which keys do."""
    if key == "q":
        return False
    if key == "?":
        out(_hint(game, lang, out))
    elif game.can_stake():
        if key and not (key.isdigit() and game.can_stake(int(key))):
            out(_unknown(game, lang, key))
        else:
            game.stake(int(key) if key else game.default_stake())
    elif key in _KEYS and getattr(game, f"can_{_KEYS[key]}")():
        getattr(game, _KEYS[key])()
    else:
        out(_unknown(game, lang, key))
    return True


def _unknown(game: Any, lang: str, key: str) -> str:
    from settemezzo.i18n import t

    if game.can_stake():
        lo, hi = game.stake_range()
        options = [t("table.stake_keys", lang, lo=lo, hi=hi, d=game.default_stake())]
    else:
        options = _key_words(game, lang)
    return t("table.unknown_key", lang, pressed=key, options=", ".join([*options, "?", "q"]))


def _key_words(game: Any, lang: str) -> list[str]:
    """'h=hit', 's=stand'... for the moves allowed now."""
    from settemezzo.i18n import t

    return [f"{k}={t(_KEY_WORDS[a], lang)}" for k, a in _KEYS.items()
            if getattr(game, f"can_{a}")()]


def _prompt(game: Any, lang: str) -> str:
    from settemezzo.i18n import t
    from settemezzo.teaching.tablelog import seat_name

    name = seat_name(game, game.to_play, lang)
    if game.can_stake():
        lo, hi = game.stake_range()
        return t("table.your_stake", lang, name=name, lo=lo, hi=hi) + f" [{game.default_stake()}] "
    return t("table.prompt", lang, name=name, options=", ".join(_key_words(game, lang))) + " "


def _interactive(new_game: Callable[[int], Any], seed: int, lang: str,
                 read: Callable[[str], str], out: Callable[[str], None]) -> None:
    """Play by keys until ``q``; at the end of a game, the winner, the standings and a new
    game on ``n`` (``new_game(seed)``: the same table, the next seed). The values of a deck
    played down not yet started are given up at the end (`cancel_ahead`)."""
    from settemezzo.teaching.books import cancel_ahead

    try:
        while _play_game(new_game(seed), lang, read, out):
            seed += 1
    finally:
        cancel_ahead()


def _play_game(game: Any, lang: str, read: Callable[[str], str],
               out: Callable[[str], None]) -> bool:
    """One game by keys; True when a new game is asked for at its end. At a table played
    down, each hand's deck starts being valued as the hand before ends (`start_ahead`), for
    the hint."""
    from settemezzo.errors import IllegalActionError
    from settemezzo.i18n import t
    from settemezzo.teaching.books import start_ahead
    from settemezzo.teaching.tablelog import log_lines, standings

    shown = 0
    while True:
        if len(game.reports) > shown:
            shown = len(game.reports)
            _show(game, lang, out)
            out("\n".join(log_lines(game, lang, hands=1)))
        if game.over:
            out("\n".join([t("table.standings", lang) + ":", *standings(game, lang)]))
            return read(t("table.again", lang) + " ").strip().lower() == "n"
        if game.to_play is None:
            start_ahead(game)  # the next hand's deck, while the table reads the last one
            if read(t("table.next", lang) + " ").strip().lower() == "q":
                return False
            game.next_hand()
            start_ahead(game)
            continue
        _show(game, lang, out)
        try:
            if not _turn(game, lang, read(_prompt(game, lang)).strip().lower(), out):
                return False
        except (IllegalActionError, ValueError) as e:
            out(str(e))


def cmd_play(args: argparse.Namespace) -> int:
    """Play a game at the terminal table (or, with ``--auto``, a game of computers)."""
    from settemezzo.i18n import check_lang, t

    rules = dealt_down(rules_from(args), args.fresh_deck)
    students, computers = _check(args)
    lang = check_lang(args.lang)
    sale = parse_sale(args.sale)
    speak_progress(lang)
    from settemezzo.simulate.tablegame import TableGame

    def new_game(seed: int) -> TableGame:
        return TableGame(rules, students, computers, seed, player=args.player, sale=sale)

    if not args.auto:
        _interactive(new_game, args.seed, lang, input, print)
        return 0
    game = new_game(args.seed)
    game.play_out()
    if args.json:
        print_json(game_record(game), rules, lang)
        return 0
    from settemezzo.teaching.tablelog import log_lines, standings

    print("\n".join([*log_lines(game, lang, hands=len(game.reports)),
                     t("table.standings", lang) + ":", *standings(game, lang)]))
    return 0


def register(subparsers: Subparsers[argparse.ArgumentParser], lang: str = "en") -> None:
    """Add ``play``, its help in ``lang``."""
    def h(key: str) -> str:
        return help_text(f"cli.help.play.{key}", lang)

    p = subparsers.add_parser("play", help=h("help"), description=h("description"))
    add_rules(p, lang)
    p.add_argument("--students", type=int, help=h("students"))
    p.add_argument("--computers", type=int, help=h("computers"))
    p.add_argument("--seed", type=int, default=0, help=h("seed"))
    add_lang(p, lang)
    p.add_argument("--player", metavar="STRATEGY", help=h("player"))
    p.add_argument("--sale", metavar="PRICE[@HANDS]", help=h("sale"))
    p.add_argument("--fresh-deck", action="store_true", help=h("fresh_deck"))
    p.add_argument("--auto", action="store_true", help=h("auto"))
    p.add_argument("--json", action="store_true", help=h("json"))
    p.set_defaults(handler=cmd_play)
