"""Snapshot tests (pytest-textual-snapshot) at 80x24 and 120x40, fixed seed, no threads.

Update after an intended change with `pytest tests/tui/test_snapshots.py --snapshot-update`
and look at the SVGs in __snapshots__/ before committing them.
"""

from __future__ import annotations

import pytest

from pmtui.tui.screens.prompts import ChoiceScreen, PickSetScreen, RespondScreen

from .helpers import make_app, settle

SIZES = [(80, 24), (120, 40)]


async def log_at_end(pilot) -> None:  # noqa: ANN001
    """Wait (bounded) until the game log has scrolled to its last line: RichLog scrolls
    after a refresh, which a busy machine may not have done when the screenshot is taken."""
    from pmtui.tui.widgets.panels import GameLog

    log = pilot.app.game_screen.query_one("#log", GameLog)
    for _ in range(100):
        if log.scroll_y >= log.max_scroll_y:
            break
        await pilot.pause(0.02)
    pilot.app.game_screen.refresh(repaint=True)  # repainted behind a prompt box too
    await pilot.pause()


async def my_main(pilot) -> None:  # noqa: ANN001
    app = pilot.app
    for _ in range(100):
        await settle(pilot, app)
        d = app.table.decision_for(0)
        if d is not None and d.kind == "priority" and app.table.game.state.vars["ap"] == 0:
            await pilot.press("right")  # focus the second hand card
            await settle(pilot, app)
            await log_at_end(pilot)
            return
        await pilot.press("enter" if isinstance(app.screen, ChoiceScreen) else "p")
    raise AssertionError("never reached my main phase")


async def cost_picker(pilot) -> None:  # noqa: ANN001
    app = pilot.app
    await my_main(pilot)
    screen = app.game_screen
    defs = app.table.defs
    for _ in range(20):
        card = screen.focused_card()
        if card and defs[card["cid"]].cost > 0 and screen.check_action("verb", ("summon",)):
            break
        await pilot.press("right")
    await pilot.press("s", "enter")
    await settle(pilot, app)
    assert isinstance(app.screen, PickSetScreen)
    await pilot.press("space")
    await settle(pilot, app)
    await log_at_end(pilot)


async def decline_prompt(pilot) -> None:  # noqa: ANN001
    app = pilot.app
    for _ in range(200):
        await settle(pilot, app)
        if isinstance(app.screen, RespondScreen):
            await log_at_end(pilot)
            return
        await pilot.press("enter" if isinstance(app.screen, ChoiceScreen) else "p")
    raise AssertionError("no Decline prompt")


async def help_screen(pilot) -> None:  # noqa: ANN001
    await my_main(pilot)
    await pilot.press("question_mark")
    await settle(pilot, pilot.app)
    await log_at_end(pilot)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_main_screen(snap_compare, size) -> None:  # noqa: ANN001
    assert snap_compare(make_app(seed=1), terminal_size=size, run_before=my_main)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_cost_picker(snap_compare, size) -> None:  # noqa: ANN001
    assert snap_compare(make_app(seed=1), terminal_size=size, run_before=cost_picker)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_decline_prompt(snap_compare, size) -> None:  # noqa: ANN001
    app = make_app(seed=2, always_ask=True)
    assert snap_compare(app, terminal_size=size, run_before=decline_prompt)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_help_screen(snap_compare, size) -> None:  # noqa: ANN001
    assert snap_compare(make_app(seed=1), terminal_size=size, run_before=help_screen)
