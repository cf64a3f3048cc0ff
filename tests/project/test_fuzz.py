"""Fuzzing the command line and the public entry points with hypothesis (issue 15).

Whatever the input, the result is a value or one of the documented errors: a `ValueError`
subclass defined by the package (`InvalidCardError`, `RulesError`, `ChartError`...), or a
`TypeError` for a value of the wrong type, as Python does. Never an `OverflowError`, a
`KeyError`, an `IndexError` or a `ValueError` from deep inside Python or numpy. The command
line never lets an exception out and exits with 0, 1 or 2.

Small ``max_examples`` and a ``deadline`` keep the suite to a few seconds a test.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from settemezzo.cards import Kind, Unseen, parse_spec, parse_specs
from settemezzo.odds import HandState, final_distribution, hit_outcomes
from settemezzo.policy import parse_threshold
from settemezzo.rules import ITALIAN, KNOBS, SPANISH, Rules
from tests.probing import TOO_BIG, probe

FUZZ = settings(max_examples=60, deadline=2000,
                suppress_health_check=[HealthCheck.too_slow,
                                       HealthCheck.function_scoped_fixture])


def documented(exc: BaseException) -> bool:
    """A package `ValueError` subclass, or a `TypeError`."""
    if isinstance(exc, TypeError):
        return True
    return isinstance(exc, ValueError) and type(exc).__module__.startswith("settemezzo")


def call(fn: Any, *args: Any, **kwargs: Any) -> Any:
    """``fn(*args, **kwargs)``, or None if it raised a documented error (else re-raised)."""
    try:
        return fn(*args, **kwargs)
    except Exception as exc:
        if documented(exc):
            return None
        raise AssertionError(f"{fn.__name__}{args!r}: {type(exc).__name__}: {exc}") from exc


numbers = st.one_of(st.integers(-10, 60), st.integers(), st.sampled_from([2**63, 2**64, -2**63]),
                    st.floats(allow_nan=True, allow_infinity=True), st.fractions())
texts = st.one_of(st.text(max_size=30),
                  st.sampled_from(["", "7", "7d", "K♦", "re di denari", "J J", "A A A A A",
                                   "1e99999999", "threshold:5", "½", "8", "sota de copas"]))
anything = st.one_of(numbers, texts, st.none(), st.booleans(), st.lists(st.integers(), max_size=3))


# ---------------------------------------------------------------------------------------------
# The API
# ---------------------------------------------------------------------------------------------


@FUZZ
@given(texts)
def test_card_parsing(text: str) -> None:
    call(parse_spec, text)
    call(parse_specs, text)


@FUZZ
@given(texts, st.lists(texts, max_size=4), st.lists(texts, max_size=4))
def test_hand_state(hole: str, up: list[str], seen: list[str]) -> None:
    state = call(HandState.of, hole, up, seen)
    if state is not None:  # a hand that can be dealt: its odds are computed without error
        unseen = state.unseen()
        call(final_distribution, state.cards, unseen, ITALIAN, 5)


@FUZZ
@given(anything)
def test_threshold(value: Any) -> None:
    k = call(parse_threshold, value)
    assert k is None or 1 <= k <= 16


FIELDS = [*sorted(KNOBS), "min_stake", "max_stake", "rounds", "starting_chips",
          "final_max_stake"]


@FUZZ
@given(st.dictionaries(st.sampled_from(FIELDS), anything, max_size=3))
def test_rules_constructor(fields: dict[str, Any]) -> None:
    fields = {k: v for k, v in fields.items() if k in Rules.__dataclass_fields__}
    call(Rules, **fields)


@FUZZ
@given(st.lists(st.one_of(texts, st.builds(lambda k, v: f"{k}={v}", st.sampled_from(sorted(KNOBS)),
                                           st.one_of(texts, numbers.map(str)))), max_size=3))
def test_with_variants(variants: list[str]) -> None:
    call(ITALIAN.with_variants, *variants)
    call(SPANISH.with_variants, *variants)


@FUZZ
@given(st.lists(st.sampled_from(list(Kind)), max_size=6),
       st.lists(st.integers(-2, 14), min_size=len(Kind), max_size=len(Kind)), anything)
def test_odds_functions(hand: list[Kind], counts: list[int], threshold: Any) -> None:
    unseen = call(Unseen, tuple(counts))
    if unseen is None:
        return
    call(final_distribution, hand, unseen, ITALIAN, threshold)
    call(hit_outcomes, hand, unseen, ITALIAN)


policies = st.one_of(texts, st.sampled_from(["threshold:5", "threshold:5.5", "omniscient",
                                             "equilibrium", "best", "threshold:5,split",
                                             "threshold:0", "threshold:99", "threshold:5,fly"]))


@FUZZ
@given(policies, policies)
def test_policy_strings(player: str, banker: str) -> None:
    from settemezzo.game import heads_up
    from settemezzo.solve import banker_policy, player_policy

    game = heads_up(ITALIAN)
    call(player_policy, player, game)
    call(banker_policy, banker, game)


@FUZZ
@given(st.sampled_from(["threshold:4", "threshold:6", "bogus", "", "omniscient", "best",
                        "threshold:1e99999999"]), st.sampled_from(["threshold:5", "bogus",
                                                                   "omniscient", ""]))
def test_evaluate(player: str, banker: str) -> None:
    from settemezzo.solve import evaluate

    value = call(evaluate, player, banker)
    assert value is None or isinstance(value, Fraction | float)


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(players=st.one_of(st.integers(-1, 9), st.just(2**63)),
       hands=st.one_of(st.integers(-5, 300), st.sampled_from([2**63, 10**12])),
       seed=st.one_of(st.integers(-3, 5), st.just(2**70)),
       chips=st.one_of(st.sampled_from(["rules", None, "lots"]), st.integers(-3, 40),
                       st.just(2**63)),
       session_hands=st.one_of(st.none(), st.integers(-2, 30), st.just(2**63)),
       player=policies, banker=st.sampled_from(["threshold:5", "omniscient", "table", "bogus"]))
def test_simulate(players: Any, hands: Any, seed: Any, chips: Any, session_hands: Any,
                  player: str, banker: str) -> None:
    from settemezzo.simulate import simulate

    result = call(simulate, "italian", players, hands, seed=seed, chips=chips,
                  session_hands=session_hands, player=player, banker=banker, workers=1,
                  progress=False)
    assert result is None or result.chips_conserved


# ---------------------------------------------------------------------------------------------
# The command line
# ---------------------------------------------------------------------------------------------

SUBCOMMANDS = ["odds", "solve", "evaluate", "advise", "table", "edge", "chart", "handout",
               "charts", "simulate", "data", "play", "class-report", "classroom", "bogus"]
OPTIONS = ["--hole", "--up", "--seen", "--threshold", "--rules", "--variant", "--json",
           "--player", "--banker", "--against", "--side", "--max-up", "--out", "--all",
           "--method", "--thresholds", "--lang", "--csv", "--format", "--kind", "--players",
           "--hands", "--sessions", "--seed", "--chips", "--seat", "--session-hands", "--sale",
           "--workers", "--exact", "--yes", "--sessions-out", "--hands-out", "--students",
           "--computers", "--auto", "--db", "--round", "--port", "--level"]
VALUES = ["5", "7", "J J", "7d 7d", "spanish", "italian", "max_stake=30", "rounds=-3",
          "seven_half_pays=3", "threshold:5", "best", "equilibrium", "omniscient", "0", "-1",
          TOO_BIG, "1e99999999", "x.csv", "x.png", "x.txt", "/", "", "strategy", "bust", "it",
          "xx", "1000000000000", "1=threshold:6", "20@5", "unlimited", "½"]


@FUZZ
@given(st.sampled_from(SUBCOMMANDS),
       st.lists(st.one_of(st.sampled_from(OPTIONS), st.sampled_from(VALUES), st.text(max_size=8)),
                max_size=6))
def test_command_line(stubbed: None, command: str, words: list[str]) -> None:
    kind, status, seconds, detail = probe([command, *words])
    assert kind != "traceback", detail
    assert status in (None, 0, 1, 2)
    assert seconds < 20


def test_documented_is_strict() -> None:
    # the check itself: a package error or a TypeError passes, Python's own ValueError not
    from settemezzo.rules import RulesError

    assert documented(RulesError("x")) and documented(TypeError("x"))
    assert not documented(ValueError("invalid literal for int()"))
    assert not documented(OverflowError("Python int too large to convert to C long"))
    with pytest.raises(AssertionError, match="ValueError"):
        call(int, "x")
