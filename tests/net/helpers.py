"""Helpers for the SSH server tests: an in-process server and asyncssh clients with a PTY."""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import asyncssh

from pmtui.net.server import KeyAuth, PmServer, Session

ANSI = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b[@-Z\\-_]|\x1b\][^\x07]*\x07")


def plain(data: bytes) -> str:
    """Output bytes as text with the escape sequences taken out."""
    return ANSI.sub("", data.decode("utf-8", "replace"))


def make_key(path: Path) -> asyncssh.SSHKey:
    key = asyncssh.generate_private_key("ssh-ed25519")
    path.write_bytes(key.export_private_key())
    path.with_suffix(".pub").write_bytes(key.export_public_key())
    return key


class Keys:
    """Client keys written into an authorized-keys file (and one that is not)."""

    def __init__(self, folder: Path, names: tuple[str, ...] = ("alice", "bob", "carol")) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.keys = {n: make_key(folder / f"{n}_key") for n in names}
        self.stranger = make_key(folder / "stranger_key")
        self.authorized = folder / "authorized_keys"
        self.authorized.write_bytes(b"".join(k.export_public_key() for k in self.keys.values()))


async def start_server(tmp_path: Path, *, open_: bool = False,
                       keys: Keys | None = None) -> tuple[PmServer, Keys]:
    keys = keys or Keys(tmp_path / "keys")
    data = tmp_path / "data"
    data.mkdir(parents=True, exist_ok=True)
    server = PmServer(data, KeyAuth(keys.authorized, open_))
    await server.start("127.0.0.1", 0)
    return server, keys


class Client:
    """One SSH session with a PTY: everything received is kept in `out`."""

    def __init__(self, conn: asyncssh.SSHClientConnection, chan: Any, user: str) -> None:
        self.conn = conn
        self.chan = chan
        self.user = user
        self.out = bytearray()
        self.mark = 0
        self.closed = asyncio.Event()
        self.got = asyncio.Event()

    @classmethod
    async def connect(cls, port: int, user: str, key: asyncssh.SSHKey, *,
                      size: tuple[int, int] = (80, 24), pty: bool = True,
                      window: int | None = None) -> Client:
        conn = await asyncssh.connect("127.0.0.1", port, username=user, client_keys=[key],
                                      known_hosts=None, agent_path=None, config=None,
                                      connect_timeout=20)
        c = cls(conn, None, user)

        class _S(asyncssh.SSHClientSession):  # type: ignore[type-arg]
            def data_received(self, data: bytes, datatype: Any) -> None:
                c.out += data
                c.got.set()

            def connection_lost(self, exc: Exception | None) -> None:
                c.closed.set()

        kw: dict[str, Any] = {"encoding": None}
        if window is not None:
            kw["window"] = window
        if pty:
            kw.update(term_type="xterm-256color", term_size=size)
        c.chan, _ = await asyncio.wait_for(conn.create_session(_S, **kw), 20)
        return c

    def text(self, since: int = 0) -> str:
        return plain(bytes(self.out[since:]))

    def send(self, data: str | bytes) -> None:
        self.chan.write(data.encode() if isinstance(data, str) else data)

    async def wait_for(self, pred: str | Callable[[], bool], timeout: float = 15.0,
                       since: int | None = None) -> None:
        start = self.mark if since is None else since
        check: Callable[[], bool]
        if isinstance(pred, str):
            def check() -> bool:
                return pred in self.text(start)
        else:
            check = pred
        deadline = time.monotonic() + timeout
        while not check():
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.user}: never saw {pred!r}; got:\n"
                                     f"{self.text(start)[-2000:]}")
            self.got.clear()
            try:
                await asyncio.wait_for(self.got.wait(), 0.1)
            except TimeoutError:
                pass

    def set_mark(self) -> None:
        self.mark = len(self.out)

    async def close(self, abort: bool = False) -> None:
        if abort:
            self.conn.abort()
        else:
            self.conn.close()
        try:
            await asyncio.wait_for(self.conn.wait_closed(), 5)
        except TimeoutError:
            pass


def session_of(server: PmServer, user: str, key: asyncssh.SSHKey | None = None) -> Session:
    fp = key.get_fingerprint() if key is not None else None
    found = [s for s in server.sessions if s.user.name == user and fp in (None, s.user.key)]
    assert found, f"no session for {user}"
    return found[-1]


async def wait_until(pred: Callable[[], bool], timeout: float = 15.0, what: str = "") -> None:
    deadline = time.monotonic() + timeout
    while not pred():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what or pred}")
        await asyncio.sleep(0.02)


async def app_of(server: PmServer, user: str, kind: str, timeout: float = 15.0) -> Any:
    """The app (by class name) a user's session is running, once it is running."""
    await wait_until(lambda: any(s.user.name == user and type(s.app).__name__ == kind
                                 and s.app.is_running for s in server.sessions),
                     timeout, f"{user} in {kind}")
    return session_of(server, user).app


async def two_at_a_table(server: PmServer, keys: Any, game: str,
                         options: Sequence[int] = ()) -> tuple[Client, Client, Any, Any, Any]:
    """alice creates a table of `game`, found by its place in the lobby's "Which game?"
    menu (so a newly installed game moves nothing), taking in each of its option menus
    the entry `options[i]` places below the game's default (the default when not
    given), and bob joins it with his first deck.
    Returns alice's and bob's clients, the table, and their apps (seats 0 and 1)."""
    down, enter = "\x1b[B", "\r"
    clients = []
    for user in ("alice", "bob"):
        c = await Client.connect(server.port, user, keys.keys[user])
        await c.wait_for(f"signed in as {user}")
        await app_of(server, user, "LobbyApp")
        clients.append(c)
    a, b = clients
    a.set_mark()
    a.send("c")
    await a.wait_for("Which game?")
    downs = [g for _, g in server.registry.game_choices()].index(game)
    a.send(down * downs + enter)
    for i, (title, _) in enumerate(server.registry.option_menus(game)):
        await a.wait_for(f"Game option {title.partition(':')[0]}")
        a.set_mark()
        a.send(down * (options[i] if i < len(options) else 0) + enter)
    await a.wait_for("Your deck for a new table")
    a.send(enter)
    await a.wait_for("waiting for a player")
    table = server.registry.get(max(server.registry.tables))
    assert table.game == game
    await b.wait_for("alice vs —")
    b.set_mark()
    b.send("j")
    await b.wait_for("Your deck for table")
    b.send(enter)
    bob_app = await app_of(server, "bob", "NetApp")
    alice_app = await app_of(server, "alice", "NetApp")
    assert table.local.game.ruleset.id == game
    return a, b, table, alice_app, bob_app
