"""The game screen: both players' zones, the turn flow, the focused card, the log.

It renders only from the viewing seat's view and its own pending decision
(`LocalTable.view_for` / `decision_for`), never from the game state.
Keys act on the focused card; `check_action` hides every key that has no legal
use right now, so the footer lists exactly what can be done.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Static

from pmtui.engine.context import LEGACY_RNG
from pmtui.engine.decision import Decision
from pmtui.tui.display import detail_text, ref
from pmtui.tui.guard import guarded
from pmtui.tui.keys import GAME_BINDINGS
from pmtui.tui.widgets.board import CardRow, ZoneBar
from pmtui.tui.widgets.footer import Footer
from pmtui.tui.widgets.panels import GameLog, TurnFlow

if TYPE_CHECKING:
    from pmtui.tui.app import PmApp

ROWS = ["opp-bar", "opp-support", "opp-main", "my-main", "my-support", "my-bar", "hand"]
CARD_ROWS = {"opp-support", "opp-main", "my-main", "my-support", "hand"}
BOARD_KINDS = {"priority", "approach", "interfere"}  # answered on the board, not in a prompt
BAR_ITEMS = {"opp-bar": ["discard", "points"], "my-bar": ["discard", "points", "ex"]}
CARD_ACTIONS = {"summon", "event", "support", "approach", "interfere"}
ALWAYS = {"cursor", "help", "quit_game", "scroll_log", "always_ask"}


Card = Mapping[str, Any]


@guarded
class GameScreen(Screen[None]):
    BINDINGS = GAME_BINDINGS
    QUIT_HINT = "q quits"

    def __init__(self) -> None:
        super().__init__()
        self.row = ROWS.index("hand")
        self.cols: dict[str, int] = {r: 0 for r in ROWS}
        self.pview: dict[str, Any] = {"zones": {}, "vars": {}}
        self.decision: Decision | None = None
        self.cards_by_uid: dict[int, Card] = {}
        self.row_cards: dict[str, list[Card]] = {r: [] for r in CARD_ROWS}
        self._seen_version = -1

    @property
    def pm(self) -> PmApp:
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal(id="body"):
            with Vertical(id="board"):
                yield ZoneBar(id="opp-bar")
                yield CardRow(label="Support Area", wrap=True, id="opp-support")
                yield CardRow(slots=5, label="Main Area", id="opp-main")
                yield Static(id="stage")
                yield CardRow(slots=5, label="Main Area", id="my-main")
                yield CardRow(label="Support Area", wrap=True, id="my-support")
                yield ZoneBar(id="my-bar")
                yield CardRow(label="Hand", in_area=False, wrap=True, id="hand")
            with Vertical(id="side"):
                yield TurnFlow(id="flow")
                yield Static(id="detail")
                yield GameLog(id="log")
        yield Static(id="prompt")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#detail").border_title = "Card"
        self.query_one("#log").border_title = "Log"

    # -- reading the view ----------------------------------------------------------------

    def zone(self, player: int, name: str) -> list[Card]:
        z = self.pview["zones"].get(f"{player}/{name}", [])
        return z if isinstance(z, list) else []

    def _count(self, player: int, name: str) -> int:
        z = self.pview["zones"].get(f"{player}/{name}", 0)
        return len(z) if isinstance(z, list) else int(z or 0)

    def refresh_board(self) -> None:
        """Re-read the viewer's view and decision and redraw everything."""
        pm = self.pm
        me = pm.viewer
        opp = 1 - me
        table = pm.table
        self.pview = table.view_for(me)
        self.decision = None if pm.busy else table.decision_for(me)
        self.cards_by_uid = {
            int(c["uid"]): c
            for z in self.pview["zones"].values()
            if isinstance(z, list)
            for c in z
            if c.get("uid") is not None
        }
        self.row_cards = {
            "opp-support": self.zone(opp, "support"),
            "opp-main": self.zone(opp, "main"),
            "my-main": self.zone(me, "main"),
            "my-support": self.zone(me, "support"),
            "hand": self.zone(me, "hand"),
        }
        self._follow_decision()
        self._clamp()
        self._draw()

    def _follow_decision(self) -> None:
        """Put the cursor where the new decision is answered (approach, interfere)."""
        d = self.decision
        version = self.pm.table_version
        if d is None or version == self._seen_version:
            return
        self._seen_version = version
        if d.kind in ("approach", "interfere"):
            cards = self.row_cards["my-main"]
            self.row = ROWS.index("my-main")
            for i, c in enumerate(cards):
                if self.options_for(c):
                    self.cols["my-main"] = i
                    break

    def _clamp(self) -> None:
        for r in ROWS:
            n = len(BAR_ITEMS[r]) if r in BAR_ITEMS else len(self.row_cards[r])
            slots = 5 if r.endswith("main") else 0
            self.cols[r] = min(max(self.cols[r], 0), max(max(n, slots) - 1, 0))

    # -- what is focused -----------------------------------------------------------------

    @property
    def row_name(self) -> str:
        return ROWS[self.row]

    def focused_card(self) -> Card | None:
        r = self.row_name
        if r not in CARD_ROWS:
            return None
        cards = self.row_cards[r]
        i = self.cols[r]
        return cards[i] if i < len(cards) else None

    def focused_item(self) -> str | None:
        r = self.row_name
        return BAR_ITEMS[r][self.cols[r]] if r in BAR_ITEMS else None

    def options_for(self, card: Card | None) -> list[str]:
        """The viewer's legal option texts that name this card."""
        if card is None or self.decision is None:
            return []
        r = ref(card)
        return [t for t in self.decision.texts if r in t.split()]

    def texts(self) -> list[str]:
        return self.decision.texts if self.decision is not None else []

    # -- drawing -------------------------------------------------------------------------

    def _draw(self) -> None:
        pm = self.pm
        me, opp = pm.viewer, 1 - pm.viewer
        vars_ = self.pview["vars"]
        defs = pm.table.defs
        turn = vars_.get("turn")
        marks = self._marks()
        attached: dict[int, int] = {}
        for p in (0, 1):
            for c in self.zone(p, "attached"):
                host = c.get("host")
                if host is not None:
                    attached[int(host)] = attached.get(int(host), 0) + 1
        for r in CARD_ROWS:
            w = self.query_one(f"#{r}", CardRow)
            cursor = self.cols[r] if self.row_name == r else None
            hidden = self._count(me, "hand") if r == "hand" and not self.row_cards[r] else 0
            w.set_data(self.row_cards[r], defs, turn, cursor, marks, attached, hidden=hidden)
        for r, p in (("opp-bar", opp), ("my-bar", me)):
            cursor = self.cols[r] if self.row_name == r else None
            self.query_one(f"#{r}", ZoneBar).set_data(self._bar_parts(p, p == me), cursor)
        self.query_one("#stage", Static).update(self._stage_text())
        self.query_one("#flow", TurnFlow).show(
            vars_, [pm.label(0), pm.label(1)], self._chain_lines(), self._appr_text()
        )
        self.query_one("#detail", Static).update(self._detail())
        self.query_one("#log", GameLog).show(pm.table.log_for(me))
        self.query_one("#status", Static).update(self._status_text())
        self.query_one("#prompt", Static).update(self._prompt_text())
        self.refresh_bindings()

    def _marks(self) -> dict[int, str]:
        marks: dict[int, str] = {}
        for c in self.cards_by_uid.values():
            opts = self.options_for(c)
            if any(t.split()[0] in CARD_ACTIONS and t.split()[1] == ref(c) for t in opts):
                marks[int(c["uid"])] = "▸"
        return marks

    def _bar_parts(self, p: int, mine: bool) -> list[tuple[str, Text]]:
        pm = self.pm
        vars_ = self.pview["vars"]
        role = ""
        if vars_.get("ap") is not None and vars_.get("phase") != "setup":
            role = " (A)" if vars_["ap"] == p else " (I)"
        parts: list[tuple[str, Text]] = [
            ("", Text(f"{pm.label(p)}{role}", style="bold cyan" if mine else "bold green")),
            ("", Text(f"Deck {self._count(p, 'deck')}")),
        ]
        if not mine or not isinstance(self.pview["zones"].get(f"{p}/hand"), list):
            parts.append(("", Text(f"Hand {self._count(p, 'hand')}")))  # (a spectator's)
        parts.append(("discard", Text(f"Disc {self._count(p, 'discard')}")))
        points = self.zone(p, "points")
        down = sum(1 for c in points if c.get("down"))
        pts = Text(f"Pts {len(points)}/7")
        if points:
            pts.append(f" ▲{len(points) - down}", style="bold")
            pts.append(f" ▼{down}", style="dim")
        parts.append(("points", pts))
        if mine:
            parts.append(("ex", Text(f"EX {self._count(p, 'ex')}")))
        else:
            parts.append(("", Text(f"EX {self._count(p, 'ex')}")))
        return parts

    def name_of(self, uid: Any) -> str:
        c = self.cards_by_uid.get(int(uid)) if uid is not None else None
        if c is None:
            return "a card"
        d = self.pm.table.defs.get(str(c.get("cid")))
        return d.name if d is not None else str(c.get("cid"))

    def _chain_lines(self) -> list[str]:
        chain = self.pview["vars"].get("chain") or []
        out = []
        for entry in chain:
            who = self.pm.label(int(entry.get("by", 0)))
            out.append(f"{who}: {entry.get('kind')} {self.name_of(entry.get('card'))}")
        return out

    def _appr_text(self) -> str:
        appr = self.pview["vars"].get("appr")
        if not appr:
            return ""
        text = f"{self.name_of(appr.get('a'))} approaches"
        if appr.get("i") is not None:
            text += f", {self.name_of(appr['i'])} interferes"
        return text

    def _stage_text(self) -> Text:
        vars_ = self.pview["vars"]
        chain = vars_.get("chain") or []
        t = Text(no_wrap=True, overflow="ellipsis")
        play = vars_.get("play")
        if chain:
            top = chain[-1]
            who = self.pm.label(int(top.get("by", 0)))
            t.append("Stage: ", style="bold yellow")
            t.append(f"{who} plays {self.name_of(top.get('card'))} ({top.get('kind')})")
            if len(chain) > 1:
                t.append(f" · chain of {len(chain)}")
        elif play:
            who = self.pm.label(int(play.get("by", 0)))
            if play.get("card") is not None:
                t.append(f"Paying: {who} plays {self.name_of(play['card'])}", style="yellow")
            else:
                t.append(f"{who} is paying for a play…", style="yellow")
        else:
            t.append("─" * 3 + " stage empty " + "─" * 60, style="dim")
        return t

    def _detail(self) -> Text:
        item = self.focused_item()
        me = self.pm.viewer
        if item is not None:
            p = me if self.row_name == "my-bar" else 1 - me
            n = self._count(p, item)
            what = {"discard": "Discard Zone", "points": "Point Zone", "ex": "EX Deck"}[item]
            count = "empty" if n == 0 else f"{n} card" + ("s" if n != 1 else "")
            return Text(f"{self.pm.whose(p)} {what}: {count}.\nv or enter: look through.")
        card = self.focused_card()
        if card is None:
            r = self.row_name
            return Text(f"{r.replace('-', ' ')}: empty slot", style="dim")
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
        pm = self.pm
        vars_ = self.pview["vars"]
        t = Text(no_wrap=True, overflow="ellipsis")
        t.append(" pmtui ", style="bold reverse")
        t.append(f" {pm.label(pm.viewer)} vs {pm.label(1 - pm.viewer)}")
        if vars_.get("turn"):
            t.append(f" · turn {vars_['turn']}")
        if pm.table.game.header.get("rng", LEGACY_RNG) == LEGACY_RNG:  # chosen, not secret
            t.append(f" · seed {pm.table.game.seed}", style="dim")
        if pm.always_ask:
            t.append(" · always ask", style="yellow")
        return t

    def _prompt_text(self) -> Text:
        pm = self.pm
        t = Text(no_wrap=True, overflow="ellipsis")
        over = self.pview["vars"].get("over")
        if over:
            w = over.get("winner")
            result = "Draw" if w is None else f"{pm.label(w)} won"
            t.append(f"Game over: {result} ({over.get('reason', '')}). {self.QUIT_HINT}.",
                     style="bold")
            return t
        if pm.busy:
            t.append("Opponent is thinking…", style="bold yellow")
            return t
        d = self.decision
        if d is None:
            pending = pm.table.pending()
            who = pm.label(pending.player) if pending is not None else "?"
            t.append(f"Waiting for {who}…", style="yellow")
            return t
        t.append("▶ ", style="bold")
        t.append(d.prompt or d.kind, style="bold")
        if d.kind not in BOARD_KINDS:
            t.append("  (enter: open the prompt)", style="dim")
        elif d.kind == "priority" and len(d.texts) > 1:
            t.append("  ▸ marks what you can play", style="dim")
        return t

    # -- keys ----------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ALWAYS:
            return True
        pm = self.pm
        if action == "undo":
            return pm.can_undo()
        if action == "replay":
            return not pm.busy
        if action == "browse":
            return self.focused_item() is not None
        d = self.decision
        if d is None or pm.busy:
            return False
        card = self.focused_card()
        opts = self.options_for(card)
        if action == "act":
            return bool(opts) or d.kind not in BOARD_KINDS or self.focused_item() is not None
        r = ref(card) if card is not None else ""
        if action in ("summon", "support"):
            return any(t.startswith(f"{action} {r} ") for t in opts)
        if action in ("event", "approach", "interfere"):
            return f"{action} {r}" in opts
        if action == "pass_turn":
            return "pass" in d.texts
        simple = {"pass": "pass", "stop": "stop", "no_interference": "no-interference"}
        if action in simple:
            return simple[action] in d.texts
        return True

    def action_cursor(self, dx: int, dy: int) -> None:
        if dy:
            self.row = (self.row + dy) % len(ROWS)
        if dx:
            r = self.row_name
            self.cols[r] += dx
        self._clamp()
        self._draw()

    def action_act(self) -> None:
        d = self.decision
        if self.focused_item() is not None:
            self.action_browse()
            return
        opts = self.options_for(self.focused_card())
        if opts:
            self.pm.choose_from(self._card_title(), opts)
        elif d is not None and d.kind not in BOARD_KINDS:
            self.pm.open_prompt(force=True)

    def _card_title(self) -> str:
        card = self.focused_card()
        return f"{self.name_of(card['uid'])}: what now?" if card else "Choose"

    def _card_action(self, verb: str, title: str) -> None:
        card = self.focused_card()
        if card is None:
            return
        r = ref(card)
        opts = [t for t in self.options_for(card) if t == f"{verb} {r}" or
                t.startswith(f"{verb} {r} ")]
        if len(opts) == 1:
            self.pm.submit(opts[0])
        elif opts:
            self.pm.choose_from(title.format(name=self.name_of(card["uid"])), opts)

    def action_summon(self) -> None:
        self._card_action("summon", "Summon {name} where?")

    def action_support(self) -> None:
        self._card_action("support", "Set {name} on which chara?")

    def action_event(self) -> None:
        self._card_action("event", "Play {name}")

    def action_approach(self) -> None:
        self._card_action("approach", "Approach")

    def action_interfere(self) -> None:
        self._card_action("interfere", "Interfere")

    def action_pass(self) -> None:
        self.pm.submit("pass")

    def action_pass_turn(self) -> None:
        d = self.decision
        if d is not None:
            self.pm.toggle_pass_turn(d.player)

    def action_stop(self) -> None:
        self.pm.submit("stop")

    def action_no_interference(self) -> None:
        self.pm.submit("no-interference")

    def action_undo(self) -> None:
        self.pm.undo()

    def on_key(self, event: Any) -> None:
        # The undo key when undo is not possible (its binding is off): say why.
        keys = [k.strip() for k in self.pm.key_for("undo", "u").split(",")]
        if event.key in keys and not self.check_action("undo", ()):
            self.pm.notify(f"cannot undo: {self.pm.undo_refusal()}", severity="warning")

    def action_replay(self) -> None:
        self.pm.open_replay()

    def action_browse(self) -> None:
        item = self.focused_item()
        if item is None:
            return
        me = self.pm.viewer
        p = me if self.row_name == "my-bar" else 1 - me
        cards = self.zone(p, item)
        what = {"discard": "Discard Zone", "points": "Point Zone", "ex": "EX Deck"}[item]
        self.pm.browse(f"{self.pm.whose(p)} {what}", cards, self.pview["vars"].get("turn"))

    def action_help(self) -> None:
        self.pm.show_help()

    def action_quit_game(self) -> None:
        self.pm.exit(0)

    def action_scroll_log(self, direction: int) -> None:
        log = self.query_one("#log", GameLog)
        if direction < 0:
            log.scroll_page_up(animate=False)
        else:
            log.scroll_page_down(animate=False)

    def action_always_ask(self) -> None:
        pm = self.pm
        pm.always_ask = not pm.always_ask
        state = "on: you will be asked even when passing is your only choice" if pm.always_ask \
            else "off: when passing is your only choice, the game passes for you"
        pm.notify(f"Always ask {state}", timeout=4)
        self._draw()

