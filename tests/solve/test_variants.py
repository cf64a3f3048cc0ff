"""Each variant knob at work in the exact heads-up engine, with hand-derived values.

The reduced deck TINY (2 figures, 4 sevens) keeps every derivation short enough to check
by hand; each derivation is in the test's comments.
"""

from fractions import Fraction

import pytest

from settemezzo.cards import Kind, Unseen
from settemezzo.game import heads_up
from settemezzo.hands import ROYAL, SEVEN_AND_A_HALF
from settemezzo.rules import ITALIAN
from settemezzo.solve import equilibrium, evaluate

TINY = Unseen.from_counts({Kind.FIGURE: 2, Kind.SEVEN: 4})


def test_royal_is_paid_double() -> None:
    # TINY, both sides hit only below 1 point (as in test_solve's plain derivation, -7/15).
    # Hole 7 (4/6) is unchanged: -4/5. Hole figure (2/6): a figure (1/5) leaves 1 point,
    # the banker's 7 wins (-1). A 7 (4/5) makes figure + 7 in two cards: a ROYAL 7½.
    #   The banker's figure (1/4) hits a 7: its own royal beats the player's (-1);
    #   the banker's 7 (3/4) stands on 7: the royal is paid double (+2): 5/4.
    #   Hole figure: 1/5*(-1) + 4/5*(5/4) = 4/5.
    # Total: 4/6*(-4/5) + 2/6*(4/5) = -4/15.
    rules = ITALIAN.with_variants("royal")
    assert evaluate("threshold:1", "threshold:1", rules, TINY) == Fraction(-4, 15)
    assert evaluate("threshold:1", "threshold:1", ITALIAN, TINY) == Fraction(-7, 15)


def test_ties_push_returns_the_stake() -> None:
    # TINY, threshold:1 both. Hole 7 (4/6): the banker's 7 (3/5) ties: 0 instead of -1;
    #   the banker's figure (2/5) hits: a figure (1/4) leaves 1 (+1), a 7 (3/4) 7½ (-1):
    #   -1/2. Hole 7: 3/5*0 + 2/5*(-1/2) = -1/5.
    # Hole figure (2/6): figure (1/5): stands on 1, loses to the 7 (-1); a 7 (4/5): 7½;
    #   the banker's figure (1/4) hits to 7½ too: a tie, pushed (0); its 7 (3/4): +1.
    #   Hole figure: 1/5*(-1) + 4/5*(3/4) = 2/5.
    # Total: 4/6*(-1/5) + 2/6*(2/5) = 0.
    rules = ITALIAN.with_variants("ties_push")
    assert evaluate("threshold:1", "threshold:1", rules, TINY) == 0


def test_pair_of_sevens_beats_everything_and_pays_triple() -> None:
    # TINY; the player hits until 7½, bust or a pair (threshold:7.5); the banker hits
    # below 1 point. Hole 7 (4/6), hits: a figure (2/5) makes 7½: the banker's figure (1/4)
    #   hits a 7 and ties (-1), its 7 (3/4) stands and loses (+1): 1/2. A 7 (3/5) makes the
    #   PAIR OF SEVENS, shown at once: the threshold banker cannot make a pair here (with a
    #   7 it stands; with a figure it ends on 1 or 7½), so it pays triple (+3).
    #   Hole 7: 2/5*(1/2) + 3/5*3 = 2.
    # Hole figure (2/6): a figure (1/5) then a 7 busts (8 points, -1); a 7 (4/5): 7½, worth
    #   1/2 as above. Hole figure: 1/5*(-1) + 4/5*(1/2) = 1/5.
    # Total: 4/6*2 + 2/6*(1/5) = 7/5. Without the variant, 7 + 7 busts: hole 7 is worth
    #   2/5*(1/2) + 3/5*(-1) = -2/5, and the total is 4/6*(-2/5) + 1/15 = -1/5.
    rules = ITALIAN.with_variants("pair_of_sevens")
    assert evaluate("threshold:7.5", "threshold:1", rules, TINY) == Fraction(7, 5)
    assert evaluate("threshold:7.5", "threshold:1", ITALIAN, TINY) == Fraction(-1, 5)


def test_wild_king_counts_as_seven_beside_a_figure() -> None:
    # K♦ face down, a figure face up: the K♦ counts 7, so the hand is 7½ and the turn ends;
    # with `royal` on, the two cards are a royal 7½.
    for variants, expected in (((), SEVEN_AND_A_HALF), (("royal",), ROYAL)):
        game = heads_up(ITALIAN.with_variants("wild_king", *variants))
        root = game.infoset(Kind.KING_OF_DIAMONDS)
        assert root.total == 14  # alone, the K♦ is best counted as a 7
        child = next(ch for ch in root.children if ch.kind == Kind.FIGURE)
        assert child.infoset == -1 and child.score == expected
    # without the knob the K♦ is a plain figure: it merges with the other figures
    assert Kind.KING_OF_DIAMONDS not in heads_up(ITALIAN).kinds


@pytest.mark.parametrize("variant", ["royal", "wild_king", "pair_of_sevens", "ties_push"])
def test_each_supported_variant_has_a_certified_equilibrium(variant: str) -> None:
    eq = equilibrium(ITALIAN.with_variants(variant))
    assert eq.exploitability < 1e-9
    assert eq.lower <= eq.value <= eq.upper


def test_a_burnt_four_is_seen_by_the_banker() -> None:
    # Under burn=4 a face-down 4 may be thrown away face up: the next decision is a "play"
    # decision with a new face-down card, in a public state that shows the burnt 4, and the
    # banker's deck lacks both the burnt 4 and the new card.
    game = heads_up(ITALIAN.with_variants("burn=4"))
    burn = next(s for s in game.infosets if s.kind == "burn")
    assert burn.hole == Kind.FOUR and burn.up == ()
    after = [game.infosets[ch.infoset] for ch in burn.children]
    assert sum(ch.prob for ch in burn.children) == 1
    for st in after:
        assert st.kind == "play" and st.burnt == Kind.FOUR
        assert game.publics[st.public][1] == Kind.FOUR  # (stake, burnt card, face-up cards)
        deck = game.decks[st.index].tolist()
        assert sum(deck) == 38
        assert deck[game.kinds.index(Kind.FOUR)] == 3 - (st.hole == Kind.FOUR)
    # no second burn: a new face-down 4 is simply played
    assert all(game.infosets[ch.infoset].kind == "play" for ch in burn.children)


def test_burning_is_an_option_worth_taking_against_a_fixed_banker() -> None:
    # A threshold player never burns, so its value is unchanged; the best reply may burn,
    # so it can only gain (and it does).
    rules = ITALIAN.with_variants("burn=4")
    assert evaluate("threshold:5", "threshold:5", rules) == evaluate("threshold:5",
                                                                     "threshold:5")
    from settemezzo.solve import best_response
    assert best_response("threshold:5", "player", rules).value > \
        best_response("threshold:5", "player").value


def test_spanish_stake_is_a_signal_and_scales_the_payoff() -> None:
    # Stakes 2..5 chosen after the first card: a threshold player stakes the minimum, so
    # its value is exactly twice the unit-stake value (7½ paid 1:1 here).
    rules = ITALIAN.with_variants("stake_timing=after_first_card", "min_stake=2",
                                  "max_stake=5")
    game = heads_up(rules)
    assert game.stakes == (2, 3, 4, 5)
    assert evaluate("threshold:5", "threshold:5", rules) == 2 * evaluate("threshold:5",
                                                                         "threshold:5")
    stakes = {game.publics[s.public][0] for s in game.infosets if s.kind == "play"}
    assert stakes == {2, 3, 4, 5}  # the banker sees the stake


@pytest.mark.parametrize("variant", ["burn=4"])
def test_burn_equilibrium_is_certified(variant: str) -> None:
    eq = equilibrium(ITALIAN.with_variants(variant))
    assert eq.exploitability < 1e-9
    assert eq.lower <= eq.value <= eq.upper
    assert eq.banker.burn is not None  # the banker may burn too
