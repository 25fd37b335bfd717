"""Starting the server afresh when nobody is connected: how its memory comes back.

Python keeps its small objects in 1 MiB arenas and returns an arena to the system
only once every object in it has been freed. While 20 sessions play, the server
goes up to some 200 arenas; when everyone has left, what is still alive (modules
loaded during play, Textual's and Rich's caches, the lobby's results, the resized
tables of long-lived dicts and sets) is a few blocks in most of them, so emptying
every cache gives back little (docs/BENCHMARKS.md, the soak). What gives it all
back is a new process image: when the server is empty and holds much more than it
did just after starting, it starts afresh in the same process (`os.execv`: the same
pid for whoever supervises it). The listening socket is handed over open, so a
connection arriving meanwhile waits in its queue and is not refused; unfinished
tables come back from their journals as after any restart, and the lobby's recent
results and the keys' recent action times (the rate limit) are handed over in a
file of the data directory.
"""

from __future__ import annotations

import contextlib
import logging
import os
import socket
import sys
from pathlib import Path

from pmtui.engine import bounded

log = logging.getLogger("pmtui.net")

RESTART_ABOVE = 64.0  # MiB above the start's RSS at which an empty `pmtui serve` starts afresh
LISTEN_FD = "PMTUI_LISTEN_FD"  # the environment variable naming the handed-over socket
HANDOVER = "handover.json"  # in the data directory: what the next image takes back


def rss_bytes() -> int | None:
    """This process's resident memory now; None where /proc is not there (not Linux)."""
    try:
        resident = int(Path("/proc/self/statm").read_text().split()[1])
    except (OSError, IndexError, ValueError):
        return None
    return resident * os.sysconf("SC_PAGE_SIZE")


def inherited_socket() -> socket.socket | None:
    """The listening socket the previous image handed over, if this is a fresh start."""
    fd = os.environ.pop(LISTEN_FD, None)
    if fd is None:
        return None
    try:
        sock = socket.socket(fileno=int(fd))
    except (ValueError, OSError) as exc:
        log.warning("the handed-over socket %s cannot be used (%s): listening anew", fd, exc)
        return None
    os.set_inheritable(sock.fileno(), False)
    return sock


def keep_open(sock: socket.socket) -> None:
    """Keep a copy of the listening socket that outlives the server's closing of it, for
    the next image (named in the environment, which it inherits)."""
    fd = os.dup(sock.fileno())
    os.set_inheritable(fd, True)
    os.environ[LISTEN_FD] = str(fd)


def hand_over(data_dir: Path, blob: bytes) -> None:
    (data_dir / HANDOVER).write_bytes(blob)


def take_over(data_dir: Path) -> bytes | None:
    """What the previous image handed over (and removes it); None when there is none."""
    path = data_dir / HANDOVER
    try:
        blob, _ = bounded.read_bytes(path)  # one byte past the bound: refused when parsed
    except OSError:
        return None
    with contextlib.suppress(OSError):
        path.unlink()
    return blob


def start_afresh() -> None:
    """Replace this process with a new image of the same command, listening on the
    socket `keep_open` kept. Returns only if that fails (OSError)."""
    for stream in (sys.stdout, sys.stderr, sys.__stdout__, sys.__stderr__):
        with contextlib.suppress(Exception):
            stream.flush()  # what is buffered would be lost
    os.execv(sys.executable, [sys.executable, *sys.orig_argv[1:]])
