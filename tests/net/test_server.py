"""The SSH server in this process, driven by asyncssh clients with a pseudo-terminal."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import random
import sys
from pathlib import Path

import asyncssh
import pytest
from rich.style import Style
from textual._styles_cache import StylesCache
from textual.geometry import Region

from pmtui.net.driver import IN_MAX
from pmtui.net.game import NetApp, NetGameOverScreen
from pmtui.net.lobby import LobbyApp
from pmtui.net.names import MAX_NAMES_PER_KEY
from pmtui.net.server import EMPTY_COLLECT_AFTER, SESSIONS_PER_KEY
from pmtui.tui.screens.info import TooSmallScreen

from .helpers import Client, Keys, app_of, session_of, start_server, wait_until

DOWN, ENTER, ESC = "\x1b[B", "\r", "\x1b"


async def lobby(server, keys, user: str, key: str | None = None, **kw) -> Client:
    c = await Client.connect(server.port, user, keys.keys[key or user], **kw)
    await c.wait_for(f"signed in as {user}")
    await app_of(server, user, "LobbyApp")
    return c


async def default_game(c: Client, deck_title: str) -> None:
    """After c or p: the lobby asks which game when several can be played (the default
    is first: enter), then for a deck titled `deck_title`."""
    await c.wait_for(lambda: "Which game?" in c.text(c.mark) or deck_title in c.text(c.mark))
    if deck_title not in c.text(c.mark):
        c.send(ENTER)
        await c.wait_for(deck_title)


async def against_computer(server, keys, user: str = "alice") -> tuple[Client, NetApp]:
    """`user` signs in and sits down against the computer from the lobby (p, enter)."""
    c = await lobby(server, keys, user)
    c.set_mark()
    c.send("p")
    await default_game(c, "Your deck against the computer")
    c.send(ENTER)
    return c, await app_of(server, user, "NetApp")


async def create_table(server, c: Client, downs: int = 0) -> int:
    c.set_mark()
    c.send("c")
    await default_game(c, "Your deck for a new table")
    c.send(DOWN * downs + ENTER)
    await c.wait_for("waiting for a player")
    return max(server.registry.tables)


async def join_table(server, c: Client, downs: int = 0) -> NetApp:
    c.set_mark()
    c.send("j")
    await c.wait_for("Your deck for table")
    c.send(DOWN * downs + ENTER)
    return await app_of(server, c.user, "NetApp")


async def test_lobby_create_join_move_disconnect_reconnect(tmp_path: Path) -> None:
    server, keys = await start_server(tmp_path)
    try:
        a = await lobby(server, keys, "alice")
        b = await lobby(server, keys, "bob", size=(100, 30))
        await a.wait_for("no tables yet")
        tid = await create_table(server, a, downs=2)
        await b.wait_for("alice vs —")
        bob_app = await join_table(server, b, downs=3)
        alice_app = await app_of(server, "alice", "NetApp")  # taken to the table on join
        table = server.registry.get(tid)
        assert bob_app.seat_table.seat == 1 and alice_app.seat_table.seat == 0
        await a.wait_for("You vs bob")
        await b.wait_for("You vs alice")

        # the first decision is made by keys in the deciding player's session
        d = table.local.pending()
        who = a if d.player == 0 else b
        moves = len(table.local.game.moves)
        who.send(ENTER)  # the prompt is open: choose its first option
        await wait_until(lambda: len(table.local.game.moves) > moves, what="a move")

        # bob drops; alice sees him away; he comes back to his own seat
        b.set_mark()
        hand_before = bob_app.seat_table.view_for(1)["zones"]["1/hand"]
        a.set_mark()
        await b.close()
        await a.wait_for("bob (away)")
        b = await lobby(server, keys, "bob")
        await b.wait_for("j takes you back to your seat")
        b.send("j")
        bob_again = await app_of(server, "bob", "NetApp")
        assert bob_again.seat_table.seat == 1
        assert bob_again.seat_table.view_for(1)["zones"]["1/hand"] == hand_before
        await b.close()
        await a.close()
    finally:
        await server.stop()


async def test_the_apps_of_sessions_that_left_are_freed(tmp_path: Path) -> None:
    """Sessions ending in another order than they began left the first one's app (with
    its table and game) alive: Textual's stdout capture of one app, put back by another."""
    server, keys = await start_server(tmp_path)
    try:
        a = await lobby(server, keys, "alice")
        b = await lobby(server, keys, "bob")  # began after alice's ...
        for c in (a, b):  # ... and ends after it
            await c.close()
            await wait_until(lambda u=c.user: all(s.user.name != u for s in server.sessions),
                             what=f"{c.user}'s session gone")
        gc.collect()
        assert [o for o in gc.get_objects() if isinstance(o, LobbyApp)] == []
        assert sys.stdout is not None and not hasattr(sys.stdout, "app")
        # nor their widgets' drawn lines, which Textual's inner/outer colour cache kept
        # for up to 1,024 widgets (pmtui/net/memory.py)
        assert [o for o in gc.get_objects() if isinstance(o, StylesCache)] == []
    finally:
        await server.stop()


async def test_when_the_last_session_leaves_memory_is_collected_and_given_back(
        tmp_path: Path) -> None:
    """The next session may be hours away: what the sessions held is collected (and the
    C allocator's free memory returned) once the last one has left, not at some later
    threshold."""
    server, keys = await start_server(tmp_path)
    given: list[int] = []
    server.gc.give_back = lambda: given.append(1)
    try:
        a = await lobby(server, keys, "alice")
        b = await lobby(server, keys, "bob")
        full = server.gc.full_collections
        await a.close()
        await wait_until(lambda: len(server.sessions) == 1, what="alice gone")
        await asyncio.sleep(EMPTY_COLLECT_AFTER + 0.5)
        assert server.gc.full_collections == full and not given  # bob is still here
        assert Region.intersection.cache_info().currsize  # bob's screen uses it
        await b.close()
        await wait_until(lambda: server.gc.full_collections > full, timeout=20,
                         what="a full collection once everyone left")
        assert given
        # the caches the sessions filled are emptied too: their entries were the
        # newest objects, pinning Python's arenas (pmtui/net/memory.py)
        assert Region.intersection.cache_info().currsize == 0
        assert Style.parse.cache_info().currsize == 0
    finally:
        await server.stop()


async def test_without_a_pty_the_session_is_refused(tmp_path: Path) -> None:
    server, keys = await start_server(tmp_path)
    try:
        c = await Client.connect(server.port, "alice", keys.keys["alice"], pty=False)
        await asyncio.wait_for(c.closed.wait(), 10)
        assert "needs a terminal" in c.text()
        assert c.chan.get_exit_status() == 1
        await c.close()
    finally:
        await server.stop()


async def test_unknown_keys_are_refused_and_open_lets_anyone_in(tmp_path: Path) -> None:
    server, keys = await start_server(tmp_path)
    try:
        with pytest.raises(asyncssh.PermissionDenied):
            await asyncssh.connect("127.0.0.1", server.port, username="alice",
                                   client_keys=[keys.stranger], known_hosts=None,
                                   agent_path=None, config=None)
        with pytest.raises(asyncssh.PermissionDenied):  # no key at all
            await asyncssh.connect("127.0.0.1", server.port, username="alice",
                                   client_keys=[], password="x", known_hosts=None,
                                   agent_path=None, config=None)
    finally:
        await server.stop()
    server, _ = await start_server(tmp_path / "open", open_=True, keys=keys)
    try:
        c = await Client.connect(server.port, "zed", keys.stranger)
        await c.wait_for("signed in as zed")
        await c.close()
    finally:
        await server.stop()


async def test_a_bad_user_name_is_refused(tmp_path: Path) -> None:
    server, keys = await start_server(tmp_path)
    try:
        c = await Client.connect(server.port, "x" * 40, keys.keys["alice"])
        await asyncio.wait_for(c.closed.wait(), 10)
        assert "player names" in c.text()
        await c.close()
    finally:
        await server.stop()


async def refused(server, user: str, key) -> str:
    """Sign in as `user` with `key`; the one line the server answers before it closes."""
    c = await Client.connect(server.port, user, key)
    await asyncio.wait_for(c.closed.wait(), 10)
    text = c.text().strip()
    await c.close()
    assert "signed in as" not in text
    return text


async def test_a_name_belongs_to_the_key_that_first_used_it(tmp_path: Path) -> None:
    """Issue 18, item 3: `ssh -i alice_key bob@host` used to sign in as bob."""
    server, keys = await start_server(tmp_path)
    try:
        a = await lobby(server, keys, "alice")
        b = await lobby(server, keys, "bob")
        tid = await create_table(server, a)
        await b.wait_for("alice vs —")
        await join_table(server, b)
        # carol signs in with her own key but calls herself alice: refused, one line
        text = await refused(server, "alice", keys.keys["carol"])
        assert text == "pmtui: the name alice belongs to another key; sign in under another name"
        assert not any(s.user.name == "alice" and s.user.key != a_key(keys)
                       for s in server.sessions)
        table = server.registry.get(tid)
        assert table.seat_of(session_of(server, "alice").user) == 0
        for c in (a, b):
            await c.close()
    finally:
        await server.stop()
    names = json.loads((tmp_path / "data" / "names.json").read_text())
    assert names["names"]["alice"]["key"] == a_key(keys)
    # kept over a restart
    server, _ = await start_server(tmp_path, keys=keys)
    try:
        assert "belongs to another key" in await refused(server, "alice", keys.keys["carol"])
        # the admin frees the name (docs/ssh.md): carol may take it now
        del names["names"]["alice"]
        (tmp_path / "data" / "names.json").write_text(json.dumps(names))
        c = await lobby(server, keys, "alice", key="carol")
        await c.close()
        assert "belongs to another key" in await refused(server, "alice", keys.keys["alice"])
    finally:
        await server.stop()


def a_key(keys) -> str:
    return keys.keys["alice"].get_fingerprint("sha256")


async def test_names_given_in_the_authorized_keys_file(tmp_path: Path) -> None:
    keys = Keys(tmp_path / "keys")
    lines = keys.authorized.read_bytes().splitlines()
    carol = keys.keys["carol"].export_public_key().strip()
    keys.authorized.write_bytes(b"\n".join(
        b'environment="PMTUI_NAME=dave" ' + line if line.strip() == carol else line
        for line in lines) + b"\n")
    server, _ = await start_server(tmp_path, keys=keys)
    try:
        # dave never signed in, yet his name is carol's key's alone
        assert "belongs to another key" in await refused(server, "dave", keys.keys["alice"])
        assert "signs in as dave" in await refused(server, "carol", keys.keys["carol"])
        c = await lobby(server, keys, "dave", key="carol")
        await c.close()
    finally:
        await server.stop()


async def test_one_key_cannot_take_every_name(tmp_path: Path) -> None:
    server, keys = await start_server(tmp_path)
    try:
        for i in range(MAX_NAMES_PER_KEY):
            c = await lobby(server, keys, f"alias{i}", key="alice")
            await c.close()
        text = await refused(server, "onemore", keys.keys["alice"])
        assert f"already has {MAX_NAMES_PER_KEY} names" in text
        c = await lobby(server, keys, "onemore", key="bob")  # the name was not taken
        await c.close()
    finally:
        await server.stop()


async def test_one_key_holds_at_most_eight_sessions(tmp_path: Path) -> None:
    """docs/ssh.md, "Limits per key": the ninth session of a key gets one line; other
    keys still sign in, and a session closed makes room again."""
    server, keys = await start_server(tmp_path)
    try:
        mine = [await lobby(server, keys, "alice") for _ in range(SESSIONS_PER_KEY)]
        text = await refused(server, "alice", keys.keys["alice"])
        assert text == (f"pmtui: your key already has {SESSIONS_PER_KEY} sessions open; "
                        "close one first")
        assert sum(s.user.name == "alice" for s in server.sessions) == SESSIONS_PER_KEY
        b = await lobby(server, keys, "bob")  # another key is not affected
        await mine.pop().close()
        await wait_until(lambda: sum(s.user.name == "alice" for s in server.sessions)
                         < SESSIONS_PER_KEY, what="alice's session gone")
        mine.append(await lobby(server, keys, "alice"))
        for c in [*mine, b]:
            await c.close()
    finally:
        await server.stop()


async def test_play_the_computer_and_watch(tmp_path: Path) -> None:
    server, keys = await start_server(tmp_path)
    try:
        a, app = await against_computer(server, keys)
        table = server.registry.get(app.seat_table.table_id)
        assert table.vs_computer
        await a.wait_for("You vs CPU")
        # alice answers whatever she is asked; the computer answers in between
        for _ in range(6):
            await wait_until(lambda: not table.computer_running, what="the computer")
            d = table.local.pending()
            if d is None or d.player != 0:
                continue
            moves = len(table.local.game.moves)
            app.call_later(app.submit, d.texts[0])
            await wait_until(lambda m=moves: len(table.local.game.moves) > m, what="a move")
        # undo works against the computer: back to alice's last decision
        def undone() -> bool:
            return any(r.get("type") == "undo" for r in table.local.game.records)

        for _ in range(20):  # the screen may pass for alice and wake the computer meanwhile
            await wait_until(lambda: not table.computer_running, what="the computer")
            await asyncio.sleep(0.05)
            if app.can_undo():
                app.call_later(app.undo)
                with contextlib.suppress(AssertionError):
                    await wait_until(undone, 2, what="the undo")
            if undone():
                break
        assert undone()
        # the replay viewer (the whole log) is not offered over SSH
        app.call_later(app.open_replay)
        await asyncio.sleep(0.3)
        assert type(app.screen).__name__ != "ReplayScreen"
        assert all(c[0] != "replay" for c in app.table_commands())
        c = await lobby(server, keys, "carol")
        c.set_mark()
        c.send("w")
        watch = await app_of(server, "carol", "NetApp")
        assert watch.seat_table.seat is None
        await c.wait_for("watching")
        await c.wait_for("cards, hidden")  # alice's hand: a count for a spectator
        assert table.spectators == 1
        await c.close()
        await wait_until(lambda: table.spectators == 0, what="carol gone")
        await a.close()
    finally:
        await server.stop()


async def test_each_players_settings_are_kept_for_them_alone(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/ssh.md "Sessions": the colour depth chosen on the settings screen applies from
    the next table, so a table that started again from the defaults never applied it.
    Now the server keeps each player's settings (by name and key) in memory: alice's
    next table draws with 16 colours, bob's stays at his terminal's depth, and the
    server's own settings file is never written."""
    from pmtui.tui.keys import default_config_path
    from pmtui.tui.screens.settings import SettingsScreen
    from pmtui.tui.widgets.picklist import PickList

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    server, keys = await start_server(tmp_path)
    try:
        a, app = await against_computer(server, keys)
        await a.wait_for("You vs CPU")
        app.call_later(app.open_settings)  # the key o, whatever prompt is open
        await wait_until(lambda: isinstance(app.screen, SettingsScreen), what="settings")
        pick = app.screen.query_one(PickList)
        a.send(DOWN * [i.value for i in pick.items].index("depth"))
        for _ in range(4):
            if app.config.depth == "16":
                break
            depth = app.config.depth
            a.send(" ")
            await wait_until(lambda d=depth: app.config.depth != d, what="a new depth")
        assert app.config.depth == "16"
        await a.wait_for("kept for your next tables on this server")
        a.send(ESC)
        await wait_until(lambda: not isinstance(app.screen, SettingsScreen), what="closed")
        app.call_later(app.exit)  # the key q, whatever prompt is open: to the lobby
        await app_of(server, "alice", "LobbyApp")
        a.set_mark()
        a.send("j")
        again = await app_of(server, "alice", "NetApp")
        assert again is not app and again.config.depth == "16"
        assert again.console.color_system == "standard"  # 16 colours on a 256 terminal
        b, theirs = await against_computer(server, keys, "bob")
        assert theirs.config.depth == "auto" and theirs.console.color_system == "256"
        assert not default_config_path().exists()
        await a.close()
        await b.close()
    finally:
        await server.stop()


async def small_then_big_again(c: Client, app: NetApp) -> None:
    """The size message is on top; at 80x24 the table is back."""
    await wait_until(lambda: isinstance(app.screen, TooSmallScreen), what="too small")
    c.set_mark()
    c.chan.change_terminal_size(80, 24)
    await wait_until(lambda: not isinstance(app.screen, TooSmallScreen), what="big again")
    await c.wait_for("You vs CPU")


async def test_window_size_changes_relayout(tmp_path: Path) -> None:
    server, keys = await start_server(tmp_path)
    try:
        a, app = await against_computer(server, keys)
        a.chan.change_terminal_size(120, 40)
        await wait_until(lambda: tuple(app.size) == (120, 40), what="120x40")
        a.chan.change_terminal_size(60, 20)
        await small_then_big_again(a, app)
        await a.close()
    finally:
        await server.stop()


async def test_sitting_down_in_a_small_terminal_says_so(tmp_path: Path) -> None:
    """A client already below 80x24 when it sits down gets the size message on top of
    the table (and the table is set up once, not once per class that mounts it)."""
    from pmtui.net.game import NetGameScreen

    server, keys = await start_server(tmp_path)
    try:
        c = await Client.connect(server.port, "alice", keys.keys["alice"], size=(60, 20))
        await c.wait_for("signed in as alice")
        c.set_mark()
        c.send("p")
        await default_game(c, "Your deck against the computer")
        c.send(ENTER)
        app = await app_of(server, "alice", "NetApp")
        await small_then_big_again(c, app)
        assert [type(s) for s in app.screen_stack].count(NetGameScreen) == 1
        await c.close()
    finally:
        await server.stop()


GARBAGE = [
    b"\xff\xfe\xfd\xc3\x28\xa0\xa1\xe2\x28\xa1\xf0\x28\x8c\xbc",  # invalid UTF-8
    b"\x00\x00\x01\x02\x1c\x1a\x03\x1d",  # NUL, ctrl+z, ctrl+c, ctrl+\ ...
    b"\x1b[" + b"9" * 200 + b"~",  # an endless CSI
    b"\x1b[<0;-5;-5M\x1b[<64;99999;99999M\x1b[M\xff\xff\xff",  # bad mouse reports
    b"\x1b]52;c;" + b"A" * 500 + b"\x07",  # OSC
    b"\x1b[200~" + b"x" * 3000,  # a paste that never ends ...
    b"\x1b[201~",  # ... until it does
    b"\x1b[48;x;y;z;wt\x1b[?2026;9$y\x1b[99;99R",  # size, mode and cursor reports
    b"\x1bO\x1bP\x1b\x1b\x1b[1;2;3;4;5;6;7;8;9;10u\x1b[57399;5u",
]


async def test_malformed_bytes_never_crash_a_session(tmp_path: Path) -> None:
    server, keys = await start_server(tmp_path)
    try:
        a, game_app = await against_computer(server, keys)
        rng = random.Random(7)
        for chunk in GARBAGE:
            a.send(chunk)
        # random bytes that are no UTF-8 (a random "q" or ctrl+q would just leave)
        a.send(bytes(rng.randrange(0x80, 0x100) for _ in range(6_000)))
        await asyncio.sleep(0.5)
        s = session_of(server, "alice")
        # the session is alive (in the game or back in the lobby after a stray q)
        await wait_until(lambda: s.app is not None and s.app.is_running
                         and not s.terminal.waiting(), 30, "input drained")
        a.send(ESC * 3)
        await asyncio.sleep(0.3)
        a.set_mark()
        if s.app is game_app:
            a.send("?")
            await a.wait_for("act on the focused card")
        b = await lobby(server, keys, "bob")  # and the server still takes new sessions
        await b.close()
        await a.close()
    finally:
        await server.stop()


async def test_a_flood_does_not_stall_others(tmp_path: Path) -> None:
    server, keys = await start_server(tmp_path)
    try:
        flood = await lobby(server, keys, "carol")
        a = await lobby(server, keys, "alice")
        s = session_of(server, "carol")

        async def pour() -> None:
            for _ in range(200):  # 1.2 MB of keys and junk, as fast as SSH takes it
                flood.send(b"\x1b[A\x1b[Bjx" * 1000)
                await flood.chan.drain() if hasattr(flood.chan, "drain") else None
                await asyncio.sleep(0)

        task = asyncio.create_task(pour())
        try:
            for _ in range(5):  # alice keeps getting answers while carol floods
                await asyncio.sleep(0.1)
                a.set_mark()
                a.send("c")
                await default_game(a, "Your deck for a new table")
                a.set_mark()
                a.send(ESC)
                await a.wait_for("Create", timeout=10)
                await asyncio.sleep(0.15)
                assert len(s.terminal._inbuf) <= IN_MAX  # bounded on the server
        finally:
            task.cancel()
        await flood.close(abort=True)
        await a.close()
    finally:
        await server.stop()


async def test_a_slow_client_does_not_stall_others(tmp_path: Path) -> None:
    server, keys = await start_server(tmp_path)
    try:
        slow = await lobby(server, keys, "carol", size=(200, 60), window=32 * 1024)
        a = await lobby(server, keys, "alice")
        s = session_of(server, "carol")
        slow.chan.pause_reading()  # carol's client stops reading: its window fills up
        big = True
        for _ in range(300):  # full repaints at a big size, until the server drops frames
            big = not big
            slow.chan.change_terminal_size(200 if big else 199, 60)
            await asyncio.sleep(0.03)  # a resize at a time: Textual would merge quicker ones
            if s.terminal.frames_dropped:
                break
        assert s.terminal.frames_dropped > 0
        a.set_mark()
        a.send("c")  # alice is served all the while
        await default_game(a, "Your deck for a new table")
        slow.set_mark()
        slow.chan.resume_reading()  # carol reads again: she gets a whole screen
        await slow.wait_for("signed in as carol", timeout=20)
        await slow.close(abort=True)
        await a.close()
    finally:
        await server.stop()


async def test_the_lobby_comes_back_before_the_game_screen_is_torn_down(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """After the game-over screen's q, the lobby appears once the game screen has let go
    of the terminal, not once Textual has unmounted all its widgets: on a busy server
    that teardown took over 30 s (the SSH soak's players "never back in the lobby")."""
    release = asyncio.Event()
    unmounting: list[str] = []

    async def slow_unmount(self: NetGameOverScreen) -> None:  # a teardown still under way
        unmounting.append(type(self).__name__)
        await release.wait()

    monkeypatch.setattr(NetGameOverScreen, "on_unmount", slow_unmount, raising=False)
    server, keys = await start_server(tmp_path)
    try:
        a, app = await against_computer(server, keys)
        # the opening question (turn order or the hand) first: opened after the box
        # below, it would take the q
        await a.wait_for(lambda: app.screen is not app.game_screen)
        a.set_mark()
        app.call_later(app.push_screen, NetGameOverScreen("CPU won.", "7 point cards"))
        await a.wait_for("q back to the lobby")
        a.set_mark()
        a.send("q")
        await a.wait_for("q Leave")  # the lobby, while the game screen is still closing
        assert unmounting == ["NetGameOverScreen"] and not release.is_set()
        session = next(s for s in server.sessions if s.user.name == "alice")
        assert len(session.teardowns) == 1
        a.send("q")  # leaving waits for the teardown: the session ends once it is done
        await asyncio.sleep(0.3)
        assert session in server.sessions
        release.set()
        await wait_until(lambda: session not in server.sessions, what="alice's session gone")
        assert not session.teardowns
        await a.close()
    finally:
        release.set()
        await server.stop()


async def test_a_prompt_whose_decision_is_gone_closes(tmp_path: Path) -> None:
    """A prompt opened for a decision that was then answered without it (a pass made
    for the player while the computer's thread was finishing) must not stay on screen
    once the player's next decision is made on the board."""
    from pmtui.tui.screens.prompts import PromptScreen

    server, keys = await start_server(tmp_path)
    try:
        a, app = await against_computer(server, keys)
        table = server.registry.get(app.seat_table.table_id)
        board_kinds = app.spec.board  # decision kinds answered on the board

        def mine() -> object:
            d = table.local.pending()
            return d if d is not None and d.player == 0 else None

        answered_behind = 0
        for _ in range(40):  # answer alice's prompts behind their back until the board
            await wait_until(lambda: not table.computer_running and mine() is not None,
                             what="alice's decision")
            d = mine()
            if d.kind in board_kinds:
                break
            await wait_until(lambda: isinstance(app.screen, PromptScreen), what="a prompt")
            table.act(0, next(t for t in d.texts if t != "cancel"))
            answered_behind += 1
        assert answered_behind and mine().kind in board_kinds
        await wait_until(lambda: not isinstance(app.screen, PromptScreen), 5,
                         what="the stale prompt closed")
        await a.close()
    finally:
        await server.stop()


async def test_the_lobby_asks_which_game_when_several_can_be_played(tmp_path: Path) -> None:
    from pmtui.table import registry
    from rulesets.precious_memories import PreciousMemories

    class Twin(PreciousMemories):
        id = "pm_twin"
        name = "Twin Memories"

    registry.register("pm_twin", Twin)
    server, keys = await start_server(tmp_path)
    try:
        a = await lobby(server, keys, "alice")
        a.set_mark()
        a.send("c")
        await a.wait_for("Which game?")
        await a.wait_for("Twin Memories (pm_twin)")
        ids = [gid for _, gid in server.registry.game_choices()]
        a.set_mark()
        a.send(DOWN * ids.index("pm_twin") + ENTER)
        await a.wait_for("Your deck for a new table")
        a.send(ENTER)
        await a.wait_for("waiting for a player (Twin Memories)")
        assert server.registry.get(max(server.registry.tables)).game == "pm_twin"
        await a.close()
    finally:
        await server.stop()
        registry.unregister("pm_twin")
