"""The bugs a class saw in the views (issue 31), each pinned by a test that failed before its
fix: the docstring of each test names the bug."""

from __future__ import annotations

import pytest

from settemezzo.i18n import LANGUAGES, t, total_label


def test_explorer_labels_a_bust_total_as_bust_not_as_a_special_hand() -> None:
    """The explorer showed a face-down 7 with a face-up A (8, bust) as 'total royal 7½': the
    total 16 half-points was read as the royal's score code."""
    from settemezzo.widgets.explorer import odds_explorer

    e = odds_explorer("en", background=False)
    e.hole.value = "7"
    e.up_buttons["A"].click()
    assert e.result is not None and e.result.status == "bust"
    assert "total 8, bust" in e.hand_view.value
    assert "royal" not in e.hand_view.value
    assert total_label(17, "es") == "8½, pasado"  # 8½: not a pair of sevens either


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_total_up_to_seven_and_a_half_is_its_points(lang: str) -> None:
    """A total in half-points is its points up to 7½, in every language."""
    assert [total_label(h, lang) for h in (1, 2, 15)] == ["½", "1", "7½"]
    assert total_label(16, lang) == t("score.total_bust", lang, t="8")


# ---------------------------------------------------------------------------------------------
# the tables: roles a beginner can read, the terminal's keys
# ---------------------------------------------------------------------------------------------

def _stand_always(g: object) -> None:
    from settemezzo.simulate.tablegame import TableGame

    assert isinstance(g, TableGame)
    if g.can_stake():
        g.stake(g.default_stake())
    else:
        g.stand()


def _keys(monkeypatch: pytest.MonkeyPatch, *keys: str) -> list[str]:
    it = iter(keys)
    prompts: list[str] = []

    def fake_input(prompt: str = "") -> str:
        prompts.append(prompt)
        return next(it)

    monkeypatch.setattr("builtins.input", fake_input)
    return prompts


def _play(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    from settemezzo.cli import main

    assert main(["play", *argv]) == 0
    return capsys.readouterr().out


def test_no_seat_is_named_bank() -> None:
    """A computer seat was literally named 'Bank' ('The bank moves to Bank.'), and after the
    bank moved the first seat still read 'Banca'."""
    from settemezzo.rules import SPANISH
    from settemezzo.simulate.tablegame import TableGame
    from settemezzo.teaching.tablelog import log_lines, seat_name

    g = TableGame(SPANISH, 1, 2, seed=3)
    g.play_out(_stand_always)
    for lang in LANGUAGES:
        names = [seat_name(g, i, lang) for i in range(len(g.names))]
        assert len(set(names)) == len(names)
        assert not {t("word.bank", lang), t("word.banker", lang)} & set(names), names
        log = log_lines(g, lang, hands=len(g.reports))
        assert not any(line.endswith(f" {t('word.bank', lang)}.") for line in log)


def test_the_result_stays_on_screen_with_the_banker_who_played_it() -> None:
    """The ★ moved to the next hand's banker while the hand just played was still on screen;
    nobody said in words who held the bank and who takes it next."""
    from settemezzo.rules import SPANISH
    from settemezzo.simulate.tablegame import TableGame
    from settemezzo.teaching.tablelog import bank_line, hand_banker, seat_name
    from settemezzo.widgets.tableview import seats_html

    g = TableGame(SPANISH, 1, 1, seed=3)
    assert bank_line(g, "es") == "Ordenador 1 tiene la banca en esta mano."
    g.stake(3)
    g.stand()
    r = g.reports[-1]
    assert g.phase == "done" and r.next_banker != r.banker == 0 and g.banker == r.next_banker
    assert hand_banker(g) == r.banker
    html = seats_html(g, "en")
    starred = html.split("★")[1].split("</b>")[0]
    assert starred.startswith(" Computer 1")
    assert bank_line(g, "en") == ("Computer 1 held the bank in this hand. Next hand, "
                                  f"{seat_name(g, r.next_banker, 'en')} takes the bank.")
    g.next_hand()
    assert hand_banker(g) == r.next_banker
    assert seats_html(g, "en").split("★")[1].startswith(" Student 1")


def test_the_end_of_a_game_names_the_winner_the_standings_and_offers_a_new_game() -> None:
    """The table was a dead end when a game ended ('La partida ha terminado.'): no winner,
    no standings, no new game."""
    from settemezzo.rules import SPANISH
    from settemezzo.widgets.tableview import ClassroomTable

    w = ClassroomTable("es", rules=SPANISH, students=1, computers=2, seed=3)
    g = w.game
    assert g is not None and w.play_again.layout.display == "none"
    g.play_out(_stand_always)
    w.refresh()
    top = max(g.chips)
    assert "Clasificación" in w.standings.value and w.play_again.layout.display is None
    assert "1. " in w.standings.value and t("word.chips", "es", n=top) in w.standings.value
    assert w.standings.value.index(t("word.chips", "es", n=top)) < w.standings.value.index(
        t("word.chips", "es", n=min(g.chips)))
    w.play_again.click()
    assert w.game is not g and w.game is not None and w.game.hand_no == 1
    assert w.standings.value == ""


def test_the_terminal_table_says_so_for_an_unknown_key(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """The terminal table ignored an unknown key silently (and an impossible move raised an
    English engine message)."""
    _keys(monkeypatch, "x", "3", "z", "p", "s", "q")
    out = _play(capsys, "--rules", "spanish", "--students", "1", "--computers", "1",
                "--seed", "3")
    assert "'x' is not a key here; press one of: a stake from 2 to 5, Enter for 2, ?, q" in out
    assert "'z' is not a key here; press one of: h=hit, s=stand, w=Swap" in out
    assert "'p' is not a key here" in out       # no split on one card
    assert "Hand 1: Computer 1 (bank)" in out


def test_the_terminal_game_ends_with_the_standings_and_a_new_game(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """At the end of a game the terminal said 'Game over' and stopped."""
    from settemezzo.cli import play

    prompts: list[str] = []
    games: list[object] = []

    def new_game(seed: int) -> object:
        from settemezzo.simulate.tablegame import TableGame

        g = TableGame("italian", 0, 2, seed)
        games.append(g)
        return g

    answers = iter(["", ] * 200)

    def read(prompt: str) -> str:
        prompts.append(prompt)
        if prompt.startswith("n: new game"):
            return "n" if len(games) == 1 else "q"
        return next(answers)

    lines: list[str] = []
    play._interactive(new_game, 5, "en", read, lines.append)
    assert len(games) == 2 and [g.seed for g in games] == [5, 6]  # type: ignore[attr-defined]
    text = "\n".join(lines)
    assert text.count("Standings:") == 2 and "Game over: " in text and "\n1. " in text


def test_the_terminal_hint_on_two_figures_says_whether_to_split() -> None:
    """The terminal table's hint on J♠ Q♥ said 'PIDO' and nothing about splitting."""
    from settemezzo.cli.play import _hint
    from settemezzo.rules import SPANISH
    from settemezzo.simulate.tablegame import TableGame

    g = TableGame(SPANISH, 1, 0, seed=1, forced=["Js", "5h", "Qh", "3c", "2d"])
    g.stake(2)
    g.hit()
    assert g.view is not None and g.view.decision == "split"
    advice = g.hint()
    assert advice is not None and advice.split_frequency is not None
    text = _hint(g, "es")
    assert "¿Separar?" in text
    expect = ("table.split_always" if advice.split_frequency > 0.995 else "table.split_never"
              if advice.split_frequency < 0.005 else "table.split_sometimes")
    from settemezzo.i18n import percent

    assert t(expect, "es", p=percent(advice.split_frequency, "es", 0)) in text


def test_after_a_swap_the_face_down_card_is_shown_as_such() -> None:
    """After a swap the cards were listed in their old order: nobody could see which card
    was now face down."""
    from settemezzo.rules import SPANISH
    from settemezzo.simulate.tablegame import TableGame
    from settemezzo.widgets.tableview import seats_html

    g = TableGame(SPANISH, 1, 0, seed=1, banker="threshold:5",
                  forced=["Qs", "5h", "Js", "3c", "2d"])
    g.stake(4)
    g.swap()                                   # Q♠ turned up, J♠ the new face-down card
    me = g.seats()[1].hands[0]
    assert me.cards[me.face_down or 0] is not None and str(me.cards[me.face_down or 0]) == "J♠"
    html = seats_html(g, "en")
    row = html.split('data-seat="1"')[1]
    assert row.index("sm-face-down") < row.index("J♠") < row.index("Q♠")
    from settemezzo.cli.play import _cards_text

    assert _cards_text(me) == "[J♠] Q♠"


def test_the_table_s_totals_and_scores_are_in_the_class_s_language() -> None:
    """'bust' was left in English in the Italian and Spanish tables ('8½ (bust)')."""
    from settemezzo.rules import SPANISH
    from settemezzo.simulate.tablegame import TableGame
    from settemezzo.teaching.tablelog import log_lines
    from settemezzo.widgets.tableview import seats_html

    g = TableGame(SPANISH, 1, 1, seed=3)
    g.stake(3)
    g.stand()                                  # the computer busts on Q♣ 2♥ 6♦
    for lang in ("it", "es"):
        html = seats_html(g, lang) + "\n".join(log_lines(g, lang))
        assert "bust" not in html and t("score.bust", lang) in html


def test_long_labels_and_rule_names_show_whole() -> None:
    """Labels were cut short: 'Swap (new card fac…' and the rules dropdown at '…wild K'."""
    from settemezzo.widgets.explorer import odds_explorer
    from settemezzo.widgets.html import WHOLE_LABEL
    from settemezzo.widgets.tableview import classroom_table

    w = classroom_table(students=1, computers=0, seed=1)
    e = odds_explorer(background=False)
    for control in (w.swap_button, w.rules, e.rules):
        assert {k: getattr(control.layout, k) for k in WHOLE_LABEL} == WHOLE_LABEL


# ---------------------------------------------------------------------------------------------
# notebook 06 and the trainer's levels
# ---------------------------------------------------------------------------------------------

def test_notebook_06_names_the_ports_make_and_voila_use() -> None:
    """Notebook 06 said `make classroom` serves it at port 8866, while `make classroom` runs
    the form server on 8867."""
    import json
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    cell = json.loads((root / "notebooks" / "06_classroom.ipynb").read_text())["cells"][0]
    text = " ".join(line.lstrip("# ").rstrip() for line in "".join(cell["source"]).split("\n"))
    make_port = re.search(r"^CLASS_PORT \?= (\d+)$", (root / "Makefile").read_text(), re.M)
    assert make_port is not None
    said = re.search(r"`make classroom` runs the class server .*?localhost:(\d+)", text)
    assert said is not None and said.group(1) == make_port.group(1)
    assert "`make classroom` serves this page" not in text
    assert re.search(r"voila notebooks/06_classroom.ipynb` shows this page .*?:8866", text)


def test_the_class_server_takes_every_level_of_the_trainer(
        capsys: pytest.CaptureFixture[str]) -> None:
    """The server's `--level` took 1-3 while the widget trainer had 4: one list of levels,
    the trainer's."""
    from settemezzo.cli import main
    from settemezzo.teaching.trainer import LEVELS
    from settemezzo.widgets.trainer import trainer

    assert [v for _, v in trainer().level.options] == list(LEVELS)
    for level in LEVELS:   # an impossible port is refused after the level is taken
        assert main(["classroom", "--level", str(level), "--port", "70000"]) == 2
        assert "--port" in capsys.readouterr().err
    assert main(["classroom", "--level", str(max(LEVELS) + 1)]) == 2
    assert f"--level must be one of {', '.join(map(str, sorted(LEVELS)))}" in \
        capsys.readouterr().err
