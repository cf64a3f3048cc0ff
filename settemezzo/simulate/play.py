"""How the compiled engine's bots decide: stakes, the equilibrium player's tables, and the
banker's plan.

- stakes (`stake_for`, `eq_stake`) and the equilibrium player's information sets, walked
  card by card (`eq_walk`; the tables of `settemezzo.simulate.strategies.PlayerTables`);
- the banker's optimal stopping over its own cards (`plan`), against what it knows: every
  card (omniscient) or a posterior over each player's face-down card from the decisions
  logged this hand (`log_decision`, `posterior`, `posteriors`; the table banker), put
  together by `bank_plan` (`bank_stand_hit`: its values of standing and of hitting now),
  and whether burning its first card is better (`burn_is_better`).
"""

from __future__ import annotations

from typing import Any

from settemezzo.simulate.dealing import (
    VALK,
    burnable,
    finished,
    hand_score,
    score,
    settle,
    total,
    uniform,
)
from settemezzo.simulate.jit import inline_jit, jit
from settemezzo.simulate.layout import (
    NK,
    NSC,
    Conf,
    Decision,
    EqFrom,
    EqProb,
    Hand,
    HandStatus,
    Log,
    Player,
    PlayerKind,
    SeatParam,
    State,
)

__all__ = [
    "bank_measures",
    "bank_plan",
    "bank_stand_hit",
    "burn_is_better",
    "eq_stake",
    "eq_walk",
    "log_decision",
    "plan",
    "posterior",
    "posteriors",
    "sample",
    "stake_chips",
    "stake_for",
    "stake_index",
    "unseen_pool",
]


@jit
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


@jit
def _eq_entry(EQR: Any, EQN: Any, ety: int, ein: int, sidx: int, kind: int) -> int:
    """The equilibrium information set of a face-down card of ``kind`` that came as ``ety``
    (`EqFrom.ROOT`: the first card, at stake index ``sidx``; `EqFrom.BURN`, `EqFrom.SWAP`: after
    burning or a swap at information set ``ein``); -1 if the tables have none."""
    if ety == EqFrom.ROOT:
        return int(EQR[sidx, kind]) if sidx < EQR.shape[0] else -1
    if ety in (EqFrom.BURN, EqFrom.SWAP) and ein >= 0:
        return int(EQN[ety, ein, kind])
    return -1


@jit
def eq_walk(EQR: Any, EQN: Any, KIND: Any, LOG: Any, LOGC: Any, e: int, hid: int,
            h: int) -> int:
    """The equilibrium information set of logged decision ``e`` had its face-down card
    ``hid`` been of kind ``h``: its entry (`_eq_entry`), then the cards after it, all taken
    face up while it stayed face down."""
    node = _eq_entry(EQR, EQN, LOG[e, Log.ETY], LOG[e, Log.EIN], LOG[e, Log.SIDX], h)
    after = False
    for t in range(LOG[e, Log.N]):
        if node < 0:
            return -1
        c = LOGC[e, t]
        if after:
            node = EQN[EqFrom.UP, node, KIND[c]]
        elif c == hid:
            after = True
    return int(node)


@inline_jit
def sample(R: Any, p: float) -> int:
    """1 with chance ``p`` (no random number for a sure choice)."""
    if p >= 1.0:
        return 1
    if p <= 0.0:
        return 0
    return 1 if uniform(R) < p else 0


@jit
def stake_chips(idx: int, n: int, lo: int, hi: int) -> int:
    """The chips of the exact game's stake index ``idx`` (of ``n``) in a round with limits
    ``lo``..``hi``: the same place between the limits, nearest chip (halves up); in round 1
    the exact game's own stakes."""
    if n <= 1:
        return lo
    return lo + (2 * idx * (hi - lo) + (n - 1)) // (2 * (n - 1))


@jit
def stake_index(chips: int, n: int, lo: int, hi: int) -> int:
    """The exact game's stake index nearest to ``chips`` (the inverse of `stake_chips`)."""
    if n <= 1 or hi <= lo:
        return 0
    idx = (2 * (chips - lo) * (n - 1) + (hi - lo)) // (2 * (hi - lo))
    return int(min(max(idx, 0), n - 1))


@jit
def eq_stake(EQR: Any, EQP: Any, R: Any, kind: int) -> int:
    """The equilibrium's stake index for a first card of ``kind`` (drawn when mixed)."""
    n = EQR.shape[0]
    for j in range(n):
        node = EQR[j, kind]
        if node >= 0 and EQP[EqProb.STAKE, node] >= 1.0:
            return j
    u = uniform(R)
    cum = 0.0
    last = 0
    for j in range(n):
        node = EQR[j, kind]
        if node >= 0 and EQP[EqProb.STAKE, node] > 0.0:
            cum += EQP[EqProb.STAKE, node]
            last = j
            if u < cum:
                return j
    return last


@jit
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


@jit
def _likelihood(C: Any, SP: Any, ST: Any, EQR: Any, EQN: Any, EQP: Any, KIND: Any, VAL: Any,
                LOG: Any, LOGC: Any, nlog: int, pidx: int, hid: int, h: int) -> float:
    """The chance of the decisions a player was seen to take (stakes, burning, splitting,
    standing and hitting) had the face-down card ``hid`` been of kind ``h``, under the
    strategy the banker knows for that seat. Decisions taken before that card was dealt or
    while another card was face down do not depend on it and are skipped."""
    like = 1.0
    hv = VALK[h]
    hw = 1 if h == 8 else 0
    hs = 1 if h == 7 else 0
    for e in range(nlog):
        if LOG[e, Log.PIDX] != pidx or LOG[e, Log.HID] != hid:
            continue
        seat = LOG[e, Log.SEAT]
        n = LOG[e, Log.N]
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
        typ = LOG[e, Log.TYPE]
        act = LOG[e, Log.ACT]
        eq = SP[seat, SeatParam.MKIND] == PlayerKind.EQUILIBRIUM
        node = eq_walk(EQR, EQN, KIND, LOG, LOGC, e, hid, h) if eq else -1
        if typ == Decision.ACTION:
            if finished(C, face, wild, sev, n):
                return 0.0   # the hand would have ended by itself
            if node >= 0:
                p_hit = EQP[EqProb.HIT, node]
                if act == 0:
                    like *= 1.0 - p_hit
                else:
                    p_swap = EQP[EqProb.SWAP, node]
                    like *= p_hit * (p_swap if act == 2 else 1.0 - p_swap)
            else:  # a rule of thumb, or the equilibrium's (a split hand: docs/rules.md)
                p_hit = 1.0 if total(face, wild) < SP[seat, SeatParam.MK] else 0.0
                like *= p_hit if act >= 1 else 1.0 - p_hit
        elif typ == Decision.STAKE:
            if eq and EQR.shape[0] > 1:
                like *= EQP[EqProb.STAKE, node] if node >= 0 else 0.0
            elif not eq:
                st = stake_for(ST, seat, h, LOG[e, Log.LO], LOG[e, Log.HI], LOG[e, Log.CHIPS],
                               C[Conf.LIMITED])
                if st != act:
                    return 0.0
        elif typ == Decision.BURN:
            if eq:
                p = EQP[EqProb.BURN, node] if burnable(C, h) and node >= 0 else 0.0
            else:
                p = 1.0 if burnable(C, h) and SP[seat, SeatParam.BURN] == 1 else 0.0
            like *= p if act == 1 else 1.0 - p
        elif typ == Decision.SPLIT:
            figs = hv == 1 and other >= 0 and VAL[other] == 1
            if eq:
                p = EQP[EqProb.SPLIT, node] if figs and node >= 0 else 0.0
            else:
                p = 1.0 if figs and SP[seat, SeatParam.SPLIT] == 1 else 0.0
            like *= p if act == 1 else 1.0 - p
        if like == 0.0:
            return 0.0
    return like


@inline_jit
def log_decision(C: Any, S: Any, H: Any, HC: Any, LOG: Any, LOGC: Any, typ: int, pidx: int,
                 seat: int, slot: int, act: int, chips: int) -> None:
    """Log a decision of type ``typ`` (`Decision`) taken with the hand in ``slot``, for the
    table banker's posterior (only when ``C[Conf.LOG]``; at most ``len(LOG)`` a hand)."""
    if C[Conf.LOG] == 0:
        return
    e = S[State.LOGN]
    if e >= LOG.shape[0]:
        return
    S[State.LOGN] = e + 1
    n = H[slot, Hand.N]
    hp = H[slot, Hand.HID]
    LOG[e, Log.TYPE] = typ
    LOG[e, Log.PIDX] = pidx
    LOG[e, Log.SLOT] = slot
    LOG[e, Log.N] = n
    LOG[e, Log.HID] = HC[slot, hp] if hp >= 0 else -1
    LOG[e, Log.ACT] = act
    LOG[e, Log.LO] = S[State.LO]
    LOG[e, Log.HI] = S[State.HI]
    LOG[e, Log.CHIPS] = chips
    LOG[e, Log.SEAT] = seat
    LOG[e, Log.ETY] = H[slot, Hand.ETY]
    LOG[e, Log.EIN] = H[slot, Hand.EIN]
    LOG[e, Log.SIDX] = H[slot, Hand.SIDX]
    for t in range(n):
        LOGC[e, t] = HC[slot, t]


@jit
def unseen_pool(S: Any, KIND: Any, deck: Any, H: Any, HC: Any, PL: Any, pool: Any,
          omniscient: bool) -> None:
    """The cards the banker may still draw, per kind: the stock for the omniscient banker;
    for the table banker every card it has not seen (the stock and the face-down cards of
    the players who stood)."""
    for k in range(NK):
        pool[k] = 0.0
    for t in range(S[State.POS], S[State.END]):
        pool[KIND[deck[t]]] += 1.0
    if omniscient:
        return
    for i in range(S[State.NPLAY]):
        first = PL[i, Player.FIRST]
        for j in range(PL[i, Player.NH]):
            slot = first + j
            hp = H[slot, Hand.HID]
            if H[slot, Hand.STAT] == HandStatus.STOOD and hp >= 0:
                pool[KIND[HC[slot, hp]]] += 1.0


@jit
def posterior(C: Any, S: Any, SP: Any, ST: Any, KIND: Any, VAL: Any, EQR: Any, EQN: Any,
              EQP: Any, H: Any, HC: Any, LOG: Any, LOGC: Any, pidx: int, slot: int,
              pool: Any, out: Any) -> None:
    """The table banker's posterior of the face-down card of hand ``slot`` (player ``pidx``
    in playing order), per kind, into ``out[:9]``: the unseen cards ``pool`` times the
    chance of that player's decisions (`_likelihood`), normalised; the prior if no kind
    explains them (a person's choices)."""
    hid = HC[slot, H[slot, Hand.HID]]
    z = 0.0
    for h in range(NK):
        out[h] = 0.0
        if pool[h] > 0.0:
            out[h] = pool[h] * _likelihood(C, SP, ST, EQR, EQN, EQP, KIND, VAL, LOG, LOGC,
                                           S[State.LOGN], pidx, hid, h)
        z += out[h]
    if z <= 0.0:
        for h in range(NK):
            out[h] = pool[h]
            z += pool[h]
    for h in range(NK):
        out[h] /= z


@jit
def posteriors(C: Any, S: Any, SP: Any, ST: Any, KIND: Any, VAL: Any, EQR: Any, EQN: Any,
               EQP: Any, deck: Any, H: Any, HC: Any, PL: Any, LOG: Any, LOGC: Any,
               pool: Any, OUT: Any) -> None:
    """Every posterior the table banker would use now: ``OUT[slot, :9]`` for each hand that
    stood with a face-down card (the other rows are left alone); ``pool`` is scratch (9)."""
    unseen_pool(S, KIND, deck, H, HC, PL, pool, False)
    for i in range(S[State.NPLAY]):
        first = PL[i, Player.FIRST]
        for j in range(PL[i, Player.NH]):
            slot = first + j
            if H[slot, Hand.STAT] == HandStatus.STOOD and H[slot, Hand.HID] >= 0:
                posterior(C, S, SP, ST, KIND, VAL, EQR, EQN, EQP, H, HC, LOG, LOGC, i, slot,
                          pool, OUT[slot])


@jit
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


@jit
def bank_measures(C: Any, S: Any, SP: Any, ST: Any, KIND: Any, VAL: Any, EQR: Any, EQN: Any,
                  EQP: Any, deck: Any, H: Any, HC: Any, PL: Any, LOG: Any, LOGC: Any,
                  FPOOL: Any, FW: Any, omniscient: bool) -> int:
    """The measures of the banker's `plan` into ``FPOOL`` and ``FW`` (see `bank_plan`);
    returns how many there are (``nm``: the rows after them are scratch).

    Measure 0 holds the players whose score the banker knows (``omniscient``, or no
    face-down card); measure ``1 + h`` the players' face-down cards of kind ``h``, weighted
    by their posteriors, with the banker's cards drawn from the unseen cards less that one.
    """
    pool = FPOOL[11]
    like = FPOOL[12]
    unseen_pool(S, KIND, deck, H, HC, PL, pool, omniscient)
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
    for i in range(S[State.NPLAY]):
        first = PL[i, Player.FIRST]
        for j in range(PL[i, Player.NH]):
            slot = first + j
            stat = H[slot, Hand.STAT]
            if stat != HandStatus.STOOD and stat != HandStatus.SHOWN:
                continue
            stake = float(H[slot, Hand.STAKE])
            hp = H[slot, Hand.HID]
            if omniscient or hp < 0:
                ps = hand_score(C, H, slot)
                for s in range(NSC):
                    FW[0, s] -= stake * settle(C, ps, s)
                continue
            hid = HC[slot, hp]
            posterior(C, S, SP, ST, KIND, VAL, EQR, EQN, EQP, H, HC, LOG, LOGC, i, slot, pool,
                      like)
            face0 = H[slot, Hand.FACE] - VAL[hid]
            wild0 = H[slot, Hand.WILD] - (1 if KIND[hid] == 8 else 0)
            sev0 = H[slot, Hand.SEV] - (1 if KIND[hid] == 7 else 0)
            n = H[slot, Hand.N]
            for h in range(NK):
                if like[h] <= 0.0:
                    continue
                ps = score(C, face0 + VALK[h], wild0 + (1 if h == 8 else 0),
                           sev0 + (1 if h == 7 else 0), n)
                w = like[h] * stake
                for s in range(NSC):
                    FW[1 + h, s] -= w * settle(C, ps, s)
    return _compact_measures(FW, FPOOL)


@jit
def bank_plan(C: Any, S: Any, SP: Any, ST: Any, KIND: Any, VAL: Any, EQR: Any, EQN: Any,
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
    The measures are `bank_measures`'.
    """
    nm = bank_measures(C, S, SP, ST, KIND, VAL, EQR, EQN, EQP, deck, H, HC, PL, LOG, LOGC,
                       FPOOL, FW, omniscient)
    S[State.STAMP] += 1
    value = plan(NNEXT, NCNT, NSIZE, NSCO, NCHSC, root, FPOOL, FW, nm, FP, FQ, IB, IORD,
                 IMARK, S[State.STAMP], force_hit)
    S[State.PLAN] = 1
    return value


@jit
def bank_stand_hit(C: Any, S: Any, SP: Any, ST: Any, KIND: Any, VAL: Any, EQR: Any, EQN: Any,
                   EQP: Any, NNEXT: Any, NCNT: Any, NSIZE: Any, NSCO: Any, NCHSC: Any,
                   deck: Any, H: Any, HC: Any, PL: Any, LOG: Any, LOGC: Any, FPOOL: Any,
                   FW: Any, FP: Any, FQ: Any, IB: Any, IORD: Any, IMARK: Any,
                   omniscient: bool, root: int) -> tuple[float, float]:
    """The banker's value of standing on hand ``root`` and of hitting there (then playing on
    at its best), as `bank_plan` weighs them: ``(stand, hit)``; hit is stand's value when
    no card can come. Standing is the measures' gains at the root's score (each measure's
    chance of the root is 1); hitting is `plan` forced to hit at the root, which leaves
    ``IB`` holding that forced hit, not the best play (``S[State.PLAN]`` is cleared)."""
    nm = bank_measures(C, S, SP, ST, KIND, VAL, EQR, EQN, EQP, deck, H, HC, PL, LOG, LOGC,
                       FPOOL, FW, omniscient)
    s = NSCO[root]
    stand = 0.0
    for m in range(nm):
        stand += FW[m, s]
    S[State.STAMP] += 1
    hit = plan(NNEXT, NCNT, NSIZE, NSCO, NCHSC, root, FPOOL, FW, nm, FP, FQ, IB, IORD,
               IMARK, S[State.STAMP], True)
    S[State.PLAN] = 0
    return stand, hit


@jit
def burn_is_better(C: Any, S: Any, SP: Any, ST: Any, KIND: Any, VAL: Any, EQR: Any, EQN: Any,
                   EQP: Any, NNEXT: Any, NCNT: Any, NSIZE: Any, NSCO: Any, NCHSC: Any,
                   deck: Any, H: Any, HC: Any, PL: Any, LOG: Any, LOGC: Any, FPOOL: Any,
                   FW: Any, FP: Any, FQ: Any, IB: Any, IORD: Any, IMARK: Any,
                   omniscient: bool) -> int:
    """The omniscient and table bankers burn when it is worth more: the value of drawing a
    fresh card against that of keeping this one. Leaves the plan of the choice in ``IB``."""
    j0 = H[0, Hand.NODE]
    keep = 0.0
    for step in range(3):  # keep, burn, keep again if keeping wins (one call: less code)
        burn = step == 1
        value = bank_plan(C, S, SP, ST, KIND, VAL, EQR, EQN, EQP, NNEXT, NCNT, NSIZE, NSCO,
                          NCHSC, deck, H, HC, PL, LOG, LOGC, FPOOL, FW, FP, FQ, IB, IORD,
                          IMARK, omniscient, 0 if burn else j0, burn)
        if step == 0:
            keep = value
        elif step == 1 and value > keep:
            return 1
    return 0
