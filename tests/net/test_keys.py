"""Keys that ended a session: read in one go, two enters chose twice and the second
dismiss popped the app's last screen (`ScreenStackError: Can't pop screen`); and
Textual's own commands, which act on the server, are not offered over SSH."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.command import CommandPalette

from pmtui.net.game import NetApp
from pmtui.net.lobby import DeckScreen, LobbyApp

from .fuzz import recording
from .helpers import Client, app_of, session_of, start_server, wait_until
from .test_fuzz import to_game


async def test_two_enters_read_at_once_choose_once(tmp_path: Path, monkeypatch) -> None:
    """c, then enter twice in one read on the "Which game?" menu: one game chosen, one
    deck menu open, the lobby still running (it ended the session)."""
    with recording(monkeypatch) as errors:
        server, keys = await start_server(tmp_path)
        try:
            c = await Client.connect(server.port, "alice", keys.keys["alice"])
            lobby = await app_of(server, "alice", "LobbyApp")
            c.set_mark()
            c.send("c")
            await c.wait_for("Which game?")
            c.send("\r\r")
            await c.wait_for("Your deck for a new table")
            await asyncio.sleep(0.5)
            s = session_of(server, "alice")
            assert s.app is lobby and lobby.is_running
            decks = [x for x in lobby.screen_stack if isinstance(x, DeckScreen)]
            assert len(decks) == 1 and decks[0].title_text == "Your deck for a new table"
            await c.close()
        finally:
            await server.stop()
    assert not errors, errors.seen


async def test_two_enters_on_the_palette_run_one_command(tmp_path: Path, monkeypatch) -> None:
    """ctrl+p, enter, enter in one read at the table: the palette's command runs and the
    table stays (the second enter dismissed the table under the palette)."""
    with recording(monkeypatch) as errors:
        server, keys = await start_server(tmp_path)
        try:
            c = await Client.connect(server.port, "alice", keys.keys["alice"])
            await app_of(server, "alice", "LobbyApp")
            s = session_of(server, "alice")
            app = await to_game(server, s)
            app.call_later(app._close_prompts)
            await wait_until(lambda: app.screen is app.game_screen, what="the table")
            c.send("\x10")
            await wait_until(lambda: isinstance(app.screen, CommandPalette), what="palette")
            await asyncio.sleep(0.3)  # its commands listed
            c.send("\r\r")
            await asyncio.sleep(1.0)
            assert s.app is app and app.is_running
            assert app.game_screen in app.screen_stack
            await c.close()
        finally:
            await server.stop()
    assert not errors, errors.seen


async def test_textuals_own_commands_are_not_offered_over_ssh(tmp_path: Path) -> None:
    """No theme, quit, screenshot (a file in the server's folder), key panel or
    maximize in a session's palette, no palette in the lobby (it has no command of its
    own), and suspend (ctrl+z locally) does nothing."""
    server, keys = await start_server(tmp_path)
    try:
        c = await Client.connect(server.port, "alice", keys.keys["alice"])
        lobby = await app_of(server, "alice", "LobbyApp")
        assert not list(lobby.get_system_commands(lobby.screen))
        c.send("\x10")  # ctrl+p
        await asyncio.sleep(0.5)
        assert not isinstance(lobby.screen, CommandPalette)
        s = session_of(server, "alice")
        app = await to_game(server, s)
        assert isinstance(app, NetApp)
        assert not list(app.get_system_commands(app.screen))
        assert LobbyApp.COMMANDS - NetApp.COMMANDS  # the system commands' provider
        app.action_suspend_process()
        app.action_show_help_panel()
        await asyncio.sleep(0.3)
        assert app.is_running and not app.screen.query("HelpPanel")
        await c.close()
    finally:
        await server.stop()


async def test_ctrl_p_over_a_prompt_on_the_palette_opens_no_second_one(
        tmp_path: Path, monkeypatch) -> None:
    """A prompt opened over the palette (the table moved meanwhile), then ctrl+p: the
    palette is open already (a second one of the same id raised DuplicateIds)."""
    with recording(monkeypatch) as errors:
        server, keys = await start_server(tmp_path)
        try:
            c = await Client.connect(server.port, "alice", keys.keys["alice"])
            await app_of(server, "alice", "LobbyApp")
            app = await to_game(server, session_of(server, "alice"))
            app.call_later(app._close_prompts)
            await wait_until(lambda: app.screen is app.game_screen, what="the table")
            c.send("\x10")
            await wait_until(lambda: isinstance(app.screen, CommandPalette), what="palette")
            app.call_later(app.open_prompt, True)
            await wait_until(lambda: not isinstance(app.screen, CommandPalette), what="prompt")
            c.send("\x10")
            await asyncio.sleep(0.5)
            assert sum(isinstance(x, CommandPalette) for x in app.screen_stack) == 1
            await c.close()
        finally:
            await server.stop()
    assert not errors, errors.seen


async def test_focus_reports_the_server_never_asked_for_are_dropped(tmp_path: Path) -> None:
    """ESC[O / ESC[I (a terminal's focus reports, which the server never turns on) are
    stray bytes: each one restyled every widget of the app."""
    server, keys = await start_server(tmp_path)
    try:
        c = await Client.connect(server.port, "alice", keys.keys["alice"])
        lobby = await app_of(server, "alice", "LobbyApp")
        assert lobby.app_focus
        c.send("\x1b[O")
        await asyncio.sleep(0.5)
        assert lobby.app_focus
        await c.close()
    finally:
        await server.stop()


async def test_keys_for_a_palette_already_gone_do_nothing(tmp_path: Path, monkeypatch) -> None:
    """A key typed into the palette and handled after it was taken off the stack (the
    app ending, or the table's screen closing it): its search found no list
    (WorkerFailed: NoMatches), as did a page key passed on to the list."""
    with recording(monkeypatch) as errors:
        server, keys = await start_server(tmp_path)
        try:
            c = await Client.connect(server.port, "alice", keys.keys["alice"])
            await app_of(server, "alice", "LobbyApp")
            app = await to_game(server, session_of(server, "alice"))
            app.call_later(app._close_prompts)
            await wait_until(lambda: app.screen is app.game_screen, what="the table")
            c.send("\x10")
            await wait_until(lambda: isinstance(app.screen, CommandPalette), what="palette")
            palette = app.screen
            await asyncio.sleep(0.3)
            app.call_later(app.pop_screen)
            await wait_until(lambda: palette not in app.screen_stack, what="palette gone")
            await asyncio.sleep(0.3)  # its widgets removed
            app.call_later(palette._gather_commands, "undo")
            app.call_later(palette._action_command_list, "page_down")
            await asyncio.sleep(0.5)
            assert app.is_running
            await c.close()
        finally:
            await server.stop()
    assert not errors, errors.seen


async def test_a_palette_opened_as_the_last_one_leaves(tmp_path: Path, monkeypatch) -> None:
    """ctrl+p handled just after the palette was closed: the new palette was mounted
    while the old one, off the stack but not yet taken apart, still held Textual's
    fixed id (DuplicateIds; found by the fuzz over OpenSSH)."""
    with recording(monkeypatch) as errors:
        server, keys = await start_server(tmp_path)
        try:
            c = await Client.connect(server.port, "alice", keys.keys["alice"])
            await app_of(server, "alice", "LobbyApp")
            app = await to_game(server, session_of(server, "alice"))
            app.call_later(app._close_prompts)
            await wait_until(lambda: app.screen is app.game_screen, what="the table")
            c.send("\x10")
            await wait_until(lambda: isinstance(app.screen, CommandPalette), what="palette")
            first = app.screen

            def close_and_open() -> None:  # escape, then ctrl+p, before it is gone
                first.dismiss()
                app.action_command_palette()

            app.call_later(close_and_open)
            await wait_until(lambda: isinstance(app.screen, CommandPalette)
                             and app.screen is not first, what="a new palette")
            await asyncio.sleep(0.3)
            assert app.is_running
            await c.close()
        finally:
            await server.stop()
    assert not errors, errors.seen
