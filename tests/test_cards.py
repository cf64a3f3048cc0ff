"""The 40-card deck: values, parsing, bad input, the unseen composition."""

from __future__ import annotations

from collections import Counter

import pytest

from settemezzo.cards import (
    DECK_SIZE,
    SEVEN_AND_A_HALF,
    Card,
    CardsSeenTwiceError,
    ImpossibleHandError,
    InvalidCardError,
    Kind,
    Rank,
    Suit,
    Unseen,
    full_deck,
    kind_of,
    parse_card,
    parse_cards,
    parse_spec,
    parse_specs,
)
from settemezzo.errors import InputError

# ---------------------------------------------------------------------------------------------
# The deck (docs/rules.md, "Cards")
# ---------------------------------------------------------------------------------------------


def test_full_deck_has_40_distinct_cards() -> None:
    deck = full_deck()
    assert len(deck) == DECK_SIZE == 40
    assert len(set(deck)) == 40


def test_values_in_half_points() -> None:
    # docs/rules.md: a figure is ½ (1 half-point), A..7 are 1..7 (2..14 half-points), 7½ = 15.
    expected = {"A": 2, "2": 4, "3": 6, "4": 8, "5": 10, "6": 12, "7": 14, "J": 1, "Q": 1,
                "K": 1}
    assert {r.value: r.half_points for r in Rank} == expected
    assert SEVEN_AND_A_HALF == 15
    assert [r.points for r in Rank] == ["1", "2", "3", "4", "5", "6", "7", "½", "½", "½"]


def test_twelve_figures_and_four_of_each_value() -> None:
    # 12 cards are worth ½ and 4 cards each are worth 1..7 (docs/rules.md).
    by_value = Counter(c.half_points for c in full_deck())
    assert by_value == {1: 12, 2: 4, 4: 4, 6: 4, 8: 4, 10: 4, 12: 4, 14: 4}
    # Sum of the deck, by hand: 4 * (2+4+...+14) + 12 * 1 = 4 * 56 + 12 = 236 half-points.
    assert sum(c.half_points for c in full_deck()) == 236


def test_kinds_and_deck_counts() -> None:
    # The K♦ is its own kind (wild under `wild_king`); FIGURE is the other 11 figures.
    assert Kind.FIGURE.deck_count == 11
    assert Kind.KING_OF_DIAMONDS.deck_count == 1
    assert sum(k.deck_count for k in Kind) == 40
    assert Counter(kind_of(c) for c in full_deck()) == {k: k.deck_count for k in Kind}
    assert Unseen.full().counts == (11, 4, 4, 4, 4, 4, 4, 4, 1)
    assert [k.half_points for k in Kind] == [1, 2, 4, 6, 8, 10, 12, 14, 1]
    assert Kind.FIGURE.label == "½" and Kind.KING_OF_DIAMONDS.label == "K♦"
    assert Kind.SEVEN.label == "7"


def test_kind_of_cards_and_ranks() -> None:
    assert kind_of(Card(Rank.KING, Suit.DIAMONDS)) is Kind.KING_OF_DIAMONDS
    assert kind_of(Card(Rank.KING, Suit.CLUBS)) is Kind.FIGURE
    assert kind_of(Card(Rank.JACK, Suit.DIAMONDS)) is Kind.FIGURE
    assert kind_of(Rank.KING) is Kind.FIGURE  # a rank alone is a king other than the K♦
    assert kind_of(Card(Rank.SEVEN, Suit.HEARTS)) is Kind.SEVEN
    assert kind_of(Rank.ACE) is Kind.ACE
    assert Card(Rank.KING, Suit.DIAMONDS).kind is Kind.KING_OF_DIAMONDS


def test_card_str_and_immutability() -> None:
    card = Card(Rank.SEVEN, Suit.DIAMONDS)
    assert str(card) == "7♦"
    assert str(Card(Rank.KING, Suit.SPADES)) == "K♠"
    assert {card, Card(Rank.SEVEN, Suit.DIAMONDS)} == {card}
    with pytest.raises(AttributeError):
        card.rank = Rank.ACE  # type: ignore[misc]


def test_rank_accepts_its_letter() -> None:
    assert Rank("K") is Rank.KING
    assert Suit("d") is Suit.DIAMONDS
    assert Suit.DIAMONDS.symbol == "♦"


# ---------------------------------------------------------------------------------------------
# Parsing what people type
# ---------------------------------------------------------------------------------------------

D, H, S, C = Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES, Suit.CLUBS


@pytest.mark.parametrize(("text", "rank", "suit"), [
    ("7d", Rank.SEVEN, D),
    ("7♦", Rank.SEVEN, D),
    ("7D", Rank.SEVEN, D),
    (" 7d ", Rank.SEVEN, D),
    ("♦7", Rank.SEVEN, D),
    ("K♦", Rank.KING, D),
    ("Kd", Rank.KING, D),
    ("kd", Rank.KING, D),
    ("1s", Rank.ACE, S),
    ("Ah", Rank.ACE, H),
    ("Qc", Rank.QUEEN, C),
    ("J♠", Rank.JACK, S),
    ("re di denari", Rank.KING, D),
    ("Re di Denari", Rank.KING, D),
    ("rey de oros", Rank.KING, D),
    ("sota de copas", Rank.JACK, H),
    ("fante di spade", Rank.JACK, S),
    ("cavallo di bastoni", Rank.QUEEN, C),
    ("caballo de bastos", Rank.QUEEN, C),
    ("as de espadas", Rank.ACE, S),
    ("asso di coppe", Rank.ACE, H),
    ("sette di denari", Rank.SEVEN, D),
    ("siete de oros", Rank.SEVEN, D),
    ("seven of hearts", Rank.SEVEN, H),
    ("king of diamonds", Rank.KING, D),
])
def test_parse_card(text: str, rank: Rank, suit: Suit) -> None:
    assert parse_card(text) == Card(rank, suit)
    assert parse_spec(text) == Card(rank, suit)


@pytest.mark.parametrize(("text", "rank"), [
    ("5", Rank.FIVE),
    ("K", Rank.KING),
    ("k", Rank.KING),
    ("A", Rank.ACE),
    ("1", Rank.ACE),
    ("sota", Rank.JACK),
    ("Fante", Rank.JACK),
    ("cavallo", Rank.QUEEN),
    ("caballo", Rank.QUEEN),
    ("re", Rank.KING),
    ("rey", Rank.KING),
    ("sette", Rank.SEVEN),
    ("siete", Rank.SEVEN),
    ("as", Rank.ACE),  # Spanish 'as' is the ace: 'As' is therefore NOT the ace of spades
])
def test_rank_only_parses_to_rank(text: str, rank: Rank) -> None:
    assert parse_spec(text) is rank


def test_parse_spec_passes_cards_and_ranks_through() -> None:
    card = Card(Rank.FIVE, Suit.CLUBS)
    assert parse_spec(card) is card
    assert parse_spec(Rank.FIVE) is Rank.FIVE
    assert parse_card(card) is card


def test_parse_specs_forms() -> None:
    assert parse_specs("7d Kc 5") == [Card(Rank.SEVEN, D), Card(Rank.KING, C), Rank.FIVE]
    assert parse_specs("re di denari, sota de copas") == [Card(Rank.KING, D), Card(Rank.JACK, H)]
    assert parse_specs(["re di denari", "7♣", "K"]) == [Card(Rank.KING, D),
                                                          Card(Rank.SEVEN, C), Rank.KING]
    assert parse_specs("") == []
    assert parse_cards("7d K♣") == [Card(Rank.SEVEN, D), Card(Rank.KING, C)]


def test_parse_card_needs_a_suit() -> None:
    with pytest.raises(InvalidCardError) as info:
        parse_card("K")
    assert repr("K") in str(info.value)
    assert "no suit" in str(info.value)
    with pytest.raises(InvalidCardError) as info:
        parse_card("re di")  # the connector 'di' is dropped: a king without a suit
    assert repr("re di") in str(info.value)
    with pytest.raises(InvalidCardError, match="no suit"):
        parse_cards("7d K")


# ---------------------------------------------------------------------------------------------
# Bad input: a ValueError subclass quoting the input and saying what is allowed
# ---------------------------------------------------------------------------------------------


def test_error_classes_are_value_errors() -> None:
    for error in (InvalidCardError, CardsSeenTwiceError, ImpossibleHandError):
        assert issubclass(error, InputError) and issubclass(error, ValueError)


@pytest.mark.parametrize("text", ["xx", "Zd", "7z", "", "seven of stars", "K♦♦", "7 d d"])
def test_unknown_card(text: str) -> None:
    with pytest.raises(InvalidCardError) as info:
        parse_card(text)
    message = str(info.value)
    assert repr(text) in message
    assert "A, 2-7, J, Q, K" in message  # what is allowed
    assert "'7d'" in message  # and an example


@pytest.mark.parametrize("text", ["8s", "9♦", "10d", "10", "8", "9 di spade", "otto di denari",
                                  "diez de copas"])
def test_eight_nine_ten_are_not_in_the_deck(text: str) -> None:
    with pytest.raises(InvalidCardError) as info:
        parse_card(text)
    message = str(info.value)
    assert repr(text) in message
    assert "8, 9 and 10 are removed" in message
    assert "A, 2-7, J, Q, K" in message


def test_unknown_card_inside_a_list_is_quoted() -> None:
    with pytest.raises(InvalidCardError) as info:
        parse_specs("7d 9s Kc")
    assert repr("9s") in str(info.value)
    with pytest.raises(InvalidCardError) as info:
        Unseen.full().without("7d xx")
    assert repr("xx") in str(info.value)


def test_non_text_is_rejected() -> None:
    with pytest.raises(InvalidCardError) as info:
        parse_spec(7)  # type: ignore[arg-type]
    assert repr(7) in str(info.value)


@pytest.mark.parametrize("seen", ["7d 7d", "7d 7♦", ["sette di denari", "7d"], "7d, 7♦"])
def test_card_seen_twice(seen: str | list[str]) -> None:
    with pytest.raises(CardsSeenTwiceError) as info:
        Unseen.full().without(seen)
    message = str(info.value)
    # The card is quoted in its canonical form (the two inputs may be spelled differently).
    assert repr("7♦") in message
    assert "listed twice" in message and "exists once" in message


@pytest.mark.parametrize("seen", ["7 7 7 7 7", "7d 7h 7s 7c 7", "K K K K K", "Kd Ks Kh Kc K"])
def test_more_cards_of_a_rank_than_the_deck_holds(seen: str) -> None:
    rank = seen.split()[-1]
    with pytest.raises(CardsSeenTwiceError) as info:
        Unseen.full().without(seen)
    message = str(info.value)
    assert repr(rank) in message
    assert "5 cards" in message and "only 4" in message


def test_unseen_counts_out_of_range() -> None:
    with pytest.raises(CardsSeenTwiceError) as info:
        Unseen.from_counts({Kind.ACE: 5})
    assert "5" in str(info.value) and "holds 4" in str(info.value)
    with pytest.raises(CardsSeenTwiceError) as info:
        Unseen.from_counts({Kind.SEVEN: -1})
    assert "-1" in str(info.value)
    with pytest.raises(CardsSeenTwiceError) as info:
        Unseen((1, 2, 3))
    assert repr((1, 2, 3)) in str(info.value)
    with pytest.raises(CardsSeenTwiceError, match="only 0 left"):
        Unseen.from_counts({Kind.ACE: 2}).remove(Kind.SEVEN)


def test_removing_more_than_a_reduced_deck_holds() -> None:
    small = Unseen.from_counts({Kind.SEVEN: 1, Kind.FIGURE: 2})
    with pytest.raises(CardsSeenTwiceError, match="only 0 left"):
        small.without("7 7")  # the first 7 takes the only one


# ---------------------------------------------------------------------------------------------
# The unseen composition
# ---------------------------------------------------------------------------------------------


def test_full_and_from_counts() -> None:
    full = Unseen.full()
    assert full.total == 40
    assert full == Unseen.from_counts({k: k.deck_count for k in Kind})
    assert dict(full) == {k: k.deck_count for k in Kind}
    small = Unseen.from_counts({Kind.SEVEN: 2, Kind.FIGURE: 3})
    assert small.total == 5
    assert list(small) == [(Kind.FIGURE, 3), (Kind.SEVEN, 2)]  # only kinds present
    assert small.count(Kind.ACE) == 0


def test_unseen_is_hashable_and_immutable() -> None:
    a = Unseen.full().without("7d")
    b = Unseen.full().remove(Kind.SEVEN)
    assert a == b and hash(a) == hash(b)
    assert len({a, b, Unseen.full()}) == 2
    with pytest.raises(AttributeError):
        a.counts = ()  # type: ignore[misc]


def test_without_counts_each_kind() -> None:
    # 7d, Kc (a plain figure), Kd (the K♦), 5 (a rank alone), A
    u = Unseen.full().without("7d Kc Kd 5 A")
    assert u.total == 35
    assert u.count(Kind.SEVEN) == 3
    assert u.count(Kind.FIGURE) == 10
    assert u.count(Kind.KING_OF_DIAMONDS) == 0
    assert u.count(Kind.FIVE) == 3
    assert u.count(Kind.ACE) == 3
    assert Unseen.full().without([]) == Unseen.full()
    assert Unseen.full().without([Card(Rank.KING, D), Rank.TWO]).count(Kind.TWO) == 3


def test_a_king_without_suit_is_a_plain_king_until_the_fourth() -> None:
    three = Unseen.full().without("K K K")
    assert three.count(Kind.FIGURE) == 8 and three.count(Kind.KING_OF_DIAMONDS) == 1
    four = Unseen.full().without("K K K K")
    assert four.count(Kind.FIGURE) == 8 and four.count(Kind.KING_OF_DIAMONDS) == 0
    # with the three other kings named, a 'K' alone can only be the K♦
    named = Unseen.full().without("Ks Kh Kc K")
    assert named.count(Kind.FIGURE) == 8 and named.count(Kind.KING_OF_DIAMONDS) == 0
    # with the K♦ named, the 'K's are the others
    with_kd = Unseen.full().without("Kd K K K")
    assert with_kd.count(Kind.FIGURE) == 8 and with_kd.count(Kind.KING_OF_DIAMONDS) == 0


def test_unseen_str() -> None:
    assert str(Unseen.from_counts({Kind.SEVEN: 2, Kind.KING_OF_DIAMONDS: 1})) == (
        "Unseen(3 cards: 2×7, 1×K♦)")
