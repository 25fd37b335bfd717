"""How our see-through screens draw the screens under them: each style tinted once,
and always the screen directly beneath in the stack, never one above.

Textual picks the screen beneath a see-through screen by popping a list shared by one
frame's drawing, one pop a screen whose look is not cached; when the screens above drew
from their caches, a lower screen pops one above it, and two screens pointing at each
other drew each other until Python's recursion limit (random keys found it)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.segment import Segment
from rich.style import Style
from textual.color import Color
from textual.renderables.background_screen import BackgroundScreen
from textual.screen import Screen

TINTS_KEPT = 4096  # tinted styles remembered (a board uses a few hundred; a theme, anew)


class QuickTint(BackgroundScreen):
    """Textual's tint of the screen under a modal, each style tinted once. Textual works
    out every cell's tinted colours each time the screen under a modal is drawn (when
    the modal opens, and after every change beneath it); the colours are Textual's own,
    remembered by style and tint.

    A screen already being drawn further up this frame is not drawn beneath itself
    again (its place is left blank): Textual's own pick of the screen beneath can point
    upwards (see `Kept.render`), and two screens pointing at each other drew each other
    until Python's recursion limit (random keys found it)."""

    _tinted: ClassVar[dict[tuple[Style | None, Color], Style]] = {}
    _drawing: ClassVar[set[Screen[object]]] = set()  # screens drawn beneath others now

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        screen = self.screen
        if screen in self._drawing:
            blank = Segment(" " * options.max_width, Style(bgcolor=self.color.rich_color))
            for _ in range(options.height or screen.size.height):
                yield blank
                yield Segment.line()
            return
        self._drawing.add(screen)
        try:  # drawn in full here, so the screen is marked exactly while it is drawn
            segments = list(console.render(screen._compositor, options))
        finally:
            self._drawing.discard(screen)
        yield from self.process_segments(segments, self.color)

    @classmethod
    def process_segments(cls, segments: Iterable[Segment], color: Color) -> Iterable[Segment]:
        if color.a == 0:
            yield from super().process_segments(segments, color)
            return
        tinted = cls._tinted
        for segment in segments:
            text, style, control = segment
            if control:
                yield segment
                continue
            new = tinted.get((style, color))
            if new is None:
                if len(tinted) >= TINTS_KEPT:
                    tinted.clear()
                new = next(iter(super().process_segments([Segment(" ", style)], color))).style
                tinted[style, color] = new
            yield Segment(text, new)


class SeeThrough:
    """For a screen drawn over the one beneath it (a modal; listed before the screen
    class): that one is the screen directly under it in the stack, tinted by
    `QuickTint`. Textual's own pick is still made (the shared list stays in step for
    Textual's screens), but not used. A mixin, not a Screen: as a Screen subclass ahead of
    Textual's own (the palette) it hid their component classes."""

    def render(self) -> RenderableType:
        assert isinstance(self, Screen)
        under = super().render()  # type: ignore[misc]
        if type(under) is BackgroundScreen:
            stack = self.app.screen_stack
            beneath = stack[stack.index(self) - 1] if self in stack[1:] else under.screen
            return QuickTint(beneath, under.color)
        return under
