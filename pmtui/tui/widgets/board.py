"""The play field, drawn from the ruleset's layout (pmtui.engine.screen.Layout).

One `Board` serves the game screen, the replay viewer and the sandbox: the far
seat's sections, the stage line, the shared middle (a grid), then the near
seat's sections. It holds the cursor too: a list of navigation rows (a card
row, the browsable counters of a bar, one row of grid cells each) that the
arrow keys move through. The widgets draw what they are handed, to whatever
size the layout gives them, so a bigger terminal shows more of each card.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.style import Style as VisualStyle
from textual.visual import Visual, visualize
from textual.widget import Widget
from textual.widgets import Static

from pmtui.engine.screen import Bar, Card, Counter, Face, Grid, Row, ScreenSpec, Section, View
from pmtui.engine.state import shared_zone, zkey
from pmtui.tui.display import face_lines, tone
from pmtui.tui.widgets.panels import show_text

MIN_CARD = 10  # narrowest card cell that still shows a name and its stats
REACH = "◇"  # a grid cell the focused card's options name: where it can move, attack, go
AIM = "◆"  # in an open choice, the cell its highlighted option points at (REACH: the others)
Piece = tuple[Text, Strip]  # a part of a line: as text, and in cells
PIECES_KEPT = 400  # drawn card lines a row keeps (a theme change or a new board: drawn anew)
MAX_CARD = 24  # widest card cell on a board narrower than FILL such cells
FILL = 5  # on a wider board cards grow until this many fill a row (an Area's five slots)


@dataclass
class Spot:
    """A place the cursor can be: a card (or an empty slot) of a row, a bar's counter,
    or a grid cell (with the piece on it, if any)."""

    kind: Literal["card", "counter", "cell"]
    seat: int | None  # None: a shared zone
    zone: str
    label: str  # the row's or counter's name
    card: Card | None = None
    counter: Counter | None = None
    cell: str | None = None


@dataclass
class NavRow:
    rid: str  # the widget id (a grid row: "grid-<zone>-<row index>")
    spots: list[Spot]


class CardRow(Widget):
    """A zone of cards side by side (an Area with its slots, a hand).

    Drawn a line at a time from each card's lines, turned into terminal cells once and
    kept (`_pieces`): a cursor move changes two cards of a row, and turning a whole row
    of text into cells again was most of what a move cost (several milliseconds a row,
    more on a wide terminal)."""

    DEFAULT_CSS = "CardRow { height: 3; }"

    def __init__(self, row: Row, *, id: str, classes: str = "") -> None:
        super().__init__(id=id, classes=classes)
        self.row = row
        self.slots = row.slots
        self.wrap = row.wrap
        self.label = row.label
        self.spec: ScreenSpec | None = None
        self.cards: list[Card | None] = []  # None: an empty slot of a numbered row
        self.faces: list[Face | None] = []
        self.slot_marks: Sequence[str] = ()  # a numbered row's mark for each slot
        self.cursor: int | None = None  # index of the focused card when this row is active
        self.hidden = 0
        self.marks: Mapping[int, str] = {}  # uid -> one-char mark (playable, ...)
        self.titles: Collection[str] = ()  # every title on the board: cut names stay apart
        # the row as last drawn: for this size and theme, its pieces and its lines
        self._lines: tuple[Size, VisualStyle, list[list[Piece]], list[Strip]] | None = None
        self._pieces: dict[Hashable, list[Piece]] = {}  # a card's (or gap's) lines, drawn

    def set_data(
        self,
        spec: ScreenSpec,
        cards: Sequence[Card | None],
        faces: Sequence[Face | None],
        cursor: int | None,
        marks: Mapping[int, str],
        hidden: int = 0,
        titles: Collection[str] = (),
        slot_marks: Sequence[str] = (),
    ) -> None:
        # most redraws (a cursor move) leave most rows as they were: those are not drawn again
        if (spec, self.cursor, self.hidden, self.cards, self.faces, self.titles,
                self.slot_marks) == (spec, cursor, hidden, cards, faces, titles,
                                     slot_marks) and self._marked(marks):
            return
        if (spec, titles) != (self.spec, self.titles):
            self._pieces.clear()  # colours and cut names may differ
        self.spec, self.cards, self.faces = spec, list(cards), list(faces)
        self.slot_marks = slot_marks
        self.titles = titles
        self.hidden = hidden  # cards this viewer may count but not see (a spectator's hand)
        self.cursor, self.marks = cursor, marks
        was, self._lines = self._lines, None
        if was is None or was[:2] != (self.size, self.visual_style):
            self.refresh()
            return
        # only the cards drawn otherwise are sent to the terminal again (a cursor move: two)
        changed = _changed(was[2], self._drawn()[0], self.size.width)
        if changed:
            self.refresh(*changed)

    def _marked(self, marks: Mapping[int, str]) -> bool:
        """Whether `marks` marks this row's cards as they are marked now."""
        return all(marks.get(c.get("uid")) == self.marks.get(c.get("uid"))
                   for c in self.cards if c is not None)

    def render(self) -> Text:
        """The row as one text: what `render_line` draws, for reading it."""
        return Text("\n").join(Text().join(t for t, _ in line) for line in self._drawn()[0])

    def render_line(self, y: int) -> Strip:
        lines = self._drawn()[1]
        return lines[y] if y < len(lines) else Strip.blank(self.size.width,
                                                             self.visual_style.rich_style)

    def _drawn(self) -> tuple[list[list[Piece]], list[Strip]]:
        """The row's lines as pieces and joined, drawn once per change, size and theme."""
        size, style = self.size, self.visual_style  # a new theme: other colours
        if self._lines is None or self._lines[:2] != (size, style):
            rows = self._draw(size.width, max(size.height, 1))
            # joined as one text of the row would be drawn (its cells merged alike)
            strips = [Strip.join(s for _, s in row).simplify() for row in rows]
            self._lines = size, style, rows, strips
        return self._lines[2], self._lines[3]

    def _draw(self, width: int, height: int) -> list[list[Piece]]:
        n = max(len(self.cards), self.slots)
        if n == 0:
            what = f"{self.hidden} cards, hidden" if self.hidden else "none"
            line = Text(f" {self.label}: {what}", style="dim")
            if self.cursor is not None:
                line.stylize("reverse", 0, len(self.label) + 2)
            return [self._piece(("none", line.plain, self.cursor is not None), lambda: [line])]
        bands = _bands(n, width, height) if self.wrap else 1
        band_h = height // bands
        per = -(-n // bands)  # cards per band
        cursor = self.cursor or 0
        out: list[list[Piece]] = []
        for b in range(bands):
            lo, hi = b * per, min((b + 1) * per, n)
            if lo >= hi:
                break
            local = min(max(cursor - lo, 0), hi - lo - 1)
            out += self._band(lo, hi, width, band_h, local)
        return out

    def _band(self, lo: int, hi: int, width: int, height: int,
              cursor: int) -> list[list[Piece]]:
        n = hi - lo
        start, shown, arrows = _window(n, width, cursor)
        room = width - (4 if arrows else 0)
        w = card_width(room, shown)
        colours = self.spec.colours if self.spec is not None else {}
        columns: list[list[Piece]] = []
        for i in range(lo + start, lo + start + shown):
            focused = self.cursor == i
            card = self.cards[i] if i < len(self.cards) else None
            face = self.faces[i] if i < len(self.faces) else None
            slot = self.slot_marks[i] if i < len(self.slot_marks) else ""
            if card is not None and face is not None:
                uid = card.get("uid")  # None: a face-down card's back
                mark = self.marks.get(uid, "") if uid is not None else ""
                mark = f"{slot} {mark}" if slot else mark  # the slot's mark, then the card's
                columns.append(self._piece(
                    (face, mark, focused, w, height),
                    lambda f=face, m=mark, on=focused: face_lines(
                        f, colours, w, height, mark=m, focused=on, names=self.titles)))
            else:
                columns.append(self._piece(("empty", focused, w, height, slot),
                                           lambda on=focused, m=slot: _empty(w, height, on, m)))
        gap = self._piece("gap", lambda: [Text(" ")])
        if arrows:
            more = start > 0, n - start - shown > 0
            ends = self._piece(("arrows", more), lambda: [
                Text("‹ " if more[0] else "  ", style="bold"),
                Text(" ›" if more[1] else "  ", style="bold")])
        out: list[list[Piece]] = []
        for row in range(height):
            line = [ends[0]] if arrows else []
            for j, col in enumerate(columns):
                if j:
                    line += gap
                line.append(col[row])
            if arrows:
                line.append(ends[1])
            out.append(line)
        return out

    def per_line(self) -> int:
        """How many cards each line holds when the row is drawn on several lines (a long
        hand at 80x24), else 0: up and down move between those lines."""
        n = max(len(self.cards), self.slots)
        bands = _bands(n, self.size.width, max(self.size.height, 1)) if self.wrap and n else 1
        return -(-n // bands) if bands > 1 else 0

    def _piece(self, key: Hashable, lines: Callable[[], list[Text]]) -> list[Piece]:
        """A card's (or gap's) lines, each with its cells, kept while the row's colours and
        names stay: the cells made as the widget makes them from a text."""
        key = (key, self.visual_style)  # the theme's colours are part of the cells
        pieces = self._pieces.get(key)
        if pieces is None:
            pieces = []
            for t in lines():
                t = _spans(t)
                pieces.append((t, Visual.to_strips(self, visualize(self, t, markup=False),
                                                   t.cell_len, None, self.visual_style)[0]))
            if len(self._pieces) > PIECES_KEPT:
                self._pieces.clear()
            self._pieces[key] = pieces
        return pieces


def _changed(old: list[list[Piece]], new: list[list[Piece]], width: int) -> list[Region]:
    """Where lines of pieces differ: the pieces that are not the same kept ones, or the
    whole line where the pieces do not line up."""
    out: list[Region] = []
    for y in range(max(len(old), len(new))):
        a, b = (old[y] if y < len(old) else []), (new[y] if y < len(new) else [])
        if [t.cell_len for t, _ in a] != [t.cell_len for t, _ in b]:
            out.append(Region(0, y, width, 1))
            continue
        x = 0
        for (t, s), (_, s2) in zip(a, b, strict=True):
            if s is not s2:
                out.append(Region(x, y, t.cell_len, 1))
            x += t.cell_len
    return out


def _spans(line: Text) -> Text:
    """`line` with its own style as a span, as it is within a longer text (the cells
    differ: a reversed card's colours)."""
    out = Text()
    out.append_text(line)
    return out


def card_width(width: int, n: int, least: int = MIN_CARD) -> int:
    """The width of each of `n` cards side by side in `width` columns, a space between:
    as wide as they fit, at most MAX_CARD or, on a wide board, a FILL-th of the row, so
    an Area's slots widen with the terminal while a lone card does not fill the row."""
    most = max(MAX_CARD, (width - (FILL - 1)) // FILL)
    return min(most, max(least, (width - (n - 1)) // n))


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


def _empty(width: int, height: int, focused: bool, name: str = "",
           mark: str = "") -> list[Text]:
    """An empty place; `mark`: a cell options name (REACH or AIM before its name, bright)."""
    name = f"{mark}{name}" if mark and name else name
    edge = "bold yellow" if mark else "dim"
    style = "reverse" if focused else edge
    lines = [Text((name or "·").center(width), style=style)]
    if height > 1:
        mid = name.center(width - 2) if name else " " * (width - 2)
        top = "─" * (width - 2)
        if height == 2 and name:  # no line inside for the name: it goes on the top edge
            top = f" {name} ".center(width - 2, "─")[: width - 2]
        lines = [Text("┌" + top + "┐", style=edge)]
        lines += [Text("│" + (mid if i == 0 else " " * (width - 2)) + "│", style=edge)
                  for i in range(height - 2)]
        lines.append(Text("└" + "─" * (width - 2) + "┘", style=edge))
        if focused:
            for line in lines:
                line.stylize("reverse")
    return lines[:height]


class ZoneBar(Widget):
    """One line per seat: its name and role, then its counters."""

    DEFAULT_CSS = "ZoneBar { height: 1; }"

    def __init__(self, *, id: str, classes: str = "") -> None:
        super().__init__(id=id, classes=classes)
        self.parts: list[tuple[str, Text]] = []  # (focusable item key or "", text)
        self.cursor: int | None = None  # index among the focusable items
        self.items: list[str] = []

    def set_data(self, parts: list[tuple[str, Text]], cursor: int | None) -> None:
        if (parts, cursor) == (self.parts, self.cursor):
            return  # as drawn: not drawn again
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


class GridView(Widget):
    """A board of named cells; a piece shows its face (owner's colour, stance, HP), and so
    does a fixture (Grid.fixtures: a Stronghold) on a cell without a piece."""

    DEFAULT_CSS = "GridView { height: 1fr; }"

    def __init__(self, grid: Grid, *, id: str, classes: str = "") -> None:
        super().__init__(id=id, classes=classes)
        self.grid = grid
        self.spec: ScreenSpec | None = None
        self.pieces: dict[str, tuple[Card, Face]] = {}  # cell name -> piece
        self.fixtures: Mapping[str, Face] = {}  # cell name -> what stands there
        self.cursor: tuple[int, int] | None = None  # (col, row)
        self.marks: Mapping[int, str] = {}
        self.reach: Collection[str] = ()  # cell names marked REACH
        self.aim: str | None = None  # the one of them marked AIM instead
        self.flip = False  # drawn turned round (Grid.turned, for the second seat)
        self.titles: Collection[str] = ()

    def set_data(
        self,
        spec: ScreenSpec,
        pieces: dict[str, tuple[Card, Face]],
        cursor: tuple[int, int] | None,
        marks: Mapping[int, str],
        flip: bool = False,
        reach: Collection[str] = (),
        titles: Collection[str] = (),
        grid: Grid | None = None,
        fixtures: Mapping[str, Face] | None = None,
        aim: str | None = None,
    ) -> None:
        # the titles (a name cut to stay apart), the size and the fixtures (a Stronghold's
        # HP) may change while every piece stays as it was
        if (spec, pieces, cursor, flip, set(reach), aim, titles, grid or self.grid,
                fixtures or {}) == (self.spec, self.pieces, self.cursor, self.flip,
                                    set(self.reach), self.aim, self.titles, self.grid,
                                    self.fixtures) and all(
                marks.get(c.get("uid")) == self.marks.get(c.get("uid"))
                for c, _ in pieces.values()):
            return  # as drawn: not drawn again
        self.spec, self.pieces, self.cursor, self.marks = spec, pieces, cursor, marks
        self.flip, self.reach, self.aim, self.titles = flip, reach, aim, titles
        if grid is not None and grid != self.grid:  # the position's own size (Grid.sized)
            self.grid = grid
            self.styles.min_height = len(grid.rows)  # every row drawn, one line each at least
        self.fixtures = fixtures or {}
        self.refresh()

    def render(self) -> Text:
        g = self.grid
        ncols, nrows = len(g.cols), len(g.rows)
        width, height = self.size.width, max(self.size.height, nrows)
        w = card_width(width, ncols, least=4)
        h = max(1, height // nrows)
        colours = self.spec.colours if self.spec is not None else {}
        out = Text()
        for r in range(nrows):
            cols: list[list[Text]] = []
            for c in range(ncols):
                name = g.cell_name(c, r, self.flip)
                focused = self.cursor == (c, r)
                piece = self.pieces.get(name)
                reached = AIM if name == self.aim else REACH if name in self.reach else ""
                fixture = self.fixtures.get(name)
                if piece is None and fixture is not None:
                    cols.append(face_lines(fixture, colours, w, h, focused=focused,
                                           mark=reached))
                elif piece is None:
                    cols.append(_empty(w, h, focused, name, mark=reached))
                else:
                    card, face = piece
                    uid = card.get("uid")
                    mark = self.marks.get(uid, "") if uid is not None else ""
                    cols.append(face_lines(face, colours, w, h, focused=focused,
                                           mark=reached or mark, names=self.titles))
            for line in range(h):
                if r or line:
                    out.append("\n")
                for c, col in enumerate(cols):
                    if c:
                        out.append(" ")
                    out.append_text(col[line])
        return out


def _side(sections: Sequence[Section], prefix: str) -> list[tuple[str, Section]]:
    out = []
    for s in sections:
        if isinstance(s, Bar):
            out.append((f"{prefix}-bar", s))
        elif isinstance(s, Row):
            out.append((f"{prefix}-{s.zone}", s))
        else:
            out.append((f"grid-{s.zone}", s))
    return out


class Board(Vertical):
    """Every section of the layout, the stage line between the sides, and the cursor."""

    def __init__(self, spec: ScreenSpec, *, editing: bool = False, id: str = "board",
                 names: Collection[str] | None = None) -> None:
        super().__init__(id=id)
        self.spec = spec
        # what a cut name stays apart from: the game's names (display.game_names), so a
        # card is cut alike all game; without them, the titles on the board
        self.names = names
        self.editing = editing  # the sandbox: every counter can be focused, editing ones shown
        lay = spec.layout
        self.sections: list[tuple[str, Section, str]] = (
            [(rid, s, "opp") for rid, s in _side(lay.theirs, "opp")]
            + [(rid, s, "mid") for rid, s in _side(lay.middle, "mid")]
            + [(rid, s, "my") for rid, s in _side(lay.mine, "my")]
        )
        self.nav: list[NavRow] = []
        self.grids: dict[str, Grid] = {}  # a grid section's id -> the position's grid
        self.row = 0
        self.cols: dict[str, int] = {}
        self.view: View = {"zones": {}, "vars": {}}
        self.bottom = 0
        self._at_bottom = True  # the cursor starts on the last row (the viewer's hand)

    def compose(self) -> ComposeResult:
        stage_done = False
        for rid, s, side in self.sections:
            if side != "opp" and not stage_done:
                yield Static(id="stage")
                stage_done = True
            if isinstance(s, Bar):
                yield ZoneBar(id=rid, classes="bar")
            elif isinstance(s, Row):
                yield CardRow(s, id=rid, classes="large" if s.large else "small")
            else:
                yield GridView(s, id=rid, classes="grid")
        if not stage_done:
            yield Static(id="stage")

    # -- reading the view ----------------------------------------------------------------

    def seat_of(self, side: str) -> int | None:
        return None if side == "mid" else self.bottom if side == "my" else 1 - self.bottom

    def zone(self, seat: int | None, name: str) -> list[Card]:
        key = shared_zone(name) if seat is None else zkey(seat, name)
        z = self.view["zones"].get(key, [])
        return z if isinstance(z, list) else []

    def row_cards(self, seat: int | None, s: Row) -> list[Card | None]:
        """A row's cards as drawn: in zone order, or, in a numbered row (`Row.slot`),
        each at its slot with None in the empty ones (a card without a slot after)."""
        cards = self.zone(seat, s.zone)
        if not s.slot:
            return list(cards)
        out: list[Card | None] = [None] * s.slots
        rest: list[Card | None] = []
        for c in cards:
            n = c.get(s.slot)
            if isinstance(n, int) and 1 <= n <= s.slots and out[n - 1] is None:
                out[n - 1] = c
            else:
                rest.append(c)
        return out + rest

    def count(self, seat: int | None, name: str) -> int:
        key = shared_zone(name) if seat is None else zkey(seat, name)
        z = self.view["zones"].get(key, 0)
        return len(z) if isinstance(z, list) else int(z or 0)

    def seen(self, seat: int | None, name: str) -> bool:
        """Whether the viewer sees the zone's cards. A zone the view does not name has
        never held a card: shared and own zones count as seen, another seat's not."""
        key = shared_zone(name) if seat is None else zkey(seat, name)
        z = self.view["zones"].get(key)
        if z is None:
            return self.editing or seat is None or self.view.get("player") == seat
        return isinstance(z, list)

    def counters(self, bar: Bar, seat: int) -> list[Counter]:
        rows = {s.zone for _, s, side in self.sections
                if isinstance(s, Row) and self.seat_of(side) == seat}
        out = []
        for c in bar.counters:
            if c.editing and not self.editing:
                continue
            if c.unseen_only and c.zone in rows and self.seen(seat, c.zone):
                continue
            out.append(c)
        return out

    def grid_of(self, rid: str, s: Grid) -> Grid:
        """The grid section `rid` as the loaded position has it (its size may be an option)."""
        return self.grids.get(rid, s)

    def flipped(self, g: Grid) -> bool:
        """A turned grid is drawn round when the second seat is at the bottom."""
        return g.turned and self.bottom == 1

    def focusable(self, c: Counter, seat: int) -> bool:
        return self.editing or (c.browse and self.seen(seat, c.zone))

    # -- navigation ----------------------------------------------------------------------

    def _build_nav(self) -> None:
        nav: list[NavRow] = []
        for rid, s, side in self.sections:
            seat = self.seat_of(side)
            if isinstance(s, Bar):
                assert seat is not None
                spots = [Spot("counter", seat, c.zone, c.title, counter=c)
                         for c in self.counters(s, seat) if self.focusable(c, seat)]
                if spots:
                    nav.append(NavRow(rid, spots))
            elif isinstance(s, Row):
                if s.unseen == "hide" and not self.seen(seat, s.zone):
                    continue
                cards = self.row_cards(seat, s)
                stops = s.empty_stops or self.editing  # the sandbox puts cards there
                if not cards and not stops:
                    continue
                n = max(len(cards), s.slots if stops else 0, 1)
                nav.append(NavRow(rid, [Spot("card", seat, s.zone, s.label,
                                             card=cards[i] if i < len(cards) else None)
                                        for i in range(n)]))
            else:
                g = self.grids[rid] = s.of(self.view)
                at = {str(c.get(g.cell)): c for c in self.zone(None, g.zone)}
                for r in range(len(g.rows)):
                    spots = []
                    for c in range(len(g.cols)):
                        name = g.cell_name(c, r, self.flipped(g))
                        spots.append(Spot("cell", None, s.zone, name, card=at.get(name),
                                          cell=name))
                    nav.append(NavRow(f"{rid}-{r}", spots))
        old = self.nav[self.row].rid if self.nav and self.row < len(self.nav) else None
        self.nav = nav
        ids = [n.rid for n in nav]
        if self._at_bottom:
            self.row, self._at_bottom = len(nav) - 1, False
        elif old in ids:
            self.row = ids.index(old)
        self.row = min(max(self.row, 0), max(len(nav) - 1, 0))
        for n in nav:
            self.cols[n.rid] = min(max(self.cols.get(n.rid, 0), 0), len(n.spots) - 1)

    @property
    def row_id(self) -> str:
        return self.nav[self.row].rid if self.nav else ""

    def focused(self) -> Spot | None:
        if not self.nav:
            return None
        n = self.nav[self.row]
        return n.spots[self.cols[n.rid]]

    def move(self, dx: int, dy: int, wrap: bool = False) -> None:
        """Move the cursor. Up and down stop at the top and bottom rows (down from your
        hand used to land on the far side's top row); `wrap` (tab) cycles round."""
        if not self.nav:
            return
        if dy and not wrap and self._within_lines(dy):
            return
        if dy:
            old = self.nav[self.row]
            row = self.row + dy
            self.row = row % len(self.nav) if wrap else min(max(row, 0), len(self.nav) - 1)
            new = self.nav[self.row]
            if old.spots[0].kind == new.spots[0].kind == "cell" and \
                    old.spots[0].zone == new.spots[0].zone:
                self.cols[new.rid] = self.cols[old.rid]  # up and down a grid keep the column
        if dx:
            n = self.nav[self.row]
            self.cols[n.rid] = min(max(self.cols[n.rid] + dx, 0), len(n.spots) - 1)

    def _within_lines(self, dy: int) -> bool:
        """Up or down between the lines of a row drawn on several (a hand that wraps):
        the line below held cards down could not reach, only right and left could."""
        n = self.nav[self.row]
        row = next(iter(self.query(f"#{n.rid}").results(CardRow)), None)
        step = row.per_line() if row is not None else 0
        col = self.cols[n.rid]
        if not step or not 0 <= col // step + dy <= (len(n.spots) - 1) // step:
            return False
        self.cols[n.rid] = min(col + dy * step, len(n.spots) - 1)
        return True

    def goto(self, pred: Callable[[Spot], bool]) -> bool:
        """Put the cursor on the first spot (top to bottom) where pred(spot) is true."""
        for i, n in enumerate(self.nav):
            for j, spot in enumerate(n.spots):
                if pred(spot):
                    self.row, self.cols[n.rid] = i, j
                    return True
        return False

    def cards_by_uid(self) -> dict[int, Card]:
        return {int(c["uid"]): c for z in self.view["zones"].values() if isinstance(z, list)
                for c in z if c.get("uid") is not None}

    # -- drawing -------------------------------------------------------------------------

    def load(self, view: View, bottom: int) -> None:
        """Take a new view, seat `bottom` at the bottom; the cursor stays on its row."""
        self.view, self.bottom = view, bottom
        self._build_nav()

    def show(
        self,
        names: Sequence[str],
        marks: Mapping[int, str] | None = None,
        cursor: bool = True,
        bar_names: Sequence[str] | None = None,
        reach: Collection[str] = (),
        aim: str | None = None,
    ) -> None:
        """Draw the loaded view; `cursor`: show the cursor. `names` name the seats (on
        the bars too, unless `bar_names` are given); `reach`: grid cells to mark REACH,
        `aim` the one among them to mark AIM."""
        view = self.view
        marks = marks or {}
        spec = self.spec
        spot = self.focused() if cursor else None
        here = self.row_id if cursor else None
        faces = self._faces()
        titles = self.names if self.names is not None else \
            {f.title for fs in faces.values() for f in fs if f is not None}
        for rid, s, side in self.sections:
            seat = self.seat_of(side)
            if isinstance(s, Bar):
                assert seat is not None
                self._draw_bar(rid, s, seat, bar_names or names, here)
            elif isinstance(s, Row):
                w = self.query_one(f"#{rid}", CardRow)
                visible = not (s.unseen == "hide" and not self.seen(seat, s.zone))
                w.display = visible
                if not visible:
                    continue
                cards = self.row_cards(seat, s)
                hidden = 0 if self.seen(seat, s.zone) else self.count(seat, s.zone)
                slot_marks = tuple(s.marks(view, seat)) if s.marks and seat is not None else ()
                w.set_data(spec, cards, faces[rid], self.cols.get(rid) if here == rid else None,
                           marks, hidden=hidden, titles=titles, slot_marks=slot_marks)
            else:
                gv = self.query_one(f"#{rid}", GridView)
                g = self.grid_of(rid, s)
                pieces = {str(c.get(g.cell)): (c, f)
                          for c, f in zip(self.zone(None, g.zone), faces[rid], strict=True)
                          if f is not None}
                where = None
                if spot is not None and spot.kind == "cell" and here and here.startswith(rid):
                    where = (self.cols[here], int(here.rsplit("-", 1)[1]))
                fixtures = g.fixtures(view, names) if g.fixtures is not None else {}
                gv.set_data(spec, pieces, where, marks, flip=self.flipped(g), reach=reach,
                            titles=titles, grid=g, fixtures=fixtures, aim=aim)
        st = spec.stage(view, names)
        line = Text(no_wrap=True, overflow="ellipsis")
        if st.text:
            if st.label:
                line.append(f"{st.label} ", style="bold yellow")
            line.append(st.text, style=tone(st.tone))
        else:
            line.append("─" * 3 + f" {spec.words.stage_empty} " + "─" * 60, style="dim")
        show_text(self.query_one("#stage", Static), line)

    def _faces(self) -> dict[str, list[Face | None]]:
        """Each drawn row's and grid's card faces, by widget id (None: an empty slot)."""
        out: dict[str, list[Face | None]] = {}
        for rid, s, side in self.sections:
            seat = self.seat_of(side)
            if isinstance(s, Grid):
                out[rid] = [self.spec.face(c, s.zone, self.view) for c in self.zone(None, s.zone)]
            elif isinstance(s, Row) and not (s.unseen == "hide" and not self.seen(seat, s.zone)):
                out[rid] = [None if c is None else self.spec.face(c, s.zone, self.view)
                            for c in self.row_cards(seat, s)]
        return out

    def _draw_bar(self, rid: str, bar: Bar, seat: int, names: Sequence[str],
                  here: str | None) -> None:
        role = self.spec.role(self.view, seat)
        name = f"{names[seat]} {role}" if role else names[seat]
        parts: list[tuple[str, Text]] = [
            ("", Text(name, style="bold cyan" if seat == self.bottom else "bold green"))]
        for c in self.counters(bar, seat):
            n = self.count(seat, c.zone)
            t = Text(f"{c.label} {n}" + (f"/{c.of}" if c.of is not None else ""))
            if c.split and n and self.seen(seat, c.zone):
                flagged = sum(1 for x in self.zone(seat, c.zone) if x.get(c.split))
                t.append(f" ▲{n - flagged}", style="bold")
                t.append(f" ▼{flagged}", style="dim")
            parts.append((c.zone if self.focusable(c, seat) else "", t))
        cursor = self.cols.get(rid) if here == rid else None
        self.query_one(f"#{rid}", ZoneBar).set_data(parts, cursor)
