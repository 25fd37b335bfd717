"""The replay viewer's analysis: the win-chance line, the panel for one decision, and
the background work that fills them (the analysis itself: pmtui/table/analysis.py).

The line is drawn on a fixed 0-100 % scale, one column a slice of the game's decisions,
so a game that stays near even looks flat (a sparkline scaled to its own minimum and
maximum would make a two-point wobble look like a collapse). The current step's column
is shown reversed and the turning points in red.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from pmtui.table.analysis import Analysis, Plan, Point
from pmtui.table.logtext import printable
from pmtui.tui.guard import guarded
from pmtui.tui.screens.see_through import SeeThrough
from pmtui.tui.widgets.footer import Footer

BLOCKS = " ▁▂▃▄▅▆▇█"


@dataclass(slots=True)
class Progress:
    """Where the background work stands: positions done of all, or why it stopped."""

    done: int = 0
    total: int = 0
    error: str = ""
    cancelled: bool = False  # the viewer closed: stop at the next batch of positions


class Cancelled(Exception):
    """The viewer that asked for the analysis has closed."""


class ChanceLine(Static):
    """One row: whose chance, the line over the whole game, the chance at this step."""

    DEFAULT_CSS = "ChanceLine { height: 1; }"

    def show(self, analysis: Analysis | None, progress: Progress | None, seat: int,
             step: int) -> None:
        t = Text(no_wrap=True, overflow="ellipsis")
        t.append(f"P{seat + 1} chance ", style="bold")
        if analysis is None:
            if progress is not None and progress.error:
                t.append(f"no analysis: {printable(progress.error)}", style="red")
            elif progress is not None:
                t.append(f"analysing… {progress.done}/{progress.total or '?'} positions",
                         style="dim")
            self.update(t)
            return
        points = [p for p in analysis.points if p.seat == seat]
        if not points:
            t.append("no decision of this seat to weigh", style="dim")
            self.update(t)
            return
        here = analysis.at(step - 1, seat)
        value = f" {here.after:4.0%}" if here is not None else "   – "
        width = max(4, self.content_size.width - len(t.plain) - len(value))
        turning = {p.step for p in analysis.turning_points(seat)}
        cols = columns(points, width)
        current = None if here is None else next(
            (i for i, col in enumerate(cols) if here in col), None)
        for i, col in enumerate(cols):
            if not col:
                t.append(" ")
                continue
            low = min(p.after for p in col)  # a fall inside a column shows
            char = BLOCKS[max(1, round(low * (len(BLOCKS) - 1)))]
            style = "red" if any(p.step in turning for p in col) else \
                ("green" if low >= 0.5 else "yellow")
            if i == current:
                style += " reverse"
            t.append(char, style=style)
        t.append(value, style="bold")
        self.update(t)


def columns(points: list[Point], width: int) -> list[list[Point]]:
    """The points shared out over `width` columns in order (fewer points: one a column)."""
    if len(points) <= width:
        return [[p] for p in points]
    out: list[list[Point]] = [[] for _ in range(width)]
    for i, p in enumerate(points):
        out[i * width // len(points)].append(p)
    return out


def panel_text(analysis: Analysis | None, progress: Progress | None, seat: int, step: int,
               label: Callable[[str], str]) -> Text:
    """The analysis of the decision at or before `step`, in words."""
    t = Text()
    if analysis is None:
        if progress is not None and progress.error:
            t.append(f"No analysis: {printable(progress.error)}")
        else:
            done = f" ({progress.done} of {progress.total} positions)" if progress else ""
            t.append(f"The analysis is being worked out{done}; this box shows it once "
                     "it is ready.")
        return t
    p = analysis.at(step - 1, seat)
    if p is None:
        t.append(f"No decision of P{seat + 1} weighed yet at this step: ] goes to the next "
                 "decision.")
        return t
    turn = "set-up" if p.turn is None else f"turn {p.turn}"
    t.append(f"P{seat + 1}, {turn}, {p.kind}: ", style="bold")
    t.append(printable(label(p.played)) + "\n")
    t.append(f"Chance to win before: {p.before:.0%} · after: {p.after:.0%}")
    if p.loss >= 0.005:
        t.append(f" (−{p.loss * 100:.0f} points)", style="red" if p.loss >= 0.15 else "")
    t.append("\n")
    if p.best != p.played and p.loss >= 0.005:
        t.append(f"The computer would have played {printable(label(p.best))} "
                 f"(chance {p.best_chance:.0%}).")
    elif p.best != p.played:  # better by less than half a point: a tie, said as one
        t.append(f"The computer rates {printable(label(p.best))} as good.")
    else:
        t.append("The computer would have played the same.")
    if p.step in {q.step for q in analysis.turning_points(seat)}:
        t.append("\nA turning point: the chance fell 15 points or more.", style="bold red")
    t.append(f"\n\n{p.weighed} options weighed, {analysis.settings.rounds} playouts each "
             f"({analysis.settings.level}), from P{seat + 1}'s view.", style="dim")
    return t


@guarded
class AnalysisPanel(SeeThrough, ModalScreen[None]):
    """The analysis of the current decision (escape or a closes it)."""

    BINDINGS = [
        Binding("escape", "close", "Close", id="an_close"),
        Binding("a", "close", "Close", show=False, id="an_close2"),
        Binding("q", "close", "Close", show=False, id="an_close3"),
    ]
    DEFAULT_CLASSES = "prompt"

    def __init__(self, text: Text) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Static(Text("Analysis", style="bold"), id="title")
            yield Static(self.text, id="analysis-text")
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)


def work(plan: Plan, progress: Progress, tick: Callable[[], None]) -> Analysis | None:
    """Work the plan out here (a worker thread), counting into `progress` and calling
    `tick` as positions finish; None with `progress.error` set when it fails."""
    progress.total = len(plan.steps)

    def done(n: int) -> None:
        if progress.cancelled:
            raise Cancelled
        progress.done += n
        tick()

    try:
        return plan.run(1, done)
    except Cancelled:
        return None
    except Exception as exc:  # noqa: BLE001 - a line of words on the line, never a crash
        progress.error = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        return None
