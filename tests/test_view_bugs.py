"""The bugs a class saw in the views (issue 31), each pinned by a test that failed before its
fix: the docstring of each test names the bug."""

from __future__ import annotations

import pytest

from settemezzo.i18n import LANGUAGES, t, total_label
from settemezzo.rules import ITALIAN
from tests.probing import type_keys


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
    type_keys(monkeypatch, "x", "3", "z", "p", "s", "q")
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


# ---------------------------------------------------------------------------------------------
# words, and cards in the class's language
# ---------------------------------------------------------------------------------------------

def test_the_trainer_says_the_best_play_as_a_verb() -> None:
    """The Spanish trainer said 'La mejor jugada es PIDO' (a button's word in capitals)."""
    from settemezzo.widgets.trainer import trainer

    w = trainer("es", seed=3)
    w.stand.click()
    text = w.feedback.value
    assert "es PIDO" not in text and "es ME PLANTO" not in text
    assert ("La mejor jugada es pedir." in text or "La mejor jugada es plantarse." in text
            or t("trainer.tie_ok", "es") in text), text


def test_hints_name_no_knob_code() -> None:
    """Hints read 'split_figures=12 permite 12': a knob's code shown to a student."""
    from settemezzo.i18n import restriction_text

    for lang in LANGUAGES:
        text = restriction_text(("resplit", "split_swap"), lang, split_figures=12)
        assert "split_figures" not in text and "12" in text


def test_the_class_summary_line_needs_no_plural() -> None:
    """The summary read '1 answers'."""
    text = t("class.summary_line", "en", r=1, seed=7, s=1, n=1, right=1, lost="0")
    assert "1 answers" not in text and "1 students" not in text and "answers 1" in text


def test_the_italian_class_seed_is_not_a_card_suit() -> None:
    """'Seme della classe': a seme is a card's suit."""
    assert "seme" not in t("trainer.seed", "it").lower()
    assert "seme" not in t("class.summary_line", "it", r=1, seed=7, s=1, n=1, right=1,
                           lost="0").lower()


@pytest.mark.parametrize(("lang", "names", "labels"), [
    ("it", ["re di denari", "cavallo di coppe", "fante di spade", "asso di bastoni"],
     ["R🪙", "C🏆", "F🗡", "A🪵"]),
    ("es", ["rey de oros", "caballo de copas", "sota de espadas", "as de bastos"],
     ["R🪙", "C🏆", "S🗡", "A🪵"]),
    ("en", ["king of diamonds", "queen of hearts", "jack of spades", "ace of clubs"],
     ["K♦", "Q♥", "J♠", "A♣"]),
    ("fr", ["roi de carreau", "dame de cœur", "valet de pique", "as de trèfle"],
     ["R♦", "D♥", "V♠", "A♣"]),
])
def test_cards_speak_the_class_s_language(lang: str, names: list[str],
                                          labels: list[str]) -> None:
    """Cards spoke only French (J/Q/K and ♠♥♦♣ in every language)."""
    from settemezzo.cards import parse_card
    from settemezzo.i18n import card_label, card_name

    cards = [parse_card(c) for c in ("Kd", "Qh", "Js", "Ac")]
    assert [card_name(c, lang) for c in cards] == names
    assert [card_label(c, lang) for c in cards] == labels
    assert [parse_card(n) for n in names] == cards      # what is shown parses back


def test_card_pictures_are_svg_named_in_words_with_a_back() -> None:
    """Card pictures drawn by the project: every card of the deck in every language is one
    well-formed SVG naming the card; a face-down card shows the back, not the card."""
    import xml.etree.ElementTree as ET

    from settemezzo.cards import full_deck
    from settemezzo.i18n import card_name
    from settemezzo.teaching.cardsvg import card_svg

    for lang in LANGUAGES:
        for c in full_deck():
            svg = card_svg(c, lang)
            root = ET.fromstring(svg)
            assert root.tag.endswith("svg") and root.get("aria-label") == card_name(c, lang)
        back = card_svg(c, lang, face_down=True)
        assert card_name(c, lang) not in back and t("card.back", lang) in back
        ET.fromstring(back)


def test_the_table_widget_shows_card_pictures_in_the_class_s_deck() -> None:
    """The widget table showed French cards in every language."""
    from settemezzo.i18n import card_name
    from settemezzo.rules import SPANISH
    from settemezzo.simulate.tablegame import TableGame
    from settemezzo.widgets.tableview import seats_html

    g = TableGame(SPANISH, 1, 0, seed=1, banker="threshold:5",
                  forced=["Qs", "5h", "Js", "3c", "2d"])
    html = seats_html(g, "es")
    assert "<svg" in html and card_name(g.seats()[1].hands[0].cards[0], "es") in html
    assert "caballo de espadas" in html


def test_the_terminal_table_lists_cards_in_the_class_s_deck(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """The terminal table showed French cards in Italian and Spanish."""
    type_keys(monkeypatch, "3", "s", "q")
    out = _play(capsys, "--rules", "spanish", "--students", "1", "--computers", "1",
                "--seed", "3", "--lang", "es")
    assert "[S🗡]" in out and "J♠" not in out     # the sota de espadas face down


# ---------------------------------------------------------------------------------------------
# the handout and the strategy chart
# ---------------------------------------------------------------------------------------------

def _note_hits(fig: object) -> list[str]:
    """The chart notes (grey text) that overlap a strategy cell or the legend, drawn."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    from matplotlib.patches import Rectangle

    assert isinstance(fig, Figure)
    FigureCanvasAgg(fig)
    fig.canvas.draw()
    r = fig.canvas.get_renderer()  # type: ignore[attr-defined]
    hits = []
    for ax in fig.axes:
        boxes = [p.get_window_extent(r) for p in ax.patches if isinstance(p, Rectangle)]
        if ax.get_legend() is not None:
            boxes.append(ax.get_legend().get_window_extent(r))
        for text in ax.texts:
            if text.get_color() == "#333333" and any(
                    text.get_window_extent(r).overlaps(b) for b in boxes):
                hits.append(text.get_text()[:40])
    return hits


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_handout_note_stays_off_the_strategy_cells(lang: str) -> None:
    """The Italian handout's note overlapped strategy cells (rows 3-4, columns 2½-3½)."""
    from settemezzo import results
    from settemezzo.plots.handout import handout_page
    from settemezzo.plots.strategy import strategy_chart

    solved = results.get(ITALIAN)
    table = solved.player_table("equilibrium")
    assert _note_hits(handout_page(ITALIAN, table, solved.handout_numbers(), lang=lang)) == []
    assert _note_hits(strategy_chart(table, lang=lang)) == []


def test_the_spanish_chart_and_handout_speak_of_swaps_splits_and_the_blank_cell() -> None:
    """The Spanish strategy chart and handout said nothing on swapping or splitting, and the
    (½, ½) cell was blank with no explanation."""
    from settemezzo import results
    from settemezzo.plots.handout import handout_page
    from settemezzo.plots.strategy import split_text, strategy_cells, strategy_chart, swap_text
    from settemezzo.rules import SPANISH

    solved = results.get(SPANISH)
    table = solved.player_table("equilibrium")
    cells = strategy_cells(table)
    blank = cells[(cells["hole"] == "½") & (cells["up_total_half"] == 1)].empty
    assert split_text(table, "es") == t(
        "strategy_chart.split_blank" if blank else "strategy_chart.split_kept", "es")
    first = table[(table["n_up"] == 0) & (table["own_reach"] > 0)]
    swapped = sorted(set(first[first["swap_frequency"] > 0.5]["hole"].astype(str)))
    swap = swap_text(table, "es")
    assert swap and all(c in swap for c in swapped)
    page = handout_page(SPANISH, table, solved.handout_numbers(), lang="es")
    words = " ".join(" ".join(x.get_text().split()) for x in page.texts)
    assert "Cambio" in words and "Dos figuras" in words
    assert split_text(table, "es").split(":")[0] in words
    chart = strategy_chart(table, lang="es")
    words = " ".join(" ".join(x.get_text().split()) for ax in chart.axes for x in ax.texts)
    assert "Cambio" in words and "Dos figuras" in words
    from settemezzo.rules import ITALIAN as plain

    assert split_text(results.get(plain).player_table("equilibrium"), "es") == ""


# ---------------------------------------------------------------------------------------------
# the class report
# ---------------------------------------------------------------------------------------------

def _answers() -> list[object]:
    from settemezzo.classroom_server.store import Answer

    out = []
    for s, name in enumerate(("Ada", "Bo", "Cy"), 1):
        for hand in range(1, 9):
            right = (hand + s) % 3 != 0
            out.append(Answer(s, 1, "trainer", hand, 0, "½" if hand % 2 else "5", "",
                              2 * (hand % 3), "", "hit" if right else "stand", "hit",
                              {"stand": -0.5, "hit": -0.2}, 0.0 if right else 0.3, right,
                              2.0, at=1764547200.0 + hand, name=name))
    return out


def _report() -> tuple[object, object]:
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    from settemezzo.classroom_server.report import pdf_summary
    from settemezzo.classroom_server.summary import class_summary

    answers = _answers()
    fig = pdf_summary(answers, class_summary(answers, 1, "8", None), "en")  # type: ignore[arg-type]
    FigureCanvasAgg(fig)
    fig.canvas.draw()
    return fig, fig.canvas.get_renderer()


def test_the_class_report_has_no_empty_band_below_the_scoreboard() -> None:
    """The class PDF report had a large empty band (the scoreboard's box far taller than its
    rows)."""
    fig, r = _report()
    board = fig.axes[0]  # type: ignore[attr-defined]
    table = board.tables[0].get_window_extent(r)
    box = board.get_window_extent(r)
    assert table.y0 - box.y0 < 0.25 * box.height, (table, box)


def test_the_heat_map_says_what_its_cells_mean() -> None:
    """The heat map's cells read '5/13' with no legend."""
    fig, _ = _report()
    words = [x.get_text() for ax in fig.axes for x in ax.texts]  # type: ignore[attr-defined]
    assert t("class.heat_legend", "en") in words and any("/" in w for w in words)
    labels = [ax.get_ylabel() for ax in fig.axes]  # type: ignore[attr-defined]
    assert t("class.heat_scale", "en") in labels                  # the colour bar


def test_every_progress_line_has_its_own_marker() -> None:
    """Three progress lines shared one marker (and the lines could not be told apart)."""
    fig, _ = _report()
    lines = [ln for ax in fig.axes for ln in ax.get_lines()]  # type: ignore[attr-defined]
    assert len(lines) == 3
    assert len({(ln.get_marker(), ln.get_linestyle()) for ln in lines}) == 3
    assert len({ln.get_marker() for ln in lines}) == 3


def test_the_mistakes_table_has_its_best_column() -> None:
    """The mistakes table had no 'Best' column."""
    fig, _ = _report()
    heads = [c.get_text().get_text() for ax in fig.axes for tb in ax.tables  # type: ignore[attr-defined]
             for (row, _), c in tb.get_celld().items() if row == 0]
    assert t("class.col_best", "en") in heads


def test_the_answers_csv_gives_times_a_spreadsheet_reads() -> None:
    """The answers CSV had raw Unix time in its 'at' column."""
    import csv
    import io

    from settemezzo.classroom_server.report import answers_csv

    rows = list(csv.DictReader(io.StringIO(answers_csv(_answers()))))  # type: ignore[arg-type]
    assert rows[0]["at"] == "2025-12-01T00:00:01+00:00"


# ---------------------------------------------------------------------------------------------
# the explorer: variants ticked together
# ---------------------------------------------------------------------------------------------

def test_the_explorer_combines_variants_ticked_together() -> None:
    """The explorer offered no way to combine variants without writing Python; a rule set
    not shipped says at once that it is computing, with its estimate."""
    from settemezzo import results
    from settemezzo.i18n import describe_rules
    from settemezzo.teaching.lookup import player_ready
    from settemezzo.widgets.explorer import explore, odds_explorer
    from settemezzo.widgets.variants import knob_is_on

    e = odds_explorer("en", background=True)
    e.hole.value = "6"
    combined = ITALIAN.with_variants("royal", "ties_push")
    ready = player_ready(combined, "equilibrium", None)
    e.variants["royal"].value = True
    e.variants["ties_push"].value = True
    assert e.chosen_rules == combined
    if not ready:
        seconds = max(1, round(results.estimate_seconds(combined)))
        assert t("ui.computing_about", "en", rules=describe_rules(combined, "en"),
                 seconds=seconds) in e.output.value
    e.wait()
    want = explore("6", rules=combined)
    assert e.result is not None and e.result.row == want.row
    e.rules.value = e.rules.options[1][1]          # another rule set: its own knobs
    assert all(b.value == knob_is_on(e.rules.value, k) for k, b in e.variants.items())
