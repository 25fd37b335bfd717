"""The game screen plays a game that is not Precious Memories: the toy's 3x3 grid
(tests/toy, rules T1-T3) drawn from its screen description, moves made by keys."""

from __future__ import annotations

import html
import re

from toy.ruleset import RELICS, Toy

from pmtui.engine.game import Game
from pmtui.engine.views import view
from pmtui.table.games import make_header, ruleset
from pmtui.table.session import HUMAN, LocalTable, new_game_header, new_table
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


RS = Toy()


def vs_computer(seed: int) -> PmApp:
    """The toy against a computer player that plays at random, asking every decision."""
    header, seats = new_game_header(seed, vs="computer", level="random", game="toy")
    return PmApp(new_table(header, [HUMAN, seats[1]]),
                 config=TuiConfig(always_ask=True, watch=frozenset()),
                 threaded=False)


def screen_text(app: PmApp) -> str:
    """What the screen shows, as plain text (from the screenshot's SVG)."""
    return html.unescape(re.sub(r"<[^>]+>", "", app.export_screenshot())).replace("\xa0", " ")


async def test_a_toy_game_at_the_table_to_its_end() -> None:
    app = vs_computer(3)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot, app)
        game = app.table.game
        assert game.header["ruleset"] == "toy"
        shot = screen_text(app)
        assert "Turn 1" in shot and "6 HP" in shot  # the toy's own turn-flow panel
        for _ in range(300):
            if game.over is not None:
                break
            d = game.pending()
            if d is None or d.player != 0:
                await settle(pilot, app)
                continue
            places = [t for t in d.texts if t.startswith(("attack", "place"))]
            moves = len(game.moves)
            if places and moves % 3:
                app.submit(places[0])
            else:
                await pilot.press("x")  # the toy's "End turn" key, from its verbs
            await settle(pilot, app)
            assert len(game.moves) > moves or game.over is not None
        assert game.over is not None
        await settle(pilot, app)


async def test_the_face_down_relic_is_a_back_on_the_board() -> None:
    app = vs_computer(1)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot, app)
        game = app.table.game
        board = game.state.zones["shared/board"]
        relic = next(u for u in board if game.state.cards[u].f.get("cell") == "b2")
        assert game.state.cards[relic].cid in RELICS and game.state.cards[relic].f["down"]
        shot = screen_text(app)
        for cid in RELICS:  # nobody knows which relic lies on b2: neither name is shown
            assert RS.cards[cid].name not in shot
        assert "face down" in shot
        seen = view(game.ruleset, game.state, 0)["zones"]["shared/board"]
        assert [c["cid"] for c in seen if c["cell"] == "b2"] == [None]


async def test_the_sandbox_screen_shows_a_toy_scenario_with_fixed_dice() -> None:
    """The sandbox opens the toy's scenario (its dice fixed), draws the board from the
    toy's screen description and takes a chance outcome as the user's choice."""
    from pathlib import Path

    from pmtui.engine.decision import CHANCE
    from pmtui.table.sandbox import Sandbox
    from pmtui.tui.sandbox.app import SandboxApp

    path = Path(__file__).parents[1] / "toy" / "scenarios" / "t3_attack_die.toml"
    sb, notes = Sandbox.from_scenario(path)
    assert notes == []
    app = SandboxApp(sb)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pilot.pause()
        text = screen_text(app)
        assert "Lantern Knight" in text  # the Knight on a1, drawn on the grid
        d = sb.game.pending()
        assert d is not None and d.player == 0
        for text in ("end", "end", "attack TOY-02@4"):
            app.submit(text)
            await pilot.pause()
            await pilot.pause()
        d = sb.game.pending()
        assert d is not None and d.player == CHANCE
        assert "The attack's die" in screen_text(app)  # the chance decision, asked
        app.submit("roll 6")
        await pilot.pause()
        assert sb.state.vars["hp"] == [6, 2]


async def test_the_sandbox_menus_are_the_toys_own() -> None:
    """The sandbox's menus come from the ruleset's positions: adding offers the toy's
    zones and free board cells, the moment menu its turns, "why not?" its verbs."""
    from pmtui.table.sandbox import Sandbox
    from pmtui.tui.sandbox.app import SandboxApp, suggestions
    from pmtui.tui.sandbox.prompts import MenuScreen

    sb = Sandbox.from_doc(rs=RS)
    app = SandboxApp(sb)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot, app)
        app.start_add("TOY-01")
        await pilot.pause()
        menu = app.screen
        assert isinstance(menu, MenuScreen)
        labels = [str(label) for label, _ in menu.options]
        assert "P1 hand" in labels and "P1 on the board at a1" in labels
        assert not any("Point" in label or "Area" in label for label in labels)
        values = [v for _, v in menu.options]
        await pilot.press(*["down"] * (values.index("0:board:cell=a1") - menu.initial), "enter")
        await settle(pilot, app)
        placed = [u for u in sb.state.zones.get("shared/board", ())
                  if sb.state.cards[u].f.get("cell") == "a1"]
        assert [sb.state.cards[u].cid for u in placed] == ["TOY-01"]
        app.choose_moment()
        await pilot.pause()
        menu = app.screen
        assert isinstance(menu, MenuScreen)
        values = [v for _, v in menu.options]
        assert values[:2] == ["active:0", "active:1"]
        await pilot.press(*["down"] * (values.index("active:1") - menu.initial), "enter")
        await settle(pilot, app)
        assert sb.state.vars["ap"] == 1
        asked = suggestions(sb, placed[0])
        assert f"attack TOY-01@{placed[0]}" in asked and "end" in asked
        assert not any(t.split()[0] in ("summon", "approach", "interfere") for t in asked)


async def test_the_replay_viewer_steps_through_a_toy_save_to_its_end(tmp_path) -> None:  # noqa: ANN001
    """`pmtui replay` on a toy save under Pilot: the board is the toy's grid at every step
    the keys reach, the relic face down on b2 is never named before it is opened, and
    the end is reached."""
    from pmtui.engine.journal import JournalWriter
    from pmtui.table.replay import ReplayModel
    from pmtui.table.simulate import play_one
    from pmtui.tui.replay import ReplayApp

    decks = (RS.load_deck("skirmish"), RS.load_deck("stones"))
    result = play_one(4, decks, ("random", "random"), keep=True, rs=RS)
    assert result.game is not None
    path = tmp_path / "toy.jsonl"
    with JournalWriter(path, result.game.header) as w:
        w.write(result.game.records[1:])
    model = ReplayModel.from_file(path)
    app = ReplayApp(model, perspective=0)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.replay_screen
        for _ in range(60):
            await pilot.press("right_square_bracket")
            shot = screen_text(app)
            face_up = {c.get("cid") for z in screen.replay.shown().view["zones"].values()
                       if isinstance(z, list) for c in z}
            for cid in RELICS:  # a relic is named once it is opened, never before
                assert cid in face_up or RS.cards[cid].name not in shot
            if screen.replay.position >= len(model):
                break
        await pilot.press("end")
        assert screen.replay.shown().at_end
        assert "(end)" in screen_text(app)
