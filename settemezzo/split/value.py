"""The entry points of the split analysis: the value of the position right after a split
(`split_value`) and the player's options at a later position (`split_decision`), by the
exact recursion (`settemezzo.split.recursion`) or the level-by-level induction
(`settemezzo.split.induction`).
"""

from __future__ import annotations

import functools
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np

from settemezzo.cards import Kind, Unseen
from settemezzo.hands import BUST
from settemezzo.rules import Rules
from settemezzo.split.induction import FloatArray, HandTree, LevelInduction
from settemezzo.split.model import (
    Model,
    SplitInputError,
    SplitPolicy,
    SplitTooLargeError,
    banker_policy,
    check_deck,
    check_figure,
    check_position,
    check_rules,
    hand_counts,
    player_policy,
    policy_action,
    rest_after,
    unseen_of,
)
from settemezzo.split.recursion import Recursion

__all__ = [
    "MERGED_HANDS",
    "METHODS",
    "SplitDecision",
    "SplitValue",
    "split_decision",
    "split_value",
]


@dataclass(frozen=True)
class SplitValue:
    """The value of the position right after a split, for one stake per hand.

    - ``value``: the player's expected total gain over all hands (float);
    - ``exact``: the same as a `Fraction` when computed exactly, else None;
    - ``expected_hands``: the expected number of hands (stakes) at the end, under the
      player's play (best play: ties broken towards not splitting and towards standing);
      ``exact_hands`` the same as a `Fraction` when computed exactly;
    - ``rest``: the unseen cards after the two figures (what the rest is dealt from);
      ``hands_open``: the hands open at the start (2 after the first split);
    - ``method``: ``"exact"`` (rational arithmetic), ``"float"`` (the same model in
      float64) or ``"merged"`` (an approximation from hand 3 on, see `split_value`);
    - ``max_hands``: the most hands modelled (splitting stops there);
    - ``capped``: the value had splitting stopped at ``k`` hands, for each ``k`` from
      ``hands_open`` to ``max_hands`` (float methods; a by-product of the same run), to see
      how much the hands beyond ``max_hands`` could still add;
    - ``player``, ``banker``: the policies (``best`` or ``threshold:K``...);
    - ``seconds``: the time taken.
    """

    rules: Rules
    rest: Unseen
    hands_open: int
    value: float
    expected_hands: float
    exact: Fraction | None
    exact_hands: Fraction | None
    player: str
    banker: str
    method: str
    max_hands: int
    seconds: float = field(compare=False)
    capped: dict[int, float] = field(default_factory=dict, compare=False)

    @property
    def per_stake(self) -> float:
        """The value per unit of expected stake (per hand)."""
        return self.value / self.expected_hands


@dataclass(frozen=True)
class SplitDecision:
    """The player's options at a position after the split, with their values.

    ``values`` maps each allowed action (``stand``, ``hit``, ``split``) to the player's
    expected total gain over all hands when taking it and playing on as ``player`` does
    (``exact`` as Fractions with the exact method); ``action`` is the best (ties: stand
    before hit before split) or the fixed policy's choice; ``method`` as in `SplitValue`.
    """

    action: str
    values: dict[str, float]
    exact: dict[str, Fraction] | None
    hands: tuple[tuple[Kind, ...], ...]
    current: int
    method: str


def _prepare(rules: Rules, deck: Unseen | None, first: Kind, second: Kind,
             hands_open: int) -> tuple[Model, tuple[int, ...]]:
    check_rules(rules)
    check_figure("the first", first, rules)
    check_figure("the second", second, rules)
    if (not isinstance(hands_open, int) or isinstance(hands_open, bool)
            or not 2 <= hands_open <= rules.split_figures):
        raise SplitInputError(
            f"hands_open must be from 2 to split_figures={rules.split_figures}, "
            f"got {hands_open!r}")
    model = Model(rules)
    rest = rest_after(model, deck, (first, second))
    check_deck(model, rest)
    return model, rest


METHODS = ("auto", "exact", "float", "merged")


MERGED_HANDS = 5
"""The most hands the merged method models by default (see `split_value`): five take about
1.5 s on the whole deck, six about 4 s, seven about 20 s."""


def _method(method: str, exact: bool) -> str:
    m = "exact" if exact else str(method).strip().lower()
    if m not in METHODS:
        raise SplitInputError(f"method must be one of {', '.join(METHODS)}; got {method!r}")
    return m


def _max_hands(rules: Rules, method: str, max_hands: int | None) -> int:
    if max_hands is None:
        return min(rules.split_figures, MERGED_HANDS) if method == "merged" \
            else rules.split_figures
    if (not isinstance(max_hands, int) or isinstance(max_hands, bool)
            or not 2 <= max_hands <= rules.split_figures):
        raise SplitInputError(
            f"max_hands must be from 2 to split_figures={rules.split_figures}, "
            f"got {max_hands!r}")
    return max_hands


def _fast_run(model: Model, p: SplitPolicy, b: SplitPolicy, dmax: Sequence[int],
              method: str, D: Sequence[int], S: tuple[int, ...], pending: int, hands: int,
              first: bool, max_hands: int | None, exact_hands: int
              ) -> tuple[str, LevelInduction, tuple[FloatArray, FloatArray | None,
                                                    dict[str, FloatArray], float | None]]:
    """Run the fast engine by ``method`` (auto: exact in float64 when small enough)."""
    if method in ("float", "auto"):
        cap = _max_hands(model.rules, "float", max_hands)
        try:
            fast = LevelInduction(model, cap, p, b, dmax, stream=method == "float")
            return "float", fast, fast.run(D, S, pending, hands, first, 1 << 30)
        except SplitTooLargeError:
            if method == "float":
                raise
    cap = _max_hands(model.rules, "merged", max_hands)
    fast = LevelInduction(model, cap, p, b, dmax, stream=True)
    return "merged", fast, fast.run(D, S, pending, hands, first, exact_hands)


@functools.lru_cache(maxsize=16)
def _hand_values(rules: Rules, dmax: tuple[int, ...], method: str, start: tuple[int, ...],
                 scores: tuple[int, ...], pending: int, hands: int, first: bool,
                 max_hands: int | None, exact_hands: int, player: str, banker: str
                 ) -> tuple[str, int, dict[str, FloatArray], float | None, HandTree]:
    """The values at every position of the hand being played (`_fast_run`'s parts, read
    only, and its tree), kept for the last 16 hands: a hand's later decisions start from
    the same cards (``start``: the deck before its cards after the figure), so a table's
    next decision on that hand reads them here."""
    model = Model(rules)
    used, fast, (_, _, parts, split_v) = _fast_run(
        model, player_policy(player), banker_policy(banker), dmax, method, start, scores,
        pending, hands, first, max_hands, exact_hands)
    for a in parts.values():
        a.setflags(write=False)
    return used, fast.n_max, parts, split_v, HandTree(model, dmax)


def _exact_hands(exact_hands: int) -> int:
    if (not isinstance(exact_hands, int) or isinstance(exact_hands, bool)
            or exact_hands < 1):
        raise SplitInputError(
            f"exact_hands must be a whole number of hands from 1 (2 by default), got "
            f"{exact_hands!r}")
    return exact_hands


def split_value(rules: Rules, deck: Unseen | None = None, first: Kind = Kind.FIGURE,
                second: Kind = Kind.FIGURE, *, hands_open: int = 2, player: str = "best",
                banker: str = "best", method: str = "auto", exact: bool = False,
                max_hands: int | None = None, exact_hands: int = 2) -> SplitValue:
    """The value of the position right after splitting the figures ``first`` and ``second``.

    ``deck`` is the unseen composition *before* the two figures are taken out of it (default:
    the whole deck); it already lacks anything else dealt or burnt. ``hands_open`` is the
    number of hands open once they are split: 2 for the first split; ``k + 1`` when hand 1
    splits again while ``k`` hands are open, and then ``deck`` must already lack the figures
    of hands 2..k. Hand 1 holds ``first``, the new hand ``second``.

    ``player``: ``best`` (default), ``threshold:K`` (hit below K points on every hand, never
    split again) or ``threshold:K,split`` (split again whenever allowed). ``banker``:
    ``best`` (its best reply, seeing every hand) or ``threshold:K`` (hit below K points,
    never burn). Best against best is the game value of the subgame.

    ``method``:

    - ``exact`` (or ``exact=True``): rational arithmetic, by memoised recursion; for small
      decks (the state space grows fast with the deck and the hands).
    - ``float``: the same model in float64, batch by batch (large batches in chunks); exact
      up to rounding. On the whole deck: two hands in about half a second, three hands
      (``max_hands=3``) in about 15 seconds; four or more are too large
      (`SplitTooLargeError`, raised early).
    - ``merged``: an approximation for re-splitting on large decks. Hands 1 to
      ``exact_hands`` (default 2) are exact; from the next hand on, positions are merged by
      (scores of the hands before, hands left), each with its chance-weighted mean deck, and
      at most ``max_hands`` hands are modelled (default `MERGED_HANDS`: splitting stops
      there). It mostly overstates the player's value. Whole deck, three hands, against the
      exact model: Italian +7e-4 stake (-0.309552 for -0.310246), royal +2.1e-3, wild K♦
      +7e-4, burn 3/4 -7e-4, burn 4 +4e-4, ties push 0, 7½ paying 2:1 +2.7e-3. Twelve
      hands (five modelled), against ``exact_hands=3``: between +4e-4 and +3.4e-3 (7½ paying
      2:1). ``exact_hands=3`` takes 20 to 50 seconds on the whole deck.
    - ``auto`` (default): ``float`` when the exact model is small enough (in batches that
      fit at once), else ``merged``.

    ``max_hands`` caps the hands modelled (default: ``split_figures``, `MERGED_HANDS` for the
    merged method); the result's ``max_hands`` says what was used, and ``capped`` the value
    at each smaller cap. On the whole deck each extra hand adds about a quarter of what the
    one before added (Italian: +0.032, +0.0104, +0.0027 for the 3rd, 4th, 5th hand; 7½
    paying 2:1: +0.077, +0.021, +0.0052), so stopping at five hands leaves out about a
    third of the last increment.
    """
    t0 = time.perf_counter()
    m = _method(method, exact)
    model, rest = _prepare(rules, deck, first, second, hands_open)
    p, b = player_policy(player), banker_policy(banker)
    if max_hands is not None and _max_hands(rules, m, max_hands) < hands_open:
        raise SplitInputError(f"max_hands={max_hands} is below hands_open={hands_open}")
    if m == "exact":
        cap = _max_hands(rules, m, max_hands)
        ex = Recursion(model, cap, p, b, True)
        v, h = ex.value(rest, (), ex.nothing, hands_open - 1, hands_open, True)
        return SplitValue(rules, unseen_of(model, rest), hands_open, float(v), float(h), v, h,
                          p.name, b.name, "exact", cap, time.perf_counter() - t0)

    used, fast, (V, H, _, _) = _fast_run(model, p, b, rest, m, rest, (), hands_open - 1,
                                         hands_open, True, max_hands, _exact_hands(exact_hands))
    assert H is not None
    return SplitValue(rules, unseen_of(model, rest), hands_open, float(V[0, 0]), float(H[0, 0]),
                      None, None, p.name, b.name, used, fast.n_max,
                      time.perf_counter() - t0, dict(sorted(fast.capped.items())))


def split_decision(rules: Rules, hands: Sequence[Sequence[Kind]], current: int | None = None,
                   deck: Unseen | None = None, *, player: str = "best", banker: str = "best",
                   method: str = "auto", exact: bool = False,
                   max_hands: int | None = None, exact_hands: int = 2) -> SplitDecision:
    """The player's options at a position after a split, with their values.

    ``hands`` lists every hand open so far, in order, each as its cards (its figure first):
    hands before ``current`` are over (stood, bust or 7½), hand ``current`` is being played,
    the hands after it hold their figure alone. ``current`` defaults to the first hand that
    is not finished. ``deck`` is the unseen composition before any of these cards was dealt
    (default: the whole deck). ``player``, ``banker``, ``method``, ``max_hands`` and
    ``exact_hands`` as in `split_value` (with the merged method, a decision on a later hand
    also keeps the hand after it exact); the values are the player's expected total gain
    over all hands.

    A single hand of exactly two plain figures is the position *before* the first split:
    its ``split`` value is `split_value`'s, and ``stand``/``hit`` play the two figures on as
    one hand *in the same perfect-information model* (the banker sees both figures). In the
    real game that hand keeps its face-down card hidden, so those two values are only a
    comparison within this model (``settemezzo.solve`` values the real unsplit hand).

    >>> from settemezzo.rules import ITALIAN
    >>> F = Kind.FIGURE
    >>> d = split_decision(ITALIAN.with_variants("split_figures=3"), [[F, Kind.SEVEN], [F]])
    >>> d.current, d.action   # hand 1 made 7½; hand 2, on ½, hits
    (1, 'hit')
    """
    m = _method(method, exact)
    check_rules(rules)
    model = Model(rules)
    hs = tuple(tuple(h) for h in hands)
    current = check_position(rules, model, hs, current)
    figures = (hs[0][0], hs[1][0] if len(hs) > 1 else hs[0][1])
    check_deck(model, rest_after(model, deck, figures))
    rest = rest_after(model, deck, [k for h in hs for k in h])
    p, b = player_policy(player), banker_policy(banker)
    scores = tuple(sorted(s for s in (model.facts(hand_counts(model, h))[1] for h in hs[:current])
                          if s != BUST))
    drawn = list(hand_counts(model, hs[current]))
    drawn[model.pos(hs[current][0])] -= 1
    first = current == 0
    pending = len(hs) - 1 - current
    if m == "exact":
        cap = _max_hands(rules, m, max_hands)
        ex = Recursion(model, cap, p, b, True)
        opts = ex.options(rest, scores, tuple(drawn), pending, len(hs), first)
        action = ex.choose(opts, tuple(drawn))
        return SplitDecision(action, {a: float(v) for a, (v, _) in opts.items()},
                             {a: v for a, (v, _) in opts.items()}, hs, current, "exact")
    start = tuple(r + d for r, d in zip(rest, drawn, strict=True))
    dmax = rest_after(model, deck, figures[:1]) if len(hs) == 1 else \
        rest_after(model, deck, figures)
    used, n_max, parts, split_v, tree = _hand_values(
        rules, tuple(dmax), m, start, scores, pending, len(hs), first, max_hands,
        _exact_hands(exact_hands) if first else max(2, _exact_hands(exact_hands) - current),
        player, banker)
    node = tree.index[tuple(drawn)]
    values = {"stand": float(parts["stand"][0, node])}
    if np.isfinite(parts["hit"][0, node]):
        values["hit"] = float(parts["hit"][0, node])
    if (first and node == tree.split_node and split_v is not None and len(hs) < n_max):
        values["split"] = split_v
    action = policy_action(model, p, values, hs[current])
    return SplitDecision(action, values, None, hs, current, used)
