"""`?` has a how-to-play page per game, written by the ruleset (`Words.how_to_play`):
tab turns from the keys to it and back; every line of it can be scrolled to at 80x24."""

from __future__ import annotations

import pytest
from textual.containers import VerticalScroll

from pmtui.engine.screen import PlainScreen
from pmtui.table.games import ruleset
from pmtui.tui.screens.info import HelpScreen, how_to_play

from .helpers import settle
from .test_help_reach import app_for, inside, scrolled_to_end
from .test_toy_table import screen_text, toy_app

GAMES = ["precious_memories", "pso", "sengoku_yugi"]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_says_how_it_is_played(game_id: str) -> None:
    """The goal, a turn, how to win and lose and the zones, each a part of the page."""
    parts = ruleset(game_id).screen.words.how_to_play
    headings = [h.lower() for h, _ in parts]
    for wanted in ("goal", "turn", "winning and losing", "zones"):
        assert any(wanted in h for h in headings), (game_id, wanted)
    assert all(len(text) > 40 for _, text in parts)


@pytest.mark.parametrize("game_id", GAMES)
async def test_tab_in_the_help_opens_the_page_at_80x24(game_id: str) -> None:
    app = app_for(game_id)
    spec = app.spec
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("escape")  # an opening question waits on the board
        await pilot.press("question_mark")
        await settle(pilot, app)
        assert isinstance(app.screen, HelpScreen)
        assert "tab: how to play" in screen_text(app)
        await pilot.press("tab")
        await settle(pilot, app)
        text = screen_text(app)
        assert f"How to play {spec.title}" in text
        first = spec.words.how_to_play[0][0]
        assert first in text
        scroll = app.screen.query_one("#help-scroll", VerticalScroll)
        assert inside(scroll, app.screen.query_one("#box"))
        await scrolled_to_end(pilot, scroll)
        last_heading = spec.words.how_to_play[-1][0]
        assert last_heading in screen_text(app)  # the last part is on screen at the end
        await pilot.press("tab")  # back to the keys
        await settle(pilot, app)
        assert "Keys" in screen_text(app) and first not in screen_text(app)


async def test_the_toy_game_writes_its_page_through_the_contract() -> None:
    app = toy_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("enter")  # the hand-over cover
        await settle(pilot, app)
        await pilot.press("question_mark", "tab")
        await settle(pilot, app)
        text = screen_text(app)
        assert "How to play Grid Skirmish" in text and "6 HP to 0" in text


def test_a_game_without_a_page_says_so() -> None:
    spec = PlainScreen("Some Game", {"hand": "owner", "deck": "hidden"}, {})
    assert "gives no how-to-play page" in how_to_play(spec).plain


def test_text_from_the_page_never_carries_an_escape() -> None:
    spec = PlainScreen("Some Game", {"hand": "owner"}, {})
    spec.words = type(spec.words)(how_to_play=(("Goal\x1b[2J", "win\x1b]0;x\x07"),))
    assert "\x1b" not in how_to_play(spec).plain
