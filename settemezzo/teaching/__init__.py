"""The teaching logic: plain Python over the exact tables, with no ipywidgets.

What a learner is asked and told, whoever draws it (the widgets of `settemezzo.widgets`, the
classroom server's HTML pages, the terminal table):

- `lookup`: the cached exact tables as dicts (a hand -> its `lookup.Row`, the banker's
  situations), read in microseconds;
- `judge`: the one judge of a stand-or-hit decision (right or wrong, and its cost);
- `explain`: the words about a hand (the play, the banker, the rule set, the reason);
- `trainer`: the stand-or-hit trainer's session (`TrainerSession`, `Feedback`, `LEVELS`);
- `deckpack`: the trainer's questions where the cards already seen decide the answer;
- `tablelog`: the table in words (seat names, the log, the hint).

Importing this package imports neither ipywidgets nor matplotlib.
"""

from __future__ import annotations

from settemezzo.teaching.judge import is_tie, judge
from settemezzo.teaching.tablelog import hint_text, log_lines, seat_name
from settemezzo.teaching.trainer import LEVELS, Feedback, TrainerSession

__all__ = ["LEVELS", "Feedback", "TrainerSession", "hint_text", "is_tie", "judge",
           "log_lines", "seat_name"]
