"""Playing the deck down: what remembering the cards already seen is worth.

Under ``reshuffle="when_exhausted"`` the cards of earlier hands stay out of the deck, so the
composition the next hand is dealt from moves as the deck thins. Two players meet the same
banker:

- the player who **remembers** plays, at every hand, the exact best play for the cards left
  (`settemezzo.solve` on the thinned deck);
- the player who **forgets** plays the full-deck strategy whatever has been seen.

Bankers (``banker=``):

- ``threshold:K`` forgets too (a rule of thumb). Remembering: the exact best reply to it on
  the cards left; forgetting: the full-deck best reply to it. Both exact `Fraction` s.
- ``equilibrium``: the banker remembers, and plays the equilibrium of the cards left.
  Remembering: the equilibrium value there; forgetting: the full-deck equilibrium player
  against that banker. Floats (certified LP, exploitability ≤ 1e-9).
- ``table``: the banker remembers and knows how the player plays (the simulator's ``table``
  banker, heads-up): its best reply to the player's strategy on the cards left. Remembering,
  the player can do no better than the equilibrium of the cards left (its lower bound, the
  value it guarantees); forgetting: the full-deck equilibrium player, read by the banker.

**Values.** Each hand's value is exact for the composition it is dealt from (`hand_values`,
cached by composition). Compositions come from simulated deck cycles (`deck_cycles`): seeded
shuffles, dealt hand after hand - the player who remembers against ``threshold:5`` - and the
averages over cycles carry standard errors (cycles are independent; ratio estimator).

**The end of a deck: what this model changes.** The rule (docs/rules.md, "The deck between
hands") plays on to the last card: when the deck runs out *during* a hand, the used cards
(not those in hands) are shuffled and the hand goes on. The exact engine values a hand only
from a deck that cannot run out within it (`settemezzo.game.heads_up` refuses any deck in
which two hands *could* need more cards than it holds: a worst case of figures and small
cards, 28 cards for the full deck, fewer as figures and aces go), so it cannot value a hand
across a mid-hand reshuffle.
This model therefore ends a deck cycle - the 40 cards are shuffled afresh - before the first
hand whose cards left could run out. What that changes, and only that:

- the hands dealt from the last cards of each deck (``unplayed`` cards per cycle: about 15
  heads-up, 38 % of the deck, and 11 at a table of 4 in the Italian report; reported by
  `DeckDown.unplayed` and the ``unplayed`` column)
  are not played, and are not in the averages: the reported worth of remembering is the
  worth per hand over the part of each deck the exact engine values. These are the thinnest
  decks, where the composition has moved furthest and remembering is worth most per hand
  (the worth grows as the deck thins: notebook 08), so the worth over the whole deck is
  larger than reported, not smaller;
- every cycle starts from the full 40 cards, as after a fresh shuffle; at a real table the
  deck after a mid-hand reshuffle lacks the cards then in hands (a handful, all seen by the
  player who remembers).

Each hand that is played is dealt and valued exactly as the rules say. At a full table
(``players`` > 1) a round can still run out of cards (the engine's check is heads-up): it then
goes on from the reshuffled used cards, as the rules say, its values are those of the round's
start, the cycle ends after it, and the count of such rounds is reported
(`DeckDown.run_outs`). Valuing the last hands too needs an exact game whose deck is refilled
from known used cards when it runs out (a change to `settemezzo.game`).

**A full table.** Every seat's value is the heads-up value of the composition at the start of
the round (the seats play the cards of earlier rounds, not what the round shows); it is exact
for a banker who plays its own cards only (``threshold:K``); the bankers that read the table
are heads-up only.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any

import numpy as np
import pandas as pd

from settemezzo import policy
from settemezzo.cards import Kind, Unseen, full_deck, kind_of
from settemezzo.deck.common import (
    DeckDownError,
    best_reply,
    composition_key,
    deck_of,
    full_deck_player,
    summary,
    transfer,
)
from settemezzo.game import heads_up
from settemezzo.hands import is_finished, total
from settemezzo.policy import parse_threshold
from settemezzo.rules import ITALIAN, Rules, RulesError
from settemezzo.solve import (
    PlayerStrategy,
    Value,
    best_response,
    equilibrium,
    evaluate,
)

__all__ = [
    "BANKERS",
    "DeckDown",
    "HandValues",
    "deck_cycles",
    "deck_down",
    "hand_values",
]

BANKERS = ("threshold:5", "table", "equilibrium")
"""The bankers the worth of remembering is measured against (see the module docstring)."""

CERTIFICATE = 1e-9
"""The largest exploitability accepted for the equilibrium of a composition."""

FLOW_BANKER = "threshold:5"
"""The banker the deck is played down against, for every banker measured."""


@dataclass(frozen=True)
class HandValues:
    """The player's value per unit stake at one composition, remembering and forgetting."""

    deck: Unseen
    banker: str
    remember: Value
    forget: Value

    @property
    def worth(self) -> Value:
        """What remembering adds, per unit stake (≥ 0 up to the LP's precision)."""
        return self.remember - self.forget


def _check_rules(rules: Rules) -> None:
    """Only rule sets whose decisions are (face-down card, face-up cards): no burning,
    swapping, splitting, stake choice or wild K♦."""
    if not heads_up(rules).classic or rules.wild_king:
        raise DeckDownError(
            f"deck-down analysis needs a rule set without burn, swap_hidden, split_figures, "
            f"stakes chosen after the first card or wild_king; got the rules {rules.spec()!r}")


BANKER_BASES = ("threshold:K", "table", "equilibrium")
"""The bankers a deck played down knows, as `settemezzo.policy` bases (each worded by
`settemezzo.i18n.banker_words`, family ``deck.banker_``)."""


def _check_banker(banker: str) -> str:
    """The banker's canonical name (`settemezzo.policy`, one of `BANKER_BASES`); else a
    `DeckDownError` listing them."""
    return policy.parse(banker, BANKER_BASES, (), who="banker", error=DeckDownError).name


@lru_cache(maxsize=4096)
def _values(rules: Rules, key: tuple[tuple[Kind, int], ...], banker: str) -> tuple[Value, Value]:
    game = heads_up(rules, deck_of(key))
    forget = transfer(full_deck_player(rules, banker), heads_up(rules), game)
    if policy.is_threshold(banker):
        return best_reply(rules, key, banker).value, evaluate(forget, banker, game)
    eq = equilibrium(game)
    if not eq.exploitability <= CERTIFICATE:
        raise DeckDownError(f"the equilibrium of {game.deck} is certified only to "
                            f"{eq.exploitability:.1e} (> {CERTIFICATE:.0e})")
    if banker == "equilibrium":
        return eq.value, evaluate(forget, eq.banker, game)
    return eq.lower, best_response(forget, "banker", game).value  # the table banker


def hand_values(deck: Unseen, banker: str = "threshold:5", rules: Rules = ITALIAN
                ) -> HandValues:
    """The values of one hand dealt from ``deck``, for the player who remembers and the one
    who forgets, against ``banker`` (cached by composition).

    >>> v = hand_values(Unseen.full().without("7 7 7 K Q J"))
    >>> v.worth > 0, v.forget == hand_values(Unseen.full()).forget
    (True, False)
    """
    _check_rules(rules)
    name = _check_banker(banker)
    remember, forget = _values(rules, composition_key(deck, rules), name)
    return HandValues(deck, name, remember, forget)


def _flow_player(rules: Rules, key: tuple[tuple[Kind, int], ...]) -> PlayerStrategy:
    """The player who remembers, against the flow banker: its plays deal the deck down."""
    s = best_reply(rules, key, FLOW_BANKER).strategy
    assert isinstance(s, PlayerStrategy)
    return s


def _playable(rules: Rules, deck: Unseen) -> bool:
    """Whether no hand dealt from ``deck`` can run out of cards (the engine accepts it)."""
    try:
        heads_up(rules, deck)
    except RulesError:
        return False
    return True


@dataclass
class _Stock:
    """The cards of one deck cycle: dealt from the top; the used cards wait for a reshuffle."""

    cards: list[Kind]
    rng: np.random.Generator
    used: list[Kind] = field(default_factory=list)
    ran_out: bool = False

    def deal(self) -> Kind:
        """The next card; when none is left, the used cards are shuffled first."""
        if not self.cards:  # docs/rules.md: shuffle the used cards (not those in hands), go on
            self.cards = [self.used[i] for i in self.rng.permutation(len(self.used))]
            self.used, self.ran_out = [], True
        return self.cards.pop()

    def unseen(self) -> Unseen:
        """The cards not dealt yet (those a player who remembers knows are left)."""
        counts = [0] * len(Kind)
        for k in self.cards:
            counts[k] += 1
        return Unseen(tuple(counts))


def _play_round(stock: _Stock, rules: Rules, players: int) -> None:
    """One round from the stock: each seat plays the remembering player's best reply to
    the flow banker for the composition at the round's start, then the banker plays."""
    key = composition_key(stock.unseen(), rules)
    player = _flow_player(rules, key)
    game = heads_up(rules, deck_of(key))
    holes = [stock.deal() for _ in range(players)]
    hands = [[h] for h in holes] + [[stock.deal()]]
    for hand in hands[:-1]:
        while not is_finished(hand, rules) and player.hit_probability(
                game, rules.plain(hand[0]), list(rules.plain_kinds(hand[1:]))):
            hand.append(stock.deal())
    k = parse_threshold(FLOW_BANKER)
    bank = hands[-1]
    if any(total(h, rules) <= 15 for h in hands[:-1]):  # someone left to play against
        while not is_finished(bank, rules) and total(bank, rules) < k:
            bank.append(stock.deal())
    for hand in hands:
        stock.used += hand


def deck_cycles(rules: Rules = ITALIAN, players: int = 1, cycles: int = 10, seed: int = 0,
                progress: Callable[[int, int], None] | None = None
                ) -> tuple[list[list[Unseen]], int, list[int]]:
    """The compositions each round starts from, deck cycle by deck cycle; how many rounds
    ran out of cards; and per cycle the cards never dealt (see the module docstring).

    Each cycle shuffles the 40 cards (numpy ``default_rng(seed)``) and plays rounds until the
    cards left could run out within a hand (or a round at a full table ran out).
    ``progress(done, cycles)`` is called after each cycle.
    """
    _check_rules(rules)
    rng = np.random.default_rng(seed)
    deck = [kind_of(c) for c in full_deck()]
    out: list[list[Unseen]] = []
    run_outs = 0
    unplayed: list[int] = []
    for cycle in range(cycles):
        stock = _Stock([deck[i] for i in rng.permutation(len(deck))], rng)
        starts: list[Unseen] = []
        while not stock.ran_out and _playable(rules, stock.unseen()):
            starts.append(stock.unseen())
            _play_round(stock, rules, players)
        run_outs += stock.ran_out
        unplayed.append(0 if stock.ran_out else stock.unseen().total)
        out.append(starts)
        if progress is not None:
            progress(cycle + 1, cycles)
    return out, run_outs, unplayed


@dataclass(frozen=True)
class DeckDown:
    """The worth of remembering, played down over deck cycles.

    ``summary``: one row per banker (mean value per player-hand remembering and forgetting,
    the worth, each with its standard error over cycles, and the mean cards per cycle not
    played); ``hands``: one row per round and banker (cycle, round, cards left, counts per
    kind, the exact values, ``unplayed``: the cards of its cycle never dealt).
    ``unplayed``: per cycle, the cards left when the cycle ended (module docstring).
    """

    rules: Rules
    players: int
    cycles: int
    seed: int
    run_outs: int
    summary: pd.DataFrame
    hands: pd.DataFrame
    unplayed: tuple[int, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """The run and its summary as plain JSON-able values (the rule set: printed once,
        by `settemezzo.cli_common.print_json`)."""
        return {"players": self.players,
                "cycles": self.cycles, "seed": self.seed, "run_outs": self.run_outs,
                "rounds": int(self.hands.groupby("banker").size().max()),
                "unplayed_per_cycle": (sum(self.unplayed) / len(self.unplayed)
                                       if self.unplayed else None),
                "summary": self.summary.to_dict(orient="records")}


def _hand_rows(starts: list[list[Unseen]], bankers: Sequence[str], rules: Rules, players: int,
               progress: Callable[[int, int], None] | None, unplayed: Sequence[int]
               ) -> pd.DataFrame:
    rows: list[dict[str, Any]] = []
    todo = sum(len(c) for c in starts) * len(bankers)
    for banker in bankers:
        for cycle, decks in enumerate(starts):
            for rnd, deck in enumerate(decks):
                v = hand_values(deck, banker, rules)
                counts = dict(composition_key(deck, rules))
                rows.append({"banker": v.banker, "players": players, "cycle": cycle,
                             "round": rnd,
                             "cards_left": deck.total,
                             **{f"left_{k.label}": counts.get(k, 0) for k in Kind
                                if k is not Kind.KING_OF_DIAMONDS},
                             "remember": float(v.remember), "forget": float(v.forget),
                             "worth": float(v.worth), "exact": isinstance(v.worth, Fraction),
                             "unplayed": unplayed[cycle]})
                if progress is not None:
                    progress(len(rows), todo)
    return pd.DataFrame(rows)


def deck_down(rules: Rules = ITALIAN, players: int = 1,
              bankers: Sequence[str] = ("threshold:5",), cycles: int = 10, seed: int = 0,
              progress: Callable[[int, int], None] | None = None) -> DeckDown:
    """Play ``cycles`` decks down with ``players`` players and report what remembering is
    worth against each banker (see the module docstring). At a full table the bankers must
    be ``threshold:K``."""
    if not isinstance(players, int) or not 1 <= players <= 7:
        raise DeckDownError(f"players must be 1..7, got {players!r}")
    if not isinstance(cycles, int) or cycles < 2:
        raise DeckDownError(f"cycles must be an integer ≥ 2 (for a standard error), got "
                            f"{cycles!r}")
    names = [_check_banker(b) for b in bankers]
    if players > 1 and any(not policy.is_threshold(b) for b in names):
        raise DeckDownError(f"at a table of {players} players only a threshold:K banker has "
                            f"exact per-seat values; got {', '.join(names)}")
    starts, run_outs, unplayed = deck_cycles(rules, players, cycles, seed, progress)
    hands = _hand_rows(starts, names, rules, players, progress, unplayed)
    return DeckDown(rules, players, cycles, seed, run_outs,
                    summary(hands, players, cycles), hands, tuple(unplayed))


REPORT_RUNS: tuple[tuple[int, tuple[str, ...], int, int], ...] = (
    (1, ("threshold:5",), 60, 1),
    (1, ("table", "equilibrium"), 16, 2),
    (4, ("threshold:5",), 80, 4),
)
"""The report (`report`, ``make deckdown``): (players, bankers, deck cycles, seed) per run.
The bankers who remember need a certified equilibrium per composition (about 2 s each),
hence fewer cycles. About 22 minutes of one core with the count study
(`settemezzo.cli.deck.write_report`; measured with `time make deckdown`); the tests use runs
of 2 cycles."""


def report(rules: Rules = ITALIAN, runs: Sequence[tuple[int, Sequence[str], int, int]]
           = REPORT_RUNS, progress: Callable[[int, int], None] | None = None
           ) -> list[DeckDown]:
    """The worth of remembering at 1 and 4 players against each banker: one `DeckDown` per
    run of ``runs`` (a few minutes for `REPORT_RUNS`)."""
    return [deck_down(rules, players, bankers, cycles, seed, progress)
            for players, bankers, cycles, seed in runs]


def combined(results: Sequence[DeckDown]) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The summaries and the hand rows of several runs, one table each."""
    return (pd.concat([r.summary for r in results], ignore_index=True),
            pd.concat([r.hands.assign(seed=r.seed) for r in results], ignore_index=True))
