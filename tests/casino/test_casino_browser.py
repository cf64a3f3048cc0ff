"""A real browser plays the casino games: Voilà serves ``tests/pages/casino_page.ipynb`` (the
odds explorer on `CONRAD`, the trainer on `PLAYTECH`) and headless chromium opens it. The
explorer shows the dealer's up card and the casino strategy's answer, which a click on another
up card changes; the trainer shows the dealer's card face up and its verdict on "Stand" is the
one `CasinoTrainer` gives in this process for the same seed."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from settemezzo.i18n import t
from settemezzo.rules import CONRAD, PLAYTECH
from settemezzo.teaching.casino import CasinoTrainer, casino_explore
from tests.voila import ARGS, CHROMIUM, serve

PAGE = "tests/pages/casino_page.ipynb"

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(),
                                reason="Debian's chromium is missing (/usr/bin/chromium)")


@pytest.fixture(scope="module")
def page() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with serve(PAGE) as url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            tab = browser.new_page(viewport={"width": 1200, "height": 1000})
            tab.goto(url + "/", wait_until="domcontentloaded", timeout=90_000)
            yield tab
        finally:
            browser.close()


def _tab(page: Any, name: str) -> None:
    page.locator(".lm-TabBar-tab, .p-TabBar-tab").filter(has_text=name).first \
        .click(timeout=90_000)


def test_the_explorer_shows_the_dealers_card_and_the_casino_answer(page: Any) -> None:
    _tab(page, "Explorer")
    out = page.locator(".sm-casino-explorer .sm-reason")
    out.wait_for(state="visible", timeout=90_000)
    assert out.inner_text().strip() == casino_explore(CONRAD, "5", "4").sentence
    assert t("casino.axis_up") in page.locator(".sm-casino-explorer").inner_text()
    page.locator("button").filter(has_text="7").first.click()
    want = casino_explore(CONRAD, "5", "7").sentence
    page.wait_for_function("w => document.querySelector('.sm-casino-explorer .sm-reason')"
                           ".innerText.trim() === w", arg=want, timeout=30_000)


def test_the_trainer_judges_against_the_casino_strategy(page: Any) -> None:
    _tab(page, "Trainer")
    stand = page.locator("button.sm-stand")
    stand.wait_for(state="visible", timeout=90_000)
    question = page.locator(".sm-casino-trainer .sm-question")
    assert t("casino.axis_up") in question.inner_text(timeout=30_000)
    stand.click()
    feedback = page.locator(".sm-feedback .sm-msg").first
    feedback.wait_for(state="visible", timeout=30_000)
    expected = CasinoTrainer(PLAYTECH, 3, 10).answer("stand")
    assert feedback.inner_text().strip() == expected.text
