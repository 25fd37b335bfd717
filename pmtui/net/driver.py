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
- Input is decoded as it arrives; bytes that are no UTF-8 are dropped there,
  before they take any room. What waits to be parsed is bounded (`IN_MAX`
  characters): past it, input is dropped and the session is told ("input
  dropped: too fast"), so a flood never leaves seconds of stale keys behind.
- Input is fed to the app a key at a time, in turns the server's
  `Scheduler` gives out among the sessions with input waiting (pmtui/net/fair.py):
  the session whose key has used the least loop time lately goes first, and a key
  that has used its share waits. Parsing is further capped by a token bucket of
  characters per second; parsed messages that are no key (mouse, focus, size
  reports) are dropped before they reach the app.
- Output is written without waiting. When the channel's send buffer passes its
  high-water mark (a client that does not read), frames are dropped; when it
  drains, the whole screen is repainted once.
"""

from __future__ import annotations

import asyncio
import codecs
import logging
import time
from collections import deque
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from rich.console import Console
from textual import events
from textual._xterm_parser import XTermParser
from textual.driver import Driver
from textual.geometry import Size

from pmtui.net.fair import Account, Scheduler

if TYPE_CHECKING:
    from textual.app import App
    from textual.message import Message

log = logging.getLogger("pmtui.net")

IN_MAX = 4096  # characters of input waiting to be parsed; past it input is dropped
DROPPED = "input dropped: too fast"  # what the session is told, at most every NOTICE_EVERY s
NOTICE_EVERY = 2.0
STALE = 0.5  # seconds input may wait while its key's share is spent, before it is dropped
KEEP = 16  # ... unless it is no more than this many characters (a few keys, never dropped)
RATE = 4096.0  # input characters per second parsed for the app, sustained
BURST = 2048.0  # ... and at once
CHUNK = 32  # characters parsed in one go
KEYS_PER_TURN = 1  # keys (and pastes) given to the app in one turn
MAX_BACKLOG = 0  # messages waiting in the app's queue before input waits
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
                 colorterm: str = "", *, scheduler: Scheduler | None = None,
                 account: Account | None = None) -> None:
        self.chan = chan
        self.size = clamp_size(*size)
        self.term_type = term_type or "xterm"
        self.color_system = color_system(self.term_type, colorterm)
        self.driver: SshDriver | None = None
        self.closed = False
        self.bytes_out = 0
        self.frames_dropped = 0
        self.on_output: Callable[[bytes], None] | None = None  # tests and benchmarks
        # input: the session's turns at the server's time, and the key's account of it
        self.scheduler = scheduler or Scheduler()
        self.account = account or self.scheduler.account()
        self.chars_dropped = 0
        self._inbuf = ""  # decoded, not parsed yet
        self._parsed_tail = ""  # the end of what was parsed: is a paste open there?
        self._events: deque[Message] = deque()  # parsed, not given to the app yet
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self._noticed = -NOTICE_EVERY
        self._waiting_since = 0.0  # when input began to wait, or last had a turn
        self._writing_paused = False
        self._dirty = False  # frames were dropped: repaint everything when writing resumes
        self._tokens = BURST
        self._last = time.monotonic()
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
        text = data if isinstance(data, str) else self._decoder.decode(data)
        # bytes that are no UTF-8 became U+FFFD, which no key means: dropped before they
        # take room or time
        text = text.replace("\ufffd", "")
        if not text:
            return
        if not (self._inbuf or self._events):
            self._waiting_since = time.monotonic()
        room = IN_MAX - len(self._inbuf)
        if len(text) > room:
            self.chars_dropped += len(text) - max(room, 0)
            text = text[:max(room, 0)]
            self._notice()
            if _open_paste(self._parsed_tail + self._inbuf + text):
                # a paste cut short is closed where it was cut: the parser would
                # otherwise take every key after it for more of the paste
                text += PASTE_END
        self._inbuf += text
        self.scheduler.wake(self)

    def waiting(self) -> int:
        """Characters and parsed keys not given to the app yet."""
        return len(self._inbuf) + len(self._events)

    def _notice(self) -> None:
        """Tell the session its input was dropped (once in a while, not per packet)."""
        now = time.monotonic()
        if self.driver is not None and now - self._noticed >= NOTICE_EVERY:
            self._noticed = now
            self.driver.notice(DROPPED)

    def ready_in(self) -> float | None:
        """For the scheduler: seconds until this session can take a turn (0: now), or
        None when no input waits."""
        if self.closed or not (self._inbuf or self._events):
            return None
        driver = self.driver
        if driver is None or not driver.accepting:
            return 0.02  # between two apps: the input is kept for the next one
        if driver.backlog() > MAX_BACKLOG:
            return 0.005
        wait = self.account.wait()
        if wait > 0:
            # its key has used its share: what waits longer than STALE is dropped, so
            # the key's sessions never leave a backlog to work through after a flood
            waited = time.monotonic() - self._waiting_since
            if waited >= STALE and len(self._inbuf) + len(self._events) > KEEP:
                self.chars_dropped += len(self._inbuf) + len(self._events)
                # a paste the parser has begun is closed: it would otherwise take
                # every key after the drop for more of the paste
                self._inbuf = PASTE_END if _open_paste(self._parsed_tail) else ""
                self._events.clear()
                self._notice()
                return 0.0 if self._inbuf else None
            return min(wait, max(0.005, STALE - waited))
        if not self._events and self._refill() < 1:
            return (1 - self._tokens) / RATE
        return 0.0

    def _refill(self) -> float:
        now = time.monotonic()
        self._tokens = min(BURST, self._tokens + (now - self._last) * RATE)
        self._last = now
        return self._tokens

    def turn(self) -> None:
        """The session's turn: parse what is needed and give the app its next key(s)."""
        driver = self.driver
        if driver is None or not driver.accepting:
            return
        given = 0
        while given < KEYS_PER_TURN:
            if self._events:
                driver.deliver(self._events.popleft())
                given += 1
                continue
            n = int(min(CHUNK, self._refill(), len(self._inbuf)))
            if n <= 0:
                break
            self._tokens -= n
            chunk, self._inbuf = self._inbuf[:n], self._inbuf[n:]
            self._events.extend(driver.parse(chunk))
            # enough to find a paste's start or end cut between two chunks
            self._parsed_tail = _paste_state(self._parsed_tail + chunk)
        self._waiting_since = time.monotonic()
        driver.arm_tick()

    def resize(self, width: int, height: int) -> None:
        self.size = clamp_size(width, height)
        if self.driver is not None:
            self.driver.resize(*self.size)

    def close(self) -> None:
        self.closed = True
        self._inbuf = ""
        self._events.clear()


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
        self.terminal._parsed_tail = ""  # this driver's parser starts outside any paste
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

    def notice(self, text: str) -> None:
        """A one-line warning on the session's screen."""
        try:
            self._app.notify(text, severity="warning", timeout=3)
        except Exception:  # noqa: BLE001 - the app is closing
            pass

    def parse(self, text: str) -> list[Message]:
        """The messages in input text that are for the app: keys, pastes."""
        try:
            return [m for m in self._parser.feed(text) if _for_the_app(m)]
        except Exception as exc:  # noqa: BLE001 - bad bytes never end a session
            log.debug("input parser reset: %s", exc)
            self._parser = InputParser()
            return []

    def deliver(self, message: Message) -> None:
        self.process_message(message)

    def arm_tick(self) -> None:
        """A lone ESC is a key only once no sequence follows it: tick the parser later."""
        if self._tick is not None or not self.accepting:
            return
        if getattr(self._parser, "_timeout_time", None) is None:
            return
        loop = asyncio.get_running_loop()
        self._tick = loop.call_later(0.12, self._on_tick)

    def _on_tick(self) -> None:
        self._tick = None
        if not self.accepting:
            return
        if self.terminal._inbuf:
            # more input is here, only not parsed yet (the session waits for its turn):
            # an ESC is a lone key only once nothing follows it (random keys to the
            # lobby left a session that no longer answered in 1 run of 3 without this)
            self.arm_tick()
            return
        try:
            for message in self._parser.tick():
                if _for_the_app(message):
                    self.deliver(message)
        except Exception:  # noqa: BLE001
            self._parser = InputParser()
        self.arm_tick()

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


PASTE_START, PASTE_END = "\x1b[200~", "\x1b[201~"


def _open_paste(text: str) -> bool:
    """Whether `text` ends inside a bracketed paste."""
    return text.rfind(PASTE_START) > text.rfind(PASTE_END)


def _paste_state(text: str) -> str:
    """A short text that is inside a paste at its end exactly when `text` is (and
    keeps the last characters, where a marker may be only begun)."""
    mark = PASTE_START if _open_paste(text) else ""
    return mark + text[-(len(PASTE_START) - 1):]


def _for_the_app(message: Message) -> bool:
    """Whether a parsed message goes to the app (the others are dropped here, cheaply)."""
    if isinstance(message, events.Resize):
        return False  # the size comes from SSH window-change messages only
    if isinstance(message, events.MouseEvent):
        return False  # no mouse over SSH: keyboard-only
    # the server never asks the terminal to report focus (ESC[?1004h), so these are
    # stray bytes; each restyled every widget of the app (a flood of them cost a core)
    return not isinstance(message, (events.AppFocus, events.AppBlur))


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
