"""The key bar at the bottom of every screen: one widget drawing one line of text.

Textual's Footer mounts a widget per key and rebuilds them all whenever the keys on
offer change, which on our screens is after almost every key: each rebuild costs a
layout of the whole screen and a restyle per key (and, data-bound to the footer,
the old keys were never freed). With many sessions in one SSH server that was most
of the CPU a cursor key cost. This bar only redraws its line, and only when the
text it shows changes. It looks like Textual's and a click on a key presses it.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import groupby

from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import ActiveBinding, Binding
from textual.reactive import reactive
from textual.screen import Screen
from textual.widget import Widget


class Footer(Widget, can_focus=False):
    ALLOW_SELECT = False
    COMPONENT_CLASSES = {"footer--key", "footer--description", "footer--label"}
    DEFAULT_CSS = """
    Footer {
        dock: bottom;
        height: 1;
        color: $footer-foreground;
        background: $footer-background;
        .footer--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
        }
        .footer--description {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
        .footer--label {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
    }
    """

    compact = reactive(False)
    """Less space between the keys."""

    def __init__(self, *, compact: bool = False, name: str | None = None,
                 id: str | None = None, classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.set_reactive(Footer.compact, compact)
        self._shown: tuple[tuple[str, str, str, bool], ...] | None = None
        self._palette: tuple[str, str, str] | None = None
        self._spans: list[tuple[int, int, str]] = []  # (start, end, key) for clicks
        self._pending = False

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)
        self._update()

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, screen: Screen[object]) -> None:
        # Several changes in one step are read once, after it, from the bar's own queue.
        # (Not call_after_refresh: Textual hands that to whichever screen is on top, and
        # a prompt closed meanwhile takes the callback with it.)
        if not self._pending and self.is_attached and screen is self.screen:
            self._pending = self.call_later(self._update)

    def _update(self) -> None:
        self._pending = False
        if not self.is_attached:
            return
        shown, palette = self._read()
        if (shown, palette) != (self._shown, self._palette):
            self._shown, self._palette = shown, palette
            self.refresh()

    def _read(self) -> tuple[tuple[tuple[str, str, str, bool], ...], tuple[str, str, str] | None]:
        """The keys and the palette key to show, from one reading of the screen's
        active bindings (each reading asks every binding's check_action)."""
        active = self.screen.active_bindings
        return self._keys(active), self._palette_key(active)

    def _keys(self, active: Mapping[str, ActiveBinding]) -> tuple[tuple[str, str, str, bool], ...]:
        """(key, key as displayed, description, enabled), one per action, in the
        screen's order; a group of keys shows as one entry."""
        by_action: dict[str, list[tuple[Binding, bool]]] = {}
        for _ns, binding, enabled, _tip in active.values():
            if binding.show:
                by_action.setdefault(binding.action, []).append((binding, enabled))
        display = self.app.get_key_display
        out: list[tuple[str, str, str, bool]] = []
        for group, runs in groupby(by_action.values(), lambda r: r[0][0].group):
            runs_ = list(runs)
            if group is not None and len(runs_) > 1:
                keys = " ".join(display(r[0][0]) for r in runs_)
                out.append((runs_[0][0][0].key, keys, group.description,
                            any(r[0][1] for r in runs_)))
                continue
            for (binding, enabled), *_ in runs_:
                out.append((binding.key, display(binding), binding.description, enabled))
        return tuple(out)

    def _palette_key(self, active: Mapping[str, ActiveBinding]) -> tuple[str, str, str] | None:
        """The command palette's key, shown at the right end, if the app has one."""
        app = self.app
        palette = active.get(app.COMMAND_PALETTE_BINDING) if app.ENABLE_COMMAND_PALETTE \
            else None
        if palette is None:
            return None
        return palette.binding.key, app.get_key_display(palette.binding), \
            palette.binding.description

    def _watch_compact(self) -> None:
        self.refresh()

    def render(self) -> Text:
        if self._shown is None:
            self._shown, self._palette = self._read()
        key_style = self.get_component_rich_style("footer--key")
        desc_style = self.get_component_rich_style("footer--description")
        text = Text(no_wrap=True, overflow="crop", end="")
        self._spans = []
        for key, shown_key, description, enabled in self._shown:
            start = len(text)
            dim = Style() if enabled else Style(dim=True)
            if self.compact:
                text.append(shown_key, style=key_style + dim)
                if description:
                    text.append(" " + description, style=desc_style + dim)
                self._spans.append((start, len(text), key))
                text.append(" ")
            else:
                text.append(f" {shown_key} ", style=key_style + dim)
                if description:
                    text.append(description + " ", style=desc_style + dim)
                self._spans.append((start, len(text), key))
        if self._palette is not None:
            key, shown_key, description = self._palette
            tail = Text(end="")
            tail.append("▏", style="dim")
            tail.append(shown_key, style=key_style)
            tail.append(f" {description} ", style=desc_style)
            gap = self.size.width - len(text) - len(tail)
            if gap >= 1:
                text.append(" " * gap)
                self._spans.append((len(text) + 1, len(text) + len(tail), key))
                text.append_text(tail)
        return text

    def on_click(self, event: events.Click) -> None:
        for start, end, key in self._spans:
            if start <= event.x < end:
                enabled = any(k == key and on for k, _, _, on in self._shown or ()) \
                    or (self._palette is not None and key == self._palette[0])
                if enabled:
                    self.app.simulate_key(key)
                else:
                    self.app.bell()
                return
