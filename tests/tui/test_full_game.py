"""A whole game against the random computer, played only with keys (no crash, it ends)."""

from __future__ import annotations

import pytest

from pmtui.ai import make_player
from pmtui.tui.screens.info import GameOverScreen, SummaryScreen
from pmtui.tui.screens.prompts import ChoiceScreen, PickSetScreen

from .helpers import focus, make_app, pay_until_met, settle


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
async def test_whole_game_by_keys(size: tuple[int, int]) -> None:
    app = make_app(seed=7, computer=make_player("random", 7), watch=None)
    summaries: list[str] = []
    async with app.run_test(size=size) as pilot:
        screen = app.game_screen
        for _ in range(3000):
            await settle(pilot, app)
            if isinstance(app.screen, SummaryScreen):  # what the computer did: go on
                summaries.append("\n".join(line.plain for line in app.screen.lines))
                await pilot.press("enter")
                continue
            if app.table.over:
                break
            if isinstance(app.screen, PickSetScreen):
                await pay_until_met(pilot, app)
            elif isinstance(app.screen, ChoiceScreen):
                await pilot.press("enter")
            elif screen.check_action("verb", ("pass",)) and screen.decision is not None:
                # Summon a chara when one is playable, else pass.
                summon = [c for c in screen.row_cards["my-hand"]
                          if any(t.endswith(" main") and t.startswith("summon")
                                 for t in screen.options_for(c))]
                if summon and screen.pview["vars"].get("phase") == "main":
                    uid = summon[0]["uid"]
                    await focus(pilot, app, "my-hand", lambda c, uid=uid: c["uid"] == uid)
                    await pilot.press("s", "enter")
                else:
                    await pilot.press("p")
            elif screen.check_action("verb", ("no-interference",)):
                await pilot.press("n")
            elif screen.check_action("verb", ("stop",)):
                ok = [c for c in screen.row_cards["my-main"] if screen.options_for(c)]
                if ok:
                    uid = ok[0]["uid"]
                    await focus(pilot, app, "my-main", lambda c, uid=uid: c["uid"] == uid)
                    await pilot.press("a")
                else:
                    await pilot.press("x")
            else:
                await pilot.press("enter")
        assert app.table.over is not None
        await settle(pilot, app)
        assert isinstance(app.screen, GameOverScreen)
        # the result, with what the computer did since the last move
        summaries.append("\n".join(line.plain for line in app.screen.last))
    # the computer's turns were shown in words, by the board's seat names
    assert len(summaries) >= 3
    assert any("CPU: " in s for s in summaries)
    assert " win" in summaries[-1] or "draw" in summaries[-1] or not summaries[-1]
    assert not any(" P1 " in s or " P2 " in s for s in summaries)
