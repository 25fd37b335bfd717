"""The help's keys page says what each key does: SENGOKU YUGI's "act" verb (an ACT
ability, key c) shares its binding id with the table's enter key, and enter's line
read "use an ACT ability"."""

from __future__ import annotations

from rich.console import Console

from pmtui.engine.game import Game
from pmtui.table.registry import ruleset
from pmtui.table.session import LocalTable, new_game_header
from pmtui.tui.app import PmApp
from pmtui.tui.screens.info import HelpScreen

from .helpers import settle


async def test_enter_is_described_as_the_table_key_not_as_the_games_verb() -> None:
    header, seats = new_game_header(1, vs="computer", game="sengoku_yugi")
    app = PmApp(LocalTable(Game(ruleset("sengoku_yugi"), header), seats), threaded=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        await pilot.press("question_mark")
        await settle(pilot, app)
        assert isinstance(app.screen, HelpScreen)
        console = Console(width=110, color_system=None)
        with console.capture() as out:
            for s in app.screen.query("Static"):
                console.print(s.content)
        text = out.get()
        enter = next(x for x in text.splitlines() if x.lstrip().startswith("enter "))
        assert "act on the focused card" in enter, enter
        c = next(x for x in text.splitlines() if x.lstrip().startswith("c "))
        assert "ACT ability" in c, c
