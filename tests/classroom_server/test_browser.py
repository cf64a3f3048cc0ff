"""A real browser, several people: three students and the teacher, each in their own browser
context (own cookies, as on their own devices), on one ``settemezzo classroom`` server.

The students join with the class code, answer hands and see their verdicts, and one plays a
hand at the table; the teacher's dashboard, which reloads itself, shows each of them and then
their new answers, the table's decision included. The clicks
are timed in the browser (click to verdict shown) and the server's memory is read; both are
printed (``pytest -s``) and reported in ``bench/classroom.md``.

Needs Debian's chromium at ``/usr/bin/chromium`` (``make browser`` installs it).
"""

from __future__ import annotations

import re
import shutil
import statistics
from pathlib import Path

import pytest

from bench.bench_classroom import pss_bytes, start_server
from bench.bench_widgets import Latency

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]

pytestmark = pytest.mark.skipif(
    shutil.which(CHROMIUM) is None,
    reason=f"{CHROMIUM} is missing: run 'make browser' (installs Debian's chromium)")


_NAV = """() => { const n = performance.getEntriesByType('navigation')[0];
    return [n.responseEnd - n.startTime, n.domContentLoadedEventEnd - n.startTime]; }"""


def _answer(page: object, choice: str, latencies: list[tuple[float, float]]) -> str:
    """Click an answer; record the browser's own timing of that navigation (the POST and
    the page it redirects to): until the page has arrived, and until it is shown."""
    from playwright.sync_api import Page

    assert isinstance(page, Page)
    page.click(f"#{choice}")
    page.wait_for_selector("#verdict")
    arrived, shown = page.evaluate(_NAV)
    latencies.append((arrived / 1e3, shown / 1e3))
    return page.inner_text("#verdict")


def test_three_students_and_the_teacher(tmp_path: Path) -> None:
    from playwright.sync_api import expect, sync_playwright

    server = start_server(tmp_path / "class.db", ["--seed", "12", "--hands", "3"])
    latencies: list[tuple[float, float]] = []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            teacher = browser.new_context().new_page()
            base = f"http://127.0.0.1:{server.port}"
            teacher.goto(base + "/teacher")
            teacher.fill("#teacher_code", server.teacher_code.lower())
            teacher.click("#open")
            expect(teacher.locator("#nobody")).to_be_visible()
            kids = []
            for name in ("Ada", "Bruno", "Chloé"):
                page = browser.new_context().new_page()
                page.goto(base + "/")
                page.fill("#code", server.class_code)
                page.fill("#name", name)
                page.click("#join")
                expect(page.locator("body")).to_contain_text(f"Hello, {name}")
                kids.append(page)
            first = [_answer(p, c, latencies) for p, c in zip(kids, ("stand", "hit", "stand"),
                                                                strict=True)]
            assert all(v.startswith(("Right!", "Not the best play.")) for v in first)
            # the dashboard reloads itself: every student appears with one answer
            board = teacher.locator("#scoreboard")
            for name in ("Ada", "Bruno", "Chloé"):
                expect(board).to_contain_text(name, timeout=10_000)
            expect(teacher.locator("#summary")).to_contain_text("3 answers", timeout=10_000)
            for p in kids:                                # a second hand each
                p.click("#next")
                expect(p.locator("body")).to_contain_text("Hand 2 of 3")
                _answer(p, "hit", latencies)
            expect(teacher.locator("#summary")).to_contain_text("6 answers", timeout=10_000)
            expect(teacher.locator("#heatmap")).to_be_visible()
            expect(teacher.locator("#progress")).to_contain_text("Chloé")
            kids[0].goto(base + "/play?lang=fr")              # one student reads French
            expect(kids[0].locator("#score")).to_contain_text("Justes")
            bruno = kids[1]                                   # one plays a hand at the table
            bruno.click("#to_table")
            bruno.wait_for_selector("#stake", timeout=60_000)
            expect(bruno.locator("#seat0")).to_contain_text("Bank")
            bruno.fill("#amount", "2")
            bruno.click("#stake")
            bruno.click("#stand")
            bruno.wait_for_selector("#next_hand, #over")
            expect(bruno.locator("#seat1")).to_contain_text("Bruno")
            expect(bruno.locator("#seat1")).to_contain_text(re.compile("won 2|lost 2|push"))
            expect(teacher.locator("#summary")).to_contain_text("7 answers", timeout=10_000)
            memory = pss_bytes(server.proc.pid)
            browser.close()
    finally:
        assert server.stop() == 0
    arrived = sorted(a for a, _ in latencies)
    shown = sorted(s for _, s in latencies)
    p95 = Latency("browser", arrived).p95
    print(f"browser: {len(latencies)} answers; click to page arrived median "
          f"{statistics.median(arrived) * 1e3:.0f} ms, p95 {p95 * 1e3:.0f} ms; to page shown "
          f"median {statistics.median(shown) * 1e3:.0f} ms, max {shown[-1] * 1e3:.0f} ms; "
          f"server memory (PSS) {memory / 2**20:.0f} MB")
    assert p95 <= 0.150 * 4  # a loose guard: `python -m bench classroom` measures the budget
