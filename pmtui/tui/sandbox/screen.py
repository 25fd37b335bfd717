"""The sandbox board: both players' zones, both hands face up, the game screen's panels.

It is the game screen (`GameScreen`) with its own rows: P2's hand, zone bar,
Support and Main Areas at the top, then P1's, so the board does not turn
round when the other player is to act. Playing keys and the side panels are
the game screen's; the editing keys call the app (`SandboxApp`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from pmtui.table.sandbox import who
from pmtui.tui.display import detail_text
from pmtui.tui.guard import guarded
from pmtui.tui.screens.game import GameScreen
from pmtui.tui.widgets.board import CardRow, ZoneBar
from pmtui.tui.widgets.footer import Footer
from pmtui.tui.widgets.panels import GameLog, TurnFlow

from .keys import SANDBOX_BINDINGS

if TYPE_CHECKING:
    from .app import SandboxApp

ROWS = ["p2-hand", "p2-bar", "p2-support", "p2-main", "p1-main", "p1-support", "p1-bar",
        "p1-hand"]
ROW_ZONE = {
    "p2-hand": (1, "hand"), "p2-support": (1, "support"), "p2-main": (1, "main"),
    "p1-main": (0, "main"), "p1-support": (0, "support"), "p1-hand": (0, "hand"),
}
CARD_ROWS = set(ROW_ZONE)
BARS = {"p2-bar": 1, "p1-bar": 0}
BAR_ZONES = ["deck", "discard", "points", "ex", "removed"]
ZONE_TITLES = {"deck": "deck", "discard": "Discard Zone", "points": "Point Zone",
               "ex": "EX deck", "removed": "cards removed from play", "hand": "hand",
               "main": "Main Area", "support": "Support Area"}
AREA_ACTIONS = {"rest", "coin", "summoned"}


@guarded
class SandboxScreen(GameScreen, inherit_bindings=False):
    BINDINGS = SANDBOX_BINDINGS

    def __init__(self) -> None:
        super().__init__()
        self.row = ROWS.index("p1-hand")
        self.cols = {r: 0 for r in ROWS}
        self.row_cards = {r: [] for r in CARD_ROWS}

    @property
    def sb(self) -> SandboxApp:
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal(id="body"):
            with Vertical(id="board"):
                yield CardRow(label="P2 hand", in_area=False, wrap=True, id="p2-hand")
                yield ZoneBar(id="p2-bar")
                yield CardRow(label="Support Area", wrap=True, id="p2-support")
                yield CardRow(slots=5, label="Main Area", id="p2-main")
                yield Static(id="stage")
                yield CardRow(slots=5, label="Main Area", id="p1-main")
                yield CardRow(label="Support Area", wrap=True, id="p1-support")
                yield ZoneBar(id="p1-bar")
                yield CardRow(label="P1 hand", in_area=False, wrap=True, id="p1-hand")
            with Vertical(id="side"):
                yield TurnFlow(id="flow")
                yield Static(id="detail")
                yield GameLog(id="log")
        yield Static(id="prompt")
        yield Footer(compact=True)

    # -- reading -------------------------------------------------------------------------

    def refresh_board(self) -> None:
        table = self.pm.table
        self.pview = table.view_for(None)
        self.decision = table.pending()
        self.cards_by_uid = {
            int(c["uid"]): c
            for z in self.pview["zones"].values()
            if isinstance(z, list)
            for c in z
        }
        self.row_cards = {r: self.zone(p, z) for r, (p, z) in ROW_ZONE.items()}
        self._follow_decision()
        self._clamp()
        self._draw()

    def _follow_decision(self) -> None:
        d = self.decision
        version = self.pm.table_version
        if d is None or version == self._seen_version:
            return
        self._seen_version = version
        if d.kind in ("approach", "interfere"):
            row = f"p{d.player + 1}-main"
            self.row = ROWS.index(row)
            for i, c in enumerate(self.row_cards[row]):
                if self.options_for(c):
                    self.cols[row] = i
                    break

    def _clamp(self) -> None:
        for r in ROWS:
            n = len(BAR_ZONES) if r in BARS else len(self.row_cards[r])
            slots = 5 if r.endswith("main") else 0
            self.cols[r] = min(max(self.cols[r], 0), max(max(n, slots) - 1, 0))

    @property
    def row_name(self) -> str:
        return ROWS[self.row]

    def focused_card(self) -> dict[str, Any] | None:
        r = self.row_name
        if r not in CARD_ROWS:
            return None
        cards = self.row_cards[r]
        i = self.cols[r]
        return dict(cards[i]) if i < len(cards) else None

    def focused_item(self) -> str | None:
        r = self.row_name
        return BAR_ZONES[self.cols[r]] if r in BARS else None

    def focused_zone(self) -> tuple[int, str]:
        """The player and zone under the cursor (a card row or a zone bar item)."""
        r = self.row_name
        if r in BARS:
            return BARS[r], BAR_ZONES[self.cols[r]]
        return ROW_ZONE[r]

    def focus_uid(self, uid: int | None) -> None:
        """Put the cursor on a card (after an edit renumbered the cards)."""
        if uid is None:
            return
        for r in ROWS:
            if r in CARD_ROWS:
                for i, c in enumerate(self.row_cards[r]):
                    if int(c["uid"]) == uid:
                        self.row, self.cols[r] = ROWS.index(r), i
                        self._draw()
                        return
        c = self.cards_by_uid.get(uid)
        if c is None:
            return
        p, zone = self.sb.model.where(uid)
        if zone in BAR_ZONES:
            r = f"p{p + 1}-bar"
            self.row, self.cols[r] = ROWS.index(r), BAR_ZONES.index(zone)
            self._draw()

    # -- drawing -------------------------------------------------------------------------

    def _draw(self) -> None:
        pm = self.pm
        vars_ = self.pview["vars"]
        defs = pm.table.defs
        turn = vars_.get("turn")
        marks = self._marks()
        attached: dict[int, int] = {}
        for p in (0, 1):
            for c in self.zone(p, "attached"):
                if c.get("host") is not None:
                    attached[int(c["host"])] = attached.get(int(c["host"]), 0) + 1
        for r in CARD_ROWS:
            cursor = self.cols[r] if self.row_name == r else None
            self.query_one(f"#{r}", CardRow).set_data(self.row_cards[r], defs, turn, cursor,
                                                      marks, attached)
        for r, p in BARS.items():
            cursor = self.cols[r] if self.row_name == r else None
            self.query_one(f"#{r}", ZoneBar).set_data(self._bar_parts(p, True), cursor)
        self.query_one("#stage", Static).update(self._stage_text())
        self.query_one("#flow", TurnFlow).show(vars_, ["P1", "P2"], self._chain_lines(),
                                               self._appr_text())
        self.query_one("#detail", Static).update(self._detail())
        self.query_one("#log", GameLog).show(pm.table.log_for(None))
        self.query_one("#status", Static).update(self._status_text())
        self.query_one("#prompt", Static).update(self._prompt_text())
        self.refresh_bindings()

    def _bar_parts(self, p: int, mine: bool) -> list[tuple[str, Text]]:
        vars_ = self.pview["vars"]
        role = " (A)" if vars_.get("ap") == p else " (I)"
        parts: list[tuple[str, Text]] = [
            ("", Text(f"{who(p)}{role}", style="bold cyan" if p == 0 else "bold green")),
            ("deck", Text(f"Deck {self._count(p, 'deck')}")),
            ("discard", Text(f"Disc {self._count(p, 'discard')}")),
        ]
        points = self.zone(p, "points")
        down = sum(1 for c in points if c.get("down"))
        pts = Text(f"Pts {len(points)}/7")
        if points:
            pts.append(f" ▲{len(points) - down}", style="bold")
            pts.append(f" ▼{down}", style="dim")
        parts.append(("points", pts))
        parts.append(("ex", Text(f"EX {self._count(p, 'ex')}")))
        parts.append(("removed", Text(f"Rem {self._count(p, 'removed')}")))
        return parts

    def _detail(self) -> Text:
        item = self.focused_item()
        if item is not None:
            p, zone = self.focused_zone()
            n = self._count(p, zone)
            keys = "a adds · d/m pick one · v looks"
            if zone == "points":
                keys += " · f face down/up"
            return Text(f"{who(p)}'s {ZONE_TITLES[zone]}: {n} card(s).\n{keys}")
        card = self.focused_card()
        if card is None:
            p, zone = self.focused_zone()
            return Text(f"{who(p)}'s {ZONE_TITLES[zone]}: empty.\na adds a card here",
                        style="dim")
        d = self.pm.table.defs.get(str(card.get("cid")))
        uid = int(card["uid"])
        extras = []
        for p in (0, 1):
            for c in self.zone(p, "attached"):
                if c.get("host") == uid:
                    extras.append(f"support set: {self.name_of(c['uid'])}")
            under = [c for c in self.zone(p, "stack") if c.get("under") == uid]
            if under:
                extras.append(f"level stack: {len(under)} card(s) under it")
        return detail_text(card, d, self.pview["vars"].get("turn"), extras)

    def _status_text(self) -> Text:
        sb = self.sb
        vars_ = self.pview["vars"]
        t = Text(no_wrap=True, overflow="ellipsis")
        t.append(" pmtui sandbox ", style="bold reverse")
        t.append(f" {sb.model.name}")
        if vars_.get("turn"):
            t.append(f" · turn {vars_['turn']}")
        if not sb.always_ask:
            t.append(" · passes for you", style="yellow")
        if sb.dirty:
            t.append(" · not saved", style="dim")
        return t

    def _prompt_text(self) -> Text:
        t = Text(no_wrap=True, overflow="ellipsis")
        over = self.pview["vars"].get("over")
        if over:
            w = over.get("winner")
            result = "draw" if w is None else f"{who(w)} won"
            t.append(f"Game over: {result} ({over.get('reason', '')}). u undoes; edit on.",
                     style="bold")
            return t
        d = self.decision
        if d is None:
            return t
        t.append(f"{who(d.player)} ▶ ", style="bold cyan" if d.player == 0 else "bold green")
        t.append(d.prompt or d.kind, style="bold")
        hint = "  ? keys · w why not?"
        if self.focused_card() is not None and self.row_name.endswith(("main", "support")):
            hint = "  c/C coin · t new · w why? · ? keys"  # no room for them in the footer
        if d.kind not in ("priority", "approach", "interfere"):
            hint = "  (enter: open the prompt)"
        t.append(hint, style="dim")
        return t

    # -- keys ----------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("add", "why", "save", "phase", "help", "quit_game"):
            return True
        if action in ("remove", "move"):
            return self.focused_card() is not None or self.focused_item() is not None
        if action == "face":
            return self.focused_item() == "points"
        if action in AREA_ACTIONS:
            card = self.focused_card()
            return card is not None and self.row_name.endswith(("main", "support"))
        if action == "undo":
            return self.sb.can_undo()
        return super().check_action(action, parameters)

    def action_cursor(self, dx: int, dy: int) -> None:
        if dy:
            self.row = (self.row + dy) % len(ROWS)
        if dx:
            self.cols[self.row_name] += dx
        self._clamp()
        self._draw()

    def action_browse(self) -> None:
        if self.focused_item() is None:
            return
        p, zone = self.focused_zone()
        self.pm.browse(f"{who(p)}'s {ZONE_TITLES[zone]}", self.zone(p, zone),
                       self.pview["vars"].get("turn"))

    def _uid(self) -> int | None:
        card = self.focused_card()
        return int(card["uid"]) if card is not None else None

    def action_add(self) -> None:
        self.sb.start_add()

    def action_remove(self) -> None:
        self.sb.pick_card(self._uid(), self.focused_zone(), self.sb.remove_card, "Remove which?")

    def action_move(self) -> None:
        self.sb.pick_card(self._uid(), self.focused_zone(), self.sb.move_card, "Move which?")

    def action_face(self) -> None:
        self.sb.pick_card(None, self.focused_zone(), self.sb.face_card,
                          "Turn which point card?", with_dependants=False)

    def action_rest(self) -> None:
        self.sb.card_edit("toggle_rest", self._uid())

    def action_coin(self, n: int) -> None:
        self.sb.card_edit("coin", self._uid(), n)

    def action_summoned(self) -> None:
        self.sb.card_edit("toggle_summoned", self._uid())

    def action_phase(self) -> None:
        self.sb.choose_moment()

    def action_why(self) -> None:
        self.sb.ask_why(self._uid())

    def action_save(self) -> None:
        self.sb.save_as()

    def action_quit_game(self) -> None:
        self.sb.quit_sandbox()
