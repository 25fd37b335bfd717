"""SENGOKU YUGI by keys on the grid at 80x24: the cells a focused card or piece can
reach are marked (G1 (11)④ Deployment and Movement name cells), and a whole game is
played against the computer with the cursor keys and the verbs' keys."""

from __future__ import annotations

from tui.helpers import game, settle, take_keyboard  # type: ignore[import-not-found]

from pmtui.tui.widgets.board import REACH, GridView

from .test_table import sengoku_app


async def to_cell(pilot, app, cell: str) -> None:  # type: ignore[no-untyped-def]
    """Move the cursor by key presses onto a grid cell."""
    screen = game(app)
    rid = next(n.rid for n in screen.board.nav if any(s.cell == cell for s in n.spots))
    for _ in range(len(screen.board.nav)):
        if screen.row_name == rid:
            break
        await pilot.press("up")
    row = next(n for n in screen.board.nav if n.rid == rid)
    target = next(i for i, s in enumerate(row.spots) if s.cell == cell)
    while screen.board.cols[rid] > target:
        await pilot.press("left")
    while screen.board.cols[rid] < target:
        await pilot.press("right")
    spot = screen.spot()
    assert spot is not None and spot.cell == cell


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
        for _ in range(len(screen.board.nav)):
            if screen.row_name == "my-hand":
                break
            await pilot.press("down")
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
