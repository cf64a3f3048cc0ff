"""The banker's edge of a rule set and a method (`settemezzo.edge.banker_edge`)."""

import math
from fractions import Fraction

import pytest

from settemezzo.edge import banker_edge
from settemezzo.errors import InputError
from settemezzo.i18n import edge_words, standard_rule_sets
from settemezzo.results.edges import edge_table
from settemezzo.rules import ITALIAN
from settemezzo.solve import best_response, equilibrium


def test_edge_is_minus_the_player_value() -> None:
    e = banker_edge(ITALIAN, "threshold:5")
    assert e.exact == -best_response("threshold:5", "player").value
    assert isinstance(e.exact, Fraction)
    eq = banker_edge(ITALIAN, "equilibrium")
    plain = equilibrium(refined=False)   # the edge's own solve: the same numbers
    assert eq.edge == plain.banker_edge
    # the refined equilibrium's value (certificate of width ~0) lies in the plain one's
    refined = equilibrium()
    assert plain.lower - 1e-15 <= refined.value <= plain.upper + 1e-15
    assert eq.exploitability is not None and eq.exploitability < 1e-9
    # a banker who sees the face-down card does better than one who plays an equilibrium
    assert banker_edge(ITALIAN, "omniscient").edge > eq.edge


def test_restricted_rules_are_marked_as_bounds() -> None:
    """SPANISH's game is solved with the player kept from re-splitting and from swapping
    inside a split hand (`settemezzo.game.restriction_codes`): its rows are upper bounds on the
    banker's edge and say so; whole games are not marked."""
    assert banker_edge(ITALIAN, "threshold:5").bound is False
    resplit = banker_edge(ITALIAN.with_variants("split_figures=3"), "threshold:5")
    assert resplit.bound and resplit.restriction_codes == ("resplit",)
    sets = standard_rule_sets()
    assert len(sets) == 1 + 9 + 1 + 4
    names = ("Italian rules", "Spanish rules + no swap hidden card",
             "Spanish rules + no splitting")
    df = edge_words(edge_table([s for s in sets if s[0] in names], ["threshold:5"]))
    assert len(df) == 3
    by = df.set_index("variant")
    assert not by.loc["Italian rules", "bound"] and by.loc["Italian rules", "note"] == ""
    assert not by.loc["Spanish rules + no splitting", "bound"]
    row = by.loc["Spanish rules + no swap hidden card"]
    assert row["bound"] and row["note"].startswith("at most: the player never splits")
    assert not df.edge.map(math.isnan).any()


def test_ties_push_lowers_the_edge() -> None:
    # A tie no longer goes to the banker: the banker must lose edge, whatever the banker.
    for m in ("threshold:5", "omniscient"):
        assert banker_edge(ITALIAN.with_variants("ties_push"), m).edge < \
            banker_edge(ITALIAN, m).edge


def test_bad_method() -> None:
    with pytest.raises(InputError, match="'wizard'"):
        banker_edge(ITALIAN, "wizard")



@pytest.mark.parametrize(("spec", "margin"), [
    ("italian", None), ("italian+swap_hidden", None), ("italian+burn=3,4", None),
    ("spanish+split_figures=1", None), ("italian+swap_hidden", 10.0)])
def test_the_fast_reply_is_the_exact_reply(spec: str, margin: float | None,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """`settemezzo.solve.walk.reply_value` (what `banker_edge` asks against a fixed banker)
    gives `player_reply`'s exact value, its play wherever that play goes and so its stake;
    ``margin`` 10: every decision valued exactly, both actions (the path of near ties)."""
    from settemezzo.game import heads_up
    from settemezzo.rules import from_spec
    from settemezzo.solve import banker_policy, expected_stake, walk
    from settemezzo.solve.state import game_solver

    if margin is not None:
        monkeypatch.setattr(walk, "REPLY_MARGIN", margin)
    game = heads_up(from_spec(spec))
    for method in ("threshold:5", "omniscient"):
        b = banker_policy(method, game)
        fast, full = walk.reply_value(game, b), walk.player_reply(game, b)
        assert isinstance(fast.value, Fraction) and fast.value == full.value
        reach, _ = game_solver(game, True).realization(list(full.strategy.hit))
        assert [h for h, r in zip(fast.strategy.hit, reach, strict=True) if r] == \
            [h for h, r in zip(full.strategy.hit, reach, strict=True) if r]
        assert expected_stake(fast.strategy, b, game) == expected_stake(full.strategy, b, game)
