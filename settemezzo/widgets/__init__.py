"""Interactive widgets (ipywidgets) for learning and teaching Sette e mezzo.

Each widget is a thin view over plain functions, in this package or in the teaching logic
`settemezzo.teaching` (which imports no ipywidgets), that read their numbers from the cached
exact tables (`settemezzo.teaching.lookup`):

- `odds_explorer` (logic: `explore`): a hand's bust chance, win chances, expected values
  and best play, with the reason in one sentence;
- `trainer` (logic: `TrainerSession`, of `settemezzo.teaching.trainer`): stand or hit?
  seeded hands, instant feedback, a score, a hard-cases mode and a summary chart;
- `banker_view` (logic: `banker_advice`): what the banker should do with each total, and
  why, with the posterior of the player's face-down card;
- `variant_comparison` (logic: `compare`): toggle rule knobs, see the banker's edge and the
  strategy chart change;
- `classroom_table` (logic: `settemezzo.simulate.tablegame.TableGame`, the simulator's
  engine stepped by people): students against computer players and a computer banker, with
  chips, hints and the bank changing hands, under every rule set;
- `classroom`: the trainer and the table in two tabs with a language switch (the page
  `make classroom` serves).

Labels come in English, Italian, Spanish and French (``lang="en" | "it" | "es" | "fr"``, from
the one catalogue `settemezzo.i18n`; ``LANGS`` is `settemezzo.i18n.LANGUAGES`). Importing this
package does not import ipywidgets or matplotlib; building a widget does.
"""

from __future__ import annotations

from settemezzo.i18n import LANGUAGES as LANGS
from settemezzo.simulate.tablegame import TableGame
from settemezzo.teaching.trainer import TrainerSession
from settemezzo.widgets.banker import BankerView, banker_advice, banker_view
from settemezzo.widgets.classroom import Classroom, classroom
from settemezzo.widgets.explorer import Exploration, OddsExplorer, explore, odds_explorer
from settemezzo.widgets.tableview import ClassroomTable, classroom_table
from settemezzo.widgets.trainer import Trainer, trainer
from settemezzo.widgets.variants import VariantComparison, compare, variant_comparison

__all__ = [
    "LANGS",
    "BankerView",
    "Classroom",
    "ClassroomTable",
    "Exploration",
    "OddsExplorer",
    "TableGame",
    "Trainer",
    "TrainerSession",
    "VariantComparison",
    "banker_advice",
    "banker_view",
    "classroom",
    "classroom_table",
    "compare",
    "explore",
    "odds_explorer",
    "trainer",
    "variant_comparison",
]
