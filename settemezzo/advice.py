"""Advice for one hand, from the row of the player table that answers it.

- `Advice`: stand or hit for one hand, with the numbers behind it (data: the sentences are
  `settemezzo.i18n.advice_text`'s).
- `hand_of` reads the question (a face-down card, face-up cards, cards seen before),
  `advice_of` answers it from the row of the player table that answers the hand (a
  `settemezzo.rows.HandRow`) and the exact chances of the next card.
- `answer_rows`: the rows of a whole player table that answer a hand (`Answers` keeps them
  with the position of each hand's row); `computed_row`: the one row, computed from the game
  (`settemezzo.rows.game_row`, which `settemezzo.tables` uses for every row).

The cache-aware answers (`advise`, `answer_row`, `answers`: read from the shipped or kept
player tables where they are at hand) live in `settemezzo.results.answers`, above this module.

>>> from settemezzo.rules import ITALIAN
>>> h, u, deck = hand_of("7")
>>> a = advice_of(h, u, ITALIAN, deck, computed_row(h, u, ITALIAN, "threshold:5", deck))
>>> a.best, a.stand_ev > a.hit_ev
('stand', True)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

import pandas as pd

from settemezzo.cards import DECK_SIZE, CardSpec, Kind, Unseen, kind_of, parse_specs
from settemezzo.game import may_split, restriction_codes
from settemezzo.odds import hit_outcomes
from settemezzo.rows import TIE, HandRow, best_label, copy_rank, game_row, resolve_banker
from settemezzo.rules import ITALIAN, Rules

if TYPE_CHECKING:
    from settemezzo.solve import BankerStrategy

__all__ = ["Advice", "Answers", "advice_of", "answer_rows", "computed_row", "exact_values",
           "hand_of", "seen_deck", "split_numbers"]


@dataclass(frozen=True)
class Advice:
    """Stand or hit for one hand, with the numbers behind it (exact against a fixed banker).

    Data only: `settemezzo.i18n.advice_text` and `advice_sentence` say it in words, in any
    language."""

    hole: str                              # the face-down card's label ('7', '½', 'K♦')
    up: tuple[str, ...]                    # the face-up cards' labels, in order
    against: str                           # the banker's name ('equilibrium', 'threshold:5')
    rules_spec: str                        # the rule set (`settemezzo.rules.Rules.spec`)
    best: str                              # 'stand', 'hit', 'mixed' or 'either'
    stand_ev: Fraction | float
    hit_ev: Fraction | float
    stand_win: Fraction | float
    hit_win: Fraction | float
    bust_if_hit: Fraction
    seven_half_if_hit: Fraction
    hit_frequency: float | None
    split_ev: float | None = None          # splitting the two figures (all hands' stakes)
    split_frequency: float | None = None   # the equilibrium player's chance of splitting
    restriction_codes: tuple[str, ...] = ()  # what the exact game keeps the player from
    #                                        (`settemezzo.game.restriction_codes`)
    split_figures: int = 1                 # the rules' split_figures (the restriction names it)
    stake: int | None = None               # the stake in chips the values are per unit of,
    #                                        when the player chooses it (None: no choice)
    seen: int = 0                          # cards seen before the hand (out of the deck)

    @property
    def margin(self) -> Fraction | float:
        """How much better hitting is than standing, in stakes (negative: stand)."""
        return self.hit_ev - self.stand_ev

    @property
    def tied(self) -> bool:
        """Both plays worth the same (within the solver's precision, `TIE`)."""
        return abs(float(self.margin)) < TIE

    @property
    def split_verdict(self) -> str | None:
        """With two figures under ``split_figures``: 'yes' (split), 'either' or 'no'; None
        when the hand cannot split."""
        if self.split_ev is None:
            return None
        gain = self.split_ev - max(float(self.stand_ev), float(self.hit_ev))
        return "yes" if gain > TIE else ("either" if abs(gain) <= TIE else "no")


def hand_of(hole: str | CardSpec, up: str | Iterable[str | CardSpec] = (), *,
            rules: Rules = ITALIAN, seen: str | Iterable[str | CardSpec] = ()
            ) -> tuple[Kind, tuple[Kind, ...], Unseen | None]:
    """The hand face-down ``hole``, face-up ``up`` (in order) as ``rules`` tell its kinds
    apart (`Rules.plain`), and the deck before it (`seen_deck` of ``seen``; None: full).
    A card of the hand that is not left in that deck is an `InvalidCardError` or a
    `CardsSeenTwiceError` naming it."""
    deck = seen_deck(seen)
    hole_spec = parse_specs([hole])[0]
    up_specs = parse_specs(up) if isinstance(up, str) else parse_specs(list(up))
    if deck is not None:  # the hand's own cards must be left to deal: else a clear error
        deck.without([hole_spec, *up_specs])
    return (rules.plain(kind_of(hole_spec)),
            rules.plain_kinds(kind_of(x) for x in up_specs), deck)


def advice_of(hole: Kind, up: tuple[Kind, ...], rules: Rules, deck: Unseen | None,
              row: HandRow, against: str | BankerStrategy = "equilibrium") -> Advice:
    """The `Advice` for the hand face-down ``hole``, face-up ``up`` (kinds, as `hand_of`
    gives them) dealt from ``deck`` (None: full), from ``row``, the row of the player table
    that answers it (against the banker ``against``).

    The chances of the next card (``bust_if_hit``, ``seven_half_if_hit``) are exact
    fractions of the cards left (`settemezzo.odds.hit_outcomes`). Two figures under
    ``split_figures``: splitting's value and frequency are not in the tables, so they are
    computed from the game (`split_numbers`)."""
    split_ev, split_freq = (split_numbers(hole, up, rules, against, deck, row)
                            if may_split(rules, (hole, *up)) else (None, None))
    left = rules.take(deck if deck is not None else Unseen.full(), (hole, *up))
    chances = hit_outcomes((hole, *up), left, rules)   # exact: the cards left to draw
    return Advice(hole.label, tuple(k.label for k in up), row.against, rules.spec(),
                  row.best, row.stand_ev, row.hit_ev, row.stand_win, row.hit_win,
                  chances["bust"], chances["seven_half"], row.hit_frequency, split_ev,
                  split_freq, restriction_codes(rules), rules.split_figures, row.stake,
                  DECK_SIZE - deck.total if deck is not None else 0)


def computed_row(hole: Kind, up: tuple[Kind, ...] = (), rules: Rules = ITALIAN,
                 against: str | BankerStrategy = "equilibrium", deck: Unseen | None = None
                 ) -> HandRow:
    """The row of the player table (`settemezzo.tables.player_table` of ``rules``,
    ``against``, ``deck``) that answers the hand face-down ``hole``, face-up ``up``,
    computed from the game (`settemezzo.rows.game_row`): the main game's row, at the stake
    the strategy uses for it (`settemezzo.rows.stake_copy`), against any banker, exact
    against a fixed one where the game is. A hand with no decision (finished, or not to be
    dealt from the deck) is a `settemezzo.rules.RulesError` naming it."""
    from settemezzo.game import heads_up

    game = heads_up(rules, deck)
    return game_row(game, game.infoset(hole, up), against)[0]


def exact_values(rules: Rules, against: str) -> bool:
    """Whether the game's values against the banker named ``against`` are exact fractions
    (a table's floats would lose them): against a fixed banker, unless the player may split
    two figures (a split's value is a float: `settemezzo.solve.walk.player_reply`); never
    against the equilibrium (its values are floats)."""
    return against != "equilibrium" and rules.split_figures == 1


@dataclass(frozen=True)
class Answers:
    """`answer_rows` of a player table (``frame``), with the position of each hand's row
    (``position``: (face-down label, face-up labels space-separated) -> row number) and the
    banker's name (``against``)."""

    frame: pd.DataFrame
    position: dict[tuple[str, str], int]
    against: str

    def row(self, pos: int) -> HandRow:
        """The hand at row ``pos`` as a `HandRow`."""
        rec = self.frame.iloc[pos]
        stake = None if rec["stake"] is None else int(rec["stake"])
        f = rec["hit_frequency"]
        freq = None if f is None or f != f else float(f)
        se, he = float(rec["stand_ev"]), float(rec["hit_ev"])
        return HandRow(self.against, stake, se, he, float(rec["stand_win"]),
                       float(rec["hit_win"]), freq, best_label(se, he, freq))

    @classmethod
    def of(cls, table: pd.DataFrame, against: str) -> Answers:
        """The `answer_rows` of the player table ``table`` against the banker named
        ``against`` (its ``attrs["against"]`` when it has one)."""
        frame = answer_rows(table)
        position = {key: i for i, key in enumerate(zip(frame["hole"].tolist(),
                                                       frame["up"].tolist(), strict=True))}
        return cls(frame, position, str(table.attrs.get("against", against)))


_CHIP_COLUMNS = ("stand_ev", "hit_ev", "margin", "cost_of_mistake", "swap_gain")
"""The columns of a player table in chips at the row's stake (values; chances are not)."""


def answer_rows(table: pd.DataFrame) -> pd.DataFrame:
    """The rows of a player table (`settemezzo.tables.player_table`) that answer a hand: one
    per hand (face-down card, face-up cards in order), in table order.

    They are the main game's rows (no card burnt, no swap before: under ``swap_hidden`` a
    hand the strategy reaches only by swapping is answered from the main game's row). When
    the stake is chosen after the first card (several ``stake`` values), each hand comes in
    one copy per stake: the row is the copy the table's strategy uses (`copy_rank`: the
    highest ``own_reach``; then the highest ``own_reach`` of the first decision with this
    face-down card at that stake, the stake it picks for the card; then the lowest stake),
    its values (`_CHIP_COLUMNS`) divided by its stake, per unit stake. Column ``stake``: that
    stake in chips, or None where the player does not choose it. ``best`` stays the table's.
    """
    df = table
    for col in ("swapped", "burnt"):
        if col in df.columns:
            df = df[df[col].fillna("") == ""]
    chosen = "stake" in df.columns and df["stake"].nunique() > 1
    if chosen and len(df):
        df = _stake_copies(df)
    df = df.drop_duplicates(["hole", "up"], keep="first")
    if not chosen:
        return df.assign(stake=None)
    return df.assign(**{c: df[c] / df["stake"] for c in _CHIP_COLUMNS if c in df.columns})


def _stake_copies(df: pd.DataFrame) -> pd.DataFrame:
    """Of a player table's main-game rows under a stake choice, the copy of each hand
    `copy_rank` puts first (in table order)."""
    rows = list(zip(df["hole"].tolist(), df["up"].tolist(), df["stake"].tolist(),
                    df["own_reach"].tolist(), strict=True))
    first = {(h, s): float(o) for h, u, s, o in rows if u == ""}
    best: dict[tuple[str, str], tuple[tuple[float, float, int], int]] = {}
    for pos, (h, u, s, o) in enumerate(rows):
        rank = copy_rank(float(o), first.get((h, s), 0.0), int(s))
        if (h, u) not in best or rank > best[(h, u)][0]:
            best[(h, u)] = (rank, pos)
    return df.iloc[sorted(pos for _, pos in best.values())]


def split_numbers(hole: Kind, up: tuple[Kind, ...], rules: Rules,
                  against: str | BankerStrategy, deck: Unseen | None, row: HandRow
                  ) -> tuple[float | None, float | None]:
    """Two figures under ``split_figures``: what splitting them is worth (all hands' stakes,
    per unit of the first hand's stake) and, against the equilibrium, how often its player
    splits, at the copy of the hand ``row`` answers from (from the game: not in the tables)."""
    from settemezzo.game import heads_up
    from settemezzo.solve import equilibrium
    from settemezzo.solve.walk import split_terms

    game = heads_up(rules, deck)
    st = game.infoset(hole, up)
    if row.stake is not None:
        st = game.infosets[game.key_index[("play", row.stake, st.burnt, st.hole, st.events)]]
    if st.parent < 0 or game.infosets[st.parent].kind != "split":
        return None, None
    j = st.parent  # two figures: splitting comes before standing or hitting
    banker = resolve_banker(against, game)
    split_ev = float(split_terms(game, banker if banker.kind == "threshold" else None)[0][j])
    split_freq = (float(equilibrium(game).player.hit[j]) if row.hit_frequency is not None
                  else None)
    return split_ev, split_freq


def seen_deck(seen: str | Iterable[str | CardSpec] = ()) -> Unseen | None:
    """The 40-card deck without the ``seen`` cards (``"7d K 5"``, ``["re di denari"]``), or
    None when nothing is seen (the full deck). A card not in the deck is an `InvalidCardError`,
    more copies than the deck holds a `CardsSeenTwiceError` (both `ValueError`).

    >>> from settemezzo.cards import Kind
    >>> seen_deck("7d 7 K").count(Kind.SEVEN)
    2
    """
    specs = parse_specs(seen) if isinstance(seen, str) else parse_specs(list(seen))
    return Unseen.full().without(specs) if specs else None
