"""Keyboard prompts, the kinds a ruleset names (pmtui.engine.screen): a choice, a
response to a play, picking a set of cards with a running total, browsing a list
of cards. Each returns option texts.

A prompt never acts itself: it dismisses with the texts to send (or None when
closed without deciding) and the app sends them, so every decision goes through
one path that saves it before the screen moves on.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from pmtui.engine.decision import Decision
from pmtui.engine.screen import Card, Face, PickSet, ScreenSpec, View
from pmtui.table.words import REF, where
from pmtui.tui.display import colour_chip, detail_text, short_name
from pmtui.tui.guard import guarded
from pmtui.tui.screens.info import Kept
from pmtui.tui.widgets.footer import Footer
from pmtui.tui.widgets.panels import show_text
from pmtui.tui.widgets.picklist import Item, PickList

Namer = Callable[[str], str]  # option text -> plain-language label
BRIEF_ROOM = 14  # cells a row keeps for what its card is ("  R2/1 40/40") before names shrink


@guarded
class PromptScreen(Kept[list[str] | None]):
    """Base: a titled box with a list, over the board (which stays visible around it).
    The app keeps one screen of each kind and refills it for the next decision."""

    DEFAULT_CLASSES = "prompt"
    # help is one key away in every prompt too (the first screen is a prompt); quit and
    # the settings work as on the board (the same binding ids: a remapped key too)
    BINDINGS = [Binding("question_mark", "help", "Help", id="prompt_help"),
                Binding("q", "board('quit_game')", "Quit", show=False, id="quit"),
                Binding("o", "board('settings')", "Settings", show=False, id="settings")]
    SHOWS: ClassVar[tuple[str, ...]] = ("title_text", "body_text")

    def __init__(self, title: str, body: str | Text = "") -> None:
        super().__init__()
        self.title_text = title
        self.body_text = body

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Static(Text(self.title_text, style="bold"), id="title")
            body = Static(self._body(), id="prompt-body")
            body.display = bool(self.body_text)  # a line under the title: a response's
            yield body
            yield from self.compose_list()
            yield Static(id="hint")
        yield Footer()

    def _body(self) -> Text:
        body = self.body_text
        return body if isinstance(body, Text) else Text(body)

    def fill(self) -> None:
        show_text(self.query_one("#title", Static), Text(self.title_text, style="bold"))
        body = self.query_one("#prompt-body", Static)
        show_text(body, self._body())
        body.display = bool(self.body_text)
        show_text(self.query_one("#hint", Static), Text())  # the last decision's: never again

    def compose_list(self) -> ComposeResult:
        yield from ()

    def action_help(self) -> None:
        show = getattr(self.app, "show_help", None)
        if show is not None:
            show()

    def action_board(self, action: str) -> None:
        """A key of the board's (quit, the settings), run as the board runs it."""
        board = getattr(self.app, "game_screen", None)
        run = getattr(board, f"action_{action}", None)
        if run is not None:
            run()

    def on_mount(self) -> None:
        for pl in self.query(PickList):
            pl.focus()
            break


@guarded
class ChoiceScreen(PromptScreen):
    """Choose one option. Labels in plain words; the notation is shown dim beside it."""

    BINDINGS = [
        Binding("enter", "choose", "Choose", id="pick_choose"),
        Binding("escape", "close", "Close", id="pick_close"),
        Binding("D", "inspect", "Details", id="pick_inspect"),
    ]
    SHOWS = (*PromptScreen.SHOWS, "options", "namer", "detail", "brief", "point", "cut")

    def __init__(
        self,
        title: str,
        options: Sequence[str],
        namer: Namer,
        body: str | Text = "",
        detail: Callable[[str], Text | None] | None = None,
        brief: Callable[[str], Text | None] | None = None,
        point: Callable[[Sequence[str], str | None], bool] | None = None,
        cut: Callable[[str, str, int], str] | None = None,
    ) -> None:
        super().__init__(title, body)
        self.options = list(options)
        # an option's label with the names of its cards shortened to a width (the
        # game's one short form for that width): a row too wide for the box
        self.cut = cut
        self.namer = namer
        self.detail = detail
        self.brief = brief  # what the card an option is about is: owner, stats, state
        # told the options and the highlighted one, so the board under the box can mark
        # the cells they point at; when it does, the box moves down off the grid
        self.point = point

    def compose_list(self) -> ComposeResult:
        yield PickList(self._items(), id="choices")

    def _row(self, text: str, width: int | None = None) -> Text:
        """An option's row: its label, what its card is, and the notation when that
        names no card (a card's id and number mean nothing to a player: the palette and
        the card panel have them). In `width` cells: what the card is loses its last
        parts ("· You · Main Area"), a label too long itself has its names shortened
        (`cut`, the board's forms), and at worst the end is cut with "…"."""
        words = self.namer(text)
        about = self.brief(text) if self.brief is not None else None
        tail = f"  {text}" if words.lower() != text.lower() and not REF.search(text) else ""

        def made(label: str, parts: int | None = None) -> Text:
            row = Text(label)
            if about is not None:
                if parts is None:
                    row.append_text(about)
                else:  # the first `parts` of what the card is
                    cut = about.plain.split(" · ")[:parts]
                    row.append(" · ".join(cut), style=about.style)
            row.append(tail, style="dim")
            return row

        row = made(words)
        if width is None or row.cell_len <= width:
            return row
        tail = ""
        label = words
        if self.cut is not None and len(words) > width - BRIEF_ROOM:
            label = next((short for room in range(24, 3, -2)
                          if len(short := self.cut(text, words, room)) <= width - BRIEF_ROOM),
                         self.cut(text, words, 4))
        n = len(about.plain.split(" · ")) if about is not None else 0
        for parts in range(n, 0, -1):
            row = made(label, parts)
            if row.cell_len <= width:
                return row
        row.truncate(width, overflow="ellipsis")
        return row

    def _items(self) -> list[Item]:
        return [Item(self._row(text), text, fit=lambda w, t=text: self._row(t, w))
                for text in self.options]

    def on_mount(self) -> None:  # Textual runs PromptScreen.on_mount too (each class's)
        self._show_detail()

    def fill(self) -> None:
        super().fill()
        self.query_one(PickList).set_items(self._items(), index=0)
        self._show_detail()

    def on_pick_list_moved(self, _: PickList.Moved) -> None:
        self._show_detail()

    def _show_detail(self) -> None:
        item = self.query_one(PickList).highlighted
        hint = self.query_one("#hint", Static)
        if self.detail is not None and item is not None:
            show_text(hint, self.detail(item.value) or Text())
        if self.point is not None:
            self.set_class(self.point(self.options, item.value if item is not None else None),
                           "aside")

    def action_choose(self) -> None:
        item = self.query_one(PickList).highlighted
        if item is not None:
            self.dismiss([item.value])

    def action_inspect(self) -> None:
        item = self.query_one(PickList).highlighted
        if item is not None:
            self.app.inspect_text(item.value)  # type: ignore[attr-defined]

    def action_close(self) -> None:
        self.dismiss(None)


@guarded
class RespondScreen(ChoiceScreen):
    """A response to a play: the other player declared one; respond or pass."""


@guarded
class PickSetScreen(PromptScreen):
    """Pick a set of cards with a running total and the ruleset's verdict (PickSet).

    Picks stay local until confirmed, so a pick can be taken back freely; the
    running total, requirement and reason come from the engine itself, asked on
    a scratch copy (`LocalTable.preview`). Confirm sends `<pick verb> CARD` for
    each pick and the confirm word; escape sends the cancel word (the play is
    abandoned, nothing is paid).
    """

    BINDINGS = [
        Binding("space", "toggle", "Pick/unpick", id="pay_toggle"),
        Binding("enter", "confirm", "Confirm", id="pay_confirm"),
        Binding("escape", "cancel_play", "Cancel play", id="pay_cancel"),
        Binding("D", "inspect", "Details", id="pay_inspect"),
    ]
    SHOWS = (*PromptScreen.SHOWS, "whose", "kind", "decision", "spec", "view", "cards",
             "preview", "picks", "info", "paid", "names")

    def __init__(
        self,
        kind: PickSet,
        decision: Decision,
        spec: ScreenSpec,
        view: View,
        preview: Callable[[list[str]], Decision | None],
        title: str,
        whose: Callable[[int], str] | None = None,
        names: Collection[str] = (),
    ) -> None:
        super().__init__(title)
        self.whose = whose  # a seat's possessive ("your", "CPU's")
        self.names = names  # what a shortened name stays apart from (display.game_names)
        self.kind = kind
        self.decision = decision
        self.spec = spec
        self.view = view
        self.cards = {int(c["uid"]): c for z in view["zones"].values() if isinstance(z, list)
                      for c in z if c.get("uid") is not None}
        self.preview = preview
        self.picks: list[str] = []
        self.info: dict[str, Any] = dict(decision.info)
        self.paid = [int(u) for u in decision.info.get("paid", [])]

    def compose_list(self) -> ComposeResult:
        yield Static(id="total")
        yield PickList(self._items(), id="payers")

    def on_mount(self) -> None:
        self._update()

    def fill(self) -> None:
        super().fill()
        self.query_one(PickList).index = 0
        self._update()

    def _pickable(self) -> list[str]:
        return [t for t in self.decision.texts if t.startswith(f"{self.kind.pick_verb} ")]

    def _face(self, uid: int) -> Face | None:
        c = self.cards.get(uid)
        return self.spec.face(c, where(self.view, uid), self.view) if c is not None else None

    def _about(self, uid: int) -> str:
        """The card panel's first line (what card it is) and the card's text."""
        c = self.cards.get(uid)
        if c is None:
            return ""
        d = self.spec.detail(c, where(self.view, uid), self.view)
        face = self._face(uid)
        head = d.lines[0].text if d.lines else ""
        return f"{head}\n{face.text if face else ''}".strip()

    def _label(self, uid: int, titles: Collection[str]) -> Text:
        """Colour, name (cut so that different names stay apart), what it adds, its
        numbers, and whose and where it is."""
        face = self._face(uid)
        if face is None:
            return Text(f"card {uid}")
        t = colour_chip(self.spec.colours, face.colour)
        t.append(f" {short_name(face.title, 20, titles):<20} {face.pick}")
        if face.right:
            t.append(f"  {face.right}", style="bold cyan" if face.changed else "")
        c = self.cards[uid]
        owner = c.get("owner")
        whose = f"{self.whose(owner)} " if isinstance(owner, int) and self.whose else ""
        t.append(f"  {whose}{self.spec.layout.title(where(self.view, uid)).lower()}",
                 style="dim")
        return t

    def _items(self) -> list[Item]:
        uids = [*self.paid]
        for text in self._pickable():
            m = REF.search(text)
            uids.append(int(m.group(2)) if m else -1)
        # the game's names (one short form all game), else those in this list
        titles = self.names or {f.title for f in map(self._face, uids) if f is not None}
        items = [Item(self._label(u, titles), f"picked {u}", checked=True, locked=True)
                 for u in self.paid]
        for text, uid in zip(self._pickable(), uids[len(self.paid):], strict=True):
            items.append(Item(self._label(uid, titles), text, checked=text in self.picks))
        return items

    def _update(self) -> None:
        info = self.info
        total = Text()
        ok = bool(info.get("ok"))
        total.append(f"{self.kind.total} {info.get('total', 0)} / {self.kind.need} "
                     f"{info.get('need', '?')}  ")
        if ok:
            total.append(f"✓ {self.kind.met}", style="bold green")
        else:
            total.append("✗ ", style="bold red")
            total.append(str(info.get("why") or self.kind.unmet), style="red")
        show_text(self.query_one("#total", Static), total)
        pl = self.query_one(PickList)
        pl.set_items(self._items())
        item = pl.highlighted
        hint = self.query_one("#hint", Static)
        if item is not None:
            m = REF.search(item.value)
            uid = int(m.group(2)) if m else int(item.value.split()[1])
            show_text(hint, Text(self._about(uid), style="dim"))
        self.refresh_bindings()

    def on_pick_list_moved(self, _: PickList.Moved) -> None:
        self._update()

    def action_toggle(self) -> None:
        item = self.query_one(PickList).highlighted
        if item is None or item.locked:
            return
        before = list(self.picks)
        if item.value in self.picks:
            self.picks.remove(item.value)
        else:
            self.picks.append(item.value)
        try:
            after = self.preview(list(self.picks))
        except Exception as exc:  # noqa: BLE001 - shown, never raised at the player
            self.app.notify(f"cannot pick that: {exc}", severity="warning")
            self.picks[:] = before  # a pick or an unpick alike is taken back
            return
        if after is not None and after.kind == self.decision.kind:
            self.info = dict(after.info)
        self._update()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "confirm":
            return bool(self.info.get("ok"))
        return True

    def action_confirm(self) -> None:
        if self.info.get("ok"):
            self.dismiss([*self.picks, self.kind.confirm])

    def on_key(self, event: events.Key) -> None:
        # enter is off until the set is enough: it said nothing, now it says why not
        if event.key == "enter" and not self.info.get("ok"):
            self.app.notify(f"Not yet: {self.info.get('why') or self.kind.unmet}", timeout=3)

    def action_cancel_play(self) -> None:
        self.dismiss([self.kind.cancel])

    def action_inspect(self) -> None:
        item = self.query_one(PickList).highlighted
        if item is None:
            return
        m = REF.search(item.value)
        uid = int(m.group(2)) if m else int(item.value.split()[1])
        self.app.inspect(uid)  # type: ignore[attr-defined]


@guarded
class BrowseScreen(Kept[None]):
    """Look through a list of cards (a public or own zone)."""

    BINDINGS = [
        Binding("escape", "close", "Close", id="browse_close"),
        Binding("enter", "close", "Close", show=False, id="browse_enter"),
        Binding("D", "inspect", "Details", id="browse_inspect"),
    ]
    DEFAULT_CLASSES = "prompt"
    SHOWS = ("title_text", "cards", "zone", "spec", "view")

    def __init__(
        self,
        title: str,
        cards: Sequence[Card],
        zone: str,
        spec: ScreenSpec,
        view: View,
    ) -> None:
        super().__init__()
        self.title_text = title
        self.cards = list(cards)
        self.zone = zone
        self.spec = spec
        self.view = view

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Static(self._title(), id="browse-title")
            yield PickList(self._items(), id="cards")
            yield Static(id="hint")
        yield Footer()

    def _title(self) -> Text:
        return Text(f"{self.title_text} ({len(self.cards)})", style="bold")

    def _items(self) -> list[Item]:
        items = []
        for i, c in enumerate(self.cards):
            face = self.spec.face(c, self.zone, self.view)
            t = colour_chip(self.spec.colours, face.colour)
            t.append(f" {face.title}")
            if face.right:
                t.append(f"  {face.right}", style="dim")
            if face.status and face.status[0] and not face.status[0].startswith("["):
                t.append(f"  {' '.join(face.status)}", style="italic")
            items.append(Item(t, str(i)))
        return items

    def on_mount(self) -> None:
        self.query_one(PickList).focus()
        self._show()

    def fill(self) -> None:
        self.query_one("#browse-title", Static).update(self._title())
        self.query_one(PickList).set_items(self._items(), index=0)
        self.query_one("#hint", Static).update("")  # the last zone's card, if this is empty
        self._show()

    def on_pick_list_moved(self, _: PickList.Moved) -> None:
        self._show()

    def _show(self) -> None:
        item = self.query_one(PickList).highlighted
        if item is None:
            return
        c = self.cards[int(item.value)]
        self.query_one("#hint", Static).update(
            detail_text(self.spec.detail(c, self.zone, self.view), self.spec.colours)
        )

    def action_inspect(self) -> None:
        item = self.query_one(PickList).highlighted
        uid = self.cards[int(item.value)].get("uid") if item is not None else None
        inspect = getattr(self.app, "inspect", None)
        if uid is not None and inspect is not None:
            inspect(int(uid))

    def action_close(self) -> None:
        self.dismiss(None)
