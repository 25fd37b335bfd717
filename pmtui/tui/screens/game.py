"""The game screen: the board drawn from the ruleset's layout, the turn flow, the
focused card, the log.

It renders only from the viewing seat's view and its own pending decision
(`LocalTable.view_for` / `decision_for`), never from the game state; what the
game looks like comes from the ruleset's screen description (`table.screen`).
Keys act on the focused card; `check_action` hides every key that has no legal
use right now, so the footer lists exactly what can be done.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Static

from pmtui.engine.context import LEGACY_RNG
from pmtui.engine.decision import Decision
from pmtui.engine.screen import FIGHT_MARK, Grid, ScreenSpec, Verb, spotlight
from pmtui.tui.display import detail_text, fight_line, ref
from pmtui.tui.guard import guarded
from pmtui.tui.keys import GAME_BINDINGS, verb_bindings, verb_id, with_verbs
from pmtui.tui.widgets.board import Board, Spot
from pmtui.tui.widgets.footer import Footer
from pmtui.tui.widgets.panels import GameLog, Panel, TurnFlow, show_text

if TYPE_CHECKING:
    from pmtui.tui.app import PmApp

ALWAYS = {"cursor", "help", "quit_game", "scroll_log", "always_ask", "inspect", "settings"}


Card = Mapping[str, Any]


@guarded
class GameScreen(Screen[None]):
    BINDINGS = GAME_BINDINGS
    QUIT_HINT = "q quits"
    EDITING = False  # the sandbox: every zone can be focused

    def __init__(self, spec: ScreenSpec) -> None:
        super().__init__()
        self.spec = spec
        self.verbs: dict[str, Verb] = {v.verb: v for v in spec.verbs}
        # the screen's own keys win: a verb whose key is taken is left to the enter menu
        taken = {key for key, group in self._bindings.key_to_bindings.items()
                 if any(b.id != "act" for b in group)}
        self._bindings = with_verbs(self._bindings, verb_bindings(spec.verbs, taken))
        self._keyed_verbs = [v for v in spec.verbs if v.key not in taken]
        self.pview: Mapping[str, Any] = {"zones": {}, "vars": {}}
        self.decision: Decision | None = None
        self.cards_by_uid: dict[int, Card] = {}
        self._seen_version = -1
        # an open choice's options and its highlighted one, while a prompt is over the board
        self._pointing: tuple[Sequence[str], str | None] | None = None

    @property
    def pm(self) -> PmApp:
        return self.app  # type: ignore[return-value]

    @property
    def board(self) -> Board:
        return self.query_one(Board)

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal(id="body"):
            yield Board(self.spec, editing=self.EDITING, names=self.pm.names)
            with Vertical(id="side"):
                yield TurnFlow(id="flow")
                yield Panel(id="detail")
                yield GameLog(id="log")
        yield Static(id="prompt")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#detail").border_title = "Card"
        self.query_one("#log").border_title = "Log"

    # -- reading the view ----------------------------------------------------------------

    @property
    def bottom(self) -> int:
        """The seat drawn at the bottom."""
        return self.pm.viewer

    def names(self) -> list[str]:
        return self.pm.seat_names

    def zone(self, player: int, name: str) -> list[Card]:
        z = self.pview["zones"].get(f"{player}/{name}", [])
        return z if isinstance(z, list) else []

    def read(self) -> None:
        """Take the viewer's view and decision from the table."""
        pm = self.pm
        table = pm.table
        held = pm.held if pm.busy else None
        self.pview = held[0] if held is not None else table.view_for(pm.viewer)
        self.decision = None if pm.busy else table.decision_for(pm.viewer)

    def refresh_board(self) -> None:
        """Re-read the viewer's view and decision and redraw everything."""
        self.read()
        self.cards_by_uid = {
            int(c["uid"]): c
            for z in self.pview["zones"].values()
            if isinstance(z, list)
            for c in z
            if c.get("uid") is not None
        }
        self.board.load(self.pview, self.bottom)
        self._follow_decision()
        self._draw()

    def _follow_decision(self) -> None:
        """A new decision whose card options all lie in one row (the cards that may
        attack, say): put the cursor on the first of them."""
        d = self.decision
        version = self.pm.table_version
        if d is None or version == self._seen_version:
            return
        self._seen_version = version
        if d.kind not in self.spec.board or self.spec.words.pass_text in d.texts:
            return
        named = {t.split()[1] for t in d.texts if len(t.split()) > 1}
        rows = {n.rid for n in self.board.nav for s in n.spots
                if s.card is not None and ref(s.card) in named}
        if len(rows) == 1:
            self.board.goto(lambda s: s.card is not None and ref(s.card) in named)

    # -- what is focused -----------------------------------------------------------------

    def spot(self) -> Spot | None:
        return self.board.focused()

    def focused_card(self) -> Card | None:
        spot = self.spot()
        return spot.card if spot is not None else None

    def _names(self, spot: Spot | None) -> set[str]:
        """How options name the focused place: the card's ref, and a cell's name."""
        if spot is None:
            return set()
        out = {ref(spot.card)} if spot.card is not None and spot.card.get("uid") is not None \
            else set()
        if spot.cell:
            out.add(spot.cell)
        if spot.card is not None and spot.seat is not None:  # a hidden-position ref: hand#2
            cards = self.board.zone(spot.seat, spot.zone)
            if spot.card in cards:
                out.add(f"{spot.zone}#{cards.index(spot.card) + 1}")
        return out

    def spot_options(self, spot: Spot | None = None) -> list[str]:
        """The viewer's legal option texts that name the focused card or cell."""
        names = self._names(spot if spot is not None else self.spot())
        if not names or self.decision is None:
            return []
        return [t for t in self.decision.texts if names & set(t.split())]

    def focused_item(self) -> str | None:
        """The zone of the focused bar counter, if a counter is focused."""
        spot = self.spot()
        return spot.zone if spot is not None and spot.kind == "counter" else None

    @property
    def row_name(self) -> str:
        return self.board.row_id

    @property
    def row_cards(self) -> dict[str, list[Card]]:
        """Each card row's cards by row id ("my-hand"), as the board shows them."""
        return {n.rid: [s.card for s in n.spots if s.card is not None]
                for n in self.board.nav if n.spots and n.spots[0].kind == "card"}

    def options_for(self, card: Card | None) -> list[str]:
        """The viewer's legal option texts that name this card."""
        if card is None or self.decision is None:
            return []
        r = ref(card)
        return [t for t in self.decision.texts if r in t.split()]

    def texts(self) -> list[str]:
        return self.decision.texts if self.decision is not None else []

    def name_of(self, uid: Any) -> str:
        c = self.cards_by_uid.get(int(uid)) if uid is not None else None
        return self.spec.card_name(str(c.get("cid"))) if c is not None else "a card"

    # -- drawing -------------------------------------------------------------------------

    def _marks(self) -> dict[int, str]:
        """▸ on each card an option of a board decision names first ("summon X main",
        "backup X"): what can be used now, by its verb's key or by enter, whether or
        not the verb has a key (a card with no mark hid a Backup card in the hand)."""
        marks: dict[int, str] = {uid: FIGHT_MARK for uid in spotlight(self.spec, self.pview)}
        d = self.decision
        if d is None or d.kind not in self.spec.board:
            return marks
        off_card = {v.verb for v in self.spec.verbs if not v.on_card}
        # a piece on a grid is also named by its cell ("move c2 c3")
        cells = {int(c["uid"]): str(c.get(g.cell)) for g in self.spec.layout.middle
                 if isinstance(g, Grid) for c in self.board.zone(None, g.zone)
                 if c.get("uid") is not None}
        firsts = {(t.split()[0], t.split()[1]) for t in self.texts() if len(t.split()) > 1}
        for c in self.cards_by_uid.values():
            uid = int(c["uid"])
            names = {ref(c), cells[uid]} if uid in cells else {ref(c)}
            if any(verb not in off_card and name in names for verb, name in firsts):
                marks[uid] = "▸" + marks.get(uid, "")
        return marks

    def _reach(self) -> set[str]:
        """The grid cells the focused card's or cell's options name besides its own:
        where it can go, move or attack (`attack c3 c4` from c3 reaches c4)."""
        spot = self.spot()
        cells = {s.cell for n in self.board.nav for s in n.spots if s.cell}
        own = self._names(spot)
        return {w for t in self.spot_options(spot) for w in t.split()
                if w in cells and w not in own}

    def _target_cell(self, text: str) -> str | None:
        """The grid cell an option points at: the last word of it that names a cell, or a
        piece on one (`attack c3 c4 atk` -> c4, `target X@7` -> X@7's cell)."""
        cells: dict[str, str] = {}
        for n in self.board.nav:
            for s in n.spots:
                if s.cell:
                    cells[s.cell] = s.cell
                    if s.card is not None and s.card.get("uid") is not None:
                        cells[ref(s.card)] = s.cell
        return next((cells[w] for w in reversed(text.split()) if w in cells), None)

    def point(self, options: Sequence[str], current: str | None) -> bool:
        """An open choice over the board shows `current` highlighted among `options`: the
        board marks the cells they point at until the board is back on top. Whether it
        marks any."""
        self._pointing = (options, current)
        self._draw()
        return self._aims() is not None

    def on_screen_resume(self) -> None:
        if self._pointing is not None:
            self._pointing = None
            self._draw()

    def _aims(self) -> tuple[set[str], str | None] | None:
        """The cells an open choice's options point at and its highlighted option's, or
        None when no choice over the board names a cell."""
        if self._pointing is None:
            return None
        options, current = self._pointing
        cells = {c for c in map(self._target_cell, options) if c is not None}
        if not cells:
            return None
        return cells, self._target_cell(current) if current is not None else None

    def _draw(self) -> None:
        aims = self._aims()
        reach, aim = aims if aims is not None else (self._reach(), None)
        self.board.show(self.names(), marks=self._marks(), reach=reach, aim=aim)
        self.query_one("#flow", TurnFlow).show(self.spec.flow(self.pview, self.names()))
        show_text(self.query_one("#detail", Static), self._detail())
        self._draw_log()
        show_text(self.query_one("#status", Static), self._status_text())
        show_text(self.query_one("#prompt", Static), self._prompt_text())
        self.refresh_bindings()

    def _draw_log(self) -> None:
        held = self.pm.held if self.pm.busy else None
        self.query_one("#log", GameLog).show(held[1] if held is not None
                                             else self.pm.log_lines())

    def whose(self, seat: int) -> str:
        return self.pm.whose(seat)

    def _detail(self) -> Text:
        spot = self.spot()
        if spot is None:
            return detail_text(None, self.spec.colours)
        if spot.kind == "counter" and spot.seat is not None:
            n = self.board.count(spot.seat, spot.zone)
            count = "empty" if n == 0 else f"{n} card" + ("s" if n != 1 else "")
            return Text(f"{self.whose(spot.seat)} {spot.label}: {count}.\n"
                        "v or enter: look through.")
        if spot.card is None:
            what = f"cell {spot.cell}" if spot.kind == "cell" else spot.label
            return Text(f"{what}: empty", style="dim")
        return fight_line(self.spec, self.pview, spot.card) + detail_text(
            self.spec.detail(spot.card, spot.zone, self.pview), self.spec.colours)

    def _status_text(self) -> Text:
        pm = self.pm
        vars_ = self.pview["vars"]
        t = Text(no_wrap=True, overflow="ellipsis")
        t.append(" pmtui ", style="bold reverse")
        if heading := self.spec.heading(self.pview):  # the game's mode, when it has one
            t.append(f" {heading} ·", style="bold")
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
            t.append(f"Game over: {result} ({pm.named(str(over.get('reason', '')))}). "
                     f"{self.QUIT_HINT}.",
                     style="bold")
            return t
        if pm.busy:
            t.append("Opponent is thinking…", style="bold yellow")
            return t
        if pm.summing_up:  # the pending window may be passed for the player once it
            # closes: a key pressed for it would land on the next decision
            t.append("While you waited: enter goes on", style="bold")
            return t
        d = self.decision
        if d is None:
            pending = pm.table.pending()
            who = pm.label(pending.player) if pending is not None else "?"
            t.append(f"Waiting for {who}…", style="yellow")
            return t
        t.append("▶ ", style="bold")
        t.append(self.pm.asked(d), style="bold")
        if d.kind not in self.spec.board:
            t.append("  (enter: open the prompt)", style="dim")
        elif any("▸" in m for m in self._marks().values()):
            t.append("  ▸ marks what you can play", style="dim")
        return t

    # -- keys ----------------------------------------------------------------------------

    def _verb_options(self, verb: Verb) -> list[str]:
        if not verb.on_card:
            return [verb.verb] if verb.verb in self.texts() else []
        out = []
        for name in self._names(self.spot()):
            out += [t for t in self.texts() if t == f"{verb.verb} {name}"
                    or t.startswith(f"{verb.verb} {name} ")]
        return out

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
        if action == "act":
            return (bool(self.spot_options()) or d.kind not in self.spec.board
                    or self.focused_item() is not None)
        if action == "verb":
            verb = self.verbs.get(str(parameters[0])) if parameters else None
            return verb is not None and bool(self._verb_options(verb))
        if action == "pass_turn":
            return self.spec.words.pass_text in d.texts
        return True

    def action_cursor(self, dx: int, dy: int, wrap: bool = False) -> None:
        self.board.move(dx, dy, wrap)
        self._draw()

    def action_act(self) -> None:
        d = self.decision
        if self.focused_item() is not None:
            self.action_browse()
            return
        opts = self.spot_options()
        if opts:
            self.pm.choose_from(self._card_title(), opts)
        elif d is not None and d.kind not in self.spec.board:
            self.pm.open_prompt(force=True)

    def action_inspect(self) -> None:
        card = self.focused_card()
        if card is None or card.get("uid") is None:
            self.pm.notify("no card here: move onto one to see it in full", timeout=3)
            return
        self.pm.inspect(int(card["uid"]))

    def _card_title(self) -> str:
        spot = self.spot()
        if spot is not None and spot.card is not None and spot.card.get("uid") is not None:
            return f"{self.name_of(spot.card['uid'])}: what now?"
        return f"{spot.cell}: what now?" if spot is not None and spot.cell else "Choose"

    def action_verb(self, verb_name: str) -> None:
        verb = self.verbs.get(verb_name)
        if verb is None:
            return
        spot = self.spot()
        opts = self._verb_options(verb)
        if len(opts) == 1:
            self.pm.submit(opts[0])
        elif opts and spot is not None:
            card = spot.card
            name = self.name_of(card["uid"]) if card is not None and card.get("uid") is not None \
                else spot.cell or spot.label
            self.pm.choose_from((verb.ask or verb.label).format(name=name), opts)

    def action_pass_turn(self) -> None:
        d = self.decision
        if d is not None:
            self.pm.toggle_pass_turn(d.player)

    def action_undo(self) -> None:
        self.pm.undo()

    def _keys(self, binding_id: str, default: str) -> list[str]:
        return [k.strip() for k in self.pm.key_for(binding_id, default).split(",")]

    def on_key(self, event: Any) -> None:
        # A key whose binding is off says why rather than nothing: undo when it is not
        # possible, a verb on a card (or at a moment) it does not apply to.
        if event.key in self._keys("undo", "u") and not self.check_action("undo", ()):
            self.pm.notify(f"cannot undo: {self.pm.undo_refusal()}", severity="warning")
            return
        if self.decision is None or self.pm.busy:
            return
        for verb in self._keyed_verbs:
            if event.key in self._keys(verb_id(verb), verb.key) and \
                    not self._verb_options(verb):
                self.pm.notify(self._verb_refusal(verb), timeout=3)
                return

    def _verb_refusal(self, verb: Verb) -> str:
        """Why a verb key did nothing, short: the rules' reason when they give one."""
        card = self.focused_card()
        if not verb.on_card:  # "end the turn" in the wrong step: the rules say why
            why = getattr(self.pm.table, "why_not_action", None)
            reason = why(self.pm.viewer, verb.verb) if why is not None else None
            if reason:
                return f"{verb.label}: {self.pm.named(reason)}"
        d = self.decision
        if verb.on_card and (card is None or card.get("uid") is None) and d is not None \
                and any(t.split()[0] == verb.verb for t in d.texts):
            # a summon is possible, with another card: "not possible now" said otherwise
            return f"{verb.label}: focus the card first (▸ marks what you can play)"
        if not verb.on_card or card is None or card.get("uid") is None:
            return f"{verb.label}: not possible now"
        uid = int(card["uid"])
        name = self.name_of(uid)
        why_not = getattr(self.pm.table, "why_not", None)
        for text, reason in why_not(self.pm.viewer, uid) if why_not is not None else ():
            if text.split()[0] == verb.verb:
                return f"{verb.label} {name}: {self.pm.named(reason)}"
        # a verb the card's sheet does not list for it (its kind or place never allows
        # it): the key was pressed, so the rules say why all the same
        why = getattr(self.pm.table, "why_not_action", None)
        reason = why(self.pm.viewer, f"{verb.verb} {card.get('cid')}@{uid}") if why else None
        if reason:
            return f"{verb.label} {name}: {self.pm.named(reason)}"
        return f"{verb.label}: not for {name} now"

    def action_replay(self) -> None:
        self.pm.open_replay()

    def action_browse(self) -> None:
        spot = self.spot()
        if spot is None or spot.kind != "counter" or spot.seat is None:
            return
        cards = self.board.zone(spot.seat, spot.zone)
        self.pm.browse(f"{self.whose(spot.seat)} {spot.label}", cards, spot.zone)

    def action_help(self) -> None:
        self.pm.show_help()

    def action_settings(self) -> None:
        self.pm.open_settings()

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
