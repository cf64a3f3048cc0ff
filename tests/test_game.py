"""The heads-up game tree (`settemezzo.game`) against an independent enumeration.

The enumeration below is written from the rules alone (``docs/rules.md``: Italian rules, no
variant): it deals every ordered sequence of cards from a small deck, one card at a time with
chance count / cards left, and lists the player's decisions (face-down card, face-up cards in
order) and the banker's unfinished hands (multisets). It shares no code with the game's
builder, only the reference's card values (`tests.reference.bruteforce`).
"""

from fractions import Fraction

from settemezzo.cards import Kind, Unseen
from settemezzo.game import HeadsUpGame, heads_up
from settemezzo.rules import ITALIAN
from tests.reference.bruteforce import SEVEN_HALF, VALUE

DECK = {Kind.FIGURE: 4, Kind.ACE: 2, Kind.TWO: 1, Kind.THREE: 2, Kind.FOUR: 1, Kind.FIVE: 2,
        Kind.SIX: 2, Kind.SEVEN: 3}
"""17 cards: the smallest the game takes for these low cards (two hands may need 16)."""
KINDS = tuple(sorted(DECK))

Key = tuple[int, tuple[int, ...]]


def _enumerate() -> dict[Key, tuple[int, Fraction, list[tuple[int, Fraction, object]]]]:
    """Every player decision: its total, the chance of its cards in this order, and per
    kind dealt next: the chance and the next decision's key or the finished score (0 bust,
    15 for 7½)."""
    counts = {int(k): n for k, n in DECK.items()}
    out: dict[Key, tuple[int, Fraction, list[tuple[int, Fraction, object]]]] = {}

    def walk(cards: list[int], reach: Fraction) -> None:
        left = {k: n - cards.count(k) for k, n in counts.items()}
        n_left = sum(left.values())
        total = sum(VALUE[c] for c in cards)
        kids: list[tuple[int, Fraction, object]] = []
        for k in sorted(left):
            if not left[k]:
                continue
            p = Fraction(left[k], n_left)
            after = total + VALUE[k]
            if after >= SEVEN_HALF:
                kids.append((k, p, SEVEN_HALF if after == SEVEN_HALF else 0))
            else:
                kids.append((k, p, (cards[0], (*cards[1:], k))))
                walk([*cards, k], reach * p)
        out[(cards[0], tuple(cards[1:]))] = (total, reach, kids)

    n = sum(counts.values())
    for k in sorted(counts):
        walk([k], Fraction(counts[k], n))
    return out


def _banker_hands() -> set[tuple[int, ...]]:
    """Every banker hand (a multiset, as counts per kind) not finished: total below 7½."""
    top = [DECK[k] for k in KINDS]
    out = set()

    def grow(hand: tuple[int, ...]) -> None:
        if hand in out:
            return
        out.add(hand)
        for pos in range(len(KINDS)):
            nxt = (*hand[:pos], hand[pos] + 1, *hand[pos + 1:])
            if nxt[pos] <= top[pos] and sum(
                    VALUE[int(kk)] * c for kk, c in zip(KINDS, nxt, strict=True)) < SEVEN_HALF:
                grow(nxt)
    grow((0,) * len(KINDS))
    return out


def test_player_tree_equals_an_enumeration() -> None:
    game = heads_up(ITALIAN, Unseen.from_counts(DECK))
    want = _enumerate()
    key_of = {s.index: (int(s.hole), tuple(int(k) for k in s.up)) for s in game.infosets}
    assert sorted(key_of.values()) == sorted(want)
    for s in game.infosets:
        total, reach, kids = want[key_of[s.index]]
        assert (s.total, s.reach, s.kind, s.children0) == (total, reach, "play", ())
        got = [(int(ch.kind), ch.prob, key_of[ch.infoset] if ch.infoset >= 0 else ch.score)
               for ch in s.children]
        assert got == kids
        # breadth-first: a decision comes after the one it follows
        assert s.parent < s.index
        if s.parent >= 0:
            assert [ch.infoset for ch in game.infosets[s.parent].children].count(s.index) == 1
        # the banker's deck at this decision: the deck less the player's cards, one by one
        left = [DECK[k] for k in KINDS]
        for k in (s.hole, *s.up):
            left[KINDS.index(k)] -= 1
        assert game.decks[s.index].tolist() == left
    assert sum(s.reach for s in game.infosets if s.parent < 0) == 1


def test_banker_decks_less_the_burnt_card_and_after_a_swap() -> None:
    # `HeadsUpGame.decks` (made with the tree) against the cards of each decision taken out
    # one by one: the burnt card too (burn=3,4), and after a swap, where the face-up start
    # cards left the subgame's deck already
    from settemezzo.rules import SPANISH

    for rules in (ITALIAN.with_variants("burn=3,4"), SPANISH):
        game = heads_up(rules)
        games = [game, *(game.swap_subgame(i) for i in list(game.swap_target)[:20])]
        for g in games:
            for s in g.infosets:
                left = list(g.counts)
                for k in (s.hole, *s.up, *((s.burnt,) if s.burnt is not None else ())):
                    left[g.kinds.index(k)] -= 1
                assert g.decks[s.index].tolist() == left
        # each case is met: burnt cards under burn=3,4, subgames after a swap in SPANISH
        assert any(s.burnt is not None for s in game.infosets) if rules.burn else \
            len(games) > 1


def test_banker_hands_equal_an_enumeration() -> None:
    game = heads_up(ITALIAN, Unseen.from_counts(DECK))
    assert game.kinds == KINDS
    hands = [nd.counts for nd in game.banker_nodes]
    assert len(set(hands)) == len(hands)
    assert set(hands) == _banker_hands()
    for nd in game.banker_nodes:
        for pos, j, score in nd.children:
            nxt = (*nd.counts[:pos], nd.counts[pos] + 1, *nd.counts[pos + 1:])
            if j >= 0:
                assert game.banker_nodes[j].counts == nxt and j > nd.index
            else:
                total = sum(VALUE[int(k)] * c for k, c in zip(KINDS, nxt, strict=True))
                assert score == (SEVEN_HALF if total == SEVEN_HALF else 0)


def test_games_made_lists_each_game_once() -> None:
    """`HeadsUpGame.games_made` against a second walk: the game and the subgames after a
    swap reached by following `subgames_made` recursively, collected in a dict by identity
    (a small thinned SPANISH deck: subgames of subgames, some shared)."""
    from settemezzo.rules import SPANISH

    full = heads_up(SPANISH).deck.counts
    game = heads_up(SPANISH, Unseen(tuple(min(c, 2) for c in full)))
    for i in list(game.swap_target)[:12]:
        sub = game.swap_subgame(i)
        for j in list(sub.swap_target)[:3]:
            sub.swap_subgame(j)
    reached: dict[int, HeadsUpGame] = {}

    def walk(g: HeadsUpGame) -> None:
        reached[id(g)] = g
        for s in g.subgames_made:
            walk(s)

    walk(game)
    made = game.games_made()
    assert made[0] is game and len(made) == len({id(g) for g in made}) == len(reached) > 13
    assert {id(g) for g in made} == set(reached)
