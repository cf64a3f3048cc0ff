"""The classroom table widget: a thin view over `settemezzo.widgets.table.TableGame`.

Everything it shows is rendered from the game's state by `seats_html` and `hint_text`
(plain functions the tests call); the buttons call the game's methods.
"""

from __future__ import annotations

from typing import Any

from settemezzo.hands import describe_score
from settemezzo.rules import ITALIAN, Rules
from settemezzo.widgets.explain import (
    advice_sentence,
    pct,
    play_word,
    rules_name,
    rules_options,
)
from settemezzo.widgets.html import card_html, esc, message
from settemezzo.widgets.strings import check_lang, text
from settemezzo.widgets.table import TableError, TableGame, table_problem

__all__ = ["ClassroomTable", "classroom_table", "hint_text", "log_lines", "seats_html"]


def _name(game: TableGame, i: int, lang: str) -> str:
    """Seat names in the language: 'Student 1' -> 'Studente 1', 'Bank' -> 'Banco'."""
    n = game.seats[i].name
    for key, prefix in (("student", "Student "), ("computer", "Computer ")):
        if n.startswith(prefix) and n[len(prefix):].isdigit():
            return text(key, lang, i=n[len(prefix):])
    return text("bank_name", lang) if n == "Bank" else n


def _visible(game: TableGame, i: int) -> bool:
    """Whether seat ``i``'s face-down card is shown on the shared screen now."""
    s = game.seats[i]
    if s.revealed or game.phase == "done":
        return True
    if not s.human:
        return False
    return game.current == i or (game.phase == "stakes"
                                 and game.rules.stake_after_first_card)


def seats_html(game: TableGame, lang: str = "en") -> str:
    """The table as a person sees it: name, chips, stake, cards (face-down ones hidden),
    and what each one did."""
    rows = []
    for i, s in enumerate(game.seats):
        name = _name(game, i, lang)
        if i == game.banker:
            name = f"★ {name} ({text('banker', lang)})"
        cards = "".join(card_html(c, hidden=(k == 0 and not _visible(game, i)))
                        for k, c in enumerate(s.cards))
        if s.burnt is not None:
            cards += f' <small>({esc(text("burn", lang).lower())}: {esc(s.burnt)})</small>'
        status = {"stood": text("stood", lang), "bust": text("busted", lang),
                  "out": text("out", lang), "waiting": "", "banker": "",
                  "playing": "▶" if game.current == i else ""}.get(s.status, s.status)
        if s.status == "shown":
            status = text("showed", lang, score=describe_score(game.score_of(i)))
        if game.current == i and game.phase == "banker":
            status = "▶"
        stake = str(s.stake) if s.stake and i != game.banker else ""
        rows.append(f'<tr class="sm-seat"><td style="padding:3px 8px;"><b>{esc(name)}</b></td>'
                    f'<td style="padding:3px 8px;">{esc(text("chips", lang, n=s.chips))}</td>'
                    f'<td style="padding:3px 8px;">{esc(stake)}</td>'
                    f'<td style="padding:3px 8px;font-size:120%;">{cards}</td>'
                    f'<td style="padding:3px 8px;">{esc(status)}</td></tr>')
    head = "".join(f'<th style="padding:3px 8px;text-align:left;">{esc(h)}</th>'
                   for h in ("", "", text("stake", lang), "", ""))
    return (f'<table class="sm-table-seats" style="border-collapse:collapse;background:#eef6ee;'
            f'border-radius:8px;"><tr>{head}</tr>{"".join(rows)}</table>')


def hint_text(game: TableGame, lang: str = "en") -> str:
    """The exact odds for the student who is to play (empty if no student is)."""
    i = game.current
    if i is None or not game.seats[i].human or game.phase not in ("players", "banker"):
        return ""
    if game.phase == "banker":
        p = game.banker_hit_chance()
        play = play_word("hit" if p >= 0.5 else "stand", lang)
        why = text("mixed_pct", lang, p=pct(p))
        return text("hint_banker", lang, play=play, why=why)
    parts = []
    row = game.player_row(i)
    if row is not None:
        parts.append(text("hint_player", lang, sentence=advice_sentence(
            row, game.lookup.banker_name, lang)))
    parts.append(text("hint_bust_table", lang, p=pct(game.table_bust_chance(i))))
    return " ".join(parts)


def log_lines(game: TableGame, lang: str = "en", n: int = 8) -> list[str]:
    """The last ``n`` events in words."""
    out = []
    for e in game.events[-n:]:
        fields = dict(e.fields)
        for key in ("name", "to"):
            if key in fields:
                idx = next((j for j, s in enumerate(game.seats) if s.name == fields[key]), None)
                if idx is not None:
                    fields[key] = _name(game, idx, lang)
        out.append(text(e.key, lang, **fields))
    return out


class ClassroomTable:
    """The playable table: set the students, computers, seed and rules, then play.

    Controls: ``students``, ``computers`` (IntSliders), ``seed`` (IntText), ``rules``
    (Dropdown), ``new_game``, ``stakes`` (one IntSlider per student, rebuilt each hand),
    ``deal``, ``hit_button``, ``stand_button``, ``burn_button``, ``swap_button``,
    ``next_hand``, ``hint`` (Checkbox). ``table`` (HTML) shows the seats, ``hint_view`` the
    exact odds, ``log`` what happened.
    """

    def __init__(self, lang: str = "en", rules: Rules = ITALIAN, students: int = 1,
                 computers: int = 2, seed: int = 1) -> None:
        import ipywidgets as W

        self.W = W
        self.lang = check_lang(lang)
        self.game: TableGame | None = None
        choices = rules_options(rules, lang)
        wide = {"description_width": "initial"}
        self.students = W.IntSlider(value=students, min=1, max=4,
                                    description=text("players", lang), style=wide)
        self.computers = W.IntSlider(value=computers, min=0, max=5,
                                     description=text("computers", lang), style=wide)
        self.seed = W.IntText(value=seed, description=text("seed", lang),
                              layout=W.Layout(width="12em"))
        self.rules = W.Dropdown(options=choices, value=rules, description=text("rules", lang))
        self.new_game = W.Button(description=text("new_game", lang), icon="refresh")
        self.hint = W.Checkbox(value=False, description=text("hint", lang), indent=False)
        self.stakes_box = W.HBox()
        self.stakes: dict[int, Any] = {}
        self.deal = W.Button(description=text("deal", lang), button_style="success")
        self.hit_button = W.Button(description=text("hit", lang), button_style="warning")
        self.stand_button = W.Button(description=text("stand", lang), button_style="primary")
        self.burn_button = W.Button(description=text("burn", lang))
        self.swap_button = W.Button(description=text("swap", lang))
        self.next_hand = W.Button(description=text("next", lang))
        self.status = W.HTML()
        self.table = W.HTML()
        self.hint_view = W.HTML()
        self.log = W.HTML()
        self.hit_button.add_class("sm-table-hit")
        self.stand_button.add_class("sm-table-stand")
        self.new_game.on_click(lambda _b: self.start())
        self.deal.on_click(lambda _b: self._act(self._deal))
        self.hit_button.on_click(lambda _b: self._act(lambda g: g.hit()))
        self.stand_button.on_click(lambda _b: self._act(lambda g: g.stand()))
        self.burn_button.on_click(lambda _b: self._act(lambda g: g.burn()))
        self.swap_button.on_click(lambda _b: self._act(lambda g: g.hit(swap=True)))
        self.next_hand.on_click(lambda _b: self._act(lambda g: g.new_hand()))
        self.hint.observe(lambda _c: self.refresh(), names="value")
        self.view = W.VBox([
            W.HTML(f"<h3>{text('table_title', lang)}</h3>"),
            W.HBox([self.students, self.computers]),
            W.HBox([self.seed, self.rules, self.new_game]),
            self.table,
            self.status,
            W.HBox([self.stakes_box, self.deal]),
            W.HBox([self.hit_button, self.stand_button, self.burn_button, self.swap_button,
                    self.next_hand, self.hint]),
            self.hint_view,
            self.log,
        ])
        self.start()

    # -- actions -----------------------------------------------------------------------------
    def start(self) -> None:
        """A new game with the settings now chosen."""
        rules = self.rules.value
        problem = table_problem(rules)
        if problem is not None:
            self.game = None
            self.status.value = message(text("unsupported_table", self.lang,
                                             rules=rules_name(rules, self.lang), why=problem),
                                        "warn")
            self.refresh()
            return
        self.game = TableGame(rules, self.students.value, self.computers.value,
                              self.seed.value)
        self.game.warm()
        self.refresh()

    def _deal(self, g: TableGame) -> None:
        for i, slider in self.stakes.items():
            g.set_stake(i, int(slider.value))
        g.deal()

    def _act(self, f: Any) -> None:
        g = self.game
        if g is None:
            return
        try:
            f(g)
            g.play_computers()
        except TableError as e:
            self.status.value = message(str(e), "bad")
            return
        self.refresh()

    # -- drawing -----------------------------------------------------------------------------
    def refresh(self) -> None:
        """Redraw everything from the game's state."""
        W = self.W
        g = self.game
        lang = self.lang
        legal = g.legal() if g is not None else set()
        for b, name in ((self.hit_button, "hit"), (self.stand_button, "stand"),
                        (self.burn_button, "burn"), (self.swap_button, "swap")):
            b.disabled = name not in legal
        self.burn_button.layout.display = None if (g and g.rules.burn) else "none"
        self.swap_button.layout.display = None if (g and g.rules.swap_hidden) else "none"
        self.deal.disabled = "deal" not in legal
        self.next_hand.disabled = "next" not in legal
        if g is None:
            self.table.value = ""
            self.hint_view.value = ""
            self.log.value = ""
            return
        self.table.value = seats_html(g, lang)
        if g.phase == "stakes":
            sliders = {}
            for i in g.order():
                if g.seats[i].human:
                    lo, hi = g.limits(i)
                    sliders[i] = W.IntSlider(value=g.seats[i].stake, min=lo, max=hi,
                                             description=f"{_name(g, i, lang)}",
                                             layout=W.Layout(width="22em"))
            self.stakes = sliders
            self.stakes_box.children = list(sliders.values())
            self.status.value = message(text("stakes_phase", lang))
        else:
            self.stakes = {}
            self.stakes_box.children = []
            if g.over:
                best = max(range(len(g.seats)), key=lambda j: g.seats[j].chips)
                self.status.value = message(text("game_over", lang, name=_name(g, best, lang)),
                                            "good")
            elif g.current is not None:
                key = "banker_to_play" if g.phase == "banker" else "to_play"
                self.status.value = message(text(key, lang, name=_name(g, g.current, lang)))
            else:
                self.status.value = message(text("settled", lang))
        self.hint_view.value = (message(hint_text(g, lang), "info")
                                if self.hint.value and hint_text(g, lang) else "")
        self.log.value = ('<div class="sm-log" style="color:#333;">'
                          + "".join(f"<div>{esc(line)}</div>" for line in log_lines(g, lang))
                          + "</div>")

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.view._repr_mimebundle_(**kwargs)


def classroom_table(lang: str = "en", rules: Rules = ITALIAN, students: int = 1,
                    computers: int = 2, seed: int = 1) -> ClassroomTable:
    """The playable classroom table widget."""
    return ClassroomTable(lang, rules, students, computers, seed)

