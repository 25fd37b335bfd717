"""Screens that are not decisions: help, "pass the keyboard", game over, too small."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, ClassVar, Self, TypeVar

from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from pmtui.engine.screen import ScreenSpec
from pmtui.table.logtext import printable
from pmtui.tui.guard import DismissOnce, guarded
from pmtui.tui.keys import GAME_BINDINGS, HELP_TEXT, PROMPT_HELP, verb_bindings, verb_id
from pmtui.tui.screens.cover import Cover
from pmtui.tui.screens.see_through import SeeThrough
from pmtui.tui.widgets.footer import Footer
from pmtui.tui.widgets.panels import LaidOutOnce

KEY_NAMES = {"question_mark": "?", "enter": "enter", "A": "shift+a"}


R = TypeVar("R")  # what a kept screen answers (PmApp opens them by it too)

class Kept(SeeThrough, DismissOnce, ModalScreen[R]):
    """A modal the app keeps, one of its kind per table, and shows again with new
    contents (`PmApp._open_again`): a new screen costs its styles, its layout and its
    widgets each time, and leaves cyclic garbage behind (many at once over SSH).

    `SHOWS` names what a screen shows, as its constructor sets it: `refill` takes those
    from a new screen of the kind (made, never mounted) and `fill` shows them."""

    SHOWS: ClassVar[tuple[str, ...]] = ()
    _styled: int | None = -1  # the app's CSS version this screen's styles were worked out for

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        """Shown again: its styles are worked out again only when the app's CSS changed
        since (a theme), not on every opening (a few ms for its widgets each time)."""
        # Textual's private count of CSS changes; without it, styles every time
        version = getattr(self.app, "_css_update_count", None)
        if version is not None and version == self._styled:
            event.refresh_styles = False
        self._styled = version

    def refill(self, like: Self) -> None:
        """Show what `like` would show."""
        for name in self.SHOWS:
            setattr(self, name, getattr(like, name))
        if self.is_mounted:  # else its compose and mount show them
            self.fill()

    def fill(self) -> None:
        """Put what this screen now shows (`SHOWS`) on its widgets."""
        raise NotImplementedError


class SheetBox(LaidOutOnce, Vertical):
    pass


class SheetScroll(LaidOutOnce, VerticalScroll):
    pass


class SheetText(LaidOutOnce, Static):
    pass


def scroll_by(scroll: VerticalScroll, delta: int) -> None:
    """The up and down keys of a box that scrolls: three lines a press."""
    scroll.scroll_relative(y=delta * 3, animate=False)


class ScrollingModal(Kept[None]):
    """A modal box with one scrolling part (`SCROLL`, a VerticalScroll's id): up and down
    scroll it, its close keys dismiss it."""

    SCROLL = ""
    DEFAULT_CLASSES = "prompt"

    def action_scroll(self, delta: int) -> None:
        # a key read in one go with the one that closed the box comes after its widgets
        # have gone (random keys found it): nothing left to scroll
        for scroll in self.query(f"#{self.SCROLL}").results(VerticalScroll):
            scroll_by(scroll, delta)

    def on_resize(self) -> None:
        self.call_after_refresh(self.fit)

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        super().on_screen_resume(event)
        self.call_after_refresh(self.fit)

    def fit(self) -> None:
        """The scrolling part may take the rows the box has left under its other parts
        (the box may take 90% of the screen above the footer, `.prompt #box`): a fixed
        limit cut the part off at 80x24, where the box could not hold it and its last
        lines were out of reach, and left a tall terminal's rows unused."""
        try:  # called after a refresh: the screen may have closed in between
            box = self.query_one("#box")
            scroll = self.query_one(f"#{self.SCROLL}", VerticalScroll)
        except NoMatches:
            return
        others = sum(w.outer_size.height + w.styles.margin.top + w.styles.margin.bottom
                     for w in box.children if w is not scroll and w.display)
        footer = sum(f.outer_size.height for f in self.query(Footer))  # docked under it
        room = max(3, int((self.size.height - footer) * 0.9) - box.styles.gutter.height
                   - others)
        if scroll.styles.max_height is None or scroll.styles.max_height.value != room:
            scroll.styles.max_height = room

    def action_close(self) -> None:
        self.dismiss(None)

    def show(self, widget: Static, text: Text) -> VerticalScroll:
        """`widget` (in the scrolling part) shows `text`; that part returned. Its scroll
        bar goes first: the new text is laid out at the width without one, as on a new
        screen. Left there, the last text's bar narrowed the new one, which then took
        more lines than the box was measured for and was cut (a short card after a
        long one opened with a bar and its last lines out of sight)."""
        scroll = self.query_one(f"#{self.SCROLL}", VerticalScroll)
        scroll.show_vertical_scrollbar = False
        widget.update(text)
        return scroll


@guarded
class HelpScreen(ScrollingModal):
    """Every key (as currently mapped) with what it does."""

    BINDINGS = [
        Binding("escape", "close", "Close", id="help_close"),
        Binding("question_mark", "close", "Close", show=False, id="help_close2"),
        Binding("q", "close", "Close", show=False, id="help_close3"),
        Binding("down", "scroll(1)", "Down", show=False, id="help_down"),
        Binding("up", "scroll(-1)", "Up", show=False, id="help_up"),
        Binding("tab", "page", "Keys / How to play", id="help_page"),
    ]
    SCROLL = "help-scroll"

    def __init__(self, key_for: Callable[[str, str], str], spec: ScreenSpec,
                 config_file: Path | None = None) -> None:
        super().__init__()
        self.key_for = key_for
        self.spec = spec
        self.config_file = config_file  # the player's tui.toml (None: no file to remap in)
        # the game's keys in footer order: "act", the ruleset's verbs, the rest
        self.bindings = GAME_BINDINGS[:1] + verb_bindings(spec.verbs) + GAME_BINDINGS[1:]

    def compose(self) -> ComposeResult:
        table = Table.grid(padding=(0, 2))
        table.add_column(style="bold cyan", no_wrap=True)
        table.add_column()
        table.add_column(style="dim", no_wrap=True)  # the binding id a player remaps by
        verb_help = {verb_id(v): v.help for v in self.spec.verbs}
        for b in self.bindings:
            bid = b.id or b.action
            key = self.key_for(bid, b.key)
            table.add_row(KEY_NAMES.get(key, key),
                          verb_help.get(bid) or HELP_TEXT.get(bid, b.description), bid)
        for key, text in PROMPT_HELP:
            table.add_row(key, text)
        with Vertical(id="box"):
            yield Static(self._heading(), id="help-heading")
            if self.config_file is not None:  # a line the player can act on, here
                yield Static(Text('To change a key, add  id = "key"  under [keys] in '
                                  f"{printable(str(self.config_file))} (each key's id is "
                                  "in the last column)", style="dim"), classes="keys-page")
            with VerticalScroll(id="help-scroll"):
                yield Static(table, classes="keys-page")
                legend = " ".join(x for x in (self.spec.words.legend,
                                              self.spec.words.role_legend) if x)
                yield Static(Text(f"\nCards: ▸ marks a card you can use now, » one in "
                                  "the fight now (its panel says its part); values in "
                                  f"cyan differ from the printed card. {legend}",
                                  style="dim"), classes="keys-page")
                yield Static(how_to_play(self.spec), id="how-to-play")
        yield Footer()

    keys_page = True  # which page shows: the keys, or how to play

    def _heading(self) -> Text:
        other = f"how to play {self.spec.title}" if self.keys_page else "the keys"
        t = Text("Keys" if self.keys_page else f"How to play {self.spec.title}",
                 style="bold")
        t.append(f"   tab: {other}", style="dim")
        return t

    def on_mount(self) -> None:
        self._show_page()

    def action_page(self) -> None:
        self.keys_page = not self.keys_page
        self._show_page()

    def _show_page(self) -> None:
        for w in self.query(".keys-page"):
            w.display = self.keys_page
        self.query_one("#how-to-play").display = not self.keys_page
        self.query_one("#help-heading", Static).update(self._heading())
        self.query_one("#help-scroll", VerticalScroll).scroll_home(animate=False)
        self.call_after_refresh(self.fit)


def how_to_play(spec: ScreenSpec) -> Text:
    """The game's how-to-play page (`Words.how_to_play`): a bold heading and a paragraph
    for each part; a game that gives none says so."""
    parts = spec.words.how_to_play
    if not parts:
        return Text(f"{spec.title} gives no how-to-play page: its rules are in its "
                    "rulebook, and the keys page names what each key does.", style="dim")
    t = Text()
    for i, (heading, text) in enumerate(parts):
        if i:
            t.append("\n\n")
        t.append(printable(heading), style="bold")
        t.append("\n" + printable(text))
    return t



@guarded
class SummaryScreen(ScrollingModal):
    """What happened while the other side played, in the log's words: opened when the
    table stops for something the player watches (a point, a card leaving play, the
    end of the other side's turn, the end of the game). Any of enter, space, escape
    goes on."""

    BINDINGS = [
        Binding("enter", "close", "Go on", id="summary_close"),
        Binding("space", "close", "Go on", show=False, id="summary_close2"),
        Binding("escape", "close", "Go on", show=False, id="summary_close3"),
        Binding("down", "scroll(1)", "Down", show=False, id="summary_down"),
        Binding("up", "scroll(-1)", "Up", show=False, id="summary_up"),
    ]
    SCROLL = "summary-scroll"
    SHOWS = ("title_text", "lines")

    def __init__(self, title: str, lines: list[Text],
                 on_close: Callable[[], None] | None = None) -> None:
        super().__init__()
        self.title_text = title
        self.lines = lines
        self.on_close = on_close  # called just before it closes

    def action_close(self) -> None:
        if self.on_close is not None:
            self.on_close()
        self.dismiss(None)

    def compose(self) -> ComposeResult:
        with SheetBox(id="box"):
            yield SheetText(Text(self.title_text, style="bold"), id="summary-title")
            with SheetScroll(id="summary-scroll"):
                yield SheetText(self._body(), id="summary-lines")
        yield Footer()

    def _body(self) -> Text:
        return Text("\n").join(self.lines) if self.lines else Text("nothing to see", style="dim")

    def on_mount(self) -> None:
        # the latest lines matter most: start at the bottom
        self.query_one("#summary-scroll", VerticalScroll).scroll_end(animate=False)

    def fill(self) -> None:
        self.query_one("#summary-title", Static).update(Text(self.title_text, style="bold"))
        scroll = self.show(self.query_one("#summary-lines", Static), self._body())
        scroll.call_after_refresh(scroll.scroll_end, animate=False)



@guarded
class CardScreen(ScrollingModal):
    """One card in full (the inspect key, from the board or any prompt): the game's card
    panel whole, what can be done with it now and why not the rest."""

    BINDINGS = [
        Binding("escape", "close", "Close", id="card_close"),
        Binding("enter", "close", "Close", show=False, id="card_close2"),
        Binding("D", "close", "Close", show=False, id="card_close3"),
        Binding("down", "scroll(1)", "Down", show=False, id="card_down"),
        Binding("up", "scroll(-1)", "Up", show=False, id="card_up"),
    ]
    SCROLL = "summary-scroll"
    SHOWS = ("body",)

    def __init__(self, body: Text) -> None:
        super().__init__()
        self.body = body

    def compose(self) -> ComposeResult:
        with SheetBox(id="box"), SheetScroll(id="summary-scroll"):
            yield SheetText(self.body, id="card-body")
        yield Footer()

    def fill(self) -> None:
        """Another card on this sheet, from its top."""
        self.show(self.query_one("#card-body", Static), self.body).scroll_home(animate=False)



@guarded
class PassKeyboardScreen(Cover[None]):
    """Hot seat: covers the whole table so the next player's hand is seen only by them."""

    BINDINGS = [Binding("enter", "ready", "I'm ready", id="ready")]

    def __init__(self, name: str, on_ready: Callable[[], None],
                 where: Sequence[str] = ()) -> None:
        super().__init__()
        self.player_name = name
        self.on_ready = on_ready
        self.where = list(where)  # whose turn, what is being played: public words only

    def compose(self) -> ComposeResult:
        with Vertical(id="pass-box"):
            yield Static(
                Text.assemble(
                    ("Pass the keyboard\n\n", "bold"),
                    *((line + "\n", "dim") for line in self.where),
                    "\n" if self.where else "",
                    (f"{self.player_name}", "bold cyan"),
                    ", it is your decision.\nPress enter when only you can see the screen."
                ),
                id="pass-text",
            )
            yield self.note()
        yield Footer()

    def refusal(self) -> str:
        return "\nOnly enter here (ctrl+q quits, the game is saved)."

    def action_ready(self) -> None:
        # Re-render the table for the new player *before* uncovering it.
        self.on_ready()
        self.dismiss(None)


@guarded
class GameOverScreen(SeeThrough, DismissOnce, ModalScreen[str | None]):
    BINDINGS = [
        Binding("escape", "close", "See the table", id="over_close"),
        Binding("enter", "close", "See the table", show=False, id="over_enter"),
        Binding("r", "review", "Review the game", id="over_review"),
        Binding("q", "quit_app", "Quit", id="over_quit"),
        Binding("down", "scroll(1)", "Down", show=False, id="over_down"),
        Binding("up", "scroll(-1)", "Up", show=False, id="over_up"),
    ]
    DEFAULT_CLASSES = "prompt"
    HINT = "q quits · escape shows the table"
    REVIEW_HINT = "r reviews the game: the replay with the computer's reading of each move"

    def __init__(self, headline: str, reason: str, last: Sequence[Text] = (),
                 review: bool = False) -> None:
        super().__init__()
        self.headline = headline
        self.reason = reason
        self.last = list(last)  # what the computer did since the player's last move
        self.review = review  # offer the review (the replay with the analysis): "review"

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Static(Text(self.headline, style="bold"), id="title")
            yield Static(Text(self.reason))  # the rules' words, not markup
            if self.last:
                yield Static(Text("\nWhile you waited:", style="bold"))
                with VerticalScroll(id="summary-scroll"):
                    yield Static(Text("\n").join(self.last))
            if self.review:
                yield Static(Text(self.REVIEW_HINT, style="dim"))
            yield Static(Text(self.HINT, style="dim"))
        yield Footer()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.review if action == "review" else True

    def action_review(self) -> None:
        self.dismiss("review")

    def on_mount(self) -> None:
        # the move that ended the game is the last line: in sight first, as in the
        # summary (it was cut off below a long turn, and no key scrolled to it)
        for scroll in self.query(VerticalScroll):
            scroll.scroll_end(animate=False)

    def action_scroll(self, delta: int) -> None:
        for scroll in self.query(VerticalScroll):
            scroll_by(scroll, delta)

    def action_close(self) -> None:
        self.dismiss(None)

    def action_quit_app(self) -> None:
        self.app.exit(0)


MIN_SIZE = (80, 24)  # the smallest terminal the table and the replay viewer fit


def size_check(app: App[Any], main: Screen[Any], was_small: bool, width: int,
               height: int) -> bool:
    """Show, update or take away the size message over `main` for a terminal of
    `width`×`height`; returns whether it is too small now. A size that arrives before
    `main` is on the stack changes nothing: the app checks again once it is."""
    if main not in app.screen_stack:
        return was_small
    small = width < MIN_SIZE[0] or height < MIN_SIZE[1]
    if small and not was_small:
        app.push_screen(TooSmallScreen(MIN_SIZE))
    elif small and isinstance(app.screen, TooSmallScreen):
        app.screen.show_size(width, height)
    elif not small and was_small and isinstance(app.screen, TooSmallScreen):
        app.pop_screen()
    return small


@guarded
class TooSmallScreen(Screen[None]):
    """Shown instead of the table while the terminal is below the minimum size."""

    BINDINGS = [Binding("ctrl+q", "app.quit", "Quit", id="small_quit")]

    def __init__(self, need: tuple[int, int]) -> None:
        super().__init__()
        self.need = need

    def compose(self) -> ComposeResult:
        yield Static(id="small-text")

    def on_mount(self) -> None:
        self.show_size(self.app.size.width, self.app.size.height)

    def show_size(self, width: int, height: int) -> None:
        w, h = self.need
        self.query_one("#small-text", Static).update(
            f"Terminal too small: {width}×{height}.\n"
            f"pmtui needs at least {w}×{h}.\nEnlarge the window (ctrl+q quits)."
        )
