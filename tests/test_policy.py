"""The one policy grammar (`settemezzo.policy`): parsing, writing back, and errors that list
exactly what each place accepts."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from settemezzo import policy
from settemezzo.game import heads_up
from settemezzo.policy import Policy, PolicyError, parse
from settemezzo.rules import ITALIAN
from settemezzo.simulate.strategies import StrategyError, parse_banker, parse_player
from settemezzo.solve import banker_policy, player_policy
from settemezzo.split import SplitInputError
from settemezzo.split.model import player_policy as split_player_policy


@given(st.builds(Policy, kind=st.just("threshold"), k=st.integers(1, 16),
                 split=st.booleans(), swap=st.booleans(), burn=st.booleans(),
                 stake=st.sampled_from(["min", "max", "3", "max-on:7/6"])))
def test_a_policy_reads_back_from_its_name(p: Policy) -> None:
    assert parse(p.name) == p
    assert parse(p.name.upper()) == p


@pytest.mark.parametrize(("text", "name"), [
    ("threshold:5", "threshold:5"), ("5", "threshold:5"), ("threshold:5½", "threshold:5.5"),
    ("threshold:5+split", "threshold:5,split"), ("threshold:5/split", "threshold:5,split"),
    ("threshold:5,split,swap", "threshold:5,split,swap"),
    ("threshold:5, stake=MAX, burn, split", "threshold:5,stake=max,burn,split"),
    ("threshold:5,split,nosplit", "threshold:5"), ("optimal", "best"),
    ("Equilibrium", "equilibrium"),
])
def test_spellings(text: str, name: str) -> None:
    assert parse(text).name == name


def test_every_place_uses_the_grammar_and_lists_what_it_accepts() -> None:
    game = heads_up(ITALIAN)
    assert player_policy("threshold:5+split", game).name == "threshold:5,split"
    with pytest.raises(PolicyError, match=r"use threshold:K \(e.g. threshold:5\), then the "
                                          r"options ,split ,swap$"):
        player_policy("equilibrium", game)
    with pytest.raises(PolicyError, match=r"use threshold:K \(e.g. threshold:5\) or "
                                          r"omniscient$"):
        banker_policy("best", game)
    with pytest.raises(SplitInputError, match=r"use best or threshold:K .* ,split$"):
        split_player_policy("omniscient")
    assert split_player_policy("threshold:6+split").resplit
    with pytest.raises(StrategyError, match=r"'psychic'.*equilibrium"):
        parse_player("psychic")
    with pytest.raises(StrategyError, match="unknown option 'split'"):
        parse_banker("threshold:5,split")
    assert parse_player("threshold:5,stake=max-on:7/fig,burn").name == (
        "threshold:5,stake=max-on:7/fig,burn")
    with pytest.raises(StrategyError, match="bad stake policy 'lots'"):
        parse_player("threshold:5,stake=lots")


def test_a_bad_threshold_names_the_value() -> None:
    with pytest.raises(PolicyError, match=r"'threshold:9'.*from ½ to 8"):
        parse("threshold:9")
    with pytest.raises(PolicyError, match="'1e5'"):
        policy.parse_threshold("1e5")
