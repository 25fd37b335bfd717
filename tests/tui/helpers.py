"""Shared helpers for the TUI tests: deterministic tables and key-driving utilities."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from textual.pilot import Pilot

from pmtui.engine.decision import Decision
from pmtui.table.session import HUMAN, LocalTable, new_game_header, new_table
from pmtui.tui.app import PmApp
from pmtui.tui.keys import TuiConfig
from pmtui.tui.screens.game import GameScreen
from pmtui.tui.screens.info import PassKeyboardScreen
from pmtui.tui.screens.prompts import PickSetScreen


class Scripted:
    """A deterministic computer player: prefers summoning, approaching, interfering."""

    name = "scripted"

    def __init__(self, prefer: tuple[str, ...] = ("summon", "done", "pay", "approach",
                                                  "interfere", "first", "keep")) -> None:
        self.prefer = prefer

    def choose(self, view: Mapping[str, Any], decision: Decision) -> str:
        texts = decision.texts
        for verb in self.prefer:
            for t in texts:
                if t.split()[0] == verb and not t.endswith("support") and "replace" not in t:
                    return t
        for t in ("pass", "stop", "no-interference"):
            if t in texts:
                return t
        return texts[0]


def make_app(
    seed: int = 1,
    *,
    hotseat: bool = False,
    computer: Any = None,
    always_ask: bool = False,
    records: list[dict[str, Any]] | None = None,
    watch: frozenset[str] | None = frozenset(),
) -> PmApp:
    """A table against `computer` (or hot seat). `watch`: what the table stops for on
    the computer's turn; none by default, so tests of other things see no summary."""
    header, seats = new_game_header(seed, vs="hotseat" if hotseat else "computer",
                                    level="random")
    if not hotseat:
        seats = [HUMAN, computer or Scripted()]
    table: LocalTable = new_table(header, seats,
                                  on_records=records.extend if records is not None else None)
    return PmApp(table, hotseat=hotseat, config=TuiConfig(always_ask=always_ask, watch=watch),
                 threaded=False)


async def settle(pilot: Pilot, app: PmApp) -> None:
    await app.workers.wait_for_complete()
    await pilot.pause()
    await pilot.wait_for_scheduled_animations()
    await pilot.pause()  # bindings (the footer) refresh one round later


def game(app: PmApp) -> GameScreen:
    return app.game_screen


async def to_row(pilot: Pilot, screen: GameScreen, row: int | str) -> None:
    """Move the board cursor to row `row` (its number or its id, such as "my-hand") by
    up or down (they stop at the top and bottom rows, docs/tui.md "Keys": so the way to
    go is chosen). A row never reached fails the test instead of pressing forever."""
    board = screen.board
    if isinstance(row, str):
        row = [n.rid for n in board.nav].index(row)
    for _ in range(2 * len(board.nav)):  # a row drawn on two lines takes a press a line
        if board.row == row:
            return
        await pilot.press("up" if row < board.row else "down")
    assert board.row == row, f"the cursor never reached row {row}"


async def to_col(pilot: Pilot, screen: GameScreen, row: str, col: int) -> None:
    """Move the board cursor along row `row` to column `col` by left or right, one press
    per column between: a key that does not move it fails the test at once instead of
    pressing forever."""
    cols = screen.board.cols
    for _ in range(abs(cols[row] - col)):
        await pilot.press("left" if cols[row] > col else "right")
    assert cols[row] == col, f"the cursor never reached column {col} of row {row}"


async def focus(pilot: Pilot, app: PmApp, row: str, pred: Callable[[dict], bool]) -> dict:
    """Move the board cursor (by key presses) to the first card in `row` matching `pred`."""
    screen = game(app)
    await to_row(pilot, screen, row)
    cards = screen.row_cards[row]
    target = next(i for i, c in enumerate(cards) if c is not None and pred(c))
    await to_col(pilot, screen, row, target)
    card = screen.focused_card()
    assert card is not None and pred(card)
    return card


async def pay_until_met(pilot: Pilot, app: PmApp) -> None:
    """In the pay picker: pick cards top-down until the engine says the cost is met."""
    screen = app.screen
    assert isinstance(screen, PickSetScreen)
    while not screen.info.get("ok"):
        await pilot.press("space")
        if not screen.info.get("ok"):
            await pilot.press("down")
    await pilot.press("enter")
    await settle(pilot, app)


async def take_keyboard(pilot: Pilot, app: PmApp) -> None:
    """Hot seat: confirm the 'pass the keyboard' screen if it is up."""
    await settle(pilot, app)
    if isinstance(app.screen, PassKeyboardScreen):
        await pilot.press("enter")
        await settle(pilot, app)


__all__ = ["Scripted", "focus", "game", "make_app", "pay_until_met", "settle",
           "take_keyboard"]
