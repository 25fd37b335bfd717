"""The sandbox board: both players' zones, both hands face up, the game screen's panels.

It is the game screen (`GameScreen`, the same board drawn from the ruleset's
layout) seen from no seat: P2 at the top, P1 at the bottom, so the board does
not turn round when the other player is to act, and every zone can be focused.
Playing keys and the side panels are the game screen's; the editing keys call
the app (`SandboxApp`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text

from pmtui.engine.screen import Row, ScreenSpec
from pmtui.table.sandbox import who
from pmtui.tui.guard import guarded
from pmtui.tui.screens.game import GameScreen
from pmtui.tui.widgets.footer import Footer

from .keys import SANDBOX_BINDINGS

if TYPE_CHECKING:
    from .app import SandboxApp

AREA_ACTIONS = {"rest", "coin", "summoned"}


@guarded
class SandboxScreen(GameScreen, inherit_bindings=False):
    BINDINGS = SANDBOX_BINDINGS
    EDITING = True

    def __init__(self, spec: ScreenSpec) -> None:
        super().__init__(spec)

    @property
    def sb(self) -> SandboxApp:
        return self.app  # type: ignore[return-value]

    def on_mount(self) -> None:
        self.query_one(Footer).compact = True  # the editing keys need the room

    # -- reading -------------------------------------------------------------------------

    @property
    def bottom(self) -> int:
        return 0  # P1 at the bottom, whoever is to act: the board does not turn round

    def names(self) -> list[str]:
        return [who(0), who(1)]

    def read(self) -> None:
        table = self.pm.table
        self.pview = table.view_for(None)
        self.decision = table.pending()

    def whose(self, seat: int) -> str:
        return f"{who(seat)}'s"

    def focused_card(self) -> dict[str, Any] | None:
        card = super().focused_card()
        return dict(card) if card is not None else None

    def focused_zone(self) -> tuple[int, str]:
        """The player and zone under the cursor (a card row or a zone bar item)."""
        spot = self.spot()
        if spot is None or spot.seat is None:  # a shared zone: the nearest row of P1's
            rows = [s.zone for s in self.spec.layout.mine if isinstance(s, Row)]
            return 0, rows[-1] if rows else ""
        return spot.seat, spot.zone

    def in_area(self) -> bool:
        """The cursor is on a card in play (a row the layout marks in_play)."""
        spot = self.spot()
        if spot is None or spot.card is None or spot.kind != "card":
            return False
        lay = self.spec.layout
        return any(isinstance(s, Row) and s.in_play and s.zone == spot.zone
                   for s in (*lay.mine, *lay.theirs))

    def focus_uid(self, uid: int | None) -> None:
        """Put the cursor on a card (after an edit renumbered the cards), or on the
        counter of the zone it went to."""
        if uid is None:
            return
        board = self.board
        board.load(self.pview, self.bottom)
        if not board.goto(lambda s: s.card is not None and int(s.card["uid"]) == uid):
            c = self.cards_by_uid.get(uid)
            if c is None:
                return
            p, zone = self.sb.model.where(uid)
            board.goto(lambda s: s.kind == "counter" and s.seat == p and s.zone == zone)
        self._draw()

    def _detail(self) -> Text:
        spot = self.spot()
        if spot is not None and spot.kind == "counter" and spot.seat is not None:
            n = self.board.count(spot.seat, spot.zone)
            keys = "a adds · d/m pick one · v looks"
            if spot.counter is not None and spot.counter.split:
                keys += " · f turns one over"
            return Text(f"{who(spot.seat)}'s {spot.label}: {n} card(s).\n{keys}")
        if spot is not None and spot.card is None and spot.seat is not None:
            return Text(f"{who(spot.seat)}'s {spot.label}: empty.\na adds a card here",
                        style="dim")
        return super()._detail()

    def _draw_log(self) -> None:
        from pmtui.tui.widgets.panels import GameLog

        self.query_one("#log", GameLog).show(self.pm.table.log_for(None))

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
        t.append(self.pm.named(d.prompt or d.kind), style="bold")
        hint = "  ? keys · w why not?"
        if self.in_area():
            hint = "  c/C coin · t new · w why? · ? keys"  # no room for them in the footer
        if d.kind not in self.spec.board:
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
            spot = self.spot()
            return spot is not None and spot.counter is not None and bool(spot.counter.split)
        if action in AREA_ACTIONS:
            return self.in_area()
        if action == "undo":
            return self.sb.can_undo()
        return super().check_action(action, parameters)

    def action_browse(self) -> None:
        spot = self.spot()
        if spot is None or spot.kind != "counter" or spot.seat is None:
            return
        self.pm.browse(f"{who(spot.seat)}'s {spot.label}", self.board.zone(spot.seat, spot.zone),
                       spot.zone)

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
                          "Turn which card over?", with_dependants=False)

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
