"""The compiled hot loop: whole sessions of hands, played card by card (numba).

Everything here works on flat integer arrays so that numba can compile it (``cache=True``,
``nogil=True``: chunks run side by side in threads). The Python side (`settemezzo.simulate`)
builds the arrays from a `Rules` value and the seats' strategies, and reads the results.

**A state machine.** `run` advances the table until the requested number of sessions is
played, or until a seat played by a person must decide: it then returns `NEED`, with the
request in the state array; the caller supplies the answer and calls `run` again. Each pass
of the loop makes at most one decision and changes nothing before it, so a request can be
answered and resumed at the same point. Bots decide inside the loop.

**Cards.** Card ``id = 10 * suit + rank`` (suits ♠ ♥ ♦ ♣, ranks A..7 then J Q K), so the K♦
is 29. ``KIND[id]`` is the card's `settemezzo.cards.Kind` value (0 figure, 1..7, 8 the wild
K♦ - under ``wild_king`` only; otherwise the K♦ is a plain figure, kind 0), ``VAL[id]`` its
value in half-points.

**Dealing.** The stock is ``deck[pos:end]``; each card dealt is drawn uniformly from it (a
lazy Fisher-Yates shuffle), so a fresh shuffle costs nothing. With ``when_exhausted``, the
cards of finished hands (and burnt cards) go to a discard pile, which becomes the stock when
the stock runs out, mid-hand if need be (seed 000: "shuffle the cards already used - not
those in the hands - and go on").

**Random numbers.** xoshiro256** seeded from a numpy `Generator` (four 64-bit words per
chunk); integers by Lemire's multiply-and-reject method (exactly uniform).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numba
import numpy as np

from settemezzo.hands import SCORES, Score

F = TypeVar("F", bound=Callable[..., Any])


def _jit(fn: F) -> F:
    """``numba.njit(cache=True, nogil=True)`` without numba's reference counting, typed for
    mypy.

    The engine never allocates (every array comes from the caller), so it needs no
    reference counts; without them each call passing arrays saves atomic increments and
    decrements, which cost more than a whole deal (measured: 35 ns against 2.5 ns a card).
    """
    njit: Any = numba.njit  # ``_nrt`` is not in numba's type hints
    return cast(F, njit(cache=True, nogil=True, _nrt=False)(fn))


def _phase(fn: F) -> F:
    """`_jit`, inlined into its caller by numba (``inline="always"``): the phases of `run`
    take the grouped arrays as tuples, which a real call would copy (measured: 4x slower)."""
    njit: Any = numba.njit
    return cast(F, njit(cache=True, nogil=True, _nrt=False, inline="always")(fn))


# ---------------------------------------------------------------------------------------------
# Layout of the arrays (indices are compile-time constants)
# ---------------------------------------------------------------------------------------------

NSEAT = 8          # people at the table at most (banker included)
MAXSPLIT = 12      # hands per player at most (split_figures)
NSLOT = 1 + (NSEAT - 1) * MAXSPLIT   # slot 0: the banker; player i: 1 + i*MAXSPLIT + j
MAXC = 16          # cards in one hand at most (12 figures and an ace make 7, then one more)
NK = 9             # kinds: 0 figure, 1..7, 8 the wild K♦
NSC = int(SCORES)  # scores: 0 bust, 1..15 totals, 16 royal 7½, 17 pair of sevens
SC_BUST, SC_ROYAL, SC_PAIR = int(Score.BUST), int(Score.ROYAL), int(Score.PAIR_OF_SEVENS)
NLOG = 1024        # decisions logged per hand for the table banker's posterior
NREC = 10 + 8      # fields of a hand record (the last NSEAT: each seat's chips after it)
NSESSF = 2 + 2 * NSEAT  # fields of a session record

# C: configuration (rules and run)
C_NSEATS = 0
C_ROYAL = 1
C_WILD = 2
C_PAIR = 3
C_BURN = 4           # bit k set: a face-down first card of kind k may be burnt (Rules.burn_mask)
C_TIES = 5
C_SWAP = 6
C_SPLITMAX = 7
C_STAKE_AFTER = 8
C_SEVEN_PAYS = 9
C_EXHAUST = 10       # 1: reshuffle when exhausted, 0: every hand
C_PASSING = 11       # 0 seven_half, 1 rotate, 2 keep
C_LIMITED = 12       # 1: chips are real (stakes capped, elimination); 0: unlimited credit
C_START = 13         # starting chips per seat
C_HANDS = 14         # hands per session at most
C_NSESS = 15         # sessions to play
C_SALE_PRICE = 16    # keep-the-bank sale: price in chips (0: never sold)
C_SALE_AFTER = 17    # ... after the banker has held the bank this many hands
C_PAUSE = 18         # 1: return HAND_DONE after every hand (the classroom table)
C_HAVE_EQP = 19      # equilibrium player tables present
C_HAVE_EQB = 20      # equilibrium banker tables present
C_PUB0 = 21          # index of the empty public state in the equilibrium tables
C_LOG = 22           # 1: log decisions (a table banker sits at the table)
NC = 23

# SP: per seat
SP_PKIND = 0   # as a player: 0 threshold, 1 equilibrium table, 2 person
SP_PK = 1      # threshold in half-points
SP_BKIND = 2   # as banker: 0 threshold, 1 omniscient, 2 equilibrium, 3 table, 4 person
SP_BK = 3
SP_BURN = 4    # a player burns a burnable first card
SP_BBURN = 5   # as banker, burns
SP_SPLIT = 6   # splits two figures
SP_SWAP = 7    # turns the hidden card up on every hit (swap_hidden)
SP_HUMAN = 8   # bit mask of the decisions a person takes (D_*)
SP_MKIND = 9   # how a table banker models this seat: 0 threshold, 1 equilibrium table
SP_MK = 10
NSP = 11

P_THRESHOLD, P_EQUILIBRIUM = 0, 1
B_THRESHOLD, B_OMNISCIENT, B_EQUILIBRIUM, B_TABLE = 0, 1, 2, 3

# decisions
D_STAKE = 0
D_BURN = 1
D_SPLIT = 2
D_ACTION = 3       # stand 0, hit 1, hit taking the new card face down (swap) 2
D_BANK_ACTION = 4  # stand 0, hit 1
D_BANK_BURN = 5

# S: state scalars
S_PHASE = 0
S_SESS = 1
S_HANDNO = 2
S_BANKER = 3
S_NPLAY = 4
S_CUR = 5
S_POS = 6
S_END = 7
S_NDISC = 8
S_HAVE = 9
S_ACT = 10
S_REQ_TYPE = 11
S_REQ_SEAT = 12
S_REQ_SLOT = 13
S_TEN_LEN = 14
S_TEN_GAIN = 15
S_PLAN = 16
S_LOGN = 17
S_FORCED = 18
S_HG = 19          # the banker's gain so far this hand
S_LO = 20
S_HI = 21
S_BSTART = 22
S_BBURN = 23
S_TOTAL = 24       # chips at the table (conserved)
S_BANK_CHANGES = 25
S_STAMP = 26
S_REC = 27
S_BPLAYED = 28
S_LASTB = 29       # banker of the hand just settled (for the caller)
S_PASS = 30        # how the bank moved after it: 0 kept, 1 7½, 2 rotation, 3 elimination, 4 sale
S_BBURNT = 31      # the card the banker burnt this hand (id), -1 if none
NS = 32

PH_SESSION, PH_HAND, PH_STAKE, PH_DEAL, PH_STAKE2, PH_TURN, PH_BANK, PH_SETTLE = range(8)
DONE, NEED, HAND_DONE = 0, 1, 2

# H: per hand slot
H_N = 0
H_HID = 1      # position of the face-down card in the hand, -1 if every card is visible
H_STAT = 2
H_STAKE = 3
H_SEAT = 4
H_FACE = 5     # face value in half-points (the K♦ as ½)
H_WILD = 6     # wild K♦ in the hand (0/1)
H_SEV = 7      # sevens in the hand
H_INFO = 8     # equilibrium player information set (-1: none)
H_PUB = 9      # equilibrium public state of the face-up cards
H_NODE = 10    # banker node (multiset of the banker's cards)
H_SPLITQ = 11  # a split may be asked for
H_PIDX = 12
H_SCORE = 13
H_GAIN = 14    # the player's gain on this hand, in chips
H_ETY = 15     # how its face-down card came (equilibrium tables): EQ_ROOT, EQ_BURN, EQ_SWAP
#                or -1 (no decision of the tables: a split hand)
H_EIN = 16     # ... from which information set (EQ_BURN, EQ_SWAP)
H_SIDX = 17    # the exact game's stake index of the hand (`strategies.PlayerTables.stakes`)
NH = 18

ST_OPEN, ST_STOOD, ST_SHOWN, ST_BUST = 0, 1, 2, 3

# PL: per player (in playing order)
PL_SEAT = 0
PL_FIRST = 1
PL_NH = 2
PL_CUR = 3
PL_BURN = 4
PL_BURNT = 5   # the card this player burnt this hand (id), -1 if none
PL_HIDQ = 6    # after a split: the next card dealt to this player goes face down
NPL = 7

# LOG: the decisions of the hand (for the table banker's posterior)
LG_TYPE = 0
LG_PIDX = 1
LG_SLOT = 2
LG_N = 3
LG_HID = 4     # the card face down in that hand when deciding (id), -1 if none
LG_ACT = 5
LG_LO = 6
LG_HI = 7
LG_CHIPS = 8
LG_SEAT = 9
LG_ETY = 10    # H_ETY, H_EIN and H_SIDX of the hand when deciding
LG_EIN = 11
LG_SIDX = 12
NLG = 13

# the equilibrium player's tables (`settemezzo.simulate.strategies.PlayerTables`):
# EQN[how, info, kind] -> info; EQP[what, info]; EQR[stake index, kind] -> info
EQ_UP, EQ_BURN, EQ_SWAP = 0, 1, 2
EQ_ROOT = 3        # H_ETY of a first card (EQR)
EP_HIT, EP_SWAP, EP_BURN, EP_SPLIT, EP_STAKE = 0, 1, 2, 3, 4

# A: accumulators (exact integer sums)
A_HANDS = 0
A_PH = 1        # player-hands (one player in one hand, split hands together)
A_G = 2         # banker's gain (chips), summed over hands
A_G2 = 3
A_S = 4         # stakes
A_S2 = 5
A_GS = 6
A_PBUST = 7     # player hands that bust
A_P75 = 8       # player hands on 7½ (royal included) or a pair of sevens
A_BBUST = 9     # banker busts (when it played)
A_BPLAY = 10    # hands in which the banker played
A_UNPAID = 11   # chips a banker owed but did not have
A_TEN_N = 12    # completed bank tenures
A_TEN_G = 13
A_TEN_G2 = 14
A_TEN_L = 15
A_TEN_L2 = 16
A_SPLITS = 17
A_BURNS = 18
A_SWAPS = 19
A_RESHUF = 20
A_NOCARD = 21
A_VIOL = 22     # chip-conservation violations (must stay 0)
A_SESS = 23
A_ELIM = 24
A_SALES = 25
A_TAKE75 = 26   # bank taken over by a 7½
A_PHANDS = 27   # player hands (split hands counted one by one)
A_TEN_GL = 28
NA = 32

# POSA: per playing position (0 = the banker's right): the banker's gain from it
PA_N = 0
PA_G = 1
PA_G2 = 2
PA_S = 3
PA_S2 = 4
PA_GS = 5
NPA = 6

# SEATA: per seat
SA_BN = 0   # hands as banker
SA_BG = 1
SA_BG2 = 2
SA_PN = 3   # hands as a player
SA_PG = 4
SA_PG2 = 5
SA_PS = 6
NSA = 8

_VALK = np.array([1, 2, 4, 6, 8, 10, 12, 14, 1], dtype=np.int64)
"""Value in half-points of each kind (the K♦ at its face value, ½)."""


# ---------------------------------------------------------------------------------------------
# Random numbers: xoshiro256** (Blackman and Vigna), Lemire's bounded integers
# ---------------------------------------------------------------------------------------------


@_jit
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


@_jit
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


@_jit
def uniform(R: Any) -> float:
    """A uniform float in [0, 1) with 53 random bits."""
    return float(_next(R) >> np.uint64(11)) * (1.0 / 9007199254740992.0)


# ---------------------------------------------------------------------------------------------
# Hands
# ---------------------------------------------------------------------------------------------


@_jit
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


@_jit
def score(C: Any, face: int, wild: int, sev: int, n: int) -> int:
    """`settemezzo.hands.score`: 0 bust, 1..15, 16 royal 7½, 17 pair of sevens."""
    if C[C_PAIR] == 1 and n == 2 and sev == 2:
        return SC_PAIR
    t = total(face, wild)
    if t > 15:
        return SC_BUST
    if C[C_ROYAL] == 1 and n == 2 and t == 15 and (sev > 0 or wild > 0):
        return SC_ROYAL
    return t


@_jit
def finished(C: Any, face: int, wild: int, sev: int, n: int) -> bool:
    """The turn ends by itself: 7½ or more (bust), or a pair of sevens."""
    if C[C_PAIR] == 1 and n == 2 and sev == 2:
        return True
    return total(face, wild) >= 15


@_jit
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
            return int(C[C_SEVEN_PAYS])
        return 1
    if p == b and C[C_TIES] == 1 and p != SC_ROYAL and p != SC_PAIR:
        return 0
    return -1


@_jit
def _hand_score(C: Any, H: Any, slot: int) -> int:
    return score(C, H[slot, H_FACE], H[slot, H_WILD], H[slot, H_SEV], H[slot, H_N])


@_jit
def _hand_finished(C: Any, H: Any, slot: int) -> bool:
    return finished(C, H[slot, H_FACE], H[slot, H_WILD], H[slot, H_SEV], H[slot, H_N])


@_jit
def _clear(H: Any, slot: int, seat: int, pidx: int, pub0: int) -> None:
    for f in range(NH):
        H[slot, f] = 0
    H[slot, H_HID] = -1
    H[slot, H_SEAT] = seat
    H[slot, H_PIDX] = pidx
    H[slot, H_INFO] = -1
    H[slot, H_ETY] = -1
    H[slot, H_EIN] = -1
    H[slot, H_PUB] = pub0


@_jit
def _add(H: Any, HC: Any, slot: int, card: int, hidden: bool, KIND: Any, VAL: Any) -> None:
    n = H[slot, H_N]
    HC[slot, n] = card
    H[slot, H_N] = n + 1
    H[slot, H_FACE] += VAL[card]
    k = KIND[card]
    if k == 8:
        H[slot, H_WILD] += 1
    elif k == 7:
        H[slot, H_SEV] += 1
    if hidden:
        H[slot, H_HID] = n


@_jit
def _remove_last(H: Any, HC: Any, slot: int, KIND: Any, VAL: Any) -> int:
    n = H[slot, H_N] - 1
    card = HC[slot, n]
    H[slot, H_N] = n
    H[slot, H_FACE] -= VAL[card]
    k = KIND[card]
    if k == 8:
        H[slot, H_WILD] -= 1
    elif k == 7:
        H[slot, H_SEV] -= 1
    if H[slot, H_HID] == n:
        H[slot, H_HID] = -1
    return int(card)


@_jit
def burnable(C: Any, kind: int) -> bool:
    """A face-down first card of ``kind`` its owner may throw away (`Rules.may_burn`, as the
    bits of ``C[C_BURN]``)."""
    return bool((C[C_BURN] >> kind) & 1 == 1)


# ---------------------------------------------------------------------------------------------
# Dealing
# ---------------------------------------------------------------------------------------------


@_jit
def _reset_deck(S: Any, deck: Any) -> None:
    for i in range(40):
        deck[i] = i
    S[S_POS] = 0
    S[S_END] = 40
    S[S_NDISC] = 0


@_jit
def _deal(S: Any, deck: Any, disc: Any, R: Any, FORCED: Any, A: Any) -> int:
    """The next card from the stock (-1 if no card is left anywhere)."""
    if S[S_POS] >= S[S_END]:
        nd = S[S_NDISC]
        if nd == 0:
            A[A_NOCARD] += 1
            return -1
        for i in range(nd):
            deck[i] = disc[i]
        S[S_POS] = 0
        S[S_END] = nd
        S[S_NDISC] = 0
        A[A_RESHUF] += 1
    pos = S[S_POS]
    end = S[S_END]
    fi = S[S_FORCED]
    if fi < FORCED.shape[0]:
        want = FORCED[fi]
        S[S_FORCED] = fi + 1
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
    S[S_POS] = pos + 1
    return int(c)


@_jit
def _discard(S: Any, disc: Any, card: int) -> None:
    disc[S[S_NDISC]] = card
    S[S_NDISC] += 1


# ---------------------------------------------------------------------------------------------
# Stakes and the players' bots
# ---------------------------------------------------------------------------------------------


@_jit
def stake_for(ST: Any, seat: int, idx: int, lo: int, hi: int, chips: int, limited: int) -> int:
    """The stake of a seat's policy: ``ST[seat, idx]`` is 0 (minimum), -1 (maximum) or a
    number of chips; ``idx`` is the first card's kind, 9 before the deal."""
    code = ST[seat, idx]
    if code == 0:
        s = lo
    elif code < 0:
        s = hi
    else:
        s = min(max(int(code), lo), hi)
    if limited == 1 and s > chips:
        s = chips
    return s


@_jit
def _eq_entry(EQR: Any, EQN: Any, ety: int, ein: int, sidx: int, kind: int) -> int:
    """The equilibrium information set of a face-down card of ``kind`` that came as ``ety``
    (`EQ_ROOT`: the first card, at stake index ``sidx``; `EQ_BURN`, `EQ_SWAP`: after
    burning or a swap at information set ``ein``); -1 if the tables have none."""
    if ety == EQ_ROOT:
        return int(EQR[sidx, kind]) if sidx < EQR.shape[0] else -1
    if ety in (EQ_BURN, EQ_SWAP) and ein >= 0:
        return int(EQN[ety, ein, kind])
    return -1


@_jit
def _eq_walk(EQR: Any, EQN: Any, KIND: Any, LOG: Any, LOGC: Any, e: int, hid: int,
             h: int) -> int:
    """The equilibrium information set of logged decision ``e`` had its face-down card
    ``hid`` been of kind ``h``: its entry (`_eq_entry`), then the cards after it, all taken
    face up while it stayed face down."""
    node = _eq_entry(EQR, EQN, LOG[e, LG_ETY], LOG[e, LG_EIN], LOG[e, LG_SIDX], h)
    after = False
    for t in range(LOG[e, LG_N]):
        if node < 0:
            return -1
        c = LOGC[e, t]
        if after:
            node = EQN[EQ_UP, node, KIND[c]]
        elif c == hid:
            after = True
    return int(node)


@_jit
def _sample(R: Any, p: float) -> int:
    """1 with chance ``p`` (no random number for a sure choice)."""
    if p >= 1.0:
        return 1
    if p <= 0.0:
        return 0
    return 1 if uniform(R) < p else 0


@_jit
def _stake_chips(idx: int, n: int, lo: int, hi: int) -> int:
    """The chips of the exact game's stake index ``idx`` (of ``n``) in a round with limits
    ``lo``..``hi``: the same place between the limits, nearest chip (halves up); in round 1
    the exact game's own stakes."""
    if n <= 1:
        return lo
    return lo + (2 * idx * (hi - lo) + (n - 1)) // (2 * (n - 1))


@_jit
def _stake_index(chips: int, n: int, lo: int, hi: int) -> int:
    """The exact game's stake index nearest to ``chips`` (the inverse of `_stake_chips`)."""
    if n <= 1 or hi <= lo:
        return 0
    idx = (2 * (chips - lo) * (n - 1) + (hi - lo)) // (2 * (hi - lo))
    return int(min(max(idx, 0), n - 1))


@_jit
def _eq_stake(EQR: Any, EQP: Any, R: Any, kind: int) -> int:
    """The equilibrium's stake index for a first card of ``kind`` (drawn when mixed)."""
    n = EQR.shape[0]
    for j in range(n):
        node = EQR[j, kind]
        if node >= 0 and EQP[EP_STAKE, node] >= 1.0:
            return j
    u = uniform(R)
    cum = 0.0
    last = 0
    for j in range(n):
        node = EQR[j, kind]
        if node >= 0 and EQP[EP_STAKE, node] > 0.0:
            cum += EQP[EP_STAKE, node]
            last = j
            if u < cum:
                return j
    return last


# ---------------------------------------------------------------------------------------------
# The banker's plan: optimal stopping over its own cards (omniscient and table bankers)
# ---------------------------------------------------------------------------------------------


@_jit
def plan(NNEXT: Any, NCNT: Any, NSIZE: Any, NSCO: Any, NCHSC: Any, j0: int, POOL: Any,
         W: Any, nm: int, P: Any, Q: Any, BEST: Any, ORD: Any, MARK: Any, stamp: int,
         force_hit: bool) -> float:
    """The banker's best play from its hand ``j0`` (a node: a multiset of its cards).

    There are ``nm`` *measures*: measure ``m`` draws the banker's cards from the pool
    ``POOL[m, :9]`` (counts per kind, total in ``POOL[m, 9]``), and ``W[m, s]`` is the
    banker's gain, weighted by that measure's belief, if the banker ends on score ``s``. The
    banker's value is the sum over measures; the best stopping rule on multisets is found by
    backward induction (the chance of an ordered draw sequence depends only on its multiset,
    so the value of a node does not depend on the path to it). ``BEST[j]`` is set to 1 where
    hitting is strictly better than standing, for ``j0`` and every node after it. Returns
    the value at ``j0``; with ``force_hit`` the banker must draw there (the empty hand, or
    a hand whose only card was just burnt).
    """
    nk = NNEXT.shape[1]
    ORD[0] = j0
    MARK[j0] = stamp
    for m in range(nm):
        P[m, j0] = 1.0
    head = 0
    tail = 1
    while head < tail:
        j = ORD[head]
        head += 1
        drawn = NSIZE[j] - NSIZE[j0]
        for k in range(nk):
            c = NNEXT[j, k]
            if c < 0 or MARK[c] == stamp:
                continue
            MARK[c] = stamp
            ORD[tail] = c
            tail += 1
            dk = NCNT[j, k] - NCNT[j0, k]
            for m in range(nm):
                avail = POOL[m, k] - dk
                tot = POOL[m, 9] - drawn
                P[m, c] = P[m, j] * avail / tot if avail > 0 and tot > 0 else 0.0
    for t in range(tail - 1, -1, -1):
        j = ORD[t]
        drawn = NSIZE[j] - NSIZE[j0]
        s = NSCO[j]
        stand = 0.0
        for m in range(nm):
            stand += P[m, j] * W[m, s]
        hit = 0.0
        can = False
        for k in range(nk):
            c = NNEXT[j, k]
            cs = NCHSC[j, k]
            if c < 0 and cs < 0:
                continue  # no such card left in the deck
            dk = NCNT[j, k] - NCNT[j0, k]
            possible = False
            for m in range(nm):
                avail = POOL[m, k] - dk
                tot = POOL[m, 9] - drawn
                if avail > 0 and tot > 0:
                    possible = True
                    if c < 0:
                        hit += P[m, j] * avail / tot * W[m, cs]
            if possible:
                can = True
                if c >= 0:
                    hit += Q[c]
        if can and (hit > stand or (force_hit and j == j0)):
            BEST[j] = 1
            Q[j] = hit
        else:
            BEST[j] = 0
            Q[j] = stand
    return float(Q[j0])


@_jit
def _likelihood(C: Any, SP: Any, ST: Any, EQR: Any, EQN: Any, EQP: Any, KIND: Any, VAL: Any,
                LOG: Any, LOGC: Any, nlog: int, pidx: int, hid: int, h: int) -> float:
    """The chance of the decisions a player was seen to take (stakes, burning, splitting,
    standing and hitting) had the face-down card ``hid`` been of kind ``h``, under the
    strategy the banker knows for that seat. Decisions taken before that card was dealt or
    while another card was face down do not depend on it and are skipped."""
    like = 1.0
    hv = _VALK[h]
    hw = 1 if h == 8 else 0
    hs = 1 if h == 7 else 0
    for e in range(nlog):
        if LOG[e, LG_PIDX] != pidx or LOG[e, LG_HID] != hid:
            continue
        seat = LOG[e, LG_SEAT]
        n = LOG[e, LG_N]
        face = 0
        wild = 0
        sev = 0
        other = -1
        for t in range(n):
            card = LOGC[e, t]
            if card == hid:
                face += hv
                wild += hw
                sev += hs
            else:
                other = card
                face += VAL[card]
                k = KIND[card]
                if k == 8:
                    wild += 1
                elif k == 7:
                    sev += 1
        typ = LOG[e, LG_TYPE]
        act = LOG[e, LG_ACT]
        eq = SP[seat, SP_MKIND] == P_EQUILIBRIUM
        node = _eq_walk(EQR, EQN, KIND, LOG, LOGC, e, hid, h) if eq else -1
        if typ == D_ACTION:
            if finished(C, face, wild, sev, n):
                return 0.0   # the hand would have ended by itself
            if node >= 0:
                p_hit = EQP[EP_HIT, node]
                if act == 0:
                    like *= 1.0 - p_hit
                else:
                    p_swap = EQP[EP_SWAP, node]
                    like *= p_hit * (p_swap if act == 2 else 1.0 - p_swap)
            else:  # a rule of thumb, or the equilibrium's (a split hand: docs/rules.md)
                p_hit = 1.0 if total(face, wild) < SP[seat, SP_MK] else 0.0
                like *= p_hit if act >= 1 else 1.0 - p_hit
        elif typ == D_STAKE:
            if eq and EQR.shape[0] > 1:
                like *= EQP[EP_STAKE, node] if node >= 0 else 0.0
            elif not eq:
                st = stake_for(ST, seat, h, LOG[e, LG_LO], LOG[e, LG_HI], LOG[e, LG_CHIPS],
                               C[C_LIMITED])
                if st != act:
                    return 0.0
        elif typ == D_BURN:
            if eq:
                p = EQP[EP_BURN, node] if burnable(C, h) and node >= 0 else 0.0
            else:
                p = 1.0 if burnable(C, h) and SP[seat, SP_BURN] == 1 else 0.0
            like *= p if act == 1 else 1.0 - p
        elif typ == D_SPLIT:
            figs = hv == 1 and other >= 0 and VAL[other] == 1
            if eq:
                p = EQP[EP_SPLIT, node] if figs and node >= 0 else 0.0
            else:
                p = 1.0 if figs and SP[seat, SP_SPLIT] == 1 else 0.0
            like *= p if act == 1 else 1.0 - p
        if like == 0.0:
            return 0.0
    return like


@_jit
def _log(C: Any, S: Any, H: Any, HC: Any, LOG: Any, LOGC: Any, typ: int, pidx: int, seat: int,
         slot: int, act: int, chips: int) -> None:
    if C[C_LOG] == 0:
        return
    e = S[S_LOGN]
    if e >= LOG.shape[0]:
        return
    S[S_LOGN] = e + 1
    n = H[slot, H_N]
    hp = H[slot, H_HID]
    LOG[e, LG_TYPE] = typ
    LOG[e, LG_PIDX] = pidx
    LOG[e, LG_SLOT] = slot
    LOG[e, LG_N] = n
    LOG[e, LG_HID] = HC[slot, hp] if hp >= 0 else -1
    LOG[e, LG_ACT] = act
    LOG[e, LG_LO] = S[S_LO]
    LOG[e, LG_HI] = S[S_HI]
    LOG[e, LG_CHIPS] = chips
    LOG[e, LG_SEAT] = seat
    LOG[e, LG_ETY] = H[slot, H_ETY]
    LOG[e, LG_EIN] = H[slot, H_EIN]
    LOG[e, LG_SIDX] = H[slot, H_SIDX]
    for t in range(n):
        LOGC[e, t] = HC[slot, t]


@_jit
def _pool(S: Any, KIND: Any, deck: Any, H: Any, HC: Any, PL: Any, pool: Any,
          omniscient: bool) -> None:
    """The cards the banker may still draw, per kind: the stock for the omniscient banker;
    for the table banker every card it has not seen (the stock and the face-down cards of
    the players who stood)."""
    for k in range(NK):
        pool[k] = 0.0
    for t in range(S[S_POS], S[S_END]):
        pool[KIND[deck[t]]] += 1.0
    if omniscient:
        return
    for i in range(S[S_NPLAY]):
        first = PL[i, PL_FIRST]
        for j in range(PL[i, PL_NH]):
            slot = first + j
            hp = H[slot, H_HID]
            if H[slot, H_STAT] == ST_STOOD and hp >= 0:
                pool[KIND[HC[slot, hp]]] += 1.0


@_jit
def posterior(C: Any, S: Any, SP: Any, ST: Any, KIND: Any, VAL: Any, EQR: Any, EQN: Any,
              EQP: Any, H: Any, HC: Any, LOG: Any, LOGC: Any, pidx: int, slot: int,
              pool: Any, out: Any) -> None:
    """The table banker's posterior of the face-down card of hand ``slot`` (player ``pidx``
    in playing order), per kind, into ``out[:9]``: the unseen cards ``pool`` times the
    chance of that player's decisions (`_likelihood`), normalised; the prior if no kind
    explains them (a person's choices)."""
    hid = HC[slot, H[slot, H_HID]]
    z = 0.0
    for h in range(NK):
        out[h] = 0.0
        if pool[h] > 0.0:
            out[h] = pool[h] * _likelihood(C, SP, ST, EQR, EQN, EQP, KIND, VAL, LOG, LOGC,
                                           S[S_LOGN], pidx, hid, h)
        z += out[h]
    if z <= 0.0:
        for h in range(NK):
            out[h] = pool[h]
            z += pool[h]
    for h in range(NK):
        out[h] /= z


@_jit
def posteriors(C: Any, S: Any, SP: Any, ST: Any, KIND: Any, VAL: Any, EQR: Any, EQN: Any,
               EQP: Any, deck: Any, H: Any, HC: Any, PL: Any, LOG: Any, LOGC: Any,
               pool: Any, OUT: Any) -> None:
    """Every posterior the table banker would use now: ``OUT[slot, :9]`` for each hand that
    stood with a face-down card (the other rows are left alone); ``pool`` is scratch (9)."""
    _pool(S, KIND, deck, H, HC, PL, pool, False)
    for i in range(S[S_NPLAY]):
        first = PL[i, PL_FIRST]
        for j in range(PL[i, PL_NH]):
            slot = first + j
            if H[slot, H_STAT] == ST_STOOD and H[slot, H_HID] >= 0:
                posterior(C, S, SP, ST, KIND, VAL, EQR, EQN, EQP, H, HC, LOG, LOGC, i, slot,
                          pool, OUT[slot])


@_jit
def _compact_measures(FW: Any, FPOOL: Any) -> int:
    """Keep only the measures (rows of ``FW`` and their pools) that carry weight, in order;
    returns how many are left."""
    nm = 0
    for m in range(10):
        used = False
        for s in range(NSC):
            if FW[m, s] != 0.0:
                used = True
                break
        if used:
            if nm != m:
                for s in range(NSC):
                    FW[nm, s] = FW[m, s]
                for k in range(10):
                    FPOOL[nm, k] = FPOOL[m, k]
            nm += 1
    return nm


@_jit
def _bank_plan(C: Any, S: Any, SP: Any, ST: Any, KIND: Any, VAL: Any, EQR: Any, EQN: Any,
               EQP: Any, NNEXT: Any, NCNT: Any, NSIZE: Any, NSCO: Any, NCHSC: Any,
               deck: Any, H: Any, HC: Any, PL: Any, LOG: Any, LOGC: Any, FPOOL: Any, FW: Any,
               FP: Any, FQ: Any, IB: Any, IORD: Any, IMARK: Any, omniscient: bool,
               root: int, force_hit: bool) -> float:
    """Fill ``IB`` with the banker's best play from hand ``root`` (its present hand, or the
    empty hand after burning its card, with ``force_hit``); return the banker's value.

    ``omniscient``: it knows every card, so it draws from the actual stock and knows every
    player's score. Otherwise (the table banker) it sees every face-up card and shown hand;
    the face-down card of each player who stood gets its exact posterior, given what the
    banker saw and that player's strategy (`_likelihood`); the banker then maximises the sum
    over players of its expected gain, each player's term computed under that player's
    posterior with the other face-down cards counted among the unseen cards (exact heads-up;
    with several players, what the others' decisions say about those cards is left out).
    """
    pool = FPOOL[11]
    like = FPOOL[12]
    _pool(S, KIND, deck, H, HC, PL, pool, omniscient)
    for m in range(10):
        for s in range(NSC):
            FW[m, s] = 0.0
    ptot = 0.0
    for k in range(NK):
        ptot += pool[k]
    for m in range(10):
        for k in range(NK):
            FPOOL[m, k] = pool[k]
        FPOOL[m, 9] = ptot
        if m >= 1:
            FPOOL[m, m - 1] -= 1.0
            FPOOL[m, 9] -= 1.0
    for i in range(S[S_NPLAY]):
        first = PL[i, PL_FIRST]
        for j in range(PL[i, PL_NH]):
            slot = first + j
            stat = H[slot, H_STAT]
            if stat != ST_STOOD and stat != ST_SHOWN:
                continue
            stake = float(H[slot, H_STAKE])
            hp = H[slot, H_HID]
            if omniscient or hp < 0:
                ps = _hand_score(C, H, slot)
                for s in range(NSC):
                    FW[0, s] -= stake * settle(C, ps, s)
                continue
            hid = HC[slot, hp]
            posterior(C, S, SP, ST, KIND, VAL, EQR, EQN, EQP, H, HC, LOG, LOGC, i, slot, pool,
                      like)
            face0 = H[slot, H_FACE] - VAL[hid]
            wild0 = H[slot, H_WILD] - (1 if KIND[hid] == 8 else 0)
            sev0 = H[slot, H_SEV] - (1 if KIND[hid] == 7 else 0)
            n = H[slot, H_N]
            for h in range(NK):
                if like[h] <= 0.0:
                    continue
                ps = score(C, face0 + _VALK[h], wild0 + (1 if h == 8 else 0),
                           sev0 + (1 if h == 7 else 0), n)
                w = like[h] * stake
                for s in range(NSC):
                    FW[1 + h, s] -= w * settle(C, ps, s)
    nm = _compact_measures(FW, FPOOL)
    S[S_STAMP] += 1
    value = plan(NNEXT, NCNT, NSIZE, NSCO, NCHSC, root, FPOOL, FW, nm, FP, FQ, IB, IORD,
                 IMARK, S[S_STAMP], force_hit)
    S[S_PLAN] = 1
    return value


@_jit
def _burn_is_better(C: Any, S: Any, SP: Any, ST: Any, KIND: Any, VAL: Any, EQR: Any, EQN: Any,
                    EQP: Any, NNEXT: Any, NCNT: Any, NSIZE: Any, NSCO: Any, NCHSC: Any,
                    deck: Any, H: Any, HC: Any, PL: Any, LOG: Any, LOGC: Any, FPOOL: Any,
                    FW: Any, FP: Any, FQ: Any, IB: Any, IORD: Any, IMARK: Any,
                    omniscient: bool) -> int:
    """The omniscient and table bankers burn when it is worth more: the value of drawing a
    fresh card against that of keeping this one. Leaves the plan of the choice in ``IB``."""
    j0 = H[0, H_NODE]
    keep = 0.0
    for step in range(3):  # keep, burn, keep again if keeping wins (one call: less code)
        burn = step == 1
        value = _bank_plan(C, S, SP, ST, KIND, VAL, EQR, EQN, EQP, NNEXT, NCNT, NSIZE, NSCO,
                           NCHSC, deck, H, HC, PL, LOG, LOGC, FPOOL, FW, FP, FQ, IB, IORD,
                           IMARK, omniscient, 0 if burn else j0, burn)
        if step == 0:
            keep = value
        elif step == 1 and value > keep:
            return 1
    return 0


# ---------------------------------------------------------------------------------------------
# The table
# ---------------------------------------------------------------------------------------------


@_jit
def _request(S: Any, typ: int, seat: int, slot: int) -> int:
    S[S_REQ_TYPE] = typ
    S[S_REQ_SEAT] = seat
    S[S_REQ_SLOT] = slot
    return NEED


@_jit
def _person(SP: Any, seat: int, typ: int) -> bool:
    return bool((SP[seat, SP_HUMAN] >> typ) & 1 == 1)


@_jit
def _take(S: Any) -> int:
    S[S_HAVE] = 0
    return int(S[S_ACT])


@_jit
def _yes_no(S: Any, R: Any, SP: Any, seat: int, typ: int, slot: int, field: int,
            p: float) -> int:
    """A seat's yes (1) or no (0) at the two-way decision ``typ`` (burn, split): a person's
    answer; else, for ``p`` >= 0, yes with chance ``p`` (the equilibrium's); else its
    policy's flag ``SP[seat, field]``. -1 when the person is asked now (`_request` made: the
    caller returns NEED)."""
    if not _person(SP, seat, typ):
        return _sample(R, p) if p >= 0.0 else int(SP[seat, field])
    if S[S_HAVE] == 0:
        _request(S, typ, seat, slot)
        return -1
    return 1 if _take(S) != 0 else 0


@_jit
def _transfer(chips: Any, src: int, dst: int, amount: int) -> None:
    chips[src] -= amount
    chips[dst] += amount


@_jit
def _next_active(active: Any, n: int, seat: int) -> int:
    for t in range(1, n + 1):
        s = (seat + t) % n
        if active[s] == 1:
            return s
    return seat


@_jit
def pass_bank(C: Any, S: Any, H: Any, PL: Any, active: Any) -> int:
    """Who holds the bank after the hand just scored (`settemezzo.rules.next_banker`, which
    the tests compare with this over every combination); sets ``S[S_PASS]`` to how it
    moved: 0 kept, 1 taken by a 7½, 2 rotation, 3 the banker eliminated.

    Reads each hand's ``H_SCORE``, the banker's (``H[0, H_SCORE]``, -1 if it did not play)
    and ``active`` after this hand's eliminations.
    """
    n = C[C_NSEATS]
    b = S[S_BANKER]
    npl = S[S_NPLAY]
    pas = C[C_PASSING]
    S[S_PASS] = 0
    if pas == 1:
        S[S_PASS] = 2
        return _next_active(active, n, b)   # the bank rotates anticlockwise
    bscore = H[0, H_SCORE]
    want = SC_ROYAL if C[C_ROYAL] == 1 else 15
    for i in range(npl):
        for j in range(PL[i, PL_NH]):
            sc = H[PL[i, PL_FIRST] + j, H_SCORE]
            if sc == want and sc > bscore:
                S[S_PASS] = 1
                return int(PL[i, PL_SEAT])
    if active[b] == 1:
        return int(b)
    S[S_PASS] = 3
    newb = _next_active(active, n, b)
    # a keeping banker (seven_half, keep) eliminated: the best result of the round
    best = 0
    for i in range(npl):
        seat = PL[i, PL_SEAT]
        if active[seat] == 0:
            continue
        for j in range(PL[i, PL_NH]):
            sc = H[PL[i, PL_FIRST] + j, H_SCORE]
            if sc > best:
                best = sc
                newb = seat
    return newb


# ---------------------------------------------------------------------------------------------
# The table, phase by phase. Every phase takes the grouped arrays:
#   K = (C, LIM, SP, ST, KIND, VAL)                  configuration, seats, cards
#   Q = (EQR, EQN, EQP, PUBN, EQB, NNEXT, NCNT, NSIZE, NSCO, NCHSC, NTOT)
#                                                    equilibrium tables, the banker's nodes
#   W = (S, R, deck, disc, chips, active, elim, H, HC, PL, LOG, LOGC, FORCED)  the table
#   T = (A, POSA, SEATA, SESS, REC)                  tallies and records
#   F = (FPOOL, FW, FP, FQ, IB, IORD, IMARK)         the banker's scratch arrays
# and returns `GO` (go on) or a status for the caller (`NEED`, `HAND_DONE`, `DONE`).
# ---------------------------------------------------------------------------------------------

GO = -1


@_phase
def _session(K: Any, W: Any) -> int:
    """A new session: chips, nobody eliminated, seat 0 holds the bank."""
    C = K[0]
    S, deck, chips, active, elim = W[0], W[2], W[4], W[5], W[6]
    if S[S_SESS] >= C[C_NSESS]:
        return DONE
    tot = 0
    for s in range(C[C_NSEATS]):
        chips[s] = C[C_START] if C[C_LIMITED] == 1 else 0
        active[s] = 1
        elim[s] = -1
        tot += chips[s]
    S[S_TOTAL] = tot
    S[S_HANDNO] = 0
    S[S_BANKER] = 0        # seat 0 holds the bank first; seats run anticlockwise
    S[S_TEN_LEN] = 0
    S[S_TEN_GAIN] = 0
    S[S_BANK_CHANGES] = 0
    _reset_deck(S, deck)
    S[S_PHASE] = PH_HAND
    return GO


@_phase
def _session_over(K: Any, W: Any, T: Any) -> bool:
    """Record the session if it is over (its hands played, or one seat left)."""
    C = K[0]
    S, chips, active, elim = W[0], W[4], W[5], W[6]
    A, SESS = T[0], T[3]
    n = C[C_NSEATS]
    nact = 0
    for s in range(n):
        nact += active[s]
    if S[S_HANDNO] < C[C_HANDS] and nact >= 2:
        return False
    r = S[S_SESS]
    if r < SESS.shape[0]:
        SESS[r, 0] = S[S_HANDNO]
        SESS[r, 1] = S[S_BANK_CHANGES]
        for s in range(n):
            SESS[r, 2 + s] = chips[s]
            SESS[r, 2 + NSEAT + s] = elim[s]
    A[A_SESS] += 1
    S[S_SESS] += 1
    S[S_PHASE] = PH_SESSION
    return True


@_phase
def _hand(K: Any, W: Any, T: Any) -> int:
    """A new hand: the players in playing order, the round's limits, empty hands."""
    C, LIM = K[0], K[1]
    S, deck, active, H, PL = W[0], W[2], W[5], W[7], W[9]
    if _session_over(K, W, T):
        return GO
    n = C[C_NSEATS]
    b = S[S_BANKER]
    npl = 0
    for t in range(1, n):
        s = (b + t) % n
        if active[s] == 1:
            PL[npl, PL_SEAT] = s
            npl += 1
    S[S_NPLAY] = npl
    rnd = min(S[S_HANDNO] + 1, LIM.shape[0] - 1)
    S[S_LO] = LIM[rnd, 0]
    S[S_HI] = LIM[rnd, 1]
    if C[C_EXHAUST] == 0:
        _reset_deck(S, deck)
    _clear(H, 0, b, -1, C[C_PUB0])
    for i in range(npl):
        slot = 1 + i * MAXSPLIT
        _clear(H, slot, PL[i, PL_SEAT], i, C[C_PUB0])
        PL[i, PL_FIRST] = slot
        PL[i, PL_NH] = 1
        PL[i, PL_CUR] = 0
        PL[i, PL_BURN] = 0
        PL[i, PL_BURNT] = -1
        PL[i, PL_HIDQ] = 0
    for f in (S_CUR, S_LOGN, S_HG, S_PLAN, S_BSTART, S_BBURN, S_BPLAYED):
        S[f] = 0
    S[S_BBURNT] = -1
    S[S_PHASE] = PH_DEAL if C[C_STAKE_AFTER] == 1 else PH_STAKE
    return GO


@_phase
def _stake(K: Any, Q: Any, W: Any) -> int:
    """The next player's stake (before the deal, or after the first card: the equilibrium
    player's is the exact game's, placed between the round's limits, `_stake_chips`)."""
    C, SP, ST, KIND = K[0], K[2], K[3], K[4]
    EQR, EQP = Q[0], Q[2]
    S, R, chips, H, HC, PL, LOG, LOGC = W[0], W[1], W[4], W[7], W[8], W[9], W[10], W[11]
    ph = S[S_PHASE]
    i = S[S_CUR]
    if i >= S[S_NPLAY]:
        S[S_CUR] = 0
        S[S_PHASE] = PH_DEAL if ph == PH_STAKE else PH_TURN
        return GO
    seat = PL[i, PL_SEAT]
    slot = PL[i, PL_FIRST]
    idx = 9 if ph == PH_STAKE else KIND[HC[slot, 0]]
    lo = S[S_LO]
    hi = S[S_HI]
    n = EQR.shape[0]
    person = _person(SP, seat, D_STAKE)
    eq = (ph == PH_STAKE2 and C[C_HAVE_EQP] == 1 and n > 1 and not person
          and SP[seat, SP_PKIND] == P_EQUILIBRIUM)
    sidx = 0
    if person:
        if S[S_HAVE] == 0:
            return _request(S, D_STAKE, seat, slot)
        st = min(max(_take(S), lo), hi)
        if C[C_LIMITED] == 1 and st > chips[seat]:
            st = chips[seat]
    elif eq:
        sidx = _eq_stake(EQR, EQP, R, idx)
        st = _stake_chips(sidx, n, lo, hi)
        if C[C_LIMITED] == 1 and st > chips[seat]:
            st = chips[seat]
    else:
        st = stake_for(ST, seat, idx, lo, hi, chips[seat], C[C_LIMITED])
    H[slot, H_STAKE] = st
    if ph == PH_STAKE2:
        if C[C_HAVE_EQP] == 1:
            if not eq:
                sidx = _stake_index(st, n, lo, hi)
            H[slot, H_SIDX] = sidx
            H[slot, H_INFO] = EQR[sidx, idx]
        _log(C, S, H, HC, LOG, LOGC, D_STAKE, i, seat, slot, st, chips[seat])
    S[S_CUR] = i + 1
    return GO


@_phase
def _deal_first(K: Any, Q: Any, W: Any, T: Any) -> int:
    """One face-down card to each player in playing order, the banker last."""
    C, KIND, VAL = K[0], K[4], K[5]
    EQR, NNEXT = Q[0], Q[5]
    S, R, deck, disc, H, HC, PL, FORCED = W[0], W[1], W[2], W[3], W[7], W[8], W[9], W[12]
    A = T[0]
    for i in range(S[S_NPLAY]):
        slot = PL[i, PL_FIRST]
        c = _deal(S, deck, disc, R, FORCED, A)
        _add(H, HC, slot, c, True, KIND, VAL)
        if C[C_HAVE_EQP] == 1:
            H[slot, H_INFO] = EQR[0, KIND[c]]
            H[slot, H_ETY] = EQ_ROOT
    c = _deal(S, deck, disc, R, FORCED, A)
    _add(H, HC, 0, c, True, KIND, VAL)
    H[0, H_NODE] = NNEXT[0, KIND[c]]
    S[S_CUR] = 0
    S[S_PHASE] = PH_STAKE2 if C[C_STAKE_AFTER] == 1 else PH_TURN
    return GO


@_phase
def _turn_burn(K: Any, Q: Any, W: Any, T: Any, i: int) -> int:
    """Burning: once per hand, the first, face-down card (docs/rules.md, burn)."""
    C, SP, KIND, VAL = K[0], K[2], K[4], K[5]
    EQN, EQP = Q[1], Q[2]
    S, R, deck, disc, chips = W[0], W[1], W[2], W[3], W[4]
    H, HC, PL, LOG, LOGC, FORCED = W[7], W[8], W[9], W[10], W[11], W[12]
    A = T[0]
    seat = PL[i, PL_SEAT]
    first = PL[i, PL_FIRST]
    if C[C_BURN] != 0:
        c0 = HC[first, 0]
        a = 0
        if burnable(C, KIND[c0]):
            info = H[first, H_INFO]
            eq = SP[seat, SP_PKIND] == P_EQUILIBRIUM and info >= 0
            a = _yes_no(S, R, SP, seat, D_BURN, first, SP_BURN,
                        EQP[EP_BURN, info] if eq else -1.0)
            if a < 0:
                return NEED
        _log(C, S, H, HC, LOG, LOGC, D_BURN, i, seat, first, a, chips[seat])
        if a == 1:
            _remove_last(H, HC, first, KIND, VAL)
            _discard(S, disc, c0)   # thrown away face up: seen by all
            PL[i, PL_BURNT] = c0
            c = _deal(S, deck, disc, R, FORCED, A)
            _add(H, HC, first, c, True, KIND, VAL)
            if C[C_HAVE_EQP] == 1:
                old = H[first, H_INFO]
                H[first, H_ETY] = EQ_BURN
                H[first, H_EIN] = old
                H[first, H_INFO] = EQN[EQ_BURN, old, KIND[c]] if old >= 0 else -1
            A[A_BURNS] += 1
    PL[i, PL_BURN] = 1
    return GO


@_phase
def _turn_split(K: Any, Q: Any, W: Any, T: Any, i: int, slot: int) -> int:
    """docs/rules.md split_figures: the first two cards both figures; seed 002: every further
    figure dealt onto the unfinished first hand may open one more hand. The equilibrium
    player splits as the exact game does, and never re-splits (the restricted game has two
    hands at most, docs/rules.md)."""
    C, SP, KIND, VAL = K[0], K[2], K[4], K[5]
    EQP = Q[2]
    S, R, chips, H, HC, PL, LOG, LOGC = W[0], W[1], W[4], W[7], W[8], W[9], W[10], W[11]
    A = T[0]
    seat = PL[i, PL_SEAT]
    first = PL[i, PL_FIRST]
    figs = VAL[HC[slot, 0]] == 1 and VAL[HC[slot, 1]] == 1
    a = 0
    if figs:
        info = H[slot, H_INFO]
        p = -1.0   # the equilibrium player splits as the exact game does (never re-splits)
        if SP[seat, SP_PKIND] == P_EQUILIBRIUM:
            p = EQP[EP_SPLIT, info] if info >= 0 else 0.0
        a = _yes_no(S, R, SP, seat, D_SPLIT, slot, SP_SPLIT, p)
        if a < 0:
            return NEED
    _log(C, S, H, HC, LOG, LOGC, D_SPLIT, i, seat, slot, a, chips[seat])
    H[slot, H_SPLITQ] = 0
    if a == 1:
        # splitting shows both figures; the player then holds no face-down card,
        # so the next card dealt to it goes face down (docs/rules.md, seed 002)
        card = _remove_last(H, HC, slot, KIND, VAL)
        H[slot, H_HID] = -1
        H[slot, H_INFO] = -1   # split hands: no decision of the exact game's tables
        H[slot, H_ETY] = -1
        PL[i, PL_HIDQ] = 1
        ns = first + PL[i, PL_NH]
        PL[i, PL_NH] += 1
        _clear(H, ns, seat, i, C[C_PUB0])
        _add(H, HC, ns, card, False, KIND, VAL)
        H[ns, H_STAKE] = H[slot, H_STAKE]   # a second stake of the same size
        A[A_SPLITS] += 1
    return GO


@_phase
def _player_choice(K: Any, Q: Any, W: Any, seat: int, slot: int) -> int:
    """A bot's stand (0), hit (1) or hit with a swap (2)."""
    C, SP = K[0], K[2]
    EQP = Q[2]
    R, H = W[1], W[7]
    info = H[slot, H_INFO]
    if SP[seat, SP_PKIND] == P_EQUILIBRIUM and info >= 0:
        a = _sample(R, EQP[EP_HIT, info])
        if a == 1 and C[C_SWAP] == 1 and H[slot, H_HID] >= 0:
            a += _sample(R, EQP[EP_SWAP, info])
        return a
    # threshold:K hits below K points, no exceptions (docs/rules.md); the equilibrium
    # player too where the exact game has no decision (a split hand: docs/rules.md)
    a = 1 if total(H[slot, H_FACE], H[slot, H_WILD]) < SP[seat, SP_PK] else 0
    if a == 1 and C[C_SWAP] == 1 and H[slot, H_HID] >= 0 and SP[seat, SP_SWAP] == 1:
        a = 2
    return a


@_phase
def _take_card(K: Any, Q: Any, W: Any, T: Any, i: int, slot: int, a: int) -> None:
    """The card asked for: face up, face down after a swap or a split; then bust (the stake
    goes at once), 7½ (shown), or a split may be asked for."""
    C, KIND, VAL = K[0], K[4], K[5]
    EQN, PUBN = Q[1], Q[3]
    S, R, deck, disc, chips, H, HC, PL, FORCED = (W[0], W[1], W[2], W[3], W[4], W[7], W[8],
                                                  W[9], W[12])
    A = T[0]
    card = _deal(S, deck, disc, R, FORCED, A)
    if card < 0:
        H[slot, H_STAT] = ST_STOOD   # no card left anywhere: the hand stands
        return
    if a == 2:
        # swap_hidden: the face-down card is turned up, the new card taken face down
        H[slot, H_HID] = -1
        _add(H, HC, slot, card, True, KIND, VAL)
        if C[C_HAVE_EQP] == 1:
            old = H[slot, H_INFO]
            H[slot, H_ETY] = EQ_SWAP if old >= 0 else -1
            H[slot, H_EIN] = old
            H[slot, H_INFO] = EQN[EQ_SWAP, old, KIND[card]] if old >= 0 else -1
        A[A_SWAPS] += 1
    elif PL[i, PL_HIDQ] == 1:
        PL[i, PL_HIDQ] = 0
        _add(H, HC, slot, card, True, KIND, VAL)
    else:
        _add(H, HC, slot, card, False, KIND, VAL)
        if C[C_HAVE_EQP] == 1 and H[slot, H_INFO] >= 0:
            H[slot, H_INFO] = EQN[EQ_UP, H[slot, H_INFO], KIND[card]]
        if C[C_HAVE_EQB] == 1 and H[slot, H_PUB] >= 0:
            H[slot, H_PUB] = PUBN[H[slot, H_PUB], KIND[card]]
    first = PL[i, PL_FIRST]
    if _hand_finished(C, H, slot):
        H[slot, H_HID] = -1
        if _hand_score(C, H, slot) == 0:
            # over 7½: bust, the cards are shown, the stake goes at once (docs/rules.md 3)
            H[slot, H_STAT] = ST_BUST
            st = H[slot, H_STAKE]
            _transfer(chips, PL[i, PL_SEAT], S[S_BANKER], st)
            S[S_HG] += st
            H[slot, H_GAIN] = -st
        else:
            H[slot, H_STAT] = ST_SHOWN   # exactly 7½ (or a pair of sevens): the turn ends
    elif slot == first and H[slot, H_N] == 2 and PL[i, PL_NH] < C[C_SPLITMAX]:
        need = H[slot, H_STAKE]
        for j in range(PL[i, PL_NH]):
            need += H[first + j, H_STAKE]
        if C[C_LIMITED] == 0 or chips[PL[i, PL_SEAT]] >= need:
            H[slot, H_SPLITQ] = 1


@_phase
def _turn(K: Any, Q: Any, W: Any, T: Any) -> int:
    """The players' turns, one decision per call: burn, split, then stand or hit."""
    C, SP = K[0], K[2]
    S, chips, H, HC, PL, LOG, LOGC = W[0], W[4], W[7], W[8], W[9], W[10], W[11]
    i = S[S_CUR]
    if i >= S[S_NPLAY]:
        S[S_PHASE] = PH_BANK
        return GO
    if PL[i, PL_BURN] == 0:
        return _turn_burn(K, Q, W, T, i)
    cur = PL[i, PL_CUR]
    if cur >= PL[i, PL_NH]:
        S[S_CUR] = i + 1
        return GO
    slot = PL[i, PL_FIRST] + cur
    if H[slot, H_STAT] != ST_OPEN:
        PL[i, PL_CUR] = cur + 1
        return GO
    if H[slot, H_SPLITQ] == 1:
        return _turn_split(K, Q, W, T, i, slot)
    seat = PL[i, PL_SEAT]
    if _person(SP, seat, D_ACTION):
        if S[S_HAVE] == 0:
            return _request(S, D_ACTION, seat, slot)
        a = _take(S)
        if a == 2 and (C[C_SWAP] == 0 or H[slot, H_HID] < 0):
            a = 1
    else:
        a = _player_choice(K, Q, W, seat, slot)
    _log(C, S, H, HC, LOG, LOGC, D_ACTION, i, seat, slot, a, chips[seat])
    if a == 0:
        H[slot, H_STAT] = ST_STOOD
    else:
        _take_card(K, Q, W, T, i, slot, a)
    return GO


@_phase
def _plan_now(K: Any, Q: Any, W: Any, F: Any, omniscient: bool, root: int,
              force_hit: bool) -> float:
    """`_bank_plan` over the grouped arrays."""
    C, SP, ST, KIND, VAL = K[0], K[2], K[3], K[4], K[5]
    EQR, EQN, EQP, NNEXT, NCNT, NSIZE, NSCO, NCHSC = (Q[0], Q[1], Q[2], Q[5], Q[6], Q[7],
                                                      Q[8], Q[9])
    S, deck, H, HC, PL, LOG, LOGC = W[0], W[2], W[7], W[8], W[9], W[10], W[11]
    return _bank_plan(C, S, SP, ST, KIND, VAL, EQR, EQN, EQP, NNEXT, NCNT, NSIZE, NSCO, NCHSC,
                      deck, H, HC, PL, LOG, LOGC, F[0], F[1], F[2], F[3], F[4], F[5], F[6],
                      omniscient, root, force_hit)


@_phase
def _bank_start(W: Any) -> int:
    """The banker turns its card up, unless every player went bust (then it does not play)."""
    S, H, PL = W[0], W[7], W[9]
    S[S_BSTART] = 1
    for i in range(S[S_NPLAY]):
        for j in range(PL[i, PL_NH]):
            if H[PL[i, PL_FIRST] + j, H_STAT] in (ST_STOOD, ST_SHOWN):
                S[S_BPLAYED] = 1
                H[0, H_HID] = -1
                return GO
    S[S_PHASE] = PH_SETTLE
    return GO


@_phase
def _bank_burn(K: Any, Q: Any, W: Any, T: Any, F: Any) -> int:
    """The banker decides at the start of its turn whether to burn its first card."""
    C, SP, KIND, VAL = K[0], K[2], K[4], K[5]
    NNEXT = Q[5]
    S, R, deck, disc, H, HC, FORCED = W[0], W[1], W[2], W[3], W[7], W[8], W[12]
    A = T[0]
    b = S[S_BANKER]
    c0 = HC[0, 0]
    if burnable(C, KIND[c0]) and H[0, H_N] == 1:
        if (_person(SP, b, D_BANK_BURN) or SP[b, SP_BKIND] == B_THRESHOLD
                or SP[b, SP_BKIND] == B_EQUILIBRIUM):
            a = _yes_no(S, R, SP, b, D_BANK_BURN, 0, SP_BBURN, -1.0)
            if a < 0:
                return NEED
        else:
            a = 1 if _burn_now(K, Q, W, F, SP[b, SP_BKIND] != B_TABLE) else 0
        if a == 1:
            _remove_last(H, HC, 0, KIND, VAL)
            _discard(S, disc, c0)
            S[S_BBURNT] = c0
            c = _deal(S, deck, disc, R, FORCED, A)
            _add(H, HC, 0, c, False, KIND, VAL)
            H[0, H_NODE] = NNEXT[0, KIND[c]]
            A[A_BURNS] += 1
    S[S_BBURN] = 1
    return GO


@_phase
def _burn_now(K: Any, Q: Any, W: Any, F: Any, omniscient: bool) -> bool:
    """`_burn_is_better` over the grouped arrays."""
    C, SP, ST, KIND, VAL = K[0], K[2], K[3], K[4], K[5]
    EQR, EQN, EQP, NNEXT, NCNT, NSIZE, NSCO, NCHSC = (Q[0], Q[1], Q[2], Q[5], Q[6], Q[7],
                                                      Q[8], Q[9])
    S, deck, H, HC, PL, LOG, LOGC = W[0], W[2], W[7], W[8], W[9], W[10], W[11]
    return bool(_burn_is_better(C, S, SP, ST, KIND, VAL, EQR, EQN, EQP, NNEXT, NCNT, NSIZE,
                                NSCO, NCHSC, deck, H, HC, PL, LOG, LOGC, F[0], F[1], F[2], F[3],
                                F[4], F[5], F[6], omniscient))


@_phase
def _bank_choice(K: Any, Q: Any, W: Any, F: Any, node: int) -> int:
    """A bot banker's stand (0) or hit (1)."""
    SP = K[2]
    EQB = Q[4]
    S, R, H = W[0], W[1], W[7]
    IB = F[4]
    b = S[S_BANKER]
    kind = SP[b, SP_BKIND]
    if kind == B_THRESHOLD:
        return 1 if total(H[0, H_FACE], H[0, H_WILD]) < SP[b, SP_BK] else 0
    if kind == B_EQUILIBRIUM and H[1, H_STAT] == ST_STOOD:
        # heads-up equilibrium banker: its hit chance at (public state, its hand)
        p_hit = EQB[H[1, H_PUB], node]
        if p_hit >= 1.0:
            return 1
        if p_hit <= 0.0:
            return 0
        return 1 if uniform(R) < p_hit else 0
    # omniscient; table; equilibrium against a shown 7½ (full information)
    if S[S_PLAN] == 0:
        _plan_now(K, Q, W, F, kind != B_TABLE, node, False)
    return int(IB[node])


@_phase
def _bank(K: Any, Q: Any, W: Any, T: Any, F: Any) -> int:
    """The banker's turn, one decision per call."""
    C, SP, KIND, VAL = K[0], K[2], K[4], K[5]
    NNEXT = Q[5]
    S, R, deck, disc, H, HC, FORCED = W[0], W[1], W[2], W[3], W[7], W[8], W[12]
    A = T[0]
    if S[S_BSTART] == 0:
        return _bank_start(W)
    if S[S_BBURN] == 0:
        return _bank_burn(K, Q, W, T, F)
    if _hand_finished(C, H, 0):
        S[S_PHASE] = PH_SETTLE
        return GO
    node = H[0, H_NODE]
    b = S[S_BANKER]
    if _person(SP, b, D_BANK_ACTION):
        if S[S_HAVE] == 0:
            return _request(S, D_BANK_ACTION, b, 0)
        a = 1 if _take(S) != 0 else 0
    else:
        a = _bank_choice(K, Q, W, F, node)
    card = _deal(S, deck, disc, R, FORCED, A) if a == 1 else -1
    if card < 0:
        S[S_PHASE] = PH_SETTLE
        return GO
    _add(H, HC, 0, card, False, KIND, VAL)
    H[0, H_NODE] = NNEXT[node, KIND[card]]
    return GO


@_phase
def _settle_pay(K: Any, W: Any, T: Any, bscore: int) -> int:
    """Losers pay first, then the banker pays the winners in playing order as far as its
    chips go; returns the banker's gain this hand."""
    C = K[0]
    S, chips, H, PL = W[0], W[4], W[7], W[9]
    A = T[0]
    b = S[S_BANKER]
    G = S[S_HG]
    for i in range(S[S_NPLAY]):
        for j in range(PL[i, PL_NH]):
            slot = PL[i, PL_FIRST] + j
            if H[slot, H_STAT] == ST_BUST:
                H[slot, H_SCORE] = 0
                continue
            ps = _hand_score(C, H, slot)
            H[slot, H_SCORE] = ps
            if settle(C, ps, bscore) < 0:
                st = H[slot, H_STAKE]
                _transfer(chips, PL[i, PL_SEAT], b, st)
                G += st
                H[slot, H_GAIN] = -st
    for i in range(S[S_NPLAY]):
        for j in range(PL[i, PL_NH]):
            slot = PL[i, PL_FIRST] + j
            if H[slot, H_STAT] == ST_BUST:
                continue
            m = settle(C, H[slot, H_SCORE], bscore)
            if m > 0:
                owed = m * H[slot, H_STAKE]
                pay = owed
                if C[C_LIMITED] == 1 and pay > chips[b]:
                    pay = chips[b]
                _transfer(chips, b, PL[i, PL_SEAT], pay)
                G -= pay
                A[A_UNPAID] += owed - pay
                H[slot, H_GAIN] = pay
    return int(G)


@_phase
def _settle_tally(K: Any, W: Any, T: Any, G: int, played: bool, bscore: int) -> tuple[int, int]:
    """Add the hand to the tallies; returns (stakes, hands on 7½ or better)."""
    C = K[0]
    S, chips, H, PL = W[0], W[4], W[7], W[9]
    A, POSA, SEATA = T[0], T[1], T[2]
    Sh = 0
    n75 = 0
    for i in range(S[S_NPLAY]):
        seat = PL[i, PL_SEAT]
        gi = 0
        si = 0
        for j in range(PL[i, PL_NH]):
            slot = PL[i, PL_FIRST] + j
            gi += H[slot, H_GAIN]
            si += H[slot, H_STAKE]
            sc = H[slot, H_SCORE]
            A[A_PHANDS] += 1
            if sc == 0:
                A[A_PBUST] += 1
            elif sc >= 15:
                A[A_P75] += 1
                n75 += 1
        Sh += si
        POSA[i, PA_N] += 1
        POSA[i, PA_G] -= gi
        POSA[i, PA_G2] += gi * gi
        POSA[i, PA_S] += si
        POSA[i, PA_S2] += si * si
        POSA[i, PA_GS] -= gi * si
        SEATA[seat, SA_PN] += 1
        SEATA[seat, SA_PG] += gi
        SEATA[seat, SA_PG2] += gi * gi
        SEATA[seat, SA_PS] += si
    A[A_HANDS] += 1
    A[A_PH] += S[S_NPLAY]
    A[A_G] += G
    A[A_G2] += G * G
    A[A_S] += Sh
    A[A_S2] += Sh * Sh
    A[A_GS] += G * Sh
    if played:
        A[A_BPLAY] += 1
        if bscore == 0:
            A[A_BBUST] += 1
    b = S[S_BANKER]
    SEATA[b, SA_BN] += 1
    SEATA[b, SA_BG] += G
    SEATA[b, SA_BG2] += G * G
    tot = 0
    for s in range(C[C_NSEATS]):
        tot += chips[s]
    if tot != S[S_TOTAL]:
        A[A_VIOL] += 1
    return Sh, n75


@_phase
def _settle_bank(K: Any, W: Any, T: Any) -> int:
    """Eliminations, who holds the bank next (`pass_bank`), a sale; returns how it moved."""
    C = K[0]
    S, chips, active, elim, H, PL = W[0], W[4], W[5], W[6], W[7], W[9]
    A = T[0]
    b = S[S_BANKER]
    for s in range(C[C_NSEATS]):
        if C[C_LIMITED] == 1 and active[s] == 1 and chips[s] <= 0:
            active[s] = 0          # a player with no chips is eliminated
            elim[s] = S[S_HANDNO]
            A[A_ELIM] += 1
    newb = pass_bank(C, S, H, PL, active)
    how = S[S_PASS]
    if C[C_PASSING] == 2 and how == 0 and C[C_SALE_PRICE] > 0 \
            and S[S_TEN_LEN] + 1 >= C[C_SALE_AFTER]:
        # keep: the bank is sold at the agreed price to the first player able to pay
        price = C[C_SALE_PRICE]
        for i in range(S[S_NPLAY]):
            seat = PL[i, PL_SEAT]
            if active[seat] == 1 and (C[C_LIMITED] == 0 or chips[seat] > price):
                _transfer(chips, seat, b, price)
                newb = seat
                how = 4
                A[A_SALES] += 1
                break
    S[S_PASS] = how
    return newb


@_phase
def _tenure(W: Any, T: Any, newb: int, G: int) -> None:
    """The banker's tenure: one more hand, and its tallies when the bank changes hands."""
    S = W[0]
    A = T[0]
    if S[S_PASS] == 1:
        A[A_TAKE75] += 1
    S[S_TEN_LEN] += 1
    S[S_TEN_GAIN] += G
    if newb != S[S_BANKER]:
        g = S[S_TEN_GAIN]
        ln = S[S_TEN_LEN]
        A[A_TEN_N] += 1
        A[A_TEN_G] += g
        A[A_TEN_G2] += g * g
        A[A_TEN_L] += ln
        A[A_TEN_L2] += ln * ln
        A[A_TEN_GL] += g * ln
        S[S_TEN_LEN] = 0
        S[S_TEN_GAIN] = 0
        S[S_BANK_CHANGES] += 1


@_phase
def _record(K: Any, W: Any, T: Any, fields: Any) -> None:
    """The hand's record (``REC``), when asked for: ``fields`` are its first ten."""
    C = K[0]
    S, chips = W[0], W[4]
    REC = T[4]
    r = S[S_REC]
    if r < REC.shape[0]:
        for f in range(10):
            REC[r, f] = fields[f]
        for s in range(C[C_NSEATS]):
            REC[r, 10 + s] = chips[s]
        S[S_REC] = r + 1


@_phase
def _discard_hand(W: Any) -> None:
    """With ``when_exhausted``, the cards of the hand go to the discard pile."""
    S, disc, H, HC, PL = W[0], W[3], W[7], W[8], W[9]
    for t in range(H[0, H_N]):
        _discard(S, disc, HC[0, t])
    for i in range(S[S_NPLAY]):
        for j in range(PL[i, PL_NH]):
            slot = PL[i, PL_FIRST] + j
            for t in range(H[slot, H_N]):
                _discard(S, disc, HC[slot, t])


@_phase
def _settle(K: Any, W: Any, T: Any) -> int:
    """Settlement, tallies, the bank's next holder, the record; the next hand."""
    C = K[0]
    S, H = W[0], W[7]
    b = S[S_BANKER]
    played = S[S_BPLAYED] == 1
    bscore = _hand_score(C, H, 0) if played else -1
    H[0, H_SCORE] = bscore
    G = _settle_pay(K, W, T, bscore)
    Sh, n75 = _settle_tally(K, W, T, G, played, bscore)
    newb = _settle_bank(K, W, T)
    _tenure(W, T, newb, G)
    _record(K, W, T, (S[S_SESS], S[S_HANDNO], b, S[S_NPLAY], Sh, G, bscore, newb, S[S_PASS],
                      n75))
    S[S_LASTB] = b
    S[S_BANKER] = newb
    if C[C_EXHAUST] == 1:
        _discard_hand(W)
    S[S_HANDNO] += 1
    S[S_PHASE] = PH_HAND
    return HAND_DONE if C[C_PAUSE] == 1 else GO


@_jit
def run(K: Any, Q: Any, W: Any, T: Any, F: Any) -> int:
    """Play until ``C[C_NSESS]`` sessions are done (`DONE`), a person must decide (`NEED`),
    or, with ``C[C_PAUSE]``, a hand is over (`HAND_DONE`). See the module docstring and the
    grouped arrays above."""
    S = W[0]
    while True:
        ph = S[S_PHASE]
        if ph == PH_SESSION:
            status = _session(K, W)
        elif ph == PH_HAND:
            status = _hand(K, W, T)
        elif ph in (PH_STAKE, PH_STAKE2):
            status = _stake(K, Q, W)
        elif ph == PH_DEAL:
            status = _deal_first(K, Q, W, T)
        elif ph == PH_TURN:
            status = _turn(K, Q, W, T)
        elif ph == PH_BANK:
            status = _bank(K, Q, W, T, F)
        else:
            status = _settle(K, W, T)
        if status != GO:
            return status
