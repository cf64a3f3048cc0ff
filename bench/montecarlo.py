"""A straightforward numpy-vectorised Monte Carlo of one heads-up hand, threshold vs threshold.

Written independently of the engine (no settemezzo import), as the second method that the
exact values are checked against and as the speed baseline they are compared with.

Plain Italian rules on the 40-card deck, values in half-points (a figure 1, an ace 2, ...,
a seven 14; 7½ = 15):

- deal order: the player's face-down card, the banker's face-down card, the player's hits,
  then the banker's hits (every deck is a uniform random permutation, dealt by index);
- the player hits while the total is below its threshold; over 7½ (bust) loses at once;
  exactly 7½ ends the turn;
- the banker (if the player did not bust) hits while below its threshold, also against a
  shown 7½ (a threshold banker follows its rule); a banker bust pays the player;
- otherwise the higher total wins and a tie goes to the banker; every hand is ±1 stake.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

SEVEN_AND_A_HALF = 15
_SUIT = (2, 4, 6, 8, 10, 12, 14, 1, 1, 1)  # ace..seven, then fante, cavallo, re
DECK: npt.NDArray[np.int8] = np.array(_SUIT * 4, dtype=np.int8)
assert DECK.size == 40 and int(DECK.sum()) == 236


def shuffled_decks(n: int, rng: np.random.Generator) -> npt.NDArray[np.int8]:
    """``n`` independent uniformly shuffled decks, one per row."""
    decks = np.tile(DECK, (n, 1))
    return rng.permuted(decks, axis=1, out=decks)


def _stop(cum: npt.NDArray[np.int16], k: int) -> npt.NDArray[np.intp]:
    """Index of the card on which a hand with running totals ``cum`` stops.

    It hits while the total is below ``k`` and never hits on 7½ (nor after a bust).
    """
    done = cum >= min(k, SEVEN_AND_A_HALF)
    if not done[:, -1].all():  # cannot happen with k <= 15 and enough columns
        raise RuntimeError("a hand ran out of cards in the simulator")
    return np.argmax(done, axis=1)


def play(decks: npt.NDArray[np.int8], player_k: int = 10,
         banker_k: int = 10) -> npt.NDArray[np.int8]:
    """The player's gain (+1/-1) for each deck; thresholds in half-points (10 = 5 points)."""
    n = decks.shape[0]
    rows = np.arange(n)
    # player: deck[0], then the hits deck[2], deck[3], ... (each card is >= 1 half-point, so
    # a hand stops within min(k, 15) cards)
    p_hits = min(player_k, SEVEN_AND_A_HALF) - 1
    p_cards = np.concatenate([decks[:, :1], decks[:, 2:2 + p_hits]], axis=1).astype(np.int16)
    p_cum = np.cumsum(p_cards, axis=1, dtype=np.int16)
    m = _stop(p_cum, player_k)            # the player took m hits: deck[2 .. m+1]
    p_total = p_cum[rows, m]
    # banker: deck[1], then its hits from deck[m+2] on
    n_hits = min(banker_k, SEVEN_AND_A_HALF) - 1
    idx = (m + 2)[:, None] + np.arange(n_hits)[None, :]
    b_cards = np.concatenate([decks[:, 1:2], np.take_along_axis(decks, idx, axis=1)],
                             axis=1).astype(np.int16)
    b_cum = np.cumsum(b_cards, axis=1, dtype=np.int16)
    b_total = b_cum[rows, _stop(b_cum, banker_k)]
    p_bust = p_total > SEVEN_AND_A_HALF
    b_bust = b_total > SEVEN_AND_A_HALF
    win = ~p_bust & (b_bust | (p_total > b_total))
    return np.where(win, 1, -1).astype(np.int8)


@dataclass
class Tally:
    """Running sums of the player's gain."""

    n: int = 0
    total: int = 0
    total_sq: int = 0

    def add(self, gains: npt.NDArray[np.int8]) -> None:
        g = gains.astype(np.int64)
        self.n += int(g.size)
        self.total += int(g.sum())
        self.total_sq += int((g * g).sum())

    @property
    def mean(self) -> float:
        return self.total / self.n

    @property
    def std(self) -> float:
        """Sample standard deviation of the per-hand gain."""
        return float(np.sqrt((self.total_sq - self.n * self.mean ** 2) / (self.n - 1)))

    @property
    def stderr(self) -> float:
        return self.std / float(np.sqrt(self.n))


def simulate(n_hands: int, rng: np.random.Generator, *, player_k: int = 10,
             banker_k: int = 10, batch: int = 250_000) -> Tally:
    """Play ``n_hands`` independent hands in batches; the tally of the player's gains."""
    tally = Tally()
    left = n_hands
    while left > 0:
        size = min(batch, left)
        tally.add(play(shuffled_decks(size, rng), player_k, banker_k))
        left -= size
    return tally
