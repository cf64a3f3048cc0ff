"""Charts as a whole (`settemezzo.plots`): every kind renders for people, in every language
(labels, titles, legends, the restriction notes, files)."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET

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
from settemezzo.rules import PRESETS, SPANISH, Rules
from tests.plots.charts import PNG_SIGNATURE, png_bytes


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


def test_svg_parses(th_table: pd.DataFrame) -> None:
    buf = io.BytesIO()
    plots.strategy_chart(th_table).savefig(buf, format="svg")
    root = ET.fromstring(buf.getvalue())
    assert root.tag.endswith("svg")


def test_every_language_renders(eq_table: pd.DataFrame) -> None:
    for lang in LANGUAGES:
        fig = plots.strategy_chart(eq_table, lang=lang)
        assert fig.axes[0].get_xlabel() == t("strategy_chart.face_up_total", lang)

