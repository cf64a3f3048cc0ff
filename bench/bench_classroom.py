"""The whole class at once: thirty simulated students against one ``settemezzo classroom``.

``python -m bench classroom [--students 30] [--hands 10] [--table-hands 3] [--seed S]``. The
server runs as its own process on loopback (``settemezzo classroom --port 0 --db TMP``),
exactly as a teacher starts it. Each simulated student is a thread with its own keep-alive
connection and cookie: it joins with the class code, then for every hand it loads its page,
waits a short random "thinking" time (0.05-0.3 s, far less than a person: the load is harsher
than a class), answers stand or hit, and moves to the next hand; then it plays
``--table-hands`` hands at the table (the stake offered, hit or stand at random). A click is
timed from the request to the end of the page that answers it (the POST and the page it
redirects to): what the student waits for.

Memory is the server's proportional set size (PSS: shared pages split fairly, the process and
any children), sampled every 0.1 s; its peak is reported. The budget (issue #16): thirty
students use at most 4 GB in all, with click p95 at most 150 ms. Every answer must be in the
database afterwards. Exit status 1 if a budget or that check fails.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from bench.bench_widgets import Latency

P95_BUDGET_S = 0.150
MEMORY_BUDGET_BYTES = 4 * 2**30
THINK_S = (0.05, 0.3)
ROOT = Path(__file__).resolve().parent.parent


@dataclass
class Server:
    """A ``settemezzo classroom`` process and what it printed."""

    proc: subprocess.Popen[str]
    url: str
    class_code: str
    teacher_code: str
    db: Path
    lines: list[str] = field(default_factory=list)

    @property
    def port(self) -> int:
        return int(self.url.rsplit(":", 1)[1])

    def stop(self, sig: int = signal.SIGINT, timeout: float = 15) -> int:
        """Stop it (Ctrl+C by default) and return its exit status."""
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
        status = self.proc.wait(timeout)
        assert self.proc.stdout is not None
        self.lines.extend(self.proc.stdout.read().splitlines())
        return status


_SERVING = re.compile(r"(http://\S+)\s+class code: (\w+)")
_TEACHER = re.compile(r"teacher code: (\w+)")


def start_server(db: Path, args: Sequence[str] = (), timeout: float = 180) -> Server:
    """Start ``settemezzo classroom --port 0 --db DB`` and wait for its address line."""
    cmd = [sys.executable, "-m", "settemezzo", "classroom", "--port", "0", "--db", str(db),
           *args]
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONUNBUFFERED="1")
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    return wait_for_server(proc, db, timeout)


def wait_for_server(proc: subprocess.Popen[str], db: Path, timeout: float = 180) -> Server:
    """Read the server's output until it prints its address and class code, and then the
    teacher code on a line of its own."""
    assert proc.stdout is not None
    deadline = time.monotonic() + timeout
    lines: list[str] = []
    found = None
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            raise RuntimeError(f"the server exited: {' '.join(lines)!r}")
        lines.append(line.rstrip("\n"))
        m = _SERVING.search(line)
        found = m or found
        teacher = _TEACHER.match(line)
        if found and teacher:
            return Server(proc, found.group(1), found.group(2), teacher.group(1), db, lines)
    proc.kill()
    raise TimeoutError(f"no address printed within {timeout} s: {lines!r}")


_TOKEN = re.compile(r'name="csrf" value="([^"]+)"')


class Client:
    """One browser: a keep-alive connection, its cookies, the form token of the last page it
    read, and the clicks it timed. Like a browser, it sends its ``Origin`` with every POST."""

    def __init__(self, port: int) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.origin = f"http://127.0.0.1:{port}"
        self.cookies: dict[str, str] = {}
        self.token = ""
        self.clicks: list[float] = []

    def request(self, method: str, path: str, form: dict[str, str] | None = None,
                origin: str | None = None, referer: str = "") -> tuple[int, str]:
        """One request, following a 303 redirect like a browser; returns (status, page).
        A form gets the last page's token unless it has one; ``origin`` replaces the
        client's own (``""``: none sent), ``referer`` is sent when given."""
        if form is not None and self.token and "csrf" not in form:
            form = {**form, "csrf": self.token}
        body = urllib.parse.urlencode(form) if form is not None else None
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        if method == "POST" and (origin if origin is not None else self.origin):
            headers["Origin"] = origin if origin is not None else self.origin
        if referer:
            headers["Referer"] = referer
        self.conn.request(method, path, body, headers)
        r = self.conn.getresponse()
        page = r.read().decode("utf-8", "replace")   # a PDF is read as text too
        for value in r.headers.get_all("Set-Cookie") or []:
            name, _, rest = value.partition("=")
            self.cookies[name] = rest.split(";", 1)[0]
        if r.status == 303:
            return self.request("GET", r.headers["Location"])
        token = _TOKEN.search(page)
        if token:
            self.token = token.group(1)
        return r.status, page

    def click(self, path: str, form: dict[str, str]) -> str:
        """A timed POST (and the page it leads to)."""
        t0 = time.perf_counter()
        status, page = self.request("POST", path, form)
        self.clicks.append(time.perf_counter() - t0)
        if status != 200:
            raise RuntimeError(f"POST {path} answered {status}")
        return page


def student(port: int, code: str, name: str, hands: int, rng: random.Random,
            table_hands: int = 0) -> Client:
    """One simulated student: join, answer ``hands`` hands of the trainer, then play
    ``table_hands`` hands at the table."""
    c = Client(port)
    page = c.click("/join", {"code": code, "name": name})
    for _ in range(hands):
        m = re.search(r'name="hand" value="(\d+)"', page)
        if m is None:
            raise RuntimeError(f"{name}: no hand to answer on the page")
        time.sleep(rng.uniform(*THINK_S))
        page = c.click("/answer", {"hand": m.group(1), "choice": rng.choice(("stand", "hit"))})
        if 'id="verdict"' not in page:
            raise RuntimeError(f"{name}: no verdict after answering")
        if 'id="next"' in page:
            page = c.click("/next", {})
    for _ in range(table_hands):
        play_table_hand(c, rng)
    c.conn.close()
    return c


def play_table_hand(c: Client, rng: random.Random) -> None:
    """One hand at a table of the student's own (opened at the first hand): the stake
    offered, then hit or stand at random, then 'Next hand' (every move a timed click)."""
    page = c.request("GET", "/table")[1]
    if 'id="own_table"' in page:
        page = c.click("/table/own", {})
    for _ in range(40):
        seq = re.search(r'name="seq" value="(\d+)"', page)
        if seq is None or 'id="over"' in page:
            return
        time.sleep(rng.uniform(*THINK_S))
        form = {"seq": seq.group(1)}
        if 'id="stake"' in page:
            amount = re.search(r'id="amount" min="\d+" max="\d+" value="(\d+)"', page)
            assert amount is not None
            page = c.click("/table", {**form, "action": "stake", "amount": amount.group(1)})
        elif 'id="next_hand"' in page:
            c.click("/table", {**form, "action": "next_hand"})
            return
        else:
            moves = [m for m in ("hit", "stand") if f'id="{m}"' in page]
            page = c.click("/table", {**form, "action": rng.choice(moves)})
    raise RuntimeError("a hand at the table did not end in 40 moves")


def pss_bytes(pid: int) -> int:
    """The proportional set size of a process and its children."""
    import psutil

    root = psutil.Process(pid)
    total = 0
    for p in (root, *root.children(recursive=True)):
        with contextlib.suppress(psutil.Error):
            total += p.memory_full_info().pss
    return int(total)


def cpu_seconds(pid: int) -> float:
    """The CPU time (user and system) a process has used: what the server itself costs,
    whatever else the machine runs."""
    import psutil

    times = psutil.Process(pid).cpu_times()
    return float(times.user + times.system)


@dataclass(frozen=True)
class LoadResult:
    """What one load run measured."""

    students: int
    hands: int
    clicks: list[float]
    seconds: float
    idle_bytes: int
    peak_bytes: int
    recorded: int            # trainer answers in the database
    table_hands: int = 0
    table_decisions: int = 0   # judged stand-or-hit decisions at the table, in the database
    cpu_seconds: float = 0.0   # the server's CPU time (user + system) over the load

    @property
    def p95(self) -> float:
        """The clicks' 95th percentile, computed as for the widgets' clicks."""
        return Latency("classroom", self.clicks).p95

    def ok(self) -> bool:
        return (self.p95 <= P95_BUDGET_S and self.peak_bytes <= MEMORY_BUDGET_BYTES
                and self.recorded == self.students * self.hands)

    def report(self) -> str:
        return (f"classroom load: {self.students} students x ({self.hands} trainer hands + "
                f"{self.table_hands} table hands), "
                f"{len(self.clicks)} clicks in {self.seconds:.1f} s; click latency "
                f"median {statistics.median(self.clicks) * 1e3:.1f} ms, "
                f"p95 {self.p95 * 1e3:.1f} ms, max {max(self.clicks) * 1e3:.1f} ms "
                f"(budget p95 {P95_BUDGET_S * 1e3:.0f} ms); server memory (PSS) idle "
                f"{self.idle_bytes / 2**20:.0f} MB, peak {self.peak_bytes / 2**20:.0f} MB "
                f"(budget {MEMORY_BUDGET_BYTES / 2**30:.0f} GB); trainer answers recorded "
                f"{self.recorded}/{self.students * self.hands}, table decisions recorded "
                f"{self.table_decisions}; server CPU {self.cpu_seconds:.2f} s, "
                f"{self.cpu_seconds / len(self.clicks) * 1e3:.1f} ms a click")


def run_load(students: int = 30, hands: int = 10, seed: int = 1, time_limit: float = 120,
             db_dir: str | None = None, table_hands: int = 3) -> LoadResult:
    """Serve a class, run ``students`` simulated students at once, stop; the figures."""
    with tempfile.TemporaryDirectory(dir=db_dir) as tmp:
        db = Path(tmp) / "load.db"
        server = start_server(db, ["--seed", str(seed), "--hands", str(hands)])
        try:
            return _measure(server, students, (hands, table_hands), seed, time_limit)
        finally:
            server.stop()


def wait_table_ready(server: Server, timeout: float = 120) -> None:
    """Wait until the server has built its table engine (it does so after it starts)."""
    probe = Client(server.port)
    deadline = time.monotonic() + timeout
    while not json.loads(probe.request("GET", "/health")[1])["table_ready"]:
        if time.monotonic() > deadline:
            raise TimeoutError(f"the table was not ready within {timeout} s")
        time.sleep(0.2)
    probe.conn.close()


def _measure(server: Server, students: int, plan: tuple[int, int], seed: int,
             time_limit: float) -> LoadResult:
    hands, table_hands = plan
    wait_table_ready(server)          # the class starts once the server is warm
    pid = server.proc.pid
    idle = pss_bytes(pid)
    cpu0 = cpu_seconds(pid)
    peak = [idle]
    done = threading.Event()

    def sample() -> None:
        while not done.wait(0.1):
            peak[0] = max(peak[0], pss_bytes(pid))

    results: list[Client] = []
    errors: list[BaseException] = []

    def one(i: int) -> None:
        try:
            results.append(student(server.port, server.class_code, f"Student {i + 1}",
                                   hands, random.Random(seed * 1000 + i), table_hands))
        except BaseException as exc:
            errors.append(exc)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    threads = [threading.Thread(target=one, args=(i,), daemon=True) for i in range(students)]
    t0 = time.perf_counter()
    for th in threads:
        th.start()
    for th in threads:
        th.join(max(0.0, time_limit - (time.perf_counter() - t0)))
    seconds = time.perf_counter() - t0
    done.set()
    sampler.join()
    peak[0] = max(peak[0], pss_bytes(pid))
    cpu = cpu_seconds(pid) - cpu0
    if errors or len(results) != students:
        raise RuntimeError(f"{len(results)}/{students} students finished in {seconds:.0f} s; "
                           f"errors: {errors[:3]!r}")
    kinds = _recorded(server)
    return LoadResult(students, hands, [x for c in results for x in c.clicks], seconds,
                      idle, peak[0], kinds.count("trainer"), table_hands, kinds.count("table"),
                      cpu)


def _recorded(server: Server) -> list[str]:
    """The kind of every answer in the database, read through the teacher's export."""
    teacher = Client(server.port)
    teacher.request("POST", "/teacher", {"code": server.teacher_code})
    status, page = teacher.request("GET", "/teacher/answers.csv")
    assert status == 200
    return [row.split(",")[2] for row in page.splitlines()[1:]]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the load and print the figures; 1 if over a budget."""
    parser = argparse.ArgumentParser(prog="python -m bench classroom")
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--hands", type=int, default=10)
    parser.add_argument("--table-hands", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    result = run_load(args.students, args.hands, args.seed, table_hands=args.table_hands)
    print(result.report())
    return 0 if result.ok() else 1


if __name__ == "__main__":
    sys.exit(main())
