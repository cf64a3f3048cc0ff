"""Simulating whole tables and sessions: `simulate`, its results, and the classroom `Table`.

A *session* is one game: seat 0 holds the bank first, seat 1 plays first (seats are
numbered anticlockwise, the banker's right first), everyone starts with
``rules.chips_for(people)`` chips (or unlimited credit with ``chips=None``), and it lasts
``rules.rounds`` hands (15 for SPANISH, with rising stake limits) or ``session_hands`` for a
game with no set end (ITALIAN), unless one seat wins every chip first.

Decisions where docs/rules.md is silent, taken here:

- a stake is clipped to the round's limits and to the player's chips; a player with fewer
  chips than the minimum stakes them all; a split needs chips for the second stake;
- losing stakes are collected first, then the banker pays the winners in playing order as
  far as its chips go (``unpaid`` counts the rest); a seat left with no chips is eliminated;
- if every player went bust the banker does not play; a hit with no card left anywhere (all
  40 in hands) stands;
- a split hand takes the card just dealt (face up, or face down after a swap);
- keep-the-bank sale (``sale=(price, after)``): after the banker has held the bank ``after``
  hands it sells it for ``price`` chips to the first player in playing order who has more;
- in the keep variant, as in the Italian passing, with ``royal`` only a royal 7½ takes the
  bank; a pair of sevens never does.
"""

from __future__ import annotations

import math
import os
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt
import pandas as pd

from settemezzo.cards import Card, Kind, Rank, Suit
from settemezzo.errors import IllegalActionError, InputError
from settemezzo.limits import (
    CHIPS_REASON,
    HANDS_REASON,
    MAX_CHIPS,
    MAX_HANDS,
    MAX_RECORDED_HANDS,
    MAX_SESSION_HANDS,
    MAX_SESSIONS,
    RECORDED_REASON,
    SESSION_HANDS_REASON,
    SESSIONS_REASON,
)
from settemezzo.limits import check_count as _limit
from settemezzo.odds import points_label
from settemezzo.rules import Rules, preset
from settemezzo.simulate.cluster import (
    CHUNK_HANDS,
    ChunkResult,
    EngineSpec,
    EngineState,
    chunk_sizes,
    run_chunks,
)
from settemezzo.simulate.dealing import total
from settemezzo.simulate.layout import (
    NC,
    NK,
    NSEAT,
    NSLOT,
    NSP,
    Acc,
    BankerKind,
    Conf,
    Hand,
    HandStatus,
    Player,
    PlayerKind,
    PosAcc,
    SeatAcc,
    SeatParam,
    State,
    Status,
)
from settemezzo.simulate.play import posteriors
from settemezzo.simulate.strategies import (
    DECISIONS,
    Seat,
    StrategyError,
    banker_tables,
    deck_arrays,
    make_seats,
    node_graph,
    player_tables,
    stake_codes,
)

__all__ = [
    "HAND_STATUS",
    "HandReport",
    "SimulationError",
    "SimulationResult",
    "Table",
    "TableView",
    "build_spec",
    "play",
    "simulate",
]

IntArray = npt.NDArray[np.int64]

DEFAULT_SESSION_HANDS = 100
"""Hands in a session of a game with no set end (ITALIAN)."""

_RANKS = (Rank.ACE, Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN,
          Rank.JACK, Rank.QUEEN, Rank.KING)
_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


class SimulationError(InputError):
    """Bad simulation input (an `InputError` that quotes the value)."""


def card_of(cid: int) -> Card:
    """The `Card` of an engine card id (``10 * suit + rank``)."""
    return Card(_RANKS[cid % 10], _SUITS[cid // 10])


def card_id(card: Card) -> int:
    """The engine id of a card."""
    return 10 * _SUITS.index(card.suit) + _RANKS.index(card.rank)


# ---------------------------------------------------------------------------------------------
# Building the engine's input
# ---------------------------------------------------------------------------------------------


def _count(name: str, value: object, lo: int, hi: int, reason: str) -> int:
    """`settemezzo.limits.check_count`, raising a `SimulationError`."""
    return _limit(name, value, lo, hi, reason, SimulationError)


def _check_int(name: str, value: object, lo: int, hi: int | None = None) -> int:
    if not isinstance(value, int | np.integer) or isinstance(value, bool) or value < lo \
            or (hi is not None and value > hi):
        rng = f"from {lo} to {hi}" if hi is not None else f"of at least {lo}"
        raise SimulationError(f"{name} must be a whole number {rng}, got {value!r}")
    return int(value)


def _check_rules_fit(rules: Rules) -> None:
    """The rule set's numbers fit the compiled engine's 64-bit sums (`settemezzo.limits`)."""
    for name in ("min_stake", "max_stake", "final_min_stake", "final_max_stake"):
        v = getattr(rules, name)
        if v is not None:
            _count(name, v, 1, MAX_CHIPS, CHIPS_REASON)
    for v in rules.starting_chips:
        _count("starting_chips", v, 1, MAX_CHIPS, CHIPS_REASON)
    if rules.rounds is not None:
        _count("rounds", rules.rounds, 1, MAX_SESSION_HANDS, SESSION_HANDS_REASON)


def _rule_config(rules: Rules, n: int) -> IntArray:
    """The engine's configuration array ``C`` for ``rules`` at a table of ``n`` people
    (the run's fields are filled by `build_spec`)."""
    C = np.zeros(NC, dtype=np.int64)
    C[Conf.NSEATS] = n
    C[Conf.ROYAL] = rules.royal
    C[Conf.WILD] = rules.wild_king
    C[Conf.PAIR] = rules.pair_of_sevens
    C[Conf.BURN] = rules.burn_mask
    C[Conf.TIES] = rules.ties_push
    C[Conf.SWAP] = rules.swap_hidden
    C[Conf.SPLITMAX] = rules.split_figures
    C[Conf.STAKE_AFTER] = rules.stake_after_first_card
    C[Conf.SEVEN_PAYS] = rules.seven_half_pays
    C[Conf.EXHAUST] = rules.reshuffle == "when_exhausted"
    C[Conf.PASSING] = {"seven_half": 0, "rotate": 1, "keep": 2}[rules.bank_passing]
    return C


def _seat_arrays(rules: Rules, players: int, seats: Sequence[Seat]
                 ) -> tuple[IntArray, IntArray, bool, bool]:
    """``SP`` and ``ST`` (each seat's strategies and stake codes), and whether the
    equilibrium player's and banker's tables are needed."""
    SP = np.zeros((NSEAT, NSP), dtype=np.int64)
    ST = np.zeros((NSEAT, 10), dtype=np.int64)
    need_eqp = need_eqb = False
    for s, seat in enumerate(seats):
        p, b = seat.player.policy, seat.banker.policy
        SP[s, SeatParam.PKIND] = PlayerKind[p.kind.upper()]
        SP[s, SeatParam.PK] = seat.player.k
        SP[s, SeatParam.BKIND] = BankerKind[b.kind.upper()]
        SP[s, SeatParam.BK] = seat.banker.k
        SP[s, SeatParam.BURN] = p.burn
        SP[s, SeatParam.BBURN] = b.burn
        SP[s, SeatParam.SPLIT] = p.split
        SP[s, SeatParam.SWAP] = p.swap
        SP[s, SeatParam.MKIND] = PlayerKind[p.kind.upper()]
        SP[s, SeatParam.MK] = seat.player.k
        if seat.person is not None:
            SP[s, SeatParam.HUMAN] = sum(1 << DECISIONS.index(d) for d in seat.person.decides)
        if p.stake.isdigit():
            _count(f"seat {s}'s stake", int(p.stake), 1, MAX_CHIPS, CHIPS_REASON)
        ST[s] = stake_codes(seat.player, rules)
        need_eqp |= p.kind == "equilibrium"
        if b.kind == "equilibrium":
            need_eqb = True
            if players != 1:
                raise StrategyError(
                    f"the equilibrium banker is the heads-up one: it needs 1 player, got "
                    f"{players}; use banker='table' at a bigger table")
    return SP, ST, need_eqp, need_eqb


def _equilibrium_arrays(rules: Rules, C: IntArray, nodes: int, need_eqp: bool,
                        need_eqb: bool) -> tuple[Any, Any, Any, Any, Any]:
    """The equilibrium tables the engine reads (placeholders when nobody plays them); sets
    their flags in ``C``: the player's (`strategies.player_tables`, every rule set the exact
    engine solves) and the heads-up banker's (`strategies.banker_tables`, classic games)."""
    eqr = np.full((1, NK), -1, dtype=np.int64)
    eqn = np.full((3, 1, NK), -1, dtype=np.int64)
    eqp = np.zeros((5, 1))
    pubn = np.full((1, NK), -1, dtype=np.int64)
    eqb = np.zeros((1, nodes))
    if need_eqp:
        t = player_tables(rules)
        eqr, eqn, eqp = t.root, t.next, t.p
        C[Conf.HAVE_EQP] = 1
    if need_eqb:
        b = banker_tables(rules)
        pubn, eqb = b.pub_next, b.b_hit
        C[Conf.PUB0] = b.pub0
        C[Conf.HAVE_EQB] = 1
    return eqr, eqn, eqp, pubn, eqb


def build_spec(rules: Rules, players: int, seats: Sequence[Seat], *,
               chips: int | str | None = "rules", session_hands: int | None = None,
               sale: tuple[int, int] | None = None, record_hands: bool = False) -> EngineSpec:
    """The engine's constant arrays for a table of ``players`` players and the banker."""
    n = players + 1
    C = _rule_config(rules, n)
    _check_rules_fit(rules)
    if chips == "rules":
        C[Conf.LIMITED], C[Conf.START] = 1, _count(
            "the rules' starting chips", rules.chips_for(n), 1, MAX_CHIPS, CHIPS_REASON)
    elif chips is None or chips == "unlimited":
        C[Conf.LIMITED], C[Conf.START] = 0, 0
    else:
        C[Conf.LIMITED], C[Conf.START] = 1, _count("chips", chips, 1, MAX_CHIPS,
                                                      CHIPS_REASON)
    if rules.rounds is not None:
        hands = rules.rounds if session_hands is None else session_hands
    else:
        hands = DEFAULT_SESSION_HANDS if session_hands is None else session_hands
    C[Conf.HANDS] = _count("session_hands", hands, 1, MAX_SESSION_HANDS,
                               SESSION_HANDS_REASON)
    if sale is not None:
        if rules.bank_passing != "keep":
            raise SimulationError(
                f"sale={sale!r}: the bank is sold only in the keep-the-bank variant "
                f"(--variant keep_bank), not under the rules {rules.spec()!r}")
        if not isinstance(sale, tuple) or len(sale) != 2:
            raise SimulationError(f"sale must be (price, after hands), got {sale!r}")
        C[Conf.SALE_PRICE] = _count("sale price", sale[0], 1, MAX_CHIPS, CHIPS_REASON)
        C[Conf.SALE_AFTER] = _count("sale after", sale[1], 1, MAX_SESSION_HANDS,
                                        SESSION_HANDS_REASON)
    rounds = rules.rounds or 1
    LIM = np.array([rules.stake_limits(max(r, 1)) for r in range(rounds + 1)], dtype=np.int64)
    SP, ST, need_eqp, need_eqb = _seat_arrays(rules, players, seats)
    C[Conf.LOG] = int(any(seat.banker.policy.kind == "table" for seat in seats))
    KIND, VAL = deck_arrays(rules)
    g = node_graph(rules)
    eqr, eqn, eqp, pubn, eqb = _equilibrium_arrays(rules, C, g.n, need_eqp, need_eqb)
    return EngineSpec(C, LIM, SP, ST, KIND, VAL, eqr, eqn, eqp, pubn, eqb, g.next, g.counts,
                      g.size, g.score, g.child_score, g.total, record_hands)


# ---------------------------------------------------------------------------------------------
# Results
# ---------------------------------------------------------------------------------------------


def _ratio(g: float, g2: float, s: float, s2: float, gs: float, n: float) -> tuple[float, float]:
    """Ratio estimate sum(g)/sum(s) and its delta-method standard error (n units)."""
    if n < 2 or s == 0:
        return math.nan, math.nan
    r = float(g / s)
    var = float((g2 - 2 * r * gs + r * r * s2) / n - ((g - r * s) / n) ** 2)
    return r, math.sqrt(max(var, 0.0) / (n - 1)) / float(s / n)


def _mean(x: float, x2: float, n: float) -> tuple[float, float]:
    if n < 2:
        return (float(x / n) if n else math.nan), math.nan
    m = float(x / n)
    var = float((x2 - n * m * m) / (n - 1))
    return m, math.sqrt(max(var, 0.0) / n)


@dataclass
class SimulationResult:
    """The outcome of a simulation: exact integer tallies and the DataFrames built from them.

    ``edge``/``edge_se``: the banker's gain per unit staked, per player-hand (docs/rules.md's
    banker edge), and its standard error (delta method over hands).
    """

    rules: Rules
    players: int
    seats: tuple[Seat, ...]
    seed: int | None
    chunks: ChunkResult
    seconds: float
    limited: bool
    session_hands: int
    runner: str = "1 thread"

    # -- headline numbers --------------------------------------------------------------------
    @property
    def A(self) -> IntArray:
        return self.chunks.A

    @property
    def hands(self) -> int:
        return int(self.A[Acc.HANDS])

    @property
    def sessions_played(self) -> int:
        return int(self.A[Acc.SESS])

    @property
    def player_hands(self) -> int:
        return int(self.A[Acc.PH])

    @property
    def edge(self) -> float:
        return self._edge()[0]

    @property
    def edge_se(self) -> float:
        return self._edge()[1]

    def _edge(self) -> tuple[float, float]:
        a = self.A.astype(np.float64)
        return _ratio(a[Acc.G], a[Acc.G2], a[Acc.S], a[Acc.S2], a[Acc.GS], a[Acc.HANDS])

    @property
    def player_value(self) -> float:
        """The players' gain per unit staked (``-edge``), comparable with
        `settemezzo.solve.evaluate`."""
        return -self.edge

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds if self.seconds > 0 else math.inf

    @property
    def chips_conserved(self) -> bool:
        """No chip created or lost in any hand (checked after every hand by the engine)."""
        return int(self.A[Acc.VIOL]) == 0

    def z(self, exact_player_value: float) -> float:
        """Standard errors between the simulated player value and an exact one."""
        return abs(self.player_value - float(exact_player_value)) / self.edge_se

    # -- tables ------------------------------------------------------------------------------
    def summary(self) -> pd.DataFrame:
        """One row per measure: value, standard error, and what it counts."""
        a = self.A.astype(np.float64)
        rows: list[tuple[str, float, float, str]] = []
        e, se = self._edge()
        rows.append(("banker edge per player-hand", e, se, "banker's gain / stakes"))
        m, s = _mean(a[Acc.G], a[Acc.G2], a[Acc.HANDS])
        rows.append(("banker gain per hand", m, s, "chips"))
        m2, s2 = _mean(a[Acc.S], a[Acc.S2], a[Acc.HANDS])
        rows.append(("stakes per hand", m2, s2, "chips"))
        ph = max(a[Acc.PHANDS], 1.0)
        for name, key, n in (("player hands bust", Acc.PBUST, ph),
                             ("player hands on 7½ or better", Acc.P75, ph),
                             ("banker busts (when it played)", Acc.BBUST, max(a[Acc.BPLAY], 1)),
                             ("splits per player-hand", Acc.SPLITS, max(a[Acc.PH], 1)),
                             ("burns per hand", Acc.BURNS, max(a[Acc.HANDS], 1))):
            p = a[key] / n
            rows.append((name, p, math.sqrt(max(p * (1 - p), 0) / n) if p <= 1 else math.nan,
                         "share"))
        if a[Acc.TEN_N] >= 2:
            m, s = _mean(a[Acc.TEN_L], a[Acc.TEN_L2], a[Acc.TEN_N])
            rows.append(("bank tenure (completed)", m, s, "hands"))
            m, s = _mean(a[Acc.TEN_G], a[Acc.TEN_G2], a[Acc.TEN_N])
            rows.append(("banker's gain per tenure", m, s, "chips"))
        rows.append(("unpaid chips per hand", a[Acc.UNPAID] / max(a[Acc.HANDS], 1), math.nan,
                     "chips a banker owed but did not have"))
        return pd.DataFrame(rows, columns=["measure", "value", "se", "unit"])

    def positions(self) -> pd.DataFrame:
        """The banker's edge against each playing position (1 = the banker's right)."""
        rows = []
        P = self.chunks.POSA.astype(np.float64)
        for i in range(self.players):
            e, se = _ratio(P[i, PosAcc.G], P[i, PosAcc.G2], P[i, PosAcc.S], P[i, PosAcc.S2],
                           P[i, PosAcc.GS], P[i, PosAcc.N])
            rows.append({"position": i + 1, "player_hands": int(P[i, PosAcc.N]),
                         "banker_edge": e, "se": se})
        return pd.DataFrame(rows)

    def seat_table(self) -> pd.DataFrame:
        """Per seat: gain per hand as banker and as a player, hands in each role, and, over
        sessions, the chance of finishing with the most chips and the risk of ruin."""
        S = self.chunks.SEATA.astype(np.float64)
        wins = self.win_chances()
        ruin = self.ruin()
        rows = []
        for s in range(self.players + 1):
            bm, bse = _mean(S[s, SeatAcc.BG], S[s, SeatAcc.BG2], S[s, SeatAcc.BN])
            pm, pse = _mean(S[s, SeatAcc.PG], S[s, SeatAcc.PG2], S[s, SeatAcc.PN])
            rows.append({
                "seat": s, "strategy": self.seats[s].name,
                "hands_as_banker": int(S[s, SeatAcc.BN]), "gain_as_banker": bm,
                "gain_as_banker_se": bse, "hands_as_player": int(S[s, SeatAcc.PN]),
                "gain_as_player": pm, "gain_as_player_se": pse,
                "win_chance": wins.loc[s, "win_chance"], "win_se": wins.loc[s, "se"],
                "ruin": ruin.loc[s, "ruin"], "ruin_se": ruin.loc[s, "se"],
            })
        return pd.DataFrame(rows)

    def sessions(self) -> pd.DataFrame:
        """One row per session: hands played, bank changes, final chips and the hand in which
        each seat was eliminated (-1: never)."""
        R = self.chunks.SESS
        n = self.players + 1
        df = pd.DataFrame({"session": np.arange(len(R)), "hands": R[:, 0],
                           "bank_changes": R[:, 1]})
        for s in range(n):
            df[f"chips_{s}"] = R[:, 2 + s]
        for s in range(n):
            df[f"eliminated_{s}"] = R[:, 2 + NSEAT + s]
        return df

    def hand_records(self) -> pd.DataFrame:
        """One row per hand (when run with ``record_hands=True``)."""
        R = self.chunks.REC
        cols = ["session", "hand", "banker", "players", "stakes", "banker_gain",
                "banker_score", "next_banker", "bank_moved", "sevens_and_half"]
        df = pd.DataFrame(R[:, :len(cols)], columns=cols)
        for s in range(self.players + 1):
            df[f"chips_{s}"] = R[:, len(cols) + s]
        df["bank_moved"] = df["bank_moved"].map(
            {0: "kept", 1: "7½", 2: "rotation", 3: "elimination", 4: "sale"})
        return df

    def _final_chips(self) -> IntArray:
        return self.chunks.SESS[:, 2:2 + self.players + 1]

    def win_chances(self) -> pd.DataFrame:
        """Each seat's chance of ending a session with the most chips (ties share the win)."""
        ch = self._final_chips()
        n = len(ch)
        if n == 0:
            return pd.DataFrame({"win_chance": [math.nan] * (self.players + 1),
                                 "se": [math.nan] * (self.players + 1)})
        top = ch.max(axis=1, keepdims=True)
        share = (ch == top) / (ch == top).sum(axis=1, keepdims=True)
        p = share.mean(axis=0)
        se = share.std(axis=0, ddof=1) / math.sqrt(n) if n > 1 else np.full(len(p), math.nan)
        return pd.DataFrame({"win_chance": p, "se": se})

    def ruin(self) -> pd.DataFrame:
        """Each seat's chance of losing every chip within a session (risk of ruin)."""
        el = self.chunks.SESS[:, 2 + NSEAT:2 + NSEAT + self.players + 1] >= 0
        n = len(el)
        p = el.mean(axis=0) if n else np.full(self.players + 1, math.nan)
        se = np.sqrt(p * (1 - p) / max(n, 1))
        return pd.DataFrame({"ruin": p, "se": se})

    def chip_distribution(self) -> pd.DataFrame:
        """Final chips per seat over sessions: mean, standard deviation and quantiles."""
        ch = self._final_chips().astype(np.float64)
        rows = []
        for s in range(self.players + 1):
            x = ch[:, s]
            q = np.quantile(x, [0.05, 0.25, 0.5, 0.75, 0.95]) if len(x) else [math.nan] * 5
            rows.append({"seat": s, "mean": x.mean() if len(x) else math.nan,
                         "sd": x.std(ddof=1) if len(x) > 1 else math.nan,
                         "q05": q[0], "q25": q[1], "median": q[2], "q75": q[3], "q95": q[4]})
        return pd.DataFrame(rows)

    def chip_histogram(self) -> pd.DataFrame:
        """Final chips per seat as a histogram: seat, chips, sessions, share."""
        ch = self._final_chips()
        rows = []
        for s in range(self.players + 1):
            values, counts = np.unique(ch[:, s], return_counts=True)
            for v, c in zip(values, counts, strict=True):
                rows.append({"seat": s, "chips": int(v), "sessions": int(c),
                             "share": c / len(ch)})
        return pd.DataFrame(rows)

    def to_dict(self) -> dict[str, Any]:
        """Everything the CLI prints, JSON-ready."""
        def clean(x: Any) -> Any:
            if isinstance(x, float | np.floating):
                return None if math.isnan(float(x)) else float(x)
            if isinstance(x, np.integer):
                return int(x)
            return x

        def rows(df: pd.DataFrame) -> list[dict[str, Any]]:
            return [{str(k): clean(v) for k, v in r.items()} for r in df.to_dict("records")]

        out: dict[str, Any] = {
            "rules_spec": self.rules.spec(), "players": self.players, "seed": self.seed,
            "hands": self.hands, "player_hands": self.player_hands,
            "sessions": self.sessions_played, "session_hands": self.session_hands,
            "chips": "limited" if self.limited else "unlimited",
            "banker_edge": clean(self.edge), "banker_edge_se": clean(self.edge_se),
            "chips_conserved": self.chips_conserved, "seconds": self.seconds,
            "hands_per_second": clean(self.hands_per_second), "runner": self.runner,
            "summary": rows(self.summary()), "positions": rows(self.positions()),
            "seats": rows(self.seat_table()),
        }
        if self.limited:
            out["chip_distribution"] = rows(self.chip_distribution())
        return out

    def __repr__(self) -> str:
        return (f"SimulationResult({self.rules.spec()}, {self.players} player(s), "
                f"{self.hands:,} hands: banker edge {self.edge:.4%} ± {self.edge_se:.4%})")


# ---------------------------------------------------------------------------------------------
# simulate
# ---------------------------------------------------------------------------------------------


def _progress_bar(total: int, enabled: bool | None,
                  chunks: int) -> tuple[Callable[[int], None] | None, Callable[[], None]]:
    """A tqdm bar over hands; by default on a terminal when there is more than one chunk."""
    if enabled is None:
        enabled = chunks > 1 and sys.stderr.isatty()
    if not enabled:
        return None, lambda: None
    from tqdm import tqdm

    bar = tqdm(total=total, unit="hands", unit_scale=True, desc="simulating")

    def update(n: int) -> None:
        bar.update(n)

    return update, bar.close


def simulate(rules: Rules | str = "italian", players: int = 1, hands: int | None = None, *,
             sessions: int | None = None, seed: int = 0,
             player: Any = "threshold:5", banker: Any = "threshold:5",
             seats: Mapping[int, Any] | None = None, chips: int | str | None = "rules",
             session_hands: int | None = None, sale: tuple[int, int] | None = None,
             workers: int | None = None, scheduler: str | None = None,
             progress: bool | None = None, record_hands: bool = False,
             chunk_hands: int | None = None) -> SimulationResult:
    """Simulate ``hands`` hands (or ``sessions`` whole sessions) at a table of ``players``
    players (1..7) and the banker.

    Whole sessions are played: ``hands`` is rounded up to a whole number of them (a game
    with no set end, ITALIAN, is cut into sessions of ``session_hands``, by default 100).

    ``player``/``banker``: the strategies every seat uses in each role (see
    `settemezzo.simulate.strategies`); ``seats`` overrides them per seat. ``chips``:
    ``"rules"`` (``rules.chips_for``), a number, or None for unlimited credit (no stake caps,
    no elimination: independent hands for edge measurements). The same ``seed`` gives the
    same result whatever ``workers`` or ``scheduler``.

    >>> r = simulate("italian", players=1, hands=20_000, seed=1, chips=None)
    >>> r.hands, r.chips_conserved
    (20000, True)
    """
    t0 = time.perf_counter()
    rules = preset(rules) if isinstance(rules, str) else rules
    if not isinstance(rules, Rules):
        raise SimulationError(f"rules must be a Rules value or a preset name, got {rules!r}")
    players = _check_int("players", players, 1, 7)
    seed = _check_int("seed", seed, 0)
    seat_list = make_seats(players + 1, player, banker, seats)
    if any(s.person is not None for s in seat_list):
        raise SimulationError("a seat played by a person needs settemezzo.simulate.play (or "
                              "Table), which asks the callback; simulate runs bots only")
    if (hands is None) == (sessions is None):
        raise SimulationError(f"give hands=N or sessions=N, one of them (hands={hands!r}, "
                              f"sessions={sessions!r})")
    length = session_hands
    if hands is not None:
        hands = _count("hands", hands, 1, MAX_HANDS, HANDS_REASON)
        if rules.rounds is None and session_hands is None:
            length = min(DEFAULT_SESSION_HANDS, hands)
    spec = build_spec(rules, players, seat_list, chips=chips, session_hands=length,
                      sale=sale, record_hands=record_hands)
    hps = spec.hands_per_session
    if hands is None:
        n_sessions = _count("sessions", sessions, 1, MAX_SESSIONS, SESSIONS_REASON)
    elif (n_sessions := -(-hands // hps)) > MAX_SESSIONS:
        raise SimulationError(
            f"hands={hands:,} in sessions of {hps:,} hands are {n_sessions:,} sessions, over "
            f"the limit of {MAX_SESSIONS:,} ({SESSIONS_REASON})")
    if record_hands:
        _count("hands recorded", n_sessions * hps, 1, MAX_RECORDED_HANDS, RECORDED_REASON)
    sizes = chunk_sizes(n_sessions, hps, chunk_hands or CHUNK_HANDS)
    update, close = _progress_bar(n_sessions * hps, progress, len(sizes))
    try:
        merged = run_chunks(spec, sizes, seed, workers=workers, scheduler=scheduler,
                            progress=update)
    finally:
        close()
    if scheduler is not None:
        runner = f"Dask scheduler {scheduler}"
    else:
        n = 1 if len(sizes) == 1 else (workers or os.cpu_count() or 1)
        runner = f"{n} thread{'s' if n > 1 else ''}, {len(sizes)} chunk(s)"
    return SimulationResult(rules, players, seat_list, seed, merged,
                            time.perf_counter() - t0, bool(spec.C[Conf.LIMITED]), hps, runner)


# ---------------------------------------------------------------------------------------------
# People at the table: views, the step-by-step Table, and play()
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SeatView:
    """What a seat shows the table: its visible cards (None for a face-down card)."""

    seat: int
    role: str
    cards: tuple[tuple[Card | None, ...], ...]
    status: tuple[str, ...]
    stakes: tuple[int, ...]


@dataclass(frozen=True)
class TableView:
    """What the deciding seat sees, read-only (the classroom game's input).

    ``decision`` is one of ``stake``, ``burn``, ``split``, ``action`` (``options``:
    ``stand``, ``hit`` and, under ``swap_hidden`` with a face-down card, ``swap``),
    ``bank_action`` or ``bank_burn``. ``hand`` is the deciding hand, in the order dealt, with
    ``hidden`` the position of its face-down card (or None); totals are in half-points
    (``total_label`` in points). ``table`` shows every other seat as this seat sees it:
    face-up cards and shown hands (docs/rules.md: each player sees the face-up cards of those
    before; the banker sees every face-up card and every shown hand).
    """

    decision: str
    options: tuple[str, ...]
    seat: int
    role: str
    hand: tuple[Card, ...]
    hidden: int | None
    total: int
    total_label: str
    stake: int
    stake_range: tuple[int, int]
    hand_index: int
    hands: int
    banker: int
    chips: tuple[int, ...]
    round: int
    table: tuple[SeatView, ...]
    rules: Rules


@dataclass(frozen=True)
class HandReport:
    """How a hand ended: the banker's score and gain, each seat's hands and gains.

    Scores are codes (`settemezzo.hands.score`: 0 bust, 1..15 half-points, 16 royal 7½, 17
    pair of sevens; ``banker_score`` -1: the banker did not play); `settemezzo.i18n.
    score_label` says them in words. ``players``: ``(seat, hands' cards, hands' scores,
    hands' gains)`` per player."""

    session: int
    hand: int
    banker: int
    banker_cards: tuple[Card, ...]
    banker_score: int
    players: tuple[tuple[int, tuple[tuple[Card, ...], ...], tuple[int, ...], tuple[int, ...]],
                   ...]
    banker_gain: int
    next_banker: int
    bank_moved: str
    chips: tuple[int, ...]
    burnt: tuple[tuple[int, Card], ...] = ()
    """``(seat, card)`` for every first card thrown away this hand (the banker's too)."""
    stakes: tuple[tuple[int, ...], ...] = ()
    """Each player's stakes, hand by hand, in the order of ``players``."""


HAND_STATUS = {HandStatus.OPEN: "playing", HandStatus.STOOD: "stood",
               HandStatus.SHOWN: "shown", HandStatus.BUST: "bust"}
"""A hand's status as the views name it (`SeatView`, `settemezzo.simulate.tablegame`)."""


class Table:
    """A table played step by step, for people: the classroom game's engine.

    `advance` runs the bots until a person must decide (it returns a `TableView`) or a hand
    is over (a `HandReport`); `answer` gives the person's decision. `play` wraps it with
    callbacks. Seats whose `Person` is given decide through it; the others are bots.

    >>> from settemezzo.simulate import Person
    >>> t = Table("italian", players=1, seats={1: Person(lambda v: "stand")}, seed=3)
    >>> view = t.advance()
    >>> view.decision, view.options, len(view.hand)
    ('action', ('stand', 'hit'), 1)
    >>> t.answer("stand"); report = t.advance()
    >>> report.hand, sum(report.chips) == 100
    (0, True)
    """

    def __init__(self, rules: Rules | str = "italian", players: int = 1, *,
                 seats: Mapping[int, Any] | None = None, player: Any = "threshold:5",
                 banker: Any = "threshold:5", seed: int = 0, chips: int | str | None = "rules",
                 session_hands: int | None = None, sessions: int = 1,
                 sale: tuple[int, int] | None = None, forced: Sequence[Card | str] = ()) -> None:
        from settemezzo.cards import parse_card

        self.rules = preset(rules) if isinstance(rules, str) else rules
        self.players = _check_int("players", players, 1, 7)
        self.seats = make_seats(self.players + 1, player, banker, seats)
        self.spec = build_spec(self.rules, self.players, self.seats, chips=chips,
                               session_hands=session_hands, sale=sale, record_hands=True)
        self.seed = _check_int("seed", seed, 0)
        # chunk 0's seed of `run_chunks`: a game of bots equals `simulate(sessions=1)`
        rng = np.random.default_rng(np.random.SeedSequence(self.seed).spawn(1)[0])
        ids = [card_id(parse_card(c) if isinstance(c, str) else c) for c in forced]
        n_sess = _count("sessions", sessions, 1, MAX_SESSIONS, SESSIONS_REASON)
        self.state = EngineState.new(self.spec, n_sess, rng,
                               record=n_sess * self.spec.hands_per_session, forced=ids,
                               pause=True)
        self._pending: TableView | None = None
        self.finished = False

    # -- stepping ----------------------------------------------------------------------------
    @property
    def pending(self) -> TableView | None:
        """The decision waiting for an answer, if any."""
        return self._pending

    def advance(self) -> TableView | HandReport | None:
        """Run until a person must decide, a hand ends, or the sessions are over (None)."""
        if self._pending is not None:
            return self._pending
        if self.finished:
            return None
        status = self.state.run(self.spec)
        if status == Status.NEED:
            self._pending = self._view()
            return self._pending
        if status == Status.HAND_DONE:
            return self._report()
        self.finished = True
        return None

    def answer(self, value: str | int) -> None:
        """Answer the pending decision (see `TableView`); `IllegalActionError` if not allowed."""
        view = self._pending
        if view is None:
            raise IllegalActionError(f"no decision is waiting for an answer (got {value!r})")
        if view.decision == "stake":
            lo, hi = view.stake_range
            if not isinstance(value, int | np.integer) or isinstance(value, bool) \
                    or not lo <= value <= hi:
                raise IllegalActionError(
                    f"stake {value!r} is outside the limits: a whole number from {lo} to {hi}")
            code = int(value)
        else:
            text = str(value).strip().lower()
            if text not in view.options:
                raise IllegalActionError(
                    f"{value!r} is not an option for {view.decision}: choose "
                    f"{', '.join(map(repr, view.options))}")
            code = {"stand": 0, "hit": 1, "swap": 2, "keep": 0, "burn": 1,
                    "split": 1}[text]
        self.state.S[State.ACT] = code
        self.state.S[State.HAVE] = 1
        self._pending = None

    def play(self, hands: int = 1) -> list[HandReport]:
        """Play ``hands`` hands, asking each `Person` through its callback."""
        reports: list[HandReport] = []
        while len(reports) < hands:
            step = self.advance()
            if step is None:
                break
            if isinstance(step, HandReport):
                reports.append(step)
                continue
            person = self.seats[step.seat].person
            assert person is not None
            self.answer(person.decide(step))
        return reports

    # -- views -------------------------------------------------------------------------------
    def _cards(self, slot: int, viewer_owns: bool) -> tuple[Card | None, ...]:
        st = self.state
        n = int(st.H[slot, Hand.N])
        hid = int(st.H[slot, Hand.HID])
        return tuple(card_of(int(st.HC[slot, t])) if (viewer_owns or t != hid) else None
                     for t in range(n))

    def _view(self) -> TableView:
        st = self.state
        typ = int(st.S[State.REQ_TYPE])
        seat = int(st.S[State.REQ_SEAT])
        slot = int(st.S[State.REQ_SLOT])
        decision = DECISIONS[typ]
        banker = int(st.S[State.BANKER])
        role = "banker" if seat == banker else "player"
        hand = tuple(c for c in self._cards(slot, True) if c is not None)
        hid = int(st.H[slot, Hand.HID])
        face, wild = int(st.H[slot, Hand.FACE]), int(st.H[slot, Hand.WILD])
        tot = int(total(face, wild)) if hand else 0
        lo, hi = int(st.S[State.LO]), int(st.S[State.HI])
        if self.spec.C[Conf.LIMITED]:
            lo, hi = min(lo, int(st.chips[seat])), min(hi, int(st.chips[seat]))
        options: tuple[str, ...]
        if decision in ("action", "bank_action"):
            options = ("stand", "hit")
            if decision == "action" and self.rules.swap_hidden and hid >= 0:
                options = ("stand", "hit", "swap")
        elif decision in ("burn", "bank_burn"):
            options = ("keep", "burn")
        elif decision == "split":
            options = ("keep", "split")
        else:
            options = tuple(str(x) for x in range(lo, hi + 1))
        pidx = int(st.H[slot, Hand.PIDX]) if slot else -1
        n_hands = int(st.PL[pidx, Player.NH]) if pidx >= 0 else 1
        index = slot - int(st.PL[pidx, Player.FIRST]) if pidx >= 0 else 0
        table = []
        for i in range(int(st.S[State.NPLAY])):
            s = int(st.PL[i, Player.SEAT])
            first = int(st.PL[i, Player.FIRST])
            slots = range(first, first + int(st.PL[i, Player.NH]))
            table.append(SeatView(
                s, "player", tuple(self._cards(x, s == seat) for x in slots),
                tuple(HAND_STATUS[HandStatus(st.H[x, Hand.STAT])] for x in slots),
                tuple(int(st.H[x, Hand.STAKE]) for x in slots)))
        table.append(SeatView(banker, "banker", (self._cards(0, banker == seat),),
                              ("playing",), (0,)))
        return TableView(
            decision=decision, options=options, seat=seat, role=role, hand=hand,
            hidden=hid if hid >= 0 else None, total=tot, total_label=points_label(tot),
            stake=int(st.H[slot, Hand.STAKE]), stake_range=(lo, hi), hand_index=index,
            hands=n_hands, banker=banker,
            chips=tuple(int(x) for x in st.chips[:self.players + 1]),
            round=int(st.S[State.HANDNO]) + 1, table=tuple(table), rules=self.rules)

    def _report(self) -> HandReport:
        st = self.state
        rec = st.REC[int(st.S[State.REC]) - 1]
        players = []
        for i in range(int(rec[3])):
            s = int(st.PL[i, Player.SEAT])
            first = int(st.PL[i, Player.FIRST])
            slots = range(first, first + int(st.PL[i, Player.NH]))
            players.append((s, tuple(tuple(card_of(int(st.HC[x, t]))
                                           for t in range(int(st.H[x, Hand.N])))
                                     for x in slots),
                            tuple(int(st.H[x, Hand.SCORE]) for x in slots),
                            tuple(int(st.H[x, Hand.GAIN]) for x in slots)))
        bscore = int(rec[6])
        burnt = [(int(st.PL[i, Player.SEAT]), card_of(int(st.PL[i, Player.BURNT])))
                 for i in range(int(rec[3])) if st.PL[i, Player.BURNT] >= 0]
        if st.S[State.BBURNT] >= 0:
            burnt.append((int(rec[2]), card_of(int(st.S[State.BBURNT]))))
        stakes = tuple(tuple(int(st.H[x, Hand.STAKE]) for x in range(
            int(st.PL[i, Player.FIRST]), int(st.PL[i, Player.FIRST] + st.PL[i, Player.NH])))
            for i in range(int(rec[3])))
        return HandReport(
            session=int(rec[0]), hand=int(rec[1]), banker=int(rec[2]),
            banker_cards=tuple(card_of(int(st.HC[0, t])) for t in range(int(st.H[0, Hand.N]))),
            banker_score=max(bscore, -1),
            players=tuple(players), banker_gain=int(rec[5]), next_banker=int(rec[7]),
            bank_moved={0: "kept", 1: "7½", 2: "rotation", 3: "elimination",
                        4: "sale"}[int(rec[8])],
            chips=tuple(int(x) for x in st.chips[:self.players + 1]), burnt=tuple(burnt),
            stakes=stakes)

    def posteriors(self) -> dict[tuple[int, int], dict[Kind, float]]:
        """What a table banker believes now: for each hand that stood with a face-down card,
        ``(seat, hand index) -> {kind: chance}`` (the exact posterior given what the banker
        has seen and the players' strategies; see `settemezzo.simulate.strategies`).

        Meaningful while the banker is deciding (a `Person` banker's ``bank_action``), and
        only when that seat's banker strategy is ``table`` (which makes the engine keep the
        record of decisions the posterior reads).
        """
        st, sp = self.state, self.spec
        if not sp.C[Conf.LOG]:
            raise SimulationError("posteriors need a seat whose banker strategy is 'table' "
                                  "(e.g. Person(decide, banker='table'))")
        out = np.full((NSLOT, NK), np.nan)
        posteriors(st.C, st.S, sp.SP, sp.ST, sp.KIND, sp.VAL, sp.EQR, sp.EQN, sp.EQP,
                     st.deck, st.H, st.HC, st.PL, st.LOG, st.LOGC, np.zeros(NK), out)
        result: dict[tuple[int, int], dict[Kind, float]] = {}
        for i in range(int(st.S[State.NPLAY])):
            first = int(st.PL[i, Player.FIRST])
            for j in range(int(st.PL[i, Player.NH])):
                row = out[first + j]
                if not np.isnan(row[0]):
                    result[(int(st.PL[i, Player.SEAT]), j)] = {
                        Kind(k): float(p) for k, p in enumerate(row) if p > 0}
        return result

    def hidden_cards(self) -> dict[tuple[int, int], Card]:
        """The face-down cards now on the table, ``(seat, hand index) -> card`` (for tests
        and teachers: no player or banker sees them)."""
        st = self.state
        out: dict[tuple[int, int], Card] = {}
        for i in range(int(st.S[State.NPLAY])):
            first = int(st.PL[i, Player.FIRST])
            for j in range(int(st.PL[i, Player.NH])):
                hp = int(st.H[first + j, Hand.HID])
                if hp >= 0:
                    out[(int(st.PL[i, Player.SEAT]), j)] = card_of(int(st.HC[first + j, hp]))
        return out

    def result(self) -> SimulationResult:
        """The tallies so far, as a `SimulationResult`."""
        st = self.state
        chunk = ChunkResult(st.A.copy(), st.POSA.copy(), st.SEATA.copy(),
                            st.SESS[:int(st.S[State.SESS])].copy(),
                            st.REC[:int(st.S[State.REC])].copy())
        return SimulationResult(self.rules, self.players, self.seats, self.seed, chunk, 0.0,
                                bool(self.spec.C[Conf.LIMITED]), self.spec.hands_per_session)


def play(rules: Rules | str = "italian", players: int = 1, hands: int = 1, *,
         seats: Mapping[int, Any] | None = None, player: Any = "threshold:5",
         banker: Any = "threshold:5", seed: int = 0, chips: int | str | None = "rules",
         session_hands: int | None = None) -> tuple[list[HandReport], SimulationResult]:
    """Play ``hands`` hands with people deciding through `Person` callbacks (a plain Python
    loop around the engine). Returns each hand's report and the tallies."""
    table = Table(rules, players, seats=seats, player=player, banker=banker, seed=seed,
                  chips=chips, session_hands=session_hands,
                  sessions=_count("hands", hands, 1, MAX_SESSIONS, SESSIONS_REASON))
    reports = table.play(hands)
    return reports, table.result()

