"""The server's garbage-collection steward (pmtui/net/server.py, GcSteward): objects
frozen while alive and dropped later are freed once Python's memory in use has grown
enough, and the measure falls again after that (so memory stays bounded)."""

from __future__ import annotations

import gc

from pmtui.net.server import GcSteward, allocated_blocks


def cycle() -> list[object]:
    a: list[object] = []
    b: list[object] = [a]
    a.append(b)  # only the collector can free these two
    return a


def test_frozen_garbage_is_freed_once_memory_has_grown() -> None:
    memory = [1000]
    st = GcSteward(measure=lambda: memory[0])
    st.MIN_GROWTH, st.GROWTH = 100, 0.25  # the test's own figures
    try:
        st.collect(full=True)
        assert st.baseline == 1000
        base = gc.get_freeze_count()
        junk = [cycle() for _ in range(10_000)]  # a screen's worth of widgets, say
        st.collect(full=st.due())  # alive now: frozen with everything else
        assert st.full_collections == 1
        assert gc.get_freeze_count() >= base + 20_000
        del junk  # closed: garbage, but frozen, so a young collection cannot see it
        memory[0] = 1250  # grown by a quarter, but not more
        st.collect(full=st.due())
        assert st.full_collections == 1 and gc.get_freeze_count() >= base + 20_000
        memory[0] = 1251
        assert st.due()
        st.collect(full=st.due())
        assert st.full_collections == 2 and st.baseline == 1251
        assert gc.get_freeze_count() < base + 5_000  # the frozen garbage is gone
    finally:
        st.stop()
    assert gc.get_freeze_count() == 0


def test_without_a_memory_reading_full_collections_are_timed() -> None:
    st = GcSteward(measure=lambda: None)
    try:
        st.collect(full=True)
        assert not st.due()
        st.last_full -= st.FALLBACK + 1
        assert st.due()
    finally:
        st.stop()


def test_the_measure_falls_once_frozen_garbage_is_collected() -> None:
    """The real measure: frozen garbage counts until a full collection frees it. (The
    RSS, the measure before, never fell again, so the threshold crept up for ever.)"""
    st = GcSteward()
    st.MIN_GROWTH, st.GROWTH = 150_000, 0.0  # whatever else this test process holds
    try:
        st.collect(full=True)
        before = allocated_blocks()
        assert before is not None and st.baseline is not None
        junk = [cycle() for _ in range(100_000)]
        st.collect(full=False)  # frozen while alive
        del junk
        st.collect(full=False)  # garbage now, but frozen: nothing freed
        grown = allocated_blocks()
        assert grown is not None and grown > before + 150_000
        assert st.due()
        st.collect(full=st.due())
        after = allocated_blocks()
        assert after is not None and after < grown - 150_000
    finally:
        st.stop()


def test_each_full_collection_gives_memory_back() -> None:
    """What a full collection frees would stay in the C allocator's heaps (the RSS
    never falls by itself): each one asks for it to be returned; young ones do not."""
    given: list[int] = []
    st = GcSteward(measure=lambda: 1000, give_back=lambda: given.append(1))
    try:
        st.collect(full=False)
        assert given == []
        st.collect(full=True)
        assert given == [1]
    finally:
        st.stop()
