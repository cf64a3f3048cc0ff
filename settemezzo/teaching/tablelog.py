"""The table in words, for the views of a `settemezzo.simulate.tablegame.TableGame`: the
seats' names, each hand's result, the log of what happened (the current hand first) and the
hint for the person to act, who holds the bank and who takes it next, and the standings
at the end, as plain text in the game's language. The classroom table widget and the
terminal table (``settemezzo play``) show all of it.

At a table played down the hint is exact for the cards seen: `table_hint` reads the values
of the deck at the start of the hand (`TableGame.hand_deck`) from the judge's book of that
deck (`settemezzo.teaching.books.deck_book`, the values the class tables judge with), whose
solve `settemezzo.teaching.books.start_ahead` starts before the hand is dealt (as the one
before ends); until it is done the hint says it is coming.

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

from collections.abc import Mapping, Sequence
from concurrent.futures import Future
from dataclasses import dataclass, replace
from typing import Any

from settemezzo.cards import Card, Unseen, kind_of, seen_count
from settemezzo.errors import InputError, LimitError, RulesError
from settemezzo.hands import score
from settemezzo.i18n import advice_sentence, card_label, percent, score_label, stakes, t
from settemezzo.simulate.session import HandReport
from settemezzo.simulate.tablegame import HandState, Hint, TableGame, hint_of
from settemezzo.teaching.explain import best_sentence, play_word, rules_name
from settemezzo.teaching.judge import verdict

__all__ = ["TableHint", "after_swap_hint", "bank_line", "cards_score", "deck_line",
           "deck_note", "deck_words", "face_down_first", "hand_banker", "hint_text",
           "log_lines", "result_words", "seat_name", "split_hand_hint", "split_hand_words",
           "split_hint", "standings", "table_hint"]


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


@dataclass(frozen=True)
class TableHint:
    """The hint for the student to act and the deck it is for (`table_hint`).

    ``deck``: ``full`` (a full deck: a fresh deck every hand, or just shuffled), ``seen``
    (the deck at the start of the hand, less the ``seen`` cards seen since the shuffle),
    ``coming`` (that deck's values are being worked out: ``hint`` None, ``pending`` the
    future to wait for or to call back), ``fallback`` (the exact engine refused that deck,
    one that could run out within the hand, or its values lack the decision: the full
    deck's hint). ``hint`` None where there is none (`TableGame.no_hint`). ``swap``: the
    hint is the subgame's after a swap the equilibrium never makes (`after_swap_hint`);
    ``split``: on a hand of a split, stand's and hit's values (`split_hand_hint`; ``hint``
    None)."""

    hint: Hint | None
    deck: str
    seen: int = 0
    pending: Future[Any] | None = None
    swap: bool = False
    split: Mapping[str, float] | None = None


def table_hint(game: TableGame, wait: bool = False) -> TableHint:
    """The hint for the student to act (`TableGame.hint`'s decision), exact for the cards seen:
    at a table played down, the row of that decision in the equilibrium player's table of the
    deck at the start of the hand (`TableGame.hand_deck`; the judge's book of it,
    `settemezzo.teaching.books.deck_book`, so the hint and the class tables' judgement give
    the same values), with the deck's own chances and, before a split, how often its
    equilibrium splits. Never waits unless ``wait``: while the deck's values are not there the
    answer is ``coming``. See `TableHint`."""
    from settemezzo.teaching.books import book, deck_book

    full = game.hint()
    deck = game.hand_deck
    if full is None and game.no_hint() == "unreached":
        return after_swap_hint(game, wait)
    if full is None and game.no_hint() == "split_hand":
        return split_hand_hint(game, wait)
    if full is None or deck is None:
        return TableHint(full, "full")
    seen = seen_count(deck)                     # the cards out of the deck valued
    fut = deck_book(game.rules, deck)
    if not fut.done() and not wait:
        return TableHint(None, "coming", seen, fut)
    try:
        rec = fut.result().row(book(game.rules).key_of(game.decision_node()))
        if rec is None:            # the deck ran out in the hand: its values lack the hand
            return TableHint(full, "fallback", seen)
        split = _deck_split(game, deck, rec) if full.split_frequency is not None else None
    except (RulesError, InputError, LimitError):
        return TableHint(full, "fallback", seen)
    return TableHint(hint_of(rec, full.stake is not None, split, seen), "seen", seen)


def after_swap_hint(game: TableGame, wait: bool = False) -> TableHint:
    """`table_hint` after a swap the equilibrium never makes: the row of the subgame after
    that swap (`settemezzo.teaching.books.swap_start`, the judge's own), for the deck at the
    start of the hand; the hand's cards face up then come first among its face-up cards.
    Never waits unless ``wait``: while the subgame is solved the answer is ``coming``. No
    hint (``full``) where the hand has no swap or the engine refuses the subgame."""
    from settemezzo.teaching.books import deck_book, swap_book_ahead, swap_start

    deck = game.hand_deck
    seen, how = _deck_seen(deck)
    try:
        whole = deck_book(game.rules, deck) if deck is not None else None
        if whole is not None and not whole.done() and not wait:
            return TableHint(None, "coming", seen, whole)
        if whole is not None:
            whole.result()            # the engine's error for a deck it cannot play
        found = swap_start(game, deck or Unseen.full())
        if found is None:
            return TableHint(None, "full")
        sub = swap_book_ahead(game.rules, found[0], found[1])
        if not sub.done() and not wait:
            return TableHint(None, "coming", seen, sub, swap=True)
        rec = sub.result().row(found[2])
    except (RulesError, InputError, LimitError):
        return TableHint(None, "full")
    if rec is None:
        return TableHint(None, "full")
    v = game.view
    assert v is not None and v.hidden is not None
    before = tuple(k.label for k in game.rules.plain_kinds(kind_of(c) for c in v.hand[:v.hidden]))
    h = hint_of(rec, False, None, seen)
    return TableHint(replace(h, up=before + h.up), how, seen, swap=True)


def split_hand_hint(game: TableGame, wait: bool = False) -> TableHint:
    """`table_hint` on a hand of a split: stand's and hit's values per unit stake, as the
    judge values them (`settemezzo.teaching.books.split_hand_ahead`: every hand of the split
    counted, every card face up), for the deck at the start of the hand. Never waits unless
    ``wait``: until they are made the answer is ``coming``."""
    from settemezzo.teaching.books import split_hand_ahead

    deck = game.hand_deck
    seen, how = _deck_seen(deck)
    fut = split_hand_ahead(game, deck)
    if not fut.done() and not wait:
        return TableHint(None, "coming", seen, fut)
    values = fut.result()
    return TableHint(None, "full") if values is None else TableHint(None, how, seen,
                                                                    split=values)


def _deck_seen(deck: Unseen | None) -> tuple[int, str]:
    """The cards seen since the shuffle that a hand's deck takes out, and the hint's
    ``deck`` (`TableHint`) for it: ``full`` (None: a full deck) or ``seen``."""
    return seen_count(deck), "full" if deck is None else "seen"


def split_hand_words(found: TableHint, lang: str = "en") -> str:
    """A split hand's hint (`split_hand_hint`) in a sentence ("" for another hint)."""
    v = found.split
    if v is None:
        return ""
    values = t("table.hint_split_hand", lang, stand=stakes(v["stand"], lang),
               hit=stakes(v["hit"], lang))
    best = verdict("play", "stand", v, banker="equilibrium").best   # the judge's tie rule
    return f"{values} {best_sentence(best, lang)}"


def _deck_split(game: TableGame, deck: Unseen, rec: dict[str, Any]) -> float | None:
    """How often the equilibrium of ``deck`` splits the two figures of the student to act
    (`settemezzo.advice.split_numbers`, on the deck's solved game); None after a burn or a
    swap, which that reads no row for."""
    from settemezzo.advice import split_numbers
    from settemezzo.results import ENGINE_LOCK
    from settemezzo.rows import HandRow

    if rec.get("burnt") or rec.get("swapped"):
        return None
    v = game.view
    assert v is not None
    kinds = game.rules.plain_kinds(kind_of(c) for c in v.hand)
    stake = int(rec["stake"]) if "stake" in rec else None
    row = HandRow("equilibrium", stake, rec["stand_ev"], rec["hit_ev"], rec["stand_win"],
                  rec["hit_win"], rec["hit_frequency"], str(rec["best"]))
    with ENGINE_LOCK:
        return split_numbers(kinds[0], tuple(kinds[1:]), game.rules, "equilibrium", deck,
                             row)[1]


def deck_words(fresh: bool, dealt: int, left: int, lang: str = "en") -> str:
    """How a table deals, and the count of its deck: "The deck is played down: ... Cards dealt
    since the shuffle: 12; left in the deck: 28." (``fresh``: a fresh deck every hand)."""
    how = t("class.deck_fresh" if fresh else "class.deck_down", lang)
    return f'{how} {t("class.deck_count", lang, n=dealt, left=left)}'


def deck_line(game: TableGame, lang: str = "en") -> str:
    """`deck_words` for ``game``'s table."""
    dealt, left = game.deck_count()
    return deck_words(game.rules.reshuffle == "every_hand", dealt, left, lang)


def deck_note(found: TableHint, lang: str = "en") -> str:
    """The deck a hint is for, in words ("" for a full deck): the cards seen since the shuffle
    taken out, still coming, or a full deck's values where the exact engine refused them."""
    key = {"seen": "table.hint_deck", "coming": "table.hint_coming",
           "fallback": "table.hint_full_deck"}.get(found.deck)
    if found.swap and found.deck == "coming":
        key = "table.hint_coming_swap"
    return "" if key is None else t(key, lang, n=found.seen)


def hint_text(game: TableGame, lang: str = "en", found: TableHint | None = None) -> str:
    """The exact odds for the student to act (empty if no student is): ``found``, the hint
    `table_hint` gives now (asked here if not given), and the deck it is for."""
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
    found = found if found is not None else table_hint(game)
    if found.hint is not None:
        advice = found.hint.advice(game.rules)
        parts.append(t("table.hint_player", lang, sentence=advice_sentence(advice, lang)))
        parts += [x for x in (split_hint(advice, lang),) if x]
    elif found.split is not None:
        parts.append(split_hand_words(found, lang))
    elif found.deck == "full" and game.no_hint() in ("split_hand", "unreached"):
        parts.append(t("table.no_hint", lang))
    parts += [x for x in (deck_note(found, lang),) if x]
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
