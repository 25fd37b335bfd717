"""The screen stack holds each kind of screen once.

A screen opened while one of its kind is already on the stack (help asked for on a
prompt that sits over help, a prompt for a new decision while the last one is under
a card sheet) goes on top, and the one of its kind comes off the stack, wherever it
is. Without this the stack grew by a screen a key: help over a prompt over help ...,
and each see-through screen draws the screens under it, so every frame cost more
than the last (the table slowed under a long run of keys).
"""

from __future__ import annotations

from typing import Any

from textual.screen import Screen


class OneOfEachKind:
    """Mixin for an App: `push_screen` first takes off the stack the screen of the
    pushed one's kind (or the pushed one itself: a kept screen shown again comes to
    the top)."""

    def push_screen(self, screen: Screen[Any] | str, *args: Any,
                    **kw: Any) -> Any:
        app: Any = self
        new = app.get_screen(screen) if isinstance(screen, str) else screen
        for old in app.screen_stack[1:]:  # the first is the app's own, never pushed
            if type(old) is type(new):
                self.take_off(old)
        return super().push_screen(screen, *args, **kw)  # type: ignore[misc]

    def take_off(self, screen: Screen[Any]) -> None:
        """`screen` off the stack as a pop would take it (its result callback dropped,
        removed unless installed); one under others leaves them where they are."""
        app: Any = self
        if app.screen is screen:
            app.pop_screen()
            return
        # Textual pops only the top: a screen under others comes out of its list,
        # then goes as a popped one does
        stack: list[Screen[Any]] = app._screen_stack
        if screen not in stack:
            return
        stack.remove(screen)
        screen._pop_result_callback()
        app.screen.refresh()  # what shows through the top screen changed
        if not app.is_screen_installed(screen):
            screen.remove()
