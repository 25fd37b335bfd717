"""What keeps the server's memory level over a long run and gives it back when sessions leave.

A server process lives for days and runs hundreds of short-lived Textual apps, so
two things a single-app program never notices matter here (docs/ssh.md, "Memory"):

- **Textual keeps apps' widgets in a shared cache.** `StylesCache.get_inner_outer`
  is an `lru_cache` on a method, so its 1,024 entries hold the `StylesCache` of up
  to 1,024 widgets (every line each one drew) long after their apps have ended:
  some 12,000 drawn lines still alive when every session had left, and while
  sessions come and go, a steady stream of objects outliving their apps, scattered
  through Python's memory so that it cannot be returned. `unpin_styles_caches`
  caches by the two colours alone, which is all the method reads.
- **The C allocator keeps what it has freed.** glibc gives each thread a heap of
  its own, and the computer players' worker threads kept what their moves had used
  (`one_heap`); it returns memory from the middle of its heaps only when asked
  (`malloc_trim`): `give_back` asks after each full collection and when the last
  session leaves.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
import inspect
import logging
from collections.abc import Callable

log = logging.getLogger("pmtui.net")


def unpin_styles_caches() -> bool:
    """Make Textual's inner/outer colour cache keep colours only, not widgets' caches.

    False where Textual's method is no longer the lru_cache of two colours this was
    written for (a Textual version that moved or changed it): the server then runs as
    Textual made it, rather than calling the method in a way it no longer takes."""
    try:
        from textual._styles_cache import StylesCache  # Textual's internals: may move
    except ImportError:
        return False

    method = StylesCache.__dict__.get("get_inner_outer")
    compute = getattr(method, "__wrapped__", None)
    if compute is None or not hasattr(method, "cache_clear") or not _of_colours(compute):
        return False

    @functools.lru_cache(1024)
    def by_colours(base_background: object, background: object) -> object:
        return compute(StylesCache, base_background, background)  # it reads the colours only

    def get_inner_outer(self: StylesCache, base_background: object,
                        background: object) -> object:
        return by_colours(base_background, background)

    StylesCache.get_inner_outer = get_inner_outer  # type: ignore[assignment,method-assign]
    method.cache_clear()  # what it held so far
    return True


def _of_colours(compute: Callable[..., object]) -> bool:
    """Whether `compute` takes the owner and the two colours alone: the replacement
    passes exactly those, so another signature is left alone."""
    try:
        names = list(inspect.signature(compute).parameters)
    except (TypeError, ValueError):
        return False
    return names[1:] == ["base_background", "background"]


@functools.cache
def _libc() -> ctypes.CDLL | None:
    """glibc, where the process runs on it (its `malloc_trim`); None elsewhere."""
    name = ctypes.util.find_library("c")
    if name is None:
        return None
    try:
        libc = ctypes.CDLL(name)
        libc.malloc_trim.argtypes = [ctypes.c_size_t]
        libc.malloc_trim.restype = ctypes.c_int
        libc.mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
        libc.mallopt.restype = ctypes.c_int
    except (OSError, AttributeError):
        return None
    return libc


M_ARENA_MAX = -8  # glibc's mallopt parameter (malloc.h)


def one_heap() -> bool:
    """Let every thread allocate from glibc's main heap (`M_ARENA_MAX` = 1).

    glibc gives each thread a heap of its own; the computer players run in worker
    threads, and their heaps kept what a move had used (about 25 MiB resident at 20
    tables, 0.4 MiB of it in use) where the other threads could not reuse it. Under
    Python's global lock threads seldom contend for the heap. It only takes effect
    before the first thread allocates: called when the server is made. False where
    there is no glibc."""
    libc = _libc()
    return libc is not None and bool(libc.mallopt(M_ARENA_MAX, 1))


def give_back() -> bool:
    """Return the C allocator's free memory to the system (`malloc_trim(0)`, glibc).

    False where there is no glibc. It takes a few milliseconds: called after a full
    collection and when the server empties, not on every free."""
    libc = _libc()
    if libc is None:
        return False
    libc.malloc_trim(0)
    return True
