"""The results of a rule set: its equilibrium, tables, edges and handout numbers, computed
once (or read from the shipped ones), behind one bounded cache: the layer above the engine
that the views ask. Beside it, the answers read from these results: `settemezzo.results.
answers` (`advise`, the rows that answer a hand) and `settemezzo.results.edges` (the edge
table). Nothing below calls them: the simulator, above, reads its equilibrium player here
(`settemezzo.simulate.strategies.player_tables`).

``get(rules)`` gives the `Solved` of a rule set; the command line, the charts and the
widgets all ask it. Everything is computed lazily, on first use, and kept with the entry;
entries live in one least-recently-used cache of `KEEP` rule sets. The game trees are not
kept here: `settemezzo.game` keeps the last few alive, and a game is rebuilt (with the
equilibrium already known) when a later question needs it again.

The presets and every single variant are shipped precomputed (`settemezzo.precomputed`):
their tables, edges and equilibrium numbers load in milliseconds, with no solve.

>>> from settemezzo.rules import ITALIAN
>>> s = get(ITALIAN)
>>> s is get(ITALIAN), round(s.edge().edge, 4)
(True, 0.2114)
"""

from __future__ import annotations

import contextlib
import threading
import time
import weakref
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, TypeVar

from settemezzo.cards import Unseen
from settemezzo.memory import trim_freed_memory
from settemezzo.rules import ITALIAN, Rules

if TYPE_CHECKING:
    import pandas as pd

    from settemezzo.edge import Edge
    from settemezzo.game import HeadsUpGame
    from settemezzo.precomputed import Stored
    from settemezzo.solve import Equilibrium
    from settemezzo.tables import HandoutNumbers

__all__ = ["ENGINE_LOCK", "KEEP", "PROGRESS_WORDS", "ProgressWords", "Solved", "Summary", "clear",
           "equilibrium_source", "estimate_seconds", "get", "on_clear", "peek", "precomputed_off",
           "progress", "ready", "release_memory", "shipped"]

KEEP = 4
"""How many rule sets `get` keeps (least recently used first out)."""

T = TypeVar("T")

_LOCK = threading.RLock()        # the cache of entries
ENGINE_LOCK = threading.RLock()
"""Held by each engine computation of the results (one at a time: the engine's caches are
not shared between threads); `settemezzo.results.answers` holds it too."""
_ENTRIES: OrderedDict[tuple[Rules, Unseen | None], Solved] = OrderedDict()
_USE_PRECOMPUTED = [True]


@dataclass(frozen=True)
class Summary:
    """The equilibrium's numbers (what a view shows), without its strategies."""

    value: float
    lower: float
    upper: float
    banker_edge: float
    expected_stake: float
    exploitability: float
    iterations: int
    subgames: int
    restriction_codes: tuple[str, ...]   # `settemezzo.game.restriction_codes`; () if whole

    def to_dict(self) -> dict[str, Any]:
        return {**vars(self), "restriction_codes": list(self.restriction_codes)}


_WHAT = {"player", "banker", "edge", "summary", "handout"}
"""The kinds of result a progress bar names (any other is ``solving``)."""

ProgressWords = Callable[..., str]
"""``words(kind, **fields)``: a progress bar's text in words. ``kind`` is a kind of result of
`_WHAT` or ``solving`` (field ``rules``: the `Rules`), the bar's title; or ``elapsed`` (fields
``s``, the seconds so far as text, and ``total``, the whole seconds expected)."""

PROGRESS_WORDS: list[ProgressWords | None] = [None]
"""The words of the progress bars on a terminal, set by the caller (the command line's
``speak_progress``, in its ``--lang``); None: the rule set's spec and the seconds alone (a
widget shows its own progress in its own language)."""


def _plain_words(kind: str, **fields: Any) -> str:
    """A progress bar's text without a language: the kind and the spec, or the seconds."""
    if kind == "elapsed":
        return f"{fields['s']} s / {fields['total']} s"
    return f"{kind}: {fields['rules'].spec()}"


def _kind(key: Any) -> str:
    return str(key[0] if isinstance(key, tuple) else key)


class Solved:
    """Everything solved about one rule set (and starting deck), computed on first use.

    Results are shared: do not modify the DataFrames. ``stored``: the precomputed results,
    if the rule set is shipped with the package (`settemezzo.precomputed`).
    """

    def __init__(self, rules: Rules, deck: Unseen | None = None, *,
                 precomputed: bool = True) -> None:
        self.rules = rules
        self.deck = deck
        self._precomputed = precomputed and deck is None
        self._stored: Stored | None = None
        self._loaded = False
        self._eq: Equilibrium | None = None
        self._results: dict[Any, Any] = {}
        self._lock = threading.RLock()
        self._batch = 0  # computations open (`_computing`): the solvers kept until the last
        self._games: list[weakref.ref[HeadsUpGame]] = []
        self.used_engine = False
        """Whether a game was built for these results (`game`): only then can forgetting
        them free game trees, worth a collection (`get`)."""

    def __repr__(self) -> str:
        return f"Solved({self.rules.spec()}, {len(self._results)} results)"

    # -- the stored (precomputed) results ----------------------------------------------------
    @property
    def stored(self) -> Stored | None:
        """The precomputed results of this rule set, or None (loaded on first use)."""
        if not self._loaded:
            self._loaded = True
            if self._precomputed:
                from settemezzo import precomputed

                self._stored = precomputed.load(self.rules)
        return self._stored

    @property
    def is_precomputed(self) -> bool:
        """Whether this rule set's results ship with the package (no solve needed)."""
        if not self._precomputed:
            return False
        from settemezzo import precomputed

        return precomputed.has(self.rules)

    def _get(self, key: Any, stored: Callable[[Stored], Any],
             compute: Callable[[], T]) -> T:
        """The result ``key``: kept, else from the stored results, else computed."""
        with self._lock:
            if key in self._results:
                out: T = self._results[key]
                return out
        found = None
        if self.stored is not None:
            with contextlib.suppress(KeyError):
                found = stored(self.stored)
        if found is None:
            what = _kind(key) if _kind(key) in _WHAT else "solving"
            with self._computing(), progress(self.rules, what):
                found = compute()
        with self._lock:
            self._results.setdefault(key, found)
            out = self._results[key]
        return out

    def ready(self, key: Any) -> bool:
        """Whether the result ``key`` (e.g. ``("player", "equilibrium")``) is at hand."""
        if key in self._results:
            return True
        if not self.is_precomputed:
            return False
        from settemezzo import precomputed

        return precomputed.provides(key)

    # -- the engine's objects ----------------------------------------------------------------
    @property
    def game(self) -> HeadsUpGame:
        """The heads-up game (not kept here: rebuilt when freed), knowing the equilibrium
        found before."""
        from settemezzo.game import heads_up
        from settemezzo.solve import remember_equilibrium

        game = heads_up(self.rules, self.deck)
        self.used_engine = True
        if self._eq is not None:
            remember_equilibrium(game, self._eq)
        self._games.append(weakref.ref(game))
        return game

    @contextlib.contextmanager
    def _computing(self) -> Iterator[None]:
        """Hold the engine while results are computed, and keep the games' solvers until the
        outermost computation ends (`prepare`'s batch, or a result computed from others: a
        judge's book from the player table from the equilibrium reuses the solvers of the
        solve), then drop them (`_release`)."""
        with ENGINE_LOCK:
            self._batch += 1
            try:
                yield
            finally:
                self._batch -= 1
                if not self._batch:
                    self._release()

    def _release(self) -> None:
        """Once results are kept here, drop the solvers of the games used to compute them
        (the bulk of a solve's memory)."""
        if self._games:  # none used (a view of results read from the shipped ones): no solver
            from settemezzo.solve import release_solvers

            for ref in self._games:
                game = ref()
                if game is not None:
                    release_solvers(game)
            self._games.clear()
        trim_freed_memory()

    @property
    def equilibrium(self) -> Equilibrium:
        """The equilibrium, strategies and certificate (always solved: strategies are not
        stored; `summary` has its numbers)."""
        if self._eq is None:
            from settemezzo.solve import equilibrium

            with self._computing(), progress(self.rules, "summary"):
                self._eq = equilibrium(self.game)
        return self._eq

    def summary(self) -> Summary:
        """The equilibrium's value, bounds and edge."""
        def compute() -> Summary:
            eq = self.equilibrium
            return Summary(eq.value, eq.lower, eq.upper, eq.banker_edge, eq.expected_stake,
                           eq.exploitability, eq.iterations, len(eq.subgames),
                           eq.restriction_codes)
        return self._get("summary", self._stored_summary, compute)

    def _stored_summary(self, s: Stored) -> Summary:
        from settemezzo.game import restriction_codes

        numbers = {k: v for k, v in s["summary"].items() if k != "restriction_codes"}
        return Summary(**numbers, restriction_codes=restriction_codes(self.rules))

    # -- tables, edges, handout --------------------------------------------------------------
    def player_table(self, against: str = "equilibrium") -> pd.DataFrame:
        """`settemezzo.tables.player_table` against the banker ``against`` (shared: do not
        modify)."""
        name = against.strip().lower()

        def compute() -> pd.DataFrame:
            from settemezzo.tables import player_table

            if name == "equilibrium":
                self.equilibrium  # noqa: B018 (solved once, kept here)
            game = self.game  # alive during the call, the equilibrium known
            return player_table(game.rules, name, self.deck)

        return self._get(("player", name), lambda s: s.table("player", name),
                         compute)

    def banker_table(self, max_up: int | None = 2) -> pd.DataFrame:
        """`settemezzo.tables.banker_table` (shared: do not modify)."""
        def compute() -> pd.DataFrame:
            from settemezzo.tables import banker_table

            self.equilibrium  # noqa: B018 (solved once, kept here)
            game = self.game  # alive during the call, the equilibrium known
            return banker_table(game.rules, max_up, self.deck)

        return self._get(("banker", max_up), lambda s: s.table("banker", max_up),
                         compute)

    def edge(self, method: str = "equilibrium") -> Edge:
        """`settemezzo.edge.banker_edge` (``seconds``: of the first computation; against the
        equilibrium, the plain LP's unless the refined one is kept here: the same value within
        its certificate)."""
        from settemezzo.edge import Edge, banker_edge

        name = method.strip().lower()

        def stored(s: Stored) -> Edge:  # what the player was kept from: by the rules alone
            from settemezzo.game import restriction_codes

            e = s["edges"][name]
            exact = Fraction(e["exact"]) if e["exact"] is not None else None
            return Edge(self.rules, name, e["edge"], exact, e["exploitability"], 0.0,
                        restriction_codes(self.rules))

        def compute() -> Edge:  # the value alone: the refined equilibrium if at hand
            game = self.game  # alive during the call, the equilibrium known if solved
            return banker_edge(game.rules, name)

        return self._get(("edge", name), stored, compute)

    def handout_numbers(self) -> HandoutNumbers:
        """`settemezzo.tables.handout_numbers`."""
        from settemezzo.tables import HandoutNumbers, bust_chance_data, handout_numbers

        def stored(s: Stored) -> HandoutNumbers:
            h = s["handout"]
            return HandoutNumbers(self.rules, h["banker_edge"],
                                  {int(k): v for k, v in h["thresholds"].items()},
                                  bust_chance_data(self.rules))

        def compute() -> HandoutNumbers:
            self.equilibrium  # noqa: B018 (solved once, kept here)
            game = self.game  # alive during the call, the equilibrium known
            return handout_numbers(game.rules)

        return self._get("handout", stored, compute)

    def view(self, key: Any, build: Callable[[Solved], T]) -> T:
        """A view's object derived from these results (a widget's lookup), built once and
        kept with them: ``build(self)``."""
        return self._get(("view", key), lambda s: None, lambda: build(self))

    def prepare(self, needs: Sequence[Any],
                progress: Callable[[float, str], None] | None = None) -> None:
        """Compute each result of ``needs`` (keys as `ready` takes: ``("player", against)``,
        ``("banker", max_up)``, ``("edge", method)``, ``"summary"``, ``"handout"``), telling
        ``progress(fraction done, key)`` before each."""
        todo = [k for k in needs if not self.ready(k)]
        with self._computing():
            self._prepare(todo, progress)

    def _prepare(self, todo: list[Any], progress: Callable[[float, str], None] | None
                 ) -> None:
        for i, key in enumerate(todo):
            if progress is not None:
                progress(i / len(todo), str(key))
            if key in ("summary", "handout"):
                getattr(self, "summary" if key == "summary" else "handout_numbers")()
                continue
            kind, arg = key
            if kind == "player":
                self.player_table(arg)
            elif kind == "banker":
                self.banker_table(arg)
            else:
                self.edge(arg)
        if progress is not None:
            progress(1.0, "done")


# =============================================================================================
# The one cache
# =============================================================================================


def get(rules: Rules = ITALIAN, deck: Unseen | None = None) -> Solved:
    """The `Solved` of ``rules`` (and starting ``deck``; None: a full deck), kept among the
    last `KEEP` rule sets asked for. Forgetting one that built a game hands the memory its
    tree held back to the system (`release_memory`); one read from the shipped results
    frees no tree, and asks nothing."""
    key = (rules, deck)
    with _LOCK:
        entry = _ENTRIES.get(key)
        if entry is not None:
            _ENTRIES.move_to_end(key)
            return entry
        entry = _ENTRIES[key] = Solved(rules, deck, precomputed=_USE_PRECOMPUTED[0])
        engine = False
        while len(_ENTRIES) > KEEP:
            engine |= _ENTRIES.popitem(last=False)[1].used_engine
    if engine:  # results read from the shipped ones hold no game tree: nothing to collect
        release_memory()
    return entry


def peek(rules: Rules, deck: Unseen | None = None) -> Solved | None:
    """The `Solved` of ``rules`` if `get` keeps it (without making it the most recent)."""
    with _LOCK:
        return _ENTRIES.get((rules, deck))


def ready(rules: Rules, key: Any, deck: Unseen | None = None) -> bool:
    """Whether `get` answers ``key`` (as `Solved.ready` takes it) for ``rules`` at once:
    kept, or shipped precomputed."""
    entry = peek(rules, deck)
    if entry is not None:
        return entry.ready(key)
    if deck is not None or not _USE_PRECOMPUTED[0]:
        return False
    from settemezzo import precomputed

    return precomputed.has(rules) and precomputed.provides(key)


def shipped(rules: Rules) -> bool:
    """Whether ``rules`` is shipped precomputed (and `precomputed_off` is not in force)."""
    from settemezzo import precomputed

    return _USE_PRECOMPUTED[0] and precomputed.has(rules)


def equilibrium_source(rules: Rules) -> Rules:
    """The rule set whose solved results give the equilibrium of ``rules``: the shipped one
    with the same heads-up game when there is one (a SPANISH game with the keep-the-bank
    rule is SPANISH's hand: `settemezzo.game.hand_rules`), else ``rules``."""
    from settemezzo import precomputed
    from settemezzo.game import hand_rules

    same = hand_rules(rules)
    return next((r for r in precomputed.catalogue() if hand_rules(r) == same), rules)


_ON_CLEAR: list[Callable[[], None]] = []


def on_clear(forget: Callable[[], None]) -> None:
    """Have `clear` call ``forget`` too: a module above this one that keeps results of its
    own (`settemezzo.results.answers`' solved decks) registers how to forget them."""
    _ON_CLEAR.append(forget)


def clear() -> None:
    """Forget every kept result, those of the modules registered with `on_clear` too (the
    next question computes or loads afresh)."""
    with _LOCK:
        _ENTRIES.clear()
    for forget in _ON_CLEAR:
        forget()
    release_memory()


@contextlib.contextmanager
def precomputed_off() -> Iterator[None]:
    """Within the block, new entries of `get` solve afresh instead of loading the shipped
    results (for benchmarks and the checks of the shipped results)."""
    before = _USE_PRECOMPUTED[0]
    _USE_PRECOMPUTED[0] = False
    try:
        yield
    finally:
        _USE_PRECOMPUTED[0] = before


def release_memory() -> None:
    """Hand the memory freed so far back to the system (glibc keeps freed memory otherwise:
    ten solves would hold more than a gigabyte). A game tree forgotten is freed as its last
    reference goes: the trees hold no reference cycles (`tests/results/test_results.py`;
    forgetting a thinned Spanish deck's results freed 320,000 objects, and a full collection
    then found 818 more in cycles, none of them the tree's). So no collection walks every
    object alive here: in a class server that took 140-200 ms a time, the GIL held, and
    every click waited."""
    trim_freed_memory()


# =============================================================================================
# How long a solve takes
# =============================================================================================

SECONDS_PER_UNIT = [0.5]
"""Seconds of a solve per unit of `settemezzo.edge.relative_cost`: the equilibrium and its
player table on the project's 2-core machine, 0.43 s a unit (the median over 20 rule sets,
2026-12-04, in a quick hour: the machine runs up to a third slower in others); refined by
each solve this process times, see `measured`."""


def estimate_seconds(rules: Rules) -> float:
    """A rough estimate of the seconds a first answer under ``rules`` takes (the equilibrium
    and a player table), from the rule set's relative cost."""
    from settemezzo.edge import relative_cost

    return relative_cost(rules) * SECONDS_PER_UNIT[0]


@contextlib.contextmanager
def progress(rules: Rules, what: str = "solving", *, enabled: bool | None = None
             ) -> Iterator[None]:
    """A progress bar while the block computes something under ``rules`` that is not at
    hand: `tqdm.auto` (a bar on a terminal, a widget in a notebook), moving with the time
    against `estimate_seconds`, short of the end until the block is done; ``what`` (a kind
    of result, `_WHAT`) and the times in the caller's words (`PROGRESS_WORDS`). ``enabled``:
    None shows it only when the block lasts over a second (and standard error is a
    terminal, or a notebook is running)."""
    import sys

    if enabled is False or (enabled is None and not _interactive(sys.stderr)):
        yield
        return
    estimate = max(1.0, estimate_seconds(rules))
    done = threading.Event()

    def tick() -> None:
        if done.wait(1.0):  # under a second: no bar at all
            return
        from tqdm.auto import tqdm

        words = PROGRESS_WORDS[0] or _plain_words
        total = round(estimate)
        bar = tqdm(total=total, unit="s", bar_format="{desc}: {bar}{postfix}",
                   desc=words(what, rules=rules))
        t0 = time.perf_counter() - 1.0
        while not done.wait(0.25):
            elapsed = time.perf_counter() - t0
            bar.n = min(total * 0.95, elapsed)
            bar.set_postfix_str(words("elapsed", s=f"{elapsed:.0f}", total=total))
        bar.n = total
        bar.close()

    ticker = threading.Thread(target=tick, daemon=True)
    ticker.start()
    t0 = time.perf_counter()
    try:
        yield
    finally:
        done.set()
        ticker.join()
        if time.perf_counter() - t0 > 1.0:
            measured(rules, time.perf_counter() - t0)


def _interactive(stream: Any) -> bool:
    """On the main thread (a widget's background work has its own bar) of a terminal or a
    notebook's kernel."""
    import sys

    if threading.current_thread() is not threading.main_thread():
        return False
    if getattr(stream, "isatty", lambda: False)():
        return True
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None else None
    return shell is not None and hasattr(shell, "kernel")


def measured(rules: Rules, seconds: float) -> None:
    """Refine `estimate_seconds` with a solve that took ``seconds`` under ``rules``."""
    from settemezzo.edge import relative_cost

    SECONDS_PER_UNIT[0] = 0.5 * SECONDS_PER_UNIT[0] + 0.5 * seconds / relative_cost(rules)
