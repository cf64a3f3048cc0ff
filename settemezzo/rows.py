"""The row of the player table that answers one hand, computed from the game: what
`settemezzo.tables` (every row) and `settemezzo.advice` (one hand) share.

- `columns`: the values of standing and hitting at every decision against one banker (kept
  per banker name in the game's memo: `named_columns`), with the player's best reply;
- `best_label`: 'stand', 'hit', 'mixed' or 'either' from two values (and the equilibrium
  player's frequency);
- `reaches`: how often the player's own choices lead to each decision; `copy_rank` and
  `stake_copy`: which stake copy of a hand the strategy plays, when the stake is chosen
  after the first card;
- `game_row`: the `HandRow` of one decision (`decision_columns`: its values alone, without the
  table's columns).

The solver is imported at the first computation, not with this module: `settemezzo.advice`
reads shipped tables without it.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from settemezzo.game import HeadsUpGame
    from settemezzo.solve import BankerStrategy, PlayerStrategy

__all__ = ["MIXED_EPS", "REACH_EPS", "TIE", "Columns", "HandRow", "best_label", "columns",
           "copy_rank", "decision_columns", "game_row", "named_columns", "reaches",
           "resolve_banker", "stake_copy"]


MIXED_EPS = 1e-6


TIE = 1e-9


def best_label(stand_ev: Fraction | float, hit_ev: Fraction | float,
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


@dataclass(frozen=True)
class HandRow:
    """The row of a player table that answers one hand (`answer_row`): its values per unit
    stake (exact fractions against a fixed banker when computed; floats from a table), the
    banker's name, the stake in chips of the copy it is (None: no stake choice), and ``best``
    (`best_label` of the values per unit stake)."""

    against: str
    stake: int | None
    stand_ev: Fraction | float
    hit_ev: Fraction | float
    stand_win: Fraction | float
    hit_win: Fraction | float
    hit_frequency: float | None
    best: str


def copy_rank(own: float, own_first: float, stake: int) -> tuple[float, float, int]:
    """How a stake copy of a hand ranks among the copies (the highest answers the hand): the
    strategy's own reach of it; then its own reach of the first decision with the same
    face-down card at that stake (the stake it picks for the card); then the lower stake."""
    return (own, own_first, -stake)


def resolve_banker(against: str | BankerStrategy, game: HeadsUpGame) -> BankerStrategy:
    """``equilibrium``, ``omniscient`` or ``threshold:K`` as a banker strategy."""
    from settemezzo.solve import BankerStrategy, banker_policy, equilibrium

    if isinstance(against, BankerStrategy):
        return against
    if against.strip().lower() == "equilibrium":
        return equilibrium(game).banker
    return banker_policy(against, game)


@dataclass(frozen=True)
class Columns:
    stand_ev: list[Any]
    hit_ev: list[Any]
    stand_win: list[Any]
    hit_win: list[Any]
    bust: list[Any]
    seven_half: list[Any]
    up_ev: list[Any]   # action 0 of each decision other than stand/hit (a swap: face up)
    strategy: PlayerStrategy   # the player's best reply to the banker


def columns(game: HeadsUpGame, banker: BankerStrategy) -> Columns:
    """The values at every decision of ``game`` against ``banker``, and the player's best
    reply to it."""
    from settemezzo.solve.state import game_solver
    from settemezzo.solve.walk import player_reply

    exact = banker.exact
    sv = game_solver(game, exact, "value")
    sw = game_solver(game, exact, "win")
    r = player_reply(game, banker, win=True)
    stand_ev, shown_ev, V = r.stand, r.T, r.V
    stand_win, shown_win, W = r.stand_win, r.T_win, r.W
    assert W is not None and shown_win is not None
    up_ev, hit_ev = sv.every_action_value(stand_ev, shown_ev, V)
    hit_win = sw.every_action_value(stand_win, shown_win, W)[1]
    bust, seven = [], []
    for st in game.infosets:
        i = st.index
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
    return Columns(list(stand_ev), hit_ev, list(stand_win), hit_win, bust, seven, up_ev,
                    r.strategy)


def named_columns(game: HeadsUpGame, against: str) -> Columns:
    """`columns` against the banker named ``against``, kept with the solver's state of the
    game (a SPANISH table of values takes seconds: `advise` asks again for every hand)."""
    from settemezzo.solve.state import state_of

    key = ("columns", game.rules, against)
    kept = state_of(game).table_columns
    if key not in kept:
        kept[key] = columns(game, resolve_banker(against, game))
    out: Columns = kept[key]
    return out


def decision_columns(game: HeadsUpGame, i: int, against: str) -> tuple[Any, Any, Any, Any]:
    """The values at decision ``i`` alone of `named_columns`' (the same numbers): standing
    and hitting, in value and in chance of winning, against the banker named ``against``,
    the player's best reply after. The best reply is computed once per game and kept; each
    decision then reads its two actions' values, without the table's other columns."""
    from settemezzo.solve.state import game_solver, state_of
    from settemezzo.solve.walk import player_reply

    kept = state_of(game).table_columns
    whole = kept.get(("columns", game.rules, against))
    if whole is not None:
        return whole.stand_ev[i], whole.hit_ev[i], whole.stand_win[i], whole.hit_win[i]
    key = ("reply", game.rules, against)
    if key not in kept:
        banker = resolve_banker(against, game)
        r = player_reply(game, banker, win=True)
        sv, sw = (game_solver(game, banker.exact, m) for m in ("value", "win"))
        assert r.W is not None and r.T_win is not None
        kept[key] = (r.stand, sv.every_action_value(r.stand, r.T, r.V)[1], r.stand_win,
                     sw.every_action_value(r.stand_win, r.T_win, r.W)[1])
    stand_ev, hit_ev, stand_win, hit_win = kept[key]
    return stand_ev[i], hit_ev[i], stand_win[i], hit_win[i]


REACH_EPS = 1e-9
"""``own_reach`` below this is 0: the equilibrium's frequencies carry solver noise (1e-14)."""


def reaches(game: HeadsUpGame, hit: tuple[Any, ...], exact: bool
            ) -> tuple[list[float], list[float]]:
    """``own_reach`` and ``chart_reach`` of every information set (see
    `settemezzo.tables.player_table`)."""
    from settemezzo.solve.state import game_solver

    raw, _ = game_solver(game, exact).realization(hit)
    own = [0.0 if float(x) < REACH_EPS else min(1.0, float(x)) for x in raw]
    chart = list(own)
    for st in game.infosets:  # parents come first
        i, par = st.index, st.parent
        if own[i] == 0.0 and par >= 0 and st.parent_action == 1 \
                and game.infosets[par].kind == "play":
            chart[i] = chart[par]  # behind the player's own stand: a "what if I hit" row
    return own, chart


def stake_copy(game: HeadsUpGame, st: Any, player: PlayerStrategy, exact: bool) -> int:
    """The stake copy of decision ``st`` (the hand kept, no swap) that ``player`` uses: the
    one `copy_rank` puts first (as `settemezzo.advice.answer_rows` picks it in a table)."""
    own, _ = reaches(game, player.hit, exact)
    best: tuple[float, float, int] | None = None
    pick: int = st.index
    for stake in game.stakes:
        i = game.key_index.get(("play", stake, st.burnt, st.hole, st.events))
        first = game.key_index.get(("play", stake, st.burnt, st.hole, ()))
        if i is None or first is None:
            continue
        key = copy_rank(own[i], own[first], stake)
        if best is None or key > best:
            best, pick = key, i
    return pick


def game_row(game: HeadsUpGame, st: Any, against: str | BankerStrategy, *,
             table: bool = True) -> tuple[HandRow, int]:
    """`settemezzo.results.answers.answer_row` computed from the game, for decision ``st`` (at the
    lowest stake: the copy the strategy uses is picked here), and the information set of
    that copy. ``table``: False, with the equilibrium banker, reads the values of that
    decision alone (`decision_columns`: the same numbers, without the table's columns)."""
    from settemezzo.solve import equilibrium

    banker = resolve_banker(against, game)
    is_eq = isinstance(against, str) and against.strip().lower() == "equilibrium"
    # a banker named by a string: the columns are computed once per game
    cols = None if is_eq and not table else (
        named_columns(game, against.strip().lower()) if isinstance(against, str)
        else columns(game, banker))
    stake: int | None = None
    if game.stake_choice:
        player = equilibrium(game).player if is_eq or cols is None else cols.strategy
        st = game.infosets[stake_copy(game, st, player, banker.exact and player.exact)]
        stake = st.stake
    i = st.index
    freq = float(equilibrium(game).player.hit[i]) if is_eq else None
    se, he, sw, hw = (decision_columns(game, i, "equilibrium") if cols is None else
                      (cols.stand_ev[i], cols.hit_ev[i], cols.stand_win[i], cols.hit_win[i]))
    if stake is not None:  # chips at this stake -> per unit stake
        se, he = se / stake, he / stake
    return HandRow(banker.name, stake, se, he, sw, hw, freq, best_label(se, he, freq)), i
