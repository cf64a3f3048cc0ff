"""Strategy tables as pandas DataFrames: one row per player decision, one per banker one.

- `player_table`: one row per player hand state (face-down card, face-up cards in order):
  bust chance of the next hit, win chance and expected value of standing and of hitting
  (then playing on well), the best action, the equilibrium's hitting frequency, and what the
  wrong action costs. Against the equilibrium banker, a ``threshold:K`` banker, or the
  omniscient one.
- `banker_table`: for each visible player situation and banker hand, the equilibrium
  banker's chance of hitting, and the posterior of the player's face-down card behind it
  (with the stake and the swaps the banker sees, where the rules have them).

Each row is built by `settemezzo.rows` (the values of a decision, its best play, the stake
copy the strategy plays), which `settemezzo.advice` shares for one hand.

>>> df = player_table(against="threshold:5")
>>> df.loc[(df.hole == "7") & (df.up == ""), "best"].item()
'stand'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property, partial
from typing import Any

import numpy as np
import pandas as pd

from settemezzo.cards import Kind, Unseen
from settemezzo.errors import InputError
from settemezzo.game import HeadsUpGame, heads_up, restriction_codes
from settemezzo.hands import is_finished, points_label, total
from settemezzo.odds import bust_chance, draw_kinds
from settemezzo.policy import threshold_name
from settemezzo.rows import (
    REACH_EPS,
    Columns,
    best_label,
    columns,
    reaches,
    resolve_banker,
)
from settemezzo.rules import ITALIAN, Rules
from settemezzo.solve import (
    BankerStrategy,
    PlayerStrategy,
    equilibrium,
    evaluate,
    expected_stake,
    subgame_key,
)
from settemezzo.solve.rows import FloatRows
from settemezzo.solve.state import game_solver
from settemezzo.solve.strategies import sub_banker, sub_player
from settemezzo.solve.walk import player_reply

__all__ = ["HandoutNumbers", "banker_table", "bust_chance_data", "handout_numbers",
           "player_table"]

def player_table(rules: Rules = ITALIAN, against: str | BankerStrategy = "equilibrium",
                 deck: Unseen | None = None, start: tuple[Kind, ...] = ()) -> pd.DataFrame:
    """One row per player hand state, against the banker ``against``.

    ``start``: the player's cards turned face up by a swap, for the table of the rest of
    that hand (`settemezzo.game.HeadsUpGame.swap_subgame`, a proper subgame at unit stake;
    ``deck`` then the cards left, those and a burnt card gone): its rows start from the new
    face-down card, with ``up`` the cards turned up after the swap only.

    Columns (also described in ``data/README.md``): ``hole``, ``up`` (face-up cards in order,
    space-separated), ``n_up``, ``total`` (points, e.g. '4½'), ``total_half`` (half-points),
    ``deal_chance`` (chance of being dealt this hand in this order, hitting throughout),
    ``own_reach`` and ``chart_reach`` (below), ``bust_if_hit``, ``seven_half_if_hit`` (next
    card), ``stand_win``, ``stand_ev``, ``hit_win``, ``hit_ev`` (hitting, then playing on as
    well as possible), ``best`` ('stand', 'hit', 'mixed' where the equilibrium randomises,
    'either' for an exact tie against a fixed banker), ``hit_frequency`` (the equilibrium
    player's chance of hitting; empty against a fixed banker), ``margin`` (hit_ev -
    stand_ev) and ``cost_of_mistake`` (|margin|). Under ``split_figures`` a win chance that
    goes through a split (several hands) is not computed and shows as NaN; its values are.

    The table describes one player strategy: the equilibrium player's against the
    equilibrium banker, else the player's best reply to ``against``.

    - ``own_reach``: the chance that the player's *own* choices lead to this row under that
      strategy - its stake (Spanish stakes after the first card), burning, swapping,
      splitting, and every earlier stand or hit - leaving out the cards (times
      ``deal_chance``: how often the row comes up in play). 1 at a first decision without a
      stake or burn choice; 0 where the strategy never gets (a stake it never picks, a hand
      behind its own stand); under a stake choice, the stake copies of a first card sum to 1.
      Values below `REACH_EPS` (solver noise) are 0.
    - ``chart_reach``: the weight the strategy and EV charts give the row (with
      ``deal_chance``; 0: left out): ``own_reach``, or, for a hand the player misses only by
      standing earlier (every later choice on the way a hit, no other choice), the
      ``own_reach`` of the last decision it does reach - the "what if I hit" cells of a
      strategy chart. Italian rules: 1 against a fixed banker.

    When the stake is chosen after the first card (``stake``, ``burnt`` with burning too),
    each stake is a hand state of its own and values are in chips at that stake.
    Under ``swap_hidden``: ``swap_gain`` (what turning the face-down card up when hitting
    gains over taking the card face up), ``swap_frequency`` (how often the equilibrium player
    swaps when it hits here), and ``swapped``: the cards the player turned face up by
    swapping, in order ('' for none). After a swap the hand goes on in a subgame
    (`settemezzo.game.HeadsUpGame.swap_subgame`): its rows come after those of the main
    game, for every swap the strategy makes (``own_reach`` above 0), with ``hole`` the new
    face-down card and ``up`` every face-up card in the order turned up (the swapped cards
    included); its values are in chips at the stake chosen before.

    ``attrs``: ``rules_spec`` (`settemezzo.rules.Rules.spec`; `settemezzo.i18n.describe_rules`
    says the rule set in words), ``against`` (the banker's name),
    and, when the exact game restricts the player, ``restriction_codes``
    (`settemezzo.game.restriction_codes`; `settemezzo.i18n.restriction_text` says them in
    words, in any language): the values are then at least what the player can get (the
    banker's edge at most).
    """
    if start and deck is None:
        raise InputError("a table after a swap needs the deck left then (deck=...): the "
                         "full deck still holds the cards turned up")
    game = heads_up(rules, deck, start)
    banker = resolve_banker(against, game)
    is_eq = isinstance(against, str) and against.strip().lower() == "equilibrium"
    player = equilibrium(game).player if is_eq else player_reply(game, banker).strategy
    records: list[dict[str, Any]] = []
    _player_rows(records, _Path(game, banker, player, is_eq))
    df = pd.DataFrame.from_records(records)
    df.attrs["rules_spec"] = rules.spec()
    df.attrs["against"] = banker.name
    _mark_restriction(df, rules)
    return df


@dataclass(frozen=True)
class _Path:
    """One (sub)game whose rows `_player_rows` adds, and how it was reached: the
    strategies in it, the stake (1: the game's own), the chance of the cards before it
    (``deal``), the player's own reach of it (``own``, ``chart``), the face-up cards turned
    up before it (``before``: their labels in order; ``swapped``: those turned up by a swap)
    and the card burnt before it."""

    game: HeadsUpGame
    banker: BankerStrategy
    player: PlayerStrategy
    is_eq: bool
    stake: int = 0
    deal: Any = 1
    own: float = 1.0
    chart: float = 1.0
    before: tuple[str, ...] = ()
    swapped: tuple[str, ...] = ()
    burnt: str = ""


def _player_rows(records: list[dict[str, Any]], path: _Path) -> None:
    """Add the rows of ``path.game`` to ``records``, then those of the subgames after the
    swaps the strategy makes."""
    game, player = path.game, path.player
    cols = columns(game, path.banker)
    freq: list[float | None] = ([float(p) for p in player.hit] if path.is_eq
                                else [None] * len(game.infosets))
    own, chart = reaches(game, player.hit, path.banker.exact and player.exact)
    mult = path.stake or 1   # a subgame's values are per unit stake
    plain = path.banker.kind != "behavioural"
    for st in game.infosets_of_kind("play"):
        i = st.index
        se, he = cols.stand_ev[i] * mult, cols.hit_ev[i] * mult
        f = freq[i]
        best = best_label(se, he, f)
        up = (*path.before, *(k.label for k in st.up))
        records.append({
            "hole": st.hole.label,
            "up": " ".join(up),
            "n_up": len(up),
            "total": points_label(st.total),  # a hand still to play: ½ .. 7½
            "total_half": st.total,
            "deal_chance": float(path.deal * st.reach),
            "own_reach": path.own * own[i],
            "chart_reach": path.chart * chart[i],
            "bust_if_hit": float(cols.bust[i]),
            "seven_half_if_hit": float(cols.seven_half[i]),
            "stand_win": float(cols.stand_win[i]),
            "stand_ev": float(se),
            "hit_win": float(cols.hit_win[i]),
            "hit_ev": float(he),
            "best": best,
            "hit_frequency": f,
            "margin": float(he) - float(se),
            "cost_of_mistake": abs(float(he) - float(se)),
            **({} if game.classic and not path.stake else {
                "stake": path.stake or st.stake,
                "burnt": path.burnt or (st.burnt.label if st.burnt is not None else "")}),
            **({**_swap_columns(game, st, cols, freq, plain, mult),
                "swapped": " ".join(path.swapped)} if game.rules.swap_hidden else {}),
        })
    for i in game.swap_target:
        go = own[i] * float(player.hit[i])
        if go < REACH_EPS:
            continue  # a swap the strategy never makes: no rows for what follows
        st = game.infosets[i]
        sub = game.swap_subgame(i)
        _player_rows(records, _Path(
            sub, sub_banker(path.banker, game, i), sub_player(player, game, i),
            path.is_eq, path.stake or st.stake, path.deal * st.reach, path.own * go,
            path.chart * chart[i] * float(player.hit[i]),
            (*path.before, *(k.label for k in st.up), st.hole.label),
            (*path.swapped, st.hole.label),
            path.burnt or (st.burnt.label if st.burnt is not None else "")))


def _mark_restriction(df: pd.DataFrame, rules: Rules) -> None:
    """Name the restriction of the exact game in ``df.attrs`` (nothing when it is whole)."""
    codes = restriction_codes(rules)
    if codes:
        df.attrs["restriction_codes"] = codes


def _swap_columns(game: HeadsUpGame, st: Any, cols: Columns, freq: list[float | None],
                  plain: bool, mult: int = 1) -> dict[str, float | None]:
    """Under ``swap_hidden``: when hitting, what turning the face-down card up (and taking
    the new card face down) gains over taking the new card face up, and how often the
    equilibrium player does it (``swap_gain``, ``swap_frequency``). Against a banker that
    does not read the face-up cards (``plain``) the gain is exactly 0 (see
    `solve.walk.player_reply`)."""
    kids = st.children
    if len(kids) != 1 or kids[0].infoset < 0 or game.infosets[kids[0].infoset].kind != "swap":
        return {"swap_gain": None, "swap_frequency": None}
    j = kids[0].infoset
    gain = 0.0 if plain else (float(cols.hit_ev[j]) - float(cols.up_ev[j])) * mult
    return {"swap_gain": gain, "swap_frequency": freq[j]}


def banker_table(rules: Rules = ITALIAN, max_up: int | None = 2,
                 deck: Unseen | None = None) -> pd.DataFrame:
    """The equilibrium banker after the player stood: one row per visible situation and
    banker hand where the banker has a real choice.

    Columns: ``up`` (the player's face-up cards, in the order turned up), ``n_up`` (how many;
    ``max_up``: at most this many, None for all), ``banker`` (banker cards, a multiset),
    ``banker_total``, ``banker_total_half``, ``hit_probability`` (the equilibrium banker's
    chance of hitting), ``stood_chance`` (the chance that the equilibrium player stands in
    exactly this visible situation: the cards' chance times the player's own choices), and
    ``p_hole_½``, ``p_hole_1``... the posterior of the player's face-down card given all the
    banker sees. ``attrs`` as `player_table`'s (``rules``, and ``restriction_codes`` for a
    restricted game: the banker plays against the restricted
    equilibrium player).

    What else the banker sees gets a column of its own, only under the rules that have it
    (the Italian table's columns are the ones above):

    - ``stake``, when the stake is chosen after the first card (the banker sees it, and the
      posterior depends on it): a situation appears once per stake the player picks;
    - ``burnt`` under ``burn``: the card the player burnt ('' for none);
    - ``swapped`` under ``swap_hidden``: the cards the player turned face up by swapping, in
      order ('' for none). After a swap the hand goes on in a subgame
      (`settemezzo.game.HeadsUpGame.swap_subgame`) where the banker plays the subgame's
      equilibrium strategy; its rows follow those of the main game, for every swap the
      equilibrium player makes (as `player_table`'s), with ``up`` every face-up card in order
      (the swapped ones included), the posterior that of the player's *current* face-down
      card, and ``stood_chance`` including the chance of the cards and choices before the
      swap. For each swap path (the stake, the order of the face-up cards) the subgame's
      rows appear once: the banker plays the same way on every path (the subgame is
      proper), but ``stood_chance`` is the path's.

    A hand split into two (``split_figures``) is played face up (`settemezzo.split`): the
    banker then sees everything and has no row here.
    """
    if max_up is not None and (not isinstance(max_up, int) or max_up < 0):
        raise InputError(f"max_up must be a non-negative whole number or None, got {max_up!r}")
    game = heads_up(rules, deck)
    eq = equilibrium(game)
    records: list[dict[str, Any]] = []
    extra = {"stake": game.stake_choice, "burnt": bool(rules.burn),
             "swapped": rules.swap_hidden}
    _banker_rows(records, _Path(game, eq.banker, eq.player, True), max_up,
                 [k.label for k in game.kinds], extra, {})
    df = pd.DataFrame.from_records(records)
    df.attrs["rules_spec"] = rules.spec()
    _mark_restriction(df, rules)
    return df


@dataclass(frozen=True)
class _Situation:
    """The banker's rows of one public state of one (sub)game after the player stood, before
    the path to the game is known: `_banker_rows` adds the path's cards, stake and chance."""

    up: tuple[str, ...]                 # face-up cards turned up inside this game
    stake: int
    burnt: str
    stood: float                        # the chance of standing here, within this game
    make: Callable[[], list[tuple[dict[str, Any], dict[str, float]]]]

    @cached_property
    def hands(self) -> list[tuple[dict[str, Any], dict[str, float]]]:
        """Per banker hand: its columns before ``stood_chance``, and the posterior's
        ``p_hole_*`` after it (made when first read: most situations of a game with swaps
        lie beyond ``max_up`` on every path)."""
        return self.make()


def _situations(game: HeadsUpGame, banker: BankerStrategy, player: PlayerStrategy,
                hole_labels: list[str]) -> list[_Situation]:
    """The banker's situations of ``game`` after the player stood, in table order."""
    s = game_solver(game, False)
    _, stand = s.realization([float(p) for p in player.hit])
    weights = np.array(s.reach) * np.array(stand)
    rows = s.stand_rows
    assert isinstance(rows, FloatRows)
    by_public: dict[int, list[int]] = {}
    for st in game.infosets:
        if weights[st.index] > 1e-15:
            by_public.setdefault(st.public, []).append(st.index)
    nodes = _BankerNodes(game)
    column = {h: c for c, h in enumerate(hole_labels)}
    out = []
    for g, members in sorted(by_public.items(),
                             key=lambda kv: (len(game.infosets[kv[1][0]].up), kv[0])):
        first = game.infosets[members[0]]
        out.append(_Situation(tuple(k.label for k in first.up), first.stake,
                              first.burnt.label if first.burnt is not None else "",
                              float(sum(weights[i] for i in members)),
                              partial(nodes.hands, g, members, weights, rows, banker,
                                      column)))
    return out


class _BankerNodes:
    """The banker's hands of a game (its root left out) as arrays, each hand's cards and
    total in words made once: the rows of every public state read them."""

    def __init__(self, game: HeadsUpGame) -> None:
        self.game = game
        nodes = game.banker_nodes[1:]
        self.total = np.array([nd.total for nd in nodes], dtype=np.int64)
        self.index = np.array([nd.index for nd in nodes], dtype=np.int64)
        self.cards = [" ".join(k.label for k, c in zip(game.kinds, nd.counts, strict=True)
                               for _ in range(c)) for nd in nodes]
        self.points = [points_label(nd.total) for nd in nodes]

    def hands(self, g: int, members: list[int], weights: Any, rows: FloatRows,
              banker: BankerStrategy, column: dict[str, int]
              ) -> list[tuple[dict[str, Any], dict[str, float]]]:
        """The banker columns of public state ``g`` (information sets ``members``), two dicts
        (`_Situation.hands`) per banker hand with a real choice (a total between the
        player's lowest and highest: above, standing surely wins; below, it surely loses)
        and a chance above 1e-15."""
        infosets = self.game.infosets
        totals = [infosets[i].total for i in members]
        pick = np.flatnonzero((self.total >= min(totals)) & (self.total <= max(totals)))
        mem = np.array(members)
        joint = weights[mem] * rows.P[np.ix_(self.index[pick], rows.inv[mem])]
        mass = joint.sum(axis=1)
        keep = np.flatnonzero(mass > 1e-15)
        post = np.zeros((len(keep), len(column)))
        hole = np.array([column[infosets[i].hole.label] for i in members])
        np.add.at(post.T, hole, (joint[keep] / mass[keep, None]).T)  # in members' order
        hit = banker.hit[g]
        keys = [f"p_hole_{h}" for h in column]
        out = []
        for r, k in enumerate(keep):
            n = int(pick[k])
            out.append(({"banker": self.cards[n], "banker_total": self.points[n],
                         "banker_total_half": int(self.total[n]),
                         "hit_probability": float(hit[self.index[n]])},
                        dict(zip(keys, post[r].tolist(), strict=True))))
        return out


def _banker_rows(records: list[dict[str, Any]], path: _Path, max_up: int | None,
                 hole_labels: list[str], extra: dict[str, bool],
                 memo: dict[Any, list[_Situation]]) -> None:
    """Add the banker's rows of ``path.game`` to ``records`` (see `banker_table`), then those
    of the subgames after the swaps the equilibrium player makes (a subgame reached by
    several paths is worked out once: ``memo``)."""
    game = path.game
    key = subgame_key(game)   # the same subgame on several paths: the same situations
    if key not in memo:
        memo[key] = _situations(game, path.banker, path.player, hole_labels)
    scale = float(path.deal) * path.own   # the chance of the cards and choices before
    for sit in memo[key]:
        up = (*path.before, *sit.up)
        if max_up is not None and len(up) > max_up:
            continue
        head = {
            "up": " ".join(up), "n_up": len(up),
            **({"stake": path.stake or sit.stake} if extra["stake"] else {}),
            **({"burnt": path.burnt or sit.burnt} if extra["burnt"] else {}),
            **({"swapped": " ".join(path.swapped)} if extra["swapped"] else {}),
        }
        stood = sit.stood * scale if scale != 1 else sit.stood
        for hand, posterior in sit.hands:
            records.append({**head, **hand, "stood_chance": stood, **posterior})
    if not game.swap_target:
        return
    own, _ = reaches(game, path.player.hit, False)
    for i in game.swap_target:
        go = own[i] * float(path.player.hit[i])
        st = game.infosets[i]
        after = (*path.before, *(k.label for k in st.up), st.hole.label)
        if go < REACH_EPS or (max_up is not None and len(after) > max_up):
            continue  # a swap the player never makes, or too many cards up after it
        sub = game.swap_subgame(i)
        _banker_rows(records, _Path(
            sub, sub_banker(path.banker, game, i), sub_player(path.player, game, i), True,
            path.stake or st.stake, path.deal * st.reach, path.own * go, 1.0, after,
            (*path.swapped, st.hole.label),
            path.burnt or (st.burnt.label if st.burnt is not None else "")), max_up,
            hole_labels, extra, memo)


_PLAIN = (Kind.FIGURE, Kind.ACE, Kind.TWO, Kind.THREE, Kind.FOUR, Kind.FIVE, Kind.SIX,
          Kind.SEVEN)


def bust_chance_data(rules: Rules = ITALIAN) -> pd.DataFrame:
    """The exact chance that one more card busts, from a fresh deck, by total.

    Two series: ``one_card`` (a hand of one face-down card of each value, the rest of the
    deck unseen) and ``two_cards`` (for each total, the average over the two-card hands
    making it, weighted by their chance to be dealt; hands already finished - 7½, a pair of
    sevens - are left out). The wild K♦ is left out of the hands (not out of the deck).
    Columns: ``series``, ``total_half``, ``total``, ``bust`` (float), ``bust_exact``
    (the fraction as text), ``weight`` (chance of such a hand).
    """
    full = Unseen.full()
    counts = dict(draw_kinds(full, rules))
    n = full.total
    records = []
    for k in _PLAIN:
        p = bust_chance((k,), full.remove(k), rules)
        records.append(("one_card", k.half_points, p, Fraction(counts[k], n)))
    pairs: dict[int, list[Fraction]] = {}
    for i, a in enumerate(_PLAIN):
        for b in _PLAIN[i:]:
            hand = (a, b)
            if is_finished(hand, rules):
                continue
            if a == b:
                w = Fraction(counts[a] * (counts[a] - 1), n * (n - 1))
            else:
                w = Fraction(2 * counts[a] * counts[b], n * (n - 1))
            p = bust_chance(hand, full.remove(a).remove(b), rules)
            acc = pairs.setdefault(total(hand, rules), [Fraction(0), Fraction(0)])
            acc[0] += w * p
            acc[1] += w
    for tot, (wp, w) in sorted(pairs.items()):
        records.append(("two_cards", tot, wp / w, w))
    return pd.DataFrame({
        "series": [r[0] for r in records],
        "total_half": [r[1] for r in records],
        "total": [points_label(r[1]) for r in records],
        "bust": [float(r[2]) for r in records],
        "bust_exact": [str(r[2]) for r in records],
        "weight": [float(r[3]) for r in records],
    })


@dataclass(frozen=True)
class HandoutNumbers:
    """The few numbers a beginner should remember, for one rule set (heads-up)."""

    rules: Rules
    banker_edge: float                   # both sides at equilibrium
    thresholds: dict[int, float]         # threshold (half-points) -> player's value vs the
    #                                      equilibrium banker
    bust: pd.DataFrame                   # `bust_chance_data`

    @property
    def best_threshold(self) -> int:
        """The threshold (half-points) whose rule of thumb loses least."""
        return max(self.thresholds, key=lambda k: (self.thresholds[k], -k))


def handout_numbers(rules: Rules = ITALIAN) -> HandoutNumbers:
    """Compute the handout's numbers: the equilibrium edge, every rule of thumb 'hit below
    K' (K = 3 .. 7 points, halves too) against the equilibrium banker, the bust chances.
    Every number is per unit of expected stake (stakes chosen after the first card, split
    hands), as `settemezzo.solve.Equilibrium.banker_edge`. For a restricted game
    (`settemezzo.game.restriction_codes`) the edge is at most this (`handout_page` says so).
    `settemezzo.results` keeps them per rule set."""
    game = heads_up(rules)
    eq = equilibrium(game)
    values = {}
    for k in range(6, 15):
        policy = threshold_name(k)
        value = float(evaluate(policy, eq.banker, game))
        values[k] = value / float(expected_stake(policy, eq.banker, game))
    return HandoutNumbers(rules, eq.banker_edge, values, bust_chance_data(rules))
