"""`pmtui sandbox [SCENARIO]`: set up a position by keyboard, play from it, ask why not, save.

`SandboxApp` is the game app (`PmApp`) around a `Sandbox` (model.py): both
seats are the keyboard's, every decision is asked, and the editing keys of
`SandboxScreen` change the position through the model, which checks it and
starts a new game from it. Every bad input is a one-line notice.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

from rich.text import Text
from textual.command import DiscoveryHit, Hit, Hits, Provider

from pmtui.engine.decision import Decision
from pmtui.engine.notation import ref
from pmtui.engine.ruleset import Moment, Pick, Place, Ruleset
from pmtui.table.sandbox import PLAYERS, EditError, Sandbox, who
from pmtui.tui.app import PmApp
from pmtui.tui.keys import TuiConfig
from pmtui.tui.screens.info import GameOverScreen

from .prompts import (
    CardSearchScreen,
    MenuScreen,
    SandboxHelpScreen,
    SaveScreen,
    WhyScreen,
    card_label,
)
from .screen import SandboxScreen

HERE = Path(__file__).parent
TUI = HERE.parent

class SandboxActions(Provider):
    """Command palette: the sandbox's commands and every card of the pool ('add NAME')."""

    @property
    def sb(self) -> SandboxApp:
        return self.app  # type: ignore[return-value]

    def _commands(self) -> list[tuple[str, Callable[[], None], str]]:
        sb = self.sb
        return [
            ("Sandbox: add a card", sb.start_add, "search the card pool (a)"),
            ("Sandbox: why not?", lambda: sb.ask_why(sb.sandbox_screen._uid()),
             "ask the rules about an action (w)"),
            ("Sandbox: set phase / step / priority / turn", sb.choose_moment, "(P)"),
            ("Sandbox: save as scenario", sb.save_as, "TOML for pmtui check (ctrl+s)"),
            ("Sandbox: undo", sb.undo, "the last edit or play (u)"),
        ]

    async def discover(self) -> Hits:
        for text, run, help_ in self._commands():
            yield DiscoveryHit(text, run, help=help_)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for text, run, help_ in self._commands():
            score = matcher.match(text)
            if score > 0:
                yield Hit(score, matcher.highlight(text), run, help=help_)
        words = query.split()
        if words and words[0].lower() == "add":
            words = words[1:]
        if not words:
            return
        pool = self.sb.model.card_search
        try:
            found = pool.search(" ".join(words))[:40]
        except ValueError:  # a filter still being typed: no card hits yet
            return
        for d in found:
            text = f"add {d.name} ({d.id})"
            score = max(matcher.match(text), 0.5)
            yield Hit(score, matcher.highlight(text), partial(self.sb.start_add, d.id),
                      help=pool.rs.card_info(d.id).line)


class SandboxApp(PmApp):
    CSS_PATH = [TUI / "pmtui.tcss", HERE / "sandbox.tcss"]
    TITLE = "pmtui sandbox"
    COMMANDS = PmApp.COMMANDS | {SandboxActions}

    def __init__(
        self,
        model: Sandbox,
        *,
        config: TuiConfig | None = None,
        threaded: bool = False,
        catch_errors: bool = False,
        notes: Sequence[str] = (),
        save_default: str | None = None,
    ) -> None:
        super().__init__(model.table, hotseat=False, config=config or TuiConfig(),
                         threaded=threaded, catch_errors=catch_errors, notices=notes)
        self.model = model
        self.always_ask = True  # both seats are yours: every decision is asked
        self.sandbox_screen = SandboxScreen(self.spec)
        self.game_screen = self.sandbox_screen
        self.saved_epoch = 0
        self._saved_at: tuple[int, int] = (model.epoch, len(model.game.records))
        self._quit_armed = False
        self.save_default = save_default or "position.toml"
        self.last_report = ""  # the last notice an edit gave (tests read it)

    # -- the table ---------------------------------------------------------------------

    @property
    def table_version(self) -> int:
        return self.model.epoch * 10_000_000 + len(self.table.game.records)

    @property
    def dirty(self) -> bool:
        return self._saved_at != (self.model.epoch, len(self.table.game.records))

    def label(self, player: int) -> str:
        return who(player)

    def can_undo(self) -> bool:
        return not self.busy and bool(self.model.history)

    def table_commands(self) -> list[tuple[str, str, Callable[[], None]]]:
        return [("undo", "Undo: the last edit or play", self.undo)] if self.can_undo() else []

    def _pass_stands(self, d: Decision) -> bool:
        """Here the rules' own order of passes is what is being checked: a question asked
        again is asked, unless "always ask" is turned off (shift+a)."""
        return not self.always_ask and super()._pass_stands(d)

    def advance(self) -> None:
        """Redraw and open the prompt the pending decision needs, whoever's it is."""
        if not self.game_screen.is_mounted:
            return
        for _ in range(10_000):
            d = self.table.pending()
            if d is None or not self._auto_pass(d):
                break
        d = self.table.pending()
        if d is not None:
            self.viewer = d.player
        self.game_screen.refresh_board()
        if self.too_small:
            return
        if self.table.over:
            self._show_game_over()
            return
        if d is not None:
            self.open_prompt()

    def submit_many(self, texts: Sequence[str]) -> None:
        before = self.model.mark()
        positions = self.model.positions
        was = self._moment()
        line = positions.moment_line(self.model.state)
        super().submit_many(texts)
        if self.model.played(before):
            self._quit_armed = False
            self.game_screen.refresh_board()
            if self._moment() != was:  # a pass may carry the game past the moment set up
                self.say(f"the game moved on: now {positions.moment_line(self.model.state)} "
                         f"(was {line})")

    def _moment(self) -> tuple[object, ...]:
        """The turn, phase and step now (the ruleset's `moment`): what a play moving
        the game on changes."""
        m = self.model.positions.moment(self.model.state)
        return tuple(m.get(k) for k in ("turn", "phase", "step"))

    def _show_game_over(self) -> None:
        if self._over_shown:
            return
        self._over_shown = True
        over = self.table.over or {}
        w = over.get("winner")
        headline = "Draw." if w is None else f"{who(w)} won."
        self._close_prompts()
        self.push_screen(GameOverScreen(headline, f"{over.get('reason', '')}\n"
                                        "escape: back to the sandbox (u undoes, edits go on)"))

    def show_help(self) -> None:
        self.push_screen(SandboxHelpScreen(self.sandbox_screen, self.spec))

    def undo(self) -> None:
        try:
            what = self.model.undo()
        except EditError as exc:
            self.say(str(exc), warn=True)
            return
        self._changed(None, f"undone: {what}")

    # -- helpers -----------------------------------------------------------------------

    def say(self, text: str, *, warn: bool = False) -> None:
        """One line about what an edit did (or why it did not): the last one replaces the
        others, so a run of edits does not bury the board under notices."""
        self.last_report = text
        self.clear_notifications()
        self.notify(text[:300], severity="warning" if warn else "information",
                    timeout=6 if warn else 3)

    def _changed(self, uid: int | None, report: str) -> None:
        self._prompted = -1
        self._over_shown = False
        self._quit_armed = False
        self._close_prompts()
        while isinstance(self.screen, GameOverScreen):
            self.pop_screen()
        self.advance()
        self.sandbox_screen.focus_uid(uid)
        self.say(report)

    def _edit(self, make: Callable[[], tuple[int | None, str]]) -> None:
        try:
            uid, report = make()
        except EditError as exc:
            self.say(str(exc), warn=True)
            return
        self._changed(uid, report)

    def _editable(self) -> bool:
        why = self.model.can_edit()
        if why:
            self.say(why, warn=True)
            return False
        return True

    def _names(self, uid: int) -> str:
        c = self.model.state.cards[uid]
        d = self.model.defs.get(c.cid)
        return d.name if d is not None else c.cid

    # -- add, remove, move --------------------------------------------------------------

    def start_add(self, cid: str | None = None) -> None:
        if not self._editable():
            return
        if cid is not None:
            self._where_add(cid)
            return
        self.push_screen(CardSearchScreen("Add a card: search the pool", self.model.card_search,
                                          self.spec),
                         callback=lambda chosen: chosen and self._where_add(chosen))

    def _where_add(self, cid: str) -> None:
        p, zone = self.sandbox_screen.focused_zone()
        places = self._places(cid, None, p)
        options: list[tuple[str | Text, str]] = [(pl.label, pl.key) for pl in places]
        initial = next((i for i, pl in enumerate(places) if pl.key == f"{p}:{zone}"), 0)
        d = self.model.defs[cid]
        chosen = {pl.key: pl for pl in places}
        self.push_screen(MenuScreen(f"Add {d.name} ({cid}) where?", options, initial=initial),
                         callback=lambda v: v and self._edit(partial(self._add, cid, chosen[v])))

    def _add(self, cid: str, place: Place) -> tuple[int | None, str]:
        uid = self.model.add(cid, place.player, place.zone, **place.where)
        where = self.model._dest(place.player, place.zone, {})
        return uid, f"added {self.model.card_name(uid)} to {where}"

    def _places(self, cid: str, moving: int | None, first: int = 0) -> list[Place]:
        """Where a card may be put, as the ruleset offers it: `first`'s side, then the
        other's."""
        st = self.model.state
        return [pl for p in (first, 1 - first)
                for pl in self.model.positions.places(st, cid, p, moving)]

    def pick_card(self, uid: int | None, zone: tuple[int, str], then: Callable[[int], None],
                  title: str, *, with_dependants: bool = True) -> None:
        """The focused card (or, with supports/stack on it, which of them); on a zone bar,
        a menu of that zone's cards."""
        if not self._editable():
            return
        st = self.model.state
        if uid is not None:
            riders = self.model.positions.riders(st, uid) if with_dependants else []
            if not riders:
                then(uid)
                return
            options: list[tuple[str | Text, str]] = [(f"{self._names(uid)} (itself)", str(uid))]
            for u, what in riders:
                options.append((f"{self._names(u)} ({what})", str(u)))
            self.push_screen(MenuScreen(title, options),
                             callback=lambda v: v is not None and then(int(v)))
            return
        p, name = zone
        uids = list(st.zones.get(f"{p}/{name}", ()))
        if not uids:
            self.say(f"{who(p)}'s {self.spec.layout.title(name)} is empty", warn=True)
            return
        options = []
        for i, u in enumerate(uids):
            label = card_label(self.spec, st.cards[u].cid, 20)
            if st.cards[u].f.get("down"):
                label.append("  face down", style="italic")
            if name == "deck":
                label.append(f"  #{i + 1} from the top", style="dim")
            options.append((label, str(u)))
        self.push_screen(MenuScreen(f"{title} ({who(p)}'s {self.spec.layout.title(name)})",
                                    options),
                         callback=lambda v: v is not None and then(int(v)))

    def remove_card(self, uid: int) -> None:
        self._edit(lambda: (None, self.model.remove(uid)))

    def move_card(self, uid: int) -> None:
        cid = self.model.state.cards[uid].cid
        places = self._places(cid, uid, self.model.where(uid)[0])
        options: list[tuple[str | Text, str]] = [(pl.label, pl.key) for pl in places]
        chosen = {pl.key: pl for pl in places}
        self.push_screen(MenuScreen(f"Move {self.model.card_name(uid)} where?", options),
                         callback=lambda v: v and self._edit(partial(self._move, uid, chosen[v])))

    def _move(self, uid: int, place: Place) -> tuple[int | None, str]:
        return self.model.move(uid, place.player, place.zone, **place.where)

    def face_card(self, uid: int) -> None:
        self._edit(lambda: self.model.toggle_down(uid))

    def card_edit(self, method: str, uid: int | None, *args: Any) -> None:
        if uid is None:
            self.say("focus a card in play first", warn=True)
            return
        if not self._editable():
            return
        self._edit(lambda: getattr(self.model, method)(uid, *args))

    # -- the moment --------------------------------------------------------------------

    def choose_moment(self) -> None:
        if not self._editable():
            return
        v = self.model.state.vars
        turn = int(v.get("turn") or 1)
        moments = self.model.positions.moments(self.model.state)
        options: list[tuple[str | Text, str]] = [(m.label, m.key) for m in moments]
        options.append((f"Next turn: turn {turn + 1}", "turn:+1"))
        if turn > 1:
            options.append((f"Previous turn: turn {turn - 1}", "turn:-1"))
        options.append(("Swap who went first", "first:swap"))
        initial = next((i for i, m in enumerate(moments) if m.current), 0)
        chosen = {m.key: m for m in moments}
        self.push_screen(MenuScreen(f"Turn {turn}: set the moment", options, initial=initial),
                         callback=lambda value: self._moment_chosen(value, chosen))

    def _moment_chosen(self, value: str | None, moments: dict[str, Moment]) -> None:
        if not value:
            return
        m = self.model
        if value.startswith("turn:"):
            turn = int(m.state.vars.get("turn") or 1) + int(value[5:])
            self._edit(lambda: (None, m.set_turn(turn)))
            return
        if value == "first:swap":
            turn = int(m.state.vars.get("turn") or 1)
            self._edit(lambda: (None, m.set_turn(turn, swap_first=True)))
            return
        self._ask_picks(moments[value], list(moments[value].picks), dict(moments[value].moment))

    def _ask_picks(self, moment: Moment, picks: list[Pick], kw: dict[str, Any]) -> None:
        """The cards the moment needs, one menu each, then the moment is set."""
        if not picks:
            self._edit(lambda: (None, self.model.set_moment(moment.label, **kw)))
            return
        pick, rest = picks[0], picks[1:]
        turn = int(self.model.state.vars.get("ap") or 0)
        seat = turn if pick.seat == "turn" else 1 - turn
        self._pick_card_in(seat, pick, lambda u: self._ask_picks(
            moment, rest, {**kw, pick.key: u}))

    def _pick_card_in(self, p: int, pick: Pick, then: Callable[[int | None], None]) -> None:
        st = self.model.state
        uids = list(st.zones.get(f"{p}/{pick.zone}", ()))
        if not uids and not pick.optional:
            self.say(f"{who(p)}: {pick.missing or 'no card for that moment'}", warn=True)
            return
        options: list[tuple[str | Text, str]] = [
            (card_label(self.spec, st.cards[u].cid, 20), str(u)) for u in uids]
        if pick.optional:
            options.append(("none", "-"))
        if len(options) == 1:
            value = options[0][1]
            then(None if value == "-" else int(value))
            return
        where = self.spec.layout.title(pick.zone)
        self.push_screen(MenuScreen(f"{pick.title} ({who(p)}'s {where})", options),
                         callback=lambda v: v and then(None if v == "-" else int(v)))

    # -- why not? -----------------------------------------------------------------------

    def ask_why(self, uid: int | None) -> None:
        st = self.model.state
        d = self.table.pending()
        texts = suggestions(self.model, uid)
        verdicts = []
        for text in texts:
            try:
                verdicts.append((text, self.model.why(text, record=False)))
            except EditError:
                continue
        moment = "the game is over" if d is None else \
            f"{who(d.player)} to act: {d.prompt or d.kind}"
        title = f"Why not? ({moment}, turn {st.vars.get('turn')})"
        initial = texts[0] if texts and uid is not None else ""
        example = next((t for t in texts if "@" in t), texts[0] if texts else "")
        self.push_screen(WhyScreen(title, verdicts, self._why, initial=initial,
                                   example=example))

    def _why(self, text: str) -> str | None:
        reason = self.model.why(text)
        self.last_report = "legal" if reason is None else reason
        self.sandbox_screen.refresh_bindings()
        return reason

    # -- save and quit -------------------------------------------------------------------

    def save_as(self) -> None:
        why = self.model.can_edit()
        if why:
            self.say(f"cannot save now: {why}", warn=True)
            return
        self.push_screen(SaveScreen(self.save_default, self._save,
                                    lambda p: Path(p).expanduser().exists()),
                         callback=lambda report: report and self._saved(report))

    def _save(self, path: str) -> str:
        report = self.model.save(path)
        self.save_default = path
        return report

    def _saved(self, report: str) -> None:
        self._saved_at = (self.model.epoch, len(self.table.game.records))
        self._quit_armed = False
        self.game_screen.refresh_board()
        self.say(report)

    def quit_sandbox(self) -> None:
        if self.dirty and self.model.history and not self._quit_armed:
            self._quit_armed = True
            self.say("the position is not saved: ctrl+s saves it, q again leaves", warn=True)
            return
        self.exit(0)


def suggestions(model: Sandbox, uid: int | None) -> list[str]:
    """Actions worth asking about for a card (or in general): first the card's own
    verbs (the ruleset's suggestions that start with the card), then the legal
    options naming it, the ruleset's other suggestions, the other legal options, and
    last every verb of the game not asked about yet (`_every_verb`)."""
    st = model.state
    d = model.game.pending()
    legal = list(d.texts) if d is not None else []
    out: list[str] = []
    suggested = model.positions.suggestions(st, uid)
    if uid is not None and 0 <= uid < len(st.cards):
        r = ref(st, uid)
        out += [t for t in suggested if t.split()[1:2] == [r]]  # its own verbs
        out += [t for t in legal if r in t.split()]
    general = [t for t in suggested if "@" not in t]
    out += [t for t in suggested if "@" in t]
    out += [t for t in legal if t not in out]
    out += general
    out += _every_verb(model, uid, {t.split()[0] for t in out if t})
    seen: set[str] = set()
    return [t for t in out if not (t in seen or seen.add(t))]


def _every_verb(model: Sandbox, uid: int | None, asked: set[str]) -> list[str]:
    """One line for each verb of the game's notation not in `asked`: as the ruleset
    suggests it for some card on the table (an approach by a chara in an Area), else
    written out with the focused card or the first card outside the decks."""
    st, notation = model.state, model.rs.notation
    missing = [v for v in notation.verbs if v not in asked]
    if not missing:
        return []
    out: list[str] = []
    shown = [u for key, uids in st.zones.items() if not key.endswith("/deck") for u in uids]
    for u in shown:
        for text in model.positions.suggestions(st, u):
            verb = text.split()[0] if text else ""
            if verb in missing and text.split()[1:2] == [ref(st, u)]:
                out.append(text)
                missing.remove(verb)
    cards = [ref(st, u) for u in ([uid] if uid is not None else []) + shown[:1]]
    out += [t for v in missing if (t := notation.written_out(v, cards)) is not None]
    return out


def _game(args: argparse.Namespace) -> Ruleset:
    """The ruleset `--game` names (the default game without one)."""
    from pmtui.table.games import ruleset

    game = getattr(args, "game", None)
    return ruleset(game) if game else ruleset()


def run_sandbox(args: argparse.Namespace) -> int:
    """`pmtui sandbox [SCENARIO]`."""
    from pmtui.table.games import SetupError
    from pmtui.table.scenarios import ScenarioError
    from pmtui.tui.keys import default_config_path, load_config

    path = getattr(args, "scenario", None)
    notes: list[str] = []
    try:
        cards = tuple(getattr(args, "cards", None) or ())
        if path is not None:
            if cards:
                raise EditError("--cards: a scenario file names its own card files "
                                "(card_files = [...])")
            model, notes = Sandbox.from_scenario(path)
            default = str(Path(path).with_name(Path(path).stem + "-sandbox.toml"))
        else:
            rs = _game(args)
            if cards:
                try:
                    rs = rs.with_card_files(cards)
                except (OSError, ValueError) as exc:
                    raise EditError(f"--cards: {exc}") from None
            model = Sandbox.from_doc(rs=rs, card_files=cards)
            default = "position.toml"
    except (ScenarioError, EditError, SetupError) as exc:
        print(f"pmtui: {exc}", file=sys.stderr)
        return 2
    config = load_config(default_config_path())
    app = SandboxApp(model, config=config, threaded=False, catch_errors=True, notes=notes,
                     save_default=default)
    code = app.run()
    if app.fatal:
        return 1
    return int(code or 0)


__all__ = ["PLAYERS", "SandboxApp", "run_sandbox", "suggestions"]
