"""A small keyboard list for prompts: a cursor, optional checkboxes, windowed to its height."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rich.text import Text
from textual.message import Message
from textual.widget import Widget

from pmtui.tui.keys import PICK_BINDINGS


@dataclass
class Item:
    label: Text
    value: str
    checked: bool | None = None  # None: no checkbox
    locked: bool = False  # shown checked, cannot be toggled
    # the label in at most this many cells, for a row `label` does not fit in (names
    # shortened, a tail cut with "…"); None: `label` cut at the edge
    fit: Callable[[int], Text] | None = None


class PickList(Widget, can_focus=True):
    """Up/down moves; the screen decides what enter and space do (via `highlighted`)."""

    BINDINGS = PICK_BINDINGS
    DEFAULT_CSS = "PickList { height: auto; max-height: 12; }"

    class Moved(Message):
        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, items: list[Item], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.items = items
        self.index = 0

    @property
    def highlighted(self) -> Item | None:
        return self.items[self.index] if self.items else None

    def set_items(self, items: list[Item], index: int | None = None) -> None:
        """New items; the highlight stays where it is, or goes to `index`. Laid out again
        only when its height changes (a pick of a payment changes a line, not the count):
        a layout of the prompt costs more than drawing the list."""
        resized = max(len(items), 1) != max(len(self.items), 1)
        self.items = items
        self.index = min(self.index if index is None else index, max(len(items) - 1, 0))
        self.refresh(layout=resized)

    def action_move(self, delta: int) -> None:
        if not self.items:
            return
        self.index = min(max(self.index + delta, 0), len(self.items) - 1)
        self.post_message(self.Moved(self.index))
        self.refresh()

    def get_content_height(self, container, viewport, width: int) -> int:  # noqa: ANN001
        return max(len(self.items), 1)

    def render(self) -> Text:
        height = max(self.size.height, 1)
        width = self.size.width
        if not self.items:
            return Text("(nothing to choose)", style="dim")
        start = min(max(self.index - height // 2, 0), max(len(self.items) - height, 0))
        out = Text(no_wrap=True, overflow="ellipsis")
        for row, item in enumerate(self.items[start : start + height]):
            i = start + row
            if row:
                out.append("\n")
            line = Text("▶ " if i == self.index else "  ")
            if item.checked is not None:
                box = "[■] " if item.locked else ("[x] " if item.checked else "[ ] ")
                line.append(box, style="bold" if item.checked else "")
            room = width - len(line)
            label = item.label
            if item.fit is not None and label.cell_len > room:
                label = item.fit(room)
            line.append_text(label)
            line.truncate(width, pad=True)
            if i == self.index:
                line.stylize("reverse")
            out.append_text(line)
        return out
