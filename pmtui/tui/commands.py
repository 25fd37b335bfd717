"""Command palette (ctrl+p): every legal action now, by its notation; undo; the replay viewer."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from textual.command import DiscoveryHit, Hit, Hits, Provider

if TYPE_CHECKING:
    from pmtui.tui.app import PmApp


class LegalActions(Provider):
    def _actions(self) -> list[tuple[str, str]]:
        app: PmApp = self.app  # type: ignore[assignment]
        return app.legal_actions()

    async def discover(self) -> Hits:
        app: PmApp = self.app  # type: ignore[assignment]
        for text, label, run in app.table_commands():
            yield DiscoveryHit(text, run, help=label)
        for text, label in self._actions():
            yield DiscoveryHit(text, partial(app.palette_act, text), help=label)

    async def search(self, query: str) -> Hits:
        app: PmApp = self.app  # type: ignore[assignment]
        matcher = self.matcher(query)
        for text, label, run in app.table_commands():
            score = max(matcher.match(text), matcher.match(label) * 0.9)
            if score > 0:
                yield Hit(score, matcher.highlight(text), run, help=label)
        for text, label in self._actions():
            score = max(matcher.match(text), matcher.match(label) * 0.9)
            if score > 0:
                yield Hit(score, matcher.highlight(text), partial(app.palette_act, text),
                          help=label)
