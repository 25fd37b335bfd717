"""Our key bar: one widget, redrawn (never rebuilt) when the keys on offer change.

Textual's Footer mounts a widget per key and rebuilds them on every change, which
cost a layout of the whole screen per key press and, data-bound to the footer, kept
every old key alive (the SSH server, many sessions in one process, grew by megabytes
a minute). These tests hold the bar to showing the right keys without that.
"""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from pmtui.tui.widgets.footer import Footer


class Keys(App[None]):
    BINDINGS = [Binding("a", "one", "One"), Binding("b", "two", "Two"),
                Binding("c", "three", "Three"), Binding("x", "hidden", "Hidden", show=False)]
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, compact: bool = False) -> None:
        super().__init__()
        self.flip = False
        self.pressed: list[str] = []
        self.compact = compact

    def compose(self) -> ComposeResult:
        yield Static("body")
        yield Footer(compact=self.compact)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "two":
            return None if self.flip else True  # None: shown, but dimmed
        if action == "one":
            return not self.flip  # False: not offered, not shown
        return True

    def action_one(self) -> None:
        self.pressed.append("one")

    def action_two(self) -> None:
        self.pressed.append("two")

    def action_three(self) -> None:
        self.pressed.append("three")


def bar_text(app: App[None]) -> str:
    return str(app.query_one(Footer).render())


async def test_shows_the_keys_on_offer_and_follows_changes() -> None:
    app = Keys()
    async with app.run_test() as pilot:
        await pilot.pause()
        assert bar_text(app) == " a One  b Two  c Three "
        app.flip = True
        app.refresh_bindings()
        await pilot.pause()
        await pilot.pause()
        # 'one' is no longer offered; 'two' is offered but disabled; x is never shown
        assert bar_text(app) == " b Two  c Three "
        dimmed = {app.query_one(Footer).render().plain[s.start:s.end]
                  for s in app.query_one(Footer).render().spans if "dim" in str(s.style)}
        assert dimmed == {" b ", "Two "}


async def test_changes_redraw_the_bar_without_mounting_widgets() -> None:
    app = Keys()
    async with app.run_test() as pilot:
        await pilot.pause()
        before = len(list(app.screen.walk_children()))
        for _ in range(20):
            app.flip = not app.flip
            app.refresh_bindings()
            await pilot.pause()
            await pilot.pause()
        bar = app.query_one(Footer)
        assert list(bar.children) == []
        assert len(list(app.screen.walk_children())) == before
        assert bar_text(app) == " a One  b Two  c Three "  # 20 flips: back to the start


async def test_a_click_on_a_key_presses_it() -> None:
    app = Keys()
    async with app.run_test() as pilot:
        await pilot.pause()
        # " a One  b Two  c Three ": 'c Three' starts at column 14
        await pilot.click(Footer, offset=(16, 0))
        await pilot.click(Footer, offset=(1, 0))
        await pilot.pause()
        assert app.pressed == ["three", "one"]
        app.flip = True  # 'two' is now shown dimmed: a click on it does nothing
        app.refresh_bindings()
        await pilot.pause()
        await pilot.pause()
        await pilot.click(Footer, offset=(2, 0))
        await pilot.pause()
        assert app.pressed == ["three", "one"]


async def test_compact_bar_has_less_space() -> None:
    app = Keys(compact=True)
    async with app.run_test() as pilot:
        await pilot.pause()
        assert bar_text(app) == "a One b Two c Three "


async def test_the_command_palette_key_sits_at_the_right_end() -> None:
    class WithPalette(Keys):
        ENABLE_COMMAND_PALETTE = True

    app = WithPalette()
    async with app.run_test(size=(60, 5)) as pilot:
        await pilot.pause()
        text = bar_text(app)
        assert text.startswith(" a One  b Two  c Three ")
        assert text.rstrip().endswith("^p palette")
        assert len(text) == 60


async def test_a_change_made_while_a_prompt_closes_still_reaches_the_bar() -> None:
    """Found over SSH: the keys changed (the computer finished) just as a prompt on top
    closed; the bar never heard of it and offered no Pass for the rest of the game.
    Textual runs `call_after_refresh` callbacks on whichever screen is on top, and a
    screen closed before its next repaint drops them: here the prompt drops every
    such callback, as one closed at the wrong moment does."""
    from textual.screen import ModalScreen

    class Prompt(ModalScreen[None]):
        def compose(self) -> ComposeResult:
            yield Static("a prompt")

        def _invoke_later(self, callback: object, sender: object) -> None:
            pass  # closed before its repaint: its callbacks are gone

    app = Keys()
    async with app.run_test() as pilot:
        await pilot.pause()
        board = app.screen
        app.push_screen(Prompt())
        await pilot.pause()
        app.flip = True
        board.refresh_bindings()
        for _ in range(3):
            await pilot.pause()
        app.pop_screen()
        await pilot.pause()
        assert str(board.query_one(Footer).render()) == " b Two  c Three "
