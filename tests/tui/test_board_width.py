"""The board uses a wide terminal (issue 17 item 11): an Area's slots widen with it
instead of stopping at a fixed width and leaving the rest of the row empty."""

from __future__ import annotations

import pytest

from pmtui.tui.widgets.board import FILL, MAX_CARD, MIN_CARD, CardRow, GridView, card_width

from .helpers import make_app, settle, to_row


def test_card_width() -> None:
    assert card_width(84, 5) == 16  # 120x40: five slots fill the row as before
    assert card_width(143, 5) == 27 > MAX_CARD  # 200x50: wider than the old fixed 24
    assert 5 * card_width(143, 5) + 4 >= 143 - 4  # and fill it
    assert card_width(143, 1) == (143 - (FILL - 1)) // FILL  # a lone card: a fifth
    assert card_width(100, 1) == MAX_CARD  # a narrower board keeps the old cap
    assert card_width(60, 9) == MIN_CARD  # too many: the narrowest (the row scrolls)


@pytest.mark.parametrize("size", [(120, 40), (200, 50)])
async def test_the_main_area_fills_the_board(size: tuple[int, int]) -> None:
    app = make_app(seed=1)
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        row = app.game_screen.query_one("#my-main", CardRow)
        width = row.size.width
        top = row.render().plain.split("\n")[0]
        slots = top.split("┐ ┌")
        assert len(slots) == 5  # five empty slots
        assert width - 4 <= len(top.rstrip()) <= width  # at most a few columns left over


async def test_a_grid_fills_the_board_too() -> None:
    """SENGOKU YUGI's battlefield: its cells widen the same way."""
    from pmtui.table.session import HUMAN, new_game_header, new_table
    from pmtui.tui.app import PmApp
    from pmtui.tui.keys import TuiConfig

    from .helpers import Scripted

    header, _ = new_game_header(1, vs="computer", level="random", game="sengoku_yugi")
    table = new_table(header, [HUMAN, Scripted()])
    app = PmApp(table, config=TuiConfig(watch=frozenset()), threaded=False)
    async with app.run_test(size=(200, 50)) as pilot:
        await settle(pilot, app)
        grid = app.game_screen.query_one(GridView)
        top = grid.render().plain.split("\n")[0]
        assert len(top.rstrip()) >= grid.size.width - len(grid.grid.cols)


def test_a_grid_redraws_for_a_fixture_alone() -> None:
    """A Stronghold's HP changes with no piece moving (damage to it): the grid handed the
    same pieces and new fixtures takes them; a row handed new titles to keep apart too."""
    from pmtui.engine.screen import Face, Row
    from pmtui.table.games import ruleset

    spec = ruleset("sengoku_yugi").screen
    grid = GridView(spec.layout.middle[0], id="g")
    grid.set_data(spec, {}, None, {}, fixtures={"c1": Face("▣You HP6")})
    grid.set_data(spec, {}, None, {}, fixtures={"c1": Face("▣You HP5")})
    assert grid.fixtures == {"c1": Face("▣You HP5")}
    row = CardRow(Row("main", "Main Area"), id="r")
    row.set_data(spec, [], [], None, {}, titles={"Kanon"})
    row.set_data(spec, [], [], None, {}, titles={"Kanon", "Kanon Amagiri"})
    assert set(row.titles) == {"Kanon", "Kanon Amagiri"}


async def test_a_cursor_move_redraws_the_two_cards_it_leaves_and_enters() -> None:
    """A card row keeps each card's cells and sends only the cards drawn otherwise: a
    cursor move in the hand marks the card it leaves and the one it enters, every
    line of each, and nothing else of the row; what is drawn is the whole row anew."""
    from textual.geometry import Region

    from pmtui.tui.widgets.board import _changed

    app = make_app(seed=1)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        await pilot.press("escape")
        await settle(pilot, app)
        screen = app.game_screen
        row = screen.query_one("#my-hand", CardRow)
        await to_row(pilot, screen, "my-hand")
        await settle(pilot, app)
        before = row._drawn()[0]
        width = row.size.width
        sent: list[tuple[Region, ...]] = []
        refresh = row.refresh
        row.refresh = lambda *regions, **kw: sent.append(regions) or refresh(*regions, **kw)
        await pilot.press("right")
        after = row._drawn()[0]
        changed = _changed(before, after, width)
        assert sent == [tuple(changed)]  # the row asked for those regions alone
        assert changed and all(r.height == 1 for r in changed)
        xs = sorted({(r.x, r.width) for r in changed})
        assert len(xs) == 2  # two cards side by side
        (x0, w0), (x1, w1) = xs
        assert w0 == w1 < width // 2 and x1 > x0
        ys = {x: sorted(r.y for r in changed if r.x == x) for x, _ in xs}
        assert ys[x0] == ys[x1] == list(range(ys[x0][0], ys[x0][0] + len(ys[x0])))
        assert len(ys[x0]) >= 2  # every line of the card (a band of the hand)
        assert _changed(after, after, width) == []
        # a line whose pieces do not line up is sent whole
        assert _changed(before, after[:-1], width)[-1] == Region(0, len(after) - 1, width, 1)


def test_a_narrow_card_cuts_its_stats_by_whole_words() -> None:
    """PSO's monsters at 80x24: "A15 D10 E0" beside "100/100" in 10 columns was cut to
    "A1", which reads as ATP 1; SENGOKU YUGI's "L3 main" to "L3 ma"."""
    from pmtui.engine.screen import Face
    from pmtui.tui.display import face_lines

    def stats(left: str, right: str, width: int) -> str:
        return face_lines(Face("X", left=left, right=right), {}, width, 2)[1].plain

    assert stats("A15 D10 E0", "100/100", 10) == "   100/100"
    assert stats("A15 D10 E0", "100/100", 11) == "A15 100/100"
    assert stats("L3 main", "11/7", 10) == "L3    11/7"
    assert stats("R2/1", "30/30", 10) == "R2/1 30/30"  # what fits stays whole
