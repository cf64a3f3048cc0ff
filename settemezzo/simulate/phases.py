"""The phase machine of the compiled engine: the table hand by hand, `run`.

`run` advances the table until the requested number of sessions is played, or until a seat
played by a person must decide: it then returns `Status.NEED`, with the request in the state
array; the caller supplies the answer and calls `run` again. Each pass of the loop makes at
most one decision and changes nothing before it, so a request can be answered and resumed
at the same point. Bots decide inside the loop (`settemezzo.simulate.play`).

Every phase takes the grouped arrays (tuples, which LLVM inlines: `inline_jit`)::

    K = (C, LIM, SP, ST, KIND, VAL)                  configuration, seats, cards
    Q = (EQR, EQN, EQP, PUBN, EQB, NNEXT, NCNT, NSIZE, NSCO, NCHSC, NTOT)
                                                     equilibrium tables, the banker's nodes
    W = (S, R, deck, disc, chips, active, elim, H, HC, PL, LOG, LOGC, FORCED)  the table
    T = (A, POSA, SEATA, SESS, REC)                  tallies and records
    F = (FPOOL, FW, FP, FQ, IB, IORD, IMARK)         the banker's scratch arrays

and returns `Status.GO` (go on) or a status for the caller (`Status.NEED`,
`Status.HAND_DONE`, `Status.DONE`).
"""

from __future__ import annotations

from typing import Any

from settemezzo.simulate.dealing import (
    add_card,
    burnable,
    clear_hand,
    deal,
    discard,
    hand_finished,
    hand_score,
    remove_last,
    reset_deck,
    settle,
    total,
    uniform,
)
from settemezzo.simulate.jit import inline_jit, jit
from settemezzo.simulate.layout import (
    MAXSPLIT,
    NSEAT,
    SC_ROYAL,
    Acc,
    BankerKind,
    Conf,
    Decision,
    EqFrom,
    EqProb,
    Hand,
    HandStatus,
    Phase,
    Player,
    PlayerKind,
    PosAcc,
    SeatAcc,
    SeatParam,
    State,
    Status,
)
from settemezzo.simulate.play import (
    bank_plan,
    burn_is_better,
    eq_stake,
    log_decision,
    sample,
    stake_chips,
    stake_for,
    stake_index,
)

__all__ = [
    "pass_bank",
    "run",
]


@jit
def _request(S: Any, typ: int, seat: int, slot: int) -> int:
    S[State.REQ_TYPE] = typ
    S[State.REQ_SEAT] = seat
    S[State.REQ_SLOT] = slot
    return Status.NEED


@jit
def _person(SP: Any, seat: int, typ: int) -> bool:
    return bool((SP[seat, SeatParam.HUMAN] >> typ) & 1 == 1)


@jit
def _take(S: Any) -> int:
    S[State.HAVE] = 0
    return int(S[State.ACT])


@inline_jit
def _yes_no(S: Any, R: Any, SP: Any, seat: int, typ: int, slot: int, field: int,
            p: float) -> int:
    """A seat's yes (1) or no (0) at the two-way decision ``typ`` (burn, split): a person's
    answer; else, for ``p`` >= 0, yes with chance ``p`` (the equilibrium's); else its
    policy's flag ``SP[seat, field]``. -1 when the person is asked now (`_request` made: the
    caller returns Status.NEED)."""
    if not _person(SP, seat, typ):
        return sample(R, p) if p >= 0.0 else int(SP[seat, field])
    if S[State.HAVE] == 0:
        _request(S, typ, seat, slot)
        return -1
    return 1 if _take(S) != 0 else 0


@jit
def _transfer(chips: Any, src: int, dst: int, amount: int) -> None:
    chips[src] -= amount
    chips[dst] += amount


@jit
def _next_active(active: Any, n: int, seat: int) -> int:
    for t in range(1, n + 1):
        s = seat + t - n if seat + t >= n else seat + t   # (seat + t) % n, without a division
        if active[s] == 1:
            return s
    return seat


@inline_jit
def pass_bank(C: Any, S: Any, H: Any, PL: Any, active: Any) -> int:
    """Who holds the bank after the hand just scored (`settemezzo.rules.next_banker`, which
    the tests compare with this over every combination); sets ``S[State.PASS]`` to how it
    moved: 0 kept, 1 taken by a 7½, 2 rotation, 3 the banker eliminated.

    Reads each hand's ``Hand.SCORE``, the banker's (``H[0, Hand.SCORE]``, -1 if it did not play)
    and ``active`` after this hand's eliminations.
    """
    n = C[Conf.NSEATS]
    b = S[State.BANKER]
    npl = S[State.NPLAY]
    pas = C[Conf.PASSING]
    S[State.PASS] = 0
    if pas == 1:
        S[State.PASS] = 2
        return _next_active(active, n, b)   # the bank rotates anticlockwise
    bscore = H[0, Hand.SCORE]
    want = SC_ROYAL if C[Conf.ROYAL] == 1 else 15
    for i in range(npl):
        for j in range(PL[i, Player.NH]):
            sc = H[PL[i, Player.FIRST] + j, Hand.SCORE]
            if sc == want and sc > bscore:
                S[State.PASS] = 1
                return int(PL[i, Player.SEAT])
    if active[b] == 1:
        return int(b)
    S[State.PASS] = 3
    newb = _next_active(active, n, b)
    # a keeping banker (seven_half, keep) eliminated: the best result of the round
    best = 0
    for i in range(npl):
        seat = PL[i, Player.SEAT]
        if active[seat] == 0:
            continue
        for j in range(PL[i, Player.NH]):
            sc = H[PL[i, Player.FIRST] + j, Hand.SCORE]
            if sc > best:
                best = sc
                newb = seat
    return newb


@inline_jit
def _session(K: Any, W: Any) -> int:
    """A new session: chips, nobody eliminated, seat 0 holds the bank."""
    C = K[0]
    S, deck, chips, active, elim = W[0], W[2], W[4], W[5], W[6]
    if S[State.SESS] >= C[Conf.NSESS]:
        return Status.DONE
    tot = 0
    for s in range(C[Conf.NSEATS]):
        chips[s] = C[Conf.START] if C[Conf.LIMITED] == 1 else 0
        active[s] = 1
        elim[s] = -1
        tot += chips[s]
    S[State.TOTAL] = tot
    S[State.HANDNO] = 0
    S[State.BANKER] = 0        # seat 0 holds the bank first; seats run anticlockwise
    S[State.TEN_LEN] = 0
    S[State.TEN_GAIN] = 0
    S[State.BANK_CHANGES] = 0
    reset_deck(S, deck)
    S[State.PHASE] = Phase.HAND
    return Status.GO


@inline_jit
def _session_over(K: Any, W: Any, T: Any) -> bool:
    """Record the session if it is over (its hands played, or one seat left)."""
    C = K[0]
    S, chips, active, elim = W[0], W[4], W[5], W[6]
    A, SESS = T[0], T[3]
    n = C[Conf.NSEATS]
    nact = 0
    for s in range(n):
        nact += active[s]
    if S[State.HANDNO] < C[Conf.HANDS] and nact >= 2:
        return False
    r = S[State.SESS]
    if r < SESS.shape[0]:
        SESS[r, 0] = S[State.HANDNO]
        SESS[r, 1] = S[State.BANK_CHANGES]
        for s in range(n):
            SESS[r, 2 + s] = chips[s]
            SESS[r, 2 + NSEAT + s] = elim[s]
    A[Acc.SESS] += 1
    S[State.SESS] += 1
    S[State.PHASE] = Phase.SESSION
    return True


@inline_jit
def _hand(K: Any, W: Any, T: Any) -> int:
    """A new hand: the players in playing order, the round's limits, empty hands."""
    C, LIM = K[0], K[1]
    S, deck, active, H, PL = W[0], W[2], W[5], W[7], W[9]
    if _session_over(K, W, T):
        return Status.GO
    n = C[Conf.NSEATS]
    b = S[State.BANKER]
    npl = 0
    for t in range(1, n):
        s = b + t - n if b + t >= n else b + t   # (b + t) % n, without a division
        if active[s] == 1:
            PL[npl, Player.SEAT] = s
            npl += 1
    S[State.NPLAY] = npl
    rnd = min(S[State.HANDNO] + 1, LIM.shape[0] - 1)
    S[State.LO] = LIM[rnd, 0]
    S[State.HI] = LIM[rnd, 1]
    if C[Conf.EXHAUST] == 0:
        reset_deck(S, deck)
    clear_hand(H, 0, b, -1, C[Conf.PUB0])
    for i in range(npl):
        slot = 1 + i * MAXSPLIT
        clear_hand(H, slot, PL[i, Player.SEAT], i, C[Conf.PUB0])
        PL[i, Player.FIRST] = slot
        PL[i, Player.NH] = 1
        PL[i, Player.CUR] = 0
        PL[i, Player.BURN] = 0
        PL[i, Player.BURNT] = -1
        PL[i, Player.HIDQ] = 0
    for f in (State.CUR, State.LOGN, State.HG, State.PLAN, State.BSTART, State.BBURN,
              State.BPLAYED):
        S[f] = 0
    S[State.BBURNT] = -1
    S[State.PHASE] = Phase.DEAL if C[Conf.STAKE_AFTER] == 1 else Phase.STAKE
    return Status.GO


@inline_jit
def _stake(K: Any, Q: Any, W: Any) -> int:
    """The next player's stake (before the deal, or after the first card: the equilibrium
    player's is the exact game's, placed between the round's limits, `stake_chips`)."""
    C, SP, ST, KIND = K[0], K[2], K[3], K[4]
    EQR, EQP = Q[0], Q[2]
    S, R, chips, H, HC, PL, LOG, LOGC = W[0], W[1], W[4], W[7], W[8], W[9], W[10], W[11]
    ph = S[State.PHASE]
    i = S[State.CUR]
    if i >= S[State.NPLAY]:
        S[State.CUR] = 0
        S[State.PHASE] = Phase.DEAL if ph == Phase.STAKE else Phase.TURN
        return Status.GO
    seat = PL[i, Player.SEAT]
    slot = PL[i, Player.FIRST]
    idx = 9 if ph == Phase.STAKE else KIND[HC[slot, 0]]
    lo = S[State.LO]
    hi = S[State.HI]
    n = EQR.shape[0]
    person = _person(SP, seat, Decision.STAKE)
    eq = (ph == Phase.STAKE2 and C[Conf.HAVE_EQP] == 1 and n > 1 and not person
          and SP[seat, SeatParam.PKIND] == PlayerKind.EQUILIBRIUM)
    sidx = 0
    if person:
        if S[State.HAVE] == 0:
            return _request(S, Decision.STAKE, seat, slot)
        st = min(max(_take(S), lo), hi)
        if C[Conf.LIMITED] == 1 and st > chips[seat]:
            st = chips[seat]
    elif eq:
        sidx = eq_stake(EQR, EQP, R, idx)
        st = stake_chips(sidx, n, lo, hi)
        if C[Conf.LIMITED] == 1 and st > chips[seat]:
            st = chips[seat]
    else:
        st = stake_for(ST, seat, idx, lo, hi, chips[seat], C[Conf.LIMITED])
    H[slot, Hand.STAKE] = st
    if ph == Phase.STAKE2:
        if C[Conf.HAVE_EQP] == 1:
            if not eq:
                sidx = stake_index(st, n, lo, hi)
            H[slot, Hand.SIDX] = sidx
            H[slot, Hand.INFO] = EQR[sidx, idx]
        log_decision(C, S, H, HC, LOG, LOGC, Decision.STAKE, i, seat, slot, st, chips[seat])
    S[State.CUR] = i + 1
    return Status.GO


@inline_jit
def _deal_first(K: Any, Q: Any, W: Any, T: Any) -> int:
    """One face-down card to each player in playing order, the banker last."""
    C, KIND, VAL = K[0], K[4], K[5]
    EQR, NNEXT = Q[0], Q[5]
    S, R, deck, disc, H, HC, PL, FORCED = W[0], W[1], W[2], W[3], W[7], W[8], W[9], W[12]
    A = T[0]
    for i in range(S[State.NPLAY]):
        slot = PL[i, Player.FIRST]
        c = deal(S, deck, disc, R, FORCED, A)
        add_card(H, HC, slot, c, True, KIND, VAL)
        if C[Conf.HAVE_EQP] == 1:
            H[slot, Hand.INFO] = EQR[0, KIND[c]]
            H[slot, Hand.ETY] = EqFrom.ROOT
    c = deal(S, deck, disc, R, FORCED, A)
    add_card(H, HC, 0, c, True, KIND, VAL)
    H[0, Hand.NODE] = NNEXT[0, KIND[c]]
    S[State.CUR] = 0
    S[State.PHASE] = Phase.STAKE2 if C[Conf.STAKE_AFTER] == 1 else Phase.TURN
    return Status.GO


@inline_jit
def _turn_burn(K: Any, Q: Any, W: Any, T: Any, i: int) -> int:
    """Burning: once per hand, the first, face-down card (docs/rules.md, burn)."""
    C, SP, KIND, VAL = K[0], K[2], K[4], K[5]
    EQN, EQP = Q[1], Q[2]
    S, R, deck, disc, chips = W[0], W[1], W[2], W[3], W[4]
    H, HC, PL, LOG, LOGC, FORCED = W[7], W[8], W[9], W[10], W[11], W[12]
    A = T[0]
    seat = PL[i, Player.SEAT]
    first = PL[i, Player.FIRST]
    if C[Conf.BURN] != 0:
        c0 = HC[first, 0]
        a = 0
        if burnable(C, KIND[c0]):
            info = H[first, Hand.INFO]
            eq = SP[seat, SeatParam.PKIND] == PlayerKind.EQUILIBRIUM and info >= 0
            a = _yes_no(S, R, SP, seat, Decision.BURN, first, SeatParam.BURN,
                        EQP[EqProb.BURN, info] if eq else -1.0)
            if a < 0:
                return Status.NEED
        log_decision(C, S, H, HC, LOG, LOGC, Decision.BURN, i, seat, first, a, chips[seat])
        if a == 1:
            remove_last(H, HC, first, KIND, VAL)
            discard(S, disc, c0)   # thrown away face up: seen by all
            PL[i, Player.BURNT] = c0
            c = deal(S, deck, disc, R, FORCED, A)
            add_card(H, HC, first, c, True, KIND, VAL)
            if C[Conf.HAVE_EQP] == 1:
                old = H[first, Hand.INFO]
                H[first, Hand.ETY] = EqFrom.BURN
                H[first, Hand.EIN] = old
                H[first, Hand.INFO] = EQN[EqFrom.BURN, old, KIND[c]] if old >= 0 else -1
            A[Acc.BURNS] += 1
    PL[i, Player.BURN] = 1
    return Status.GO


@inline_jit
def _turn_split(K: Any, Q: Any, W: Any, T: Any, i: int, slot: int) -> int:
    """docs/rules.md split_figures: the first two cards both figures; seed 002: every further
    figure dealt onto the unfinished first hand may open one more hand. The equilibrium
    player splits as the exact game does, and never re-splits (the restricted game has two
    hands at most, docs/rules.md)."""
    C, SP, KIND, VAL = K[0], K[2], K[4], K[5]
    EQP = Q[2]
    S, R, chips, H, HC, PL, LOG, LOGC = W[0], W[1], W[4], W[7], W[8], W[9], W[10], W[11]
    A = T[0]
    seat = PL[i, Player.SEAT]
    first = PL[i, Player.FIRST]
    figs = VAL[HC[slot, 0]] == 1 and VAL[HC[slot, 1]] == 1
    a = 0
    if figs:
        info = H[slot, Hand.INFO]
        p = -1.0   # the equilibrium player splits as the exact game does (never re-splits)
        if SP[seat, SeatParam.PKIND] == PlayerKind.EQUILIBRIUM:
            p = EQP[EqProb.SPLIT, info] if info >= 0 else 0.0
        a = _yes_no(S, R, SP, seat, Decision.SPLIT, slot, SeatParam.SPLIT, p)
        if a < 0:
            return Status.NEED
    log_decision(C, S, H, HC, LOG, LOGC, Decision.SPLIT, i, seat, slot, a, chips[seat])
    H[slot, Hand.SPLITQ] = 0
    if a == 1:
        # splitting shows both figures; the player then holds no face-down card,
        # so the next card dealt to it goes face down (docs/rules.md, seed 002)
        card = remove_last(H, HC, slot, KIND, VAL)
        H[slot, Hand.HID] = -1
        H[slot, Hand.INFO] = -1   # split hands: no decision of the exact game's tables
        H[slot, Hand.ETY] = -1
        PL[i, Player.HIDQ] = 1
        ns = first + PL[i, Player.NH]
        PL[i, Player.NH] += 1
        clear_hand(H, ns, seat, i, C[Conf.PUB0])
        add_card(H, HC, ns, card, False, KIND, VAL)
        H[ns, Hand.STAKE] = H[slot, Hand.STAKE]   # a second stake of the same size
        A[Acc.SPLITS] += 1
    return Status.GO


@inline_jit
def _player_choice(K: Any, Q: Any, W: Any, seat: int, slot: int) -> int:
    """A bot's stand (0), hit (1) or hit with a swap (2)."""
    C, SP = K[0], K[2]
    EQP = Q[2]
    R, H = W[1], W[7]
    info = H[slot, Hand.INFO]
    if SP[seat, SeatParam.PKIND] == PlayerKind.EQUILIBRIUM and info >= 0:
        a = sample(R, EQP[EqProb.HIT, info])
        if a == 1 and C[Conf.SWAP] == 1 and H[slot, Hand.HID] >= 0:
            a += sample(R, EQP[EqProb.SWAP, info])
        return a
    # threshold:K hits below K points, no exceptions (docs/rules.md); the equilibrium
    # player too where the exact game has no decision (a split hand: docs/rules.md)
    a = 1 if total(H[slot, Hand.FACE], H[slot, Hand.WILD]) < SP[seat, SeatParam.PK] else 0
    if a == 1 and C[Conf.SWAP] == 1 and H[slot, Hand.HID] >= 0 and SP[seat, SeatParam.SWAP] == 1:
        a = 2
    return a


@inline_jit
def _take_card(K: Any, Q: Any, W: Any, T: Any, i: int, slot: int, a: int) -> None:
    """The card asked for: face up, face down after a swap or a split; then bust (the stake
    goes at once), 7½ (shown), or a split may be asked for."""
    C, KIND, VAL = K[0], K[4], K[5]
    EQN, PUBN = Q[1], Q[3]
    S, R, deck, disc, chips, H, HC, PL, FORCED = (W[0], W[1], W[2], W[3], W[4], W[7], W[8],
                                                  W[9], W[12])
    A = T[0]
    card = deal(S, deck, disc, R, FORCED, A)
    if card < 0:
        H[slot, Hand.STAT] = HandStatus.STOOD   # no card left anywhere: the hand stands
        return
    if a == 2:
        # swap_hidden: the face-down card is turned up, the new card taken face down
        H[slot, Hand.HID] = -1
        add_card(H, HC, slot, card, True, KIND, VAL)
        if C[Conf.HAVE_EQP] == 1:
            old = H[slot, Hand.INFO]
            H[slot, Hand.ETY] = EqFrom.SWAP if old >= 0 else -1
            H[slot, Hand.EIN] = old
            H[slot, Hand.INFO] = EQN[EqFrom.SWAP, old, KIND[card]] if old >= 0 else -1
        A[Acc.SWAPS] += 1
    elif PL[i, Player.HIDQ] == 1:
        PL[i, Player.HIDQ] = 0
        add_card(H, HC, slot, card, True, KIND, VAL)
    else:
        add_card(H, HC, slot, card, False, KIND, VAL)
        if C[Conf.HAVE_EQP] == 1 and H[slot, Hand.INFO] >= 0:
            H[slot, Hand.INFO] = EQN[EqFrom.UP, H[slot, Hand.INFO], KIND[card]]
        if C[Conf.HAVE_EQB] == 1 and H[slot, Hand.PUB] >= 0:
            H[slot, Hand.PUB] = PUBN[H[slot, Hand.PUB], KIND[card]]
    first = PL[i, Player.FIRST]
    if hand_finished(C, H, slot):
        H[slot, Hand.HID] = -1
        if hand_score(C, H, slot) == 0:
            # over 7½: bust, the cards are shown, the stake goes at once (docs/rules.md 3)
            H[slot, Hand.STAT] = HandStatus.BUST
            st = H[slot, Hand.STAKE]
            _transfer(chips, PL[i, Player.SEAT], S[State.BANKER], st)
            S[State.HG] += st
            H[slot, Hand.GAIN] = -st
        else:
            H[slot, Hand.STAT] = HandStatus.SHOWN   # exactly 7½ (or a pair of sevens): it ends
    elif slot == first and H[slot, Hand.N] == 2 and PL[i, Player.NH] < C[Conf.SPLITMAX]:
        need = H[slot, Hand.STAKE]
        for j in range(PL[i, Player.NH]):
            need += H[first + j, Hand.STAKE]
        if C[Conf.LIMITED] == 0 or chips[PL[i, Player.SEAT]] >= need:
            H[slot, Hand.SPLITQ] = 1


@inline_jit
def _turn(K: Any, Q: Any, W: Any, T: Any) -> int:
    """The players' turns, one decision per call: burn, split, then stand or hit."""
    C, SP = K[0], K[2]
    S, chips, H, HC, PL, LOG, LOGC = W[0], W[4], W[7], W[8], W[9], W[10], W[11]
    i = S[State.CUR]
    if i >= S[State.NPLAY]:
        S[State.PHASE] = Phase.BANK
        return Status.GO
    if PL[i, Player.BURN] == 0:
        return _turn_burn(K, Q, W, T, i)
    cur = PL[i, Player.CUR]
    if cur >= PL[i, Player.NH]:
        S[State.CUR] = i + 1
        return Status.GO
    slot = PL[i, Player.FIRST] + cur
    if H[slot, Hand.STAT] != HandStatus.OPEN:
        PL[i, Player.CUR] = cur + 1
        return Status.GO
    if H[slot, Hand.SPLITQ] == 1:
        return _turn_split(K, Q, W, T, i, slot)
    seat = PL[i, Player.SEAT]
    if _person(SP, seat, Decision.ACTION):
        if S[State.HAVE] == 0:
            return _request(S, Decision.ACTION, seat, slot)
        a = _take(S)
        if a == 2 and (C[Conf.SWAP] == 0 or H[slot, Hand.HID] < 0):
            a = 1
    else:
        a = _player_choice(K, Q, W, seat, slot)
    log_decision(C, S, H, HC, LOG, LOGC, Decision.ACTION, i, seat, slot, a, chips[seat])
    if a == 0:
        H[slot, Hand.STAT] = HandStatus.STOOD
    else:
        _take_card(K, Q, W, T, i, slot, a)
    return Status.GO


@inline_jit
def _plan_now(K: Any, Q: Any, W: Any, F: Any, omniscient: bool, root: int) -> float:
    """`bank_plan` over the grouped arrays, from the banker's hand ``root``: drawing is
    forced only at the empty hand, node 0 (a bool computed here, not the constant False,
    so that numba compiles `bank_plan` once for here and `burn_is_better`)."""
    C, SP, ST, KIND, VAL = K[0], K[2], K[3], K[4], K[5]
    EQR, EQN, EQP, NNEXT, NCNT, NSIZE, NSCO, NCHSC = (Q[0], Q[1], Q[2], Q[5], Q[6], Q[7],
                                                      Q[8], Q[9])
    S, deck, H, HC, PL, LOG, LOGC = W[0], W[2], W[7], W[8], W[9], W[10], W[11]
    return bank_plan(C, S, SP, ST, KIND, VAL, EQR, EQN, EQP, NNEXT, NCNT, NSIZE, NSCO, NCHSC,
                     deck, H, HC, PL, LOG, LOGC, F[0], F[1], F[2], F[3], F[4], F[5], F[6],
                     omniscient, root, root == 0)


@inline_jit
def _bank_start(W: Any) -> int:
    """The banker turns its card up, unless every player went bust (then it does not play)."""
    S, H, PL = W[0], W[7], W[9]
    S[State.BSTART] = 1
    for i in range(S[State.NPLAY]):
        for j in range(PL[i, Player.NH]):
            if H[PL[i, Player.FIRST] + j, Hand.STAT] in (HandStatus.STOOD, HandStatus.SHOWN):
                S[State.BPLAYED] = 1
                H[0, Hand.HID] = -1
                return Status.GO
    S[State.PHASE] = Phase.SETTLE
    return Status.GO


@inline_jit
def _bank_burn(K: Any, Q: Any, W: Any, T: Any, F: Any) -> int:
    """The banker decides at the start of its turn whether to burn its first card."""
    C, SP, KIND, VAL = K[0], K[2], K[4], K[5]
    NNEXT = Q[5]
    S, R, deck, disc, H, HC, FORCED = W[0], W[1], W[2], W[3], W[7], W[8], W[12]
    A = T[0]
    b = S[State.BANKER]
    c0 = HC[0, 0]
    if burnable(C, KIND[c0]) and H[0, Hand.N] == 1:
        if (_person(SP, b, Decision.BANK_BURN) or SP[b, SeatParam.BKIND] == BankerKind.THRESHOLD
                or SP[b, SeatParam.BKIND] == BankerKind.EQUILIBRIUM):
            a = _yes_no(S, R, SP, b, Decision.BANK_BURN, 0, SeatParam.BBURN, -1.0)
            if a < 0:
                return Status.NEED
        else:
            a = 1 if _burn_now(K, Q, W, F, SP[b, SeatParam.BKIND] != BankerKind.TABLE) else 0
        if a == 1:
            remove_last(H, HC, 0, KIND, VAL)
            discard(S, disc, c0)
            S[State.BBURNT] = c0
            c = deal(S, deck, disc, R, FORCED, A)
            add_card(H, HC, 0, c, False, KIND, VAL)
            H[0, Hand.NODE] = NNEXT[0, KIND[c]]
            A[Acc.BURNS] += 1
    S[State.BBURN] = 1
    return Status.GO


@inline_jit
def _burn_now(K: Any, Q: Any, W: Any, F: Any, omniscient: bool) -> bool:
    """`burn_is_better` over the grouped arrays."""
    C, SP, ST, KIND, VAL = K[0], K[2], K[3], K[4], K[5]
    EQR, EQN, EQP, NNEXT, NCNT, NSIZE, NSCO, NCHSC = (Q[0], Q[1], Q[2], Q[5], Q[6], Q[7],
                                                      Q[8], Q[9])
    S, deck, H, HC, PL, LOG, LOGC = W[0], W[2], W[7], W[8], W[9], W[10], W[11]
    return bool(burn_is_better(C, S, SP, ST, KIND, VAL, EQR, EQN, EQP, NNEXT, NCNT, NSIZE,
                               NSCO, NCHSC, deck, H, HC, PL, LOG, LOGC, F[0], F[1], F[2], F[3],
                               F[4], F[5], F[6], omniscient))


@inline_jit
def _bank_choice(K: Any, Q: Any, W: Any, F: Any, node: int) -> int:
    """A bot banker's stand (0) or hit (1)."""
    SP = K[2]
    EQB = Q[4]
    S, R, H = W[0], W[1], W[7]
    IB = F[4]
    b = S[State.BANKER]
    kind = SP[b, SeatParam.BKIND]
    if kind == BankerKind.THRESHOLD:
        return 1 if total(H[0, Hand.FACE], H[0, Hand.WILD]) < SP[b, SeatParam.BK] else 0
    if kind == BankerKind.EQUILIBRIUM and H[1, Hand.STAT] == HandStatus.STOOD:
        # heads-up equilibrium banker: its hit chance at (public state, its hand)
        p_hit = EQB[H[1, Hand.PUB], node]
        if p_hit >= 1.0:
            return 1
        if p_hit <= 0.0:
            return 0
        return 1 if uniform(R) < p_hit else 0
    # omniscient; table; equilibrium against a shown 7½ (full information)
    if S[State.PLAN] == 0:
        _plan_now(K, Q, W, F, kind != BankerKind.TABLE, node)
    return int(IB[node])


@inline_jit
def _bank(K: Any, Q: Any, W: Any, T: Any, F: Any) -> int:
    """The banker's turn, one decision per call."""
    C, SP, KIND, VAL = K[0], K[2], K[4], K[5]
    NNEXT = Q[5]
    S, R, deck, disc, H, HC, FORCED = W[0], W[1], W[2], W[3], W[7], W[8], W[12]
    A = T[0]
    if S[State.BSTART] == 0:
        return _bank_start(W)
    if S[State.BBURN] == 0:
        return _bank_burn(K, Q, W, T, F)
    if hand_finished(C, H, 0):
        S[State.PHASE] = Phase.SETTLE
        return Status.GO
    node = H[0, Hand.NODE]
    b = S[State.BANKER]
    if _person(SP, b, Decision.BANK_ACTION):
        if S[State.HAVE] == 0:
            return _request(S, Decision.BANK_ACTION, b, 0)
        a = 1 if _take(S) != 0 else 0
    else:
        a = _bank_choice(K, Q, W, F, node)
    card = deal(S, deck, disc, R, FORCED, A) if a == 1 else -1
    if card < 0:
        S[State.PHASE] = Phase.SETTLE
        return Status.GO
    add_card(H, HC, 0, card, False, KIND, VAL)
    H[0, Hand.NODE] = NNEXT[node, KIND[card]]
    return Status.GO


@inline_jit
def _settle_pay(K: Any, W: Any, T: Any, bscore: int) -> int:
    """Losers pay first, then the banker pays the winners in playing order as far as its
    chips go; returns the banker's gain this hand."""
    C = K[0]
    S, chips, H, PL = W[0], W[4], W[7], W[9]
    A = T[0]
    b = S[State.BANKER]
    G = S[State.HG]
    for i in range(S[State.NPLAY]):
        for j in range(PL[i, Player.NH]):
            slot = PL[i, Player.FIRST] + j
            if H[slot, Hand.STAT] == HandStatus.BUST:
                H[slot, Hand.SCORE] = 0
                continue
            ps = hand_score(C, H, slot)
            H[slot, Hand.SCORE] = ps
            if settle(C, ps, bscore) < 0:
                st = H[slot, Hand.STAKE]
                _transfer(chips, PL[i, Player.SEAT], b, st)
                G += st
                H[slot, Hand.GAIN] = -st
    for i in range(S[State.NPLAY]):
        for j in range(PL[i, Player.NH]):
            slot = PL[i, Player.FIRST] + j
            if H[slot, Hand.STAT] == HandStatus.BUST:
                continue
            m = settle(C, H[slot, Hand.SCORE], bscore)
            if m > 0:
                owed = m * H[slot, Hand.STAKE]
                pay = owed
                if C[Conf.LIMITED] == 1 and pay > chips[b]:
                    pay = chips[b]
                _transfer(chips, b, PL[i, Player.SEAT], pay)
                G -= pay
                A[Acc.UNPAID] += owed - pay
                H[slot, Hand.GAIN] = pay
    return int(G)


@inline_jit
def _settle_tally(K: Any, W: Any, T: Any, G: int, played: bool, bscore: int) -> tuple[int, int]:
    """Add the hand to the tallies; returns (stakes, hands on 7½ or better)."""
    C = K[0]
    S, chips, H, PL = W[0], W[4], W[7], W[9]
    A, POSA, SEATA = T[0], T[1], T[2]
    Sh = 0
    n75 = 0
    for i in range(S[State.NPLAY]):
        seat = PL[i, Player.SEAT]
        gi = 0
        si = 0
        for j in range(PL[i, Player.NH]):
            slot = PL[i, Player.FIRST] + j
            gi += H[slot, Hand.GAIN]
            si += H[slot, Hand.STAKE]
            sc = H[slot, Hand.SCORE]
            A[Acc.PHANDS] += 1
            if sc == 0:
                A[Acc.PBUST] += 1
            elif sc >= 15:
                A[Acc.P75] += 1
                n75 += 1
        Sh += si
        POSA[i, PosAcc.N] += 1
        POSA[i, PosAcc.G] -= gi
        POSA[i, PosAcc.G2] += gi * gi
        POSA[i, PosAcc.S] += si
        POSA[i, PosAcc.S2] += si * si
        POSA[i, PosAcc.GS] -= gi * si
        SEATA[seat, SeatAcc.PN] += 1
        SEATA[seat, SeatAcc.PG] += gi
        SEATA[seat, SeatAcc.PG2] += gi * gi
        SEATA[seat, SeatAcc.PS] += si
    A[Acc.HANDS] += 1
    A[Acc.PH] += S[State.NPLAY]
    A[Acc.G] += G
    A[Acc.G2] += G * G
    A[Acc.S] += Sh
    A[Acc.S2] += Sh * Sh
    A[Acc.GS] += G * Sh
    if played:
        A[Acc.BPLAY] += 1
        if bscore == 0:
            A[Acc.BBUST] += 1
    b = S[State.BANKER]
    SEATA[b, SeatAcc.BN] += 1
    SEATA[b, SeatAcc.BG] += G
    SEATA[b, SeatAcc.BG2] += G * G
    tot = 0
    for s in range(C[Conf.NSEATS]):
        tot += chips[s]
    if tot != S[State.TOTAL]:
        A[Acc.VIOL] += 1
    return Sh, n75


@inline_jit
def _settle_bank(K: Any, W: Any, T: Any) -> int:
    """Eliminations, who holds the bank next (`pass_bank`), a sale; returns how it moved."""
    C = K[0]
    S, chips, active, elim, H, PL = W[0], W[4], W[5], W[6], W[7], W[9]
    A = T[0]
    b = S[State.BANKER]
    for s in range(C[Conf.NSEATS]):
        if C[Conf.LIMITED] == 1 and active[s] == 1 and chips[s] <= 0:
            active[s] = 0          # a player with no chips is eliminated
            elim[s] = S[State.HANDNO]
            A[Acc.ELIM] += 1
    newb = pass_bank(C, S, H, PL, active)
    how = S[State.PASS]
    if C[Conf.PASSING] == 2 and how == 0 and C[Conf.SALE_PRICE] > 0 \
            and S[State.TEN_LEN] + 1 >= C[Conf.SALE_AFTER]:
        # keep: the bank is sold at the agreed price to the first player able to pay
        price = C[Conf.SALE_PRICE]
        for i in range(S[State.NPLAY]):
            seat = PL[i, Player.SEAT]
            if active[seat] == 1 and (C[Conf.LIMITED] == 0 or chips[seat] > price):
                _transfer(chips, seat, b, price)
                newb = seat
                how = 4
                A[Acc.SALES] += 1
                break
    S[State.PASS] = how
    return newb


@inline_jit
def _tenure(W: Any, T: Any, newb: int, G: int) -> None:
    """The banker's tenure: one more hand, and its tallies when the bank changes hands."""
    S = W[0]
    A = T[0]
    if S[State.PASS] == 1:
        A[Acc.TAKE75] += 1
    S[State.TEN_LEN] += 1
    S[State.TEN_GAIN] += G
    if newb != S[State.BANKER]:
        g = S[State.TEN_GAIN]
        ln = S[State.TEN_LEN]
        A[Acc.TEN_N] += 1
        A[Acc.TEN_G] += g
        A[Acc.TEN_G2] += g * g
        A[Acc.TEN_L] += ln
        A[Acc.TEN_L2] += ln * ln
        A[Acc.TEN_GL] += g * ln
        S[State.TEN_LEN] = 0
        S[State.TEN_GAIN] = 0
        S[State.BANK_CHANGES] += 1


@inline_jit
def _record(K: Any, W: Any, T: Any, fields: Any) -> None:
    """The hand's record (``REC``), when asked for: ``fields`` are its first ten."""
    C = K[0]
    S, chips = W[0], W[4]
    REC = T[4]
    r = S[State.REC]
    if r < REC.shape[0]:
        for f in range(10):
            REC[r, f] = fields[f]
        for s in range(C[Conf.NSEATS]):
            REC[r, 10 + s] = chips[s]
        S[State.REC] = r + 1


@inline_jit
def _discard_hand(W: Any) -> None:
    """With ``when_exhausted``, the cards of the hand go to the discard pile."""
    S, disc, H, HC, PL = W[0], W[3], W[7], W[8], W[9]
    for t in range(H[0, Hand.N]):
        discard(S, disc, HC[0, t])
    for i in range(S[State.NPLAY]):
        for j in range(PL[i, Player.NH]):
            slot = PL[i, Player.FIRST] + j
            for t in range(H[slot, Hand.N]):
                discard(S, disc, HC[slot, t])


@inline_jit
def _settle(K: Any, W: Any, T: Any) -> int:
    """Settlement, tallies, the bank's next holder, the record; the next hand."""
    C = K[0]
    S, H = W[0], W[7]
    b = S[State.BANKER]
    played = S[State.BPLAYED] == 1
    bscore = hand_score(C, H, 0) if played else -1
    H[0, Hand.SCORE] = bscore
    G = _settle_pay(K, W, T, bscore)
    Sh, n75 = _settle_tally(K, W, T, G, played, bscore)
    newb = _settle_bank(K, W, T)
    _tenure(W, T, newb, G)
    _record(K, W, T, (S[State.SESS], S[State.HANDNO], b, S[State.NPLAY], Sh, G, bscore, newb,
                      S[State.PASS], n75))
    S[State.LASTB] = b
    S[State.BANKER] = newb
    if C[Conf.EXHAUST] == 1:
        _discard_hand(W)
    S[State.HANDNO] += 1
    S[State.PHASE] = Phase.HAND
    return Status.HAND_DONE if C[Conf.PAUSE] == 1 else Status.GO


@jit
def run(K: Any, Q: Any, W: Any, T: Any, F: Any) -> int:
    """Play until ``C[Conf.NSESS]`` sessions are done (`Status.DONE`), a person must decide
    (`Status.NEED`), or, with ``C[Conf.PAUSE]``, a hand is over (`Status.HAND_DONE`). See the
    module docstring for the grouped arrays."""
    S = W[0]
    status: int = Status.GO
    while status == Status.GO:
        ph = S[State.PHASE]
        if ph == Phase.TURN:   # the phases of many passes loop in place (fewer jumps)
            while status == Status.GO and S[State.PHASE] == Phase.TURN:
                status = _turn(K, Q, W, T)
        elif ph == Phase.BANK:
            while status == Status.GO and S[State.PHASE] == Phase.BANK:
                status = _bank(K, Q, W, T, F)
        elif ph == Phase.STAKE or ph == Phase.STAKE2:
            while status == Status.GO and S[State.PHASE] == ph:
                status = _stake(K, Q, W)
        elif ph == Phase.HAND:
            status = _hand(K, W, T)
        elif ph == Phase.DEAL:
            status = _deal_first(K, Q, W, T)
        elif ph == Phase.SESSION:
            status = _session(K, W)
        else:
            status = _settle(K, W, T)
    return status
