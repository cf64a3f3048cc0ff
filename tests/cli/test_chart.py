"""The chart subcommands: chart, handout, charts."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pandas as pd
import pytest

from settemezzo.cli import chart as cli_chart
from settemezzo.game import restriction_codes
from settemezzo.rules import PRESETS
from tests.cli.running import run

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def pdf_pages(path: Path) -> int:
    data = path.read_bytes()
    assert data.startswith(b"%PDF-")
    return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", data))


def test_chart_png_with_csv(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "sub" / "bust.png"
    code, stdout, _ = run(capsys, "chart", "bust", "--out", str(out), "--csv")
    assert code == 0
    assert out.read_bytes().startswith(PNG_SIGNATURE)
    data = pd.read_csv(out.with_suffix(".csv"))
    assert {"series", "total", "bust", "bust_exact"} <= set(data.columns)
    assert f"wrote {out}" in stdout and f"wrote {out.with_suffix('.csv')}" in stdout


def test_chart_strategy_svg(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "strategy.svg"
    code, _, _ = run(capsys, "chart", "strategy", "--against", "threshold:5", "--out", str(out),
                     "--csv")
    assert code == 0
    assert ET.parse(out).getroot().tag.endswith("svg")
    cells = pd.read_csv(out.with_suffix(".csv"))
    assert set(cells["action"]) <= {"stand", "hit", "mixed"} and len(cells) == 63


def test_chart_pdf_in_italian(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "finale.pdf"
    code, _, _ = run(capsys, "chart", "banker-final", "--thresholds", "5,5½", "--lang", "it",
                     "--out", str(out), "--csv")
    assert code == 0 and pdf_pages(out) == 1
    data = pd.read_csv(out.with_suffix(".csv"))
    assert set(data["threshold"]) == {"5", "5½"} and "sballato" in set(data["outcome"])


@pytest.mark.parametrize("kind", ["banker", "ev"])
def test_chart_kinds_from_the_solver(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                     kind: str) -> None:
    out = tmp_path / f"{kind}.png"
    code, _, _ = run(capsys, "chart", kind, "--out", str(out))
    assert code == 0 and out.read_bytes().startswith(PNG_SIGNATURE)
    assert not out.with_suffix(".csv").exists()


def test_chart_edge_uses_edge_table(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    fake = pd.DataFrame({"variant": ["Italian", "Italian + royal"], "method": ["equilibrium"] * 2,
                         "edge": [0.2114, 0.19]})
    monkeypatch.setattr(cli_chart, "_edge_table", lambda: (lambda: fake))
    out = tmp_path / "edge.png"
    code, _, _ = run(capsys, "chart", "edge", "--out", str(out), "--csv")
    assert code == 0 and out.read_bytes().startswith(PNG_SIGNATURE)
    assert list(pd.read_csv(out.with_suffix(".csv"))["variant"]) == list(fake["variant"])


@pytest.mark.parametrize(("argv", "quoted"), [
    (("chart", "pie", "--out", "x.png"), "'pie'"),
    (("chart", "bust", "--out", "x.gif"), "'x.gif'"),
    (("chart", "bust", "--out", "x"), "'x'"),
    (("chart", "bust", "--lang", "de", "--out", "x.png"), "'de'"),
    (("chart", "banker-final", "--thresholds", "5,nine", "--out", "x.png"), "'nine'"),
    (("chart", "strategy", "--against", "dealer", "--out", "x.png"), "'dealer'"),
    (("handout", "--out", "x.png"), "'x.png'"),
    (("handout", "--lang", "xx", "--out", "x.pdf"), "'xx'"),
    (("charts", "--out", "somewhere", "--kind", "pie"), "'pie'"),
    (("charts", "--out", "somewhere", "--format", "gif"), "'gif'"),
])
def test_bad_input_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch,
                                          argv: tuple[str, ...], quoted: str) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith("settemezzo: error: ") and err.count("\n") == 1
    assert quoted in err
    assert list(tmp_path.iterdir()) == []   # nothing written


def test_handout_one_page(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "handout.pdf"
    code, stdout, _ = run(capsys, "handout", "--rules", "italian", "--lang", "it", "--out",
                          str(out))
    assert code == 0 and pdf_pages(out) == 1
    assert "(1 pagina: regole italiane)" in stdout   # said in the language asked


def test_charts_writes_every_preset(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    # SPANISH is solved as a restricted game: it gets every chart and a handout page, and
    # the command says it is a bound (the charts say so too, tests/plots/test_plots.py)
    fake = pd.DataFrame({"variant": ["Italian"], "edge": [0.2114]})
    monkeypatch.setattr(cli_chart, "_edge_table", lambda: (lambda: fake))
    monkeypatch.setattr(cli_chart, "edge_available", lambda: True)
    code, stdout, _ = run(capsys, "charts", "--out", str(tmp_path), "--kind", "bust",
                          "--kind", "strategy", "--kind", "edge")
    assert code == 0
    for name, rules in PRESETS.items():
        for kind in ("bust", "strategy"):
            assert (tmp_path / f"{kind}_{name}.png").read_bytes().startswith(PNG_SIGNATURE)
            assert (tmp_path / f"{kind}_{name}.csv").exists()
        assert not (tmp_path / f"ev_{name}.png").exists()
        said = f"the {name} preset is solved as a restricted game"
        assert (said in stdout) == bool(restriction_codes(rules)), name
    assert "the spanish preset is solved as a restricted game" in stdout
    assert "not model" not in stdout
    assert pdf_pages(tmp_path / "handout.pdf") == len(PRESETS)
    assert (tmp_path / "edge_by_variant.png").read_bytes().startswith(PNG_SIGNATURE)


def test_charts_in_svg_with_only_the_odds_charts(capsys: pytest.CaptureFixture[str],
                                                 tmp_path: Path) -> None:
    code, _, _ = run(capsys, "charts", "--out", str(tmp_path), "--kind", "bust",
                     "--format", "svg")
    assert code == 0
    for name in PRESETS:
        assert ET.parse(tmp_path / f"bust_{name}.svg").getroot().tag.endswith("svg")
        assert not (tmp_path / f"strategy_{name}.svg").exists()
    assert pdf_pages(tmp_path / "handout.pdf") == len(PRESETS)
