"""One key's input flood against the other players of `pmtui serve`.

    python benchmarks/bench_fairness.py [--flooders 8] [--players 2] [--cycles 3]
                                        [--quiet 6] [--flood 8] [--after 4] [--seed 1] [--json]

The server runs in its own process (`python -m pmtui serve`, a temporary data
directory and authorized-keys file); the clients are asyncssh sessions with an 80x24
pseudo-terminal in this process. `--players` players of their own keys each sit down
against the computer and type down and up on the first prompt, four keys a second
(each waits for the answer to the last, at most 2 s): a redraw each. `--flooders`
sessions of one other key (the per-key maximum by default) sign in to the lobby.
Then, `--cycles` times: `--quiet` seconds of nothing else, `--flood` seconds in
which each flooder sends 1 KB of random bytes every 0.25 s (inside the per-session
input cap; the bytes that would sign the flooder out, `q` and ctrl+q, are left out,
and a flooder whose session ends anyway signs in again), and `--after` seconds of
nothing again. The phases alternate so that the machine's drifting load falls on
each alike.

Measured: from a player's key to the first bytes back, median and p90, in each
phase over all cycles: `quiet_first` (the first quiet phase, before any flood: the
reference), quiet (from its second second), flood (likewise), after
(keys sent from 0.5 s after the flood's last byte), and `after_first_0.5s`, the
keys sent in the first half second after the flood. Also the server's CPU share in
each phase, and the flooders' sessions signed in again. The whole run is bounded:
setup, then cycles x (quiet + flood + after) seconds (about a minute with the
defaults; the script refuses phases that would pass 2 minutes).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import asyncssh

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_ssh import ENTER, cpu_seconds, pct, stop  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
DOWN, UP = "\x1b[B", "\x1b[A"
SGR = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]")
LEAVING = {ord("q"), 0x11}  # q and ctrl+q sign a lobby out: a flood stays signed in
DEADLINE = 120.0


class Client:
    """One session: its output, and the time of the key waiting for an answer."""

    def __init__(self, user: str, key: asyncssh.SSHKey) -> None:
        self.user, self.key = user, key
        self.out = bytearray()
        self.conn: Any = None
        self.chan: Any = None
        self.sent_at: float | None = None
        self.samples: list[tuple[float, float]] = []  # (sent at, latency)
        self.got = asyncio.Event()
        self.closed = asyncio.Event()

    async def connect(self, port: int) -> None:
        me = self
        self.closed.clear()

        class _S(asyncssh.SSHClientSession):  # type: ignore[type-arg]
            def data_received(self, data: bytes, datatype: Any) -> None:
                me.received(data)

            def connection_lost(self, exc: Exception | None) -> None:
                me.closed.set()

        self.conn = await asyncssh.connect("127.0.0.1", port, username=self.user,
                                           client_keys=[self.key], known_hosts=None,
                                           agent_path=None, config=None)
        self.chan, _ = await self.conn.create_session(_S, term_type="xterm-256color",
                                                      term_size=(80, 24), encoding=None)

    def received(self, data: bytes) -> None:
        now = time.perf_counter()
        self.out += data
        if len(self.out) > 100_000:
            del self.out[:50_000]
        if self.sent_at is not None:
            self.samples.append((self.sent_at, now - self.sent_at))
            self.sent_at = None
        self.got.set()

    def text(self) -> str:
        return SGR.sub("", self.out[-20_000:].decode("utf-8", "replace"))

    async def wait_for(self, text: str, timeout: float = 30.0) -> None:
        deadline = time.monotonic() + timeout
        while text not in self.text():
            if time.monotonic() > deadline:
                raise RuntimeError(f"{self.user}: never saw {text!r}")
            self.got.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.got.wait(), 0.2)


async def sit_down(c: Client, port: int) -> None:
    """Sign in and sit down against the computer; on the board or a prompt after."""
    await c.connect(port)
    await c.wait_for("q Leave")
    c.chan.write(b"p")
    start = time.monotonic()
    asked = False
    while "Your deck against the computer" not in c.text():
        if "Which game?" in c.text():
            c.out.clear()
            c.chan.write(ENTER.encode())
            asked = True
        waited = time.monotonic() - start
        if waited > 60:
            raise RuntimeError(f"{c.user}: no deck menu; the screen ended {c.text()[-600:]!r}")
        if not asked and waited > 10 and int(waited * 5) % 50 == 0:
            c.chan.write(b"p")  # a busy machine: the lobby had not taken the key yet
        await asyncio.sleep(0.2)
    c.out.clear()
    c.chan.write(ENTER.encode())
    await c.wait_for("You vs")
    await asyncio.sleep(1.0)  # the computer's first moves, if it begins


async def typist(c: Client, end: float, rng: random.Random) -> None:
    flip = False
    while time.monotonic() < end:
        await asyncio.sleep(rng.uniform(0.2, 0.3))
        if c.sent_at is not None:
            if time.perf_counter() - c.sent_at < 2.0:
                continue  # still waiting for the last answer
            c.samples.append((c.sent_at, 2.0))  # no answer within 2 s: counted as 2 s
        flip = not flip
        c.sent_at = time.perf_counter()
        c.chan.write((DOWN if flip else UP).encode())


async def flooder(c: Client, port: int, end: float, rng: random.Random,
                  counts: dict[str, int]) -> None:
    while time.monotonic() < end:
        if c.chan is None or c.closed.is_set():
            try:
                await c.connect(port)
                counts["signed_in"] += 1
            except (OSError, asyncssh.Error):
                counts["refused"] += 1
                await asyncio.sleep(0.25)
                continue
        junk = bytes(b for b in rng.randbytes(1100) if b not in LEAVING)[:1024]
        c.chan.write(junk)
        counts["bytes"] += len(junk)
        await asyncio.sleep(0.25)


def flood_process(port: int, key: bytes, args: argparse.Namespace, t0: float, seed: float,
                  results: Any) -> None:
    """The flooders' side (a process of its own): sign in, then flood in each cycle's
    flood phase; put the counts in `results`."""
    counts = {"bytes": 0, "signed_in": 0, "refused": 0}

    async def main() -> None:
        rng = random.Random(seed)
        flooding = [Client("flood", asyncssh.import_private_key(key))
                    for _ in range(args.flooders)]
        for f in flooding:  # signed in before the first quiet phase
            await f.connect(port)
            await f.wait_for("q Leave")
        cycle = args.quiet + args.flood + args.after
        for i in range(args.cycles):
            start = t0 + i * cycle + args.quiet
            await asyncio.sleep(max(0.0, start - time.monotonic()))
            await asyncio.gather(*(flooder(c, port, start + args.flood,
                                           random.Random(rng.random()), counts)
                                   for c in flooding))
        for c in flooding:
            with contextlib.suppress(Exception):
                c.conn.close()

    began = time.monotonic()
    asyncio.run(main())
    counts["cpu_share"] = round(time.process_time() / (time.monotonic() - began), 2)
    results.put(counts)


def phase(samples: list[tuple[float, float]],
          ranges: list[tuple[float, float]]) -> dict[str, Any]:
    ms = [lat * 1000 for t, lat in samples if any(a <= t < b for a, b in ranges)]
    return {"keys": len(ms), "p50_ms": round(pct(ms, 0.5), 1),
            "p90_ms": round(pct(ms, 0.9), 1), "max_ms": round(max(ms, default=0), 1)}


async def run(args: argparse.Namespace) -> dict[str, Any]:
    t_begin = time.monotonic()
    tmp = Path(tempfile.mkdtemp(prefix="pmtui-bench-fair-"))
    players = [f"p{i}" for i in range(args.players)]
    keys = {u: asyncssh.generate_private_key("ssh-ed25519") for u in [*players, "flood"]}
    auth = tmp / "authorized_keys"
    auth.write_bytes(b"".join(k.export_public_key() for k in keys.values()))
    profile = ["-m", "cProfile", "-o", os.environ["BENCH_PROFILE"]] \
        if os.environ.get("BENCH_PROFILE") else []
    proc = subprocess.Popen(
        [sys.executable, *profile, "-m", "pmtui", "serve", "--port", "0", "--no-restart",
         "--data-dir", str(tmp / "data"), "--authorized-keys", str(auth)],
        cwd=ROOT, stdout=subprocess.PIPE, text=True,
        stderr=open(os.environ["BENCH_STDERR"], "w") if os.environ.get("BENCH_STDERR")  # noqa: SIM115
        else subprocess.DEVNULL)
    try:
        assert proc.stdout is not None
        port = int(re.search(r":(\d+) ", proc.stdout.readline()).group(1))  # type: ignore[union-attr]
        me = [Client(u, keys[u]) for u in players]
        await asyncio.gather(*(sit_down(c, port) for c in me))
        rng = random.Random(args.seed)
        cycle = args.quiet + args.flood + args.after
        # the flooders run in a process of their own: the players' client is not slowed
        # by their traffic, only the server is
        ctx = multiprocessing.get_context("spawn")
        results = ctx.Queue()
        t0 = time.monotonic() + 8.0 + 0.5 * args.flooders  # once they have signed in
        child = ctx.Process(target=flood_process, args=(
            port, keys["flood"].export_private_key(), args, t0, rng.random(), results))
        child.start()
        end = t0 + args.cycles * cycle
        if end - t_begin > DEADLINE:
            raise SystemExit(f"the run would pass {DEADLINE:.0f} s: shorten the phases")
        # each cycle: quiet, flood, after (the machine's load drifts: the phases alternate)
        spans: dict[str, list[tuple[float, float]]] = {
            "quiet": [], "flood": [], "after_first_0.5s": [], "after": []}
        for i in range(args.cycles):
            q = t0 + i * cycle
            f, a = q + args.quiet, q + args.quiet + args.flood
            spans["quiet"].append((q + 1.0, f))  # the first second: the last flood's tail
            spans["flood"].append((f + 1.0, a))  # ... and the flood's first keys
            spans["after_first_0.5s"].append((a, a + 0.5))
            spans["after"].append((a + 0.5, a + args.after))
        cpu: dict[str, float] = {"quiet": 0.0, "flood": 0.0, "after": 0.0}

        async def server_cpu() -> None:
            at = t0
            for _ in range(args.cycles):
                for name, length in (("quiet", args.quiet), ("flood", args.flood),
                                     ("after", args.after)):
                    await asyncio.sleep(max(0.0, at - time.monotonic()))
                    before = cpu_seconds(proc.pid)
                    at += length
                    await asyncio.sleep(max(0.0, at - time.monotonic()))
                    cpu[name] += cpu_seconds(proc.pid) - before

        await asyncio.sleep(max(0.0, t0 - time.monotonic()))
        await asyncio.gather(server_cpu(), *(typist(c, end, random.Random(rng.random()))
                                             for c in me))
        counts = await asyncio.get_running_loop().run_in_executor(None, results.get, True, 30)
        child.join(10)
        shift = time.perf_counter() - time.monotonic()  # the samples' clock
        samples = [s for c in me for s in c.samples]
        if os.environ.get("BENCH_SAMPLES"):  # (seconds into the run, ms) of every key
            Path(os.environ["BENCH_SAMPLES"]).write_text(json.dumps(
                [(round(t - shift - t0, 3), round(lat * 1000, 1)) for t, lat in samples]))
        length = {"quiet": args.quiet, "flood": args.flood, "after": args.after}
        result = {
            "flooders": args.flooders, "players": args.players, "seed": args.seed,
            "cycles": args.cycles,
            # before any flood: the reference (a later quiet phase may hold a flood's tail)
            "quiet_first": phase(samples, [(spans["quiet"][0][0] + shift,
                                            spans["quiet"][0][1] + shift)]),
            **{name: phase(samples, [(a + shift, b + shift) for a, b in ranges])
               for name, ranges in spans.items()},
            "flood_kb_sent": round(counts["bytes"] / 1024),
            "flood_client_cpu_share": counts["cpu_share"],
            "player_client_cpu_share": round(time.process_time() / (time.monotonic() - t_begin), 2),
            "flooder_sign_ins": counts["signed_in"], "flooder_refusals": counts["refused"],
            "server_cpu_share": {n: round(cpu[n] / (length[n] * args.cycles), 2) for n in cpu},
            "load_avg_1m": round(os.getloadavg()[0], 2),
            "run_s": round(time.monotonic() - t_begin, 1),
        }
        for c in me:
            with contextlib.suppress(Exception):
                c.conn.close()
        return result
    finally:
        stop(proc)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--flooders", type=int, default=8)
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--cycles", type=int, default=3, help="quiet, flood, after: this many times")
    p.add_argument("--quiet", type=float, default=6.0, help="seconds before each flood")
    p.add_argument("--flood", type=float, default=8.0, help="seconds of flood")
    p.add_argument("--after", type=float, default=4.0, help="seconds measured after it")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", action="store_true")
    args = p.parse_args()
    result = asyncio.run(asyncio.wait_for(run(args), DEADLINE + 30))
    if args.json:
        print(json.dumps(result))
    else:
        for k, v in result.items():
            print(f"{k:20s} {v}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
