"""The compiled engine: whole sessions of hands, played card by card (numba).

Everything works on flat integer arrays so that numba can compile it (``cache=True``,
``nogil=True``: chunks run side by side in threads). The Python side (`settemezzo.simulate`)
builds the arrays from a `Rules` value and the seats' strategies, and reads the results.
This module is the engine's one door for it; the engine itself is in four modules:

- `settemezzo.simulate.layout`: the arrays' fields, one `IntEnum` per array;
- `settemezzo.simulate.dealing`: random numbers, the deck dealt card by card, the hands;
- `settemezzo.simulate.play`: how the bots decide (stakes, the equilibrium player's tables,
  the banker's plan and its posterior);
- `settemezzo.simulate.phases`: the phase machine, `run`.

**A state machine.** `run` advances the table until the requested number of sessions is
played, or until a seat played by a person must decide: it then returns ``NEED``, with the
request in the state array; the caller supplies the answer and calls `run` again.

**Cards.** Card ``id = 10 * suit + rank`` (suits ♠ ♥ ♦ ♣, ranks A..7 then J Q K), so the K♦
is 29. ``KIND[id]`` is the card's `settemezzo.cards.Kind` value (0 figure, 1..7, 8 the wild
K♦ - under ``wild_king`` only; otherwise the K♦ is a plain figure, kind 0), ``VAL[id]`` its
value in half-points.

**Fields.** Each array's fields are the members of its layout (``S[State.HG]``), and also
module attributes under their flat names (``E.S_HG``, `settemezzo.simulate.layout.flat_names`),
as the Python side reads them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from settemezzo.simulate.dealing import below, burnable, finished, score, settle, total, uniform
from settemezzo.simulate.layout import (
    MAXC,
    MAXSPLIT,
    NA,
    NC,
    NH,
    NK,
    NLG,
    NLOG,
    NPA,
    NPL,
    NREC,
    NS,
    NSA,
    NSC,
    NSEAT,
    NSESSF,
    NSLOT,
    NSP,
    SC_BUST,
    SC_PAIR,
    SC_ROYAL,
    Acc,
    BankerKind,
    Conf,
    Decision,
    EqFrom,
    EqProb,
    Hand,
    HandStatus,
    Log,
    Phase,
    Player,
    PlayerKind,
    PosAcc,
    Seat,
    SeatAcc,
    State,
    Status,
    flat_names,
)
from settemezzo.simulate.phases import pass_bank, run
from settemezzo.simulate.play import bank_plan, plan, posterior, posteriors, stake_for

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
    "Seat",
    "SeatAcc",
    "State",
    "Status",
    "bank_plan",
    "below",
    "burnable",
    "finished",
    "pass_bank",
    "plan",
    "posterior",
    "posteriors",
    "run",
    "score",
    "settle",
    "stake_for",
    "total",
    "uniform",
]

globals().update(flat_names())  # S_HG, C_NSEATS, NEED, ...: plain ints

if TYPE_CHECKING:
    def __getattr__(name: str) -> int:
        """The flat names set above (``S_HG`` is ``int(State.HG)``), for mypy."""
