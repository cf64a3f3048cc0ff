"""The banker's view: what the banker should do with each total, and why.

`banker_advice` is the logic: for a player who stood with some face-up cards, one line per
banker total where the banker has a real choice, with the equilibrium banker's play, the
chance that standing wins, the chance that hitting busts, and the posterior of the player's
face-down card (what the banker reads from the player's choices). `BankerView` is the view.
(The classroom table's computer banker is the simulator's table banker.)

>>> a = banker_advice("", "stood")        # the player stood on the face-down card alone
>>> [(line.total_label, line.action) for line in a.lines][::2]
[('3', 'hit'), ('4', 'hit'), ('5', 'stand'), ('6', 'stand'), ('7', 'stand')]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Literal

from settemezzo.cards import (
    SEVEN_AND_A_HALF,
    Kind,
    Unseen,
    parse_specs,
    resolve_kinds,
)
from settemezzo.errors import InputError, SettemezzoError
from settemezzo.hands import is_finished, total
from settemezzo.i18n import check_lang, percent, t, total_label
from settemezzo.odds import bust_chance
from settemezzo.rules import ITALIAN, Rules
from settemezzo.teaching.explain import (
    play_word,
    restriction_line,
    rules_name,
    rules_options,
)
from settemezzo.teaching.lookup import (
    BankerRow,
    banker_lookup,
    kind_from_label,
    support_problem,
)

__all__ = ["BankerAdvice", "BankerLine", "BankerView", "banker_advice", "banker_view"]

Result = Literal["stood", "shown", "bust"]
PURE = 1e-6


def _action(p: float) -> str:
    return "hit" if p >= 1 - PURE else "stand" if p <= PURE else "mixed"


@dataclass(frozen=True)
class BankerLine:
    """The equilibrium banker holding ``hand`` (total ``total``) against a player who stood."""

    total: int
    hand: tuple[Kind, ...]
    hit_probability: float
    win_if_stand: float        # chance that standing now wins the stake (ties as the rules say)
    tie_if_stand: float        # chance of a tie if standing now
    bust_if_hit: Fraction      # chance that one more card busts the banker
    posterior: dict[str, float]
    exceptions: tuple[tuple[str, str], ...] = ()  # other hands of this total that play otherwise

    @property
    def action(self) -> str:
        return _action(self.hit_probability)

    @property
    def total_label(self) -> str:
        return total_label(self.total)

    @property
    def hand_label(self) -> str:
        return " ".join(k.label for k in self.hand)


@dataclass(frozen=True)
class BankerAdvice:
    """What `banker_advice` found. ``status``: ``ok``, ``bust``, ``shown``, ``none`` (the best
    player never stands like this), ``unsupported`` or ``error``. ``note``: the restriction
    of the exact game the lines come from ("" when it is solved whole)."""

    status: str
    message: str = ""
    up: tuple[Kind, ...] = ()
    lo: int = 0
    hi: int = 0
    lines: tuple[BankerLine, ...] = field(default=())
    note: str = ""


def _player_totals(up: tuple[Kind, ...], posterior: dict[str, float],
                   rules: Rules) -> dict[int, float]:
    """The distribution of the player's total, from the posterior of the face-down card."""
    out: dict[int, float] = {}
    for label, p in posterior.items():
        if p > 0:
            t = total((kind_from_label(label), *up), rules)
            out[t] = out.get(t, 0.0) + p
    return out


def _line(row: BankerRow, rules: Rules) -> BankerLine:
    dist = _player_totals(row.up, row.posterior, rules)
    b = row.banker_total
    below = sum(p for t, p in dist.items() if t < b)
    tie = dist.get(b, 0.0)
    win = below + (0.0 if rules.ties_push else tie)
    bust = bust_chance(row.banker, rules.take(Unseen.full(), (*row.up, *row.banker)), rules)
    return BankerLine(b, row.banker, row.hit_probability, win, tie, bust, row.posterior)


def _parse_up(up: Sequence[str] | str, rules: Rules) -> tuple[Kind, ...]:
    specs = parse_specs(up) if isinstance(up, str) else parse_specs(list(up))
    return rules.plain_kinds(resolve_kinds(specs))


def banker_advice(up: Sequence[str] | str = (), result: Result = "stood", *,
                  rules: Rules = ITALIAN, lang: str = "en") -> BankerAdvice:
    """The banker's choices against a player with face-up ``up`` (in order) and ``result``.

    One line per banker total with a real choice (the simplest hand of that total; hands of
    the same total that play otherwise are listed in ``exceptions``).
    """
    check_lang(lang)
    try:
        kinds = _parse_up(up, rules)
        rules.take(Unseen.full(), kinds)
    except SettemezzoError as e:  # a card, a spec, a hand no deal makes, a limit
        return BankerAdvice("error", t("ui.bad_cards", lang, why=e))
    if result == "bust":
        return BankerAdvice("bust", t("banker.bust_text", lang), kinds)
    if result == "shown":
        return BankerAdvice("shown", t("banker.seven_half_text", lang, score="7½"), kinds)
    if result != "stood":
        raise InputError(f"result must be 'stood', 'shown' or 'bust', got {result!r}")
    if sum(k.half_points for k in kinds) >= SEVEN_AND_A_HALF or (
            kinds and is_finished(kinds, rules)):
        return BankerAdvice("error", t("ui.bad_cards", lang, why="the face-up cards alone "
                                          "reach 7½ or more"), kinds)
    problem = support_problem(rules)
    if problem is not None:
        return BankerAdvice("unsupported", t("ui.unsupported", lang,
                                                rules=rules_name(rules, lang), why=problem),
                            kinds)
    rows = banker_lookup(rules).situation(kinds)
    up_text = " ".join(k.label for k in kinds) or t("ui.none", lang)
    if not rows:
        return BankerAdvice("none", t("banker.no_situation", lang, up=up_text), kinds)
    by_total: dict[int, list[BankerRow]] = {}
    for r in rows:
        by_total.setdefault(r.banker_total, []).append(r)
    lines = []
    for tot in sorted(by_total):
        group = sorted(by_total[tot], key=lambda r: (len(r.banker), r.banker))
        first = _line(group[0], rules)
        exc = tuple((r.banker_label, _action(r.hit_probability)) for r in group[1:]
                    if _action(r.hit_probability) != first.action)
        lines.append(BankerLine(first.total, first.hand, first.hit_probability,
                                first.win_if_stand, first.tie_if_stand, first.bust_if_hit,
                                first.posterior, exc))
    dist = _player_totals(kinds, rows[0].posterior, rules)
    lo, hi = min(dist), max(dist)
    msg = t("banker.why", lang, up=up_text, lo=total_label(lo), hi=total_label(hi))
    return BankerAdvice("ok", msg, kinds, lo, hi, tuple(lines),
                        restriction_line(rules, lang, "banker"))


# =============================================================================================
# The computer banker of the classroom table
# =============================================================================================


# =============================================================================================
# The view
# =============================================================================================

_UP_VALUES = [("½", "J"), ("A", "A"), ("2", "2"), ("3", "3"), ("4", "4"), ("5", "5"),
              ("6", "6"), ("7", "7")]


class BankerView:
    """The banker's view widget over `banker_advice`.

    Controls: ``up_buttons`` (add a player's face-up card), ``undo``, ``clear``, ``result``
    (ToggleButtons), ``rules`` (Dropdown), ``total`` (Dropdown: whose posterior to chart).
    ``output`` (HTML) holds the table, ``chart`` (HTML) the posterior's bars.
    """

    def __init__(self, lang: str = "en", rules: Rules = ITALIAN) -> None:
        import ipywidgets as W

        self.lang = check_lang(lang)
        self.up: list[str] = []
        choices = rules_options(rules, lang)
        from settemezzo.widgets.html import WHOLE_LABEL

        self.rules = W.Dropdown(options=choices, value=rules, description=t("ui.rules", lang),
                                layout=W.Layout(**WHOLE_LABEL))
        self.result = W.ToggleButtons(
            options=[(t("banker.result_stood", lang), "stood"),
                     (t("banker.result_seven_half", lang), "shown"),
                     (t("banker.result_bust", lang), "bust")],
            value="stood", description=t("banker.player_result", lang))
        self.up_buttons = {v: W.Button(description=label, layout=W.Layout(width="3.4em"))
                           for label, v in _UP_VALUES}
        self.undo = W.Button(description=t("ui.undo", lang))
        self.clear = W.Button(description=t("ui.clear", lang))
        self.total = W.Dropdown(options=[], description=t("banker.total", lang))
        self.up_view = W.HTML()
        self.output = W.HTML()
        self.chart = W.HTML(layout=W.Layout(width="480px"))
        self.advice: BankerAdvice | None = None
        for v, b in self.up_buttons.items():
            b.on_click(lambda _b, v=v: self._add(v))
        self.undo.on_click(lambda _b: self._edit(lambda: self.up.pop() if self.up else None))
        self.clear.on_click(lambda _b: self._edit(self.up.clear))
        self.rules.observe(lambda _c: self.update(), names="value")
        self.result.observe(lambda _c: self.update(), names="value")
        self.total.observe(lambda _c: self._draw_chart(), names="value")
        self.view = W.VBox([
            W.HTML(f"<h3>{t('banker.title', lang)}</h3>"),
            self.rules,
            W.HBox([W.Label(t("banker.player_up", lang) + ":"), *self.up_buttons.values(),
                    self.undo, self.clear]),
            self.up_view,
            self.result,
            self.output,
            self.total,
            self.chart,
        ])
        self.update()

    def _add(self, v: str) -> None:
        self.up.append(v)
        self.update()

    def _edit(self, f: Any) -> None:
        f()
        self.update()

    def update(self) -> BankerAdvice:
        """Recompute from the controls and redraw."""
        from settemezzo.widgets.html import esc, kind_html, message, table_html

        lang = self.lang
        a = banker_advice(self.up, self.result.value, rules=self.rules.value, lang=lang)
        self.advice = a
        cards = "".join(kind_html(k) for k in a.up) or esc("-")
        self.up_view.value = f"<div><b>{esc(t('banker.player_up', lang))}:</b> {cards}</div>"
        if a.status != "ok":
            kind = {"error": "bad", "unsupported": "warn"}.get(a.status, "info")
            self.output.value = message(a.message, kind)
            self.total.options = []
            self.chart.layout.display = "none"
            return a
        rows = []
        for line in a.lines:
            play = play_word(line.action, lang)
            if line.action == "mixed":
                play = t("ui.mixed_pct", lang, p=percent(line.hit_probability, lang, 0))
            if line.exceptions:
                play += " (" + ", ".join(f"{h}: {play_word(x, lang).lower()}"
                                         for h, x in line.exceptions[:3]) + ")"
            rows.append([line.total_label, line.hand_label, play,
                         percent(line.win_if_stand, lang, 0), percent(line.bust_if_hit, lang, 0)])
        header = [t(f"banker.{k}", lang) for k in ("total", "cards", "action", "win_stand",
                                                  "bust")]
        self.output.value = (f"<div>{esc(a.message)}</div>" + table_html(header, rows)
                             + (message(a.note, "info") if a.note else ""))
        opts = [(line.total_label, i) for i, line in enumerate(a.lines)]
        if list(self.total.options) != opts:
            self.total.options = opts
            self.total.value = 0
        self._draw_chart()
        return a

    def _draw_chart(self) -> None:
        """The posterior of the face-down card, as bars the browser draws (`chance_bars`):
        a matplotlib picture took over 100 ms a click to render."""
        from settemezzo.widgets.html import chance_bars, message

        a = self.advice
        if a is None or a.status != "ok" or self.total.value is None:
            return
        line = a.lines[self.total.value]
        up = " ".join(k.label for k in a.up) or t("ui.nothing_up", self.lang)
        title = (f"{t('banker.posterior_title', self.lang)} "
                 f"({t('banker.player_up', self.lang)}: {up}; "
                 f"{t('banker.cards', self.lang)}: {line.hand_label})")
        self.chart.value = (chance_bars(list(line.posterior.items()), title, self.lang)
                            + (message(a.note, "info") if a.note else ""))
        self.chart.layout.display = None

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.view._repr_mimebundle_(**kwargs)


def banker_view(lang: str = "en", rules: Rules = ITALIAN) -> BankerView:
    """The banker's view widget."""
    return BankerView(lang, rules)
