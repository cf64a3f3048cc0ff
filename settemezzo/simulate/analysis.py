"""The questions of whole tables, as DataFrames with standard errors.

- `table_edge` - the banker's edge per player-hand by number of people at the table (2-8);
- `bank_value` - what holding the bank is worth under the Italian bank passing;
- `game_chances` - each seat's chance of winning a game (SPANISH by default), its risk of
  ruin and its final chips;
- `exact_check` - the heads-up simulation against the exact value of `settemezzo.solve`.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import Any, cast

import pandas as pd

from settemezzo.rules import ITALIAN, SPANISH, Rules, preset
from settemezzo.simulate.session import simulate

__all__ = ["bank_value", "exact_check", "exact_value", "game_chances", "table_edge"]


def _rules(rules: Rules | str) -> Rules:
    return preset(rules) if isinstance(rules, str) else rules


def table_edge(rules: Rules | str = ITALIAN, players: Iterable[int] = range(1, 8),
               hands: int = 1_000_000, *, seed: int = 0, player: Any = "threshold:5",
               banker: Any = "threshold:5", chips: int | str | None = None,
               **kwargs: Any) -> pd.DataFrame:
    """The banker's edge per player-hand (gain per unit staked) by table size.

    One row per table: ``people`` (2..8, the banker included), ``players``, ``hands``,
    ``banker_edge`` and ``se``, the banker's gain per hand and its ``gain_se``. Unlimited
    chips by default, so that every hand is played in full.
    """
    rows = []
    for n in players:
        r = simulate(_rules(rules), n, hands, seed=seed, player=player, banker=banker,
                     chips=chips, **kwargs)
        s = r.summary().set_index("measure")
        rows.append({"people": n + 1, "players": n, "hands": r.hands,
                     "banker_edge": r.edge, "se": r.edge_se,
                     "gain_per_hand": s.loc["banker gain per hand", "value"],
                     "gain_se": s.loc["banker gain per hand", "se"],
                     "hands_per_second": r.hands_per_second})
    return pd.DataFrame(rows)


def bank_value(rules: Rules | str = ITALIAN, players: Iterable[int] = range(1, 8),
               hands: int = 1_000_000, *, seed: int = 0, player: Any = "threshold:5",
               banker: Any = "threshold:5", chips: int | str | None = None,
               **kwargs: Any) -> pd.DataFrame:
    """The value of holding the bank: per hand, and per tenure (from taking the bank to
    losing it), under the rules' bank passing (the Italian 7½ takeover by default).

    Columns: ``people``, ``gain_per_hand`` (the banker's gain per hand, chips) and ``se``,
    ``tenure`` (hands a banker keeps the bank) and ``tenure_se``, ``value`` (the banker's
    gain over a whole tenure) and ``value_se``, ``tenures`` (completed tenures counted).
    """
    rows = []
    for n in players:
        r = simulate(_rules(rules), n, hands, seed=seed, player=player, banker=banker,
                     chips=chips, **kwargs)
        s = r.summary().set_index("measure")

        def get(name: str, col: str, s: pd.DataFrame = s) -> float:
            return float(cast(Any, s.loc[name, col])) if name in s.index else float("nan")

        rows.append({"people": n + 1, "players": n, "hands": r.hands,
                     "gain_per_hand": get("banker gain per hand", "value"),
                     "se": get("banker gain per hand", "se"),
                     "tenure": get("bank tenure (completed)", "value"),
                     "tenure_se": get("bank tenure (completed)", "se"),
                     "value": get("banker's gain per tenure", "value"),
                     "value_se": get("banker's gain per tenure", "se"),
                     "tenures": int(r.A[12])})
    return pd.DataFrame(rows)


def game_chances(rules: Rules | str = SPANISH, players: int = 3, sessions: int = 20_000, *,
                 seed: int = 0, player: Any = "threshold:5", banker: Any = "threshold:5",
                 **kwargs: Any) -> pd.DataFrame:
    """Each seat's chance of winning a game (most chips at the end; ties share), its risk of
    ruin (losing every chip), and its final chips, over ``sessions`` whole games."""
    r = simulate(_rules(rules), players, sessions=sessions, seed=seed, player=player,
                 banker=banker, **kwargs)
    seats = r.seat_table()[["seat", "win_chance", "win_se", "ruin", "ruin_se"]]
    chips = r.chip_distribution()[["seat", "mean", "sd", "median"]].rename(
        columns={"mean": "final_chips", "sd": "final_chips_sd", "median": "final_median"})
    return seats.merge(chips, on="seat")


def exact_value(rules: Rules, player: str, banker: str) -> Fraction | float:
    """The exact heads-up value (player's gain per unit staked) of a pair of strategies:
    `settemezzo.solve.evaluate` for fixed policies, the equilibrium value, or the banker's
    best reply for the ``table`` banker (which is that best reply heads-up). When the
    player picks its stake after the first card (the equilibrium player of SPANISH), the
    value in chips is divided by its expected stake (`settemezzo.solve.expected_stake`), as
    the simulator's `SimulationResult.player_value` is."""
    from settemezzo.game import heads_up
    from settemezzo.solve import best_response, equilibrium, evaluate, expected_stake

    game = heads_up(rules)
    p, b = player.strip().lower(), banker.strip().lower()
    eq = equilibrium(game) if "equilibrium" in (p, b) else None
    p_strat: Any = eq.player if (eq is not None and p == "equilibrium") else p
    b_strat: Any = eq.banker if (eq is not None and b == "equilibrium") else b
    if b == "table":
        value = best_response(p_strat, "banker", game).value
        b_strat = None   # the banker at its best: `expected_stake`'s None
    elif p == "equilibrium" and b == "equilibrium":
        assert eq is not None
        value = eq.value
    else:
        value = evaluate(p_strat, b_strat, game)
    if game.stake_choice and p == "equilibrium":
        value = value / expected_stake(p_strat, b_strat, game)
    return value


def exact_check(rules: Rules | str = ITALIAN, player: str = "threshold:5",
                banker: str = "threshold:5", hands: int = 1_000_000, *, seed: int = 0,
                **kwargs: Any) -> dict[str, Any]:
    """Simulate the heads-up game and compare with the exact value.

    Returns ``rules_spec`` (`Rules.spec`; `settemezzo.i18n.describe_rules` says it in
    words), ``exact``, ``simulated``, ``se`` and ``z`` (standard errors apart): the
    simulator agrees when ``z`` is below 4.
    """
    rules = _rules(rules)
    exact = exact_value(rules, player, banker)
    r = simulate(rules, 1, hands, seed=seed, player=player, banker=banker, chips=None,
                 **kwargs)
    return {"rules_spec": rules.spec(), "player": player, "banker": banker,
            "exact": float(exact), "simulated": r.player_value, "se": r.edge_se,
            "z": r.z(float(exact)), "hands": r.hands, "hands_per_second": r.hands_per_second}
