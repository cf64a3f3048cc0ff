"""What the solver returns: a best reply (`BestResponse`) and a certified equilibrium
(`Equilibrium`), with the values that describe them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from settemezzo.game import restriction_codes
from settemezzo.rules import Rules
from settemezzo.solve.strategies import BankerStrategy, PlayerStrategy, Value


@dataclass(frozen=True)
class BestResponse:
    """The best reply to a fixed strategy: its value (player's gain) and policy."""

    value: Value
    side: Literal["player", "banker"]
    strategy: PlayerStrategy | BankerStrategy


@dataclass(frozen=True)
class Equilibrium:
    """A certified equilibrium of the heads-up game.

    ``value`` is the player's expected gain at equilibrium, in chips (per unit stake when
    the stake is fixed); ``expected_stake`` the player's mean stake; the banker's edge is
    ``-value / expected_stake``. ``lower`` is the exact value of the player's strategy against the
    banker's best reply to it, ``upper`` that of the banker's strategy against the player's
    best reply; the game value lies in [lower, upper] and ``exploitability = upper - lower``.
    """

    rules: Rules
    value: float
    lower: float
    upper: float
    player: PlayerStrategy
    banker: BankerStrategy
    iterations: int
    seconds: float
    lp_value: float
    expected_stake: float = 1.0
    subgames: frozenset[Any] = frozenset()  # keys of the subgames after a swap, all levels
    offpath_gap: float = 0.0  # the refinement's check (`equilibria.offpath_gap`), near 0

    @property
    def exploitability(self) -> float:
        return self.upper - self.lower

    @property
    def banker_edge(self) -> float:
        """The banker's gain per unit of expected stake."""
        return -self.value / self.expected_stake

    @property
    def restriction_codes(self) -> tuple[str, ...]:
        """() for an equilibrium of the whole game; else what the player is kept from doing
        (`settemezzo.game.restriction_codes`): then ``lower`` bounds the player's value in
        the whole game from below, and ``banker_edge`` is the most the banker gains against
        ``player``; the whole game's equilibrium is not known."""
        return restriction_codes(self.rules)

    def __repr__(self) -> str:
        return (f"Equilibrium({self.rules.spec()}: player value {self.value:+.9f}, "
                f"banker edge {self.banker_edge:.4%}, certificate [{self.lower:.12f}, "
                f"{self.upper:.12f}], {self.iterations} LP rounds"
                + (f", {len(self.subgames)} subgames after a swap" if self.subgames else "")
                + (f"; restricted: {', '.join(self.restriction_codes)}"
                   if self.restriction_codes else "")
                + f", {self.seconds:.2f} s)")
