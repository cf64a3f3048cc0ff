"""Advice for one hand: the row of the player table that answers it, and `advise`.

- `answer_row`: the one owner of "the row of the player table (`settemezzo.tables.player_table`)
  that answers hand (face-down card, face-up cards) under some rules against some banker" -
  the main game's row, at the stake the strategy uses for it. Read from the table shipped
  with the package (`settemezzo.precomputed`, through `settemezzo.results`) when there is one
  at hand, computed from the game otherwise (`settemezzo.tables`).
- `answer_rows`: the same choice over a whole table (the widgets' lookups read it).
- `advise`: the answer to a beginner's question, "face-down 5, nothing up: stand or hit,
  and by how much?"

The row computed from the game is `settemezzo.rows.game_row`, which `settemezzo.tables`
uses for every row.

Reading a shipped table imports neither the solver nor the game trees: under the Spanish
rules an answer takes a fraction of a second in a fresh process, where computing it takes
seconds.

>>> a = advise("7", against="threshold:5")
>>> a.best, a.stand_ev > a.hit_ev
('stand', True)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

import pandas as pd

from settemezzo import results
from settemezzo.cards import DECK_SIZE, CardSpec, Kind, Unseen, kind_of, parse_specs
from settemezzo.game import may_split, restriction_codes
from settemezzo.odds import hit_outcomes
from settemezzo.rows import TIE, HandRow, best_label, copy_rank, game_row, resolve_banker
from settemezzo.rules import ITALIAN, Rules

if TYPE_CHECKING:
    from settemezzo.solve import BankerStrategy

__all__ = ["Advice", "Answers", "advise", "answer_row", "answer_rows", "answers", "seen_deck"]

@dataclass(frozen=True)
class Advice:
    """Stand or hit for one hand, with the numbers behind it (exact against a fixed banker).

    Data only: `settemezzo.i18n.advice_text` (``str(advice)``) and `advice_sentence` say it
    in words, in any language."""

    hole: str                              # the face-down card's label ('7', '½', 'K♦')
    up: tuple[str, ...]                    # the face-up cards' labels, in order
    against: str                           # the banker's name ('equilibrium', 'threshold:5')
    rules: str
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

    def __str__(self) -> str:
        from settemezzo.i18n import advice_text

        return advice_text(self, "en")


def advise(hole: str | CardSpec, up: str | Iterable[str | CardSpec] = (), *,
           rules: Rules = ITALIAN, against: str | BankerStrategy = "equilibrium",
           seen: str | Iterable[str | CardSpec] = ()) -> Advice:
    """Stand or hit with face-down ``hole`` and face-up ``up`` (in order), and by how much.

    ``seen``: cards of earlier hands, out of the deck before this hand is dealt; both sides
    know them, so the banker ``against`` (the equilibrium, or a best reply) is that of the
    thinned deck (`seen_deck`).

    The row of the player table that answers the hand is `answer_row`'s: read from the
    table shipped with the package (or kept by `settemezzo.results`) where its floats are
    the answer's precision, computed otherwise (exact against a fixed banker, where the
    game is). The chances of the next
    card (``bust_if_hit``, ``seven_half_if_hit``) are exact fractions of the cards left
    (`settemezzo.odds.hit_outcomes`). Values (``stand_ev``, ``hit_ev``, ``split_ev``) are per
    unit stake ("stakes"); chances are chances. When the stake is chosen after the first
    card (SPANISH), the hand is played at one of several stakes: the advice answers from the
    stake the strategy uses for it (see `answer_rows`), per unit of that stake, and names
    the stake (`Advice.stake`: "at a stake of 5 chips").

    Under ``swap_hidden`` the hand is the one of the main game: ``up`` are cards taken face up
    without a swap before them. Where the strategy gets to these cards only by swapping (the
    SPANISH equilibrium player swaps whenever it hits), the answer is still that of the main
    game's decision - what standing or hitting is worth had the cards come face up; the
    decisions after a swap are the rows of `settemezzo.tables.player_table` with a non-empty
    ``swapped``.
    Two figures under ``split_figures``: splitting's value and frequency are not in the
    tables, so that hand is computed (`_split_numbers`).
    """
    from settemezzo.i18n import describe_rules

    deck = seen_deck(seen)
    hole_spec = parse_specs([hole])[0]
    up_specs = parse_specs(up) if isinstance(up, str) else parse_specs(list(up))
    if deck is not None:  # the hand's own cards must be left to deal: else a clear error
        deck.without([hole_spec, *up_specs])
    h = rules.plain(kind_of(hole_spec))
    u = rules.plain_kinds(kind_of(x) for x in up_specs)
    splits = may_split(rules, (h, *u))
    row = answer_row(h, u, rules, against, deck, table=not splits)
    split_ev, split_freq = (_split_numbers(h, u, rules, against, deck, row) if splits
                            else (None, None))
    left = rules.take(deck if deck is not None else Unseen.full(), (h, *u))
    chances = hit_outcomes((h, *u), left, rules)   # exact: the cards left to draw
    return Advice(h.label, tuple(k.label for k in u), row.against, describe_rules(rules),
                  row.best, row.stand_ev, row.hit_ev, row.stand_win, row.hit_win,
                  chances["bust"], chances["seven_half"], row.hit_frequency, split_ev,
                  split_freq, restriction_codes(rules), rules.split_figures, row.stake,
                  DECK_SIZE - deck.total if deck is not None else 0)


def answer_row(hole: Kind, up: tuple[Kind, ...] = (), rules: Rules = ITALIAN,
               against: str | BankerStrategy = "equilibrium", deck: Unseen | None = None,
               *, table: bool = True) -> HandRow:
    """The row of the player table (`settemezzo.tables.player_table` of ``rules``,
    ``against``, ``deck``) that answers the hand face-down ``hole``, face-up ``up`` (kinds as
    ``rules`` tell them apart, `Rules.plain`): the main game's row, at the stake the
    strategy uses for it (see `answer_rows`; `settemezzo.rows.stake_copy` picks the same
    in the game).

    When `settemezzo.results` has the table at hand (shipped with the package for a full
    deck, or kept) and its floats are the answer's precision (`_exact_values`: against the
    equilibrium, or a fixed banker under rules that split), its row is read (``table``:
    False computes it anyway); else the row is computed from the game
    (`settemezzo.rows.game_row`), against any banker, exact against a fixed one where
    the game is. A hand with no decision (finished, or not to be dealt from the deck) is a
    `settemezzo.rules.RulesError` naming it.
    """
    name = against.strip().lower() if isinstance(against, str) else None
    if (table and name is not None and not _exact_values(rules, name)
            and results.ready(rules, ("player", name), deck)):
        found = answers(rules, name, deck)
        pos = found.position.get((hole.label, " ".join(k.label for k in up)))
        if pos is not None:
            return found.row(pos)
    from settemezzo.game import heads_up

    game = heads_up(rules, deck)
    return game_row(game, game.infoset(hole, up), against)[0]


def _exact_values(rules: Rules, against: str) -> bool:
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


def answers(rules: Rules = ITALIAN, against: str = "equilibrium",
            deck: Unseen | None = None) -> Answers:
    """`answer_rows` of the player table of ``rules`` against ``against`` (``deck``: the
    deck at the start of the hand), from `settemezzo.results` (shipped, or computed once)
    and kept there with the table."""
    name = against.strip().lower()

    def build(s: results.Solved) -> Answers:
        table = s.player_table(name)
        frame = answer_rows(table)
        position = {key: i for i, key in enumerate(zip(frame["hole"].tolist(),
                                                       frame["up"].tolist(), strict=True))}
        return Answers(frame, position, str(table.attrs.get("against", name)))

    return results.get(rules, deck).view(("answers", name), build)


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


def _split_numbers(hole: Kind, up: tuple[Kind, ...], rules: Rules,
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
