"""The pmtui Textual app: drives a LocalTable from the keyboard.

One path for every decision: `submit(text)` -> `LocalTable.act` (which saves it)
-> `advance()`, which redraws, lets the computer move in a worker thread, passes
automatically where the player has nothing but "pass" (unless "always ask"),
hands the keyboard over in hot seat, and opens the prompt a decision needs.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.text import Text
from textual.app import App
from textual.binding import Binding

from pmtui.engine.decision import Decision, IllegalAction
from pmtui.session import LocalTable
from pmtui.tui.commands import LegalActions
from pmtui.tui.display import detail_text
from pmtui.tui.keys import TuiConfig
from pmtui.tui.screens.game import BOARD_KINDS, GameScreen
from pmtui.tui.screens.info import GameOverScreen, HelpScreen, PassKeyboardScreen, TooSmallScreen
from pmtui.tui.screens.prompts import BrowseScreen, ChoiceScreen, PayScreen, RespondScreen
from pmtui.tui.words import REF, humanize

MIN_SIZE = (80, 24)
AUTO_PASS_STEPS = {"w2", "w4", "w6"}  # windows of the approach phase


class PmApp(App[int]):
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
    ) -> None:
        super().__init__()
        self.catch_errors = catch_errors
        self._errors = 0
        self.fatal = ""
        self.table = table
        self.hotseat = hotseat
        self.config = config or TuiConfig()
        self.always_ask = self.config.always_ask
        self.threaded = threaded
        first = table.pending()
        humans = table.humans or [0]
        self.viewer = first.player if hotseat and first is not None else humans[0]
        self.busy = False
        self.too_small = False
        self._prompted = -1  # table version a prompt was opened (or auto-handled) for
        self._over_shown = False
        self.game_screen = GameScreen()

    # -- helpers ---------------------------------------------------------------------------

    @property
    def table_version(self) -> int:
        return len(self.table.game.records)

    def label(self, player: int) -> str:
        if self.hotseat:
            return self.table.names[player]
        return "You" if self.table.is_human(player) else "CPU"

    def card_name(self, cid: str) -> str:
        d = self.table.defs.get(cid)
        return d.name if d is not None else cid

    def namer(self, text: str) -> str:
        return humanize(text, self.card_name)

    def key_for(self, binding_id: str, default: str) -> str:
        return self.config.keymap.get(binding_id, default)

    def can_undo(self) -> bool:
        return not self.hotseat and not self.busy and self.table.can_undo(self.viewer)

    # -- lifecycle ---------------------------------------------------------------------------

    def on_mount(self) -> None:
        if self.config.keymap:
            self.set_keymap(self.config.keymap)
        for problem in self.config.problems:
            self.notify(problem, severity="warning", timeout=8)
        self.push_screen(self.game_screen)
        self._check_size(self.size.width, self.size.height)
        self.call_after_refresh(self.advance)

    def on_resize(self, event: Any) -> None:
        self._check_size(event.size.width, event.size.height)

    def _check_size(self, width: int, height: int) -> None:
        small = width < MIN_SIZE[0] or height < MIN_SIZE[1]
        if small and not self.too_small:
            self.too_small = True
            self.push_screen(TooSmallScreen(MIN_SIZE))
        elif small and isinstance(self.screen, TooSmallScreen):
            self.screen.show_size(width, height)
        elif not small and self.too_small:
            self.too_small = False
            if isinstance(self.screen, TooSmallScreen):
                self.pop_screen()
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
        for text in texts:
            try:
                self.table.act(self.viewer, text)
            except IllegalAction as exc:
                self.notify(str(exc), severity="warning")
                break
            except Exception as exc:  # noqa: BLE001 - one-line notice, the game goes on
                self.notify(f"error: {type(exc).__name__}: {exc}"[:200], severity="error")
                break
        self.advance()

    def advance(self) -> None:
        """Redraw, then bring the game to the next point where this keyboard decides."""
        if self.busy or not self.game_screen.is_mounted:
            return
        for _ in range(10_000):  # automatic passes, bounded
            decision = self.table.pending()
            if decision is None or not self.table.is_human(decision.player):
                break
            if not self._auto_pass(decision):
                break
        self.game_screen.refresh_board()
        if self.too_small:
            return
        if self.table.over:
            self._show_game_over()
            return
        if decision is None:
            return
        if not self.table.is_human(decision.player):
            self._start_computer()
            return
        if decision.player != self.viewer:
            if self.hotseat:
                self._hand_over(decision.player)
            return
        self.open_prompt()

    def _auto_pass(self, d: Decision) -> bool:
        """Pass for a player whose only legal choice is to pass, outside their own Main Phase."""
        if self.always_ask or d.texts != ["pass"]:
            return False
        vars_ = self.table.view_for(d.player)["vars"]
        if d.kind == "priority":
            own_main = vars_.get("phase") == "main" and vars_.get("ap") == d.player
            if own_main:
                return False
            if vars_.get("phase") == "approach" and vars_.get("step") not in AUTO_PASS_STEPS:
                return False
        elif d.kind != "respond":
            return False
        self.table.act(d.player, "pass", auto=True)
        return True

    def _hand_over(self, player: int) -> None:
        if isinstance(self.screen, PassKeyboardScreen):
            return

        def ready() -> None:
            self.viewer = player
            self.game_screen.refresh_board()

        self._close_prompts()
        self.push_screen(PassKeyboardScreen(self.label(player), ready),
                         callback=lambda _: self.advance())

    # -- the computer -------------------------------------------------------------------------

    def _start_computer(self) -> None:
        self.busy = True
        self.game_screen.refresh_board()
        if not self.threaded:
            error = self._run_computer()
            self._computer_done(error)
            return
        self.run_worker(self._computer_thread, thread=True, group="computer",
                        exit_on_error=False)

    def _run_computer(self) -> str | None:
        try:
            self.table.run_computer()
        except Exception as exc:  # noqa: BLE001 - reported as one line
            return f"computer player failed: {type(exc).__name__}: {exc}"
        return None

    def _computer_thread(self) -> None:
        error = self._run_computer()
        # Not call_from_thread: that would wait here while the UI maybe starts the next run.
        self.call_later(self._computer_done, error)

    def _computer_done(self, error: str | None) -> None:
        self.busy = False
        while self.table.problems:
            self.notify(self.table.problems.pop(0)[:200], severity="warning", timeout=8)
        if error:
            self.notify(error[:200], severity="error", timeout=10)
            self.game_screen.refresh_board()
            return
        self.advance()

    # -- prompts --------------------------------------------------------------------------------

    def _close_prompts(self) -> None:
        from pmtui.tui.screens.prompts import PromptScreen

        while isinstance(self.screen, PromptScreen | BrowseScreen):
            self.pop_screen()

    def open_prompt(self, force: bool = False) -> None:
        """Open the prompt the viewer's pending decision needs (once per decision)."""
        d = self.table.decision_for(self.viewer)
        if d is None or d.kind in BOARD_KINDS:
            return
        version = self.table_version
        if version == self._prompted and not force:
            return
        self._prompted = version
        self._close_prompts()
        screen = self.game_screen
        if d.kind == "pay":
            cards = screen.cards_by_uid
            me = self.viewer
            points = {int(c["uid"]) for c in screen.zone(me, "points") if not c.get("down")}
            uid = d.info.get("card")
            title = f"{d.prompt}" if uid is None else f"{d.prompt} ({self._card_summary(uid)})"
            self.push_screen(
                PayScreen(d, cards, self.table.defs,
                          lambda texts: self.table.preview(me, texts), title, points),
                callback=self._prompt_done,
            )
        elif d.kind == "respond":
            self.push_screen(
                RespondScreen(self._respond_title(), d.texts, self.namer,
                              body="You may respond with a [Decline] card or pass.",
                              detail=self._option_detail),
                callback=self._prompt_done,
            )
        else:
            self.push_screen(
                ChoiceScreen(d.prompt or d.kind, d.texts, self.namer, detail=self._option_detail),
                callback=self._prompt_done,
            )

    def _card_summary(self, uid: Any) -> str:
        c = self.game_screen.cards_by_uid.get(int(uid))
        d = self.table.defs.get(str(c.get("cid"))) if c else None
        return f"{d.colour}, {d.series}" if d else "a card"

    def _respond_title(self) -> str:
        chain = self.game_screen.pview["vars"].get("chain") or []
        if not chain:
            return "Respond?"
        top = chain[-1]
        who = self.label(int(top.get("by", 0)))
        name = self.game_screen.name_of(top.get("card"))
        return f"{who} plays {name} ({top.get('kind')}). Respond?"

    def _option_detail(self, text: str) -> Text | None:
        m = REF.search(text)
        if m is None:
            return None
        c = self.game_screen.cards_by_uid.get(int(m.group(2)))
        if c is None:
            return None
        d = self.table.defs.get(str(c.get("cid")))
        return detail_text(c, d, self.game_screen.pview["vars"].get("turn"), [])

    def _prompt_done(self, texts: list[str] | None) -> None:
        if texts:
            self.submit_many(texts)
        else:
            self.game_screen.refresh_board()

    def choose_from(self, title: str, options: Sequence[str]) -> None:
        """A small menu of some of the legal options (e.g. where to summon)."""
        self.push_screen(
            ChoiceScreen(title, options, self.namer, detail=self._option_detail),
            callback=self._prompt_done,
        )

    def browse(self, title: str, cards: Sequence[Mapping[str, Any]], turn: int | None) -> None:
        self.push_screen(BrowseScreen(title, cards, self.table.defs, turn))

    def show_help(self) -> None:
        self.push_screen(HelpScreen(self.key_for))

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
        self._close_prompts()
        self.push_screen(GameOverScreen(headline, str(over.get("reason", ""))))

    # -- undo and the palette --------------------------------------------------------------------

    def undo(self) -> None:
        if not self.can_undo():
            return
        try:
            text = self.table.undo_to_my_last(self.viewer)
        except Exception as exc:  # noqa: BLE001
            self.notify(f"cannot undo: {exc}", severity="warning")
            return
        self._prompted = -1
        self._over_shown = False
        self.notify(f"took back: {text}", timeout=4)
        self.advance()

    def legal_actions(self) -> list[tuple[str, str]]:
        if self.busy:
            return []
        d = self.table.decision_for(self.viewer)
        if d is None:
            return []
        return [(t, self.namer(t)) for t in d.texts]

    def palette_act(self, text: str) -> None:
        self._close_prompts()
        self._prompted = self.table_version  # this decision is being answered now
        self.submit(text)
