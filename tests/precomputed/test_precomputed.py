"""The results shipped with the package (`settemezzo.precomputed`) match a fresh solve.

Regenerate them: ``python -m settemezzo.precomputed`` (``make precomputed``).

- Every rule set of the catalogue is shipped, every table included.
- ITALIAN, and ITALIAN + ties_push (a variant of the same code path as every other
  single Italian variant of the main game), re-solved here: every table, edge and number
  equal (exact columns identical, floats of the equilibrium within 1e-9).
- Every other rule set is checked against ``data/edge_by_variant.csv`` (the edges that
  ``settemezzo data`` solved on its own; its strategy tables are checked against a fresh
  solve in ``tests/solve/test_spanish.py``), and SPANISH's equilibrium table
  against ``data/spanish_player_vs_equilibrium.csv``: a second, independent solve of the
  same numbers, without re-solving the slow rule sets here.
"""

from __future__ import annotations

import json
import time
from fractions import Fraction
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from settemezzo import precomputed, results
from settemezzo.i18n import describe_rules
from settemezzo.precomputed import AGAINST, BANKER_MAX_UP, METHODS, table_file
from settemezzo.rules import ITALIAN, SPANISH, Rules

DATA = Path(__file__).resolve().parents[2] / "data"
FLOAT_TOL = 1e-9


def _frames_match(stored: pd.DataFrame, fresh: pd.DataFrame, exact_floats: bool) -> None:
    assert list(stored.columns) == list(fresh.columns)
    assert len(stored) == len(fresh)
    assert stored.attrs == fresh.attrs
    for col in stored.columns:
        a, b = stored[col], fresh[col]
        assert a.dtype == b.dtype, col
        if a.dtype == "float64" and not exact_floats:
            diff = (a - b).abs().fillna(0.0)
            assert ((a.isna() == b.isna()) & (diff <= FLOAT_TOL)).all(), col
        else:  # Fractions, text, whole numbers, and the exact tables' floats: identical
            assert [x if x == x else "nan" for x in a] == [x if x == x else "nan" for x in b], col


def test_every_rule_set_of_the_catalogue_is_shipped_whole() -> None:
    for rules in precomputed.catalogue():
        label = rules.spec()
        folder = precomputed.folder_of(rules)
        assert folder is not None, label
        names = {p.name for p in folder.iterdir()}
        need = {precomputed.SUMMARY, *(table_file("player", a) for a in AGAINST),
                *(table_file("banker", m) for m in BANKER_MAX_UP)}
        assert need <= names, (label, need - names)


def test_a_preset_loads_in_milliseconds() -> None:
    results.clear()
    t0 = time.perf_counter()
    s = results.get(SPANISH)
    df = s.player_table("equilibrium")
    edge = s.edge().edge
    seconds = time.perf_counter() - t0
    assert len(df) > 1000 and 0 < edge < 1
    assert seconds < 2.0  # a solve takes most of a minute; loading, about 0.1 s


def _check_against_fresh(rules: Rules) -> None:
    stored = precomputed.load(rules)
    assert stored is not None
    fresh = results.Solved(rules, precomputed=False)
    for a in AGAINST:  # against a fixed banker every column is exact: floats identical too
        _frames_match(stored.table("player", a), fresh.player_table(a),
                      exact_floats=a != "equilibrium")
    for m in BANKER_MAX_UP:
        _frames_match(stored.table("banker", m), fresh.banker_table(m), exact_floats=False)
    summary = fresh.summary().to_dict()
    assert set(stored["summary"]) == set(summary)
    for k, v in stored["summary"].items():
        assert v == pytest.approx(summary[k], abs=FLOAT_TOL) if isinstance(v, float) \
            else v == summary[k], k
    for m in METHODS:
        e, f = stored["edges"][m], fresh.edge(m)
        assert e["edge"] == pytest.approx(f.edge, abs=FLOAT_TOL)
        assert e["exact"] == (str(f.exact) if f.exact is not None else None)
    h = fresh.handout_numbers()
    assert stored["handout"]["banker_edge"] == pytest.approx(h.banker_edge, abs=FLOAT_TOL)
    assert {int(k): v for k, v in stored["handout"]["thresholds"].items()} == pytest.approx(
        h.thresholds, abs=FLOAT_TOL)


@pytest.mark.slow
def test_italian_matches_a_fresh_solve() -> None:
    _check_against_fresh(ITALIAN)


@pytest.mark.slow
def test_an_italian_variant_matches_a_fresh_solve() -> None:
    _check_against_fresh(ITALIAN.with_variants("ties_push"))


def test_every_shipped_edge_matches_the_data_table() -> None:
    edges = pd.read_csv(DATA / "edge_by_variant.csv", keep_default_na=False)
    for rules in precomputed.catalogue():
        label = rules.spec()
        stored = precomputed.load(rules)
        assert stored is not None, label
        rows = edges[edges["rules_spec"] == rules.spec()]
        assert len(rows) == len(METHODS), label
        for row in rows.to_dict("records"):
            e: dict[str, Any] = stored["edges"][row["method"]]
            assert e["edge"] == pytest.approx(float(row["edge"]), abs=1e-6), (label, row)
            if row["edge_exact"]:
                assert Fraction(e["exact"]) == Fraction(row["edge_exact"]), (label, row)
            assert bool(e["restriction_codes"]) == (str(row["bound"]) == "True"), label


def test_spanish_equilibrium_table_matches_the_data_table() -> None:
    stored = precomputed.load(SPANISH)
    assert stored is not None
    table = stored.table("player", "equilibrium")
    table = table[table.own_reach > 0].reset_index(drop=True)
    committed = pd.read_csv(DATA / "spanish_player_vs_equilibrium.csv", keep_default_na=False)
    assert set(committed["rules_spec"]) == {SPANISH.spec()}  # data/ names the rule set
    assert set(committed["rules"]) == {describe_rules(SPANISH)}
    committed = committed.drop(columns=["rules", "rules_spec"])
    assert list(committed.columns) == list(table.columns) and len(committed) == len(table)
    for col in ("stand_ev", "hit_ev", "stand_win", "hit_win", "deal_chance", "own_reach"):
        a = pd.to_numeric(committed[col], errors="coerce")  # empty: not computed (a split)
        b = table[col].astype(float)
        assert (a.isna() == b.isna()).all() and (a - b).abs().max() <= 1e-6, col


def test_the_summary_is_plain_json() -> None:
    folder = precomputed.folder_of(ITALIAN)
    assert folder is not None
    data = json.loads((folder / precomputed.SUMMARY).read_text("utf-8"))
    assert data["format"] == precomputed.FORMAT and data["spec"] == "italian"


def test_tables_round_trip_exactly() -> None:
    df = pd.DataFrame({"f": [Fraction(1, 3), None, Fraction(-2, 7)], "x": [0.1, float("nan"),
                                                                             1e-300],
                       "i": [1, 2, 3], "b": [True, False, True], "s": ["a", "", "½"]})
    df.attrs.update({"rules": "Italian", "codes": ("a", "b")})
    back = precomputed.decode_frame(json.loads(json.dumps(precomputed.encode_frame(df))))
    _frames_match(back, df, exact_floats=True)
    assert back["f"][0] == Fraction(1, 3) and back["f"][1] is None
