"""A real browser on the classroom page: Voilà serves ``notebooks/06_classroom.ipynb`` on
127.0.0.1, headless Debian chromium (Playwright) opens it, a student clicks "Stand" in the
trainer, and the feedback must appear. A screenshot is saved (``tmp_path``, and also in
``$SETTEMEZZO_SCREENSHOTS`` when set).

Needs ``/usr/bin/chromium``: ``make test`` installs Debian's chromium when missing and it
can (root or password-less sudo, with apt-get); otherwise this test is skipped, with the
reason, and every other test runs.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
NOTEBOOK = "notebooks/06_classroom.ipynb"
READY_PATH = "/voila/static/voila.js"   # a static file: a GET / would start a kernel


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _wait_ready(url: str, proc: subprocess.Popen[bytes], timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"voila exited with status {proc.returncode}")
        try:
            with urllib.request.urlopen(url + READY_PATH, timeout=1) as r:
                if r.status == 200:
                    return
        except (urllib.error.URLError, OSError):
            pass
        time.sleep(0.1)
    raise TimeoutError(f"voila did not answer {READY_PATH} within {timeout} s")


@pytest.fixture
def voila_url() -> Iterator[str]:
    voila = Path(sys.executable).with_name("voila")
    # `make test` installs the notebook extra, Voilà included: its absence is a failure
    assert voila.exists(), f"voila is not installed next to {sys.executable}"
    port = _free_port()
    proc = subprocess.Popen(
        [str(voila), NOTEBOOK, "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1"],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        start_new_session=True)   # its own process group: the kernels go with it
    url = f"http://127.0.0.1:{port}"
    try:
        _wait_ready(url, proc)
        yield url
    finally:
        try:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=10)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)


@pytest.mark.skipif(not Path(CHROMIUM).exists(),
                    reason="Debian's chromium is missing (/usr/bin/chromium), so the browser "
                           "smoke test is skipped; to enable it, install it (apt-get install "
                           "chromium, or `make browser` as root) and run make test again")
def test_trainer_click_shows_feedback_in_a_real_browser(voila_url: str, tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    t0 = time.monotonic()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=CHROMIUM,
            args=["--headless", "--no-sandbox", "--disable-gpu",
                  "--disable-background-networking", "--disable-component-update",
                  "--disable-sync", "--no-first-run"])
        try:
            page = browser.new_page(viewport={"width": 1100, "height": 1000})
            page.goto(voila_url + "/", wait_until="domcontentloaded", timeout=60_000)
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
        finally:
            browser.close()
    assert shot.stat().st_size > 10_000
    keep = os.environ.get("SETTEMEZZO_SCREENSHOTS")
    if keep:
        Path(keep).mkdir(parents=True, exist_ok=True)
        shutil.copy(shot, Path(keep) / shot.name)
    print(f"screenshot: {shot} ({time.monotonic() - t0:.1f} s in the browser)")
