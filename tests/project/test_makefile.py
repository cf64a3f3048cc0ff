"""`make test` is portable: on a machine where chromium is missing and cannot be installed
(no apt-get, no sudo, not root), the ``browser`` step says so and succeeds, so ``make test``
goes on to every other test and pytest reports the browser test as skipped.

The missing chromium is simulated with PATH: the recipe runs with a PATH holding only the
few tools it may call, without chromium, apt-get and sudo.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MAKE = shutil.which("make")

pytestmark = pytest.mark.skipif(MAKE is None, reason="make is not installed")


def tools(folder: Path, *names: str) -> Path:
    """A folder for PATH holding links to these tools only (and fakes written later)."""
    folder.mkdir()
    for name in names:
        found = shutil.which(name)
        assert found is not None, name
        (folder / name).symlink_to(found)
    return folder


def fake(folder: Path, name: str, script: str) -> None:
    path = folder / name
    path.write_text(f"#!/bin/sh\n{script}\n")
    path.chmod(0o755)


def make(path: Path, *targets: str) -> subprocess.CompletedProcess[str]:
    assert MAKE is not None
    env = {"PATH": str(path), "HOME": os.environ.get("HOME", "/tmp"), "LC_ALL": "C"}
    return subprocess.run([MAKE, "--no-print-directory", "-C", str(ROOT), *targets],
                          capture_output=True, text=True, env=env, timeout=60)


def test_browser_step_without_chromium_apt_or_sudo(tmp_path: Path) -> None:
    path = tools(tmp_path / "bin", "id")
    done = make(path, "browser")
    assert done.returncode == 0, done.stderr
    assert "cannot be installed here" in done.stdout
    assert "will be skipped" in done.stdout and "To enable it" in done.stdout


def test_browser_step_when_apt_get_fails(tmp_path: Path) -> None:
    # apt-get exists but cannot install (no network, not root) and sudo asks for a password
    path = tools(tmp_path / "bin", "id")
    fake(path, "apt-get", "echo 'E: could not open lock file' >&2; exit 100")
    fake(path, "sudo", "echo 'sudo: a password is required' >&2; exit 1")
    done = make(path, "browser")
    assert done.returncode == 0, done.stderr
    assert "will be skipped" in done.stdout
    assert done.stderr == ""  # the installer's complaints are not shown


def test_browser_step_with_chromium_says_nothing(tmp_path: Path) -> None:
    path = tools(tmp_path / "bin", "id")
    fake(path, "chromium", "exit 0")
    fake(path, "apt-get", "echo apt-get must not run >&2; exit 1")
    done = make(path, "browser")
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")


def test_make_test_runs_the_tests_after_the_browser_step(tmp_path: Path) -> None:
    # `make -n` prints the recipe without running it: after `browser`, lint, types, pytest
    path = tools(tmp_path / "bin", "id")
    done = make(path, "-n", "-o", ".venv/.installed", "test")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    order = [next(i for i, line in enumerate(lines) if word in line)
             for word in ("cannot be installed", "ruff check", "mypy", "pytest")]
    assert order == sorted(order), done.stdout
