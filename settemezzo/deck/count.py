"""A count a person can keep while the deck is played down.

A **count** gives each kind of card a small whole tag (+1, 0 or -1) and adds up the tags of
the cards seen since the shuffle. Tags are *balanced* (the whole deck adds up to 0), so the
count of the cards seen is minus the count of the cards left; divided by the tens of cards
left it is the **count per 10 cards** (`Count.index`), positive when the cards seen were
rich in the kinds tagged +1 (so the cards left are rich in those tagged -1).

- `fit_count` picks, among every balanced tag set of -1, 0, +1, the one whose count best
  predicts the banker's edge against the player who remembers (R² of a straight line), over
  the compositions of `settemezzo.deck.down` rows.
- `count_study` measures how much of the worth of remembering (against ``threshold:5``,
  heads-up) a player captures who knows only the count: on the even deck cycles it learns,
  per count bucket, the play of each decision (the remembering player's exact best replies,
  weighted by the chance of being dealt each hand); on the odd cycles its value at each
  composition is computed exactly (`settemezzo.solve.evaluate`) and compared with
  remembering and forgetting.
- `best_count` studies the fitted count and the `CANDIDATES` and keeps the one that captures
  most (chosen among three on the cycles it is measured on: a mild selection, said so).
- `load_report`: the precomputed report in ``data/`` that the notebook and ``make charts``
  read (`settemezzo deckdown --report --data data` writes it: `settemezzo.cli.deck.
  write_report`). A count in words is `settemezzo.i18n.count_rule`.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from settemezzo.cards import Kind
from settemezzo.deck.common import (
    DeckDownError,
    best_reply,
    deck_of,
    full_deck_player,
    ratio,
    summary,
    transfer,
)
from settemezzo.game import heads_up
from settemezzo.hands import total
from settemezzo.rules import ITALIAN, Rules
from settemezzo.solve import PlayerStrategy, evaluate

__all__ = ["CANDIDATES", "Count", "CountStudy", "Report", "best_count", "count_card",
           "count_study", "edge_by_count",
           "fit_count", "load_report", "summarize"]

KINDS = (Kind.FIGURE, Kind.ACE, Kind.TWO, Kind.THREE, Kind.FOUR, Kind.FIVE, Kind.SIX,
         Kind.SEVEN)
FULL = np.array([12, 4, 4, 4, 4, 4, 4, 4])
LEFT = tuple(f"left_{k.label}" for k in KINDS)
"""The columns of `settemezzo.deck.down.DeckDown.hands` with the cards left per kind."""


@dataclass(frozen=True)
class Count:
    """A balanced count: one tag per kind (figure, 1, ..., 7)."""

    tags: tuple[int, ...]

    def __post_init__(self) -> None:
        if len(self.tags) != len(KINDS) or int(np.dot(self.tags, FULL)) != 0:
            raise DeckDownError(f"a count needs 8 tags (figure, 1..7) adding up to 0 over the "
                             f"deck, got {self.tags!r}")

    def index(self, left: Any) -> Any:
        """The count of the cards seen per 10 cards left, for counts per kind ``left`` (rows
        of 8 numbers): what a person keeping the count gets."""
        arr = np.asarray(left, dtype=np.float64)
        return 10.0 * ((FULL - arr) @ np.asarray(self.tags)) / arr.sum(axis=-1)


def _r2(x: Any, y: Any) -> float:
    c = np.corrcoef(x, y)[0, 1]
    return float(c * c) if np.isfinite(c) else 0.0


def fit_count(hands: pd.DataFrame, column: str = "remember") -> tuple[Count, float]:
    """The balanced count (tags -1, 0, +1) whose count per 10 cards best predicts
    ``column`` over the rows (R² of a straight line), and that R²."""
    left = hands[list(LEFT)].to_numpy(dtype=np.float64)
    y = hands[column].to_numpy(dtype=np.float64)
    best: tuple[float, tuple[int, ...]] | None = None
    for tags in itertools.product((-1, 0, 1), repeat=len(KINDS)):
        if not any(tags) or int(np.dot(tags, FULL)) != 0 or tags[0] < 0:
            continue  # unbalanced, or the mirror image of another (figure tag ≥ 0)
        r2 = _r2(Count(tags).index(left), y)
        if best is None or r2 > best[0] + 1e-12:
            best = (r2, tags)
    if best is None:
        raise DeckDownError("no rows to fit a count on")
    return Count(best[1]), best[0]


@dataclass(frozen=True)
class CountStudy:
    """What a count captures. ``capture``: the share of the worth of remembering kept by
    the player who knows only the count (on the cycles it did not learn from);
    ``values``: per composition (test half) the index and the three values; ``flips``:
    the decisions whose best play changes with the count (one row per hand and bucket)."""

    count: Count
    r2: float
    capture: float
    capture_se: float  # over the test cycles (ratio estimator)
    values: pd.DataFrame
    flips: pd.DataFrame

    def to_dict(self) -> dict[str, Any]:
        """The count, its fit and capture, and the flips, as plain JSON-able values."""
        return {"tags": list(self.count.tags), "r2": self.r2,
                "capture": self.capture, "capture_se": self.capture_se,
                "flips": self.flips.to_dict(orient="records")}


def _bucket(index: float, width: float, most: int) -> int:
    return int(max(-most, min(most, round(index / width))))


Key = tuple[Kind, tuple[Kind, ...]]


def _votes(rules: Rules, rows: pd.DataFrame, buckets: Sequence[int], banker: str
           ) -> dict[int, dict[Key, float]]:
    """Per bucket and decision: the reach-weighted vote of the exact best replies (+ hit)."""
    votes: dict[int, dict[Key, float]] = {}
    for (_, row), b in zip(rows.iterrows(), buckets, strict=True):
        key = tuple((k, int(row[c])) for k, c in zip(KINDS, LEFT, strict=True) if row[c])
        game = heads_up(rules, deck_of(key))
        hit = best_reply(rules, key, banker).strategy.hit
        tally = votes.setdefault(b, {})
        for s in game.infosets:
            w = float(s.reach) * (1 if hit[s.index] else -1)
            tally[(s.hole, s.up)] = tally.get((s.hole, s.up), 0.0) + w
    return votes


def _count_player(rules: Rules, key: tuple[tuple[Kind, int], ...], tally: dict[Key, float],
                  banker: str) -> tuple[Any, PlayerStrategy]:
    game = heads_up(rules, deck_of(key))
    full = transfer(full_deck_player(rules, banker), heads_up(rules), game)
    hit = tuple(int(tally[(s.hole, s.up)] > 0) if (s.hole, s.up) in tally else full.hit[i]
                for i, s in enumerate(game.infosets))
    return game, PlayerStrategy("count", hit)


def _flips(rules: Rules, votes: dict[int, dict[Key, float]], banker: str) -> pd.DataFrame:
    """The decisions whose vote in some bucket differs from the full-deck best reply."""
    game = heads_up(rules)
    full = full_deck_player(rules, banker)
    rows = []
    for b, tally in sorted(votes.items()):
        for (hole, up), v in tally.items():
            st = game.infoset(hole, up)
            if (v > 0) != bool(full.hit[st.index]):
                rows.append({"bucket": b, "hole": hole.label,
                             "up": " ".join(k.label for k in up),
                             "total_half": total((hole, *up), rules),
                             "full_deck": "hit" if full.hit[st.index] else "stand",
                             "with_count": "hit" if v > 0 else "stand",
                             "weight": abs(v)})
    return pd.DataFrame(rows, columns=["bucket", "hole", "up", "total_half", "full_deck",
                                       "with_count", "weight"])


def count_study(hands: pd.DataFrame, rules: Rules = ITALIAN, count: Count | None = None,
                banker: str = "threshold:5", width: float = 1.0, most: int = 3,
                progress: Callable[[int, int], None] | None = None) -> CountStudy:
    """How much of the worth of remembering the count keeps, against ``banker`` (heads-up
    rows of ``hands``; count buckets of ``width`` per 10 cards, at most ``most`` each side).
    ``count`` None: the `fit_count` of the rows."""
    rows = hands[(hands["banker"] == banker) & (hands["players"] == 1)].reset_index(drop=True)
    if rows.empty:
        raise DeckDownError(f"no heads-up rows against {banker!r} to study a count on")
    fitted, r2 = fit_count(rows)
    count = count if count is not None else fitted
    r2 = _r2(count.index(rows[list(LEFT)].to_numpy()), rows["remember"].to_numpy())
    index = count.index(rows[list(LEFT)].to_numpy())
    buckets = [_bucket(float(i), width, most) for i in index]
    learn = (rows["cycle"] % 2 == 0).to_numpy()
    votes = _votes(rules, rows[learn], [b for b, m in zip(buckets, learn, strict=True) if m],
                   banker)
    out = []
    test = np.flatnonzero(~learn)
    for n, i in enumerate(test):
        row = rows.iloc[i]
        key = tuple((k, int(row[c])) for k, c in zip(KINDS, LEFT, strict=True) if row[c])
        game, player = _count_player(rules, key, votes.get(buckets[i], {}), banker)
        out.append({"index": float(index[i]), "bucket": buckets[i], "cycle": row["cycle"],
                    "remember": row["remember"], "forget": row["forget"],
                    "count": float(evaluate(player, banker, game))})
        if progress is not None:
            progress(n + 1, len(test))
    values = pd.DataFrame(out)
    per = values.assign(kept=values["count"] - values["forget"],
                        whole=values["remember"] - values["forget"]).groupby("cycle")
    capture, se = ratio(per["kept"].sum().to_numpy(), per["whole"].sum().to_numpy())
    return CountStudy(count, r2, capture, se, values, _flips(rules, votes, banker))


def edge_by_count(hands: pd.DataFrame, count: Count, banker: str = "threshold:5",
                  width: float = 1.0, most: int = 3) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The banker's edge against the player who remembers, by the count: one row per
    heads-up hand (``index``, ``edge``) and one per count bucket (``bucket``, ``index`` its
    centre, ``edge`` the mean, ``se`` its standard error, ``hands``)."""
    rows = hands[(hands["banker"] == banker) & (hands["players"] == 1)]
    if rows.empty:
        raise DeckDownError(f"no heads-up rows against {banker!r}")
    index = count.index(rows[list(LEFT)].to_numpy())
    points = pd.DataFrame({"index": index, "edge": -rows["remember"].to_numpy(),
                           "worth": rows["worth"].to_numpy(),
                           "bucket": [_bucket(float(i), width, most) for i in index]})
    g = points.groupby("bucket")
    means = pd.DataFrame({"index": g["bucket"].first() * width, "edge": g["edge"].mean(),
                          "se": g["edge"].std(ddof=1) / np.sqrt(g.size()),
                          "worth": g["worth"].mean(), "hands": g.size()}).reset_index()
    return points, means


def _hand_label(hole: str, up: str) -> str:
    return f"{hole} | {up}" if up else hole


def count_card(flips: pd.DataFrame, most: int = 3, rows: int = 12) -> pd.DataFrame:
    """The printable card: the ``rows`` decisions that flip most often with the count (by
    the chance of being dealt them), one row each: the hand (face-down | face-up cards),
    its total, the full-deck play, the play at each count bucket, and ``rule``: 'hit' or
    'stand' and from which count (``op`` '≥' or '≤', ``at``) when the flip holds from a
    count to the end of the scale; else ``op`` is '' and the cells say where."""
    cols = ["hand", "total_half", "full_deck", *[f"{b:+d}" for b in range(-most, most + 1)],
            "rule", "op", "at"]
    if flips.empty:
        return pd.DataFrame(columns=cols)
    weight = flips.groupby(["hole", "up"])["weight"].sum().sort_values(ascending=False)
    out = []
    for hole, up in weight.index[:rows]:
        f = flips[(flips["hole"] == hole) & (flips["up"] == up)]
        full = str(f["full_deck"].iloc[0])
        other = "hit" if full == "stand" else "stand"
        at = dict(zip(f["bucket"], f["with_count"], strict=True))
        plays = {f"{b:+d}": at.get(b, full) for b in range(-most, most + 1)}
        flipped = sorted(at)
        op, edge = "", None  # flips on both sides, or with gaps: the cells say where
        if flipped == list(range(flipped[0], most + 1)):
            op, edge = "≥", flipped[0]
        elif flipped == list(range(-most, flipped[-1] + 1)):
            op, edge = "≤", flipped[-1]
        out.append({"hand": _hand_label(hole, up), "total_half": int(f["total_half"].iloc[0]),
                    "full_deck": full, **plays, "rule": other, "op": op, "at": edge})
    return pd.DataFrame(out, columns=cols).sort_values(["total_half", "hand"])


# ---------------------------------------------------------------------------------------------
# The precomputed report (data/): the notebook and `make charts` read it
# ---------------------------------------------------------------------------------------------

DATA = Path(__file__).resolve().parents[2] / "data"
"""The checkout's ``data/`` folder."""
ROWS_FILE = "deckdown_italian.csv"
FLIPS_FILE = "deckdown_count_flips.csv"
COUNT_FILE = "deckdown_count.csv"


@dataclass(frozen=True)
class Report:
    """The deck-down report of ITALIAN: every run's rows and summary, the count and what it
    captures (`write_report` makes it, `load_report` reads it back)."""

    hands: pd.DataFrame
    summary: pd.DataFrame
    count: Count
    r2: float
    capture: float
    capture_se: float
    flips: pd.DataFrame
    counts: pd.DataFrame  # every count tried (`best_count`)


def summarize(hands: pd.DataFrame) -> pd.DataFrame:
    """The summary of `settemezzo.deck.down.deck_down` for the rows of several runs (a run:
    its players, banker and seed)."""
    parts = []
    for _, df in hands.groupby(["players", "seed", "banker"], sort=False):
        cycle = df["cycle"].rank(method="dense").astype(int) - 1
        parts.append(summary(df.assign(cycle=cycle), int(df["players"].iloc[0]),
                              int(df["cycle"].nunique())))
    return pd.concat(parts, ignore_index=True)


CANDIDATES = (Count((1, 0, 0, 0, 0, 0, 0, -3)), Count((1, 0, 0, 0, 0, -1, -1, -1)))
"""Counts tried besides the fitted one: figures against sevens (+1 for each figure seen,
-3 for each 7), and figures against the big cards (+1 for each figure, -1 for each 5, 6, 7)."""


def best_count(hands: pd.DataFrame, rules: Rules = ITALIAN,
               candidates: Sequence[Count] = CANDIDATES,
               progress: Callable[[int, int], None] | None = None
               ) -> tuple[CountStudy, pd.DataFrame]:
    """The `count_study` of the fitted count and of each candidate; the one that keeps the
    largest share of the worth of remembering, and a table of all of them."""
    rows = hands[(hands["banker"] == "threshold:5") & (hands["players"] == 1)]
    fitted, _ = fit_count(rows)
    studies = [count_study(hands, rules, c, progress=progress)
               for c in dict.fromkeys([fitted, *candidates])]
    best = max(studies, key=lambda st: st.capture)
    table = pd.DataFrame([{"tags": " ".join(map(str, st.count.tags)),
                           "fitted": st.count == fitted, "r2": st.r2, "capture": st.capture,
                           "capture_se": st.capture_se, "test_hands": len(st.values),
                           "chosen": st is best}
                          for st in studies])
    return best, table


def load_report(folder: str | Path = DATA) -> Report:
    """The report written by `write_report` (``settemezzo deckdown --report --data DIR``)."""
    folder = Path(folder)
    missing = [n for n in (ROWS_FILE, FLIPS_FILE, COUNT_FILE) if not (folder / n).is_file()]
    if missing:
        raise DeckDownError(f"no deck-down report in {str(folder)!r} (missing {missing}); make "
                         f"it with 'settemezzo deckdown --report --data {folder}'")
    hands = pd.read_csv(folder / ROWS_FILE)
    flips = pd.read_csv(folder / FLIPS_FILE, keep_default_na=False)
    counts = pd.read_csv(folder / COUNT_FILE)
    row = counts[counts["chosen"]].iloc[0]
    count = Count(tuple(int(x) for x in str(row["tags"]).split()))
    return Report(hands, summarize(hands), count, float(row["r2"]), float(row["capture"]),
                  float(row["capture_se"]), flips, counts)
