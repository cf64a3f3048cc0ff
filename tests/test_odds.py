"""Exact draw odds, checked four ways.

1. Reference values derived by hand (the derivation is in the comments).
2. Brute force: deal the explicit cards of a small deck in every order and count.
3. Seeded Monte Carlo of the full 40-card deck, within 4 standard errors.
4. Properties (hypothesis): distributions sum to 1, bust chance and the total, seen cards.

The brute force and the Monte Carlo score hands with `ref_total`/`ref_score` below, written
from the text of docs/rules.md on explicit `Card`s, independently of `settemezzo.hands`.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from itertools import permutations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from settemezzo.cards import (
    Card,
    CardsSeenTwiceError,
    InvalidCardError,
    Kind,
    Rank,
    Suit,
    Unseen,
    full_deck,
    kind_of,
    parse_cards,
)
from settemezzo.errors import InputError
from settemezzo.hands import total
from settemezzo.odds import (
    HandState,
    bust_chance,
    final_distribution,
    hit_outcomes,
    next_card,
    seven_half_chance,
)
from settemezzo.policy import parse_threshold
from settemezzo.rules import ITALIAN, SPANISH, Rules

F, A, KD = Kind.FIGURE, Kind.ACE, Kind.KING_OF_DIAMONDS
K2, K3, K4, K5, K6, K7 = Kind.TWO, Kind.THREE, Kind.FOUR, Kind.FIVE, Kind.SIX, Kind.SEVEN

ROYAL = ITALIAN.with_variants("royal")
PAIR = ITALIAN.with_variants("pair_of_sevens")
WILD = ITALIAN.with_variants("wild_king")
ALL = ITALIAN.with_variants("wild_king", "royal", "pair_of_sevens")
RULE_SETS = [ITALIAN, ROYAL, PAIR, WILD, ALL]
RULE_IDS = ["plain", "royal", "pair", "wild", "all"]

PROPERTY_SETTINGS = settings(max_examples=60, deadline=None,
                             suppress_health_check=[HealthCheck.too_slow])

# ---------------------------------------------------------------------------------------------
# An independent scorer, from docs/rules.md, on explicit cards
# ---------------------------------------------------------------------------------------------

K_DIAMONDS = Card(Rank.KING, Suit.DIAMONDS)
FIGURES = (Rank.JACK, Rank.QUEEN, Rank.KING)
HALF_POINTS = {Rank.ACE: 2, Rank.TWO: 4, Rank.THREE: 6, Rank.FOUR: 8, Rank.FIVE: 10,
               Rank.SIX: 12, Rank.SEVEN: 14, Rank.JACK: 1, Rank.QUEEN: 1, Rank.KING: 1}
WILD_VALUES = (1, 2, 4, 6, 8, 10, 12, 14)  # the K♦ as ½ or 1..7


def ref_face(cards: Sequence[Card]) -> int:
    """Half-points with every card at face value (the K♦ as ½)."""
    return sum(HALF_POINTS[c.rank] for c in cards)


def ref_total(cards: Sequence[Card], rules: Rules) -> int:
    """Best total; the wild K♦ takes the value giving the most without passing 7½."""
    face = ref_face(cards)
    if rules.wild_king and K_DIAMONDS in cards and face <= 15:
        rest = face - 1
        return max(rest + v for v in WILD_VALUES if rest + v <= 15)
    return face


def ref_pair(cards: Sequence[Card], rules: Rules) -> bool:
    return (rules.pair_of_sevens and len(cards) == 2
            and all(c.rank is Rank.SEVEN for c in cards))


def ref_royal(cards: Sequence[Card], rules: Rules) -> bool:
    if not rules.royal or len(cards) != 2:
        return False
    a, b = cards
    seven_and_figure = ((a.rank is Rank.SEVEN and b.rank in FIGURES)
                        or (b.rank is Rank.SEVEN and a.rank in FIGURES))
    wild_and_figure = rules.wild_king and ((a == K_DIAMONDS and b.rank in FIGURES)
                                           or (b == K_DIAMONDS and a.rank in FIGURES))
    return seven_and_figure or wild_and_figure


def ref_score(cards: Sequence[Card], rules: Rules) -> int:
    """0 bust, 1..15 the total, 16 royal, 17 pair of sevens."""
    if ref_pair(cards, rules):
        return 17
    t = ref_total(cards, rules)
    if t > 15:
        return 0
    if ref_royal(cards, rules):
        return 16
    return t


def ref_stops(cards: Sequence[Card], rules: Rules, k: int) -> bool:
    """The hand stops: bust, 7½, a pair of sevens, or a total of at least k half-points."""
    if not cards:
        return False
    t = ref_total(cards, rules)
    return ref_pair(cards, rules) or t >= 15 or t >= k


def kinds(cards: Sequence[Card]) -> list[Kind]:
    return [kind_of(c) for c in cards]


def composition(cards: Sequence[Card]) -> Unseen:
    return Unseen.from_counts(Counter(kind_of(c) for c in cards))


def cards(text: str) -> list[Card]:
    return parse_cards(text)


# ---------------------------------------------------------------------------------------------
# 1. Reference values derived by hand
# ---------------------------------------------------------------------------------------------


def test_face_down_seven_nothing_else_seen() -> None:
    # 39 unseen cards. 7 + any figure (12) = 7½; 7 + any of A..7 (4*7 - 1 = 27) is over 7½.
    # Bust 27/39 = 9/13, 7½ 12/39 = 4/13, nothing stays below.
    state = HandState.of("7")
    assert state.unseen().total == 39
    assert bust_chance(state.cards, state.unseen(), ITALIAN) == Fraction(27, 39) == Fraction(9, 13)
    assert seven_half_chance(state.cards, state.unseen(), ITALIAN) == Fraction(4, 13)
    assert hit_outcomes(state.cards, state.unseen(), ITALIAN) == {
        "bust": Fraction(9, 13), "seven_half": Fraction(4, 13), "below": 0}


def test_face_down_five_ace_up_with_seven_and_king_seen() -> None:
    # Hand: face-down 5, face-up A: 6 points. Seen: 7♦ and K♣. Unseen: 40 - 4 = 36 cards.
    # Over 7½ needs 2 or more: 2s 4, 3s 4, 4s 4, 5s 3 (one in hand), 6s 4, 7s 3 (7♦ seen) = 22.
    # Bust 22/36 = 11/18. No card is worth 1½, so 7½ is impossible: 0.
    # Below: the 3 aces left (7) and 11 figures left (6½): 14/36 = 7/18.
    state = HandState.of("5", up="A", seen="7d Kc")
    unseen = state.unseen()
    assert unseen.total == 36
    assert hit_outcomes(state.cards, unseen, ITALIAN) == {
        "bust": Fraction(11, 18), "seven_half": 0, "below": Fraction(7, 18)}


def test_next_card_from_the_full_deck() -> None:
    # 12 figures of 40 = 3/10; each value A..7 has 4 cards: 4/40 = 1/10.
    dist = next_card(Unseen.full(), ITALIAN)
    assert dist[F] == Fraction(12, 40) == Fraction(3, 10)
    assert all(dist[k] == Fraction(1, 10) for k in (A, K2, K3, K4, K5, K6, K7))
    assert KD not in dist  # without the wild rule the K♦ is one of the figures
    # Under wild_king the K♦ is told apart: 11 figures (11/40) and the K♦ (1/40).
    wild = next_card(Unseen.full(), WILD)
    assert wild[F] == Fraction(11, 40) and wild[KD] == Fraction(1, 40)


def test_next_card_after_seen_cards() -> None:
    # Seen 7d, 7h, J, Q: 36 unseen; 7s: 2/36 = 1/18, figures 10/36 = 5/18, aces 4/36 = 1/9.
    dist = next_card(Unseen.full().without("7d 7h J Q"), ITALIAN)
    assert dist[K7] == Fraction(1, 18)
    assert dist[F] == Fraction(5, 18)
    assert dist[A] == Fraction(1, 9)


def test_seven_with_royal_and_pair_of_sevens() -> None:
    # Face-down 7, 39 unseen. With pair_of_sevens one of the 3 other 7s makes the pair (17):
    # 3/39 = 1/13; a figure (12/39 = 4/13) makes 7½; the other 24 cards bust: 24/39 = 8/13.
    state = HandState.of("7")
    u = state.unseen()
    assert final_distribution(state.cards, u, PAIR, 7.5) == {
        17: Fraction(1, 13), 15: Fraction(4, 13), 0: Fraction(8, 13)}
    assert hit_outcomes(state.cards, u, PAIR) == {
        "bust": Fraction(8, 13), "seven_half": Fraction(5, 13), "below": 0}
    # With royal, the same 12 figures make a royal 7½ (16) instead.
    assert final_distribution(state.cards, u, ROYAL, 7.5) == {
        16: Fraction(4, 13), 0: Fraction(9, 13)}
    # The wild K♦ with a 7 counts as ½: 7½ on 11 figures + the K♦ = 12/39, as without it.
    assert final_distribution(state.cards, u, WILD, 7.5) == {
        15: Fraction(4, 13), 0: Fraction(9, 13)}


def test_six_and_wild_king() -> None:
    # Hand 6 + K♦ (wild). 38 unseen: 4 aces, 11 figures, 23 cards of 2..7 (one 6 in hand).
    # Bust only with the K♦ as ½: 6½ + 2 or more = 23/38.
    # 7½: an ace (6 + 1 + K♦ as ½) 4, or a figure (6½ + K♦ as 1) 11: 15/38.
    hand = [K6, KD]
    u = Unseen.full().without("6 Kd")
    assert hit_outcomes(hand, u, WILD) == {
        "bust": Fraction(23, 38), "seven_half": Fraction(15, 38), "below": 0}
    # Without the wild rule the K♦ is ½: 6½ busts on the same 23 cards, an ace makes 7½
    # (4/38), a figure leaves 7 (11/38).
    assert hit_outcomes(hand, u, ITALIAN) == {
        "bust": Fraction(23, 38), "seven_half": Fraction(4, 38), "below": Fraction(11, 38)}


def test_final_distribution_five_standing_on_six() -> None:
    # Face-down 5, threshold 6 (hit below 6), 39 unseen (three 5s).
    # First hit: figure 12/39 -> 5½ (hit again); A 4/39 -> 6; 2 4/39 -> 7;
    #            3, 4, 5, 6, 7: 4 + 4 + 3 + 4 + 4 = 19/39 -> bust.
    # From 5½ (38 unseen, 11 figures): figure 11/38 -> 6; A 4/38 -> 6½; 2 4/38 -> 7½;
    #            the other 19/38 bust.
    p_fig = Fraction(12, 39)
    expected = {
        12: Fraction(4, 39) + p_fig * Fraction(11, 38),   # 6
        13: p_fig * Fraction(4, 38),                      # 6½
        14: Fraction(4, 39),                              # 7
        15: p_fig * Fraction(4, 38),                      # 7½
        0: Fraction(19, 39) + p_fig * Fraction(19, 38),   # bust
    }
    assert sum(expected.values()) == 1
    assert expected[12] == Fraction(142, 741) and expected[0] == Fraction(475, 741)
    assert final_distribution([K5], Unseen.full().without("5"), ITALIAN, 6) == expected
    assert final_distribution([K5], Unseen.full().without("5"), ITALIAN, "threshold:6") == expected


def test_final_distribution_six_and_a_half_hitting_to_seven_and_a_half() -> None:
    # 6 + figure = 6½, hit until 7½ (threshold 7½). 38 unseen: 4 aces, 11 figures, 23 others.
    # Ace -> 7½ (4/38). Figure -> 7 (11/38), hit again with 37 unseen, 10 figures:
    # 7½ 10/37, bust 27/37. The other 23 bust at once.
    # P(7½) = 4/38 + 11/38 * 10/37 = 258/1406 = 129/703; P(bust) = 574/703.
    expected = {15: Fraction(129, 703), 0: Fraction(574, 703)}
    assert Fraction(4, 38) + Fraction(11, 38) * Fraction(10, 37) == expected[15]
    assert final_distribution([K6, F], Unseen.full().without("6 J"), ITALIAN, 7.5) == expected


def test_final_distribution_of_the_first_card() -> None:
    # Threshold ½: the banker's fresh hand stands on its first card, whatever it is.
    d = final_distribution([], Unseen.full(), ITALIAN, 0.5)
    assert d == {1: Fraction(12, 40), **{2 * v: Fraction(4, 40) for v in range(1, 8)}}
    # Threshold 1: a first figure (12/40) is hit once more (39 unseen, 11 figures):
    # ½ + figure = 1 (11/39), ½ + v = v½ (4/39 each). A first A..7 stands (4/40 each).
    d = final_distribution([], Unseen.full(), ITALIAN, 1)
    fig = Fraction(12, 40)
    expected = {2: Fraction(4, 40) + fig * Fraction(11, 39)}
    for v in range(2, 8):
        expected[2 * v] = Fraction(4, 40)
    for v in range(1, 8):
        expected[2 * v + 1] = fig * Fraction(4, 39)
    assert d == expected and sum(d.values()) == 1


def test_final_distribution_of_a_finished_hand() -> None:
    # the unseen cards are the deck minus the hand (a hand beside a full deck is impossible)
    seven_figure = Unseen.full().remove(K7).remove(F)
    assert final_distribution([K7, F], seven_figure, ITALIAN, 5) == {15: 1}
    assert final_distribution([K7, F], seven_figure, ROYAL, 5) == {16: 1}
    assert final_distribution([K5], Unseen.full().remove(K5), ITALIAN, 5) == {10: 1}
    assert final_distribution([K7, K7], Unseen.full().remove(K7, 2), ITALIAN, 5) == {0: 1}


# ---------------------------------------------------------------------------------------------
# HandState and input errors
# ---------------------------------------------------------------------------------------------


def test_hand_state_parses_and_counts() -> None:
    state = HandState.of("5", up="A 2", seen="7d Kc")
    assert state.cards == (K5, A, K2)
    assert state.unseen().total == 35
    assert str(state) == "[5] 1 2"
    assert str(HandState.of("sota de copas", up=["re di denari"])) == "[½] K♦"
    # a deck already short of cards from earlier hands
    earlier = Unseen.full().without("J Q K 7 7")
    assert HandState.of("7").unseen(earlier) == earlier.remove(K7)


def test_hand_state_king_without_suit_beside_the_other_three_is_the_king_of_diamonds() -> None:
    # The hole 'K' with K♠ K♥ K♣ seen can only be the K♦: its kind and the unseen cards agree.
    state = HandState.of("K", seen="Ks Kh Kc")
    assert state.cards == (KD,)
    assert state.unseen().count(KD) == 0 and state.unseen().count(F) == 8
    # Under wild_king the K♦ alone is 7: a figure (8 of 36 unseen) makes 7½ (K♦ as 7), and so
    # does a 7 (4 of 36, K♦ as ½): 12/36 = 1/3. As a plain figure it makes 7½ only with a 7.
    assert seven_half_chance(state.cards, state.unseen(), WILD) == Fraction(1, 3)
    assert seven_half_chance(state.cards, state.unseen(), ITALIAN) == Fraction(4, 36)
    assert HandState.of("K").cards == (F,)


@pytest.mark.parametrize(("hole", "up", "seen", "error", "quoted"), [
    ("8", "", "", InvalidCardError, "8"),
    ("5", "9♦", "", InvalidCardError, "9♦"),
    ("5", "", "7d xx", InvalidCardError, "xx"),
    ("7d", "", "7d", CardsSeenTwiceError, "7♦"),
    ("7", "", "7 7 7 7", CardsSeenTwiceError, "7"),
])
def test_hand_state_bad_input(hole: str, up: str, seen: str, error: type[Exception],
                              quoted: str) -> None:
    with pytest.raises(error) as info:
        HandState.of(hole, up=up, seen=seen)
    assert repr(quoted) in str(info.value)


def test_cannot_hit_a_finished_hand() -> None:
    with pytest.raises(InputError, match="finished"):
        hit_outcomes([K7, F], Unseen.full(), ITALIAN)
    with pytest.raises(InputError, match="finished"):
        bust_chance([K7, K7], Unseen.full(), PAIR)


def test_no_card_left() -> None:
    empty = Unseen.from_counts({})
    with pytest.raises(CardsSeenTwiceError, match="no unseen card"):
        next_card(empty, ITALIAN)
    with pytest.raises(CardsSeenTwiceError, match="ran out"):
        final_distribution([], Unseen.from_counts({F: 3}), ITALIAN, 5)


@pytest.mark.parametrize(("raw", "half_points"), [
    (5, 10), (5.5, 11), (Fraction(11, 2), 11), ("5", 10), ("5½", 11), ("5.5", 11), ("5,5", 11),
    ("threshold:5", 10), ("threshold:7.5", 15), ("½", 1), (".5", 1), (8, 16), (0.5, 1),
])
def test_parse_threshold(raw: object, half_points: int) -> None:
    assert parse_threshold(raw) == half_points  # type: ignore[arg-type]


@pytest.mark.parametrize("raw", ["abc", "threshold:x", 0, 9, 5.25, "8.5", -1])
def test_parse_threshold_rejects(raw: object) -> None:
    with pytest.raises(InputError) as info:  # a bad threshold is bad input, not bad rules
        parse_threshold(raw)  # type: ignore[arg-type]
    assert repr(raw) in str(info.value)


# ---------------------------------------------------------------------------------------------
# 2. Brute force: every ordered deal of an explicit small deck
# ---------------------------------------------------------------------------------------------


def cards_needed(deck: Sequence[Card], hand: Sequence[Card], k: int) -> int:
    """How many cards a hand can need at most: once its face value reaches min(k, 7½) it has
    stopped (the best total is at least the face value unless bust)."""
    target = min(k, 15)
    face = ref_face(hand)
    for m, v in enumerate(sorted(HALF_POINTS[c.rank] for c in deck)):
        if face >= target:
            return m
        face += v
    return len(deck)


def deal_every_order(deck: Sequence[Card], hand: Sequence[Card], rules: Rules, k: int,
                     depth: int | None = None) -> dict[int, Fraction]:
    """Deal the deck in every order onto ``hand``, hitting below k half-points; count scores.

    With ``depth`` cards dealt from each ordered draw of ``depth`` distinct cards: every such
    prefix stands for the same number, (n - depth)!, of complete orders, so when the hand
    never needs more than ``depth`` cards this is the same count as dealing all n! orders.
    """
    depth = len(deck) if depth is None else depth
    tally: Counter[int] = Counter()
    orders = 0
    for order in permutations(deck, depth):
        dealt = list(hand)
        pile = iter(order)
        while not ref_stops(dealt, rules, k):
            card = next(pile, None)
            assert card is not None, "the deck ran out: pick a bigger deck"
            dealt.append(card)
        tally[ref_score(dealt, rules)] += 1
        orders += 1
    return {s: Fraction(n, orders) for s, n in tally.items()}


DECK8 = "7s 7h Js Qd Kd A♠ 3c 5h"  # (not 'As': that parses as the rank 'as', ace)
DECK10 = "7s 7c Kd Qh Jc A♠ 4d 5s 6h 3c"
DECK12 = "7d 7h 7s Kd Kc Qd Jh 2c 3d 4s 5c 6d"
DECK9 = "7s 7h Js Qh A♠ 2c 3d 4h 5c"


def check_against_brute_force(deck_text: str, hand_text: str, rules: Rules, points: float,
                              full_orders: bool = False) -> dict[int, Fraction]:
    deck, hand = cards(deck_text), cards(hand_text)
    k = parse_threshold(points)
    depth = None if full_orders else cards_needed(deck, hand, k)
    brute = deal_every_order(deck, hand, rules, k, depth)
    exact = final_distribution(kinds(hand), composition(deck), rules, points)
    assert exact == brute
    return exact


@pytest.mark.parametrize("rules", RULE_SETS, ids=RULE_IDS)
@pytest.mark.parametrize("points", [0.5, 1, 3.5, 5, 6, 7, 7.5])
def test_brute_force_eight_cards(rules: Rules, points: float) -> None:
    # 8 cards: two 7s (pair of sevens), figures and the K♦ (royal, wild), small cards.
    check_against_brute_force(DECK8, "", rules, points)


def test_brute_force_eight_cards_every_full_order() -> None:
    # All 8! = 40320 complete orders, literally, with every variant on.
    exact = check_against_brute_force(DECK8, "", ALL, 7.5, full_orders=True)
    assert set(exact) >= {0, 15, 16, 17}  # bust, 7½, royal and the pair all happen


@pytest.mark.parametrize("rules", RULE_SETS, ids=RULE_IDS)
@pytest.mark.parametrize("points", [4, 5])
def test_brute_force_ten_cards(rules: Rules, points: float) -> None:
    check_against_brute_force(DECK10, "", rules, points)


@pytest.mark.parametrize("rules", RULE_SETS, ids=RULE_IDS)
@pytest.mark.parametrize("points", [6, 7.5])
def test_brute_force_twelve_cards_after_a_five(rules: Rules, points: float) -> None:
    # The hand starts from a face-down 5♠ (not in the deck).
    check_against_brute_force(DECK12, "5s", rules, points)


@pytest.mark.parametrize("rules", RULE_SETS, ids=RULE_IDS)
@pytest.mark.parametrize("points", [5, 7.5])
def test_brute_force_nine_cards_holding_the_king_of_diamonds(rules: Rules, points: float) -> None:
    # Under wild_king the K♦ alone counts 7 (stands on 5, hits on 7½); else it is ½.
    check_against_brute_force(DECK9, "Kd", rules, points)


def test_brute_force_with_other_knobs() -> None:
    # Knobs that do not touch one hand's draws change nothing.
    for rules in (SPANISH, ITALIAN.with_variants("ties_push", "burn=3,4", "swap_hidden")):
        check_against_brute_force(DECK8, "", rules, 5)


@PROPERTY_SETTINGS
@given(deck=st.lists(st.sampled_from(full_deck()), min_size=6, max_size=7, unique=True),
       royal=st.booleans(), wild=st.booleans(), pair=st.booleans(),
       k=st.integers(1, 16))
def test_brute_force_random_small_decks(deck: list[Card], royal: bool, wild: bool, pair: bool,
                                        k: int) -> None:
    rules = Rules(royal=royal, wild_king=wild, pair_of_sevens=pair)
    if ref_face(deck) < min(k, 15):
        return  # the hand could run out of cards
    brute = deal_every_order(deck, [], rules, k, cards_needed(deck, [], k))
    assert final_distribution([], composition(deck), rules, Fraction(k, 2)) == brute


# ---------------------------------------------------------------------------------------------
# 3. Seeded Monte Carlo of the full deck
# ---------------------------------------------------------------------------------------------


def monte_carlo(rules: Rules, points: float, hole: str | None, n: int,
                seed: int) -> Counter[int]:
    """Shuffle the explicit 40-card deck (minus the hole card) n times and play threshold."""
    rng = random.Random(seed)
    k = parse_threshold(points)
    start = cards(hole) if hole else []
    deck = [c for c in full_deck() if c not in start]
    tally: Counter[int] = Counter()
    for _ in range(n):
        rng.shuffle(deck)
        dealt = list(start)
        i = 0
        while not ref_stops(dealt, rules, k):
            dealt.append(deck[i])
            i += 1
        tally[ref_score(dealt, rules)] += 1
    return tally


@pytest.mark.parametrize(("rules", "points", "hole", "seed"), [
    (ITALIAN, 5, None, 1),
    (ALL, 7.5, None, 2),
    (ALL, 4, None, 3),
    (SPANISH, 6, "3c", 4),
    (WILD, 6.5, "Kd", 5),
], ids=["italian-5", "all-7.5", "all-4", "spanish-hole3-6", "wild-holeKd-6.5"])
def test_monte_carlo_within_four_standard_errors(rules: Rules, points: float, hole: str | None,
                                                 seed: int) -> None:
    n = 20_000
    tally = monte_carlo(rules, points, hole, n, seed)
    start = cards(hole) if hole else []
    exact = final_distribution(kinds(start), Unseen.full().without(start), rules, points)
    assert sum(exact.values()) == 1
    for s in set(exact) | set(tally):
        p = exact.get(s, Fraction(0))
        freq = tally[s] / n
        if p == 0:
            assert tally[s] == 0, f"score {s} happened {tally[s]} times but has chance 0"
            continue
        se = math.sqrt(float(p * (1 - p)) / n)
        assert abs(freq - float(p)) <= 4 * se, (s, float(p), freq, se)


# ---------------------------------------------------------------------------------------------
# 4. Properties
# ---------------------------------------------------------------------------------------------

rules_st = st.builds(Rules, royal=st.booleans(), wild_king=st.booleans(),
                     pair_of_sevens=st.booleans(), ties_push=st.booleans())


@st.composite
def situations(draw: st.DrawFn, max_hand: int = 6,
               max_seen: int = 14) -> tuple[list[Card], list[Card], Rules]:
    """A shuffled deck split into an unfinished hand (cards from the top) and seen cards."""
    rules = draw(rules_st)
    order = draw(st.permutations(full_deck()))
    want = draw(st.integers(0, max_hand))
    hand: list[Card] = []
    for card in order[:want]:
        if ref_score([*hand, card], rules) in (0, 15, 16, 17):
            break  # the hand would be finished: keep it as it was
        hand.append(card)
    rest = order[len(hand):]
    seen = rest[:draw(st.integers(0, max_seen))]
    return hand, list(seen), rules


@PROPERTY_SETTINGS
@given(seen=st.lists(st.sampled_from(full_deck()), max_size=39, unique=True), rules=rules_st)
def test_next_card_sums_to_one(seen: list[Card], rules: Rules) -> None:
    unseen = Unseen.full().without(seen)
    dist = next_card(unseen, rules)
    assert sum(dist.values()) == 1
    assert all(p > 0 for p in dist.values())
    # each kind's chance is its share of the explicit remaining cards
    remaining = [c for c in full_deck() if c not in seen]
    for kind, p in dist.items():
        matching = [c for c in remaining
                    if kind_of(c) == kind or (not rules.wild_king and kind is F
                                              and c == K_DIAMONDS)]
        assert p == Fraction(len(matching), len(remaining))


@PROPERTY_SETTINGS
@given(situations(max_seen=30))
def test_hit_outcomes_match_counting_the_remaining_cards(
        situation: tuple[list[Card], list[Card], Rules]) -> None:
    # Removing seen cards changes the odds exactly as counting the explicit cards says.
    hand, seen, rules = situation
    remaining = [c for c in full_deck() if c not in hand and c not in seen]
    after = [ref_score([*hand, c], rules) for c in remaining]
    n = len(remaining)
    expected = {
        "bust": Fraction(sum(s == 0 for s in after), n),
        "seven_half": Fraction(sum(s >= 15 for s in after), n),
        "below": Fraction(sum(0 < s < 15 for s in after), n),
    }
    state = HandState.of(hand[0] if hand else None, up=tuple(hand[1:]), seen=seen)
    assert state.unseen() == composition(remaining)
    got = hit_outcomes(state.cards, state.unseen(), rules)
    assert got == expected
    assert sum(got.values()) == 1
    assert bust_chance(state.cards, Unseen.full().without([*hand, *seen]), rules) == (
        expected["bust"])


@PROPERTY_SETTINGS
@given(situations(), st.integers(1, 16))
def test_final_distribution_sums_to_one(situation: tuple[list[Card], list[Card], Rules],
                                        k: int) -> None:
    # At least 20 cards stay unseen, worth at least 12 ½ + 4 aces + 4 twos = 18 points:
    # the hand cannot run out.
    hand, seen, rules = situation
    unseen = Unseen.full().without([*hand, *seen])
    dist = final_distribution(kinds(hand), unseen, rules, Fraction(k, 2))
    assert sum(dist.values()) == 1
    assert all(p > 0 for p in dist.values())
    assert set(dist) <= {0, *range(min(k, 15), 18)}  # stood at k or more, 7½ or better, bust
    if not rules.royal:
        assert 16 not in dist
    if not rules.pair_of_sevens:
        assert 17 not in dist


hands_st = st.lists(st.sampled_from(list(Kind)), min_size=0, max_size=5)


@PROPERTY_SETTINGS
@given(seen=st.lists(st.sampled_from(full_deck()), max_size=30, unique=True),
       h1=hands_st, h2=hands_st, royal=st.booleans(), ties_push=st.booleans(),
       spanish=st.booleans())
def test_bust_chance_rises_with_the_total_for_the_same_unseen_cards(
        seen: list[Card], h1: list[Kind], h2: list[Kind], royal: bool, ties_push: bool,
        spanish: bool) -> None:
    # With the same unseen composition, a card busts a hand iff it is worth more than
    # 7½ minus the total, so the set of busting cards only grows with the total.
    # (Not true under pair_of_sevens, nor in total under wild_king: see the tests below.)
    base = SPANISH if spanish else ITALIAN
    rules = base.with_variants(f"royal={royal}", f"ties_push={ties_push}")
    unseen = Unseen.full().without(seen)
    if total(h1, rules) >= 15 or total(h2, rules) >= 15:
        return
    b1, b2 = bust_chance(h1, unseen, rules), bust_chance(h2, unseen, rules)
    if total(h1, rules) < total(h2, rules):
        assert b1 <= b2
    elif total(h1, rules) == total(h2, rules):
        assert b1 == b2
    # and by sweeping every total 0..7 with one canonical hand per total
    sweep = [bust_chance(hand, unseen, rules) for hand in
             ([], [F], [A], [A, F], [K2], [K2, F], [K3], [K3, F], [K4], [K4, F], [K5],
              [K5, F], [K6], [K6, F], [K7])]
    assert sweep == sorted(sweep)


@PROPERTY_SETTINGS
@given(seen=st.lists(st.sampled_from(full_deck()), max_size=30, unique=True),
       h1=hands_st, h2=hands_st, royal=st.booleans())
def test_wild_king_bust_chance_rises_with_the_face_value(
        seen: list[Card], h1: list[Kind], h2: list[Kind], royal: bool) -> None:
    # Under wild_king a hand is bust only if it is bust with the K♦ as ½: the bust chance is
    # governed by the face value (K♦ = ½), not by the best total.
    rules = ITALIAN.with_variants("wild_king", f"royal={royal}")
    unseen = Unseen.full().without(seen)
    if h1.count(KD) > 1 or h2.count(KD) > 1:
        return
    if total(h1, rules) >= 15 or total(h2, rules) >= 15:
        return
    face1, face2 = (sum(k.half_points for k in h) for h in (h1, h2))
    b1, b2 = bust_chance(h1, unseen, rules), bust_chance(h2, unseen, rules)
    if face1 < face2:
        assert b1 <= b2
    elif face1 == face2:
        assert b1 == b2


def test_wild_king_bust_chance_is_not_monotone_in_the_best_total() -> None:
    # K♦ + A is worth 7 but busts only on a 7 (with the K♦ as ½ it is 1½; 1½ + 7 = 8½):
    # 4/38. A plain 7 busts on 27 of 39 cards.
    u = Unseen.full().without("Kd A")
    assert total([KD, A], WILD) == total([K7], WILD) == 14
    assert bust_chance([KD, A], u, WILD) == Fraction(4, 38)
    assert bust_chance([K7], Unseen.full().without("7"), WILD) == Fraction(27, 39)


def test_pair_of_sevens_breaks_the_monotone_bust_chance() -> None:
    # Same unseen cards: 40 minus 7, 6, J, A, A, A -> 34 cards (1 ace, 3 sixes, 3 sevens).
    # A 7 (total 7) busts on A..6 but not on a 7 (the pair): 1 + 4*4 + 3 = 20/34 = 10/17.
    # A 6½ busts on 2..7: 4*4 + 3 + 3 = 22/34 = 11/17 - more, on a lower total.
    u = Unseen.full().without("7 6 J A A A")
    assert bust_chance([K7], u, PAIR) == Fraction(10, 17)
    assert bust_chance([K6, F], u, PAIR) == Fraction(11, 17)
    assert bust_chance([K7], u, ITALIAN) == Fraction(23, 34)  # without the pair: 7s bust too


def test_bust_chance_is_not_monotone_across_hands_drawn_from_the_deck() -> None:
    # With the unseen cards each hand leaves, a higher total can bust less often.
    # A A A A 3 = 7: 35 unseen, every A is gone, busts on 2..7: 4 + 3 + 4*4 = 23/35.
    # A A A A 2 ½ = 6½: 34 unseen, busts on 2..7: 3 + 4*5 = 23/34 > 23/35.
    seven = HandState.of("A", up="A A A 3")
    six_half = HandState.of("A", up="A A A 2 J")
    assert total(seven.cards, ITALIAN) == 14 and total(six_half.cards, ITALIAN) == 13
    assert bust_chance(seven.cards, seven.unseen(), ITALIAN) == Fraction(23, 35)
    assert bust_chance(six_half.cards, six_half.unseen(), ITALIAN) == Fraction(23, 34)


@PROPERTY_SETTINGS
@given(situations())
def test_hit_outcomes_agree_with_a_one_card_final_distribution(
        situation: tuple[list[Card], list[Card], Rules]) -> None:
    # A hand that stands on any total above its own takes exactly one card (without the wild
    # K♦, whose best value can keep the total where it was), so the final distribution's
    # bust and 7½-or-better chances are those of one hit.
    hand, seen, rules = situation
    if not hand or rules.wild_king:
        return
    unseen = Unseen.full().without([*hand, *seen])
    t = total(kinds(hand), rules)
    dist = final_distribution(kinds(hand), unseen, rules, Fraction(t + 1, 2))
    one_hit = hit_outcomes(kinds(hand), unseen, rules)
    assert dist.get(0, 0) == one_hit["bust"]
    assert sum(dist.get(s, 0) for s in (15, 16, 17)) == one_hit["seven_half"]
