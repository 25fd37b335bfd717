"""The pmtui Textual app: drives a LocalTable from the keyboard.

One path for every decision: `submit(text)` -> `LocalTable.act` (which saves it)
-> `advance()`, which redraws, lets the computer move in a worker thread, passes
automatically where the player has nothing but "pass" (unless "always ask"),
hands the keyboard over in hot seat, and opens the prompt a decision needs.
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cached_property
from typing import Any

from rich.text import Text
from textual.actions import ActionParseResult
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.dom import DOMNode
from textual.screen import Screen

from pmtui.engine.decision import Decision, IllegalAction
from pmtui.engine.game import ends_game
from pmtui.engine.screen import Card, PickSet, ScreenSpec, View, stop_passes, whose
from pmtui.table.logtext import (
    pick_kinds,
    printable,
    turn_change,
    without_picks,
    worded,
)
from pmtui.table.session import LocalTable, LogLine
from pmtui.table.words import REF, in_words, where
from pmtui.tui.commands import LegalActions, open_palette
from pmtui.tui.display import (
    append_lines,
    card_brief,
    detail_text,
    fight_line,
    game_names,
    set_depth,
    short_name,
)
from pmtui.tui.keys import DEPTH_WORDS, THEMES, TURN_WATCH, TuiConfig, save_config
from pmtui.tui.notices import PlainNotices
from pmtui.tui.screens.cover import Cover
from pmtui.tui.screens.game import GameScreen
from pmtui.tui.screens.info import (
    GameOverScreen,
    HelpScreen,
    Kept,
    PassKeyboardScreen,
    R,
    SummaryScreen,
    TooSmallScreen,
    size_check,
)
from pmtui.tui.stack import OneOfEachKind
from pmtui.tui.widgets.panels import counted_lines

# the depth setting -> Rich's name for it (Console.color_system); "auto": Rich's guess
DEPTH_SYSTEMS = {"truecolor": "truecolor", "256": "256", "16": "standard"}
DEPTH_NAMES = {system: DEPTH_WORDS[depth] for depth, system in DEPTH_SYSTEMS.items()}


def _loaded(module: str, name: str) -> Any:
    """`module.name` if that module is already imported, else None: a screen class
    whose module was never imported cannot be on the stack, and importing the replay
    viewer just to ask would cost the first frame some 15 ms."""
    return getattr(sys.modules.get(module), name, None)


# the screens kept and shown again (PmApp._open_again): the inspect key's, the summary's
CARD_SHEET = "card-sheet"
SUMMARY = "summary"


def distinct_labels(options: Sequence[tuple[str, str]],
                    brief: Callable[[str], Text | None]) -> list[tuple[str, str]]:
    """Options (text, label) as the palette lists them: one entry for options alike in
    words and in what their card is (two copies of a card in hand, to the same place:
    either is the same play), and what the card is after a label shared by different
    cards ("Approach with Kanon  · R1/2 20/20 Rest") so that no two entries read alike."""
    seen: dict[tuple[str, str], str] = {}
    for text, label in options:
        about = brief(text)
        seen.setdefault((label, about.plain.strip() if about is not None else ""), text)
    shared = Counter(label for label, _ in seen)
    return [(text, f"{label}  {about}" if shared[label] > 1 and about else label)
            for (label, about), text in seen.items()]


def _later_turn(ev: object) -> bool:
    """Whether an event starts a turn after the first (set-up answers come before turn 1
    and end nobody's turn)."""
    changes = turn_change(ev)
    turn = changes.get("turn") if changes is not None else None
    return isinstance(turn, int) and turn > 1


class PmApp(OneOfEachKind, PlainNotices, App[int]):
    CSS_PATH = "pmtui.tcss"
    TITLE = "pmtui"
    COMMANDS = App.COMMANDS | {LegalActions}
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", show=False, priority=True, id="app_quit")]

    def __init__(
        self,
        table: LocalTable,
        *,
        hotseat: bool = False,
        config: TuiConfig | None = None,
        threaded: bool = True,
        catch_errors: bool = False,
        notices: Sequence[str] = (),
    ) -> None:
        super().__init__()
        self.notices = list(notices)  # shown once the table is up (e.g. resume warnings)
        self.catch_errors = catch_errors
        self._errors = 0
        self.fatal = ""
        self.table = table
        self.hotseat = hotseat
        self.spec: ScreenSpec = table.screen
        game = getattr(table, "game", None)  # a network seat has no game object
        self.config = (config or TuiConfig()).check(self.spec,
                                                    game.ruleset.id if game is not None else "")
        # the colour depth the config asks for ("auto": what Rich found). Textual keeps
        # each line's terminal codes with the line (and every line made from it), so it
        # is set once, before anything is drawn (over SSH the server sets it again, no
        # higher than the client's terminal shows)
        self.asked_depth = DEPTH_SYSTEMS.get(self.config.depth)
        set_depth(self.console, self.asked_depth)
        self.always_ask = self.config.always_ask
        self.pass_turn: tuple[int, int] | None = None  # (player, turn) passing to end of turn
        if isinstance(table, LocalTable):  # undo reads a resumed save's passes by it
            table.passes_for = self._stop_passes
        self.threaded = threaded
        first = table.pending()
        humans = table.humans or [0]
        self.viewer = first.player if hotseat and first is not None else humans[0]
        # hot seat: the seat whose hidden cards the screen may show (the person who took
        # the keyboard last); None: nobody's yet, so the first one is covered for too
        self.shown: int | None = None
        self.busy = False
        self._thinking = False  # the computer's thread is running
        # while the thread runs: the board and log as they stood when the computer last
        # began to decide (the screen draws these, not the table of the moment, in which
        # a pass the thread is about to make for the player shows them to act)
        self.held: tuple[View, list[LogLine]] | None = None
        # the board drawn as if the summary were up (about to open) or gone (about to
        # close), whatever the screen is; None: as the screen is
        self._summary_shown: bool | None = None
        self.too_small = False
        # this keyboard's last pass (its turn, the question) until it is asked again:
        # a turn that ends right after it is said (`_say_turn_over`)
        self._passed: tuple[object, str] | None = None
        self._prompted = -1  # table version a prompt was opened (or auto-handled) for
        self._over_shown = False
        # records up to here the viewer has seen (their last decision, the last summary):
        # the summary of what happened while they waited starts after it
        self._mark = self._records
        # where the viewer's last decision began: the turn it ended is no news, the
        # other side's turn that began right after it is (see _turn_began)
        self._decided = self._mark
        # records up to here a summary has gone through: the game's own lines after it (a
        # fight, a play disabled) are news even when the viewer's own move brought them
        # about (their pass closing the window before a judgement), so the next summary
        # carries them though they come before the mark
        self._told = self._mark
        # hot seat: the other seat's (mark, decided, told) while this one has the keyboard;
        # a seat that never had it starts at `_opened` (where the table was first shown,
        # or the last undo)
        self._left_at: dict[int, tuple[int, int, int]] = {}
        self._opened = self._mark
        self._worded: dict[LogLine, LogLine] = {}
        self.game_screen = GameScreen(self.spec)

    # -- helpers ---------------------------------------------------------------------------

    @property
    def _records(self) -> int:
        """How many records the game has; 0 at a network seat, which sees no records
        (the summary of the computer's moves is a local table's)."""
        game = getattr(self.table, "game", None)
        return len(game.records) if game is not None else 0

    @property
    def table_version(self) -> int:
        return len(self.table.game.records)

    def label(self, player: int) -> str:
        if self.hotseat:
            return self.table.names[player]
        return "You" if self.table.is_human(player) else "CPU"

    def log_name(self, player: int) -> str:
        """A seat's name for the log, which outlasts the moment: `label` without any
        passing state (a network seat's "(away)")."""
        return self.label(player)

    @property
    def seat_names(self) -> list[str]:
        """Both seats as `label` names them, for a ruleset's `names` arguments."""
        return [self.label(0), self.label(1)]

    def whose(self, player: int) -> str:
        """The possessive of `label`, as a title starts: "Your", "CPU's", "Aiko's"."""
        return whose(self.label(player), start=True)

    def card_name(self, cid: str) -> str:
        return self.spec.card_name(cid)

    def cut_names(self, text: str, label: str, width: int) -> str:
        """`label` (option `text` in words) with the names of the cards `text` names
        in `width` cells each, as the board cuts them (one form a width, all game)."""
        for name in sorted({self.card_name(cid) for cid, _ in REF.findall(text)},
                           key=len, reverse=True):
            if len(name) > width:
                label = label.replace(name, short_name(name, width, self.names))
        return label

    @cached_property
    def names(self) -> frozenset[str]:
        """What a shortened card name stays apart from, all game (display.game_names)."""
        return game_names(self.table.defs)

    def named(self, text: str) -> str:
        """A ruleset's text (a decision's prompt, a reason, a refusal) as the board says
        it: cards by name, the seats as You/CPU (or the hot-seat names). A reason may
        come from a save (the end of a resumed game): never a raw control character."""
        return printable(in_words(text, self.card_name, self.seat_names))

    def namer(self, text: str) -> str:
        return self.spec.label(text, self.game_screen.pview)

    def worded(self, line: LogLine) -> LogLine:
        """A log line as the board says it: a decision in the ruleset's words, by the
        seat's name ("CPU: Summon Kaede to the Main Area"); the end's reason too."""
        out = self._worded.get(line)
        if out is None:
            out = worded(line, [self.log_name(0), self.log_name(1)], self.namer,
                         self.card_name)
            self._worded[line] = out
        return out

    def log_lines(self, since: int = 0) -> list[LogLine]:
        """The viewer's log in words, with the board's seat names (You, CPU)."""
        names = [self.log_name(0), self.log_name(1)]
        lines = without_picks(self.table.log_for(self.viewer, names, since),
                              pick_kinds(self.spec))
        return [self.worded(x) for x in lines]

    def key_for(self, binding_id: str, default: str) -> str:
        return self.config.keymap.get(binding_id, default)

    @property
    def replaying(self) -> bool:
        """The replay viewer is open over the table (keys and prompts wait)."""
        screen = _loaded("pmtui.tui.replay", "ReplayScreen")
        return screen is not None and any(isinstance(s, screen) for s in self.screen_stack)

    @property
    def cover(self) -> Cover[Any] | None:
        """The hot-seat cover on the stack (a hand-over, an undo's consent), if any:
        the table behind it shows the seat that had the keyboard last."""
        return next((s for s in reversed(self.screen_stack) if isinstance(s, Cover)), None)

    @property
    def covered(self) -> bool:
        """The table is covered (replay viewer, settings, hot-seat cover, too small): the
        palette offers nothing, so it cannot act for whoever is not looking. (Asked from
        the palette, which is then the screen on top: the whole stack is looked at.)"""
        return self.replaying or self.setting or self.cover is not None \
            or isinstance(self.screen, TooSmallScreen)

    async def run_action(self, action: str | ActionParseResult,
                         default_namespace: DOMNode | None = None,
                         namespaces: Mapping[str, DOMNode] | None = None) -> bool:
        """Every action (a key's, a click's) comes here: while a hot-seat cover is up,
        only those it allows run (`Cover.allows`), whatever screen they would open."""
        cover = self.cover
        if cover is not None:  # Textual's own parsing: the node the action would run on
            target, name, _ = self._parse_action(
                action, self if default_namespace is None else default_namespace, namespaces)
            if not cover.allows(target, name):
                return False
        return await super().run_action(action, default_namespace, namespaces)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The app's own keys on a cover: only those it allows are shown (the palette's
        is not) and run."""
        cover = self.cover
        if cover is not None and not cover.allows(self, action):
            return False
        return super().check_action(action, parameters)

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """None of Textual's own palette commands (theme, keys, screenshot, quit): the
        palette holds the game's moves and the table's commands; colours are the
        settings' (o), quitting is q."""
        return iter(())

    def can_undo(self) -> bool:
        return not self.busy and self.table.can_undo(self.viewer)

    def undo_refusal(self) -> str:
        """Why the undo key does nothing now (one line)."""
        if self.busy:
            return "wait: the opponent is deciding"
        return "nothing you may take back now"

    # -- lifecycle ---------------------------------------------------------------------------

    def action_command_palette(self) -> None:
        open_palette(self)

    def on_mount(self) -> None:
        self._opened = self._records
        self.apply_colours()
        if self.config.keymap:
            self.set_keymap(self.config.keymap)
        for problem in self.config.problems:
            self.notify(problem, severity="warning", timeout=8)
        for notice in self.notices:
            self.notify(notice[:300], severity="warning", timeout=10)
        self.push_screen(self.game_screen)
        self._check_size(self.size.width, self.size.height)
        # Runs once the board is mounted (a screen's queue starts after its mount) and
        # before its first paint, so that paint shows the table rather than empty rows.
        self.game_screen.call_later(self.advance)

    def on_resize(self, event: Any) -> None:
        self._check_size(event.size.width, event.size.height)

    def _check_size(self, width: int, height: int) -> None:
        was_small = self.too_small
        self.too_small = size_check(self, self.game_screen, was_small, width, height)
        if was_small and not self.too_small:
            self.call_after_refresh(self.advance)

    def _handle_exception(self, error: Exception) -> None:
        # Unexpected errors in a handler become a one-line notice, never a traceback;
        # a burst of them (a broken render) still ends the app, with one line printed.
        self._errors += 1
        if self.catch_errors and self._errors <= 5:
            try:
                self.notify(f"internal error: {type(error).__name__}: {error}"[:200],
                            severity="error", timeout=10)
                return
            except Exception:  # noqa: BLE001 - fall through to ending the app
                pass
        self.fatal = f"{type(error).__name__}: {error}"
        super()._handle_exception(error)

    def _print_error_renderables(self) -> None:
        if not self.catch_errors:
            super()._print_error_renderables()
            return
        if self._exit_renderables:
            self.error_console.print(f"pmtui: internal error: {self.fatal}"[:300], markup=False)
        self._exit_renderables.clear()

    # -- the one path for decisions ---------------------------------------------------------

    def submit(self, text: str) -> None:
        self.submit_many([text])

    def submit_many(self, texts: Sequence[str]) -> None:
        if self.busy:
            self.notify("wait: the opponent is deciding", severity="warning")
            return
        decided = self._records
        d = self.table.decision_for(self.viewer)
        self._passed = self._passing(d) if d is not None and texts[-1:] == [
            self.spec.words.pass_text] else None
        for text in texts:
            try:
                self.table.act(self.viewer, text)
            except IllegalAction as exc:
                self.notify(self.named(str(exc)), severity="warning")
                break
            except Exception as exc:  # noqa: BLE001 - one-line notice, the game goes on
                self.notify(f"error: {type(exc).__name__}: {exc}"[:200], severity="error")
                break
        self._mark = self._records
        self._decided = decided
        self.advance()

    def advance(self) -> None:
        """Redraw, then bring the game to the next point where this keyboard decides."""
        # a cover waits for its key (a resize under it comes here): nothing is passed
        # for anyone, and nothing (a prompt, a summary) opens over it
        if self.busy or not self.game_screen.is_mounted or self.summing_up \
                or self.cover is not None:
            return
        for _ in range(10_000):  # automatic passes, bounded
            decision = self.table.pending()
            if decision is None or not self.table.is_human(decision.player):
                break
            if self._has_keyboard(decision.player) and self._summary_due(at_stop=False):
                break  # stop passing: something to see
            if not self._auto_pass(decision):
                break
        self._say_turn_over(decision)
        waiting = self.too_small or self.replaying or self.setting
        mine = decision is not None and self.table.is_human(decision.player)
        # only where this keyboard decides: after passes made for it the computer's turn
        # may go on, and a summary then would cut it in two ("Waiting for CPU…" under it)
        summary = not waiting and mine and not self.table.over \
            and self._has_keyboard(decision.player) and self._summary_due(at_stop=True)
        if waiting or not summary and (mine or decision is None or self.table.over):
            self.game_screen.refresh_board()  # (else the summary or the computer's start)
        if waiting:
            return
        if summary:
            self._show_summary()
            return
        if self.table.over:
            self._show_game_over()
            return
        if decision is None:
            return
        if not self.table.is_human(decision.player):
            self._start_computer()
            return
        if self.hotseat and self.shown != decision.player:
            if self.table.has_secrets(decision.player):
                self._hand_over(decision.player)
                return
            # nothing of theirs is hidden from the other person: no cover needed, and
            # none of the other seat's hidden cards stays on the screen
            self._take_seat(decision.player)
            self.shown = None
            self.game_screen.refresh_board()
        elif decision.player != self.viewer:
            return
        self.open_prompt()

    def _passing(self, d: Decision) -> tuple[object, str] | None:
        """The turn and the question of a pass this keyboard's player is about to make
        in their own turn, for `_say_turn_over` (a pass the table makes for them in a
        window is not theirs: passes after their "end the turn" said nothing new)."""
        if not self._has_keyboard(d.player) or self.spec.words.pass_text not in d.texts:
            return None
        view = self.table.view_for(d.player)
        # a pass in a window of their own turn ("ap": whose turn), not a game's "end the
        # turn" (a decision no window holds): that one says what it does itself
        if view["vars"].get("ap") != d.player or self.spec.window(d, view) is None:
            return None
        return view["vars"].get("turn"), self.asked(d)

    def _say_turn_over(self, pending: Decision | None) -> None:
        """One line when a pass of this keyboard's ended its turn with nothing asked of
        it after (the rules skipped what was left: nothing could approach, no card could
        be played): the turn went on to the other side without a word otherwise."""
        if self._passed is None:
            return
        turn, asked = self._passed
        if self.table.view_for(self.viewer)["vars"].get("turn") != turn:
            self._passed = None
            self.notify(f"Your turn is over: nothing more was possible after your pass "
                        f"({asked})", timeout=6)
        elif pending is not None and pending.player == self.viewer:
            self._passed = None  # asked something again in the turn: it went on

    def toggle_pass_turn(self, player: int) -> None:
        turn = self.table.view_for(player)["vars"].get("turn")
        if self.pass_turn == (player, turn):
            self.pass_turn = None
            self.notify("Passing to the end of the turn: off", timeout=3)
        else:
            self.pass_turn = (player, turn)
            self.notify("Passing every window until this turn ends (E again: cancel)", timeout=4)
        self.advance()

    def _auto_pass(self, d: Decision) -> bool:
        """Pass for a player in a window the ruleset lets the table pass in: when passing
        is their only choice (unless "always ask"), when they took the window out of their
        stops, or until the end of the turn when they asked for it; when they are asked
        again what they passed on and nothing was played since; and a question whose
        only answer is its secret pass, where nobody else sees the seat wait."""
        verdict = self._pass_verdict(d)
        if verdict == "new turn":  # passing to the end of a turn that has ended: stop
            self.pass_turn = None
            verdict = self._pass_verdict(d)
        elif verdict == "no window":  # asked something that is no window (a choice of
            # the game's): the player is back in the turn, so its later windows are
            # theirs to answer
            self.pass_turn = None
            self.notify("Passing to the end of the turn: stopped, this is your choice",
                        timeout=4)
            return False
        return self._pass_as(d, verdict)

    def _pass_as(self, d: Decision, verdict: str) -> bool:
        """Pass for `d`'s player when `verdict` (`_pass_verdict`) says so; whether it did."""
        if verdict not in ("pass", "secret"):
            return False
        self.table.act(d.player, d.secret_pass if verdict == "secret"
                       else self.spec.words.pass_text, auto=True)
        return True

    def _pass_verdict(self, d: Decision) -> str:
        """What `_auto_pass` does for `d`, changing nothing (the computer's thread asks
        it too): "secret" or "pass" (it passes), "ask" (the player decides), "new turn"
        (passing to the end of the turn is asked for an earlier turn), "no window"
        (passing to the end of this turn meets a choice that is no window)."""
        if self._quiet_pass(d):
            return "secret"
        pass_text = self.spec.words.pass_text
        passing = self.pass_turn is not None and self.pass_turn[0] == d.player
        if pass_text not in d.texts and not passing:
            return "ask"  # no window (and no view to build: this runs after every move)
        view = self.table.view_for(d.player)
        turn = view["vars"].get("turn")
        wanted = self.pass_turn is not None and self.pass_turn == (d.player, turn)
        if passing and not wanted:
            return "new turn"
        window = self.spec.window(d, view) if pass_text in d.texts else None
        if window is None:
            return "no window" if wanted else "ask"
        if wanted or self._stop_passes(d, view):
            return "pass"
        return "pass" if self._pass_stands(d) else "ask"

    def _pass_stands(self, d: Decision) -> bool:
        """Whether `d` asks again what its player passed on with nothing played since
        (a game whose window closes only when both pass in a fixed order asks the first
        passer twice); their pass stands.
        Read from the local game's moves; a network seat is asked."""
        return isinstance(self.table, LocalTable) and self.table.pass_stands(d)

    def _stop_passes(self, d: Decision, view: View) -> bool:
        """Whether the stop settings now pass for `d`'s player (the table also reads the
        passes logged before a resume by this)."""
        return self._quiet_pass(d) or stop_passes(
            self.spec, d, view, self.config.stops or frozenset(), self.always_ask)

    def _quiet_pass(self, d: Decision) -> bool:
        """A question asked whatever a hidden hand holds (a ruleset asks it so that its
        wait tells nobody anything) with its secret pass as the only answer: the table
        answers it at once only for one person against the computer on their own
        terminal. In hot seat the hand-over, and at a network table the wait the other
        player and the spectators see, would show whether a card could have answered."""
        return (bool(d.secret_pass) and d.texts == [d.secret_pass] and not self.always_ask
                and not self.hotseat and isinstance(self.table, LocalTable))

    # -- what happened while the viewer waited ---------------------------------------------

    @property
    def summing_up(self) -> bool:
        if self._summary_shown is not None:
            return self._summary_shown
        return isinstance(self.screen, SummaryScreen)

    def _has_keyboard(self, player: int) -> bool:
        """Whether `player` has the keyboard: always against the computer; in hot seat
        once the cover for them is passed (a summary for them waits until then)."""
        return not self.hotseat or self.shown == player

    def _mine(self, player: int) -> bool:
        """Whether `player`'s decisions are the viewer's own, no news to them: in hot
        seat the viewer's seat, else every seat at this keyboard."""
        return player == self.viewer if self.hotseat else self.table.is_human(player)

    def _take_seat(self, player: int) -> None:
        """The screen is `player`'s from now on (hot seat: the cover's enter, or a seat
        with nothing hidden): what happened while they waited starts where they left."""
        if player != self.viewer:
            self._left_at[self.viewer] = (self._mark, self._decided, self._told)
            self._mark, self._decided, self._told = self._left_at.pop(player,
                                                                      (self._opened,) * 3)
        self.viewer = player

    def _summary_due(self, at_stop: bool) -> bool:
        """Whether the table stops to show what the other side did since the viewer's
        mark: a watched event (a point, a card leaving play: the ruleset's watches) after
        a decision of theirs; at a point where the viewer decides (`at_stop`), also the
        end of their turn (the "turn" watch) or of the game. Only the other side's
        decisions count (the computer's; in hot seat the other person's), except at the
        end: the game's end is news whoever's move brought it (a pass the table made for
        the player; the player's own last move leaves the mark after it)."""
        outcomes = at_stop and bool(self._outcomes(self._mark))
        if self._mark >= self._records and not outcomes:
            return False
        watch = self.config.watch or frozenset()
        records = self.table.game.records[self._mark:]
        if at_stop and any(ends_game(r) for r in records):
            return True
        theirs = [r for r in records if r.get("type") == "decision"
                  and isinstance(r.get("player"), int) and not self._mine(r["player"])]
        if not theirs and not outcomes:
            return False
        watches = [w for w in self.spec.watches if w.name in watch]
        # the end of their turn counts when they did more than pass in it; the first turn's
        # start ends nobody's turn (set-up answers such as keeping a hand are not a turn)
        turn = at_stop and TURN_WATCH in watch and (outcomes or any(
            x.get("action") != self.spec.words.pass_text for x in theirs))
        if turn and self._turn_began() is not None:  # their turn began with the
            return True  # viewer's own last move (stopping, a hand adjustment)
        pending = self.table.pending()
        if turn and pending is not None and pending.kind in self.spec.board:
            # they played in the viewer's turn (a Decline, an event) and the viewer is
            # back on the board, where their play may be gone; a prompt (a response)
            # names the play itself. Set-up answers come before turn 1: not counted.
            owner, start = self._turn_start()
            later = self.table.game.records[max(start, self._mark):]
            if owner == self.viewer and any(
                    r in theirs and r.get("action") != self.spec.words.pass_text
                    for r in later if r.get("type") == "decision"):
                return True
        for r in records:
            ev = r.get("event") if r.get("type") == "event" else None
            if not isinstance(ev, Mapping):
                continue
            if any(w.seen(ev) for w in watches):
                return True
            if turn and _later_turn(ev):
                return True
        return False

    def _turn_start(self, upto: int | None = None) -> tuple[int | None, int]:
        """Whose turn it is (the turn's player, "ap", as the last turn change set it) and
        the record where it began; (None, records) before the first turn. `upto`: as it
        stood before that record."""
        records = self.table.game.records
        end = len(records) if upto is None else min(upto, len(records))
        for i in range(end - 1, 0, -1):
            changes = turn_change(records[i].get("event"))
            if changes is not None:
                ap = changes.get("ap")
                return (ap if isinstance(ap, int) else None), i
        return None, len(records)

    def _turn_began(self) -> int | None:
        """The record where a turn (after the first) began as the result of the viewer's
        last decision, before the mark: the summary starts there, with the turn's line."""
        records = self.table.game.records
        for i in range(self._mark - 1, self._decided - 1, -1):
            r = records[i]
            if r.get("type") == "event" and _later_turn(r.get("event")):
                return i
        return None

    def _summary(self) -> list[Text]:
        """The log since the viewer's mark, less the passes and the viewer's own doings;
        the mark moves to now."""
        start = self._turn_began() or self._mark
        kept = self._outcomes(start) + self._others_doings(self.log_lines(start))
        self._mark = self._decided = self._told = self._records
        return counted_lines(kept)

    def _outcomes(self, before: int) -> list[LogLine]:
        """The game's own lines (`LogLine.kind` "effect": a fight, a play disabled) of the
        records from the last summary up to `before`, which the summary from the mark
        leaves out though they are news: the viewer's own move brought them about in the
        other side's turn (their pass closing the window before a judgement, their answer
        to an attack). Not those of the viewer's own turn: their own plays."""
        if self._told >= before:
            return []
        lines = self.log_lines(self._told)
        lines = lines[:len(lines) - len(self.log_lines(before))]
        owner, _ = self._turn_start(self._told)
        out = []
        for x in lines:
            if x.kind == "turn":
                owner = x.player
            elif x.kind == "effect" and not (owner in (0, 1) and self._mine(owner)):
                out.append(x)
        return out

    def _others_doings(self, lines: list[LogLine]) -> list[LogLine]:
        """What the other side did: no passes, none of the viewer's own decisions (`_mine`),
        and not what the start of the viewer's own turn brings them (their draw) before
        anyone decides again. What follows a decision stays, whoever's cards it moves:
        the computer's play may take the viewer's card out of play."""
        pass_text = self.spec.words.pass_text

        def mine(player: int | None) -> bool:  # a die's outcome (CHANCE) is nobody's
            return player is not None and player in (0, 1) and self._mine(player)

        kept: list[LogLine] = []
        own_start = False
        for x in lines:
            if x.kind == "decision":
                own_start = False
                if x.action == pass_text or mine(x.player):
                    continue
            elif x.kind == "turn":
                own_start = mine(x.player)
            elif own_start and x.kind == "event":
                continue
            kept.append(x)
        return kept

    def _show_summary(self) -> None:
        lines = self._summary()
        self._close_prompts()
        # the board under it, its prompt line saying so, drawn once: drawn again once
        # covered, the board would have the summary sent whole once more
        self._board_with_summary(True)
        self._open_again(SUMMARY, SummaryScreen("While you waited", lines,
                                                on_close=self._leave_summary),
                         callback=lambda _: self.advance())

    def _leave_summary(self) -> None:
        """The board as it is after the summary, drawn while the summary is still up:
        the prompt line's redraw then reaches the board before it is uncovered and is
        sent in that one frame (drawn from the summary's callback, it came a frame
        after the uncovered board)."""
        self._board_with_summary(False)

    def _board_with_summary(self, shown: bool) -> None:
        """The board drawn as it reads with the summary up or gone (`summing_up`)."""
        self._summary_shown = shown
        try:
            self.game_screen.refresh_board()
        finally:
            self._summary_shown = None

    def _hand_over(self, player: int) -> None:
        """Cover the table until `player` has the keyboard (hot seat); the cover says
        whose turn it is and what is being played, from the public view only."""
        if isinstance(self.screen, PassKeyboardScreen):
            return

        def ready() -> None:
            self._take_seat(player)
            self.shown = player
            self.game_screen.refresh_board()

        public = self.table.view_for(None)
        names = self.seat_names
        flow = self.spec.flow(public, names)
        where = [f"{flow.headline}{flow.subhead}", self.spec.stage(public, names).text]
        self._close_prompts()
        self.push_screen(PassKeyboardScreen(self.label(player), ready,
                                            [w for w in where if w]),
                         callback=lambda _: self.advance())

    # -- the computer -------------------------------------------------------------------------

    def _start_computer(self) -> None:
        self.busy = True
        if not self.threaded:
            self.game_screen.refresh_board()
            error = self._computer_turn()
            self._computer_done(error)
            return
        self._thinking = True
        self.run_worker(self._computer_thread, thread=True, group="computer",
                        exit_on_error=False)

    def _run_computer(self) -> str | None:
        try:
            self.table.run_computer()
        except Exception as exc:  # noqa: BLE001 - reported as one line
            return f"computer player failed: {type(exc).__name__}: {exc}"
        return None

    def _computer_turn(self) -> str | None:
        """The computer's moves up to a decision this keyboard makes, with the passes
        the table makes for the player in between (their stops): one hand-back to the
        screen for the whole turn, not one per move, each of which drew the board and
        sent a frame. It stops where `advance` would: a summary due, a pass that is
        not a plain one (`_pass_verdict`), the end."""
        while True:
            if self.threaded:  # the board follows a long turn (a slow computer)
                self._hold()
            error = self._run_computer()
            if error:
                return error
            try:
                d = self.table.pending()
                if d is None or not self.table.is_human(d.player) \
                        or self._summary_due(at_stop=False):
                    return None
                if not self._pass_as(d, self._pass_verdict(d)):
                    return None
            except Exception as exc:  # noqa: BLE001 - reported as one line
                return f"passing for you failed: {type(exc).__name__}: {exc}"

    def _hold(self) -> None:
        """In the computer's thread, before it decides: what the screen shows until it
        is done (the thread alone changes the table meanwhile, so these agree)."""
        d = self.table.pending()
        if d is not None and not self.table.is_human(d.player):
            self.held = (self.table.view_for(self.viewer), self.log_lines())
            self.call_later(self._computer_progress)

    def _computer_progress(self) -> None:
        """The board as the computer's turn stands, while it is still thinking (when
        its thread has finished already, its hand-back draws the board anyway)."""
        if self._thinking:
            self.game_screen.refresh_board()

    def _computer_thread(self) -> None:
        # the board says it is thinking once the screen gets to it, unless its move is
        # back by then (a quick player): then that move is the one thing drawn
        error = self._computer_turn()
        self._thinking = False
        # Not call_from_thread: that would wait here while the UI maybe starts the next run.
        self.call_later(self._computer_done, error)

    def _computer_done(self, error: str | None) -> None:
        self.busy = False
        self.held = None
        while self.table.problems:
            self.notify(self.table.problems.pop(0)[:200], severity="warning", timeout=8)
        if error:
            self.notify(error[:200], severity="error", timeout=10)
            self.game_screen.refresh_board()
            return
        self.advance()

    # -- prompts --------------------------------------------------------------------------------

    def _close_prompts(self, browsing_too: bool = True) -> None:
        """Close the prompts on top of the table (and a browsed zone, unless asked not
        to: a prompt left open for a decision passed meanwhile goes, a zone view stays)."""
        from pmtui.tui.screens.prompts import BrowseScreen, PromptScreen

        kinds = (PromptScreen, BrowseScreen) if browsing_too else (PromptScreen,)
        while isinstance(self.screen, kinds):
            self.pop_screen()

    def open_prompt(self, force: bool = False) -> None:
        """Open the prompt the viewer's pending decision needs (once per decision), of
        the kind the ruleset names for it (a choice unless it says otherwise)."""
        # imported here, not at the top: the prompts are not needed for the first frame
        from pmtui.tui.screens.prompts import ChoiceScreen, PickSetScreen, RespondScreen

        d = self.table.decision_for(self.viewer)
        if d is None or d.kind in self.spec.board:
            self._close_prompts(browsing_too=False)  # its decision is gone
            self._prompted = -1
            return
        version = self.table_version
        if version == self._prompted and not force:
            return
        self._prompted = version
        self._close_prompts()
        kind = self.spec.prompts.get(d.kind)
        if isinstance(kind, PickSet):
            me = self.viewer
            title = self.named(d.prompt or d.kind)
            found = self._card_for(d)
            if found is not None:  # what the card is (its panel's first line): what pays
                uid, card = found
                panel = self.spec.detail(card, where(self.game_screen.pview, uid),
                                         self.game_screen.pview)
                if panel.lines:
                    title += f" ({panel.lines[0].text})"
            self._prompt(PickSetScreen(kind, d, self.spec, self.game_screen.pview,
                                       lambda texts: self.table.preview(me, texts), title,
                                       whose=lambda seat: whose(self.label(seat)),
                                       names=self.names),
                         self._prompt_done)
        else:
            # a choice that answers a play (a response): titled by the play, with the
            # whole chain it answers listed under its line
            body = getattr(kind, "body", "")
            responds = getattr(kind, "responds", False)
            title = self._respond_title(d) if responds else self.asked(d)
            cls = RespondScreen if responds else ChoiceScreen
            self._prompt(cls(title, d.texts, self.namer,
                             body=self._respond_body(body) if responds else body,
                             detail=self._option_detail, brief=self._option_brief,
                             point=self.game_screen.point, cut=self.cut_names),
                         self._prompt_done)

    def asked(self, d: Decision) -> str:
        """A decision's prompt in words, with the card it is for when the decision names
        one (`info["card"]`, docs/rulesets.md) and the prompt does not: "Choose the target
        for Mag Surge: Dawn Lance", not just "Choose the target"; in a window restricted
        to one kind of answer, which ("… (recalls only)")."""
        title = self.named(d.prompt or d.kind)
        found = self._card_for(d)
        cid = found[1].get("cid") if found is not None else None
        name = self.spec.card_name(str(cid)) if cid else ""
        return self._only(d, f"{title} for {name}" if name and name not in title else title)

    def _card_for(self, d: Decision) -> tuple[int, Card] | None:
        """The card decision `d` is for (`info["card"]`, docs/rulesets.md), as the
        viewer's board has it; None when it names none or the board has no such card."""
        uid = d.info.get("card")
        if not isinstance(uid, int):
            return None
        card = self.game_screen.cards_by_uid.get(uid)
        return None if card is None else (uid, card)

    def inspect(self, uid: int, cid: str | None = None) -> None:
        """The inspect key: card `uid` as the viewer sees it, in full; a card out of
        sight that an option names (`cid`) as printed."""
        from pmtui.tui.screens.info import CardScreen

        c = self._card(uid, cid)
        if c is None:
            self.notify("no card there to look at", timeout=3)
            return
        pview = self.game_screen.pview
        body = fight_line(self.spec, pview, c) + detail_text(
            self.spec.detail(c, where(pview, uid), pview), self.spec.colours)
        if c.get("cid") is not None:
            ref = f"{c.get('cid')}@{uid}"
            d = self.table.decision_for(self.viewer)
            can = [t for t in (d.texts if d is not None else []) if ref in t.split()]
            if can:
                body.append("\n\nYou can now:", style="bold")
                for t in can:
                    body.append(f"\n  {self.namer(t)}")
            why_not = getattr(self.table, "why_not", None)
            nots = why_not(self.viewer, uid) if why_not is not None and not self.busy else []
            # one reason said once: the same words under every verb hid what differs
            shared: dict[str, list[str]] = {}
            for t, reason in nots:
                shared.setdefault(reason, []).append(self.namer(t))
            if len(shared) == 1 and len(nots) > 1:
                body.append("\n\nNot now: ", style="bold")
                body.append(self.named(nots[0][1]))
            elif nots:
                body.append("\n\nNot now:", style="bold")
                for reason, labels in shared.items():
                    body.append(f"\n  {', '.join(labels)}: ", style="bold")
                    body.append(self.named(reason))
        self._open_again(CARD_SHEET, CardScreen(body))

    def _open_again(self, name: str, fresh: Kept[R],
                    callback: Callable[[R | None], None] | None = None) -> None:
        """Open the screen kept as `name` showing what `fresh` would: one screen of a
        kind per table, shown again each time, since a new one costs its styles and
        layout every time (about half of what opening one took). One open under other
        screens comes to the top (OneOfEachKind)."""
        if not self.is_screen_installed(name):
            self.install_screen(fresh, name)
        else:
            screen = self.get_screen(name)
            assert isinstance(screen, type(fresh))
            screen.refill(fresh)
            if screen is self.screen:  # on top already: it shows this now
                return
        self.push_screen(name, callback=callback)

    def inspect_text(self, text: str) -> None:
        """The inspect key in a prompt: the card an option names."""
        m = REF.search(text)
        if m is None:
            self.notify("this choice names no card", timeout=3)
            return
        self.inspect(int(m.group(2)), m.group(1))

    def _card(self, uid: int, cid: str | None) -> Mapping[str, Any] | None:
        """Card `uid` from the view; one the view does not hold (a Commander chosen
        from a hidden pile) but a choice names by `cid` is shown as printed: the
        choice has told the viewer what it is."""
        c = self.game_screen.cards_by_uid.get(uid)
        return c if c is not None or cid is None else {"uid": uid, "cid": cid}

    def _respond_title(self, d: Decision) -> str:
        """What is being played now, as the stage line says, as a question (in a window
        restricted to one kind of answer, saying which)."""
        st = self.spec.stage(self.game_screen.pview, self.seat_names)
        ask = self._only(d, "Respond") + "?"
        return f"{st.text}. {ask}" if st.text else ask

    def _only(self, d: Decision, title: str) -> str:
        """`title`, and what alone may answer when `d` is in a restricted window
        (Window.only): "Respond (traps only)"."""
        if self.spec.words.pass_text not in d.texts:
            return title
        window = self.spec.window(d, self.game_screen.pview)
        return f"{title} ({window.only} only)" if window is not None and window.only else title

    def _respond_body(self, body: str) -> Text:
        """A response prompt's line, then the chain it answers, one line per link."""
        st = self.spec.stage(self.game_screen.pview, self.seat_names)
        return append_lines(Text(body), st.links)

    def _option_brief(self, text: str) -> Text | None:
        """What the card an option is about is (the last card it names, its target):
        whose, where, and its face's numbers and state, from the view."""
        refs = REF.findall(text)
        c = self.game_screen.cards_by_uid.get(int(refs[-1][1])) if refs else None
        if c is None:
            return None
        return card_brief(self.spec, c, self.game_screen.pview, self.label)

    def _option_detail(self, text: str) -> Text | None:
        m = REF.search(text)
        if m is None:
            return None
        c = self._card(int(m.group(2)), m.group(1))
        if c is None:
            return None
        zone = where(self.game_screen.pview, int(m.group(2)))
        return detail_text(self.spec.detail(c, zone, self.game_screen.pview), self.spec.colours)

    def _prompt(self, fresh: Kept[R], callback: Callable[[R | None], None] | None = None,
                ) -> None:
        """Open a prompt: the one kept for its kind, refilled, on top (one still open
        under another screen, a card sheet opened from it, comes up: the stack holds a
        prompt of a kind once)."""
        self._open_again(f"prompt-{type(fresh).__name__}", fresh, callback)

    def _prompt_done(self, texts: list[str] | None) -> None:
        if texts:
            self.submit_many(texts)
        else:
            self.game_screen.refresh_board()

    def choose_from(self, title: str, options: Sequence[str]) -> None:
        """A small menu of some of the legal options (e.g. where to summon)."""
        from pmtui.tui.screens.prompts import ChoiceScreen

        self._prompt(ChoiceScreen(title, options, self.namer, detail=self._option_detail,
                                  brief=self._option_brief, point=self.game_screen.point,
                                  cut=self.cut_names),
                     self._prompt_done)

    def browse(self, title: str, cards: Sequence[Mapping[str, Any]], zone: str) -> None:
        from pmtui.tui.screens.prompts import BrowseScreen

        self._prompt(BrowseScreen(title, cards, zone, self.spec, self.game_screen.pview))

    # -- settings --------------------------------------------------------------------------

    @property
    def setting(self) -> bool:
        """The settings screen is open (the table waits until it closes)."""
        screen = _loaded("pmtui.tui.screens.settings", "SettingsScreen")
        return screen is not None and any(isinstance(s, screen) for s in self.screen_stack)

    def open_settings(self) -> None:
        from pmtui.tui.screens.settings import SettingsScreen

        if self.setting:
            return
        self.config.always_ask = self.always_ask  # shift+a may have changed it
        now = DEPTH_NAMES.get(self.console.color_system or "", "")
        self.push_screen(SettingsScreen(self.config, self.spec, self.settings_changed, now),
                         callback=lambda _: self.advance())

    def settings_changed(self) -> str:
        """Apply the config now and save it; one line saying where it went."""
        self.always_ask = self.config.always_ask
        self.apply_colours()
        self.game_screen.refresh_board()
        return self.keep_settings()

    def keep_settings(self) -> str:
        """Save the settings where this table keeps them; one line saying where."""
        try:
            save_config(self.config)
        except ValueError as exc:
            return f"Applied, not saved: {exc}."
        except OSError as exc:
            return f"Applied, not saved: {exc.strerror or exc}"[:200]
        return f"Saved to {self.config.file}."

    def apply_colours(self) -> None:
        """The config's theme, from the next frame on (the depth: from the next start)."""
        self.theme = THEMES.get(self.config.theme, THEMES["dark"])

    def show_help(self) -> None:
        self.push_screen(HelpScreen(self.key_for, self.spec, self.config.file))

    def _show_game_over(self) -> None:
        if self._over_shown:
            return
        self._over_shown = True
        over = self.table.over or {}
        w = over.get("winner")
        if w is None:
            headline = "Draw."
        elif not self.hotseat and self.table.is_human(w):
            headline = "You win!"
        else:
            headline = f"{self.label(w)} won." if self.hotseat else "The computer wins."
        # the game over screen says what the computer did since the player's last move
        last = self._summary() if self._summary_due(at_stop=True) else []
        self._close_prompts()
        self.push_screen(GameOverScreen(headline, self.named(str(over.get("reason", ""))), last,
                                        review=True), callback=self._over_closed)

    def _over_closed(self, answer: str | None) -> None:
        if answer == "review":  # the replay from the start, with the viewer's analysis
            self.open_replay(review=True)

    # -- undo and the palette --------------------------------------------------------------------

    def undo(self) -> None:
        """The undo key: take back the viewer's last own decision (pmtui.table.undo's policy for
        the game's mode); the decisions after it, the computer's included, go with it.

        Hot seat: when that also takes back the other person's decisions, they are asked
        first on a covering screen (enter accepts), then the keyboard is handed back."""
        from pmtui.table.undo import UndoRefused
        from pmtui.tui.screens.consent import UndoConsentScreen

        if self.busy:
            self.notify(self.undo_refusal(), severity="warning")
            return
        player = self.viewer
        keep = self.table.undo_target(player)
        if keep is None:
            self.notify(f"cannot undo: {UndoRefused('nothing you may take back now')}",
                        severity="warning")
            return
        moves = self.table.game.moves
        theirs = [m for m in moves[keep:] if m[0] != player]
        if self.hotseat and theirs:
            other = 1 - player
            self._close_prompts()
            self.push_screen(
                UndoConsentScreen(self.label(player), self.label(other), self.namer(moves[keep][1]),
                                  len(moves) - keep, len(theirs)),
                callback=lambda ok: self._undo_answered(player, bool(ok)),
            )
            return
        self._do_undo(player)

    def _undo_answered(self, player: int, ok: bool) -> None:
        if ok:
            self._do_undo(player, consent=True, advance=False)
        else:
            self.notify(f"{self.label(1 - player)} did not accept the undo", severity="warning")
        # the other person has the keyboard: cover the table until it is handed back
        self.shown = None
        self._hand_over(player)

    def _do_undo(self, player: int, consent: bool | None = None, advance: bool = True) -> None:
        from pmtui.table.undo import UndoRefused

        try:
            text = self.table.undo_to_my_last(player, consent=consent)
        except UndoRefused as exc:
            self.notify(f"cannot undo: {exc}", severity="warning")
            return
        except Exception as exc:  # noqa: BLE001 - e.g. the save could not be written
            self.notify(f"cannot undo: {type(exc).__name__}: {exc}"[:200], severity="error")
            return
        self._prompted = -1
        self._over_shown = False
        self._mark = self._decided = self._opened = self._told = self._records
        self._left_at.clear()  # both seats start again from here
        if isinstance(self.screen, GameOverScreen):
            self.pop_screen()
        self.notify(f"took back: {self.namer(text)}", timeout=4)
        if advance:
            self.advance()

    def open_replay(self, review: bool = False) -> None:
        """The replay viewer on this game's records so far (from the viewer's side;
        both sides' hidden cards only once the game is over). `review`: from the start
        of play, the analysis of the viewer's seat worked out as it opens."""
        from pmtui.table.replay import ReplayModel
        from pmtui.table.saves import holds
        from pmtui.tui.replay import ReplayScreen

        if self.busy:
            self.notify("wait: the opponent is deciding", severity="warning")
            return
        with self.table.lock:
            game = self.table.game
            model = ReplayModel(game.header, [dict(r) for r in game.records[1:]],
                                ruleset=game.ruleset)
            # a finished game's save no longer changes: its analysis is kept beside it
            # (and one `pmtui analyse` kept there is read), when the file holds the game
            path = getattr(self.table, "save_path", None)
            if self.table.over and path is not None and holds(path, model.cursor.records):
                model.path = path
        self._close_prompts()
        self.push_screen(
            ReplayScreen(model, perspective=self.viewer, allow_both=bool(self.table.over),
                         closable=True, start="start" if review else "end",
                         labels=self.seat_names, analyse=review),
            callback=lambda _: self._replay_closed(),
        )

    def _replay_closed(self) -> None:
        self._prompted = -1
        self.advance()

    def table_commands(self) -> list[tuple[str, str, Callable[[], None]]]:
        """Palette entries that are not decisions: undo, the replay viewer."""
        out: list[tuple[str, str, Callable[[], None]]] = []
        if self.covered:
            return out
        if self.can_undo():
            out.append(("undo", "Undo: take back your last decision", self.undo))
        if not self.busy:
            out.append(("replay", "Replay this game so far (viewer)", self.open_replay))
        return out

    def legal_actions(self) -> list[tuple[str, str]]:
        if self.busy or self.covered:
            return []
        d = self.table.decision_for(self.viewer)
        if d is None:
            return []
        return distinct_labels([(t, self.namer(t)) for t in d.texts], self._option_brief)

    def palette_act(self, text: str) -> None:
        self._close_prompts()
        self._prompted = self.table_version  # this decision is being answered now
        self.submit(text)
