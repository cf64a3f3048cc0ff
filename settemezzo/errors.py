"""The one error family of settemezzo: a base and four families named for what went wrong.

Every error a user can cause is a `SettemezzoError` (a `ValueError`), and one of:

- `RulesError`: the rules themselves (an unknown knob, preset or spec, a knob out of range,
  rules the engine cannot solve);
- `InputError`: anything else a caller typed or passed (a card, a policy, a hand that cannot
  be dealt, a stake, an output path, a command-line value, a classroom name);
- `LimitError`: a request past a size limit (`settemezzo.limits`);
- `IllegalActionError`: a move the table does not allow at this point of the hand.

Each message quotes the value and says what is allowed, so one line is enough to fix it. A
module may define a narrower class under one of the four when its callers tell it apart.
"""

from __future__ import annotations

__all__ = [
    "IllegalActionError",
    "InputError",
    "LimitError",
    "RulesError",
    "SettemezzoError",
    "UnknownLanguageError",
]


class SettemezzoError(ValueError):
    """Something a caller gave that settemezzo cannot use; the message says what and why."""


class RulesError(SettemezzoError):
    """The rules: an unknown preset, variant, knob or spec, a knob out of range, or rules the
    engine cannot solve."""


class InputError(SettemezzoError):
    """An input other than the rules: a card, a policy, a hand, a stake, a path, a name."""


class LimitError(SettemezzoError):
    """A request past one of the size limits that every entry point enforces."""


class IllegalActionError(SettemezzoError):
    """A move the table does not allow at this point of the hand."""


class UnknownLanguageError(InputError):
    """A ``lang`` that is not one of `settemezzo.i18n.LANGUAGES`; the message quotes it."""
