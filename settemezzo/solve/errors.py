"""The solver's own failure: an LP that HiGHS could not solve or whose answer is not certified."""

from __future__ import annotations


class SolverError(RuntimeError):
    """The LP solver failed or its answer could not be certified.

    A `RuntimeError` outside the `settemezzo.errors` family on purpose: it is the engine's
    failure, not something the caller gave (the command line exits 1 on it, not 2)."""

