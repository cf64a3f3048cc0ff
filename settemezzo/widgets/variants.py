"""Variant comparison: toggle rule knobs, see the banker's edge and the strategy change.

`variant_rules` builds the rule set from a base and the knobs switched on; `compare` gives
the banker's edge against the base and the hands whose best play changes; `edges_frame`
the edge of every single knob for `settemezzo.plots.edge_by_variant_chart`. A knob the exact
engine does not model yet gives a clear note instead of a number (and a number as soon as
the engine learns it: nothing here lists the supported knobs). `VariantComparison` is the
view.

>>> from settemezzo.i18n import describe_rules
>>> from settemezzo.rules import ITALIAN
>>> r = variant_rules(ITALIAN, {"royal": True})
>>> describe_rules(r)
'Italian rules + royal 7½'
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import pandas as pd

from settemezzo.game import restriction_codes
from settemezzo.i18n import check_lang, describe_rules, percent, t
from settemezzo.rules import PRESETS, SWITCHES, Knob, Rules
from settemezzo.teaching.explain import restriction_line, rules_name
from settemezzo.teaching.lookup import banker_edge, player_frame, player_lookup, support_problem

__all__ = ["KNOBS", "QUICK_KNOBS", "Comparison", "VariantComparison", "compare", "edges_frame",
           "knob_is_on", "variant_comparison", "variant_rules"]

KNOBS: dict[str, Knob] = {k.name: k for k in SWITCHES}
"""The knobs the comparison offers: every on/off knob of one hand's game
(`settemezzo.rules.SWITCHES`), by name."""

BASES: dict[str, Rules] = PRESETS
"""The rule sets the comparison starts from: the presets."""


def knob_is_on(rules: Rules, key: str) -> bool:
    """Whether the knob ``key`` of `KNOBS` is on in ``rules``."""
    return KNOBS[key].is_on(rules)


def variant_rules(base: Rules, knobs: Mapping[str, bool]) -> Rules:
    """``base`` with each knob of ``knobs`` switched on or off (others as in ``base``); a
    knob already in the state asked keeps the base's value (Spain's split stays at 12)."""
    changes = {k: KNOBS[k].on if on else KNOBS[k].off for k, on in knobs.items()
               if on != knob_is_on(base, k)}
    return replace(base, **changes) if changes else base


@dataclass(frozen=True)
class Comparison:
    """The banker's edge of ``rules`` against ``base``; ``note`` when one cannot be solved;
    ``restriction``: when either is solved as a restricted game, what that means (its edge
    is at most the number given); ``changes``: the hands (at most one face-up card) whose
    best play differs from the base's, with the chance of being dealt each."""

    rules: Rules
    base: Rules
    edge: float | None
    base_edge: float | None
    note: str = ""
    changes: tuple[tuple[str, str, str], ...] = field(default=())  # (hand, base best, new best)
    restriction: str = ""


def compare(base: Rules, knobs: Mapping[str, bool], lang: str = "en",
            strategy: bool = True) -> Comparison:
    """The comparison for a base rule set and knob states (solves are cached per rule set)."""
    check_lang(lang)
    rules = variant_rules(base, knobs)
    notes = []
    edges: dict[Rules, float | None] = {}
    for r in (base, rules):
        problem = support_problem(r)
        if problem is None:
            edges[r] = banker_edge(r)
        else:
            edges[r] = None
            notes.append(t("ui.unsupported", lang, rules=rules_name(r, lang), why=problem))
    changes: list[tuple[str, str, str]] = []
    if strategy and edges[base] is not None and edges[rules] is not None and rules != base:
        a = player_lookup(base, "equilibrium")
        b = player_lookup(rules, "equilibrium")
        for key, row in a.rows.items():
            other = b.rows.get(key)
            if other is not None and len(row.up) <= 1 and other.best != row.best:
                changes.append((row.label, row.best, other.best))
    restricted = [f"{rules_name(r, lang)}: {line}" if r != rules else line
                  for r in dict.fromkeys((rules, base))
                  if edges[r] is not None and (line := restriction_line(r, lang, "edge"))]
    return Comparison(rules, base, edges[rules], edges[base], " ".join(dict.fromkeys(notes)),
                      tuple(changes), " ".join(restricted))


QUICK_KNOBS = tuple(k for k, knob in KNOBS.items() if knob.cheap)
"""The knobs whose solves take seconds (the others can take minutes, once per process)."""


def edges_frame(base: Rules, lang: str = "en",
                knobs: Sequence[str] = QUICK_KNOBS) -> pd.DataFrame:
    """The banker's edge of ``base`` and of ``base`` with each of ``knobs`` flipped alone:
    columns ``variant``, ``edge`` (NaN where the exact engine cannot solve it yet),
    ``method``, ``bound`` (True where the game is solved restricted: the edge is at most
    this, `settemezzo.game.restriction_codes`), ``rules`` (`settemezzo.i18n.describe_rules`)
    and ``rules_spec`` (`Rules.spec`)."""
    check_lang(lang)
    rule_sets = [base, *(variant_rules(base, {key: not knob_is_on(base, key)})
                         for key in knobs)]
    recs = [{"variant": rules_name(r, lang), "edge": _edge_or_nan(r), "method": "equilibrium",
             "bound": bool(restriction_codes(r)), "rules": describe_rules(r),
             "rules_spec": r.spec()} for r in rule_sets]
    return pd.DataFrame.from_records(recs, columns=["variant", "edge", "method", "bound",
                                                    "rules", "rules_spec"])


def _edge_or_nan(rules: Rules) -> float:
    return banker_edge(rules) if support_problem(rules) is None else math.nan


# =============================================================================================
# The view
# =============================================================================================


class VariantComparison:
    """The variant comparison widget over `compare`.

    Controls: ``base`` (Dropdown), ``knobs`` (one Checkbox per knob of `KNOBS`),
    ``compare_all`` (Button: the edge of every single variant, as a chart). ``output``
    (HTML) gives the edge and notes; ``chart`` (Image) the strategy chart of the rules chosen,
    ``edges_chart`` (Image) the comparison of every variant.
    """

    def __init__(self, lang: str = "en", base: str = "italian") -> None:
        import ipywidgets as W

        self.lang = check_lang(lang)
        self.base = W.Dropdown(options=[(rules_name(r, lang), k) for k, r in BASES.items()],
                               value=base, description=t("variants.base", lang))
        self.knobs = {k: W.Checkbox(value=knob_is_on(BASES[base], k),
                                    description=t(knob.label, lang), indent=False,
                                    layout=W.Layout(width="15em"))
                      for k, knob in KNOBS.items()}
        self.compare_all = W.Button(description=t("variants.compare_all", lang), icon="bar-chart")
        self.output = W.HTML()
        self.chart = W.Image(format="png", layout=W.Layout(width="800px"))
        self.edges_chart = W.Image(format="png", layout=W.Layout(width="700px",
                                                                 display="none"))
        self.result: Comparison | None = None
        self._pngs: dict[tuple[Any, ...], bytes] = {}
        self._quiet = False
        self.base.observe(lambda _c: self._new_base(), names="value")
        for cb in self.knobs.values():
            cb.observe(lambda _c: self.update(), names="value")
        self.compare_all.on_click(lambda _b: self.draw_edges())
        boxes = list(self.knobs.values())
        self.view = W.VBox([
            W.HTML(f"<h3>{t('variants.title', lang)}</h3>"),
            self.base,
            W.HBox(boxes[:5]),
            W.HBox(boxes[5:]),
            self.output,
            self.chart,
            self.compare_all,
            self.edges_chart,
        ])
        self.update()

    def _new_base(self) -> None:
        self._quiet = True
        for k, cb in self.knobs.items():
            cb.value = knob_is_on(BASES[self.base.value], k)
        self._quiet = False
        self.update()

    def update(self) -> Comparison | None:
        """Recompute from the controls and redraw."""
        from settemezzo.widgets.html import esc, message

        if self._quiet:
            return self.result
        lang = self.lang
        base = BASES[self.base.value]
        knobs = {k: cb.value for k, cb in self.knobs.items()}
        rules = variant_rules(base, knobs)
        if support_problem(rules) is None and not _ready(rules):
            self.output.value = message(t("ui.computing", lang, rules=rules_name(rules, lang)))
        try:
            c = compare(base, knobs, lang)
        except Exception as e:  # the engine failed: say so in the widget, not as a traceback
            self.output.value = message(t("ui.engine_failed", lang,
                                             rules=rules_name(rules, lang), why=e), "bad")
            self.chart.layout.display = "none"
            return None
        self.result = c
        parts = []
        if c.edge is not None and c.base_edge is not None and rules != base:
            line = t("variants.edge_line", lang, edge=percent(c.edge, lang, 2),
                     base=rules_name(base, lang), base_edge=percent(c.base_edge, lang, 2))
            parts.append(f'<div class="sm-edge" style="font-size:120%;"><b>{esc(line)}</b></div>')
        elif c.edge is not None:
            line = t("variants.edge_only", lang, edge=percent(c.edge, lang, 2))
            parts.append(f'<div class="sm-edge" style="font-size:120%;"><b>{esc(line)}</b></div>')
        if c.restriction:
            parts.append(message(c.restriction, "info"))
        if c.note:
            parts.append(message(c.note, "warn"))
        if c.changes:
            shown = ", ".join(f"{h} {a}→{b}" for h, a, b in c.changes[:12])
            more = f" (+{len(c.changes) - 12})" if len(c.changes) > 12 else ""
            parts.append(f"<div><small>{esc(shown + more)}</small></div>")
        self.output.value = "".join(parts)
        if c.edge is not None:
            self.chart.value = self._strategy_png(rules)
            self.chart.layout.display = None
        else:
            self.chart.layout.display = "none"
        return c

    def _strategy_png(self, rules: Rules) -> bytes:
        key = ("strategy", rules, self.lang)
        if key not in self._pngs:
            from settemezzo.plots import strategy_chart

            self._pngs[key] = _png(strategy_chart(player_frame(rules, "equilibrium"),
                                                  lang=self.lang))
        return self._pngs[key]

    def draw_edges(self) -> pd.DataFrame:
        """The edge of every single variant of the base, as a chart (solves are cached)."""
        from settemezzo.plots import edge_by_variant_chart

        base = BASES[self.base.value]
        df = edges_frame(base, self.lang)
        key = ("edges", base, self.lang)
        if key not in self._pngs:
            self._pngs[key] = _png(edge_by_variant_chart(df, lang=self.lang))
        self.edges_chart.value = self._pngs[key]
        self.edges_chart.layout.display = None
        return df

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.view._repr_mimebundle_(**kwargs)


def _ready(rules: Rules) -> bool:
    from settemezzo.teaching.lookup import player_ready

    return player_ready(rules, "equilibrium")


def _png(fig: Any) -> bytes:
    import io

    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=72)
    return buf.getvalue()


def variant_comparison(lang: str = "en", base: str = "italian") -> VariantComparison:
    """The variant comparison widget."""
    return VariantComparison(lang, base)
