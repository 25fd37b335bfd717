"""The game screen over SSH: the TUI's `PmApp` and `GameScreen`, at one seat of a server table.

`NetApp` is `PmApp` driving a `SeatTable` instead of a `LocalTable`: the same
board, prompts, cost picker, help and palette, but

- the viewer is fixed: the session's seat (a spectator looks from seat 1's side
  and gets the public view only);
- the other seat is a person at another session or the server's computer
  player: the table calls back when anything moves and the screen redraws;
- passes made for you (when passing is your only choice) are made for your seat
  only, never for the opponent;
- the seed is not shown: with it and the decks one could work out the shuffles;
- `q` (or ctrl+q) goes back to the lobby; your seat stays yours.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from rich.text import Text
from textual.app import App
from textual.binding import Binding

import pmtui.tui.app as tui_app
from pmtui.net.driver import CalmNotifications, OverSsh
from pmtui.net.tables import SeatTable
from pmtui.tui.app import PmApp
from pmtui.tui.keys import GAME_BINDINGS, TuiConfig, config_data
from pmtui.tui.screens.game import GameScreen
from pmtui.tui.screens.info import GameOverScreen

_SAME = object()
# the game screen's widgets (CSS selectors) and the method it redraws each with; the
# board's rows, bars and grids by their type, whatever the ruleset's layout holds
REDRAWN = {"#status": "update", "#stage": "update", "#detail": "update", "#prompt": "update",
           "#flow": "show", "CardRow": "set_data", "ZoneBar": "set_data",
           "GridView": "set_data"}


def _skip_same(fn: Callable[..., Any]) -> Callable[..., Any]:
    """`fn`, skipped when called with what it was called with last time."""
    last: list[Any] = [_SAME]

    def call(*args: Any, **kwargs: Any) -> Any:
        key = (args, kwargs)
        try:
            if key == last[0]:
                return None
        except Exception:  # noqa: BLE001 - not comparable: just draw
            pass
        last[0] = key
        return fn(*args, **kwargs)

    return call


def to_lobby(bindings: list[Binding], binding_id: str) -> list[Binding]:
    """`bindings`, with the one that quits labelled for what it does here."""
    return [replace(b, description="Lobby") if b.id == binding_id else b for b in bindings]


class NetGameScreen(GameScreen):
    """The game screen for a network table: no seed in the status line, and only what
    changed is redrawn.

    The game screen redraws every widget after every key; one server draws every
    session's screen, so here a widget given what it already shows is left alone. (The
    footer redraws only when its keys change by itself: pmtui/tui/widgets/footer.py.)
    """

    # q leaves for the lobby (the seat stays yours), so the footer says so
    BINDINGS = to_lobby(GAME_BINDINGS, "quit")
    QUIT_HINT = "q: back to the lobby"

    def on_mount(self) -> None:  # Textual runs GameScreen.on_mount after this one
        for wid, method in REDRAWN.items():
            for w in self.query(wid):
                fn = getattr(w, method, None)
                if callable(fn):
                    setattr(w, method, _skip_same(fn))

    def _status_text(self) -> Text:
        pm = self.pm
        table: SeatTable = pm.table  # type: ignore[assignment]
        vars_ = self.pview["vars"]
        t = Text(no_wrap=True, overflow="ellipsis")
        t.append(" pmtui ", style="bold reverse")
        t.append(f" table {table.table_id} · {pm.label(pm.viewer)} vs {pm.label(1 - pm.viewer)}")
        if table.seat is None:
            t.append(" · watching", style="yellow")
        if vars_.get("turn"):
            t.append(f" · turn {vars_['turn']}")
        if pm.always_ask:
            t.append(" · always ask", style="yellow")
        if table.error:
            t.append(f" · stopped: {table.error}", style="red")
        return t


class NetGameOverScreen(GameOverScreen):
    BINDINGS = to_lobby(GameOverScreen.BINDINGS, "over_quit")
    HINT = "q back to the lobby · escape shows the table"


class NetApp(OverSsh, CalmNotifications, PmApp):
    """One session's game screen at a server table."""

    COMMANDS = PmApp.COMMANDS - App.COMMANDS  # the table's commands, no system ones

    # Textual reads CSS_PATH relative to the subclass's module: point at the TUI's file.
    CSS_PATH = str(Path(tui_app.__file__).parent / PmApp.CSS_PATH)  # type: ignore[operator]

    def __init__(self, table: SeatTable, *, config: TuiConfig | None = None,
                 keep: Callable[[dict[str, Any]], None] | None = None) -> None:
        super().__init__(table, hotseat=False, config=config or TuiConfig(), threaded=False,  # type: ignore[arg-type]
                         catch_errors=True)
        self.keeper = keep  # where this player's settings go: the server's, for them alone
        self.seat_table = table
        self.viewer = table.seat if table.seat is not None else 0
        self.game_screen = NetGameScreen(self.spec)
        self._change_pending = False
        self.ssh_terminal: Any = None

    def keep_settings(self) -> str:
        """The server writes no settings file: a change is kept for this player (their
        name and key) and their next table starts from it, the colour depth included."""
        if self.keeper is None:
            return "Applied, not kept: this table has nowhere to keep settings."
        self.keeper(config_data(self.config))
        return "Applied; kept for your next tables on this server."

    # -- what PmApp asks ---------------------------------------------------------------------

    @property
    def table_version(self) -> int:
        return self.seat_table.version

    @property
    def busy(self) -> bool:  # type: ignore[override]
        return self.seat_table.computer_running

    @busy.setter
    def busy(self, value: bool) -> None:
        pass  # the server's table knows when the computer is thinking

    def log_name(self, player: int) -> str:
        t = self.seat_table
        if t.seat is not None and player == t.seat:
            return "You"
        name = t.names[player]
        if not t.is_human(player):
            return "CPU" if name == "Computer" else name
        return name

    def label(self, player: int) -> str:
        t = self.seat_table
        mine = t.seat is not None and player == t.seat
        away = not mine and t.is_human(player) and t.away(player)
        return f"{self.log_name(player)} (away)" if away else self.log_name(player)

    def can_undo(self) -> bool:
        return not self.busy and self.seat_table.can_undo(self.viewer)

    def undo(self) -> None:
        """The undo key: against the computer only (between two people it would need
        the other's consent, which the server does not ask for yet)."""
        if not self.can_undo():
            self.notify(self.undo_refusal(), severity="warning")
            return
        self._do_undo(self.viewer)

    def undo_refusal(self) -> str:
        if not self.busy and not self.seat_table.vs_computer:
            # "nothing you may take back now" read as if the player had no move to undo
            return ("no undo between two players here: it would need the other's consent, "
                    "which the server does not ask for yet")
        return super().undo_refusal()

    def open_replay(self) -> None:
        # The replay viewer reads the game's whole log; a session gets views only.
        self.notify("The replay viewer is not available over SSH yet.", severity="warning")

    def table_commands(self) -> list[Any]:
        return [c for c in super().table_commands() if c[0] != "replay"]

    # -- lifecycle ---------------------------------------------------------------------------

    def on_mount(self) -> None:  # Textual runs PmApp.on_mount after this one
        self.seat_table.subscribe(self._table_moved)

    def detach(self) -> None:
        self.seat_table.unsubscribe(self._table_moved)

    def _table_moved(self) -> None:
        """Called (on the event loop) whenever the table changed; redraws once per burst."""
        if self._change_pending:
            return
        self._change_pending = True
        self.call_later(self._redraw_after_change)

    def _redraw_after_change(self) -> None:
        self._change_pending = False
        for problem in self.seat_table.take_problems():
            self.notify(problem, severity="warning", timeout=8)
        self.advance()

    # -- the one path for decisions ----------------------------------------------------------

    def advance(self) -> None:
        """Redraw; pass for this seat where passing is its only choice; open its prompt."""
        if not self.game_screen.is_mounted:
            return
        table = self.seat_table
        if table.seat is not None:
            # a decision of this seat's is pending only while the computer waits for it,
            # even if its thread has not said it is done yet
            for _ in range(1000):  # automatic passes for this seat, bounded
                d = table.decision_for(self.viewer)
                if d is None:
                    break
                try:
                    if not self._auto_pass(d):
                        break
                except Exception as exc:  # noqa: BLE001 - shown, the game goes on
                    self.notify(f"{exc}"[:200], severity="warning")
                    break
        self.game_screen.refresh_board()
        if self.too_small:
            return
        if table.over:
            self._show_game_over()
            return
        d = table.pending()
        if d is None:
            return
        if not table.is_human(d.player):
            if table.seat is not None:
                table.kick_computer()
            return
        if d.player == self.viewer and table.seat is not None:
            self.open_prompt()

    def _show_game_over(self) -> None:
        if self._over_shown:
            return
        self._over_shown = True
        over = self.seat_table.over or {}
        w = over.get("winner")
        seat = self.seat_table.seat
        if w is None:
            headline = "Draw."
        elif seat is not None and w == seat:
            headline = "You win!"
        else:
            headline = f"{self.log_name(w)} won."
        self._close_prompts()
        self.push_screen(NetGameOverScreen(headline, self.named(str(over.get("reason", "")))))
