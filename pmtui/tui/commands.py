"""Command palette (ctrl+p): every legal action now, by its notation; undo; the replay viewer."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from textual.command import CommandList, CommandPalette, DiscoveryHit, Hit, Hits, Provider

from pmtui.tui.guard import DismissOnce
from pmtui.tui.screens.see_through import SeeThrough

if TYPE_CHECKING:
    from textual.app import App

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


class Palette(SeeThrough, DismissOnce, CommandPalette):
    """Textual's command palette, dismissed once: two enters read in one go chose the
    command and then dismissed the screen under the palette (guard.DismissOnce)."""

    def _live(self) -> bool:
        """Keys typed before the palette was dismissed (or before its app ended) are
        still handled after its list was taken apart: a search they start, or a key
        passed on to the list, would find no list (NoMatches). Only while the palette
        is on the stack do they do anything."""
        app = self.app
        return app.is_running and self in app.screen_stack

    def on_screen_suspend(self) -> None:
        """Off the stack (not only covered): its search stops now. Textual takes its
        widgets apart before its workers, and a search still running then looked
        for its list (WorkerFailed: NoMatches, found by random keys)."""
        if not self._live():
            self.workers.cancel_node(self)

    def _gather_commands(self, search_value: str) -> Any:
        return super()._gather_commands(search_value) if self._live() else None

    def _action_command_list(self, action: str) -> None:
        if not self._live():
            return
        # Textual pages its list by the lines it has laid out, which it does only while
        # the list has a size: pgup/pgdn while the list is hidden (between a choice and
        # its running, or before the first search) looked up a line never laid out
        # (KeyError). With no list on screen there is nothing to page through.
        shown = self.query_one(CommandList).scrollable_content_region
        if action.startswith("page") and not shown.area:
            return
        super()._action_command_list(action)


def open_palette(app: App[object]) -> None:
    """The app's ctrl+p: the palette, unless one is open already. Textual looks only at
    the screen on top, so with a prompt opened over the palette (the table moved) a
    second palette of the same id was mounted (DuplicateIds). Nor does it have Textual's
    fixed id: escape and ctrl+p read in one go opened a new palette while the last one,
    off the stack, was still being taken apart under that id (DuplicateIds again)."""
    if app.use_command_palette and not any(isinstance(s, CommandPalette)
                                           for s in app.screen_stack):
        app.push_screen(Palette())
