"""The sandbox (`pmtui sandbox [SCENARIO]`): set up a position by keyboard, play from it,
ask why an action is not legal, undo freely, save the position as a scenario file.

model.py and position.py have no Textual; app.py, screen.py and prompts.py are the screens.
"""

from __future__ import annotations

from .model import EditError, Sandbox

__all__ = ["EditError", "Sandbox"]
