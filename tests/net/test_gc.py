"""The server's garbage-collection steward (pmtui/net/server.py, GcSteward): objects
frozen while alive and dropped later are freed once the frozen set has grown enough."""

from __future__ import annotations

import gc

from pmtui.net.server import GcSteward


def cycle() -> list[object]:
    a: list[object] = []
    b: list[object] = [a]
    a.append(b)  # only the collector can free these two
    return a


def test_frozen_garbage_is_freed_by_a_full_collection() -> None:
    st = GcSteward()
    st.MIN_GROWTH, st.GROWTH = 5_000, 0.0  # whatever else this process holds
    try:
        st.collect(full=True)
        base = gc.get_freeze_count()
        assert not st.due()
        junk = [cycle() for _ in range(10_000)]  # a screen's worth of widgets, say
        st.collect(full=False)  # alive now: frozen with everything else
        assert gc.get_freeze_count() >= base + 20_000
        del junk  # closed: garbage, but frozen, so a young collection cannot see it
        st.collect(full=st.due())
        assert st.full_collections == 2  # the growth made a full collection due
        assert gc.get_freeze_count() < base + 5_000
        assert not st.due()
    finally:
        st.stop()
    assert gc.get_freeze_count() == 0
