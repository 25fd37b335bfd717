"""See-through screens draw the screens beneath them once each, downwards only.

Textual picks the screen under a see-through one by popping a list shared by one frame's
drawing, one pop a screen whose look is not cached. Random keys (the fuzz) hit frames in
which the screens above drew from their caches, so a lower screen popped one above it;
two screens then drew each other until Python's recursion limit (`RecursionError`).
These tests make that out-of-turn pick happen on purpose."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import pytest
from textual._compositor import Compositor
from textual._context import visible_screen_stack
from textual.app import App, ComposeResult
from textual.geometry import Size
from textual.screen import Screen
from textual.strip import Strip
from textual.visual import visualize
from textual.widgets import Static

from pmtui.tui.screens.info import Kept
from pmtui.tui.screens.see_through import QuickTint


class Box(Kept[None]):
    DEFAULT_CSS = "Box { background: black 40%; align: center middle; } Box Static { width: 8; }"

    def compose(self) -> ComposeResult:
        yield Static(self.name or "")

    def fill(self) -> None:
        pass


class Table(App[None]):
    def compose(self) -> ComposeResult:
        yield Static("board " * 100)


def cached_under(screen: Screen[object]) -> Screen[object] | None:
    visual = screen._layout_cache.get("_render.visual")
    return getattr(getattr(visual, "_renderable", None), "screen", None)


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[Counter[str]]:
    """How many times each screen was drawn beneath another (its whole compositor)."""
    counts: Counter[str] = Counter()
    draw = Compositor.render_strips

    def counted(self: Compositor, size: Size | None = None) -> list[Strip]:
        counts[getattr(self.root, "name", None) or "board"] += 1  # root: its screen
        return draw(self, size)

    monkeypatch.setattr(Compositor, "render_strips", counted)
    yield counts


async def test_a_screen_picked_out_of_turn_is_drawn_once_downwards(drawn: Counter[str]) -> None:
    app = Table()
    async with app.run_test(size=(40, 12)) as pilot:
        low, mid, top = Box(name="low"), Box(name="mid"), Box(name="top")
        for box in (low, mid, top):
            app.push_screen(box)
            await pilot.pause()
        # mid's and low's looks worked out anew while the list still holds the screens
        # above them (top and mid drew from their caches): Textual's pick for low is mid
        mid._layout_cache.clear()
        visible_screen_stack.set(app._background_screens[:-1])
        mid._render()
        low._layout_cache.clear()
        visible_screen_stack.set(app._background_screens)
        low._render()
        assert [cached_under(s) for s in (low, mid, top)] == [app.screen_stack[0], low, mid]
        for box in (low, mid, top):
            box._set_dirty()
        drawn.clear()
        app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
        assert drawn == {"mid": 1, "low": 1, "board": 1}


async def test_a_screen_never_drawn_beneath_itself(drawn: Counter[str]) -> None:
    app = Table()
    async with app.run_test(size=(40, 12)) as pilot:
        low, top = Box(name="low"), Box(name="top")
        for box in (low, top):
            app.push_screen(box)
            await pilot.pause()
        # a tint whose screen beneath is the one being drawn (a loop of two)
        looped = QuickTint(top, low.styles.background)
        low._layout_cache["_render.visual"] = visualize(low, looped)
        low._set_dirty()
        top._layout_cache.clear()
        top._set_dirty()
        drawn.clear()
        app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
        assert drawn == {"low": 1, "top": 1}


def test_every_see_through_screen_of_ours_draws_the_one_beneath_it() -> None:
    """A loop of see-through screens needs only one of them to take Textual's upward pick:
    so every modal screen pmtui defines (boxes, prompts, the palette, the lobby's, the
    sandbox's and the replay's) draws the screen directly under it (SeeThrough)."""
    import importlib
    import pkgutil

    from textual.screen import ModalScreen

    import pmtui
    from pmtui.tui.screens.see_through import SeeThrough

    for info in pkgutil.walk_packages(pmtui.__path__, "pmtui."):
        if not info.name.endswith("__main__"):  # that one runs the command line
            importlib.import_module(info.name)

    def ours(cls: type) -> list[type]:
        found = [cls] if cls.__module__.startswith("pmtui.") else []
        return found + [c for sub in cls.__subclasses__() for c in ours(sub)]

    modals = set(ours(ModalScreen))
    assert len(modals) > 15  # boxes, prompts and the palette are all among them
    assert sorted(c.__qualname__ for c in modals if not issubclass(c, SeeThrough)) == []
