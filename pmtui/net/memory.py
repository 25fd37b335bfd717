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
- **Bounded caches keep the last entries made.** Rich's and Textual's `lru_cache`s
  (regions, styles, colours, drawn lines: some 60 of them, up to 16,384 entries
  each) are filled and churned while sessions play, so when the last session leaves
  their entries are the newest objects, one or a few in each of Python's 1 MiB
  arenas, and no arena can be returned. `clear_caches` empties them (and the
  server's own) when the server is empty; they fill again with the next session.
  On its own this gave back little (13 MiB of 210, no arena: blocks that are not
  objects still hold them); what gives the memory back is starting afresh
  (recycle.py), and this keeps what a server that does not restart holds smaller.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
import inspect
import logging
import sys
import types
from collections.abc import Callable, Iterator

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

    @_owned
    @functools.lru_cache(1024)
    def by_colours(base_background: object, background: object) -> object:
        return compute(StylesCache, base_background, background)  # it reads the colours only

    def get_inner_outer(self: StylesCache, base_background: object,
                        background: object) -> object:
        return by_colours(base_background, background)

    StylesCache.get_inner_outer = get_inner_outer  # type: ignore[assignment,method-assign]
    method.cache_clear()  # what it held so far
    return True


_OWNED: list[functools._lru_cache_wrapper[object]] = []  # the caches made here


def _owned(cache: functools._lru_cache_wrapper[object]) -> functools._lru_cache_wrapper[object]:
    _OWNED.append(cache)
    return cache


CACHE_OWNERS = ("rich", "textual", "pmtui", "rulesets")  # whose bounded caches are emptied


def clear_caches(owners: tuple[str, ...] = CACHE_OWNERS) -> int:
    """Empty every bounded `lru_cache` of the modules under `owners` (functions, and
    methods of their classes) and those made here; how many were emptied.

    Bounded caches only: an unbounded one (`functools.cache`) is how a module loads a
    thing once (a ruleset, its card data) and may be relied on to hand out the same
    object again; a bounded one may drop any entry at any time, so emptying it changes
    nothing but speed. Called when the server is empty, before the full collection."""
    done: set[int] = set()
    for cache in [*_bounded_caches(owners), *_OWNED]:
        if id(cache) not in done:
            done.add(id(cache))
            cache.cache_clear()
    return len(done)


def _bounded_caches(owners: tuple[str, ...]) -> Iterator[functools._lru_cache_wrapper[object]]:
    for name, module in list(sys.modules.items()):
        if not isinstance(module, types.ModuleType) or name.partition(".")[0] not in owners:
            continue  # (sys.modules may hold other objects)
        for value in list(vars(module).values()):
            members = [value]
            if isinstance(value, type) and value.__module__ == name:  # its own classes
                members = list(vars(value).values())
            for m in members:
                if isinstance(m, staticmethod | classmethod):
                    m = m.__func__
                if (isinstance(m, functools._lru_cache_wrapper)
                        and m.cache_parameters()["maxsize"] is not None):
                    yield m


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
