"""Strategy tables as pandas DataFrames, and one-line advice for a hand.

- `player_table`: one row per player hand state (face-down card, face-up cards in order):
  bust chance of the next hit, win chance and expected value of standing and of hitting
  (then playing on well), the best action, the equilibrium's hitting frequency, and what the
  wrong action costs. Against the equilibrium banker, a ``threshold:K`` banker, or the
  omniscient one.
- `banker_table`: for each visible player situation and banker hand, the equilibrium
  banker's chance of hitting, and the posterior of the player's face-down card behind it.
- `advise`: the answer to a beginner's question, "face-down 5, nothing up: stand or hit,
  and by how much?"

>>> a = advise("7", against="threshold:5")
>>> a.best, a.stand_ev > a.hit_ev
('stand', True)
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np
import pandas as pd

from settemezzo.cards import CardSpec, Kind, Unseen, kind_of, parse_specs
from settemezzo.game import HeadsUpGame, heads_up, restriction, restriction_codes
from settemezzo.hands import describe_score
from settemezzo.rules import ITALIAN, Rules, RulesError
from settemezzo.solve import (
    BankerStrategy,
    PlayerStrategy,
    _reply,
    _solver,
    _split_terms,
    _sub_banker,
    _sub_player,
    banker_policy,
    equilibrium,
)

__all__ = ["Advice", "advise", "banker_table", "player_table", "resolve_banker",
           "shared_player_table"]

MIXED_EPS = 1e-6
TIE = 1e-9


def _best_label(stand_ev: Fraction | float, hit_ev: Fraction | float,
                hit_frequency: float | None) -> str:
    """'stand', 'hit', 'mixed' or 'either'.

    Against a fixed banker the values are exact, so equal values are a true tie: 'either'.
    Against the equilibrium banker, values within `TIE` (the solver's precision) are a tie,
    and the equilibrium player's own frequency says what it does there: 'mixed' when it
    randomises, else the action it takes.
    """
    if hit_frequency is None:
        if hit_ev == stand_ev:
            return "either"
        return "hit" if hit_ev > stand_ev else "stand"
    if abs(float(hit_ev) - float(stand_ev)) < TIE:
        if MIXED_EPS < hit_frequency < 1 - MIXED_EPS:
            return "mixed"
        return "hit" if hit_frequency >= 0.5 else "stand"
    return "hit" if hit_ev > stand_ev else "stand"


def resolve_banker(against: str | BankerStrategy, game: HeadsUpGame) -> BankerStrategy:
    """``equilibrium``, ``omniscient`` or ``threshold:K`` as a banker strategy."""
    if isinstance(against, BankerStrategy):
        return against
    if against.strip().lower() == "equilibrium":
        return equilibrium(game).banker
    return banker_policy(against, game)


@dataclass(frozen=True)
class _Columns:
    stand_ev: list[Any]
    hit_ev: list[Any]
    stand_win: list[Any]
    hit_win: list[Any]
    bust: list[Any]
    seven_half: list[Any]
    up_ev: list[Any]   # action 0 of each decision other than stand/hit (a swap: face up)


def _columns(game: HeadsUpGame, banker: BankerStrategy) -> _Columns:
    exact = banker.exact
    sv = _solver(game, exact, "value")
    sw = _solver(game, exact, "win")
    r = _reply(game, banker, win=True)
    stand_ev, shown_ev, V = r.stand, r.T, r.V
    stand_win, shown_win, W = r.stand_win, r.T_win, r.W
    assert W is not None and shown_win is not None
    hit_ev, hit_win, bust, seven, up_ev = [], [], [], [], []
    for st in game.infosets:
        i = st.index
        q0, q1 = sv.action_values(i, stand_ev, shown_ev, V)
        hit_ev.append(q1)
        up_ev.append(q0)
        hit_win.append(sw.action_values(i, stand_win, shown_win, W)[1])
        b = sh = 0 * sv.reach[i]
        j, kids, probs = i, st.children, sv.child_prob[i]
        if len(kids) == 1 and kids[0].infoset >= 0 \
                and game.infosets[kids[0].infoset].kind == "swap":
            # swap_hidden: the card comes after the swap choice (face up: children0)
            j = kids[0].infoset
            kids, probs = game.infosets[j].children0, sv.child_prob0[j]
        for ci, ch in enumerate(kids):
            if ch.infoset < 0:
                if ch.score == 0:
                    b += probs[ci]
                else:
                    sh += probs[ci]
        bust.append(b)
        seven.append(sh)
    return _Columns(list(stand_ev), hit_ev, list(stand_win), hit_win, bust, seven, up_ev)


def player_table(rules: Rules = ITALIAN, against: str | BankerStrategy = "equilibrium",
                 deck: Unseen | None = None) -> pd.DataFrame:
    """One row per player hand state, against the banker ``against``.

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
      strategy chart. Italian rules: 1 against a fixed banker, as before.

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

    ``attrs``: ``rules`` (`Rules.describe`), ``against`` (the banker's name), and, when the
    exact game restricts the player (`settemezzo.game.restriction`), ``restriction`` (that
    sentence, in English) and ``restriction_codes`` (its codes, for labels in any language):
    the values are then at least what the player can get (the banker's edge at most).
    """
    game = heads_up(rules, deck)
    banker = resolve_banker(against, game)
    is_eq = isinstance(against, str) and against.strip().lower() == "equilibrium"
    player = equilibrium(game).player if is_eq else _reply(game, banker).strategy
    records: list[dict[str, Any]] = []
    _player_rows(records, _Path(game, banker, player, is_eq))
    df = pd.DataFrame.from_records(records)
    df.attrs["rules"] = rules.describe()
    df.attrs["against"] = banker.name
    _mark_restriction(df, rules)
    return df


REACH_EPS = 1e-9
"""``own_reach`` below this is 0: the equilibrium's frequencies carry solver noise (1e-14)."""


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


def _reaches(game: HeadsUpGame, hit: tuple[Any, ...], exact: bool
             ) -> tuple[list[float], list[float]]:
    """``own_reach`` and ``chart_reach`` of every information set (see `player_table`)."""
    raw, _ = _solver(game, exact).realization(hit)
    own = [0.0 if float(x) < REACH_EPS else min(1.0, float(x)) for x in raw]
    chart = list(own)
    for st in game.infosets:  # parents come first
        i, par = st.index, st.parent
        if own[i] == 0.0 and par >= 0 and st.parent_action == 1 \
                and game.infosets[par].kind == "play":
            chart[i] = chart[par]  # behind the player's own stand: a "what if I hit" row
    return own, chart


def _player_rows(records: list[dict[str, Any]], path: _Path) -> None:
    """Add the rows of ``path.game`` to ``records``, then those of the subgames after the
    swaps the strategy makes."""
    game, player = path.game, path.player
    cols = _columns(game, path.banker)
    freq: list[float | None] = ([float(p) for p in player.hit] if path.is_eq
                                else [None] * len(game.infosets))
    own, chart = _reaches(game, player.hit, path.banker.exact and player.exact)
    mult = path.stake or 1   # a subgame's values are per unit stake
    plain = path.banker.kind != "behavioural"
    for st in game.infosets_of_kind("play"):
        i = st.index
        se, he = cols.stand_ev[i] * mult, cols.hit_ev[i] * mult
        f = freq[i]
        best = _best_label(se, he, f)
        up = (*path.before, *(k.label for k in st.up))
        records.append({
            "hole": st.hole.label,
            "up": " ".join(up),
            "n_up": len(up),
            "total": describe_score(st.total),
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
            sub, _sub_banker(path.banker, game, i), _sub_player(player, game, i),
            path.is_eq, path.stake or st.stake, path.deal * st.reach, path.own * go,
            path.chart * chart[i] * float(player.hit[i]),
            (*path.before, *(k.label for k in st.up), st.hole.label),
            (*path.swapped, st.hole.label),
            path.burnt or (st.burnt.label if st.burnt is not None else "")))


def _mark_restriction(df: pd.DataFrame, rules: Rules) -> None:
    """Name the restriction of the exact game in ``df.attrs`` (nothing when it is whole)."""
    codes = restriction_codes(rules)
    if codes:
        df.attrs["restriction"] = restriction(rules)
        df.attrs["restriction_codes"] = codes


@functools.lru_cache(maxsize=32)
def shared_player_table(rules: Rules = ITALIAN, against: str = "equilibrium",
                        deck: Unseen | None = None) -> pd.DataFrame:
    """`player_table`, computed once per process and shared by the charts, the command line
    and the widgets (a table of the SPANISH rules takes most of a minute): do not modify it.
    """
    return player_table(rules, against, deck)


def _swap_columns(game: HeadsUpGame, st: Any, cols: _Columns, freq: list[float | None],
                  plain: bool, mult: int = 1) -> dict[str, float | None]:
    """Under ``swap_hidden``: when hitting, what turning the face-down card up (and taking
    the new card face down) gains over taking the new card face up, and how often the
    equilibrium player does it (``swap_gain``, ``swap_frequency``). Against a banker that
    does not read the face-up cards (``plain``) the gain is exactly 0 (see `solve._reply`)."""
    kids = st.children
    if len(kids) != 1 or kids[0].infoset < 0 or game.infosets[kids[0].infoset].kind != "swap":
        return {"swap_gain": None, "swap_frequency": None}
    j = kids[0].infoset
    gain = 0.0 if plain else (float(cols.hit_ev[j]) - float(cols.up_ev[j])) * mult
    return {"swap_gain": gain, "swap_frequency": freq[j]}


@dataclass(frozen=True)
class Advice:
    """Stand or hit for one hand, with the numbers behind it (exact against a fixed banker)."""

    hand: str
    against: str
    rules: str
    best: str
    stand_ev: Fraction | float
    hit_ev: Fraction | float
    stand_win: Fraction | float
    hit_win: Fraction | float
    bust_if_hit: Fraction
    seven_half_if_hit: Fraction
    hit_frequency: float | None
    split_ev: float | None = None          # splitting the two figures (all hands' stakes)
    split_frequency: float | None = None   # the equilibrium player's chance of splitting
    restriction: str = ""                  # what the exact game keeps the player from
    #                                        (`settemezzo.game.restriction`; "" if nothing)

    @property
    def margin(self) -> Fraction | float:
        """How much better hitting is than standing, in stakes (negative: stand)."""
        return self.hit_ev - self.stand_ev

    def sentence(self) -> str:
        """The answer in plain words."""
        m = abs(float(self.margin))
        ev = f"stand {float(self.stand_ev):+.3f}, hit {float(self.hit_ev):+.3f} stakes"
        bust = f"a hit busts {float(self.bust_if_hit):.0%} of the time"
        if m < TIE:
            if self.best == "mixed" and self.hit_frequency is not None:
                how = f"the equilibrium player hits {self.hit_frequency:.0%} of the time"
            else:
                how = f"the equilibrium player chooses to {self.best}"
            return (f"{self.hand}: either - both plays are worth the same against the "
                    f"{self.against} banker ({ev}; {bust}); {how}, which keeps the banker "
                    f"from exploiting it.")
        other = "stand" if self.best == "hit" else "hit"
        return (f"{self.hand}: {self.best.upper()} - worth {m:.3f} stakes more than to "
                f"{other} ({ev}; {bust}) against the {self.against} banker.")

    def split_sentence(self) -> str:
        """Under ``split_figures`` with two figures: split them or play them as one hand."""
        if self.split_ev is None:
            return ""
        keep = max(float(self.stand_ev), float(self.hit_ev))
        gain = self.split_ev - keep
        verb = "SPLIT" if gain > TIE else ("either" if abs(gain) <= TIE else "do not split")
        how = (f"; the equilibrium player splits {self.split_frequency:.0%} of the time"
               if self.split_frequency is not None else "")
        return (f"Split them? {verb}: splitting is worth {self.split_ev:+.3f} stakes in all "
                f"(two hands), playing on as one hand {keep:+.3f}{how}.")

    def restriction_sentence(self) -> str:
        """For a restricted game (SPANISH), what the numbers leave out; "" otherwise."""
        if not self.restriction:
            return ""
        return f"Restricted game: {self.restriction}."

    def __str__(self) -> str:
        return " ".join(x for x in (self.sentence(), self.split_sentence(),
                                    self.restriction_sentence()) if x)


def advise(hole: str | CardSpec, up: str | Iterable[str | CardSpec] = (), *,
           rules: Rules = ITALIAN, against: str | BankerStrategy = "equilibrium") -> Advice:
    """Stand or hit with face-down ``hole`` and face-up ``up`` (in order), and by how much."""
    game = heads_up(rules)
    h = kind_of(parse_specs([hole])[0])
    u = tuple(kind_of(x) for x in (parse_specs(up) if up else []))
    if not rules.wild_king:
        h = Kind.FIGURE if h is Kind.KING_OF_DIAMONDS else h
        u = tuple(Kind.FIGURE if k is Kind.KING_OF_DIAMONDS else k for k in u)
    st = game.infoset(h, u)
    banker = resolve_banker(against, game)
    cols = _columns(game, banker)
    i = st.index
    freq = None
    if isinstance(against, str) and against.strip().lower() == "equilibrium":
        freq = float(equilibrium(game).player.hit[i])
    se, he = cols.stand_ev[i], cols.hit_ev[i]
    best = _best_label(se, he, freq)
    split_ev = split_freq = None
    if st.parent >= 0 and game.infosets[st.parent].kind == "split":
        j = st.parent  # two figures: splitting comes before standing or hitting
        split_ev = float(_split_terms(game, banker if banker.kind == "threshold" else None)
                         [0][j]) * st.stake
        if freq is not None:
            split_freq = float(equilibrium(game).player.hit[j])
    return Advice(f"face-down {st.hole.label}" + (f", up {' '.join(k.label for k in u)}"
                                                  if u else ", nothing up"),
                  banker.name, rules.describe(), best, se, he, cols.stand_win[i],
                  cols.hit_win[i], Fraction(cols.bust[i]), Fraction(cols.seven_half[i]), freq,
                  split_ev, split_freq, restriction(rules))


def banker_table(rules: Rules = ITALIAN, max_up: int | None = 2,
                 deck: Unseen | None = None) -> pd.DataFrame:
    """The equilibrium banker after the player stood: one row per visible situation and
    banker hand where the banker has a real choice.

    Columns: ``up`` (the player's face-up cards, in order), ``n_up``, ``banker`` (banker
    cards, a multiset), ``banker_total``, ``banker_total_half``, ``hit_probability``,
    ``stood_chance`` (chance that the equilibrium player stands with exactly these face-up
    cards), and ``p_hole_½``, ``p_hole_1``... the posterior of the
    player's face-down card given all the banker sees. ``attrs`` as `player_table`'s
    (``rules``, and ``restriction`` / ``restriction_codes`` for a restricted game: the banker
    plays against the restricted equilibrium player).
    """
    if max_up is not None and (not isinstance(max_up, int) or max_up < 0):
        raise RulesError(f"max_up must be a non-negative whole number or None, got {max_up!r}")
    game = heads_up(rules, deck)
    eq = equilibrium(game)
    s = _solver(game, False)
    _, stand = s.realization([float(p) for p in eq.player.hit])
    weights = np.array(s.reach) * np.array(stand)
    rows = s.stand_rows
    hole_labels = [k.label for k in game.kinds]
    by_public: dict[int, list[int]] = {}
    for st in game.infosets:
        if weights[st.index] > 1e-15 and (max_up is None or len(st.up) <= max_up):
            by_public.setdefault(st.public, []).append(st.index)
    records = []
    for g, members in sorted(by_public.items(), key=lambda kv: (len(game.publics[kv[0]]),
                                                                 kv[0])):
        up = game.infosets[members[0]].up
        totals = [game.infosets[i].total for i in members]
        lo, hi = min(totals), max(totals)
        stood = float(sum(weights[i] for i in members))
        for nd in game.banker_nodes[1:]:
            if not lo <= nd.total <= hi:
                continue  # standing surely wins (above) or surely loses (below): no choice
            joint = np.array([weights[i] * rows.P[nd.index][i] for i in members])
            mass = joint.sum()
            if mass <= 1e-15:
                continue
            post = dict.fromkeys(hole_labels, 0.0)
            for i, w in zip(members, joint, strict=True):
                post[game.infosets[i].hole.label] += w / mass
            cards = " ".join(k.label for k, c in zip(game.kinds, nd.counts, strict=True)
                             for _ in range(c))
            records.append({
                "up": " ".join(k.label for k in up), "n_up": len(up), "banker": cards,
                "banker_total": describe_score(nd.total), "banker_total_half": nd.total,
                "hit_probability": float(eq.banker.hit[g, nd.index]),
                "stood_chance": stood,
                **{f"p_hole_{h}": post[h] for h in hole_labels},
            })
    df = pd.DataFrame.from_records(records)
    df.attrs["rules"] = rules.describe()
    _mark_restriction(df, rules)
    return df
