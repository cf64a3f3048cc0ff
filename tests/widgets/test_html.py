"""The HTML pieces the views share (`settemezzo.widgets.html`): what a person reads in them
(cards with their suits, escaped text, labels as the language writes numbers) and where the
bars stand (an axis at zero, lengths in proportion)."""

from __future__ import annotations

import re

import pytest

from settemezzo.cards import Kind, parse_card
from settemezzo.i18n import number, percent, stakes
from settemezzo.widgets import html as H

BAR = re.compile(r'class="sm-bar" style="position:absolute;left:([0-9.]+)%;width:([0-9.]+)%')
AXIS = re.compile(r'left:([0-9.]+)%;top:0;bottom:0;border-left')
LABEL = re.compile(r'font-family:monospace;">([^<]*)</div>')


def geometry(html: str) -> list[tuple[float, float]]:
    return [(float(a), float(b)) for a, b in BAR.findall(html)]


def test_cards_show_their_suit_red_or_black_and_a_back_when_hidden() -> None:
    red, black = H.card_html(parse_card("7d")), H.card_html(parse_card("Kc"))
    assert "<desc>7♦</desc>" in red and 'fill="#b00020"' in red  # the project's SVG card
    assert "<desc>K♣</desc>" in black and 'fill="#111111"' in black
    hidden = H.card_html(parse_card("7d"), hidden=True)
    assert "sm-hidden" in hidden and "7♦" not in hidden and "face down" in hidden
    both = H.cards_html([parse_card("7d"), parse_card("Kc")], hidden_first=True)
    assert both.count("sm-hidden") == 1 and "7♦" not in both and "K♣" in both
    assert "K♦" in H.kind_html(Kind.KING_OF_DIAMONDS)


def test_every_text_is_escaped() -> None:
    assert H.esc("<b>&") == "&lt;b&gt;&amp;"
    msg = H.message("<script>", "bad")
    assert "<script>" not in msg and "&lt;script&gt;" in msg and "sm-bad" in msg
    table = H.table_html(["<h>"], [["a&b", "<i>"]])
    assert "&lt;h&gt;" in table and "a&amp;b" in table and "<i>" not in table
    assert "<b>&lt;t&gt;</b>" in H.bars([("x", 0.1)], title="<t>")


def test_an_unknown_message_kind_is_drawn_as_information() -> None:
    plain = H.message("hello", "nonsense")
    assert "background:#eef" in plain  # the colours of "info"


@pytest.mark.parametrize("lang", ["en", "it", "fr"])
def test_gain_bars_stand_on_an_axis_at_zero(lang: str) -> None:
    # from -1 to +1: zero is in the middle; +0.5 runs from 50% over a quarter of the track,
    # -0.25 ends at the axis, an eighth of the track long
    html = H.bars([("stand", 0.5), ("hit", -0.25)], lang=lang)
    assert {float(x) for x in AXIS.findall(html)} == {50.0}
    assert geometry(html) == [(50.0, 25.0), (37.5, 12.5)]
    assert LABEL.findall(html) == [stakes(0.5, lang), stakes(-0.25, lang)]


def test_gain_bars_widen_their_range_to_the_largest_value() -> None:
    # from -1 to +3: zero at a quarter of the track; +3 fills the rest
    html = H.bars([("stand", 3.0)])
    assert {float(x) for x in AXIS.findall(html)} == {25.0}
    assert geometry(html) == [(25.0, 75.0)]


def test_chance_bars_are_in_proportion_to_the_largest() -> None:
    html = H.chance_bars([("a", 0.5), ("b", 0.25), ("c", 0.0)], lang="fr")
    assert geometry(html) == [(0.0, 90.0), (0.0, 45.0), (0.0, 0.0)]
    assert LABEL.findall(html) == [percent(x, "fr", 0) for x in (0.5, 0.25, 0.0)]
    assert geometry(H.chance_bars([("a", 0.0)])) == [(0.0, 0.0)]  # all zero: no division


def test_cost_bars_mark_right_answers_and_measure_the_wrong_ones() -> None:
    html = H.cost_bars([("1", 0.2, True), ("2", 0.4, False), ("3", 0.1, False)],
                       notes=["a note", ""], lang="it")
    # the largest cost (0.4) is 90% of the track; a right answer has no bar
    assert geometry(html) == [(0.0, 0.0), (0.0, 90.0), (0.0, 22.5)]
    assert LABEL.findall(html) == ["✓", number(0.4, "it"), number(0.1, "it")]
    assert html.count("font-size:85%") == 1 and "a note" in html
