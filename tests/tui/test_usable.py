"""At a stop, every card that can be used is marked (▸) and its key is in the footer;
the cards in the fight now are marked (») and their panel says their part."""

from __future__ import annotations

from pmtui.table.scenarios import loads, new_game
from pmtui.table.session import HUMAN, LocalTable
from pmtui.tui.app import PmApp
from pmtui.tui.keys import TuiConfig
from pmtui.tui.screens.info import CardScreen
from pmtui.tui.widgets.footer import Footer

from .helpers import Scripted, focus, settle
from .test_toy_table import screen_text

# p.24: a [Backup] card is used from the hand in an approach window (here ②, after
# Umi Takatsuki's owner approached with Shiori Nagisa)
BACKUP = """
name = "a Backup card in the hand at approach window 2"
actions = []

[position]
turn = 3
phase = "approach"
step = "w2"
approach = "TWC-001"

[p1]
main = ["TWC-001"]
hand = ["TWC-019", "TWC-003"]
deck = 20

[p2]
main = ["STA-002"]
deck = 20
"""


async def test_a_backup_card_is_marked_and_its_key_shown() -> None:
    table = LocalTable(new_game(loads(BACKUP)), [HUMAN, Scripted()])
    app = PmApp(table, config=TuiConfig(watch=frozenset()), threaded=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        d = table.decision_for(0)
        assert d is not None and "backup TWC-019@0" in d.texts
        screen = app.game_screen
        # the Backup card; not the chara with no use now (» marks it: it approaches)
        assert {u for u, m in screen._marks().items() if "▸" in m} == {0}
        assert "▸" in screen_text(app)
        assert "▸ marks what you can play" in str(screen.query_one("#prompt").render())
        await focus(pilot, app, "my-hand", lambda c: c.get("cid") == "TWC-019")
        await settle(pilot, app)
        bar = str(screen.query_one(Footer).render())
        assert "b Backup" in bar
        await pilot.press("b")  # the key plays it: its target comes next
        await settle(pilot, app)
        assert table.game.moves[-1] == (0, "backup TWC-019@0")


async def test_the_approaching_chara_is_marked_and_its_sheet_says_so() -> None:
    """p.13: the chara sent to approach. With the window open it carries » on the
    board (a character, so 16 colours show it), and its panel and sheet say its part;
    the chara of the other side, not in the fight, has none."""
    table = LocalTable(new_game(loads(BACKUP)), [HUMAN, Scripted()])
    app = PmApp(table, config=TuiConfig(watch=frozenset()), threaded=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        screen = app.game_screen
        appr = table.game.state.vars["appr"]["a"]
        other = next(c.uid for c in table.game.state.cards if c.zone == "1/main")
        marks = screen._marks()
        assert marks[appr] == "»" and other not in marks
        await focus(pilot, app, "my-main", lambda c: c.get("uid") == appr)
        await settle(pilot, app)
        assert "» approaching now" in str(screen.query_one("#detail").render())
        assert "»" in screen_text(app)
        await pilot.press("D")
        await settle(pilot, app)
        assert isinstance(app.screen, CardScreen)
        assert "» approaching now" in screen_text(app)
