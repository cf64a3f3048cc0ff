"""The limits every entry point enforces, each with its reason, in one place.

A limit keeps a run within the time and memory a laptop has, or keeps integers inside the
64-bit arithmetic of the compiled simulator. The command line and the API both read them
from here, so an error can quote the limit and say why.

>>> check_count("hands", 10**12, 1, MAX_HANDS, HANDS_REASON)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
settemezzo.errors.LimitError: hands must be a whole number from 1 to 1,000,000,000 (...
"""

from __future__ import annotations

from typing import Any

from settemezzo.errors import LimitError
from settemezzo.rules import Rules

__all__ = [
    "ASK_ABOVE_SIZE",
    "CHIPS_REASON",
    "HANDS_REASON",
    "MAX_CHIPS",
    "MAX_HANDS",
    "MAX_RECORDED_HANDS",
    "MAX_SESSIONS",
    "MAX_SESSION_HANDS",
    "MAX_STAKE_CHOICES",
    "SESSIONS_REASON",

    "check_count",
    "check_exact_size",
    "exact_size",
]


MAX_HANDS = 10**9
HANDS_REASON = "a billion hands take minutes and measure an edge to 0.003%"

MAX_SESSIONS = 4_000_000
SESSIONS_REASON = ("each session keeps a record of 18 numbers in memory: 4 million are about "
                   "600 MB; longer sessions (session_hands) mean fewer of them")

MAX_RECORDED_HANDS = 1_000_000
RECORDED_REASON = "each recorded hand is a row of 18 numbers kept in memory, then a CSV row"

MAX_SESSION_HANDS = 1_000_000
SESSION_HANDS_REASON = "longer sessions are one session: use --hands for more hands"

MAX_CHIPS = 10_000
CHIPS_REASON = ("the simulator sums gains and their squares exactly in 64-bit integers; "
                "a table uses tens of chips")

MAX_STAKE_CHOICES = 8
STAKE_CHOICES_REASON = (
    "the exact engine keeps one copy of the game per stake the player may choose after its "
    "first card: 7 stakes (2..8) took 1.6 GB and 30 s of CPU, 29 stakes need ~5 GB")

SIMULATION_RATE = 1_000_000
"""Player-hands per second assumed for a cost estimate (a slow machine, one thread; the
simulator is several times faster, see ``python -m bench simulate``)."""

ASK_ABOVE_SECONDS = 300
"""Estimated seconds above which the command line asks for ``--yes`` before simulating."""


def check_count(name: str, value: Any, lo: int, hi: int, reason: str,
                error: type[ValueError] = LimitError) -> int:
    """``value`` as an int if it is a whole number in ``[lo, hi]``, else an ``error``
    (`LimitError` by default) quoting it, the range and the reason for the upper limit."""
    ok = isinstance(value, int) and not isinstance(value, bool)
    if not ok:
        try:
            import numpy as np

            ok = isinstance(value, np.integer)
        except ImportError:  # pragma: no cover - numpy is a dependency
            ok = False
    if not ok or not lo <= value <= hi:
        raise error(f"{name} must be a whole number from {lo:,} to {hi:,} ({reason}), "
                    f"got {value!r}")
    return int(value)


def stake_choices(rules: Rules) -> int:
    """How many stakes the player chooses from after its first card (1: a fixed stake)."""
    if rules.stake_timing != "after_first_card":
        return 1
    return max(rules.max_stake - rules.min_stake + 1, 1)


ASK_ABOVE_SIZE = 32
"""`exact_size` above which the command line asks for ``--yes`` before an exact solve."""


def exact_size(rules: Rules) -> int:
    """A rough size of the exact game, relative to the Italian rules (1): a factor for each
    knob that multiplies the player's choices. The Spanish preset is 16 (about 20 s of CPU
    and 1 GB); Spanish with stakes 2..8 is 28 (30 s, 1.6 GB); Spanish with burn=3,4,
    wild_king, royal and pair_of_sevens (96 by this count) passed 3 GB within a minute."""
    return (stake_choices(rules) * (1 + len(rules.burn)) * (2 if rules.wild_king else 1)
            * (2 if rules.swap_hidden else 1) * (2 if rules.split_figures > 1 else 1))


def check_exact_size(rules: Rules, yes: bool = True) -> Rules:
    """``rules`` if the exact engine can solve them in reasonable memory, else a
    `LimitError` naming the stake range and the limit. With ``yes=False`` (the command line
    without ``--yes``) a game larger than `ASK_ABOVE_SIZE` is refused too, saying why."""
    n = stake_choices(rules)
    if n > MAX_STAKE_CHOICES:
        raise LimitError(
            f"stakes from {rules.min_stake} to {rules.max_stake} chosen after the first card "
            f"are {n} choices; the exact engine takes at most {MAX_STAKE_CHOICES} "
            f"({STAKE_CHOICES_REASON}). Narrow the range (--variant max_stake=N) or use "
            f"'settemezzo simulate', which has no such limit")
    if not yes and exact_size(rules) > ASK_ABOVE_SIZE:
        raise LimitError(
            f"the rules {rules.spec()!r} make an exact game about {exact_size(rules)} times the "
            f"Italian one (the Spanish preset: 16); above {ASK_ABOVE_SIZE} a solve may take "
            f"minutes and several GB. Add --yes to run it anyway")
    return rules


def simulation_seconds(hands: int, players: int) -> float:
    """A pessimistic estimate of a simulation's run time, in seconds."""
    return hands * max(players, 1) / SIMULATION_RATE
