"""An empty server that holds much more memory than when it started starts afresh in the
same process (pmtui/net/recycle.py): the memory comes back, the listening socket stays
open, and the lobby's recent results and the rate limits carry over."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pmtui.net import recycle
from pmtui.net.server import EMPTY_COLLECT_AFTER, KeyAuth, PmServer
from pmtui.net.tables import Registry, ServerTable

from .helpers import Client, Keys, start_server, wait_until
from .test_finished import play_to_the_end

pytestmark = pytest.mark.skipif(recycle.rss_bytes() is None, reason="no /proc: never restarts")


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


def next_serving_line(proc: subprocess.Popen[str], timeout: float = 60) -> str:
    assert proc.stdout is not None
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if "serving on" in line:
            return line
        if not line and proc.poll() is not None:
            break
    raise AssertionError("no 'serving on' line from the server")


def test_an_empty_server_starts_afresh_and_keeps_listening(tmp_path: Path) -> None:
    keys = Keys(tmp_path / "keys")
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "pmtui", "serve", "--port", "0", "--data-dir",
         str(tmp_path / "data"), "--authorized-keys", str(keys.authorized),
         "--restart-above", "0"],  # any growth: the first time everyone has left
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
    try:
        first = next_serving_line(proc)
        port = int(re.search(r":(\d+) ", first).group(1))  # type: ignore[union-attr]
        assert "started afresh" not in first

        async def visit() -> int:
            c = await Client.connect(port, "alice", keys.keys["alice"])
            await c.wait_for("signed in as alice")
            seated = rss_kb(proc.pid)
            await c.close()
            return seated

        seated = asyncio.run(visit())
        again = next_serving_line(proc)
        assert "started afresh to give memory back" in again
        assert f":{port} " in again  # the same socket, handed over open
        assert proc.poll() is None  # the same process (a supervisor sees no exit)
        assert rss_kb(proc.pid) < seated

        async def come_back() -> None:  # the new image takes connections on the same port
            c = await Client.connect(port, "bob", keys.keys["bob"])
            await c.wait_for("signed in as bob")
            await c.close()

        asyncio.run(come_back())
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()


async def test_the_server_asks_to_start_afresh_only_when_allowed(tmp_path: Path) -> None:
    """`restart_above` None (a server inside another program, the tests) never asks;
    otherwise the last session's leaving asks once the memory is over the bound."""
    server, keys = await start_server(tmp_path)
    try:
        c = await Client.connect(server.port, "alice", keys.keys["alice"])
        await c.wait_for("signed in as alice")
        await c.close()
        await asyncio.sleep(EMPTY_COLLECT_AFTER + 1)
        assert not server.wants_restart.is_set()

        server.restart_above = 0.0
        server.rss_at_start = 0  # over any bound: in a long test run the RSS may fall
        c = await Client.connect(server.port, "alice", keys.keys["alice"])
        await c.wait_for("signed in as alice")
        await c.close()
        await wait_until(server.wants_restart.is_set, timeout=EMPTY_COLLECT_AFTER + 10,
                         what="a restart asked for once everyone left")
    finally:
        await server.stop()


async def test_no_restart_while_someone_is_there_or_a_computer_thinks(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    server = PmServer(tmp_path, KeyAuth(None, open_=True), restart_above=10)
    try:
        server.rss_at_start = 100 * 2**20
        monkeypatch.setattr(recycle, "rss_bytes", lambda: 105 * 2**20)
        assert not server.restart_due()  # 5 MiB more: not worth it
        monkeypatch.setattr(recycle, "rss_bytes", lambda: 200 * 2**20)
        assert server.restart_due()
        server.connections = 1  # someone signing in
        assert not server.restart_due()
        server.connections = 0
        thinking = ServerTable(server.registry, 99, "t")
        thinking.computer_running = True  # its move would be lost
        server.registry.tables[99] = thinking
        assert not server.restart_due()
        thinking.computer_running = False
        assert server.restart_due()
        monkeypatch.setattr(recycle, "rss_bytes", lambda: None)  # no /proc
        assert not server.restart_due()
    finally:
        server.registry.shutdown()


async def test_the_recent_results_are_handed_over(tmp_path: Path) -> None:
    """The lobby's last results live only in memory (a finished table's journal is not
    reloaded): they are handed to the new image in a file it reads once."""
    reg = Registry(tmp_path)
    t = play_to_the_end(reg, 0)
    for seat in (0, 1, None):
        t.detach(seat)
    listed = [(x.id, x.describe(), x.names()) for x in reg.listing()]
    assert listed and all(x.result for x in reg.listing())
    recycle.hand_over(tmp_path, reg.pack_results())
    reg.shutdown()

    server = PmServer(tmp_path, KeyAuth(None, open_=True))
    try:
        await server.start("127.0.0.1", 0)
        assert [(x.id, x.describe(), x.names()) for x in server.registry.listing()] == listed
        assert not (tmp_path / recycle.HANDOVER).exists()  # read once
    finally:
        await server.stop()


async def test_each_players_settings_are_handed_over(tmp_path: Path) -> None:
    """docs/ssh.md "Settings": a player's settings last while the server runs, so they
    go over to the new image with the recent results; another player's stay apart."""
    from pmtui.net.tables import User
    from pmtui.tui.keys import config_data

    alice, bob = User("alice", "SHA256:a"), User("bob", "SHA256:b")
    first = PmServer(tmp_path, KeyAuth(None, open_=True))
    try:
        await first.start("127.0.0.1", 0)
        cfg = first.settings.config_for(alice)
        cfg.depth = "16"
        first.settings.keep(alice, config_data(cfg))
    finally:
        await first.stop()
    recycle.hand_over(tmp_path, first.handover())
    server = PmServer(tmp_path, KeyAuth(None, open_=True))
    try:
        await server.start("127.0.0.1", 0)
        assert server.settings.config_for(alice).depth == "16"
        assert server.settings.config_for(bob).depth == "auto"
        assert server.settings.config_for(User("alice", "SHA256:other")).depth == "auto"
    finally:
        await server.stop()
