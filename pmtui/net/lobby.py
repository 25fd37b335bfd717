"""The lobby: the tables on this server, and the keys to create, join, watch or leave.

The app ends with what the session does next: `("play", table id)` to sit at
your seat, `("watch", table id)`, or None to leave. Creating a table keeps you
in the lobby until someone joins; then you are taken to the table. A new table
(or a game against the computer) asks, in turn: which game (when several can be
played), each of its options (Ruleset.option_values, the default first), the deck:
the player's own decks first, then the starter decks. `e` opens the deck editor on the
player's own decks, which are kept on the server under their name and listed to
nobody else.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, OptionList, Static
from textual.widgets.option_list import Option

from pmtui.engine.ruleset import DeckList
from pmtui.net.driver import CalmNotifications, OverSsh
from pmtui.net.tables import Registry, ServerTable, TableError, User
from pmtui.table.logtext import printable
from pmtui.table.registry import DEFAULT_RULESET
from pmtui.tui import app as tui_app
from pmtui.tui.guard import DismissOnce
from pmtui.tui.notices import PlainNotices
from pmtui.tui.screens.see_through import SeeThrough
from pmtui.tui.stack import OneOfEachKind
from pmtui.tui.widgets.footer import Footer

Choice = tuple[str, int] | None

LOBBY_CSS = """
Screen { layout: vertical; }
#title { height: 1; background: $primary; color: $text; text-style: bold; padding: 0 1; }
#tables { height: 1fr; }
#message { height: 3; padding: 0 1; }
DeckScreen { align: center middle; }
DeckScreen > Vertical { width: 64; max-width: 100%; height: auto; max-height: 90%;
    border: round $accent; background: $surface; padding: 0 1; }
DeckScreen OptionList { height: auto; max-height: 16; }
"""


class DeckScreen(SeeThrough, DismissOnce, ModalScreen[str | None]):
    """Choose one of a list: a game, a value of one of its options, or a deck (the
    starter decks, then the deck files of the data directory)."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="deck_cancel")]

    def __init__(self, title: str, choices: list[tuple[str, str]]) -> None:
        super().__init__()
        self.title_text = title
        self.choices = choices

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text(self.title_text, style="bold"))
            yield OptionList(*[Option(_shown(label), id=str(i)) for i, (label, _) in
                               enumerate(self.choices)], id="decks")
            yield Static(Text("enter: choose · escape: cancel", style="dim"))
        yield Footer()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        i = int(event.option.id or 0)
        self.dismiss(self.choices[i][1])

    def action_cancel(self) -> None:
        self.dismiss(None)


def _shown(label: str) -> Text:
    """A choice's line as written (no markup), what follows its first line dim."""
    head, nl, rest = label.partition("\n")
    return Text(head).append(nl + rest, style="dim")


class LobbyApp(OverSsh, CalmNotifications, OneOfEachKind, PlainNotices, App[Choice]):
    CSS = LOBBY_CSS
    # the deck editor's screens and prompts are styled by the TUI's file
    CSS_PATH = str(Path(tui_app.__file__).parent / "pmtui.tcss")
    ENABLE_COMMAND_PALETTE = False  # no command of its own: every key is in the footer
    TITLE = "pmtui lobby"
    BINDINGS = [
        Binding("c", "create", "Create"),
        Binding("j", "join", "Join"),
        Binding("w", "watch", "Watch"),
        Binding("p", "computer", "Play vs computer"),
        Binding("x", "close_table", "Close my table"),
        Binding("e", "decks", "My decks"),
        Binding("q", "leave", "Leave"),
        Binding("ctrl+q", "leave", "Leave", show=False, priority=True),
    ]

    def __init__(self, registry: Registry, user: User, notice: str = "") -> None:
        super().__init__()
        self.registry = registry
        self.user = user
        self.notice = notice
        self.waiting_for: int | None = None
        self._refresh_pending = False
        self._rows: list[int] = []
        self._seat_hint: int | None = None  # the table the message says is yours
        self.ssh_terminal: Any = None

    # -- layout ---------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(f"pmtui lobby · signed in as {self.user.name}", id="title")
        table: DataTable[Any] = DataTable(id="tables", cursor_type="row", zebra_stripes=True)
        table.add_columns("#", "Players", "Watch", "State")
        yield table
        yield Static(id="message")
        yield Footer()

    def on_mount(self) -> None:
        self.registry.subscribe(self._registry_changed)
        self.refresh_tables()
        mine = [t for t in self.registry.seats_of(self.user) if t.state == "playing"]
        waiting = [t for t in self.registry.seats_of(self.user) if t.state == "waiting"]
        if waiting:
            self.waiting_for = waiting[0].id
        if self.notice:
            self.say(self.notice, "yellow")
        elif mine:
            self._select(mine[0].id)
            self._seat_hint = mine[0].id
            self._say_seat_hint()
        else:
            self.say("Welcome. c creates a table, p plays against the computer, "
                     "j joins the selected table, w watches it.")
        self.query_one("#tables", DataTable).focus()

    def on_unmount(self) -> None:
        self.registry.unsubscribe(self._registry_changed)

    def detach(self) -> None:
        self.registry.unsubscribe(self._registry_changed)

    def say(self, text: str, style: str = "") -> None:
        self._seat_hint = None  # any other message replaces the way back to your seat
        self.query_one("#message", Static).update(Text(text, style=style))

    def _say_seat_hint(self) -> None:
        """The way back to your game, true wherever the cursor is: j joins the row
        under the cursor, so on another row the hint says to go back to yours."""
        tid = self._seat_hint
        if tid is None:
            return
        where = "j takes you back to your seat." if self.selected_id() == tid else \
            "select it (▶) and press j to go back to your seat."
        self.say(f"You have a game at table {tid}: {where}", "bold")
        self._seat_hint = tid

    # -- the list ---------------------------------------------------------------------------

    def _registry_changed(self) -> None:
        """Called on the event loop (outside this app's context) when any table moved."""
        if self._refresh_pending:
            return
        self._refresh_pending = True
        self.call_later(self._refresh_soon)  # a message: handled in this app's context

    def _refresh_soon(self) -> None:
        self.set_timer(0.15, self._refresh_now)  # one refresh per burst of changes

    def _refresh_now(self) -> None:
        self._refresh_pending = False
        if self.waiting_for is not None:
            t = self.registry.tables.get(self.waiting_for)
            if t is None:
                self.waiting_for = None
            elif t.state == "playing" and t.seat_of(self.user) is not None:
                self.exit(("play", t.id))
                return
        self.refresh_tables()

    def refresh_tables(self) -> None:
        rows: list[tuple[str, ...]] = []
        ids: list[int] = []
        for t in self.registry.listing():
            mark = "▶ " if t.seat_of(self.user) is not None and t.state != "over" else ""
            players = " vs ".join(t.names())
            rows.append((f"{mark}{t.id}", players[:40], str(t.spectators), t.describe()[:60]))
            ids.append(t.id)
        if not rows:
            rows.append(("", "no tables yet: c creates one", "", "p plays the computer"))
        if rows == getattr(self, "_shown_rows", None):
            return  # nothing changed: no redraw
        self._shown_rows = rows
        dt = self.query_one("#tables", DataTable)
        keep = self.selected_id()
        dt.clear()
        self._rows = ids
        for row in rows:
            dt.add_row(*row)
        if keep is not None:
            self._select(keep)
        self.refresh_bindings()

    def _select(self, tid: int) -> None:
        if tid in self._rows:
            self.query_one("#tables", DataTable).move_cursor(row=self._rows.index(tid))

    def selected_id(self) -> int | None:
        dt = self.query_one("#tables", DataTable)
        row = dt.cursor_row
        return self._rows[row] if 0 <= row < len(self._rows) else None

    def selected(self) -> ServerTable | None:
        tid = self.selected_id()
        return self.registry.tables.get(tid) if tid is not None else None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        t = self.selected()
        if action in ("join", "watch") and t is None:
            return False
        if action in ("join", "watch") and t is not None and t.result is not None:
            return False  # a finished game, released: its result is all that is left
        if action == "watch" and t is not None and t.local is None:
            return False
        if action == "close_table":
            return t is not None and t.state == "waiting" and t.seat_of(self.user) is not None
        return True

    def on_data_table_row_highlighted(self, _event: Any) -> None:
        self.refresh_bindings()
        self._say_seat_hint()

    def on_data_table_row_selected(self, _event: Any) -> None:
        self.action_join()  # enter on a row

    # -- actions -----------------------------------------------------------------------------

    def _guard(self, fn: Callable[[], None]) -> None:
        try:
            fn()
        except TableError as exc:
            self.say(str(exc), "bold red")
        except Exception as exc:  # noqa: BLE001 - a lobby error is one line, never a crash
            self.say(f"error: {type(exc).__name__}: {exc}"[:200], "bold red")

    def _pick_deck(self, title: str, then: Callable[[str], None],
                   game: str = DEFAULT_RULESET, options: Mapping[str, str] | None = None,
                   like: DeckList | None = None) -> None:
        """Choose a deck; `like`: the deck at the table joined (only its format's)."""
        def chosen(spec: str | None) -> None:
            if spec:
                self._guard(lambda: then(spec))

        choices: list[tuple[str, str]] = []
        self._guard(lambda: choices.extend(
            self.registry.deck_choices(game, options, like, self.user)))
        choices = [(self._about(label, spec, game, options), spec) for label, spec in choices]
        if choices:
            self.push_screen(DeckScreen(title, choices), callback=chosen)

    def _about(self, label: str, spec: str, game: str,
               options: Mapping[str, str] | None) -> str:
        """A deck's line and, under it, what the deck is (its description): the names
        alone ("foxfire_vigil (starter)") told a newcomer nothing of what they play."""
        try:
            about = self.registry.load_deck(spec, game, options, self.user).description
        except TableError:
            return label  # a broken deck file says so when chosen
        # a deck file of the data directory may say anything: no terminal codes from it
        return f"{printable(label)}\n  {printable(about)}" if about else printable(label)

    def _pick_game(self, then: Callable[[str], None]) -> None:
        """Which game the new table plays: asked only when more than one is installed."""
        games = self.registry.game_choices()
        if len(games) <= 1:
            then(games[0][1] if games else DEFAULT_RULESET)
            return

        def chosen(game: str | None) -> None:
            if game:
                then(game)

        self.push_screen(DeckScreen("Which game?", games), callback=chosen)

    def _pick_options(self, game: str, then: Callable[[str, dict[str, str]], None]) -> None:
        """The game's options, one menu each (escape gives up the new table)."""
        menus: list[tuple[str, list[tuple[str, str]]]] = []
        self._guard(lambda: menus.extend(self.registry.option_menus(game)))
        chosen: dict[str, str] = {}

        def ask(i: int) -> None:
            if i == len(menus):
                then(game, chosen)
                return
            title, choices = menus[i]
            name = title.partition(":")[0]

            def answered(value: str | None) -> None:
                if value is None:
                    return  # escape: no table
                if value:
                    chosen[name] = value
                ask(i + 1)

            # the default's value is "": the menu gives None only for escape
            self.push_screen(DeckScreen(f"Game option {title}", choices), callback=answered)

        ask(0)

    def action_create(self) -> None:
        self._pick_game(lambda game: self._pick_options(game, self._create))

    def _create(self, game: str, options: Mapping[str, str]) -> None:
        def create(spec: str) -> None:
            t = self.registry.create(self.user, spec, game, options)
            self.waiting_for = t.id
            self.refresh_tables()
            self._select(t.id)
            self.say(f"Table {t.id} is open: waiting for a player to join "
                     "(you will be taken there; x closes it).", "bold")

        self._pick_deck("Your deck for a new table", create, game, options)

    def action_join(self) -> None:
        t = self.selected()
        if t is None:
            return
        if t.result is not None:
            self.say(f"The game at table {t.id} is over ({t.result}).", "yellow")
            return
        seat = t.seat_of(self.user)
        if seat is not None and t.state in ("playing", "over", "stopped") and t.local:
            self.exit(("play", t.id))
            return
        if seat is not None:
            self.say(f"Table {t.id} is yours: waiting for a player to join.", "yellow")
            return
        if t.open_seat() is None:
            self.say(f"Table {t.id} has no open seat: w watches it.", "yellow")
            return

        def join(spec: str) -> None:
            table = self.registry.join(self.user, t.id, spec)
            self.exit(("play", table.id))

        like = t.deck_waiting()
        kind = f", {like.format}-format decks" if like is not None and like.format else ""
        self._pick_deck(f"Your deck for table {t.id} (against {t.names()[0]}{kind})", join,
                        t.game, t.options, like)

    def action_watch(self) -> None:
        t = self.selected()
        if t is None:
            return
        if t.result is not None:
            self.say(f"The game at table {t.id} is over ({t.result}).", "yellow")
            return
        if t.local is None:
            self.say(f"Table {t.id} has not started yet.", "yellow")
            return
        self.exit(("watch", t.id))

    def action_computer(self) -> None:
        self._pick_game(lambda game: self._pick_options(game, self._computer))

    def _computer(self, game: str, options: Mapping[str, str]) -> None:
        def play(spec: str) -> None:
            table = self.registry.play_computer(self.user, spec, game=game, options=options)
            self.exit(("play", table.id))

        self._pick_deck("Your deck against the computer", play, game, options)

    def action_close_table(self) -> None:
        t = self.selected()
        if t is None:
            return

        def close() -> None:
            self.registry.close(self.user, t.id)
            if self.waiting_for == t.id:
                self.waiting_for = None
            self.refresh_tables()
            self.say(f"Table {t.id} closed.")

        self._guard(close)

    def action_decks(self) -> None:
        """The deck editor on one of the player's own decks, a new one, or a copy of a
        starter deck (saved among the player's own)."""
        self._pick_game(self._decks)

    def _decks(self, game: str) -> None:
        store = self.registry.own_decks(self.user, game)
        own = [(f"{name} (your deck)", f"own\t{name}") for name in store.names()]
        starters = [(f"start from {name} (starter)", f"starter\t{name}")
                    for name in store.rs.builtin_decks()]
        choices = [("a new deck", "new\t"), *own, *starters]

        def chosen(value: str | None) -> None:
            if value is not None:
                name = value.partition("\t")[2]
                self._guard(lambda: self.edit_deck(game, name or None))

        self.push_screen(DeckScreen(f"Your decks ({len(own)} of {store.max_decks})", choices),
                         callback=chosen)

    def edit_deck(self, game: str, name: str | None) -> None:
        """The deck editor on the player's deck `name` of `game` (a starter deck's name:
        a copy of it; None: a new deck)."""
        from pmtui.table.deck_editor import open_deck
        from pmtui.table.decks import DeckStoreError
        from pmtui.tui.screens.deck_editor import DeckEditorScreen

        store = self.registry.own_decks(self.user, game)
        try:
            editor = open_deck(store.rs, store, name)
        except DeckStoreError as exc:
            raise TableError(str(exc)) from None
        self.push_screen(DeckEditorScreen(editor))  # it dismisses itself once

    def action_leave(self) -> None:
        self.exit(None)
