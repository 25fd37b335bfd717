"""Different cards look different (issue 17, item 5): a cut name stays apart from the
other names on the board, and lists of cards to pick or aim at say whose each card is,
where it is, its numbers and state, from the view."""

from __future__ import annotations

import pytest

from pmtui.table.sandbox.model import Sandbox
from pmtui.tui.display import short_name
from pmtui.tui.screens.prompts import ChoiceScreen, PickSetScreen
from pmtui.tui.widgets.board import CardRow
from pmtui.tui.widgets.picklist import PickList

from .helpers import focus, settle
from .test_chain import CHAIN, chain_app

# Kanon Amagiri (STA-003) and Kanon Amagiri&Noa Shirasagi (STB-006) side by side; a
# second chara and a support for the target list
NAMES = {**CHAIN,
         "p1": {**CHAIN["p1"], "main": ["TWC-001", "TWC-003"],
                "hand": ["TWC-017", *CHAIN["p1"]["hand"]]},
         "p2": {**CHAIN["p2"], "main": ["STA-003", "STB-006", "STA-020"]}}


def test_short_names_keep_different_names_apart() -> None:
    shown = {"Kanon Amagiri", "Kanon Amagiri&Noa Shirasagi", "Meteor Shower Watch"}
    assert short_name("Kanon Amagiri", 13, shown) == "Kanon Amagiri"  # fits: whole
    assert short_name("Meteor Shower Watch", 10, shown) == "Meteor Sho"  # no clash: cut
    assert short_name("Kanon Amagiri", 10, shown) == "K.Amagiri"
    assert short_name("Kanon Amagiri&Noa Shirasagi", 10, shown) == "Kanon&Noa"
    # "Kanon Amagiri&" would read as Kanon Amagiri
    assert short_name("Kanon Amagiri&Noa Shirasagi", 14, shown) == "Kanon&Noa"
    for width in (4, 6, 8):  # however narrow, three names stay three
        assert len({short_name(n, width, shown) for n in shown}) == 3


def test_names_alike_in_their_initials_stay_apart() -> None:
    """Two names with the same initials ("Nameless Ashigaru", "Nameless Archer") are not
    both cut to "NA": a form another name on screen could take is used by neither."""
    shown = {"Nameless Ashigaru", "Nameless Archer", "Nameless Shrine Maiden", "Hinata Mori"}
    assert short_name("Nameless Ashigaru", 6, shown) == "N.Ashi"
    assert short_name("Nameless Archer", 6, shown) == "N.Arch"
    assert short_name("Nameless Shrine Maiden", 4, shown) == "NSM"
    for width in range(3, 12):
        assert len({short_name(n, width, shown) for n in shown}) == len(shown), width


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_board_names_stay_apart(size: tuple[int, int]) -> None:
    app = chain_app(Sandbox.from_doc(NAMES).game)
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        row = app.game_screen.board.query_one("#opp-main", CardRow)
        first = str(row.render()).splitlines()[0]  # the title line of the CPU's Main Area
        # the pair card is no longer cut to "Kanon Amag…", alike the Kanon Amagiri cards
        assert "Kanon&Noa" in first and "Kanon Amag" not in first.replace("Kanon Amagiri ", "")


async def test_target_and_pick_lists_say_whose_where_and_numbers() -> None:
    app = chain_app(Sandbox.from_doc(NAMES).game)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await focus(pilot, app, "my-hand", lambda c: c.get("cid") == "TWC-017")
        await pilot.press("t")  # set Seaside Apron: on which chara?
        await settle(pilot, app)
        assert isinstance(app.screen, ChoiceScreen)
        labels = [item.label.plain for item in app.screen.query_one(PickList).items]
        assert len(labels) == 2
        assert any("B1/1 20/20 Act · You · Main Area" in x for x in labels)
        assert any("B0/2 10/20 Act · You · Main Area" in x for x in labels)
        await pilot.press("enter")
        await settle(pilot, app)
        assert isinstance(app.screen, PickSetScreen)  # paying for it: whose, what, numbers
        labels = [item.label.plain for item in app.screen.query_one(PickList).items]
        # two Umi Takatsuki cards: told apart by what they provide and their AP/DP
        assert any("Umi Takatsuki        provides 2  10/20  your hand" in x for x in labels)
        assert any("Umi Takatsuki        provides 1  30/30  your hand" in x for x in labels)
