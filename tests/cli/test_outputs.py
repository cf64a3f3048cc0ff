"""Every output names its rule set the same way, in the language asked for.

- Every subcommand takes ``--lang`` (one option, the same everywhere; its default comes from
  ``SETTEMEZZO_LANG``).
- Every ``--json`` output leads with ``rules`` (`settemezzo.i18n.describe_rules` in the chosen
  language) and ``rules_spec`` (`Rules.spec`, which `from_spec` reads back): the subcommands
  are found by walking the parser, so a new ``--json`` fails here until it is listed in `JSON_RUNS`.
- Every table ``settemezzo data`` writes to ``data/`` has both columns, consistent row by row.
- The human-readable output follows ``--lang``: no English sentence left in another language.
- The labels derived from the knob registry read as words: no knob name (``stake_timing``),
  no code value (``before_deal``) in any language.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pandas as pd
import pytest

from settemezzo.cli import build_parser, main
from settemezzo.cli.solve import DATA_FILES, EDGE_FILE
from settemezzo.deck import count as deck_count
from settemezzo.i18n import LANGUAGES, TEXT, describe_rules, standard_rule_sets, t
from settemezzo.rules import KNOB_TABLE, dealt_down, from_spec

DATA = Path(__file__).resolve().parents[2] / "data"


def _subcommands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


def _class_db(tmp_path: Path) -> str:
    from settemezzo.classroom_server.service import Classroom

    path = tmp_path / "class.db"
    # a rule set shipped precomputed (`settemezzo.precomputed`): the class opens without a solve
    room = Classroom.open(path, seed=8, rules="spanish", variants=("seven_half_pays=1",),
                          hands=1)
    token = room.join(room.store.class_code, "Ada").token
    room.answer(token, "stand", 1, 3.0)
    room.store.close()
    return str(path)


JSON_RUNS: dict[str, list[str]] = {
    "odds": ["--hole", "3", "--up", "1", "--rules", "italian+royal"],
    "solve": ["--rules", "spanish+seven_half_pays=1"],
    "evaluate": ["--player", "threshold:5", "--banker", "threshold:5"],
    "advise": ["--hole", "5", "--against", "threshold:5", "--rules", "italian+ties_push"],
    "edge": ["--method", "threshold:5", "--rules", "italian+pair_of_sevens"],
    "simulate": ["--hands", "2000", "--no-progress", "--rules", "spanish"],
    "play": ["--auto", "--seed", "1", "--students", "0", "--computers", "2", "--rules",
             "italian+rotate_bank"],
    "deckdown": ["--cycles", "2", "--quiet"],
    "class-report": ["--db", "CLASS_DB"],
}
"""A quick run of every subcommand that has ``--json``."""


def test_every_subcommand_takes_the_same_lang_option(
        capsys: pytest.CaptureFixture[str]) -> None:
    helps = set()
    for name, sub in _subcommands().items():
        action = sub._option_string_actions.get("--lang")
        assert action is not None, name
        helps.add((action.help, action.metavar, action.default))
    assert len(helps) == 1
    for name, argv in JSON_RUNS.items():   # refused before any work, in one line
        assert main([name, *argv, "--lang", "de"]) == 2, name
        err = capsys.readouterr().err
        assert err == ("settemezzo: error: unknown language 'de'; choose from "
                       f"{', '.join(LANGUAGES)}\n"), (name, err)


def test_the_default_language_comes_from_the_environment(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("SETTEMEZZO_LANG", "it")
    assert main(["solve"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Regole: regole italiane"), out


def test_every_json_subcommand_is_walked() -> None:
    with_json = {name for name, sub in _subcommands().items()
                 if "--json" in sub._option_string_actions}
    assert with_json == set(JSON_RUNS)


@pytest.mark.parametrize("name", sorted(JSON_RUNS))
def test_json_names_the_rules_in_the_language_asked(
        name: str, lang_for: str, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    argv = [x if x != "CLASS_DB" else _class_db(tmp_path) for x in JSON_RUNS[name]]
    assert main([name, *argv, "--json", "--lang", lang_for]) == 0
    out = json.loads(capsys.readouterr().out)
    rules = from_spec(out["rules_spec"])
    assert out["rules"] == describe_rules(rules, lang_for)
    if "--rules" in argv:   # a table where people play deals the deck down (`dealt_down`)
        asked = from_spec(argv[argv.index("--rules") + 1])
        assert rules == (dealt_down(asked) if name == "play" else asked)
    if name == "class-report":
        assert out["rules_spec"] == "spanish+seven_half_pays=1"


@pytest.fixture(params=["en", "fr"])
def lang_for(request: pytest.FixtureRequest) -> str:
    """English and one other language (French: its typography differs most)."""
    lang: str = request.param
    return lang


DECKDOWN_FILES = (deck_count.ROWS_FILE, deck_count.FLIPS_FILE, deck_count.COUNT_FILE)
"""The deck-down report (`settemezzo.cli.deck.write_report`, ``make deckdown``)."""

QUESTION_PACKS = {"deckdown_trainer.csv"}
"""data/ files that are not analysis tables: the trainer's question pack (its rows are
questions of the ITALIAN deck-down report, `settemezzo.teaching.deckpack`)."""


def test_the_walk_covers_every_data_table() -> None:
    """Every CSV in data/ is either walked below or a question pack."""
    walked = {*DATA_FILES, EDGE_FILE, *DECKDOWN_FILES}
    assert {p.name for p in DATA.glob("*.csv")} == walked | QUESTION_PACKS


@pytest.mark.parametrize("name", [*sorted(DATA_FILES), EDGE_FILE, *DECKDOWN_FILES])
def test_every_data_table_names_its_rules(name: str) -> None:
    df = pd.read_csv(DATA / name, keep_default_na=False)
    assert {"rules", "rules_spec"} <= set(df.columns)
    for spec, text in set(zip(df["rules_spec"], df["rules"], strict=True)):
        assert text == describe_rules(from_spec(spec), "en"), (name, spec)


@pytest.mark.parametrize("lang", LANGUAGES[1:])
@pytest.mark.parametrize("argv", [
    ["odds", "--hole", "3", "--up", "1"],
    ["solve", "--rules", "spanish"],
    ["evaluate", "--player", "threshold:5", "--banker", "omniscient"],
    ["edge", "--method", "threshold:5", "--variant", "royal"],
    ["simulate", "--hands", "2000", "--no-progress", "--exact"],
    ["simulate", "--hands", "2000", "--no-progress", "--players", "2"],
    ["table", "--against", "threshold:5"],
    ["table", "--side", "banker", "--max-up", "1"],
], ids=["odds", "solve", "evaluate", "edge", "simulate-exact", "simulate-table", "table",
        "table-banker"])
def test_text_output_speaks_the_language_asked(argv: list[str], lang: str,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*argv, "--lang", lang]) == 0
    out = capsys.readouterr().out
    english = {TEXT[k]["en"].split("{")[0].strip() for k in TEXT
               if k.startswith(("cli.", "sim.")) and TEXT[k]["en"] != TEXT[k][lang]}
    english = {e for e in english if len(e) > 8}
    left = sorted(e for e in english if e in out)
    assert not left, left


@pytest.mark.parametrize("lang", LANGUAGES[1:])
def test_the_strategy_table_on_screen_speaks_the_language_asked(
        lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    # `settemezzo table` without --out: the columns' names, the plays and the numbers in
    # ``lang`` (the short words stand/hit escape the sentence walk above); the CSV keeps the
    # data's names (test_cli_solve.test_table_to_csv)
    assert main(["table", "--against", "threshold:5", "--lang", lang]) == 0
    head, *rows = capsys.readouterr().out.splitlines()
    names = ("hole", "deal_chance", "stand_ev", "best", "hit_frequency", "cost_of_mistake")
    assert all(t(f"cli.col_{c}", lang) in head for c in names)
    assert not [c for c in names if c in head.split()]
    words = {w for row in rows for w in row.split()}
    assert {t("chart.stand", lang), t("chart.hit", lang)} <= words
    assert not words & {"stand", "hit", "mixed", "either", "n/a", "NaN", "None"}
    assert t("word.not_available", lang) in words   # no hit frequency against a fixed banker
    assert "0,300000" in words and "0.300000" not in words  # deal chance of a first figure


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_number_not_available_is_a_word_of_the_language_asked(
        lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    # one session has no standard error of a seat's win chance: the simulator prints the
    # catalogue's word for it, not an English 'n/a' in every language
    assert main(["simulate", "--sessions", "1", "--session-hands", "50", "--no-progress",
                 "--lang", lang]) == 0
    out = capsys.readouterr().out
    word = {"en": "n/a", "it": "n.d.", "es": "n/d", "fr": "n.d."}[lang]
    assert f"± {word}" in out
    assert lang == "en" or "n/a" not in out


def test_labels_from_the_knob_registry_are_words() -> None:
    codes = {c for k in KNOB_TABLE for c in (k.name, *k.choices) if "_" in c}
    assert "stake_timing" in codes and "before_deal" in codes
    for key, texts in TEXT.items():
        if not key.startswith("knob."):
            continue
        for lang, text in texts.items():
            assert not any(code in text for code in codes), (key, lang, text)
    for lang in LANGUAGES:
        for label, rules in standard_rule_sets(lang):
            assert label == describe_rules(rules, lang)
            assert not any(code in label for code in codes), (lang, label)
