"""Keyboard prompts: choices (order, redraw, targets, replacement, ...), the cost
payment picker and the Decline (response) prompt. Each returns option texts.

A prompt never acts itself: it dismisses with the texts to send (or None when
closed without deciding) and the app sends them, so every decision goes through
one path that saves it before the screen moves on.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from pmtui.engine.decision import Decision
from pmtui.tui.display import COLOUR_LETTER, COLOUR_STYLE, detail_text, shown_stats
from pmtui.tui.guard import guarded
from pmtui.tui.widgets.footer import Footer
from pmtui.tui.widgets.picklist import Item, PickList

Namer = Callable[[str], str]  # option text -> plain-language label


@guarded
class PromptScreen(ModalScreen[list[str] | None]):
    """Base: a titled box with a list, over the board (which stays visible around it)."""

    DEFAULT_CLASSES = "prompt"

    def __init__(self, title: str, body: str = "") -> None:
        super().__init__()
        self.title_text = title
        self.body_text = body

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Static(Text(self.title_text, style="bold"), id="title")
            if self.body_text:
                yield Static(Text(self.body_text), id="prompt-body")
            yield from self.compose_list()
            yield Static(id="hint")
        yield Footer()

    def compose_list(self) -> ComposeResult:
        yield from ()

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
    ]

    def __init__(
        self,
        title: str,
        options: Sequence[str],
        namer: Namer,
        body: str = "",
        detail: Callable[[str], Text | None] | None = None,
    ) -> None:
        super().__init__(title, body)
        self.options = list(options)
        self.namer = namer
        self.detail = detail

    def compose_list(self) -> ComposeResult:
        items = []
        for text in self.options:
            label = Text(self.namer(text))
            if label.plain.lower() != text.lower():
                label.append(f"  {text}", style="dim")
            items.append(Item(label, text))
        yield PickList(items, id="choices")

    def on_mount(self) -> None:  # Textual runs PromptScreen.on_mount too (each class's)
        self._show_detail()

    def on_pick_list_moved(self, _: PickList.Moved) -> None:
        self._show_detail()

    def _show_detail(self) -> None:
        item = self.query_one(PickList).highlighted
        hint = self.query_one("#hint", Static)
        if self.detail is not None and item is not None:
            hint.update(self.detail(item.value) or "")

    def action_choose(self) -> None:
        item = self.query_one(PickList).highlighted
        if item is not None:
            self.dismiss([item.value])

    def action_close(self) -> None:
        self.dismiss(None)


@guarded
class RespondScreen(ChoiceScreen):
    """The Decline prompt (p.22): the other player declared a play; respond or pass."""


@guarded
class PayScreen(PromptScreen):
    """Choose cost cards from hand and face-up points, with the engine's verdict.

    Picks stay local until confirmed, so a pick can be taken back freely; the
    running total, requirement and reason come from the engine itself, asked on
    a scratch copy (`LocalTable.preview`). Confirm sends `pay ...` for each pick
    and `done`; escape sends `cancel` (the play is abandoned, nothing is paid).
    """

    BINDINGS = [
        Binding("space", "toggle", "Pick/unpick", id="pay_toggle"),
        Binding("enter", "confirm", "Confirm", id="pay_confirm"),
        Binding("escape", "cancel_play", "Cancel play", id="pay_cancel"),
    ]

    def __init__(
        self,
        decision: Decision,
        cards: Mapping[int, Mapping[str, Any]],
        defs: Mapping[str, Any],
        preview: Callable[[list[str]], Decision | None],
        title: str,
        points: set[int],
    ) -> None:
        super().__init__(title)
        self.decision = decision
        self.cards = cards
        self.defs = defs
        self.preview = preview
        self.points = points  # uids of face-up point cards (to say where a card is)
        self.picks: list[str] = []
        self.info: dict[str, Any] = dict(decision.info)
        self.paid = [int(u) for u in decision.info.get("paid", [])]

    def compose_list(self) -> ComposeResult:
        yield Static(id="total")
        yield PickList(self._items(), id="payers")

    def on_mount(self) -> None:
        self._update()

    def _payable(self) -> list[str]:
        return [t for t in self.decision.texts if t.startswith("pay ")]

    def _label(self, uid: int) -> Text:
        c = self.cards.get(uid, {})
        d = self.defs.get(str(c.get("cid")))
        if d is None:
            return Text(f"card {uid}")
        t = Text()
        t.append(f" {COLOUR_LETTER.get(d.colour, '?')} ", style=COLOUR_STYLE.get(d.colour, ""))
        t.append(f" {d.name[:20]:<20} provides {d.provides}")
        t.append("  point" if uid in self.points else "  hand", style="dim")
        return t

    def _items(self) -> list[Item]:
        items = [Item(self._label(u), f"paid {u}", checked=True, locked=True) for u in self.paid]
        for text in self._payable():
            uid = int(text.rsplit("@", 1)[1])
            items.append(Item(self._label(uid), text, checked=text in self.picks))
        return items

    def _update(self) -> None:
        info = self.info
        total = Text()
        ok = bool(info.get("ok"))
        total.append(f"Total {info.get('total', 0)} / needed {info.get('need', '?')}  ")
        if ok:
            total.append("✓ cost met: enter pays", style="bold green")
        else:
            total.append("✗ ", style="bold red")
            total.append(str(info.get("why") or "not met yet"), style="red")
        self.query_one("#total", Static).update(total)
        pl = self.query_one(PickList)
        pl.set_items(self._items())
        item = pl.highlighted
        hint = self.query_one("#hint", Static)
        if item is not None:
            uid = int(item.value.rsplit("@", 1)[1]) if "@" in item.value else \
                int(item.value.split()[1])
            c = self.cards.get(uid)
            d = self.defs.get(str(c.get("cid"))) if c else None
            hint.update(
                Text(f"{d.series} · {d.type}\n{d.text or d.flavour}", style="dim") if d else ""
            )
        self.refresh_bindings()

    def on_pick_list_moved(self, _: PickList.Moved) -> None:
        self._update()

    def action_toggle(self) -> None:
        item = self.query_one(PickList).highlighted
        if item is None or item.locked:
            return
        if item.value in self.picks:
            self.picks.remove(item.value)
        else:
            self.picks.append(item.value)
        try:
            after = self.preview(list(self.picks))
        except Exception as exc:  # noqa: BLE001 - shown, never raised at the player
            self.app.notify(f"cannot pick that: {exc}", severity="warning")
            self.picks.remove(item.value)
            return
        if after is not None and after.kind == "pay":
            self.info = dict(after.info)
        self._update()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "confirm":
            return bool(self.info.get("ok"))
        return True

    def action_confirm(self) -> None:
        if self.info.get("ok"):
            self.dismiss([*self.picks, "done"])

    def action_cancel_play(self) -> None:
        self.dismiss(["cancel"])


@guarded
class BrowseScreen(ModalScreen[None]):
    """Look through a public or own zone: discard, points (face up/down), EX deck."""

    BINDINGS = [
        Binding("escape", "close", "Close", id="browse_close"),
        Binding("enter", "close", "Close", show=False, id="browse_enter"),
    ]
    DEFAULT_CLASSES = "prompt"

    def __init__(
        self,
        title: str,
        cards: Sequence[Mapping[str, Any]],
        defs: Mapping[str, Any],
        turn: int | None,
    ) -> None:
        super().__init__()
        self.title_text = title
        self.cards = list(cards)
        self.defs = defs
        self.turn = turn

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Static(Text(f"{self.title_text} ({len(self.cards)})", style="bold"))
            items = []
            for i, c in enumerate(self.cards):
                d = self.defs.get(str(c.get("cid")))
                t = Text()
                if d is not None:
                    t.append(f" {COLOUR_LETTER.get(d.colour, '?')} ",
                             style=COLOUR_STYLE.get(d.colour, ""))
                    stats = shown_stats(c)
                    t.append(f" {d.name}")
                    if stats:
                        t.append(f"  {stats[0]}/{stats[1]}", style="dim")
                if c.get("down"):
                    t.append("  face down", style="italic")
                items.append(Item(t, str(i)))
            yield PickList(items, id="cards")
            yield Static(id="hint")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(PickList).focus()
        self._show()

    def on_pick_list_moved(self, _: PickList.Moved) -> None:
        self._show()

    def _show(self) -> None:
        item = self.query_one(PickList).highlighted
        if item is None:
            return
        c = self.cards[int(item.value)]
        self.query_one("#hint", Static).update(
            detail_text(c, self.defs.get(str(c.get("cid"))), self.turn, [])
        )

    def action_close(self) -> None:
        self.dismiss(None)
