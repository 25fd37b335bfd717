"""The sandbox's own prompts: a menu, the card search, "why not?", save as, help.

Like the game's prompts they never change anything themselves: each
dismisses with what was chosen (or calls back with typed text) and the app
makes the change, so every bad input ends as one notice line.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, Static

from pmtui.engine.screen import ScreenSpec
from pmtui.tui.display import colour_chip
from pmtui.tui.guard import DismissOnce, guarded
from pmtui.tui.keys import verb_id
from pmtui.tui.screens.info import KEY_NAMES
from pmtui.tui.screens.see_through import SeeThrough
from pmtui.tui.widgets.footer import Footer
from pmtui.tui.widgets.picklist import Item, PickList

from .keys import SANDBOX_HELP, SANDBOX_NOTES

MAX_HITS = 300


def card_label(spec: ScreenSpec, cid: str, width: int = 24) -> Text:
    """A card of the pool on one line: its face's colour, title, id and stats line."""
    face = spec.face({"cid": cid}, "", {"player": None, "zones": {}, "vars": {}})
    t = colour_chip(spec.colours, face.colour)
    t.append(f" {face.title[:width]:<{width}} ")
    t.append(f"{cid:<9}", style="dim")
    t.append(f" {face.left} {face.right}", style="dim")
    return t


@guarded
class MenuScreen(SeeThrough, DismissOnce, ModalScreen[str | None]):
    """Choose one of (label, value); enter chooses, escape closes."""

    DEFAULT_CLASSES = "prompt"
    BINDINGS = [
        Binding("enter", "choose", "Choose", id="sb_menu_choose"),
        Binding("escape", "close", "Close", id="sb_menu_close"),
    ]

    def __init__(self, title: str, options: Sequence[tuple[str | Text, str]], *,
                 initial: int = 0, body: str = "") -> None:
        super().__init__()
        self.title_text = title
        self.options = list(options)
        self.initial = initial
        self.body_text = body

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Static(Text(self.title_text, style="bold"), id="title")
            if self.body_text:
                yield Static(Text(self.body_text), id="prompt-body")
            items = [Item(label if isinstance(label, Text) else Text(label), value)
                     for label, value in self.options]
            yield PickList(items, id="choices")
        yield Footer()

    def on_mount(self) -> None:
        pl = self.query_one(PickList)
        pl.index = min(max(self.initial, 0), max(len(self.options) - 1, 0))
        pl.focus()

    def action_choose(self) -> None:
        item = self.query_one(PickList).highlighted
        if item is not None:
            self.dismiss(item.value)

    def action_close(self) -> None:
        self.dismiss(None)


@guarded
class CardSearchScreen(SeeThrough, DismissOnce, ModalScreen[str | None]):
    """The card pool, searched as you type: words and FIELD:VALUE filters (docs/tui.md)."""

    DEFAULT_CLASSES = "prompt"
    BINDINGS = [
        Binding("up", "move(-1)", "Up", show=False, id="sb_search_up"),
        Binding("down", "move(1)", "Down", show=False, id="sb_search_down"),
        Binding("pageup", "move(-8)", "Page up", show=False, id="sb_search_pgup"),
        Binding("pagedown", "move(8)", "Page down", show=False, id="sb_search_pgdn"),
        Binding("enter", "choose", "Choose", id="sb_search_choose"),
        Binding("escape", "close", "Close", id="sb_search_close"),
    ]

    def __init__(self, title: str, pool: Any, spec: ScreenSpec, query: str = "") -> None:
        super().__init__()
        self.title_text = title
        self.pool = pool
        self.spec = spec
        self.initial_query = query

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Static(Text(self.title_text, style="bold"), id="title")
            example = self.pool.example()
            like = f", or filters like {example}" if example else ""
            yield Input(value=self.initial_query, placeholder=f"words{like}", id="search")
            yield Static(id="count")
            yield PickList([], id="cards")
            yield Static(id="hint")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(Input).focus()
        self._search(self.initial_query)

    def on_input_changed(self, event: Input.Changed) -> None:
        self._search(event.value)

    def on_input_submitted(self, _: Input.Submitted) -> None:
        self.action_choose()

    def _search(self, query: str) -> None:
        count = self.query_one("#count", Static)
        try:
            found = self.pool.search(query)
        except ValueError as exc:  # a filter not (yet) readable: say why, keep typing
            self.query_one(PickList).set_items([])
            count.update(Text(str(exc), style="yellow"))
            self.query_one("#hint", Static).update("")
            return
        items = [Item(card_label(self.spec, d.id), d.id) for d in found[:MAX_HITS]]
        pl = self.query_one(PickList)
        pl.set_items(items)
        pl.index = 0
        more = f" (first {MAX_HITS})" if len(found) > MAX_HITS else ""
        count.update(
            Text(f"{len(found)} card(s){more} · up/down choose · enter takes it", style="dim"))
        self._hint()

    def _hint(self) -> None:
        item = self.query_one(PickList).highlighted
        hint = self.query_one("#hint", Static)
        if item is None:
            hint.update(Text("no card matches", style="yellow"))
            return
        hint.update(Text(self.pool.hint(item.value), style="dim"))

    def action_move(self, delta: int) -> None:
        self.query_one(PickList).action_move(delta)
        self._hint()

    def action_choose(self) -> None:
        item = self.query_one(PickList).highlighted
        if item is None:
            self.app.notify("no card matches that search", severity="warning")
            return
        self.dismiss(item.value)

    def action_close(self) -> None:
        self.dismiss(None)


@guarded
class WhyScreen(SeeThrough, DismissOnce, ModalScreen[None]):
    """Why not? Type an action (notation) or pick one; the rules' answer, one line."""

    DEFAULT_CLASSES = "prompt"
    BINDINGS = [
        Binding("up", "move(-1)", "Up", show=False, id="sb_why_up"),
        Binding("down", "move(1)", "Down", show=False, id="sb_why_down"),
        Binding("enter", "ask", "Ask", id="sb_why_ask"),
        Binding("escape", "close", "Close", id="sb_why_close"),
    ]

    def __init__(self, title: str, suggestions: Sequence[tuple[str, str | None]],
                 ask: Callable[[str], str | None], initial: str = "",
                 example: str = "") -> None:
        super().__init__()
        self.title_text = title
        self.example = example  # an action of this game, for the hints
        self.suggestions = list(suggestions)  # (text, reason or None when legal)
        self.ask = ask
        self.initial = initial
        self.answer = ""  # the last answer shown (tests read it)

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Static(Text(self.title_text, style="bold"), id="title")
            like = f", like: {self.example}" if self.example else ""
            yield Input(value=self.initial, placeholder=f"an action{like}", id="why-input")
            yield Static(id="why-answer")
            items = []
            for text, reason in self.suggestions:
                label = Text("✓ " if reason is None else "✗ ",
                             style="bold green" if reason is None else "red")
                label.append(text)
                items.append(Item(label, text))
            yield PickList(items, id="why-list")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(Input).focus()
        if self.initial:
            self._show(self.initial, self._known(self.initial))
        else:
            self._answer(Text("type an action and press enter, or pick one with up/down",
                              style="dim"))

    def _known(self, text: str) -> str | None:
        for t, reason in self.suggestions:
            if t == text:
                return reason
        return self.ask(text)

    def _answer(self, text: Text) -> None:
        self.answer = text.plain
        self.query_one("#why-answer", Static).update(text)

    def _show(self, text: str, reason: str | None) -> None:
        if reason is None:
            self._answer(Text.assemble(("legal: ", "bold green"), (text, "bold"),
                                       (" is a choice now (play it with its key or ctrl+p)",
                                        "green")))
        else:
            self._answer(Text.assemble(("why not: ", "bold red"), (reason, "")))

    def action_move(self, delta: int) -> None:
        pl = self.query_one(PickList)
        pl.action_move(delta)
        item = pl.highlighted
        if item is None:
            return
        self.query_one(Input).value = item.value
        self._show(item.value, self._known(item.value))

    def on_input_submitted(self, _: Input.Submitted) -> None:
        self.action_ask()

    def action_ask(self) -> None:
        text = self.query_one(Input).value.strip()
        if not text:
            like = f", like: {self.example}" if self.example else ""
            self._answer(Text(f"type an action first{like}", style="yellow"))
            return
        try:
            reason = self.ask(text)
        except ValueError as exc:
            self._answer(Text(str(exc), style="yellow"))
            return
        self._show(text, reason)

    def action_close(self) -> None:
        self.dismiss(None)


@guarded
class SaveScreen(SeeThrough, DismissOnce, ModalScreen[str | None]):
    """Save as: a path; `save(path)` returns a one-line report or raises ValueError."""

    DEFAULT_CLASSES = "prompt"
    BINDINGS = [
        Binding("enter", "save", "Save", id="sb_save_save"),
        Binding("escape", "close", "Cancel", id="sb_save_close"),
    ]

    def __init__(self, default: str, save: Callable[[str], str],
                 exists: Callable[[str], bool]) -> None:
        super().__init__()
        self.default = default
        self.save = save
        self.exists = exists
        self._confirm = ""

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Static(Text("Save the position as a scenario file (TOML)", style="bold"),
                         id="title")
            yield Input(value=self.default, id="save-path")
            yield Static(Text("enter saves · escape cancels · pmtui check FILE runs it",
                              style="dim"), id="save-msg")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, _: Input.Submitted) -> None:
        self.action_save()

    def on_input_changed(self, _: Input.Changed) -> None:
        self._confirm = ""

    def _msg(self, text: str, style: str) -> None:
        self.query_one("#save-msg", Static).update(Text(text, style=style))

    def action_save(self) -> None:
        path = self.query_one(Input).value.strip()
        if not path:
            self._msg("type a file name", "yellow")
            return
        if self.exists(path) and self._confirm != path:
            self._confirm = path
            self._msg("that file exists: enter again to overwrite it", "yellow")
            return
        try:
            report = self.save(path)
        except ValueError as exc:
            self._msg(str(exc), "red")
            return
        self.dismiss(report)

    def action_close(self) -> None:
        self.dismiss(None)


@guarded
class SandboxHelpScreen(SeeThrough, DismissOnce, ModalScreen[None]):
    """Every sandbox key with what it does."""

    DEFAULT_CLASSES = "prompt"
    BINDINGS = [
        Binding("escape", "close", "Close", id="sb_help_close"),
        Binding("question_mark", "close", "Close", show=False, id="sb_help_close2"),
        Binding("q", "close", "Close", show=False, id="sb_help_close3"),
        Binding("down", "scroll(1)", "Down", show=False, id="sb_help_down"),
        Binding("up", "scroll(-1)", "Up", show=False, id="sb_help_up"),
    ]

    def __init__(self, screen: Screen[Any], spec: ScreenSpec) -> None:
        super().__init__()
        # the sandbox screen's keys: its own and the ruleset's verbs that kept their key
        self.bindings = [b for group in screen._bindings.key_to_bindings.values()
                         for b in group]
        self.help = {**SANDBOX_HELP, **{verb_id(v): v.help for v in spec.verbs}}

    def compose(self) -> ComposeResult:
        table = Table.grid(padding=(0, 2))
        table.add_column(style="bold cyan", no_wrap=True)
        table.add_column()
        seen = set()
        for b in self.bindings:
            bid = b.id or b.action
            if bid in seen or bid not in self.help:
                continue
            seen.add(bid)
            key = KEY_NAMES.get(b.key, b.key)
            if len(key) == 1 and key.isupper():
                key = f"shift+{key.lower()}"
            table.add_row(key, self.help[bid])
        with Vertical(id="box"):
            yield Static(Text("Sandbox keys (both sides are yours)", style="bold"))
            with VerticalScroll(id="help-scroll"):
                yield Static(table)
                yield Static(Text(SANDBOX_NOTES, style="dim"))
        yield Footer()

    def action_scroll(self, delta: int) -> None:
        self.query_one("#help-scroll", VerticalScroll).scroll_relative(y=delta * 3,
                                                                        animate=False)

    def action_close(self) -> None:
        self.dismiss(None)
