"""Keys during a game, timed in-process: `bench_tui.py --play` (see its docstring).

The table runs as `pmtui play --opponent random --seed S` does (the computer in its
worker thread, the default stops and summaries), under Textual's test pilot at a
chosen size. Every screen update is turned into the bytes a terminal would be sent
(`render_segments`, what the real driver writes) and time-stamped; a key's latency is
from pressing it to the last update before the screen stays still for QUIET, 60 ms (and the
computer has finished, when the key handed it the move).

Kinds of keys timed: cursor moves across the board, opening a card in full (shift+d)
and closing it, a summon (its key, the area choice, each pick of the payment and the
key that commits it, timed to the board with the chara in the Main Area), a pass that
hands the move to the computer (timed to the computer's move on the screen: the
summary of its turn or the board), the other passes, and closing a summary.
"""

from __future__ import annotations

import asyncio
import time
from collections import defaultdict
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from pmtui.table.session import new_game_header, new_table
from pmtui.tui import app as app_module
from pmtui.tui.app import PmApp
from pmtui.tui.keys import TuiConfig
from pmtui.tui.screens.info import CardScreen, GameOverScreen, SummaryScreen
from pmtui.tui.screens.prompts import ChoiceScreen, PickSetScreen

QUIET = 0.06  # a frame sent a little later (a scroll bar after a layout) still counts
BOARD_KEYS = ("right", "right", "down", "left", "left", "up")


class TimedApp(PmApp):
    """The table's app, noting when each screen update is ready for the terminal."""

    CSS_PATH = str(Path(app_module.__file__).with_name(PmApp.CSS_PATH))  # not ours
    frames: list[float]
    sent: int

    def _display(self, screen: Any, renderable: Any) -> None:
        if renderable is not None and not self._batch_count and hasattr(renderable,
                                                                         "render_segments"):
            self.sent = getattr(self, "sent", 0) + len(renderable.render_segments(self.console))
            self.frames.append(time.perf_counter())
        super()._display(screen, renderable)


class Run:
    """One game played by keys, with the latency of every key by kind."""

    def __init__(self, app: TimedApp, pilot: Pilot) -> None:
        self.app, self.pilot = app, pilot
        self.times: dict[str, list[float]] = defaultdict(list)
        # CPU seconds of this process from the key until the screen stood still (the
        # computer's thread included): what the key cost, whatever else the machine runs
        self.cpu: dict[str, list[float]] = defaultdict(list)
        self.last_cpu = 0.0

    async def still(self, limit: float = 10.0) -> None:
        """Until the computer is done and no update came for QUIET."""
        end = time.perf_counter() + limit
        await self.pilot.pause()
        while time.perf_counter() < end:
            n = len(self.app.frames)
            await asyncio.sleep(QUIET)
            if not self.app.busy and len(self.app.frames) == n:
                return

    def since(self, sent: float) -> float | None:
        """Seconds from `sent` to the last update since (None: nothing redrawn)."""
        frames = self.app.frames
        return frames[-1] - sent if frames and frames[-1] >= sent else None

    async def key(self, kind: str | None, key: str) -> float | None:
        """Press `key` and wait for the screen to settle; its latency, noted under `kind`."""
        cpu = time.process_time()
        sent = time.perf_counter()
        await self.pilot.press(key)
        await self.still()
        t = self.since(sent)
        self.last_cpu = time.process_time() - cpu
        if t is not None and kind is not None:
            self.note(kind, t, self.last_cpu)
        return t

    def note(self, kind: str, seconds: float, cpu: float) -> None:
        self.times[kind].append(seconds)
        self.cpu[kind].append(cpu)

    def computer_moves(self) -> int:
        return sum(1 for r in self.app.table.game.records
                   if r.get("type") == "decision" and r.get("player") == 1)

    async def focus(self, row: str, uid: int) -> None:
        screen = self.app.game_screen
        for _ in range(len(screen.board.nav)):
            if screen.row_name == row:
                break
            await self.key("cursor", "down")
        cards = screen.row_cards[row]
        target = next(i for i, c in enumerate(cards) if c is not None and c.get("uid") == uid)
        while screen.board.cols[row] > target:
            await self.key("cursor", "left")
        while screen.board.cols[row] < target:
            await self.key("cursor", "right")

    async def summon(self, uid: int) -> None:
        """Summon hand chara `uid` to the Main Area by keys: the summon key, the area,
        each payment pick and the key that commits it; and from that last key to the
        board with the chara in the Main Area (the computer's answer included)."""
        await self.focus("my-hand", uid)
        await self.key("summon: key", "s")
        if not isinstance(self.app.screen, ChoiceScreen):
            return
        sent = time.perf_counter()
        await self.key("summon: area choice", "enter")
        picker = self.app.screen
        if isinstance(picker, PickSetScreen):
            while not picker.info.get("ok"):
                await self.key("summon: pay pick", "space")
                if not picker.info.get("ok"):
                    await self.key("summon: pay pick", "down")
            sent = time.perf_counter()
            await self.key("summon: commit", "enter")
        t = self.since(sent)
        if t is not None and self.app.table.game.state.cards[uid].zone.endswith("/main"):
            self.note("summon: last key to resolved board", t, self.last_cpu)

    async def step(self) -> bool:
        """One move of the player (a few keys); False when the game is over."""
        app, screen = self.app, self.app.game_screen
        top = app.screen
        if app.table.over is not None or isinstance(top, GameOverScreen):
            return False
        if isinstance(top, SummaryScreen):
            await self.key("close summary", "enter")
        elif isinstance(top, ChoiceScreen | PickSetScreen):
            await self.key("other prompt key", "enter")
        elif screen.check_action("verb", ("pass",)) and screen.decision is not None:
            hand = screen.row_cards.get("my-hand", [])
            summon = [c for c in hand if any(t.startswith("summon") and t.endswith(" main")
                                             for t in screen.options_for(c))]
            if screen.pview["vars"].get("phase") == "main" and summon:
                await self.summon(int(summon[0]["uid"]))
                return True
            # the cursor round the board, the focused card in full, then pass
            for key in BOARD_KEYS:
                await self.key("cursor", key)
            if screen.focused_card() is not None:
                await self.key("open card (shift+d)", "D")
                if isinstance(app.screen, CardScreen):
                    await self.key("close card", "escape")
            before = self.computer_moves()
            t = await self.key(None, "p")
            if t is not None:
                moved = self.computer_moves() > before
                self.note("pass, computer moves" if moved else "pass", t, self.last_cpu)
        elif screen.check_action("verb", ("no-interference",)):
            await self.key("other board key", "n")
        elif screen.check_action("verb", ("stop",)):
            await self.key("other board key", "x")
        else:
            await self.key("other board key", "enter")
        return True


@asynccontextmanager
async def started(size: tuple[int, int], seed: int) -> AsyncIterator[Run]:
    """The table of `--play --seed seed` under the pilot at `size`, its first screen up."""
    header, seats = new_game_header(seed, vs="computer", opponent="random")
    app = TimedApp(new_table(header, seats), config=TuiConfig())
    app.frames = []
    async with app.run_test(size=size) as pilot:
        run = Run(app, pilot)
        await run.still()
        yield run


async def play(size: tuple[int, int], seed: int, moves: int) -> Run:
    """Play one game by keys (at most `moves` moves); its latencies by kind of key."""
    async with started(size, seed) as run:
        for _ in range(moves):
            if not await run.step():
                break
    return run
