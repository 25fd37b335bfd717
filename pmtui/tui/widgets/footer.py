"""Textual's Footer, without its leak.

Each FooterKey is data-bound to the footer's `compact` reactive, which adds a watcher
to the footer; Textual drops watchers of removed widgets only when `compact` changes,
which it never does here. The footer is rebuilt whenever the keys on offer change, so
on a long-lived screen every old key (and its styles and caches) stayed reachable: over
SSH, with many sessions in one process, memory grew by megabytes a minute.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Footer as TextualFooter


class Footer(TextualFooter):
    def compose(self) -> ComposeResult:
        # the old keys are removed before a rebuild composes the new ones
        watchers = getattr(self, "__watchers", None)
        if isinstance(watchers, dict):
            for callbacks in watchers.values():
                callbacks[:] = [(node, cb) for node, cb in callbacks
                                if getattr(node, "is_attached", True)
                                and not getattr(node, "_closing", False)]
        yield from super().compose()
