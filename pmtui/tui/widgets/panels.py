"""Side panels: the turn flow (p.07), the focused card's full text, the game log."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text
from textual.geometry import Size
from textual.visual import visualize
from textual.widget import Widget
from textual.widgets import RichLog, Static

from pmtui.engine.screen import Flow
from pmtui.table.logtext import counted
from pmtui.table.session import LogLine
from pmtui.tui.display import tone


def show_text(widget: Static, text: Text) -> None:
    """`widget.update(text)` unless it shows exactly that already. An update of a widget
    whose size its text decides (height or width auto) lays the whole screen out again,
    which costs a cursor move more than drawing it (and repaints the log's scroll bar a
    frame later); a widget of a size of its own (one line, a share of the panel), or
    whose new text takes as many lines as the last, is only drawn again."""
    if widget.content != text:
        widget.update(text, layout=sized_by_content(widget) and not _as_tall(widget, text))


def _as_tall(widget: Static, text: Text) -> bool:
    """Whether `text` takes as many lines as what the widget shows now, at its width, as
    Textual measures them for its layout (a width that follows the text: never)."""
    width = widget.content_size.width
    if not widget.is_mounted or width <= 0 or (widget.styles.width is not None
                                               and widget.styles.width.is_auto):
        return False
    now = widget.get_content_height(widget.size, widget.size, width)
    return visualize(widget, text).get_height(widget.styles, width) == now


def sized_by_content(widget: Widget) -> bool:
    """Whether a widget's height or width follows what it shows (CSS `auto`)."""
    height, width = widget.styles.height, widget.styles.width
    return height is None or height.is_auto or (width is not None and width.is_auto)


class LaidOutOnce:
    """A widget laid out once when its contents change, not twice.

    Textual sets a widget's virtual size after each layout as a reactive that asks for
    another layout, which then finds nothing to move and sends a second frame of the
    same cells, a frame period later. The first layout has already placed everything
    (a scroll bar that comes or goes asks for its own layout), so the size is set
    without that."""

    def _size_updated(self, size: Size, virtual_size: Size, container_size: Size,
                      layout: bool = True) -> bool:
        return super()._size_updated(  # type: ignore[misc]
            size, virtual_size, container_size, layout=False)


class Panel(LaidOutOnce, Static):
    """A side panel's text (the card panel)."""


class TurnFlow(LaidOutOnce, Static):
    """Whose turn, the phase and step highlighted, priority, the chain: as the ruleset says."""

    def show(self, flow: Flow) -> None:
        show_text(self, flow_text(flow))


def flow_text(flow: Flow) -> Text:
    t = Text(no_wrap=True, overflow="ellipsis")
    t.append(flow.headline, style="bold")
    t.append(flow.subhead)
    if flow.phases:
        t.append("\n")
        for label, now in flow.phases:
            t.append(f" {label} ", style="bold reverse" if now else "dim")
    if flow.steps:
        t.append("\n")
        for label, now in flow.steps:
            t.append(label, style="bold reverse" if now else "dim")
            t.append(" ")
    for line in flow.lines:
        t.append("\n")
        t.append(line.text, style=tone(line.tone))
        if line.more:
            t.append(line.more, style=tone(line.more_tone))
    t.rstrip()
    return t


# The panel keeps the last lines only, and caches few drawn lines (Textual's default is
# 1,024): each drawn line holds render caches of its own, and over SSH every session
# holds a copy. The whole game is in the save and the replay viewer.
LOG_LINES_KEPT = 400
LOG_LINES_CACHED = 96


class GameLog(RichLog):
    """The log in notation; rewritten whole when it changes other than by appending."""

    can_focus = False

    def __init__(self, **kw: Any) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, min_width=10,
                         max_lines=LOG_LINES_KEPT, **kw)
        self._line_cache.maxsize = LOG_LINES_CACHED
        self._shown: list[LogLine] = []

    def show(self, lines: list[LogLine]) -> None:
        n = len(self._shown)
        if lines[:n] != self._shown:
            self.clear()
            n = 0
        for line in lines[n:]:
            self.write(_styled(line), scroll_end=False)
        if len(lines) > n:
            # at the end now, in the frame that shows the new lines: RichLog's own
            # scroll waits for that frame and so sends a second one; again after it,
            # which changes nothing unless the panel's height changed meanwhile
            self.scroll_end(animate=False, immediate=True, x_axis=False)
            self.scroll_end(animate=False, x_axis=False)
        self._shown = list(lines)

    def _size_updated(self, size: Size, virtual_size: Size, container_size: Size,
                      layout: bool = True) -> bool:
        """The panel resized (the turn panel above it grew or shrank): a log that was
        at its end is drawn at its end in this layout's frame, not scrolled there in
        the next one."""
        at_end = self.scroll_y >= self.max_scroll_y
        resized = super()._size_updated(size, virtual_size, container_size, layout)
        end = self.max_scroll_y
        if at_end and self.scroll_y != end:
            self.set_reactive(Widget.scroll_y, end)  # no watcher: no second frame
            self.set_reactive(Widget.scroll_target_y, end)
            self.vertical_scrollbar.position = end
        return resized


def _styled(line: LogLine) -> Text:
    style = {
        "turn": "bold",
        "end": "bold yellow",
        "undo": "italic magenta",
        "event": "dim",
    }.get(line.kind, "")
    if line.kind == "decision" and line.player is not None:
        style = "cyan" if line.player == 0 else "green"
    return Text(line.text, style=style)


def counted_lines(lines: Sequence[LogLine]) -> list[Text]:
    """Log lines as a summary box draws them: styled, a line that comes again at
    once (one the reader was told only the kind of) once with "×N" (`counted`)."""
    out: list[Text] = []
    for line, n in counted(lines):
        styled = _styled(line)
        if n > 1:
            styled.append(f" ×{n}", style="dim")
        out.append(styled)
    return out
