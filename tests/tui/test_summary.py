"""What happened while you waited (issue 17 item 1): the table stops to show the
computer's moves when its turn ends, a point is taken or a card leaves play, and
the game over screen carries the last ones."""

from __future__ import annotations

from pathlib import Path

from pmtui.engine.screen import Watch
from pmtui.table.games import ruleset
from pmtui.tui.keys import TuiConfig, load_config
from pmtui.tui.screens.info import SummaryScreen
from pmtui.tui.screens.prompts import ChoiceScreen

from .helpers import make_app, settle


def test_a_watch_sees_moves_into_and_out_of_its_zones() -> None:
    points = Watch("points", "", into=("points",))
    leaves = Watch("leaves", "", out_of=("main", "support"))
    assert points.seen({"t": "move", "from": "1/deck", "to": "1/points"})
    assert not points.seen({"t": "move", "from": "1/deck", "to": "1/hand"})
    assert leaves.seen({"t": "move", "from": "0/main", "to": "0/discard"})
    assert not leaves.seen({"t": "move", "from": "0/support", "to": "0/main"})  # still in play
    assert not leaves.seen({"t": "var", "set": {"turn": 2}})


def test_watch_names_come_from_the_game(tmp_path: Path) -> None:
    spec = ruleset().screen
    path = tmp_path / "tui.toml"
    path.write_text('[options]\nwatch = ["points"]\n', encoding="utf-8")
    assert load_config(path).check(spec).watch == frozenset({"points"})
    path.write_text('[options]\nwatch = ["bogus"]\n', encoding="utf-8")
    cfg = load_config(path).check(spec)  # a bad entry: the defaults and a notice
    assert cfg.watch == frozenset({"turn", "points", "leaves"})
    assert any("options.watch" in p for p in cfg.problems)


async def _until_summary(pilot, app) -> SummaryScreen:  # noqa: ANN001
    """Pass (or take the first choice) until the table stops with a summary."""
    for _ in range(200):
        await settle(pilot, app)
        if isinstance(app.screen, SummaryScreen):
            return app.screen
        if isinstance(app.screen, ChoiceScreen):
            await pilot.press("enter")
            continue
        d = app.table.decision_for(0)
        if d is not None:  # pass, let the computer's approaches through, end mine
            app.submit(next((t for t in ("pass", "no-interference", "stop") if t in d.texts),
                            d.texts[0]))
    raise AssertionError("the table never stopped to show the computer's moves")


async def test_the_computers_turn_is_summed_up_in_words() -> None:
    app = make_app(seed=3, watch=frozenset({"turn"}))
    async with app.run_test(size=(80, 24)) as pilot:
        shown = await _until_summary(pilot, app)
        text = "\n".join(line.plain for line in shown.lines)
        # the computer's decisions by the board's name for it, in the game's words
        assert "CPU: " in text
        assert "── turn" in text
        assert "@" not in text.split("── turn")[0]  # names, not card numbers
        await pilot.press("enter")  # go on: the table asks the player again
        await settle(pilot, app)
        assert not isinstance(app.screen, SummaryScreen)
        assert app.table.pending() is not None and app.table.pending().player == 0


async def test_nothing_stops_when_every_watch_is_off() -> None:
    app = make_app(seed=3, watch=frozenset())
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(60):
            await settle(pilot, app)
            assert not isinstance(app.screen, SummaryScreen)
            if isinstance(app.screen, ChoiceScreen):
                await pilot.press("enter")
            else:
                await pilot.press("p")
        assert app.table.view_for(0)["vars"].get("turn", 0) >= 2  # the computer did play


async def test_a_point_stops_the_table_in_the_middle_of_a_turn() -> None:
    app = make_app(seed=3)
    # the approach windows and the computer's Main Phase pass for the player: a point
    # taken there would go by unseen, so the table stops for it
    app.config = TuiConfig(stops=frozenset({"own_main", "respond"}),
                           watch=frozenset({"points"}))
    async with app.run_test(size=(80, 24)) as pilot:
        shown = await _until_summary(pilot, app)
        text = "\n".join(line.plain for line in shown.lines)
        assert "→points" in text  # a point went to a Point Zone: that is why it stopped
        assert "CPU: Approach with" in text
