"""The sandbox without a screen (`pmtui sandbox`): a position to edit and play from, with
undo, "why not?" and saving as a scenario file. The screens are in pmtui/tui/sandbox/."""

from __future__ import annotations

from .model import Sandbox
from .words import PLAYERS, EditError, who

__all__ = ["PLAYERS", "EditError", "Sandbox", "who"]
