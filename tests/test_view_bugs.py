"""The bugs a class saw in the views (issue 31), each pinned by a test that failed before its
fix: the docstring of each test names the bug."""

from __future__ import annotations

import pytest

from settemezzo.i18n import LANGUAGES, t, total_label
from settemezzo.rules import ITALIAN


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
