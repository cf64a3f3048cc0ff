"""The casino games for learners: one hand explained, and a trainer judged against the casino
strategy (the dealer's up card face up, the dealer on its house rule).

`casino_explore` is what the odds explorer shows for a casino rule set; `CasinoTrainer`
deals seeded hands (the player's cards and the dealer's up card), judges stand or hit
against the optimal play (`settemezzo.casino.advise`: each decision knows the cards left)
and keeps the score. Plain Python: the widgets (`settemezzo.widgets.casino`) draw them.

>>> from settemezzo.rules import CONRAD
>>> e = casino_explore(CONRAD, "K 4", "7")
>>> e.status, e.best
('ok', 'hit')
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from settemezzo.cards import Kind, parse_specs, resolve_kinds
from settemezzo.casino import advise, shoe
from settemezzo.casino.hand import Hand, finished, total
from settemezzo.errors import IllegalActionError, InputError, SettemezzoError
from settemezzo.i18n import check_lang, number, t
from settemezzo.rules import Rules

__all__ = ["CasinoAnswer", "CasinoFeedback", "CasinoTrainer", "casino_explore"]

_KINDS = tuple(Kind)


@dataclass(frozen=True)
class CasinoAnswer:
    """One casino hand explained: ``status`` ``ok`` (a decision) or ``error`` (``message``
    says why: bad cards, a hand that is over); the player's ``cards``, the dealer's ``up``
    card, the player's ``total`` (half-points), ``stand`` and ``hit`` (the value of each,
    per stake), ``best`` and ``card`` ('stand', 'hit' or 'forced': the optimal play and the
    best strategy card's), and ``sentence``, all of it in words."""

    status: str
    message: str = ""
    cards: tuple[Kind, ...] = ()
    up: Kind | None = None
    total: int = 0
    stand: float = 0.0
    hit: float = 0.0
    best: str = ""
    card: str = ""
    sentence: str = ""


def _word(action: str, lang: str) -> str:
    return t("casino.forced" if action == "forced" else f"chart.{action}", lang)


def _answer(rules: Rules, cards: tuple[Kind, ...], up: Kind, lang: str) -> CasinoAnswer:
    try:
        found = advise(rules, cards, up)
    except SettemezzoError as e:
        return CasinoAnswer("error", t("ui.bad_cards", lang, why=e), cards, up)
    stand, hit = float(found["stand"]), float(found["hit"])
    sentence = t("casino.advice", lang, action=_word(found["best"], lang),
                 stand=number(stand, lang, 3), hit=number(hit, lang, 3),
                 margin=number(hit - stand, lang, 3, sign=True),
                 card=_word(found["card"], lang))
    return CasinoAnswer("ok", "", cards, up, found["total"], stand, hit, found["best"],
                        found["card"], sentence)


def casino_explore(rules: Rules, cards: str, up: str, lang: str = "en") -> CasinoAnswer:
    """The explorer's answer for the player's ``cards`` (in order, as people type them) against
    the dealer's ``up`` card, the shoe full but for them."""
    check_lang(lang)
    try:
        kinds = resolve_kinds([*parse_specs(cards), *parse_specs(up)])
    except SettemezzoError as e:
        return CasinoAnswer("error", t("ui.bad_cards", lang, why=e))
    if len(kinds) < 2 or len(parse_specs(up)) != 1:
        return CasinoAnswer("error", t("ui.bad_cards", lang,
                                       why=f"one dealer card and a player card, got "
                                           f"{cards!r} and {up!r}"))
    return _answer(rules, tuple(rules.plain_kinds(kinds[:-1])), rules.plain(kinds[-1]), lang)


@dataclass(frozen=True)
class CasinoFeedback:
    """The verdict on one answer: ``choice``, ``correct``, ``cost`` (stakes the choice gives
    up against the best play, 0 when right), the hand's `CasinoAnswer` and ``text``."""

    choice: str
    correct: bool
    cost: float
    answer: CasinoAnswer
    text: str


@dataclass
class CasinoTrainer:
    """Seeded casino hands to answer: hand ``i`` depends only on (``seed``, ``i``), so a class
    sharing a seed sees the same hands. `question` is the hand to answer; `answer` judges
    ``'stand'`` or ``'hit'``; `next` deals the following hand."""

    rules: Rules
    seed: int = 1
    hands: int = 10
    lang: str = "en"
    number: int = 1
    feedback: list[CasinoFeedback] = field(default_factory=list)
    question: CasinoAnswer = field(init=False)

    def __post_init__(self) -> None:
        check_lang(self.lang)
        if not 1 <= self.hands <= 1000:
            raise InputError(f"hands must be 1 to 1000, got {self.hands!r}")
        self.question = self._deal()

    def _deal(self) -> CasinoAnswer:
        """A hand with a decision: the first card and the up card, then 0 to 2 more cards
        while the hand is not over (a forced draw is a decision with one answer)."""
        rng = random.Random(f"casino:{self.rules.spec()}:{self.seed}:{self.number}")
        while True:
            cards = [k for k, n in zip(_KINDS, shoe(self.rules), strict=True) for _ in range(n)]
            rng.shuffle(cards)
            first, up = cards.pop(), cards.pop()
            mine, hand = [first], Hand().add(first)
            for _ in range(rng.choice((0, 0, 1, 2))):
                if finished(hand, self.rules) or total(hand) >= 12:
                    break
                mine.append(cards.pop())
                hand = hand.add(mine[-1])
            if not finished(hand, self.rules):
                return _answer(self.rules, tuple(mine), up, self.lang)

    @property
    def done(self) -> bool:
        """Whether every hand is answered."""
        return len(self.feedback) >= self.hands

    def answer(self, choice: str) -> CasinoFeedback:
        """Judge ``choice`` ('stand' or 'hit') on the current hand."""
        if choice not in ("stand", "hit"):
            raise InputError(f"choice must be 'stand' or 'hit', got {choice!r}")
        if self.done or len(self.feedback) >= self.number:
            raise IllegalActionError("this hand is answered: deal the next one")
        q = self.question
        best = max(q.stand, q.hit) if q.best != "forced" else q.hit
        value = q.hit if choice == "hit" else q.stand
        correct = choice == "hit" if q.best == "forced" else value >= best
        cost = 0.0 if correct else best - value
        head = t("trainer.right" if correct else "trainer.wrong", self.lang)
        text = f"{head} {q.sentence}"
        if not correct:
            text += " " + t("trainer.cost", self.lang, c=number(cost, self.lang, 3))
        fb = CasinoFeedback(choice, correct, cost, q, text)
        self.feedback.append(fb)
        return fb

    def next(self) -> CasinoAnswer:
        """Deal the next hand (after an answer)."""
        if len(self.feedback) < self.number:
            raise IllegalActionError("answer this hand first")
        if self.done:
            raise IllegalActionError(f"all {self.hands} hands are answered")
        self.number += 1
        self.question = self._deal()
        return self.question

    def score(self) -> dict[str, Any]:
        """Answered, right, and the stakes the mistakes gave up."""
        return {"answered": len(self.feedback),
                "right": sum(f.correct for f in self.feedback),
                "lost": sum(f.cost for f in self.feedback)}
