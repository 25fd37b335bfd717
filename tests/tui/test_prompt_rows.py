"""Prompt rows a player can read: a whole game of each ruleset played by keys at 80×24,
a computer policy choosing for the person, and every row of every prompt it opened
holds no card id ("TWC-019@7" means nothing to a player) and fits the box as drawn
(never cut at the edge: "Sorry, We're Clos"). And a card has one short form for a
width, wherever it is drawn, whatever else is on the board."""

from __future__ import annotations

import re

import pytest

from pmtui.engine.game import Game
from pmtui.table.registry import ruleset
from pmtui.table.sandbox.model import Sandbox
from pmtui.table.session import LocalTable, new_game_header
from pmtui.tui.app import PmApp
from pmtui.tui.display import short_name
from pmtui.tui.keys import TuiConfig
from pmtui.tui.screens.prompts import PromptScreen
from pmtui.tui.widgets.board import CardRow
from pmtui.tui.widgets.picklist import PickList

from .helpers import settle
from .keyplay import play_by_keys
from .test_chain import CHAIN, chain_app

CARD_ID = re.compile(r"[A-Z]{2,4}-\d{3}@\d+")
# each game with a seed whose game is short (the suite's time) but not over at once
GAMES = {"precious_memories": 3, "pso": 5, "sengoku_yugi": 5, "clockwork_memorion": 4}


def _drawn(item: object, width: int) -> str:
    """A row as the list draws it in `width` cells, before the list's own edge cut."""
    label = item.label  # type: ignore[attr-defined]
    fit = item.fit  # type: ignore[attr-defined]
    return (fit(width) if fit is not None and label.cell_len > width else label).plain


@pytest.mark.parametrize("gid", GAMES)
async def test_a_whole_game_of_prompts_has_no_card_ids_and_rows_that_fit(gid: str) -> None:
    """Each prompt answered by what it sends (keys=False: a whole game in a few
    seconds; tests/pso/test_keyboard_game.py and the captures in docs/tui.md go by
    keys), every prompt opened and drawn as the table opens it."""
    seed = GAMES[gid]
    header, seats = new_game_header(seed, vs="computer", game=gid, opponent="heuristic")
    game = Game(ruleset(gid), header)
    app = PmApp(LocalTable(game, seats), threaded=False,
                config=TuiConfig(watch=frozenset()))
    rows: dict[str, int] = {}  # each row drawn -> the width it had

    def seen(screen: PromptScreen) -> None:
        pl = screen.query_one(PickList)
        room = pl.size.width - 2  # the cursor's two cells
        for item in pl.items:
            rows[_drawn(item, room)] = room

    async with app.run_test(size=(80, 24)) as pilot:
        await play_by_keys(app, pilot, ruleset(gid).make_strategy(seed).choose, seen,
                           keys=False)
        assert game.over is not None, "the game did not end"
    assert len(rows) > 5  # prompts were opened and read
    with_ids = [r for r in rows if CARD_ID.search(r)]
    assert not with_ids, with_ids[:5]
    too_wide = [r for r, room in rows.items() if len(r) > room]
    assert not too_wide, too_wide[:5]


# STA-003 Kanon Amagiri in the CPU's Main Area, with (or without) the pair card that
# shares its start, STB-006 Kanon Amagiri&Noa Shirasagi
ALONE = {**CHAIN, "p2": {**CHAIN["p2"], "main": ["STA-003", "STA-020"]}}
BOTH = {**CHAIN, "p2": {**CHAIN["p2"], "main": ["STA-003", "STB-006", "STA-020"]}}


async def _first_title(doc: dict[str, object]) -> tuple[str, PmApp]:
    """The title of the first card in the CPU's Main Area (a card 10 cells wide at
    80×24), and the app."""
    app = chain_app(Sandbox.from_doc(doc).game)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        row = app.game_screen.board.query_one("#opp-main", CardRow)
        return str(row.render()).splitlines()[0][:10].strip(), app


async def test_one_card_one_short_form_whatever_else_is_on_the_board() -> None:
    """The CPU's Kanon Amagiri is cut alike with and without the pair card beside it
    (it was "Kanon Amag" alone and "K.Amagiri" beside it), and as the game's one form
    for that width, which the menus use too."""
    alone, app = await _first_title(ALONE)
    both, _ = await _first_title(BOTH)
    assert alone == both == short_name("Kanon Amagiri", 10, app.names)
    assert app.cut_names("approach STA-003@1", "Approach with Kanon Amagiri", 10) == \
        f"Approach with {alone}"


async def test_at_160x45_the_boxes_use_the_width() -> None:
    """A wide terminal's help and prompt boxes are wide (they stopped at 90 columns,
    so names were cut with room to spare)."""
    from pmtui.tui.screens.info import HelpScreen

    from .helpers import make_app

    app = make_app(seed=1)
    async with app.run_test(size=(160, 45)) as pilot:
        await settle(pilot, app)
        assert isinstance(app.screen, PromptScreen)  # the first question: who goes first
        assert app.screen.query_one("#box").size.width > 110
        await pilot.press("question_mark")
        await settle(pilot, app)
        assert isinstance(app.screen, HelpScreen)
        assert app.screen.query_one("#box").size.width > 110


async def test_quit_and_settings_keys_work_while_a_prompt_is_open() -> None:
    """o opens the settings and q leaves the game from a prompt as from the board
    (they did nothing while one was open)."""
    from pmtui.tui.screens.settings import SettingsScreen

    from .helpers import make_app

    app = make_app(seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        assert isinstance(app.screen, PromptScreen)
        await pilot.press("o")
        await settle(pilot, app)
        assert isinstance(app.screen, SettingsScreen)
        await pilot.press("escape")
        await settle(pilot, app)
        assert isinstance(app.screen, PromptScreen)
        await pilot.press("q")
        await settle(pilot, app)
        assert not app.is_running
