"""The odds explorer: pick a hand, see the bust chance, the win chances, the expected values
and the best play with its reason.

`explore` is the logic (a plain function the tests call); `OddsExplorer` is the view.

>>> from settemezzo.rules import ITALIAN
>>> e = explore("7", against="threshold:5")
>>> e.status, e.bust_if_hit, e.best
('ok', Fraction(9, 13), 'stand')
"""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from settemezzo import results
from settemezzo.cards import Kind, Unseen, parse_specs
from settemezzo.errors import RulesError, SettemezzoError
from settemezzo.hands import is_bust, is_finished, score, total
from settemezzo.i18n import check_lang, percent, score_label, t, total_label
from settemezzo.odds import HandState, hit_outcomes
from settemezzo.rows import TIE
from settemezzo.rules import ITALIAN, Rules
from settemezzo.teaching.explain import (
    advice_sentence,
    banker_name,
    play_word,
    restriction_line,
    rules_name,
    rules_options,
)
from settemezzo.teaching.lookup import (
    AGAINST_CHOICES,
    Row,
    player_lookup,
    player_ready,
    support_problem,
)
from settemezzo.widgets.casino import CasinoExplorerView
from settemezzo.widgets.variants import KNOBS, knob_is_on, variant_rules

__all__ = ["Exploration", "OddsExplorer", "explore", "odds_explorer"]


@dataclass(frozen=True)
class Exploration:
    """What the explorer shows for one hand.

    ``status``: ``ok`` (a decision), ``seven_half`` / ``bust`` (the turn is over),
    ``unsupported`` (the exact engine does not model the rules yet: only the draw odds are
    given) or ``error`` (bad cards; ``message`` says why). ``notes`` come first with the
    restriction of the exact game, if any (`settemezzo.teaching.explain.restriction_line`).
    """

    status: str
    message: str = ""
    hand: tuple[Kind, ...] = ()
    total: int = 0
    bust_if_hit: Fraction | None = None
    seven_half_if_hit: Fraction | None = None
    unseen: int = 0
    row: Row | None = None
    against: str = ""
    sentence: str = ""
    notes: tuple[str, ...] = field(default=())

    @property
    def best(self) -> str | None:
        """'stand', 'hit' or 'mixed', or None when there is nothing to decide."""
        return self.row.best if self.row is not None else None


def explore(hole: str, up: Sequence[str] | str = (), seen: str = "", *,
            rules: Rules = ITALIAN, against: str = "equilibrium", exact_seen: bool = False,
            lang: str = "en", first: bool = False) -> Exploration:
    """Everything the explorer shows for face-down ``hole``, face-up ``up`` (in order) and
    other cards ``seen`` on the table.

    The bust and 7½ chances are exact for the cards actually unseen (seen cards removed).
    The win chances and expected values come from the cached table for a fresh deck, unless
    ``exact_seen`` asks for a table of the deck without the seen cards (a new solve, cached).
    ``first``: against the equilibrium, the hand's values without the table (the
    equilibrium and this decision alone, `settemezzo.results.answers.decision_values`: the
    same numbers), the explorer's first answer while the table is computed.
    """
    check_lang(lang)
    try:
        state = HandState.of(hole, list(up) if not isinstance(up, str) else up, seen)
        seen_specs = parse_specs(seen) if seen else []
    except SettemezzoError as e:  # a card, a spec, a hand no deal makes, a limit
        return Exploration("error", t("ui.bad_cards", lang, why=e))
    cards = rules.plain_kinds(state.cards)
    tot = total(cards, rules)
    if is_finished(cards, rules):
        key = "explorer.finished_bust" if is_bust(cards, rules) else "explorer.finished_seven_half"
        return Exploration("bust" if key == "explorer.finished_bust" else "seven_half",
                           t(key, lang) + f" ({score_label(score(cards, rules), lang)})",
                           cards, tot)
    unseen = state.unseen()
    out = hit_outcomes(cards, unseen, rules)
    base = Exploration("ok", hand=cards, total=tot, bust_if_hit=out["bust"],
                       seven_half_if_hit=out["seven_half"], unseen=unseen.total)
    problem = support_problem(rules)
    if problem is not None:
        return replace(base, status="unsupported", message=t(
            "ui.unsupported", lang, rules=rules_name(rules, lang), why=problem))
    notes: list[str] = [x for x in (restriction_line(rules, lang),) if x]
    deck = None
    if seen_specs:
        if exact_seen:
            deck = Unseen.full().without(seen)
            notes.append(t("explorer.exact_seen_on", lang, n=len(seen_specs)))
        else:
            notes.append(t("explorer.seen_note", lang))
    if first and against == "equilibrium" and not player_ready(rules, against, deck):
        return _first_answer(base, rules, deck, tuple(notes), lang)
    try:
        lookup = player_lookup(rules, against, deck)
    except RulesError as e:  # e.g. a deck too small for the exact game
        return replace(base, status="unsupported", message=t(
            "ui.unsupported", lang, rules=rules_name(rules, lang), why=e))
    row = lookup.row(cards[0], cards[1:])
    if row is None:
        return replace(base, status="error",
                       message=t("ui.bad_cards", lang, why=f"no hand state {cards!r}"))
    if deck is not None:  # how the advice changes as cards are seen
        fresh = player_lookup(rules, against).row(cards[0], cards[1:])
        if fresh is not None and {fresh.best, row.best} == {"stand", "hit"}:
            notes.append(t("deck.explorer_fresh", lang, fresh=t(f"chart.{fresh.best}", lang),
                           now=t(f"chart.{row.best}", lang)))
    return replace(base, row=row, against=lookup.banker_name,
                   sentence=advice_sentence(row, lookup.banker_name, lang), notes=tuple(notes))


def _first_answer(base: Exploration, rules: Rules, deck: Unseen | None, notes: tuple[str, ...],
                  lang: str) -> Exploration:
    """`explore`'s answer from the equilibrium and the hand's own values (no table)."""
    from settemezzo.results.answers import decision_values

    cards = base.hand
    try:
        h = decision_values(rules, deck, cards[0], cards[1:])
    except RulesError as e:  # e.g. a deck too small for the exact game
        return replace(base, status="unsupported", message=t(
            "ui.unsupported", lang, rules=rules_name(rules, lang), why=e))
    except SettemezzoError as e:  # no such decision on this deck
        return replace(base, status="error", message=t("ui.bad_cards", lang, why=e))
    stand, hit = float(h.stand_ev), float(h.hit_ev)
    assert base.bust_if_hit is not None and base.seven_half_if_hit is not None
    row = Row(cards[0], cards[1:], base.total, float("nan"), float(base.bust_if_hit),
              float(base.seven_half_if_hit), float(h.stand_win), stand, float(h.hit_win), hit,
              h.best, h.hit_frequency, hit - stand, abs(hit - stand), h.stake)
    return replace(base, row=row, against=h.against,
                   sentence=advice_sentence(row, h.against, lang), notes=notes)


# =============================================================================================
# The view
# =============================================================================================

_HOLE_OPTIONS = [("½ (J Q K)", "J"), ("A", "A"), ("2", "2"), ("3", "3"), ("4", "4"),
                 ("5", "5"), ("6", "6"), ("7", "7")]
_UP_VALUES = [("½", "J"), ("A", "A"), ("2", "2"), ("3", "3"), ("4", "4"), ("5", "5"),
              ("6", "6"), ("7", "7"), ("K♦", "Kd")]


class OddsExplorer:
    """The odds explorer widget: a thin view over `explore`.

    Controls (each an ipywidget a test can drive): ``hole`` (ToggleButtons), ``up_buttons``
    (one Button per card value, adding a face-up card), ``undo``, ``clear``, ``seen`` (Text),
    ``exact_seen`` (Checkbox), ``rules`` and ``against`` (Dropdowns), ``variants`` (one
    Checkbox per knob of `settemezzo.widgets.variants.KNOBS`, ticked together over the rule
    set chosen: `chosen_rules`). ``output`` (HTML) shows the result; ``result`` is the last
    `Exploration`.
    """

    def __init__(self, lang: str = "en", rules: Rules = ITALIAN,
                 against: str = "equilibrium", background: bool = True) -> None:
        import ipywidgets as W

        self.lang = check_lang(lang)
        self.background = background
        self._worker: threading.Thread | None = None
        self.progress = W.FloatProgress(value=0.0, min=0.0, max=1.0,
                                        layout=W.Layout(display="none"))
        self.up: list[str] = []
        choices = rules_options(rules, lang)
        from settemezzo.widgets.html import WHOLE_LABEL

        self.rules = W.Dropdown(options=choices, value=rules, description=t("ui.rules", lang),
                                layout=W.Layout(**WHOLE_LABEL))
        ag = list(AGAINST_CHOICES) if against in AGAINST_CHOICES else [against,
                                                                        *AGAINST_CHOICES]
        self.against = W.Dropdown(options=[(banker_name(a, lang), a) for a in ag],
                                  value=against, description=t("word.banker", lang))
        self.hole = W.ToggleButtons(options=_HOLE_OPTIONS, value="5",
                                    description=t("ui.face_down", lang),
                                    style={"button_width": "4.2em"})
        self.up_buttons = {v: W.Button(description=label, layout=W.Layout(width="3.4em"))
                           for label, v in _UP_VALUES}
        self.undo = W.Button(description=t("ui.undo", lang))
        self.clear = W.Button(description=t("ui.clear", lang))
        self.seen = W.Text(value="", placeholder=t("ui.seen_help", lang),
                           description=t("ui.seen", lang))
        self.exact_seen = W.Checkbox(value=False, description=t("explorer.exact_seen", lang),
                                     indent=False)
        self.variants = {k: W.Checkbox(value=knob_is_on(rules, k), description=t(knob.label, lang),
                                       indent=False, layout=W.Layout(width="15em"))
                         for k, knob in KNOBS.items()}
        self._syncing = False
        self.hand_view = W.HTML()
        self.output = W.HTML()
        self.result: Exploration | None = None
        for v, b in self.up_buttons.items():
            b.on_click(lambda _b, v=v: self._add(v))
        self.undo.on_click(lambda _b: self._pop())
        self.clear.on_click(lambda _b: self._clear())
        self.rules.observe(lambda _c: self._base_changed(), names="value")
        for w in (self.against, self.hole, self.seen, self.exact_seen, *self.variants.values()):
            w.observe(lambda _c: self._syncing or self.update(), names="value")
        self.view = W.VBox([
            W.HBox([self.rules, self.against]),
            self.hole,
            W.HBox([W.Label(t("ui.add_up", lang)), *self.up_buttons.values(), self.undo,
                    self.clear]),
            W.HBox([self.seen, self.exact_seen]),
            W.HBox([W.Label(t("explorer.variants", lang)), *self.variants.values()],
                   layout=W.Layout(flex_flow="row wrap")),
            self.hand_view,
            self.progress,
            self.output,
        ])
        self._sync_wild()
        self.update()

    # -- control callbacks -------------------------------------------------------------------
    def _add(self, value: str) -> None:
        self.up.append(value)
        self.update()

    def _pop(self) -> None:
        if self.up:
            self.up.pop()
        self.update()

    def _clear(self) -> None:
        self.up.clear()
        self.update()

    @property
    def chosen_rules(self) -> Rules:
        """The rule set the explorer answers for: the one chosen, with the variants ticked."""
        return variant_rules(self.rules.value, {k: b.value for k, b in self.variants.items()})

    def _base_changed(self) -> None:
        """A new rule set: the variant boxes show its knobs, then one update."""
        self._syncing = True
        try:
            for k, box in self.variants.items():
                box.value = knob_is_on(self.rules.value, k)
        finally:
            self._syncing = False
        self.update()

    def _sync_wild(self) -> None:
        wild = Kind.KING_OF_DIAMONDS in self.chosen_rules.kinds  # only when it is wild
        opts = [*_HOLE_OPTIONS, ("K♦", "Kd")] if wild else _HOLE_OPTIONS
        if list(self.hole.options) != opts:
            value = self.hole.value if (wild or self.hole.value != "Kd") else "J"
            self.hole.options = opts
            self.hole.value = value
        self.up_buttons["Kd"].layout.display = None if wild else "none"

    # -- the one update ----------------------------------------------------------------------
    def update(self) -> Exploration | None:
        """Recompute from the controls and redraw; returns the new `Exploration` (None while
        the table it needs is computed in the background: see `wait`; against the
        equilibrium, the hand's own values are shown as soon as they are known, the table
        after)."""
        from settemezzo.widgets.html import message

        self._sync_wild()
        rules = self.chosen_rules
        deck = _deck(self.seen.value) if self.exact_seen.value else None
        if not player_ready(rules, self.against.value, deck):
            if self.background:  # say so at once; the answer comes when the table is ready
                self._compute(rules, self.against.value, deck)
                return self.result
            self.output.value = message(self._computing_text(rules))
        self._show(self._explore(rules))
        return self.result

    def _explore(self, rules: Rules, first: bool = False) -> Exploration:
        """`explore` of the controls under ``rules`` (``first``: without the table)."""
        return explore(self.hole.value, self.up, self.seen.value, rules=rules,
                       against=self.against.value, exact_seen=self.exact_seen.value,
                       lang=self.lang, first=first)

    def _show(self, r: Exploration) -> None:
        """Draw ``r`` (and make it the `result`)."""
        from settemezzo.widgets.html import bars, esc, kind_html, message

        lang = self.lang
        self.result = r
        hand = "".join(kind_html(k) for k in r.hand)
        tot = (f" &nbsp; {esc(t('word.total', lang, t=total_label(r.total, lang)))}"
               if r.hand else "")
        self.hand_view.value = f"<div><b>{esc(t('ui.hand', lang))}:</b> {hand}{tot}</div>"
        parts: list[str] = []
        if r.status in ("error", "bust", "seven_half"):
            kind = {"error": "bad", "bust": "bad", "seven_half": "good"}[r.status]
            self.output.value = message(r.message, kind)
            return
        assert r.bust_if_hit is not None and r.seven_half_if_hit is not None
        n_bust = int(r.bust_if_hit * r.unseen)
        bust = t("ui.bust_if_hit", lang, p=percent(r.bust_if_hit, lang, 0))
        seven = t("ui.seven_half_if_hit", lang, p=percent(r.seven_half_if_hit, lang, 0))
        parts.append(f"<div>{esc(bust)} <small>({n_bust}/{r.unseen})</small></div>")
        parts.append(f"<div>{esc(seven)}</div>")
        if r.status == "unsupported" or r.row is None:
            parts.append(message(r.message, "warn"))
            self.output.value = "".join(parts)
            return
        row = r.row
        for key, p in (("ui.win_stand", row.stand_win), ("ui.win_hit", row.hit_win)):
            parts.append(f"<div>{esc(t(key, lang, p=percent(p, lang, 1)))}</div>")
        parts.append(bars([(t("ui.ev_stand", lang), row.stand_ev),
                           (t("ui.ev_hit", lang), row.hit_ev)], title=t("ui.ev", lang),
                          lang=lang))
        play = play_word("either" if abs(row.margin) < TIE else row.best, lang).upper()
        parts.append(f'<div class="sm-best" style="font-size:120%;margin-top:4px;">'
                     f'<b>{esc(t("explorer.best_play", lang, play=play))}</b></div>')
        parts.append(f'<div class="sm-reason">{esc(r.sentence)}</div>')
        parts += [message(n, "info") for n in r.notes]
        self.output.value = "".join(parts)

    # -- a table that is not at hand: computed in the background ---------------------------
    def _computing_text(self, rules: Rules) -> str:
        return t("ui.computing_about", self.lang, rules=rules_name(rules, self.lang),
                    seconds=max(1, round(results.estimate_seconds(rules))))

    def _compute(self, rules: Rules, against: str, deck: Unseen | None) -> None:
        """Show at once that the table of ``rules`` is being computed (no numbers of another
        rule set stay on screen), with a progress bar against the estimate, and compute it
        in a thread that redraws when done."""
        from settemezzo.widgets.html import message

        self.result = None
        self.hand_view.value = ""
        self.output.value = message(self._computing_text(rules))
        if self._worker is not None and self._worker.is_alive():
            return  # when it ends, `update` starts the table now asked for
        self.progress.value = 0.0
        self.progress.layout.display = None
        self._worker = threading.Thread(target=self._work, args=(rules, against, deck),
                                        daemon=True)
        self._worker.start()

    def _work(self, rules: Rules, against: str, deck: Unseen | None) -> None:
        estimate = results.estimate_seconds(rules)
        done = threading.Event()

        def tick() -> None:  # the bar follows the estimate, short of the end until done
            t0 = time.perf_counter()
            while not done.wait(0.25):
                self.progress.value = min(0.95, (time.perf_counter() - t0) / estimate)

        ticker = threading.Thread(target=tick, daemon=True)
        ticker.start()
        t0 = time.perf_counter()
        try:
            if support_problem(rules) is None:
                if against == "equilibrium":  # the hand's values first, then the table
                    first = self._explore(rules, first=True)
                    if self.chosen_rules == rules:
                        self._show(first)
                player_lookup(rules, against, deck)
        except ValueError:
            pass  # `explore` says what went wrong when it asks again
        finally:
            done.set()
            ticker.join()
        if deck is None:
            results.measured(rules, time.perf_counter() - t0)
        self.progress.value = 1.0
        self.progress.layout.display = "none"
        self._worker = None
        self.update()

    def wait(self, timeout: float | None = None) -> None:
        """Return when no table is being computed (for tests and scripts)."""
        while (w := self._worker) is not None:
            w.join(timeout)
            if timeout is not None:
                return

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.view._repr_mimebundle_(**kwargs)


def _deck(seen: str) -> Unseen | None:
    """The deck without the cards ``seen`` (None if they cannot be read: `explore` says
    why)."""
    try:
        return Unseen.full().without(seen) if seen.strip() else None
    except SettemezzoError:
        return None


def odds_explorer(lang: str = "en", rules: Rules = ITALIAN, against: str = "equilibrium",
                  background: bool = True) -> OddsExplorer | CasinoExplorerView:
    """The odds explorer widget (display it, or put ``.view`` in a layout). A rule set whose
    table is not at hand (precomputed or computed before) is computed in the background
    (``background`` False: at once, blocking). A casino game: `CasinoExplorerView` (the
    dealer's card face up, the casino strategy)."""
    if rules.open_deal:
        return CasinoExplorerView(rules, lang)
    return OddsExplorer(lang, rules, against, background)
