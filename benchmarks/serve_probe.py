"""Run `pmtui serve` with probes the soak benchmark reads: GC pauses and, on demand,
where the memory is.

    BENCH_PROBE=FILE [BENCH_TRACEMALLOC=FRAMES] python benchmarks/serve_probe.py serve ...

Every full collection (generation 2) is timed (gc.callbacks). On SIGUSR1 the server
runs a full collection (frozen objects included), then appends one JSON line to
FILE: RSS, the pauses since the last report and, with BENCH_TRACEMALLOC, a tracemalloc snapshot
(FILE.N.snap, for tracemalloc.Snapshot.load and compare_to afterwards), and with
BENCH_REFERRERS=TYPE[,TYPE] what refers to the first live object of each type (how the
session apps that stayed alive were traced to Textual's parser cache).
Each report also splits the RSS by allocator: Python's arenas and the bytes in use in
them (sys._debugmallocstats), glibc's heaps and what is in use (mallinfo2), the
threads and the CPU time so far.
SIGUSR2 does the same, then asks glibc to hand free memory back to the system
(`malloc_trim(0)`) and adds the RSS after that, then empties Textual's and Rich's own
caches and adds the RSS and Python's arenas after that: how much of the RSS is memory
Python has freed but its allocator kept.
The benchmark sends the signals; the server itself is unchanged, except with
BENCH_WITHOUT=unpin,trim,one_heap,clear,restart (any of them): the server without those
memory measures (pmtui/net/memory.py; clear: the caches emptied when the server is empty;
restart: starting afresh, pmtui/net/recycle.py, passed on as --no-restart), to compare;
BENCH_TRIM_EACH=1 trims after every report (with
PYTHONMALLOC=malloc: what trimming would do with every object in glibc's heaps).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import json
import os
import runpy
import signal
import sys
import tempfile
import time
import tracemalloc
import types
from collections import Counter
from pathlib import Path
from types import FrameType

OUT = Path(os.environ["BENCH_PROBE"])
FRAMES = int(os.environ.get("BENCH_TRACEMALLOC", "0"))
_pauses: list[float] = []
_started: list[float] = []
_snaps: list[str] = []
_busy: list[bool] = []
KEPT = ("App", "Screen", "Session", "Table", "Game", "JournalWriter", "State")


def _gc_callback(phase: str, info: dict[str, int]) -> None:
    if info.get("generation") != 2:
        return
    if phase == "start":
        _started[:] = [time.perf_counter()]
    elif _started:
        _pauses.append(time.perf_counter() - _started.pop())


def _rss_kb() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def _report(sig: int, _frame: FrameType | None) -> None:
    if _busy:  # a signal while the last report is still being written: skipped
        return
    _busy.append(True)
    try:
        _write_report(trim=sig == signal.SIGUSR2)
    finally:
        _busy.clear()


def _describe(r: object, o: object) -> str:
    if isinstance(r, types.FrameType):
        return f"frame {r.f_code.co_name} ({r.f_code.co_filename}:{r.f_lineno})"
    if isinstance(r, dict):
        return "dict" + str([k for k, v in r.items() if v is o][:2])
    if isinstance(r, types.FunctionType | types.MethodType):
        return f"function {getattr(r, '__qualname__', '?')}"
    return type(r).__name__


def _chains(objects: list[object], name: str, depth: int = 7) -> list[str]:
    """Referrer chains of the first object whose type is `name` (what keeps it alive)."""
    target = next((o for o in objects if type(o).__name__ == name), None)
    out: list[str] = []
    mine = {id(objects)}

    def walk(o: object, d: int, path: list[str]) -> None:
        if len(out) > 40:
            return
        refs = [r for r in gc.get_referrers(o) if id(r) not in mine]
        mine.add(id(refs))
        if d == 0 or not refs:
            out.append(" <- ".join(path))
            return
        for r in refs[:3]:
            walk(r, d - 1, [*path, _describe(r, o)])

    if target is not None:
        walk(target, depth, [name])
    return out


def _trimmed_rss_kb() -> int | None:
    """The RSS after glibc's malloc_trim(0) (None where there is no glibc)."""
    name = ctypes.util.find_library("c")
    try:
        libc = ctypes.CDLL(name)
        libc.malloc_trim(0)
    except (OSError, AttributeError, TypeError):
        return None
    return _rss_kb()


def _pymalloc_stats() -> dict[str, int]:
    """Python's small-object allocator, from sys._debugmallocstats (written to fd 2):
    its arenas (1 MiB each, returned to the system only when wholly empty) and how
    much of them is in use: `arenas allocated current` MiB against `bytes in
    allocated blocks` is the fragmentation."""
    wanted = ("arenas allocated current", "arenas highwater mark", "arenas reclaimed",
              "bytes in allocated blocks", "bytes in available blocks", "unused pools")
    saved = os.dup(2)
    with tempfile.TemporaryFile() as f:
        os.dup2(f.fileno(), 2)
        try:
            sys._debugmallocstats()
        finally:
            os.dup2(saved, 2)
            os.close(saved)
        f.seek(0)
        text = f.read().decode("ascii", "replace")
    out: dict[str, int] = {}
    for line in text.splitlines():
        name, _, value = line.lstrip("# ").partition("=")
        name = name.strip()
        if name.startswith(wanted) and value.strip():
            out[name.split(" * ")[0]] = int(value.strip().replace(",", ""))
    return out


class _MallInfo2(ctypes.Structure):
    _fields_ = [(n, ctypes.c_size_t) for n in ("arena", "ordblks", "smblks", "hblks", "hblkhd",
                                                "usmblks", "fsmblks", "uordblks", "fordblks",
                                                "keepcost")]


def _glibc_stats() -> dict[str, int] | None:
    """glibc's heap over all its arenas (mallinfo2): what it holds from the system
    (`arena` + `hblkhd`, mmapped blocks), in use (`uordblks`) and free (`fordblks`)."""
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c"))
        libc.mallinfo2.restype = _MallInfo2
        m = libc.mallinfo2()
    except (OSError, AttributeError, TypeError):
        return None
    return {"arena_kb": m.arena // 1024, "mmapped_kb": m.hblkhd // 1024,
            "in_use_kb": m.uordblks // 1024, "free_kb": m.fordblks // 1024,
            "top_free_kb": m.keepcost // 1024}


def _threads() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("Threads:"):
            return int(line.split()[1])
    return 0


def _without_caches() -> dict[str, object]:
    """What emptying Textual's and Rich's own caches (lru_cache) would give back: the
    RSS and Python's arenas after that, a collection and a trim. Measured, not kept:
    the server does not clear other libraries' caches."""
    import functools

    gc.unfreeze()
    caches = [o for o in gc.get_objects() if isinstance(o, functools._lru_cache_wrapper)
              and str(getattr(o, "__module__", "")).startswith(("textual", "rich"))]
    for c in caches:
        c.cache_clear()
    gc.collect()
    gc.freeze()
    return {"caches_cleared": len(caches), "rss_caches_cleared_kb": _trimmed_rss_kb(),
            "blocks_caches_cleared": sys.getallocatedblocks(),
            "pymalloc_caches_cleared": _pymalloc_stats()}


POOL = 1 << 14  # pymalloc's pools (3.10+, 64-bit): an arena is 64 of them


def _block_size(o: object) -> int | None:
    """The pymalloc block an object lives in, in bytes, or None where it is not one
    (larger than 512 bytes: the C allocator's)."""
    size = sys.getsizeof(o)
    if gc.is_tracked(o) or type(o).__flags__ & (1 << 14):  # Py_TPFLAGS_HAVE_GC
        t = type(o)
        n = abs(ctypes.c_ssize_t.from_address(id(o) + 16).value) if t.__itemsize__ else 0
        size = t.__basicsize__ + t.__itemsize__ * n + 16  # the collector's header
    return size if 0 < size <= 512 else None


def _arena_census(objects: list[object]) -> dict[str, object]:
    """Which of Python's arenas hold which live objects: each small object's pool
    header (the 16 KiB boundary below it) names its arena. Objects reached from the
    collector's (strings, numbers) are counted too. The arenas that hold only a few
    objects are what keeps them from being returned: their objects are listed."""
    seen: dict[int, object] = {id(o): o for o in objects}
    for o in objects:
        for r in gc.get_referents(o):
            if id(r) not in seen and not gc.is_tracked(r):
                seen[id(r)] = r
    by_arena: dict[int, list[object]] = {}
    skipped = 0
    for addr, o in seen.items():
        size = _block_size(o)
        if size is None:
            continue
        pool = addr & ~(POOL - 1)
        arena = ctypes.c_uint.from_address(pool + 32).value
        szidx = ctypes.c_uint.from_address(pool + 36).value
        if szidx != (size - 1) >> 4 or arena > 1 << 20:  # not a pymalloc block after all
            skipped += 1
            continue
        by_arena.setdefault(arena, []).append(o)
    sparse = sorted(by_arena.items(), key=lambda kv: len(kv[1]))
    def show(o: object) -> str:
        t = type(o)
        name = getattr(o, "__qualname__", None) or getattr(o, "__name__", None)
        mod = getattr(t, "__module__", "")
        try:
            text = repr(o)[:70]
        except Exception:
            text = "?"
        return f"{mod}.{t.__qualname__} {name or ''} {text}"
    return {"arenas_seen": len(by_arena), "objects_placed": sum(map(len, by_arena.values())),
            "unverified": skipped,
            "objects_per_arena": sorted(len(v) for v in by_arena.values()),
            "sparse": [{"arena": a, "n": len(v), "objects": [show(o) for o in v[:12]]}
                       for a, v in sparse[:60]],
            "types_in_sparse": Counter(type(o).__name__ for _, v in sparse[:len(sparse) * 3 // 4]
                                       for o in v).most_common(40)}


def _write_report(trim: bool = False) -> None:
    t = time.perf_counter()
    gc.unfreeze()  # the server freezes survivors (GcSteward): a full collection sees all
    gc.collect()
    forced = time.perf_counter() - t
    pauses = [round(p * 1000, 1) for p in _pauses[:-1]]  # the last one is the forced one
    _pauses.clear()
    objects = gc.get_objects()
    rec: dict[str, object] = {"time": time.time(), "rss_kb": _rss_kb(),
                              "gc_pauses_ms": pauses, "forced_gc_ms": round(forced * 1000, 1),
                              "objects": len(objects),
                              "types": Counter(type(o).__name__ for o in objects).most_common(12),
                              "blocks": sys.getallocatedblocks(),
                              "load_1m": round(os.getloadavg()[0], 2),
                              # the objects a session or a table is made of, to see which stay
                              "kept": Counter(n for o in objects if (n := type(o).__name__)
                                              .endswith(KEPT)).most_common(20),
                              "pymalloc": _pymalloc_stats(), "glibc": _glibc_stats(),
                              "threads": _threads(),
                              "cpu_s": round(sum(os.times()[:2]), 2)}
    if FRAMES:  # analysed afterwards (tracemalloc.Snapshot.load): too slow to do here
        rec["traced_kb"] = tracemalloc.get_traced_memory()[0] // 1024
        rec["snapshot"] = f"{OUT}.{len(_snaps)}.snap"
        tracemalloc.take_snapshot().dump(rec["snapshot"])
        _snaps.append(rec["snapshot"])
    if os.environ.get("BENCH_REFERRERS"):  # who holds the first object of these types
        rec["referrers"] = [c for name in os.environ["BENCH_REFERRERS"].split(",")
                            for c in _chains(objects, name)]
    if os.environ.get("BENCH_ARENAS") and trim:
        Path(f"{OUT}.arenas.json").write_text(json.dumps(_arena_census(objects), indent=1))
    del objects
    gc.freeze()
    if os.environ.get("BENCH_TRIM_EACH"):
        _trimmed_rss_kb()
    if trim:
        rec["rss_trimmed_kb"] = _trimmed_rss_kb()
        rec.update(_without_caches())
    with OUT.open("a") as f:
        f.write(json.dumps(rec) + "\n")


def _without(names: str) -> None:
    """BENCH_WITHOUT=unpin,trim,one_heap,clear: the server without these memory measures
    (pmtui/net/memory.py), to compare runs with and without them."""
    from pmtui.net import memory

    off = {n.strip() for n in names.split(",")}
    if "unpin" in off:
        memory.unpin_styles_caches = lambda: False
    if "trim" in off:
        memory.give_back = lambda: False
    if "one_heap" in off:
        memory.one_heap = lambda: False
    if "clear" in off:
        memory.clear_caches = lambda owners=(): 0


def main() -> None:
    if os.environ.get("BENCH_WITHOUT"):
        _without(os.environ["BENCH_WITHOUT"])
    if FRAMES:
        tracemalloc.start(FRAMES)
    gc.callbacks.append(_gc_callback)
    signal.signal(signal.SIGUSR1, _report)
    signal.signal(signal.SIGUSR2, _report)
    sys.argv = ["pmtui", *sys.argv[1:]]
    runpy.run_module("pmtui", run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main()
