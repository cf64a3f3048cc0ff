"""Fixtures shared by several test modules."""

from __future__ import annotations

import io
import sys
from collections.abc import Iterator

import pytest

from tests.probing import stub_engine


@pytest.fixture
def stubbed(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The expensive engine entry points raise `tests.probing.ReachedWork`; stdin is empty
    (an interactive command sees the end of its input at once)."""
    stub_engine(monkeypatch)
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    yield
