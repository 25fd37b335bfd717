"""A Textual timer due in the past runs at once instead of freezing the event loop.

Textual's `Timer` never ends on a negative delay: its catch-up count for a late timer
goes below zero and the loop round it never awaits. Its own toast asks for one when a
notification runs out between the rack's expiry check and the toast being made (each
screen pushed shows the notifications again): one such moment froze every session of
an SSH server. A delay below `SOON` is taken as `SOON`.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from textual.timer import Timer

if TYPE_CHECKING:
    from textual._types import MessageTarget  # the protocol Timer's target is typed by

SOON = 0.001  # seconds; 0 would divide by zero in the same catch-up count


def clamp_delays() -> None:
    """Make every Timer made from now on wait at least SOON (done once)."""
    init = Timer.__init__
    if getattr(init, "_pmtui_clamped", False):
        return

    @functools.wraps(init)
    def clamped(self: Timer, event_target: MessageTarget, interval: float,
                **kwargs: Any) -> None:
        init(self, event_target, max(SOON, interval), **kwargs)

    clamped._pmtui_clamped = True  # type: ignore[attr-defined]
    Timer.__init__ = clamped  # type: ignore[method-assign]
