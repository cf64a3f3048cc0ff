"""What the class understood: plain functions over the recorded answers.

Each takes a list of `settemezzo.classroom_server.store.Answer` and returns plain data (dataclasses,
dicts), so the dashboard, ``settemezzo class-report`` and the tests read the same numbers.

>>> from settemezzo.classroom_server.store import Answer
>>> a = [Answer(1, 1, "trainer", 1, 0, "5", "", 0, "5♠", "hit", "stand", {}, 0.25, False, 3.0,
...             name="Ada"),
...      Answer(1, 1, "trainer", 2, 0, "6", "1", 2, "6♠ A♥", "stand", "stand", {}, 0.0, True,
...             5.0, name="Ada")]
>>> [(s.name, s.answered, s.right, s.stakes_lost) for s in scoreboard(a)]
[('Ada', 2, 1, 0.25)]
>>> heat_map(a).cells[("5", 0)]
(1, 1)
>>> progress(a)["Ada"]
[(1, 0.0, 0.25), (2, 0.5, 0.25)]
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from settemezzo.cards import Kind
from settemezzo.classroom_server.store import Answer

__all__ = [
    "HOLE_ORDER",
    "HeatMap",
    "StudentScore",
    "class_summary",
    "costliest",
    "heat_map",
    "progress",
    "scoreboard",
    "up_total",
]

HOLE_ORDER: tuple[str, ...] = tuple(k.label for k in Kind)
"""The face-down card's labels in the heat map's order: '½', '1'..'7', 'K♦'."""


def up_total(up: Sequence[Kind]) -> int:
    """The face-up cards' total in half-points, the K♦ counted at its face value ½.

    >>> up_total((Kind.FIGURE, Kind.THREE))
    7
    """
    return sum(k.half_points for k in up)


@dataclass(frozen=True)
class StudentScore:
    """One line of the scoreboard."""

    name: str
    answered: int
    right: int
    stakes_lost: float
    seconds: float           # mean time per answer

    @property
    def accuracy(self) -> float:
        return self.right / self.answered if self.answered else 0.0


def scoreboard(answers: Sequence[Answer]) -> list[StudentScore]:
    """One line per student who answered: most right first, then fewest stakes lost."""
    by: dict[str, list[Answer]] = defaultdict(list)
    for a in answers:
        by[a.name].append(a)
    rows = [StudentScore(name, len(xs), sum(x.correct for x in xs),
                         round(sum(x.cost for x in xs), 12),
                         sum(x.seconds for x in xs) / len(xs))
            for name, xs in by.items()]
    return sorted(rows, key=lambda s: (-s.right, s.stakes_lost, s.name))


@dataclass(frozen=True)
class HeatMap:
    """The class's mistakes by hand state: ``cells[(hole, up_total)] = (mistakes, answers)``,
    ``cost[(hole, up_total)]`` the stakes those mistakes gave away."""

    holes: tuple[str, ...]
    totals: tuple[int, ...]
    cells: dict[tuple[str, int], tuple[int, int]] = field(default_factory=dict)
    cost: dict[tuple[str, int], float] = field(default_factory=dict)

    def share(self, hole: str, total: int) -> float | None:
        """The share of wrong answers in a cell, None if nobody answered there."""
        wrong, n = self.cells.get((hole, total), (0, 0))
        return wrong / n if n else None


def heat_map(answers: Sequence[Answer]) -> HeatMap:
    """Mistakes over (face-down card, face-up total); rows and columns that no answer reached
    are left out."""
    cells: dict[tuple[str, int], list[int]] = defaultdict(lambda: [0, 0])
    cost: dict[tuple[str, int], float] = defaultdict(float)
    for a in answers:
        key = (a.hole, a.up_total)
        cells[key][0] += not a.correct
        cells[key][1] += 1
        cost[key] += a.cost
    holes = tuple(h for h in HOLE_ORDER if any(k[0] == h for k in cells))
    totals = tuple(sorted({k[1] for k in cells}))
    return HeatMap(holes, totals, {k: (v[0], v[1]) for k, v in cells.items()}, dict(cost))


def costliest(answers: Sequence[Answer], n: int = 10) -> list[Answer]:
    """The ``n`` wrong answers that gave away the most, most expensive first."""
    wrong = [a for a in answers if not a.correct]
    return sorted(wrong, key=lambda a: (-a.cost, a.at))[:n]


def progress(answers: Sequence[Answer]) -> dict[str, list[tuple[int, float, float]]]:
    """Each student's session, answer by answer: (answer number, accuracy so far, stakes lost
    so far)."""
    out: dict[str, list[tuple[int, float, float]]] = defaultdict(list)
    right: dict[str, int] = defaultdict(int)
    lost: dict[str, float] = defaultdict(float)
    for a in answers:
        right[a.name] += a.correct
        lost[a.name] += a.cost
        i = len(out[a.name]) + 1
        out[a.name].append((i, right[a.name] / i, round(lost[a.name], 12)))
    return dict(out)


def class_summary(answers: Sequence[Answer], round_number: int | None = None,
                  seed: str | None = None, students: int | None = None,
                  top: int = 10) -> dict[str, Any]:
    """Everything the teacher's report shows, as JSON-ready data."""
    hm = heat_map(answers)
    board = scoreboard(answers)
    return {
        "round": round_number,
        "seed": seed,
        "students": students if students is not None else len(board),
        "answers": len(answers),
        "right": sum(a.correct for a in answers),
        "stakes_lost": round(sum(a.cost for a in answers), 12),
        "scoreboard": [{"name": s.name, "answered": s.answered, "right": s.right,
                        "accuracy": s.accuracy, "stakes_lost": s.stakes_lost,
                        "mean_seconds": s.seconds} for s in board],
        "heat_map": [{"hole": h, "up_total": t, "mistakes": hm.cells[(h, t)][0],
                      "answers": hm.cells[(h, t)][1], "cost": hm.cost[(h, t)]}
                     for h in hm.holes for t in hm.totals if (h, t) in hm.cells],
        "costliest": [{"name": a.name, "hand": a.hand, "state": a.state, "cards": a.cards,
                       "choice": a.choice, "best": a.best, "cost": a.cost,
                       "values": a.values} for a in costliest(answers, top)],
        "progress": {name: [{"answer": i, "accuracy": acc, "stakes_lost": lost}
                            for i, acc, lost in rows]
                     for name, rows in progress(answers).items()},
    }
