"""The stand-or-hit trainer: seeded hands, a choice, instant feedback, a score.

`TrainerSession` is the logic (plain Python, no widgets): it deals the hands, judges each
answer against the exact table, and keeps the score. `Trainer` is the view.

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
from typing import Any

import pandas as pd

from settemezzo.cards import Card, Kind, full_deck, kind_of
from settemezzo.hands import is_finished
from settemezzo.i18n import check_lang, describe_rules, number, percent, t
from settemezzo.rows import TIE
from settemezzo.rules import ITALIAN, Rules, RulesError
from settemezzo.widgets.explain import (
    advice_sentence,
    play_word,
    restriction_line,
    rules_name,
)
from settemezzo.widgets.lookup import PlayerLookup, Row, player_lookup, support_problem

__all__ = ["LEVELS", "Feedback", "Level", "Question", "Trainer", "TrainerSession", "trainer"]


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
        from settemezzo.widgets.deckpack import load_pack

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
            raise RulesError(f"level must be one of {sorted(LEVELS)}, got {level!r}")
        if not isinstance(hands, int) or hands < 1:
            raise RulesError(f"hands must be a positive whole number, got {hands!r}")
        self.lang = check_lang(lang)
        self.seed = seed
        self.level = LEVELS[level]
        self.hard = hard
        self.rules = rules
        self.hands = hands
        if self.level.seen and rules != ITALIAN:
            raise RulesError(f"level {level} (cards seen earlier) is made for the Italian "
                             f"rules, got {describe_rules(rules)!r}")
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
        if choice not in ("stand", "hit"):
            raise RulesError(f"choice must be 'stand' or 'hit', got {choice!r}")
        if self._answered:
            raise RulesError("this hand is answered already: retry it or go to the next one")
        row = self.row()
        tie = abs(row.margin) < TIE or row.best in ("mixed", "either")
        correct = tie or choice == row.best
        retry = any(f.question.number == self.question.number for f in self.history)
        fb = Feedback(self.question, choice, correct, 0.0 if correct else row.cost_of_mistake,
                      row, retry, advice_sentence(row, self.lookup.banker_name, self.lang))
        self.history.append(fb)
        self._answered = True
        return fb

    def retry(self) -> None:
        """Answer the current hand again (shown, not scored)."""
        self._answered = False

    def next(self) -> Question:
        """Move to the next hand (the current one must be answered)."""
        if not self._answered:
            raise RulesError("answer this hand first")
        if self.number >= self.hands:
            raise RulesError(f"the session has {self.hands} hands and they are all done")
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


def summary_bars(session: TrainerSession) -> str:
    """The session's summary as HTML bars (`settemezzo.widgets.html.cost_bars`): the stakes
    each answer gave away, hand by hand, under the score and the accuracy; what the trainer
    shows at the end (the browser draws it: no picture to render on the last click).
    `summary_chart` draws the same with matplotlib, for a notebook or a file."""
    from settemezzo.widgets.html import cost_bars

    df = session.summary()
    lang = session.lang
    hand = t("trainer.summary_hand", lang)
    items = [(f"{hand} {h}", float(c), bool(ok))
             for h, c, ok in zip(df["hand"], df["cost"], df["correct"], strict=True)]
    accuracy = percent(float(df["accuracy"].iloc[-1]), lang, 0) if len(df) else "-"
    title = f"{_summary_heading(session)}; {t('trainer.summary_accuracy', lang, acc=accuracy)}"
    notes = (t("trainer.summary_legend", lang), restriction_line(session.rules, lang))
    return cost_bars(items, title, notes, lang)


def _summary_heading(session: TrainerSession) -> str:
    """The summary's heading, in the bars and the chart alike: the score, the rules and the
    level."""
    lang = session.lang
    return (t("trainer.summary_title", lang, r=session.right, n=session.answered)
            + f" - {rules_name(session.rules, lang)}, {t('trainer.level', lang).lower()} "
            f"{session.level.number}")


def summary_chart(session: TrainerSession, ax: Any = None) -> Any:
    """Bars of the stakes each answer gave away (0 for a right one, marked ✓) and the
    running accuracy; returns the matplotlib Figure."""
    from matplotlib.figure import Figure

    df = session.summary()
    lang = session.lang
    if ax is None:
        fig = Figure(figsize=(7, 3.2), layout="constrained")
        ax = fig.add_subplot()
    else:
        fig = ax.figure
    xs = list(df["hand"])
    colors = ["#c9e3c9" if c else "#d9822b" for c in df["correct"]]
    hatches = ["" if c else "////" for c in df["correct"]]
    bars = ax.bar(xs, list(df["cost"]), color=colors, edgecolor="black", linewidth=0.6)
    for b, h in zip(bars, hatches, strict=True):
        b.set_hatch(h)
    for x, c, cost in zip(xs, df["correct"], df["cost"], strict=True):
        ax.text(x, cost, "✓" if c else number(cost, lang), ha="center", va="bottom", fontsize=8)
    ax.set_xlabel(t("trainer.summary_hand", lang))
    ax.set_ylabel(t("trainer.summary_cost", lang))
    ax.set_xticks(xs)
    top = max([0.1, *df["cost"]]) * 1.3
    ax.set_ylim(0, top)
    ax2 = ax.twinx()
    ax2.plot(xs, list(df["accuracy"]), color="#222", marker="o", linestyle="--")
    ax2.set_ylim(0, 1.05)
    ax2.set_ylabel(t("trainer.summary_cum", lang))
    ax2.yaxis.set_major_formatter(lambda v, _p: percent(v, lang, 0))
    note = restriction_line(session.rules, lang)
    ax.set_title(_summary_heading(session) + (f"\n{note}" if note else ""), fontsize=10)
    return fig


# =============================================================================================
# The view
# =============================================================================================


class Trainer:
    """The trainer widget over a `TrainerSession`.

    Controls: ``seed`` (IntText), ``level`` (Dropdown), ``hard`` (Checkbox): changing one
    starts a new session, as ``restart`` does;
    ``stand``/``hit`` (the answer), ``retry_button``, ``next_button``; ``feedback`` (HTML)
    shows the verdict, ``score`` the running score, ``chart`` (Image) the summary at the end.
    """

    def __init__(self, lang: str = "en", rules: Rules = ITALIAN, seed: int = 1,
                 level: int = 1, hands: int = 10, hard: bool = False) -> None:
        import ipywidgets as W

        self.lang = check_lang(lang)
        self.rules = rules
        self.hands = hands
        self.session: TrainerSession | None = None
        self.seed = W.IntText(value=seed, description=t("trainer.seed", lang),
                              layout=W.Layout(width="12em"))
        self.level = W.Dropdown(options=[(t(f"trainer.level_{k}", lang), k) for k in LEVELS],
                                value=level, description=t("trainer.level", lang),
                                layout=W.Layout(width="28em"))
        self.hard = W.Checkbox(value=hard, description=t("trainer.hard", lang), indent=False)
        self.restart = W.Button(description=t("trainer.restart", lang), icon="refresh")
        self.stand = W.Button(description=t("ui.stand", lang), button_style="primary")
        self.hit = W.Button(description=t("ui.hit", lang), button_style="warning")
        self.retry_button = W.Button(description=t("trainer.retry", lang))
        self.next_button = W.Button(description=t("trainer.next", lang))
        self.hand_view = W.HTML()
        self.feedback = W.HTML()
        self.score = W.HTML()
        self.chart = W.HTML(layout=W.Layout(display="none", width="640px"))
        self.stand.add_class("sm-stand")
        self.hit.add_class("sm-hit")
        self.feedback.add_class("sm-feedback")
        self.stand.on_click(lambda _b: self.choose("stand"))
        self.hit.on_click(lambda _b: self.choose("hit"))
        self.retry_button.on_click(lambda _b: self._retry())
        self.next_button.on_click(lambda _b: self._next())
        self.restart.on_click(lambda _b: self.start())
        for control in (self.seed, self.level, self.hard):
            control.observe(lambda _c: self.start(), names="value")
        self.view = W.VBox([
            W.HTML(f"<h3>{t('trainer.title', lang)}</h3>"),
            W.HBox([self.seed, self.level, self.hard, self.restart]),
            self.hand_view,
            W.HBox([self.stand, self.hit]),
            self.feedback,
            W.HBox([self.retry_button, self.next_button]),
            self.score,
            self.chart,
        ])
        self.start()

    def start(self) -> None:
        """A new session from the seed, level and mode now chosen."""
        from settemezzo.widgets.html import message

        self.chart.layout.display = "none"
        self.feedback.value = ""
        problem = support_problem(self.rules)
        if problem is not None:
            self.session = None
            self.hand_view.value = message(t("ui.unsupported", self.lang,
                                                rules=describe_rules(self.rules), why=problem),
                                           "warn")
            self._buttons()
            return
        self.session = TrainerSession(self.seed.value, self.level.value, self.hard.value,
                                      self.rules, self.hands, self.lang)
        self._show_question()

    def choose(self, choice: str) -> Feedback | None:
        """The student's answer: judge it and show the feedback."""
        from settemezzo.widgets.html import bars, esc, message

        s = self.session
        if s is None or not s.can_answer:
            return None
        fb = s.answer(choice)
        lang = self.lang
        row = fb.row
        tie = abs(row.margin) < TIE or row.best in ("mixed", "either")
        parts = []
        if tie:
            parts.append(message(t("trainer.right", lang) + " " + t("trainer.tie_ok", lang),
                                 "good"))
        elif fb.correct:
            parts.append(message(t("trainer.right", lang) + " " + t(
                "trainer.best_is", lang, play=play_word(row.best, lang).upper()), "good"))
        else:
            parts.append(message(
                t("trainer.wrong", lang) + " " + t("trainer.best_is", lang,
                                                 play=play_word(row.best, lang).upper())
                + " " + t("trainer.cost", lang, c=number(fb.cost, lang, 3)), "bad"))
        if fb.retry:
            parts.append(f"<div><small>{esc(t('trainer.retry_note', lang))}</small></div>")
        odds = [t("ui.bust_if_hit", lang, p=percent(row.bust_if_hit, lang, 0)),
                t("ui.win_stand", lang, p=percent(row.stand_win, lang, 1)),
                t("ui.win_hit", lang, p=percent(row.hit_win, lang, 1))]
        parts.append(f"<div>{esc('; '.join(odds))}</div>")
        parts.append(bars([(t("ui.ev_stand", lang), row.stand_ev),
                           (t("ui.ev_hit", lang), row.hit_ev)], title=t("ui.ev", lang),
                          lang=lang))
        parts.append(f'<div class="sm-reason">{esc(fb.sentence)}</div>')
        self.feedback.value = "".join(parts)
        self._show_score()
        self._buttons()
        if s.finished:
            self._show_chart()
        return fb

    def _retry(self) -> None:
        if self.session is not None and not self.session.can_answer:
            self.session.retry()
            self.feedback.value = ""
            self._buttons()

    def _next(self) -> None:
        s = self.session
        if s is None or s.can_answer or s.number >= s.hands:
            return
        s.next()
        self.feedback.value = ""
        self._show_question()

    def _show_question(self) -> None:
        from settemezzo.widgets.html import card_html, esc, message

        s = self.session
        assert s is not None
        q = s.question
        cards = "".join(card_html(c) for c in q.cards)
        total = s.row().total_label
        hand = t("trainer.your_hand", self.lang, cards=" ".join(map(str, q.cards)), t=total)
        self.hand_view.value = (
            f"<div><b>{esc(t('trainer.question', self.lang, i=q.number, n=s.hands))}</b></div>"
            f'<div class="sm-question" style="font-size:130%;margin:4px 0;">{cards}</div>'
            f"<div>{esc(hand)}</div>")
        if q.seen:
            self.hand_view.value += (f"<div>{esc(t('deck.trainer_seen', self.lang, n=len(q.seen)))}"
                                     f"</div><div>{''.join(card_html(c) for c in q.seen)}</div>")
        note = restriction_line(s.rules, self.lang)
        if note:
            self.hand_view.value += message(note, "info")
        self._show_score()
        self._buttons()

    def _show_score(self) -> None:
        from settemezzo.widgets.html import esc

        s = self.session
        if s is None:
            self.score.value = ""
            return
        key = "trainer.finished" if s.finished else "trainer.score"
        line = t(key, self.lang, n=s.answered, r=s.right, acc=percent(s.accuracy, self.lang, 0),
                 lost=number(s.stakes_lost, self.lang, 3))
        self.score.value = f'<div class="sm-score">{esc(line)}</div>'

    def _buttons(self) -> None:
        s = self.session
        can = s is not None and s.can_answer
        self.stand.disabled = not can
        self.hit.disabled = not can
        self.retry_button.disabled = s is None or s.can_answer
        self.next_button.disabled = s is None or s.can_answer or s.number >= s.hands

    def _show_chart(self) -> None:
        assert self.session is not None
        self.chart.value = summary_bars(self.session)
        self.chart.layout.display = None

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.view._repr_mimebundle_(**kwargs)


def trainer(lang: str = "en", rules: Rules = ITALIAN, seed: int = 1, level: int = 1,
            hands: int = 10, hard: bool = False) -> Trainer:
    """The stand-or-hit trainer widget."""
    return Trainer(lang, rules, seed, level, hands, hard)

