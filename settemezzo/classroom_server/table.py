"""The class's tables: students seated together, computers in the empty seats.

The teacher opens tables (`TableOptions`: 2 to 8 seats, a rule set or the class's, the deck
played down or a fresh deck every hand, the time a student has to answer, when judgements are
shown and their tolerance); a student may also open one for themselves. A table plays one
`settemezzo.simulate.tablegame.TableGame` at a time: seat 0 is the computer who holds the
bank first, seats 1 on are the students' seats. A game is dealt from the table's seed and its
number, so the same seed and the same moves give the same game. Every move is committed to
the store before it is made (a restarted server replays them). A seat with no student, or
whose student does not answer within the table's time, is played by the computer
(`TableGame.computer_move`). Each student's decision is judged by
`settemezzo.teaching.judge.judge_move` on a worker thread, on a snapshot of the game taken
before the move (so a click never waits for it), with the values of the deck at the start
of the hand (`judge_deck`: the cards seen since the shuffle out; their solve starts as the
hand before ends, before the deal), and recorded as an answer of kind ``table`` with its
decision kind, the banker it is judged against and the deck. Until it is recorded the
pages say it is coming.

>>> import tempfile, os
>>> from settemezzo.classroom_server.service import Classroom
>>> room = Classroom.open(os.path.join(tempfile.mkdtemp(), "c.db"), seed=3)
>>> tables = ClassTables(room)
>>> tid = tables.open_table(TableOptions(seats=3))
>>> token = room.join(room.store.class_code, "Ada").token
>>> tables.sit(token, tid)
1
>>> screen = tables.screen(token)
>>> screen.phase, screen.to_play, screen.mine
('stake', 1, 1)
>>> tables.act(token, "stake", screen.seq, amount=1)
True
>>> tables.close()
"""

from __future__ import annotations

import json
import sys
import threading
import time
import zlib
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor, wait
from dataclasses import asdict, dataclass, field, replace

from settemezzo.cards import Unseen, kind_of, seen_count
from settemezzo.classroom_server.service import MAX_SECONDS, Classroom
from settemezzo.classroom_server.store import Answer, ClassTable, TableMove
from settemezzo.classroom_server.summary import up_total
from settemezzo.errors import InputError, LimitError, RulesError
from settemezzo.i18n import LANGUAGES, number, percent
from settemezzo.memory import freeze_long_lived
from settemezzo.rules import Rules, dealt_down, from_spec
from settemezzo.simulate.session import HandReport
from settemezzo.simulate.tablegame import ACTIONS, SeatState, TableGame
from settemezzo.teaching.books import cancel_ahead, deck_book, start_ahead, warm
from settemezzo.teaching.judge import judge_move

__all__ = ["FEEDBACK", "JUDGES", "ClassTables", "TableOptions", "TableScreen", "judge_deck",
           "table_rules", "table_seed"]

JUDGES = 2
"""The judge's worker threads: a judgement whose values are there is recorded while another
table's deck is still being solved (the solves themselves go one at a time)."""

FEEDBACK = ("now", "hand")
"""When a student sees the judgement of a decision: as it happens, or when the hand is over."""

MAX_AUTO = 2000
"""The most moves the computers make in a row at one table (a game has a few hundred)."""


def table_seed(seed: str) -> int:
    """A seed as the table engine's whole number (a word gets a stable hash)."""
    return int(seed) if seed.isdigit() else zlib.crc32(seed.encode("utf-8"))


@dataclass(frozen=True)
class TableOptions:
    """A table as the teacher opens it: ``seats`` (the computer who first holds the bank
    included, 2 to 8), ``rules`` (a rule set's spec, "" for the class's), ``fresh_deck`` (a
    new deck every hand instead of the deck played down), ``timeout`` (seconds a student has
    before the computer plays for them, 0 never), ``feedback`` (`FEEDBACK`), ``tolerance``
    (a choice within this many stakes of the best is right), ``hands`` (rounds in a game, 0
    for the rules' own)."""

    seats: int = 4
    rules: str = ""
    fresh_deck: bool = False
    timeout: float = 60.0
    feedback: str = "now"
    tolerance: float = 0.01
    hands: int = 0

    def __post_init__(self) -> None:
        checks = (("seats", self.seats, isinstance(self.seats, int) and 2 <= self.seats <= 8,
                   "a whole number from 2 to 8"),
                  ("timeout", self.timeout, 0 <= self.timeout <= 3600, "0 to 3600 seconds"),
                  ("feedback", self.feedback, self.feedback in FEEDBACK, " or ".join(FEEDBACK)),
                  ("tolerance", self.tolerance, 0 <= self.tolerance <= 1, "0 to 1 stakes"),
                  ("hands", self.hands, isinstance(self.hands, int) and 0 <= self.hands <= 100,
                   "a whole number from 0 (the rules' own) to 100"))
        for name, value, ok, allowed in checks:
            if not ok:
                raise InputError(f"a table's {name} must be {allowed}, got {value!r}")
        if self.rules:
            from_spec(self.rules)                    # RulesError if it is not a rule set

    def to_json(self) -> str:
        return json.dumps(asdict(self), sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> TableOptions:
        return cls(**json.loads(text))


def judge_deck(options: TableOptions, hand_deck: Unseen | None) -> str | Unseen:
    """The deck a table's decision is valued with (`settemezzo.teaching.books.book_for`):
    at a table played down, ``hand_deck``, the deck at the start of the hand (the cards seen
    since the shuffle out, `TableGame.hand_deck`); ``fresh``
    (a full deck) where the teacher chose a fresh deck every hand, or just after a shuffle."""
    return "fresh" if options.fresh_deck or hand_deck is None else hand_deck


def table_rules(class_rules: Rules, options: TableOptions) -> Rules:
    """The rules a table plays: its own or the class's, with the deck played down (the used
    cards shuffled when it runs out) unless the teacher chose a fresh deck every hand."""
    return dealt_down(from_spec(options.rules) if options.rules else class_rules,
                      options.fresh_deck)


@dataclass(frozen=True)
class TableScreen:
    """What a page shows of a table: the seats (``names[seat]``: a student's name, None for
    a computer), whose turn it is, the bank (this hand's and, once it is over, the next
    hand's holder), the last hand's report, the count of the deck, the standings, and for
    the student looking (``mine``: their seat) the moves allowed and their judgements
    (``coming``: how many are still being judged, the table's for the dashboard; ``seen``:
    the cards seen since the shuffle this hand's judgements take out of the deck)."""

    table: int
    game: int
    seq: int
    options: TableOptions
    rules: Rules
    names: tuple[str | None, ...]
    seats: tuple[SeatState, ...]
    phase: str
    to_play: int | None
    hand_no: int
    hand_banker: int
    next_banker: int | None
    last: HandReport | None
    deck: tuple[int, int]
    over: bool
    standings: tuple[tuple[int, int], ...]
    mine: int | None = None
    allowed: tuple[str, ...] = ()
    stake_range: tuple[int, int] | None = None
    default_stake: int = 0
    judged: tuple[Answer, ...] = ()
    coming: int = 0
    deadline: float | None = None
    seen: int = 0


@dataclass
class _Live:
    """A table's game in memory, with what its page and its clock need."""

    row: ClassTable
    options: TableOptions
    game: TableGame
    number: int
    seq: int
    since: float
    names: dict[int, str]
    lock: threading.Lock = field(default_factory=threading.Lock)
    coming: dict[int, int] = field(default_factory=dict)     # seq -> student being judged
    judged: list[Answer] = field(default_factory=list)      # this game's, as recorded
    hand_deck: Unseen | None = None     # the deck at the start of the hand (None: full)


class ClassTables:
    """Every table of the class, rebuilt from the store; a clock thread lets the computer
    play a seat whose student is away or too slow (`tick`)."""

    def __init__(self, room: Classroom, clock: Callable[[], float] = time.monotonic,
                 tick_seconds: float = 0.5) -> None:
        self.room = room
        self.clock = clock
        self._pool = ThreadPoolExecutor(max_workers=JUDGES, thread_name_prefix="class-judge")
        self._pending: set[Future[None]] = set()
        self._live: dict[int, Future[_Live]] = {}
        self._rows: list[ClassTable] | None = None
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self.ready = threading.Event()
        self.judge_seconds: list[float] = []
        if tick_seconds > 0:
            threading.Thread(target=self._ticking, args=(tick_seconds,), daemon=True,
                             name="class-tables-clock").start()

    def warm(self) -> None:
        """Build one game of the class's rules and ask its hint now (the compiled engine and
        the solved results load in seconds the first time; nobody should wait for them at
        a click), make the judge's values (`settemezzo.teaching.books.warm`: no
        judgement should wait for them while students click) and load every language's
        number formats (Babel's data: a fifth of a second the first time); then leave what
        the server holds to its end out of the collector's walks (`freeze_long_lived`); sets
        `ready`."""
        for lang in LANGUAGES:
            percent(0.5, lang)
            number(0.5, lang, 3, True)
        rules = table_rules(self.room.rules, TableOptions())
        g = TableGame(rules, students=1, computers=0, seed=1)
        while g.view is not None and g.hint() is None and g.can_stake():
            g.stake(g.default_stake())
        warm(rules)
        freeze_long_lived()  # what the class holds to the end: out of the collector's walks
        self.ready.set()

    def close(self) -> None:
        """Stop the clock and the judge's workers; the decks' values not started are given
        up (`settemezzo.teaching.books.cancel_ahead`), so the process may stop at once."""
        self._stop.set()
        self._pool.shutdown(wait=False)       # no judgement queued from now on
        cancel_ahead()
        self._pool.shutdown(wait=True)

    # -- tables and seats ---------------------------------------------------------------------
    def open_table(self, options: TableOptions, owner: int | None = None,
                   seed: str | None = None) -> int:
        """Open a table (dealt from ``seed``, by default the round's); returns its id."""
        store = self.room.store
        tid = store.open_table(options.to_json(), seed or store.seed, owner)
        self._rows = None
        threading.Thread(target=self._prepare, args=(tid,), daemon=True).start()
        return tid

    def _prepare(self, table: int) -> None:
        """Build a table's game and its judge's values now, before anyone sits."""
        live = self._get(table)
        if live is not None:
            warm(live.game.rules)

    def rows(self) -> list[ClassTable]:
        """Every table, in the order opened (kept until a table or a seat changes)."""
        rows = self._rows
        if rows is None:
            rows = self._rows = self.room.store.tables()
        return rows

    def seat_of(self, student_id: int) -> tuple[int, int] | None:
        """``(table, seat)`` where the student sits, or None."""
        for row in self.rows():
            for seat, sid in row.seated.items():
                if sid == student_id:
                    return row.id, seat
        return None

    def sit(self, token: str, table: int) -> int | None:
        """Seat the student holding ``token`` at the first free seat of ``table`` (one they
        may join: the teacher's, or their own); returns the seat, None if none is free."""
        student = self.room.store.student(token)
        row = next((r for r in self.rows() if r.id == table), None)
        if student is None or row is None or row.owner not in (None, student.id):
            return None
        here = next((s for s, i in row.seated.items() if i == student.id), None)
        if here is not None:
            return here
        seats = TableOptions.from_json(row.options).seats
        before = self.seat_of(student.id)
        with self._lock:                     # one seat at a time: no two take the same
            row = next(r for r in self.rows() if r.id == table)
            free = [s for s in range(1, seats) if s not in row.seated]
            done = next((s for s in free if self.room.store.sit(table, s, student.id)), None)
            self._rows = None
        for t in {table, *(() if before is None else (before[0],))}:
            self._refresh(t)
        return done

    def leave(self, token: str) -> None:
        """The student leaves their seat; a computer plays it from now on."""
        student = self.room.store.student(token)
        if student is not None:
            where = self.seat_of(student.id)
            self.room.store.leave(student.id)
            if where is not None:
                self._refresh(where[0])

    def own_table(self, token: str) -> int | None:
        """Open a table of the class's rules for the student alone (computers in the other
        seats) and seat them at it."""
        student = self.room.store.student(token)
        if student is None:
            return None
        tid = self.open_table(TableOptions(seats=3), owner=student.id)
        self.sit(token, tid)
        return tid

    def _refresh(self, table: int) -> None:
        """Read the table's seats and names again (someone sat down, left, was renamed)."""
        self._rows = None
        with self._lock:
            fut = self._live.get(table)
        if fut is not None:
            live = fut.result()
            row = next(r for r in self.rows() if r.id == table)
            with live.lock:
                live.row = row
                live.names = self._names(row)
                live.since = self.clock()

    def _names(self, row: ClassTable) -> dict[int, str]:
        by_id = {s.id: s.name for s in self.room.store.students()} if row.seated else {}
        return {seat: by_id[sid] for seat, sid in row.seated.items() if sid in by_id}

    # -- the games ----------------------------------------------------------------------------
    def _build(self, row: ClassTable) -> _Live:
        options = TableOptions.from_json(row.options)
        rules = table_rules(self.room.rules, options)
        game = TableGame(rules, students=options.seats - 1, computers=0,
                         seed=table_seed(row.seed) + row.game - 1, hands=options.hands or None)
        moves = self.room.store.moves(row.id, row.game)
        judged = self.room.store.answers(kind="table", table=(row.id, row.game))
        last = max((a.step for a in judged), default=-1)
        unjudged = []             # a student's moves after the last judgement recorded
        for m in moves:
            if m.student is not None and m.seq > last and m.action != "next_hand":
                unjudged.append((game.snapshot(), m, game.hand_deck))
            game.act(m.action, m.amount)
        live = _Live(row, options, game, row.game, len(moves), self.clock(),
                     self._names(row), judged=judged, hand_deck=game.hand_deck)
        start_ahead(live.game, live.row.seated)  # the values its next judgements read
        for snap, m, at in unjudged:  # the server stopped before judging them: judged now
            assert m.student is not None
            self._submit(live, snap, m, 0.0, at)
        return live

    def _get(self, table: int) -> _Live | None:
        """The table's game, built (outside the lock: other tables go on) if not yet."""
        row = None
        with self._lock:
            fut = self._live.get(table)
            mine = fut is None
            if fut is None:
                row = next((r for r in self.rows() if r.id == table), None)
                if row is None:
                    return None
                fut = self._live[table] = Future()
        if mine:
            assert row is not None
            try:
                fut.set_result(self._build(row))
            except BaseException as exc:
                with self._lock:
                    self._live.pop(table, None)
                fut.set_exception(exc)
        return fut.result()

    def act(self, token: str, action: str, seq: int, amount: int | None = None) -> bool:
        """Make the move ``action`` for the student holding ``token`` if ``seq`` is still the
        table's count of moves (an old page does nothing) and it is theirs to make (a
        'next hand' or 'new game' any seated student may make); the computers then play
        the empty seats. Returns True if the move was made."""
        student = self.room.store.student(token)
        where = None if student is None else self.seat_of(student.id)
        if student is None or where is None or action not in (*ACTIONS, "new_game"):
            return False
        live = self._get(where[0])
        if live is None:
            return False
        with live.lock:
            if seq != live.seq:
                return False
            if action == "new_game":
                return self._new_game(live)
            g = live.game
            if (g.to_play != where[1] and action != "next_hand") or not _can(g, action, amount):
                return False
            if action != "next_hand":
                self._judge_later(live, student.id, action, amount)
            self._move(live, TableMove(live.seq, where[1], student.id, action, amount))
            self._settle(live)
            return True

    def _move(self, live: _Live, move: TableMove) -> None:
        self.room.store.record_move(live.row.id, live.number, move)
        hand = live.game.hand_no
        live.game.act(move.action, move.amount)
        live.seq += 1
        live.since = self.clock()
        if live.game.hand_no != hand:
            live.hand_deck = live.game.hand_deck
        start_ahead(live.game, live.row.seated)  # the next judgement's values, in think time

    def _new_game(self, live: _Live) -> bool:
        if not live.game.over:
            return False
        self.room.store.new_game(live.row.id)
        self._rows = None
        with self._lock:
            self._live.pop(live.row.id, None)
        return True

    def _settle(self, live: _Live, now: float | None = None) -> None:
        """Let the computers play every seat without a student, and a seated student's
        move once the table's time is up (``now`` given: the clock's check)."""
        g, seated = live.game, live.row.seated
        if not seated:
            return                              # nobody at the table: it waits
        for _ in range(MAX_AUTO):
            if g.over:
                return
            seat = g.to_play
            late = now is not None and live.options.timeout > 0 and \
                now - live.since >= live.options.timeout
            if (seat is None and not late) or (seat is not None and seat in seated and not late):
                return
            action, amount = g.computer_move()
            self._move(live, TableMove(live.seq, -1 if seat is None else seat, None, action,
                                       amount))

    def tick(self) -> None:
        """One look of the clock at every table in memory."""
        with self._lock:
            futures = list(self._live.values())
        now = self.clock()
        for live in (f.result() for f in futures if f.done() and f.exception() is None):
            with live.lock:
                self._settle(live, now)

    def _ticking(self, seconds: float) -> None:
        while not self._stop.wait(seconds):
            try:
                self.tick()
            except Exception as exc:     # pragma: no cover - the clock must not stop
                print(f"the tables' clock: {exc!r}", file=sys.stderr)

    # -- judging ------------------------------------------------------------------------------
    def _judge_later(self, live: _Live, student: int, action: str, amount: int | None) -> None:
        seconds = min(max(self.clock() - live.since, 0.0), MAX_SECONDS)
        seat = -1 if live.game.to_play is None else live.game.to_play
        self._submit(live, live.game.snapshot(), TableMove(live.seq, seat, student, action,
                                                           amount), seconds, live.hand_deck)

    def _submit(self, live: _Live, snap: TableGame, move: TableMove, seconds: float,
                hand_deck: Unseen | None) -> None:
        """Judge ``move`` on a worker, on ``snap`` (the game just before it) with the deck at
        the start of its hand, once that deck's values are there (no worker waits for a
        solve); the page says a judgement is coming until it is recorded."""
        seq, number, round_number = move.seq, live.number, self.room.store.round
        student, action, amount = move.student, move.action, move.amount
        assert student is not None
        live.coming[seq] = student
        name = live.names.get(move.seat, "")
        started = time.perf_counter()

        deck = judge_deck(live.options, hand_deck)
        done: Future[None] = Future()
        self._pending.add(done)

        def work() -> None:
            answer = None
            try:
                answer = _answer(snap, live, student, action, amount, (round_number, number, seq,
                                                                       seconds), deck)
                if answer is not None and self.room.store.record(answer):
                    self.judge_seconds.append(time.perf_counter() - started)
                else:
                    answer = None
            except Exception as exc:    # pragma: no cover - the judge must go on
                print(f"the tables' judge, table {live.row.id} move {seq}: {exc!r}",
                      file=sys.stderr)
            finally:
                with live.lock:
                    live.coming.pop(seq, None)
                    if answer is not None:
                        live.judged.append(replace(answer, name=name))
                self._pending.discard(done)
                done.set_result(None)

        def later(_: object = None) -> None:
            try:
                self._pool.submit(work)
            except RuntimeError:    # stopping: judged when the table is built again
                with live.lock:
                    live.coming.pop(seq, None)
                self._pending.discard(done)
                done.set_result(None)

        if isinstance(deck, Unseen):
            deck_book(snap.rules, deck).add_done_callback(later)
        else:
            later()

    def wait_judged(self, timeout: float = 30) -> None:
        """Wait until every judgement asked so far is recorded (tests, a clean stop)."""
        wait(list(self._pending), timeout)

    # -- what the pages show --------------------------------------------------------------------
    def screen(self, token: str) -> TableScreen | None:
        """The table of the student holding ``token`` as their page shows it (None if they
        sit at none)."""
        student = self.room.store.student(token)
        where = None if student is None else self.seat_of(student.id)
        if student is None or where is None:
            return None
        return self.table_screen(where[0], student.id)

    def table_screen(self, table: int, student: int | None = None) -> TableScreen | None:
        """A table as the dashboard (``student`` None) or one student's page shows it."""
        live = self._get(table)
        if live is None:
            return None
        with live.lock:
            return _screen(self.room, live, student, self.clock())

    def live_rules(self, table: int) -> Rules:
        """The rules a table plays (`table_rules` of its options)."""
        live = self._get(table)
        if live is None:
            raise InputError(f"there is no table {table!r} in this class")
        return live.game.rules

    def clear(self) -> None:
        """Forget the games in memory (a new round, a reset)."""
        with self._lock:
            self._live.clear()
            self._rows = None

    def forget(self, student_id: int) -> None:
        """Read the seats again after a student was renamed or removed."""
        with self._lock:
            tables = list(self._live)
        for table in tables:
            self._refresh(table)


def _screen(room: Classroom, live: _Live, student: int | None, now: float) -> TableScreen:
    g, row = live.game, live.row
    names = tuple(live.names.get(s) for s in range(len(g.names)))
    mine = next((s for s, i in row.seated.items() if i == student), None)
    base = TableScreen(row.id, live.number, live.seq, live.options, g.rules, names,
                       tuple(g.seats(-1 if mine is None else mine)), g.phase, g.to_play,
                       g.hand_no, g.hand_banker, g.next_banker,
                       g.reports[-1] if g.reports else None, g.deck_count(), g.over,
                       tuple(g.standings()), coming=len(live.coming),
                       seen=0 if live.options.fresh_deck else seen_count(live.hand_deck))
    if mine is None or student is None:
        return base
    allowed = tuple(a for a in ACTIONS if a != "stake" and (g.to_play == mine or
                                                              a == "next_hand") and _can(g, a))
    allowed += ("new_game",) if g.over else ()
    mine_now = g.to_play == mine and g.can_stake()
    deadline = (live.since + live.options.timeout - now) if live.options.timeout and \
        g.to_play == mine else None
    return TableScreen(**{**base.__dict__, "mine": mine, "allowed": allowed,
                          "stake_range": g.stake_range() if mine_now else None,
                          "default_stake": g.default_stake() if mine_now else 0,
                          "judged": _shown_judgements(live, student),
                          "coming": sum(1 for s in live.coming.values() if s == student),
                          "deadline": deadline})


def _shown_judgements(live: _Live, student: int) -> tuple[Answer, ...]:
    """The student's judgements the page shows: this hand's as they come, or, when the
    teacher chose so, the hand's once it is over."""
    g = live.game
    # "hand": the last finished hand's, while the next one is played
    hand = len(g.reports) if live.options.feedback == "hand" and g.view is not None \
        else g.hand_no
    return tuple(sorted((a for a in live.judged if a.student == student and a.hand == hand),
                        key=lambda a: a.step))


def _can(g: TableGame, action: str, amount: int | None = None) -> bool:
    if action == "stake":
        return g.can_stake(amount)
    return bool(getattr(g, f"can_{action}")())


def _answer(g: TableGame, live: _Live, student: int, action: str, amount: int | None,
            where: tuple[int, int, int, float], deck: str | Unseen) -> Answer | None:
    """The decision judged (`judge_move`, before it is made, on ``deck``) as a recorded
    answer; None where the judge has no verdict. A deck the exact game cannot play (one
    that could run out within the hand), or that ran out (the used cards shuffled back in
    the hand: its values lack the decision), is judged on a full deck, and the answer says
    so (``unsolved``: the cards seen that its values could not take out)."""
    round_number, number, seq, seconds = where
    v = g.view
    seat = g.to_play
    if v is None or seat is None:
        return None
    unsolved = 0
    try:
        j = judge_move(g, seat, action, amount, live.options.tolerance, deck=deck)
    except (RulesError, InputError, LimitError):
        if not isinstance(deck, Unseen):
            raise
        j = None
    if j is None and isinstance(deck, Unseen):     # or it ran out: a hand it cannot hold
        unsolved = seen_count(deck)
        j = judge_move(g, seat, action, amount, live.options.tolerance, deck="fresh")
    if j is None:
        return None
    kinds = g.rules.plain_kinds(kind_of(c) for c in v.hand) if v.hand else []
    return Answer(student, round_number, "table", g.hand_no, seq,
                  kinds[0].label if kinds else "", " ".join(k.label for k in kinds[1:]),
                  up_total(kinds[1:]), " ".join(map(str, v.hand)), j.choice, j.best,
                  dict(j.values), j.cost, j.right, seconds, time.time(), decision=j.kind,
                  banker=j.banker,
                  table=live.row.id, game=number, reason=j.reason,
                  reason_args={**j.reason_args, "seen": j.seen,
                               **({"unsolved": unsolved} if unsolved else {})})
