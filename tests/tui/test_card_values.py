"""The board shows the AP/DP and usage cost the ruleset derives (issue 13): a support's
[Permanent] text (p.10) and a Level Up stack (p.24) change what the card shows."""

from __future__ import annotations

from pmtui.table.session import HUMAN, LocalTable
from pmtui.tui.app import PmApp
from pmtui.tui.keys import TuiConfig
from pmtui.tui.widgets.board import CardRow
from tests.test_card_view import position_game
from tests.tui.helpers import focus, game, take_keyboard


def _app() -> PmApp:
    table = LocalTable(position_game(), [HUMAN, HUMAN])
    return PmApp(table, hotseat=True, config=TuiConfig(), threaded=False)


async def test_board_and_detail_show_derived_values() -> None:
    app = _app()
    for size in ((80, 24), (120, 40)):
        async with app.run_test(size=size) as pilot:
            await take_keyboard(pilot, app)
            row = app.screen.query_one("#my-main", CardRow)
            drawn = row.render().plain
            assert "30/20" in drawn and "60/60" in drawn
            assert "20/20" not in drawn and "50/50" not in drawn
            await focus(pilot, app, "my-main", lambda c: c["cid"] == "STA-019")
            detail = str(game(app).query_one("#detail").render())
            assert "AP/DP 60/60" in detail
            assert "Usage cost 4" in detail
        app = _app()
