"""A real browser plays the casino games: Voilà serves ``tests/pages/casino_page.ipynb`` (the
odds explorer on `CONRAD`, the trainer on `PLAYTECH`) and headless chromium opens it. The
explorer shows the dealer's up card and the casino strategy's answer, which a click on another
up card changes; the trainer shows the dealer's card face up and its verdict on "Stand" is the
one `CasinoTrainer` gives in this process for the same seed."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from settemezzo.i18n import t
from settemezzo.rules import CONRAD, PLAYTECH
from settemezzo.teaching.casino import CasinoTrainer, casino_explore

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
PAGE = "tests/pages/casino_page.ipynb"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(),
                                reason="Debian's chromium is missing (/usr/bin/chromium)")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_ready(url: str, proc: subprocess.Popen[bytes], timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"voila exited with status {proc.returncode}")
        try:
            with urllib.request.urlopen(url + "/voila/static/voila.js", timeout=1) as r:
                if r.status == 200:
                    return
        except (urllib.error.URLError, OSError):
            pass
        time.sleep(0.1)
    raise TimeoutError(f"voila did not answer within {timeout} s")


@pytest.fixture(scope="module")
def page() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    voila = Path(sys.executable).with_name("voila")
    assert voila.exists(), f"voila is not installed next to {sys.executable}"
    port = free_port()
    proc = subprocess.Popen([str(voila), PAGE, "--no-browser", f"--port={port}",
                             "--Voila.ip=127.0.0.1"], cwd=ROOT, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_ready(url, proc)
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            try:
                tab = browser.new_page(viewport={"width": 1200, "height": 1000})
                tab.goto(url + "/", wait_until="domcontentloaded", timeout=90_000)
                yield tab
            finally:
                browser.close()
    finally:
        try:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=10)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)


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
