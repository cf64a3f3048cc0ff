"""A count a person can keep : settemezzo.deck.count, the report in data/,
its charts and the counting card."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from settemezzo.cards import Kind, Unseen
from settemezzo.cli.common import write_deck_charts as write_charts
from settemezzo.deck.count import (
    FULL,
    LEFT,
    Count,
    _bucket,
    _flips,
    _votes,
    count_card,
    edge_by_count,
    fit_count,
    load_report,
    summarize,
)
from settemezzo.deck.down import deck_down, hand_values
from settemezzo.errors import InputError
from settemezzo.game import heads_up
from settemezzo.i18n import count_rule
from settemezzo.plots import count_card_chart, count_chart
from settemezzo.rules import ITALIAN
from settemezzo.solve import best_response

KINDS = (Kind.FIGURE, *(Kind(k) for k in range(1, 8)))


def rows_of(lefts: list[list[int]], remember: list[float]) -> pd.DataFrame:
    df = pd.DataFrame(lefts, columns=list(LEFT))
    return df.assign(banker="threshold:5", players=1, cycle=range(len(df)), remember=remember,
                     worth=0.01, forget=[r - 0.01 for r in remember])


def test_count_index_by_hand() -> None:
    """+1 for each figure seen, -3 for each 7 seen (balanced: 12 - 12 = 0). Seen: two
    figures and a 7, a count of 2 - 3 = -1 on the cards seen, per 10 of the 37 cards
    left: -10/37."""
    c = Count((1, 0, 0, 0, 0, 0, 0, -3))
    left = [10, 4, 4, 4, 4, 4, 4, 3]
    assert c.index(left) == pytest.approx(-10 / 37)
    assert c.index(list(FULL)) == 0
    assert count_rule(c) == "+1 for each ½; -3 for each 7"
    assert count_rule(c, "fr") == "+1 pour chaque ½; -3 pour chaque 7"
    with pytest.raises(InputError, match="adding up to 0"):
        Count((1, 0, 0, 0, 0, 0, 0, -1))


def test_fit_count_finds_a_planted_count() -> None:
    """Values made exactly linear in a known balanced count are fitted back, R² = 1."""
    planted = Count((1, 0, 0, -1, -1, -1, 0, 0))
    rng = np.random.default_rng(0)
    lefts = [[int(rng.integers(6, 13)), *(int(x) for x in rng.integers(1, 5, 7))]
             for _ in range(40)]
    y = [0.2 * float(planted.index(left)) - 0.15 for left in lefts]
    count, r2 = fit_count(rows_of(lefts, y))
    assert count == planted and r2 == pytest.approx(1.0)


def test_edge_by_count_means_by_hand() -> None:
    lefts = [[12, 4, 4, 4, 4, 4, 4, 4], [12, 4, 4, 4, 4, 4, 4, 4], [11, 4, 4, 4, 4, 4, 4, 3]]
    points, means = edge_by_count(rows_of(lefts, [-0.1, -0.2, -0.3]),
                                  Count((1, 0, 0, 0, 0, 0, 0, -3)))
    assert list(points["edge"]) == pytest.approx([0.1, 0.2, 0.3])
    zero = means[means["bucket"] == 0].iloc[0]
    assert zero["edge"] == pytest.approx(0.15) and zero["hands"] == 2
    assert zero["se"] == pytest.approx(np.std([0.1, 0.2], ddof=1) / np.sqrt(2))


def test_count_card_reads_one_sided_flips() -> None:
    flips = pd.DataFrame([
        {"bucket": 2, "hole": "5", "up": "", "total_half": 10, "full_deck": "stand",
         "with_count": "hit", "weight": 0.3},
        {"bucket": 3, "hole": "5", "up": "", "total_half": 10, "full_deck": "stand",
         "with_count": "hit", "weight": 0.2},
        {"bucket": -2, "hole": "4", "up": "½", "total_half": 9, "full_deck": "hit",
         "with_count": "stand", "weight": 0.1},
        {"bucket": -3, "hole": "4", "up": "½", "total_half": 9, "full_deck": "hit",
         "with_count": "stand", "weight": 0.1},
        {"bucket": 1, "hole": "6", "up": "", "total_half": 12, "full_deck": "stand",
         "with_count": "hit", "weight": 0.05}])
    card = count_card(flips).set_index("hand")
    assert card.loc["5", "rule"] == "hit" and card.loc["5", "op"] == "≥"
    assert card.loc["5", "at"] == 2 and card.loc["5", "+1"] == "stand"
    assert card.loc["5", "+3"] == "hit"
    assert card.loc["4 | ½", "rule"] == "stand" and card.loc["4 | ½", "op"] == "≤"
    assert card.loc["4 | ½", "at"] == -2
    assert card.loc["6", "op"] == "" and card.loc["6", "+1"] == "hit"  # not to the end: cells
    fig = count_card_chart(count_card(flips), "+1 for each ½", lang="fr")
    assert "Carte du compte" in fig.axes[0].get_title()


def test_summarize_reproduces_the_run_summary() -> None:
    r = deck_down(ITALIAN, 1, ["threshold:5"], cycles=2, seed=3)
    again = summarize(r.hands.assign(seed=3))
    pd.testing.assert_frame_equal(again, r.summary)


# --- the report in data/ ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def report() -> object:
    return load_report()


def test_report_rows_are_exact_values(report: object) -> None:
    """Three rows of data/deckdown_italian.csv, recomputed from their cards left."""
    hands = report.hands  # type: ignore[attr-defined]
    pick = hands[(hands["banker"] == "threshold:5")].sort_values("cards_left").iloc[[0, 5]]
    for _, row in pick.iterrows():
        counts = {k: int(row[c]) for k, c in zip(KINDS, LEFT, strict=True)}
        figures = counts.pop(Kind.FIGURE)  # one of them the K♦ (a plain figure here)
        counts[Kind.FIGURE], counts[Kind.KING_OF_DIAMONDS] = max(figures - 1, 0), min(figures, 1)
        v = hand_values(Unseen.from_counts(counts), "threshold:5")
        assert float(v.remember) == pytest.approx(row["remember"], abs=1e-11)
        assert float(v.forget) == pytest.approx(row["forget"], abs=1e-11)


def test_report_covers_one_and_four_players(report: object) -> None:
    s = report.summary  # type: ignore[attr-defined]
    assert set(s["players"]) == {1, 4}
    assert {"threshold:5", "table", "equilibrium"} <= set(s["banker"])
    assert (s["worth"] > 0).all() and (s["worth_se"] > 0).all()
    assert 0 < report.capture <= 1.0 + 1e-9  # type: ignore[attr-defined]


def test_charts_of_the_report(tmp_path: Path, report: object) -> None:
    written = write_charts(tmp_path, ".png", "it")
    names = {p.name for p in written}
    assert {"deck_worth.png", "deck_count.png", "deck_count_card.pdf"} <= names
    assert all(p.stat().st_size > 1000 for p in written if p.suffix != ".csv")
    rep = report
    points, means = edge_by_count(rep.hands, rep.count)  # type: ignore[attr-defined]
    fig = count_chart(points, means, "x", 0.5, lang="es")
    assert "cuenta" in fig.axes[0].get_xlabel()


def test_missing_report_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no deck-down report"):
        load_report(tmp_path)


def test_shipped_flips_are_the_code_s(report: object) -> None:
    """data/deckdown_count_flips.csv is what `count_study` makes of data/deckdown_italian.csv
    (`make deckdown` writes both): for the count bucket with the fewest learning hands, the
    votes of the exact best replies are recomputed and give the file's rows of that bucket;
    every row's fresh-deck play is the full-deck best reply's."""
    rep = report
    hands, flips = rep.hands, rep.flips  # type: ignore[attr-defined]
    rows = hands[(hands["banker"] == "threshold:5")
                 & (hands["players"] == 1)].reset_index(drop=True)
    index = rep.count.index(rows[list(LEFT)].to_numpy())  # type: ignore[attr-defined]
    buckets = np.array([_bucket(float(i), 1.0, 3) for i in index])
    learn = (rows["cycle"] % 2 == 0).to_numpy()
    sizes = pd.Series(buckets[learn]).value_counts()
    shipped = set(flips["bucket"])
    b = int(sizes[sizes.index.isin(shipped)].idxmin())
    pick = learn & (buckets == b)
    again = _flips(ITALIAN, _votes(ITALIAN, rows[pick], [b] * int(pick.sum()), "threshold:5"),
                   "threshold:5")
    cols = ["hole", "up", "total_half", "full_deck", "with_count"]
    mine = flips[flips["bucket"] == b]
    key = ["hole", "up"]
    assert (sorted(map(tuple, again[cols].astype(str).to_numpy()))
            == sorted(map(tuple, mine[cols].astype(str).to_numpy())))
    merged = again.merge(mine.astype({"up": str}), on=key)
    assert merged["weight_x"].to_numpy() == pytest.approx(merged["weight_y"].to_numpy(),
                                                          rel=1e-9)
    full = best_response("threshold:5", "player").strategy
    game = heads_up(ITALIAN)
    kind = {k.label: k for k in KINDS}
    for _, r in flips.iterrows():
        up = tuple(kind[x] for x in str(r["up"]).split())
        hit = full.hit_probability(game, kind[str(r["hole"])], up)
        assert r["full_deck"] == ("hit" if hit else "stand") != r["with_count"]


def test_readme_quotes_the_shipped_report(report: object) -> None:
    """The README's numbers for the worth of remembering are those of the shipped report
    (heads-up and 4 players against the banker who stands on 5, heads-up against the
    equilibrium banker), as `percent` writes them."""
    from settemezzo.i18n import percent

    text = " ".join((Path(__file__).resolve().parents[2] / "README.md").read_text(
        encoding="utf-8").split())
    s = report.summary.set_index(["players", "banker"])  # type: ignore[attr-defined]
    for key in [(1, "threshold:5"), (4, "threshold:5"), (1, "equilibrium")]:
        row = s.loc[key]
        quoted = (f"{percent(row['worth'], 'en', 2, sign=True, typeset=False)} ± "
                  f"{percent(row['worth_se'], 'en', 2, typeset=False)}")
        assert quoted in text, (key, quoted)
