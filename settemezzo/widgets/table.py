"""The classroom table as a plain state machine: students, computer players, a banker.

`TableGame` holds the whole state and every rule of a hand (``RULES.md``): stakes within
the limits, the deal in playing order (anticlockwise from the banker, the banker last),
each player's stand / hit (bust pays the banker at once, 7½ ends the turn), the banker's
turn, the settlement through `settemezzo.hands.settle`, chips, and the bank changing hands.
No widget, no sleep, no input: the view (`settemezzo.widgets.tableview`) calls these methods
and the tests drive them directly.

Decisions where the rule texts leave room (each documented where it is made):

- A computer player plays the heads-up equilibrium of the exact tables (it ignores the other
  players' cards); it burns whenever it may and never swaps its hidden card.
- The computer banker follows `settemezzo.widgets.banker.banker_decision`.
- A banker without chips to pay everybody pays in playing order as far as its chips go, and
  the bank then passes to the next player with chips; a player with no chips sits out.
- The hand that takes the bank under the Italian rule is the first, in playing order, that
  beat the banker with 7½ (only a royal 7½ under ``royal``; never a pair of sevens).

>>> g = TableGame(students=1, computers=1, seed=3)
>>> g.phase, [s.name for s in g.seats], g.seats[g.banker].name
('stakes', ['Bank', 'Student 1', 'Computer 1'], 'Bank')
>>> g.deal(); g.phase in ("players", "done")
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from settemezzo.cards import Card, Kind, Unseen, full_deck, kind_of
from settemezzo.hands import (
    BUST,
    PAIR_OF_SEVENS,
    ROYAL,
    describe_score,
    is_bust,
    is_finished,
    score,
    settle,
    total,
)
from settemezzo.odds import bust_chance
from settemezzo.rules import ITALIAN, Rules, RulesError
from settemezzo.widgets.banker import Opponent, banker_decision, unseen_without
from settemezzo.widgets.lookup import PlayerLookup, Row, player_lookup, support_problem

__all__ = ["Event", "Seat", "TableError", "TableGame", "table_problem"]

SEVEN_AND_A_HALF = 15
PURE = 1e-6


class TableError(RulesError):
    """An action the table does not allow now (the message says what is expected)."""


def table_problem(rules: Rules) -> str | None:
    """None if the table can deal ``rules``, else why not (the exact engine must support the
    rules for the hints and the computer players; the table itself does not split hands)."""
    problem = support_problem(rules)
    if problem is not None:
        return problem
    if rules.split_figures > 1:
        return ("the classroom table does not split figures yet "
                f"(split_figures={rules.split_figures})")
    return None


@dataclass
class Seat:
    """One person at the table: chips, and the hand being played (face-down card first)."""

    name: str
    human: bool
    chips: int
    cards: list[Card] = field(default_factory=list)
    stake: int = 0
    status: str = "waiting"     # waiting, playing, stood, shown, bust, out, banker
    burnt: Card | None = None
    revealed: bool = False      # the whole hand is shown (bust, 7½, settlement)

    @property
    def hole(self) -> Card | None:
        return self.cards[0] if self.cards else None

    @property
    def up(self) -> list[Card]:
        return self.cards[1:]


@dataclass(frozen=True)
class Event:
    """Something that happened, for the log: a key of `settemezzo.widgets.strings` and its
    fields (names, chips, scores)."""

    key: str
    fields: dict[str, Any]


class TableGame:
    """A session at the classroom table.

    ``students`` human players and ``computers`` computer players sit with a computer banker
    (seat 0, 'Bank'). Every hand: `new_hand` (stakes; under ``stake_timing=after_first_card``
    the first cards are dealt before the stakes), `set_stake` for the students, `deal`, then
    `hit` / `stand` / `burn` for whoever is `current` (the computers play by themselves),
    until ``phase == "done"``. ``over`` is True when one person holds every chip or the
    rules' last round is played.
    """

    def __init__(self, rules: Rules = ITALIAN, students: int = 1, computers: int = 2,
                 seed: int | str = 1, names: Sequence[str] | None = None) -> None:
        problem = table_problem(rules)
        if problem is not None:
            raise TableError(f"the table cannot deal {rules.describe()}: {problem}")
        for what, n, lo in (("students", students, 0), ("computers", computers, 0)):
            if not isinstance(n, int) or n < lo:
                raise TableError(f"{what} must be a whole number from {lo}, got {n!r}")
        people = 1 + students + computers
        if not 2 <= people <= 8:
            raise TableError(f"a table seats 2 to 8 people with the banker; got {people} "
                             f"({students} students, {computers} computers)")
        self.rules = rules
        self.seed = seed
        chips = rules.chips_for(people)
        names = list(names or [])
        self.seats: list[Seat] = [Seat("Bank", False, chips, status="banker")]
        for i in range(students):
            name = names[i] if i < len(names) else f"Student {i + 1}"
            self.seats.append(Seat(name, True, chips))
        for i in range(computers):
            self.seats.append(Seat(f"Computer {i + 1}", False, chips))
        self.banker = 0
        self.hand_no = 0
        self.phase = "idle"
        self.current: int | None = None
        self.events: list[Event] = []
        self.deck: list[Card] = []
        self.discards: list[Card] = []
        self._steps = 0
        self._lookup: PlayerLookup | None = None
        self.new_hand()

    # =========================================================================================
    # Queries
    # =========================================================================================
    @property
    def lookup(self) -> PlayerLookup:
        """The exact table of the heads-up equilibrium (computer players and hints)."""
        if self._lookup is None:
            self._lookup = player_lookup(self.rules, "equilibrium")
        return self._lookup

    def warm(self) -> None:
        """Build the exact tables the computers and the hints read (a few seconds, once per
        rule set and process), so that every later action answers at once."""
        from settemezzo.widgets.lookup import banker_lookup

        _ = self.lookup
        banker_lookup(self.rules)

    @property
    def total_chips(self) -> int:
        return sum(s.chips for s in self.seats)

    @property
    def over(self) -> bool:
        alive = [s for s in self.seats if s.chips > 0]
        last = self.rules.rounds is not None and self.hand_no >= self.rules.rounds
        return self.phase == "done" and (len(alive) <= 1 or last)

    def order(self) -> list[int]:
        """The players in playing order: anticlockwise from the banker's right, the banker
        and anybody without chips left out."""
        n = len(self.seats)
        return [(self.banker + k) % n for k in range(1, n)
                if self.seats[(self.banker + k) % n].status != "out"]

    def limits(self, seat: int) -> tuple[int, int]:
        """The stakes ``seat`` may choose now: the table's limits, capped by its chips."""
        lo, hi = self.rules.stake_limits(self.hand_no or 1)
        chips = self.seats[seat].chips
        return min(lo, chips), min(hi, chips)

    def kinds(self, cards: Sequence[Card]) -> tuple[Kind, ...]:
        """Cards as the odds see them (`settemezzo.rules.Rules.plain`)."""
        return self.rules.plain_kinds(kind_of(c) for c in cards)

    def score_of(self, seat: int) -> int:
        return score(self.kinds(self.seats[seat].cards), self.rules)

    def total_of(self, seat: int) -> int:
        return total(self.kinds(self.seats[seat].cards), self.rules)

    def can_burn(self, seat: int | None = None) -> bool:
        """Whether the one to play may burn its face-down card now."""
        i = self.current if seat is None else seat
        if i is None or not self.rules.burn or self.phase not in ("players", "banker"):
            return False
        s = self.seats[i]
        hole = s.hole
        return (len(s.cards) == 1 and s.burnt is None and hole is not None
                and self.rules.may_burn(kind_of(hole))
                and i == self.current)

    def legal(self) -> set[str]:
        """The actions a person may take now: 'stake', 'deal', 'hit', 'stand', 'burn',
        'swap' (hit and keep the new card hidden), 'next' (a new hand)."""
        if self.phase == "stakes":
            return {"stake", "deal"}
        if self.phase == "done":
            return set() if self.over else {"next"}
        if self.current is None or not self.seats[self.current].human:
            return set()
        out = {"hit", "stand"}
        if self.can_burn():
            out.add("burn")
        if self.rules.swap_hidden and self.phase == "players":
            out.add("swap")
        return out

    def visible_unseen(self, seat: int) -> Unseen:
        """The cards ``seat`` has not seen: the deck minus its own cards and every card shown
        on the table (face-up cards, burnt cards, hands shown)."""
        seen: list[Card] = list(self.seats[seat].cards)
        for j, s in enumerate(self.seats):
            if s.burnt is not None:
                seen.append(s.burnt)
            if j == seat:
                continue
            seen.extend(s.cards if s.revealed else s.up)
        return unseen_without([kind_of(c) for c in seen])

    # =========================================================================================
    # Hints (read from the exact tables, never computed here)
    # =========================================================================================
    def player_row(self, seat: int) -> Row | None:
        """The exact table's row for ``seat``'s hand (heads-up, equilibrium banker)."""
        ks = self.kinds(self.seats[seat].cards)
        return self.lookup.row(ks[0], ks[1:]) if ks else None

    def table_bust_chance(self, seat: int) -> Any:
        """The chance that one more card busts ``seat``, counting every card it can see."""
        ks = self.kinds(self.seats[seat].cards)
        return bust_chance(ks, self.visible_unseen(seat), self.rules)

    def opponents(self) -> list[Opponent]:
        """The players as the banker sees them."""
        out = []
        for i in self.order():
            s = self.seats[i]
            if s.status == "bust":
                out.append(Opponent(self.kinds(s.up), "bust", s.stake))
            elif s.status == "shown":
                out.append(Opponent(self.kinds(s.up), "shown", s.stake, self.kinds(s.cards)))
            elif s.status == "stood":
                out.append(Opponent(self.kinds(s.up), "stood", s.stake))
        return out

    def banker_hit_chance(self) -> float:
        """The computer banker's chance of hitting now (a hint when a student holds the bank)."""
        return banker_decision(self.opponents(), self.kinds(self.seats[self.banker].cards),
                               self.rules)

    # =========================================================================================
    # Actions
    # =========================================================================================
    def new_hand(self) -> None:
        """Start a hand: stakes (the computers choose theirs; students start at the minimum)."""
        if self.phase not in ("idle", "done"):
            raise TableError(f"a hand is being played (phase {self.phase!r})")
        if self.hand_no and self.over:
            raise TableError("the game is over")
        for s in self.seats:
            self.discards.extend(s.cards)
            if s.burnt is not None:
                self.discards.append(s.burnt)
            s.cards, s.burnt, s.revealed, s.stake = [], None, False, 0
            s.status = "out" if s.chips <= 0 else "waiting"
        self.seats[self.banker].status = "banker"
        self.hand_no += 1
        self.phase = "stakes"
        self.current = None
        if self.rules.reshuffle == "every_hand" or not self.deck:
            self.deck = full_deck()
            self._rng("deck").shuffle(self.deck)
            self.discards = []
        self.events.append(Event("round", {"n": self.hand_no}))
        if self.rules.stake_after_first_card:
            self._deal_first_cards()
        for i in self.order():
            lo, hi = self.limits(i)
            s = self.seats[i]
            s.stake = lo if s.human else self._rng("stake", i).randint(lo, hi)

    def set_stake(self, seat: int, amount: int) -> None:
        """A student's stake for this hand (within `limits`)."""
        if self.phase != "stakes":
            raise TableError(f"stakes are set before the play, not in phase {self.phase!r}")
        if seat not in self.order():
            raise TableError(f"seat {seat!r} does not play this hand (banker, out, or unknown)")
        lo, hi = self.limits(seat)
        if not isinstance(amount, int) or isinstance(amount, bool) or not lo <= amount <= hi:
            raise TableError(f"stake {amount!r} is outside the limits [{lo}, {hi}] for "
                             f"{self.seats[seat].name}")
        self.seats[seat].stake = amount

    def deal(self) -> None:
        """Close the stakes, deal the face-down cards (unless dealt already) and play on
        until a student must choose."""
        if self.phase != "stakes":
            raise TableError(f"deal after the stakes, not in phase {self.phase!r}")
        if not self.rules.stake_after_first_card:
            self._deal_first_cards()
        self.phase = "players"
        self._next_player(-1)
        self.play_computers()

    def hit(self, swap: bool = False) -> Card:
        """The one to play asks for a card (``swap``: turn the face-down card up and keep the
        new card face down, under ``swap_hidden``). Returns the card dealt. The computers
        then play on until a student must choose."""
        card = self._hit(swap)
        self.play_computers()
        return card

    def stand(self) -> None:
        """The one to play stands; the computers then play on until a student must choose."""
        self._stand()
        self.play_computers()

    def burn(self) -> Card:
        """The one to play throws its face-down card away face up and takes a new one."""
        card = self._burn()
        self.play_computers()
        return card

    def _hit(self, swap: bool = False) -> Card:
        i = self._actor()
        if swap and (not self.rules.swap_hidden or self.phase != "players"):
            raise TableError("swapping the hidden card needs the swap_hidden rule")
        s = self.seats[i]
        card = self._draw()
        if swap:
            s.cards = [card, *s.cards[1:], s.cards[0]]
        else:
            s.cards.append(card)
        self._after_card(i)
        return card

    def _stand(self) -> None:
        i = self._actor()
        if self.phase == "players":
            self.seats[i].status = "stood"
            self._next_player(i)
        else:
            self._settle()

    def _burn(self) -> Card:
        i = self._actor()
        if not self.can_burn(i):
            raise TableError(f"{self.seats[i].name} may not burn now (rule burn="
                             f"{sorted(self.rules.burn)}, first card only, once per hand)")
        s = self.seats[i]
        s.burnt = s.cards[0]
        s.cards = [self._draw()]
        self.events.append(Event("burns", {"name": s.name, "card": str(s.burnt)}))
        self._after_card(i)
        return s.cards[0]

    def play_computers(self) -> None:
        """Let the computer players (and a computer banker) act until a student must."""
        while self.phase in ("players", "banker") and self.current is not None \
                and not self.seats[self.current].human:
            i = self.current
            if self.can_burn(i):
                self._burn()
                continue
            if self.phase == "players":
                hit = self._computer_hits(i)
            else:
                p = self.banker_hit_chance()
                hit = p >= 1 - PURE or (p > PURE and self._rng("bank", self._step()).random()
                                        < p)
            if hit:
                self._hit()
            else:
                self._stand()

    # =========================================================================================
    # Internals
    # =========================================================================================
    def _rng(self, *what: object) -> random.Random:
        return random.Random("|".join(map(str, ("settemezzo-table", self.seed, self.hand_no,
                                                *what))))

    def _step(self) -> int:
        self._steps += 1
        return self._steps

    def _draw(self) -> Card:
        if not self.deck:  # only with reshuffle="when_exhausted": the used cards, shuffled
            self.deck, self.discards = self.discards, []
            self._rng("reshuffle", self._step()).shuffle(self.deck)
            self.events.append(Event("reshuffled", {}))
            if not self.deck:
                raise TableError("no card left to deal")  # pragma: no cover
        return self.deck.pop()

    def _deal_first_cards(self) -> None:
        for i in [*self.order(), self.banker]:
            self.seats[i].cards = [self._draw()]

    def _actor(self) -> int:
        if self.phase not in ("players", "banker") or self.current is None:
            raise TableError(f"nobody is to play now (phase {self.phase!r})")
        return self.current

    def _computer_hits(self, i: int) -> bool:
        row = self.player_row(i)
        if row is None:
            return self.total_of(i) < 10
        if row.best in ("mixed", "either") and row.hit_frequency is not None:
            return self._rng("player", i, self._step()).random() < row.hit_frequency
        return row.best == "hit"   # an exact tie ('either') with no frequency: stand

    def _after_card(self, i: int) -> None:
        s = self.seats[i]
        ks = self.kinds(s.cards)
        if self.phase == "players":
            if is_bust(ks, self.rules):
                s.status, s.revealed = "bust", True
                self._pay(i, self.banker, s.stake)
                self.events.append(Event("bust_stake", {"name": s.name, "n": s.stake}))
                self._next_player(i)
            elif is_finished(ks, self.rules):
                s.status, s.revealed = "shown", True
                self.events.append(Event("showed_event", {
                    "name": s.name, "score": describe_score(score(ks, self.rules))}))
                self._next_player(i)
            else:
                s.status = "playing"
        elif is_finished(ks, self.rules):
            self._settle()

    def _next_player(self, after: int) -> None:
        order = self.order()
        start = order.index(after) + 1 if after in order else 0
        for i in order[start:]:
            if self.seats[i].status == "waiting":
                self.current = i
                self.seats[i].status = "playing"
                return
        # the banker's turn, unless every player is bust already
        if all(self.seats[i].status == "bust" for i in order):
            self._settle()
            return
        self.phase = "banker"
        self.current = self.banker
        b = self.seats[self.banker]
        b.revealed = True
        self.events.append(Event("banker_turn", {"name": b.name}))
        if is_finished(self.kinds(b.cards), self.rules):  # pragma: no cover - one card
            self._settle()

    def _pay(self, frm: int, to: int, n: int) -> int:
        n = max(0, min(n, self.seats[frm].chips))
        self.seats[frm].chips -= n
        self.seats[to].chips += n
        return n

    def _settle(self) -> None:
        rules = self.rules
        bank = self.seats[self.banker]
        bank.revealed = True
        b_score = score(self.kinds(bank.cards), rules) if bank.cards else BUST
        self.events.append(Event("banker_result", {
            "name": bank.name, "cards": " ".join(map(str, bank.cards)),
            "score": describe_score(b_score)}))
        new_banker: int | None = None
        for i in self.order():
            s = self.seats[i]
            if s.status == "bust":
                continue
            s.revealed = True
            p_score = score(self.kinds(s.cards), rules)
            gain = settle(p_score, b_score, rules) * s.stake
            if gain > 0:
                paid = self._pay(self.banker, i, int(gain))
                self.events.append(Event("wins", {"name": s.name, "n": paid}))
                takes = (p_score == ROYAL) if rules.royal else (
                    p_score in (SEVEN_AND_A_HALF, ROYAL))
                if takes and p_score != PAIR_OF_SEVENS and new_banker is None \
                        and rules.bank_passing in ("seven_half", "keep"):
                    new_banker = i
            elif gain < 0:
                paid = self._pay(i, self.banker, int(-gain))
                self.events.append(Event("loses", {"name": s.name, "n": paid}))
            else:
                self.events.append(Event("push", {"name": s.name}))
        self.phase = "done"
        self.current = None
        order = self.order()
        old = self.banker
        if new_banker is not None:
            self.banker = new_banker
            self.events.append(Event("takes_bank", {"name": self.seats[new_banker].name}))
        elif bank.chips <= 0:
            nxt = next((i for i in order if self.seats[i].chips > 0), None)
            if nxt is not None:
                self.banker = nxt
                self.events.append(Event("banker_broke", {"name": bank.name,
                                                          "to": self.seats[nxt].name}))
        elif rules.bank_passing == "rotate":
            nxt = next((i for i in order if self.seats[i].chips > 0), None)
            if nxt is not None:
                self.banker = nxt
                self.events.append(Event("bank_rotates", {"name": self.seats[nxt].name}))
        if self.banker != old:
            self.seats[old].status = "waiting"
            self.seats[self.banker].status = "banker"
        for s in self.seats:
            if s.chips <= 0 and s is not self.seats[self.banker]:
                s.status = "out"
        if self.over:
            best = max(self.seats, key=lambda s: s.chips)
            self.events.append(Event("game_over", {"name": best.name}))
