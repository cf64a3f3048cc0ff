"""An answer shipped with the package against one computed afresh (`settemezzo.advice`):
the helpers shared by tests/results/test_answers.py and tests/solve/test_spanish.py (which
holds the SPANISH checks, next to the module's one fresh SPANISH solve)."""

from __future__ import annotations

import pytest

from settemezzo import results
from settemezzo.advice import Advice
from settemezzo.cards import Kind, kind_of, parse_specs
from settemezzo.results.answers import advise
from settemezzo.rules import Rules

VALUES = ("stand_ev", "hit_ev", "stand_win", "hit_win", "split_ev")
FLOAT_TOL = 1e-9   # the shipped equilibrium's floats against a fresh solve (test_precomputed)


def kinds(rules: Rules, hole: str, up: tuple[str, ...]) -> tuple[Kind, tuple[Kind, ...]]:
    """The hand's kinds as ``rules`` tell them apart."""
    return (rules.plain(kind_of(parse_specs([hole])[0])),
            rules.plain_kinds(kind_of(s) for s in parse_specs(list(up))))


def fresh_advice(rules: Rules, hands: list[tuple[str, tuple[str, ...]]],
                 against: str = "equilibrium") -> dict[tuple[str, tuple[str, ...]], Advice]:
    """`advise` with nothing shipped or kept: every answer computed from the game."""
    with results.precomputed_off():
        results.clear()
        assert not results.ready(rules, ("player", against))
        out = {hand: advise(*hand, rules=rules, against=against) for hand in hands}
    results.clear()
    return out


def same_advice(shipped: Advice, fresh: Advice) -> None:
    """The shipped answer is the fresh one: its numbers to `FLOAT_TOL`, the rest identical."""
    for name, value in vars(shipped).items():
        other = getattr(fresh, name)
        if name in VALUES or name == "hit_frequency" or name == "split_frequency":
            assert (value is None) == (other is None), name
            if value is not None:
                assert value == pytest.approx(other, abs=FLOAT_TOL, nan_ok=True), name
        else:  # labels, the stake, the exact chances of the next card: identical
            assert value == other, name
