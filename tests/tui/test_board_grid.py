"""The board widget draws a grid layout (cells with names, pieces with owner, stance and
hit points) and its cursor keys pick a cell: what a grid game needs from the table.
The screen description here is a small one written for the test."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from textual.app import App, ComposeResult
from textual.binding import Binding

from pmtui.engine.decision import Decision
from pmtui.engine.screen import (
    Bar,
    Card,
    Colour,
    Counter,
    Detail,
    Face,
    Flow,
    Grid,
    Layout,
    Line,
    PromptKind,
    Row,
    Stage,
    Stop,
    Verb,
    View,
    Window,
    Words,
)
from pmtui.tui.widgets.board import Board, GridView

GRID = Grid("field", cols=("a", "b", "c"), rows=("3", "2", "1"))


class GridSpec:
    title = "grid test"
    layout = Layout(
        theirs=(Bar((Counter("deck", "Deck", "deck"),)),),
        middle=(GRID,),
        mine=(Row("hand", "Hand", wrap=True), Bar((Counter("deck", "Deck", "deck"),))),
    )
    colours: Mapping[str, Colour] = {"p0": Colour("1", "blue"), "p1": Colour("2", "red")}
    verbs: Sequence[Verb] = (Verb("move", "m", "Move", "move the focused piece"),)
    stops: Sequence[Stop] = ()
    words = Words()
    board = frozenset({"move"})
    prompts: Mapping[str, PromptKind] = {}

    def face(self, card: Card, zone: str, view: View) -> Face:
        stance = "guard" if card.get("guard") else "ready"
        return Face(card["cid"], colour=f"p{card['owner']}", right=f"HP{card['hp']}",
                    status=(stance,))

    def detail(self, card: Card, zone: str, view: View) -> Detail:
        return Detail(card["cid"], lines=(Line(f"HP {card['hp']}"),))

    def flow(self, view: View, names: Sequence[str]) -> Flow:
        return Flow("turn 1")

    def stage(self, view: View, names: Sequence[str]) -> Stage:
        return Stage()

    def role(self, view: View, seat: int) -> str:
        return ""

    def heading(self, view: View) -> str:
        return ""  # one game, one way to play it: the top line needs no more

    def window(self, decision: Decision, view: View) -> Window | None:
        return None

    def label(self, text: str, view: View) -> str:
        return text

    def card_name(self, cid: str) -> str:
        return cid


VIEW = {
    "player": 0,
    "zones": {
        "shared/field": [
            {"uid": 0, "cid": "Knight", "owner": 0, "cell": "a1", "hp": 3},
            {"uid": 1, "cid": "Archer", "owner": 1, "cell": "c3", "hp": 2, "guard": True},
        ],
        "0/hand": [{"uid": 2, "cid": "Potion", "owner": 0, "hp": 0}],
        "0/deck": 5,
        "1/deck": 4,
    },
    "vars": {},
}


class GridApp(App[None]):
    BINDINGS = [
        Binding("left", "move(-1, 0)"),
        Binding("right", "move(1, 0)"),
        Binding("up", "move(0, -1)"),
        Binding("down", "move(0, 1)"),
        Binding("enter", "pick"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.picked: list[str | None] = []

    def compose(self) -> ComposeResult:
        yield Board(GridSpec())

    def on_mount(self) -> None:
        board = self.query_one(Board)
        board.load(VIEW, 0)
        board.show(["Ann", "Bo"])

    def action_move(self, dx: int, dy: int) -> None:
        board = self.query_one(Board)
        board.move(dx, dy)
        board.show(["Ann", "Bo"])

    def action_pick(self) -> None:
        spot = self.query_one(Board).focused()
        self.picked.append(spot.cell if spot is not None else None)


async def test_grid_cells_pieces_and_cursor() -> None:
    app = GridApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.query_one(Board)
        # rows to move through: the far bar has nothing to browse; three grid rows,
        # then the hand (the cursor starts there, at the bottom), the near bar has none
        assert [n.rid for n in board.nav] == ["grid-field-0", "grid-field-1",
                                              "grid-field-2", "my-hand"]
        grid = app.query_one(GridView)
        drawn = grid.render().plain
        assert "Knight" in drawn and "HP3" in drawn and "Archer" in drawn and "HP2" in drawn
        assert "b2" in drawn and "a1" not in drawn  # empty cells show their names
        await pilot.press("up", "enter")  # bottom grid row, first cell: the Knight
        await pilot.press("right", "up", "enter")  # b2, empty
        await pilot.press("right", "up", "enter")  # c3: the other seat's Archer
        assert app.picked == ["a1", "b2", "c3"]
        spot = board.focused()
        assert spot is not None and spot.card is not None and spot.card["cid"] == "Archer"
        assert grid.cursor == (2, 0)
        await pilot.press("right", "enter")  # the last column stays
        assert app.picked[-1] == "c3"
        bar = str(app.query_one("#opp-bar").render())
        assert "Bo" in bar and "Deck 4" in bar


async def test_cells_in_reach_are_marked() -> None:
    """`reach` marks the cells a focused piece's options name: an empty one shows the
    mark before its name, a piece shows it before its title; others stay plain."""
    app = GridApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.query_one(Board)
        board.show(["Ann", "Bo"], reach={"b2", "c3"})
        await pilot.pause()
        drawn = app.query_one(GridView).render().plain
        assert "◇b2" in drawn and "◇Archer" in drawn
        assert "◇a2" not in drawn and "◇Knight" not in drawn and "a2" in drawn
        board.show(["Ann", "Bo"])
        await pilot.pause()
        assert "◇" not in app.query_one(GridView).render().plain
