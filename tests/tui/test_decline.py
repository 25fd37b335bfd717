"""The Decline (response) prompt: asked with "always ask", passed for you otherwise."""

from __future__ import annotations

from pmtui.table.scenarios import loads, new_game
from pmtui.table.session import HUMAN, LocalTable
from pmtui.tui.app import PmApp
from pmtui.tui.screens.prompts import ChoiceScreen, RespondScreen

from .helpers import make_app, settle


async def until_respond(pilot, app: PmApp, limit: int = 200) -> bool:  # noqa: ANN001
    """Drive the game by keys until the response prompt shows (True) or a human responds."""
    for _ in range(limit):
        await settle(pilot, app)
        if isinstance(app.screen, RespondScreen):
            return True
        if any(r.get("kind") == "respond" and r.get("player") == 0
               for r in app.table.game.records if r.get("type") == "decision"):
            return False
        if isinstance(app.screen, ChoiceScreen):
            await pilot.press("enter")
        else:
            await pilot.press("p")
    raise AssertionError("no response decision came up")


async def test_decline_prompt_with_always_ask() -> None:
    app = make_app(seed=2, always_ask=True)
    async with app.run_test(size=(80, 24)) as pilot:
        assert await until_respond(pilot, app)
        screen = app.screen
        assert isinstance(screen, RespondScreen)
        d = app.table.decision_for(0)
        assert d is not None and d.kind == "respond" and d.texts == ["pass"]
        assert "CPU plays" in screen.title_text and "Respond?" in screen.title_text
        # The stage line names the card being played.
        stage = str(app.game_screen.query_one("#stage").render())
        assert "CPU plays" in stage
        await pilot.press("enter")  # pass: no [Decline] card to play
        await settle(pilot, app)
        if app.table.game.state.vars.get("ap") == 1:
            # the CPU's own play: after its pass P1, the Interferer, has the last word
            # (p.07), but nothing changed since P1 passed: that pass stands, unasked
            assert app.table.game.moves[-3:] == [(0, "pass"), (1, "pass"), (0, "pass")]
            assert len(app.table.game.moves) - 1 in app.table.auto
        log = [line.text for line in app.table.log_for(0)]
        assert "P1 pass" in log
        assert not isinstance(app.screen, RespondScreen)


async def test_decline_auto_pass_without_always_ask() -> None:
    app = make_app(seed=2, always_ask=False)
    async with app.run_test(size=(80, 24)) as pilot:
        assert not await until_respond(pilot, app)
        # The human's response decision was made for them: a pass, and no prompt appeared.
        recs = [r for r in app.table.game.records
                if r.get("type") == "decision" and r.get("kind") == "respond"
                and r.get("player") == 0]
        assert recs and all(r["action"] == "pass" for r in recs)


async def test_always_ask_toggle_key() -> None:
    app = make_app(seed=2)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        while isinstance(app.screen, ChoiceScreen):
            await pilot.press("enter")
            await settle(pilot, app)
        assert not app.always_ask
        await pilot.press("A")
        assert app.always_ask
        assert "always ask" in str(app.game_screen.query_one("#status").render())


async def test_a_pass_stands_when_asked_again_unchanged() -> None:
    """The computer summons; the player holds a [Decline] event and passes. The rules
    then ask the Approacher and the Interferer again (p.07: the window closes when the
    Approacher and then the Interferer pass), but nothing was played since: the table
    answers the second question with the player's pass, and the summon still reads in
    the log."""
    app = make_app(seed=30)
    async with app.run_test(size=(80, 24)) as pilot:
        assert await until_respond(pilot, app)
        d = app.table.decision_for(0)
        assert d is not None and d.kind == "respond" and len(d.texts) > 1
        assert app.table.game.state.vars.get("ap") == 1  # the computer's own play
        summoned = app.table.game.state.vars["chain"][-1]["card"]
        asked_at = len(app.table.game.moves)
        await pilot.press("enter")  # Pass, the first option
        await settle(pilot, app)
        again = app.table.decision_for(0)
        # asked again only about another play (the computer's next summon)
        assert not isinstance(app.screen, RespondScreen) or (
            again is not None and again.prompt.split("?")[0] != d.prompt.split("?")[0])
        moves = app.table.game.moves[asked_at:]
        # P1's pass, the CPU's pass, then P1's pass again, made by the table
        assert moves[:3] == [(0, "pass"), (1, "pass"), (0, "pass")]
        assert asked_at + 2 in app.table.auto
        assert app.table.game.state.cards[summoned].zone == "1/main"  # the summon resolved
        log = [line.text for line in app.table.log_for(0)]
        assert any(t.startswith("P2 summon") for t in log)
        # undo takes back the player's own pass, not the one the table made
        assert app.table.undo_target(0) == asked_at


def test_a_pass_does_not_stand_for_the_next_window() -> None:
    """p.13-14: both pass in window ②, nobody can interfere, a point is taken, and
    window ⑥ asks the Approacher with the same options as ② did: a new question, so
    it is asked, not answered with the pass made in ②."""
    doc = """
name = "window 2 passed, then window 6"
actions = []
[position]
turn = 3
phase = "approach"
step = "w2"
approach = "TWC-001"
[p1]
main = ["TWC-001"]
deck = 20
[p2]
main = [{ card = "STA-002", rest = true }]
deck = 20
"""
    table = LocalTable(new_game(loads(doc)), [HUMAN, HUMAN])
    table.act(0, "pass")
    d = table.pending()
    assert d is not None and d.player == 1 and not table.pass_stands(d)
    table.act(1, "pass")
    d = table.pending()
    assert table.game.state.vars["step"] == "w6"
    assert d is not None and d.player == 0 and d.texts == ["pass"]
    assert not table.pass_stands(d)
