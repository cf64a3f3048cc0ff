"""The one judge of a learner's stand-or-hit decision: right or wrong, and what it gives away.

Both plays are right when they are worth the same: values within `settemezzo.advice.TIE`
(the solver's precision), or a best play that is neither 'stand' nor 'hit' ('mixed', where
the equilibrium player randomises, or 'either', a true tie against a fixed banker). A wrong
choice gives away the cost of the mistake; a right one nothing.

>>> is_tie("stand", -0.25), is_tie("mixed", 0.0), is_tie("hit", 1e-12)
(False, True, True)
>>> judge("hit", "stand", -0.25, 0.25), judge("stand", "stand", -0.25, 0.25)
((False, 0.25), (True, 0.0))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from settemezzo.rows import TIE

__all__ = ["PLAYS", "Judgement", "is_tie", "judge", "judge_move"]

PLAYS = ("stand", "hit")
"""The choices a learner makes on a hand, and the best plays that are not a tie."""


def is_tie(best: str, margin: float) -> bool:
    """True when every answer is right: ``best`` is not 'stand' or 'hit', or ``margin`` (hit's
    value less stand's, in stakes) is within `settemezzo.advice.TIE` of zero."""
    return abs(margin) < TIE or best not in PLAYS


def judge(choice: str, best: str, margin: float, cost_of_mistake: float) -> tuple[bool, float]:
    """``(correct, cost)`` of choosing ``choice`` where ``best`` is the best play: the cost is
    ``cost_of_mistake`` for a wrong choice, 0 for a right one."""
    correct = is_tie(best, margin) or choice == best
    return correct, 0.0 if correct else cost_of_mistake


@dataclass(frozen=True)
class Judgement:
    """One decision judged: its ``kind`` (``play`` for stand or hit), the ``choice`` made and
    the ``best`` one (``either`` within the tolerance), each option's value in stakes against
    ``banker``, the ``cost`` of the choice (0 when ``right``), and the catalogue key of its
    one-sentence ``reason`` with the numbers for it."""

    kind: str
    choice: str
    best: str
    values: Mapping[str, float]
    cost: float
    right: bool
    banker: str
    reason: str
    reason_args: Mapping[str, object] = field(default_factory=dict)


def judge_move(game: Any, seat: int, action: str, amount: int | None = None,
               tolerance: float = TIE) -> Judgement | None:
    """Judge ``seat``'s move ``action`` at a `settemezzo.simulate.tablegame.TableGame`, called
    before the move is made. Stand or hit (a swap is a hit) is judged from the table's own
    exact hint, against the equilibrium banker; None where the hint has none (a stake, a
    burn, a split, the bank, a split hand: `TableGame.no_hint`) or ``seat`` is not to act.

    >>> from settemezzo.simulate.tablegame import TableGame
    >>> g = TableGame(students=1, computers=0, seed=3)
    >>> g.stake(1)
    >>> j = judge_move(g, 1, "stand")
    >>> j.kind, j.right == (j.best in ("stand", "either")), j.reason
    ('play', True, 'judge.reason_bust')
    """
    if game.to_play != seat or action not in ("stand", "hit", "swap"):
        return None
    hint = game.hint()
    if hint is None:
        return None
    choice = "stand" if action == "stand" else "hit"
    stand, hit = float(hint.stand_ev), float(hint.hit_ev)
    best = hint.best if abs(hit - stand) >= tolerance and hint.best in PLAYS else "either"
    right = best in (choice, "either")
    cost = 0.0 if right else abs(hit - stand)
    return Judgement("play", choice, best, {"stand": stand, "hit": hit}, cost, right,
                     "equilibrium", "judge.reason_bust",
                     {"bust": float(hint.bust_if_hit)})
