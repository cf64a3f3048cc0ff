"""The table in words, for the views of a `settemezzo.simulate.tablegame.TableGame`: the
seats' names, each hand's result, the log of what happened (the current hand first) and the
hint for the person to act, who holds the bank and who takes it next, and the standings
at the end, as plain text in the game's language. The classroom table widget and the
terminal table (``settemezzo play``) show all of it.

No seat is named by a role: the bank passes from seat to seat, so the first seat (which
holds it first) is a computer like the others, and who holds the bank is said in words.

>>> from settemezzo.simulate.tablegame import HandState, TableGame
>>> g = TableGame(students=1, computers=1, seed=7)
>>> seat_name(g, 0, "it"), seat_name(g, 1, "es"), seat_name(g, 2, "en"), log_lines(g)
('Computer 1', 'Estudiante 1', 'Computer 2', ['Hand 1 (being played)'])
>>> bank_line(g, "en")
'Computer 1 holds the bank this hand.'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from settemezzo.cards import Card, kind_of
from settemezzo.hands import score
from settemezzo.i18n import advice_sentence, card_label, percent, score_label, t
from settemezzo.simulate.session import HandReport
from settemezzo.simulate.tablegame import HandState, TableGame
from settemezzo.teaching.explain import play_word, rules_name

__all__ = ["bank_line", "cards_score", "face_down_first", "hand_banker", "hint_text", "log_lines",
           "result_words", "seat_name", "split_hint", "standings"]


def seat_name(game: TableGame, i: int, lang: str) -> str:
    """A seat's name in the language: a student's own name or 'Student 1' ('Studente 1'),
    else 'Computer 1', 'Computer 2'... from the first seat (never a role such as 'Bank')."""
    if 1 <= i <= game.students:
        n = game.names[i]
        return t("table.student", lang, i=i) if n == f"Student {i}" else n
    return t("table.computer", lang, i=1 if i == 0 else i - game.students + 1)


def cards_score(game: TableGame, cards: Sequence[Card], lang: str) -> str:
    """The score of a finished hand of ``cards`` in words: '6½', 'sballato', '7½ reale'."""
    kinds = game.rules.plain_kinds(kind_of(c) for c in cards)
    return score_label(score(kinds, game.rules), lang)


def face_down_first(hand: HandState) -> list[tuple[Card | None, bool]]:
    """A hand's cards as the table shows them: the face-down card first (None where it is
    hidden from this screen), flagged True, then the face-up cards in the order dealt; after
    a swap the new face-down card comes first, the card it replaced among the face-up ones."""
    down = hand.face_down
    rest = [(c, False) for j, c in enumerate(hand.cards) if j != down]
    return ([(hand.cards[down], True)] if down is not None else []) + rest


def hand_banker(game: TableGame) -> int:
    """The seat holding the bank in the hand on screen: between two hands, the banker who
    played the hand just finished (its result stays on screen with it); else the banker."""
    if game.view is None and game.reports:
        return game.reports[-1].banker
    return game.banker


def bank_line(game: TableGame, lang: str = "en") -> str:
    """Who holds the bank, in words: this hand's banker, or after a hand the one who held it
    and the one who takes it for the next hand ("" once the game is over)."""
    if game.over:
        return ""
    if game.view is None and game.reports:
        r = game.reports[-1]
        was = t("table.bank_was", lang, name=seat_name(game, r.banker, lang))
        key = "table.bank_stays" if r.next_banker == r.banker else "table.bank_next"
        return f"{was} {t(key, lang, name=seat_name(game, r.next_banker, lang))}"
    return t("table.bank_now", lang, name=seat_name(game, game.banker, lang))


def standings(game: TableGame, lang: str = "en") -> list[str]:
    """Every seat by its chips, the most first: '1. Student 1: 64 chips'."""
    order = sorted(range(len(game.names)), key=lambda j: (-game.chips[j], j))
    return [t("table.standing", lang, place=n, name=seat_name(game, j, lang),
              chips=t("word.chips", lang, n=game.chips[j])) for n, j in enumerate(order, 1)]


def _winner_line(game: TableGame, lang: str) -> str:
    most = max(game.chips)
    names = [seat_name(game, j, lang) for j, c in enumerate(game.chips) if c == most]
    return t("table.game_over", lang, name=", ".join(names))


def result_words(result: str, gain: int, lang: str) -> str:
    """A hand's result with the chips moved: 'won 2', 'lost 1', 'push' ("" for none)."""
    if result == "won":
        return t("table.won", lang, n=gain)
    if result == "lost":
        return t("table.lost", lang, n=-gain)
    return t("table.push", lang) if result == "push" else ""


def _report_lines(game: TableGame, r: HandReport, lang: str) -> list[str]:
    name = seat_name(game, r.banker, lang)
    played = r.banker_score >= 0 and r.banker_cards
    score = cards_score(game, r.banker_cards, lang) if played else t("table.not_played", lang)
    out = [t("table.hand_done", lang, n=r.hand + 1, name=name, score=score)]
    for seat, hands, _results, gains in r.players:
        for cards, gain in zip(hands, gains, strict=True):
            result = "won" if gain > 0 else "lost" if gain < 0 else "push"
            word = result_words(result, gain, lang)
            out.append(t("table.seat_line", lang, name=seat_name(game, seat, lang),
                         cards=" ".join(card_label(c, lang) for c in cards),
                         score=cards_score(game, cards, lang), result=word))
    for seat, card in r.burnt:
        burnt = t("table.burnt", lang, card=card_label(card, lang))
        out.append(f"{seat_name(game, seat, lang)}: {burnt}")
    key = {"7½": "table.bank_taken", "rotation": "table.bank_rotates",
           "elimination": "table.bank_eliminated", "sale": "table.bank_sold"}.get(r.bank_moved)
    if key is not None:
        out.append(t(key, lang, name=seat_name(game, r.next_banker, lang)))
    return out


def log_lines(game: TableGame, lang: str = "en", hands: int = 3) -> list[str]:
    """What happened, the current hand first: the hand being played, then the last
    ``hands`` hands, newest first."""
    out = []
    if game.over:
        out.append(_winner_line(game, lang))
    elif game.view is not None:
        out.append(t("table.hand_now", lang, n=game.hand_no))
    for r in reversed(game.reports[-hands:]):
        out += _report_lines(game, r, lang)
    return out


def hint_text(game: TableGame, lang: str = "en") -> str:
    """The exact odds for the student to act (empty if no student is)."""
    v = game.view
    if v is None or v.decision == "stake":
        return ""
    if v.role == "banker":
        hit = game.bank_hint()
        if hit is None:
            return ""
        return t("table.hint_banker", lang, play=play_word("hit" if hit else "stand", lang),
                    why=rules_name(game.rules, lang))
    parts = []
    hint = game.hint()   # the solved results the computer seats play: no solve here
    if hint is not None:
        advice = hint.advice(game.rules)
        parts.append(t("table.hint_player", lang, sentence=advice_sentence(advice, lang)))
        parts += [x for x in (split_hint(advice, lang),) if x]
        seen = len(game.seen_cards())    # a deck played down: the hint is a full deck's
        parts += [t("table.hint_full_deck", lang, n=seen)] if seen else []
    elif game.no_hint() in ("split_hand", "unreached"):
        parts.append(t("table.no_hint", lang))
    p = game.bust_chance()
    if p is not None:
        parts.append(t("table.bust_hint", lang, p=percent(p, lang, 0)))
    return " ".join(parts)


def split_hint(advice: Any, lang: str = "en") -> str:
    """With two figures that may split: how often the equilibrium player splits them, the
    table's hint on splitting ("" when the hand cannot split)."""
    p = advice.split_frequency
    if p is None:
        return ""
    key = ("table.split_always" if p > 0.995 else "table.split_never" if p < 0.005
           else "table.split_sometimes")
    return t(key, lang, p=percent(p, lang, 0))
