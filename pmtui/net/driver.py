"""A Textual driver on an SSH channel: one app per session, in the server's event loop.

`Terminal` is one SSH session's screen and keyboard: it owns the channel, the
terminal size, input buffering with back-pressure and output flow control.
`SshDriver` is the Textual `Driver` an app runs on while it is the session's
app; the session runs its apps one after the other (lobby, game, lobby, ...) on
the same `Terminal`.

Why a driver and not a pseudo-terminal per session: no process, no thread and no
file descriptor per session, each app gets its own size from the SSH window-size
messages, and the bytes from the client never pass a kernel line discipline (so
ctrl+z, ctrl+c and ctrl+\\ are plain keys: nothing can suspend or signal the
server). See docs/ssh.md.

Robustness (the server is shared by everyone):

- Input is decoded leniently (invalid UTF-8 becomes U+FFFD) and parsed with
  Textual's own `XTermParser`; a parser that chokes is replaced, never raised.
- Input is fed to the app a little at a time (a token bucket of bytes per
  second, and only while the app's message queue is short). What is not fed yet
  waits in a buffer; past `IN_HIGH` bytes the channel stops reading, so a flood
  is pushed back onto the client by SSH flow control instead of onto the server.
- Output is written without waiting. When the channel's send buffer passes its
  high-water mark (a client that does not read), frames are dropped; when it
  drains, the whole screen is repainted once.
"""

from __future__ import annotations

import asyncio
import codecs
import logging
import time
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from rich.console import Console
from textual import events
from textual._xterm_parser import XTermParser
from textual.driver import Driver
from textual.geometry import Size

if TYPE_CHECKING:
    from textual.app import App

log = logging.getLogger("pmtui.net")

IN_HIGH = 16 * 1024  # input bytes buffered before the channel stops reading
IN_LOW = 4 * 1024  # ... and reads again below this
RATE = 4096.0  # input bytes per second fed to the app, sustained
BURST = 2048.0  # ... and at once
CHUNK = 32  # bytes fed in one go (a burst of at most this many keys)
MAX_BACKLOG = 6  # messages waiting in the app's queue before input waits
OUT_HIGH = 256 * 1024  # output bytes queued in the channel before frames are dropped
OUT_LOW = 32 * 1024
MIN_SIZE, MAX_SIZE = (10, 4), (500, 300)

ENTER = (
    "\x1b[?1049h"  # alternate screen
    "\x1b[?25l"  # hide the cursor
    "\x1b[?2004h"  # bracketed paste
    "\x1b[?7l"  # no line wrap
    "\x1b[2J"
)
LEAVE = (
    "\x1b[?2004l"
    "\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l"  # in case a terminal kept mouse modes
    "\x1b[?7h"
    "\x1b[?25h"
    "\x1b[?1049l"
)


def clamp_size(width: int, height: int) -> tuple[int, int]:
    """A sane terminal size whatever the client claims."""
    w = min(max(int(width or 80), MIN_SIZE[0]), MAX_SIZE[0])
    h = min(max(int(height or 24), MIN_SIZE[1]), MAX_SIZE[1])
    return w, h


def color_system(term_type: str, colorterm: str = "") -> str | None:
    """Rich's colour system for the client's TERM (the server's own TERM says nothing)."""
    env = {"TERM": term_type or "xterm"}
    if colorterm:
        env["COLORTERM"] = colorterm
    return Console(force_terminal=True, _environ=env).color_system


class Terminal:
    """One SSH session's terminal: the channel, its size, input and output flow."""

    def __init__(self, chan: Any, size: tuple[int, int], term_type: str = "xterm",
                 colorterm: str = "") -> None:
        self.chan = chan
        self.size = clamp_size(*size)
        self.term_type = term_type or "xterm"
        self.color_system = color_system(self.term_type, colorterm)
        self.driver: SshDriver | None = None
        self.closed = False
        self.bytes_out = 0
        self.frames_dropped = 0
        self.on_output: Callable[[bytes], None] | None = None  # tests and benchmarks
        self._inbuf = bytearray()
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self._reading_paused = False
        self._writing_paused = False
        self._dirty = False  # frames were dropped: repaint everything when writing resumes
        self._tokens = BURST
        self._last = time.monotonic()
        self._pump_handle: asyncio.Handle | asyncio.TimerHandle | None = None
        self._entered = False

    @property
    def loop(self) -> asyncio.AbstractEventLoop:
        return asyncio.get_running_loop()

    # -- output -------------------------------------------------------------------------

    def write_bytes(self, data: bytes) -> None:
        if self.closed or not data:
            return
        if self._writing_paused:
            self._dirty = True
            self.frames_dropped += 1
            return
        try:
            self.chan.write(data)
        except Exception:  # noqa: BLE001 - the channel is closing
            self.closed = True
            return
        self.bytes_out += len(data)
        if self.on_output is not None:
            self.on_output(data)

    def write(self, text: str) -> None:
        self.write_bytes(text.encode("utf-8", "replace"))

    def enter(self) -> None:
        if not self._entered:
            self._entered = True
            self.write(ENTER)

    def leave(self) -> None:
        if self._entered:
            self._entered = False
            self.write(LEAVE)

    def pause_writing(self) -> None:
        self._writing_paused = True

    def resume_writing(self) -> None:
        self._writing_paused = False
        if self._dirty:
            self._dirty = False
            if self.driver is not None:
                self.driver.repaint()

    # -- input --------------------------------------------------------------------------

    def data_received(self, data: bytes | str) -> None:
        if self.closed:
            return
        if isinstance(data, str):
            data = data.encode("utf-8", "replace")
        self._inbuf += data
        if len(self._inbuf) > IN_HIGH and not self._reading_paused:
            self._reading_paused = True
            try:
                self.chan.pause_reading()
            except Exception:  # noqa: BLE001
                pass
        if len(self._inbuf) > 4 * IN_HIGH:  # a client ignoring flow control: drop the excess
            del self._inbuf[4 * IN_HIGH:]
        self._schedule(0)

    def _schedule(self, delay: float) -> None:
        if self._pump_handle is not None or self.closed:
            return
        loop = self.loop
        if delay <= 0:
            self._pump_handle = loop.call_soon(self._pump)
        else:
            self._pump_handle = loop.call_later(delay, self._pump)

    def _pump(self) -> None:
        self._pump_handle = None
        if self.closed or not self._inbuf:
            return
        driver = self.driver
        if driver is None or not driver.accepting:
            self._schedule(0.02)  # between two apps: keep the bytes for the next one
            return
        if driver.backlog() > MAX_BACKLOG:
            self._schedule(0.005)
            return
        now = time.monotonic()
        self._tokens = min(BURST, self._tokens + (now - self._last) * RATE)
        self._last = now
        n = int(min(CHUNK, self._tokens, len(self._inbuf)))
        if n <= 0:
            self._schedule(max(0.005, (1 - self._tokens) / RATE))
            return
        self._tokens -= n
        chunk = bytes(self._inbuf[:n])
        del self._inbuf[:n]
        # bytes that are no UTF-8 become U+FFFD, which no key means: drop them here
        driver.feed(self._decoder.decode(chunk).replace("\ufffd", ""))
        if self._reading_paused and len(self._inbuf) < IN_LOW:
            self._reading_paused = False
            try:
                self.chan.resume_reading()
            except Exception:  # noqa: BLE001
                pass
        if self._inbuf:
            self._schedule(0)

    def resize(self, width: int, height: int) -> None:
        self.size = clamp_size(width, height)
        if self.driver is not None:
            self.driver.resize(*self.size)

    def close(self) -> None:
        self.closed = True
        if self._pump_handle is not None:
            self._pump_handle.cancel()
            self._pump_handle = None
        self._inbuf.clear()


class InputParser(XTermParser):
    """Textual's parser without its class-wide cache of extended keys.

    `XTermParser._parse_extended_key` is a functools.lru_cache on the method, so
    the cache (1024 entries, shared by every parser in the process) keeps each
    parser it has seen alive, and through the parser's last key event the whole
    app of a session that has long left: the server's memory grew with every
    session until the cache filled (docs/BENCHMARKS.md, the soak). Parsing one
    sequence is cheap; this parser does it uncached.
    """

    def _parse_extended_key(self, sequence: str) -> list[events.Key] | None:  # type: ignore[override]
        return _PARSE_EXTENDED_KEY(self, sequence)


_PARSE_EXTENDED_KEY = XTermParser._parse_extended_key.__wrapped__  # type: ignore[attr-defined]


class SshDriver(Driver):
    """Textual's side of a `Terminal`: the app posts output here and gets keys and sizes.

    Everything runs on the event loop thread (asyncssh callbacks and the app alike),
    so messages are posted straight into the app's queue, without threads.
    """

    def __init__(self, app: App[Any], *, debug: bool = False, mouse: bool = True,
                 size: tuple[int, int] | None = None) -> None:
        terminal = getattr(app, "ssh_terminal", None)
        if not isinstance(terminal, Terminal):
            raise RuntimeError("SshDriver needs app.ssh_terminal")
        super().__init__(app, debug=False, mouse=False, size=terminal.size)
        self.terminal = terminal
        self._out: list[str] = []  # one frame, sent as one write on flush()
        self._parser = InputParser()
        self._tick: asyncio.TimerHandle | None = None
        self.accepting = False

    # -- Textual's interface ------------------------------------------------------------

    @property
    def can_suspend(self) -> bool:
        return False  # ctrl+z and friends do nothing over SSH

    def write(self, data: str) -> None:
        self._out.append(data)
        if len(self._out) > 64:
            self.flush()

    def flush(self) -> None:
        """Send what the app wrote since the last flush (Textual flushes after each
        frame): one channel write, so one SSH packet and one system call per frame."""
        if self._out:
            data = "".join(self._out)
            self._out.clear()
            self.terminal.write(data)

    def start_application_mode(self) -> None:
        self.terminal.driver = self
        self.terminal.enter()
        self.terminal.write("\x1b[2J\x1b[?2026$p")  # clear; ask for synchronized output
        self.accepting = True
        self.resize(*self.terminal.size)

    def disable_input(self) -> None:
        self.accepting = False
        if self._tick is not None:
            self._tick.cancel()
            self._tick = None
        if self.terminal.driver is self:
            self.terminal.driver = None

    def stop_application_mode(self) -> None:
        self.flush()
        self.disable_input()
        # the app draws nothing more and takes no keys: the session may go on to its next
        # screen while Textual tears this one down (pmtui/net/server.py, Session._run_app)
        stopped = getattr(self._app, "ssh_stopped", None)
        if isinstance(stopped, asyncio.Future) and not stopped.done():
            stopped.set_result(None)

    def open_url(self, url: str, new_tab: bool = True) -> None:
        pass  # never on the server's machine

    # -- from the terminal ---------------------------------------------------------------

    def send_message(self, message: Any) -> None:
        try:
            self._app.post_message(message)
        except Exception:  # noqa: BLE001 - the app is closing
            pass

    def backlog(self) -> int:
        queue = getattr(self._app, "_message_queue", None)
        try:
            return int(queue.qsize()) if queue is not None else 0
        except Exception:  # noqa: BLE001
            return 0

    def feed(self, text: str) -> None:
        """Parse input text into key (and paste, focus) events for the app."""
        if not self.accepting or not text:
            return
        try:
            for message in self._parser.feed(text):
                self._deliver(message)
        except Exception as exc:  # noqa: BLE001 - bad bytes never end a session
            log.debug("input parser reset: %s", exc)
            self._parser = InputParser()
        self._arm_tick()

    def _deliver(self, message: Any) -> None:
        if isinstance(message, events.Resize):
            return  # the size comes from SSH window-change messages only
        if isinstance(message, events.MouseEvent):
            return  # no mouse over SSH: keyboard-only
        if isinstance(message, (events.AppFocus, events.AppBlur)):
            # the server never asks the terminal to report focus (ESC[?1004h), so these
            # are stray bytes; each restyled every widget of the app (a flood of them
            # cost a whole core)
            return
        self.process_message(message)

    def _arm_tick(self) -> None:
        """A lone ESC is a key only once no sequence follows it: tick the parser later."""
        if self._tick is not None:
            return
        if getattr(self._parser, "_timeout_time", None) is None:
            return
        loop = asyncio.get_running_loop()
        self._tick = loop.call_later(0.12, self._on_tick)

    def _on_tick(self) -> None:
        self._tick = None
        if not self.accepting:
            return
        try:
            for message in self._parser.tick():
                self._deliver(message)
        except Exception:  # noqa: BLE001
            self._parser = InputParser()
        self._arm_tick()

    def resize(self, width: int, height: int) -> None:
        self._size = (width, height)
        size = Size(width, height)
        self.send_message(events.Resize(size, size))

    def repaint(self) -> None:
        """Draw the whole screen again (after frames were dropped)."""
        app = self._app
        try:
            self.terminal.write("\x1b[2J")
            app.screen.refresh()
            app.refresh()
        except Exception:  # noqa: BLE001 - no screen yet
            pass


class CalmNotifications:
    """Mixin for an App: at most a few notifications a second.

    Every notification is a widget until it times out; a client repeating a key
    that notifies (thousands of times, in a flood) must not grow the app's DOM.
    """

    NOTIFY_BURST = 4
    NOTIFY_WINDOW = 2.0

    def notify(self, message: str, *args: Any, **kwargs: Any) -> None:
        now = time.monotonic()
        recent = [t for t in getattr(self, "_notify_times", []) if now - t < self.NOTIFY_WINDOW]
        if len(recent) >= self.NOTIFY_BURST:
            self._notify_times = recent
            return
        recent.append(now)
        self._notify_times = recent
        super().notify(message, *args, **kwargs)  # type: ignore[misc]


class OverSsh:
    """Mixin for a session's App: none of Textual's own commands, which act on the
    server's process or machine, not on the player's terminal.

    The palette's system commands would quit the app, save a screenshot in the
    server's folder, change the theme or open Textual's key panel; suspend (ctrl+z in
    a local terminal) would stop the server. None is bound here: the palette offers
    the table's own commands only (the lobby has none, so no palette).
    """

    def get_system_commands(self, screen: Any) -> Iterator[Any]:
        return iter(())

    def action_suspend_process(self) -> None:
        pass

    def action_show_help_panel(self) -> None:
        pass
