"""Notices shown as written.

Textual reads markup in a notice by default: a rules reason that names a "[Decline]"
card lost those words on the screen, and a bracket that reads as a broken tag raised
while an error was being reported.
"""

from __future__ import annotations

from textual.notifications import SeverityLevel


class PlainNotices:
    """Mixin for an App: `notify` takes its text as plain text unless told otherwise."""

    def notify(self, message: str, *, title: str = "", severity: SeverityLevel = "information",
               timeout: float | None = None, markup: bool = False) -> None:
        super().notify(message, title=title, severity=severity,  # type: ignore[misc]
                       timeout=timeout, markup=markup)
