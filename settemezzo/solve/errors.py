"""The solver's own failure: an LP that HiGHS could not solve or whose answer is not certified."""

from __future__ import annotations


class SolverError(RuntimeError):
    """The LP solver failed or its answer could not be certified."""

