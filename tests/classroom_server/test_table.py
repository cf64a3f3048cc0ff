"""The class's shared tables (`settemezzo.classroom_server.table`): students seated
together, computers in the empty seats and for a student too slow, the bank in words, the
deck played down, a game replayed after a restart, the judgements on a worker, and the
teacher's dashboard (the tables live, the table answers apart from the trainer's, the reset
confirmed on a page that does not reload).
"""

from __future__ import annotations

import re
import threading
from pathlib import Path

import pytest

from bench.bench_classroom import Client
from settemezzo.cards import kind_of
from settemezzo.classroom_server import pages
from settemezzo.classroom_server.server import ClassServer
from settemezzo.classroom_server.service import Classroom
from settemezzo.classroom_server.store import Answer
from settemezzo.classroom_server.table import JUDGES, ClassTables, TableOptions, TableScreen
from settemezzo.errors import InputError
from settemezzo.i18n import t
from settemezzo.teaching.books import played_deck
from settemezzo.teaching.judge import judge_move


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _class(tmp_path: Path, clock: Clock | None = None) -> tuple[Classroom, ClassTables]:
    room = Classroom.open(tmp_path / "c.db", seed=3, hands=2)
    return room, ClassTables(room, clock=clock or Clock(), tick_seconds=0)


def _busy(tables: ClassTables, gate: threading.Event) -> None:
    """Keep every worker of the judge busy until ``gate`` is set."""
    for _ in range(JUDGES):
        tables._pool.submit(gate.wait, 30)


def _tokens(room: Classroom, *names: str) -> list[str]:
    return [room.join(room.store.class_code, n).token for n in names]


def _screen(tables: ClassTables, token: str) -> TableScreen:
    s = tables.screen(token)
    assert s is not None
    return s


def _play(tables: ClassTables, tokens: list[str], limit: int = 400) -> int:
    """Play the game out, each student making the computer's move when it is theirs (and
    the first seated dealing the next hand); returns the moves the students made."""
    for made in range(limit):
        screens = [_screen(tables, tok) for tok in tokens]
        if screens[0].over:
            return made
        live = tables._get(screens[0].table)
        assert live is not None
        action, amount = live.game.computer_move()
        who = next((i for i, s in enumerate(screens) if s.mine == s.to_play), 0)
        assert tables.act(tokens[who], action, screens[who].seq, amount)
    raise AssertionError("the game did not end")


def test_students_share_a_table_and_see_only_their_own_face_down_card(tmp_path: Path
                                                                        ) -> None:
    room, tables = _class(tmp_path)
    tid = tables.open_table(TableOptions(seats=4))
    ada, bea, cy = _tokens(room, "Ada", "Bea", "Cy")
    assert [tables.sit(tok, tid) for tok in (ada, bea, cy)] == [1, 2, 3]
    assert tables.sit(ada, tid) == 1                       # sitting again: the same seat
    first = _screen(tables, ada)
    assert (first.phase, first.to_play, first.mine) == ("stake", 1, 1)
    assert first.names == (None, "Ada", "Bea", "Cy")
    assert not tables.act(bea, "stake", first.seq, 1)      # not her turn
    assert not tables.act(ada, "stake", first.seq + 1, 1)  # an old or forged count
    seq = first.seq
    for tok in (ada, bea, cy):                             # everyone stakes: the deal
        assert tables.act(tok, "stake", seq, 1)
        seq += 1
    mine, theirs = _screen(tables, ada), _screen(tables, bea)
    ada_seat = next(s for s in mine.seats if s.seat == 1)
    assert all(c is not None for h in ada_seat.hands for c in h.cards)   # her own card
    seen_by_bea = next(s for s in theirs.seats if s.seat == 1)
    assert any(c is None for h in seen_by_bea.hands for c in h.cards)    # hidden to Bea
    # no seat is named "Bank": the computer holding it is a computer, the bank in words
    assert pages.seat_name(mine, 0, "en") == "Computer 1"
    page = pages.table_page(mine, "Ada", "en", "x")
    assert "Computer 1 holds the bank for this hand." in page and ">Bank<" not in page
    tables.close()


def test_a_computer_plays_an_empty_seat_at_once_and_a_slow_student_in_time(tmp_path: Path
                                                                            ) -> None:
    clock = Clock()
    room, tables = _class(tmp_path, clock)
    tid = tables.open_table(TableOptions(seats=4, timeout=30))
    (ada,) = _tokens(room, "Ada")
    tables.sit(ada, tid)
    s = _screen(tables, ada)
    assert tables.act(ada, "stake", s.seq, 2)
    s = _screen(tables, ada)
    assert s.to_play == 1 and s.seq == 3      # seats 2 and 3 (empty) staked at once
    moves = room.store.moves(tid, 1)
    assert [(m.seat, m.student) for m in moves] == [(1, 1), (2, None), (3, None)]
    clock.now += 29
    tables.tick()
    assert _screen(tables, ada).seq == 3      # still her time
    clock.now += 2
    tables.tick()
    late = room.store.moves(tid, 1)[3]
    assert (late.seat, late.student) == (1, None)   # the computer played for her
    tables.close()


def test_same_seed_same_game_and_a_restart_replays_it(tmp_path: Path) -> None:
    room, tables = _class(tmp_path)
    one = tables.open_table(TableOptions(seats=3, hands=3), seed="77")
    two = tables.open_table(TableOptions(seats=3, hands=3), seed="77")
    ada, bea = _tokens(room, "Ada", "Bea")
    tables.sit(ada, one)
    tables.sit(bea, two)
    _play(tables, [ada])
    _play(tables, [bea])
    a, b = _screen(tables, ada), _screen(tables, bea)
    assert a.over and b.over and a.standings == b.standings and a.seq == b.seq
    assert [(m.action, m.amount) for m in room.store.moves(one, 1)] == \
        [(m.action, m.amount) for m in room.store.moves(two, 1)]
    again = ClassTables(Classroom.open(room.store.path), tick_seconds=0)
    assert _screen(again, ada).seats == a.seats and _screen(again, ada).over
    # a new game at the table: the next seed's
    assert tables.act(ada, "new_game", a.seq)
    fresh = _screen(tables, ada)
    assert (fresh.game, fresh.seq, fresh.over, fresh.phase) == (2, 0, False, "stake")
    tables.close()
    again.close()


def test_the_deck_is_played_down_unless_the_teacher_asks_a_fresh_one(tmp_path: Path) -> None:
    room, tables = _class(tmp_path)
    down = tables.open_table(TableOptions(seats=3, hands=4))
    fresh = tables.open_table(TableOptions(seats=3, hands=4, fresh_deck=True))
    assert tables.live_rules(down).reshuffle == "when_exhausted"
    assert tables.live_rules(fresh).reshuffle == "every_hand"
    ada, bea = _tokens(room, "Ada", "Bea")
    tables.sit(ada, down)
    tables.sit(bea, fresh)
    counts: dict[str, list[tuple[int, int]]] = {"down": [], "fresh": []}
    for key, tok in (("down", ada), ("fresh", bea)):
        for _ in range(300):
            s = _screen(tables, tok)
            if s.over:
                break
            if s.phase == "done":
                counts[key].append(s.deck)
            live = tables._get(s.table)
            assert live is not None
            action, amount = live.game.computer_move()
            tables.act(tok, action, s.seq, amount)
    # every hand's count, dealt and left, adds up to the 40 cards of the deck
    assert all(d + left == 40 for d, left in counts["fresh"])
    dealt = [d for d, _ in counts["down"]]
    assert dealt == sorted(dealt) and dealt[-1] > dealt[0]   # the count goes on
    page = pages.table_page(_screen(tables, ada), "Ada", "en", "x")
    assert "The deck is played down" in page and "Cards dealt since the shuffle" in page
    tables.close()


def test_judgements_come_from_a_worker_and_say_so_meanwhile(tmp_path: Path) -> None:
    room, tables = _class(tmp_path)
    tid = tables.open_table(TableOptions(seats=2, timeout=0, feedback="now"))
    (ada,) = _tokens(room, "Ada")
    tables.sit(ada, tid)
    tables.act(ada, "stake", 0, 1)
    gate = threading.Event()
    _busy(tables, gate)                                    # the judge is busy
    s = _screen(tables, ada)
    assert tables.act(ada, "stand", s.seq)                 # the click does not wait
    waiting = _screen(tables, ada)
    assert waiting.coming >= 1 and "Judgement coming" in pages.table_page(
        waiting, "Ada", "en", "x")
    gate.set()
    tables.wait_judged()
    done = _screen(tables, ada)
    assert done.coming == 0 and [a.decision for a in done.judged] == ["stake", "play"]
    a = done.judged[1]
    assert (a.kind, a.decision, a.banker, a.choice) == ("table", "play", "equilibrium", "stand")
    assert done.judged == tuple(room.store.answers(kind="table"))   # the page's = the store's
    from settemezzo.teaching.explain import reason_sentence
    from settemezzo.teaching.judge import Judgement

    text = pages.judgement_text(a, "it")
    reason = reason_sentence(Judgement(a.decision, a.choice, a.best, a.values, a.cost,
                                       a.correct, a.banker, a.reason, a.reason_args), "it")
    assert reason and reason in text and ("Giusto" in text or "costato" in text)
    assert text.endswith("(Valutato con un mazzo completo.)")       # the deck it was valued with
    tables.close()


def test_a_judgement_the_server_stopped_before_is_made_when_the_table_is_rebuilt(
        tmp_path: Path) -> None:
    room, tables = _class(tmp_path)
    tid = tables.open_table(TableOptions(seats=2, timeout=0))
    (ada,) = _tokens(room, "Ada")
    tables.sit(ada, tid)
    gate = threading.Event()
    _busy(tables, gate)                                    # the judge is busy...
    tables.act(ada, "stake", 0, 1)
    tables.act(ada, "stand", 1)
    tables._pool.shutdown(wait=False, cancel_futures=True)  # ... and the server stops
    gate.set()
    assert room.store.answers(kind="table") == []
    again = ClassTables(room, tick_seconds=0)              # a restart: the moves replayed
    s = _screen(again, ada)
    again.wait_judged()
    assert [a.decision for a in room.store.answers(kind="table")] == ["stake", "play"]
    assert [a.step for a in _screen(again, ada).judged] == [0, 1] and s.seq == 2
    again.close()


def _to_hand(tables: ClassTables, token: str, hand: int, over: bool = False) -> TableScreen:
    """Play on (the student making the computer's moves) until hand ``hand`` is dealt and it
    is the student's turn (``over``: until that hand is over)."""
    for _ in range(400):
        s = _screen(tables, token)
        if s.hand_no == hand and (s.phase == "done" if over else
                                  s.to_play == s.mine and s.phase != "done"):
            return s
        live = tables._get(s.table)
        assert live is not None and not s.over
        action, amount = live.game.computer_move()
        assert tables.act(token, action, s.seq, amount)
    raise AssertionError(f"hand {hand} never came")


def _values(a: Answer) -> dict[str, float]:
    return {k: round(v, 9) for k, v in a.values.items()}


def test_a_table_played_down_judges_with_the_deck_at_the_start_of_the_hand(
        tmp_path: Path) -> None:
    """Hand 2 of a table played down: its decisions are valued on the deck less the cards
    of hand 1 (`decision_values` of that deck, computed here apart), which differ from the
    full deck's; the page and the dashboard say which deck."""
    from settemezzo.results.answers import decision_values

    room, tables = _class(tmp_path)
    tid = tables.open_table(TableOptions(seats=2, timeout=0), seed="5")
    (ada,) = _tokens(room, "Ada")
    tables.sit(ada, tid)
    s = _to_hand(tables, ada, 2)
    live = tables._get(tid)
    assert live is not None
    deck = played_deck(live.game)                 # the deck as hand 2 is dealt
    assert deck is not None and live.hand_deck == deck and s.seen == 40 - deck.total > 0
    if s.phase == "stake":
        assert tables.act(ada, "stake", s.seq, s.default_stake)
        s = _screen(tables, ada)
    snap = live.game.snapshot()
    assert snap.view is not None and s.to_play == s.mine
    assert tables.act(ada, "stand", s.seq)
    tables.wait_judged(300)
    a = next(x for x in room.store.answers(kind="table") if x.hand == 2 and
             x.decision == "play")
    kinds = snap.rules.plain_kinds(kind_of(c) for c in snap.view.hand)
    row = decision_values(snap.rules, deck, kinds[0], tuple(kinds[1:]))
    assert _values(a) == {"stand": round(float(row.stand_ev), 9),
                          "hit": round(float(row.hit_ev), 9)}
    full = judge_move(snap, 1, "stand", deck="fresh")
    assert full is not None and _values(a) != {k: round(v, 9) for k, v in full.values.items()}
    n = 40 - deck.total
    assert a.reason_args["seen"] == n and "unsolved" not in a.reason_args
    assert pages.deck_note(a, "es") == t("class.judged_seen", "es", n=n)
    board = pages.dashboard_page({"round": 1, "seed": "3", "students": 1, "answers": 0,
                                  "right": 0, "stakes_lost": 0.0},
                                 room.store.answers(kind="table"), "en", "u", "c", "x")
    assert f"<td>{t('class.deck_col_seen', 'en', n=n)}</td>" in board
    assert f"<th>{t('class.col_deck', 'en')}</th>" in board
    tables.close()


def test_the_next_hand_s_deck_starts_being_solved_as_a_hand_ends(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Once hand 1 is over, before anyone deals hand 2, the table has started the values of
    the deck hand 2 is dealt from (the cards of hand 1 out); a fresh-deck table starts none."""

    from settemezzo.teaching import books
    started: list[object] = []
    monkeypatch.setattr(books, "solve_ahead", lambda rules, deck: started.append(deck))
    room, tables = _class(tmp_path)
    tid = tables.open_table(TableOptions(seats=2, timeout=0), seed="5")
    fresh = tables.open_table(TableOptions(seats=2, timeout=0, fresh_deck=True), seed="5")
    ada, bea = _tokens(room, "Ada", "Bea")
    tables.sit(ada, tid)
    s = _to_hand(tables, ada, 1, over=True)
    live = tables._get(tid)
    assert live is not None and s.phase == "done" and started
    ahead = started[-1]
    assert ahead is not None and ahead == live.game.next_hand_deck
    assert tables.act(ada, "next_hand", s.seq)
    assert live.hand_deck == ahead and started[-1] == ahead  # dealt from it, not another
    started.clear()
    tables.sit(bea, fresh)
    _to_hand(tables, bea, 2)
    assert [d for d in started if d is not None] == []   # None: a full deck, shipped
    tables.close()


def test_a_judgement_waits_for_its_deck_s_values_and_the_pages_say_it_is_coming(
        tmp_path: Path) -> None:
    """The deck's values held back: the click is made at once, the student's page and the
    dashboard say a judgement is coming, and it is recorded once they are there."""

    from settemezzo.teaching import books
    room, tables = _class(tmp_path)
    tid = tables.open_table(TableOptions(seats=2, timeout=0), seed="13")
    (ada,) = _tokens(room, "Ada")
    tables.sit(ada, tid)
    _to_hand(tables, ada, 1, over=True)
    tables.wait_judged(300)    # hand 1's judgements recorded: only hand 2's is counted below
    gate = threading.Event()
    books._AHEAD.submit(gate.wait, 120)             # hand 2's values held back
    try:  # (a gate left shut would hold every later judgement on a deck for 120 s)
        s = _to_hand(tables, ada, 2)
        assert s.seen > 0
        assert tables.act(ada, "stake" if s.phase == "stake" else "stand", s.seq,
                          s.default_stake if s.phase == "stake" else None)
        waiting = _screen(tables, ada)
        assert waiting.coming == 1 and "Judgement coming" in pages.table_page(
            waiting, "Ada", "en", "x")
        board = tables.table_screen(tid)
        assert board is not None and board.coming == 1
        html = pages.dashboard_page({"round": 1, "seed": "3", "students": 1, "answers": 0,
                                     "right": 0, "stakes_lost": 0.0}, [], "en", "u", "c",
                                    "x", tables=[board])
        assert t("class.table_coming", "en", n=1) in html
    finally:
        gate.set()
    tables.wait_judged(300)
    done = _screen(tables, ada)
    assert done.coming == 0 and done.judged and done.judged[-1].reason_args["seen"] == s.seen
    tables.close()


def test_a_deck_too_small_for_the_exact_game_is_judged_on_a_full_deck_and_says_so(
        tmp_path: Path) -> None:
    """A hand dealt from a deck that could run out within it (the engine's RulesError):
    its decisions are judged with the full deck's values, and the page says why."""
    from settemezzo.cards import Kind, Unseen

    room, tables = _class(tmp_path)
    tid = tables.open_table(TableOptions(seats=2, timeout=0))
    (ada,) = _tokens(room, "Ada")
    tables.sit(ada, tid)
    s = _screen(tables, ada)
    live = tables._get(tid)
    assert live is not None and s.phase == "stake"
    tiny = Unseen.from_counts({Kind.FIVE: 1, Kind.SIX: 1, Kind.ACE: 1})
    live.hand_deck = tiny       # as if the hand were dealt from the deck's last three cards
    snap = live.game.snapshot()
    assert tables.act(ada, "stake", s.seq, s.default_stake)
    tables.wait_judged(300)    # its deck's values queue behind any deck solving before
    (a,) = room.store.answers(kind="table")
    full = judge_move(snap, 1, "stake", s.default_stake, deck="fresh")
    assert full is not None and a.values == dict(full.values) and a.best == full.best
    assert a.reason_args["unsolved"] == 37 and a.reason_args["seen"] == 0
    assert pages.deck_note(a, "it") == t("class.judged_unsolved", "it", n=37)
    assert t("class.judged_unsolved", "en", n=37) in pages.judgement_text(a, "en")
    assert pages.deck_word(a, "fr") == t("class.deck_col_unsolved", "fr", n=37)
    tables.close()


def test_bad_table_options_name_the_value() -> None:
    for kwargs, word in (({"seats": 9}, "seats"), ({"seats": 1}, "seats"),
                         ({"timeout": -1}, "timeout"), ({"feedback": "later"}, "feedback"),
                         ({"tolerance": 2.0}, "tolerance"), ({"hands": 101}, "hands")):
        with pytest.raises(InputError, match=f"a table's {word} must be"):
            TableOptions(**kwargs)  # type: ignore[arg-type]
    assert TableOptions.from_json(TableOptions(seats=6).to_json()) == TableOptions(seats=6)


# -- over HTTP: the dashboard -----------------------------------------------------------------
def _teacher(server: ClassServer) -> Client:
    t = Client(int(server.server_address[1]))
    assert t.request("POST", "/teacher", {"code": server.teacher_code})[0] == 200
    return t


def test_the_reset_is_confirmed_on_a_page_that_does_not_reload(served: ClassServer) -> None:
    """The dashboard reloads itself every 3 s, which cleared a confirmation box on it before
    it could be ticked; the reset now asks on its own page, and a reset sent without the box
    ticked says that nothing was reset."""
    kid = Client(int(served.server_address[1]))
    kid.click("/join", {"code": served.room.store.class_code, "name": "Ada"})
    teacher = _teacher(served)
    board = teacher.request("GET", "/teacher")[1]
    assert 'http-equiv="refresh"' in board and 'id="reset_confirm"' not in board
    assert 'href="/teacher/reset"' in board
    page = teacher.request("GET", "/teacher/reset")[1]
    assert 'id="reset_confirm"' in page and 'http-equiv="refresh"' not in page
    status, page = teacher.request("POST", "/teacher/reset", {})
    assert status == 200 and "Nothing was reset: tick the box" in page
    assert len(served.room.store.students()) == 1
    teacher.request("POST", "/teacher/reset", {"confirm": "yes"})
    assert served.room.store.students() == []


def test_the_dashboard_shows_every_table_and_the_table_answers_apart(served: ClassServer
                                                                      ) -> None:
    served.tables.ready.wait(120)
    teacher = _teacher(served)
    status, _ = teacher.request("POST", "/teacher/table", {
        "seats": "3", "rules": "", "timeout": "0", "feedback": "hand", "tolerance": "0,02",
        "hands": "2"})
    assert status == 200
    assert teacher.request("POST", "/teacher/table", {
        "seats": "12", "timeout": "0", "tolerance": "0", "hands": "0"})[0] == 400
    (row,) = served.tables.rows()
    assert TableOptions.from_json(row.options) == TableOptions(
        seats=3, timeout=0, feedback="hand", tolerance=0.02, hands=2)
    kid = Client(int(served.server_address[1]))
    kid.click("/join", {"code": served.room.store.class_code, "name": "Ada"})
    kid.click("/answer", {"hand": "1", "choice": "stand"})          # a trainer answer
    page = kid.request("GET", "/table")[1]
    assert f'id="sit{row.id}"' in page
    page = kid.click("/table/sit", {"table": str(row.id)})
    assert 'id="stake"' in page
    page = kid.click("/table", {"seq": "0", "action": "stake", "amount": "1"})
    seq = re.search(r'name="seq" value="(\d+)"', page)
    assert seq is not None and 'id="stand"' in page
    page = kid.click("/table", {"seq": seq.group(1), "action": "stand"})
    served.tables.wait_judged()
    board = teacher.request("GET", "/teacher")[1]
    assert f'id="table{row.id}"' in board and "Ada" in board
    assert 'id="trainer_title"' in board and "Trainer answers, judged against" in board
    assert 'id="table_answers"' in board and "the best banker (equilibrium)" in board
    answers = served.room.store.answers()
    assert sorted((a.kind, a.decision) for a in answers) == [
        ("table", "play"), ("table", "stake"), ("trainer", "play")]


def test_judgements_at_the_end_of_the_hand_when_the_teacher_says_so(tmp_path: Path) -> None:
    room, tables = _class(tmp_path)
    tid = tables.open_table(TableOptions(seats=2, timeout=0, feedback="hand"), seed="5")
    (ada,) = _tokens(room, "Ada")
    tables.sit(ada, tid)
    tables.act(ada, "stake", 0, 1)
    hits = 0
    while (s := _screen(tables, ada)).phase == "play" and "hit" in s.allowed and hits < 1:
        tables.act(ada, "hit", s.seq)
        hits += 1
    tables.wait_judged()
    s = _screen(tables, ada)
    if s.phase == "play":                     # the hand goes on: nothing shown yet
        assert s.judged == () and len(room.store.answers(kind="table")) == 2
        tables.act(ada, "stand", s.seq)
        tables.wait_judged()
        s = _screen(tables, ada)
    assert s.phase in ("done", "over") and len(s.judged) == len(
        room.store.answers(kind="table")) >= 1
    tables.close()


def test_the_pages_draw_the_cards_with_the_own_face_down_card_marked(tmp_path: Path) -> None:
    from settemezzo.i18n import card_name

    room, tables = _class(tmp_path)
    (ada,) = _tokens(room, "Ada")
    view = room.student_view(ada)
    assert view is not None and view.dealt
    page = pages.student_page(view, "it", "x")
    first, *up = view.dealt
    assert f'aria-label="{card_name(first, "it")} (coperta)"' in page
    assert all(f'aria-label="{card_name(c, "it")}"' in page for c in up)
    tid = tables.open_table(TableOptions(seats=3, timeout=0, rules="spanish"))
    tables.sit(ada, tid)
    s = _screen(tables, ada)                     # the stake after the first card
    table = pages.table_page(s, "Ada", "es", "x")
    mine = s.seats[s.mine or 0].hands[0]
    assert mine.face_down is not None and mine.cards[mine.face_down] is not None
    assert f'{card_name(mine.cards[mine.face_down], "es")} (tapada)' in table
    assert "[tapada]" not in table and "<svg" in table
    tables.close()
