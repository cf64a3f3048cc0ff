"""The stand-or-hit trainer's session: seeded hands, a choice, instant feedback, a score.

`TrainerSession` deals the hands, judges each answer against the exact table
(`settemezzo.teaching.judge`) and keeps the score, in plain Python: the trainer widget
(`settemezzo.widgets.trainer`) and the classroom server draw it.

A class that shares a seed sees the same hands in the same order, whatever each student
answers: hand ``i`` depends only on (seed, level, hard mode, i).

>>> s = TrainerSession(seed=7, level=1, hands=3)
>>> s.question.number, len(s.question.cards)
(1, 1)
>>> fb = s.answer("stand")
>>> fb.correct in (True, False), s.answered
(True, 1)
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import pandas as pd

from settemezzo.cards import Card, Kind, full_deck, kind_of
from settemezzo.errors import IllegalActionError, InputError, RulesError
from settemezzo.hands import is_finished
from settemezzo.i18n import check_lang
from settemezzo.rules import ITALIAN, Rules
from settemezzo.teaching.explain import advice_sentence
from settemezzo.teaching.judge import PLAYS, is_tie, judge
from settemezzo.teaching.lookup import PlayerLookup, Row, player_lookup

__all__ = ["HARD_POOL", "LEVELS", "Feedback", "Level", "Question", "TrainerSession",
           "deal_question"]


@dataclass(frozen=True)
class Level:
    """A difficulty: which banker the answers are judged against, how long the hands are."""

    number: int
    against: str
    max_up: int
    seen: bool = False  # the cards of earlier hands are shown, and decide the answer


LEVELS: dict[int, Level] = {
    1: Level(1, "threshold:5", 0),     # the first card only, against the rule-of-thumb banker
    2: Level(2, "threshold:5", 3),     # longer hands, same banker
    3: Level(3, "equilibrium", 3),     # exact: the best banker
    4: Level(4, "threshold:5", 3, seen=True),  # the deck played down (Italian rules only)
}

_UP_WEIGHTS = (3, 4, 3, 1)  # how often 0, 1, 2, 3 face-up cards are dealt
HARD_POOL = 24              # hard mode draws from this many smallest-margin hands


@dataclass(frozen=True)
class Question:
    """One hand to judge: the cards (face-down first) and their kinds for the tables."""

    number: int
    cards: tuple[Card, ...]
    kinds: tuple[Kind, ...]
    seen: tuple[Card, ...] = ()  # level 4: the cards of earlier hands, out of the deck
    row: Row | None = None       # level 4: the exact numbers for the cards left

    @property
    def hole(self) -> Kind:
        return self.kinds[0]

    @property
    def up(self) -> tuple[Kind, ...]:
        return self.kinds[1:]


@dataclass(frozen=True)
class Feedback:
    """The verdict on one answer."""

    question: Question
    choice: str
    correct: bool
    cost: float            # stakes the choice gives away on average (0 if right)
    row: Row
    retry: bool            # an answer after a retry: shown, not scored
    sentence: str

    @property
    def best(self) -> str:
        return self.row.best

    @property
    def tie(self) -> bool:
        """Both plays equally good: every answer is right (`settemezzo.teaching.judge`)."""
        return is_tie(self.row.best, self.row.margin)


def _kinds(cards: tuple[Card, ...], rules: Rules) -> tuple[Kind, ...]:
    return rules.plain_kinds(kind_of(c) for c in cards)


def _cards_for(kinds: tuple[Kind, ...], rules: Rules, rng: random.Random) -> tuple[Card, ...]:
    """Real cards (with suits) of the given kinds, chosen at random among the deck."""
    deck = full_deck()
    rng.shuffle(deck)
    out: list[Card] = []
    for k in kinds:
        card = next(c for c in deck if c not in out and _kinds((c,), rules)[0] is k)
        out.append(card)
    return tuple(out)


def deal_question(seed: int | str, number: int, level: Level, hard: bool,
                  lookup: PlayerLookup) -> Question:
    """Hand ``number`` (from 1) of a session: the same for everyone with the same seed."""
    rng = random.Random(f"settemezzo-trainer|{seed}|{level.number}|{int(hard)}|{number}")
    rules = lookup.rules
    if level.seen:  # precomputed: the answer differs from the fresh deck's (deckpack)
        from settemezzo.teaching.deckpack import load_pack

        q = rng.choice(load_pack())
        return Question(number, q.cards, (q.row.hole, *q.row.up), q.seen, q.row)
    if hard:
        pool = lookup.hard_cases(HARD_POOL, level.max_up)
        if pool:
            row = rng.choice(pool)
            kinds = (row.hole, *row.up)
            return Question(number, _cards_for(kinds, rules, rng), kinds)
    weights = _UP_WEIGHTS[:level.max_up + 1]
    for _ in range(1000):
        deck = full_deck()
        rng.shuffle(deck)
        n_up = rng.choices(range(len(weights)), weights)[0]
        cards = tuple(deck[:1 + n_up])
        kinds = _kinds(cards, rules)
        if not is_finished(kinds, rules) and lookup.row(kinds[0], kinds[1:]) is not None:
            return Question(number, cards, kinds)
    raise RulesError("could not deal a hand to decide on")  # pragma: no cover


class TrainerSession:
    """A trainer session: ``hands`` hands, dealt from ``seed``, judged at ``level``.

    Call `answer` with 'stand' or 'hit'; then `retry` (answer the same hand again, not
    scored) or `next`. Only the first answer to each hand counts in the score.
    """

    def __init__(self, seed: int | str = 1, level: int = 1, hard: bool = False,
                 rules: Rules = ITALIAN, hands: int = 10, lang: str = "en") -> None:
        if level not in LEVELS:
            raise InputError(f"level must be one of {sorted(LEVELS)}, got {level!r}")
        if not isinstance(hands, int) or hands < 1:
            raise InputError(f"hands must be a positive whole number, got {hands!r}")
        self.lang = check_lang(lang)
        self.seed = seed
        self.level = LEVELS[level]
        self.hard = hard
        self.rules = rules
        self.hands = hands
        if self.level.seen and rules != ITALIAN:
            raise RulesError(f"level {level} (cards seen earlier) is made for the Italian "
                             f"rules, got {rules.spec()!r}")
        self.lookup = player_lookup(rules, self.level.against)  # UnsupportedRulesError
        self.history: list[Feedback] = []
        self.number = 1
        self.question = deal_question(seed, 1, self.level, hard, self.lookup)
        self._answered = False

    # -- state -------------------------------------------------------------------------------
    @property
    def can_answer(self) -> bool:
        """True until the current hand is answered (and again after `retry`)."""
        return not self._answered

    @property
    def scored(self) -> list[Feedback]:
        """First answers only: the ones the score counts."""
        return [f for f in self.history if not f.retry]

    @property
    def answered(self) -> int:
        return len(self.scored)

    @property
    def right(self) -> int:
        return sum(f.correct for f in self.scored)

    @property
    def accuracy(self) -> float:
        return self.right / self.answered if self.answered else 0.0

    @property
    def stakes_lost(self) -> float:
        """Stakes given away by wrong choices, on average (sum of the costs)."""
        return sum(f.cost for f in self.scored)

    @property
    def finished(self) -> bool:
        return self.answered >= self.hands

    def row(self) -> Row:
        """The exact numbers of the current hand."""
        q = self.question
        row = q.row if q.row is not None else self.lookup.row(q.hole, q.up)
        assert row is not None
        return row

    # -- actions -----------------------------------------------------------------------------
    def answer(self, choice: str) -> Feedback:
        """Judge 'stand' or 'hit' on the current hand."""
        if choice not in PLAYS:
            raise InputError(f"choice must be 'stand' or 'hit', got {choice!r}")
        if self._answered:
            raise IllegalActionError(
                "this hand is answered already: retry it or go to the next one")
        row = self.row()
        correct, cost = judge(choice, row.best, row.margin, row.cost_of_mistake)
        retry = any(f.question.number == self.question.number for f in self.history)
        fb = Feedback(self.question, choice, correct, cost, row, retry,
                      advice_sentence(row, self.lookup.banker_name, self.lang))
        self.history.append(fb)
        self._answered = True
        return fb

    def retry(self) -> None:
        """Answer the current hand again (shown, not scored)."""
        self._answered = False

    def next(self) -> Question:
        """Move to the next hand (the current one must be answered)."""
        if not self._answered:
            raise IllegalActionError("answer this hand first")
        if self.number >= self.hands:
            raise IllegalActionError(f"the session has {self.hands} hands and they are all done")
        self.number += 1
        self.question = deal_question(self.seed, self.number, self.level, self.hard,
                                      self.lookup)
        self._answered = False
        return self.question

    def summary(self) -> pd.DataFrame:
        """One row per scored answer: hand, choice, best, correct, cost, running accuracy."""
        recs = []
        right = 0
        for i, f in enumerate(self.scored, start=1):
            right += f.correct
            recs.append({"hand": f.question.number, "cards": " ".join(map(str,
                                                                           f.question.cards)),
                         "choice": f.choice, "best": f.best, "correct": f.correct,
                         "cost": f.cost, "accuracy": right / i})
        return pd.DataFrame.from_records(recs, columns=["hand", "cards", "choice", "best",
                                                        "correct", "cost", "accuracy"])
