"""The banker's edge of a rule set, and the table of edges by variant.

The banker's edge is the banker's expected gain per unit of expected stake, per player-hand,
heads-up (``docs/rules.md``, exact-analysis conventions):

- ``equilibrium``: both sides play an equilibrium (with its certificate);
- ``threshold:K``: the banker hits below K points, the player plays its best reply (exact);
- ``omniscient``: the banker sees the face-down card, the player plays its best reply (exact).

With stakes chosen after the first card (Spanish) the edge is per unit of the player's
expected stake, and so is the certificate's width.

Where the exact game keeps the player from some moves (`settemezzo.game.restriction_codes`:
under SPANISH, splitting into a third hand and swapping inside a split hand), the edge is
that of the restricted player: the banker gains *at most* this against it, so it is an
upper bound, not the whole game's value. `Edge.restriction_codes` names what was left out,
and `edge_table` marks the row (``bound`` True, the restriction in ``note``, in English).
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

import pandas as pd

from settemezzo import policy
from settemezzo.game import heads_up
from settemezzo.i18n import check_lang, t
from settemezzo.rules import ITALIAN, KNOB_TABLE, SPANISH, SWITCHES, Rules, RulesError

__all__ = [
    "ITALIAN_VARIANTS",
    "SPANISH_KNOBS",
    "Edge",
    "banker_edge",
    "edge_table",
    "relative_cost",
    "standard_rule_sets",
]

ITALIAN_VARIANTS: tuple[str, ...] = tuple(v for k in KNOB_TABLE for v in k.seed000)
"""The variants of seed 000, each alone on top of ITALIAN (`settemezzo.rules.Knob.seed000`)."""

SPANISH_KNOBS: dict[str, str] = {
    k.name: k.token(k.off) for k in SWITCHES if k.is_on(SPANISH)}
"""The switches of one hand's game that the SPANISH preset turns on (`settemezzo.rules.
SWITCHES`), and the variant string that switches each off."""

DEFAULT_METHODS = ("equilibrium", "threshold:5", "omniscient")


@dataclass(frozen=True)
class Edge:
    """The banker's edge of one rule set against one kind of banker."""

    rules: Rules
    method: str
    edge: float
    exact: Fraction | None        # the exact edge when it is rational and computed exactly
    exploitability: float | None  # the equilibrium's certificate width
    seconds: float
    restriction_codes: tuple[str, ...] = ()  # what the player was kept from
    #                               (`settemezzo.game.restriction_codes`; () for the whole game)

    @property
    def bound(self) -> bool:
        """Whether ``edge`` is only an upper bound (the player was restricted)."""
        return bool(self.restriction_codes)


def banker_edge(rules: Rules = ITALIAN, method: str = "equilibrium") -> Edge:
    """The banker's edge under ``rules``; ``method`` as in the module docstring."""
    from settemezzo.solve import PlayerStrategy, best_response, equilibrium, expected_stake

    t0 = time.perf_counter()
    m = policy.parse(method, ("equilibrium", "threshold:K", "omniscient"), who="banker").name
    game = heads_up(rules)
    if m == "equilibrium":
        eq = equilibrium(game)
        return Edge(rules, "equilibrium", eq.banker_edge, None,
                    eq.exploitability / eq.expected_stake, time.perf_counter() - t0,
                    game.restriction_codes)
    else:
        br = best_response(m, "player", game)
        value = br.value
        assert isinstance(br.strategy, PlayerStrategy)
        stake = expected_stake(br.strategy, m, game)  # Spanish stakes, split hands
        per_stake = value / stake
        exact = -per_stake if isinstance(per_stake, Fraction) else None
        return Edge(rules, m, -float(per_stake), exact, None, time.perf_counter() - t0,
                    game.restriction_codes)


def standard_rule_sets(lang: str = "en") -> list[tuple[str, Rules]]:
    """ITALIAN, ITALIAN plus each variant alone, SPANISH, SPANISH without each of its knobs,
    each labelled in words in ``lang`` (`settemezzo.i18n.describe_rules`: 'Italian rules +
    burn 3/4', 'Spanish rules + stake before the deal')."""
    from settemezzo.i18n import describe_rules

    sets = [ITALIAN, *(ITALIAN.with_variants(v) for v in ITALIAN_VARIANTS),
            SPANISH, *(SPANISH.with_variants(off) for off in SPANISH_KNOBS.values())]
    return [(describe_rules(r, lang), r) for r in sets]


def edge_table(rule_sets: Iterable[tuple[str, Rules]]
               | None = None,
               methods: Sequence[str] = DEFAULT_METHODS, *,
               progress: bool = False, workers: int = 1, lang: str = "en") -> pd.DataFrame:
    """The banker's edge for each rule set and method, one row each.

    ``rule_sets`` defaults to `standard_rule_sets`. Columns: ``variant`` (label),
    ``rules`` (description in ``lang``), ``rules_spec`` (`Rules.spec`), ``method``, ``edge``
    (float),
    ``edge_exact`` (fraction text or empty), ``exploitability``, ``seconds``, ``bound``
    (True where ``edge`` is only an upper bound: the player was restricted), ``note`` (what
    the restriction is, for a ``bound`` row, in ``lang``).
    ``workers`` > 1 computes rule sets in that many processes.

    Each edge comes from `settemezzo.results`: read from the results shipped with the package
    where the rule set is precomputed (every standard rule set is: milliseconds), else
    solved (`banker_edge`); within `settemezzo.results.precomputed_off` every edge is solved
    afresh (``settemezzo edge --fresh``, ``settemezzo data``).
    """
    check_lang(lang)
    sets = list(rule_sets) if rule_sets is not None else standard_rule_sets(lang)
    if not isinstance(workers, int) or isinstance(workers, bool) or workers < 1:
        raise RulesError(f"workers must be a positive whole number, got {workers!r}")
    jobs = [(label, rules, tuple(methods), lang) for label, rules in sets]
    results: list[list[dict[str, object]]]
    if workers == 1 or len(jobs) < 2:
        it: Iterable[list[dict[str, object]]] = map(_rows_for, jobs)
        if progress:
            from tqdm.auto import tqdm

            it = tqdm(it, total=len(jobs), desc=t("cli.col_edge", lang), unit="rule set")
        results = list(it)
    else:  # rule sets that share their subgames after a swap go to the same process
        import multiprocessing as mp
        from concurrent.futures import ProcessPoolExecutor

        groups: dict[object, list[int]] = {}
        for i, (_, rules, _m, _lang) in enumerate(jobs):
            groups.setdefault(_family(rules), []).append(i)
        ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else None
        with ProcessPoolExecutor(max_workers=workers, mp_context=ctx) as pool:
            # the longest first (a rough cost), so that the processes end together
            order = sorted(groups.values(), reverse=True,
                           key=lambda members: sum(relative_cost(jobs[i][1]) for i in members))
            futures = {pool.submit(_rows_for_group, [jobs[i] for i in members]): members
                       for members in order}
            if progress:
                from tqdm.auto import tqdm

                for _ in tqdm(list(futures), desc=t("cli.col_edge", lang), unit="group"):
                    _.result()
            by_job: dict[int, list[dict[str, object]]] = {}
            for f, members in futures.items():
                for i, rows in zip(members, f.result(), strict=True):
                    by_job[i] = rows
            results = [by_job[i] for i in range(len(jobs))]
    records = [row for rows in results for row in rows]
    df = pd.DataFrame.from_records(records, columns=[
        "variant", "rules", "rules_spec", "method", "edge", "edge_exact", "exploitability",
        "seconds", "bound", "note"])
    return df


def _family(rules: Rules) -> object:
    """Rule sets with the same subgames after a swap (`settemezzo.game.HeadsUpGame.key` of a
    subgame ignores the stake rules and, where no split can come, the split rule), or the
    same game, are computed in one process, so that those are solved once."""
    from settemezzo.game import hand_key, hand_rules

    if rules.swap_hidden:
        return ("swap", hand_key(rules, True, False))
    return ("hand", hand_rules(rules))  # equal games (a session knob apart)


def relative_cost(rules: Rules) -> float:
    """A rough relative cost of one rule set's rows (measured by ``python -m bench edge``):
    the subgames after a swap and the stake choice cost most, then burning."""
    cost = 1.0
    if rules.swap_hidden:
        cost += 8.0
    if rules.stake_timing == "after_first_card" and rules.max_stake > rules.min_stake:
        cost += 5.0
    return cost + 4.0 * len(rules.burn) + (1.0 if rules.wild_king else 0.0)


def _rows_for_group(jobs: list[tuple[str, Rules, tuple[str, ...], str]]
                    ) -> list[list[dict[str, object]]]:
    """`_rows_for` of several rule sets, in one process."""
    return [_rows_for(job) for job in jobs]


def _rows_for(job: tuple[str, Rules, tuple[str, ...], str]
              ) -> list[dict[str, object]]:
    """The edge rows of one rule set (a top-level function, so a process pool can run it)."""
    from settemezzo import results
    from settemezzo.i18n import describe_rules, restriction_text, t

    label, rules, methods, lang = job
    records = []
    for method in methods:
        e = results.get(rules).edge(method)  # shipped, or solved (`banker_edge`)
        note = restriction_text(e.restriction_codes, lang, rules.split_figures)
        records.append({
            "variant": label, "method": method, "rules": describe_rules(rules, lang),
            "rules_spec": rules.spec(), "edge": e.edge,
            "edge_exact": str(e.exact) if e.exact is not None else "",
            "exploitability": e.exploitability, "seconds": e.seconds, "bound": e.bound,
            "note": t("edge.at_most", lang, what=note) if e.bound else ""})
    return records
