"""Every line of the help and of a card sheet can be scrolled to at 80x24, and a tall
terminal gives the box its height (docs/tui.md, "Keys")."""

from __future__ import annotations

import pytest
from rich.text import Text
from textual.containers import VerticalScroll
from textual.widget import Widget

from pmtui.table.session import new_game_header, new_table
from pmtui.tui.app import PmApp
from pmtui.tui.keys import TuiConfig
from pmtui.tui.screens.info import CardScreen, HelpScreen, SummaryScreen

from .helpers import settle

GAMES = ["precious_memories", "pso", "sengoku_yugi"]


def app_for(game_id: str) -> PmApp:
    header, seats = new_game_header(3, vs="computer", game=game_id, opponent="random")
    return PmApp(new_table(header, seats), config=TuiConfig(watch=frozenset()),
                 threaded=False)


def inside(part: Widget, box: Widget) -> bool:
    """Whether `part` is drawn whole inside `box`'s border, on the screen."""
    r, b = part.region, box.content_region
    return r.y >= b.y and r.bottom <= b.bottom and b.bottom <= box.screen.size.height


async def scrolled_to_end(pilot, scroll: VerticalScroll) -> None:  # noqa: ANN001
    for _ in range(scroll.virtual_size.height):
        if scroll.scroll_y >= scroll.max_scroll_y:
            break
        await pilot.press("down")
        await pilot.pause()
    assert scroll.scroll_y >= scroll.max_scroll_y


@pytest.mark.parametrize("game_id", GAMES)
async def test_every_help_line_can_be_reached_at_80x24(game_id: str) -> None:
    app = app_for(game_id)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("escape")  # an opening question waits on the board
        await pilot.press("question_mark")
        await settle(pilot, app)
        assert isinstance(app.screen, HelpScreen)
        scroll = app.screen.query_one("#help-scroll", VerticalScroll)
        # the scrolling part is seen whole: what it scrolls to is on the screen
        assert inside(scroll, app.screen.query_one("#box"))
        await scrolled_to_end(pilot, scroll)


@pytest.mark.parametrize("game_id", GAMES)
async def test_the_help_box_uses_a_tall_terminal(game_id: str) -> None:
    app = app_for(game_id)
    async with app.run_test(size=(160, 45)) as pilot:
        await settle(pilot, app)
        await pilot.press("escape")
        await pilot.press("question_mark")
        await settle(pilot, app)
        box = app.screen.query_one("#box")
        scroll = app.screen.query_one("#help-scroll", VerticalScroll)
        assert inside(scroll, box)
        # taller than the 22 rows it kept, or all of the help without scrolling
        assert box.region.height > 30 or scroll.max_scroll_y == 0


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("size", [(80, 24), (160, 45)])
async def test_a_card_sheet_is_reachable_and_uses_the_height(
        game_id: str, size: tuple[int, int]) -> None:
    app = app_for(game_id)
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        for _ in range(5):  # answer the opening questions until a card is dealt
            uid = next((c["uid"] for z in app.table.view_for(0)["zones"].values()
                        if isinstance(z, list) for c in z if c.get("cid") and "uid" in c),
                       None)
            if uid is not None:
                break
            await pilot.press("enter")
            await settle(pilot, app)
        assert uid is not None
        await pilot.press("escape")
        await settle(pilot, app)
        app.inspect(int(uid))
        await settle(pilot, app)
        assert isinstance(app.screen, CardScreen)
        scroll = app.screen.query_one("#summary-scroll", VerticalScroll)
        box = app.screen.query_one("#box")
        assert inside(scroll, box)
        await scrolled_to_end(pilot, scroll)
        if size[1] == 45:  # a long sheet is not held to the 16 rows of a small screen
            assert scroll.region.height > 16 or scroll.max_scroll_y == 0


@pytest.mark.parametrize("size", [(80, 24), (160, 45)])
async def test_a_long_summary_is_reachable_a_short_one_stays_small(
        size: tuple[int, int]) -> None:
    app = app_for("precious_memories")
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        app.push_screen(SummaryScreen("While you waited", [Text(f"line {i}") for i in range(60)]))
        await settle(pilot, app)
        scroll = app.screen.query_one("#summary-scroll", VerticalScroll)
        assert inside(scroll, app.screen.query_one("#box"))
        scroll.scroll_home(animate=False)
        await pilot.pause()
        await scrolled_to_end(pilot, scroll)
        if size[1] == 45:
            assert scroll.region.height > 30  # the rows there are, not 16
        app.screen.dismiss(None)
        await settle(pilot, app)
        app.push_screen(SummaryScreen("While you waited", [Text("one line")]))
        await settle(pilot, app)
        assert app.screen.query_one("#box").region.height <= 6
