"""The stand-or-hit trainer widget: a thin view over `settemezzo.teaching.trainer`.

`TrainerSession` (the teaching logic, no widgets) deals the hands, judges each answer against
the exact table and keeps the score; `Trainer` draws it and passes on the clicks, and
`summary_bars` / `summary_chart` draw the session's summary.

>>> s = TrainerSession(seed=7, level=1, hands=3)
>>> _ = s.answer("stand")
>>> summary_bars(s).startswith('<div class="sm-bars">')
True
"""

from __future__ import annotations

from typing import Any

from settemezzo.i18n import card_label, check_lang, describe_rules, number, percent, t
from settemezzo.rules import ITALIAN, Rules
from settemezzo.teaching.explain import (
    choice_word,
    cost_text,
    restriction_line,
    rules_name,
)
from settemezzo.teaching.lookup import support_problem
from settemezzo.teaching.trainer import LEVELS, Feedback, TrainerSession
from settemezzo.widgets.casino import CasinoTrainerView
from settemezzo.widgets.html import WHOLE_LABEL

__all__ = ["Trainer", "summary_bars", "summary_chart", "trainer"]


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


def _play_words(best: str, lang: str) -> str:
    """The best play as the sentence 'The better play is to ...' says it: the verb ('hit',
    'pedir', 'plantarse'), never a button's shout ('PIDO')."""
    return t(f"chart.{best}" if best in ("stand", "hit") else "chart.either", lang)


class Trainer:
    """The trainer widget over a `TrainerSession`.

    Controls: ``seed`` (IntText), ``level`` (Dropdown), ``hard`` (Checkbox): changing one
    starts a new session, as ``restart`` does;
    ``stand``/``hit`` (the answer), ``retry_button``, ``next_button``; ``feedback`` (HTML)
    shows the verdict, ``score`` the running score, ``chart`` (HTML) the summary at the end
    (`summary_bars`).
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
                                layout=W.Layout(**WHOLE_LABEL))
        self.hard = W.Checkbox(value=hard, description=t("trainer.hard", lang), indent=False)
        self.restart = W.Button(description=t("trainer.restart", lang), icon="refresh")
        self.stand = W.Button(description=t("ui.stand", lang), button_style="primary")
        self.hit = W.Button(description=t("ui.hit", lang), button_style="warning")
        self.choices = W.HBox()  # the answers of a level of another decision (stake, swap...)
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
            W.HBox([self.stand, self.hit, self.choices]),
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
        level = LEVELS[self.level.value]   # a level of a decision these rules lack: its own
        self.session = TrainerSession(self.seed.value, level.number, self.hard.value,
                                      self.rules if level.has_decision(self.rules) else None,
                                      self.hands, self.lang)
        self._show_question()

    def resume(self, session: TrainerSession) -> None:
        """Carry on ``session`` (its hands, answers and score) in this trainer's language, as
        a change of language does."""
        self.session = session
        session.lang = self.lang
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
        play = fb.question.kind == "play"
        best = _play_words(row.best, lang) if play else choice_word(fb.best, lang)
        parts = []
        if fb.tie:
            parts.append(message(t("trainer.right", lang) + " " + t("trainer.tie_ok", lang),
                                 "good"))
        elif fb.correct:
            parts.append(message(t("trainer.right", lang) + " " + t(
                "trainer.best_is", lang, play=best), "good"))
        else:
            parts.append(message(
                t("trainer.wrong", lang) + " " + t("trainer.best_is", lang, play=best)
                + " " + t("trainer.cost", lang, c=cost_text(fb.cost, lang)), "bad"))
        if fb.retry:
            parts.append(f"<div><small>{esc(t('trainer.retry_note', lang))}</small></div>")
        odds = [t("ui.bust_if_hit", lang, p=percent(row.bust_if_hit, lang, 0)),
                t("ui.win_stand", lang, p=percent(row.stand_win, lang, 1)),
                t("ui.win_hit", lang, p=percent(row.hit_win, lang, 1))]
        if play:
            parts.append(f"<div>{esc('; '.join(odds))}</div>")
        parts.append(bars([(t("ui.ev_stand", lang), row.stand_ev),
                           (t("ui.ev_hit", lang), row.hit_ev)], title=t("ui.ev", lang),
                          lang=lang) if play else "")
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
        cards = "".join(card_html(c, lang=self.lang) for c in q.cards)
        total = s.row().total_label
        hand = t("trainer.your_hand", self.lang,
                 cards=" ".join(card_label(c, self.lang) for c in q.cards), t=total)
        self.hand_view.value = (
            f"<div><b>{esc(t('trainer.question', self.lang, i=q.number, n=s.hands))}</b></div>"
            f'<div class="sm-question" style="font-size:130%;margin:4px 0;">{cards}</div>'
            f"<div>{esc(hand)}</div>")
        self._choice_buttons(q.kind, q.choices)
        if q.seen:
            seen = "".join(card_html(c, lang=self.lang) for c in q.seen)
            self.hand_view.value += (f"<div>{esc(t('deck.trainer_seen', self.lang, n=len(q.seen)))}"
                                     f"</div><div>{seen}</div>")
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

    def _choice_buttons(self, kind: str, choices: tuple[str, ...]) -> None:
        """Stand and hit, or a button per answer of a level of another decision."""
        import ipywidgets as W

        play = kind == "play"
        for b in (self.stand, self.hit):
            b.layout.display = None if play else "none"
        buttons = [] if play else [W.Button(description=choice_word(c, self.lang))
                                   for c in choices]
        for b, c in zip(buttons, choices, strict=False):
            b.on_click(lambda _b, c=c: self.choose(c))
        self.choices.children = buttons

    def _buttons(self) -> None:
        s = self.session
        can = s is not None and s.can_answer
        for b in (self.stand, self.hit, *self.choices.children):
            b.disabled = not can
        self.retry_button.disabled = s is None or s.can_answer
        self.next_button.disabled = s is None or s.can_answer or s.number >= s.hands

    def _show_chart(self) -> None:
        assert self.session is not None
        self.chart.value = summary_bars(self.session)
        self.chart.layout.display = None

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.view._repr_mimebundle_(**kwargs)


def trainer(lang: str = "en", rules: Rules = ITALIAN, seed: int = 1, level: int = 1,
            hands: int = 10, hard: bool = False) -> Trainer | CasinoTrainerView:
    """The stand-or-hit trainer widget (for a casino game, `CasinoTrainerView`: the dealer's
    card face up, judged against the casino strategy)."""
    if rules.open_deal:
        return CasinoTrainerView(rules, lang, seed, hands)
    return Trainer(lang, rules, seed, level, hands, hard)

