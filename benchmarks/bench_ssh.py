"""Load on `pmtui serve`: 20 SSH sessions at 10 tables, keys typed by a script.

    python benchmarks/bench_ssh.py [--sessions 20] [--seconds 30] [--rate 1] [--move-every 8]
                                   [--json]
    python benchmarks/bench_ssh.py --soak MINUTES [--tables 20] [--drain 10] [--json]

The server runs in its own process (`python -m pmtui serve`, a temporary data
directory and authorized-keys file); the clients are asyncssh sessions with a
pseudo-terminal (80x24) in this process. Pairs of clients create and join a table
each through the lobby, by keys. Then every session types, at `--rate` keys a
second with jitter, down and up (on the board the cursor moves to the next row and
back, the card panel changes; in a prompt the highlight moves): a redraw; about every
`--move-every` seconds a player answers what they are asked by keys, as the soak's
players do (enter on a prompt, p to pass on the board, x/n when asked to approach or
interfere, Enter on an info box; the pay picker's picks and Enter at typing speed): a
move, which redraws both screens of the table and opens the next prompt.

Measured: keypress-to-output latency (from writing the key to the first bytes of
output after it, per session, p50/p95/p99/max), keys that got no output within 2 s,
the server's RSS (baseline after start, with every session at its table: per
session = the difference / sessions) and the server's CPU use during the run.

`--soak MINUTES` is the long run: `--tables` sessions each play whole games against
the computer through the lobby (p, a deck, then about every `--move-every` seconds
Enter on a prompt, p on the board, picks and Enter in the pay picker, until the game
is over), go back to the
lobby, disconnect, reconnect and start the next game, for MINUTES; then each
finishes the game under way (for at most `--drain` minutes more: a game still going
then stays unfinished, as with a dropped connection) and disconnects.
The server runs under benchmarks/serve_probe.py: every 30 s it reports, after a
full collection, its RSS, Python's allocated blocks, the live objects (and those a
session or a table is made of: apps, games, tables), the load average and the full
collections' pauses since the last report; the last report, 30 s after everyone
left, also gives the RSS after glibc's malloc_trim and after emptying Textual's
caches; each report splits the RSS between Python's arenas and glibc's heaps
(BENCH_TRACEMALLOC=FRAMES adds the top allocation sites to the result's "probe" file;
BENCH_WITHOUT=unpin,trim runs the server without the memory measures of
pmtui/net/memory.py, to compare). Measured: all that over
time and after everyone left, games played (and journals of finished games), pauses,
and the seconds from a player's q on the game-over screen to the lobby (p50, max).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import asyncssh

ROOT = Path(__file__).resolve().parent.parent
ENTER, DOWN, UP, ESC = "\r", "\x1b[B", "\x1b[A", "\x1b"
FOOTER_ROW = re.compile(rb"\x1b\[24;1H(.*?)(?=\x1b\[\d+;\d+H|$)", re.S)  # 80x24: row 24
SGR = re.compile(rb"\x1b\[[0-?]*[ -/]*[@-~]")


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Session:
    def __init__(self, user: str) -> None:
        self.user = user
        self.out = bytearray()
        self.chan: Any = None
        self.conn: Any = None
        self.sent_at: float | None = None
        self.kind = "move"
        self.latencies: list[float] = []
        self.by_kind: dict[str, list[float]] = {"move": [], "cursor": []}
        self.missed = 0
        self.got = asyncio.Event()
        self.footer = ""  # the last footer drawn: what the keys do now

    def received(self, data: bytes) -> None:
        now = time.perf_counter()
        self.out += data
        if len(self.out) > 200_000:
            del self.out[:100_000]
        # the footer (the screen's last row) drawn last says what the keys do now:
        # a prompt's ("Choose") or the board's ("p Pass"); the bytes just before
        # this chunk catch a row split across two chunks
        tail = bytes(self.out[-(len(data) + 400):])
        rows = FOOTER_ROW.findall(tail)
        if rows:
            self.footer = SGR.sub(b"", rows[-1]).decode("utf-8", "replace")
        if self.sent_at is not None:
            self.latencies.append(now - self.sent_at)
            self.by_kind[self.kind].append(now - self.sent_at)
            self.sent_at = None
        self.got.set()

    def text(self) -> str:
        return re.sub(r"\x1b\[[0-?]*[ -/]*[@-~]", "", self.out[-20_000:].decode("utf-8", "replace"))

    async def connect(self, port: int, key: asyncssh.SSHKey) -> None:
        me = self

        class _S(asyncssh.SSHClientSession):  # type: ignore[type-arg]
            def data_received(self, data: bytes, datatype: Any) -> None:
                me.received(data)

        self.conn = await asyncssh.connect("127.0.0.1", port, username=self.user,
                                           client_keys=[key], known_hosts=None,
                                           agent_path=None, config=None)
        self.chan, _ = await self.conn.create_session(_S, term_type="xterm-256color",
                                                      term_size=(80, 24), encoding=None)

    def send(self, key: str, timed: bool = False, kind: str = "cursor") -> None:
        if timed:
            self.kind = kind
            if self.sent_at is not None:
                self.missed += 1  # the previous key never got an answer
            self.sent_at = time.perf_counter()
        self.chan.write(key.encode())

    async def wait_for(self, text: str, timeout: float = 20.0, also: str = "") -> None:
        deadline = time.monotonic() + timeout
        while text not in self.text() and not (also and also in self.text()):
            if time.monotonic() > deadline:
                raise RuntimeError(f"{self.user}: never saw {text!r}")
            self.got.clear()
            try:
                await asyncio.wait_for(self.got.wait(), 0.2)
            except TimeoutError:
                pass


async def setup(port: int, keys: dict[str, asyncssh.SSHKey], n: int) -> list[Session]:
    sessions = [Session(f"u{i:02d}") for i in range(n)]
    for at in range(0, n, 8):  # the server lets 8 connections of an address sign in at once
        await asyncio.gather(*(s.connect(port, keys[s.user]) for s in sessions[at:at + 8]))
    await asyncio.gather(*(s.wait_for("q Leave") for s in sessions))
    for t in range(n // 2):  # table t+1: created by one of a pair, joined by the other
        a, b = sessions[2 * t], sessions[2 * t + 1]
        a.send("c")
        await a.wait_for("Your deck for a new table", also="Which game?")
        if "Which game?" in a.text():  # several games installed: the first one
            a.send(ENTER)
            await a.wait_for("Your deck for a new table")
        a.send(DOWN * (t % 4) + ENTER)
        await a.wait_for("waiting for a player")
        await b.wait_for(f"{a.user} vs —")
        await asyncio.sleep(0.3)
        b.send(DOWN * t + "j")
        await b.wait_for("Your deck for table")
        b.send(DOWN * ((t + 1) % 4) + ENTER)
        await b.wait_for(f"You vs {a.user}")
        await a.wait_for(f"You vs {b.user}")
    return sessions


async def typist(s: Session, seconds: float, rate: float, move_every: float,
                 rng: random.Random) -> None:
    end = time.monotonic() + seconds
    flip = False
    step = 0
    next_move = time.monotonic() + rng.uniform(0, move_every)
    while time.monotonic() < end:
        await asyncio.sleep(rng.uniform(0.5, 1.5) / rate)
        if s.sent_at is not None and time.perf_counter() - s.sent_at > 2.0:
            s.sent_at = None
            s.missed += 1
        if s.sent_at is not None:
            continue  # still waiting for the last answer
        picking = "Cancel play" in s.footer
        if time.monotonic() > next_move or picking:
            # the pay picker is worked through at typing speed (picks, then Enter), as
            # the soak's players do; anything else is answered every move_every seconds
            press = answer(s.footer, step)
            step = step + 1 if picking else 0
            if not picking:
                next_move = time.monotonic() + rng.uniform(0.5, 1.5) * move_every
            if press is not None:
                s.send(press, timed=True, kind="cursor" if press in (DOWN, " ") else "move")
                continue
        flip = not flip
        # down/up: on the board the cursor goes to the next row and back, in a
        # prompt the highlight moves along its list: always something to redraw
        s.send(DOWN if flip else UP, timed=True)


def answer(footer: str, step: int) -> str | None:
    """The key a soak player presses on a screen, known by its footer; None: wait.

    A prompt: Enter (its first option). The board: p when Pass is offered, x or n
    when it asks whether to approach or interfere (Precious Memories' keys). The pay
    picker (its footer offers "Cancel play"): Enter to confirm, space to pick the
    highlighted card, down to the next one, in turn until the payment is met; escape
    now and then (a payment that cannot be met). An info box or the summary of what
    happened meanwhile: Enter closes it.
    """
    if "Cancel play" in footer:
        return ESC if step % 31 == 30 else (ENTER, " ", DOWN)[step % 3]
    if "Choose" in footer:
        return ENTER
    if "p Pass" in footer:
        return "p"
    if "x Stop approaching" in footer:  # the board when you may approach: you do not
        return "x"
    if "n No interf." in footer:  # ... or interfere: you do not
        return "n"
    if "Close" in footer or "Go on" in footer:
        return ENTER
    return None


async def soak_player(s: Session, port: int, key: asyncssh.SSHKey, end: float,
                      drain: float, move_every: float, rng: random.Random,
                      games: list[int], abandoned: list[int], errors: list[str],
                      first: asyncio.Event, go: asyncio.Event,
                      back: list[float] | None = None) -> None:
    """Whole games against the computer, one after another, a new connection each; none
    begun after `end`, and the last one left unfinished if it is still going at `drain`.
    A screen that never comes is counted in `errors` and the player starts again.
    The first player (u00) sets `first` once its first game is on the board; the others
    start at `go`, set once the server's memory with one game under way is measured
    (what it should come back to when everyone has left)."""
    if s.user != "u00":
        await go.wait()
    while time.monotonic() < end:
        s.out.clear()
        s.footer = ""
        for _ in range(20):  # 8 connections of an address may sign in at once: wait a turn
            try:
                await s.connect(port, key)
                break
            except asyncssh.DisconnectError:
                await asyncio.sleep(rng.uniform(0.2, 1.0))
        else:
            errors.append(f"{s.user}: refused sign-in 20 times")
            return
        try:
            await s.wait_for("q Leave", 60)
            s.send("p")
            await s.wait_for("Your deck against the computer", 60, also="Which game?")
            if "Which game?" in s.text():  # several games installed: the first one
                s.send(ENTER)
                await s.wait_for("Your deck against the computer", 60)
            s.send(ENTER)
            step = idle = 0
            while "back to the lobby" not in s.text():
                if time.monotonic() > drain:
                    abandoned.append(1)
                    return  # time is up: leave in the middle of the game
                await asyncio.sleep(rng.uniform(0.5, 1.5) * move_every)
                press = answer(s.footer, step)
                if press:
                    first.set()
                step = step + 1 if press else 0
                idle = 0 if press else idle + 1
                if press is None and idle % 5 == 0:  # a footer not seen whole: the usual
                    press = ("p", "x", "n", ENTER)[idle // 5 % 4]
                if press:
                    s.send(press)
                if idle == 30:  # half a minute with nothing to press: say what was shown
                    errors.append(f"{s.user}: nothing to press on {s.footer.strip()[:80]!r}; "
                                  f"the screen ended {s.text()[-300:]!r}")
            games.append(1)
            asked = time.monotonic()
            for _ in range(6):  # q again if the first one met a prompt closing
                s.send("q")
                with contextlib.suppress(RuntimeError):
                    await s.wait_for("q Leave", 5)
                    if back is not None:  # seconds from the first q to the lobby
                        back.append(time.monotonic() - asked)
                    break
            else:  # leaving ends the session all the same: noted, and the next game
                errors.append(f"{s.user}: never back in the lobby; the screen ended "
                              f"{s.text()[-300:]!r}")
        except RuntimeError as exc:
            errors.append(str(exc))
        finally:
            s.conn.close()
            await s.conn.wait_closed()
        await asyncio.sleep(rng.uniform(0.5, 2))


async def soak(args: argparse.Namespace) -> dict[str, Any]:
    tmp = Path(tempfile.mkdtemp(prefix="pmtui-soak-ssh-"))
    probe = tmp / "probe.jsonl"
    users = [f"u{i:02d}" for i in range(args.tables)]
    keys = {u: asyncssh.generate_private_key("ssh-ed25519") for u in users}
    auth = tmp / "authorized_keys"
    auth.write_bytes(b"".join(k.export_public_key() for k in keys.values()))
    env = {**os.environ, "BENCH_PROBE": str(probe)}
    proc = subprocess.Popen(
        [sys.executable, str(ROOT / "benchmarks" / "serve_probe.py"), "serve", "--port", "0",
         "--data-dir", str(tmp / "data"), "--authorized-keys", str(auth),
         *(["--no-restart"] if "restart" in os.environ.get("BENCH_WITHOUT", "") else [])],
        cwd=ROOT, stdout=subprocess.PIPE, text=True, env=env,
        stderr=open(os.environ["BENCH_STDERR"], "w") if os.environ.get("BENCH_STDERR")  # noqa: SIM115
        else subprocess.DEVNULL)
    marks: list[tuple[float, str]] = []
    t0 = time.monotonic()

    async def report(label: str, trim: bool = False) -> None:
        """One line from the probe, waited for (a signal while it writes is skipped)."""
        marks.append((time.monotonic() - t0, label))
        os.kill(proc.pid, signal.SIGUSR2 if trim else signal.SIGUSR1)
        deadline = time.monotonic() + 60
        while reports() < len(marks) and time.monotonic() < deadline:
            await asyncio.sleep(0.5)
        if reports() < len(marks):
            marks.pop()  # never written: no line to label

    def reports() -> int:
        return len(probe.read_text().splitlines()) if probe.exists() else 0

    try:
        assert proc.stdout is not None
        port = int(re.search(r":(\d+) ", proc.stdout.readline()).group(1))  # type: ignore[union-attr]
        await asyncio.sleep(1)
        await report("started")
        end = time.monotonic() + args.soak * 60
        games: list[int] = []
        abandoned: list[int] = []
        errors: list[str] = []
        back: list[float] = []
        rng = random.Random(1)
        first, go = asyncio.Event(), asyncio.Event()
        players = asyncio.gather(*(soak_player(Session(u), port, keys[u], end,
                                               end + args.drain * 60, args.move_every,
                                               random.Random(rng.random()), games, abandoned,
                                               errors, first, go, back)
                                   for u in users), return_exceptions=True)
        await asyncio.wait([players, asyncio.ensure_future(first.wait())],
                           return_when=asyncio.FIRST_COMPLETED)
        await report("first game started")
        go.set()
        while not players.done():
            await asyncio.wait([players], timeout=30.0)
            if not players.done():
                label = "games ending" if time.monotonic() > end else "playing"
                await report(f"{label}: {len(games)} games")
        errors += [repr(e) for e in await players if isinstance(e, BaseException)]
        # the server empties its caches 2 s after the last session left and may then start
        # afresh (pmtui/net/recycle.py): measured once that is over
        await asyncio.sleep(10)
        await report("everyone left")
        await asyncio.sleep(30)
        await report("30 s later", trim=True)
        lines = [json.loads(x) for x in probe.read_text().splitlines()]
        pauses = [p for rec in lines for p in rec["gc_pauses_ms"]]
        timeline = [timeline_entry(t, label, rec)
                    for (t, label), rec in zip(marks, lines, strict=False)]
        return {"tables": args.tables, "minutes": args.soak, "move_every": args.move_every,
                "games": len(games), "left_unfinished": len(abandoned),
                "finished_journals": finished_journals(tmp / "data"),
                "errors": len(errors), "some_errors": errors[:3] + errors[3:][-3:],
                "back_to_lobby_p50_s": round(pct(back, 0.5), 1),
                "back_to_lobby_max_s": round(max(back, default=0), 1),
                "timeline": timeline,
                "full_gc_count": len(pauses),
                "pause_p50_ms": round(pct(pauses, 0.5), 1),
                "pause_p99_ms": round(pct(pauses, 0.99), 1),
                "pause_max_ms": round(max(pauses, default=0), 1),
                "load_avg_1m": round(os.getloadavg()[0], 2), "probe": str(probe)}
    finally:
        stop(proc)


def timeline_entry(t: float, label: str, rec: dict[str, Any]) -> dict[str, Any]:
    """One probe report, in the units the docs give."""
    kept = dict(rec.get("kept", []))
    out = {"t_s": round(t), "at": label, "rss_mb": round(rec["rss_kb"] / 1024, 1),
           "blocks_k": round(rec["blocks"] / 1000), "objects_k": round(rec["objects"] / 1000),
           "games_in_memory": kept.get("Game", 0), "tables": kept.get("ServerTable", 0),
           "apps": kept.get("LobbyApp", 0) + kept.get("NetApp", 0),
           "full_gc": len(rec["gc_pauses_ms"]), "forced_gc_ms": rec["forced_gc_ms"],
           "load_1m": rec.get("load_1m")}
    pym, libc = rec.get("pymalloc") or {}, rec.get("glibc") or {}
    if pym:  # Python's arenas (1 MiB each) against the bytes in use in them
        out["pymalloc_arenas_mb"] = pym.get("arenas allocated current")
        out["pymalloc_used_mb"] = round(pym.get("bytes in allocated blocks", 0) / 2**20, 1)
    if libc:  # glibc's heaps (every thread's arena) and mmapped blocks
        out["glibc_held_mb"] = round((libc["arena_kb"] + libc["mmapped_kb"]) / 1024, 1)
        out["glibc_used_mb"] = round((libc["in_use_kb"] + libc["mmapped_kb"]) / 1024, 1)
    out["threads"], out["cpu_s"] = rec.get("threads"), rec.get("cpu_s")
    if rec.get("rss_trimmed_kb"):
        out["rss_after_malloc_trim_mb"] = round(rec["rss_trimmed_kb"] / 1024, 1)
    if rec.get("rss_caches_cleared_kb"):  # and after emptying Textual's own caches
        out["rss_caches_cleared_mb"] = round(rec["rss_caches_cleared_kb"] / 1024, 1)
        out["pymalloc_arenas_caches_cleared_mb"] = (
            rec.get("pymalloc_caches_cleared") or {}).get("arenas allocated current")
    return out


def finished_journals(data: Path) -> int:
    """Games played to their end, by their journals in the server's data directory."""
    from pmtui.table.saves import is_finished

    return sum(1 for p in (data / "tables").glob("table-*.jsonl") if is_finished(p))


def stop(proc: subprocess.Popen[str]) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        proc.kill()


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


async def run(args: argparse.Namespace) -> dict[str, Any]:
    tmp = Path(tempfile.mkdtemp(prefix="pmtui-bench-ssh-"))
    keys = {f"u{i:02d}": asyncssh.generate_private_key("ssh-ed25519")
            for i in range(args.sessions)}
    auth = tmp / "authorized_keys"
    auth.write_bytes(b"".join(k.export_public_key() for k in keys.values()))
    profile = ["-m", "cProfile", "-o", os.environ["BENCH_PROFILE"]] \
        if os.environ.get("BENCH_PROFILE") else []
    nice = ["nice", "-n", str(args.nice)] if args.nice else []
    proc = subprocess.Popen(
        [*nice, sys.executable, *profile, "-m", "pmtui", "serve", "--port", "0",
         "--data-dir", str(tmp / "data"), "--authorized-keys", str(auth)],
        cwd=ROOT, stdout=subprocess.PIPE, text=True,
        # BENCH_STDERR=FILE keeps the server's log (e.g. with PYTHONASYNCIODEBUG=1: stalls)
        stderr=open(os.environ["BENCH_STDERR"], "w") if os.environ.get("BENCH_STDERR")  # noqa: SIM115
        else subprocess.DEVNULL,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        port = int(re.search(r":(\d+) ", line).group(1))  # type: ignore[union-attr]
        await asyncio.sleep(0.5)
        rss0 = rss_kb(proc.pid)
        t0 = time.monotonic()
        sessions = await setup(port, keys, args.sessions)
        setup_s = time.monotonic() - t0
        await asyncio.sleep(2)
        rss1 = rss_kb(proc.pid)
        cpu0, w0, me0 = cpu_seconds(proc.pid), time.monotonic(), time.process_time()
        rng = random.Random(1)
        await asyncio.gather(*(typist(s, args.seconds, args.rate, args.move_every,
                                      random.Random(rng.random())) for s in sessions))
        await asyncio.sleep(2.5)
        wall = time.monotonic() - w0
        cpu = (cpu_seconds(proc.pid) - cpu0) / wall
        client_cpu = (time.process_time() - me0) / wall
        rss2 = rss_kb(proc.pid)
        lat = [x * 1000 for s in sessions for x in s.latencies]
        cur = [x * 1000 for s in sessions for x in s.by_kind["cursor"]]
        mov = [x * 1000 for s in sessions for x in s.by_kind["move"]]
        for s in sessions:
            s.conn.close()
        return {
            "sessions": args.sessions, "tables": args.sessions // 2, "seconds": args.seconds,
            "keys": len(lat), "keys_without_output": sum(s.missed for s in sessions),
            "p50_ms": round(pct(lat, 0.50), 1), "p95_ms": round(pct(lat, 0.95), 1),
            "p99_ms": round(pct(lat, 0.99), 1), "max_ms": round(max(lat, default=0), 1),
            "mean_ms": round(statistics.fmean(lat), 1) if lat else None,
            "cursor_keys": len(cur), "cursor_p50_ms": round(pct(cur, 0.5), 1),
            "cursor_p95_ms": round(pct(cur, 0.95), 1),
            "move_keys": len(mov), "move_p50_ms": round(pct(mov, 0.5), 1),
            "move_p95_ms": round(pct(mov, 0.95), 1),
            "rss_start_mb": round(rss0 / 1024, 1), "rss_seated_mb": round(rss1 / 1024, 1),
            "rss_end_mb": round(rss2 / 1024, 1),
            "rss_per_session_mb": round((max(rss1, rss2) - rss0) / 1024 / args.sessions, 2),
            "server_cpu_share": round(cpu, 2), "client_cpu_share": round(client_cpu, 2),
            "setup_s": round(setup_s, 1),
            "load_avg_1m": round(os.getloadavg()[0], 2), "nice": args.nice,
        }
    finally:
        stop(proc)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--sessions", type=int, default=20)
    p.add_argument("--seconds", type=float, default=30)
    p.add_argument("--rate", type=float, default=1.0, help="keys per second per session")
    p.add_argument("--move-every", type=float, default=8.0,
                   help="seconds between a player's answers to what they are asked")
    p.add_argument("--nice", type=int, default=0,
                   help="run the server at this niceness (negative: ahead of other "
                        "processes on a busy machine; needs root)")
    p.add_argument("--soak", type=float, default=0, metavar="MINUTES",
                   help="the long run: whole games against the computer for MINUTES")
    p.add_argument("--tables", type=int, default=20, help="--soak: tables (one session each)")
    p.add_argument("--drain", type=float, default=10, metavar="MINUTES",
                   help="--soak: at most this long to finish the games under way at the end")
    p.add_argument("--json", action="store_true")
    args = p.parse_args()
    result = asyncio.run(soak(args) if args.soak else run(args))
    if args.json:
        print(json.dumps(result))
    else:
        for k, v in result.items():
            print(f"{k:22s} {v}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
