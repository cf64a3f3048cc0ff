"""The layout of the compiled engine's arrays: one `IntEnum` per array, its fields by name.

The compiled engine (`settemezzo.simulate.phases`) works on flat integer arrays; each field
of each array has a name here, and numba reads the members as compile-time constants
(``S[State.HG]`` compiles to the same code as ``S[19]``). The Python side that builds and
reads the arrays (`settemezzo.simulate.session`, `tablegame`, `strategies`, `cluster`) uses
the same members. The ``N*`` constants are the arrays' lengths (some keep a few fields
free), the others the table's sizes.
"""

from __future__ import annotations

from enum import IntEnum

from settemezzo.hands import SCORES, Score

__all__ = [
    "MAXC",
    "MAXSPLIT",
    "NA",
    "NC",
    "NH",
    "NK",
    "NLG",
    "NLOG",
    "NPA",
    "NPL",
    "NREC",
    "NS",
    "NSA",
    "NSC",
    "NSEAT",
    "NSESSF",
    "NSLOT",
    "NSP",
    "SC_BUST",
    "SC_PAIR",
    "SC_ROYAL",
    "Acc",
    "BankerKind",
    "Conf",
    "Decision",
    "EqFrom",
    "EqProb",
    "Hand",
    "HandStatus",
    "Log",
    "Phase",
    "Player",
    "PlayerKind",
    "PosAcc",
    "SeatAcc",
    "SeatParam",
    "State",
    "Status",
]

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


class Conf(IntEnum):
    """The configuration array ``C``: the rules and the run, set by the Python side."""
    NSEATS = 0
    ROYAL = 1
    WILD = 2
    PAIR = 3
    BURN = 4           # bit k set: a face-down first card of kind k may be burnt (Rules.burn_mask)
    TIES = 5
    SWAP = 6
    SPLITMAX = 7
    STAKE_AFTER = 8
    SEVEN_PAYS = 9
    EXHAUST = 10       # 1: reshuffle when exhausted, 0: every hand
    PASSING = 11       # 0 seven_half, 1 rotate, 2 keep
    LIMITED = 12       # 1: chips are real (stakes capped, elimination); 0: unlimited credit
    START = 13         # starting chips per seat
    HANDS = 14         # hands per session at most
    NSESS = 15         # sessions to play
    SALE_PRICE = 16    # keep-the-bank sale: price in chips (0: never sold)
    SALE_AFTER = 17    # ... after the banker has held the bank this many hands
    PAUSE = 18         # 1: return Status.HAND_DONE after every hand (the classroom table)
    HAVE_EQP = 19      # equilibrium player tables present
    HAVE_EQB = 20      # equilibrium banker tables present
    PUB0 = 21          # index of the empty public state in the equilibrium tables
    LOG = 22           # 1: log decisions (a table banker sits at the table)


NC = 23
"""The length of a `Conf` array (its last axis)."""


class SeatParam(IntEnum):
    """A seat's parameters ``SP[seat]``: how it plays as a player and as banker."""
    PKIND = 0          # as a player: 0 threshold, 1 equilibrium table, 2 person
    PK = 1             # threshold in half-points
    BKIND = 2          # as banker: 0 threshold, 1 omniscient, 2 equilibrium, 3 table, 4 person
    BK = 3
    BURN = 4           # a player burns a burnable first card
    BBURN = 5          # as banker, burns
    SPLIT = 6          # splits two figures
    SWAP = 7           # turns the hidden card up on every hit (swap_hidden)
    HUMAN = 8          # bit mask of the decisions a person takes (`Decision`)
    MKIND = 9          # how a table banker models this seat: 0 threshold, 1 equilibrium table
    MK = 10


NSP = 11
"""The length of a `SeatParam` array (its last axis)."""


class PlayerKind(IntEnum):
    """How a seat plays as a player (``SP[seat, SeatParam.PKIND]``; 2 is a person)."""
    THRESHOLD = 0
    EQUILIBRIUM = 1


class BankerKind(IntEnum):
    """How a seat plays as banker (``SP[seat, SeatParam.BKIND]``; 4 is a person)."""
    THRESHOLD = 0
    OMNISCIENT = 1
    EQUILIBRIUM = 2
    TABLE = 3


class Decision(IntEnum):
    """The decisions a seat takes, the request types of `Status.NEED` (``SP[seat,
    SeatParam.HUMAN]`` has bit ``1 << d`` for each one a person takes)."""
    STAKE = 0
    BURN = 1
    SPLIT = 2
    ACTION = 3         # stand 0, hit 1, hit taking the new card face down (swap) 2
    BANK_ACTION = 4    # stand 0, hit 1
    BANK_BURN = 5


class State(IntEnum):
    """The state scalars ``S`` of the table, between two calls of `run` too."""
    PHASE = 0
    SESS = 1
    HANDNO = 2
    BANKER = 3
    NPLAY = 4
    CUR = 5
    POS = 6
    END = 7
    NDISC = 8
    HAVE = 9
    ACT = 10
    REQ_TYPE = 11
    REQ_SEAT = 12
    REQ_SLOT = 13
    TEN_LEN = 14
    TEN_GAIN = 15
    PLAN = 16
    LOGN = 17
    FORCED = 18
    HG = 19            # the banker's gain so far this hand
    LO = 20
    HI = 21
    BSTART = 22
    BBURN = 23
    TOTAL = 24         # chips at the table (conserved)
    BANK_CHANGES = 25
    STAMP = 26
    REC = 27
    BPLAYED = 28
    LASTB = 29         # banker of the hand just settled (for the caller)
    PASS = 30          # how the bank moved after it: 0 kept, 1 7½, 2 rotation, 3 elimination,
    #                    4 sale
    BBURNT = 31        # the card the banker burnt this hand (id), -1 if none


NS = 32
"""The length of a `State` array (its last axis)."""


class Phase(IntEnum):
    """Where the table is in a hand (``S[State.PHASE]``)."""
    SESSION = 0
    HAND = 1
    STAKE = 2
    DEAL = 3
    STAKE2 = 4
    TURN = 5
    BANK = 6
    SETTLE = 7


class Status(IntEnum):
    """What `run` returns to its caller; `GO` (go on) is the phases' own."""
    DONE = 0
    NEED = 1
    HAND_DONE = 2
    GO = -1  # a phase is done and the next one follows (never returned by `run`)


class Hand(IntEnum):
    """A hand slot's fields ``H[slot]`` (slot 0 the banker; player i's hands
    ``1 + i * MAXSPLIT + j``)."""
    N = 0
    HID = 1            # position of the face-down card in the hand, -1 if every card is visible
    STAT = 2
    STAKE = 3
    SEAT = 4
    FACE = 5           # face value in half-points (the K♦ as ½)
    WILD = 6           # wild K♦ in the hand (0/1)
    SEV = 7            # sevens in the hand
    INFO = 8           # equilibrium player information set (-1: none)
    PUB = 9            # equilibrium public state of the face-up cards
    NODE = 10          # banker node (multiset of the banker's cards)
    SPLITQ = 11        # a split may be asked for
    PIDX = 12
    SCORE = 13
    GAIN = 14          # the player's gain on this hand, in chips
    ETY = 15           # how its face-down card came (`EqFrom`: ROOT, BURN, SWAP), or -1 (no
    #                    decision of the tables: a split hand)
    EIN = 16           # ... from which information set (EQ_BURN, EQ_SWAP)
    SIDX = 17          # the exact game's stake index of the hand (`strategies.PlayerTables.stakes`)


NH = 18
"""The length of a `Hand` array (its last axis)."""


class HandStatus(IntEnum):
    """A hand's status (``H[slot, Hand.STAT]``)."""
    OPEN = 0
    STOOD = 1
    SHOWN = 2
    BUST = 3


class Player(IntEnum):
    """A player's fields ``PL[i]``, in playing order."""
    SEAT = 0
    FIRST = 1
    NH = 2
    CUR = 3
    BURN = 4
    BURNT = 5          # the card this player burnt this hand (id), -1 if none
    HIDQ = 6           # after a split: the next card dealt to this player goes face down


NPL = 7
"""The length of a `Player` array (its last axis)."""


class Log(IntEnum):
    """A logged decision's fields ``LOG[k]`` (the table banker's posterior reads them)."""
    TYPE = 0
    PIDX = 1
    SLOT = 2
    N = 3
    HID = 4            # the card face down in that hand when deciding (id), -1 if none
    ACT = 5
    LO = 6
    HI = 7
    CHIPS = 8
    SEAT = 9
    ETY = 10           # H_ETY, H_EIN and H_SIDX of the hand when deciding
    EIN = 11
    SIDX = 12


NLG = 13
"""The length of a `Log` array (its last axis)."""


class EqFrom(IntEnum):
    """How a hand's face-down card came, in the equilibrium player's tables
    (`settemezzo.simulate.strategies.PlayerTables`): ``EQN[how, info, kind] -> info``,
    ``EQR[stake index, kind] -> info`` for a first card (`ROOT`)."""
    UP = 0
    BURN = 1
    SWAP = 2
    ROOT = 3           # H_ETY of a first card (EQR)


class EqProb(IntEnum):
    """The rows of the equilibrium player's chances ``EQP[what, info]``."""
    HIT = 0
    SWAP = 1
    BURN = 2
    SPLIT = 3
    STAKE = 4


class Acc(IntEnum):
    """The accumulators ``A``: exact integer sums over the hands played."""
    HANDS = 0
    PH = 1             # player-hands (one player in one hand, split hands together)
    G = 2              # banker's gain (chips), summed over hands
    G2 = 3
    S = 4              # stakes
    S2 = 5
    GS = 6
    PBUST = 7          # player hands that bust
    P75 = 8            # player hands on 7½ (royal included) or a pair of sevens
    BBUST = 9          # banker busts (when it played)
    BPLAY = 10         # hands in which the banker played
    UNPAID = 11        # chips a banker owed but did not have
    TEN_N = 12         # completed bank tenures
    TEN_G = 13
    TEN_G2 = 14
    TEN_L = 15
    TEN_L2 = 16
    SPLITS = 17
    BURNS = 18
    SWAPS = 19
    RESHUF = 20
    NOCARD = 21
    VIOL = 22          # chip-conservation violations (must stay 0)
    SESS = 23
    ELIM = 24
    SALES = 25
    TAKE75 = 26        # bank taken over by a 7½
    PHANDS = 27        # player hands (split hands counted one by one)
    TEN_GL = 28


NA = 32
"""The length of a `Acc` array (its last axis)."""


class PosAcc(IntEnum):
    """Per playing position (0 = the banker's right): the banker's gain from it
    (``POSA[position]``)."""
    N = 0
    G = 1
    G2 = 2
    S = 3
    S2 = 4
    GS = 5


NPA = 6
"""The length of a `PosAcc` array (its last axis)."""


class SeatAcc(IntEnum):
    """Per seat (``SEATA[seat]``)."""
    BN = 0             # hands as banker
    BG = 1
    BG2 = 2
    PN = 3             # hands as a player
    PG = 4
    PG2 = 5
    PS = 6


NSA = 8
"""The length of a `SeatAcc` array (its last axis)."""

