"""Covers: the full screens that stand between two people at one keyboard (hot seat).

Behind a cover the table still shows the seat that had the keyboard last: its hand,
its decision. So while a cover is on the screen stack the app runs no action but the
cover's own (its `BINDINGS`), those of a screen the app put over it (the too-small
notice) and, of the app's, only quitting (`PmApp.run_action` asks `allows`). Every
other way to a view of the game (the board's keys, the replay, help, settings, the
command palette and Textual's own commands) is an action, so none opens as the seat
that left, and a screen added later is refused the same way.
"""

from __future__ import annotations

from typing import ClassVar, TypeVar

from rich.text import Text
from textual import events
from textual.actions import parse
from textual.binding import BindingsMap
from textual.dom import DOMNode, NoScreen
from textual.screen import Screen
from textual.widgets import Static

from pmtui.tui.guard import DismissOnce, guarded

R = TypeVar("R")


@guarded
class Cover(DismissOnce, Screen[R]):
    """A full screen for the person about to take the keyboard (dismissed only while on
    top: guard.DismissOnce)."""

    APP_ACTIONS: ClassVar[frozenset[str]] = frozenset({"quit"})  # the app's, still offered

    def own(self) -> BindingsMap:
        """The cover's own keys (not the ones every screen inherits, such as tab)."""
        return BindingsMap(type(self).BINDINGS)

    def allows(self, target: DOMNode, action: str) -> bool:
        """Whether `action` on `target` may run while this cover is up."""
        app = self.app
        if target is app:
            return action in self.APP_ACTIONS
        if target is self:
            return action in {parse(b.action)[1] for _, b in self.own()}
        try:
            screen = target.screen  # a widget's screen; a screen's is itself
        except NoScreen:  # not mounted: nothing to run on
            return False
        stack = app.screen_stack
        return screen in stack and self in stack and stack.index(screen) > stack.index(self)

    def offered(self) -> set[str]:
        """The keys that do something here: the cover's own and the app's it allows."""
        return set(self.own().key_to_bindings) | {
            key for key, group in self.app._bindings.key_to_bindings.items()
            if any(b.action in self.APP_ACTIONS for b in group)}

    def refusal(self) -> str:
        """What works here, shown on the cover (`note`) when another key is pressed."""
        raise NotImplementedError

    def note(self) -> Static:
        """The cover's line for `refusal`, hidden until a key is refused (said on the
        cover, not as a notice: a notice per key pressed piled up over the table)."""
        note = Static(id="cover-note")
        note.display = False
        return note

    def on_key(self, event: events.Key) -> None:
        if event.key not in self.offered():
            for note in self.query("#cover-note").results(Static):
                note.update(Text(self.refusal(), style="bold yellow"))
                note.display = True
