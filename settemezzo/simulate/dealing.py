"""The cards of the compiled engine: random numbers, the deck dealt card by card, the hands.

**Cards.** Card ``id = 10 * suit + rank`` (suits ♠ ♥ ♦ ♣, ranks A..7 then J Q K), so the K♦
is 29. ``KIND[id]`` is the card's `settemezzo.cards.Kind` value (0 figure, 1..7, 8 the wild
K♦ - under ``wild_king`` only; otherwise the K♦ is a plain figure, kind 0), ``VAL[id]`` its
value in half-points.

**Random numbers.** xoshiro256** seeded from a numpy `Generator` (four 64-bit words per
chunk); integers by Lemire's multiply-and-reject method (exactly uniform).

**Dealing.** The stock is ``deck[pos:end]``; each card dealt is drawn uniformly from it (a
lazy Fisher-Yates shuffle), so a fresh shuffle costs nothing. With ``when_exhausted``, the
cards of finished hands (and burnt cards) go to a discard pile, which becomes the stock when
the stock runs out, mid-hand if need be (seed 000: "shuffle the cards already used - not
those in the hands - and go on").

**Hands.** A hand slot's cards in ``HC`` and its running facts in ``H`` (`Hand`): face
value, wild K♦, sevens; its total, score and settlement as `settemezzo.hands` has them.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from settemezzo.simulate.jit import inline_jit, jit
from settemezzo.simulate.layout import (
    NH,
    SC_BUST,
    SC_PAIR,
    SC_ROYAL,
    Acc,
    Conf,
    Hand,
    State,
)

__all__ = [
    "VALK",
    "add_card",
    "below",
    "burnable",
    "clear_hand",
    "deal",
    "discard",
    "finished",
    "hand_finished",
    "hand_score",
    "remove_last",
    "reset_deck",
    "score",
    "settle",
    "total",
    "uniform",
]


VALK = np.array([1, 2, 4, 6, 8, 10, 12, 14, 1], dtype=np.int64)
"""Value in half-points of each kind (the K♦ at its face value, ½)."""


@inline_jit
def _next(R: Any) -> Any:
    s0, s1, s2, s3 = R[0], R[1], R[2], R[3]
    x = s1 * np.uint64(5)
    result = ((x << np.uint64(7)) | (x >> np.uint64(57))) * np.uint64(9)
    t = s1 << np.uint64(17)
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = (s3 << np.uint64(45)) | (s3 >> np.uint64(19))
    R[0], R[1], R[2], R[3] = s0, s1, s2, s3
    return result


@inline_jit
def below(R: Any, m: int) -> int:
    """A uniform integer in [0, m), 0 < m < 2**32 (Lemire 2019, with rejection)."""
    mm = np.uint64(m)
    mask = np.uint64(0xFFFFFFFF)
    p = (_next(R) >> np.uint64(32)) * mm
    low = p & mask
    if low < mm:
        thresh = (np.uint64(0x100000000) - mm) % mm
        while low < thresh:
            p = (_next(R) >> np.uint64(32)) * mm
            low = p & mask
    return int(p >> np.uint64(32))


@jit
def uniform(R: Any) -> float:
    """A uniform float in [0, 1) with 53 random bits."""
    return float(_next(R) >> np.uint64(11)) * (1.0 / 9007199254740992.0)


@jit
def total(face: int, wild: int) -> int:
    """Best total in half-points (`settemezzo.hands.total`): the wild K♦ takes the value,
    ½ or 1..7, giving the highest total not over 7½; bust only if bust with it as ½."""
    if wild == 0 or face > 15:
        return face
    rest = face - 1
    t = 15 - rest
    if t >= 14:
        v = 14
    elif t % 2 == 0:
        v = t
    elif t == 1:
        v = 1
    else:
        v = t - 1
    return rest + v


@inline_jit
def score(C: Any, face: int, wild: int, sev: int, n: int) -> int:
    """`settemezzo.hands.score`: 0 bust, 1..15, 16 royal 7½, 17 pair of sevens."""
    if C[Conf.PAIR] == 1 and n == 2 and sev == 2:
        return SC_PAIR
    t = total(face, wild)
    if t > 15:
        return SC_BUST
    if C[Conf.ROYAL] == 1 and n == 2 and t == 15 and (sev > 0 or wild > 0):
        return SC_ROYAL
    return t


@jit
def finished(C: Any, face: int, wild: int, sev: int, n: int) -> bool:
    """The turn ends by itself: 7½ or more (bust), or a pair of sevens."""
    if C[Conf.PAIR] == 1 and n == 2 and sev == 2:
        return True
    return total(face, wild) >= 15


@jit
def settle(C: Any, p: int, b: int) -> int:
    """`settemezzo.hands.settle`: the player's gain in stakes for scores ``p`` and ``b``."""
    if p == SC_BUST:
        return -1
    if b == SC_BUST:
        return 3 if p == SC_PAIR else (2 if p == SC_ROYAL else 1)
    if p > b:
        if p == SC_PAIR:
            return 3
        if p == SC_ROYAL:
            return 2
        if p == 15:
            return int(C[Conf.SEVEN_PAYS])
        return 1
    if p == b and C[Conf.TIES] == 1 and p != SC_ROYAL and p != SC_PAIR:
        return 0
    return -1


@inline_jit
def hand_score(C: Any, H: Any, slot: int) -> int:
    """The score of the hand in ``slot`` (`score` of its running facts)."""
    return score(C, H[slot, Hand.FACE], H[slot, Hand.WILD], H[slot, Hand.SEV], H[slot, Hand.N])


@inline_jit
def hand_finished(C: Any, H: Any, slot: int) -> bool:
    """Whether the hand in ``slot`` is over without a decision (`finished`)."""
    return finished(C, H[slot, Hand.FACE], H[slot, Hand.WILD], H[slot, Hand.SEV], H[slot, Hand.N])


@jit
def clear_hand(H: Any, slot: int, seat: int, pidx: int, pub0: int) -> None:
    """An empty hand in ``slot`` for ``seat`` (player ``pidx`` in playing order), no card face
    down, at the empty public state ``pub0`` of the equilibrium tables."""
    for f in range(NH):
        H[slot, f] = 0
    H[slot, Hand.HID] = -1
    H[slot, Hand.SEAT] = seat
    H[slot, Hand.PIDX] = pidx
    H[slot, Hand.INFO] = -1
    H[slot, Hand.ETY] = -1
    H[slot, Hand.EIN] = -1
    H[slot, Hand.PUB] = pub0


@jit
def add_card(H: Any, HC: Any, slot: int, card: int, hidden: bool, KIND: Any, VAL: Any) -> None:
    """Put ``card`` into the hand in ``slot`` (face down if ``hidden``), updating its facts."""
    n = H[slot, Hand.N]
    HC[slot, n] = card
    H[slot, Hand.N] = n + 1
    H[slot, Hand.FACE] += VAL[card]
    k = KIND[card]
    if k == 8:
        H[slot, Hand.WILD] += 1
    elif k == 7:
        H[slot, Hand.SEV] += 1
    if hidden:
        H[slot, Hand.HID] = n


@jit
def remove_last(H: Any, HC: Any, slot: int, KIND: Any, VAL: Any) -> int:
    """Take the last card out of the hand in ``slot`` (a burnt card, a split figure); its id."""
    n = H[slot, Hand.N] - 1
    card = HC[slot, n]
    H[slot, Hand.N] = n
    H[slot, Hand.FACE] -= VAL[card]
    k = KIND[card]
    if k == 8:
        H[slot, Hand.WILD] -= 1
    elif k == 7:
        H[slot, Hand.SEV] -= 1
    if H[slot, Hand.HID] == n:
        H[slot, Hand.HID] = -1
    return int(card)


@jit
def burnable(C: Any, kind: int) -> bool:
    """A face-down first card of ``kind`` its owner may throw away (`Rules.may_burn`, as the
    bits of ``C[Conf.BURN]``)."""
    return bool((C[Conf.BURN] >> kind) & 1 == 1)


@jit
def reset_deck(S: Any, deck: Any) -> None:
    """A whole deck of 40 cards as the stock, and no discards."""
    for i in range(40):
        deck[i] = i
    S[State.POS] = 0
    S[State.END] = 40
    S[State.NDISC] = 0


@inline_jit
def deal(S: Any, deck: Any, disc: Any, R: Any, FORCED: Any, A: Any) -> int:
    """The next card from the stock (-1 if no card is left anywhere)."""
    if S[State.POS] >= S[State.END]:
        nd = S[State.NDISC]
        if nd == 0:
            A[Acc.NOCARD] += 1
            return -1
        for i in range(nd):
            deck[i] = disc[i]
        S[State.POS] = 0
        S[State.END] = nd
        S[State.NDISC] = 0
        A[Acc.RESHUF] += 1
    pos = S[State.POS]
    end = S[State.END]
    fi = S[State.FORCED]
    if fi < FORCED.shape[0]:
        want = FORCED[fi]
        S[State.FORCED] = fi + 1
        j = -1
        for t in range(pos, end):
            if deck[t] == want:
                j = t
                break
        if j < 0:
            raise ValueError("a forced card is not in the stock")
    else:
        j = pos + below(R, end - pos)
    c = deck[j]
    deck[j] = deck[pos]
    deck[pos] = c
    S[State.POS] = pos + 1
    return int(c)


@jit
def discard(S: Any, disc: Any, card: int) -> None:
    """Put ``card`` on the discard pile."""
    disc[S[State.NDISC]] = card
    S[State.NDISC] += 1
