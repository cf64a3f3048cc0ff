"""A real browser at the classroom table: Voilà serves ``notebooks/06_classroom.ipynb``,
headless Debian chromium (Playwright) opens the Table tab and plays

- a SPANISH hand: the stake chosen after the first card, a swap, a split (seed 2 deals the
  student a K♦, and the swap brings a J♦ face down: two figures);
- an Italian hand with a burn (seed 7, ``burn 3/4``: the student's first card is a 3♣),

asserting on what the page shows: the cards, the totals, the chips moved and the log. The
expected text is that of the same game played in this process through `TableGame` (the same
seed gives the same game), so the test checks that the page shows the engine's game.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from settemezzo.rules import ITALIAN, SPANISH
from settemezzo.simulate.tablegame import TableGame
from settemezzo.widgets.tableview import log_lines
from tests.test_browser import CHROMIUM, voila_url

__all__ = ["voila_url"]   # the fixture, shared with tests/test_browser.py

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


def _expected(rules: Any, seed: int, actions: list[tuple[str, int | None]]) -> TableGame:
    g = TableGame(rules, 1, 2, seed)
    for name, arg in actions:
        getattr(g, name)(*(() if arg is None else (arg,)))
    assert g.phase == "done", g.state_text()
    return g


def _new_game(page: Any, rules_label: str, seed: int) -> None:
    page.locator(".sm-table-rules select").select_option(label=rules_label)
    seed_box = page.locator(".sm-table-seed input")
    seed_box.fill(str(seed))      # the box sends every change (continuous_update)
    page.locator("button.sm-table-new").click()


def _stake(page: Any, n: int) -> None:
    box = page.locator(".sm-table-stake-value input")
    box.fill(str(n))
    page.locator("button.sm-table-stake").click()


def _check_page(page: Any, g: TableGame) -> None:
    log = page.locator(".sm-log")
    lines = log_lines(g)
    log.get_by_text(lines[0], exact=True).wait_for(timeout=20_000)
    shown = [x.strip() for x in log.locator("div").all_inner_texts()]
    assert shown[:len(lines)] == lines
    seats = page.locator(".sm-table-seats").inner_text()
    me = g.seats()[1]
    row = page.locator('tr.sm-seat[data-seat="1"]').inner_text()
    assert f"{me.chips} chips" in row
    for h in me.hands:
        assert " ".join(str(c) for c in h.cards) in row.replace("\n", " ").replace("  ", " ") \
            or all(str(c) in row for c in h.cards)
        assert f"total {h.total_label}" in row
        word = f"won {h.gain}" if h.gain > 0 else f"lost {-h.gain}" if h.gain < 0 else "push"
        assert f"{h.score}: {word}" in row
    assert "★" in seats


@pytest.mark.skipif(not Path(CHROMIUM).exists(),
                    reason="Debian's chromium is missing: run `make browser` (make test does)")
def test_spanish_and_italian_hands_at_the_classroom_table(voila_url: str,
                                                          tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    spanish = _expected(SPANISH, 2, [("stake", 3), ("swap", None), ("split", None),
                                     ("hit", None), ("stand", None), ("stand", None)])
    burn = ITALIAN.with_variants("burn=3,4")
    italian = _expected(burn, 7, [("stake", 2), ("burn", None), ("stand", None)])
    assert len(spanish.reports[-1].players[0][1]) == 2            # the split was played
    assert spanish.reports[-1].stakes[0] == (3, 3)
    assert (1, italian.seats()[1].burnt) in italian.reports[-1].burnt  # the computers' too
    t0 = time.monotonic()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            page = browser.new_page(viewport={"width": 1200, "height": 1100})
            page.goto(voila_url + "/", wait_until="domcontentloaded", timeout=60_000)
            page.locator(".lm-TabBar-tab, .p-TabBar-tab").filter(has_text="Table").first \
                .click(timeout=60_000)
            page.locator("button.sm-table-new").wait_for(state="visible", timeout=60_000)
            # SPANISH: the first card is shown, then the stake; a swap; a split
            _new_game(page, "Spanish rules", 2)
            page.locator('tr.sm-seat[data-seat="1"]').get_by_text("K♦").wait_for()
            assert "your stake (2 to 5)" in page.inner_text("body")
            _stake(page, 3)
            page.locator("button.sm-table-swap").click()
            page.locator("button.sm-table-split").click()
            for name in ("hit", "stand", "stand"):
                page.locator(f"button.sm-table-{name}").click()
            _check_page(page, spanish)
            page.screenshot(path=str(tmp_path / "table_spanish.png"), full_page=True)
            # Italian with burn 3/4: the student burns the 3♣
            _new_game(page, "Italian rules + burn 3/4", 7)
            page.get_by_text("Student 1: your stake (1 to 10)").wait_for()
            _stake(page, 2)
            page.locator("button.sm-table-burn").click()
            page.locator('tr.sm-seat[data-seat="1"]').get_by_text("burnt 3♣").wait_for()
            page.locator("button.sm-table-stand").click()
            _check_page(page, italian)
            assert "Student 1: burnt 3♣" in page.locator(".sm-log").inner_text()
            page.screenshot(path=str(tmp_path / "table_italian.png"), full_page=True)
        finally:
            browser.close()
    print(f"{time.monotonic() - t0:.1f} s in the browser")
