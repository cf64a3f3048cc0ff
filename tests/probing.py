"""Running `settemezzo.cli.main` on inputs with the expensive engine stubbed.

Shared by ``tests/cli/test_probe.py`` (bad input), ``tests/project/test_readme.py`` (README
commands shown without output) and ``tests/project/test_fuzz.py``; the ``stubbed`` fixture is
in ``conftest.py``. `type_keys` types at the terminal table for its tests.
"""

from __future__ import annotations

import argparse
import importlib
import os
import pkgutil
import signal
import time

import pytest

from settemezzo import cli
from settemezzo.cli.common import LANG_ENV

_FRESH_PARSER = cli.build_parser  # the real one, whatever a test stubs

TOO_BIG = str(2**63)
"""The first integer that does not fit numba's int64."""


class ReachedWork(Exception):
    """Raised by a stubbed engine entry point: the input got past every check."""


def _stub(*args: object, **kwargs: object) -> None:
    raise ReachedWork


STUBBED = [
    ("settemezzo.solve", "equilibrium"), ("settemezzo.solve", "best_response"),
    ("settemezzo.solve", "evaluate"), ("settemezzo.game", "heads_up"),
    ("settemezzo.tables", "player_table"), ("settemezzo.tables", "banker_table"),
    ("settemezzo.results.answers", "advise"),
    ("settemezzo.results.edges", "edge_table"), ("settemezzo.edge", "banker_edge"),
    # the simulator checks its input itself, then builds equilibrium tables and plays chunks
    ("settemezzo.simulate.session", "player_tables"),
    ("settemezzo.simulate.session", "banker_tables"),
    ("settemezzo.simulate.session", "run_chunks"),
    ("settemezzo.deck.down", "deck_down"), ("settemezzo.deck.down", "report"),
    ("settemezzo.cli.deck", "write_report"),
    ("settemezzo.simulate.tablegame", "TableGame"),
    # a server runs until interrupted
    ("settemezzo.classroom_server.server", "serve"),
    ("settemezzo.cli.chart", "chart"), ("settemezzo.cli.chart", "write_all"),
    ("settemezzo.cli.chart", "_handout_page"), ("settemezzo.cli.solve", "write_data"),
]


def _import_everything() -> None:
    """Import every module of the package before stubbing, so that no module imported during
    the probe binds a stub for good (``from settemezzo.solve import equilibrium``)."""
    import settemezzo

    for info in pkgutil.walk_packages(settemezzo.__path__, "settemezzo."):
        if not info.name.endswith("__main__"):
            importlib.import_module(info.name)


def stub_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    """Replace every entry point of `STUBBED` by `_stub`, and build `cli.main`'s parser once
    (`_parser_built_once`), both undone after the test."""
    _import_everything()
    for module, name in STUBBED:
        monkeypatch.setattr(importlib.import_module(module), name, _stub)
    _parser_built_once(monkeypatch)


def _parser_built_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """`cli.build_parser` built once per test and default language, not once per command:
    building it is 90% of a refused command's time, and a probe runs a thousand of them.
    Parsing reads the parser and never changes it: `parser_unchanged`, asked after the
    probes, compares the reused parser with a fresh one."""
    built: dict[str | None, argparse.ArgumentParser] = {}

    def build(lang: str | None = None, commands: object = None) -> argparse.ArgumentParser:
        # the whole parser, whatever ``commands`` `cli.main` asks for
        lang = lang or os.environ.get(LANG_ENV)  # the default of every --lang (`add_lang`)
        if lang not in built:
            built[lang] = _FRESH_PARSER(lang)
        return built[lang]

    monkeypatch.setattr(cli, "build_parser", build)


def _fingerprint(parser: argparse.ArgumentParser) -> list[object]:
    """Everything parsing reads from a parser, its subcommands' parsers included."""
    out: list[object] = [sorted(parser._defaults.items(), key=repr)]
    for a in parser._actions:
        out.append((type(a).__name__, a.option_strings, a.dest, repr(a.default), a.nargs,
                    repr(a.const), a.required, a.metavar, a.help,
                    None if a.choices is None else list(a.choices)))
        if isinstance(a, argparse._SubParsersAction):
            out.extend((name, _fingerprint(sub)) for name, sub in a.choices.items())
    return out


def parser_unchanged() -> bool:
    """Whether the parser the probes reused (`_parser_built_once`) is still what a fresh
    `cli.build_parser` gives."""
    return _fingerprint(cli.build_parser()) == _fingerprint(_FRESH_PARSER())


class ProbeTimeout(BaseException):
    """A command still running after `LIMIT` seconds (a BaseException: main cannot catch it)."""


LIMIT = 20
"""Seconds a probed command may run: far below the 60 s of the issue, since every input is
refused, or stubbed, before any real work."""


def _alarm(signum: int, frame: object) -> None:
    raise ProbeTimeout


def probe(argv: list[str]) -> tuple[str, int | None, float, str]:
    """Run one command line: ('status' | 'work' | 'traceback', status, seconds, detail)."""
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, LIMIT)
    t0 = time.perf_counter()
    try:
        status = cli.main(argv)
    except ReachedWork:
        return "work", None, time.perf_counter() - t0, ""
    except BaseException as exc:
        return "traceback", None, time.perf_counter() - t0, f"{type(exc).__name__}: {exc}"
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    return "status", status, time.perf_counter() - t0, ""


def type_keys(monkeypatch: pytest.MonkeyPatch, *keys: str) -> list[str]:
    """Answer the terminal table's prompts (`input`) with ``keys`` in turn; the prompts shown
    are collected in the list returned."""
    it = iter(keys)
    prompts: list[str] = []

    def fake_input(prompt: str = "") -> str:
        prompts.append(prompt)
        return next(it)

    monkeypatch.setattr("builtins.input", fake_input)
    return prompts
