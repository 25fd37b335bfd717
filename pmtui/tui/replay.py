"""The replay viewer: `pmtui replay SAVE`, and `r` in a game for the game so far.

It stands on `ReplayCursor` (pmtui/engine/replay.py): the state at any step is
a fold of the logged events, no rules code and no randomness, so an old save
replays after the rules change. What is drawn comes from a player VIEW
(`pmtui.engine.views.view`) for perspective player 1 or 2, with the log
redacted for that player; "both" is an omniscient rendering (every card face
up, nothing redacted), offered for a save file given on the command line and,
inside a game, only once it is over.

Steps count records after the header (see ReplayCursor): step p is the state
after the first p records. Right/left move one record (a decision or one
event); the decision stride lands just after a decision record, so the board
shows the moment it was made and the line at the bottom names it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from rich.table import Table
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen, Screen
from textual.timer import Timer
from textual.widgets import Input, Static

from pmtui.engine.chance import roll_text
from pmtui.engine.replay import ReplayCursor
from pmtui.engine.screen import ScreenSpec
from pmtui.engine.views import omniscient_view, redact, redact_decision, view
from pmtui.table.logtext import LogLine, end_text, log_lines, moves_text, seat, zone_word
from pmtui.tui.display import detail_text
from pmtui.tui.guard import guarded
from pmtui.tui.widgets.board import Board
from pmtui.tui.widgets.footer import Footer
from pmtui.tui.widgets.panels import TurnFlow, _styled
from pmtui.tui.words import REF

Perspective = int | None  # 0, 1, or None: both sides, every card shown
SPEEDS = [0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 32.0]  # autoplay, records per second
DEFAULT_SPEED = 3  # 4 records a second

REPLAY_BINDINGS: list[Binding] = [
    Binding("right", "step(1)", "step", key_display="←→", id="r_next"),
    Binding("left", "step(-1)", "Back one step", show=False, id="r_prev"),
    Binding("right_square_bracket", "decision(1)", "decision", key_display="[]",
            id="r_next_decision"),
    Binding("left_square_bracket", "decision(-1)", "Previous decision", show=False,
            id="r_prev_decision"),
    Binding("shift+right", "decision(1)", "Next decision", show=False, id="r_next_decision2"),
    Binding("shift+left", "decision(-1)", "Previous decision", show=False,
            id="r_prev_decision2"),
    Binding("n", "turn(1)", "turn", key_display="n/p", id="r_next_turn"),
    Binding("p", "turn(-1)", "Previous turn", show=False, id="r_prev_turn"),
    Binding("g", "goto", "go to", id="r_goto"),
    Binding("space", "autoplay", "play", key_display="␣", id="r_play"),
    Binding("plus", "speed(1)", "Faster", show=False, id="r_faster"),
    Binding("equals_sign", "speed(1)", "Faster", show=False, id="r_faster2"),
    Binding("minus", "speed(-1)", "Slower", show=False, id="r_slower"),
    Binding("1", "view(0)", "view", key_display="1 2 b", id="r_view1"),
    Binding("2", "view(1)", "View as player 2", show=False, id="r_view2"),
    Binding("b", "view_both", "View both sides", show=False, id="r_view_both"),
    Binding("home", "edge(0)", "Start", show=False, id="r_start"),
    Binding("end", "edge(1)", "End", show=False, id="r_end"),
    Binding("q", "close", "quit", id="r_quit"),
    Binding("question_mark", "help", "keys", key_display="?", id="r_help"),
    Binding("escape", "close", "Close", show=False, id="r_close"),
]

REPLAY_HELP = [
    ("→ / ←", "one step forward / back (a decision or one event)"),
    ("] / [  shift+→ / ←", "next / previous decision"),
    ("n / p", "next / previous turn"),
    ("home / end", "the start (first decision) / the end"),
    ("g", "go to a turn (type its number)"),
    ("space", "autoplay on / off"),
    ("+ / -", "autoplay faster / slower"),
    ("1 / 2", "view as player 1 / player 2 (the other hand stays hidden)"),
    ("b", "view both sides: every hand card shown (a finished game or a save file)"),
    ("?", "this screen"),
    ("q / escape", "leave the viewer"),
]




class ReplayModel:
    """A save's records around a ReplayCursor, with what the viewer needs per perspective."""

    def __init__(
        self,
        header: Mapping[str, Any],
        records: Sequence[Mapping[str, Any]],
        *,
        ruleset: Any = None,
        warnings: Sequence[str] = (),
    ) -> None:
        if ruleset is None:
            from pmtui.table.games import ruleset as load
            from pmtui.table.registry import header_ruleset

            ruleset = load(header_ruleset(header))  # SetupError: not installed
        self.rs = ruleset
        self.header = dict(header)
        self.cursor = ReplayCursor(header, [dict(r) for r in records])  # FoldError
        self.defs: Mapping[str, Any] = ruleset.cards
        players = list(self.header.get("players") or [])
        self.names = [
            str(players[i].get("name") or f"Player {i + 1}")
            if i < len(players) and isinstance(players[i], Mapping) else f"Player {i + 1}"
            for i in (0, 1)
        ]
        self.warnings = list(warnings)
        if self.header.get("pool_digest") not in (None, ruleset.pool_digest):
            self.warnings.append("the card pool has changed since this game was played: "
                                 "some cards may show differently")
        self.over = self.cursor.state.vars.get("over")  # the cursor starts at the end
        self.turns = sorted({t for _, t in self.cursor.turn_steps if isinstance(t, int)})
        self._logs: dict[Perspective, list[tuple[int, LogLine]]] = {}

    @classmethod
    def from_file(cls, path: str | Path) -> ReplayModel:
        """Read a save (SaveError, FoldError, SetupError: all one line)."""
        from pmtui.engine.journal import read_journal

        loaded = read_journal(path)
        return cls(loaded.header, loaded.records, warnings=loaded.warnings)

    @property
    def humans(self) -> list[int]:
        players = self.header.get("players") or []
        return [i for i, p in enumerate(players[:2])
                if isinstance(p, Mapping) and p.get("kind") == "human"]

    def __len__(self) -> int:
        return len(self.cursor)

    # -- what one perspective may see -----------------------------------------------

    def view(self, perspective: Perspective) -> dict[str, Any]:
        state = self.cursor.state
        if perspective is None:
            return omniscient_view(self.rs, state)
        return view(self.rs, state, perspective)

    def card_name(self, cid: Any) -> str:
        d = self.defs.get(str(cid)) if cid else None
        return d.name if d is not None else (str(cid) if cid else "a card")

    def _event(self, ev: Mapping[str, Any], perspective: Perspective) -> dict[str, Any]:
        return dict(ev) if perspective is None else redact(self.rs, dict(ev), perspective)

    def _decision(self, rec: Mapping[str, Any], perspective: Perspective) -> dict[str, Any]:
        return dict(rec) if perspective is None else redact_decision(rec, perspective)

    def record_text(self, index: int, perspective: Perspective) -> str:
        """One record in words, as `perspective` may read it (decisions in notation)."""
        rec = self.cursor.record_at(index)
        if rec is None:
            return ""
        kind = rec.get("type")
        if kind == "decision":
            r = self._decision(rec, perspective)
            return f"{seat(r.get('player'))} {r.get('action')}"
        if kind == "undo":
            return f"undo: back to decision {rec.get('to')}"
        if kind == "note":
            return f"note: {rec.get('text', '')}"
        if kind != "event":
            return str(kind)
        return self.event_text(self._event(rec.get("event") or {}, perspective))

    def event_text(self, ev: Mapping[str, Any]) -> str:
        t = ev.get("t")
        if t == "move":
            return moves_text([ev], self.card_name)
        if t == "shuffle":
            owner = str(ev.get("zone", "?/")).partition("/")[0]
            who = f"P{int(owner) + 1}" if owner.isdigit() else "?"
            return f"{who} shuffles the {zone_word(ev.get('zone'))}"
        if t == "var":
            s = ev.get("set") or {}
            if "turn" in s:
                return f"turn {s['turn']}: {seat(s.get('ap'))}'s turn"
            shown = [f"{k} {v}" for k, v in s.items() if isinstance(v, str | int) and
                     not isinstance(v, bool) and k in ("phase", "step", "prio", "passes")]
            return "· " + ", ".join(shown) if shown else "· the table changes"
        if t == "flag":
            uid = ev.get("card")
            c = self.cursor.state.cards[uid] if isinstance(uid, int) and 0 <= uid < len(
                self.cursor.state.cards) else None
            name = self.card_name(c.cid) if c is not None else "cards"
            flags = ", ".join(f"{k} {v}" if v is not None else f"no {k}"
                              for k, v in (ev.get("f") or {}).items())
            return f"{name}: {flags}"
        if t == "roll":
            return roll_text(ev)
        if t == "end":
            return end_text(ev)
        if t == "create":
            return f"{len(ev.get('cards') or [])} cards on the table"
        if t in ("look", "reveal", "say"):
            what = ev.get("text") or ev.get("why") or ""
            return f"{t} {what}".strip()
        return str(t)

    def log(self, perspective: Perspective) -> list[tuple[int, LogLine]]:
        """The game log as `perspective` reads it: (step it appears at, line)."""
        cached = self._logs.get(perspective)
        if cached is None:
            cached = log_lines(
                self.cursor.records,
                event=lambda ev: self._event(ev, perspective),
                decision=lambda rec: self._decision(rec, perspective),
                card_name=self.card_name,
                notes=True,
            )
            self._logs[perspective] = cached
        return cached

    # -- strides -------------------------------------------------------------------

    def start_step(self) -> int:
        """Where a replay opens: the first decision asked once cards are dealt (a hand
        redraw, say), else the first decision, else the end."""
        cur = self.cursor
        here = cur.position
        try:
            for step in cur.decision_steps[:8]:
                state = cur.seek(step)
                if any(uids for key, uids in state.zones.items() if not key.endswith("/deck")):
                    return step
        finally:
            cur.seek(here)
        return cur.decision_steps[0] if cur.decision_steps else len(self)

    def decision_stops(self) -> list[int]:
        """Just after each decision record: the board as it was decided, the line names it."""
        return [s + 1 for s in self.cursor.decision_steps]

    def turn_stops(self) -> list[int]:
        return sorted({s for s, _ in self.cursor.turn_steps})

    def turn_start(self, turn: int) -> int | None:
        """The step the first time turn `turn` began (None: the game has no such turn)."""
        return next((s for s, t in self.cursor.turn_steps if t == turn), None)

    def focus_uid(self, step: int, perspective: Perspective) -> int | None:
        """The card the record just applied is about (to highlight it), if any."""
        rec = self.cursor.record_at(step - 1)
        if rec is None:
            return None
        if rec.get("type") == "decision":
            m = REF.search(str(self._decision(rec, perspective).get("action", "")))
            return int(m.group(2)) if m else None
        if rec.get("type") == "event":
            ev = self._event(rec.get("event") or {}, perspective)
            uid = ev.get("card")
            if uid is None and ev.get("cards") and ev.get("t") == "flag":
                uid = ev["cards"][0]
            return uid if isinstance(uid, int) else None
        return None


class ReplayLog(Static):
    """The log up to the current step; the newest line at the bottom, highlighted."""

    def show_lines(self, lines: Sequence[LogLine]) -> None:
        width = max(self.size.width, 10)
        height = max(self.size.height, 1)
        picked: list[LogLine] = []
        used = 0
        for line in reversed(lines):
            rows = max(1, -(-len(line.text) // width))
            if used + rows > height and picked:
                break
            picked.append(line)
            used += rows
        out = Text()
        for i, line in enumerate(reversed(picked)):
            if i:
                out.append("\n")
            styled = _styled(line)
            if i == len(picked) - 1:
                styled.stylize("reverse")
            out.append_text(styled)
        self.update(out)


@guarded
class ReplayScreen(Screen[None]):
    """Step through a game; renders the board from a player view (or all of it: "both")."""

    BINDINGS = REPLAY_BINDINGS
    DEFAULT_CSS = """
    ReplayScreen { layout: vertical; }
    ReplayScreen #r-line { height: 1; background: $panel; }
    ReplayScreen #detail { height: 1fr; max-height: 12; }
    ReplayScreen #log { height: 1fr; border-top: solid $primary 50%; }
    """

    def __init__(
        self,
        model: ReplayModel,
        *,
        perspective: Perspective = 0,
        allow_both: bool = True,
        closable: bool = False,
        start: str | int = "start",
        labels: Sequence[str] | None = None,
    ) -> None:
        super().__init__()
        self.model = model
        self.perspective: Perspective = perspective
        self.home = perspective  # the seat a game's own viewer is locked to
        self.allow_both = allow_both  # both sides / the other seat may be shown
        self.closable = closable  # inside a game: q goes back to the table
        self.labels = list(labels) if labels else list(model.names)
        self.speed = DEFAULT_SPEED
        self.timer: Timer | None = None
        if start == "end":
            self.position = len(model)
        elif start == "start":
            self.position = model.start_step()
        else:
            self.position = max(0, min(int(start), len(model)))
        self.pview: dict[str, Any] = {"zones": {}, "vars": {}}
        self.spec: ScreenSpec = model.rs.screen

    # -- layout ----------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal(id="body"):
            yield Board(self.spec)
            with Vertical(id="side"):
                yield TurnFlow(id="flow")
                yield Static(id="detail")
                yield ReplayLog(id="log")
        yield Static(id="r-line")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one("#detail").border_title = "Card"
        self.query_one("#log").border_title = "Log"
        self.seek(self.position)

    def on_resize(self, _: Any) -> None:
        self.call_after_refresh(self.draw)

    # -- who is at the bottom ----------------------------------------------------------

    @property
    def bottom(self) -> int:
        return 0 if self.perspective is None else self.perspective

    def perspective_label(self) -> str:
        if self.perspective is None:
            return "both (all cards)"
        return f"P{self.perspective + 1} {self.labels[self.perspective]}"

    # -- moving ----------------------------------------------------------------------

    def seek(self, step: int) -> None:
        self.position = max(0, min(step, len(self.model)))
        self.model.cursor.seek(self.position)
        self.draw()

    def action_step(self, delta: int) -> None:
        self.seek(self.position + delta)

    def action_decision(self, delta: int) -> None:
        self._stride(self.model.decision_stops(), delta, "decision")

    def action_turn(self, delta: int) -> None:
        self._stride(self.model.turn_stops(), delta, "turn")

    def _stride(self, stops: list[int], delta: int, what: str) -> None:
        cur = self.model.cursor  # at self.position: every move goes through seek()
        target = cur.next_of(stops) if delta > 0 else cur.previous_of(stops)
        if target is None:
            self.app.notify(f"no {'later' if delta > 0 else 'earlier'} {what}", timeout=2)
            return
        self.seek(target)

    def action_edge(self, end: int) -> None:
        self.seek(len(self.model) if end else self.model.start_step())

    def action_goto(self) -> None:
        turns = self.model.turns
        if not turns:
            self.app.notify("this game has no turns yet", severity="warning")
            return
        self._stop()
        self.app.push_screen(GotoTurnScreen(turns[0], turns[-1]), callback=self._goto)

    def _goto(self, value: str | None) -> None:
        if value is None:
            return
        turns = self.model.turns
        try:
            turn = int(value.strip())
        except ValueError:
            self.app.notify(f"not a turn number: {value!r}", severity="warning")
            return
        step = self.model.turn_start(turn)
        if step is None:
            self.app.notify(f"no turn {turn} (turns {turns[0]}–{turns[-1]})", severity="warning")
            return
        self.seek(step)

    # -- autoplay --------------------------------------------------------------------

    def action_autoplay(self) -> None:
        if self.timer is not None:
            self._stop()
        else:
            if self.position >= len(self.model):
                self.seek(self.model.start_step())
            self._start()
        self.draw()

    def _start(self) -> None:
        self.timer = self.set_interval(1 / SPEEDS[self.speed], self._tick)

    def _stop(self) -> None:
        if self.timer is not None:
            self.timer.stop()
            self.timer = None

    def _tick(self) -> None:
        if self.position >= len(self.model):
            self._stop()
            self.draw()
            return
        self.seek(self.position + 1)

    def action_speed(self, delta: int) -> None:
        self.speed = max(0, min(self.speed + delta, len(SPEEDS) - 1))
        if self.timer is not None:
            self._stop()
            self._start()
        self.app.notify(f"autoplay: {SPEEDS[self.speed]:g} steps a second", timeout=2)
        self.draw()

    # -- perspective -------------------------------------------------------------------

    def action_view(self, player: int) -> None:
        if player != self.home and not self.allow_both:
            self.app.notify("during a game you see only your own side (both once it is over)",
                            severity="warning")
            return
        self.perspective = player
        other = 1 - player
        self.app.notify(f"Viewing as P{player + 1} {self.labels[player]}: "
                        f"P{other + 1}'s hand is hidden", timeout=4)
        self.draw()

    def action_view_both(self) -> None:
        if not self.allow_both:
            self.app.notify("both hands are shown only once the game is over",
                            severity="warning")
            return
        self.perspective = None
        self.app.notify("Viewing both sides: every hidden card is shown", timeout=4)
        self.draw()

    # -- other keys --------------------------------------------------------------------

    def action_help(self) -> None:
        self.app.push_screen(ReplayHelpScreen())

    def action_close(self) -> None:
        self._stop()
        if self.closable:
            self.dismiss(None)
        else:
            self.app.exit(0)

    # -- drawing -------------------------------------------------------------------------

    def draw(self) -> None:
        if not self.is_mounted:
            return
        model = self.model
        self.pview = model.view(self.perspective)
        focus = model.focus_uid(self.position, self.perspective)
        board = self.query_one(Board)
        board.load(self.pview, self.bottom)
        found = focus is not None and board.goto(
            lambda s: s.card is not None and s.card.get("uid") == focus)
        bar_names = [f"P{p + 1} {self.labels[p]}" for p in (0, 1)]
        board.show(self.labels, cursor=found, bar_names=bar_names)
        self.query_one("#flow", TurnFlow).show(self.spec.flow(self.pview, self.labels))
        self.query_one("#detail", Static).update(self._detail(focus))
        lines = [line for step, line in model.log(self.perspective) if step <= self.position]
        self.query_one("#log", ReplayLog).show_lines(lines)
        self.query_one("#status", Static).update(self._status_text())
        self.query_one("#r-line", Static).update(self._line_text())
        self.refresh_bindings()

    def _detail(self, focus: int | None) -> Text:
        board = self.query_one(Board)
        spot = board.focused() if focus is not None else None
        if spot is not None and spot.card is not None and spot.card.get("uid") == focus:
            return detail_text(self.spec.detail(spot.card, spot.zone, self.pview),
                               self.spec.colours)
        t = Text()
        t.append(f"Step {self.position} of {len(self.model)}\n", style="bold")
        over = self.pview["vars"].get("over")
        if over:
            w = over.get("winner")
            t.append("Draw" if w is None else f"P{w + 1} {self.labels[w]} won")
            t.append(f" ({over.get('reason', '')})\n")
        t.append(f"Viewing: {self.perspective_label()}", style="dim")
        return t

    def _status_text(self) -> Text:
        vars_ = self.pview["vars"]
        t = Text(no_wrap=True, overflow="ellipsis")
        t.append(" replay ", style="bold reverse")
        t.append(f" {self.labels[0]} vs {self.labels[1]}")
        if vars_.get("turn"):
            t.append(f" · turn {vars_['turn']}")
        t.append(f" · step {self.position}/{len(self.model)}")
        t.append(" · as ")
        t.append(self.perspective_label(), style="bold yellow" if self.perspective is None
                 else "bold")
        if self.timer is not None:
            t.append(f" · ▶ {SPEEDS[self.speed]:g}/s (+/-)", style="bold green")
        return t

    def _line_text(self) -> Text:
        t = Text(no_wrap=True, overflow="ellipsis")
        if self.position == 0:
            t.append("▶ before the first record (→ steps forward)", style="dim")
            return t
        text = self.model.record_text(self.position - 1, self.perspective)
        rec = self.model.cursor.record_at(self.position - 1) or {}
        t.append("▶ ", style="bold")
        style = "bold" if rec.get("type") == "decision" else ""
        t.append(text, style=style)
        if rec.get("type") == "decision":
            label = self.spec.label(str(text.split(" ", 1)[-1]), self.pview)
            if label.lower() != text.split(" ", 1)[-1].lower():
                t.append(f"  {label}", style="dim")
        if self.position >= len(self.model):
            t.append("  (end)", style="dim")
        return t


@guarded
class GotoTurnScreen(ModalScreen[str | None]):
    """Ask for a turn number."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="goto_cancel")]
    DEFAULT_CLASSES = "prompt"

    def __init__(self, first: int, last: int) -> None:
        super().__init__()
        self.first = first
        self.last = last

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Static(Text(f"Go to turn ({self.first}–{self.last})", style="bold"),
                         id="title")
            yield Input(placeholder="turn number", type="integer", id="turn-input")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value)

    def action_cancel(self) -> None:
        self.dismiss(None)


@guarded
class ReplayHelpScreen(ModalScreen[None]):
    BINDINGS = [
        Binding("escape", "close", "Close", id="rhelp_close"),
        Binding("question_mark", "close", "Close", show=False, id="rhelp_close2"),
        Binding("q", "close", "Close", show=False, id="rhelp_close3"),
    ]
    DEFAULT_CLASSES = "prompt"

    def compose(self) -> ComposeResult:
        table = Table.grid(padding=(0, 2))
        table.add_column(style="bold cyan", no_wrap=True)
        table.add_column()
        for key, text in REPLAY_HELP:
            table.add_row(key, text)
        with Vertical(id="box"):
            yield Static(Text("Replay viewer keys", style="bold"), id="title")
            yield Static(table)
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)


class ReplayApp(App[int]):
    """`pmtui replay SAVE`: the viewer on its own (read only: the save is not locked)."""

    CSS_PATH = "pmtui.tcss"
    TITLE = "pmtui replay"
    ENABLE_COMMAND_PALETTE = False  # nothing to command: every key is in the footer
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", show=False, priority=True, id="app_quit")]

    def __init__(
        self,
        model: ReplayModel,
        *,
        perspective: Perspective | str = "auto",
        notices: Sequence[str] = (),
        catch_errors: bool = False,
    ) -> None:
        super().__init__()
        self.model = model
        if perspective == "auto":
            perspective = model.humans[0] if model.humans else 0
        self.replay_screen = ReplayScreen(model, perspective=perspective,  # type: ignore[arg-type]
                                          allow_both=True)
        self.notices = list(notices)
        self.catch_errors = catch_errors
        self.too_small = False
        self._errors = 0
        self.fatal = ""

    def on_mount(self) -> None:
        self.push_screen(self.replay_screen)
        for notice in self.notices:
            self.notify(notice[:300], severity="warning", timeout=10)
        self._check_size(self.size.width, self.size.height)

    def on_resize(self, event: Any) -> None:
        self._check_size(event.size.width, event.size.height)

    def _check_size(self, width: int, height: int) -> None:
        from pmtui.tui.screens.info import size_check

        self.too_small = size_check(self, self.replay_screen, self.too_small, width, height)

    def _handle_exception(self, error: Exception) -> None:
        self._errors += 1
        if self.catch_errors and self._errors <= 5:
            try:
                self.notify(f"internal error: {type(error).__name__}: {error}"[:200],
                            severity="error", timeout=10)
                return
            except Exception:  # noqa: BLE001 - fall through to ending the app
                pass
        self.fatal = f"{type(error).__name__}: {error}"
        super()._handle_exception(error)

    def _print_error_renderables(self) -> None:
        if not self.catch_errors:
            super()._print_error_renderables()
            return
        if self._exit_renderables:
            self.error_console.print(f"pmtui: internal error: {self.fatal}"[:300], markup=False)
        self._exit_renderables.clear()
