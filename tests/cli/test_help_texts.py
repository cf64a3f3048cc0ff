"""The command line's help in the user's language, and the layout of `settemezzo.cli`.

The help texts (`settemezzo.cli.help_texts.HELP`) are complete in en, it, es and fr; the
parser uses them in the language of ``--lang`` (anywhere on the command line) or of
``SETTEMEZZO_LANG``; and the package keeps its one-way shape: the common module imports no
command, no command imports another, nobody imports a private name.
"""

from __future__ import annotations

import argparse
import ast
import os
import re
import string
import subprocess
import sys
from pathlib import Path

import pytest

from settemezzo.cli import build_parser, main
from settemezzo.cli.help_texts import HELP, HELP_LANGS, help_text

CLI = Path(__file__).resolve().parents[2] / "settemezzo" / "cli"


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_help_text_is_in_every_language() -> None:
    assert HELP_LANGS == ("en", "it", "es", "fr")
    for key, texts in HELP.items():
        assert key.startswith("cli.help."), key
        assert set(texts) == set(HELP_LANGS), (key, sorted(texts))
        for lang, text in texts.items():
            assert text.strip(), (key, lang)
            # argparse reads a help as a %-format: a bare percent sign would break --help
            assert "%" not in text, (key, lang)
            assert _fields(text) == _fields(texts["en"]), (key, lang)


def test_the_knobs_help_is_the_rules_own_in_english() -> None:
    from settemezzo.cli.common import knob_help
    from settemezzo.rules import KNOBS

    for knob, text in KNOBS.items():
        assert knob_help(knob, "en") == text, knob
        if f"cli.help.knob.{knob}" not in HELP:  # kept as is: it only names values
            assert re.fullmatch(r"[a-z_]+(=[a-z_]+| or [a-z_]+)", text), (knob, text)
    for key in HELP:
        assert not key.startswith("cli.help.knob.") or key.removeprefix(
            "cli.help.knob.") in KNOBS, key


def test_an_unknown_language_gets_english_help() -> None:
    assert help_text("cli.help.odds.hole", "xx") == HELP["cli.help.odds.hole"]["en"]


def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


def _helps(parser: argparse.ArgumentParser) -> list[str]:
    """The description and every option's help of a parser."""
    return [parser.description or "", *(a.help for a in parser._actions
                                        if a.help and a.help != argparse.SUPPRESS)]


def test_every_help_text_is_used() -> None:
    parser = build_parser("en")
    shown = "\n".join([*_helps(parser), *(h for sub in _subparsers(parser).values()
                                          for h in _helps(sub))])
    words = {"cli.help.usage", "cli.help.positionals", "cli.help.options"}  # argparse's own
    for key, texts in HELP.items():
        if key not in words and not key.endswith(".help") and ".knob." not in key:
            assert texts["en"].partition("{")[0] in shown, key


@pytest.mark.parametrize("lang", ["it", "es", "fr"])
def test_every_subcommand_help_speaks_the_language(lang: str) -> None:
    english, local = _subparsers(build_parser("en")), _subparsers(build_parser(lang))
    assert list(local) == list(english)
    for name, sub in local.items():
        text = sub.format_help()
        assert text.startswith(help_text("cli.help.usage", lang) + " "), name
        assert help_text("cli.help.options", lang) + ":" in text, name
        assert help_text("cli.help.help", lang) in text, name
        # every help of the subcommand is in the language: none is left in English, apart
        # from the few that are the same words in both (a file name, a list of policies)
        same = [h for h, e in zip(_helps(sub), _helps(english[name]), strict=True) if h == e]
        assert len(same) <= 1, (name, same)


def test_lang_before_help_applies(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "--lang", "fr", "--help"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("usage : settemezzo odds")
    assert help_text("cli.help.odds.hole", "fr") in " ".join(out.split())
    assert main(["--lang=es", "--help"]) == 0
    assert help_text("cli.help.prog", "es") in " ".join(capsys.readouterr().out.split())


def test_lang_before_the_command_applies_to_the_command(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "it", "odds", "--hole", "7"]) == 0
    italian = capsys.readouterr().out
    assert main(["odds", "--hole", "7", "--lang", "it"]) == 0
    assert capsys.readouterr().out == italian
    assert main(["odds", "--hole", "7"]) == 0
    assert capsys.readouterr().out != italian


def test_help_follows_settemezzo_lang_in_a_real_process() -> None:
    env = {**os.environ, "SETTEMEZZO_LANG": "it"}
    done = subprocess.run([sys.executable, "-m", "settemezzo", "--help"], env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("uso: settemezzo")
    assert "Probabilità esatte" in done.stdout and "opzioni:" in done.stdout
    assert help_text("cli.help.solve.help", "it") in " ".join(done.stdout.split())


def test_a_bad_language_still_gets_help_and_then_an_error(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "--lang", "xx", "--help"]) == 0
    assert capsys.readouterr().out.startswith("usage: settemezzo odds")
    assert main(["odds", "--hole", "5", "--lang", "xx"]) == 2
    assert "'xx'" in capsys.readouterr().err


# ---------------------------------------------------------------------------------------------
# The package's layout
# ---------------------------------------------------------------------------------------------

SHARED = {"__init__", "common", "help_texts"}
COMMANDS = sorted(p.stem for p in CLI.glob("*.py") if p.stem not in SHARED)


def _imports(module: str) -> list[tuple[str, list[str]]]:
    """(module imported, names taken) of every import in a module of the package, those
    inside functions included."""
    tree = ast.parse((CLI / f"{module}.py").read_text())
    out: list[tuple[str, list[str]]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            out.append((node.module, [a.name for a in node.names]))
        elif isinstance(node, ast.Import):
            out += [(a.name, []) for a in node.names]
    return out


def _targets(module: str) -> set[str]:
    """The modules of `settemezzo.cli` that ``module`` imports."""
    out = set()
    for name, names in _imports(module):
        if name == "settemezzo.cli":
            out |= set(names)
        elif name.startswith("settemezzo.cli."):
            out.add(name.removeprefix("settemezzo.cli."))
    return out


def test_the_commands_are_found() -> None:
    assert {"odds", "solve", "chart", "simulate", "classroom", "play", "deck"} <= set(COMMANDS)


@pytest.mark.parametrize("module", ["common", "help_texts", *COMMANDS])
def test_no_command_imports_another_and_common_imports_none(module: str) -> None:
    allowed = {"help_texts"} if module == "common" else {"common", "help_texts"}
    assert _targets(module) <= allowed - {module}, module


@pytest.mark.parametrize("module", sorted(SHARED | set(COMMANDS)))
def test_no_private_name_crosses_modules(module: str) -> None:
    for name, names in _imports(module):
        if name.startswith("settemezzo"):
            assert not [n for n in names if re.match(r"_[^_]", n)], (module, name, names)
