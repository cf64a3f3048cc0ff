"""The process's memory (`settemezzo.memory`): a freed block kept for the next one, handed back
when asked, what a paused build made handed to the collector's oldest generation, and a
long-lived process's objects out of the collector's walks."""

from __future__ import annotations

import gc
import platform
import subprocess
import sys
import textwrap

import pytest

from settemezzo import memory

GLIBC = pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="glibc's allocator only")

_BLOCK = """
    import os, resource

    def faults():  # of a 64 MB block (over glibc's own largest mmap threshold, 32 MB)
        before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
        block = bytearray(64 << 20)  # written whole: a bytearray is zeroed
        del block
        return resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before

    def resident():
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
"""


@GLIBC
def test_a_freed_block_s_memory_is_there_for_the_next() -> None:
    # Two fresh Pythons, one with the setting and one without, each allocating the block
    # four times. With it, the block freed comes back from the heap with its pages already
    # there. Without it, the C library maps a block that large afresh each time: a fault per
    # page, which is what a solve's large arrays paid round after round (16,384 faults in
    # 4 KB pages; 32 where they come as huge pages, so the test compares, not counts).
    def first_and_again(setup: str) -> tuple[int, int]:
        out = _fresh(_BLOCK, setup, """
            first = faults()
            print(first, min(faults() for _ in range(3)))
        """)
        first, again = map(int, out.split())
        return first, again

    kept = first_and_again("memory.keep_freed_memory()")
    plain = first_and_again("")
    assert kept[1] * 4 < kept[0], kept
    assert plain[1] * 2 > plain[0], plain


@GLIBC
def test_the_kept_memory_goes_back_when_trimmed() -> None:
    # (without `malloc_trim` the 64 MB stay resident, kept for the next block: checked)
    out = _fresh(_BLOCK, """
        memory.keep_freed_memory()
        faults()
        kept = resident()
        memory.trim_freed_memory()
        print(kept - resident())
    """)
    assert int(out) > (64 << 20) // 2


def _fresh(*code: str) -> str:
    """Run ``code``, its parts one after the other (``gc`` and ``settemezzo.memory`` as
    ``memory`` imported), in a Python of its own; return what it prints, or fail with its
    error. The allocator's and the collector's state are the whole process's: freezing what
    is alive in the middle of the test session would keep other tests' garbage in cycles for
    good (their games then found again by `settemezzo.game.heads_up`'s weak cache:
    `tests/results/test_edges.py` saw a family's subgames solved twice)."""
    head = textwrap.dedent("""
        import gc
        from settemezzo import memory
        def in_generation(obj):
            return next((g for g in range(3) if any(o is obj for o in gc.get_objects(g))),
                        None)
    """)
    done = subprocess.run([sys.executable, "-c", head + "\n".join(map(textwrap.dedent, code))],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_what_is_alive_is_frozen_and_full_collections_are_rarer() -> None:
    _fresh("""
        alive = [[] for _ in range(1_000)]
        memory.freeze_long_lived()
        assert gc.get_freeze_count() >= len(alive)
        assert gc.get_threshold()[2] == memory.FULL_COLLECTIONS_EVERY
    """)


def test_what_a_paused_build_made_goes_to_the_oldest_generation() -> None:
    # Without the move, the build's objects are walked by the next young collection and
    # again by a middle one (checked: with the move left out of `gc_paused`, the list is in
    # generation 1 here, moved there by a young collection that walked it).
    _fresh("""
        with memory.gc_paused():
            assert not gc.isenabled()
            tree = [[i] for i in range(memory.PROMOTE_MIN)]
        assert gc.isenabled()
        assert gc.get_count()[0] < 100
        assert in_generation(tree) == 2 and in_generation(tree[-1]) == 2
        assert gc.get_freeze_count() == 0  # moved, not frozen
    """)


def test_a_small_build_stays_young() -> None:
    _fresh("""
        with memory.gc_paused():
            small = [[1]]
        assert in_generation(small) == 0
    """)


def test_an_inner_pause_leaves_the_collector_to_the_outer_one() -> None:
    _fresh("""
        with memory.gc_paused():
            with memory.gc_paused():
                pass
            assert not gc.isenabled()  # the inner pause did not turn it back on
        assert gc.isenabled()
    """)


def test_after_freeze_long_lived_a_build_stays_where_it_is() -> None:
    # `gc.unfreeze` would hand the frozen objects back to the collector
    _fresh("""
        keep = [[] for _ in range(1_000)]
        memory.freeze_long_lived()
        frozen = gc.get_freeze_count()
        with memory.gc_paused():
            tree = [[i] for i in range(memory.PROMOTE_MIN)]
        assert gc.get_freeze_count() >= frozen
        assert in_generation(tree) in (0, 1)  # young (a young collection may have run since)
    """)


def _in_generation(obj: object) -> int | None:
    """The collector's generation holding ``obj`` (None: not there, e.g. frozen)."""
    return next((g for g in range(3) if any(o is obj for o in gc.get_objects(g))), None)


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
