"""A timer due in the past runs at once and the app goes on.

Textual's Timer loops without end on a negative delay (its catch-up count goes
negative and never passes the repeat count), and its toast asks for one: a
notification's time left, taken as the toast is made, is below zero when the
notification ran out between the rack's check and the toast (a screen pushed over
the table re-shows every notification on the new screen). Random keys at 200 KB to
the prompts froze a whole SSH server so, every session with it. Each case runs in a
thread of its own with a deadline: the frozen loop cannot stop a test on it.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable, Coroutine
from typing import Any

from textual.app import App
from textual.notifications import Notification
from textual.widgets._toast import Toast

import pmtui.tui  # noqa: F401 - the fix is made as pmtui's interface is imported


def _finishes(case: Callable[[], Coroutine[Any, Any, None]], seconds: float = 20) -> bool:
    """`case` run on an event loop of its own thread: True if it ended in `seconds`."""
    thread = threading.Thread(target=lambda: asyncio.run(case()), daemon=True)
    thread.start()
    thread.join(seconds)
    return not thread.is_alive()


def test_a_timer_set_in_the_past_fires_and_the_loop_goes_on() -> None:
    fired: list[str] = []

    async def case() -> None:
        app = App()
        async with app.run_test() as pilot:
            app.set_timer(-0.0003, lambda: fired.append("late"))
            app.set_timer(0.01, lambda: fired.append("next"))
            for _ in range(50):
                await pilot.pause(0.01)
                if len(fired) == 2:
                    break

    assert _finishes(case), "the event loop never came back"
    assert fired == ["late", "next"]


def test_a_toast_of_a_notification_just_run_out_expires_at_once() -> None:
    seen: dict[str, bool] = {}

    async def case() -> None:
        app = App()
        async with app.run_test() as pilot:
            gone = Notification("input dropped: too fast", timeout=3)
            gone.raised_at = time.time() - 3.0003  # ran out a moment ago
            app._notifications.add(gone)
            await app.screen.mount(Toast(gone))
            for _ in range(50):
                await pilot.pause(0.01)
                if gone not in app._notifications:
                    break
            seen["expired"] = gone not in app._notifications

    assert _finishes(case), "the event loop never came back"
    assert seen == {"expired": True}
