"""Time to first frame and keypress-to-screen latency of `pmtui play` under a
real pseudo-terminal at 80x24.

    python benchmarks/bench_tui.py [--keys 200]

First frame: from starting the process to the first output that contains the
board. Keypress latency: from writing a focus-moving key to the first
byte of the redraw (p50/p95), and to the end of that redraw burst (output quiet
for 15 ms; the quiet window itself is subtracted).
"""

from __future__ import annotations

import argparse
import fcntl
import os
import pty
import select
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time

QUIET = 0.015


def read_until(fd: int, needle: bytes, timeout: float) -> tuple[bytes, float]:
    buf = b""
    end = time.perf_counter() + timeout
    while time.perf_counter() < end:
        r, _, _ = select.select([fd], [], [], 0.05)
        if r:
            try:
                buf += os.read(fd, 65536)
            except OSError:
                break
            if needle in buf:
                return buf, time.perf_counter()
    raise TimeoutError(f"no {needle!r} within {timeout} s")


def drain(fd: int, quiet: float = QUIET, limit: float = 2.0) -> tuple[float | None, float]:
    """(time of first byte, time of the last byte) of the next output burst."""
    first = last = None
    end = time.perf_counter() + limit
    while time.perf_counter() < end:
        r, _, _ = select.select([fd], [], [], quiet)
        if not r:
            if first is not None:
                break
            continue
        os.read(fd, 65536)
        now = time.perf_counter()
        first = first or now
        last = now
    return first, last or time.perf_counter()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--keys", type=int, default=200)
    args = ap.parse_args()
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    save = os.path.join(tempfile.mkdtemp(), "bench.jsonl")
    env = dict(os.environ, TERM="xterm-256color", COLUMNS="80", LINES="24")
    t0 = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-m", "pmtui", "play", "--seed", "1", "--save", save],
        stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True,
    )
    os.close(slave)
    try:
        _, t_first = read_until(master, b"Deck", 20)
        drain(master, 0.3)
        firsts, bursts = [], []
        for i in range(args.keys):
            # down / up: the highlight of the opening prompt moves, the screen redraws
            key = b"\x1b[B" if i % 2 == 0 else b"\x1b[A"
            sent = time.perf_counter()
            os.write(master, key)
            first, last = drain(master, limit=0.5)
            if first is None:
                continue
            firsts.append(first - sent)
            bursts.append(last - sent)
    finally:
        proc.terminate()
        proc.wait(5)

    def pct(xs: list[float], q: float) -> float:
        xs = sorted(xs)
        return xs[min(len(xs) - 1, int(len(xs) * q))] * 1000

    print(f"first frame: {(t_first - t0) * 1000:.0f} ms")
    print(f"keys answered: {len(firsts)} of {args.keys}")
    print(f"first byte after key: p50 {statistics.median(firsts) * 1000:.1f} ms, "
          f"p95 {pct(firsts, 0.95):.1f} ms")
    print(f"redraw complete:      p50 {statistics.median(bursts) * 1000:.1f} ms, "
          f"p95 {pct(bursts, 0.95):.1f} ms")


if __name__ == "__main__":
    main()
