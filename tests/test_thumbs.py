"""The recursion over deck compositions (`settemezzo.thumbs`) against the game tree.

This is the independent cross-check of the fast path: `solve.evaluate` values two rules of
thumb given as text by `settemezzo.thumbs.thumb_value`, and the same rules given as
strategies (`player_policy`, `banker_policy`) by backward induction over the player's
information sets and the banker's hands (`settemezzo.game`, `settemezzo.solve`), a second,
independent method. The two must give the identical Fraction, under every preset, every
single Italian variant, stakes chosen after the first card, and thinned decks.
"""

from fractions import Fraction

import pytest

from settemezzo.advice import seen_deck
from settemezzo.cards import Kind, Unseen
from settemezzo.edge import ITALIAN_VARIANTS
from settemezzo.errors import InputError
from settemezzo.game import heads_up
from settemezzo.rules import ITALIAN, PRESETS, Rules, RulesError
from settemezzo.solve import banker_policy, evaluate, player_policy
from settemezzo.thumbs import thumb_value

PAIRS = (("threshold:5", "threshold:5"), ("threshold:0.5", "threshold:8"),
         ("threshold:7.5,swap", "threshold:1"), ("threshold:4", "threshold:6.5"))

RULE_SETS = {**{f"preset {name}": rules for name, rules in PRESETS.items()},
             **{f"italian+{v}": ITALIAN.with_variants(v) for v in ITALIAN_VARIANTS},
             "stake after the first card, 2..5": ITALIAN.with_variants(
                 "stake_timing=after_first_card", "min_stake=2", "max_stake=5"),
             "stake after the first card, 3..3": ITALIAN.with_variants(
                 "stake_timing=after_first_card", "min_stake=3", "max_stake=3")}

SMALL = Unseen.from_counts({Kind.FIGURE: 4, Kind.ACE: 2, Kind.TWO: 2, Kind.THREE: 2,
                            Kind.FOUR: 2, Kind.FIVE: 2, Kind.SIX: 2, Kind.SEVEN: 3,
                            Kind.KING_OF_DIAMONDS: 1})
"""20 cards, every kind (few figures: small game trees) for the sweep over rule sets."""

THINNED = {"seen 7d K K 5 1": seen_deck("7d K K 5 1"), "20 cards": SMALL}


def _tree_value(player: str, banker: str, rules: Rules, deck: Unseen | None) -> Fraction:
    game = heads_up(rules, deck)
    value = evaluate(player_policy(player, game), banker_policy(banker, game), game)
    assert isinstance(value, Fraction)
    return value


@pytest.mark.parametrize("name", list(PRESETS))
def test_recursion_equals_the_game_tree_for_the_presets(name: str) -> None:
    rules = PRESETS[name]
    for player, banker in PAIRS[:2]:
        fast = evaluate(player, banker, rules)  # the recursion
        assert isinstance(fast, Fraction)
        assert fast == _tree_value(player, banker, rules, None), (name, player, banker)


@pytest.mark.parametrize("name", list(RULE_SETS))
def test_recursion_equals_the_game_tree_for_every_variant(name: str) -> None:
    # a thinned deck keeps the game trees small; the presets above use them all
    rules = RULE_SETS[name]
    for player, banker in PAIRS:
        fast = thumb_value(player, banker, rules, SMALL)
        assert isinstance(fast, Fraction)
        assert fast == _tree_value(player, banker, rules, SMALL), (name, player, banker)


@pytest.mark.parametrize("deck", list(THINNED))
@pytest.mark.parametrize("variant", ["wild_king", "royal", "pair_of_sevens"])
def test_recursion_equals_the_game_tree_on_thinned_decks(deck: str, variant: str) -> None:
    rules = ITALIAN.with_variants(variant, "ties_push")
    for player, banker in PAIRS:
        assert thumb_value(player, banker, rules, THINNED[deck]) == _tree_value(
            player, banker, rules, THINNED[deck]), (deck, variant, player, banker)


def test_what_the_recursion_leaves_to_the_tree() -> None:
    split = ITALIAN.with_variants("split_figures=2")
    assert thumb_value("threshold:5,split", "threshold:5", split) is None
    assert thumb_value("threshold:5", "omniscient", ITALIAN) is None
    # where no split is allowed, ",split" changes nothing
    assert thumb_value("threshold:5,split", "threshold:5", ITALIAN) == \
        thumb_value("threshold:5", "threshold:5", ITALIAN)


def test_bad_input_gets_the_tree_paths_errors() -> None:
    tiny = Unseen.from_counts({Kind.FIGURE: 2, Kind.SEVEN: 2})
    with pytest.raises(RulesError, match="could run out"):
        thumb_value("threshold:5", "threshold:5", ITALIAN, tiny)
    with pytest.raises(RulesError, match="could run out"):
        heads_up(ITALIAN, tiny)
    # an empty deck (a stock used up): the same refusal, not a ZeroDivisionError
    with pytest.raises(RulesError, match="a deck of 0 cards could run out"):
        heads_up(ITALIAN, Unseen.from_counts({}))
    with pytest.raises(InputError, match="unknown banker policy 'sometimes'"):
        thumb_value("threshold:5", "sometimes", ITALIAN)
    with pytest.raises(InputError, match="threshold:9"):
        thumb_value("threshold:9", "threshold:5", ITALIAN)
