"""Cached lookups: every slow number is computed once per rule set, then read in microseconds.

The widgets never compute odds themselves. They read rows of `settemezzo.tables.player_table`
and `settemezzo.tables.banker_table`, and the banker's edge of `settemezzo.solve.equilibrium`,
through the caches here (a table takes 3-7 s to build the first time; a lookup takes about a
microsecond after that).

Every preset is solved. A rule set the exact engine only solves as a restricted game (SPANISH:
the player kept to two hands, no swap inside a split hand; `settemezzo.game.restriction`)
gives numbers like any other, and each view shows `settemezzo.widgets.explain.restriction_line`
beside them. Should the engine refuse a rule set (`settemezzo.game.UnsupportedRulesError`, a
`ValueError`; none does today), `support_problem` turns that into a message the widgets show
in place of the numbers. Nothing here lists the supported knobs.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import pandas as pd

from settemezzo import edge
from settemezzo.cards import Kind, Unseen
from settemezzo.game import UnsupportedRulesError, heads_up
from settemezzo.hands import describe_score
from settemezzo.rules import ITALIAN, SPANISH, Rules, RulesError
from settemezzo.tables import banker_table, shared_player_table

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
        raise RulesError(f"{label!r} is not a card value of the tables (½, 1..7, K♦)") from None


def _kinds(text: str) -> tuple[Kind, ...]:
    return tuple(kind_from_label(x) for x in text.split()) if text else ()


@dataclass(frozen=True)
class Row:
    """One hand state of a player table (probabilities and values per unit stake)."""

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

    @property
    def label(self) -> str:
        """'[5] 1 ½': the face-down card in brackets, then the face-up cards in order."""
        return " ".join([f"[{self.hole.label}]", *(k.label for k in self.up)])

    @property
    def total_label(self) -> str:
        return describe_score(self.total)


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
                if len(r.up) <= max_up and r.cost_of_mistake > 1e-9
                and r.best not in ("mixed", "either")]
        pool.sort(key=lambda r: (r.cost_of_mistake, len(r.up), r.hole, r.up))
        return pool[:n]


def _row(rec: dict[Any, Any]) -> Row:
    f = rec["hit_frequency"]
    return Row(
        hole=kind_from_label(rec["hole"]), up=_kinds(rec["up"]), total=int(rec["total_half"]),
        deal_chance=float(rec["deal_chance"]), bust_if_hit=float(rec["bust_if_hit"]),
        seven_half_if_hit=float(rec["seven_half_if_hit"]), stand_win=float(rec["stand_win"]),
        stand_ev=float(rec["stand_ev"]), hit_win=float(rec["hit_win"]),
        hit_ev=float(rec["hit_ev"]), best=str(rec["best"]),
        hit_frequency=None if f is None or f != f else float(f),
        margin=float(rec["margin"]), cost_of_mistake=float(rec["cost_of_mistake"]))


_PLAYER: dict[tuple[Rules, str, Unseen | None], PlayerLookup] = {}


def player_ready(rules: Rules, against: str = "equilibrium", deck: Unseen | None = None) -> bool:
    """True if `player_lookup` has this table already (it answers at once)."""
    return (rules, against, deck) in _PLAYER


def player_lookup(rules: Rules = ITALIAN, against: str = "equilibrium",
                  deck: Unseen | None = None) -> PlayerLookup:
    """The player table of ``rules`` against the banker ``against``, as a dict (cached).

    ``deck`` is the composition at the start of the hand (cards seen earlier removed).
    Raises `UnsupportedRulesError` for a rule set the exact engine does not model yet.
    """
    key = (rules, against, deck)
    if key not in _PLAYER:
        _PLAYER[key] = _player_lookup(rules, against, deck)
    return _PLAYER[key]


def player_frame(rules: Rules = ITALIAN, against: str = "equilibrium",
                 deck: Unseen | None = None) -> pd.DataFrame:
    """`settemezzo.tables.player_table`, cached (the charts take the DataFrame; the cache is
    `settemezzo.tables.shared_player_table`, shared with the command line's charts)."""
    return shared_player_table(rules, against, deck)


def _player_lookup(rules: Rules, against: str, deck: Unseen | None) -> PlayerLookup:
    df = player_frame(rules, against, deck)
    # Under burning or a stake chosen after the first card, several rows share a hand:
    # the lookup keeps the hands with no card burnt, at the lowest stake, and no swap (the
    # rows after a swap repeat hands of the main game with a card turned up).
    if "swapped" in df.columns:
        df = df[df["swapped"].fillna("") == ""]
    if "burnt" in df.columns:
        df = df[df["burnt"].fillna("") == ""]
    if "stake" in df.columns and len(df):
        df = df[df["stake"] == df["stake"].min()]
    rows: dict[tuple[Kind, tuple[Kind, ...]], Row] = {}
    for rec in df.to_dict("records"):
        r = _row(rec)
        rows.setdefault((r.hole, r.up), r)
    return PlayerLookup(rules, against, rows, str(df.attrs.get("against", against)))


@dataclass(frozen=True)
class BankerRow:
    """The equilibrium banker holding ``banker`` after the player stood with ``up`` face up."""

    up: tuple[Kind, ...]
    banker: tuple[Kind, ...]
    banker_total: int
    hit_probability: float
    stood_chance: float
    posterior: dict[str, float]   # face-down card label -> chance, given all the banker sees

    @property
    def banker_label(self) -> str:
        return " ".join(k.label for k in self.banker)


class BankerLookup:
    """The equilibrium banker's table: (player's face-up cards, banker's cards) -> `BankerRow`."""

    def __init__(self, rules: Rules, rows: list[BankerRow]) -> None:
        self.rules = rules
        self.by_hand = {(r.up, tuple(sorted(r.banker))): r for r in rows}
        self.by_up: dict[tuple[Kind, ...], list[BankerRow]] = {}
        for r in rows:
            self.by_up.setdefault(r.up, []).append(r)

    def row(self, up: Iterable[Kind], banker: Iterable[Kind]) -> BankerRow | None:
        """The row for a visible situation and banker hand (order of the banker's cards is
        irrelevant), or None where the banker has no real choice or the equilibrium player
        never stands."""
        return self.by_hand.get((tuple(up), tuple(sorted(banker))))

    def situation(self, up: Iterable[Kind]) -> list[BankerRow]:
        """Every banker hand with a real choice against a player who stood with ``up``."""
        return self.by_up.get(tuple(up), [])


@functools.lru_cache(maxsize=16)
def banker_lookup(rules: Rules = ITALIAN) -> BankerLookup:
    """The equilibrium banker's table for ``rules``, every visible situation (cached)."""
    df = banker_table(rules, max_up=None)
    hole_cols = [c for c in df.columns if c.startswith("p_hole_")]
    rows = [BankerRow(up=_kinds(rec["up"]), banker=_kinds(rec["banker"]),
                      banker_total=int(rec["banker_total_half"]),
                      hit_probability=float(rec["hit_probability"]),
                      stood_chance=float(rec["stood_chance"]),
                      posterior={c.removeprefix("p_hole_"): float(rec[c]) for c in hole_cols})
            for rec in df.to_dict("records")]
    return BankerLookup(rules, rows)


@functools.lru_cache(maxsize=64)
def banker_edge(rules: Rules = ITALIAN) -> float:
    """The banker's edge of ``rules`` (heads-up, both sides at their best), cached.

    From `settemezzo.edge.banker_edge`; raises `UnsupportedRulesError` like it."""
    return float(edge.banker_edge(rules, "equilibrium").edge)


@functools.lru_cache(maxsize=64)
def support_problem(rules: Rules) -> str | None:
    """None if the exact engine handles ``rules`` (every rule set today, some as a restricted
    game: see `settemezzo.game.restriction`), else its explanation (one line)."""
    try:
        heads_up(rules)
    except UnsupportedRulesError as e:
        return str(e)
    return None


def rule_choices() -> list[tuple[str, Rules]]:
    """The rule sets a dropdown offers: the presets and the Italian single variants."""
    out = [(ITALIAN.describe(), ITALIAN)]
    for v in ("royal", "wild_king", "pair_of_sevens", "ties_push"):
        r = ITALIAN.with_variants(v)
        out.append((r.describe(), r))
    out.append((SPANISH.describe(), SPANISH))
    return out
