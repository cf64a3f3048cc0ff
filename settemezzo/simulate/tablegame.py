"""The classroom table: students and computer seats stepping through the simulator's engine.

`TableGame` is the one table of the project for people: the classroom widget
(`settemezzo.widgets.tableview`) and the terminal table (``settemezzo play``) draw what it
returns, and it steps through `settemezzo.simulate.session.Table`, the compiled engine of
the Monte Carlo. So every rule set plays at it in full (SPANISH: the stake after the first
card, swaps, splits with re-splits, one face-down card per player, 15 rounds), and a game
of computer seats only is, hand by hand, the simulator's game for that seed.

Each action has a triple, as in pokerkit: ``verify_hit()`` raises `IllegalActionError`
(quoting the action and the table's state), ``can_hit()`` answers True or False, ``hit()``
does it; likewise for ``stake``, ``burn``, ``swap``, ``split``, ``stand`` and ``next_hand``.

Seats: seat 0 ("Bank") is a computer and holds the bank first; then the students, then the
computers, anticlockwise (seat 1 plays first). Computer seats play `computer_strategy`
(the exact engine's heads-up equilibrium: SPANISH's restricted one, with its stakes, swaps
and splits); the computer banker is the simulator's ``table`` banker. A student who
takes the bank decides as the banker. Hints read the same solved results (shipped
precomputed for the presets and single variants: milliseconds).

>>> g = TableGame(students=1, computers=1, seed=3)
>>> g.phase, g.to_play, [s.name for s in g.seats()]
('stake', 1, ['Bank', 'Student 1', 'Computer 1'])
>>> g.can_hit(), g.can_stake(1)
(False, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import numpy as np

from settemezzo.cards import Card, Kind, Unseen, kind_of
from settemezzo.errors import IllegalActionError
from settemezzo.hands import points_label, total
from settemezzo.rules import ITALIAN, Rules, preset
from settemezzo.simulate.layout import NK, NSEAT, Conf, EqProb, Hand, HandStatus, Player, State
from settemezzo.simulate.play import bank_plan, bank_stand_hit, unseen_pool
from settemezzo.simulate.session import (
    HAND_STATUS,
    HandReport,
    SimulationError,
    Table,
    TableView,
    card_of,
)
from settemezzo.simulate.strategies import DECISIONS, Person

if TYPE_CHECKING:
    from settemezzo.advice import Advice

__all__ = ["HandState", "Hint", "SeatState", "TableGame", "computer_strategy", "deck_less",
           "hint_of"]

ACTIONS = ("stake", "burn", "hit", "swap", "split", "stand", "next_hand")


def computer_strategy(rules: Rules) -> str:
    """What a computer seat plays: the exact engine's heads-up equilibrium, for every rule
    set it solves (every rule set today; SPANISH: the restricted game's, with its stake,
    swaps and splits), read from `settemezzo.results` (`strategies.PlayerTables`). What the
    restricted game does not decide - a re-split, a split hand, a swap inside one - the seat
    plays by the rule of thumb ``threshold:5`` (docs/rules.md). A rule set the exact engine
    refused would get the rule of thumb."""
    from settemezzo.game import UnsupportedRulesError, heads_up

    try:
        heads_up(rules)
    except UnsupportedRulesError:
        return "threshold:5"
    return "equilibrium"


def deck_less(rules: Rules, seen: Sequence[Card]) -> Unseen | None:
    """The 40-card deck less the cards ``seen`` (as ``rules`` tell them apart), or None for a
    full deck: nothing seen, or every card (the stock used up: the next card is dealt from
    them all shuffled again)."""
    rest = rules.take(Unseen.full(), [kind_of(c) for c in seen]) if seen else None
    return None if rest is None or rest.total == 0 else rest


def _no_callback(view: Any) -> str:  # pragma: no cover - TableGame answers, not a callback
    raise SimulationError("a classroom seat answers through TableGame's actions")


@dataclass(frozen=True)
class HandState:
    """One hand of a seat as the shared screen shows it.

    ``cards``: None for a face-down card the screen does not show; ``total``: half-points of
    the cards shown; ``result``: ``won``/``lost``/``push`` once settled, with ``gain`` the
    chips moved (positive: won).
    """

    cards: tuple[Card | None, ...]
    total: int
    total_label: str
    status: str          # playing, stood, shown, bust, waiting
    stake: int
    score: int | None = None  # at the end: the score (`settemezzo.hands.score`: 0 bust,
    #                           1..15 half-points, 16 royal, 17 pair of sevens)
    result: str = ""     # won, lost, push
    gain: int = 0
    face_down: int | None = None  # the index in ``cards`` of the face-down card, if any


@dataclass(frozen=True)
class Hint:
    """The row of the equilibrium's player table for the decision a student faces
    (`TableGame.hint`, or the table of the deck at the start of the hand,
    `settemezzo.teaching.tablelog.table_hint`): the hand (labels), the best play (``stand``,
    ``hit``, ``mixed``, ``either``), the values per unit stake and chances, how often the
    equilibrium hits and (before a split) splits, the stake in chips the values are per unit
    of (None: the player does not choose it) and the cards out of the deck they are for."""

    hole: str
    up: tuple[str, ...]
    best: str
    stand_ev: float
    hit_ev: float
    stand_win: float
    hit_win: float
    bust_if_hit: Fraction
    seven_half_if_hit: Fraction
    hit_frequency: float | None
    split_frequency: float | None
    stake: int | None
    seen: int = 0        # cards out of the deck the values are for (0: a full deck)

    def advice(self, rules: Rules) -> Advice:
        """This hint as an `settemezzo.advice.Advice` (against the equilibrium, under
        ``rules``), which the sentences of `settemezzo.i18n` say."""
        from settemezzo.advice import Advice
        from settemezzo.game import restriction_codes

        return Advice(self.hole, self.up, "equilibrium", rules.spec(), self.best,
                      self.stand_ev, self.hit_ev, self.stand_win, self.hit_win,
                      self.bust_if_hit, self.seven_half_if_hit, self.hit_frequency, None,
                      self.split_frequency, restriction_codes(rules), rules.split_figures,
                      self.stake, self.seen)


def hint_of(rec: Any, chosen: bool, split: float | None = None, seen: int = 0) -> Hint:
    """The `Hint` of row ``rec`` of an equilibrium player table (a row or a dict of its
    columns): ``chosen``, the player chooses the stake (the row's values are in chips at its
    stake: per unit here); ``split``, how often the equilibrium splits (before a split);
    ``seen``, the cards out of the deck the table is for."""
    per = int(rec["stake"]) if chosen else 1
    f = rec["hit_frequency"]
    return Hint(str(rec["hole"]), tuple(str(rec["up"]).split()), str(rec["best"]),
                float(rec["stand_ev"]) / per, float(rec["hit_ev"]) / per,
                float(rec["stand_win"]), float(rec["hit_win"]),
                Fraction(float(rec["bust_if_hit"])), Fraction(float(rec["seven_half_if_hit"])),
                None if f is None or f != f else float(f), split, per if chosen else None,
                seen)


@dataclass(frozen=True)
class SeatState:
    """A seat as the shared screen shows it."""

    seat: int
    name: str
    human: bool
    banker: bool
    chips: int
    hands: tuple[HandState, ...]
    burnt: Card | None
    out: bool
    to_play: bool


class TableGame:
    """A game at the classroom table (see the module docstring).

    ``phase``: ``stake`` (a student's stake), ``play`` (a student's turn), ``bank`` (a
    student holding the bank plays), ``done`` (the hand is over: `next_hand`), ``over``.
    ``to_play`` is the seat to act. ``reports`` holds every finished hand (`HandReport`).
    """

    def __init__(self, rules: Rules | str = ITALIAN, students: int = 1, computers: int = 2,
                 seed: int = 1, *, names: Sequence[str] = (), player: str | None = None,
                 banker: str = "table", sale: tuple[int, int] | None = None,
                 chips: int | str = "rules", forced: Sequence[Card | str] = (),
                 seat_names: Sequence[str] = (), hands: int | None = None) -> None:
        self.rules = preset(rules) if isinstance(rules, str) else rules
        for what, n in (("students", students), ("computers", computers)):
            if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                raise IllegalActionError(f"{what} must be a whole number from 0, got {n!r}")
        if not 1 <= students + computers <= NSEAT - 1:
            raise IllegalActionError(
                f"a table seats 1 to {NSEAT - 1} players beside the banker; got "
                f"{students} students and {computers} computers")
        self.students, self.computers = students, computers
        self.strategy = player or computer_strategy(self.rules)
        model = self.strategy
        person = Person(_no_callback, frozenset(DECISIONS), model, banker)
        self.names = ["Bank"] + [names[i] if i < len(names) else f"Student {i + 1}"
                                 for i in range(students)] \
            + [f"Computer {i + 1}" for i in range(computers)]
        self.names[:len(seat_names)] = list(seat_names)[:len(self.names)]
        self.table = Table(self.rules, students + computers,
                           seats={1 + i: person for i in range(students)},
                           player=self.strategy, banker=banker, seed=seed, sale=sale,
                           chips=chips, forced=forced, session_hands=hands)
        self.seed = seed
        self.reports: list[HandReport] = []
        self.last_stake: dict[int, int] = {}
        self._view: TableView | None = None
        self._done = False
        self._hand_seen: tuple[Card, ...] = ()
        self._advance()

    # =========================================================================================
    # State
    # =========================================================================================
    @property
    def view(self) -> TableView | None:
        """The decision a student must take now (None if none)."""
        return self._view

    @property
    def phase(self) -> str:
        if self._view is not None:
            d = self._view.decision
            return "stake" if d == "stake" else ("bank" if d.startswith("bank") else "play")
        return "over" if self.over else "done"

    @property
    def over(self) -> bool:
        """The game is over: its last round played, or one seat holds every chip."""
        return self._done

    @property
    def to_play(self) -> int | None:
        return self._view.seat if self._view is not None else None

    @property
    def banker(self) -> int:
        return int(self.table.state.S[State.BANKER])

    @property
    def hand_no(self) -> int:
        """The hand being played (1 first), or the last one played when the game is over."""
        return len(self.reports) + (0 if self._view is None else 1)

    @property
    def chips(self) -> tuple[int, ...]:
        return tuple(int(x) for x in self.table.state.chips[:len(self.names)])

    @property
    def hand_banker(self) -> int:
        """The seat holding the bank for the hand on screen: once a hand is over, the banker
        who played it (the bank may already have passed: `next_banker`)."""
        if self._view is None and self.reports:
            return self.reports[-1].banker
        return self.banker

    @property
    def next_banker(self) -> int | None:
        """Once a hand is over, the seat who takes the bank for the next one (the rules'
        `settemezzo.rules.next_banker`, as the engine passed it); None during a hand."""
        if self._view is None and self.reports:
            return self.reports[-1].next_banker
        return None

    def deck_count(self) -> tuple[int, int]:
        """``(dealt, left)``: the cards dealt since the deck was last shuffled, and those left
        in it (with a fresh deck every hand, the shuffle is at every hand's start)."""
        S = self.table.state.S
        pos, end = int(S[State.POS]), int(S[State.END])
        return pos, end - pos

    def standings(self) -> list[tuple[int, int]]:
        """``(seat, chips)`` of every seat, the most chips first (seat order among equals)."""
        return sorted(enumerate(self.chips), key=lambda sc: (-sc[1], sc[0]))

    def snapshot(self) -> TableGame:
        """A copy of the game as it stands, for reading (a judge on another thread) while the
        game goes on; its engine state is its own, the rules' tables are shared."""
        import copy

        twin = copy.copy(self)
        twin.table = copy.copy(self.table)
        twin.table.state = copy.deepcopy(self.table.state)
        twin.reports = list(self.reports)
        twin.last_stake = dict(self.last_stake)
        return twin

    def computer_move(self) -> tuple[str, int | None]:
        """The move a computer makes for the student to act (one who left the seat or did
        not answer in time): the stake offered; as the bank, the table banker's play
        (`bank_hint`); else the equilibrium's play where `hint` has one (hitting a mixed
        play when it hits at least half the time), and the rule of thumb ``threshold:5``
        where it has none."""
        v = self._view
        if v is None:
            return ("next_hand", None) if self.can_next_hand() else ("stand", None)
        if v.decision == "stake":
            return "stake", self.default_stake()
        if v.decision.startswith("bank"):
            return ("hit" if self.bank_hint() else "stand"), None
        h = self.hint()
        best = getattr(h, "best", None)
        if best not in ("stand", "hit"):
            freq = getattr(h, "hit_frequency", None)
            best = ("hit" if freq >= 0.5 else "stand") if freq is not None \
                else ("hit" if v.total < 10 else "stand")
        return best, None

    def state_text(self) -> str:
        """The table's state in one line (quoted by `IllegalActionError`)."""
        who = self.names[self.to_play] if self.to_play is not None else "nobody"
        options = ", ".join(a for a in ACTIONS if self._can(a))
        return (f"hand {self.hand_no}, phase {self.phase!r}, {who} to act, allowed: "
                f"{options or 'nothing'}")

    def stake_range(self) -> tuple[int, int]:
        """The stakes the student to act may choose now."""
        if self._view is None or self._view.decision != "stake":
            raise IllegalActionError(f"no stake is being asked ({self.state_text()})")
        return self._view.stake_range

    def default_stake(self) -> int:
        """The stake offered: the student's last one, within this round's limits."""
        lo, hi = self.stake_range()
        assert self._view is not None
        return min(max(self.last_stake.get(self._view.seat, lo), lo), hi)

    # =========================================================================================
    # verify / can / do
    # =========================================================================================
    def _can(self, action: str, amount: int | None = None) -> bool:
        v = self._view
        if action == "next_hand":
            return v is None and not self._done
        if v is None:
            return False
        d = v.decision
        if action == "stake":
            lo, hi = v.stake_range
            return d == "stake" and (amount is None or (
                isinstance(amount, int) and not isinstance(amount, bool) and lo <= amount <= hi))
        if action == "burn":
            return d in ("burn", "bank_burn")
        if action == "split":
            return d == "split"
        if action in ("hit", "stand"):
            return d in ("burn", "bank_burn", "split", "action", "bank_action")
        if action == "swap":
            return (d in ("burn", "split", "action") and self.rules.swap_hidden
                    and v.hidden is not None)
        raise IllegalActionError(f"unknown action {action!r}: choose {', '.join(ACTIONS)}")

    def _verify(self, action: str, amount: int | None = None) -> None:
        if not self._can(action, amount):
            what = f"{action} {amount!r}" if amount is not None else action
            if action == "stake" and self._view is not None and self._view.decision == "stake":
                lo, hi = self._view.stake_range
                what += f" (the limits are {lo} to {hi})"
            raise IllegalActionError(f"{what} is not allowed now: {self.state_text()}")

    def verify_stake(self, amount: int) -> None:
        self._verify("stake", amount)

    def can_stake(self, amount: int | None = None) -> bool:
        return self._can("stake", amount)

    def stake(self, amount: int) -> None:
        """The student to act stakes ``amount`` chips."""
        self.verify_stake(amount)
        assert self._view is not None
        self.last_stake[self._view.seat] = amount
        self._answer(amount)

    def verify_burn(self) -> None:
        self._verify("burn")

    def can_burn(self) -> bool:
        return self._can("burn")

    def burn(self) -> None:
        """Throw the face-down first card away face up and take a new one."""
        self.verify_burn()
        self._answer("burn")

    def verify_split(self) -> None:
        self._verify("split")

    def can_split(self) -> bool:
        return self._can("split")

    def split(self) -> None:
        """Split the two figures into two hands, with a second equal stake."""
        self.verify_split()
        self._answer("split")

    def verify_hit(self) -> None:
        self._verify("hit")

    def can_hit(self) -> bool:
        return self._can("hit")

    def hit(self) -> None:
        """Ask for a card (face up)."""
        self.verify_hit()
        self._act("hit")

    def verify_swap(self) -> None:
        self._verify("swap")

    def can_swap(self) -> bool:
        return self._can("swap")

    def swap(self) -> None:
        """Ask for a card, turning the face-down card up and taking the new one face down."""
        self.verify_swap()
        self._act("swap")

    def verify_stand(self) -> None:
        self._verify("stand")

    def can_stand(self) -> bool:
        return self._can("stand")

    def stand(self) -> None:
        self.verify_stand()
        self._act("stand")

    def verify_next_hand(self) -> None:
        self._verify("next_hand")

    def can_next_hand(self) -> bool:
        return self._can("next_hand")

    def act(self, action: str, amount: int | None = None) -> None:
        """Make the move named ``action`` (one of `ACTIONS`; ``amount``, the chips of a
        stake): as `computer_move` names one, or a stored move is replayed."""
        if action not in ACTIONS:
            raise IllegalActionError(f"unknown action {action!r}: choose {', '.join(ACTIONS)}")
        if action == "stake":
            if amount is None:
                raise IllegalActionError("a stake needs its chips (amount)")
            self.stake(amount)
        else:
            getattr(self, action)()

    def next_hand(self) -> None:
        """Start the next hand (after one is over)."""
        self.verify_next_hand()
        self._hand_seen = self._seen_for_next()
        self._advance()

    # =========================================================================================
    # Stepping
    # =========================================================================================
    def _act(self, action: str) -> None:
        """stand/hit/swap, first declining a pending burn or split."""
        v = self._view
        assert v is not None
        if v.decision in ("burn", "bank_burn", "split"):
            seat = v.seat
            self._answer("keep")
            v = self._view
            if v is None or v.seat != seat or v.decision not in ("action", "bank_action"):
                return  # pragma: no cover - the engine always asks the same seat next
        if action == "swap" and "swap" not in v.options:
            action = "hit"
        self._answer(action)

    def _answer(self, value: str | int) -> None:
        self.table.answer(value)
        self._view = None
        self._advance()

    def _advance(self) -> None:
        step = self.table.advance()
        if isinstance(step, HandReport):
            self.reports.append(step)
            if self.table.state.S[State.SESS] >= 1 or self._last_hand():
                self._done = True
            return
        if step is None:
            self._done = True
            return
        self._view = step

    def _last_hand(self) -> bool:
        st = self.table.state
        alive = int(st.active[:len(self.names)].sum())
        return alive < 2 or int(st.S[State.HANDNO]) >= int(self.table.spec.C[Conf.HANDS])

    def play_out(self, decide: Any = None) -> list[HandReport]:
        """Play to the end of the game; ``decide(game)`` acts for the students (None: no
        students)."""
        while not self.over:
            if self._view is None:
                self.next_hand()
            elif decide is None:
                raise IllegalActionError(f"a student must act: {self.state_text()}")
            else:
                decide(self)
        return self.reports

    # =========================================================================================
    # What the screen shows
    # =========================================================================================
    def seats(self, viewer: int | None = None) -> list[SeatState]:
        """Every seat as the shared screen shows it now (the face-down card of the student
        to act shown), or as the seat ``viewer`` sees it on a screen of its own (its own
        face-down card always shown; -1: nobody's)."""
        st = self.table.state
        b = self.banker
        npl = int(st.S[State.NPLAY])
        by_seat = {int(st.PL[i, Player.SEAT]): i for i in range(npl)}
        last = self.reports[-1] if self._view is None and self.reports else None
        out = []
        for s, name in enumerate(self.names):
            human = 1 <= s <= self.students
            burnt = None
            if s in by_seat:
                i = by_seat[s]
                first = int(st.PL[i, Player.FIRST])
                slots = list(range(first, first + int(st.PL[i, Player.NH])))
                if st.PL[i, Player.BURNT] >= 0:
                    burnt = card_of(int(st.PL[i, Player.BURNT]))
            elif s == b or (last is not None and s == last.banker):
                slots = [0] if (last is None or s == last.banker) else []
                if st.S[State.BBURNT] >= 0 and slots:
                    burnt = card_of(int(st.S[State.BBURNT]))
            else:
                slots = []
            gains = self._gains(last, s)
            mine = human and (self.to_play == s if viewer is None else viewer == s)
            hands = tuple(self._hand(x, mine, gains[j] if j < len(gains) else None,
                                     last is not None) for j, x in enumerate(slots))
            out.append(SeatState(s, name, human, s == b, int(st.chips[s]), hands, burnt,
                                 not bool(st.active[s]), self.to_play == s))
        return out

    @staticmethod
    def _gains(last: HandReport | None, seat: int) -> tuple[int, ...]:
        if last is None:
            return ()
        if seat == last.banker:
            return (last.banker_gain,)
        return next((g for s, _, _, g in last.players if s == seat), ())

    def _hand(self, slot: int, mine: bool, gain: int | None, settled: bool) -> HandState:
        st = self.table.state
        n = int(st.H[slot, Hand.N])
        hid = int(st.H[slot, Hand.HID])
        cards = tuple(None if (t == hid and not settled and not mine)
                      else card_of(int(st.HC[slot, t])) for t in range(n))
        kinds = [Kind(int(self.table.spec.KIND[int(st.HC[slot, t])]))
                 for t in range(n) if cards[t] is not None]
        tot = total(kinds, self.rules) if kinds else 0
        label = points_label(tot) if tot <= 15 else f"{points_label(tot)} (bust)"
        stat = HAND_STATUS[HandStatus(st.H[slot, Hand.STAT])] if slot else "banker"
        score = None
        result = ""
        if settled:
            sc = int(st.H[slot, Hand.SCORE])
            score = sc if sc >= 0 else None
            if gain is not None:
                result = "won" if gain > 0 else ("lost" if gain < 0 else "push")
        return HandState(cards, tot, label, stat, int(st.H[slot, Hand.STAKE]) if slot else 0,
                         score, result, gain or 0, hid if 0 <= hid < n else None)

    def bust_chance(self) -> Any:
        """The chance that one more card busts the hand of the student to act, counting every
        card it can see (its own, the face-up and shown cards, burnt cards), exactly."""
        from settemezzo.odds import bust_chance

        v = self._view
        if v is None or v.decision == "stake" or not v.hand:
            return None
        seen = [k for s in self.seats() for h in s.hands for k in self._kinds(h.cards)]
        seen += [k for s in self.seats() if s.burnt is not None
                 for k in self._kinds((s.burnt,))]
        mine = self._kinds(v.hand)
        unseen = self.rules.take(Unseen.full(), seen if self.to_play is not None else [])
        return bust_chance(mine, unseen, self.rules)

    def _kinds(self, cards: Sequence[Card | None]) -> list[Kind]:
        from settemezzo.simulate.session import card_id

        return [Kind(int(self.table.spec.KIND[card_id(c)])) for c in cards if c is not None]

    def bank_hint(self) -> bool | None:
        """For a student holding the bank: whether the simulator's table banker would hit now
        (it weighs each face-down card by its exact chance, given what the bank has seen):
        hitting is worth more than standing in `bank_values`. None but at ``bank_action``."""
        v = self._view
        values = self.bank_values() if v is not None and v.decision == "bank_action" else None
        return None if values is None else values["hit"] > values["stand"]

    def bank_values(self, decision: str | None = None) -> dict[str, float] | None:
        """For a student holding the bank: what the simulator's table banker reckons each
        option is worth now, in chips (the bank's expected gain, summed over the hands it
        plays against, played on at its best after): ``{"stand", "hit"}`` at
        ``bank_action``, ``{"burn", "no_burn"}`` at ``bank_burn`` (``decision``
        ``bank_action`` there: stand and hit on the card kept), by
        `settemezzo.simulate.play.bank_stand_hit` and `bank_plan` (`burn_is_better`'s two
        values). Each face-down card is weighed by its exact posterior given what the bank
        saw and that player's strategy, and the bank draws from the cards it has not seen
        (`bank_unseen`): exact heads-up; with several players, what the others' decisions
        say about each one's card is left out. None where the bank has no choice (no bank
        decision now)."""
        v = self._view
        if v is None or not v.decision.startswith("bank"):
            return None
        decision = decision or v.decision
        if decision not in ("bank_action", "bank_burn") or (
                decision == "bank_burn" and v.decision != "bank_burn"):
            raise IllegalActionError(f"no {decision} now: {self.state_text()}")
        node = int(self.table.state.H[0, Hand.NODE])
        if decision == "bank_burn":
            return {"burn": float(self._bank_call(bank_plan, 0, True)),
                    "no_burn": float(self._bank_call(bank_plan, node, False))}
        stand, hit = self._bank_call(bank_stand_hit, node)
        return {"stand": float(stand), "hit": float(hit)}

    def _bank_call(self, fn: Any, *tail: Any) -> Any:
        """``fn`` (`bank_plan`, `bank_stand_hit`) of the table banker (not omniscient) over
        the engine's arrays, its scratch too, then ``tail`` (the root, ...)."""
        st, sp = self.table.state, self.table.spec
        return fn(st.C, st.S, sp.SP, sp.ST, sp.KIND, sp.VAL, sp.EQR, sp.EQN, sp.EQP, sp.NNEXT,
                  sp.NCNT, sp.NSIZE, sp.NSCO, sp.NCHSC, st.deck, st.H, st.HC, st.PL, st.LOG,
                  st.LOGC, st.FPOOL, st.FW, st.FP, st.FQ, st.IB, st.IORD, st.IMARK, False,
                  *tail)

    def bank_unseen(self) -> Unseen:
        """The cards the bank has not seen (those `bank_values` draws from): the stock and
        the face-down cards of the hands that stood (`settemezzo.simulate.play.unseen_pool`),
        as the rules tell them apart."""
        st, sp = self.table.state, self.table.spec
        pool = np.zeros(NK)
        unseen_pool(st.S, sp.KIND, st.deck, st.H, st.HC, st.PL, pool, False)
        return Unseen.of_plain({Kind(k): int(n) for k, n in enumerate(pool)})

    def bank_stakes(self) -> int:
        """The chips staked on the hands the bank plays against now, those that stood or
        were shown (a bust hand's stake is the bank's already): what `bank_values` is
        won or lost on."""
        st = self.table.state
        slots = (int(st.PL[i, Player.FIRST]) + j for i in range(int(st.S[State.NPLAY]))
                 for j in range(int(st.PL[i, Player.NH])))
        return sum(int(st.H[x, Hand.STAKE]) for x in slots
                   if st.H[x, Hand.STAT] in (HandStatus.STOOD, HandStatus.SHOWN))

    def hint(self) -> Hint | None:
        """The exact engine's answer for the student to act (a `Hint`, heads-up against the
        equilibrium banker, per unit stake; `Hint.advice` makes it an
        advice the sentences of `settemezzo.i18n` say): the row of the
        equilibrium's player table for the decision the student faces - its stake, the card
        burnt, the cards turned up by swaps included - read from the solved results the
        computer seats play (`strategies.PlayerTables`; no solve): a full deck's, also at a
        table played down (the deck at the start of the hand, `hand_deck`, has its own:
        `settemezzo.teaching.tablelog.table_hint`). None where there is none: see
        `no_hint`."""
        if self.no_hint() is not None:
            return None
        from settemezzo.simulate.strategies import player_tables

        tables = player_tables(self.rules)
        node = self._node()
        assert self._view is not None
        split = float(tables.p[EqProb.SPLIT, node]) if self._view.decision == "split" else None
        return hint_of(tables.frame.iloc[node], len(tables.stakes) > 1, split)

    def _node(self) -> int:
        st = self.table.state
        return int(st.H[int(st.S[State.REQ_SLOT]), Hand.INFO])

    def decision_node(self) -> int:
        """The row of the equilibrium's player table (`strategies.player_tables`' ``frame``)
        of the decision the seat to act faces now: -1 where it has none (`no_hint`)."""
        return self._node() if self._view is not None else -1

    def seen_cards(self) -> tuple[Card, ...]:
        """The cards seen since the last shuffle and out of the stock: the discard pile (the
        cards of finished hands, burnt cards); none when every hand has a fresh deck."""
        st = self.table.state
        return tuple(card_of(int(c)) for c in st.disc[:int(st.S[State.NDISC])])

    @property
    def hand_seen(self) -> tuple[Card, ...]:
        """The cards seen since the shuffle as this hand was dealt (`seen_cards` then: the
        cards of the earlier hands, burnt cards); none with a fresh deck every hand, or
        for the first hand."""
        return self._hand_seen

    @property
    def hand_deck(self) -> Unseen | None:
        """The deck at the start of this hand: the deck less `hand_seen` (`deck_less`), or
        None for a full deck (a fresh deck every hand, just shuffled, or every card seen).
        The values of this hand's decisions at a table played down are that deck's: the
        class tables' judge and the tables' hints read them."""
        return deck_less(self.rules, self._hand_seen)

    @property
    def next_hand_deck(self) -> Unseen | None:
        """The deck the next hand starts from (its `hand_deck` once dealt), known as soon as
        this hand is over (phase ``done``): the cards seen by then are the next hand's
        `hand_seen`. A table starts that deck's values then, before the deal. Only once a
        hand is over (`IllegalActionError` before: the cards still to come are not seen)."""
        if self.phase != "done":
            raise IllegalActionError(f"the next hand's deck is known once this hand is over "
                                     f"(phase done), not in phase {self.phase}")
        return deck_less(self.rules, self._seen_for_next())

    def _seen_for_next(self) -> tuple[Card, ...]:
        """The cards the next hand is dealt after (none with a fresh deck every hand)."""
        return self.seen_cards() if self.rules.reshuffle == "when_exhausted" else ()

    def no_hint(self) -> str | None:
        """Why `hint` has no advice now, as a code (None: it has one): ``no_decision`` (no
        student's stand-or-hit decision: a stake, the bank, nobody), ``no_tables`` (nobody at
        the table plays or is read by the equilibrium: a rule-of-thumb table),
        ``split_hand`` (a hand of a split: the restricted exact game plays split hands face
        up, docs/rules.md), ``unreached`` (a hand the equilibrium never plays, so its solved
        table has no row for it: after a swap it never makes, at a stake it never picks)."""
        v = self._view
        if v is None or v.role != "player" or v.decision == "stake" or not v.hand:
            return "no_decision"
        if int(self.table.spec.C[Conf.HAVE_EQP]) != 1:
            return "no_tables"
        if self._node() >= 0:
            return None
        return "split_hand" if v.hands > 1 else "unreached"
