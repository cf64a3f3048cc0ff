"""The table of the banker's edge by rule set and kind of banker, read from the solved
results of each rule set (`settemezzo.results`: shipped for every standard rule set, else
solved by `settemezzo.edge.banker_edge`).

The table is data: each rule set by its caller's label and its spec, the restriction of the
exact game by its codes; `settemezzo.i18n.edge_words` says it in words (the rule set's name,
the note on a bound), and `settemezzo.i18n.standard_rule_sets` labels the standard rule sets.
"""

from __future__ import annotations

import gc
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from settemezzo.edge import DEFAULT_METHODS, relative_cost, rule_family, standard_rules
from settemezzo.errors import InputError
from settemezzo.memory import gc_paused
from settemezzo.results import Solved, get, ready, shipped
from settemezzo.rules import Rules

if TYPE_CHECKING:
    from concurrent.futures import Future

    import pandas as pd

__all__ = ["COLUMNS", "edge_table"]

COLUMNS = ("variant", "rules_spec", "method", "edge", "edge_exact", "exploitability",
           "seconds", "bound", "restriction_codes")
"""The columns of `edge_table`, in order."""

Job = tuple[str, Rules, tuple[str, ...]]


def edge_table(rule_sets: Iterable[tuple[str, Rules]] | None = None,
               methods: Sequence[str] = DEFAULT_METHODS, *,
               progress: str | None = None, workers: int = 1) -> pd.DataFrame:
    """The banker's edge for each rule set and method, one row each.

    ``rule_sets``: (label, rules) pairs; by default the standard rule sets
    (`settemezzo.edge.standard_rules`), each labelled by its spec. Columns (`COLUMNS`):
    ``variant`` (the label), ``rules_spec`` (`Rules.spec`), ``method``, ``edge`` (float),
    ``edge_exact`` (fraction text or empty), ``exploitability``, ``seconds``, ``bound``
    (True where ``edge`` is only an upper bound: the player was restricted) and
    ``restriction_codes`` (what the restriction is, `settemezzo.game.restriction_codes`).
    ``progress``: a progress bar's title, in the caller's words (None: no bar). ``workers``
    > 1 computes rule sets in that many processes.

    Each edge comes from `settemezzo.results`: read from the results shipped with the package
    where the rule set is precomputed (every standard rule set is: milliseconds), else
    solved (`settemezzo.edge.banker_edge`); within `settemezzo.results.precomputed_off` every
    edge is solved afresh (``settemezzo edge --fresh``, ``settemezzo data``).
    """
    import pandas as pd

    sets = (list(rule_sets) if rule_sets is not None
            else [(r.spec(), r) for r in standard_rules()])
    if not isinstance(workers, int) or isinstance(workers, bool) or workers < 1:
        raise InputError(f"workers must be a positive whole number, got {workers!r}")
    jobs = [(label, rules, tuple(methods)) for label, rules in sets]
    solve = [i for i, job in enumerate(jobs) if not _at_hand(job)]
    if workers == 1 or len(solve) < 2:
        results = _in_one(jobs, progress)
    else:  # read what is at hand here, solve the rest in processes
        solved = iter(_in_processes([jobs[i] for i in solve], workers, progress))
        todo = set(solve)
        results = [next(solved) if i in todo else _rows_for(job) for i, job in enumerate(jobs)]
    records = [row for rows in results for row in rows]
    return pd.DataFrame.from_records(records, columns=list(COLUMNS))


def _at_hand(job: Job) -> bool:
    """Whether every edge of ``job`` is kept or shipped (read in milliseconds)."""
    _, rules, methods = job
    return all(ready(rules, ("edge", m)) for m in methods)


def _in_one(jobs: list[Job], progress: str | None) -> list[list[dict[str, object]]]:
    """`_rows_for` of every job, in this process, a family at a time (`_families`)."""
    by_job: dict[int, list[dict[str, object]]] = {}
    bar = None
    if progress is not None:
        from tqdm.auto import tqdm

        bar = tqdm(total=len(jobs), desc=progress, unit="rule set")
    for members in _families(jobs):
        for i, rows in zip(members, _rows_for_family([jobs[i] for i in members]),
                           strict=True):
            by_job[i] = rows
        if bar is not None:
            bar.update(len(members))
    if bar is not None:
        bar.close()
    return [by_job[i] for i in range(len(jobs))]


def _families(jobs: list[Job]) -> list[list[int]]:
    """The jobs by `settemezzo.edge.rule_family` (rule sets sharing their subgames after a
    swap, or their game), each family's in the order asked, the longest families first (a
    rough cost: `settemezzo.edge.relative_cost`)."""
    groups: dict[object, list[int]] = {}
    for i, (_, rules, _m) in enumerate(jobs):
        groups.setdefault(rule_family(rules), []).append(i)
    return sorted(groups.values(), reverse=True,
                  key=lambda members: sum(relative_cost(jobs[i][1]) for i in members))


def _in_processes(jobs: list[Job], workers: int, progress: str | None
                  ) -> list[list[dict[str, object]]]:
    """`_rows_for` of every job in ``workers`` processes, a family at a time
    (`_rows_for_family`), the longest first; the processes are forked once the engine is
    imported here (`_warm_up`)."""
    import multiprocessing as mp

    order = _families(jobs)  # the longest first, so that the processes end together
    fork = "fork" in mp.get_all_start_methods()
    if fork:
        _warm_up()
        gc.freeze()  # what the processes inherit: never walked by their collections
    ctx = mp.get_context("fork") if fork else None
    try:
        return _pooled(jobs, order, workers, ctx, progress)
    finally:
        if fork:
            gc.unfreeze()


def _pooled(jobs: list[Job], order: list[list[int]], workers: int, ctx: Any,
            progress: str | None) -> list[list[dict[str, object]]]:
    """`_in_processes`'s pool: a family to a process at a time, in ``order``."""
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=min(workers, len(order)), mp_context=ctx,
                             initializer=_one_core) as pool:
        futures: dict[Future[list[list[dict[str, object]]]], list[int]] = {
            pool.submit(_rows_for_family, [jobs[i] for i in members],
                        [shipped(jobs[i][1]) for i in members]): members
            for members in order}
        if progress is not None:
            _wait(list(futures), progress)
        by_job: dict[int, list[dict[str, object]]] = {}
        for f, members in futures.items():
            for i, rows in zip(members, f.result(), strict=True):
                by_job[i] = rows
    return [by_job[i] for i in range(len(jobs))]


def _one_core() -> None:
    """A worker process solves on one core: the others are the other workers'."""
    from settemezzo.solve import cores

    cores.limit(1)


def _warm_up() -> None:
    """Import the engine (the solver, HiGHS, the compiled kernels) once, before the processes
    are forked, rather than once in each."""
    import highspy  # noqa: F401
    import scipy.linalg  # noqa: F401

    import settemezzo.solve.kernels
    import settemezzo.solve.lp
    import settemezzo.split.value  # noqa: F401


def _wait(futures: list[Future[list[list[dict[str, object]]]]], title: str) -> None:
    """A progress bar over the groups of processes, titled ``title``."""
    from tqdm.auto import tqdm

    for f in tqdm(futures, desc=title, unit="group"):
        f.result()


def _rows_for_family(jobs: list[Job], stored: list[bool] | None = None
                     ) -> list[list[dict[str, object]]]:
    """`_rows_for` of the rule sets of one family (`settemezzo.edge.rule_family`), their
    games kept alive until the last is done: a subgame after a swap, solved once, is found
    again by the next rule set only while a game that made it lives (`settemezzo.game.
    heads_up` keeps the last two). ``stored`` None: the results kept in `settemezzo.results.
    get`'s cache; else (a process of the pool, whose results go back to the caller) each in
    a `Solved` of its own, reading the shipped results where ``stored`` says (the caller's
    `settemezzo.results.shipped`), so that no full collection frees the ones before
    (`get`'s, past `KEEP`)."""
    from settemezzo.game import heads_up

    games, out = [], []
    for k, job in enumerate(jobs):
        if len(jobs) > 1 and not _at_hand(job):  # to be solved: its game held from here on
            games.append(heads_up(job[1]))
        out.append(_rows_for(job, None if stored is None
                             else Solved(job[1], precomputed=stored[k])))
    return out


def _rows_for(job: Job, solved: Solved | None = None) -> list[dict[str, object]]:
    """The edge rows of one rule set (a top-level function, so a process pool can run it),
    from ``solved`` (None: `settemezzo.results.get`'s)."""
    label, rules, methods = job
    records = []
    solved = get(rules) if solved is None else solved
    needs = [("edge", m) for m in methods]
    if not all(map(solved.ready, needs)):  # solved here: the solvers kept until all are done
        with gc_paused():  # one rule set's trees: see `settemezzo.memory.gc_paused`
            solved.prepare(needs)
    for method in methods:
        e = solved.edge(method)  # shipped, or solved (`banker_edge`)
        records.append({
            "variant": label, "rules_spec": rules.spec(), "method": method, "edge": e.edge,
            "edge_exact": str(e.exact) if e.exact is not None else "",
            "exploitability": e.exploitability, "seconds": e.seconds, "bound": e.bound,
            "restriction_codes": tuple(e.restriction_codes)})
    return records


