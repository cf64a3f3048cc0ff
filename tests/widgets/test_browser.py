"""A real browser on the classroom page: Voilà serves ``notebooks/06_classroom.ipynb`` on
127.0.0.1 and headless Debian chromium (Playwright) opens it, once for the tests below (one
server, one browser, one page: each test works in its own tab of the page).

- The trainer: a student clicks "Stand" and the feedback must appear. A screenshot is saved
  (``tmp_path``, and also in ``$SETTEMEZZO_SCREENSHOTS`` when set).
- The classroom table: a SPANISH hand (the stake chosen after the first card, a swap, a split:
  seed 2 deals the student a K♦, and the swap brings a J♦ face down: two figures) and an
  Italian hand with a burn (seed 7, ``burn 3/4``: the student's first card is a 3♣),
  asserting on what the page shows: the cards, the totals, the chips moved and the log. The
  expected text is that of the same game played in this process through `TableGame` (the
  same seed gives the same game), so the test checks that the page shows the engine's game.

Needs ``/usr/bin/chromium``: ``make test`` installs Debian's chromium when missing and it
can (root or password-less sudo, with apt-get); otherwise these tests are skipped, with the
reason, and every other test runs.
"""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from settemezzo.i18n import score_label
from settemezzo.rules import ITALIAN, SPANISH
from settemezzo.simulate.tablegame import TableGame
from settemezzo.teaching.tablelog import log_lines
from tests.voila import ARGS, CHROMIUM, serve

NOTEBOOK = "notebooks/06_classroom.ipynb"

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(),
    reason="Debian's chromium is missing (/usr/bin/chromium), so the browser smoke tests are "
           "skipped; to enable them, install it (apt-get install chromium, or `make browser` as "
           "root) and run make test again")


@pytest.fixture(scope="module")
def voila_url() -> Iterator[str]:
    with serve(NOTEBOOK, timeout=30) as url:
        yield url


@pytest.fixture(scope="module")
def page(voila_url: str) -> Iterator[Any]:
    """The classroom page, loaded once in headless chromium."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            page = browser.new_page(viewport={"width": 1200, "height": 1100})
            page.goto(voila_url + "/", wait_until="domcontentloaded", timeout=60_000)
            yield page
        finally:
            browser.close()


def _tab(page: Any, name: str) -> None:
    page.locator(".lm-TabBar-tab, .p-TabBar-tab").filter(has_text=name).first \
        .click(timeout=60_000)


def test_trainer_click_shows_feedback_in_a_real_browser(page: Any, tmp_path: Path) -> None:
    t0 = time.monotonic()
    _tab(page, "Trainer")
    stand = page.locator("button.sm-stand")
    stand.wait_for(state="visible", timeout=60_000)
    question = page.locator(".sm-question").inner_text()
    assert question.strip(), "the trainer shows no hand"
    stand.click()
    feedback = page.locator(".sm-feedback .sm-msg").first
    feedback.wait_for(state="visible", timeout=20_000)
    text = feedback.inner_text()
    assert "Right!" in text or "Not this time." in text, text
    assert "stakes" in page.locator(".sm-feedback").inner_text()
    shot = tmp_path / "classroom_trainer.png"
    page.screenshot(path=str(shot), full_page=True)
    assert shot.stat().st_size > 10_000
    keep = os.environ.get("SETTEMEZZO_SCREENSHOTS")
    if keep:
        Path(keep).mkdir(parents=True, exist_ok=True)
        shutil.copy(shot, Path(keep) / shot.name)
    print(f"screenshot: {shot} ({time.monotonic() - t0:.1f} s in the browser)")


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
    pictures = page.locator('tr.sm-seat[data-seat="1"]').inner_html()
    assert f"{me.chips} chips" in row
    for h in me.hands:  # each card drawn as the project's SVG, named in its <desc>
        assert all(f"<desc>{c}</desc>" in pictures for c in h.cards)
        assert f"total {h.total_label}" in row
        word = f"won {h.gain}" if h.gain > 0 else f"lost {-h.gain}" if h.gain < 0 else "push"
        assert f"{score_label(h.score)}: {word}" in row
    assert "★" in seats


def test_spanish_and_italian_hands_at_the_classroom_table(page: Any,
                                                          tmp_path: Path) -> None:
    spanish = _expected(SPANISH, 2, [("stake", 3), ("swap", None), ("split", None),
                                     ("hit", None), ("stand", None), ("stand", None)])
    burn = ITALIAN.with_variants("burn=3,4")
    italian = _expected(burn, 7, [("stake", 2), ("burn", None), ("stand", None)])
    assert len(spanish.reports[-1].players[0][1]) == 2            # the split was played
    assert spanish.reports[-1].stakes[0] == (3, 3)
    assert (1, italian.seats()[1].burnt) in italian.reports[-1].burnt  # the computers' too
    t0 = time.monotonic()
    _tab(page, "Table")
    page.locator("button.sm-table-new").wait_for(state="visible", timeout=60_000)
    # SPANISH: the first card is shown, then the stake; a swap; a split
    _new_game(page, "Spanish rules", 2)
    page.locator('tr.sm-seat[data-seat="1"] svg[aria-label="king of diamonds"]').wait_for()
    # (the stake's label may reach the page after the card: wait for it, do not read once)
    page.get_by_text("your stake (2 to 5)").wait_for(timeout=20_000)
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
    print(f"{time.monotonic() - t0:.1f} s in the browser")
