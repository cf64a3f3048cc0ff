"""Advice read from the solved results of a rule set: `advise`, `answer_row` and `answers`.

- `answer_row`: the one owner of "the row of the player table (`settemezzo.tables.player_table`)
  that answers hand (face-down card, face-up cards) under some rules against some banker" -
  the main game's row, at the stake the strategy uses for it. Read from the table shipped
  with the package (`settemezzo.precomputed`) or kept by `settemezzo.results` when there is
  one at hand, computed from the game otherwise (`settemezzo.advice.computed_row`).
- `answers`: the same choice over a whole table (`settemezzo.advice.Answers`, kept with the
  results; the widgets' lookups read it).
- `advise`: the answer to a beginner's question, "face-down 5, nothing up: stand or hit,
  and by how much?" (`settemezzo.advice.Advice`; `settemezzo.i18n.advice_text` says it).

Reading a shipped table imports neither the solver nor the game trees: under the Spanish
rules an answer takes a fraction of a second in a fresh process, where computing it takes
seconds.

>>> a = advise("7", against="threshold:5")
>>> a.best, a.stand_ev > a.hit_ev
('stand', True)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from settemezzo.advice import Advice, Answers, advice_of, computed_row, exact_values, hand_of
from settemezzo.cards import CardSpec, Kind, Unseen
from settemezzo.game import may_split
from settemezzo.results import Solved, get, ready
from settemezzo.rows import HandRow
from settemezzo.rules import ITALIAN, Rules

if TYPE_CHECKING:
    from settemezzo.solve import BankerStrategy

__all__ = ["advise", "answer_row", "answers"]


def advise(hole: str | CardSpec, up: str | Iterable[str | CardSpec] = (), *,
           rules: Rules = ITALIAN, against: str | BankerStrategy = "equilibrium",
           seen: str | Iterable[str | CardSpec] = ()) -> Advice:
    """Stand or hit with face-down ``hole`` and face-up ``up`` (in order), and by how much.

    ``seen``: cards of earlier hands, out of the deck before this hand is dealt; both sides
    know them, so the banker ``against`` (the equilibrium, or a best reply) is that of the
    thinned deck (`settemezzo.advice.seen_deck`).

    The row of the player table that answers the hand is `answer_row`'s: read from the
    table shipped with the package (or kept by `settemezzo.results`) where its floats are
    the answer's precision, computed otherwise (exact against a fixed banker, where the
    game is); the chances of the next card are exact (`settemezzo.advice.advice_of`).
    Values (``stand_ev``, ``hit_ev``, ``split_ev``) are per unit stake ("stakes"); chances
    are chances. When the stake is chosen after the first card (SPANISH), the hand is
    played at one of several stakes: the advice answers from the stake the strategy uses
    for it (see `settemezzo.advice.answer_rows`), per unit of that stake, and names the
    stake (`Advice.stake`: "at a stake of 5 chips").

    Under ``swap_hidden`` the hand is the one of the main game: ``up`` are cards taken face up
    without a swap before them. Where the strategy gets to these cards only by swapping (the
    SPANISH equilibrium player swaps whenever it hits), the answer is still that of the main
    game's decision - what standing or hitting is worth had the cards come face up; the
    decisions after a swap are the rows of `settemezzo.tables.player_table` with a non-empty
    ``swapped``. Two figures under ``split_figures``: that hand is computed from the game.
    """
    h, u, deck = hand_of(hole, up, rules=rules, seen=seen)
    row = answer_row(h, u, rules, against, deck, table=not may_split(rules, (h, *u)))
    return advice_of(h, u, rules, deck, row, against)


def answer_row(hole: Kind, up: tuple[Kind, ...] = (), rules: Rules = ITALIAN,
               against: str | BankerStrategy = "equilibrium", deck: Unseen | None = None,
               *, table: bool = True) -> HandRow:
    """The row of the player table (`settemezzo.tables.player_table` of ``rules``,
    ``against``, ``deck``) that answers the hand face-down ``hole``, face-up ``up`` (kinds as
    ``rules`` tell them apart, `Rules.plain`): the main game's row, at the stake the
    strategy uses for it (see `settemezzo.advice.answer_rows`; `settemezzo.rows.stake_copy`
    picks the same in the game).

    When `settemezzo.results` has the table at hand (shipped with the package for a full
    deck, or kept) and its floats are the answer's precision
    (`settemezzo.advice.exact_values`: against the equilibrium, or a fixed banker under
    rules that split), its row is read (``table``: False computes it anyway); else the row
    is computed from the game (`settemezzo.advice.computed_row`). A hand with no decision
    (finished, or not to be dealt from the deck) is a `settemezzo.rules.RulesError` naming
    it.
    """
    name = against.strip().lower() if isinstance(against, str) else None
    if (table and name is not None and not exact_values(rules, name)
            and ready(rules, ("player", name), deck)):
        found = answers(rules, name, deck)
        pos = found.position.get((hole.label, " ".join(k.label for k in up)))
        if pos is not None:
            return found.row(pos)
    return computed_row(hole, up, rules, against, deck)


def answers(rules: Rules = ITALIAN, against: str = "equilibrium",
            deck: Unseen | None = None) -> Answers:
    """`settemezzo.advice.answer_rows` of the player table of ``rules`` against ``against``
    (``deck``: the deck at the start of the hand), from `settemezzo.results` (shipped, or
    computed once) and kept there with the table."""
    name = against.strip().lower()

    def build(s: Solved) -> Answers:
        return Answers.of(s.player_table(name), name)

    return get(rules, deck).view(("answers", name), build)
