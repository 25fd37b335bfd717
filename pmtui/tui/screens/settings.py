"""The settings screen (key o): where the table stops for you, what it stops for while
the other side plays, "always ask", the colours. Each change applies at once and is
written to the config file (atomically) by the app's `settings_changed`.

The lists come from the game: its stops (`ScreenSpec.stops`) and watches
(`ScreenSpec.watches`, after the "turn" watch every game has).
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from pmtui.engine.screen import ScreenSpec
from pmtui.tui.guard import DismissOnce, guarded
from pmtui.tui.keys import DEPTH_WORDS, DEPTHS, THEMES, TURN_WATCH, TuiConfig
from pmtui.tui.screens.see_through import SeeThrough
from pmtui.tui.widgets.footer import Footer
from pmtui.tui.widgets.picklist import Item, PickList


def _next(options: tuple[str, ...], value: str) -> str:
    return options[(options.index(value) + 1) % len(options)] if value in options \
        else options[0]


@guarded
class SettingsScreen(SeeThrough, DismissOnce, ModalScreen[None]):
    DEFAULT_CLASSES = "prompt"
    DEFAULT_CSS = "SettingsScreen PickList { max-height: 14; }"
    BINDINGS = [
        Binding("space", "toggle", "Change", id="settings_toggle"),
        Binding("enter", "toggle", "Change", show=False, id="settings_toggle2"),
        Binding("escape", "close", "Close", id="settings_close"),
        Binding("o", "close", "Close", show=False, id="settings_close2"),
        Binding("q", "close", "Close", show=False, id="settings_close3"),
    ]

    def __init__(self, config: TuiConfig, spec: ScreenSpec, on_change: Callable[[], str],
                 depth_now: str = "") -> None:
        super().__init__()
        self.config = config
        self.spec = spec
        self.on_change = on_change
        self.depth_now = depth_now  # the depth this table was started with
        self.status = (f"Changes apply at once and are saved to {config.file}."
                       if config.file is not None
                       else f"Changes apply at once and are kept {config.kept}."
                       if config.kept
                       else "Changes apply at once; this table has no settings file to save to.")

    def items(self) -> list[Item]:
        cfg = self.config
        stops = cfg.stops or frozenset()
        watch = cfg.watch or frozenset()
        out = [Item(Text(f"Stop in: {s.help}"), f"stop:{s.name}", s.name in stops)
               for s in self.spec.stops]
        watches = [(TURN_WATCH, "the end of the other side's turn")] + \
            [(w.name, w.help) for w in self.spec.watches]
        out += [Item(Text(f"Summary after: {help_}"), f"watch:{name}",
                     name in watch) for name, help_ in watches]
        out.append(Item(Text("Always ask, even when passing is the only choice"),
                        "always_ask", cfg.always_ask))
        out.append(Item(Text(f"Colours: {cfg.theme} theme (space: "
                             f"{_next(tuple(THEMES), cfg.theme)})"), "theme"))
        depth = DEPTH_WORDS.get(cfg.depth, cfg.depth)
        if self.depth_now:
            depth += f" (now {self.depth_now})"
        out.append(Item(Text(f"Colour depth: {depth} (space: "
                             f"{DEPTH_WORDS[_next(DEPTHS, cfg.depth)]})"), "depth"))
        return out

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Static(Text("Settings", style="bold"), id="title")
            yield PickList(self.items(), id="settings")
            yield Static(id="hint")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(PickList).focus()
        self._hint()

    def on_pick_list_moved(self, _: PickList.Moved) -> None:
        self._hint()

    def _hint(self) -> None:
        item = self.query_one(PickList).highlighted
        what = {
            "stop": "Where you could act, the table stops for you; a window left out is "
                    "passed for you, even when you hold a card to play there.",
            "watch": "While the other side plays, the table stops with a summary of its "
                     "moves (\"While you waited\") after this. The end of the game always "
                     "stops.",
            "always_ask": "Ask even when passing is the only choice (also shift+a).",
            "theme": "The table's background and text; card colours read on both.",
            "depth": "How many colours are sent to the terminal: fewer if the card "
                     "colours look wrong. From the next start of the table.",
        }.get(item.value.partition(":")[0], "") if item is not None else ""
        hint = Text(what)
        hint.append(f"\n{self.status}", style="dim")
        self.query_one("#hint", Static).update(hint)

    def action_toggle(self) -> None:
        item = self.query_one(PickList).highlighted
        if item is None:
            return
        cfg = self.config
        kind, _, name = item.value.partition(":")
        if kind == "stop":
            cfg.stops = (cfg.stops or frozenset()) ^ {name}
        elif kind == "watch":
            cfg.watch = (cfg.watch or frozenset()) ^ {name}
        elif kind == "always_ask":
            cfg.always_ask = not cfg.always_ask
        elif kind == "theme":
            cfg.theme = _next(tuple(THEMES), cfg.theme)
        elif kind == "depth":
            cfg.depth = _next(DEPTHS, cfg.depth)
        self.status = self.on_change()
        self.query_one(PickList).set_items(self.items())
        self._hint()

    def action_close(self) -> None:
        self.dismiss(None)
