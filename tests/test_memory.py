"""The process's memory (`settemezzo.memory`): a freed block kept for the next one, handed back
when asked, and a long-lived process's objects out of the collector's walks."""

from __future__ import annotations

import gc
import os
import platform
import resource

import pytest

from settemezzo import memory

GLIBC = pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="glibc's allocator only")

BLOCK = 64 << 20  # 64 MB: over glibc's own largest mmap threshold (32 MB)


def _faults() -> int:
    """The page faults of a `BLOCK` allocated, written whole and freed (a bytearray is plain
    malloc; numpy's arrays of this size ask for huge pages)."""
    before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    block = bytearray(BLOCK)
    del block
    return resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before


def _resident() -> int:
    """Bytes of this process resident now."""
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


@GLIBC
def test_a_freed_block_s_memory_is_there_for_the_next() -> None:
    # freed and asked for again, it comes back from the heap, its pages already there; the C
    # library's own policy maps a block that large afresh each time: a fault per 4 KB page
    # (16,384), which is what a solve's round after round of large arrays paid
    memory.keep_freed_memory()
    first = _faults()  # the heap grows: its pages are new
    if first < 4_000:
        pytest.skip(f"pages come here as huge pages ({first} faults for 64 MB): not countable")
    # (the count is the whole process's: another test's thread may fault meanwhile, the least
    # of three is this block's)
    assert min(_faults() for _ in range(3)) < 1_000


@GLIBC
def test_the_kept_memory_goes_back_when_trimmed() -> None:
    memory.keep_freed_memory()

    def handed_back() -> int:
        _faults()
        kept = _resident()  # the freed block still resident, kept for the next one
        memory.trim_freed_memory()
        return kept - _resident()

    # (another test's thread may trim or allocate in between: the most of three is this one's)
    assert max(handed_back() for _ in range(3)) > BLOCK // 2


def test_what_is_alive_is_frozen_and_full_collections_are_rarer() -> None:
    alive = [[] for _ in range(1_000)]
    frozen = gc.get_freeze_count()
    memory.freeze_long_lived()
    assert gc.get_freeze_count() >= frozen + len(alive)
    assert gc.get_threshold()[2] == memory.FULL_COLLECTIONS_EVERY
