"""One key's input cannot slow the other players (docs/ssh.md, "Fair shares";
pmtui/net/fair.py and the input side of pmtui/net/driver.py): each key's loop time
is metered, sessions with input waiting take turns (the least served first), a key
over its share while others are served waits, what waits is bounded and dropped
with a notice, and bytes that mean no key cost no room. Then connections that have
not signed in are bounded per address and in all (pmtui/net/server.py)."""

from __future__ import annotations

import asyncio
import contextvars
import time
from typing import Any

import asyncssh
import pytest
from textual import events

from pmtui.net import driver as driver_mod
from pmtui.net import fair
from pmtui.net import server as server_mod
from pmtui.net.driver import DROPPED, IN_MAX, SshDriver, Terminal
from pmtui.net.fair import ACCOUNT, Account, Scheduler

from .helpers import Client, app_of, session_of, start_server, wait_until


def busy(seconds: float) -> None:
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        pass


class FakeApp:
    """What SshDriver needs of an app: its keys are logged, and each costs `cost`
    seconds of work run in the app's own context (so charged to its account)."""

    def __init__(self, terminal: Terminal, name: str, log: list[tuple[str, str]],
                 cost: float = 0.0) -> None:
        self.ssh_terminal = terminal
        self.name, self.log, self.cost = name, log, cost
        self.notices: list[str] = []
        self._message_queue: asyncio.Queue[object] = asyncio.Queue()
        self.context = contextvars.Context()
        self.context.run(ACCOUNT.set, terminal.account)

    def post_message(self, message: object) -> None:
        if isinstance(message, events.Key):
            self.log.append((self.name, message.key))
            if self.cost:
                asyncio.get_running_loop().call_soon(busy, self.cost, context=self.context)

    def notify(self, text: str, **_: Any) -> None:
        self.notices.append(text)


class FakeChannel:
    def write(self, data: bytes) -> None:
        pass


def session(name: str, log: list[tuple[str, str]], scheduler: Scheduler,
            account: Account | None = None, cost: float = 0.0) -> tuple[Terminal, FakeApp]:
    """A Terminal with an SshDriver on a FakeApp, as a session's terminal and app."""
    terminal = Terminal(FakeChannel(), (80, 24), scheduler=scheduler, account=account)
    app = FakeApp(terminal, name, log, cost)
    driver = SshDriver(app)  # type: ignore[arg-type]
    terminal.driver = driver
    driver.accepting = True
    return terminal, app


async def passes(n: int) -> None:
    """Let the loop run `n` times round (the scheduler takes one turn a pass)."""
    for _ in range(n):
        await asyncio.sleep(0)


async def test_a_callback_is_charged_to_the_account_of_its_context() -> None:
    loop = asyncio.get_running_loop()
    unmeter = fair.meter(loop)
    try:
        mine, other = Account(), Account()
        context = contextvars.Context()
        context.run(ACCOUNT.set, mine)
        done = loop.create_future()
        loop.call_soon(busy, 0.02, context=context)  # a callback of the session
        loop.call_later(0.001, busy, 0.02, context=context)  # a timer of the session
        loop.call_soon(busy, 0.01)  # the server's own: nobody's charge

        async def step() -> None:  # a task's steps, in the task's copy of the context
            busy(0.01)
            await asyncio.sleep(0)
            busy(0.01)
            done.set_result(None)

        context.run(loop.create_task, step())
        await done
        await asyncio.sleep(0.01)
        assert mine.spent >= 0.06
        assert other.spent == 0
    finally:
        unmeter()
    assert "call_soon" not in vars(loop)  # the loop is put back as it was


def test_a_key_over_its_share_waits_only_while_others_are_served() -> None:
    now = [0.0]
    account = Account(clock=lambda: now[0])
    account.charge(fair.WORK_BURST + 0.3)  # a burst and more at once
    assert account.wait() == 0  # alone on the server: nobody waits for it
    account.contended = True
    assert account.wait() > 0  # others are being served: it waits its turn
    now[0] += account.wait()  # ... until its allowance has refilled at WORK_SHARE
    assert account.wait() == 0
    account.charge(100.0)  # overdrawn by at most a burst: the wait is bounded
    assert account.wait() <= fair.WORK_BURST / fair.WORK_SHARE + 0.01


async def test_a_players_key_goes_before_more_of_a_flood() -> None:
    """Two sessions: one floods keys that each cost loop time, the other sends a key
    now and then. Each of the player's keys reaches its app before the flood's next
    key does, and the flood goes on in between."""
    loop = asyncio.get_running_loop()
    unmeter = fair.meter(loop)
    log: list[tuple[str, str]] = []
    scheduler = Scheduler()
    try:
        flood, _ = session("flood", log, scheduler, scheduler.account(), cost=0.002)
        player, _ = session("player", log, scheduler, scheduler.account(), cost=0.001)
        flood.data_received(b"x" * 2000)
        await passes(20)

        def who() -> list[str]:
            return [w for w, _ in log]

        for i in range(10):
            floods_before = who().count("flood")
            player.data_received(b"j")
            await wait_until(lambda i=i: who().count("player") == i + 1, 10, "the key")
            at = [n for n, w in enumerate(who()) if w == "player"][i]
            assert who()[:at].count("flood") - floods_before <= 1, who()[-20:]
            await passes(10)
        assert sum(1 for who, _ in log if who == "flood") > 10  # the flood was served too
    finally:
        scheduler.close()
        unmeter()


async def test_a_key_over_its_share_is_not_fed_while_another_is_served() -> None:
    log: list[tuple[str, str]] = []
    scheduler = Scheduler()
    now = [0.0]
    hog, other = Account(clock=lambda: now[0]), Account(clock=lambda: now[0])
    scheduler.accounts.update((hog, other))
    try:
        flood, _ = session("flood", log, scheduler, hog)
        player, _ = session("player", log, scheduler, other)
        hog.charge(fair.WORK_BURST * 2)  # its share is spent
        other.charge(fair.ACTIVE * 2)  # and the other key is being served
        flood.data_received(b"x")
        player.data_received(b"jjj")
        await passes(30)
        assert log == [("player", "j")] * 3
        now[0] += 60  # its allowance has refilled: its key is fed
        scheduler.wake(flood)
        await passes(10)
        assert log[-1] == ("flood", "x")
    finally:
        scheduler.close()


async def test_waiting_input_is_bounded_and_dropped_with_a_notice(
        monkeypatch: pytest.MonkeyPatch) -> None:
    log: list[tuple[str, str]] = []
    scheduler = Scheduler()
    try:
        terminal, app = session("flood", log, scheduler, scheduler.account())
        terminal.data_received(b"z" * (IN_MAX + 5000))
        assert len(terminal._inbuf) == IN_MAX  # never more waits
        assert terminal.chars_dropped == 5000
        assert app.notices == [DROPPED]
        terminal.data_received(b"z" * 100)
        assert app.notices == [DROPPED]  # told once in a while, not for every packet

        # while its key is over its share and others are served, what has waited longer
        # than STALE is dropped (no backlog to work through once the flood stops)
        monkeypatch.setattr(driver_mod, "STALE", 0.05)
        monkeypatch.setattr(driver_mod, "NOTICE_EVERY", 0.0)
        terminal.account.charge(fair.WORK_BURST * 2)
        terminal.account.contended = True
        busy_key = scheduler.account()
        busy_key.charge(fair.ACTIVE * 2)
        held = len(terminal._inbuf) + len(terminal._events)
        await asyncio.sleep(0.1)
        await passes(5)
        assert terminal._inbuf == "" and not terminal._events
        assert terminal.chars_dropped == 5000 + 100 + held
        assert app.notices == [DROPPED, DROPPED]
        # a few keys are kept however long they wait
        terminal.data_received(b"jj")
        await asyncio.sleep(0.1)
        await passes(5)
        assert terminal._inbuf == "jj"
    finally:
        scheduler.close()


async def test_a_paste_cut_short_is_closed_where_it_was_cut() -> None:
    log: list[tuple[str, str]] = []
    scheduler = Scheduler()
    try:
        terminal, app = session("s", log, scheduler, scheduler.account())
        terminal.data_received(b"\x1b[200~" + b"3 Some card\r" * 1000 + b"\x1b[201~")
        terminal.data_received(b"j")  # dropped with the rest: the buffer is full
        assert app.notices == [DROPPED]
        for _ in range(IN_MAX):
            terminal._tokens = driver_mod.BURST  # parse on without waiting for the rate
            terminal.turn()
            if not terminal._inbuf and not terminal._events:
                break
        terminal.data_received(b"k")
        terminal.turn()
        assert log == [("s", "k")]  # a key after the cut is a key, not more of the paste
    finally:
        scheduler.close()


async def test_a_paste_begun_when_waiting_input_is_dropped_is_closed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Waiting input dropped (its key over its share) after the parser took a paste's
    start, its end among what was dropped: the session took every key after it for
    more of the paste and no longer answered (random keys to the lobby, in process,
    about one run in three)."""
    log: list[tuple[str, str]] = []
    scheduler = Scheduler()
    try:
        terminal, app = session("s", log, scheduler, scheduler.account())
        # the start cut between two chunks, as CHUNK may cut it
        terminal.data_received(b"x" * (driver_mod.CHUNK - 3) + b"\x1b[200~"
                               + b"3 Some card\r" * 200 + b"\x1b[201~")
        for _ in range(100):  # until the paste is begun: its start parsed
            if len(log) == driver_mod.CHUNK - 3 and not terminal._events and \
                    not terminal._inbuf.startswith(("0", "~")):
                break
            terminal._tokens = driver_mod.BURST
            terminal.turn()
        assert "\x1b[201~" in terminal._inbuf and "\x1b[200~" not in terminal._inbuf
        monkeypatch.setattr(driver_mod, "STALE", 0.05)
        terminal.account.charge(fair.WORK_BURST * 2)
        terminal.account.contended = True
        busy_key = scheduler.account()
        busy_key.charge(fair.ACTIVE * 2)
        await asyncio.sleep(0.1)
        await passes(5)
        assert "3 Some card" not in terminal._inbuf  # dropped
        assert app.notices == [DROPPED]  # and told, as any drop is
        terminal.account.contended = False
        terminal.data_received(b"k")
        for _ in range(10):
            terminal._tokens = driver_mod.BURST
            terminal.turn()
        assert ("s", "k") in log  # a key after the drop is a key, not more of the paste
    finally:
        scheduler.close()


async def test_bytes_that_mean_no_key_take_no_room_and_no_turn() -> None:
    """Bytes that are no UTF-8 are dropped as they arrive (they once filled the input
    buffer and the key behind them was cut); focus and mouse reports are parsed and
    dropped within the same turn, before they are messages for the app."""
    log: list[tuple[str, str]] = []
    scheduler = Scheduler()
    try:
        terminal, app = session("s", log, scheduler, scheduler.account())
        terminal.data_received(b"\xff\xfe" * 50_000 + b"x")
        assert terminal._inbuf == "x" and terminal.chars_dropped == 0 and not app.notices
        terminal.turn()
        assert log == [("s", "x")]
        terminal.data_received(b"\x1b[I\x1b[O" * 40 + b"\x1b[<0;3;4M" * 20 + b"y")
        terminal.turn()  # one turn: the reports are no keys, the y is the turn's key
        assert log == [("s", "x"), ("s", "y")]
        assert app._message_queue.qsize() == 0
    finally:
        scheduler.close()


async def test_a_flood_over_ssh_is_told_its_input_was_dropped(tmp_path) -> None:
    server, keys = await start_server(tmp_path)
    try:
        flood = await Client.connect(server.port, "carol", keys.keys["carol"])
        await flood.wait_for("signed in as carol")
        await app_of(server, "carol", "LobbyApp")
        s = session_of(server, "carol")
        flood.set_mark()
        flood.send(b"z" * (4 * IN_MAX))  # z does nothing in the lobby
        await flood.wait_for(DROPPED)
        assert s.terminal is not None and s.terminal.chars_dropped > 0
        assert len(s.terminal._inbuf) <= IN_MAX
        flood.set_mark()
        flood.send("c")  # and the session goes on
        await flood.wait_for(lambda: "Which game?" in flood.text(flood.mark)
                             or "Your deck for a new table" in flood.text(flood.mark), 30)
        await flood.close()
    finally:
        await server.stop()


async def refused_reason(port: int, key: asyncssh.SSHKey, user: str = "alice") -> str:
    with pytest.raises(asyncssh.DisconnectError) as caught:
        await Client.connect(port, user, key)
    return caught.value.reason


async def test_connections_not_signed_in_are_bounded(tmp_path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(server_mod, "UNSIGNED_PER_ADDRESS", 3)
    monkeypatch.setattr(server_mod, "MAX_UNSIGNED", 5)
    server, keys = await start_server(tmp_path)
    idle: list[asyncio.StreamWriter] = []
    try:
        # connections that never sign in (no SSH at all: a socket left open)
        for _ in range(3):
            idle.append((await asyncio.open_connection("127.0.0.1", server.port))[1])
        await wait_until(lambda: server.unsigned["127.0.0.1"] == 3, what="three counted")
        reason = await refused_reason(server.port, keys.keys["alice"])
        assert reason.startswith("3 connections from your address are already signing "
                                 "in; try again later")
        # a refused connection that never does its handshake is cut all the same
        monkeypatch.setattr(server_mod, "REFUSED_WITHIN", 0.2)
        reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
        seen = await asyncio.wait_for(reader.read(-1), 10)  # to the end: it was cut
        writer.close()
        assert seen.startswith(b"SSH-2.0-") and b"already signing in" in seen
        # in all: the limit counts every address
        monkeypatch.setattr(server_mod, "UNSIGNED_PER_ADDRESS", 100)
        for _ in range(2):
            idle.append((await asyncio.open_connection("127.0.0.1", server.port))[1])
        await wait_until(lambda: sum(server.unsigned.values()) == 5, what="five counted")
        reason = await refused_reason(server.port, keys.keys["alice"])
        assert reason.startswith("too many connections are signing in; try again later")
        for w in idle:
            w.close()
        await wait_until(lambda: not server.unsigned, what="the idle ones gone")
        # signed in, a connection is no longer counted: others may sign in beside it
        monkeypatch.setattr(server_mod, "UNSIGNED_PER_ADDRESS", 1)
        a = await Client.connect(server.port, "alice", keys.keys["alice"])
        await a.wait_for("signed in as alice")
        assert not server.unsigned
        b = await Client.connect(server.port, "bob", keys.keys["bob"])
        await b.wait_for("signed in as bob")
        await a.close()
        await b.close()
    finally:
        for w in idle:
            w.close()
        await server.stop()
