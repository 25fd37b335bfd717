"""The computer's turn in its thread: its moves and the passes the table makes for the
player in between (their stops) are one hand-back to the screen, not one per move."""

from __future__ import annotations

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
