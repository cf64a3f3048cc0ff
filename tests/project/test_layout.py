"""The tests are laid out like the package (``tests/README.md``), so a reader finds the test
of a module by its path.

- Every test module names what it tests: ``tests/X/test_Y.py`` tests ``settemezzo/X/Y.py``,
  ``tests/X/test_X.py`` the package ``settemezzo/X`` as a whole (its door, or a check across
  its modules), ``tests/tools/test_Y.py`` the script ``tools/Y.py``; the others are the
  checks named in `TOPICS` (across modules, by what they check) and those of the project as
  a whole (``tests/project/``).
- Every module of the package has its own test module, or `ELSEWHERE` names the test module
  that checks it and why it has none of its own (no behaviour of its own, or tested through
  its package's door).
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TESTS = ROOT / "tests"
PACKAGE = ROOT / "settemezzo"

TOPICS = {
    "test_front_door.py": "the front door, settemezzo/__init__.py: its names, light to import",
    "test_rules_spec.py": "rules: the knob registry, the canonical spec, the rule questions",
    "casino/test_casino_browser.py": "the casino explorer and trainer in a real browser",
    "casino/test_casino_views.py": "the casino games' views: simulator, card, CLI, trainer",
    "cli/test_golden.py": "every recorded command's output, byte for byte, in four languages",
    "cli/test_outputs.py": "every output names its rule set, in the language asked for",
    "cli/test_probe.py": "bad input across every subcommand",
    "cli/test_spec_round_trip.py": "a printed spec solves to the same value",
    "cli/test_startup.py": "what each command loads",
    "classroom_server/test_browser.py": "several people in real browsers on one server",
    "classroom_server/test_readme_class.py": "the README's classroom section, followed as written",
    "classroom_server/test_security.py": "the hostile classmate against the server",
    "classroom_server/test_session.py": "the class session: store, judging, summaries, report",
    "simulate/test_against_exact.py": "the simulator against the exact engine",
    "simulate/test_bank.py": "who takes the bank: the rules against the compiled engine",
    "simulate/test_posterior.py": "the table banker's posterior, by calibration",
    "solve/test_refined.py": "the refined equilibrium: one answer off the path, by any solve path",
    "solve/test_reference.py": "the solver against independent references",
    "solve/test_spanish.py": "the SPANISH preset as a restricted game",
    "solve/test_split_swap.py": "splitting and the hidden-card swap in the exact engine",
    "solve/test_split_swap_reference.py": "split after a swap against a brute force",
    "solve/test_stakes_reference.py": "the stake after the first card against a brute force",
    "solve/test_swap.py": "the hidden-card swap against independent references",
    "solve/test_thinned_deck.py": "exact analysis of a thinned deck (--seen)",
    "solve/test_one_decision.py": "one decision's values without the table, as the table has them",
    "solve/test_variants.py": "each variant knob in the exact engine, by hand",
    "test_view_bugs.py": "the bugs a class met in the views, each with a test of its own",
    "widgets/test_browser.py": "the classroom notebook in a real browser",
}
"""Test modules named by what they check across modules, with what that is."""

_DOOR = "tested through its package's door"

ELSEWHERE = {
    "__main__.py": ("cli/test_cli.py", "runs `settemezzo.cli.main` (python -m settemezzo)"),
    "casino/exact.py": ("casino/test_casino.py", _DOOR),
    "casino/hand.py": ("casino/test_casino.py", _DOOR),
    "casino/report.py": ("casino/test_casino.py", _DOOR),
    "casino/play.py": ("casino/test_casino_views.py", "the simulator against the exact edge"),
    "casino/strategy.py": ("casino/test_casino.py", _DOOR),
    "plots/casino.py": ("casino/test_casino_views.py", "the card drawn in four languages"),
    "teaching/casino.py": ("casino/test_casino_views.py", "the casino trainer and explorer"),
    "advice.py": ("results/test_answers.py", "its pure parts, through advise over the results"),
    "teaching/cardsvg.py": ("test_view_bugs.py", "every card in every language as SVG"),
    "widgets/casino.py": ("casino/test_casino_browser.py", "the widgets in a real browser"),
    "classroom_server/__init__.py": ("classroom_server/test_server.py", "a docstring only"),
    "classroom_server/pages.py": ("classroom_server/test_server.py", "pages as served"),
    "classroom_server/report.py": ("classroom_server/test_session.py", "class-report"),
    "classroom_server/service.py": ("classroom_server/test_session.py", "the class logic"),
    "classroom_server/store.py": ("classroom_server/test_session.py", "the store"),
    "classroom_server/summary.py": ("classroom_server/test_session.py", "the summaries"),
    "cli/classroom.py": ("classroom_server/test_session.py", "the commands of the class"),
    "cli/deck.py": ("deck/test_down.py", "the commands of the deck played down"),
    "cli/simulate.py": ("simulate/test_simulate.py", "the simulate command"),
    "deck/__init__.py": ("deck/test_down.py", "names from deck.down, deck.count, deck.common"),
    "i18n/catalogue.py": ("i18n/test_i18n.py", _DOOR),
    "i18n/numbers.py": ("i18n/test_i18n.py", _DOOR),
    "i18n/sentences.py": ("i18n/test_i18n.py", _DOOR),
    "iterative.py": ("solve/test_solve.py", "the equilibrium's second route, agreeing"),
    "plots/deck.py": ("deck/test_count.py", "the count's charts and card"),
    "precomputed/__main__.py": ("precomputed/test_precomputed.py", "runs the writer"),
    "precomputed/writer.py": ("precomputed/test_precomputed.py", "what it wrote, re-solved"),
    "rows.py": ("test_tables.py", "the rows of the tables"),
    "simulate/analysis.py": ("simulate/test_against_exact.py", "the simulator's estimates"),
    "simulate/dealing.py": ("simulate/test_simulate.py", "the compiled engine, by its door"),
    "simulate/jit.py": ("simulate/test_layout.py", "numba's options: compiled and cached"),
    "simulate/phases.py": ("simulate/test_simulate.py", "the compiled engine, by its door"),
    "simulate/play.py": ("simulate/test_simulate.py", "the compiled engine, by its door"),
    "simulate/strategies.py": ("simulate/test_simulate.py", "the seats' strategies"),
    "solve/equilibria.py": ("solve/test_lp.py", "the strategies and certificate the LP ends in"),
    "solve/errors.py": ("test_errors.py", "one exception class, no behaviour"),
    "solve/results.py": ("solve/test_solve.py", _DOOR),
    "solve/strategies.py": ("solve/test_solve.py", _DOOR),
    "solve/walk.py": ("solve/test_solve.py", _DOOR),
    "split/induction.py": ("split/test_split.py", _DOOR),
    "split/model.py": ("split/test_split.py", _DOOR),
    "split/recursion.py": ("split/test_split.py", _DOOR),
    "split/value.py": ("split/test_split.py", _DOOR),
    "teaching/explain.py": ("teaching/test_teaching.py", _DOOR),
    "teaching/lookup.py": ("teaching/test_teaching.py", _DOOR),
    "teaching/trainer.py": ("teaching/test_teaching.py", _DOOR),
    "widgets/banker.py": ("widgets/test_widgets.py", _DOOR),
    "widgets/classroom.py": ("widgets/test_widgets.py", _DOOR),
    "widgets/explorer.py": ("widgets/test_widgets.py", _DOOR),
    "widgets/trainer.py": ("widgets/test_widgets.py", _DOOR),
    "widgets/variants.py": ("widgets/test_widgets.py", _DOOR),
}
"""Modules without a test module of their own: the test module that checks each, and why."""


def own_test(module: Path) -> Path:
    """Where the test module of a module of the package is (a path under tests/)."""
    parts = module.relative_to(PACKAGE).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
        if not parts:
            return Path("test_front_door.py")
        return Path(*parts, f"test_{parts[-1]}.py")
    return Path(*parts[:-1], f"test_{parts[-1]}.py")


def named_by_path(test: Path) -> bool:
    """True if the test module's path names a module, a package or a tools script."""
    *folders, name = test.parts
    tested = name.removeprefix("test_").removesuffix(".py")
    if folders == ["tools"]:
        return (ROOT / "tools" / f"{tested}.py").is_file()
    if (PACKAGE.joinpath(*folders) / f"{tested}.py").is_file():
        return True
    return bool(folders) and folders[-1] == tested and \
        (PACKAGE.joinpath(*folders) / "__init__.py").is_file()


def modules_of_the_tests() -> list[Path]:
    return sorted(p.relative_to(TESTS) for p in TESTS.rglob("test_*.py"))


def test_every_test_module_is_named_by_what_it_tests() -> None:
    stray = [str(t) for t in modules_of_the_tests() if t.parts[0] != "project"
             and str(t) not in TOPICS and not named_by_path(t)]
    assert stray == [], (
        f"{stray}: name a test module after the module it tests (tests/X/test_Y.py for "
        f"settemezzo/X/Y.py), or list it in TOPICS with what it checks")


def test_every_module_has_its_test_or_says_where_it_is_tested() -> None:
    modules = {str(m.relative_to(PACKAGE)): m for m in sorted(PACKAGE.rglob("*.py"))}
    untested = [name for name, m in modules.items()
                if not (TESTS / own_test(m)).is_file() and name not in ELSEWHERE]
    assert untested == [], (
        f"{untested}: give each its test module (tests/X/test_Y.py for settemezzo/X/Y.py), or "
        f"name in ELSEWHERE the test module that checks it")
    stale = [name for name in ELSEWHERE
             if name not in modules or (TESTS / own_test(modules[name])).is_file()]
    assert stale == [], f"{stale}: gone, or tested in a module of their own: drop them here"


def test_the_named_test_modules_exist() -> None:
    named = [*TOPICS, *(where for where, _ in ELSEWHERE.values())]
    assert [n for n in named if not (TESTS / n).is_file()] == []


def test_every_test_folder_is_a_package_of_the_tests() -> None:
    # pytest imports tests/cli/test_solve.py and tests/solve/test_solve.py as two modules
    folders = {p.parent for p in TESTS.rglob("*.py")}
    assert [str(f) for f in sorted(folders) if not (f / "__init__.py").is_file()] == []
