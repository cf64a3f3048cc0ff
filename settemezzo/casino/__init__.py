"""The casino games (Sette e mezzo and Siete y media as casinos deal them), solved exactly.

The rules are `settemezzo.rules` knobs (``open_deal``, ``decks``, ``house_draw``...) and the
presets `settemezzo.rules.CASINO_PRESETS`; this package sits above cards, rules and hands:

- `hand`: a casino hand's total, score and settlement;
- `exact`: the player's decision problem over the shoe (`Solver`), against the house rule or
  the dealer's best play;
- `strategy`: total-dependent cards, the best one and the rules of thumb;
- `report`: the answers as data (`edge_summary`, `open_game_edge`, `house_rules`, `advise`,
  `strategy_card`);
- `play`: the casino deal dealt hand by hand, a seeded Monte Carlo (`simulate`).
"""

from settemezzo.casino.exact import Solver, shoe
from settemezzo.casino.play import Simulation, simulate
from settemezzo.casino.report import (
    advise,
    edge_summary,
    house_rules,
    open_game_edge,
    strategy_card,
)
from settemezzo.casino.strategy import Card, Cell, best_card, card_cells, card_value, thumb_card

__all__ = ["Card", "Cell", "Simulation", "Solver", "advise", "best_card", "card_cells",
           "card_value", "edge_summary", "house_rules", "open_game_edge", "shoe", "simulate",
           "strategy_card", "thumb_card"]
