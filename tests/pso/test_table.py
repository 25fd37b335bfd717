"""The PSO table at 80x24, driven by keys as a player would (the board is drawn from
rulesets/pso/screen.py)."""

from __future__ import annotations

from pmtui.engine.game import Game
from pmtui.table.registry import ruleset
from pmtui.table.session import LocalTable, new_game_header
from pmtui.tui.app import PmApp
from pmtui.tui.screens.info import SummaryScreen


async def test_a_game_against_the_computer_is_played_by_keys_to_its_end() -> None:
    header, seats = new_game_header(7, vs="computer", game="pso", opponent="heuristic")
    game = Game(ruleset("pso"), header)
    app = PmApp(LocalTable(game, seats), hotseat=False, catch_errors=False)
    shown = 0
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(80):
            await pilot.pause(0.2)
            d = game.pending()
            if d is None:
                break
            if isinstance(app.screen, SummaryScreen):  # the computer's turn, in words
                shown += 1
                await pilot.press("enter")
            elif d.player == 0 and d.kind in ("main", "combat"):
                # start combat, then end the turn: the computer's monsters win in the end
                await pilot.press("c" if d.kind == "main" else "n")
        assert game.over is not None and game.over["winner"] == 1
        assert shown > 0  # the table stopped to show what the computer did


def test_the_screen_describes_every_card_in_play() -> None:
    from pmtui.engine.views import view

    rs = ruleset("pso")
    header, _ = new_game_header(3, vs="hotseat", game="pso")
    game = Game(rs, header)
    v = view(rs, game.state, 0)
    for key, cards in v["zones"].items():
        if not isinstance(cards, list):
            continue
        for c in cards:
            face = rs.screen.face(c, key.partition("/")[2], v)
            assert face.title == rs.cards[c["cid"]].name
            if key.endswith(("/lead", "/monsters")):
                assert "/" in face.right  # HP left / HP
            assert rs.screen.detail(c, key, v).lines
    assert rs.screen.flow(v, ["A", "B"]).headline.startswith("Turn ")
    middle = rs.screen.layout.middle[0]
    assert f"shared/{middle.zone}" == "shared/area"  # the board reads shared rows so
    assert rs.screen.label("attack HAL-022@3", v) == "Attack with Thornback Grazer"


async def test_the_replay_viewer_steps_through_a_pso_game() -> None:
    from pathlib import Path

    from pmtui.table.replay import ReplayModel
    from pmtui.tui.replay import ReplayApp, ReplayScreen

    path = Path(__file__).parents[2] / "saves" / "pso" / "quick-heuristic-vs-random.jsonl"
    app = ReplayApp(ReplayModel.from_file(path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.3)
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        start = screen.position
        await pilot.press("right", "right", "right")
        assert screen.position == start + 3
        await pilot.press("n")  # the next turn
        assert screen.model.cursor.turn_at(screen.position) >= 2


async def test_the_help_screen_lists_the_pso_keys() -> None:
    header, seats = new_game_header(5, vs="hotseat", game="pso")
    game = Game(ruleset("pso"), header)
    app = PmApp(LocalTable(game, seats), hotseat=True, catch_errors=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.3)
        assert type(app.screen).__name__ == "PassKeyboardScreen"  # hot seat: covered first
        await pilot.press("enter")
        await pilot.pause(0.3)
        await pilot.press("question_mark")
        await pilot.pause(0.3)
        assert type(app.screen).__name__ == "HelpScreen"
        shot = app.export_screenshot().replace("&#160;", " ")
        # the game's own verbs, with their keys (the later ones further down the list)
        assert "set a trap from your hand face down" in shot
        for _ in range(10):
            if "end combat and the turn" in shot:
                break
            await pilot.press("down")
            await pilot.pause(0.1)
            shot = app.export_screenshot().replace("&#160;", " ")
        assert "end combat and the turn" in shot


def test_a_narrow_monster_cell_keeps_its_hp_whole() -> None:
    """Four monsters side by side at 80 columns: the stats are cut, HP left/HP never."""
    from pmtui.engine.screen import Face
    from pmtui.tui.display import face_lines

    rs = ruleset("pso")
    face = Face("Thornback Grazer", colour="monster", left="A15 D10 E0", right="35/50")
    lines = face_lines(face, rs.screen.colours, 13, 2)
    assert lines[1].plain.endswith("35/50") and len(lines[1].plain) == 13
    wide = face_lines(face, rs.screen.colours, 24, 2)
    assert wide[1].plain.startswith("A15 D10 E0") and wide[1].plain.endswith("35/50")


async def test_the_cursor_stops_on_cards_only_never_an_empty_place() -> None:
    """Nothing in PSO is played onto an empty place by the cursor (a card is played from
    the hand by its verb), so up, down, left and right pass over the drawn empty slots and
    rows with no card (the Characters row drawn with three places and one card)."""
    from tests.tui.helpers import settle

    header, seats = new_game_header(7, vs="computer", game="pso", opponent="heuristic")
    game = Game(ruleset("pso"), header)
    app = PmApp(LocalTable(game, seats), hotseat=False, catch_errors=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        board = app.game_screen.board
        rows = {n.rid for n in board.nav}
        seen = 0
        for key in ["up"] * 8 + ["right"] * 4 + ["down"] * 8 + ["left", "down"] * 6:
            await pilot.press(key)
            spot = board.nav[board.row].spots[board.cols[board.nav[board.row].rid]]
            if spot.kind == "card":
                assert spot.card is not None, f"{key}: the cursor stopped on {spot.zone}"
                seen += 1
        assert seen > 10
        # the Characters row shows empty places, none of them a stop
        chars = [n for n in board.nav if n.spots[0].zone == "chars"]
        assert all(s.card is not None for n in chars for s in n.spots)
        assert rows == {n.rid for n in board.nav}
