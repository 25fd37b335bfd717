"""A game whose ruleset does not describe its board yet still opens at the table: the
plain screen (pmtui.engine.screen.PlainScreen) counts every zone on the seats' bars
and asks every decision as a choice."""

from __future__ import annotations

from pmtui.engine.game import Game
from pmtui.engine.screen import PlainScreen
from pmtui.table.games import make_header, ruleset
from pmtui.table.session import HUMAN, LocalTable
from pmtui.tui.app import PmApp
from pmtui.tui.keys import TuiConfig
from pmtui.tui.screens.prompts import ChoiceScreen

from .helpers import settle


class Undescribed:
    """The toy ruleset with a screen that only has a title."""

    def __init__(self) -> None:
        self.rs = ruleset("toy")

    def __getattr__(self, name: str) -> object:
        return getattr(self.rs, name)

    class screen:  # noqa: N801 - a stand-in for a ruleset's bare screen object
        title = "Bare"


async def test_a_ruleset_without_a_layout_gets_the_plain_screen() -> None:
    rs = Undescribed()
    decks = [rs.load_deck("skirmish"), rs.load_deck("skirmish")]
    players = [{"name": "Ann", "kind": "human"}, {"name": "Bo", "kind": "human"}]
    g = Game(rs, make_header(rs.rs, decks, 3, players, mode="hotseat"))  # type: ignore[arg-type]
    table = LocalTable(g, [HUMAN, HUMAN])
    assert isinstance(table.screen, PlainScreen)
    app = PmApp(table, config=TuiConfig(), threaded=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        bar = str(app.game_screen.query_one("#my-bar").render())
        assert "Deck 5" in bar and "Discard 0" in bar
        await pilot.press("enter")
        await settle(pilot, app)
        assert isinstance(app.screen, ChoiceScreen)  # no board kinds: every move a choice
        assert "end" in app.screen.options
