"""A complete game flow by key presses, in hot seat (both seats at the keyboard)."""

from __future__ import annotations

from pmtui.tui.screens.info import PassKeyboardScreen
from pmtui.tui.screens.prompts import ChoiceScreen, PickSetScreen

from .helpers import focus, game, make_app, pay_until_met, settle, take_keyboard


def summonable(app, cost_at_least: int = 1):  # noqa: ANN001, ANN201
    screen = game(app)
    defs = app.table.defs

    def pred(c: dict) -> bool:
        d = defs[c["cid"]]
        return d.cost >= cost_at_least and any(
            t.startswith(f"summon {c['cid']}@{c['uid']} main") for t in screen.options_for(c)
        )

    return pred


async def summon_with_payment(pilot, app) -> dict:  # noqa: ANN001
    card = await focus(pilot, app, "my-hand", summonable(app))
    await pilot.press("s")
    assert isinstance(app.screen, ChoiceScreen)  # Main or Support Area?
    await pilot.press("enter")  # the first entry: the Main Area
    await settle(pilot, app)
    assert isinstance(app.screen, PickSetScreen)
    assert not app.screen.check_action("confirm", ())  # nothing picked: cannot confirm
    await pay_until_met(pilot, app)
    return card


async def pass_until_turn(pilot, app, turn: int) -> None:  # noqa: ANN001
    """Press p (whoever holds the keyboard) until the given turn has started."""
    while app.table.game.state.vars["turn"] < turn:
        assert app.table.pending().kind == "priority"
        await pilot.press("p")
        await take_keyboard(pilot, app)


async def test_complete_turns_by_keys() -> None:
    app = make_app(seed=3, hotseat=True)
    async with app.run_test(size=(80, 24)) as pilot:
        table = app.table
        await take_keyboard(pilot, app)
        # Setup: turn order, then each player keeps their hand.
        while table.pending() is not None and table.pending().kind in ("order", "redraw"):
            await take_keyboard(pilot, app)
            assert isinstance(app.screen, ChoiceScreen)
            await pilot.press("enter")
            await settle(pilot, app)
        await take_keyboard(pilot, app)
        first = table.game.state.vars["first"]
        assert app.viewer == first

        # Turn 1: summon with cost payment, pass to the end of the turn.
        a = await summon_with_payment(pilot, app)
        assert any(c["uid"] == a["uid"] for c in game(app).row_cards["my-main"])
        assert "▸" not in str(game(app).query_one("#opp-main").render())
        await pass_until_turn(pilot, app, 2)
        assert app.viewer == 1 - first

        # Turn 2: the other player summons a chara (it cannot approach this turn).
        b = await summon_with_payment(pilot, app)
        await pass_until_turn(pilot, app, 3)
        assert app.viewer == first

        # Turn 3: pass the Main Phase, approach with the turn-1 chara.
        while table.pending().kind == "priority":
            await pilot.press("p")
            await take_keyboard(pilot, app)
        assert table.pending().kind == "approach"
        assert game(app).row_name == "my-main"  # the cursor went to the approach candidates
        await focus(pilot, app, "my-main", lambda c: c["uid"] == a["uid"])
        await pilot.press("a")
        await take_keyboard(pilot, app)
        while table.pending().kind == "priority":  # window after the approach
            await pilot.press("p")
            await take_keyboard(pilot, app)
        # The Interferer interferes with their chara.
        assert table.pending().kind == "interfere" and app.viewer == 1 - first
        await focus(pilot, app, "my-main", lambda c: c["uid"] == b["uid"])
        await pilot.press("i")
        await take_keyboard(pilot, app)
        while table.pending().kind == "priority":  # windows before/after judgement
            await pilot.press("p")
            await take_keyboard(pilot, app)
        # Judgement happened: both comparisons at once, from printed AP/DP.
        defs = table.defs
        da, db = defs[a["cid"]], defs[b["cid"]]
        state = table.game.state
        assert (state.cards[b["uid"]].zone.endswith("discard")) == (db.dp <= da.ap)
        assert (state.cards[a["uid"]].zone.endswith("discard")) == (da.dp <= db.ap)
        log = [line.text for line in table.log_for(first)]
        assert f"P{first + 1} approach {a['cid']}@{a['uid']}" in log
        assert f"P{2 - first} interfere {b['cid']}@{b['uid']}" in log
        # Back at assigning an approach (or Turn End when none is left): stop, end the turn.
        if table.pending().kind == "approach":
            assert app.viewer == first
            await pilot.press("x")
            await take_keyboard(pilot, app)
        while table.game.state.vars["turn"] == 3:
            d = table.pending()
            if isinstance(app.screen, ChoiceScreen):  # hand adjustment
                await pilot.press("enter")
            elif d.kind == "priority":
                await pilot.press("p")
            await take_keyboard(pilot, app)
        assert table.game.state.vars["turn"] == 4
        assert isinstance(app.screen, PassKeyboardScreen) is False
