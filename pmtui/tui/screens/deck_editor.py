"""The deck editor screen: the card pool searched as you type (the card query syntax) on
the left, the deck by the ruleset's parts on the right, the ruleset's check and the
summary under it (docs/decks.md). The model (pmtui/table/deck_editor.py) holds the deck;
this screen only draws it and turns keys into its calls."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, Static, TextArea

from pmtui.table.deck_editor import DeckEditor, Summary
from pmtui.table.decklist import MAX_LIST_BYTES, DeckListError, export_list, import_list
from pmtui.table.decks import DeckStoreError
from pmtui.table.logtext import printable
from pmtui.table.sandbox.model import CardSearch
from pmtui.tui.display import detail_text
from pmtui.tui.guard import DismissOnce, guarded
from pmtui.tui.sandbox.prompts import MenuScreen, card_label
from pmtui.tui.screens.info import CardScreen
from pmtui.tui.screens.see_through import SeeThrough
from pmtui.tui.stack import OneOfEachKind
from pmtui.tui.widgets.footer import Footer
from pmtui.tui.widgets.picklist import Item, PickList

MAX_HITS = 300
BARS = " ▁▂▃▄▅▆▇█"
CURVE_ROWS = 3
EMPTY_VIEW = {"player": None, "zones": {}, "vars": {}}


def curve_text(summary: Summary, width: int) -> Text:
    """The curve as a bar chart: CURVE_ROWS rows of eighths, the values under them."""
    t = Text(f"{summary.curve_name} curve\n", style="bold")
    if not summary.curve:
        return t.append("(no cards)", style="dim")
    cell = max(3, *(len(str(v)) + 1 for v, _ in summary.curve))
    cells = summary.curve[: max(width // cell, 1)]
    top = max(n for _, n in cells) or 1
    for row in range(CURVE_ROWS, 0, -1):
        for _, n in cells:
            eighths = round(n * CURVE_ROWS * 8 / top) - (row - 1) * 8
            t.append(f"{BARS[min(max(eighths, 0), 8)] * (cell - 1)} ", style="cyan")
        t.append("\n")
    t.append("".join(f"{v:<{cell}}" for v, _ in cells), style="dim")
    t.append("\n" + "".join(f"{n:<{cell}}" for _, n in cells), style="dim")
    return t


@guarded
class NameScreen(SeeThrough, DismissOnce, ModalScreen[str | None]):
    """A name typed in: enter gives it, escape cancels."""

    DEFAULT_CLASSES = "prompt"
    BINDINGS = [Binding("escape", "close", "Cancel", id="deck_name_close")]
    # focused by Textual once it is up, not by a mount that looked for the field: a
    # box closed by the next key before then had none (keys read in one go)
    AUTO_FOCUS = "#deck-name"

    def __init__(self, title: str, default: str = "") -> None:
        super().__init__()
        self.title_text = title
        self.default = default

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Static(Text(self.title_text, style="bold"), id="title")
            yield Input(value=self.default, id="deck-name")
            yield Static(Text("enter: this name · escape: cancel", style="dim"))
        yield Footer()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)

    def action_close(self) -> None:
        self.dismiss(None)


class ListArea(TextArea):
    """The paste field: a paste that would make the list larger than a list may be is
    refused in one notice before it reaches the field (a 10 MB paste over SSH would
    otherwise be laid out whole)."""

    def _on_paste(self, event: events.Paste) -> None:
        size = len(self.text.encode("utf-8", "surrogatepass"))
        if size + len(event.text.encode("utf-8", "surrogatepass")) > MAX_LIST_BYTES:
            event.prevent_default()
            event.stop()
            self.app.notify(f"a deck list has at most {MAX_LIST_BYTES // 1024} KB: the "
                            "paste was not taken", severity="warning", timeout=4)
        # otherwise TextArea's own handler takes it (Textual calls each class's in turn)

    # Textual redraws the scrollbars of an undo or redo before it puts the cursor back,
    # with the cursor still where the undone text ended: on a line that may be gone
    # (a pasted list taken back raised ValueError). From the first line the redraw is
    # safe, and the undo then puts the cursor where it belongs.
    def undo(self) -> None:
        if self.history.undo_stack:
            self.move_cursor((0, 0))
        super().undo()

    def redo(self) -> None:
        if self.history.redo_stack:
            self.move_cursor((0, 0))
        super().redo()


@guarded
class PasteScreen(SeeThrough, DismissOnce, ModalScreen[str | None]):
    """A deck list pasted (or typed): ctrl+s reads it, escape cancels."""

    DEFAULT_CLASSES = "prompt"
    BINDINGS = [
        Binding("ctrl+s", "take", "Read the list", id="deck_paste_take"),
        Binding("escape", "close", "Cancel", id="deck_paste_close"),
    ]
    DEFAULT_CSS = "PasteScreen TextArea { height: 12; }"
    AUTO_FOCUS = "#paste"  # as the name box's

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Static(Text("Paste a deck list: 3 Card Name a line, # part headings",
                              style="bold"), id="title")
            yield ListArea(id="paste")
            yield Static(Text("ctrl+s reads it · escape cancels", style="dim"))
        yield Footer()

    def action_take(self) -> None:
        self.dismiss(self.query_one(TextArea).text)

    def action_close(self) -> None:
        self.dismiss(None)


@guarded
class DeckEditorScreen(DismissOnce, Screen[None]):
    """Build a deck: `/` searches the pool, `+`/enter adds, `-` removes, tab changes side."""

    # Keys that move the focus are priority bindings: they are taken in the order the
    # keys came, so that a burst of keys over SSH ("/" then a card id, enter then "+")
    # lands where the first key sent the focus (others go to the focused widget).
    BINDINGS = [
        Binding("slash", "search", "Search", priority=True, id="deck_search"),
        Binding("tab", "switch", "Pool/deck", priority=True, id="deck_switch"),
        Binding("plus,equals_sign", "add", "+1", id="deck_add"),
        Binding("enter", "enter", "+1", show=False, priority=True, id="deck_enter"),
        Binding("minus,delete", "remove", "-1", id="deck_remove"),
        Binding("p", "add_to_part", "+1 to part", show=False, id="deck_add_to_part"),
        Binding("d", "card", "Card", id="deck_card"),
        Binding("u", "undo", "Undo", id="deck_undo"),
        Binding("s", "save", "Save", id="deck_save"),
        Binding("a", "save_as", "Save as", id="deck_save_as"),
        Binding("r", "rename", "Rename", show=False, id="deck_rename"),
        Binding("x", "delete", "Delete", show=False, id="deck_delete"),
        Binding("b", "builtin", "Built-in", id="deck_builtin"),
        Binding("i", "paste", "Import", show=False, id="deck_import"),
        Binding("e", "export", "Export", show=False, id="deck_export"),
        Binding("q", "leave", "Leave", id="deck_leave"),
        Binding("escape", "leave", "Leave", show=False, priority=True, id="deck_escape"),
    ]
    AUTO_FOCUS = "#cards"  # the pool list, not the search field: keys act, not type
    DEFAULT_CSS = """
    DeckEditorScreen #sides { height: 1fr; }
    DeckEditorScreen #pool-side, DeckEditorScreen #deck-side { width: 1fr; }
    DeckEditorScreen #pool-side { border-right: solid $panel; }
    DeckEditorScreen #cards { height: 1fr; max-height: 100; }
    DeckEditorScreen #rows { height: 1fr; max-height: 100; }
    DeckEditorScreen #search { height: 1; border: none; padding: 0 1; }
    DeckEditorScreen #problems { height: auto; max-height: 3; }
    DeckEditorScreen #pool-count { height: 1; }
    DeckEditorScreen #verdict { height: 3; }
    DeckEditorScreen #summary { height: auto; }
    """

    def __init__(self, editor: DeckEditor, on_leave: Callable[[], None] | None = None) -> None:
        super().__init__()
        self.editor = editor
        self.pool = CardSearch(editor.rs)
        self.spec = editor.rs.screen
        self.on_leave = on_leave
        self.found: list[str] = []
        self._leaving = False
        self._faces: dict[str, Text] = {}  # a pool card's line without its count: it stays

    def compose(self) -> ComposeResult:
        with Horizontal(id="sides"):
            with Vertical(id="pool-side"):
                example = self.pool.example()
                yield Input(placeholder=f"/ search: words, {example}".strip(), id="search")
                yield Static(id="pool-count")
                yield PickList([], id="cards")
            with Vertical(id="deck-side"):
                yield Static(id="verdict")
                yield PickList([], id="rows")
                yield Static(id="problems")
                yield Static(id="summary")
        yield Footer()

    def on_mount(self) -> None:
        if self not in self.app.screen_stack:  # closed before it was up (keys read in
            return  # one go): its widgets are gone
        self._search("")
        self._draw()
        self.query_one("#cards", PickList).focus()

    # -- drawing ------------------------------------------------------------------------

    def _label(self, cid: str) -> Text:
        limit = self.editor.limit(cid)
        n = self.editor.count(cid)
        t = Text(f"{n}/{limit} " if limit is not None else f"{n}   ",
                 style="bold" if n else "dim")
        face = self._faces.get(cid)
        if face is None:
            face = self._faces[cid] = card_label(self.spec, cid, width=16)
        t.append_text(face)
        return t

    def _search(self, query: str) -> None:
        count = self.query_one("#pool-count", Static)
        try:
            found = self.pool.search(query)
        except ValueError as exc:  # a filter not readable yet: say why, keep typing
            count.update(Text(printable(exc), style="yellow"))
            return
        self.found = [d.id for d in found[:MAX_HITS]]
        more = f" (first {MAX_HITS})" if len(found) > MAX_HITS else ""
        count.update(Text(f"{len(found)} card(s){more}", style="dim"))
        self._draw_pool(index=0)

    def _draw_pool(self, index: int | None = None) -> None:
        self.query_one("#cards", PickList).set_items(
            [Item(self._label(cid), cid) for cid in self.found], index)

    def _draw(self) -> None:
        ed = self.editor
        deck = ed.deck()
        sizes = " · ".join(f"{p} {len(deck.part(p))}" for p in ed.rs.deck_parts)
        name = printable(ed.name or "(not saved)")
        mark = " *" if ed.modified else ""
        problems = ed.problems()
        verdict = ed.verdict(problems)
        head = Text(f"{name}{mark}  ", style="bold", no_wrap=True, overflow="ellipsis")
        head.append(f"{sizes}\n", style="dim")
        head.append(verdict, style="green" if verdict.startswith("legal") else "yellow")
        self.query_one("#verdict", Static).update(head)
        items = []
        for part, cid, n in ed.rows():
            card = ed.rs.cards.get(cid)
            label = Text(f"{part:<8} ", style="dim")
            label.append(f"{n} ")
            label.append(printable(card.name if card else f"{cid} (unknown)"))
            label.append(f"  {cid}", style="dim")
            items.append(Item(label, f"{part}\t{cid}"))
        self.query_one("#rows", PickList).set_items(items)
        self.query_one("#problems", Static).update(
            Text("\n".join(printable(p) for p in problems[:3])
                 + (f"\n... {len(problems) - 3} more" if len(problems) > 3 else ""),
                 style="yellow", no_wrap=True, overflow="ellipsis"))
        summary = ed.summary()
        # before the first layout the side has no width yet: half the screen
        width = self.query_one("#deck-side").size.width or max(self.app.size.width // 2, 20)
        t = Text()
        for counts, style in ((summary.kinds, ""), (summary.colours, "dim")):
            line = Text(" ".join(f"{printable(k)} {n}" for k, n in counts), style=style)
            line.truncate(width)
            t.append_text(line).append("\n")
        t.append_text(curve_text(summary, width))
        self.query_one("#summary", Static).update(t)
        self._draw_pool()

    def _say(self, text: object, bad: bool = False) -> None:
        self.app.notify(printable(text), severity="warning" if bad else "information",
                        timeout=4)

    # -- what the keys do ---------------------------------------------------------------

    def _focused(self) -> tuple[str | None, str] | None:
        """(part or None, card id) under the cursor of the focused side."""
        rows = self.query_one("#rows", PickList)
        if self.focused is rows:
            item = rows.highlighted
            if item is None:
                return None
            part, cid = item.value.split("\t")
            return part, cid
        item = self.query_one("#cards", PickList).highlighted
        return None if item is None else (None, item.value)

    def on_input_changed(self, event: Input.Changed) -> None:
        self._search(event.value)

    def action_enter(self) -> None:
        """In the search field: back to the list; on a list: one copy more."""
        if self.focused is self.query_one("#search", Input):
            self.set_focus(self.query_one("#cards", PickList))
        else:
            self.action_add()

    def action_search(self) -> None:
        self.set_focus(self.query_one("#search", Input))

    def action_switch(self) -> None:
        rows = self.query_one("#rows", PickList)
        self.set_focus(self.query_one("#cards", PickList) if self.focused is rows else rows)

    def action_add(self) -> None:
        at = self._focused()
        if at is None:
            return
        part, cid = at
        put = self.editor.add(cid, part)
        limit = self.editor.limit(cid)
        if limit is not None and self.editor.count(cid) > limit:
            self._say(f"{cid}: {self.editor.count(cid)} copies, the limit is {limit}", True)
        elif part is None and put != self.editor.rs.deck_parts[0]:
            self._say(f"{cid} goes to {put}")
        self._draw()

    def action_add_to_part(self) -> None:
        """A copy into a part the game would not put it in by itself (a card set aside
        from the deck, say): the parts to choose from."""
        at = self._focused()
        if at is None:
            return
        cid = at[1]

        def chosen(part: str | None) -> None:
            if part:
                self.editor.add(cid, part)
                self._draw()

        parts = self.editor.rs.deck_parts
        self.app.push_screen(MenuScreen(f"Add {cid} to which part?", [(p, p) for p in parts]),
                             chosen)

    def action_remove(self) -> None:
        at = self._focused()
        if at is not None and self.editor.remove(at[1], at[0]):
            self._draw()

    def action_undo(self) -> None:
        if self.editor.undo():
            self._draw()
        else:
            self._say("nothing to undo")

    def action_card(self) -> None:
        at = self._focused()
        if at is None:
            return
        # a pool card is no card of a game: its id, not a card number, beside the title
        detail = replace(self.spec.detail({"cid": at[1]}, "", EMPTY_VIEW), ref=at[1])
        self.app.push_screen(CardScreen(detail_text(detail, self.spec.colours)))

    def _saved(self, do: Callable[[], str], what: str) -> None:
        try:
            name = do()
        except DeckStoreError as exc:
            self._say(exc, True)
            return
        self._say(f"{what} {name}")
        self._draw()

    def action_save(self) -> None:
        if self.editor.name is None:
            self.action_save_as()
            return
        self._saved(self.editor.save, "saved")

    def action_save_as(self) -> None:
        def named(name: str | None) -> None:
            if name:
                self._saved(lambda: self.editor.save(name), "saved")

        self.app.push_screen(NameScreen("Save the deck as", self.editor.name or ""), named)

    def action_rename(self) -> None:
        def named(name: str | None) -> None:
            if name:
                self._saved(lambda: self.editor.rename(name), "renamed to")

        self.app.push_screen(NameScreen("Rename the deck", self.editor.name or ""), named)

    def action_delete(self) -> None:
        if self.editor.name is None:
            self._say("this deck is not saved: nothing to delete", True)
            return

        def chosen(value: str | None) -> None:
            if value == "delete":
                try:
                    self.editor.delete()
                except DeckStoreError as exc:
                    self._say(exc, True)
                    return
                self._say("deleted; s or a saves it again")
                self._draw()

        self.app.push_screen(MenuScreen(f"Delete the deck {printable(self.editor.name)}?",
                                        [("keep it", "keep"), ("delete it", "delete")]),
                             chosen)

    def action_builtin(self) -> None:
        rs = self.editor.rs

        def chosen(value: str | None) -> None:
            if value:
                self.editor.start_from(rs.load_deck(value))
                self._say(f"started from {value}; u undoes")
                self._draw()

        self.app.push_screen(MenuScreen("Start from a built-in deck",
                                        [(n, n) for n in rs.builtin_decks()]), chosen)

    def action_paste(self) -> None:
        """A pasted list replaces the deck (u goes back); a bad line is one notice."""

        def pasted(text: str | None) -> None:
            if text is None or not text.strip():
                return
            if len(text.encode("utf-8", "surrogatepass")) > MAX_LIST_BYTES:
                self._say(f"a deck list has at most {MAX_LIST_BYTES // 1024} KB", True)
                return
            try:
                deck = import_list(self.editor.rs, text, self.editor.title)
            except DeckListError as exc:
                self._say(exc, True)
                return
            self.editor.start_from(deck)
            self._say(f"read {len(deck.cards)} cards; u goes back")
            self._draw()

        self.app.push_screen(PasteScreen(), pasted)

    def action_export(self) -> None:
        """The deck as a list, on a sheet and copied to the terminal's clipboard."""
        lines = export_list(self.editor.rs, self.editor.deck())
        text = "\n".join(lines)
        self.app.copy_to_clipboard(text)
        body = Text("Copied to the clipboard (where the terminal allows it):\n\n",
                    style="dim")
        body.append("\n".join(printable(line) for line in lines) or "(an empty deck)")
        self.app.push_screen(CardScreen(body))

    def action_leave(self) -> None:
        if self.focused is self.query_one("#search", Input):
            self.set_focus(self.query_one("#cards", PickList))
            return
        if self.editor.modified and not self._leaving:
            self._leaving = True
            self._say("not saved: q again leaves without saving, s saves", True)
            return
        if self.on_leave is not None:
            self.on_leave()
        else:
            self.dismiss()


class DeckEditorApp(OneOfEachKind, App[int]):
    """`pmtui deck edit`: the editor alone."""

    CSS_PATH = "../pmtui.tcss"

    def __init__(self, editor: DeckEditor) -> None:
        super().__init__()
        self.editor = editor

    def on_mount(self) -> None:
        self.push_screen(DeckEditorScreen(self.editor, on_leave=lambda: self.exit(0)))
