"""The board cursor in every game (docs/tui.md, "Keys"): up and down stop at the top
and bottom rows, tab and shift+tab go round. Down from the player's hand once landed
on the far side's top row (in PSO the opponent's characters)."""

from __future__ import annotations

import pytest

from pmtui.table.session import new_game_header, new_table
from pmtui.tui.app import PmApp
from pmtui.tui.keys import TuiConfig

from .helpers import game, make_app, settle, to_row


@pytest.mark.parametrize("game_id", ["precious_memories", "pso", "sengoku_yugi"])
async def test_up_and_down_stop_at_the_edges_tab_goes_round(game_id: str) -> None:
    header, seats = new_game_header(3, vs="computer", game=game_id, opponent="random")
    app = PmApp(new_table(header, seats), hotseat=False, config=TuiConfig(watch=frozenset()),
                threaded=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("escape")  # an opening question, if any, waits on the board
        await settle(pilot, app)
        board = game(app).board
        last = len(board.nav) - 1
        assert last > 1
        assert board.row == last, "the cursor starts on the bottom row"
        await pilot.press("down")
        assert board.row == last
        await pilot.press(*["up"] * (last + 2))
        assert board.row == 0
        await pilot.press("shift+tab")
        assert board.row == last
        await pilot.press("tab")
        assert board.row == 0


async def test_up_and_down_move_between_the_lines_of_a_wrapped_hand() -> None:
    """A hand of seven at 80x24 is drawn on two lines: down on the first line did
    nothing (the board's bottom edge), so the second line was reached only by right."""
    from pmtui.tui.widgets.board import CardRow

    app = make_app(seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("escape")
        await settle(pilot, app)
        screen = game(app)
        board = screen.board
        await to_row(pilot, screen, "my-hand")
        hand = board.nav[board.row]
        step = screen.query_one("#my-hand", CardRow).per_line()
        assert 0 < step < len(hand.spots), "the opening hand wraps onto two lines"
        assert board.cols["my-hand"] == 0
        await pilot.press("down")
        assert (board.row_id, board.cols["my-hand"]) == ("my-hand", step)
        await pilot.press("down")  # the last line: down stops there
        assert (board.row_id, board.cols["my-hand"]) == ("my-hand", step)
        await pilot.press("up")
        assert (board.row_id, board.cols["my-hand"]) == ("my-hand", 0)
        await pilot.press("up")
        assert board.row_id != "my-hand"
