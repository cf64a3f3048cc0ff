"""``settemezzo play``: the terminal table. A game of computers (``--auto --json``) equals
``settemezzo simulate`` with the same seed and strategies, hand by hand; bad arguments exit
with status 2 and a clear message; a student plays by keys, and the hint at a table played
down is for the cards seen."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from tests.cli.running import run
from tests.probing import type_keys


def auto(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    code, out, err = run(capsys, "play", "--auto", "--json", *argv)
    assert code == 0, err
    result: dict[str, Any] = json.loads(out)
    return result


def test_spanish_auto_plays_fifteen_rounds_or_until_one_holds_every_chip(
        capsys: pytest.CaptureFixture[str]) -> None:
    for seed in (1, 2):
        r = auto(capsys, "--rules", "spanish", "--seed", str(seed))
        chips = r["result"]["chips"]
        assert len(r["hands"]) == 15 or sorted(chips)[-2] == 0
        assert r["result"]["chips_conserved"] and sum(chips) == 4 * 25   # 4 people: 25 each
        assert [h["hand"] for h in r["hands"]] == list(range(1, len(r["hands"]) + 1))
        assert r["rules_spec"] == "spanish+reshuffle=when_exhausted"   # the deck played down
        # the bank rotates every round; stakes rise with the rounds (2-5, then up to 6-12),
        # less only for a player's last chip (chips before the hand: after it, less its gains)
        assert all(h["bank_moved"] == "rotation" for h in r["hands"])
        for h in r["hands"]:
            for p in h["players"]:
                before = h["chips"][p["seat"]] - sum(p["gains"])
                assert all(min(2, before) <= s <= 12 for s in p["stakes"]), (h, before)


def test_fresh_deck_is_an_option(capsys: pytest.CaptureFixture[str]) -> None:
    assert auto(capsys, "--rules", "spanish", "--fresh-deck")["rules_spec"] == "spanish"
    assert auto(capsys, "--rules", "italian")["rules_spec"] == "italian+reshuffle=when_exhausted"


@pytest.mark.parametrize(("rules", "seeds", "player"), [
    (["--rules", "spanish"], (1, 2, 3), []),
    (["--rules", "italian"], (4,), []),
    (["--rules", "italian", "--variant", "keep_bank", "--variant", "burn=3,4"], (9,), []),
    # not shipped precomputed: its equilibrium is a solve of a minute, so the rule of thumb
    (["--rules", "italian", "--variant", "keep_bank", "--variant", "royal",
      "--variant", "burn=3,4"], (5,), ["--player", "threshold:5"]),
    (["--rules", "spanish", "--variant", "keep_bank"], (6,), []),
    (["--rules", "italian", "--variant", "keep_bank", "--sale", "3@2"], (8,), []),
])
def test_auto_record_equals_simulate(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                     rules: list[str], seeds: tuple[int, ...],
                                     player: list[str]) -> None:
    """`play --auto` and `simulate`, same seed and strategies (the equilibrium by default,
    SPANISH's restricted one, burning under burn=3,4) and the deck played down as the table
    deals it: the same game, hand by hand."""
    for seed in seeds:
        r = auto(capsys, *rules, *player, "--seed", str(seed), "--computers", "3")
        out = tmp_path / f"hands{seed}.csv"
        code, _, err = run(capsys, "simulate", *rules, "--variant", "reshuffle=when_exhausted",
                           "--sessions", "1", "--seed", str(seed),
                           "--players", "3", "--player", r["strategies"]["player"],
                           "--banker", "table", "--hands-out", str(out), "--no-progress")
        assert code == 0, err
        sim = pd.read_csv(out)
        assert len(sim) == len(r["hands"]) > 0
        for h, row in zip(r["hands"], sim.itertuples(), strict=True):
            assert (h["banker"], h["next_banker"], h["banker_gain"], h["bank_moved"]) == \
                (row.banker, row.next_banker, row.banker_gain, row.bank_moved)
            assert sum(sum(p["stakes"]) for p in h["players"]) == row.stakes
            assert h["chips"] == [getattr(row, f"chips_{s}") for s in range(4)]
        if "--sale" in rules:
            assert any(h["bank_moved"] == "sale" for h in r["hands"])


@pytest.mark.parametrize(("argv", "message"), [
    (["--json"], "use it with --auto"),
    (["--students", "9"], "--students must be a whole number from 0 to 7, got 9"),
    (["--students", "4", "--computers", "4"], "seats 1 to 7 players"),
    (["--auto", "--students", "1"], "--auto plays computer seats only"),
    (["--seed", "-1"], "--seed must be a whole number of at least 0"),
    (["--computers", "-2"], "--computers must be a whole number from 0 to 7"),
    (["--sale", "5"], "the bank is sold only in the keep-the-bank variant"),
])
def test_bad_arguments_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str],
                              message: str) -> None:
    code, _, err = run(capsys, "play", *argv)
    assert code == 2 and message in err


def test_bad_language_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "play", "--lang", "de")
    assert code == 2 and "unknown language 'de'; choose from en, it, es, fr" in err



def test_a_student_plays_by_keys(capsys: pytest.CaptureFixture[str],
                                 monkeypatch: pytest.MonkeyPatch) -> None:
    prompts = type_keys(monkeypatch, "3", "s", "q")
    code, out, _ = run(capsys, "play", "--rules", "spanish", "--students", "1",
                       "--computers", "1", "--seed", "3", "--lang", "es")
    assert code == 0
    assert prompts[0].startswith("Estudiante 1: tu apuesta (de 2 a 5)")
    assert "Estudiante 1, elige:" in prompts[1] and "s=plantarse" in prompts[1]
    assert "Mano 1: Ordenador 1 (banca)" in out      # the hand's report, in Spanish
    assert "★ Ordenador 1" in out
    # the deck played down by default, and its count (hand 1: the shuffle just made)
    from settemezzo.i18n import t
    assert t("class.deck_down", "es") in out and "; quedan en el mazo: " in out


def test_the_exact_hint_on_request(capsys: pytest.CaptureFixture[str],
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    type_keys(monkeypatch, "", "?", "s", "q")
    code, out, _ = run(capsys, "play", "--students", "1", "--computers", "0", "--seed", "3")
    assert code == 0 and "against the equilibrium banker" in out   # `TableGame.hint`


def test_the_hint_at_a_table_played_down_names_the_cards_seen(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """``?`` in hand 2 of a table played down: the hint is for the deck less the cards of
    hand 1 (counted here from the same game's report) and says so."""
    from settemezzo.i18n import t
    from settemezzo.rules import from_spec
    from settemezzo.simulate.tablegame import TableGame

    spec = "italian+reshuffle=when_exhausted"
    g = TableGame(from_spec(spec), 1, 0, 3)
    g.stake(g.default_stake())
    g.stand()
    r = g.reports[0]
    n = (len(r.banker_cards) + sum(len(h) for _s, hs, _r, _g in r.players for h in hs)
         + len(r.burnt))
    type_keys(monkeypatch, "", "s", "", "", "?", "s", "q", "q")
    code, out, _ = run(capsys, "play", "--rules", spec, "--students", "1", "--computers", "0",
                       "--seed", "3")
    assert code == 0 and t("table.hint_deck", "en", n=n) in out, out
    assert f"{n} cards seen" in out and t("table.hint_full_deck", "en", n=n) not in out


def test_the_spanish_hint_in_spanish_reads_the_shipped_results(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """The hint under SPANISH, in Spanish, with no solve: the exact engine's solvers are
    stubbed to fail (`tests.probing.STUBBED` style), so the answer can only come from the
    shipped results that `settemezzo.results` reads."""
    from settemezzo import results
    from settemezzo.simulate.strategies import player_tables

    def refuse(*_a: object, **_k: object) -> None:
        raise AssertionError("no solve at the table")

    for mod, name in (("settemezzo.solve", "equilibrium"), ("settemezzo.tables",
                                                            "player_table")):
        monkeypatch.setattr(f"{mod}.{name}", refuse)
    results.clear()
    player_tables.cache_clear()
    type_keys(monkeypatch, "", "?", "s", "q")
    code, out, _ = run(capsys, "play", "--rules", "spanish", "--students", "1",
                       "--computers", "0", "--seed", "3", "--lang", "es")
    assert code == 0 and "contra la mejor banca (equilibrio)" in out, out
