"""Walking the game for fixed strategies: the exact value of a pair of strategies (`evaluate`), each
side's best reply (`best_response`, `player_reply`, `banker_best`), the expected stake, and the
value of the rest of a hand after a split (`split_terms`); recursively through the subgames after
a swap.

Values are the **player's** expected gain per hand: per unit stake when the stake is fixed, in
chips when it is chosen after the first card (Spanish) or a split adds a hand."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache
from typing import Any, Literal

import numpy as np

from settemezzo import policy
from settemezzo.cards import Kind, Unseen
from settemezzo.game import (
    HIT,
    MODELLED_HANDS,
    STAND,
    HeadsUpGame,
    heads_up,
    with_card,
    without_cards,
)
from settemezzo.memory import gc_paused
from settemezzo.rules import ITALIAN, Rules, RulesError
from settemezzo.solve.plans import BURN
from settemezzo.solve.results import BestResponse
from settemezzo.solve.rows import BankerRows
from settemezzo.solve.solver import Terminal
from settemezzo.solve.state import game_solver, state_of
from settemezzo.solve.strategies import (
    BankerStrategy,
    PlayerStrategy,
    Value,
    banker_policy,
    player_policy,
    sub_banker,
    sub_player,
    subgame_key,
)


def as_game(rules: Rules | HeadsUpGame, deck: Unseen | None) -> HeadsUpGame:
    if isinstance(rules, HeadsUpGame):
        return rules
    return heads_up(rules, deck)


def evaluate(player: PlayerStrategy | str, banker: BankerStrategy | str,
             rules: Rules | HeadsUpGame = ITALIAN, deck: Unseen | None = None) -> Value:
    """The player's expected gain per hand for a pair of strategies: per unit stake when the
    stake is fixed, in chips when the player chooses it (divide by `expected_stake` for the
    edge per unit staked).

    Exact (`Fraction`) for pure policies (thresholds, best replies, the omniscient banker).

    Two rules of thumb (``threshold:K`` on both sides) are valued without the game tree, by
    the recursion over deck compositions of `settemezzo.thumbs` (the same Fraction).

    >>> evaluate("threshold:5", "threshold:5")
    Fraction(...)
    """
    if isinstance(player, str) and isinstance(banker, str):
        from settemezzo.thumbs import thumb_value

        whole = rules if not isinstance(rules, HeadsUpGame) else (
            rules.rules if not rules.start else None)
        fast = None if whole is None else thumb_value(
            player, banker, whole, rules.deck if isinstance(rules, HeadsUpGame) else deck)
        if fast is not None:
            return fast
    game = as_game(rules, deck)
    p = player_policy(player, game) if isinstance(player, str) else player
    b = banker_policy(banker, game) if isinstance(banker, str) else banker
    return _evaluate(p, b, game, {})


def _memo_key(game: HeadsUpGame, *strategies: PlayerStrategy | BankerStrategy
              ) -> tuple[Any, ...]:
    """A key for the recursions through the subgames after a swap: many decisions lead to
    the same subgame, which is computed once per call (a strategy by identity; the memo
    keeps it alive, so identities are not reused within the call)."""
    return (game.key, *(id(x) for x in strategies))


def _evaluate(p: PlayerStrategy, b: BankerStrategy, game: HeadsUpGame,
              memo: dict[Any, Any]) -> Value:
    key = ("evaluate", *_memo_key(game, p, b))
    if key in memo:
        out: Value = memo[key][0]
        return out
    if b.kind != "behavioural" and policy.is_threshold(p.name) and game.swap_target:
        # a rule of thumb plays on the same cards the same way whether one is face down or
        # up, and this banker does not read them: a swap is worth the card face up (`player_reply`)
        p = replace(p, hit=tuple(0 if i in game.swap_target else h
                                 for i, h in enumerate(p.hit)))
    splits = any(p.hit[st.index] for st in game.infosets if st.kind == "split")
    exact = p.exact and b.exact and not splits
    s = game_solver(game, exact)
    stand = s.stand_values(b)
    hit = list(p.hit) if exact else [float(x) for x in p.hit]
    swaps = {i: _evaluate(sub_player(p, game, i), sub_banker(b, game, i),
                          game.swap_subgame(i), memo)
             for i in game.swap_target if hit[i]}
    swaps.update(split_terms(game, b, hit, p.name)[0])
    shown = s.with_swaps(s.shown_values(b), swaps)
    if exact and all(h == 0 or h == 1 for h in hit):
        value = s.policy_value(stand, shown, hit)
    else:
        value, _, _ = s.player_values(stand, shown, hit)
    result = Fraction(value) if exact else float(value)
    memo[key] = (result, p, b)
    return result


def split_terms(game: HeadsUpGame, b: BankerStrategy | None,
                 only: Sequence[Any] | None = None, player: str | None = None
                 ) -> tuple[dict[int, float], dict[int, float]]:
    """Per split decision: the value (all hands' stakes, per unit of the first) of the rest
    of the hand after splitting, and the extra hands it opens on average. The rest is of
    perfect information (`settemezzo.split`): the player plays its best there (or its rule
    of thumb, ``player`` ``threshold:K,split``); the banker its best (``b`` None, an
    equilibrium, a best reply, omniscient) or its rule of thumb.
    ``only``: chances of splitting per decision; decisions where it is 0 are left out.
    Float (the exact rational method is for small decks only)."""
    name = b.name if b is not None and b.kind == "threshold" else "best"
    who = (policy.threshold_name(policy.parse(player).k)
           if player is not None and policy.is_threshold(player) else "best")
    values: dict[int, float] = {}
    extra: dict[int, float] = {}
    for st in game.infosets:
        if st.kind != "split" or (only is not None and not only[st.index]):
            continue
        key = (st.burnt, name, who)
        splits = state_of(game).splits
        if key not in splits:
            deck = game.deck if st.burnt is None else _deck_without(game, st.burnt)
            for k in game.start:  # after a swap: the figure turned up is one of the two
                deck = with_card(deck, k)
            splits[key] = _split_of(split_rules(game.rules), deck, who, name)
        values[st.index], extra[st.index] = splits[key]
    return values, extra


@lru_cache(maxsize=256)
def _split_of(rules: Rules, deck: Unseen, player: str, banker: str) -> tuple[float, float]:
    """`split_terms`'s value and extra hands of one split, once per rule set, deck and
    players (a game and its subgames after a swap that turned a figure up often split
    from the same deck)."""
    from settemezzo.split import split_value

    r = split_value(rules, deck, player=player, banker=banker, method="float")
    return r.value, r.expected_hands - 1


def split_rules(rules: Rules, hands: int = MODELLED_HANDS) -> Rules:
    """The rules the rest of a hand after a split is valued under: at most two hands (or
    ``hands``, where a table's re-splits opened more), and no swap inside them
    (`settemezzo.game.restriction_codes`: the player declines those moves)."""
    most = max(hands, MODELLED_HANDS)
    if rules.split_figures <= most and not rules.swap_hidden:
        return rules
    return replace(rules, split_figures=min(rules.split_figures, most), swap_hidden=False)


def _stake_extras(game: HeadsUpGame, p: PlayerStrategy, b: BankerStrategy | None
                  ) -> dict[int, float]:
    """The extra stakes per decision for `Solver.expected_stake`: the hands a split opens,
    and (under split_figures with swap_hidden) those opened inside the subgame after a swap
    that turned a figure up, where a face-down figure may follow."""
    extra = split_terms(game, b if b is not None and b.kind == "threshold" else None,
                         p.hit, p.name)[1]
    if game.rules.split_figures > 1 and game.rules.swap_hidden:
        for i, target in game.swap_target.items():
            if p.hit[i] and target == (Kind.FIGURE,):
                sub = game.swap_subgame(i)
                more = float(expected_stake(sub_player(p, game, i),
                                            None if b is None else sub_banker(b, game, i),
                                            sub)) - 1.0
                if more:
                    extra[i] = more
    return extra


def expected_stake(player: PlayerStrategy | str, banker: BankerStrategy | str | None = None,
                   rules: Rules | HeadsUpGame = ITALIAN, deck: Unseen | None = None) -> Value:
    """The player's expected stake in chips when ``player`` meets ``banker`` (None: a banker
    playing its best): 1 unless the stake is chosen after the first card or a split opens a
    second hand (whose play after the split depends on the banker). Exact without splits;
    for rules without either, 1 is returned without building the game."""
    if isinstance(rules, Rules) and rules.one_stake:
        return Fraction(1)
    game = as_game(rules, deck)
    p = player_policy(player, game) if isinstance(player, str) else player
    b = banker_policy(banker, game) if isinstance(banker, str) else banker
    extra = _stake_extras(game, p, b)
    exact = p.exact and not extra
    hit = list(p.hit) if exact else [float(x) for x in p.hit]
    out = game_solver(game, exact).expected_stake(hit, extra)
    return Fraction(out) if exact else float(out)


def _deck_without(game: HeadsUpGame, kind: Any) -> Unseen:
    return without_cards(game.deck, (kind,), game.rules)


def best_response(opponent: PlayerStrategy | BankerStrategy | str,
                  side: Literal["player", "banker"], rules: Rules | HeadsUpGame = ITALIAN,
                  deck: Unseen | None = None) -> BestResponse:
    """The best reply of ``side`` to the opponent's fixed strategy (exact when it is pure).

    ``opponent`` is a strategy or a policy name of the *other* side (``threshold:5``...).
    """
    game = as_game(rules, deck)
    if side == "player":
        b = banker_policy(opponent, game) if isinstance(opponent, str) else opponent
        if not isinstance(b, BankerStrategy):
            raise RulesError("the player's best response needs a banker strategy")
        r = player_reply(game, b)
        return BestResponse(r.value, "player", r.strategy)
    if side != "banker":
        raise RulesError(f"side must be 'player' or 'banker', got {side!r}")
    p = player_policy(opponent, game) if isinstance(opponent, str) else opponent
    if not isinstance(p, PlayerStrategy):
        raise RulesError("the banker's best response needs a player strategy")
    return _banker_reply(game, p, {})


def _banker_reply(game: HeadsUpGame, p: PlayerStrategy, memo: dict[Any, Any]
                  ) -> BestResponse:
    """The banker's best reply to ``p``, recursively through the subgames after a swap."""
    key = ("banker", *_memo_key(game, p))
    if key in memo:
        out: BestResponse = memo[key][0]
        return out
    replies: dict[Any, BestResponse] = {}
    for i in game.swap_target:
        sub = game.swap_subgame(i)
        if p.hit[i] and subgame_key(sub) not in replies:
            replies[subgame_key(sub)] = _banker_reply(sub, sub_player(p, game, i), memo)
    swaps = {i: replies[subgame_key(game.swap_subgame(i))].value for i in game.swap_target
             if p.hit[i]}
    swaps.update(split_terms(game, None, p.hit, p.name)[0])
    q = p
    if swaps and any(isinstance(v, float) for v in swaps.values()) and p.exact:
        q = replace(p, hit=tuple(float(x) for x in p.hit))  # a split's value is a float
    value, choice = banker_best(game, q, swaps)
    conv: Any = object if q.exact else np.float64
    reply = BankerStrategy(f"best reply to {p.name}", "behavioural",
                           hit=(choice == HIT).astype(conv) * 1,
                           burn=(choice == BURN).astype(conv) * 1 if game.rules.burn else None,
                           sub={k: br.strategy for k, br in replies.items()} if replies
                           else None)
    result = BestResponse(value, "banker", reply)
    memo[key] = (result, p)
    return result


@dataclass(frozen=True)
class Reply:
    """The player's best reply to a banker strategy, with what tables show of it: the
    values per information set (``V``), the terminal values (``T``, swaps valued by their
    subgames) and, when asked, the same for the chance of winning (``W``, ``T_win``)."""

    value: Value
    strategy: PlayerStrategy
    stand: Any
    V: list[Any]
    T: Terminal
    win: Value | None = None
    stand_win: Any = None
    W: list[Any] | None = None
    T_win: Terminal | None = None


@gc_paused()  # exact values: millions of `Fraction`s, none garbage in a cycle
def player_reply(game: HeadsUpGame, b: BankerStrategy, win: bool = False,
           memo: dict[Any, Any] | None = None) -> Reply:
    """The player's best reply to ``b`` (exact when ``b`` is pure), recursively through the
    subgames after a swap.

    A rule of thumb or the omniscient banker does not read the player's face-up cards, and
    a swap changes nothing else (the same cards, known to the player either way): against
    them a swap is worth exactly what taking the card face up is worth, and no subgame is
    needed (``swap_as_up``).
    """
    exact = b.exact and not any(st.kind == "split" for st in game.infosets)
    memo = {} if memo is None else memo
    key = ("reply", win, *_memo_key(game, b))
    if key in memo:
        done: Reply = memo[key][0]
        return done
    sv = game_solver(game, exact, "value")
    subs: dict[Any, Reply] = {}
    plain = b.kind != "behavioural"
    if not plain:
        for i in game.swap_target:
            sub = game.swap_subgame(i)
            if subgame_key(sub) not in subs:
                subs[subgame_key(sub)] = player_reply(sub, sub_banker(b, game, i), win, memo)
    of = {i: subgame_key(game.swap_subgame(i)) for i in game.swap_target} if subs else {}
    stand = sv.stand_values(b)
    split_values = split_terms(game, b)[0]
    T = sv.with_swaps(sv.shown_values(b), {**{i: subs[k].value for i, k in of.items()},
                                           **split_values})
    value, V, best = sv.player_values(stand, T, None, swap_as_up=plain)
    strat = PlayerStrategy(f"best reply to {b.name}", tuple(best),
                           {k: r.strategy for k, r in subs.items()} if subs else None)
    value = Fraction(value) if exact else float(value)
    if not win:
        memo[key] = (Reply(value, strat, stand, V, T), b)
        return memo[key][0]  # type: ignore[no-any-return]
    sw = game_solver(game, exact, "win")
    stand_win = sw.stand_values(b, chooser=sv)
    # (the chance of winning after a split, over several hands, is not computed: NaN)
    T_win = sw.with_swaps(sw.shown_values(b, chooser=sv),
                          {**{i: subs[k].win for i, k in of.items()},
                           **{i: float("nan") for i in split_values}})
    w, W, _ = sw.player_values(stand_win, T_win, best)
    memo[key] = (Reply(value, strat, stand, V, T, Fraction(w) if exact else float(w),
                       stand_win, W, T_win), b)
    return memo[key][0]  # type: ignore[no-any-return]


REPLY_MARGIN = 1e-9
"""`reply_value` trusts the float best reply's choice at a decision where its two actions'
values differ by more than this (float errors are below 1e-12); a closer one is valued
exactly, with the whole hand below it."""


def reply_value(game: HeadsUpGame, b: BankerStrategy) -> BestResponse:
    """`player_reply`'s value and play against a banker that is not behavioural (a rule of
    thumb, omniscient), the same numbers where it is exact, for less: the float best reply
    (compiled) chooses at each decision its own play reaches, and only those decisions are
    valued exactly, each by the action chosen; where a choice's margin is within
    `REPLY_MARGIN`, that decision and every one below it are valued exactly, both actions.
    The value is then `player_reply`'s exactly, and so is the play at every decision the
    reply reaches (the others do not change the value or the stake)."""
    if b.kind == "behavioural" or not b.exact or any(st.kind == "split" for st in game.infosets):
        r = player_reply(game, b)
        return BestResponse(r.value, "player", r.strategy)
    sf, se = game_solver(game, False, "value"), game_solver(game, True, "value")
    Tf = sf.with_swaps(sf.shown_values(b), {})  # no subgame: swaps valued face up
    stand_f = sf.stand_values(b)
    _, Vf, best = sf.player_values(stand_f, Tf, None, swap_as_up=True)
    q0f, q1f = sf.every_action_value(stand_f, Tf, Vf, swap_as_up=True)
    infosets = game.infosets
    n = len(infosets)
    swap_up = [st.kind == "swap" for st in infosets]  # valued as the card face up
    reached, full = [False] * n, [False] * n
    for st in infosets:  # parents come first
        i, par = st.index, st.parent
        reached[i] = par < 0 or (reached[par] and (STAND if swap_up[par] else best[par])
                                 == st.parent_action)
        full[i] = (par >= 0 and full[par]) or (
            reached[i] and not swap_up[i] and abs(q1f[i] - q0f[i]) <= REPLY_MARGIN)
    T, stand = se.with_swaps(se.shown_values(b), {}), se.stand_values(b)
    V: list[Any] = [None] * n
    play = [HIT if h == HIT and not swap_up[i] else STAND for i, h in enumerate(best)]
    for st in reversed(infosets):
        i = st.index
        if full[i]:
            q0, q1 = se.action_values(i, stand, T, V, swap_as_up=True)
            V[i], play[i] = max(q1, q0), HIT if q1 > q0 else STAND
        elif reached[i] and play[i] == HIT:
            V[i] = _children_sum(se.child_prob[i], st.children, T.one[i], V)
        elif reached[i]:
            V[i] = stand[i] if st.kind == "play" else \
                _children_sum(se.child_prob0[i], st.children0, T.zero[i], V)
    value = sum(se.reach[i] * V[i] for i in game.roots) + se.root_value(T)
    return BestResponse(Fraction(value), "player",
                        PlayerStrategy(f"best reply to {b.name}", tuple(play)))


def _children_sum(probs: list[Any], kids: Sequence[Any], shown: Sequence[Any], V: list[Any]
                  ) -> Any:
    """Each child's chance times its value: ``V`` of its decision, or its ``shown`` value
    where the hand is finished."""
    return sum(p * (V[ch.infoset] if ch.infoset >= 0 else t)
               for p, ch, t in zip(probs, kids, shown, strict=True))


def banker_best(game: HeadsUpGame, p: PlayerStrategy,
                 swaps: dict[int, Any]) -> tuple[Value, Any]:
    """The banker's best reply to a player strategy: value and choice[g, j] (0 stand,
    1 hit, 2 burn); ``swaps`` values the subgames after a swap (see `Solver.with_swaps`).

    Exact (integer arithmetic on the rows where the player stands) for a player whose
    chances are ints or `Fraction`s; float for one in floats.
    """
    if not p.exact:
        s = game_solver(game, False)
        hit_f = [float(x) for x in p.hit]
        own, stand_f = s.realization(hit_f)
        weights = np.array(s.reach, dtype=np.float64) * np.array(stand_f) * s.stake
        G, decisions = s.stand_rows.grouped_best(weights, s.group, len(game.publics))
        shown = s.with_swaps(s.shown_values(BankerStrategy("best", "omniscient")), swaps)
        return float(G.sum() + s.linear_part(hit_f, shown, own)), decisions
    s = game_solver(game, True)
    hit = list(p.hit)
    own, stand = s.realization(hit)
    rows = [i for i in range(len(game.infosets)) if stand[i] and s.reach[i]]
    # one public state = one number of cards dealt, so one common denominator per group
    den = [0] * len(game.publics)
    for i in rows:
        st = game.infosets[i]
        den[st.public] = _falling(game.n_cards, 1 + len(st.up) + (st.burnt is not None))
    # a strategy mixed in Fractions: one more common denominator, that of its chances
    mix = math.lcm(*(Fraction(stand[i]).denominator for i in rows))
    weights = np.array([int(s.reach[i] * stand[i] * den[game.infosets[i].public] * mix)
                        * int(s.stake[i]) for i in rows], dtype=object)
    sub = BankerRows(game, s.stand_decks[rows], s.stand_score[rows])
    group = s.group[rows]
    G, decisions = sub.grouped_best(weights, group, len(game.publics))
    value = s.linear_part(hit, s.with_swaps(s.shown_values(BankerStrategy("best", "omniscient")),
                                            swaps), own)
    scale_of = {int(g): int(sc) for g, sc in zip(group, sub.scale, strict=True)}
    for g, sc in scale_of.items():
        value += Fraction(int(G[g]), den[g] * sc * mix)
    return Fraction(value), decisions


def _falling(n: int, k: int) -> int:
    out = 1
    for t in range(k):
        out *= n - t
    return out

