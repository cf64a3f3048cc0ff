"""The table in words, for the views of a `settemezzo.simulate.tablegame.TableGame`: the
seats' names, each hand's result, the log of what happened (the current hand first) and the
hint for the person to act, as plain text in the game's language. The classroom table
widget shows all of it, the terminal table (``settemezzo play``) the names and the log.

>>> from settemezzo.simulate.tablegame import TableGame
>>> g = TableGame(students=1, computers=1, seed=7)
>>> seat_name(g, 0, "it"), seat_name(g, 1, "es"), log_lines(g)
('Banco', 'Estudiante 1', ['Hand 1 (being played)'])
"""

from __future__ import annotations

from settemezzo.advice import Advice
from settemezzo.i18n import advice_sentence, percent, score_label, t
from settemezzo.simulate.session import HandReport
from settemezzo.simulate.tablegame import TableGame
from settemezzo.teaching.explain import play_word, rules_name

__all__ = ["hint_text", "log_lines", "result_words", "seat_name"]


def seat_name(game: TableGame, i: int, lang: str) -> str:
    """Seat names in the language: 'Student 1' -> 'Studente 1', 'Bank' -> 'Banco'."""
    if i == 0:
        return t("word.bank", lang)
    if i <= game.students:
        n = game.names[i]
        return t("table.student", lang, i=i) if n == f"Student {i}" else n
    return t("table.computer", lang, i=i - game.students)


def result_words(result: str, gain: int, lang: str) -> str:
    """A hand's result with the chips moved: 'won 2', 'lost 1', 'push' ("" for none)."""
    if result == "won":
        return t("table.won", lang, n=gain)
    if result == "lost":
        return t("table.lost", lang, n=-gain)
    return t("table.push", lang) if result == "push" else ""


def _report_lines(game: TableGame, r: HandReport, lang: str) -> list[str]:
    name = seat_name(game, r.banker, lang)
    score = t("table.not_played", lang) if r.banker_score < 0 else score_label(r.banker_score)
    out = [t("table.hand_done", lang, n=r.hand + 1, name=name, score=score)]
    for seat, hands, results, gains in r.players:
        for cards, res, gain in zip(hands, results, gains, strict=True):
            result = "won" if gain > 0 else "lost" if gain < 0 else "push"
            word = result_words(result, gain, lang)
            out.append(t("table.seat_line", lang, name=seat_name(game, seat, lang),
                         cards=" ".join(map(str, cards)), score=score_label(res),
                         result=word))
    for seat, card in r.burnt:
        out.append(f"{seat_name(game, seat, lang)}: {t('table.burnt', lang, card=card)}")
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
        best = max(range(len(game.names)), key=lambda j: game.chips[j])
        out.append(t("table.game_over", lang, name=seat_name(game, best, lang)))
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
        advice = Advice.of_hint(hint, game.rules)
        parts.append(t("table.hint_player", lang, sentence=advice_sentence(advice, lang)))
    elif game.no_hint() in ("split_hand", "unreached"):
        parts.append(t("table.no_hint", lang))
    p = game.bust_chance()
    if p is not None:
        parts.append(t("table.bust_hint", lang, p=percent(p, lang, 0)))
    return " ".join(parts)
