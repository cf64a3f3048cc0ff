"""Seeded Monte Carlo of heads-up hands on the real 40-card deck (Italian rules, no variant).

Written from the rules alone (`docs/rules.md`, "One hand"); it imports nothing from
`settemezzo` (nor from `tests.reference.bruteforce`).

Each hand shuffles an explicit list of the 40 cards (12 figures worth ½ point, four each of
1..7; in half-points 1, 2, 4, ..., 14) with numpy's ``default_rng(seed)``, one independent
shuffle per hand (``Generator.permuted`` along each row), and deals it in order: card 0 is the
player's face-down card, card 1 the banker's, then the player's hits, then the banker's hits.
The hands are played side by side with numpy (a loop over the number of cards, not over hands).

Banker policies: ``threshold`` K (hit below K half-points, whatever the player shows), or
``"omniscient"``: it sees the player's face-down card (so the player's whole hand and the exact
cards left in the deck) and takes, at each step, the action with the better exact expectation
for it (computed here by a small dynamic programme over the cards left, in floats).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

__all__ = ["DECK40", "McResult", "simulate", "simulate_policy", "thinned"]

SEVEN_HALF = 15
VALUES = (1, 2, 4, 6, 8, 10, 12, 14)
DECK40 = np.array([1] * 12 + [2, 4, 6, 8, 10, 12, 14] * 4, dtype=np.int8)
"""The 40 cards in half-points: 12 figures (½), and 1, 2, ..., 7 in each of four suits."""

IntArray = npt.NDArray[np.int64]


@dataclass(frozen=True)
class McResult:
    """Mean gain of the player per hand, its standard error, and the number of hands."""

    mean: float
    stderr: float
    hands: int

    def z(self, exact: float) -> float:
        """How many standard errors ``exact`` is from the Monte Carlo mean."""
        return abs(self.mean - exact) / self.stderr


def shuffled_decks(n: int, rng: np.random.Generator,
                   deck: npt.NDArray[np.int8] = DECK40) -> IntArray:
    """``n`` independent shuffles of ``deck`` (the 40 cards by default), one per row."""
    return rng.permuted(np.tile(deck, (n, 1)), axis=1).astype(np.int64)


def thinned(seen: list[int]) -> npt.NDArray[np.int8]:
    """The 40 cards without the ``seen`` ones (half-point values; each must be in the deck)."""
    cards = list(DECK40)
    for v in seen:
        cards.remove(v)
    return np.array(cards, dtype=np.int8)


def _card(cards: IntArray, pos: IntArray) -> IntArray:
    return cards[np.arange(len(cards)), pos]


def simulate(player_k: int, banker: int | str, hands: int, seed: int,
             batch: int = 50_000, deck: npt.NDArray[np.int8] = DECK40) -> McResult:
    """Play ``hands`` hands: a ``threshold`` player (K in half-points: hit while below K)
    against a threshold banker (K in half-points) or the ``"omniscient"`` banker, each hand
    from a fresh shuffle of ``deck`` (the 40 cards, or a thinned deck: `thinned`)."""
    rng = np.random.default_rng(seed)
    gains: list[IntArray] = []
    done = 0
    while done < hands:
        n = min(batch, hands - done)
        gains.append(_play(shuffled_decks(n, rng, deck), player_k, banker))
        done += n
    g = np.concatenate(gains).astype(np.float64)
    return McResult(float(g.mean()), float(g.std(ddof=1) / np.sqrt(len(g))), len(g))


def simulate_policy(hit: Callable[[int, tuple[int, ...]], bool], banker_k: int, hands: int,
                    seed: int, deck: npt.NDArray[np.int8] = DECK40) -> McResult:
    """Play ``hands`` hands, one by one: a player who hits when ``hit(face-down, face-up
    cards in order)`` (half-points) says so, against a threshold banker (K in half-points)."""
    rng = np.random.default_rng(seed)
    g = np.array([_play_one(row, hit, banker_k) for row in shuffled_decks(hands, rng, deck)],
                 dtype=np.float64)
    return McResult(float(g.mean()), float(g.std(ddof=1) / np.sqrt(len(g))), len(g))


def _play_one(row: IntArray, hit: Callable[[int, tuple[int, ...]], bool], banker_k: int
              ) -> int:
    hole, up, pos = int(row[0]), [], 2
    player = hole
    while player < SEVEN_HALF and hit(hole, tuple(up)):
        up.append(int(row[pos]))
        player += up[-1]
        pos += 1
    if player > SEVEN_HALF:
        return -1
    bank = int(row[1])
    while bank < banker_k and bank < SEVEN_HALF:
        bank += int(row[pos])
        pos += 1
    return 1 if bank > SEVEN_HALF or player > bank else -1


def _play(cards: IntArray, player_k: int, banker: int | str) -> IntArray:
    n = len(cards)
    # the player: face-down card 0, hits from card 2 on, while below K and below 7½
    player = cards[:, 0].copy()
    pos = np.full(n, 2, dtype=np.int64)
    going = (player < player_k) & (player < SEVEN_HALF)
    while going.any():
        player[going] += _card(cards, pos)[going]
        pos[going] += 1
        going &= (player < player_k) & (player < SEVEN_HALF)
    bust = player > SEVEN_HALF
    # the banker: face-down card 1, hits from the first card after the player's
    bank = cards[:, 1].copy()
    if banker == "omniscient":
        bank = _omniscient_banker(cards, pos, player, bust)
    else:
        assert isinstance(banker, int)
        going = ~bust & (bank < banker) & (bank < SEVEN_HALF)
        while going.any():
            bank[going] += _card(cards, pos)[going]
            pos[going] += 1
            going &= (bank < banker) & (bank < SEVEN_HALF)
    # settlement: bust player loses at once; bust banker pays; else strictly higher wins
    win = ~bust & ((bank > SEVEN_HALF) | (player > bank))
    return np.where(win, 1, -1).astype(np.int64)


def _omniscient_banker(cards: IntArray, pos: IntArray, player: IntArray,
                       bust: IntArray) -> IntArray:
    bank = cards[:, 1].copy()
    index = {v: i for i, v in enumerate(VALUES)}
    full = [0] * len(VALUES)                # cards per value in this deck (every row's)
    for v in cards[0]:
        full[index[int(v)]] += 1
    for i in np.flatnonzero(~bust):
        row = cards[i]
        left = list(full)
        for v in row[:pos[i]]:              # the player's cards and the banker's face-down card
            left[index[int(v)]] -= 1
        b, p, k = int(bank[i]), int(player[i]), int(pos[i])
        while b < SEVEN_HALF and _omniscient_hits(tuple(left), b, p):
            v = int(row[k])
            left[index[v]] -= 1
            b += v
            k += 1
        bank[i] = b
    return bank


@cache
def _omniscient_value(left: tuple[int, ...], bank: int, player: int) -> float:
    """The player's expected gain, the banker on ``bank`` playing its best, ``left`` the
    exact cards still in the deck (counts per value)."""
    if bank > SEVEN_HALF:
        return 1.0
    stand = 1.0 if player > bank else -1.0
    if bank == SEVEN_HALF:
        return stand
    return min(stand, _hit_value(left, bank, player))


def _hit_value(left: tuple[int, ...], bank: int, player: int) -> float:
    n = sum(left)
    acc = 0.0
    for i, c in enumerate(left):
        if c:
            rest = list(left)
            rest[i] -= 1
            acc += c / n * _omniscient_value(tuple(rest), bank + VALUES[i], player)
    return acc


@cache
def _omniscient_hits(left: tuple[int, ...], bank: int, player: int) -> bool:
    stand = 1.0 if player > bank else -1.0
    return _hit_value(left, bank, player) < stand
