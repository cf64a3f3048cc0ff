"""The process's memory (`settemezzo.memory`): a freed block kept for the next one, handed back
when asked, what a paused build made handed to the collector's oldest generation, and a
long-lived process's objects out of the collector's walks."""

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


def _in_generation(obj: object) -> int | None:
    """The collector's generation holding ``obj`` (None: not there, e.g. frozen)."""
    return next((g for g in range(3) if any(o is obj for o in gc.get_objects(g))), None)


@pytest.fixture
def unfrozen(monkeypatch: pytest.MonkeyPatch) -> object:
    """The process's frozen objects given back to the collector for the test, frozen again
    after it (the tests' conftest freezes what collecting the tests made)."""
    gc.unfreeze()
    monkeypatch.setattr(memory, "_FROZEN", False)
    yield
    gc.freeze()


def test_what_a_paused_build_made_goes_to_the_oldest_generation(unfrozen: object) -> None:
    # Without the move, the build's objects are walked by the next young collection and
    # again by a middle one (checked: with the move left out of `gc_paused`, the list is in
    # generation 1 here, moved there by a young collection that walked it).
    with memory.gc_paused():
        assert not gc.isenabled()
        tree = [[i] for i in range(memory.PROMOTE_MIN)]
    assert gc.isenabled()
    assert gc.get_count()[0] < 100
    assert _in_generation(tree) == 2 and _in_generation(tree[-1]) == 2
    assert gc.get_freeze_count() == 0  # moved, not frozen


def test_a_small_build_stays_young(unfrozen: object) -> None:
    with memory.gc_paused():
        small = [[1]]
    assert _in_generation(small) == 0


def test_a_pause_does_not_count_the_frozen_objects(monkeypatch: pytest.MonkeyPatch) -> None:
    # ``gc.get_freeze_count`` walks every frozen object (3 ms a call in a class server, and
    # the engine pauses the collector thousands of times a deck): not after a small build,
    # nor in a process `freeze_long_lived` froze, as this one is (the conftest)
    def walked() -> int:
        raise AssertionError("gc.get_freeze_count walked the frozen objects")

    monkeypatch.setattr(gc, "get_freeze_count", walked)
    with memory.gc_paused():
        small = [[1]]
    with memory.gc_paused():
        tree = [[i] for i in range(memory.PROMOTE_MIN)]
    assert _in_generation(small) is not None and _in_generation(tree) in (0, 1)


def test_a_paused_build_leaves_frozen_objects_frozen() -> None:
    # (the conftest froze this process): `gc.unfreeze` would hand them all back
    frozen = gc.get_freeze_count()
    assert frozen > 0
    with memory.gc_paused():
        tree = [[i] for i in range(memory.PROMOTE_MIN)]
    assert gc.get_freeze_count() > frozen // 2  # (0 if unfrozen; some die meanwhile)
    assert _in_generation(tree) in (0, 1)  # young (a young collection may have run since)


def test_an_inner_pause_leaves_the_collector_to_the_outer_one(unfrozen: object) -> None:
    with memory.gc_paused():
        with memory.gc_paused():
            pass
        assert not gc.isenabled()  # the inner pause did not turn it back on
    assert gc.isenabled()
