"""The sandbox's screens (`pmtui sandbox [SCENARIO]`): set up a position by keyboard, play
from it, ask why an action is not legal, undo freely, save the position as a scenario file.

The model (no Textual) is pmtui/table/sandbox/; app.py, screen.py and prompts.py are the
screens.
"""

from __future__ import annotations

from pmtui.table.sandbox import EditError, Sandbox

__all__ = ["EditError", "Sandbox"]
