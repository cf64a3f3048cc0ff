"""The trainer's session: seeded hands, a choice, instant feedback, a score.

`TrainerSession` deals the hands, judges each answer with the one judge of a decision
(`settemezzo.teaching.judge`: a `Judgement`, its cost and its reason) and keeps the score,
in plain Python: the trainer widget (`settemezzo.widgets.trainer`), the classroom server and
the command line draw it. `LEVELS` is the one list of levels they all offer: stand or hit
(1-4), then the other decisions of the game (5 the stake, 6 the swap, 7 the split, under the
Spanish rules; 8 the burn); `Question.choices` are the answers a level offers.

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
from settemezzo.rules import ITALIAN, Rules, from_spec
from settemezzo.teaching.books import PLAYS, Key, book
from settemezzo.teaching.explain import advice_sentence, reason_sentence
from settemezzo.teaching.judge import (
    TOLERANCE,
    Judgement,
    judge_burn,
    judge_split,
    judge_stake,
    judge_swap,
    verdict,
)
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
    kind: str = "play"  # the decision asked (`settemezzo.teaching.judge.KINDS`)
    rules: str = ""     # the rule set the level is made for, as a spec ("": any)

    def has_decision(self, rules: Rules) -> bool:
        """Whether ``rules`` have this level's decision."""
        return {"play": True, "swap": rules.swap_hidden, "split": rules.split_figures > 1,
                "burn": bool(rules.burn),
                "stake": rules.stake_timing == "after_first_card"
                and rules.max_stake > rules.min_stake}[self.kind]


LEVELS: dict[int, Level] = {
    1: Level(1, "threshold:5", 0),     # the first card only, against the rule-of-thumb banker
    2: Level(2, "threshold:5", 3),     # longer hands, same banker
    3: Level(3, "equilibrium", 3),     # exact: the best banker
    4: Level(4, "threshold:5", 3, seen=True, rules="italian"),  # the deck played down
    5: Level(5, "equilibrium", 0, kind="stake", rules="spanish"),
    6: Level(6, "equilibrium", 2, kind="swap", rules="spanish"),
    7: Level(7, "equilibrium", 0, kind="split", rules="spanish"),
    8: Level(8, "equilibrium", 0, kind="burn", rules="italian+burn=3,4"),
}
"""The one list of the trainer's levels (the widget, the classroom server and the command
line offer these): the decision each asks, the banker it is judged against, the rule set
it is made for."""

_UP_WEIGHTS = (3, 4, 3, 1)  # how often 0, 1, 2, 3 face-up cards are dealt
HARD_POOL = 24              # hard mode draws from this many smallest-margin hands
SWAP_MATTERS = 1e-6         # the swap questions: swapping changes the value by more


@dataclass(frozen=True)
class Question:
    """One hand to judge: the cards (face-down first) and their kinds for the tables."""

    number: int
    cards: tuple[Card, ...]
    kinds: tuple[Kind, ...]
    seen: tuple[Card, ...] = ()  # level 4: the cards of earlier hands, out of the deck
    row: Row | None = None       # level 4: the exact numbers for the cards left
    kind: str = "play"           # the decision asked
    choices: tuple[str, ...] = PLAYS   # the answers offered
    key: Key | None = None       # levels 5-8: the decision in the equilibrium's table

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
    judgement: Judgement

    @property
    def best(self) -> str:
        if self.question.kind == "play":
            return self.row.best
        return self.judgement.best

    @property
    def tie(self) -> bool:
        """Every answer is right: the options are within the tolerance of each other."""
        return self.judgement.best == "either"


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
    if level.kind != "play":
        return _deal_decision(number, level, rules, rng)
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


def _picked_stake(rules: Rules, hole: str) -> int:
    """The stake the equilibrium player picks on the face-down ``hole`` (the stake copy of
    the first decision it reaches most)."""
    b = book(rules)
    stakes = range(rules.min_stake, rules.max_stake + 1) if Level(0, "", 0, kind="stake") \
        .has_decision(rules) else range(1, 2)
    rows = [(r.get("own_reach", 0.0), -s, s) for s in stakes
            if (r := b.row((s, "", hole, "", ""))) is not None]
    return max(rows)[2] if rows else stakes[0]


def _deal_decision(number: int, level: Level, rules: Rules, rng: random.Random) -> Question:
    """A hand for a level of another decision than stand or hit: a first card (the stake, the
    burn: a card that may be burnt), two figures (the split), or a hand to hit (the swap)."""
    deck = full_deck()
    rng.shuffle(deck)
    if level.kind == "split":
        figures = [c for c in deck if _kinds((c,), rules)[0] is Kind.FIGURE][:2]
        cards = tuple(figures)
    elif level.kind == "burn":
        cards = (next(c for c in deck if rules.may_burn(_kinds((c,), rules)[0])),)
    elif level.kind == "stake":
        cards = (deck[0],)
    else:
        cards = _swap_hand(level, rules, rng, deck)
    kinds = _kinds(cards, rules)
    hole, up = kinds[0].label, " ".join(k.label for k in kinds[1:])
    if level.kind == "stake":
        choices = tuple(f"stake:{s}" for s in range(rules.min_stake, rules.max_stake + 1))
        key: Key = (rules.min_stake, "", hole, "", "")
    else:
        choices = {"split": ("split", "no_split"), "burn": ("burn", "no_burn"),
                   "swap": ("swap", "keep")}[level.kind]
        key = (_picked_stake(rules, hole), "", hole, up, "")
    return Question(number, cards, kinds, kind=level.kind, choices=choices, key=key)


def _swap_hand(level: Level, rules: Rules, rng: random.Random, deck: list[Card]
               ) -> tuple[Card, ...]:
    """A hand where hitting is right and the swap changes its value: the swap question."""
    b = book(rules)
    for _ in range(1000):
        rng.shuffle(deck)
        cards = tuple(deck[:1 + rng.randrange(level.max_up + 1)])
        kinds = _kinds(cards, rules)
        if is_finished(kinds, rules):
            continue
        hole, up = kinds[0].label, " ".join(k.label for k in kinds[1:])
        rec = b.row((_picked_stake(rules, hole), "", hole, up, ""))
        gain = None if rec is None else rec.get("swap_gain")
        if rec is not None and rec["best"] == "hit" and gain is not None \
                and abs(gain) > SWAP_MATTERS:  # (NaN compares False)
            return cards
    raise RulesError("could not deal a hand to swap on")  # pragma: no cover


class TrainerSession:
    """A trainer session: ``hands`` hands, dealt from ``seed``, judged at ``level``.

    Call `answer` with 'stand' or 'hit'; then `retry` (answer the same hand again, not
    scored) or `next`. Only the first answer to each hand counts in the score.
    """

    def __init__(self, seed: int | str = 1, level: int = 1, hard: bool = False,
                 rules: Rules | None = None, hands: int = 10, lang: str = "en",
                 tolerance: float = TOLERANCE) -> None:
        if level not in LEVELS:
            raise InputError(f"level must be one of {sorted(LEVELS)}, got {level!r}")
        if rules is None:  # the level's own rule set (the Italian rules for stand or hit)
            rules = from_spec(LEVELS[level].rules) if LEVELS[level].rules else ITALIAN
        if not LEVELS[level].has_decision(rules):
            raise RulesError(f"level {level} asks a decision the rules {rules.spec()!r} do not "
                             f"have: play it under {LEVELS[level].rules!r}")
        if not isinstance(tolerance, (int, float)) or not 0 <= tolerance < 1:
            raise InputError(f"tolerance must be a number of stakes from 0 to 1, "
                             f"got {tolerance!r}")
        self.tolerance = float(tolerance)
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

    def judge(self, choice: str) -> Judgement:
        """The `Judgement` of ``choice`` on the current hand (not recorded)."""
        q = self.question
        if choice not in q.choices:
            raise InputError(f"choice must be one of {', '.join(q.choices)}, got {choice!r}")
        if q.kind == "play":
            row = self.row()
            args = {"total": row.total_label, "up": " ".join(k.label for k in row.up),
                    "win": row.stand_win, "hit_win": row.hit_win, "bust": row.bust_if_hit}
            return verdict("play", choice, {"stand": row.stand_ev, "hit": row.hit_ev},
                           banker=self.level.against, tolerance=self.tolerance,
                           reason_args=args)
        key = q.key
        assert key is not None
        b, tol = book(self.rules), self.tolerance
        found = {"stake": lambda: judge_stake(b, key[2], (int(c[6:]) for c in q.choices),
                                              choice, tol),
                 "burn": lambda: judge_burn(b, key[0], key[2], choice, tol),
                 "split": lambda: judge_split(b, key, choice, tol),
                 "swap": lambda: judge_swap(b, key, choice, tol)}[q.kind]()
        assert found is not None, q
        return found

    # -- actions -----------------------------------------------------------------------------
    def answer(self, choice: str) -> Feedback:
        """Judge a choice of `Question.choices` on the current hand ('stand' or 'hit' at
        levels 1-4)."""
        if choice not in self.question.choices:
            raise InputError(f"choice must be one of {', '.join(self.question.choices)}, "
                             f"got {choice!r}")
        if self._answered:
            raise IllegalActionError(
                "this hand is answered already: retry it or go to the next one")
        row = self.row()
        j = self.judge(choice)
        retry = any(f.question.number == self.question.number for f in self.history)
        sentence = (advice_sentence(row, self.lookup.banker_name, self.lang)
                    if self.question.kind == "play" else reason_sentence(j, self.lang))
        fb = Feedback(self.question, choice, j.right, j.cost, row, retry, sentence, j)
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
