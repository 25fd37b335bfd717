"""Time to first frame and keypress-to-screen latency of `pmtui play` under a
real pseudo-terminal (80x24 unless --size says otherwise), and keys during a game.

    python benchmarks/bench_tui.py [--runs 5] [--keys 100] [--board] [--size 80x24] [--json]
    python benchmarks/bench_tui.py --play [--runs 3] [--moves 60] [--size 200x50] [--json]

`--play` plays whole games by keys against the random computer, in this process under
Textual's test pilot (see benchmarks/tui_play.py): cursor moves, a card opened in full
(shift+d) and closed, summons (each key, and from the key that commits one to the
board with the chara in place), passes that hand the move to the computer (to its
move on the screen) and the rest; p50 / p95 / max of key to finished redraw by kind,
and the CPU time each kind of key cost. Every other option below is for the modes
that start `pmtui play` under a pseudo-terminal.

Each run starts `python -m pmtui play --seed 1` afresh. Without `--board` the
keys move the highlight of the opening prompt; with `--board` the opening
prompt is answered (Enter, until the board's footer offers Pass) and the keys
move the cursor across the board (right, right, down, left, left, up: each
one a card or zone further, the card panel redrawn). First frame: from
starting the process to the first output that contains the board (median, p95
and max over the runs). Keypress latency (every run, pooled): from writing a
focus-moving key to the first byte of the redraw (p50/p95), and to the last
byte of that redraw (the last before the output stays quiet for SETTLE, 60 ms,
so that a frame sent a little later, such as a scroll bar repainted after a
layout, counts with its own key and not as the next key's answer; the quiet
window itself is not counted). The load average is printed before and after, since a shared
machine moves the first frame by hundreds of milliseconds; so is the CPU time
the process used until its first frame (all its threads, from
/proc/PID/task/*/schedstat), which other work on the machine hardly changes.
"""

from __future__ import annotations

import argparse
import fcntl
import json
import os
import pty
import re
import select
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time

QUIET = 0.015
SETTLE = 0.06  # a key's redraw has ended once the output is quiet this long
SGR = re.compile(rb"\x1b\[[0-?]*[ -/]*[@-~]")
BOARD_KEYS = (b"\x1b[C", b"\x1b[C", b"\x1b[B", b"\x1b[D", b"\x1b[D", b"\x1b[A")


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


def cpu_seconds(pid: int) -> float | None:
    """CPU time used so far by every thread of a process (None if /proc cannot tell)."""
    total = 0
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/schedstat") as f:
                total += int(f.read().split()[0])  # ns on the CPU
    except (OSError, ValueError, IndexError):
        return None
    return total / 1e9


def to_board(fd: int, tries: int = 5) -> None:
    """Answer the opening prompt (Enter) until the board's footer offers Pass."""
    for _ in range(tries):
        os.write(fd, b"\r")
        buf = b""
        end = time.perf_counter() + 3.0
        while time.perf_counter() < end:
            r, _, _ = select.select([fd], [], [], 0.3)
            if not r:
                if buf:
                    break
                continue
            buf += os.read(fd, 65536)
        # the footer's key and word: "Pass" alone is also in the game log ("CPU: Pass"),
        # which shows behind the summary of the computer's first turn
        if re.search(rb"\bp\s+Pass", SGR.sub(b" ", buf)):
            drain(fd, 0.5)  # the computer's first moves, if any, drawn
            return
    raise TimeoutError("the board never offered Pass")


def one_run(keys: int, board: bool = False, size: tuple[int, int] = (80, 24),
            ) -> tuple[float, float | None, list[float], list[float]]:
    """(first frame in s, CPU s used until then, key-to-first-byte times,
    key-to-end-of-redraw times)."""
    master, slave = pty.openpty()
    width, height = size
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))
    save = os.path.join(tempfile.mkdtemp(), "bench.jsonl")
    env = dict(os.environ, TERM="xterm-256color", COLUMNS=str(width), LINES=str(height))
    t0 = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-m", "pmtui", "play", "--seed", "1", "--save", save],
        stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True,
    )
    os.close(slave)
    firsts: list[float] = []
    bursts: list[float] = []
    try:
        _, t_first = read_until(master, b"Deck", 20)
        cpu = cpu_seconds(proc.pid)
        drain(master, 0.3)
        if board:
            to_board(master)
        for i in range(keys):
            if board:  # the board's cursor goes round a few cards and zones
                key = BOARD_KEYS[i % len(BOARD_KEYS)]
            else:  # down / up: the highlight of the opening prompt moves, the screen redraws
                key = b"\x1b[B" if i % 2 == 0 else b"\x1b[A"
            sent = time.perf_counter()
            os.write(master, key)
            first, last = drain(master, SETTLE, limit=1.0)
            if first is None:
                continue
            firsts.append(first - sent)
            bursts.append(last - sent)
    finally:
        proc.terminate()
        proc.wait(5)
        os.close(master)
    return t_first - t0, cpu, firsts, bursts


def pct(xs: list[float], q: float) -> float:
    """The q-quantile of xs in ms (nearest rank, as before)."""
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(len(xs) * q))] * 1000


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5, help="fresh processes (default 5)")
    ap.add_argument("--keys", type=int, default=100, help="keys per run (default 100)")
    ap.add_argument("--board", action="store_true", help="time cursor moves on the board")
    ap.add_argument("--json", action="store_true", help="one JSON object instead of text")
    ap.add_argument("--size", default="80x24", help="terminal columns x rows (default 80x24)")
    ap.add_argument("--play", action="store_true", help="keys during whole games (in process)")
    ap.add_argument("--moves", type=int, default=60, help="--play: moves per game (default 60)")
    ap.add_argument("--seed", type=int, default=1, help="--play: the first game's seed")
    args = ap.parse_args()
    cols, _, rows = args.size.partition("x")
    size = (int(cols), int(rows))
    if args.play:
        play_main(args.runs, args.moves, args.seed, size, args.json)
        return
    load_before = os.getloadavg()
    frames: list[float] = []
    cpus: list[float] = []
    firsts: list[float] = []
    bursts: list[float] = []
    for i in range(args.runs):
        if i:
            time.sleep(0.5)  # let the previous process finish exiting
        frame, cpu, f, b = one_run(args.keys, args.board, size)
        frames.append(frame)
        if cpu is not None:
            cpus.append(cpu)
        firsts += f
        bursts += b
    load_after = os.getloadavg()
    out = {
        "runs": args.runs,
        "keys_on": "board" if args.board else "opening prompt",
        "size": args.size,
        "first_frame_ms": [round(x * 1000) for x in frames],
        "first_frame_median_ms": round(statistics.median(frames) * 1000),
        "first_frame_p95_ms": round(pct(frames, 0.95)),
        "first_frame_max_ms": round(max(frames) * 1000),
        "first_frame_cpu_median_ms": round(statistics.median(cpus) * 1000) if cpus else None,
        "keys": args.keys * args.runs,
        "keys_answered": len(firsts),
        "first_byte_p50_ms": round(statistics.median(firsts) * 1000, 1) if firsts else None,
        "first_byte_p95_ms": round(pct(firsts, 0.95), 1) if firsts else None,
        "redraw_p50_ms": round(statistics.median(bursts) * 1000, 1) if bursts else None,
        "redraw_p95_ms": round(pct(bursts, 0.95), 1) if bursts else None,
        "loadavg_before": [round(x, 2) for x in load_before],
        "loadavg_after": [round(x, 2) for x in load_after],
        "cpus": os.cpu_count(),
        "bytecode_cache": not os.environ.get("PYTHONDONTWRITEBYTECODE"),
    }
    if args.json:
        print(json.dumps(out))
        return
    print(f"first frame: median {out['first_frame_median_ms']} ms, "
          f"p95 {out['first_frame_p95_ms']} ms, max {out['first_frame_max_ms']} ms "
          f"(runs: {', '.join(map(str, out['first_frame_ms']))})")
    if cpus:
        print(f"CPU time until the first frame: median {out['first_frame_cpu_median_ms']} ms")
    print(f"keys answered ({out['keys_on']}): {len(firsts)} of {out['keys']}")
    if firsts:
        print(f"first byte after key: p50 {out['first_byte_p50_ms']} ms, "
              f"p95 {out['first_byte_p95_ms']} ms")
        print(f"redraw complete:      p50 {out['redraw_p50_ms']} ms, "
              f"p95 {out['redraw_p95_ms']} ms")
    print(f"load average (1/5/15 min): before {' '.join(map(str, out['loadavg_before']))}, "
          f"after {' '.join(map(str, out['loadavg_after']))}; {out['cpus']} CPUs"
          + ("" if out["bytecode_cache"] else "; PYTHONDONTWRITEBYTECODE is set"))


def play_main(runs: int, moves: int, seed: int, size: tuple[int, int], as_json: bool) -> None:
    """`--play`: `runs` games (seeds seed, seed + 1, ...), every key pooled by kind."""
    import asyncio

    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from tui_play import play  # noqa: PLC0415 - needs Textual's pilot: only for --play

    load_before = os.getloadavg()
    times: dict[str, list[float]] = {}
    cpu: dict[str, list[float]] = {}
    for i in range(runs):
        run = asyncio.run(play(size, seed + i, moves))
        for kind, xs in run.times.items():
            times.setdefault(kind, []).extend(xs)
        for kind, xs in run.cpu.items():
            cpu.setdefault(kind, []).extend(xs)
    rows = {
        kind: {"keys": len(xs), "p50_ms": round(statistics.median(xs) * 1000, 1),
               "p95_ms": round(pct(xs, 0.95), 1), "max_ms": round(max(xs) * 1000, 1),
               "cpu_p50_ms": round(statistics.median(cpu[kind]) * 1000, 1) if cpu.get(kind)
               else None}
        for kind, xs in sorted(times.items())
    }
    out = {"mode": "play", "size": f"{size[0]}x{size[1]}", "runs": runs, "moves": moves,
           "keys": rows, "loadavg_before": [round(x, 2) for x in load_before],
           "loadavg_after": [round(x, 2) for x in os.getloadavg()], "cpus": os.cpu_count()}
    if as_json:
        print(json.dumps(out))
        return
    print(f"keys during play at {out['size']}, {runs} games of at most {moves} moves; "
          "key to finished redraw (ms):")
    print(f"{'':34} {'keys':>5} {'p50':>7} {'p95':>7} {'max':>7} {'CPU p50':>8}")
    for kind, r in rows.items():
        print(f"{kind:34} {r['keys']:>5} {r['p50_ms']:>7} {r['p95_ms']:>7} {r['max_ms']:>7} "
              f"{r['cpu_p50_ms']!s:>8}")
    print(f"load average (1/5/15 min): before {' '.join(map(str, out['loadavg_before']))}, "
          f"after {' '.join(map(str, out['loadavg_after']))}; {out['cpus']} CPUs")


if __name__ == "__main__":
    main()
