"""Interactive widgets (ipywidgets) for learning and teaching Sette e mezzo.

Each widget is a thin view over plain functions in this package, which read their numbers
from the cached exact tables (`settemezzo.widgets.lookup`):

- `odds_explorer`: a hand's bust chance, win chances, expected values and best play;
- `trainer`: stand or hit? seeded hands, instant feedback, a score and a summary chart;
- `banker_view`: what the banker should do with each total, and why;
- `variant_comparison`: toggle rule knobs, see the banker's edge and the strategy change;
- `classroom_table`: students against computer players and a computer banker.

Labels come in English, Italian and Spanish: ``lang="en" | "it" | "es"``. Importing this
package does not import ipywidgets; building a widget does.
"""

from __future__ import annotations

from settemezzo.widgets.explorer import Exploration, OddsExplorer, explore, odds_explorer
from settemezzo.widgets.strings import LANGS

__all__ = ["LANGS", "Exploration", "OddsExplorer", "explore", "odds_explorer"]
