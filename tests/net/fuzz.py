"""Random keys for the SSH server's sessions: seeded bytes, fed where the server parses
them, and a record of every error an app or the server meets while they are read.

The bytes go through the session's own `Terminal` (pmtui/net/driver.py: UTF-8
decoding, Textual's parser, the app's queue), only without the input rate limit, so
that 200 KB reach a screen in seconds rather than the 50 s the limit would take.
Before each batch the session is put back on the screen under test (a random
escape or enter soon leaves it), so every screen gets the whole volume.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import traceback
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.app import App

from pmtui.tui import app as tui_app
from pmtui.tui import guard

# keys that leave on purpose (q, ctrl+q, ctrl+c): the session's way out, not a crash
LEAVING = frozenset(b"q\x11\x03")
# sequences a terminal sends, so that random input reaches more than plain letters
SEQUENCES = [
    b"\x1b[A", b"\x1b[B", b"\x1b[C", b"\x1b[D", b"\r", b"\t", b"\x1b[Z", b"\x1b",
    b"\x1b[H", b"\x1b[F", b"\x1b[5~", b"\x1b[6~", b"\x1b[2~", b"\x1b[3~", b"\x7f",
    b"\x1bOP", b"\x1bOQ", b"\x1b[15~", b"\x1b[1;5A", b"\x1b[1;2B", b"\x1b[97;5u",
    b"\x1b[200~pasted\x1b[201~", b"\x1b[I", b"\x1b[O", b"\x1b[<0;10;5M", b"\x1b[M !!",
    b" ", b"?", b"o", b"D", b"\x10", b"\x1a", b"\x0f",
]


def random_keys(seed: int, size: int) -> bytes:
    """`size` bytes: random bytes (any but the leaving keys), every third token a
    terminal's key sequence, now and then a byte that is no UTF-8."""
    rng = random.Random(seed)
    out = bytearray()
    plain = [b for b in range(0x80) if b not in LEAVING]
    while len(out) < size:
        r = rng.random()
        if r < 0.35:
            out += rng.choice(SEQUENCES)
        elif r < 0.9:
            out.append(rng.choice(plain))
        else:
            out.append(rng.randrange(0x80, 0x100))
    return bytes(out[:size])


class Errors:
    """Every error met while the keys are read: an app's exception (also those the
    table's screens turn into a notice), the pmtui.net log's errors and warnings of a
    failing session."""

    def __init__(self) -> None:
        self.seen: list[str] = []

    def add(self, what: str, error: BaseException | None = None) -> None:
        where = ""
        if error is not None and error.__traceback__ is not None:
            frames = traceback.extract_tb(error.__traceback__)[-4:]
            where = " at " + " < ".join(f"{Path(f.filename).name}:{f.lineno} {f.name}"
                                         for f in reversed(frames))
        self.seen.append((what + where)[:800])

    def __bool__(self) -> bool:
        return bool(self.seen)


class _LogErrors(logging.Handler):
    def __init__(self, errors: Errors) -> None:
        super().__init__(logging.ERROR)
        self.errors = errors

    def emit(self, record: logging.LogRecord) -> None:
        self.errors.add(f"log: {record.getMessage()} {record.exc_text or ''}")


@contextlib.contextmanager
def recording(monkeypatch: pytest.MonkeyPatch) -> Iterator[Errors]:
    errors = Errors()
    app_handle = App._handle_exception
    pm_handle = tui_app.PmApp._handle_exception
    notify = guard._notify

    def on_app(self: App[Any], error: Exception) -> None:
        errors.add(f"{type(self).__name__}: {type(error).__name__}: {error}", error)
        app_handle(self, error)

    def on_pm(self: Any, error: Exception) -> None:
        errors.add(f"{type(self).__name__}: {type(error).__name__}: {error}", error)
        pm_handle(self, error)

    def on_guard(self: Any, exc: Exception) -> None:
        errors.add(f"{type(self).__name__} (guarded): {type(exc).__name__}: {exc}", exc)
        notify(self, exc)

    monkeypatch.setattr(App, "_handle_exception", on_app)
    monkeypatch.setattr(tui_app.PmApp, "_handle_exception", on_pm)
    monkeypatch.setattr(guard, "_notify", on_guard)
    handler = _LogErrors(errors)
    logger = logging.getLogger("pmtui.net")
    logger.addHandler(handler)
    try:
        yield errors
    finally:
        logger.removeHandler(handler)


def unlimited_input(monkeypatch: pytest.MonkeyPatch) -> None:
    """The server's input path without its limits (rate, backlog, the key's share of
    the loop): the bytes are parsed as they are for any session, a few keys a turn
    while the app's queue is short."""
    from pmtui.net import driver, fair

    monkeypatch.setattr(driver, "RATE", 1e9)
    monkeypatch.setattr(driver, "BURST", 1e9)
    monkeypatch.setattr(driver, "IN_MAX", 1 << 30)
    monkeypatch.setattr(fair, "WORK_SHARE", 1e9)
    monkeypatch.setattr(fair, "WORK_BURST", 1e9)


async def settled(app_of: Callable[[], Any], inbuf: Callable[[], int],
                  limit: float = 90.0) -> None:
    """Wait until the bytes are read and the app's queues are empty (at most `limit`
    seconds: on a loaded machine a batch can take a minute, and the next one piled on
    an unread one would measure another thing)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + limit
    quiet = 0
    while quiet < 3 and loop.time() < deadline:
        await asyncio.sleep(0.005)
        app = app_of()
        queues = [] if app is None else [app, *app.screen_stack]
        if inbuf() == 0 and all(q._message_queue.qsize() == 0 for q in queues):
            quiet += 1
        else:
            quiet = 0
