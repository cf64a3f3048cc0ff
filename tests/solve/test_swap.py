"""The ``swap_hidden`` variant in the exact engine, against independent references.

The engine splits the game: after a swap every card of the player is face up and the new
face-down card is not dealt yet, so the rest of the hand is solved as a separate subgame
(`HeadsUpGame.swap_subgame`) whose value is plugged into the parent game. The references
here do not split anything:

- `tests.reference.bruteforce_swap` writes out the WHOLE hand with the swap move as one
  extensive-form game (the real deal order, the banker's face-down card dealt before the
  player's hits; the banker's information is the public history of ``up``/``swap`` moves and
  the cards they showed) and solves it as a sequence-form LP built from scratch, with a
  certificate from both sides' best replies; it also gives exact best replies to pure plans;
- `tests.reference.bruteforce` (no variant) checks that the swap-free version of that code
  is the plain Italian game;
- hand computations in comments;
- a seeded Monte Carlo written here that deals real hands (the banker's card dealt second)
  and looks the equilibrium banker's play up by public state.

Decks are written ``{kind: count}`` with kinds 'F' (figure) and 1..7; totals in half-points
where the references need them (``threshold:5`` is 10).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np
import pytest

from settemezzo.cards import Kind, Unseen
from settemezzo.game import SWAP, HeadsUpGame, heads_up
from settemezzo.hands import BUST
from settemezzo.rules import ITALIAN
from settemezzo.solve import (
    BankerStrategy,
    Equilibrium,
    PlayerStrategy,
    best_response,
    equilibrium,
    evaluate,
    subgame_key,
)
from tests.reference import bruteforce as bf
from tests.reference import bruteforce_swap as bs

SWAP_RULES = ITALIAN.with_variants("swap_hidden")

# Tiny decks that pass the engine's deck-size check (two hands can never need more cards than
# there are). Each one's brute-force game has 800-22,000 leaves and solves in < 0.3 s.
DECKS: dict[str, dict[object, int]] = {
    "A": {"F": 2, 4: 2, 5: 2, 7: 2},                          # 8 cards, 4 kinds
    "B": {1: 1, 3: 1, 4: 2, 6: 1, 7: 1},                       # 6 cards
    "G": {"F": 1, 1: 1, 2: 1, 4: 1, 5: 1, 6: 1, 7: 2},         # 8 cards, every kind
    "E": {"F": 2, 2: 2, 3: 2, 6: 2, 7: 2},                     # 10 cards
}


def unseen(deck: dict[object, int]) -> Unseen:
    return Unseen.from_counts({Kind(k): n for k, n in enumerate(bs.make_deck(deck))})


@dataclass(frozen=True)
class Brute:
    """The brute-force game of one deck with swaps (``game``, its certified value ``swap``)
    and without (``plain``, ``no_swap``)."""

    game: bs.SwapGame
    swap: bs.Certificate
    plain: bs.SwapGame
    no_swap: bs.Certificate


@pytest.fixture(scope="module")
def brute() -> dict[str, Brute]:
    out = {}
    for name, deck in DECKS.items():
        game, plain = bs.build(deck), bs.build(deck, allow_swap=False)
        out[name] = Brute(game, bs.solve(game), plain, bs.solve(plain))
    return out


# =============================================================================================
# 1. The equilibrium value against the undecomposed game
# =============================================================================================


@pytest.mark.parametrize("name", sorted(DECKS))
def test_equilibrium_matches_brute_force(
        brute: dict[str, Brute],
        name: str) -> None:
    """Reference: `bruteforce_swap.solve`, the sequence-form LP of the whole hand with the
    swap move (no subgames, real deal order), certified (in floats) by bounds that do not
    trust the LP: lower = its player plan against the banker's best reply, upper = its banker
    plan against the player's best reply, both by backward induction; gap < 1e-9."""
    ref = brute[name].swap
    assert ref.gap < 1e-9, (ref.lower, ref.upper)
    eq = equilibrium(SWAP_RULES, deck=unseen(DECKS[name]))
    assert eq.exploitability < 1e-9, eq
    assert abs(eq.value - ref.value) < 1e-9, (eq.value, ref.value)
    assert eq.lower - 1e-9 <= ref.value <= eq.upper + 1e-9
    # a unit stake: the banker's edge is minus the value (one stake per hand, swaps or not)
    assert eq.expected_stake == pytest.approx(1.0, abs=1e-12)
    assert eq.banker_edge == pytest.approx(-eq.value, abs=1e-12)


@pytest.mark.parametrize("name", sorted(DECKS))
def test_swapping_is_worth_something(
        brute: dict[str, Brute],
        name: str) -> None:
    """Reference: the same brute force with and without the swap move. The swap is an extra
    option of the player, so it can only help; on every deck here it helps by more than
    1e-3, so an engine that ignored swaps would fail `test_equilibrium_matches_brute_force`."""
    with_swap, without = brute[name].swap, brute[name].no_swap
    assert without.gap < 1e-9
    assert with_swap.value > without.value + 1e-3
    eq = equilibrium(SWAP_RULES, deck=unseen(DECKS[name]))
    assert abs(eq.value - without.value) > 1e-3


@pytest.mark.parametrize("name", ["A", "B", "E"])
def test_brute_force_without_swaps_is_the_italian_game(
        brute: dict[str, Brute],
        name: str) -> None:
    """The swap-free build of the new reference is the plain Italian game: same value as the
    engine's Italian equilibrium, and on deck B as the matrix game of `bruteforce`; the
    player's exact best replies to threshold bankers agree with `bruteforce`'s backward
    induction."""
    without = brute[name].no_swap
    eq = equilibrium(ITALIAN, deck=unseen(DECKS[name]))
    assert abs(eq.value - without.value) < 1e-9
    if name == "B":
        m = bf.solve_matrix_game(bf.build_matrix_game(DECKS["B"], dominance=True))
        assert abs(float(m.value) - without.value) < 1e-9
    plain = brute[name].plain
    for k in (8, 10, 12):
        assert plain.player_best_value(plain.threshold_plan(k)) == \
            bf.player_best_response(DECKS[name], k)


def test_italian_equilibrium_on_deck_g_is_certified(
        brute: dict[str, Brute]) -> None:
    """Found while cross-checking the swap-free reference (fixed since: the polished LP is
    checked for new banker replies like any other round): on deck G the plain Italian
    equilibrium came back with certificate [-0.122247023810, -0.121949404762] and value
    -0.122098214 (the midpoint); the brute-force value is -0.121949404762 (the engine's upper
    bound, which it also reaches when the final polish is skipped)."""
    without = brute["G"].no_swap
    eq = equilibrium(ITALIAN, deck=unseen(DECKS["G"]))
    assert eq.exploitability < 1e-9
    assert abs(eq.value - without.value) < 1e-9


def _engine_player(game: HeadsUpGame, p: PlayerStrategy
                   ) -> Callable[[Any], dict[str, Any]]:
    """The engine's player strategy at a brute-force information set ``(first card, moves)``:
    follow the moves through the engine's games (a swap enters the subgame of that swap
    decision, with the strategy's ``sub`` there) and read the chances of hitting and of
    swapping at the end."""
    def chances(key: Any) -> dict[str, Any]:
        g, strat, hidden = game, p, key[0]
        events: tuple[tuple[str, Kind], ...] = ()
        for move, card in key[1]:
            if move == "up":
                events = (*events, ("up", Kind(card)))
            else:
                i = g.key_index[("swap", 1, None, Kind(hidden), events)]
                g = g.swap_subgame(i)
                strat = strat.sub[subgame_key(g)]
                hidden, events = card, ()
        hit = strat.hit[g.key_index[("play", 1, None, Kind(hidden), events)]]
        swap = strat.hit[g.key_index[("swap", 1, None, Kind(hidden), events)]]
        return {"stand": 1 - hit, "up": hit * (1 - swap), "swap": hit * swap}
    return chances


def _engine_banker(game: HeadsUpGame, b: BankerStrategy
                   ) -> Callable[[Any], dict[str, Any]]:
    """The engine's banker strategy at a brute-force information set: the public history is
    followed through the engine's games (a shown ``swap`` of card c is the swap decision
    holding c face down), then the public state of the face-up cards since the last swap and
    the banker's hand by counts. Against a shown 7½ it hits below 7½ (its best play)."""
    def chances(key: Any) -> dict[str, Any]:
        cards = key[-1]
        if key[1] != "stood":
            return {"hit": 1, "stand": 0}
        g, strat = game, b
        events: tuple[tuple[str, Kind], ...] = ()
        for move, card in key[0]:
            if move == "up":
                events = (*events, ("up", Kind(card)))
            else:
                i = g.key_index[("swap", 1, None, Kind(card), events)]
                g = g.swap_subgame(i)
                strat = strat.sub[subgame_key(g)]
                events = ()
        counts = tuple(sum(1 for c in cards if Kind(c) == k) for k in g.kinds)
        node = next(nd.index for nd in g.banker_nodes if nd.counts == counts and nd.burnt < 0)
        hit = strat.hit[g.public_index[(1, None, events)]][node]
        return {"hit": hit, "stand": 1 - hit}
    return chances


@pytest.mark.parametrize("name", sorted(DECKS))
def test_engine_strategies_in_the_whole_game(
        brute: dict[str, Brute],
        name: str) -> None:
    """The certificate composes: the engine's equilibrium strategies (the parent game's and
    every subgame's, by ``sub``) are played in the brute-force game, where the banker also
    sees the order of the cards before a swap. Reference: the brute force's best replies to
    them (backward induction over its own information sets): the banker's best reply to the
    player's strategy is the engine's ``lower``, the player's best reply to the banker's is
    its ``upper``, and the pair's value is `evaluate`'s."""
    ref = brute[name].game
    deck = unseen(DECKS[name])
    game = heads_up(SWAP_RULES, deck)
    eq = equilibrium(SWAP_RULES, deck=deck)
    x = ref.behaviour_plan("player", _engine_player(game, eq.player))
    y = ref.behaviour_plan("banker", _engine_banker(game, eq.banker))
    assert abs(ref.banker_best_value(x) - eq.lower) < 1e-9
    assert abs(ref.player_best_value(y) - eq.upper) < 1e-9
    assert abs(ref.value(x, y) - evaluate(eq.player, eq.banker, SWAP_RULES, deck)) < 1e-9
    assert abs(best_response(eq.player, "banker", SWAP_RULES, deck).value - eq.lower) < 1e-9
    assert abs(best_response(eq.banker, "player", SWAP_RULES, deck).value - eq.upper) < 1e-9


# =============================================================================================
# 2. A swap worked by hand: the subgame after it, and what the banker learns
# =============================================================================================


def _first_swap(game: HeadsUpGame, hole: Kind) -> int:
    """The swap decision of the player's first hit holding ``hole`` face down."""
    return next(s.index for s in game.infosets
                if s.kind == "swap" and s.hole == hole and not s.up)


def test_swap_subgame_by_hand() -> None:
    """Deck A = {½:2, 4:2, 5:2, 7:2}, values derived by hand below.

    Hole 4, the player asks for a card and swaps: the 4 is turned up, the new card is dealt
    face down from the other 7 cards {½:2, 4:1, 5:2, 7:2} (the banker's face-down card is one
    of them too; it is dealt later in the subgame, equivalently). A 4, 5 or 7 (5/7) busts at
    once: root terminals of the subgame. Only a figure (2/7) leaves the player in, on 4½ —
    so when the player then stands the banker KNOWS the total is 4½, whereas after taking the
    card face up (figure shown, 4 hidden) the same stand shares its public state with hole ½
    and hole 5 (totals 1 and 5½, dealt with chances 2/8 * 1/7 and 2/8 * 2/7, the same as
    4½'s 2/8 * 2/7: the banker cannot tell 4½ from 5½ there).

    On 4½ (6 cards left {½, 4, 5, 5, 7, 7}):
      stand: the banker's card ½ (1/6) hits and ties or beats 4½ with any card (4, 5, 7);
             4 (1/6) must hit: only the ½ (1/5) gives 4½ (a tie, banker wins), else bust;
             5 or 7 (4/6) stands and wins. Banker wins 1/6 + 1/30 + 4/6 = 13/15:
             the player's value is 2/15 - 13/15 = -11/15.
      hit:   only the ½ (1/6) avoids a bust, giving 5 with {4, 5, 5, 7, 7} left, where any
             card busts, so stand: the banker holds 4 (1/5, can neither stand nor hit
             without losing) or 5/7 (4/5, tie or better): 1/5 - 4/5 = -3/5.
             So hit = 1/6 * (-3/5) - 5/6 = -14/15 < -11/15: stand.
    Subgame value: 2/7 * (-11/15) - 5/7 = -97/105. The banker loses nothing by not seeing the
    face-down card here (it can infer it), so the omniscient banker's value is the same.

    Hole 7, swap: the new card is a figure (2/7: 7½, shown) or busts (5/7); nothing is left to
    decide. Against the shown 7½ the banker (6 cards {½, 4, 4, 5, 5, 7}) must make exactly 7½:
    only 7 then ½ or ½ then 7 do (1/6 * 1/5 each; ½ 4 and ½ 5 bust on the next card), so
    1/15 in all, and the 7½ is worth 1 - 2 * 1/15 = 13/15. Subgame value
    2/7 * 13/15 - 5/7 = -7/15.
    """
    deck = DECKS["A"]
    game = heads_up(SWAP_RULES, unseen(deck))
    F, FOUR, FIVE, SEVEN = Kind.FIGURE, Kind.FOUR, Kind.FIVE, Kind.SEVEN

    i = _first_swap(game, FOUR)
    s = game.infosets[i]
    assert [(c.kind, c.prob, c.infoset, c.score) for c in s.children] == [
        (FOUR, Fraction(1), -1, SWAP)]
    # taking the card face up instead: ½ goes on, 4, 5, 7 bust
    up = {c.kind: (c.prob, c.infoset >= 0, c.score) for c in s.children0}
    assert up == {F: (Fraction(2, 7), True, -1), FOUR: (Fraction(1, 7), False, BUST),
                  FIVE: (Fraction(2, 7), False, BUST), SEVEN: (Fraction(2, 7), False, BUST)}
    # ... where the stand on [4] ½ shares its public state with [½] ½ and [5] ½
    public = game.public_index[(1, None, (("up", F),))]
    holes = sorted(int(t.hole) for t in game.infosets if t.kind == "play" and t.public == public)
    assert holes == [0, 4, 5]

    sub = game.swap_subgame(i)
    assert sub.start == (FOUR,)
    assert sub.deck == unseen({"F": 2, 4: 1, 5: 2, 7: 2})
    assert {(c.kind, c.prob, c.score) for c in sub.root_terminals} == {
        (FOUR, Fraction(1, 7), BUST), (FIVE, Fraction(2, 7), BUST),
        (SEVEN, Fraction(2, 7), BUST)}
    # after the swap, the banker's first public state holds one player situation: hole ½
    root_public = sub.public_index[(1, None, ())]
    assert [(t.hole, t.up, t.total) for t in sub.infosets
            if t.kind == "play" and t.public == root_public] == [(F, (), 9)]
    eq4 = equilibrium(sub)
    assert abs(eq4.value - (-97 / 105)) < 1e-9 and eq4.exploitability < 1e-9
    assert best_response("omniscient", "player", sub).value == Fraction(-97, 105)

    j = _first_swap(game, SEVEN)
    sub7 = game.swap_subgame(j)
    assert sub7.start == (SEVEN,)
    assert sub7.deck == unseen({"F": 2, 4: 2, 5: 2, 7: 1})
    assert sub7.infosets == []
    assert {(c.kind, c.prob, c.score) for c in sub7.root_terminals} == {
        (F, Fraction(2, 7), 15), (FOUR, Fraction(2, 7), BUST),
        (FIVE, Fraction(2, 7), BUST), (SEVEN, Fraction(1, 7), BUST)}
    assert abs(equilibrium(sub7).value - (-7 / 15)) < 1e-12
    assert best_response("omniscient", "player", sub7).value == Fraction(-7, 15)


def test_swap_subgame_after_face_up_cards() -> None:
    """Reference: the rule text. After [½] 4 (the 4 face up) a swap turns the ½ up: the
    subgame starts from both cards face up, whatever their order, with both out of the deck;
    [4] ½ followed by a swap is the same subgame (its key is the deck and the face-up cards)."""
    game = heads_up(SWAP_RULES, unseen(DECKS["A"]))
    F, FOUR = Kind.FIGURE, Kind.FOUR
    a = next(s.index for s in game.infosets if s.kind == "swap" and s.hole == F and s.up == (FOUR,))
    b = next(s.index for s in game.infosets if s.kind == "swap" and s.hole == FOUR and s.up == (F,))
    sa, sb = game.swap_subgame(a), game.swap_subgame(b)
    assert sa.start == (F, FOUR)
    assert sa.deck == unseen({"F": 1, 4: 1, 5: 2, 7: 2})
    assert subgame_key(sa) == subgame_key(sb)
    # face down on ½ 4 (9 half-points): a 4, 5 or 7 busts at once; a ½ gives 5 and plays on
    kinds = {c.kind: c.score for c in sa.root_terminals}
    assert kinds == {FOUR: BUST, Kind.FIVE: BUST, Kind.SEVEN: BUST}


# =============================================================================================
# 3. Against a banker that ignores the face-up cards a swap is a face-up hit (`swap_as_up`)
# =============================================================================================


def behavioural_threshold(game: HeadsUpGame, k: int) -> BankerStrategy:
    """``threshold`` K (half-points) as a behavioural banker strategy of ``game``: hit while
    the hand is below K in every public state, the same in every subgame after a swap
    (filled recursively by `subgame_key`). Unlike ``threshold:K`` it plays its best against a
    shown 7½, as every behavioural strategy does."""
    hit = np.array([[int(nd.total < k) for nd in game.banker_nodes] for _ in game.publics],
                   dtype=object).reshape(len(game.publics), len(game.banker_nodes))
    sub: dict[Any, BankerStrategy] = {}
    for i in game.swap_target:
        g = game.swap_subgame(i)
        if subgame_key(g) not in sub:
            sub[subgame_key(g)] = behavioural_threshold(g, k)
    return BankerStrategy(f"behavioural threshold {k}", "behavioural", hit=hit, sub=sub or None)


@pytest.mark.parametrize("name", ["A", "G", "E"])
def test_swap_as_up_shortcut_is_exact(brute: dict[str, Brute], name: str) -> None:
    """``threshold:7.5`` hits below 7½ everywhere, which against a shown 7½ is also the best
    play, so its behavioural copy is the same banker. `best_response` on the copy goes through
    every subgame after a swap; on the name it uses the ``swap_as_up`` shortcut. References:
    each other (exact Fractions), the brute force's exact best reply to the threshold plan
    (whole game, swaps included), and `bruteforce.player_best_response` WITHOUT swaps: against
    such a banker the option to swap is worth nothing."""
    deck = unseen(DECKS[name])
    game = heads_up(SWAP_RULES, deck)
    copy = behavioural_threshold(game, 15)
    full = best_response(copy, "player", SWAP_RULES, deck)
    short = best_response("threshold:7.5", "player", SWAP_RULES, deck)
    assert isinstance(full.value, Fraction)
    assert full.value == short.value
    assert isinstance(full.strategy, PlayerStrategy) and full.strategy.sub  # went through subgames
    assert evaluate(full.strategy, copy, SWAP_RULES, deck) == full.value
    ref = brute[name].game
    assert ref.player_best_value(ref.threshold_plan(15)) == full.value
    assert bf.player_best_response(DECKS[name], 15) == full.value


@pytest.mark.parametrize("name", ["A", "G", "E"])
def test_threshold_5_best_reply(brute: dict[str, Brute], name: str) -> None:
    """``threshold:5`` stands on 5 even against a shown 7½ (docs/rules.md), its behavioural copy
    does not, so the two best replies are compared with the brute force separately, each with
    the matching plan: the rule everywhere (also without swaps, `bruteforce`), and the rule
    only after a stand with hitting below 7½ against a shown 7½. On deck A they differ
    (-1/21 and -11/210): the comparison is not vacuous."""
    deck = unseen(DECKS[name])
    game = heads_up(SWAP_RULES, deck)
    ref = brute[name].game
    short = best_response("threshold:5", "player", SWAP_RULES, deck).value
    assert short == ref.player_best_value(ref.threshold_plan(10))
    assert short == bf.player_best_response(DECKS[name], 10)
    full = best_response(behavioural_threshold(game, 10), "player", SWAP_RULES, deck).value
    assert full == ref.player_best_value(ref.threshold_plan(10, against_seven="hit"))
    if name == "A":
        assert (short, full) == (Fraction(-1, 21), Fraction(-11, 210))


# =============================================================================================
# Pure swapping players: exact values and the banker's best reply, through the subgames
# =============================================================================================


def swapping_player(game: HeadsUpGame, k: int, swap_if: frozenset[int],
                    memo: dict[Any, PlayerStrategy] | None = None) -> PlayerStrategy:
    """Hit while the total is below ``k`` half-points; on a hit, swap when the face-down
    card's kind (0 figure, 1..7) is in ``swap_if``, else take the card face up. The same rule
    in every subgame after a swap (``sub``, recursively, by `subgame_key`)."""
    memo = {} if memo is None else memo
    key = subgame_key(game)
    if key in memo:
        return memo[key]
    hit = tuple(int(s.total < k) if s.kind == "play"
                else int(s.total < k and int(s.hole) in swap_if) for s in game.infosets)
    sub: dict[Any, PlayerStrategy] = {}
    for i in game.swap_target:
        if hit[i]:
            g = game.swap_subgame(i)
            sub[subgame_key(g)] = swapping_player(g, k, swap_if, memo)
    out = memo[key] = PlayerStrategy(f"hit below {k}, swap {sorted(swap_if)}", hit, sub or None)
    return out


def swapping_policy(k: int, swap_if: frozenset[int]) -> bs.PlayerPolicy:
    def policy(hidden: int, up: tuple[int, ...]) -> str:
        if bs.total((hidden, *up)) >= k:
            return "stand"
        return "swap" if hidden in swap_if else "up"
    return policy


POLICIES = [(10, frozenset(range(8))), (10, frozenset({0, 3, 4, 5, 6, 7})), (12, frozenset({0})),
            (9, frozenset({4, 5}))]


@pytest.mark.parametrize("name", ["A", "G", "E"])
@pytest.mark.parametrize(("k", "swap_if"), POLICIES)
def test_swapping_player_against_brute_force(brute: dict[str, Brute], name: str, k: int,
                                            swap_if: frozenset[int]) -> None:
    """Reference: the brute force's exact value of the pure plans (whole game), and its exact
    best reply of the banker to the player's plan (backward induction over the banker's
    information sets, which see the ``swap`` moves and the cards they show). The engine gets
    the first by `evaluate` and the second by `best_response` composing the subgames'."""
    deck = unseen(DECKS[name])
    game = heads_up(SWAP_RULES, deck)
    p = swapping_player(game, k, swap_if)
    ref = brute[name].game
    x = ref.player_plan(swapping_policy(k, swap_if))
    assert evaluate(p, "threshold:5", SWAP_RULES, deck) == ref.value(x, ref.threshold_plan(10))
    br = best_response(p, "banker", SWAP_RULES, deck)
    assert br.value == ref.banker_best_value(x)
    assert isinstance(br.strategy, BankerStrategy)
    assert evaluate(p, br.strategy, SWAP_RULES, deck) == br.value


# =============================================================================================
# 4. The full deck: exact value of a swapping player against the equilibrium banker, against
#    a Monte Carlo of real hands
# =============================================================================================

HALF = (1, 2, 4, 6, 8, 10, 12, 14)       # half-points of kinds 0 (figure), 1..7
DECK40 = np.array([0] * 12 + [1, 2, 3, 4, 5, 6, 7] * 4, dtype=np.int8)
MC_HANDS = 200_000


@pytest.fixture(scope="module")
def full_game() -> HeadsUpGame:
    """The whole-deck game, alive for the module: its equilibrium is solved once (kept in
    the solver's state of the game) for the Monte Carlo and the strategy table below."""
    return heads_up(SWAP_RULES)


@pytest.fixture(scope="module")
def full_equilibrium(full_game: HeadsUpGame) -> Equilibrium:
    eq = equilibrium(full_game)
    assert eq.exploitability < 1e-9
    return eq


class _View:
    """One (sub)game with the banker's strategy there, for the simulation: banker hands by
    their counts per kind, hitting chances as lists, the subgames reached by a swap."""

    def __init__(self, game: HeadsUpGame, banker: BankerStrategy) -> None:
        self.game = game
        self.banker = banker
        self.pos = {int(k): j for j, k in enumerate(game.kinds)}
        self.node = {nd.counts: nd.index for nd in game.banker_nodes if nd.burnt < 0}
        self.hit: list[list[float]] = np.asarray(banker.hit, dtype=np.float64).tolist()
        self.subs: dict[tuple[int, tuple[int, ...]], _View] = {}

    def public(self, ups: tuple[int, ...]) -> list[float]:
        """The banker's chances of hitting per hand, after a stand on these face-up cards."""
        return self.hit[self.game.public_index[(1, None, tuple(("up", Kind(c)) for c in ups))]]

    def swap(self, hidden: int, ups: tuple[int, ...]) -> _View:
        """The subgame after a swap holding ``hidden`` face down and ``ups`` face up (since the
        start of this subgame), with the banker's strategy there."""
        v = self.subs.get((hidden, ups))
        if v is None:
            i = self.game.key_index[("swap", 1, None, Kind(hidden),
                                     tuple(("up", Kind(c)) for c in ups))]
            g = self.game.swap_subgame(i)
            v = self.subs[(hidden, ups)] = _View(g, self.banker.sub[subgame_key(g)])
        return v


def simulate(root: _View, k: int, swap_if: frozenset[int], hands: int, seed: int,
             batch: int = 50_000) -> tuple[float, float]:
    """Mean gain and its standard error over ``hands`` real hands: the 40 cards shuffled
    (numpy ``default_rng(seed)``), the player's face-down card first, the banker's second, then
    the player's hits, then the banker's. The player hits below ``k`` half-points, swapping
    when its face-down card's kind is in ``swap_if``. A bust loses at once; against a shown
    7½ the banker (who has seen everything) hits until 7½ or bust, the best play there;
    after a stand it looks its strategy up: the public state (face-up cards since the last
    swap) in the subgame of the last swap, and its hand by counts."""
    rng = np.random.default_rng(seed)
    gain = 0
    done = 0
    while done < hands:
        n = min(batch, hands - done)
        decks = rng.permuted(np.tile(DECK40, (n, 1)), axis=1).tolist()
        draws = rng.random((n, 16)).tolist()
        for cards, u in zip(decks, draws, strict=True):
            view, hidden, bank, nxt = root, cards[0], cards[1], 2
            t = HALF[hidden]
            ups: tuple[int, ...] = ()
            while t < k:
                c = cards[nxt]
                nxt += 1
                t += HALF[c]
                if hidden in swap_if:
                    view, hidden, ups = view.swap(hidden, ups), c, ()
                else:
                    ups = (*ups, c)
                if t >= 15:
                    break
            if t > 15:
                gain -= 1
                continue
            tb = HALF[bank]
            if t == 15:
                while tb < 15:
                    tb += HALF[cards[nxt]]
                    nxt += 1
            else:
                row = view.public(ups)
                counts = [0] * len(view.pos)
                counts[view.pos[bank]] += 1
                d = 0
                while tb < 15 and u[d] < row[view.node[tuple(counts)]]:
                    d += 1
                    c = cards[nxt]
                    nxt += 1
                    tb += HALF[c]
                    counts[view.pos[c]] += 1
            gain += 1 if tb > 15 or t > tb else -1
        done += n
    mean = gain / hands
    var = (hands - gain * gain / hands) / (hands - 1)    # every gain is +1 or -1
    return mean, float(np.sqrt(var / hands))


@pytest.mark.parametrize(("k", "swap_if", "seed"), [
    (10, frozenset({0, 3, 4, 5, 6, 7}), 1),   # swap unless the face-down card is an ace or 2
    (10, frozenset(range(8)), 2),             # always swap when hitting below 5
])
def test_full_deck_against_monte_carlo(full_equilibrium: Equilibrium, k: int,
                                       swap_if: frozenset[int], seed: int) -> None:
    """Reference: `simulate` above, written from the rules, 200,000 seeded hands; only the
    banker's strategy (and where the engine files it: public state, subgame, hand) comes
    from the engine. Exact: `evaluate` of the same policy, composed over its subgames."""
    eq = full_equilibrium
    game = heads_up(SWAP_RULES)
    p = swapping_player(game, k, swap_if)
    exact = evaluate(p, eq.banker, SWAP_RULES)
    assert isinstance(exact, float)
    mean, se = simulate(_View(game, eq.banker), k, swap_if, MC_HANDS, seed)
    assert abs(mean - exact) < 4 * se, (exact, mean, se)
    # the policy is a real deviation: the equilibrium banker holds it below the game value
    assert exact < eq.value


def test_full_deck_equilibrium_beats_no_swap(full_equilibrium: Equilibrium) -> None:
    """The swap is an option of the player: the value with it is at least the Italian value
    (both certified), and the edge is minus the value (unit stake)."""
    eq = full_equilibrium
    plain = equilibrium(ITALIAN)
    assert eq.value > plain.upper
    assert eq.banker_edge == pytest.approx(-eq.value, abs=1e-12)


def test_swap_columns_of_the_strategy_table(full_equilibrium: Equilibrium) -> None:
    """Against a rule-of-thumb banker a swap gains exactly nothing (it does not read the
    cards); against the equilibrium banker the gain is the difference of the two exact
    continuation values, and where the equilibrium swaps with certainty the gain is not
    negative (a best reply, to the LP's precision)."""
    from settemezzo.tables import player_table

    thumb = player_table(SWAP_RULES, "threshold:5")
    assert (thumb.swap_gain == 0).all()
    eq = player_table(SWAP_RULES)   # from full_equilibrium's game
    sure = eq[eq.swap_frequency == 1.0]
    assert len(sure) > 0 and (sure.swap_gain > -1e-9).all()
    assert eq.swap_gain.abs().max() > 0.01  # hiding a card matters against this banker
