"""The play field (p.06): rows of cards and the one-line zone bars.

The widgets hold plain data handed to them by the game screen (taken from a
player view) and draw it to whatever size the layout gives them, so a bigger
terminal shows more of each card.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.text import Text
from textual.widget import Widget

from pmtui.tui.display import card_lines

MIN_CARD = 10  # narrowest card cell that still shows a name and AP/DP
MAX_CARD = 24


class CardRow(Widget):
    """A zone of cards side by side (Main Area with its five slots, Support Area, hand)."""

    DEFAULT_CSS = "CardRow { height: 3; }"

    def __init__(
        self, *, slots: int = 0, label: str = "", in_area: bool = True, wrap: bool = False,
        id: str,
    ) -> None:
        super().__init__(id=id)
        self.wrap = wrap
        self.slots = slots
        self.label = label
        self.in_area = in_area
        self.cards: list[Mapping[str, Any]] = []
        self.defs: Mapping[str, Any] = {}
        self.turn: int | None = None
        self.cursor: int | None = None  # index of the focused card when this row is active
        self.hidden = 0
        self.marks: dict[int, str] = {}  # uid -> one-char mark (playable, can approach, ...)
        self.attached: dict[int, int] = {}  # uid -> supports set on it

    def set_data(
        self,
        cards: Sequence[Mapping[str, Any]],
        defs: Mapping[str, Any],
        turn: int | None,
        cursor: int | None,
        marks: dict[int, str],
        attached: dict[int, int],
        hidden: int = 0,
    ) -> None:
        self.cards, self.defs, self.turn = list(cards), defs, turn
        self.hidden = hidden  # cards this viewer may count but not see (a spectator's hand)
        self.cursor, self.marks, self.attached = cursor, marks, attached
        self.refresh()

    def render(self) -> Text:
        width, height = self.size.width, max(self.size.height, 1)
        n = max(len(self.cards), self.slots)
        if n == 0:
            what = f"{self.hidden} cards, hidden" if self.hidden else "none"
            line = Text(f" {self.label}: {what}", style="dim")
            if self.cursor is not None:
                line.stylize("reverse", 0, len(self.label) + 2)
            return line
        bands = _bands(n, width, height) if self.wrap else 1
        band_h = height // bands
        per = -(-n // bands)  # cards per band
        cursor = self.cursor or 0
        out = Text()
        for b in range(bands):
            lo, hi = b * per, min((b + 1) * per, n)
            if lo >= hi:
                break
            if b:
                out.append("\n")
            local = min(max(cursor - lo, 0), hi - lo - 1)
            out.append_text(self._band(lo, hi, width, band_h, local))
        return out

    def _band(self, lo: int, hi: int, width: int, height: int, cursor: int) -> Text:
        n = hi - lo
        start, shown, arrows = _window(n, width, cursor)
        room = width - (4 if arrows else 0)
        w = min(MAX_CARD, max(MIN_CARD, (room - (shown - 1)) // shown))
        columns: list[list[Text]] = []
        for i in range(lo + start, lo + start + shown):
            focused = self.cursor == i
            if i < len(self.cards):
                c = self.cards[i]
                uid = int(c.get("uid", -1))
                columns.append(
                    card_lines(
                        c,
                        self.defs.get(str(c.get("cid"))),
                        w,
                        height,
                        turn=self.turn,
                        attached=self.attached.get(uid, 0),
                        mark=self.marks.get(uid, ""),
                        focused=focused,
                        in_area=self.in_area,
                    )
                )
            else:
                columns.append(_empty(w, height, focused))
        out = Text()
        for row in range(height):
            if arrows:
                out.append("‹ " if start > 0 else "  ", style="bold")
            for j, col in enumerate(columns):
                if j:
                    out.append(" ")
                out.append_text(col[row])
            if arrows:
                rest = n - start - shown
                out.append(" ›" if rest > 0 else "  ", style="bold")
            if row < height - 1:
                out.append("\n")
        return out


def _bands(n: int, width: int, height: int) -> int:
    """How many lines of cards (each at least 2 high) a wrapping row uses."""
    per_line = max(1, (width + 1) // (MIN_CARD + 1))
    need = -(-n // per_line)
    return max(1, min(need, height // 2))


def _window(n: int, width: int, cursor: int) -> tuple[int, int, bool]:
    """Which cards fit: (first index, how many, whether scroll arrows are drawn)."""
    if n * MIN_CARD + (n - 1) <= width:
        return 0, n, False
    shown = max(1, (width - 4 + 1) // (MIN_CARD + 1))
    start = min(max(cursor - shown // 2, 0), max(n - shown, 0))
    return start, min(shown, n), True


def _empty(width: int, height: int, focused: bool) -> list[Text]:
    style = "reverse" if focused else "dim"
    lines = [Text("·".center(width), style=style)]
    if height > 1:
        lines = [Text("┌" + "─" * (width - 2) + "┐", style="dim")]
        lines += [Text("│" + " " * (width - 2) + "│", style="dim") for _ in range(height - 2)]
        lines.append(Text("└" + "─" * (width - 2) + "┘", style="dim"))
        if focused:
            for line in lines:
                line.stylize("reverse")
    return lines[:height]


class ZoneBar(Widget):
    """One line per player: name and role, Deck, Hand, EX, Discard and Point Zone."""

    DEFAULT_CSS = "ZoneBar { height: 1; }"

    def __init__(self, *, id: str) -> None:
        super().__init__(id=id)
        self.parts: list[tuple[str, Text]] = []  # (item key or "", text)
        self.cursor: int | None = None  # index among the browsable items
        self.items: list[str] = []

    def set_data(self, parts: list[tuple[str, Text]], cursor: int | None) -> None:
        self.parts = parts
        self.items = [k for k, _ in parts if k]
        self.cursor = cursor
        self.refresh()

    def render(self) -> Text:
        out = Text(no_wrap=True, overflow="ellipsis")
        focus_key = self.items[self.cursor] if self.cursor is not None and self.items else None
        total = sum(len(t) for _, t in self.parts) + 3 * (len(self.parts) - 1)
        sep = " │ " if total <= self.size.width else "│"
        for i, (key, text) in enumerate(self.parts):
            if i:
                out.append(sep, style="dim")
            piece = text.copy()
            if key and key == focus_key:
                piece.stylize("reverse")
            out.append_text(piece)
        return out
