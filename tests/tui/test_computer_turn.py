"""The computer's turn in its thread: its moves and the passes the table makes for the
player in between (their stops) are one hand-back to the screen, not one per move."""

from __future__ import annotations

import threading

from textual.widgets import Static

from pmtui.engine.decision import Decision
from pmtui.table.session import HUMAN, new_game_header, new_table
from pmtui.tui.app import PmApp
from pmtui.tui.keys import TuiConfig
from pmtui.tui.screens.info import SummaryScreen
from pmtui.tui.screens.prompts import ChoiceScreen, PickSetScreen

from .helpers import Scripted, settle


async def test_a_computer_turn_is_one_hand_back() -> None:
    header, seats = new_game_header(1, vs="computer", level="random")
    app = PmApp(new_table(header, [HUMAN, Scripted()]), config=TuiConfig(), threaded=True)
    restarted: list[int] = []  # computer runs started from a hand-back, with no key
    handing_back = False
    done, start = app._computer_done, app._start_computer

    def computer_done(error: str | None) -> None:
        nonlocal handing_back
        handing_back = True
        try:
            done(error)
        finally:
            handing_back = False

    def start_computer() -> None:
        if handing_back:
            restarted.append(len(app.table.game.records))
        start()

    app._computer_done = computer_done  # type: ignore[method-assign]
    app._start_computer = start_computer  # type: ignore[method-assign]
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(40):
            await settle(pilot, app)
            if app.table.over:
                break
            if isinstance(app.screen, SummaryScreen | ChoiceScreen | PickSetScreen):
                await pilot.press("enter")
            else:
                await pilot.press("p")
        await settle(pilot, app)
        moves = app.table.game.moves
        # passes were made for the player between two of the computer's moves with no
        # key pressed between them: the case this is about came up
        between = [k for k in app.table.auto
                   if 0 < k < len(moves) - 1 and moves[k - 1][0] == 1 and moves[k + 1][0] == 1]
        assert between
        # and the computer was never started again by its own hand-back: the thread
        # made those passes and went on
        assert restarted == []


async def test_the_screen_shows_the_computer_deciding_while_its_thread_passes_for_you() -> None:
    """While the thread makes a pass for the player (their stop lets it), a redraw shows
    the position the computer is deciding on: the turn panel and the bottom line agree
    that the computer holds the move, and the panel does not say the player may act."""
    header, seats = new_game_header(1, vs="computer", level="random")
    app = PmApp(new_table(header, [HUMAN, Scripted()]), config=TuiConfig(), threaded=True)
    reached, go = threading.Event(), threading.Event()
    verdict = app._pass_verdict

    def pass_verdict(d: Decision) -> str:
        out = verdict(d)
        if out == "pass" and threading.current_thread() is not threading.main_thread() \
                and not reached.is_set():
            reached.set()  # the table is about to pass for the player: hold it there
            go.wait(10)
        return out

    app._pass_verdict = pass_verdict  # type: ignore[method-assign]
    async with app.run_test(size=(80, 24)) as pilot:
        try:
            for _ in range(40):
                for _ in range(500):  # the thread's run, unless it stops in the pass
                    if reached.is_set() or not app.busy:
                        break
                    await pilot.pause(0.02)
                if not reached.is_set():
                    await settle(pilot, app)
                if reached.is_set() or app.table.over:
                    break
                if isinstance(app.screen, SummaryScreen | ChoiceScreen | PickSetScreen):
                    await pilot.press("enter")
                else:
                    await pilot.press("p")
            assert reached.is_set()
            d = app.table.pending()
            assert d is not None and d.player == app.viewer  # the player's, mid-thread
            app.game_screen.refresh_board()  # any redraw now (a resize, a progress step)
            await pilot.pause()
            screen = app.game_screen
            flow = str(screen.query_one("#flow", Static).content)
            prompt = str(screen.query_one("#prompt", Static).content)
            me, cpu = app.label(app.viewer), app.label(1 - app.viewer)
            assert "thinking" in prompt
            assert f"{me} may respond" not in flow and f"{me} to act" not in flow, flow
            assert f"{cpu} may respond" in flow or f"{cpu} to act" in flow, flow
        finally:
            go.set()
        await settle(pilot, app)
