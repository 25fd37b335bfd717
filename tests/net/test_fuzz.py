"""Seeded random keys to every screen of an SSH session: no traceback, no error in the
server's log, and the session still answers a known key afterwards.

Each screen gets FUZZ_BYTES of random keys (tests/net/fuzz.py), in batches; before
each batch the session is put back on that screen. In process the bytes enter the
session's `Terminal` where the channel's bytes do (the SSH layer is asyncssh's); over
OpenSSH (test_random_keys_to_every_screen_over_openssh) they come through the real
client.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from textual.command import CommandPalette

from pmtui.net.game import NetApp
from pmtui.net.lobby import LobbyApp
from pmtui.net.server import PmServer, Session
from pmtui.tui.screens.deck_editor import DeckEditorScreen
from pmtui.tui.screens.info import HelpScreen
from pmtui.tui.screens.prompts import PromptScreen
from pmtui.tui.screens.settings import SettingsScreen

from .fuzz import Errors, random_keys, recording, settled, unlimited_input
from .helpers import Client, app_of, plain, session_of, start_server, wait_until

# the suite's volume: 7 KB a screen in process, 3.5 over OpenSSH (seven screens cost
# what six did at 8 and 4); PMTUI_FUZZ_KB / PMTUI_FUZZ_SSH_KB for more
FUZZ_BYTES = int(float(os.environ.get("PMTUI_FUZZ_KB", "7")) * 1024)
SSH_FUZZ_BYTES = int(float(os.environ.get("PMTUI_FUZZ_SSH_KB", "3.5")) * 1024)
BATCH = 2048
# "decks": the deck editor, opened from the lobby on a new deck (last: each screen's
# keys are seeded by its place here)
SCREENS = ["lobby", "game", "prompts", "help", "settings", "palette", "decks"]
# PMTUI_FUZZ_SCREENS=decks,game: over OpenSSH only those (a long run on a screen; in
# process, -k picks the test)
SSH_SCREENS = [x for x in SCREENS
               if x in os.environ.get("PMTUI_FUZZ_SCREENS", ",".join(SCREENS)).split(",")]


async def to_lobby(server: PmServer, s: Session) -> LobbyApp:
    if isinstance(s.app, NetApp) and s.app.is_running:
        s.app.call_later(s.app.exit)
    await wait_until(lambda: isinstance(s.app, LobbyApp) and s.app.is_running, 20, "lobby")
    return s.app


async def to_game(server: PmServer, s: Session) -> NetApp:
    """alice at her game against the computer (a new one when the last is over)."""
    if isinstance(s.app, NetApp) and s.app.is_running and not s.app.seat_table.over:
        return s.app
    lobby = await to_lobby(server, s)
    mine = [t for t in server.registry.seats_of(s.user)
            if t.vs_computer and t.state == "playing" and t.local is not None]
    if not mine:
        spec = server.registry.deck_choices("precious_memories", {}, None)[0][1]
        mine = [server.registry.play_computer(s.user, spec)]
    lobby.call_later(lobby.exit, ("play", mine[0].id))
    await wait_until(lambda: isinstance(s.app, NetApp) and s.app.is_running
                     and s.app.game_screen.is_mounted, 20, "game")
    return s.app


def _top(app: Any) -> Any:
    return app.screen_stack[-1] if app.screen_stack else None


async def put_back(server: PmServer, s: Session, screen: str) -> None:
    """The session on `screen` again, whatever the last keys did."""
    if screen == "lobby":
        await to_lobby(server, s)
        return
    if screen == "decks":
        lobby = await to_lobby(server, s)
        if not isinstance(_top(lobby), DeckEditorScreen):
            def edit() -> None:
                while len(lobby.screen_stack) > 1:
                    lobby.pop_screen()
                lobby.edit_deck("precious_memories", None)
            lobby.call_later(edit)
            await wait_until(lambda: isinstance(_top(lobby), DeckEditorScreen), 10,
                             "the deck editor")
        return
    app = await to_game(server, s)
    if screen == "game":
        def pop() -> None:
            while len(app.screen_stack) > 2 and _top(app) is not app.game_screen:
                app.pop_screen()
        app.call_later(pop)
    elif screen == "prompts":
        if not isinstance(_top(app), PromptScreen):
            app.call_later(app.open_prompt, True)
    elif screen == "help":
        if not isinstance(_top(app), HelpScreen):
            app.call_later(app.show_help)
    elif screen == "settings":
        if not isinstance(_top(app), SettingsScreen):
            app.call_later(app.open_settings)
    elif screen == "palette":
        def to_palette() -> None:
            palettes = [x for x in app.screen_stack if isinstance(x, CommandPalette)]
            while palettes and _top(app) is not palettes[-1]:
                app.pop_screen()
            if not palettes:
                app.action_command_palette()
        app.call_later(to_palette)


async def at_the_table(server: PmServer, s: Session) -> NetApp:
    """Back at the table with nothing open on it."""
    app = await to_game(server, s)
    app.call_later(app._close_prompts)

    def pop() -> None:
        while len(app.screen_stack) > 2:
            app.pop_screen()
    app.call_later(pop)
    await wait_until(lambda: _top(app) is app.game_screen, 10, "the table")
    return app


# how random keys reach the session (in process, or through OpenSSH), and what it
# has sent since a mark (the count of bytes received when the mark was taken)
Send = Callable[[bytes], Awaitable[None]]


async def fuzz_screens(server: PmServer, s: Session, send: Send, mark: Callable[[], int],
                       since: Callable[[int], str], seed: int, size: int,
                       screens: list[str], errors: Errors) -> dict[str, float]:
    """`size` random bytes to each of `screens` (seeded by `seed` and the screen); the
    session never ends and nothing goes wrong (checked after each batch, so a failure
    says where); then ? at the table shows the keys. Returns each screen's seconds
    (for docs/BENCHMARKS.md)."""
    loop = asyncio.get_running_loop()
    took: dict[str, float] = {}
    assert s.terminal is not None
    for screen in screens:
        t = loop.time()
        data = random_keys(seed * 100 + SCREENS.index(screen), size)
        for at in range(0, len(data), BATCH):
            await put_back(server, s, screen)
            await settled(lambda: s.app, lambda: s.terminal.waiting())
            await send(data[at:at + BATCH])
            await settled(lambda: s.app, lambda: s.terminal.waiting())
            where = f"{screen}, {at + BATCH} bytes, seed {seed}"
            assert not errors, f"{where}: " + "\n".join(errors.seen[:5])
            assert not s.closed and s.task is not None and not s.task.done(), \
                f"the session ended: {where}"
        took[screen] = loop.time() - t
    # a screen the table opens meanwhile (the computer's moves summed up) would take
    # the ?: the table is cleared again for another try
    for _ in range(4):
        await at_the_table(server, s)
        before = mark()
        await send(b"?")
        with contextlib.suppress(AssertionError):
            await wait_until(lambda b=before: "act on the focused card" in since(b), 15,
                             "the keys' help")
            return took
    raise AssertionError("the keys' help never showed: the session no longer answers")


def fuzz_seed() -> int:
    return int(os.environ.get("PMTUI_FUZZ_SEED", "1"))


@pytest.mark.parametrize("screen", SCREENS)
async def test_random_keys_in_process(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                      screen: str) -> None:
    unlimited_input(monkeypatch)
    with recording(monkeypatch) as errors:
        server, keys = await start_server(tmp_path)
        try:
            c = await Client.connect(server.port, "alice", keys.keys["alice"])
            await app_of(server, "alice", "LobbyApp")
            s = session_of(server, "alice")

            async def send(data: bytes) -> None:
                assert s.terminal is not None
                s.terminal.data_received(data)  # where the channel's bytes arrive
                await asyncio.sleep(0)

            took = await fuzz_screens(server, s, send, lambda: len(c.out), c.text,
                                      fuzz_seed(), FUZZ_BYTES, [screen], errors)
            print(f"in process, {FUZZ_BYTES} bytes a screen:", took)
            await c.close()
        finally:
            await server.stop()
    assert not errors, "\n".join(errors.seen[:5])


class OpenSsh:
    """A real OpenSSH client (`ssh -tt`) in a pipe: what it is given goes to the server
    as a terminal's keys; what it prints is kept."""

    def __init__(self, proc: asyncio.subprocess.Process) -> None:
        self.proc = proc
        self.out = bytearray()  # the last bytes received
        self.total = 0  # bytes received in all
        self.reader = asyncio.ensure_future(self._read())

    @classmethod
    async def connect(cls, port: int, key: Path, user: str) -> OpenSsh:
        key.chmod(0o600)
        proc = await asyncio.create_subprocess_exec(
            "ssh", "-tt", "-e", "none", "-F", "/dev/null", "-o", "BatchMode=yes",
            "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
            "-o", "LogLevel=ERROR", "-i", str(key), "-p", str(port), f"{user}@127.0.0.1",
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.DEVNULL)
        return cls(proc)

    async def _read(self) -> None:
        assert self.proc.stdout is not None
        while chunk := await self.proc.stdout.read(65536):
            self.out += chunk
            self.total += len(chunk)
            del self.out[:-200_000]  # the screen's last frames are enough

    def since(self, mark: int) -> str:
        """What was received after `mark` bytes, as text."""
        return plain(bytes(self.out[max(0, len(self.out) - (self.total - mark)):]))

    async def send(self, data: bytes) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(data)
        await self.proc.stdin.drain()

    async def close(self) -> None:
        if self.proc.returncode is None:
            self.proc.kill()
        await self.proc.wait()
        self.reader.cancel()


@pytest.mark.skipif(shutil.which("ssh") is None, reason="needs OpenSSH's ssh")
async def test_random_keys_to_every_screen_over_openssh(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from pmtui.net.driver import Terminal

    unlimited_input(monkeypatch)
    received: dict[int, int] = {}
    data_received = Terminal.data_received

    def counted(self: Terminal, data: bytes | str) -> None:
        received[id(self)] = received.get(id(self), 0) + len(data)
        data_received(self, data)

    monkeypatch.setattr(Terminal, "data_received", counted)
    with recording(monkeypatch) as errors:
        server, keys = await start_server(tmp_path)
        ssh = await OpenSsh.connect(server.port, tmp_path / "keys" / "alice_key", "alice")
        try:
            await app_of(server, "alice", "LobbyApp", timeout=30)
            s = session_of(server, "alice")
            sent = 0

            async def send(data: bytes) -> None:
                nonlocal sent
                sent += len(data)
                await ssh.send(data)
                await wait_until(lambda: received.get(id(s.terminal), 0) >= sent, 20,
                                 "the bytes through ssh")

            took = await fuzz_screens(server, s, send, lambda: ssh.total, ssh.since,
                                      fuzz_seed() + 1, SSH_FUZZ_BYTES, SSH_SCREENS,
                                      errors)
            print(f"over OpenSSH, {SSH_FUZZ_BYTES} bytes a screen:", took)
        finally:
            await ssh.close()
            await server.stop()
    assert not errors, "\n".join(errors.seen[:5])


async def test_random_keys_to_the_replay_viewer(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """The replay viewer is not offered over SSH (docs/ssh.md); `pmtui replay` gets the
    same random keys, parsed by the server's parser, posted as its driver posts them."""
    from textual import events

    from pmtui.net.driver import InputParser
    from pmtui.table.replay import ReplayModel
    from pmtui.tui.replay import ReplayApp, ReplayScreen

    # escape leaves the viewer, as q does: counted, the viewer kept open for more keys
    closed: list[int] = []
    monkeypatch.setattr(ReplayScreen, "action_close", lambda self: closed.append(1))
    # a copy: the analysis key keeps its results beside the save
    save = tmp_path / "starlit-vs-tidewater.jsonl"
    save.write_bytes((Path(__file__).resolve().parents[2] / "saves" / save.name).read_bytes())
    with recording(monkeypatch) as errors:
        app = ReplayApp(ReplayModel.from_file(save), catch_errors=True)
        async with app.run_test(size=(80, 24)) as pilot:
            parser = InputParser()
            data = random_keys(fuzz_seed() * 100 + 50, FUZZ_BYTES)
            for at in range(0, len(data), BATCH):
                while len(app.screen_stack) > 2:  # back on the viewer
                    app.pop_screen()
                await pilot.pause()
                text = data[at:at + BATCH].decode("utf-8", "replace").replace("\ufffd", "")
                for message in [*parser.feed(text), *parser.tick()]:
                    if not isinstance(message, events.MouseEvent | events.Resize
                                      | events.AppFocus | events.AppBlur):
                        app.post_message(message)
                await settled(lambda: app, lambda: 0)
                assert not errors, f"{at + BATCH} bytes: " + "\n".join(errors.seen[:5])
                assert app.is_running, f"the viewer ended after {at + BATCH} bytes"
            while len(app.screen_stack) > 2:
                app.pop_screen()
            if app.replay_screen.timer is not None:
                await pilot.press("space")  # the keys left it playing: stopped
            await pilot.press("home")
            start = app.replay_screen.position
            await pilot.press("right")
            assert app.replay_screen.position == start + 1  # it still answers
            assert closed  # escape was among the keys
    assert not errors, "\n".join(errors.seen[:5])
