"""The teaching logic: plain Python over the exact tables, with no ipywidgets.

What a learner is asked and told, whoever draws it (the widgets of `settemezzo.widgets`, the
classroom server's HTML pages, the terminal table):

- `lookup`: the cached exact tables as dicts (a hand -> its `lookup.Row`, the banker's
  situations), read in microseconds;
- `judge`: the one judge of a decision (the stake, the burn, the swap, the split, stand or
  hit): a `judge.Judgement`, right or wrong, its cost and its reason (`judge_move` at a table);
- `explain`: the words about a hand (the play, the banker, the rule set, the reason of a
  judgement);
- `trainer`: the trainer's session (`TrainerSession`, `Feedback`, `LEVELS`: every decision);
- `deckpack`: the trainer's questions where the cards already seen decide the answer;
- `tablelog`: the table in words (seat names, the log, the hint).

Importing this package imports neither ipywidgets nor matplotlib.
"""

from __future__ import annotations

from settemezzo.teaching.judge import Judgement, is_tie, judge, judge_move
from settemezzo.teaching.tablelog import hint_text, log_lines, seat_name
from settemezzo.teaching.trainer import LEVELS, Feedback, TrainerSession

__all__ = ["LEVELS", "Feedback", "Judgement", "TrainerSession", "hint_text", "is_tie",
           "judge", "judge_move", "log_lines", "seat_name"]
