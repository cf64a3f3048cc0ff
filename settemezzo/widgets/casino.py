"""The casino games in the explorer and the trainer: the dealer's up card face up, every
answer judged against the casino strategy. Thin views over `settemezzo.teaching.casino`;
`settemezzo.widgets.explorer.odds_explorer` and `settemezzo.widgets.trainer.trainer` hand a
casino rule set (``open_deal``) here.
"""

from __future__ import annotations

from typing import Any

from settemezzo.cards import Kind
from settemezzo.i18n import check_lang, describe_rules, number, points, t
from settemezzo.rules import Rules
from settemezzo.teaching.casino import CasinoAnswer, CasinoTrainer, casino_explore

__all__ = ["CasinoExplorerView", "CasinoTrainerView"]

_DEALER = [("½", "J"), ("A", "A"), ("2", "2"), ("3", "3"), ("4", "4"), ("5", "5"),
           ("6", "6"), ("7", "7")]


def _hand_html(q: CasinoAnswer, lang: str) -> str:
    from settemezzo.widgets.html import esc, kind_html

    mine = "".join(kind_html(k) for k in q.cards)
    up = kind_html(q.up) if q.up is not None else ""
    return (f'<div class="sm-question"><b>{esc(t("ui.hand", lang))}:</b> {mine} '
            f'({esc(points(q.total))}) &nbsp; <b>{esc(t("casino.axis_up", lang))}:</b> '
            f'{up}</div>')


def _answer_html(q: CasinoAnswer, lang: str) -> str:
    from settemezzo.widgets.html import bars, esc, message

    if q.status != "ok":
        return message(q.message, "bad")
    return (bars([(t("ui.ev_stand", lang), q.stand), (t("ui.ev_hit", lang), q.hit)],
                 title=t("ui.ev", lang), lang=lang)
            + f'<div class="sm-reason">{esc(q.sentence)}</div>')


class CasinoExplorerView:
    """The odds explorer for a casino game: ``cards`` (Text: the player's cards), ``dealer``
    (ToggleButtons: the dealer's up card), ``output`` (HTML); ``result`` the last answer."""

    def __init__(self, rules: Rules, lang: str = "en") -> None:
        import ipywidgets as W

        self.lang, self.rules = check_lang(lang), rules
        dealer = [*_DEALER, ("K♦", "Kd")] if Kind.KING_OF_DIAMONDS in rules.kinds else _DEALER
        self.cards = W.Text(value="5", description=t("ui.hand", lang))
        self.dealer = W.ToggleButtons(options=dealer, value="4",
                                      description=t("casino.axis_up", lang),
                                      style={"button_width": "3.4em"})
        self.output = W.HTML()
        self.output.add_class("sm-casino-explorer")
        self.result: CasinoAnswer | None = None
        for w in (self.cards, self.dealer):
            w.observe(lambda _c: self.update(), names="value")
        self.view = W.VBox([W.HTML(f"<b>{describe_rules(rules, lang)}</b>"), self.cards,
                            self.dealer, self.output])
        self.update()

    def update(self) -> CasinoAnswer:
        """Recompute from the controls and redraw."""
        r = casino_explore(self.rules, self.cards.value, self.dealer.value, self.lang)
        self.result = r
        head = _hand_html(r, self.lang) if r.status == "ok" else ""
        self.output.value = head + _answer_html(r, self.lang)
        return r

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.view._repr_mimebundle_(**kwargs)


class CasinoTrainerView:
    """The trainer for a casino game: ``stand`` / ``hit`` answer, ``next_button`` deals the
    next hand; ``question`` (HTML) shows the player's cards and the dealer's up card,
    ``feedback`` the verdict, ``score`` the running score; ``session`` a `CasinoTrainer`."""

    def __init__(self, rules: Rules, lang: str = "en", seed: int = 1, hands: int = 10) -> None:
        import ipywidgets as W

        self.lang = check_lang(lang)
        self.session = CasinoTrainer(rules, seed, hands, lang)
        self.question = W.HTML()
        self.feedback = W.HTML()
        self.score = W.HTML()
        self.stand = W.Button(description=t("ui.stand", lang), button_style="primary")
        self.hit = W.Button(description=t("ui.hit", lang), button_style="warning")
        self.next_button = W.Button(description=t("trainer.next", lang))
        self.stand.add_class("sm-stand")
        self.hit.add_class("sm-hit")
        self.feedback.add_class("sm-feedback")
        self.question.add_class("sm-casino-trainer")
        self.stand.on_click(lambda _b: self.choose("stand"))
        self.hit.on_click(lambda _b: self.choose("hit"))
        self.next_button.on_click(lambda _b: self._next())
        self.view = W.VBox([W.HTML(f"<h3>{t('trainer.title', lang)} — "
                                   f"{describe_rules(rules, lang)}</h3>"),
                            self.question, W.HBox([self.stand, self.hit]), self.feedback,
                            self.next_button, self.score])
        self._show()

    def _show(self) -> None:
        self.question.value = _hand_html(self.session.question, self.lang)
        answered = len(self.session.feedback) >= self.session.number
        self.stand.disabled = self.hit.disabled = answered
        self.next_button.disabled = not answered or self.session.done

    def choose(self, choice: str) -> None:
        """Answer the current hand."""
        from settemezzo.widgets.html import message

        fb = self.session.answer(choice)
        self.feedback.value = message(fb.text, "good" if fb.correct else "bad")
        s = self.session.score()
        self.score.value = t("trainer.score", self.lang, n=s["answered"], r=s["right"],
                             acc=number(s["right"] / s["answered"] * 100, self.lang, 0) + "%",
                             lost=number(s["lost"], self.lang, 3))
        self._show()

    def _next(self) -> None:
        self.session.next()
        self.feedback.value = ""
        self._show()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.view._repr_mimebundle_(**kwargs)
