"""The classroom table widget: a thin view over `settemezzo.simulate.tablegame.TableGame`.

Everything it shows is rendered from the game by `seats_html` and by the table's words of
`settemezzo.teaching.tablelog` (`log_lines`, `hint_text`: plain functions the tests call);
the buttons call the game's actions, and are enabled by its ``can_*`` answers. At a table
played down the hint is exact for the cards seen (`settemezzo.teaching.tablelog.table_hint`):
the deck's values are started as the hand before ends (`start_ahead`), nothing waits for them,
and the hint, which says they are coming meanwhile, is redrawn when they are done.
"""

from __future__ import annotations

import functools
import threading
from concurrent.futures import Future
from typing import Any

from settemezzo.cards import parse_card
from settemezzo.errors import IllegalActionError
from settemezzo.i18n import card_label, check_lang, t, total_label
from settemezzo.rules import ITALIAN, Rules, dealt_down
from settemezzo.simulate.session import SimulationError
from settemezzo.simulate.tablegame import HandState, SeatState, TableGame
from settemezzo.teaching.books import start_ahead
from settemezzo.teaching.explain import rules_name, rules_options
from settemezzo.teaching.tablelog import (
    bank_line,
    cards_score,
    deck_line,
    face_down_first,
    hand_banker,
    hint_text,
    log_lines,
    result_words,
    seat_name,
    standings,
    table_hint,
)
from settemezzo.widgets.html import WHOLE_LABEL, card_html, esc, message

__all__ = ["ClassroomTable", "classroom_table", "hand_cards_html", "seats_html",
           "standings_html", "table_rules"]


MAX_PLAYERS = 7
"""Students and computers beside the banker (eight people at the table at most)."""


def table_rules(rules: Rules, lang: str) -> list[tuple[str, Rules]]:
    """The table's rules dropdown: the usual rule sets, burning and keeping the bank too."""
    out = rules_options(rules, lang)
    for extra in (ITALIAN.with_variants("burn=3,4"), ITALIAN.with_variants("keep_bank")):
        if all(r != extra for _, r in out):
            out.append((rules_name(extra, lang), extra))
    return out


def _score(game: TableGame, h: HandState, lang: str) -> str:
    """A hand's score in words when all its cards are on screen, else its total."""
    if h.cards and all(c is not None for c in h.cards):
        return cards_score(game, [c for c in h.cards if c is not None], lang)
    return total_label(h.total, lang)


def _status(game: TableGame, seat: SeatState, j: int, lang: str) -> str:
    h = seat.hands[j]
    if h.result:
        return f"{_score(game, h, lang)}: {result_words(h.result, h.gain, lang)}"
    if seat.to_play:
        return "▶"
    return {"stood": t("table.stood", lang), "bust": t("table.busted", lang),
            "shown": t("table.showed", lang, score=_score(game, h, lang))}.get(h.status, "")


def hand_cards_html(h: HandState, lang: str = "en") -> str:
    """A hand's cards, the face-down one first and marked as such (the back of a card where
    this screen may not see it), then the face-up ones in the order dealt."""
    out = []
    for c, down in face_down_first(h):
        if c is None:
            out.append(card_html(parse_card("A♠"), True, lang))   # any card: its back
        elif down:
            out.append(f'<span class="sm-face-down" title="{esc(t("table.face_down", lang))}" '
                       f'style="border-bottom:3px dashed #557;">{card_html(c, lang=lang)}</span>')
        else:
            out.append(card_html(c, lang=lang))
    return "".join(out)


def _hand_cells(game: TableGame, seat: SeatState, lang: str) -> tuple[str, str, str, str]:
    stakes, cards, totals, status = [], [], [], []
    for j, h in enumerate(seat.hands):
        stakes.append(str(h.stake) if h.stake else "")
        cards.append(hand_cards_html(h, lang))
        hidden = any(c is None for c in h.cards)
        totals.append("" if not h.cards else
                      t("word.total", lang, t=total_label(h.total, lang)
                        + (" + ?" if hidden else "")))
        status.append(_status(game, seat, j, lang))
    if seat.burnt is not None:
        burnt = t("table.burnt", lang, card=card_label(seat.burnt, lang))
        cards.append(f'<small>({esc(burnt)})</small>')
    sep = "<br>"
    return (sep.join(map(esc, stakes)), sep.join(cards),
            sep.join(f'<span class="sm-total">{esc(x)}</span>' for x in totals),
            sep.join(f'<span class="sm-result">{esc(x)}</span>' for x in status))


def seats_html(game: TableGame, lang: str = "en") -> str:
    """The table as the shared screen shows it: name, chips, stake, cards (face-down ones
    hidden), total, and each hand's result with the chips moved. The ★ marks the banker of
    the hand on screen (`settemezzo.teaching.tablelog.hand_banker`)."""
    rows = []
    td = '<td style="padding:3px 8px;">'
    banker = hand_banker(game)
    for seat in game.seats():
        name = seat_name(game, seat.seat, lang)
        if seat.seat == banker:
            name = f"★ {name} ({t('word.banker', lang)})"
        stake, cards, total, status = _hand_cells(game, seat, lang)
        if seat.out:
            status = esc(t("table.out", lang))
        rows.append(f'<tr class="sm-seat" data-seat="{seat.seat}">{td}<b>{esc(name)}</b></td>'
                    f'{td}<span class="sm-chips">{esc(t("word.chips", lang, n=seat.chips))}'
                    f'</span></td>{td}{stake}</td><td style="padding:3px 8px;font-size:120%;">'
                    f'{cards}</td>{td}{total}</td>{td}{status}</td></tr>')
    head = "".join(f'<th style="padding:3px 8px;text-align:left;">{esc(h)}</th>'
                   for h in ("", "", t("word.stake", lang), "", "", ""))
    return (f'<table class="sm-table-seats" style="border-collapse:collapse;background:#eef6ee;'
            f'border-radius:8px;"><tr>{head}</tr>{"".join(rows)}</table>')


def standings_html(game: TableGame, lang: str = "en") -> str:
    """At the end of a game: the winner, then every seat by its chips."""
    lines = log_lines(game, lang, hands=0)[:1] if game.over else []
    if not lines:
        return ""
    items = "".join(f"<div>{esc(x)}</div>" for x in standings(game, lang))
    return (f'<div class="sm-standings">{message(lines[0], "good")}'
            f'<b>{esc(t("table.standings", lang))}</b>{items}</div>')


class ClassroomTable:
    """The playable table: set the students, computers, seed and rules, then play.

    Controls: ``students``, ``computers`` (IntSliders: one to seven beside the bank),
    ``seed`` (IntText), ``rules`` (Dropdown), ``fresh`` (Checkbox: a fresh deck every hand;
    else the deck is played down, `dealt_down`), ``new_game``; ``stake`` (BoundedIntText, the
    student's last stake offered again) and ``stake_button``; ``hit_button``,
    ``stand_button``, ``swap_button``, ``split_button``, ``burn_button``, ``next_hand``,
    ``hint`` (Checkbox). ``table`` (HTML) shows the seats, ``hint_view`` the exact odds,
    ``log`` what happened, the current hand first. ``game`` may be given: the progress
    carries over (a language change).
    """

    _awaited: Future[Any] | None = None
    """The deck's values the hint waits for (`_draw_hint` calls back when they are done)."""

    def __init__(self, lang: str = "en", rules: Rules = ITALIAN, students: int = 1,
                 computers: int = 2, seed: int = 1, game: TableGame | None = None) -> None:
        import ipywidgets as W

        self.W = W
        self.lang = check_lang(lang)
        self.game = game
        if game is not None:
            rules, students, computers, seed = (game.rules, game.students, game.computers,
                                                game.seed)
        self._settings(rules, students, computers, seed,
                       fresh=game is not None and game.rules.reshuffle == "every_hand")
        self.new_game = W.Button(description=t("table.new_game", lang), icon="refresh")
        self.hint = W.Checkbox(value=False, description=t("table.hint", lang), indent=False)
        self.stake = W.BoundedIntText(value=1, min=1, max=1, layout=W.Layout(width="6em"),
                                      continuous_update=True)
        self.stake_label = W.HTML()
        self.stake_button = W.Button(description=t("table.stake_button", lang),
                                     button_style="success")
        self.hit_button = W.Button(description=t("ui.hit", lang), button_style="warning")
        self.stand_button = W.Button(description=t("ui.stand", lang), button_style="primary")
        self.swap_button = W.Button(description=t("table.swap", lang),
                                    layout=W.Layout(**WHOLE_LABEL))
        self.split_button = W.Button(description=t("word.split", lang))
        self.burn_button = W.Button(description=t("table.burn", lang).capitalize())
        self.next_hand = W.Button(description=t("trainer.next", lang))
        self.play_again = W.Button(description=t("table.new_game", lang), icon="refresh",
                                   button_style="success", layout=W.Layout(display="none"))
        self.status = W.HTML()
        self.bank = W.HTML()
        self.standings = W.HTML()
        self.table = W.HTML()
        self.hint_view = W.HTML()
        self.log = W.HTML()
        self._lock = threading.RLock()   # a click and the hint's callback, one at a time
        for b, cls in ((self.hit_button, "hit"), (self.stand_button, "stand"),
                       (self.swap_button, "swap"), (self.split_button, "split"),
                       (self.burn_button, "burn"), (self.next_hand, "next"),
                       (self.stake_button, "stake"), (self.new_game, "new"),
                       (self.play_again, "again")):
            b.add_class(f"sm-table-{cls}")
        self.stake.add_class("sm-table-stake-value")
        self.seed.add_class("sm-table-seed")
        self.rules.add_class("sm-table-rules")
        self.new_game.on_click(lambda _b: self.start())
        self.play_again.on_click(lambda _b: self.start())
        self.stake_button.on_click(lambda _b: self._act(lambda g: g.stake(int(self.stake.value))))
        self.hit_button.on_click(lambda _b: self._act(lambda g: g.hit()))
        self.stand_button.on_click(lambda _b: self._act(lambda g: g.stand()))
        self.swap_button.on_click(lambda _b: self._act(lambda g: g.swap()))
        self.split_button.on_click(lambda _b: self._act(lambda g: g.split()))
        self.burn_button.on_click(lambda _b: self._act(lambda g: g.burn()))
        self.next_hand.on_click(lambda _b: self._act(lambda g: g.next_hand()))
        self.hint.observe(lambda _c: self.refresh(), names="value")
        self.view = W.VBox([
            W.HTML(f"<h3>{t('table.title', lang)}</h3>"),
            W.HBox([self.students, self.computers]),
            W.HBox([self.seed, self.rules, self.fresh, self.new_game]),
            self.table,
            self.bank,
            self.status,
            self.standings,
            W.HBox([self.stake_label, self.stake, self.stake_button]),
            W.HBox([self.hit_button, self.stand_button, self.swap_button, self.split_button,
                    self.burn_button, self.next_hand, self.play_again, self.hint]),
            self.hint_view,
            self.log,
        ])
        if self.game is None:
            self.start()
        else:
            self.refresh()

    def _settings(self, rules: Rules, students: int, computers: int, seed: int,
                  fresh: bool) -> None:
        """The game's settings: ``students``, ``computers``, ``seed``, ``rules`` (the dropdown
        names the rule set as dealt fresh) and ``fresh`` (else the deck is played down)."""
        W, lang = self.W, self.lang
        wide = {"description_width": "initial"}
        self.students = W.IntSlider(value=students, min=1, max=MAX_PLAYERS,
                                    description=t("table.players", lang), style=wide)
        self.computers = W.IntSlider(value=computers, min=0, max=MAX_PLAYERS - 1,
                                     description=t("table.computers", lang), style=wide)
        self.seed = W.IntText(value=seed, description=t("trainer.seed", lang),
                              layout=W.Layout(width="12em"), continuous_update=True)
        named = dealt_down(rules, fresh_deck=True)
        self.rules = W.Dropdown(options=table_rules(named, lang), value=named,
                                description=t("ui.rules", lang),
                                layout=W.Layout(**WHOLE_LABEL))
        self.fresh = W.Checkbox(value=fresh, description=t("class.opt_fresh", lang),
                                indent=False)

    # -- actions -----------------------------------------------------------------------------
    def start(self) -> None:
        """A new game with the settings now chosen."""
        students = self.students.value
        computers = min(self.computers.value, MAX_PLAYERS - students)
        self._say_computing(self.rules.value)
        try:
            self.game = TableGame(dealt_down(self.rules.value, self.fresh.value), students,
                                  computers, int(self.seed.value))
        except (SimulationError, IllegalActionError) as e:
            self.game = None
            self.status.value = message(str(e), "bad")
        self.refresh()

    def _say_computing(self, rules: Rules) -> None:
        """Say at once when the game's equilibrium is not at hand (a rule set not shipped
        precomputed: the computer seats and the hints need it solved first), as the
        explorer does: the same words and estimate."""
        from settemezzo import results
        from settemezzo.simulate.strategies import equilibrium_ready

        if not equilibrium_ready(rules):
            self.status.value = message(t(
                "ui.computing_about", self.lang, rules=rules_name(rules, self.lang),
                seconds=max(1, round(results.estimate_seconds(rules)))))

    def _act(self, f: Any) -> None:
        g = self.game
        if g is None:
            return
        with self._lock:
            try:
                f(g)
            except (SimulationError, IllegalActionError) as e:
                self.status.value = message(str(e), "bad")
                return
            self.refresh()

    # -- drawing -----------------------------------------------------------------------------
    def refresh(self) -> None:
        """Redraw everything from the game's state."""
        with self._lock:
            self._redraw()

    def _redraw(self) -> None:
        g = self.game
        lang = self.lang
        for b, can in ((self.hit_button, "can_hit"), (self.stand_button, "can_stand"),
                       (self.swap_button, "can_swap"), (self.split_button, "can_split"),
                       (self.burn_button, "can_burn"), (self.next_hand, "can_next_hand"),
                       (self.stake_button, "can_stake")):
            b.disabled = g is None or not getattr(g, can)()
        rules = g.rules if g is not None else self.rules.value
        self.burn_button.layout.display = None if rules.burn else "none"
        self.swap_button.layout.display = None if rules.swap_hidden else "none"
        self.split_button.layout.display = None if rules.split_figures > 1 else "none"
        self.play_again.layout.display = None if g is not None and g.over else "none"
        if g is None:
            self.table.value = self.hint_view.value = self.log.value = ""
            self.bank.value = self.standings.value = ""
            return
        self.table.value = seats_html(g, lang)
        line = bank_line(g, lang)
        self.bank.value = ((f'<div class="sm-bank"><b>{esc(line)}</b></div>' if line else "")
                           + f'<div class="sm-deck"><small>{esc(deck_line(g, lang))}</small></div>')
        self.standings.value = standings_html(g, lang)
        self._draw_stake(g)
        self._draw_status(g)
        start_ahead(g)         # the deck of the hand dealt, or of the next once it is over
        self._draw_hint(g)
        self.log.value = ('<div class="sm-log" style="color:#333;">'
                          + "".join(f"<div>{esc(line)}</div>" for line in log_lines(g, lang))
                          + "</div>")

    def _draw_hint(self, g: TableGame) -> None:
        """The hint, if asked for; while the deck's values are being worked out it says they
        are coming, and is drawn again when they are done (from the solve's thread)."""
        found = table_hint(g) if self.hint.value and g.view is not None else None
        hint = hint_text(g, self.lang, found) if self.hint.value else ""
        self.hint_view.value = message(hint, "info") if hint else ""
        fut = None if found is None else found.pending
        if fut is not None and fut is not self._awaited:
            self._awaited = fut
            fut.add_done_callback(functools.partial(self._hint_done, g))

    def _hint_done(self, g: TableGame, _done: Future[Any] | None = None) -> None:
        """The deck's values are done: the hint drawn again for the table as it is now."""
        with self._lock:
            self._awaited = None
            if self.game is g:
                self._draw_hint(g)

    def _draw_stake(self, g: TableGame) -> None:
        if g.can_stake():
            lo, hi = g.stake_range()
            self.stake.min, self.stake.max = 0, max(hi, self.stake.max)
            self.stake.min, self.stake.max = lo, hi
            self.stake.value = g.default_stake()
            assert g.to_play is not None
            self.stake_label.value = esc(t("table.your_stake", self.lang,
                                           name=seat_name(g, g.to_play, self.lang),
                                           lo=lo, hi=hi))
            self.stake.layout.display = None
        else:
            self.stake_label.value = ""
            self.stake.layout.display = "none"

    def _draw_status(self, g: TableGame) -> None:
        lang = self.lang
        if g.over:
            self.status.value = message(log_lines(g, lang)[0], "good")
        elif g.to_play is not None:
            key = "table.banker_to_play" if g.phase == "bank" else "table.to_play"
            self.status.value = message(t(key, lang, name=seat_name(g, g.to_play, lang)))
        else:
            self.status.value = message(t("table.settled", lang))

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.view._repr_mimebundle_(**kwargs)


def classroom_table(lang: str = "en", rules: Rules = ITALIAN, students: int = 1,
                    computers: int = 2, seed: int = 1) -> ClassroomTable:
    """The playable classroom table widget."""
    return ClassroomTable(lang, rules, students, computers, seed)
