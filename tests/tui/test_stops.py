"""Stops per window and "pass until end of turn": settings that pass for you."""

from __future__ import annotations

from pathlib import Path

from pmtui.table.games import ruleset
from pmtui.tui.keys import TuiConfig, load_config
from pmtui.tui.screens.prompts import ChoiceScreen

from .helpers import make_app, settle


async def _to_my_main(pilot, app) -> None:  # noqa: ANN001
    """Answer the setup prompts until player 1 holds priority in a Main Phase."""
    for _ in range(50):
        await settle(pilot, app)
        d = app.table.decision_for(0)
        if d is not None and d.kind == "priority":
            return
        if isinstance(app.screen, ChoiceScreen):
            await pilot.press("enter")
        else:
            await pilot.press("p")
    raise AssertionError("never reached a priority decision")


def _my_passes(app) -> list[dict]:  # noqa: ANN001
    return [r for r in app.table.game.records
            if r.get("type") == "decision" and r.get("player") == 0 and r.get("action") == "pass"]


async def test_pass_until_end_of_turn_passes_every_window_then_stops() -> None:
    app = make_app(seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await _to_my_main(pilot, app)
        turn = app.table.view_for(0)["vars"]["turn"]
        before = len(_my_passes(app))
        await pilot.press("E")
        await settle(pilot, app)
        # the turn went on without asking: passes were made for player 1
        assert len(_my_passes(app)) > before
        d = app.table.decision_for(0)
        now = app.table.view_for(0)["vars"]["turn"]
        # what is asked now is no window of that turn: a later turn, or a choice
        # that is not a pass (hand adjustment), or the end of the game
        assert app.table.over or now > turn or d is None or "pass" not in d.texts


async def test_pass_until_end_of_turn_toggles_off() -> None:
    app = make_app(seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await _to_my_main(pilot, app)
        assert app.game_screen.check_action("pass_turn", ()) is True
        turn = app.table.view_for(0)["vars"]["turn"]
        app.pass_turn = (0, turn)
        app.toggle_pass_turn(0)  # pressing it again cancels
        assert app.pass_turn is None
        await settle(pilot, app)
        assert app.table.decision_for(0) is not None  # still asked: nothing was passed


async def test_a_window_out_of_the_stops_is_passed_for_you() -> None:
    app = make_app(seed=3)
    app.config = TuiConfig(stops=frozenset({"own_main", "approach", "respond"}),
                           watch=frozenset())
    async with app.run_test(size=(80, 24)) as pilot:
        await _to_my_main(pilot, app)
        # player 1 never decides in the opponent's Main Phase: those windows pass for them
        for _ in range(40):
            await settle(pilot, app)
            v = app.table.view_for(0)["vars"]
            d = app.table.decision_for(0)
            if app.table.over or (v.get("turn", 0) >= 4):
                break
            if d is not None and d.kind == "priority":
                assert not (v.get("phase") == "main" and v.get("ap") != 0)
            if isinstance(app.screen, ChoiceScreen):
                await pilot.press("enter")
            else:
                await pilot.press("p")


def test_stops_config_is_read_and_checked(tmp_path: Path) -> None:
    good = tmp_path / "good.toml"
    good.write_text('[options]\nstops = ["own_main", "respond"]\n')
    assert load_config(good).check(ruleset().screen).stops == frozenset({"own_main", "respond"})
    bad = tmp_path / "bad.toml"
    bad.write_text('[options]\nstops = ["lunch"]\n')
    cfg = load_config(bad).check(ruleset().screen)
    assert len(cfg.stops) == 4 and "options.stops" in cfg.problems[0]


OWN_APPROACH = """
name = "P1 in their Main Phase with a chara that may approach and an [Approach/Self] event"
actions = []

[position]
turn = 3

[p1]
main = ["STA-002"]
hand = ["STA-013", "STA-010"]
deck = 20

[p2]
deck = 20
"""


async def test_pass_to_end_of_turn_gives_back_your_own_approach() -> None:
    """E in your own Main Phase passes it, stops at the approach you must assign, and
    the window after your approach is yours again (STA-013, [Approach/Self], p.13/p.17)."""
    from pmtui.table.scenarios import loads, new_game
    from pmtui.table.session import HUMAN, LocalTable
    from pmtui.tui.app import PmApp

    from .helpers import Scripted

    table = LocalTable(new_game(loads(OWN_APPROACH)), [HUMAN, Scripted()])
    app = PmApp(table, config=TuiConfig(watch=frozenset()), threaded=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        assert table.pending().kind == "priority" and table.pending().player == 0
        await pilot.press("E")
        await settle(pilot, app)
        d = table.decision_for(0)
        assert d is not None and d.kind == "approach"  # asked: an approach is no window
        assert app.pass_turn is None
        app.submit(next(t for t in d.texts if t.startswith("approach STA-002")))
        await settle(pilot, app)
        d = table.decision_for(0)
        assert d is not None and d.kind == "priority"
        assert table.view_for(0)["vars"]["step"] == "w2"
        assert any(t.startswith("event STA-013") for t in d.texts)
