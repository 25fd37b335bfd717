"""The server's memory measures (pmtui/net/memory.py): Textual's colour cache keeps no
widget's drawn lines, and the C allocator is asked to give freed memory back."""

from __future__ import annotations

import asyncio
import gc
import sys
import weakref
from pathlib import Path

import pytest
from textual._styles_cache import StylesCache
from textual.color import Color

from pmtui.net import memory
from pmtui.net.server import KeyAuth, PmServer


def test_the_inner_outer_cache_keeps_colours_not_widgets() -> None:
    """Textual's `get_inner_outer` is an lru_cache on a method: each widget's
    StylesCache (with every line it drew) stayed in it after its app had ended."""
    base, bg = Color(10, 20, 30), Color(200, 100, 0, 0.5)
    expected = StylesCache().get_inner_outer(base, bg)
    memory.unpin_styles_caches()
    cache = StylesCache()
    assert cache.get_inner_outer(base, bg) == expected  # the same colours as before
    gone = weakref.ref(cache)
    del cache
    gc.collect()
    assert gone() is None
    memory.unpin_styles_caches()  # a second time: nothing left to change
    assert StylesCache().get_inner_outer(base, bg) == expected


def test_a_textual_that_changed_the_cache_is_left_alone(monkeypatch) -> None:
    """Textual's internals may change in any release: a method that is no longer an
    lru_cache of the two colours is kept as it is, and so is a moved module; the
    server starts either way."""
    import functools
    import sys

    def plain(self, base_background, background):  # no longer cached
        return ("plain", base_background, background)

    @functools.lru_cache(16)
    def three(self, base_background, background, tint):  # another signature
        return ("three", base_background, background, tint)

    for method in (plain, three):
        monkeypatch.setattr(StylesCache, "get_inner_outer", method)
        assert memory.unpin_styles_caches() is False
        assert StylesCache.__dict__["get_inner_outer"] is method
    monkeypatch.setitem(sys.modules, "textual._styles_cache", None)  # the module moved
    assert memory.unpin_styles_caches() is False


def test_give_back_trims_where_there_is_glibc() -> None:
    has_trim = memory._libc() is not None
    assert memory.give_back() is has_trim


def test_the_server_gives_every_thread_the_main_heap(tmp_path: Path, monkeypatch) -> None:
    """The computer players' threads each had a glibc heap of their own, keeping what
    their moves had used: the server sets M_ARENA_MAX before any of them starts."""
    calls: list[int] = []
    monkeypatch.setattr(memory, "one_heap", lambda: calls.append(1) or True)

    async def make() -> None:
        server = PmServer(tmp_path, KeyAuth(None, open_=True))
        server.registry.shutdown()

    asyncio.run(make())
    assert calls == [1]


def test_one_heap_is_accepted_by_glibc() -> None:
    assert memory.one_heap() is (memory._libc() is not None)


@pytest.mark.parametrize("libc", ["none found", "no malloc_trim", "not loadable"])
def test_without_glibc_the_memory_calls_do_nothing(monkeypatch, libc: str) -> None:
    """macOS and musl have a C library without `malloc_trim`: the server starts and runs
    without giving memory back, rather than failing."""
    class NoTrim:  # what ctypes gives for a library without the glibc calls
        def __getattr__(self, name: str) -> object:
            raise AttributeError(name)

    def load(name: str) -> object:
        if libc == "not loadable":
            raise OSError(name)
        return NoTrim()

    monkeypatch.setattr(memory.ctypes.util, "find_library",
                        lambda name: None if libc == "none found" else "libc.so")
    monkeypatch.setattr(memory.ctypes, "CDLL", load)
    memory._libc.cache_clear()
    try:
        assert memory._libc() is None
        assert memory.one_heap() is False
        assert memory.give_back() is False
    finally:
        memory._libc.cache_clear()  # the real library again for the other tests


def test_clear_caches_empties_the_bounded_caches_sessions_fill() -> None:
    """Rich's and Textual's lru_caches hold the newest objects when the last session
    leaves, one or a few in each of Python's arenas: emptied, every arena they pinned
    can go back (docs/BENCHMARKS.md, the soak)."""
    from rich.style import Style
    from textual.geometry import Region

    Style.parse("bold red on blue")
    Region(0, 0, 10, 10).intersection(Region(5, 5, 10, 10))
    memory.unpin_styles_caches()
    StylesCache().get_inner_outer(Color(1, 2, 3), Color(4, 5, 6))
    filled = [Style.parse, Region.intersection, memory._OWNED[-1]]
    assert all(c.cache_info().currsize for c in filled)
    assert memory.clear_caches() >= 40  # some 60 in Rich and Textual
    assert [c.cache_info().currsize for c in filled] == [0, 0, 0]


def test_clear_caches_keeps_what_is_loaded_once(monkeypatch) -> None:
    """An unbounded cache (functools.cache) loads a thing once and may be relied on
    to give the same object again (one ruleset object per id): it is kept, and so
    are the caches of modules outside Rich, Textual and pmtui."""
    import functools
    import types

    from pmtui.table import registry

    game = registry.ruleset()
    other = types.ModuleType("not_ours")

    @functools.lru_cache(8)
    def theirs(x: int) -> int:
        return x

    other.theirs = theirs
    monkeypatch.setitem(sys.modules, "not_ours", other)
    theirs(1)
    memory.clear_caches()
    assert registry.ruleset() is game
    assert theirs.cache_info().currsize == 1


def test_clear_caches_finds_cached_methods_of_every_kind(monkeypatch) -> None:
    """lru_caches on methods, static methods and class methods of an owner's classes."""
    import functools
    import types

    mod = types.ModuleType("pmtui._probe_caches")

    class Holder:
        @functools.lru_cache(4)  # noqa: B019 (what is tested: a cached method is found)
        def method(self, x: int) -> int:
            return x

        @staticmethod
        @functools.lru_cache(4)
        def static(x: int) -> int:
            return x

        @classmethod
        @functools.lru_cache(4)
        def klass(cls, x: int) -> int:
            return x

    Holder.__module__ = mod.__name__
    mod.Holder = Holder
    monkeypatch.setitem(sys.modules, mod.__name__, mod)
    Holder().method(1), Holder.static(1), Holder.klass(1)
    memory.clear_caches()
    assert [Holder.method.cache_info().currsize, Holder.static.cache_info().currsize,
            Holder.__dict__["klass"].__func__.cache_info().currsize] == [0, 0, 0]
