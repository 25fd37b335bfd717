"""`pmtui serve`: the SSH server (asyncssh), its keys, and one Textual app per session.

Data directory layout (default `<user data dir>/pmtui/server`):

    ssh_host_ed25519_key   the server's host key, made on first run (mode 0600)
    authorized_keys        the default --authorized-keys file (OpenSSH format)
    tables/table-N.jsonl   every table's game, a save journal (docs/save-format.md)
    decks/*.toml           deck files players may choose in the lobby

A person is the SSH user name *and* the key they signed in with: a seat belongs
to both, so with one authorized-keys file shared by a club nobody can take
someone else's seat by typing their name.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import functools
import gc
import json
import logging
import signal
import socket
import sys
import time
import weakref
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import asyncssh

from pmtui.engine import bounded
from pmtui.net import fair, lookalike, memory, recycle
from pmtui.net.driver import OUT_HIGH, OUT_LOW, SshDriver, Terminal, clamp_size
from pmtui.net.names import NameBook, NameLimit, NamesError, named_in_options
from pmtui.net.settings import PlayerSettings
from pmtui.net.tables import Registry, SeatTable, TableError, User, valid_name
from pmtui.table.files import write_atomically

log = logging.getLogger("pmtui.net")

HOST_KEY = "ssh_host_ed25519_key"
MAX_SESSIONS = 200
SESSIONS_PER_CONNECTION = 2
SESSIONS_PER_KEY = 8
# connections that have not signed in yet: each is a socket and an SSH handshake, and
# may wait LOGIN_TIMEOUT seconds; an ordinary client signs in within a second
UNSIGNED_PER_ADDRESS = 8
MAX_UNSIGNED = 64
LOGIN_TIMEOUT = 30  # seconds to sign in (a person may be typing their key's passphrase)
REFUSED_WITHIN = 5.0  # seconds a refused connection has to reach the point it is told why
EMPTY_COLLECT_AFTER = 2.0  # seconds after the last session left: its apps have ended


class ServeError(Exception):
    """A one-line reason `pmtui serve` cannot start."""


# -- keys ----------------------------------------------------------------------------------


def host_key(data_dir: Path) -> asyncssh.SSHKey:
    """The server's ed25519 host key, generated and kept in the data directory."""
    path = data_dir / HOST_KEY
    if path.exists():
        try:
            return asyncssh.read_private_key(path)
        except (OSError, asyncssh.KeyImportError, ValueError) as exc:
            raise ServeError(f"{path}: cannot read the host key ({exc})") from None
    key = asyncssh.generate_private_key("ssh-ed25519", comment="pmtui host key")
    try:
        write_atomically(path, key.export_private_key())
        (path.with_name(path.name + ".pub")).write_bytes(key.export_public_key())
    except OSError as exc:
        raise ServeError(f"{path}: cannot write the host key ({exc.strerror or exc})") from None
    return key


class KeyAuth:
    """Which client keys may sign in: those in the authorized-keys file, or any (--open).

    The file is read again when it changes, so keys can be added while serving.
    """

    def __init__(self, path: Path | None, open_: bool) -> None:
        self.path = path
        self.open = open_
        self._text: str | None = None
        self._keys: asyncssh.SSHAuthorizedKeys | None = None
        self._reserved: dict[str, set[str]] = {}  # name -> fingerprints named for it
        if path is not None and path.exists():
            self._load(strict=not open_)
        elif not open_:
            raise ServeError(
                f"{path}: no authorized-keys file (write client public keys there, "
                "or use --open to let anyone in)"
            )

    def _load(self, strict: bool = False) -> None:
        assert self.path is not None
        try:
            # compared by content, not (mtime, size): an edit that keeps both is seen too
            text = self.path.read_text(encoding="utf-8", errors="replace")
            if text == self._text:
                return
            keys = asyncssh.import_authorized_keys(text) if text.strip() else None
            self._keys, self._text = keys, text
            self._reserved = _reserved_names(keys)
        except (OSError, ValueError, asyncssh.KeyImportError) as exc:
            if strict:
                raise ServeError(f"{self.path}: {exc}".splitlines()[0]) from None
            log.warning("%s: %s (keeping the keys read before)", self.path, exc)

    def options(self, key: asyncssh.SSHKey, host: str = "",
                addr: str = "") -> dict[str, Any] | None:
        """The options of the key's line in the file ({} with --open), None: not allowed."""
        if self.path is not None and self.path.exists():
            self._load()
        entry = None
        if self._keys is not None:
            try:
                entry = self._keys.validate(key, host, addr)
            except Exception:  # noqa: BLE001 - a key the file cannot judge is not allowed
                entry = None
        if entry is not None:
            return dict(entry)
        return {} if self.open else None

    def allowed(self, key: asyncssh.SSHKey, host: str = "", addr: str = "") -> bool:
        return self.options(key, host, addr) is not None

    def reserved(self, name: str) -> set[str]:
        """Fingerprints of the keys the file names `name` for (empty: the name is free)."""
        return self._reserved.get(name, set())

    def reserved_for_others(self, key: str) -> list[str]:
        """The names the file gives to keys other than `key`."""
        return [n for n, keys in self._reserved.items() if key not in keys]


def _reserved_names(keys: asyncssh.SSHAuthorizedKeys | None) -> dict[str, set[str]]:
    """name -> key fingerprints, from environment="PMTUI_NAME=<name>" options."""
    out: dict[str, set[str]] = {}
    for entry in getattr(keys, "_user_entries", ()):  # asyncssh keeps no public list
        name = named_in_options(getattr(entry, "options", None))
        key = getattr(entry, "key", None)
        if name and key is not None:
            out.setdefault(name, set()).add(key.get_fingerprint("sha256"))
    return out


# -- one SSH connection, one session ---------------------------------------------------------


class _Connection(asyncssh.SSHServer):
    def __init__(self, server: PmServer) -> None:
        self.server = server
        self.conn: asyncssh.SSHServerConnection | None = None
        self.username = ""
        self.fingerprint = ""
        self.named: str | None = None  # the name the authorized-keys file gives the key
        self.sessions = 0
        self.peer = ("", "")
        self.signing_in = False  # counted in the server's connections not signed in yet
        self.refusal: str | None = None  # too many are signing in: why it is refused

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername") or ("", 0)
        self.peer = (str(peer[0]), str(peer[0]))
        self.server.connections += 1  # signing in, not yet a session: no restart now
        self.refusal = self.server.unsigned_refusal(self.peer[0])
        if self.refusal is not None:
            log.warning("connection from %s refused: %s", self.peer[0], self.refusal)
            # said once the handshake is done (begin_auth), where every client shows it
            # (one cut before that only sees a broken pipe); a client that never gets
            # there is cut all the same
            asyncio.get_running_loop().call_later(REFUSED_WITHIN, self._refuse)
            return
        self.signing_in = True
        self.server.unsigned[self.peer[0]] += 1

    def _refuse(self) -> None:
        if self.conn is not None and self.refusal is not None:
            self.conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, self.refusal)

    def _signed_in(self) -> None:
        if self.signing_in:
            self.signing_in = False
            self.server.unsigned[self.peer[0]] -= 1
            if self.server.unsigned[self.peer[0]] <= 0:
                del self.server.unsigned[self.peer[0]]

    def auth_completed(self) -> None:
        self._signed_in()

    def connection_lost(self, exc: Exception | None) -> None:
        self._signed_in()
        self.server.connections -= 1

    def begin_auth(self, username: str) -> bool:
        if self.refusal is not None:
            raise asyncssh.DisconnectError(asyncssh.DISC_TOO_MANY_CONNECTIONS, self.refusal)
        self.username = username
        return True  # authentication is always required

    def password_auth_supported(self) -> bool:
        return False

    def kbdint_auth_supported(self) -> bool:
        return False

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        options = self.server.auth.options(key, *self.peer)
        if options is not None:
            self.fingerprint = key.get_fingerprint("sha256")
            self.named = named_in_options(options)
        return options is not None

    def session_requested(self) -> Any:
        if self.sessions >= SESSIONS_PER_CONNECTION:
            return False  # a client multiplexing channels; an ordinary ssh opens one
        self.sessions += 1
        return Session(self.server, User(self.username, self.fingerprint), self)


class Session(asyncssh.SSHServerSession):  # type: ignore[type-arg]
    """One person's terminal: the lobby, then a table, then the lobby again, ..."""

    def __init__(self, server: PmServer, user: User, conn: _Connection) -> None:
        self.server = server
        self.user = user
        self.conn = conn
        self.chan: Any = None
        self.pty: tuple[str, tuple[int, int]] | None = None
        self.terminal: Terminal | None = None
        self.app: Any = None
        self.task: asyncio.Task[None] | None = None
        self.closed = False
        # apps that have let go of the terminal and are still being torn down (_run_app)
        self.teardowns: set[asyncio.Future[Any]] = set()

    # asyncssh callbacks -----------------------------------------------------------------

    def connection_made(self, chan: Any) -> None:
        self.chan = chan
        with contextlib.suppress(Exception):
            chan.set_write_buffer_limits(high=OUT_HIGH, low=OUT_LOW)

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int],
                      term_modes: Any) -> bool:
        self.pty = (str(term_type or "xterm")[:64], clamp_size(term_size[0], term_size[1]))
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        return True  # answered in session_started: the lobby with a terminal, else a refusal

    def subsystem_requested(self, subsystem: str) -> bool:
        return False

    def session_started(self) -> None:
        chan = self.chan
        if self.pty is None:
            self._refuse(b"pmtui: this server needs a terminal: connect with ssh -t\r\n")
            return
        if not valid_name(self.user.name):
            self._refuse(b"pmtui: player names are SSH user names of letters, digits and "
                         b"_ . - (at most 32)\r\n")
            return
        refusal = self.server.session_refusal(self.user) \
            or self.server.name_refusal(self.user, self.conn.named)
        if refusal is not None:
            self._refuse(f"pmtui: {refusal}\r\n".encode())
            return
        env = {}
        with contextlib.suppress(Exception):
            env = dict(chan.get_environment())
        term_type, size = self.pty
        # the loop time this session's apps take is charged to its key (pmtui/net/fair.py)
        account = self.server.account_of(self.user.key)
        self.terminal = Terminal(chan, size, term_type, str(env.get("COLORTERM", ""))[:32],
                                 scheduler=self.server.scheduler, account=account)
        self.server.sessions.add(self)
        context = contextvars.Context()
        context.run(fair.ACCOUNT.set, account)
        self.task = asyncio.get_running_loop().create_task(
            self.run(), name=f"pmtui session {self.user.name}", context=context
        )

    def _refuse(self, message: bytes) -> None:
        with contextlib.suppress(Exception):
            self.chan.write(message)
            self.chan.exit(1)

    def data_received(self, data: bytes, datatype: Any) -> None:
        if self.terminal is not None:
            self.terminal.data_received(data)

    def terminal_size_changed(self, width: int, height: int, pixwidth: int,
                              pixheight: int) -> None:
        if self.terminal is not None:
            self.terminal.resize(width, height)
        elif self.pty is not None:
            self.pty = (self.pty[0], clamp_size(width, height))

    def break_received(self, msec: int) -> bool:
        return True  # ignored

    def signal_received(self, signal: str) -> None:
        pass  # ignored: nothing on the server can be signalled from a session

    def eof_received(self) -> bool:
        self.close()
        return False

    def pause_writing(self) -> None:
        if self.terminal is not None:
            self.terminal.pause_writing()

    def resume_writing(self) -> None:
        if self.terminal is not None:
            self.terminal.resume_writing()

    def connection_lost(self, exc: Exception | None) -> None:
        self.close()

    # the session ----------------------------------------------------------------------------

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        if self.terminal is not None:
            self.terminal.close()
        app = self.app
        if app is not None:
            with contextlib.suppress(Exception):
                app.exit()

    async def _run_app(self, app: Any) -> Any:
        assert self.terminal is not None
        app.ssh_terminal = self.terminal
        app.driver_class = SshDriver
        # A Textual app points sys.stdout/stderr at a capture of its own while it runs
        # and puts back what it found when it ends. With many apps starting and ending
        # in any order, the one left in sys.stdout was a capture of a finished app:
        # that app, its table and its game stayed alive. Here every app "captures" to
        # the real streams, so whatever order they end in, the real ones are left.
        app._capture_stdout = sys.__stdout__
        app._capture_stderr = sys.__stderr__
        from pmtui.tui.display import set_depth

        # the depth the player's settings ask (the lobby has none), no more than the
        # client's terminal shows
        set_depth(app.console, getattr(app, "asked_depth", None), self.terminal.color_system)
        self.app = app
        try:
            if self.closed:
                return None
            return await self._until_stopped(app)
        finally:
            self.app = None

    async def _until_stopped(self, app: Any) -> Any:
        """Run `app` until it has let go of the terminal (it draws nothing more and takes
        no keys), and return what it ended with.

        Textual then tears the app down, widget by widget, each on its own turn of the
        event loop: on a busy server that took 2-18 s after the game-over screen's `q`,
        over 30 s under heavier load, with the old screen frozen and the lobby not yet
        shown. The teardown goes on here in the background; the session waits for it
        only when it ends (run), so its apps are gone before the server counts it out."""
        assert self.terminal is not None
        stopped: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        app.ssh_stopped = stopped  # set by SshDriver.stop_application_mode
        running = asyncio.ensure_future(app.run_async(mouse=False, size=self.terminal.size))
        try:
            await asyncio.wait([running, stopped], return_when=asyncio.FIRST_COMPLETED)
        except asyncio.CancelledError:
            running.cancel()
            raise
        finally:
            stopped.cancel()
        if running.done():
            return running.result()
        self.teardowns.add(running)
        running.add_done_callback(self._torn_down)
        return app.return_value

    def _torn_down(self, running: asyncio.Future[Any]) -> None:
        self.teardowns.discard(running)
        if not running.cancelled() and running.exception() is not None:
            log.error("closing a screen of %s failed: %s", self.user.name,
                      running.exception())

    async def run(self) -> None:
        from pmtui.net.game import NetApp
        from pmtui.net.lobby import LobbyApp

        registry = self.server.registry
        notice = ""
        try:
            while not self.closed:
                lobby = LobbyApp(registry, self.user, notice=notice)
                try:
                    choice = await self._run_app(lobby)
                finally:
                    lobby.detach()
                del lobby  # not kept (its screens and caches) while the table runs
                notice = ""
                if choice is None or self.closed:
                    break
                kind, tid = choice
                try:
                    table = registry.get(tid)
                    seat = table.seat_of(self.user) if kind == "play" else None
                    if kind == "play" and seat is None:
                        raise TableError(f"you have no seat at table {tid}")
                    view = SeatTable(table, seat)
                except TableError as exc:
                    notice = str(exc)
                    continue
                settings = self.server.settings
                app = NetApp(view, config=settings.config_for(self.user),
                             keep=functools.partial(settings.keep, self.user))
                table.attach(seat)
                log.info("%s %s table %s", self.user.name,
                         "sits at" if seat is not None else "watches", tid)
                try:
                    await self._run_app(app)
                finally:
                    app.detach()
                    table.detach(seat)
                if app.fatal:
                    notice = f"the game screen stopped: {app.fatal}"[:200]
                del app, view  # nor the table's screens while the lobby runs
        except Exception:  # noqa: BLE001 - one session's failure is logged, not shared
            log.exception("session of %s failed", self.user.name)
        finally:
            if self.teardowns:  # the last apps' teardown: gone before the session is
                await asyncio.wait(set(self.teardowns))
            self.server.sessions.discard(self)
            if not self.server.sessions:
                self.server.emptied()
            if self.terminal is not None:
                self.terminal.leave()
                self.terminal.close()
            with contextlib.suppress(Exception):
                self.chan.exit(0)


# -- the server ---------------------------------------------------------------------------------


def allocated_blocks() -> int | None:
    """Python's memory blocks in use now: unlike the RSS, this falls after a collection."""
    try:
        return sys.getallocatedblocks()
    except AttributeError:  # not CPython
        return None


class GcSteward:
    """Keeps Python's garbage collector from pausing every session at once.

    Each session's Textual apps hold many long-lived objects, and a full collection
    scans them all: with 20 sessions one takes about a second, stalling every screen
    (docs/ssh.md). So every few seconds what survived the young collections is frozen
    (`gc.freeze()`: moved where the collector does not look), and Python's own
    collections scan only recent objects. A prompt closed after it was frozen is
    garbage the collector cannot see, so once Python's memory in use has grown by half
    since the last full collection, everything is unfrozen and collected once: memory
    stays bounded and full pauses are rare. The measure is Python's allocated blocks:
    the RSS does not fall after a collection, so a threshold on it moved up by a
    quarter each time and the process grew for ever; counting the frozen objects
    walks them all (80 ms at 20 sessions).
    """

    EVERY = 5.0  # seconds between freezes
    GROWTH = 0.5  # memory in use may grow by this share before a full collection
    MIN_GROWTH = 200_000  # ... and by at least this many blocks (some 20 MiB)
    FALLBACK = 600.0  # seconds between full collections where memory cannot be read

    def __init__(self, measure: Callable[[], int | None] = allocated_blocks,
                 give_back: Callable[[], object] = memory.give_back) -> None:
        self.measure = measure
        self.give_back = give_back
        self.task: asyncio.Task[None] | None = None
        self.baseline: int | None = None  # memory after the last full collection
        self.last_full = 0.0
        self.full_collections = 0
        self.last_pause = 0.0  # seconds the last collection took

    def start(self) -> None:
        self.collect(full=True)
        self.task = asyncio.get_running_loop().create_task(self._run(), name="pmtui gc")

    def collect(self, full: bool) -> None:
        t = time.perf_counter()
        if full:
            gc.unfreeze()
            gc.collect()
        else:
            gc.collect(1)  # the young garbage, before it is frozen with the rest
        gc.freeze()
        self.last_pause = time.perf_counter() - t
        if full:
            # what the collection freed in the C allocator's heaps goes back to the system
            self.give_back()
            self.baseline = self.measure()
            self.last_full = time.monotonic()
            self.full_collections += 1
            log.debug("full collection: %.3f s", self.last_pause)

    def due(self) -> bool:
        now = self.measure()
        if now is None or self.baseline is None:
            return time.monotonic() - self.last_full > self.FALLBACK
        return now > self.baseline + max(self.MIN_GROWTH, self.GROWTH * self.baseline)

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self.EVERY)
            self.collect(full=self.due())

    def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            self.task = None
        gc.unfreeze()


class PmServer:
    """The listening server: registry of tables, key checks, live sessions."""

    def __init__(self, data_dir: Path, auth: KeyAuth, restart_above: float | None = None) -> None:
        self.data_dir = data_dir
        self.auth = auth
        self.registry = Registry(data_dir, loop=asyncio.get_running_loop())
        self.sessions: set[Session] = set()
        self.connections = 0
        self.unsigned: Counter[str] = Counter()  # address -> connections not signed in yet
        # whose input goes next, and each key's loop time (while it has a session)
        self.scheduler = fair.Scheduler()
        self.accounts: weakref.WeakValueDictionary[str, fair.Account] = \
            weakref.WeakValueDictionary()
        self._unmeter: Callable[[], None] | None = None
        # MiB above the start's RSS at which an empty server starts afresh (recycle.py);
        # None: never (tests, and servers run inside another program)
        self.restart_above = restart_above
        self.rss_at_start: int | None = None
        self.wants_restart = asyncio.Event()
        self.settings = PlayerSettings()  # each player's table settings, theirs alone
        self.acceptor: Any = None
        self.port = 0
        self.key = host_key(data_dir)
        try:
            self.names = NameBook(data_dir)
        except NamesError as exc:
            raise ServeError(str(exc)) from None
        self.gc = GcSteward()
        memory.one_heap()  # before the computer players' threads start
        memory.unpin_styles_caches()

    def handover(self) -> bytes:
        """What the next image takes back (recycle.py): the lobby's recent results and
        the keys' recent actions, and each player's settings, which last while the
        server runs."""
        packed = json.loads(self.registry.pack_results())
        packed["settings"] = self.settings.pack()
        return json.dumps(packed).encode()

    def session_refusal(self, user: User) -> str | None:
        """Why the server takes no more sessions from `user`'s key now (one line), or None.

        Counted here, where a session is added to `sessions`, so that sessions opened
        at once cannot all slip past the count.
        """
        if len(self.sessions) >= MAX_SESSIONS:
            return "the server is full; try again later"
        if sum(1 for s in self.sessions if s.user.key == user.key) >= SESSIONS_PER_KEY:
            # one key cannot take every session
            return (f"your key already has {SESSIONS_PER_KEY} sessions open; "
                    "close one first")
        return None

    def account_of(self, key: str) -> fair.Account:
        """The account of loop time shared by the sessions of one key."""
        account = self.accounts.get(key)
        if account is None:
            account = self.accounts[key] = self.scheduler.account()
        return account

    def unsigned_refusal(self, address: str) -> str | None:
        """Why a new connection from `address` is refused before it signs in, or None:
        connections not signed in yet are bounded per address and in all."""
        if sum(self.unsigned.values()) >= MAX_UNSIGNED:
            return "too many connections are signing in; try again later"
        if self.unsigned[address] >= UNSIGNED_PER_ADDRESS:
            return (f"{UNSIGNED_PER_ADDRESS} connections from your address are already "
                    "signing in; try again later")
        return None

    def name_refusal(self, user: User, named: str | None) -> str | None:
        """Why `user` may not sign in under that name (one line), or None.

        A key the authorized-keys file names (PMTUI_NAME) signs in under that name
        only, and that name is only for the keys named for it; any other name
        belongs to the first key that used it (names.json).
        """
        if named is not None and named != user.name:
            return f"this key signs in as {named} (ssh {named}@this-server)"
        reserved = self.auth.reserved(user.name)
        if reserved:
            return None if user.key in reserved else (
                f"the name {user.name} belongs to another key; sign in under another name")
        alike = lookalike.refusal(user.name, [*self.auth.reserved_for_others(user.key),
                                              *self.names.held_by_others(user.key)])
        if alike:
            log.warning("name %s refused to key %s: %s", user.name, user.key, alike)
            return alike
        try:
            mine = self.names.claim(user.name, user.key)
        except NameLimit as exc:
            return str(exc)
        except OSError as exc:
            log.error("cannot save the name %s: %s", user.name, exc)
            return "the server cannot record your name now; try again later"
        if not mine:
            log.warning("name %s refused to key %s", user.name, user.key)
            return f"the name {user.name} belongs to another key; sign in under another name"
        return None

    async def start(self, host: str, port: int, sock: socket.socket | None = None) -> list[str]:
        """Listen on host:port, or on `sock` (handed over by the previous image)."""
        warnings = self.registry.restore()
        handed = recycle.take_over(self.data_dir)
        if handed is not None:
            try:
                packed = bounded.load_json(handed, recycle.HANDOVER, ValueError)
                self.settings.unpack(packed.pop("settings", []))
                self.registry.unpack_results(json.dumps(packed).encode())
            except (ValueError, KeyError, TypeError, AttributeError) as exc:
                warnings.append(f"{recycle.HANDOVER}: cannot read the recent results ({exc})")
        self.acceptor = await asyncssh.create_server(
            lambda: _Connection(self),
            None if sock else host,
            None if sock else port,
            sock=sock,
            server_host_keys=[self.key],
            line_editor=False,
            encoding=None,
            allow_pty=True,
            x11_forwarding=False,
            agent_forwarding=False,
            keepalive_interval=30,
            keepalive_count_max=4,
            login_timeout=LOGIN_TIMEOUT,
            window=256 * 1024,
        )
        sockets = self.acceptor.sockets if hasattr(self.acceptor, "sockets") else []
        self.port = sockets[0].getsockname()[1] if sockets else port
        self._unmeter = fair.meter(asyncio.get_running_loop())
        self.gc.start()
        self.rss_at_start = recycle.rss_bytes()
        return warnings

    def emptied(self) -> None:
        """The last session has left: once its apps are gone, the caches they filled are
        emptied, a full collection runs, and what it frees goes back to the system (the
        next sessions may be hours away; pmtui/net/memory.py)."""
        asyncio.get_running_loop().call_later(EMPTY_COLLECT_AFTER, self._collect_if_empty)

    def _collect_if_empty(self) -> None:
        if not self.sessions and self.gc.task is not None:
            memory.clear_caches()
            results = self.registry.pack_results()
            self.gc.collect(full=True)
            self.registry.unpack_results(results)
            if self.restart_due():
                self.wants_restart.set()

    def restart_due(self) -> bool:
        """Whether the server, empty, holds so much more than after it started that it
        should start afresh (recycle.py): nobody connected or signing in, no computer
        player thinking (its move would be lost; the game waits in its journal)."""
        if (self.restart_above is None or self.sessions or self.connections
                or any(t.computer_running for t in self.registry.tables.values())):
            return False
        now, start = recycle.rss_bytes(), self.rss_at_start
        return now is not None and start is not None and now - start > self.restart_above * 2**20

    def listening_socket(self) -> socket.socket | None:
        sockets = getattr(self.acceptor, "sockets", None) or []
        return sockets[0] if sockets else None

    async def stop(self) -> None:
        if self.acceptor is not None:
            self.acceptor.close()
        for s in list(self.sessions):
            s.close()
        tasks = [s.task for s in list(self.sessions) if s.task is not None]
        if tasks:
            await asyncio.wait(tasks, timeout=5)
        self.registry.shutdown()
        self.gc.stop()
        self.scheduler.close()
        if self._unmeter is not None:
            self._unmeter()
            self._unmeter = None


def _setup_logging() -> None:
    logger = logging.getLogger("pmtui.net")
    if not logger.handlers:
        # bound to the real stderr now: Textual apps redirect sys.stderr while they run
        handler = logging.StreamHandler(sys.__stderr__)
        handler.setFormatter(logging.Formatter("pmtui serve: %(levelname)s %(message)s"))
        logger.addHandler(handler)
        logger.setLevel(logging.INFO)
        logger.propagate = False


async def _main(host: str, port: int, data_dir: Path, auth: KeyAuth,
                restart_above: float | None) -> int | None:
    """Serve until interrupted (the exit status), or until the server is empty and should
    start afresh: None, with the listening socket and the recent results handed over."""
    server = PmServer(data_dir, auth, restart_above)
    inherited = recycle.inherited_socket()
    try:
        warnings = await server.start(host, port, inherited)
    except OSError as exc:
        raise ServeError(f"cannot listen on {host}:{port}: "
                         f"{exc.strerror or exc}") from None
    for w in warnings:
        log.warning("%s", w)
    restored = len(server.registry.tables)
    mode = "open to anyone with a key" if auth.open else f"keys in {auth.path}"
    afresh = "; started afresh to give memory back" if inherited else ""
    print(f"pmtui: serving on {host}:{server.port} ({mode}; data in {data_dir}; "
          f"{restored} table(s) restored; host key {server.key.get_fingerprint()}{afresh})",
          flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    handed_over = False
    try:
        waits = [asyncio.ensure_future(e.wait()) for e in (stop, server.wants_restart)]
        await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
        for w in waits:
            w.cancel()
        listening = server.listening_socket()
        if not stop.is_set() and listening is not None:
            held = (recycle.rss_bytes() or 0) - (server.rss_at_start or 0)
            log.info("nobody is connected and the server holds %.0f MiB more than when it "
                     "started: starting afresh to give it back", held / 2**20)
            recycle.keep_open(listening)
            handed_over = True
    finally:
        await server.stop()
        sys.stdout = sys.__stdout__  # Textual's stdout capture, if any app left it behind
        sys.stderr = sys.__stderr__
    if handed_over:
        recycle.hand_over(data_dir, server.handover())
        return None
    print("pmtui: server stopped", flush=True)
    return 0


def default_data_dir() -> Path:
    import platformdirs

    return platformdirs.user_data_path("pmtui", appauthor=False) / "server"


def serve(host: str = "127.0.0.1", port: int = 2222, data_dir: Path | None = None,
          authorized_keys: Path | None = None, open_to_all: bool = False,
          restart_above: float | None = None) -> int:
    """Run the SSH server until interrupted (ctrl+c or SIGTERM). When it is empty and
    holds more than `restart_above` MiB above its start, it starts afresh: the same
    process runs its command again (recycle.py), so only `pmtui serve` asks for it
    (recycle.RESTART_ABOVE); None: never."""
    data_dir = Path(data_dir) if data_dir else default_data_dir()
    keys_path = Path(authorized_keys) if authorized_keys else data_dir / "authorized_keys"
    if not 0 <= port <= 65535:
        print(f"pmtui: bad port {port}", file=sys.stderr)
        return 2
    _setup_logging()
    try:
        data_dir.mkdir(parents=True, exist_ok=True)
        auth = KeyAuth(keys_path, open_to_all)
        status = asyncio.run(_main(host, port, data_dir, auth, restart_above))
        if status is None:  # the socket and the recent results are handed over
            try:
                recycle.start_afresh()
            except OSError as exc:
                print(f"pmtui: cannot start afresh: {exc.strerror or exc}", file=sys.stderr)
                return 1
        return status
    except ServeError as exc:
        print(f"pmtui: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"pmtui: {data_dir}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
