"""The simulator's hands, rules and strategies: the compiled scoring against
`settemezzo.hands`, stacked-deck scenarios taken from the rule texts, the person's path, the
CLI and bad input."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import numpy as np
import pytest

from settemezzo import policy
from settemezzo.cards import Kind
from settemezzo.cli import main
from settemezzo.hands import score, settle
from settemezzo.i18n import describe_rules, score_label
from settemezzo.rules import ITALIAN, SPANISH, Rules
from settemezzo.simulate import (
    HandReport,
    IllegalActionError,
    Person,
    SimulationError,
    StrategyError,
    Table,
    TableView,
    dealing,
    play,
    simulate,
)
from settemezzo.simulate.layout import NC, Acc, Conf, EqProb
from settemezzo.simulate.strategies import node_graph, parse_banker, parse_player

ALL_HAND_RULES = [ITALIAN, ITALIAN.with_variants("royal"), ITALIAN.with_variants("wild_king"),
                  ITALIAN.with_variants("pair_of_sevens"),
                  ITALIAN.with_variants("royal", "wild_king", "pair_of_sevens"),
                  ITALIAN.with_variants("ties_push", "seven_half_pays=2")]


def _config(rules: Rules) -> np.ndarray:
    C = np.zeros(NC, dtype=np.int64)
    C[Conf.ROYAL], C[Conf.WILD], C[Conf.PAIR] = rules.royal, rules.wild_king, rules.pair_of_sevens
    C[Conf.TIES], C[Conf.SEVEN_PAYS] = rules.ties_push, rules.seven_half_pays
    return C


def _features(hand: tuple[Kind, ...]) -> tuple[int, int, int, int]:
    face = sum(k.half_points for k in hand)
    return (face, hand.count(Kind.KING_OF_DIAMONDS), hand.count(Kind.SEVEN), len(hand))


# ---------------------------------------------------------------------------------------------
# The compiled scoring is settemezzo.hands
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", ALL_HAND_RULES, ids=lambda r: describe_rules(r))
def test_compiled_score_matches_hands_on_every_banker_hand(rules: Rules) -> None:
    """Every multiset of cards a hand can reach (and one card more) scores the same."""
    C = _config(rules)
    g = node_graph(rules)
    kinds = list(Kind)
    checked = 0
    for j in range(g.n):
        base = tuple(k for k in kinds for _ in range(int(g.counts[j, k])))
        for extra in [(), *[(k,) for k in kinds if g.next[j, k] >= 0 or g.child_score[j, k] >= 0]]:
            hand = base + extra
            if not hand:
                continue
            assert dealing.score(C, *_features(hand)) == score(hand, rules), hand
            checked += 1
    assert checked > 500


@pytest.mark.parametrize("rules", ALL_HAND_RULES, ids=lambda r: describe_rules(r))
def test_compiled_settlement_matches_hands(rules: Rules) -> None:
    C = _config(rules)
    for p, b in itertools.product(range(18), range(18)):
        assert dealing.settle(C, p, b) == settle(p, b, rules), (p, b)


def test_compiled_total_of_the_wild_king() -> None:
    """K♦ with 6: 6 + 1 = 7 (no half is possible); with a figure and 6: 7½."""
    assert dealing.total(13, 1) == 14
    assert dealing.total(14, 1) == 15
    assert dealing.total(2, 1) == 15      # K♦ and a figure
    assert dealing.total(16, 1) == 16     # bust with the K♦ as ½: bust


def test_random_integers_are_uniform_and_seeded() -> None:
    R = np.array([1, 2, 3, 4], dtype=np.uint64)
    draws = [dealing.below(R, 7) for _ in range(70_000)]
    counts = np.bincount(draws, minlength=7)
    assert counts.sum() == 70_000 and counts.min() > 9_500 and counts.max() < 10_500
    R2 = np.array([1, 2, 3, 4], dtype=np.uint64)
    assert [dealing.below(R2, 7) for _ in range(100)] == draws[:100]


# ---------------------------------------------------------------------------------------------
# Stacked decks: what the rule texts say happens
# ---------------------------------------------------------------------------------------------
# Deal order (docs/rules.md): each player's face-down card in playing order, the banker's, then
# the players' hits in turn, then the banker's hits.

HIT_TO_75 = "threshold:7.5"  # hits until 7½ or bust


def one_hand(rules: Rules, forced: list[str], players: int = 1, **kw: object) -> HandReport:
    t = Table(rules, players, seed=1, forced=forced, **kw)  # type: ignore[arg-type]
    report = t.advance()
    assert isinstance(report, HandReport)
    return report


def words(scores: tuple[int, ...]) -> tuple[str, ...]:
    """A record's score codes in words (`settemezzo.i18n.score_label`)."""
    return tuple(score_label(s) for s in scores)


def cards(hand: tuple[object, ...]) -> list[str]:
    return [str(c) for c in hand]


def test_italian_seven_and_a_half_takes_the_bank() -> None:
    # 7♠ + J♠ = 7½ shown; the banker stands on 5 (threshold:5 has no exceptions) and pays
    r = one_hand(ITALIAN, ["7s", "5h", "Js"], player=HIT_TO_75)
    assert words(r.players[0][2]) == ("7½",) and r.players[0][3] == (1,)
    assert score_label(r.banker_score) == "5" and r.next_banker == 1 and r.bank_moved == "7½"
    assert r.chips == (49, 51)


def test_a_tied_seven_and_a_half_keeps_the_bank() -> None:
    # the banker makes 7½ too (4 + 3 + ½): ties go to the banker, no passing (seed 000)
    r = one_hand(ITALIAN, ["7s", "4h", "Js", "3c", "Qd"], player=HIT_TO_75, banker=HIT_TO_75)
    assert score_label(r.banker_score) == "7½" and r.players[0][3] == (-1,)
    assert r.next_banker == 0 and r.bank_moved == "kept"
    # ties push: the stake comes back, and a tied 7½ still does not take the bank
    r = one_hand(ITALIAN.with_variants("ties_push"), ["7s", "4h", "Js", "3c", "Qd"],
                 player=HIT_TO_75, banker=HIT_TO_75)
    assert r.players[0][3] == (0,) and r.next_banker == 0


def test_only_a_royal_takes_the_bank_under_royal() -> None:
    royal = ITALIAN.with_variants("royal")
    r = one_hand(royal, ["4s", "5h", "3s", "Jd"], player=HIT_TO_75)  # 7½ in three cards
    assert words(r.players[0][2]) == ("7½",) and r.players[0][3] == (1,) and r.next_banker == 0
    r = one_hand(royal, ["7s", "5h", "Jd"], player=HIT_TO_75)        # royal: paid double
    assert words(r.players[0][2]) == ("royal 7½",) and r.players[0][3] == (2,)
    assert r.next_banker == 1


def test_first_seven_and_a_half_anticlockwise_takes_the_bank() -> None:
    # three players: seats 1 and 3 both make 7½; seat 1 plays first and takes the bank
    r = one_hand(ITALIAN, ["7s", "2h", "7c", "5d", "Js", "5s", "4s", "Qc"], players=3,
                 player=HIT_TO_75)
    results = {seat: words(res) for seat, _, res, _ in r.players}
    assert results == {1: ("7½",), 2: ("bust",), 3: ("7½",)}
    assert r.next_banker == 1


def test_pair_of_sevens_paid_triple_and_keeps_the_bank() -> None:
    r = one_hand(ITALIAN.with_variants("pair_of_sevens"), ["7s", "5h", "7h"], player=HIT_TO_75)
    assert words(r.players[0][2]) == ("pair of sevens",) and r.players[0][3] == (3,)
    assert r.next_banker == 0


def test_wild_king_with_a_figure_is_a_royal() -> None:
    r = one_hand(ITALIAN.with_variants("wild_king", "royal"), ["Kd", "5h", "Js"],
                 player=HIT_TO_75)
    assert words(r.players[0][2]) == ("royal 7½",) and r.players[0][3] == (2,)


def test_bust_loses_at_once_and_the_banker_does_not_play() -> None:
    r = one_hand(ITALIAN, ["4s", "5h", "6s"])  # 4 + 6 = 10: bust
    assert words(r.players[0][2]) == ("bust",) and r.banker_score == -1
    assert r.banker_gain == 1


def test_burning_a_four() -> None:
    r = one_hand(ITALIAN.with_variants("burn=4"), ["4s", "5h", "6s"], player="threshold:5,burn")
    assert cards(r.players[0][1][0]) == ["6♠"]      # the 4 was thrown away for the 6
    r = one_hand(ITALIAN.with_variants("burn=4"), ["4s", "5h", "6s"])  # a rule of thumb: keeps
    assert words(r.players[0][2]) == ("bust",)


def test_spanish_split_follows_the_example_of_seed_002() -> None:
    """Caballo, then sota: two stakes; then a rey: three; a 6 ends the first hand on 6½;
    the second hand takes a rey (1 point) and a 7 (bust); then the third hand plays."""
    r = one_hand(SPANISH, ["Qs", "5h", "Js", "Ks", "6s", "Kc", "7c", "2d", "7d"],
                 player="threshold:6,split")
    _, hands, results, gains = r.players[0]
    assert [cards(h) for h in hands] == [["Q♠", "6♠"], ["J♠", "K♣", "7♣"], ["K♠", "2♦", "7♦"]]
    assert words(results) == ("6½", "bust", "bust")
    assert gains == (2, -2, -2)  # round 1 minimum stake 2 on each hand, 1:1 on 6½


def test_spanish_seven_and_a_half_pays_two_to_one() -> None:
    r = one_hand(SPANISH, ["7s", "5h", "Js"], player=HIT_TO_75)
    assert r.players[0][3] == (4,) and r.bank_moved == "rotation"
    r = one_hand(SPANISH, ["7s", "5h", "Js", "4c"], player=HIT_TO_75, banker=HIT_TO_75)
    assert score_label(r.banker_score) == "bust" and r.players[0][3] == (2,)  # bust banker pays 1:1


def test_swap_hidden_keeps_one_card_face_down() -> None:
    t = Table(SPANISH, 1, seed=2, player="threshold:5,swap", forced=["2s", "5h", "A♠", "3c"])
    report = t.advance()
    assert isinstance(report, HandReport)
    assert cards(report.players[0][1][0]) == ["2♠", "A♠", "3♣"]
    assert int(t.state.A[Acc.SWAPS]) == 2


# ---------------------------------------------------------------------------------------------
# People: the callback path
# ---------------------------------------------------------------------------------------------


def test_a_person_playing_threshold_5_plays_like_the_bot() -> None:
    """The same seed and the same choices give the same hands, card for card."""
    seen: list[TableView] = []

    def decide(view: TableView) -> str:
        seen.append(view)
        return "hit" if view.total < 10 else "stand"

    reports_p, result_p = play(ITALIAN, 2, 40, seats={1: Person(decide)}, seed=5)
    reports_b, result_b = play(ITALIAN, 2, 40, seed=5)
    assert reports_p == reports_b
    assert np.array_equal(result_p.chunks.A, result_b.chunks.A)
    assert seen and all(v.seat == 1 for v in seen)
    # as a player it decides "action"s; once it holds the bank (7½), "bank_action"s
    assert {v.decision for v in seen} == {"action", "bank_action"}
    assert all((v.role == "banker") == (v.decision == "bank_action") for v in seen)
    view = seen[0]  # seat 1 plays first: every other card on the table is face down
    assert view.options == ("stand", "hit") and view.hidden == 0
    others = [s for s in view.table if s.seat != 1]
    assert all(c is None for s in others for h in s.cards for c in h)


def test_a_person_sees_earlier_players_face_up_cards_only() -> None:
    views: list[TableView] = []

    def decide(view: TableView) -> str:
        views.append(view)
        return "stand"

    t = Table(ITALIAN, 2, seats={2: Person(decide)}, player="threshold:6", seed=1,
              forced=["3s", "5h", "6c", "2d", "A♠"])
    t.play(1)
    v = views[0]
    first = next(s for s in v.table if s.seat == 1)
    assert [str(c) if c else None for c in first.cards[0]] == [None, "2♦", "A♠"]
    assert v.hand == tuple(v.hand) and [str(c) for c in v.hand] == ["5♥"]


def test_person_answers_are_checked() -> None:
    t = Table(ITALIAN, 1, seats={1: Person(lambda v: "stand",
                                           decides=frozenset({"stake", "action"}))}, seed=1)
    view = t.advance()
    assert isinstance(view, TableView) and view.decision == "stake"
    with pytest.raises(IllegalActionError, match="99"):
        t.answer(99)
    t.answer(3)
    view = t.advance()
    assert isinstance(view, TableView) and view.stake == 3
    with pytest.raises(IllegalActionError, match="'fold'"):
        t.answer("fold")


def test_a_person_can_hold_the_bank() -> None:
    asked: list[str] = []

    def decide(view: TableView) -> str:
        asked.append(view.decision)
        return "stand"

    reports, result = play(SPANISH, 1, 4, seats={0: Person(decide, frozenset({"bank_action"}))},
                           seed=3)
    assert len(reports) == 4 and "bank_action" in asked
    assert result.chips_conserved


# ---------------------------------------------------------------------------------------------
# Strategies and errors
# ---------------------------------------------------------------------------------------------


def test_strategy_parsing() -> None:
    p = parse_player("threshold:5.5,stake=max-on:7/6,split,swap,noburn")
    assert p.policy == policy.Policy("threshold", 11, split=True, swap=True, burn=False,
                                     stake="max-on:7/6")
    assert p.k == 11 and p.name == "threshold:5.5,stake=max-on:7/6,split,swap"
    # the policy grammar's fields have one owner: the spec holds the parsed Policy itself
    assert p.policy == policy.parse("threshold:5.5,stake=max-on:7/6,split,swap")
    # an equilibrium seat falls back on the rule of thumb (threshold:5) where its table is silent
    assert parse_player("equilibrium,split").k == 10 == policy.parse_threshold("5")
    assert parse_player("threshold:5") == parse_player("threshold:5,noburn,nosplit,noswap")
    assert parse_banker("threshold:6,burn").policy.burn is True
    assert parse_banker("table").k == 10 and parse_banker("threshold:4").k == 8
    for bad in ("threshold:9", "threshold:x", "best", "threshold:5,fold", "threshold:5,stake=0"):
        with pytest.raises(StrategyError, match="'"):
            parse_player(bad)
    with pytest.raises(StrategyError, match="'psychic'"):
        parse_banker("psychic")


@pytest.mark.parametrize("kwargs, match", [
    ({"players": 0}, "players .* got 0"),
    ({"players": 8}, "players .* got 8"),
    ({"hands": 0}, "hands .* got 0"),
    ({"hands": 10, "sessions": 2}, "one of them"),
    ({"banker": "equilibrium", "players": 2}, "heads-up"),
    ({"banker": "equilibrium", "rules": ITALIAN.with_variants("burn=4")}, "classic"),
    ({"player": "threshold:5,stake=max-on:7"}, "before the deal"),
    ({"sale": (5, 2)}, "keep-the-bank"),
    ({"chips": 0}, "chips .* got 0"),
    ({"seats": {9: "threshold:5"}}, "seat 9"),
    ({"workers": 0, "hands": 2_000_000}, "workers .* got 0"),
    ({"scheduler": "localhost:1"}, "'localhost:1'"),
    ({"seats": {1: Person(lambda v: "stand")}}, "person"),
])
def test_bad_input_is_a_value_error_quoting_it(kwargs: dict[str, object], match: str) -> None:
    args: dict[str, object] = {"rules": ITALIAN, "players": 1, "hands": 1000}
    args.update(kwargs)
    with pytest.raises(ValueError, match=match):
        simulate(**args)  # type: ignore[arg-type]


def test_simulation_error_is_a_value_error() -> None:
    assert issubclass(SimulationError, ValueError) and issubclass(StrategyError, ValueError)


# ---------------------------------------------------------------------------------------------
# CLI
# ---------------------------------------------------------------------------------------------


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_simulate_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "--players", "3", "--hands", "30000", "--rules",
                       "spanish", "--seed", "1", "--no-progress")
    assert code == 0
    assert "Banker's edge per player-hand" in out and "±" in out
    assert "position" in out and "seat 3" in out and "Chips conserved: yes" in out


def test_cli_simulate_json_and_csv(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out_csv = tmp_path / "summary.csv"
    sess_csv = tmp_path / "sessions.csv"
    code, out, _ = run(capsys, "simulate", "--hands", "20000", "--seed", "2", "--chips",
                       "unlimited", "--exact", "--json", "--out", str(out_csv),
                       "--sessions-out", str(sess_csv), "--seat", "1=threshold:6/threshold:5")
    assert code == 2  # --exact refuses --seat
    code, out, _ = run(capsys, "simulate", "--hands", "20000", "--seed", "2", "--chips",
                       "unlimited", "--exact", "--json", "--out", str(out_csv),
                       "--sessions-out", str(sess_csv), "--workers", "1")
    assert code == 0
    data = json.loads(out)
    assert data["hands"] == 20000 and data["chips_conserved"] is True
    assert abs(data["exact"]["z"]) < 4
    assert out_csv.read_text().startswith("measure,value,se,unit")
    assert sess_csv.read_text().startswith("session,hands,bank_changes")
    # the same seed again: the same numbers
    code, out2, _ = run(capsys, "simulate", "--hands", "20000", "--seed", "2", "--chips",
                        "unlimited", "--json", "--workers", "1")
    assert json.loads(out2)["banker_edge"] == data["banker_edge"]


@pytest.mark.parametrize("argv, quoted", [
    (("--players", "9"), "9"),
    (("--player", "thresold:5"), "'thresold:5'"),
    (("--chips", "lots"), "'lots'"),
    (("--seat", "x"), "'x'"),
    (("--sale", "cheap"), "'cheap'"),
    (("--out", "summary.txt"), "'summary.txt'"),
])
def test_cli_bad_input_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str],
                                              argv: tuple[str, ...], quoted: str) -> None:
    code, _, err = run(capsys, "simulate", "--hands", "100", "--no-progress", *argv)
    assert code == 2
    assert err.startswith("settemezzo: error:") and quoted in err and err.count("\n") == 1


@pytest.mark.parametrize("variant", ["split_figures=2"])
def test_player_tables_are_the_solvers_equilibrium(variant: str) -> None:
    """`strategies.PlayerTables` reads the equilibrium from the shipped player table: the
    hit chances directly, burning and splitting from the rows' own reach. A second route:
    the solver's equilibrium strategy itself, decision by decision (italian+split_figures=2
    splits two figures with chance 0.742..., a mixed choice the own-reach ratio recovers;
    ``burn=4`` passes too, in 20 s: its burning is checked by Monte Carlo in
    tests/simulate/test_against_exact.py)."""
    from settemezzo.game import heads_up
    from settemezzo.simulate.strategies import player_tables
    from settemezzo.solve import equilibrium

    rules = ITALIAN.with_variants(variant)
    t = player_tables(rules)
    game = heads_up(rules)
    hit = [float(x) for x in equilibrium(game).player.hit]
    plays = [s for s in game.infosets if s.kind == "play"]   # the table's rows, in order
    assert len(plays) == len(t.frame)
    row = {s.index: j for j, s in enumerate(plays)}
    checked = 0
    for s in game.infosets:
        if s.kind == "play":
            assert t.p[EqProb.HIT, row[s.index]] == pytest.approx(hit[s.index], abs=1e-9)
        elif s.kind in ("burn", "split"):
            kept = s.children0[0].infoset   # action 0: the card kept, the hand whole
            what = EqProb.BURN if s.kind == "burn" else EqProb.SPLIT
            assert t.p[what, row[kept]] == pytest.approx(hit[s.index], abs=1e-9), s.label
            checked += 1
    assert checked >= 1
