"""Side panels: the turn flow (p.07), the focused card's full text, the game log."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.text import Text
from textual.widgets import RichLog, Static

from pmtui.session import LogLine
from pmtui.tui.words import STEP_NAMES

PHASES = [("start", "Start"), ("main", "Main"), ("approach", "Appr"), ("end", "End")]
APPROACH_STEPS = [
    ("assign", "assign"),
    ("w2", "w2"),
    ("interfere", "interf"),
    ("w4", "w4"),
    ("w6", "w6"),
]


class TurnFlow(Static):
    """Whose turn, the phase and step highlighted, priority, passes, the chain."""

    def show(
        self, vars: Mapping[str, Any], names: Sequence[str], chain_text: list[str], appr: str
    ) -> None:
        self.update(flow_text(vars, names, chain_text, appr))


def flow_text(
    vars: Mapping[str, Any], names: Sequence[str], chain_text: list[str], appr: str = ""
) -> Text:
    t = Text(no_wrap=True, overflow="ellipsis")
    phase, step = vars.get("phase"), vars.get("step")
    if phase == "setup" or phase is None:
        t.append("Game setup\n", style="bold")
        t.append(f" {STEP_NAMES.get(str(step), str(step or ''))}")
        return t
    ap = vars.get("ap")
    t.append(f"Turn {vars.get('turn', '?')}", style="bold")
    if isinstance(ap, int):
        t.append(f" · A: {names[ap]}")
    t.append("\n")
    for key, label in PHASES:
        style = "bold reverse" if key == phase else "dim"
        t.append(f" {label} ", style=style)
    t.append("\n")
    if phase == "approach":
        for key, label in APPROACH_STEPS:
            style = "bold reverse" if key == step else "dim"
            t.append(f"{label}", style=style)
            t.append(" ")
        t.append("\n")
    elif phase == "end" and step:
        t.append(f" {STEP_NAMES.get(step, step)}\n")
    prio = vars.get("prio")
    resp = vars.get("resp")
    if resp:
        t.append(f"Respond: {names[int(resp['prio'])]}", style="bold yellow")
        t.append(f" · pass {resp.get('passes', 0)}\n")
    elif isinstance(prio, int):
        t.append(f"Priority {names[prio]}", style="bold")
        t.append(f" · pass {vars.get('passes', 0)}\n")
    if appr:
        t.append(f"{appr}\n", style="bold")
    if chain_text:
        t.append("Chain (last resolves first):\n", style="bold yellow")
        for line in chain_text:
            t.append(f" {line}\n")
    t.rstrip()
    return t


# The panel keeps the last lines only, and caches few drawn lines (Textual's default is
# 1,024): each drawn line holds render caches of its own, and over SSH every session
# holds a copy. The whole game is in the save and the replay viewer.
LOG_LINES_KEPT = 400
LOG_LINES_CACHED = 96


class GameLog(RichLog):
    """The log in notation; rewritten whole when it changes other than by appending."""

    can_focus = False

    def __init__(self, **kw: Any) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, min_width=10,
                         max_lines=LOG_LINES_KEPT, **kw)
        self._line_cache.maxsize = LOG_LINES_CACHED
        self._shown: list[LogLine] = []

    def show(self, lines: list[LogLine]) -> None:
        n = len(self._shown)
        if lines[:n] != self._shown:
            self.clear()
            n = 0
        for line in lines[n:]:
            self.write(_styled(line))
        self._shown = list(lines)


def _styled(line: LogLine) -> Text:
    style = {
        "turn": "bold",
        "end": "bold yellow",
        "undo": "italic magenta",
        "event": "dim",
    }.get(line.kind, "")
    if line.kind == "decision" and line.player is not None:
        style = "cyan" if line.player == 0 else "green"
    return Text(line.text, style=style)
