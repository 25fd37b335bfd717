"""SENGOKU YUGI by keys on the grid at 80x24: the cells a focused card or piece can
reach are marked (G1 (11)④ Deployment and Movement name cells), and a whole game is
played against the computer with the cursor keys and the verbs' keys."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from tui.helpers import (  # type: ignore[import-not-found]
    game,
    settle,
    take_keyboard,
    to_col,
    to_row,
)

from pmtui.table.session import new_game_header, new_table
from pmtui.tui.app import PmApp
from pmtui.tui.keys import TuiConfig
from pmtui.tui.screens.game import GameScreen
from pmtui.tui.screens.info import GameOverScreen
from pmtui.tui.screens.prompts import ChoiceScreen
from pmtui.tui.widgets.board import AIM, REACH, GridView, Spot
from pmtui.tui.widgets.picklist import PickList

from .test_table import sengoku_app


async def to_spot(pilot, app, pred: Callable[[Spot], bool]) -> None:  # type: ignore[no-untyped-def]
    """Move the cursor by key presses (up, then left/right) onto the first spot that
    `pred` accepts."""
    screen = game(app)
    at, rid = next((i, n.rid) for i, n in enumerate(screen.board.nav)
                   if any(pred(s) for s in n.spots))
    await to_row(pilot, screen, at)
    row = next(n for n in screen.board.nav if n.rid == rid)
    target = next(i for i, s in enumerate(row.spots) if pred(s))
    await to_col(pilot, screen, rid, target)
    spot = screen.spot()
    assert spot is not None and pred(spot)


async def to_cell(pilot, app, cell: str) -> None:  # type: ignore[no-untyped-def]
    await to_spot(pilot, app, lambda s: s.cell == cell)


def reached(app) -> set[str]:  # type: ignore[no-untyped-def]
    """The cells drawn with the reach mark (empty ones show their name after it)."""
    grid = app.screen.query_one(GridView)
    return set(grid.reach)


async def test_the_focused_pieces_reach_is_marked_on_the_grid() -> None:
    app = sengoku_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await take_keyboard(pilot, app)
        screen = game(app)
        me = screen.decision.player
        hand = app.table.view_for(me)["zones"][f"{me}/hand"]
        deployable = next(c for c in hand if any(
            t.startswith(f"deploy {c['cid']}@{c['uid']} ") for t in screen.texts()))
        # a hand card's Deployment cells (G1 (11)④), by the cursor keys
        await to_spot(pilot, app, lambda s: s.zone == "hand" and s.seat == me)
        while screen.focused_card() is None or screen.focused_card()["uid"] != deployable["uid"]:
            await pilot.press("right")
        grid_cells = {s.cell for n in screen.board.nav for s in n.spots if s.cell}
        name = f"{deployable['cid']}@{deployable['uid']}"
        deploys = {t.split()[2] for t in screen.texts() if t.startswith(f"deploy {name} ")}
        cells = {w for t in screen.texts() if name in t.split() for w in t.split()} & grid_cells
        assert deploys - {"cz"} <= cells and reached(app) == cells  # and stack targets
        drawn = app.screen.query_one(GridView).render().plain
        assert drawn.count(REACH) == len(cells)  # each reached cell, empty or not, once
        assert all(f"{REACH}{c}" in drawn for c in deploys - {"cz"})  # empty Perimeter cells
        # deploy it, then focus its cell: the cells its moves and attacks name are marked
        await pilot.press("d")
        await settle(pilot, app)
        target = app.screen.options[0].split()[2]
        await pilot.press("enter")
        await settle(pilot, app)
        screen = game(app)
        while screen.decision is not None and screen.decision.kind == "trigger":
            app.table.act(me, "skip")
            await settle(pilot, app)
            screen = game(app)
        await to_cell(pilot, app, target)
        named = {w for t in screen.texts() if target in t.split() for w in t.split()[1:]}
        want = (named & grid_cells) - {target}
        assert want and reached(app) == want
        drawn = app.screen.query_one(GridView).render().plain
        assert f"{REACH}{target}" not in drawn
        # an empty cell nobody's options name: nothing is marked
        empty = next(c for c in sorted(grid_cells - want - {target})
                     if not any(c in t.split() for t in screen.texts()))
        await to_cell(pilot, app, empty)
        assert reached(app) == set()
        assert REACH not in app.screen.query_one(GridView).render().plain


async def test_an_attack_choice_marks_its_target_cells_on_the_grid() -> None:
    """Choosing an attack's target (G1 (12)③: the cells in range) marks on the grid the
    cells the choice's options point at, the highlighted one with AIM, and no other cell
    the attacker's options name (its moves, its swaps); closing the choice gives the
    focused piece's own marks back."""
    app = sengoku_app(seed=2)
    g = app.table.game
    d = g.pending()
    while not any(t.startswith("attack ") for t in d.texts):  # deploy and move until then
        t = next((t for v in ("deploy", "move") for t in d.texts if t.startswith(f"{v} ")),
                 None)
        if t is None or d.kind != "main":
            t = next((t for t in ("end", "charge-ap", "draw", "done", "skip") if t in d.texts),
                     d.texts[0])
        g.act(t, d.player)
        d = g.pending()
    attacks = [t for t in d.texts if t.startswith("attack ")]
    src = attacks[0].split()[1]
    targets = {t.split()[2] for t in attacks if t.split()[1] == src}
    others = {w for t in d.texts if src in t.split() and not t.startswith("attack ")
              for w in t.split()[1:] if len(w) == 2 and w != src}
    assert others, "the attacker can also move or swap: cells that must stay unmarked"
    async with app.run_test(size=(80, 24)) as pilot:
        await take_keyboard(pilot, app)
        await to_cell(pilot, app, src)
        assert others <= reached(app)  # before: the piece's moves and swaps are marked
        await pilot.press("a")
        await settle(pilot, app)
        assert isinstance(app.screen, ChoiceScreen)
        first = app.screen.query_one(PickList).highlighted.value
        grid = app.screen_stack[-2].query_one(GridView)
        assert set(grid.reach) == targets and not others & set(grid.reach)
        assert grid.aim == first.split()[2]
        drawn = grid.render().plain
        assert drawn.count(AIM) == 1 and drawn.count(REACH) == len(targets) - 1
        assert app.screen.has_class("aside")  # the box sits below the grid
        await pilot.press("escape")
        await settle(pilot, app)
        grid = game(app).query_one(GridView)
        assert grid.aim is None and others <= set(grid.reach)
        # everything the piece can do (enter): AIM follows the highlighted option
        await pilot.press("enter")
        await settle(pilot, app)
        items = app.screen.query_one(PickList)
        move = next(t for t in app.screen.options if t.startswith(f"move {src} "))
        assert grid.aim == items.highlighted.value.split()[2] != move.split()[2]
        while items.highlighted.value != move:
            await pilot.press("down")
        assert grid.aim == move.split()[2]
        assert set(grid.reach) >= targets | {move.split()[2]}


PREFER = ("attack", "deploy", "move")  # what the keyboard player tries first on its turn


async def pick(pilot, app, text: str) -> None:  # type: ignore[no-untyped-def]
    """In an open choice list: down to `text`, then enter."""
    items = app.screen.query_one(PickList)
    while items.highlighted is not None and items.highlighted.value != text:
        await pilot.press("down")
    assert items.highlighted is not None and items.highlighted.value == text
    await pilot.press("enter")
    await settle(pilot, app)


@pytest.mark.slow  # a whole game through the screen: about a minute
async def test_a_whole_game_against_the_computer_by_keys() -> None:
    """Every decision of seat 1 is made by keys: lists by up/down and enter, the Main
    Phase by moving the cursor to the piece (grid cell) or hand card an option names and
    pressing its verb's key (d deploy, m move, a attack, x end), to the game's end
    (G1 (13): a fallen Stronghold struck). A 4x3 board keeps the game short."""
    header, seats = new_game_header(11, game="sengoku_yugi", opponent="random",
                                    options={"mode": "standard", "board": "4x3"})
    app = PmApp(new_table(header, seats), config=TuiConfig(watch=frozenset()), threaded=False)
    keys = {v.verb: v.key for v in app.spec.verbs}
    used: set[str] = set()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        acts_this_turn, turn = 0, None
        for _ in range(3000):
            if app.table.over:
                break
            d = app.table.decision_for(0)
            if d is None:  # the computer's turn
                await settle(pilot, app)
                continue
            if isinstance(app.screen, ChoiceScreen):
                texts = list(app.screen.options)
                choice = next((t for v in ("charge-ap", "draw", "done", "skip")
                               for t in texts if t == v), texts[0])
                await pick(pilot, app, choice)
                used.add("list")
                continue
            assert isinstance(app.screen, GameScreen), type(app.screen)
            assert d.kind in app.spec.board
            now = app.table.view_for(0)["vars"].get("turn")
            if now != turn:
                acts_this_turn, turn = 0, now
            acts_this_turn += 1
            choice = next((t for v in PREFER for t in d.texts
                           if t.split()[0] == v and acts_this_turn < 8), "end")
            verb, *words = choice.split()
            if verb != "end":
                where = words[0]
                await to_spot(pilot, app, lambda s, w=where: s.cell == w or (
                    s.card is not None and f"{s.card.get('cid')}@{s.card.get('uid')}" == w))
            await pilot.press(keys[verb])
            await settle(pilot, app)
            if isinstance(app.screen, ChoiceScreen) and choice in app.screen.options:
                await pick(pilot, app, choice)  # the verb's list: which cell, which kind
            used.add(verb)
        await settle(pilot, app)
        assert app.table.over, "the game did not end"
        assert isinstance(app.screen, GameOverScreen)
        assert {"attack", "deploy", "move", "end", "list"} <= used
