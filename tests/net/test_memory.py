"""The server's memory measures (pmtui/net/memory.py): Textual's colour cache keeps no
widget's drawn lines, and the C allocator is asked to give freed memory back."""

from __future__ import annotations

import gc
import weakref

from textual._styles_cache import StylesCache
from textual.color import Color

from pmtui.net import memory


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


def test_give_back_trims_where_there_is_glibc() -> None:
    has_trim = memory._libc() is not None
    assert memory.give_back() is has_trim
