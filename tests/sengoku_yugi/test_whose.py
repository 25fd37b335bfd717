"""Whose unit is which, at 80 columns in any colour depth: units drawn in their owner's
colour (not their attribute's), the mode in the top line, the fight line's grammar and
the opening roll saying who goes first."""

from __future__ import annotations

from tui.helpers import settle, take_keyboard  # type: ignore[import-not-found]

from pmtui.table.session import HUMAN, LocalTable
from pmtui.tui.widgets.board import GridView
from rulesets.sengoku_yugi.screen import COLOURS

from .helpers import new_game, ruleset
from .test_table import sengoku_app


async def test_each_unit_is_drawn_in_its_owners_colour() -> None:
    """Two wind units, one each, were both green: now the viewer's units (and Stronghold)
    are in the viewer's bar colour and the other side's in theirs, distinct in the 16
    standard colours; a card in the hand keeps its attribute's colour."""
    app = sengoku_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await take_keyboard(pilot, app)
        me = app.viewer
        grid = app.screen.query_one(GridView)
        owners = {card["owner"]: face.colour for card, face in grid.pieces.values()}
        assert owners == {me: "own", 1 - me: "foe"}  # face-down ones too
        assert (COLOURS["own"].ansi, COLOURS["foe"].ansi) == ("cyan", "green")  # the bars'
        hand = app.table.view_for(me)["zones"][f"{me}/hand"]
        pool = ruleset().pool
        assert all(ruleset().screen.face(c, "hand", app.table.view_for(me)).colour
                   == pool.get(c["cid"]).attr for c in hand)


async def test_the_top_line_names_the_game_and_its_mode() -> None:
    app = sengoku_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await take_keyboard(pilot, app)
        await settle(pilot, app)
        top = str(app.game_screen.query_one("#status").render())
        assert top.startswith(" pmtui  SENGOKU YUGI Standard · ") and " vs " in top, top


def test_the_fight_line_agrees_with_its_subject() -> None:
    """"You attacks c4" read wrong: the verb agrees with the seat's name."""
    spec = ruleset().screen
    view = {"player": 0, "zones": {}, "vars": {"combat": {"p": 0, "cell": "c4", "kind": "atk"}}}
    assert spec.stage(view, ["You", "CPU"]).text == "You attack c4 (ATK)"
    view["vars"]["combat"] = {"p": 1, "cell": "c1", "kind": "mat"}
    assert spec.stage(view, ["You", "CPU"]).text == "CPU attacks c1 (MAT)"


def test_the_opening_roll_says_who_goes_first() -> None:
    """Guide I (9)⑧ (S7): the higher roll goes first; the log says so after the dice."""
    g = new_game(seed=3)
    table = LocalTable(g, [HUMAN, HUMAN])
    while g.state.vars.get("phase") == "setup":
        d = g.pending()
        assert d is not None
        table.act(d.player, d.texts[0])
    first = g.state.vars["first"]
    lines = [line.text.strip() for line in table.log_for(0)]
    at = lines.index(f"P{first + 1} goes first (the higher roll)")
    assert lines[at - 1].startswith("die: roll") and lines[at + 1].startswith("── turn 1")
    tie = {"t": "var", "set": {"rolls": []}, "why": "a tie: roll again"}
    assert ruleset().screen.event_line(tie, str, ["You", "CPU"]) == "A tie: both roll again"
