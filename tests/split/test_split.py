"""The position after splitting two figures (settemezzo.split).

Reference values come from elsewhere than split.py:

- a deck small enough to work out on paper (the derivation is in the test);
- a brute force written here: every ordered deal, every player and banker choice, plain
  recursion over the explicit game tree (no memo, no multisets), its own hand scoring;
- a seeded Monte Carlo of the split hands played card by card, for fixed policies.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from fractions import Fraction
from functools import cache

import pytest

from settemezzo.cards import Kind, Unseen
from settemezzo.game import UnsupportedRulesError
from settemezzo.rules import ITALIAN, SPANISH, Rules, RulesError
from settemezzo.split import (
    MERGED_HANDS,
    SplitInputError,
    SplitTooLargeError,
    split_decision,
    split_value,
)

F = Kind.FIGURE


def deck_of(**counts: int) -> Unseen:
    """A composition by names: deck_of(F=3, SEVEN=2)."""
    names = {"F": Kind.FIGURE, "KD": Kind.KING_OF_DIAMONDS}
    return Unseen.from_counts({names[k] if k in names else Kind[k]: n for k, n in counts.items()})


def italian(*variants: str) -> Rules:
    return ITALIAN.with_variants(*variants)


# =============================================================================================
# An independent brute force
# =============================================================================================

# A card is (label, half-points): "F" figure, "W" the wild K♦, "1".."7" pips.
Card = tuple[str, int]
WILD_VALUES = (1, 2, 4, 6, 8, 10, 12, 14)


def cards_of(deck: Unseen, rules: Rules) -> list[Card]:
    out: list[Card] = []
    for kind, n in deck:
        if kind is Kind.KING_OF_DIAMONDS:
            out += [("W", 1) if rules.wild_king else ("F", 1)] * n
        elif kind is Kind.FIGURE:
            out += [("F", 1)] * n
        else:
            out += [(str(int(kind)), 2 * int(kind))] * n
    return out


def bf_total(hand: Sequence[Card]) -> int:
    face = sum(v for _, v in hand)
    if any(lab == "W" for lab, _ in hand) and face <= 15:
        rest = face - 1
        return max(rest + v for v in WILD_VALUES if rest + v <= 15)
    return face


def bf_pair(hand: Sequence[Card], rules: Rules) -> bool:
    return rules.pair_of_sevens and len(hand) == 2 and all(lab == "7" for lab, _ in hand)


def bf_score(hand: Sequence[Card], rules: Rules) -> int:
    if bf_pair(hand, rules):
        return 17
    t = bf_total(hand)
    if t > 15:
        return 0
    labels = {lab for lab, _ in hand}
    if rules.royal and len(hand) == 2 and t == 15 and labels & {"7", "W"}:
        return 16
    return t


def bf_finished(hand: Sequence[Card], rules: Rules) -> bool:
    return bf_total(hand) >= 15 or bf_pair(hand, rules)


def bf_settle(p: int, b: int, rules: Rules) -> Fraction:
    """docs/rules.md: bust -1; banker bust pays (royal 2, pair 3); higher wins; ties to the
    banker, or push under ties_push except royal and pair; 7½ pays seven_half_pays."""
    if p == 0:
        return Fraction(-1)
    if b == 0:
        return Fraction({16: 2, 17: 3}.get(p, 1))
    if p > b:
        return Fraction({17: 3, 16: 2, 15: rules.seven_half_pays}.get(p, 1))
    if p == b and rules.ties_push and p < 16:
        return Fraction(0)
    return Fraction(-1)


def draws(deck: tuple[Card, ...]) -> list[tuple[Fraction, Card, tuple[Card, ...]]]:
    """Each card that can come next, with its chance and the deck left (ordered dealing)."""
    labels = sorted(set(deck))
    out = []
    for c in labels:
        i = deck.index(c)
        out.append((Fraction(deck.count(c), len(deck)), c, deck[:i] + deck[i + 1:]))
    return out


class Brute:
    """The split position as an explicit game tree. ``player_k``/``banker_k``: None for the
    best play, else hit below that many half-points (a fixed banker never burns)."""

    def __init__(self, rules: Rules, n_max: int, player_k: int | None = None,
                 resplit: bool = False, banker_k: int | None = None) -> None:
        self.r = rules
        self.n_max = n_max
        self.pk = player_k
        self.resplit = resplit
        self.bk = banker_k

    def player(self, deck: tuple[Card, ...], hands: tuple[tuple[Card, ...], ...],
               cur: int) -> Fraction:
        hand = hands[cur]
        stand = self.next_hand(deck, hands, cur)
        opts = {"stand": stand}
        if deck:
            v = Fraction(0)
            for p, c, rest in draws(deck):
                h2 = (*hands[:cur], (*hand, c), *hands[cur + 1:])
                v += p * (self.next_hand(rest, h2, cur) if bf_finished(h2[cur], self.r)
                          else self.player(rest, h2, cur))
            opts["hit"] = v
        if (cur == 0 and len(hand) == 2 and all(lab == "F" for lab, _ in hand)
                and len(hands) < self.n_max):
            opts["split"] = self.player(deck, ((hand[0],), *hands[1:], (hand[1],)), 0)
        if self.pk is None:
            return max(opts.values())
        if "split" in opts and self.resplit:
            return opts["split"]
        return opts["hit"] if "hit" in opts and bf_total(hand) < self.pk else stand

    def next_hand(self, deck: tuple[Card, ...], hands: tuple[tuple[Card, ...], ...],
                  cur: int) -> Fraction:
        if cur + 1 < len(hands):
            return self.player(deck, hands, cur + 1)
        scores = [bf_score(h, self.r) for h in hands]
        live = [s for s in scores if s]
        lost = -sum(1 for s in scores if not s)
        if not live:
            return Fraction(lost)
        return lost + self.banker(deck, (), False, live)

    def banker(self, deck: tuple[Card, ...], hand: tuple[Card, ...], burnt: bool,
               live: list[int]) -> Fraction:
        def pay(b: int) -> Fraction:
            return sum((bf_settle(s, b, self.r) for s in live), Fraction(0))

        # no card left: a hand stands as it is, an empty one counts as bust
        stand = pay(bf_score(hand, self.r) if hand else 0)
        if deck:
            hit = Fraction(0)
            for p, c, rest in draws(deck):
                h2 = (*hand, c)
                hit += p * (pay(bf_score(h2, self.r)) if bf_finished(h2, self.r)
                            else self.banker(rest, h2, burnt, live))
            if not hand:
                return hit
            if self.bk is not None:
                return hit if bf_total(hand) < self.bk else stand
            stand = min(stand, hit)
        if self.bk is None and len(hand) == 1 and not burnt:
            lab = hand[0][0]
            if lab.isdigit() and int(lab) in self.r.burn:
                stand = min(stand, self.banker(deck, (), True, live))
        return stand

    def value(self, deck: Unseen, hands_open: int = 2) -> Fraction:
        cards = tuple(cards_of(deck, self.r))
        return self.player(cards, tuple((("F", 1),) for _ in range(hands_open)), 0)


# =============================================================================================
# Worked by hand
# =============================================================================================


def test_tiny_deck_worked_by_hand() -> None:
    # After the split the deck holds two 6s and four 7s. Every hand starts on ½: standing
    # there loses to any banker; a 7 makes 7½ (+1); a 6 makes 6½, and from there any card
    # busts. The banker's first card is a 6 or a 7, any second card busts it (paying every
    # live hand), so it stands on its first card: 6½ wins against a 6 and loses to a 7.
    # (a, b) below = (6s, 7s) left; f = a / (a + b), the chance of the banker's 6.
    #
    # Hand 1 stands on ½ (-1), deck (2, 4): hand 2 hits: 7 (4/6) +1, 6 (2/6) -> 6½ with
    #   deck (1, 4), where standing is worth 2f - 1 = -3/5 (busting: -1).
    #   Hand 2: 4/6 - 2/6 * 3/5 = 7/15. Total -1 + 7/15 = -8/15.
    # Hand 1 hits:
    #   7 (4/6): +1, deck (2, 3); hand 2 hits: 7 (3/5) +1, 6 (2/5) -> 6½, f = 1/4: -1/2;
    #     hand 2 = 3/5 - 1/5 = 2/5. Total 7/5.
    #   6 (2/6): 6½, deck (1, 4).
    #     Stand: hand 2 on ½ standing: -1 + (2/5 - 1) = -8/5. Hand 2 hits: a 7 (4/5): +1,
    #       deck (1, 3), hand 1 worth 2/4 - 1: total 1/2; a 6 (1/5): 6½ against a sure 7
    #       (deck (0, 4)), -1 standing or busting, hand 1 -1: -2. Hit: 4/5 * 1/2 - 2/5 = 0.
    #     Hit: bust (-1). A 6 (1/5) leaves (0, 4): hand 2 hits to 7½, total 0. A 7 (4/5)
    #       leaves (1, 3): hand 2 hits, 3/4 - 1/4 = 1/2, total -1/2. Hit: -2/5 < 0: stand.
    #   Hand 1 hit: 4/6 * 7/5 + 2/6 * 0 = 14/15 > -8/15.
    rules = italian("split_figures=2")
    deck = deck_of(F=2, SIX=2, SEVEN=4)
    r = split_value(rules, deck, exact=True)
    assert r.exact == Fraction(14, 15)
    assert r.expected_hands == 2
    d = split_decision(rules, [[F, Kind.SIX], [F]], deck=deck, exact=True)
    assert d.action == "stand"
    assert d.exact == {"stand": Fraction(0), "hit": Fraction(-2, 5)}
    # the brute force agrees
    assert Brute(rules, 2).value(deck.remove(F, 2)) == Fraction(14, 15)


# =============================================================================================
# Brute force, exact
# =============================================================================================

SMALL = [
    (("split_figures=2",), dict(F=2, ACE=1, SIX=2, SEVEN=3)),
    (("split_figures=3",), dict(F=3, ACE=1, SIX=1, SEVEN=3)),
    (("split_figures=4", "royal"), dict(F=4, SIX=1, SEVEN=3, TWO=1)),
    (("split_figures=3", "ties_push", "seven_half_pays=2"), dict(F=3, ACE=1, SIX=1, SEVEN=3)),
    (("split_figures=2", "burn=3,4"), dict(F=2, THREE=1, FOUR=1, SIX=1, SEVEN=3)),
    (("split_figures=3", "wild_king", "royal"), dict(F=3, KD=1, SIX=1, SEVEN=3)),
    (("split_figures=2", "pair_of_sevens"), dict(F=2, ACE=1, SIX=1, SEVEN=4)),
]


@pytest.mark.parametrize(("variants", "counts"), SMALL)
def test_brute_force_game_value(variants: tuple[str, ...], counts: dict[str, int]) -> None:
    rules = italian(*variants)
    deck = deck_of(**counts)
    r = split_value(rules, deck, exact=True)
    assert r.exact == Brute(rules, rules.split_figures).value(deck.remove(F, 2))
    # the float engine is the same model
    assert split_value(rules, deck, method="float").value == pytest.approx(r.value, abs=1e-12)


@pytest.mark.parametrize(("player", "banker"), [
    ("threshold:5", "best"), ("threshold:5+split", "best"), ("best", "threshold:5"),
    ("threshold:6+split", "threshold:4"), ("threshold:1", "threshold:7"),
])
def test_brute_force_fixed_policies(player: str, banker: str) -> None:
    rules = italian("split_figures=3", "royal")
    deck = deck_of(F=3, ACE=1, SIX=1, SEVEN=3)
    pk = None if player == "best" else int(2 * float(player.split(":")[1].split("+")[0]))
    bk = None if banker == "best" else 2 * int(banker.split(":")[1])
    want = Brute(rules, 3, pk, player.endswith("+split"), bk).value(deck.remove(F, 2))
    r = split_value(rules, deck, player=player, banker=banker, exact=True)
    assert r.exact == want
    assert split_value(rules, deck, player=player, banker=banker,
                       method="float").value == pytest.approx(float(want), abs=1e-12)


def test_expected_hands_by_hand() -> None:
    # Deck after the split: one figure, two 6s, four 7s. Always splitting again, hand 1 (on
    # ½) hits (threshold:7); it opens a third hand when the figure comes first: chance 1/7.
    rules = italian("split_figures=3")
    deck = deck_of(F=3, SIX=2, SEVEN=4)
    r = split_value(rules, deck, player="threshold:7+split", banker="threshold:5", exact=True)
    assert r.exact_hands == Fraction(15, 7)
    never = split_value(rules, deck, player="threshold:7", banker="threshold:5", exact=True)
    assert never.exact_hands == 2


def test_decision_values_match_the_brute_force() -> None:
    # hand 1 stood on 6½; hand 2, on ½, decides
    rules = italian("split_figures=3")
    deck = deck_of(F=3, ACE=2, SIX=2, SEVEN=3)
    d = split_decision(rules, [[F, Kind.SIX], [F]], current=1, deck=deck, exact=True)
    brute = Brute(rules, 3)
    cards = tuple(cards_of(deck.remove(F, 2).remove(Kind.SIX), rules))
    hands = ((("F", 1), ("6", 12)), (("F", 1),))
    assert d.exact is not None
    assert d.exact["stand"] == brute.next_hand(cards, hands, 1)
    assert max(d.exact.values()) == brute.player(cards, hands, 1)
    assert d.action == "hit" and d.exact["hit"] > d.exact["stand"]


def test_hands_open_is_a_later_split() -> None:
    # splitting again into three hands = the position [F] [F] [F] with one more figure gone
    rules = italian("split_figures=4")
    deck = deck_of(F=4, ACE=1, SIX=2, SEVEN=3)
    r3 = split_value(rules, deck.remove(F), hands_open=3, exact=True)
    d = split_decision(rules, [[F], [F], [F]], deck=deck, exact=True)
    assert d.exact is not None and max(d.exact.values()) == r3.exact
    assert r3.exact == Brute(rules, 4).value(deck.remove(F, 3), hands_open=3)


# =============================================================================================
# More options never hurt; splitting against keeping the figures together
# =============================================================================================


def test_more_hands_never_lower_the_value() -> None:
    deck = deck_of(F=5, ACE=2, TWO=1, SIX=2, SEVEN=4)
    values = [split_value(italian(f"split_figures={n}"), deck, method="float").value
              for n in (2, 3, 4, 12)]
    assert values == sorted(values)
    assert values[1] > values[0]   # re-splitting is worth something here
    # the values with splitting capped at fewer hands come out of the same run
    r = split_value(italian("split_figures=4"), deck, method="float")
    assert list(r.capped) == [2, 3, 4]
    assert list(r.capped.values()) == pytest.approx(values[:3], abs=1e-12)


def test_best_play_beats_every_fixed_rule() -> None:
    rules = italian("split_figures=4", "royal")
    deck = deck_of(F=5, ACE=2, TWO=1, SIX=2, SEVEN=4)
    best = split_value(rules, deck, method="float").value
    for k in (3, 4, 5, 6, 7):
        for rule in (f"threshold:{k}", f"threshold:{k}+split"):
            assert split_value(rules, deck, player=rule, method="float").value <= best + 1e-12
    # and the banker's best reply does at least as well as any threshold banker
    for k in (4, 5, 6, 7):
        assert split_value(rules, deck, banker=f"threshold:{k}",
                           method="float").value >= best - 1e-12


def test_split_against_keeping_the_figures() -> None:
    # Before the first split, within the perfect-information model: the best of stand, hit
    # and split is at least the value of keeping the two figures as one hand, and split's
    # value is split_value's. (Standing on two figures loses to any banker hand here.)
    rules = italian("split_figures=3")
    deck = deck_of(F=4, ACE=2, SIX=2, SEVEN=4)
    d = split_decision(rules, [[F, F]], deck=deck, exact=True)
    assert d.exact is not None
    assert d.exact["split"] == split_value(rules, deck, exact=True).exact
    assert d.exact["stand"] == -1
    assert max(d.exact.values()) >= max(d.exact["stand"], d.exact["hit"])
    assert d.action == max(d.exact, key=lambda a: d.exact[a])  # type: ignore[index]


# =============================================================================================
# Monte Carlo for fixed policies
# =============================================================================================


def simulate(rules: Rules, deck: Unseen, n_max: int, player_k: int, resplit: bool,
             banker_k: int, games: int, seed: int) -> tuple[float, float]:
    """Deal the split hands card by card from a shuffled deck; mean and standard error."""
    rng = random.Random(seed)
    base = cards_of(deck.remove(F, 2), rules)
    total = total2 = 0.0
    for _ in range(games):
        cards = base[:]
        rng.shuffle(cards)
        hands: list[list[Card]] = [[("F", 1)], [("F", 1)]]
        cur = 0
        while cur < len(hands):
            h = hands[cur]
            if (cur == 0 and resplit and len(h) == 2 and h[1][0] == "F"
                    and len(hands) < n_max):
                hands.append([h.pop()])
                continue
            if bf_finished(h, rules) or bf_total(h) >= player_k or not cards:
                cur += 1
                continue
            h.append(cards.pop())
        scores = [bf_score(h, rules) for h in hands]
        live = [s for s in scores if s]
        gain = -float(len(scores) - len(live))
        if live:
            b: list[Card] = []
            while cards and (not b or (not bf_finished(b, rules) and bf_total(b) < banker_k)):
                b.append(cards.pop())
            bs = bf_score(b, rules) if b else 0
            gain += float(sum(bf_settle(s, bs, rules) for s in live))
        total += gain
        total2 += gain * gain
    mean = total / games
    return mean, math.sqrt((total2 / games - mean * mean) / games)


@pytest.mark.parametrize(("variants", "deck", "player", "banker"), [
    (("split_figures=2",), None, "threshold:5", "threshold:5"),
    (("split_figures=4", "royal", "ties_push"), deck_of(F=5, ACE=2, TWO=1, THREE=1, FOUR=1,
                                                       FIVE=1, SIX=2, SEVEN=2),
     "threshold:4.5+split", "threshold:6"),
])
def test_fixed_policies_against_monte_carlo(variants: tuple[str, ...], deck: Unseen | None,
                                            player: str, banker: str) -> None:
    rules = italian(*variants)
    r = split_value(rules, deck, player=player, banker=banker, method="float")
    pk = int(2 * float(player.split(":")[1].split("+")[0]))
    bk = 2 * int(banker.split(":")[1])
    mean, se = simulate(rules, deck if deck is not None else Unseen.full(),
                        rules.split_figures, pk, player.endswith("+split"), bk, 30_000, 7)
    assert abs(mean - r.value) < 4 * se


# =============================================================================================
# The whole deck
# =============================================================================================


def test_whole_deck_two_hands() -> None:
    # Two hands on the whole deck are exact in float64; the merged method leaves two hands
    # exact, so it must agree to rounding.
    rules = italian("split_figures=2")
    r = split_value(rules)
    assert r.method == "float" and r.expected_hands == 2 and r.max_hands == 2
    assert -1 < r.value < 0
    assert split_value(rules, method="merged").value == pytest.approx(r.value, abs=1e-12)


def test_whole_deck_resplitting_is_merged() -> None:
    rules = SPANISH.with_variants("swap_hidden=off")
    with pytest.raises(SplitTooLargeError, match="merged"):
        split_value(rules, method="float")
    r = split_value(rules)
    assert r.method == "merged" and r.max_hands == MERGED_HANDS
    assert 2 < r.expected_hands < 3
    two = split_value(rules.with_variants("split_figures=2"))
    assert r.value > two.value


def test_merged_decisions_match_merged_values() -> None:
    # hand 1 drew a second figure after the first split: splitting again is the position
    # with three hands open (merged groups never mix chains with different hands left)
    rules = italian("split_figures=12")
    deck = deck_of(F=5, KD=1, ACE=2, TWO=2, THREE=2, FOUR=2, FIVE=2, SIX=2, SEVEN=2)
    d = split_decision(rules, [[F, F], [F]], deck=deck, method="merged")
    r = split_value(rules, deck.remove(F), hands_open=3, method="merged")
    assert d.values["split"] == pytest.approx(r.value, abs=1e-12)


@cache
def small_deck_exact() -> float:
    """The exact model's split value on a 2-suit deck, up to 3 hands (2.5 s; asked by the
    two tests below)."""
    rules = italian("split_figures=3")
    deck = deck_of(F=5, KD=1, ACE=2, TWO=2, THREE=2, FOUR=2, FIVE=2, SIX=2, SEVEN=2)
    return split_value(rules, deck, method="float").value


def test_streamed_levels_are_exact() -> None:
    # a level too large for one batch is done in chunks (forced here with tiny batches): the
    # values must not change, exact (hand 3 after a streamed hand 2) or merged from hand 3
    from settemezzo.split.induction import LevelInduction
    from settemezzo.split.model import Model, banker_policy, player_policy, rest_after

    rules = italian("split_figures=3")
    deck = deck_of(F=5, KD=1, ACE=2, TWO=2, THREE=2, FOUR=2, FIVE=2, SIX=2, SEVEN=2)
    model = Model(rules)
    rest = rest_after(model, deck, (F, F))
    for exact_levels in (1 << 30, 2):
        values = []
        for max_pairs in (10 ** 9, 20_000):
            fast = LevelInduction(model, 3, player_policy("best"), banker_policy("best"), rest,
                                  max_pairs=max_pairs, stream=True)
            V, _, _, _ = fast.run(rest, (), 1, 2, True, exact_levels)
            values.append(float(V[0, 0]))
        assert values[1] == pytest.approx(values[0], abs=1e-13)
    # three exact hands out of three is the exact model
    exact = small_deck_exact()
    assert split_value(rules, deck, method="merged", exact_hands=3).value == pytest.approx(
        exact, abs=1e-13)


def test_merged_is_close_on_a_small_deck() -> None:
    # Where the exact model can be computed, the merged approximation is within a few
    # thousandths of a stake (2-suit deck, up to 3 hands).
    rules = italian("split_figures=3")
    deck = deck_of(F=5, KD=1, ACE=2, TWO=2, THREE=2, FOUR=2, FIVE=2, SIX=2, SEVEN=2)
    exact = small_deck_exact()
    merged = split_value(rules, deck, method="merged")
    assert merged.method == "merged"
    assert abs(merged.value - exact) < 5e-3


# =============================================================================================
# Bad input
# =============================================================================================


def test_bad_input() -> None:
    with pytest.raises(UnsupportedRulesError, match="swap_hidden"):
        split_value(SPANISH)
    with pytest.raises(RulesError, match="split_figures is 1"):
        split_value(ITALIAN)
    rules = italian("split_figures=2")
    with pytest.raises(SplitInputError, match=r"plain figure.*7"):
        split_value(rules, first=Kind.SEVEN)
    with pytest.raises(SplitInputError, match="K♦ is wild"):
        split_value(italian("split_figures=2", "wild_king"), second=Kind.KING_OF_DIAMONDS)
    with pytest.raises(SplitInputError, match="can run out"):
        split_value(rules, deck_of(F=2, SIX=1, SEVEN=3))
    with pytest.raises(SplitInputError, match="could run out"):   # too large to search
        split_value(italian("split_figures=2", "burn=3,4"),
                    deck_of(F=11, KD=1, ACE=4, TWO=4, THREE=1, FOUR=1, FIVE=1, SIX=1))
    with pytest.raises(SplitInputError, match="no ½ left to deal"):
        split_value(rules, deck_of(F=1, SIX=2, SEVEN=4))
    with pytest.raises(SplitInputError, match="hands_open"):
        split_value(rules, hands_open=3)
    with pytest.raises(SplitInputError, match="unknown player policy"):
        split_value(rules, player="always")
    with pytest.raises(SplitInputError, match="unknown banker policy"):
        split_value(rules, banker="omniscient")
    with pytest.raises(SplitInputError, match="method"):
        split_value(rules, method="fast")
    with pytest.raises(SplitInputError, match="max_hands"):
        split_value(rules, max_hands=3)
    with pytest.raises(SplitInputError, match="exact_hands"):
        split_value(rules, method="merged", exact_hands=0)
    with pytest.raises(SplitInputError, match="threshold"):
        split_value(rules, player="threshold:9")
    # positions
    with pytest.raises(SplitInputError, match="two plain figures"):
        split_decision(rules, [[F, Kind.SIX]])
    with pytest.raises(SplitInputError, match="figure alone"):
        split_decision(rules, [[F], [F, Kind.ACE]])
    with pytest.raises(SplitInputError, match="finished"):
        split_decision(rules, [[F, Kind.SEVEN], [F]], current=0)
    with pytest.raises(SplitInputError, match=r"2 to split_figures=2 hands"):
        split_decision(rules, [[F], [F], [F]])
    # the K♦ without wild_king is a plain figure
    plain = split_value(rules, first=Kind.KING_OF_DIAMONDS)
    assert plain.value == pytest.approx(split_value(rules).value, abs=1e-12)
