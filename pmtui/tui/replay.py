"""The replay viewer: `pmtui replay SAVE`, and `r` in a game for the game so far.

The replay itself is headless (pmtui/table/replay.py: the save around a cursor,
the viewer's step and perspective, what a step shows); this screen maps keys to
it and draws what it shows: the shared board, the turn flow, the card, the log
and the line naming the record just applied. Right/left move one record; the
decision stride lands just after a decision record.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen, Screen
from textual.timer import Timer
from textual.widgets import Input, Static

from pmtui.engine.screen import ScreenSpec
from pmtui.table.analysis import Analysis, Plan
from pmtui.table.logtext import LogLine, printable
from pmtui.table.replay import Perspective, Replay, ReplayModel, Shown
from pmtui.table.words import in_words
from pmtui.tui.analysis import AnalysisPanel, ChanceLine, Progress, panel_text, work
from pmtui.tui.display import detail_text, game_names
from pmtui.tui.guard import DismissOnce, guarded
from pmtui.tui.notices import PlainNotices
from pmtui.tui.screens.info import SummaryScreen
from pmtui.tui.screens.see_through import SeeThrough
from pmtui.tui.stack import OneOfEachKind
from pmtui.tui.widgets.board import Board
from pmtui.tui.widgets.footer import Footer
from pmtui.tui.widgets.panels import TurnFlow, _styled, counted_lines

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
    Binding("t", "turn_in_words", "summary", id="r_turn_words"),
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
    Binding("a", "analysis", "analysis", id="r_analysis"),
    Binding("m", "turning(1)", "turning point", key_display="m/M", show=False,
            id="r_next_turning"),
    Binding("M", "turning(-1)", "Previous turning point", show=False, id="r_prev_turning"),
    Binding("q", "close", "quit", id="r_quit"),
    Binding("question_mark", "help", "keys", key_display="?", id="r_help"),
    Binding("escape", "close", "Close", show=False, id="r_close"),
]

REPLAY_HELP = [
    ("→ / ←", "one step forward / back (a decision or one event)"),
    ("] / [  shift+→ / ←", "next / previous decision"),
    ("n / p", "next / previous turn"),
    ("home / end", "the start of play (the first decision once the cards are dealt) / the end"),
    ("t", "over the rest of this turn, and what happened in it in words"),
    ("g", "go to a turn (type its number)"),
    ("space", "autoplay on / off"),
    ("+ / -", "autoplay faster / slower"),
    ("1 / 2", "view as player 1 / player 2 (the other hand stays hidden)"),
    ("b", "view both sides: every hand card shown (a finished game or a save file)"),
    ("a", "the analysis of the current decision: the chance to win before and after it, "
          "what the computer would have played (the first press starts the analysis)"),
    ("m / M", "next / previous turning point (the chance fell 15 points or more)"),
    ("?", "this screen"),
    ("q / escape", "leave the viewer"),
]




class ReplayLog(Static):
    """The log up to the current step; the newest line at the bottom, highlighted."""

    _lines: Sequence[LogLine] = ()

    def on_resize(self, _: events.Resize) -> None:
        # drawn for the old size, a box that shrank would cut the newest line at the
        # bottom (the layout can settle after the step's draw)
        self.show_lines(self._lines)

    def show_lines(self, lines: Sequence[LogLine]) -> None:
        """The panel full to its last row: the newest lines wrapped as they are drawn
        (at word breaks), the oldest of them cut at the top when it does not fit whole."""
        self._lines = lines
        width = max(self.content_size.width, 10)
        height = max(self.content_size.height, 1)
        rows: list[Text] = []
        for i, line in enumerate(reversed(lines)):
            styled = _styled(line)
            if i == 0:
                styled.stylize("reverse")
            rows[:0] = styled.wrap(self.app.console, width)
            if len(rows) >= height:
                break
        self.update(Text("\n").join(rows[-height:]))


@guarded
class ReplayScreen(DismissOnce, Screen[None]):
    """Step through a game; renders the board from a player view (or all of it: "both")."""

    BINDINGS = REPLAY_BINDINGS
    DEFAULT_CSS = """
    ReplayScreen { layout: vertical; }
    ReplayScreen #r-line { height: 1; background: $panel; }
    ReplayScreen #unverified { height: 1; background: $error; color: $text; }
    ReplayScreen #detail { height: 1fr; max-height: 12; }
    ReplayScreen #log { height: 1fr; border-top: solid $primary 50%; }
    /* notices at the top right, over the turn flow and no wider than the side panel:
       at the bottom (Textual's place) they covered the current-step line */
    ReplayScreen ToastRack { dock: top; align: right top; margin-bottom: 0; margin-top: 1; }
    ReplayScreen Toast { max-width: 30%; }
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
        analyse: bool = False,
    ) -> None:
        super().__init__()
        self.model = model
        self.replay = Replay(model, perspective=perspective, allow_both=allow_both,
                             start=start, labels=labels)
        self.closable = closable  # inside a game: q goes back to the table
        self.labels = self.replay.labels
        self.speed = DEFAULT_SPEED
        self.timer: Timer | None = None
        self.pview: dict[str, Any] = {"zones": {}, "vars": {}}
        self.spec: ScreenSpec = model.rs.screen
        # the analysis is of the seat the viewer opens as (seat 1 when that is "both")
        self.analysed = 0 if perspective is None else perspective
        self.analysis: Analysis | None = None
        self.progress: Progress | None = None
        self.analyse_at_start = analyse
        self.analysis_level = "normal"  # `pmtui analyse`'s default: its kept result serves

    @property
    def position(self) -> int:
        return self.replay.position

    @property
    def perspective(self) -> Perspective:
        return self.replay.perspective

    # -- layout ----------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        if self.model.unverified:  # a save opened with --unverified: said all along
            yield Static(Text(printable(self.model.unverified), style="bold"), id="unverified")
        yield Static(id="status")
        with Horizontal(id="body"):
            yield Board(self.spec, names=game_names(self.model.defs))
            with Vertical(id="side"):
                yield TurnFlow(id="flow")
                yield Static(id="detail")
                yield ReplayLog(id="log")
        yield ChanceLine(id="chance")
        yield Static(id="r-line")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one("#detail").border_title = "Card"
        self.query_one("#log").border_title = "Log"
        self.query_one(ChanceLine).display = False
        self.seek(self.position)
        if self.analyse_at_start:
            self.start_analysis()

    def on_resize(self, _: Any) -> None:
        self.call_after_refresh(self.draw)

    # -- moving ----------------------------------------------------------------------

    def seek(self, step: int) -> None:
        self.replay.seek(step)
        self.draw()

    def action_step(self, delta: int) -> None:
        self.replay.step(delta)
        self.draw()

    def action_decision(self, delta: int) -> None:
        self._stride("decision", delta)

    def action_turn(self, delta: int) -> None:
        self._stride("turn", delta)

    def _stride(self, what: str, delta: int) -> None:
        refused = self.replay.stride(what, delta)
        if refused:
            self.app.notify(refused, timeout=2)
        self.draw()

    def action_turn_in_words(self) -> None:
        """Over a whole turn, with its summary in words in a box (enter goes on)."""
        if self.position >= len(self.model):
            self.app.notify("no later turn", timeout=2)
            return
        self._stop()
        title, lines = self.replay.turn_in_words()
        self.draw()
        self.app.push_screen(SummaryScreen(title, counted_lines(lines)))

    def action_edge(self, end: int) -> None:
        self.replay.edge(bool(end))
        self.draw()

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
        refused = self.replay.goto_turn(value)
        if refused:
            self.app.notify(refused, severity="warning")
        self.draw()

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
        self.replay.step(1)
        self.draw()

    def action_speed(self, delta: int) -> None:
        self.speed = max(0, min(self.speed + delta, len(SPEEDS) - 1))
        if self.timer is not None:
            self._stop()
            self._start()
        self.app.notify(f"autoplay: {SPEEDS[self.speed]:g} steps a second", timeout=2)
        self.draw()

    # -- perspective -------------------------------------------------------------------

    def action_view(self, player: int) -> None:
        self._view_as(player)

    def action_view_both(self) -> None:
        self._view_as(None)

    def _view_as(self, player: Perspective) -> None:
        refused = self.replay.view_as(player)
        if refused:
            self.app.notify(refused, severity="warning")
            return
        if player is None:
            self.app.notify("Viewing both sides: every hidden card is shown", timeout=4)
        else:
            self.app.notify(f"Viewing as P{player + 1} {self.labels[player]}: "
                            f"P{2 - player}'s hand is hidden", timeout=4)
        self.draw()

    # -- other keys --------------------------------------------------------------------

    def action_help(self) -> None:
        self.app.push_screen(ReplayHelpScreen())

    # -- the analysis -------------------------------------------------------------------

    def start_analysis(self) -> None:
        """Work the analysis out in a thread (a kept one is read at once); the line
        shows its progress, and no key waits for it."""
        if self.progress is not None:
            return
        self.progress = Progress()
        self.query_one(ChanceLine).display = True
        self.run_worker(self._analysis_thread, thread=True, group="analysis",
                        exit_on_error=False)
        self.draw()

    def _analysis_thread(self) -> None:
        from pmtui.table.analysis import Settings, plan, plan_records

        progress = self.progress
        assert progress is not None
        settings = Settings(self.analysed, self.analysis_level)
        try:
            path = self.model.path
            got = plan(path, settings) if path is not None else \
                plan_records(self.model.header, self.model.cursor.records, settings)
        except Exception as exc:  # noqa: BLE001 - a one-line refusal: the line shows it
            progress.error = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            got = None
        if isinstance(got, Plan):
            got = work(got, progress, lambda: self.app.call_later(self.draw))
        # not call_from_thread: the viewer may be closing and never answer it
        self.app.call_later(self._analysis_ready, got)

    def _analysis_ready(self, result: Analysis | None) -> None:
        self.analysis = result
        self.draw()

    def action_analysis(self) -> None:
        if self.progress is None:
            self.start_analysis()
        self.app.push_screen(AnalysisPanel(panel_text(
            self.analysis, self.progress, self.analysed, self.position,
            lambda action: self.spec.label(action, self.pview))))

    def action_turning(self, delta: int) -> None:
        if self.analysis is None:
            self.app.notify("the turning points come with the analysis: it starts now"
                            if self.progress is None else
                            "the analysis is still being worked out", timeout=3)
            if self.progress is None:
                self.start_analysis()
            return
        # the board just after the decision, as the decision stride shows it
        stops = [p.step + 1 for p in self.analysis.turning_points(self.analysed)]
        ahead = [s for s in stops if (s > self.position if delta > 0 else s < self.position)]
        if not ahead:
            self.app.notify(f"no {'later' if delta > 0 else 'earlier'} turning point",
                            timeout=2)
            return
        self.seek(ahead[0] if delta > 0 else ahead[-1])

    def action_close(self) -> None:
        self._stop()
        if self.progress is not None:
            self.progress.cancelled = True
        if self.closable:
            self.dismiss(None)
        else:
            self.app.exit(0)

    # -- drawing -------------------------------------------------------------------------

    def draw(self) -> None:
        if not self.is_mounted:
            return
        shown = self.replay.shown()
        self.pview = shown.view
        board = self.query_one(Board)
        board.load(shown.view, self.replay.bottom)
        focus = shown.focus
        found = focus is not None and board.goto(
            lambda s: s.card is not None and s.card.get("uid") == focus)
        bar_names = [f"P{p + 1} {self.labels[p]}" for p in (0, 1)]
        board.show(self.labels, cursor=found, bar_names=bar_names)
        self.query_one("#flow", TurnFlow).show(self.spec.flow(shown.view, self.labels))
        self.query_one("#detail", Static).update(self._detail(shown))
        self.query_one("#log", ReplayLog).show_lines(shown.log)
        self.query_one("#status", Static).update(self._status_text(shown))
        self.query_one("#r-line", Static).update(self._line_text(shown))
        if self.progress is not None:
            self.query_one(ChanceLine).show(self.analysis, self.progress, self.analysed,
                                            self.position)
        self.refresh_bindings()

    def _detail(self, shown: Shown) -> Text:
        board = self.query_one(Board)
        focus = shown.focus
        spot = board.focused() if focus is not None else None
        if spot is not None and spot.card is not None and spot.card.get("uid") == focus:
            return detail_text(self.spec.detail(spot.card, spot.zone, shown.view),
                               self.spec.colours)
        t = Text()
        t.append(f"Step {shown.position} of {shown.length}\n", style="bold")
        over = shown.view["vars"].get("over")
        if over:
            w = over.get("winner")
            t.append("Draw" if w is None else f"P{w + 1} {self.labels[w]} won")
            # the reason says "player 2"; the replay names seats as its bars do
            t.append(f" ({in_words(str(over.get('reason', '')), str, self.labels)})\n")
        t.append(f"Viewing: {self.replay.label()}", style="dim")
        return t

    def _status_text(self, shown: Shown) -> Text:
        vars_ = shown.view["vars"]
        t = Text(no_wrap=True, overflow="ellipsis")
        t.append(" replay ", style="bold reverse")
        t.append(f" {self.labels[0]} vs {self.labels[1]}")
        if vars_.get("turn"):
            t.append(f" · turn {vars_['turn']}")
        t.append(f" · step {shown.position}/{shown.length}")
        t.append(" · as ")
        t.append(self.replay.label(), style="bold yellow" if self.perspective is None
                 else "bold")
        if self.timer is not None:
            t.append(f" · ▶ {SPEEDS[self.speed]:g}/s (+/-)", style="bold green")
        return t

    def _line_text(self, shown: Shown) -> Text:
        t = Text(no_wrap=True, overflow="ellipsis")
        if shown.position == 0:
            t.append("▶ before the first record (→ steps forward)", style="dim")
            return t
        t.append("▶ ", style="bold")
        t.append(shown.line, style="bold" if shown.decision else "")
        if shown.at_start:
            t.append("  (start of play: cards dealt; ← the set-up)",
                     style="dim")
        if shown.at_end:
            t.append("  (end)", style="dim")
        return t


@guarded
class GotoTurnScreen(SeeThrough, DismissOnce, ModalScreen[str | None]):
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
class ReplayHelpScreen(SeeThrough, DismissOnce, ModalScreen[None]):
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


class ReplayApp(OneOfEachKind, PlainNotices, App[int]):
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
        analyse: bool = False,
    ) -> None:
        super().__init__()
        self.model = model
        if perspective == "auto":
            perspective = model.humans[0] if model.humans else 0
        self.replay_screen = ReplayScreen(model, perspective=perspective,  # type: ignore[arg-type]
                                          allow_both=True, analyse=analyse)
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
