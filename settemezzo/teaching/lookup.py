"""Cached lookups: every slow number is computed once per rule set, then read in microseconds.

The trainer, the tables and the widgets never compute odds themselves. They read rows of
`settemezzo.tables.player_table` and `settemezzo.tables.banker_table`, and the banker's edge
of `settemezzo.solve.equilibrium`, from the one owner of solved results, `settemezzo.results`
(the presets and single variants are shipped precomputed; another rule set's table takes
seconds the first time). The lookups built here are kept there too, with the rule set's
other results; a lookup takes about a microsecond.

Every preset is solved. A rule set the exact engine only solves as a restricted game (SPANISH:
the player kept to two hands, no swap inside a split hand; `settemezzo.game.restriction_codes`)
gives numbers like any other, and each view shows
`settemezzo.teaching.explain.restriction_line` beside them. Should the engine refuse a rule
set (`settemezzo.game.UnsupportedRulesError`, a `ValueError`; none does today),
`support_problem` turns that into a message the views show in place of the numbers. Nothing
here lists the supported knobs.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import pandas as pd

from settemezzo import results
from settemezzo.cards import Kind, Unseen
from settemezzo.errors import InputError
from settemezzo.game import UnsupportedRulesError, heads_up
from settemezzo.i18n import describe_rules, score_label
from settemezzo.results.answers import answers
from settemezzo.rules import ITALIAN, KNOB_TABLE, SPANISH, Rules
from settemezzo.teaching.books import PLAYS

__all__ = [
    "AGAINST_CHOICES",
    "BankerLookup",
    "BankerRow",
    "PlayerLookup",
    "Row",
    "banker_edge",
    "banker_lookup",
    "kind_from_label",
    "player_frame",
    "player_lookup",
    "player_ready",
    "rule_choices",
    "support_problem",
]

_KIND_BY_LABEL = {k.label: k for k in Kind}

AGAINST_CHOICES = ("equilibrium", "threshold:5", "threshold:4", "threshold:6", "omniscient")
"""The bankers a widget offers, best first."""


def kind_from_label(label: str) -> Kind:
    """'½', '1'..'7' or 'K♦' (the labels of the tables) as a `Kind`."""
    try:
        return _KIND_BY_LABEL[label]
    except KeyError:
        raise InputError(f"{label!r} is not a card value of the tables (½, 1..7, K♦)") from None


def _kinds(text: str) -> tuple[Kind, ...]:
    return tuple(kind_from_label(x) for x in text.split()) if text else ()


@dataclass(frozen=True)
class Row:
    """One hand state of a player table (probabilities, and values per unit stake).

    ``stake``: when the player chooses the stake after the first card, the stake in chips of
    the table row this is (the one the strategy plays the hand at, see `player_lookup`); its
    values are divided by it. None when there is no stake choice."""

    hole: Kind
    up: tuple[Kind, ...]
    total: int
    deal_chance: float
    bust_if_hit: float
    seven_half_if_hit: float
    stand_win: float
    stand_ev: float
    hit_win: float
    hit_ev: float
    best: str
    hit_frequency: float | None
    margin: float
    cost_of_mistake: float
    stake: int | None = None

    @property
    def label(self) -> str:
        """'[5] 1 ½': the face-down card in brackets, then the face-up cards in order."""
        return " ".join([f"[{self.hole.label}]", *(k.label for k in self.up)])

    @property
    def total_label(self) -> str:
        return score_label(self.total)


class PlayerLookup:
    """A player table as a dict: (face-down kind, face-up kinds in order) -> `Row`."""

    def __init__(self, rules: Rules, against: str, rows: dict[tuple[Kind, tuple[Kind, ...]], Row],
                 banker_name: str) -> None:
        self.rules = rules
        self.against = against
        self.banker_name = banker_name
        self.rows = rows

    def row(self, hole: Kind, up: Iterable[Kind] = ()) -> Row | None:
        """The row of a hand, or None if it is finished or cannot be dealt."""
        return self.rows.get((hole, tuple(up)))

    def __len__(self) -> int:
        return len(self.rows)

    def hard_cases(self, n: int = 24, max_up: int = 2) -> list[Row]:
        """The ``n`` hands with the smallest non-zero cost of a mistake, among those with at
        most ``max_up`` face-up cards (hands where both plays tie are left out: any answer is
        right there)."""
        pool = [r for r in self.rows.values()
                if len(r.up) <= max_up and r.cost_of_mistake > 1e-9 and r.best in PLAYS]
        pool.sort(key=lambda r: (r.cost_of_mistake, len(r.up), r.hole, r.up))
        return pool[:n]


def _row(rec: dict[Any, Any]) -> Row:
    """A record of `settemezzo.advice.answer_rows` (values per unit stake) as a `Row`."""
    f = rec["hit_frequency"]
    stake = rec["stake"]
    return Row(
        hole=kind_from_label(rec["hole"]), up=_kinds(rec["up"]), total=int(rec["total_half"]),
        deal_chance=float(rec["deal_chance"]), bust_if_hit=float(rec["bust_if_hit"]),
        seven_half_if_hit=float(rec["seven_half_if_hit"]), stand_win=float(rec["stand_win"]),
        stand_ev=float(rec["stand_ev"]), hit_win=float(rec["hit_win"]),
        hit_ev=float(rec["hit_ev"]), best=str(rec["best"]),
        hit_frequency=None if f is None or f != f else float(f),
        margin=float(rec["margin"]), cost_of_mistake=float(rec["cost_of_mistake"]),
        stake=None if stake is None else int(stake))


def player_ready(rules: Rules, against: str = "equilibrium", deck: Unseen | None = None) -> bool:
    """True if `player_lookup` answers at once (its table is precomputed or kept)."""
    return results.ready(rules, ("player", against.strip().lower()), deck)


def player_lookup(rules: Rules = ITALIAN, against: str = "equilibrium",
                  deck: Unseen | None = None) -> PlayerLookup:
    """The player table of ``rules`` against the banker ``against``, as a dict (kept by
    `settemezzo.results` with the rule set's other results).

    ``deck`` is the composition at the start of the hand (cards seen earlier removed).
    One row per hand (face-down card, face-up cards in order): the row the engine answers
    the hand from, `settemezzo.advice.answer_rows` (the main game's; when the stake is
    chosen after the first card, the stake copy the strategy uses, per unit of that stake,
    and `Row.stake` names it), as `settemezzo.results.answers.advise` answers.
    Raises `UnsupportedRulesError` for a rule set the exact engine does not model yet.
    """
    name = against.strip().lower()
    return results.get(rules, deck).view(("player_lookup", name),
                                        lambda s: _player_lookup(s, name))


def player_frame(rules: Rules = ITALIAN, against: str = "equilibrium",
                 deck: Unseen | None = None) -> pd.DataFrame:
    """`settemezzo.tables.player_table`, from `settemezzo.results` (precomputed or computed
    once; shared with the command line's charts: do not modify)."""
    return results.get(rules, deck).player_table(against)


def _player_lookup(s: results.Solved, against: str) -> PlayerLookup:
    found = answers(s.rules, against, s.deck)  # the rows that answer a hand, per unit stake
    rows: dict[tuple[Kind, tuple[Kind, ...]], Row] = {}
    for rec in found.frame.to_dict("records"):
        r = _row(rec)
        rows.setdefault((r.hole, r.up), r)
    return PlayerLookup(s.rules, against, rows, found.against)


@dataclass(frozen=True)
class BankerRow:
    """The equilibrium banker holding ``banker`` after the player stood with ``up`` face up
    (in order). ``stake``: the player's stake, when it chose it after the first card (else
    None); ``swapped``: the face-up cards the player turned up by swapping (in order)."""

    up: tuple[Kind, ...]
    banker: tuple[Kind, ...]
    banker_total: int
    hit_probability: float
    stood_chance: float
    posterior: dict[str, float]   # face-down card label -> chance, given all the banker sees
    stake: int | None = None
    swapped: tuple[Kind, ...] = ()

    @property
    def banker_label(self) -> str:
        return " ".join(k.label for k in self.banker)


class BankerLookup:
    """The equilibrium banker's table: (player's face-up cards, banker's cards) -> `BankerRow`.

    Under a stake chosen after the first card or ``swap_hidden``, one visible situation
    (the face-up cards) comes in several copies: one per stake and per way the cards came up
    (taken face up, or turned up by a swap). A lookup by face-up cards alone answers from the
    copy the equilibrium player stands in most often (the highest ``stood_chance``; with
    ``stake``, among that stake's copies).
    """

    def __init__(self, rules: Rules, rows: list[BankerRow]) -> None:
        self.rules = rules
        self.rows = rows
        self.by_context: dict[tuple[tuple[Kind, ...], int | None, tuple[Kind, ...]],
                              list[BankerRow]] = {}
        for r in rows:
            self.by_context.setdefault((r.up, r.stake, r.swapped), []).append(r)
        self.contexts: dict[tuple[Kind, ...], list[tuple[int | None, tuple[Kind, ...]]]] = {}
        # most stood first (stable: table order among ties)
        for (up, stake, swapped), _rows in sorted(
                self.by_context.items(), key=lambda kv: -kv[1][0].stood_chance):
            self.contexts.setdefault(up, []).append((stake, swapped))
        self.by_up: dict[tuple[Kind, ...], list[BankerRow]] = {
            up: self.by_context[(up, *ctx[0])] for up, ctx in self.contexts.items()}
        self.by_hand = {(r.up, tuple(sorted(r.banker))): r
                        for rs in self.by_up.values() for r in rs}

    def _context(self, up: tuple[Kind, ...], stake: int | None
                 ) -> list[BankerRow]:
        if stake is None:
            return self.by_up.get(up, [])
        for st, swapped in self.contexts.get(up, []):
            if st == stake:
                return self.by_context[(up, st, swapped)]
        return []

    def row(self, up: Iterable[Kind], banker: Iterable[Kind], stake: int | None = None
            ) -> BankerRow | None:
        """The row for a visible situation and banker hand (order of the banker's cards is
        irrelevant), or None where the banker has no real choice or the equilibrium player
        never stands (``stake``: at this stake, where the player chooses it)."""
        up, hand = tuple(up), tuple(sorted(banker))
        if stake is None:
            return self.by_hand.get((up, hand))
        return next((r for r in self._context(up, stake) if tuple(sorted(r.banker)) == hand),
                    None)

    def situation(self, up: Iterable[Kind], stake: int | None = None) -> list[BankerRow]:
        """Every banker hand with a real choice against a player who stood with ``up``
        (``stake``: at this stake, where the player chooses it)."""
        return self._context(tuple(up), stake)


def banker_lookup(rules: Rules = ITALIAN) -> BankerLookup:
    """The equilibrium banker's table for ``rules``, every visible situation (kept by
    `settemezzo.results`)."""
    return results.get(rules).view("banker_lookup", _banker_lookup)


def _banker_lookup(s: results.Solved) -> BankerLookup:
    rules = s.rules
    df = s.banker_table(max_up=None)
    hole_cols = [c for c in df.columns if c.startswith("p_hole_")]
    rows = [BankerRow(up=_kinds(rec["up"]), banker=_kinds(rec["banker"]),
                      banker_total=int(rec["banker_total_half"]),
                      hit_probability=float(rec["hit_probability"]),
                      stood_chance=float(rec["stood_chance"]),
                      posterior={c.removeprefix("p_hole_"): float(rec[c]) for c in hole_cols},
                      stake=int(rec["stake"]) if "stake" in rec else None,
                      swapped=_kinds(rec.get("swapped") or ""))
            for rec in df.to_dict("records")]
    return BankerLookup(rules, rows)


def banker_edge(rules: Rules = ITALIAN) -> float:
    """The banker's edge of ``rules`` (heads-up, both sides at their best), from
    `settemezzo.results`; raises `UnsupportedRulesError` like `settemezzo.edge.banker_edge`."""
    return float(results.get(rules).edge("equilibrium").edge)


@functools.lru_cache(maxsize=64)
def support_problem(rules: Rules) -> str | None:
    """None if the exact engine handles ``rules`` (every rule set today, some as a restricted
    game: see `settemezzo.game.restriction_codes`), else its explanation (one line)."""
    if results.shipped(rules):  # solved already
        return None
    try:
        heads_up(rules)
    except UnsupportedRulesError as e:
        return str(e)
    return None


def rule_choices() -> list[tuple[str, Rules]]:
    """The rule sets a dropdown offers: the presets and the Italian single variants of seed
    000 that solve in seconds (`settemezzo.rules.Knob.cheap`)."""
    out = [(describe_rules(ITALIAN), ITALIAN)]
    for v in (v for k in KNOB_TABLE if k.cheap for v in k.seed000):
        r = ITALIAN.with_variants(v)
        out.append((describe_rules(r), r))
    out.append((describe_rules(SPANISH), SPANISH))
    return out
