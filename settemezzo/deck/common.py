"""What the deck played down and the count share: a composition as the key of a hand's values,
the exact replies on it, and the ratio estimator over independent deck cycles.

A composition is keyed by its counts per kind it can draw (`composition_key`); the player who
remembers plays the exact best reply to a threshold banker on it (`best_reply`), the player
who forgets the full-deck strategy (`full_deck_player`, carried over by `transfer`); means per
hand over cycles are ratios with their delta-method standard errors (`ratio`, `summary`).
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt
import pandas as pd

from settemezzo import policy
from settemezzo.cards import Kind, Unseen
from settemezzo.errors import InputError
from settemezzo.game import HeadsUpGame, heads_up
from settemezzo.odds import draw_kinds
from settemezzo.rules import Rules
from settemezzo.solve import BestResponse, PlayerStrategy, best_response, equilibrium

__all__ = ["DeckDownError", "Key", "best_reply", "composition_key", "deck_of",
           "full_deck_player", "ratio", "summary", "transfer"]

Key = tuple[tuple[Kind, int], ...]
"""A composition as its counts per kind (`composition_key`): what a hand's values depend on."""


class DeckDownError(InputError):
    """A deck-down question the exact engine cannot answer: a banker it does not know, rules
    outside the classic game, an equilibrium not certified (an `InputError`)."""


def composition_key(deck: Unseen, rules: Rules) -> tuple[tuple[Kind, int], ...]:
    """What the hand depends on: the counts per kind it can draw (the K♦ a plain figure
    unless wild)."""
    return tuple(draw_kinds(deck, rules))


def deck_of(key: tuple[tuple[Kind, int], ...]) -> Unseen:
    """A composition with these counts (rules without the wild K♦, which plays as any
    figure: `Unseen.of_plain`)."""
    return Unseen.of_plain(dict(key))


def transfer(strategy: PlayerStrategy, source: HeadsUpGame, game: HeadsUpGame
             ) -> PlayerStrategy:
    """A strategy of the full-deck game played on a thinned deck: the same choice at the
    same (face-down card, face-up cards), whatever has been seen."""
    return PlayerStrategy(f"{strategy.name} (full deck)", tuple(
        strategy.hit[source.infoset(s.hole, s.up).index] for s in game.infosets))


@lru_cache(maxsize=8)
def full_deck_player(rules: Rules, banker: str) -> PlayerStrategy:
    """What the forgetting player plays: the full-deck best reply to a threshold banker, or
    the full-deck equilibrium player."""
    if policy.is_threshold(banker):
        s = best_response(banker, "player", rules).strategy
        assert isinstance(s, PlayerStrategy)
        return s
    return equilibrium(rules).player


@lru_cache(maxsize=4096)
def best_reply(rules: Rules, key: tuple[tuple[Kind, int], ...], banker: str) -> BestResponse:
    """The player's exact best reply to a threshold banker on one composition (cached: the
    deck is dealt down by it, and it is the remembering player's value)."""
    return best_response(banker, "player", heads_up(rules, deck_of(key)))


def ratio(totals: npt.ArrayLike, counts: npt.ArrayLike) -> tuple[float, float]:
    """Mean per hand over independent cycles, sum(totals)/sum(counts), and its
    delta-method standard error."""
    g, s = np.asarray(totals, dtype=np.float64), np.asarray(counts, dtype=np.float64)
    n = len(g)
    r = float(g.sum() / s.sum())
    if n < 2:
        return r, math.nan
    resid = g - r * s
    return r, float(math.sqrt((resid ** 2).sum() / (n * (n - 1))) / s.mean())


def summary(hands: pd.DataFrame, players: int, cycles: int) -> pd.DataFrame:
    rows = []
    for banker, df in hands.groupby("banker", sort=False):
        per = df.groupby("cycle")
        n = per.size().reindex(range(cycles), fill_value=0) * players
        row: dict[str, Any] = {"banker": banker, "players": players, "cycles": cycles,
                               "player_hands": int(n.sum())}
        if "unplayed" in df.columns:  # cards per cycle never dealt (module docstring)
            row["unplayed"] = float(per["unplayed"].first().mean())
        for col in ("remember", "forget", "worth"):
            sums = per[col].sum().reindex(range(cycles), fill_value=0.0) * players
            row[col], row[f"{col}_se"] = ratio(sums.to_numpy(), n.to_numpy())
        rows.append(row)
    return pd.DataFrame(rows)
