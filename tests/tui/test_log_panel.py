"""The log panel: appends, rewrites after an undo, and keeps only the last lines."""

from __future__ import annotations

from textual.app import App, ComposeResult

from pmtui.table.session import LogLine
from pmtui.tui.widgets.panels import LOG_LINES_CACHED, LOG_LINES_KEPT, GameLog


class LogApp(App[None]):
    def compose(self) -> ComposeResult:
        yield GameLog(id="log")


def shown(log: GameLog) -> list[str]:
    return [strip.text.rstrip() for strip in log.lines]


async def test_appends_then_rewrites_when_the_log_is_not_an_extension() -> None:
    app = LogApp()
    async with app.run_test(size=(60, 20)) as pilot:
        log = app.query_one(GameLog)
        lines = [LogLine(f"P1 move {i}", "decision", 0) for i in range(3)]
        log.show(lines)
        log.show([*lines, LogLine("P2 pass", "decision", 1)])
        await pilot.pause()
        assert shown(log) == ["P1 move 0", "P1 move 1", "P1 move 2", "P2 pass"]
        log.show([*lines[:2], LogLine("undo: P1 move 2", "undo")])  # an undo: rewritten
        await pilot.pause()
        assert shown(log) == ["P1 move 0", "P1 move 1", "undo: P1 move 2"]


async def test_a_long_game_keeps_only_the_last_lines() -> None:
    app = LogApp()
    async with app.run_test(size=(60, 20)) as pilot:
        log = app.query_one(GameLog)
        lines: list[LogLine] = []
        for i in range(LOG_LINES_KEPT * 2 + 7):
            lines.append(LogLine(f"line {i}", "event"))
            log.show(lines)
        await pilot.pause()
        assert len(log.lines) == LOG_LINES_KEPT
        assert shown(log)[-1] == f"line {len(lines) - 1}"
        assert shown(log)[0] == f"line {len(lines) - LOG_LINES_KEPT}"
        for y in range(0, LOG_LINES_KEPT, 7):  # scrolled through: few drawn lines kept
            log.scroll_to(y=y, animate=False)
            await pilot.pause()
        assert 0 < len(log._line_cache) <= LOG_LINES_CACHED
