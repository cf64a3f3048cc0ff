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

from settemezzo.rows import TIE

__all__ = ["PLAYS", "is_tie", "judge"]

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
