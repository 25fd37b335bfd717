"""The game screen plays a game that is not Precious Memories: the toy's 3x3 grid
(tests/toy, rules T1-T3) drawn from its screen description, moves made by keys."""

from __future__ import annotations

from pmtui.engine.game import Game
from pmtui.games import make_header, ruleset
from pmtui.session import HUMAN, LocalTable
from pmtui.tui.app import PmApp
from pmtui.tui.keys import TuiConfig
from pmtui.tui.screens.prompts import ChoiceScreen
from pmtui.tui.widgets.board import GridView

from .helpers import focus, game, settle, take_keyboard


def toy_app(seed: int = 3) -> PmApp:
    rs = ruleset("toy")
    decks = [rs.load_deck("skirmish"), rs.load_deck("skirmish")]
    players = [{"name": "Ann", "kind": "human"}, {"name": "Bo", "kind": "human"}]
    g = Game(rs, make_header(rs, decks, seed, players, mode="hotseat"))
    return PmApp(LocalTable(g, [HUMAN, HUMAN]), hotseat=True, config=TuiConfig(),
                 threaded=False)


async def test_toy_grid_is_drawn_and_played_by_keys() -> None:
    app = toy_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await take_keyboard(pilot, app)
        screen = game(app)
        grid = app.screen.query_one(GridView)
        drawn = grid.render().plain
        assert "face down" in drawn  # T1: the relic on b2, face down for everyone
        assert "a1" in drawn and "c3" in drawn  # empty cells show their names
        assert "HP 6" in str(screen.query_one("#my-bar").render())  # T2: 6 HP each
        me = screen.decision.player
        # T3: place a creature from the hand: its key opens the cells to choose from
        creature = await focus(pilot, app, "my-hand", lambda c: c.get("kind") == "creature")
        await pilot.press("s")
        await settle(pilot, app)
        assert isinstance(app.screen, ChoiceScreen)
        assert all(t.startswith(f"place {creature['cid']}@{creature['uid']} ")
                   for t in app.screen.options)
        await pilot.press("enter")  # the first empty cell
        await settle(pilot, app)
        board = app.table.view_for(me)["zones"]["shared/board"]
        placed = next(c for c in board if c.get("uid") == creature["uid"])
        assert placed["cell"] in grid.render().plain or creature["name"] in grid.render().plain
        # the cursor reaches the piece's cell by the arrow keys, and the panel names it
        screen = game(app)
        assert screen.board.goto(lambda s: s.cell == placed["cell"])
        screen._draw()
        assert creature["name"] in str(screen.query_one("#detail").render())
        await pilot.press("x")  # end the turn
        await take_keyboard(pilot, app)
        assert app.table.pending().player != me
