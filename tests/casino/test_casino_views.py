"""The casino games in the views: the command line takes the presets (or refuses them in one
line), the home engine refuses the casino deal, the simulator against the exact values, the
strategy card and its chart in four languages, and the advice against the brute force."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from settemezzo.cards import Kind
from settemezzo.casino import (
    Solver,
    advise,
    best_card,
    card_cells,
    card_value,
    simulate,
    strategy_card,
    thumb_card,
)
from settemezzo.cli import main
from settemezzo.errors import RulesError
from settemezzo.i18n import LANGUAGES, t
from settemezzo.rules import CONRAD, PLAYTECH, SANREMO, from_spec
from tests.reference import bruteforce_casino as bf

SHOES = [("conrad", "optimal"), ("playtech+decks=2", "optimal"), ("sanremo+decks=3", "card"),
         ("sanremo", "optimal")]


@pytest.mark.parametrize(("spec", "play"), SHOES, ids=[f"{a}-{b}" for a, b in SHOES])
def test_monte_carlo_of_the_exact_strategy_is_within_4_standard_errors(spec: str,
                                                                       play: str) -> None:
    solver = Solver(from_spec(spec), exact=False)
    card = best_card(solver) if play == "card" else None
    run = simulate(solver, 10_000, seed=28, card=card)
    exact = solver.player_value() if card is None else card_value(solver, card)
    assert run.exact == pytest.approx(float(exact), abs=1e-12)
    assert abs(run.mean - run.exact) < 4 * run.se


def test_the_monte_carlo_tells_a_bad_strategy_from_the_optimum() -> None:
    solver = Solver(CONRAD, exact=False)
    wrong = simulate(solver, 5_000, seed=30, card=thumb_card(solver, 7))
    assert abs(wrong.z) < 4
    assert abs(wrong.mean - float(solver.player_value())) > 4 * wrong.se


def test_the_simulator_is_seeded() -> None:
    solver = Solver(CONRAD.with_variants("decks=1"), exact=False)
    assert simulate(solver, 500, seed=5) == simulate(solver, 500, seed=5)


@pytest.mark.parametrize("rules", [CONRAD.with_variants("decks=1"), PLAYTECH, SANREMO],
                         ids=["conrad", "playtech", "sanremo"])
def test_the_cards_margins_agree_with_its_decisions(rules) -> None:
    solver = Solver(rules, exact=False)
    card = best_card(solver)
    cells = card_cells(solver, card)
    for c in cells:
        if c.action == "hit":
            assert c.margin > 0, c
        elif c.action == "stand":
            assert c.margin <= 1e-12, c
        else:
            assert c.margin is None
    # the cells' reach adds up to the chance of a decision; the card's value is the sum of its
    # margins over the hands that hit, on top of standing everywhere
    stand_all = card_value(solver, type(card)(frozenset()))
    gained = sum(float(c.reach) * float(c.margin) for c in cells if c.action == "hit")
    assert cells == strategy_card(rules)
    assert card_value(solver, card) >= stand_all
    assert gained > 0


def test_the_advice_is_the_brute_force() -> None:
    deck = ["F"] * 12 + [v for v in range(1, 8) for _ in range(4)]
    shoe = deck[:]
    for c in (5, 4):
        shoe.remove(c)
    found = advise(SANREMO.with_variants("wild_king=off"), [Kind.FIVE], Kind.FOUR)
    assert found["stand"] == bf.dealer_value(shoe, [4], 10, bf.Casino(forced="reach"))
    best = Solver(SANREMO.with_variants("wild_king=off"))
    tree = next(t for t in best.trees if t.up is Kind.FOUR)
    i = tree.index[tuple(n - (k in (Kind.FIVE, Kind.FOUR)) for k, n in
                         zip(Kind, best.full, strict=True))]
    assert (found["best"] == "hit") == tree.best_hits()[i]
    assert found["margin"] == found["hit"] - found["stand"]
    assert isinstance(found["stand"], Fraction)


@pytest.mark.parametrize(("cards", "up", "words"), [
    ([], Kind.FOUR, "no card"),
    ([Kind.SEVEN, Kind.FIGURE], Kind.FOUR, "over"),
    ([Kind.SEVEN] * 4, Kind.SEVEN, "has not got"),
])
def test_the_advice_refuses_a_hand_without_a_decision(cards, up, words) -> None:
    with pytest.raises(ValueError, match=words):
        advise(SANREMO, cards, up)


def test_the_home_engine_refuses_the_casino_deal() -> None:
    from settemezzo.game import heads_up
    from settemezzo.solve import evaluate

    for call in (lambda: heads_up(CONRAD), lambda: evaluate("threshold:5", "threshold:5",
                                                            PLAYTECH)):
        with pytest.raises(RulesError, match="open_deal"):
            call()


def _run(argv: list[str], capsys) -> tuple[int, str, str]:
    status = main(argv)
    out = capsys.readouterr()
    return status, out.out, out.err


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_edge_text_speaks_the_language(lang: str, capsys) -> None:
    spec = "sanremo" if lang == "en" else "conrad"  # a deck's fraction once; 8 decks are quick
    status, out, _ = _run(["edge", "--rules", spec, "--lang", lang], capsys)
    assert status == 0
    for key in ("optimal", "total_dependent", "cost", "stand_on_5", "copy_dealer"):
        assert t(f"casino.{key}", lang) in out
    assert "total_dependent:" not in out
    if lang == "en":
        assert str(Solver(SANREMO).house_edge()) in out  # the exact fraction


@pytest.mark.parametrize("argv", [
    ["advise", "--rules", "conrad", "--hole", "5", "--dealer", "4", "--json"],
    ["simulate", "--rules", "playtech", "--hands", "2000", "--player", "card", "--json"],
])
def test_the_casino_commands_answer(argv: list[str], capsys) -> None:
    status, out, _ = _run(argv, capsys)
    assert status == 0
    data = json.loads(out)
    assert data["rules_spec"] == argv[2]


def test_solve_prints_the_optimum_and_the_dealers_best(capsys) -> None:
    _, out, _ = _run(["solve", "--rules", "conrad+decks=1", "--json"], capsys)
    data = json.loads(out)
    rules = CONRAD.with_variants("decks=1")
    assert Fraction(data["optimal"]["fraction"]) == Solver(rules).house_edge()
    assert data["open_game"]["float"] > data["optimal"]["float"]


@pytest.mark.parametrize("argv", [
    ["evaluate", "--rules", "conrad"],
    ["odds", "--rules", "playtech", "--hole", "5"],
    ["deckdown", "--rules", "sanremo"],
    ["chart", "ev", "--rules", "conrad", "--out", "x.png"],
    ["advise", "--rules", "conrad", "--hole", "5"],
])
def test_a_command_without_a_casino_meaning_refuses_in_one_line(argv: list[str],
                                                                 capsys) -> None:
    status, out, err = _run(argv, capsys)
    assert status == 2 and not out
    assert (err.count("\n") == 1 and "conrad" in err) or "playtech" in err or "sanremo" in err


@pytest.fixture(scope="module")
def playtech_cells() -> list:
    return strategy_card(PLAYTECH)


@pytest.mark.parametrize(("lang", "suffix"), [("en", ".pdf"), ("it", ".png"), ("es", ".svg"),
                                              ("fr", ".svg")])
def test_the_strategy_card_is_drawn_in_each_language(lang: str, suffix: str, tmp_path: Path,
                                                     playtech_cells: list) -> None:
    from settemezzo.plots.casino import strategy_card_chart

    out = tmp_path / f"card{suffix}"
    fig = strategy_card_chart(playtech_cells, PLAYTECH, edge=0.025, lang=lang)
    fig.savefig(out)
    assert out.stat().st_size > 1000
    texts = [x.get_text() for x in fig.axes[0].texts]
    assert len(texts) == len(playtech_cells)
    words = (t("casino.card_title", lang), t("casino.axis_up", lang), t("casino.axis_total", lang))
    shown = " ".join([fig.axes[0].get_title(loc="left"), fig.axes[0].get_xlabel(),
                      fig.axes[0].get_ylabel()])
    assert all(w in shown for w in words)


def test_chart_strategy_writes_the_card_and_its_numbers(tmp_path: Path, capsys) -> None:
    from settemezzo.plots.casino import strategy_card_cells

    out = tmp_path / "card.png"
    status, _, _ = _run(["chart", "strategy", "--rules", "sanremo", "--lang", "it", "--out",
                         str(out), "--csv"], capsys)
    assert status == 0 and out.stat().st_size > 1000
    import pandas as pd

    df = pd.read_csv(out.with_suffix(".csv"))
    assert list(df.action) == list(strategy_card_cells(strategy_card(SANREMO)).action)
    assert set(df.action) <= {"hit", "stand", "forced"}


def test_the_handout_is_the_card_on_a_page(tmp_path: Path, capsys) -> None:
    out = tmp_path / "card.pdf"
    status, _, _ = _run(["handout", "--rules", "conrad", "--out", str(out)], capsys)
    assert status == 0 and out.read_bytes().startswith(b"%PDF")


def test_the_casino_trainer_judges_against_the_optimal_play() -> None:
    from settemezzo.teaching.casino import CasinoTrainer

    a, b = CasinoTrainer(PLAYTECH, 4, 3), CasinoTrainer(PLAYTECH, 4, 3)
    for _ in range(3):
        q = a.question
        assert q == b.question and q.status == "ok"  # the same seed, the same hands
        found = advise(PLAYTECH, q.cards, q.up)
        good = "hit" if found["best"] in ("hit", "forced") else "stand"
        bad = "stand" if good == "hit" else "hit"
        right, wrong = a.answer(good), b.answer(bad)
        assert right.correct and right.cost == 0
        assert not wrong.correct and wrong.cost == pytest.approx(abs(float(found["margin"])))
        if not a.done:
            a.next()
            b.next()
    assert a.score()["right"] == 3 and b.score()["right"] == 0
    with pytest.raises(ValueError, match="answered"):
        a.answer("stand")


def test_the_casino_explorer_explains_a_hand() -> None:
    from settemezzo.teaching.casino import casino_explore

    e = casino_explore(CONRAD, "5", "4", "it")
    assert e.status == "ok" and e.best in ("stand", "hit") and t("chart.stand", "it") in \
        e.sentence
    assert casino_explore(CONRAD, "7 J", "4").status == "error"
    assert casino_explore(CONRAD, "5", "4 3").status == "error"


def test_edge_writes_the_casino_edges_as_csv(tmp_path: Path, capsys) -> None:
    import pandas as pd

    out = tmp_path / "edges.csv"
    status, _, _ = _run(["edge", "--rules", "conrad", "--variant", "decks=2", "--out",
                         str(out)], capsys)
    assert status == 0
    df = pd.read_csv(out)
    edge = Solver(CONRAD.with_variants("decks=2")).house_edge()
    assert df.set_index("play").edge["optimal"] == pytest.approx(float(edge), abs=1e-12)
    assert df.rules_spec.iloc[0] == "conrad+decks=2"
    status, _, err = _run(["edge", "--rules", "conrad", "--out", str(tmp_path / "e.png")],
                          capsys)
    assert status == 2 and "e.png" in err
