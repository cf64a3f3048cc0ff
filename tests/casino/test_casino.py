"""The casino games (settemezzo.casino): the engine against plain enumeration written apart
(tests/reference/bruteforce_casino.py), floats against Fractions, the best total-dependent
card against every card, Monte Carlo of the exact strategy, and the knobs' errors."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

from settemezzo.cards import Kind
from settemezzo.casino import Solver, best_card, card_value, edge_summary, thumb_card
from settemezzo.casino.hand import Hand, total
from settemezzo.errors import RulesError
from settemezzo.hands import total as home_total
from settemezzo.rules import CASINO_PRESETS, CONRAD, ITALIAN, PLAYTECH, SANREMO, from_spec
from tests.reference import bruteforce_casino as bf

# (a shoe as labels, the same as counts per Kind, rules, the brute force's rules)
SMALL = ["F", "F", "F", 1, 2, 3, 5, 7]
SMALL_COUNTS = (3, 1, 1, 1, 0, 1, 0, 1, 0)
WILD = ["F", "F", "K", 1, 2, 4, 6, 7]
WILD_COUNTS = (2, 1, 1, 0, 1, 0, 1, 1, 1)
CASES = [
    ("conrad", SMALL, SMALL_COUNTS, CONRAD, bf.Casino()),
    ("sanremo", WILD, WILD_COUNTS, SANREMO, bf.Casino(forced="reach")),
    ("playtech", WILD, WILD_COUNTS, PLAYTECH,
     bf.Casino(forced="beat", tie_dealer=5, wild_up_seven=True, royal=True, royal_wild=True,
               royal_pay=Fraction(3, 2))),
    ("house_rule", SMALL, SMALL_COUNTS, CONRAD.with_variants("house_draw=4", "house_stand_up=3",
                                                             "ties_push=off"),
     bf.Casino(draw=4, stand_up=3, push=False)),
]


@pytest.mark.parametrize(("name", "shoe", "counts", "rules", "g"), CASES,
                         ids=[c[0] for c in CASES])
def test_the_optimum_is_the_brute_force_on_small_shoes(name, shoe, counts, rules, g) -> None:
    solver = Solver(rules, counts=counts, exact=True)
    assert solver.player_value() == bf.optimal_value(shoe, g)
    floats = Solver(rules, counts=counts, exact=False).player_value()
    assert floats == pytest.approx(float(solver.player_value()), abs=1e-12)


@pytest.mark.parametrize(("name", "shoe", "counts", "rules", "g"), CASES[:2],
                         ids=[c[0] for c in CASES[:2]])
def test_the_dealers_best_play_is_the_brute_force(name, shoe, counts, rules, g) -> None:
    solver = Solver(rules, counts=counts, exact=True, dealer="best")
    assert solver.player_value() == bf.optimal_value(shoe, g, best_dealer=True)


TINY = ["F", "F", 1, 3, 5, 6]
TINY_COUNTS = (2, 1, 0, 1, 0, 1, 1, 0, 0)
TINY_WILD = ["F", "K", 1, 2, 4, 6]
TINY_WILD_COUNTS = (1, 1, 1, 0, 1, 0, 1, 0, 1)
CARD_CASES = [
    ("conrad", TINY, TINY_COUNTS, CONRAD, bf.Casino()),
    ("playtech", TINY_WILD, TINY_WILD_COUNTS, PLAYTECH, CASES[2][4]),
]


@pytest.mark.parametrize(("name", "shoe", "counts", "rules", "g"), CARD_CASES,
                         ids=[c[0] for c in CARD_CASES])
def test_the_best_card_beats_every_card_and_its_value_is_the_brute_force(
        name, shoe, counts, rules, g) -> None:
    solver = Solver(rules, counts=counts, exact=True)
    card = best_card(solver)
    value = card_value(solver, card)
    labels = {int(k): ("F" if k is Kind.FIGURE else "K" if k is Kind.KING_OF_DIAMONDS else int(k))
              for k in Kind}
    hits = {(labels[int(up)], x): True for up, x in card.hits}
    assert value == bf.strategy_value(shoe, g, hits)
    assert value <= solver.player_value()
    floats = Solver(rules, counts=counts, exact=False)
    for tree in floats.trees:  # every card against this up card: the best one is found
        free = sorted({x for i, x in enumerate(tree.totals())
                       if tree.children[i] and not tree.forced[i]})
        mine = {x for up, x in card.hits if up is tree.up}

        totals = tree.totals()

        def value_of(on: set[int], tree=tree, totals=totals):
            return tree.value(lambda node: totals[node] in on)

        best = max(value_of({x for x, b in zip(free, bits, strict=True) if b})
                   for bits in itertools.product((0, 1), repeat=len(free)))
        assert value_of(mine) == pytest.approx(best, abs=1e-12)


DECK = ["F"] * 12 + [v for v in range(1, 8) for _ in range(4)]
UPS = ["F", 1, 2, 3, 4, 5, 6, 7]


def test_the_single_deck_fraction_is_the_sum_over_the_up_cards() -> None:
    solver = Solver(CONRAD.with_variants("decks=1"))
    edge = solver.house_edge()
    assert isinstance(edge, Fraction) and len(DECK) == 40
    assert [int(t.up) for t in solver.trees] == [int(_kind(u)) for u in UPS]
    assert edge == -sum(t.value() for t in solver.trees)


@pytest.mark.parametrize("up", UPS, ids=str)
def test_each_up_cards_share_is_the_whole_deck_enumeration(up: object) -> None:
    # the whole 40-card deck, one dealer up card at a time (each enumeration its own
    # memo: about 7 s for the eight, where one enumeration of every deal keeps them all)
    tree = next(t for t in Solver(CONRAD.with_variants("decks=1")).trees
                if t.up is _kind(up))
    assert bf.full_deck_value(DECK, bf.Casino(), ups=[up]) == tree.value()


def _kind(label: object) -> Kind:
    named = {"F": Kind.FIGURE, "K": Kind.KING_OF_DIAMONDS}
    return named[label] if label in named else Kind(label)  # type: ignore[call-overload]


def _play(solver: Solver, by_up: dict, rng: random.Random, full: list[object]) -> Fraction:
    """One hand of the casino deal, dealt from a shuffled shoe: the player on the engine's
    optimal decisions, scored by the brute force's rules."""
    shoe = full[:]
    rng.shuffle(shoe)
    first, up = shoe.pop(), shoe.pop()
    tree, hits = by_up[_kind(up)]
    counts = list(solver.full)
    cards = [first]
    for c in (first, up):
        counts[_kind(c)] -= 1
    while bf.hand_total(cards) < 15 and hits[tree.index[tuple(counts)]]:
        c = shoe.pop()
        cards.append(c)
        counts[_kind(c)] -= 1
    p = bf.hand_score(cards, bf.Casino())
    if p == 0:
        return Fraction(-1)
    dealer = [up]
    while bf.hand_total(dealer) < 10:
        dealer.append(shoe.pop())
    return bf.pay(p, bf.hand_score(dealer, bf.Casino()), bf.Casino())


def test_monte_carlo_of_the_exact_strategy_within_4_standard_errors() -> None:
    rules = CONRAD.with_variants("decks=2")
    solver = Solver(rules)
    full = ([*["F"] * 12, *[v for v in range(1, 8) for _ in range(4)]]) * 2
    rng = random.Random(28)
    by_up = {t.up: (t, t.best_hits()) for t in solver.trees}
    gains = [float(_play(solver, by_up, rng, full)) for _ in range(30_000)]
    mean = sum(gains) / len(gains)
    sd = (sum((g - mean) ** 2 for g in gains) / (len(gains) - 1)) ** 0.5
    assert abs(mean - float(solver.player_value())) < 4 * sd / len(gains) ** 0.5


def test_the_wild_total_is_the_home_games() -> None:
    wild = ITALIAN.with_variants("wild_king")
    kinds = list(Kind)
    for n in (2, 3):
        for hand in itertools.combinations_with_replacement(kinds, n):
            if Kind.KING_OF_DIAMONDS in hand:
                h = Hand()
                for k in hand:
                    h = h.add(k)
                assert total(h) == home_total(list(hand), wild), hand


def test_the_edge_summary_speaks_exactly_for_a_deck_and_in_floats_for_a_shoe() -> None:
    one = edge_summary(SANREMO)
    assert one["exact"] and isinstance(one["optimal"], Fraction)
    assert one["cost"] == one["total_dependent"] - one["optimal"] >= 0
    assert one["stand_on_5"] > one["optimal"]
    eight = edge_summary(CONRAD)
    assert not eight["exact"] and isinstance(eight["optimal"], float)
    solver = Solver(CONRAD)
    assert eight["copy_dealer"] == -card_value(solver, thumb_card(solver))


@pytest.mark.parametrize("name", list(CASINO_PRESETS))
def test_the_casino_presets_specs_round_trip(name: str) -> None:
    r = CASINO_PRESETS[name]
    assert r.spec() == name and from_spec(name) is r
    for n in range(1, 9):
        assert from_spec(f"{name}+decks={n}").decks == n
        assert from_spec(from_spec(f"{name}+decks={n}").spec()) == r.with_variants(f"decks={n}")


@pytest.mark.parametrize(("spec", "words"), [
    ("italian+decks=3", ["decks=3", "open_deal"]),
    ("conrad+decks=9", ["decks", "1 to 8", "9"]),
    ("conrad+burn=4", ["burn=4", "open_deal"]),
    ("conrad+swap_hidden", ["swap_hidden=on"]),
    ("conrad+tie_to_dealer=5+ties_push=off", ["tie_to_dealer=5", "ties_push"]),
    ("conrad+royal_wild", ["royal_wild", "wild_king"]),
    ("conrad+forced_draw=maybe", ["forced_draw", "'maybe'"]),
    ("conrad+house_draw=8", ["house_draw", "8"]),
])
def test_meaningless_combinations_are_refused_by_name(spec: str, words: list[str]) -> None:
    with pytest.raises(RulesError) as info:
        from_spec(spec)
    for w in words:
        assert w in str(info.value)


def test_the_home_game_is_not_the_casino_engines() -> None:
    with pytest.raises(RulesError, match="home game"):
        Solver(ITALIAN)


@pytest.mark.parametrize(("spec", "decks"), [("sanremo", 1), ("conrad", 3)])
def test_the_edge_command_prints_the_summary(spec: str, decks: int, capsys) -> None:
    import json

    from settemezzo.cli import main

    assert main(["edge", "--rules", spec, "--variant", f"decks={decks}", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    rules = from_spec(spec).with_variants(f"decks={decks}")
    assert out["rules_spec"] == rules.spec() and out["decks"] == decks
    edge = Solver(rules).house_edge()
    if decks == 1:
        assert Fraction(out["optimal"]["fraction"]) == edge
    assert out["optimal"]["float"] == pytest.approx(float(edge), abs=1e-15)
    assert out["total_dependent"]["float"] >= out["optimal"]["float"]
