"""Our Footer: rebuilding it when the keys on offer change must not keep the old keys.

Textual's Footer data-binds each FooterKey to itself and forgets removed keys only
when that binding's value changes, so a long-lived screen whose keys change after
every move kept every key it ever showed (a leak the SSH server, with many sessions
in one process, turned into megabytes a minute).
"""

from __future__ import annotations

import gc

import pytest
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import Footer as TextualFooter
from textual.widgets._footer import FooterKey

from pmtui.tui.widgets.footer import Footer


def make_app(footer_class: type[TextualFooter]) -> App[None]:
    class Keys(App[None]):
        BINDINGS = [Binding("a", "one", "One"), Binding("b", "two", "Two"),
                    Binding("c", "three", "Three")]
        flip = False

        def compose(self) -> ComposeResult:
            yield footer_class()

        def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
            return (action == "one") == self.flip or action == "three"

    return Keys()


async def keys_kept_after_changes(footer_class: type[TextualFooter], changes: int) -> int:
    app = make_app(footer_class)
    async with app.run_test() as pilot:
        for _ in range(changes):
            app.flip = not app.flip  # type: ignore[attr-defined]
            app.refresh_bindings()
            await pilot.pause()
            await pilot.pause()
        gc.collect()
        return sum(1 for o in gc.get_objects() if isinstance(o, FooterKey))


async def test_old_footer_keys_are_not_kept() -> None:
    few = await keys_kept_after_changes(Footer, 2)
    many = await keys_kept_after_changes(Footer, 24)
    assert many <= few + 5, (few, many)


async def test_the_count_sees_textuals_own_leak() -> None:
    """The control: the same count over Textual's Footer grows with every change."""
    few = await keys_kept_after_changes(TextualFooter, 2)
    many = await keys_kept_after_changes(TextualFooter, 24)
    if many <= few + 20:
        pytest.skip("Textual's Footer no longer keeps old keys: pmtui/tui/widgets/footer.py "
                    "may go")
    assert many > few + 20
