"""Run `pmtui serve` with probes the soak benchmark reads: GC pauses and, on demand,
where the memory is.

    BENCH_PROBE=FILE [BENCH_TRACEMALLOC=FRAMES] python benchmarks/serve_probe.py serve ...

Every full collection (generation 2) is timed (gc.callbacks). On SIGUSR1 the server
runs a full collection (frozen objects included), then appends one JSON line to
FILE: RSS, the pauses since the last report and, with BENCH_TRACEMALLOC, a tracemalloc snapshot
(FILE.N.snap, for tracemalloc.Snapshot.load and compare_to afterwards), and with
BENCH_REFERRERS=TYPE[,TYPE] what refers to the first live object of each type (how the
session apps that stayed alive were traced to Textual's parser cache).
SIGUSR2 does the same, then asks glibc to hand free memory back to the system
(`malloc_trim(0)`) and adds the RSS after that: how much of the RSS is memory Python
has freed but the allocator kept (the RSS does not fall by itself).
The benchmark sends the signals; the server itself is unchanged.
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
                                              .endswith(KEPT)).most_common(20)}
    if FRAMES:  # analysed afterwards (tracemalloc.Snapshot.load): too slow to do here
        rec["traced_kb"] = tracemalloc.get_traced_memory()[0] // 1024
        rec["snapshot"] = f"{OUT}.{len(_snaps)}.snap"
        tracemalloc.take_snapshot().dump(rec["snapshot"])
        _snaps.append(rec["snapshot"])
    if os.environ.get("BENCH_REFERRERS"):  # who holds the first object of these types
        rec["referrers"] = [c for name in os.environ["BENCH_REFERRERS"].split(",")
                            for c in _chains(objects, name)]
    del objects
    gc.freeze()
    if trim:
        rec["rss_trimmed_kb"] = _trimmed_rss_kb()
    with OUT.open("a") as f:
        f.write(json.dumps(rec) + "\n")


def main() -> None:
    if FRAMES:
        tracemalloc.start(FRAMES)
    gc.callbacks.append(_gc_callback)
    signal.signal(signal.SIGUSR1, _report)
    signal.signal(signal.SIGUSR2, _report)
    sys.argv = ["pmtui", *sys.argv[1:]]
    runpy.run_module("pmtui", run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main()
