"""`settemezzo solve --rules SPEC --json`, with the spec another ``--json`` run printed,
reproduces the same value: for every preset and every single variant (the edge table's rows,
`settemezzo.i18n.standard_rule_sets`).

The second solve goes through a fresh rule set parsed from the printed spec; the value must
be the same float (the same game, hence the same LP), and the rule set equal to the one the
first run solved.
"""

from __future__ import annotations

import json

import pytest

from settemezzo.cli import main
from settemezzo.edge import ITALIAN_VARIANTS, SPANISH_KNOBS
from settemezzo.rules import ITALIAN, SPANISH, from_spec

CASES = [("italian", ()), *(("italian", (v,)) for v in ITALIAN_VARIANTS),
         ("spanish", ()), *(("spanish", (off,)) for off in SPANISH_KNOBS.values())]


def _solve(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    assert main(["solve", *argv, "--json"]) == 0
    out: dict[str, object] = json.loads(capsys.readouterr().out)
    return out


@pytest.mark.parametrize(("preset", "variants"), CASES,
                         ids=["+".join((p, *v)) for p, v in CASES])
def test_solve_again_from_the_printed_spec(capsys: pytest.CaptureFixture[str], preset: str,
                                           variants: tuple[str, ...]) -> None:
    argv = ["--rules", preset, *(x for v in variants for x in ("--variant", v))]
    first = _solve(capsys, *argv)
    spec = first["rules_spec"]
    assert isinstance(spec, str)
    base = ITALIAN if preset == "italian" else SPANISH
    assert from_spec(spec) == base.with_variants(*variants)
    again = _solve(capsys, "--rules", spec)
    assert again["rules_spec"] == spec and again["rules"] == first["rules"]
    for key in ("player_value", "banker_edge", "expected_stake", "restriction"):
        assert again[key] == first[key], key
