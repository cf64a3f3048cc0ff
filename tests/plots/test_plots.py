"""Charts: the numbers behind them, and that they render for people (labels, legends, files)."""

from __future__ import annotations

import hashlib
import io
import re
import xml.etree.ElementTree as ET
from fractions import Fraction
from pathlib import Path

import pandas as pd
import pytest
from matplotlib.figure import Figure

from settemezzo import plots
from settemezzo.cli.chart import cached_banker_table, cached_player_table
from settemezzo.game import restriction_codes
from settemezzo.i18n import (
    LANGUAGES,
    TEXT,
    UnknownLanguageError,
    describe_rules,
    restriction_note,
    t,
)
from settemezzo.plots.strategy import stake_text
from settemezzo.plots.style import codes_of_spec, half_of_label
from settemezzo.results.answers import advise
from settemezzo.rules import ITALIAN, PRESETS, SPANISH, Rules

# Every preset is solved (SPANISH as a restricted game: its first solve takes most of a
# minute; the tables are cached per process, so the SPANISH tests below share one solve).

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_bytes(fig: Figure) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=60)
    return buf.getvalue()


def pdf_pages(data: bytes) -> int:
    """Page objects in a PDF ('/Type /Page', not '/Type /Pages'); matplotlib writes them
    uncompressed."""
    assert data.startswith(b"%PDF-") and b"%%EOF" in data[-64:]
    return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", data))


@pytest.fixture(scope="module")
def eq_table() -> pd.DataFrame:
    return cached_player_table(ITALIAN, "equilibrium")


@pytest.fixture(scope="module")
def th_table() -> pd.DataFrame:
    return cached_player_table(ITALIAN, "threshold:5")


# ---------------------------------------------------------------------------------------------
# the strategy chart's cells
# ---------------------------------------------------------------------------------------------


def _rounded(x: float) -> str:
    s = f"{x:.3f}"
    return "0.000" if s == "-0.000" else s


def test_strategy_cells_hash_against_threshold5(th_table: pd.DataFrame) -> None:
    # Regression guard on every cell of the strategy chart against the threshold:5 banker
    # (exact arithmetic, so the same on every machine; the equilibrium's mixing frequencies
    # are not unique, so its chart is checked by sanity assertions instead). Produced by:
    #   cells = strategy_cells(player_table(ITALIAN, "threshold:5"))
    #   text = "\n".join(f"{hole} {up_total_half} {action} {hit_share:.3f} {margin:.3f}")
    #   (with -0.000 written 0.000), then sha256(text). Recompute it the same way, and look
    #   at the chart, when the engine's numbers are meant to change.
    cells = plots.strategy_cells(th_table)
    text = "\n".join(f"{r.hole} {r.up_total_half} {r.action} {_rounded(r.hit_share)} "
                     f"{_rounded(r.margin)}" for r in cells.itertuples())
    assert len(cells) == 63
    assert hashlib.sha256(text.encode()).hexdigest() == (
        "acfd5579fc9ff3afe8da1a049a9ce1e8b673a92d019b0387c0bc4dd9ee0f916b")


def _cell(cells: pd.DataFrame, hole: str, up_half: int) -> pd.Series:
    row = cells[(cells["hole"] == hole) & (cells["up_total_half"] == up_half)]
    assert len(row) == 1
    return row.iloc[0]


def test_strategy_cells_sanity_against_threshold5(th_table: pd.DataFrame) -> None:
    cells = plots.strategy_cells(th_table)
    # a face-down 7 with nothing up: 27 of the 39 cards bust it; stand
    assert _cell(cells, "7", 0)["action"] == "stand"
    assert _cell(cells, "½", 0)["action"] == "hit"
    # a one-state cell is that state: its margin is advise()'s exact margin
    a = advise("5", against="threshold:5")
    assert _cell(cells, "5", 0)["margin"] == pytest.approx(float(a.margin), abs=1e-12)
    # no decision is left at 7½ or more; every card of the deck shows up as a row
    assert all(cells["up_total_half"] + [half_of_label(h) for h in cells["hole"]] < 15)
    assert list(dict.fromkeys(cells["hole"])) == ["½", "1", "2", "3", "4", "5", "6", "7"]
    # nothing up: the face-down card's deal chance, 12/40 for ½ and 4/40 for the others
    first = cells[cells["up_total_half"] == 0].set_index("hole")["weight"]
    assert first["½"] == pytest.approx(0.3) and first["4"] == pytest.approx(0.1)


def test_strategy_cells_sanity_at_equilibrium(eq_table: pd.DataFrame) -> None:
    cells = plots.strategy_cells(eq_table)
    assert _cell(cells, "7", 0)["action"] == "stand"
    assert _cell(cells, "6", 0)["action"] == "stand"
    assert _cell(cells, "½", 0)["action"] == "hit"
    # a face-down 3 with nothing up: the equilibrium player hits half the time
    three = _cell(cells, "3", 0)
    assert three["action"] == "mixed" and three["hit_share"] == pytest.approx(0.5, abs=0.02)
    assert abs(three["margin"]) < 1e-9
    assert set(cells["action"]) == {"stand", "hit", "mixed"}


def test_strategy_cells_weighting_by_hand() -> None:
    # Two hands in one cell (face-down ½, face-up 1 then 3 / 3 then 1 ... here ½ + '1 3' and
    # ½ + '½ ½ 3'), weights 3 and 1: hit share (3*1 + 1*0)/4, margin (3*0.2 + 1*(-0.2))/4.
    table = pd.DataFrame({
        "hole": ["½", "½", "7"], "up": ["1 3", "½ ½ 3", ""], "deal_chance": [0.3, 0.1, 0.1],
        "best": ["hit", "stand", "stand"], "margin": [0.2, -0.2, -1.0],
        "hit_frequency": [None, None, None]})
    cells = plots.strategy_cells(table)
    c = _cell(cells, "½", 8)
    assert c["hit_share"] == pytest.approx(0.75) and c["margin"] == pytest.approx(0.1)
    assert c["action"] == "mixed" and c["states"] == 2
    assert _cell(cells, "7", 0)["action"] == "stand"
    # a tie is shown as the equilibrium plays it, not by the sign of a rounding error
    tie = table.assign(best=["hit"] * 3, margin=[1e-17] * 3, hit_frequency=[0.0] * 3)
    assert set(plots.strategy_cells(tie)["action"]) == {"stand"}


def test_a_face_up_wild_king_is_left_out() -> None:
    # its value, hence the face-up total, is the player's choice; a face-down K♦ is a row
    table = pd.DataFrame({"hole": ["½", "K♦"], "up": ["K♦ 3", "2"], "deal_chance": [0.1, 0.1],
                          "best": ["hit", "stand"], "margin": [0.1, -0.1]})
    cells = plots.strategy_cells(table)
    assert list(zip(cells["hole"], cells["up_total_half"], strict=True)) == [("K♦", 4)]


def test_strategy_cells_rejects_a_table_without_its_columns() -> None:
    with pytest.raises(plots.ChartError, match="lacks the column"):
        plots.strategy_cells(pd.DataFrame({"hole": ["½"]}))
    with pytest.raises(plots.ChartError, match="empty"):
        plots.strategy_cells(pd.DataFrame(columns=["hole", "up", "deal_chance", "best",
                                                   "margin"]))


# ---------------------------------------------------------------------------------------------
# the other charts' numbers
# ---------------------------------------------------------------------------------------------


def test_bust_chance_data_hand_checked() -> None:
    d = plots.bust_chance_data(ITALIAN).set_index(["series", "total_half"])
    # one face-down 7: 27 of the 39 other cards bust; a figure: nothing busts
    assert d.loc[("one_card", 14), "bust_exact"] == "9/13"
    assert d.loc[("one_card", 1), "bust_exact"] == "0"
    # two figures (total 1): only the four 7s of the 38 cards left bust
    assert Fraction(d.loc[("two_cards", 2), "bust_exact"]) == Fraction(4, 38)
    # 7 as 6+1, 5+2, 4+3 (no figure used): all 26 non-figures of the 38 left bust
    assert Fraction(d.loc[("two_cards", 14), "bust_exact"]) == Fraction(26, 38)
    ones = [d.loc[("one_card", h), "bust"] for h in (1, 2, 4, 6, 8, 10, 12, 14)]
    assert ones == sorted(ones)


def test_banker_final_data_sums_to_one_and_is_hand_checked() -> None:
    d = plots.banker_final_data(ITALIAN, (4, 5, 6, 0.5))
    for _, g in d.groupby("threshold_half"):
        assert sum(Fraction(p) for p in g["probability_exact"]) == 1
    bust = d[d["score"] == 0].set_index("threshold_half")["probability"]
    assert bust[8] < bust[10] < bust[12]
    # hitting below ½ means taking one card only: a figure (12 of 40) is a total of ½
    half = d[(d["threshold_half"] == 1) & (d["score"] == 1)]
    assert half["probability_exact"].item() == "3/10"
    with pytest.raises(ValueError, match="'nine'"):
        plots.banker_final_data(ITALIAN, ("nine",))


def test_ev_data_is_a_weighted_mean_of_the_states(eq_table: pd.DataFrame) -> None:
    ev = plots.ev_data(eq_table).set_index("total_half")
    for half in (1, 9, 14):
        states = eq_table[eq_table["total_half"] == half]
        for col in ("stand_ev", "hit_ev"):
            assert states[col].min() - 1e-12 <= ev.loc[half, col] <= states[col].max() + 1e-12
    assert ev.loc[14, "stand_ev"] > ev.loc[14, "hit_ev"]
    assert ev.loc[1, "hit_ev"] > ev.loc[1, "stand_ev"]


def test_banker_cells() -> None:
    bt = cached_banker_table(ITALIAN)
    cells = plots.banker_cells(bt)
    real = cells[~cells["forced"]]
    assert real["hit_probability"].between(0, 1).all()
    nothing = cells[cells["n_up"] == 0].set_index("banker_total_half")["hit_probability"]
    # nothing up, banker on 5: the player stood on 3..7; the table says stand on 5
    rows = bt[(bt["n_up"] == 0) & (bt["banker_total_half"] == 10)]["hit_probability"]
    assert nothing[10] == pytest.approx(rows.mean()) == pytest.approx(0.0)
    assert nothing[6] == pytest.approx(1.0)
    # forced cells lie outside the totals the player can hold: a face-up 6 means 6½ or 7
    six = cells[(cells["n_up"] == 1) & (cells["up_total_half"] == 12)]
    forced = six[six["forced"]].set_index("banker_total_half")["hit_probability"]
    assert forced[12] == 1.0


def test_handout_numbers_never_beat_the_equilibrium() -> None:
    numbers = plots.handout_numbers(ITALIAN)
    # the equilibrium banker holds every player strategy to the game's value or less
    for k, v in numbers.thresholds.items():
        assert v <= -numbers.banker_edge + 1e-9, k
    assert numbers.best_threshold in numbers.thresholds


# ---------------------------------------------------------------------------------------------
# rendering
# ---------------------------------------------------------------------------------------------


def _draw(kind: str, rules: Rules, lang: str = "en") -> Figure:
    if kind == "strategy":
        return plots.strategy_chart(cached_player_table(rules, "equilibrium"), lang=lang)
    if kind == "strategy-threshold":
        return plots.strategy_chart(cached_player_table(rules, "threshold:5"), lang=lang)
    if kind == "banker":
        return plots.banker_strategy_chart(cached_banker_table(rules), lang=lang)
    if kind == "bust":
        return plots.bust_chance_chart(rules, lang=lang)
    if kind == "banker-final":
        return plots.banker_final_distribution_chart(rules, lang=lang)
    if kind == "ev":
        return plots.ev_chart(cached_player_table(rules, "equilibrium"), lang=lang)
    raise AssertionError(kind)


KINDS = ["strategy", "strategy-threshold", "banker", "bust", "banker-final", "ev"]


@pytest.mark.parametrize("preset", list(PRESETS))
@pytest.mark.parametrize("kind", KINDS)
def test_every_chart_renders_for_each_preset(preset: str, kind: str) -> None:
    rules = PRESETS[preset]
    fig = _draw(kind, rules)
    assert isinstance(fig, Figure)
    ax = fig.axes[0]
    assert describe_rules(rules, "en") in ax.get_title()
    # a chart of solver numbers names the restriction of a restricted game; odds charts
    # (bust, banker-final) need no solver and no note
    restricted = bool(restriction_codes(rules)) and kind not in ("bust", "banker-final")
    assert ("kept to two hands" in ax.get_title().replace("\n", " ")) == restricted
    assert ax.get_xlabel() and ax.get_ylabel()
    assert ax.get_legend() is not None and ax.get_legend().get_texts()
    assert png_bytes(fig).startswith(PNG_SIGNATURE)


def test_titles_name_the_opponent(eq_table: pd.DataFrame, th_table: pd.DataFrame) -> None:
    assert "equilibrium banker" in plots.strategy_chart(eq_table).axes[0].get_title()
    assert "hits below 5" in plots.strategy_chart(th_table).axes[0].get_title()
    assert "hits below 4, 5 or 6" in plots.banker_final_distribution_chart().axes[0].get_title()


def test_strategy_chart_cells_are_hatched_and_annotated(eq_table: pd.DataFrame) -> None:
    ax = plots.strategy_chart(eq_table).axes[0]
    hatches = {p.get_hatch() for p in ax.patches}
    assert {plots.STYLE[a]["hatch"] for a in ("stand", "hit", "mixed")} <= hatches
    texts = [x.get_text() for x in ax.texts]
    assert "S\n−1.06" in texts          # face-down 7, nothing up: stand, by 1.06 stakes
    assert "H 50%\n0.00" in texts        # face-down 3: the equilibrium hits half the time
    assert not any("−0.00" in x for x in texts)


def test_ax_argument_draws_into_the_callers_figure(eq_table: pd.DataFrame) -> None:
    fig = Figure(figsize=(16, 10))
    axes = fig.subplots(2, 2)
    out = [plots.strategy_chart(eq_table, ax=axes[0, 0]),
           plots.bust_chance_chart(ax=axes[0, 1]),
           plots.ev_chart(eq_table, ax=axes[1, 0]),
           plots.posterior_chart({"½": 0.5, "1": 0.5}, ax=axes[1, 1])]
    assert all(f is fig for f in out)
    assert len(fig.axes) == 4 and all(a.get_title() for a in fig.axes)
    sub = Figure().subfigures(1, 2)[1]
    assert plots.bust_chance_chart(ax=sub.add_subplot()) is sub.figure
    assert png_bytes(fig).startswith(PNG_SIGNATURE)


def test_italian_labels(eq_table: pd.DataFrame) -> None:
    en = plots.strategy_chart(eq_table, lang="en").axes[0]
    it = plots.strategy_chart(eq_table, lang="it").axes[0]
    assert en.get_xlabel() != it.get_xlabel() == t("strategy_chart.face_up_total", "it")
    assert it.get_ylabel() == "carta coperta"
    assert "regole italiane" in it.get_title()
    legend = [x.get_text() for x in it.get_legend().get_texts()]
    assert legend[0].startswith("S = stare") and legend[1].startswith("C = chiedere carta")
    assert "C 50%\n0,00" in [x.get_text() for x in it.texts]  # decimal comma
    bust = plots.bust_chance_chart(lang="it").axes[0]
    assert bust.get_ylabel() == "probabilità di sballare"
    with pytest.raises(UnknownLanguageError, match="'de'"):
        plots.bust_chance_chart(lang="de")


def test_edge_chart_sorts_and_labels() -> None:
    edges = pd.DataFrame({
        "variant": ["Italian", "Italian + royal", "Italian + ties_push", "Spanish"] * 2,
        "method": ["equilibrium"] * 4 + ["threshold:5"] * 4,
        "edge": [0.2114, 0.19, 0.12, float("nan"), 0.1734, 0.15, 0.09, float("nan")],
        "exploitability": [3e-11, 2e-11, 1e-11, None, None, None, None, None]})
    ax = plots.edge_by_variant_chart(edges).axes[0]
    # barh draws the first label at the bottom: the largest edge ends on top
    assert [x.get_text() for x in ax.get_yticklabels()] == [
        "Italian + ties_push", "Italian + royal", "Italian"]
    labels = {x.get_text() for x in ax.texts}
    assert {"21.14%", "17.34%", "9.00%"} <= labels
    assert any("Spanish" in x for x in labels)              # the footnote names it
    assert len(ax.get_legend().get_texts()) == 2
    one = plots.edge_by_variant_chart(edges[edges["method"] == "equilibrium"].drop(
        columns="method"), lang="it").axes[0]
    assert "21,14%" in {x.get_text() for x in one.texts}
    with pytest.raises(plots.ChartError, match="'edge'"):
        plots.edge_by_variant_chart(pd.DataFrame({"variant": ["x"]}))
    with pytest.raises(plots.ChartError, match="no number"):
        plots.edge_by_variant_chart(edges.assign(edge=float("nan")))


def test_edge_chart_marks_restricted_rows() -> None:
    edges = pd.DataFrame({"variant": ["Italian", "Spanish", "Spanish without split"],
                          "rules_spec": [ITALIAN.spec(), SPANISH.spec(),
                                         SPANISH.with_variants("split_figures=off").spec()],
                          "edge": [0.2114, 0.0861, 0.09], "method": ["equilibrium"] * 3})
    for df in (edges, edges.assign(bound=[False, True, False])):  # worked out, or given
        ax = plots.edge_by_variant_chart(df).axes[0]
        labels = [x.get_text() for x in ax.texts]
        assert "21.14%" in labels and "≤ 8.61%" in labels and "9.00%" in labels
        foot = " ".join(labels).replace("\n", " ")
        assert "at most this: the player is restricted" in foot
        assert "player kept to two hands and no swap inside a split hand" in foot
    it = plots.edge_by_variant_chart(edges.assign(bound=[False, True, False]), lang="it")
    words = " ".join(x.get_text() for x in it.axes[0].texts).replace("\n", " ")
    assert "≤ 8,61%" in words and "il giocatore è limitato" in words
    plain = plots.edge_by_variant_chart(edges.iloc[[0, 2]]).axes[0]
    assert not any("≤" in x.get_text() for x in plain.texts)


@pytest.mark.parametrize("rules", [
    ITALIAN, SPANISH, ITALIAN.with_variants("split_figures=3"),
    ITALIAN.with_variants("split_figures=2", "swap_hidden"),
    SPANISH.with_variants("split_figures=2"), SPANISH.with_variants("swap_hidden=off"),
    SPANISH.with_variants("split_figures=off"), ITALIAN.with_variants("swap_hidden")])
def test_restriction_codes_from_a_spec(rules: Rules) -> None:
    # a table without its restriction codes still gets its note, from the rules' spec
    assert codes_of_spec(rules.spec()) == restriction_codes(rules)
    df = pd.DataFrame({"x": [1]})
    df.attrs["rules_spec"] = rules.spec()
    assert plots.restriction_codes_of(df) == restriction_codes(rules)
    # nothing reads English back into rules: a description alone gives no codes
    df.attrs = {"rules": describe_rules(rules)}
    assert plots.restriction_codes_of(df) == ()


def test_a_restricted_table_titles_its_charts(eq_table: pd.DataFrame) -> None:
    # the note comes from the table's attrs (no solve: an Italian table relabelled)
    fake = eq_table.copy()
    fake.attrs = {**eq_table.attrs, "restriction_codes": ("split_swap",)}
    title = plots.strategy_chart(fake).axes[0].get_title()
    assert "No swap inside a split hand: the player's values are at least these" in title
    title = plots.strategy_chart(fake, title="Custom").axes[0].get_title()
    assert title.startswith("Custom\n") and "No swap inside a split hand" in title
    it = plots.ev_chart(fake, lang="it").axes[0].get_title()
    assert "Nessuno scambio in una mano divisa: i valori del giocatore sono almeno" in it
    assert "\n" not in plots.strategy_chart(eq_table, title="Custom").axes[0].get_title()


def test_spanish_charts_and_handout_say_they_are_bounds() -> None:
    table = cached_player_table(SPANISH, "equilibrium")
    codes = restriction_codes(SPANISH)
    assert table.attrs["restriction_codes"] == codes == ("resplit", "split_swap")
    for lang, words in (("en", "Player kept to two hands and no swap inside a split hand"),
                        ("it", "Giocatore limitato a due mani e nessuno scambio in una mano "
                               "divisa")):
        title = plots.strategy_chart(table, lang=lang).axes[0].get_title()
        assert words in title.replace("\n", " ")
        assert restriction_note(codes, lang, "value") == words + title.replace(
            "\n", " ").split(words)[1]
        banker = plots.banker_strategy_chart(cached_banker_table(SPANISH), lang=lang)
        assert words in banker.axes[0].get_title().replace("\n", " ")
    numbers = plots.handout_numbers(SPANISH)
    assert numbers.banker_edge == pytest.approx(0.0861, abs=5e-4)
    # per unit of expected stake, like the edge: no rule of thumb beats the equilibrium
    assert all(v <= -numbers.banker_edge + 1e-9 for v in numbers.thresholds.values())
    page = plots.handout_page(SPANISH, table, numbers)
    words = " ".join(" ".join(x.get_text() for x in page.texts).split())
    assert "at most 8.6% of the stake per hand (player kept to two hands" in words
    chart_title = page.axes[0].get_title().replace("\n", " ")
    assert "kept to two hands" in chart_title


def test_restriction_strings_in_english_and_italian() -> None:
    for code in ("resplit", "split_swap"):
        for lang in ("en", "it"):
            assert TEXT[f"restricted.{code}"][lang]
            assert restriction_note((code,), lang)
    assert restriction_note((), "it") == ""
    assert restriction_note(("resplit",), "it") == ("Giocatore limitato a due mani: il "
                                                    "vantaggio del banco è al massimo questo")
    with pytest.raises(ValueError, match="'bogus'"):
        restriction_note(("bogus",))
    with pytest.raises(ValueError, match="'top'"):
        restriction_note(("resplit",), side="top")


def test_posterior_chart() -> None:
    post = {"7": 0.1, "½": 0.4, "1": 0.2, "3": 0.3}
    ax = plots.posterior_chart(post, title="after a face-up 4").axes[0]
    assert [x.get_text() for x in ax.get_xticklabels()] == ["½", "1", "3", "7"]
    assert [round(p.get_height(), 3) for p in ax.patches] == [0.4, 0.2, 0.3, 0.1]
    assert ax.get_title() == "after a face-up 4"
    with pytest.raises(plots.ChartError, match="'½'"):
        plots.posterior_chart({"½": 1.5})
    with pytest.raises(plots.ChartError, match="non-empty"):
        plots.posterior_chart({})


def test_svg_parses(th_table: pd.DataFrame) -> None:
    buf = io.BytesIO()
    plots.strategy_chart(th_table).savefig(buf, format="svg")
    root = ET.fromstring(buf.getvalue())
    assert root.tag.endswith("svg")


def test_handout_pdf_pages(tmp_path: Path, eq_table: pd.DataFrame) -> None:
    numbers = plots.handout_numbers(ITALIAN)
    # one page per rule set (the one-page case is the CLI's test)
    two = plots.write_handout([(ITALIAN, eq_table, numbers)] * 2, tmp_path / "two.pdf",
                              lang="it")
    assert pdf_pages(two.read_bytes()) == 2
    page = plots.handout_page(ITALIAN, eq_table, numbers)
    assert page.get_size_inches() == pytest.approx(plots.A4_PORTRAIT)
    words = " ".join(x.get_text() for x in page.texts)
    assert "21.1%" in words and "Rule of thumb" in words and "7½" in words
    with pytest.raises(plots.ChartError, match=r"'x\.png'"):
        plots.write_handout([(ITALIAN, eq_table, numbers)], "x.png")


# ---------------------------------------------------------------------------------------------
# translations
# ---------------------------------------------------------------------------------------------


def test_every_language_renders(eq_table: pd.DataFrame) -> None:
    for lang in LANGUAGES:
        fig = plots.strategy_chart(eq_table, lang=lang)
        assert fig.axes[0].get_xlabel() == t("strategy_chart.face_up_total", lang)


# ---------------------------------------------------------------------------------------------
# SPANISH: stakes chosen after the first card, rows after a swap, the rules in brief
# ---------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def spanish_table() -> pd.DataFrame:
    return cached_player_table(SPANISH, "equilibrium")   # one ~20 s solve per session


def test_strategy_cells_use_only_rows_the_player_holds(spanish_table: pd.DataFrame) -> None:
    cells = plots.strategy_cells(spanish_table)
    reached = spanish_table[spanish_table.deal_chance * spanish_table.chart_reach > 0]
    assert cells.states.sum() == len(reached)
    # the first decisions weigh the chance of each first card (own reach of the stakes
    # sums to 1): a figure 12/40, every other card 4/40
    first = cells[cells.up_total_half == 0].set_index("hole")
    assert first.weight["½"] == pytest.approx(0.3) and first.weight["7"] == pytest.approx(0.1)
    # a table where nobody reaches anything cannot be drawn
    with pytest.raises(plots.ChartError, match="reaches"):
        plots.strategy_cells(spanish_table.assign(chart_reach=0.0))
    ev = plots.ev_data(spanish_table)
    assert ev.states.sum() == len(reached)


def test_stake_cells(spanish_table: pd.DataFrame, eq_table: pd.DataFrame) -> None:
    stakes = plots.stake_cells(spanish_table)
    sums = stakes.groupby("first_card").frequency.sum()
    assert len(sums) == 8 and ((sums - 1).abs() < 1e-9).all()
    assert set(stakes.stake) <= {2, 5}          # the equilibrium never stakes 3 or 4
    line = stake_text(spanish_table, "en")
    assert line.startswith("Stake chosen after the first card")
    assert plots.stake_cells(eq_table).empty and stake_text(eq_table, "en") == ""


def test_rules_in_brief_follow_the_rules() -> None:
    italian = " ".join(plots.rules_brief(ITALIAN))
    assert "Everyone stakes, then" in italian and "Wins pay 1 to 1." in italian
    assert "2:1" not in italian and "face-down card up" not in italian
    spanish = " ".join(plots.rules_brief(SPANISH))
    assert "between 2 and 5 chips" in spanish and "6–12" in spanish
    assert "pays 2:1 when the banker did not bust" in spanish
    assert "face-down card up" in spanish and "split into two hands" in spanish
    assert "up to 12 hands" in spanish
    it = " ".join(plots.rules_brief(SPANISH, "it"))
    assert "tra 2 e 5 fiches" in it and "2:1" in it and "dividere" in it
    variants = " ".join(plots.rules_brief(ITALIAN.with_variants(
        "royal", "wild_king", "pair_of_sevens", "burn=3,4", "ties_push")))
    for words in ("K♦ is wild", "3 or 4", "Royal 7½", "pair of sevens", "a tie returns"):
        assert words in variants


def test_spanish_handout_text(spanish_table: pd.DataFrame) -> None:
    page = plots.handout_page(SPANISH, spanish_table, plots.handout_numbers(SPANISH))
    text = " ".join(x.get_text() for x in page.texts).replace("\n   ", " ")
    assert "2:1" in text and "between 2 and 5 chips" in text
    assert "Stake chosen after the first card" in text
    assert "Wins pay 1 to 1." not in text
    png_bytes(page)
