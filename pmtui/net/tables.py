"""The server's tables, and what one session may see and do at one of them.

A `ServerTable` is the authority for one game: the `Game` (inside a `LocalTable`,
which brings the lock, the redacted log and undo), its save journal in the data
directory, and two seats, each a person (an SSH user name *and* the key they
signed in with) or a computer player. The `Registry` is the lobby's list of
tables: create, join, play against the computer, and bring the tables back from
their journals when the server starts again.

A session never touches a `ServerTable` directly: it gets a `SeatTable`, which
offers the interface of `pmtui.table.session.LocalTable` that the TUI uses, for one
seat (or for a spectator), and only ever hands out that seat's view, its own
pending decision, the redacted log and, for anyone else's decision, who is
deciding and nothing more. Every decision is checked against the session's seat
before the engine sees it.

Threads: everything runs on the server's event loop except the computer players,
which think in a worker thread on a copy of their view (the table lock is held
only to read the view and to apply the choice, never while thinking, so a slow
computer cannot stall the event loop). Listeners are always called on the loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import logging
import re
import time
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pmtui.engine import bounded
from pmtui.engine.context import KEYED_RNG, LEGACY_RNG, new_secret_seed
from pmtui.engine.decision import Decision, IllegalAction
from pmtui.engine.journal import JournalWriter, SaveError, read_journal
from pmtui.engine.ruleset import DeckList, Ruleset
from pmtui.engine.screen import ScreenSpec
from pmtui.engine.views import view
from pmtui.table.files import write_atomically
from pmtui.table.games import SetupError, ruleset
from pmtui.table.registry import DEFAULT_RULESET
from pmtui.table.session import HUMAN, LocalTable, LogLine, Seat, computer_player, computer_seed

if TYPE_CHECKING:
    from pmtui.table.decks import DeckStore

log = logging.getLogger("pmtui.net")

COMPUTER = "Computer"
DEFAULT_LEVEL = "normal"
MAX_TABLES = 200  # a bound on what one server keeps in memory
# Finished tables the lobby still lists (their result only: the game itself is released
# when its sessions leave, so memory does not grow with games played).
FINISHED_LISTED = 20
# What one key may hold, so that one key cannot take the server for itself (issue 18):
# with at most 4 names a key (net/names.py), a key opens at most this many tables.
MAX_WAITING_PER_KEY = 2  # tables waiting for a second player
MAX_COMPUTER_PER_KEY = 3  # unfinished tables against the computer
ACTIONS_PER_MINUTE = 20  # table actions (create, join, play the computer, close)
WAITING_TTL = 3600.0  # seconds a table may wait for a second player before it is closed
WAITING_FORMAT = "pmtui-waiting-table/1"
_NAME_OK = re.compile(r"^[A-Za-z0-9_.-]{1,32}$")
PLAYERS_DIR = "players"  # <data dir>/players/<name>/decks/<game>/: each player's own decks
OWN = "own:"  # a deck choice naming the player's own deck


class TableError(ValueError):
    """A lobby request that cannot be done (one line for the player)."""


@dataclass(frozen=True, slots=True)
class User:
    """Who is at the keyboard: the SSH user name and the fingerprint of the key used."""

    name: str
    key: str = ""


def _rules(game: str) -> Ruleset:
    """The installed ruleset `game` (TableError, one line, when it is not)."""
    try:
        return ruleset(game)
    except SetupError as exc:
        raise TableError(str(exc)) from None


def valid_name(name: str) -> bool:
    """Player names are SSH user names: letters, digits, `_ . -`, at most 32."""
    return bool(_NAME_OK.match(name))


@dataclass(slots=True)
class SeatInfo:
    name: str
    key: str = ""  # the fingerprint of the key that took the seat ("" for a computer)
    kind: str = HUMAN  # "human", or the computer player's kind
    deck: str = ""  # the deck's name, for the lobby

    @property
    def human(self) -> bool:
        return self.kind == HUMAN

    def belongs_to(self, user: User) -> bool:
        return self.human and self.name == user.name and self.key == user.key


class ServerTable:
    """One table on the server: seats, and once both are taken, the game and its journal."""

    def __init__(self, registry: Registry, tid: int, name: str, level: str = DEFAULT_LEVEL,
                 game: str = DEFAULT_RULESET, options: Mapping[str, str] | None = None):
        self.registry = registry
        self.id = tid
        self.name = name
        self.level = level
        self.game = game  # the ruleset id: what is played at this table
        self.options = dict(options or {})  # the game's header options its creator chose
        self.seats: list[SeatInfo | None] = [None, None]
        self.decks: list[DeckList | None] = [None, None]
        self.local: LocalTable | None = None
        self.writer: JournalWriter | None = None
        self.path: Path | None = None
        self.present = [0, 0]  # sessions at each seat now
        self.spectators = 0
        self.listeners: set[Callable[[], None]] = set()
        self.computer_running = False
        self.error = ""  # why the table stopped (a save that failed)
        self.created = registry.clock()  # when it began to wait (a waiting table expires)
        self.visited = False  # a session has sat or watched here (see release_if_done)
        self.result: str | None = None  # a released finished game: its result, for the lobby

    # -- reading ------------------------------------------------------------------------

    @property
    def state(self) -> str:
        if self.result is not None:
            return "over"
        if self.error:
            return "stopped"
        if self.local is None:
            return "waiting"
        return "over" if self.local.over else "playing"

    @property
    def vs_computer(self) -> bool:
        return any(s is not None and not s.human for s in self.seats)

    def names(self) -> list[str]:
        return [s.name if s is not None else "—" for s in self.seats]

    def seat_of(self, user: User) -> int | None:
        for i, s in enumerate(self.seats):
            if s is not None and s.belongs_to(user):
                return i
        return None

    def open_seat(self) -> int | None:
        if self.state != "waiting":
            return None
        return next((i for i, s in enumerate(self.seats) if s is None), None)

    def deck_waiting(self) -> DeckList | None:
        """The deck of the player waiting at this table (a joiner's must be of its format)."""
        return next((d for d in self.decks if d is not None), None)

    def away(self, seat: int) -> bool:
        s = self.seats[seat]
        return s is not None and s.human and self.present[seat] == 0

    def _game_note(self) -> str:
        """The game's name when it is not the default one (the lobby names every other),
        and the options chosen, so that whoever joins knows what they join."""
        words = [f"{k} {v}" for k, v in self.options.items()]
        if self.game != DEFAULT_RULESET:
            try:
                words.insert(0, ruleset(self.game).name)
            except SetupError:
                words.insert(0, self.game)
        return f" ({', '.join(words)})" if words else ""

    def describe(self) -> str:
        """The table's state in a few public words, for the lobby."""
        if self.result is not None:
            return self.result
        st = self.state
        if st == "stopped":
            return f"stopped: {self.error}"[:60]
        if st == "waiting":
            return f"waiting for a player{self._game_note()}"
        assert self.local is not None
        over = self.local.over
        if over:
            w = over.get("winner")
            return "over: draw" if w is None else f"over: {self.names()[w]} won"
        # whose turn it is, as a spectator's view has it, never whose decision is
        # pending: that may be a question only a hidden card raises (docs/ssh.md)
        public = self.local.vars_for(None)
        turn, ap = public.get("turn"), public.get("ap")
        if not turn:
            text = "setting up"
        elif isinstance(ap, int) and ap in (0, 1):
            text = f"turn {turn} · {self.names()[ap]}'s turn"
        else:
            text = f"turn {turn}"
        away = [self.names()[i] for i in (0, 1) if self.away(i)]
        if away:
            text += " · " + ", ".join(away) + " away"
        return text

    # -- listeners ------------------------------------------------------------------------

    def subscribe(self, callback: Callable[[], None]) -> None:
        self.listeners.add(callback)

    def unsubscribe(self, callback: Callable[[], None]) -> None:
        self.listeners.discard(callback)

    def changed(self) -> None:
        """Tell every session at this table (and the lobbies) that something moved."""
        for cb in list(self.listeners):
            self.registry.call_soon(cb)
        self.registry.changed()

    def attach(self, seat: int | None) -> None:
        if seat is None:
            self.spectators += 1
        else:
            self.present[seat] += 1
        self.visited = True
        self.changed()

    def detach(self, seat: int | None) -> None:
        if seat is None:
            self.spectators = max(0, self.spectators - 1)
        else:
            self.present[seat] = max(0, self.present[seat] - 1)
        self.changed()
        self.release_if_done()

    # -- acting ---------------------------------------------------------------------------

    def _require_game(self) -> LocalTable:
        if self.local is None:
            raise IllegalAction("the game has not started")
        if self.error:
            raise IllegalAction(f"the table is stopped: {self.error}")
        return self.local

    def act(self, seat: int, text: str, *, auto: bool = False) -> None:
        """`seat`'s decision (IllegalAction unless it is theirs and legal now)."""
        local = self._require_game()
        if not isinstance(text, str) or len(text) > 200:
            raise IllegalAction("not a legal choice now")
        try:
            local.act(seat, text, auto=auto)
        except SaveError as exc:
            self._stop(str(exc))
            raise
        self.changed()
        self.kick_computer()

    def can_undo(self, seat: int) -> bool:
        # Between two people undo needs the other's consent (pmtui/table/undo.py), which
        # the server does not ask for yet: only against the computer.
        if self.local is None or not self.vs_computer or self.computer_running or self.error:
            return False
        return self.local.can_undo(seat)

    def undo(self, seat: int) -> str:
        if not self.can_undo(seat):
            raise IllegalAction("nothing you may take back now")
        assert self.local is not None
        try:
            text = self.local.undo_to_my_last(seat)
        except SaveError as exc:
            self._stop(str(exc))
            raise
        self.changed()
        return text

    def _stop(self, reason: str) -> None:
        self.error = reason.splitlines()[0][:200] if reason else "error"
        log.error("table %s stopped: %s", self.id, self.error)

    # -- the computer -----------------------------------------------------------------------

    def kick_computer(self) -> None:
        """If a computer seat must decide, let it think in a worker thread."""
        local = self.local
        if local is None or self.computer_running or self.error or local.over:
            return
        d = local.pending()
        if d is None or local.is_human(d.player):
            return
        self.computer_running = True
        self.changed()
        loop = self.registry.loop
        if loop is None:  # no event loop (unit tests): think right here
            self._computer_steps()
            self._computer_done()
            return
        fut = loop.run_in_executor(None, self._computer_steps)
        fut.add_done_callback(lambda _f: self._computer_done())

    def _computer_done(self) -> None:
        self.computer_running = False
        self.changed()
        self.release_if_done()  # it may have ended the game after its player left

    def _computer_steps(self, limit: int = 10_000) -> None:
        """Computer decisions until a person must decide (runs in a worker thread)."""
        local = self.local
        assert local is not None
        for _ in range(limit):
            with local.lock:
                game = local.game
                d = game.pending()
                if d is None or local.is_human(d.player) or self.error:
                    return
                seat = local.seats[d.player]
                seen = view(game.ruleset, game.state, d.player)  # a copy: think without the lock
                version = len(game.records)
            assert not isinstance(seat, str)
            try:
                choice = seat.choose(seen, d)
                if d.find(choice) is None:
                    raise IllegalAction(f"not a legal choice now: {choice!r}")
            except Exception as exc:  # noqa: BLE001 - a broken computer must not stop the game
                choice = next((t for t in d.texts if t != "cancel"), d.texts[0])
                local.problems.append(
                    f"computer player failed ({type(exc).__name__}: {exc}); played {choice}"[:200]
                )
            with local.lock:
                if len(local.game.records) != version:
                    continue  # the game moved (an undo) while it thought: look again
                try:
                    local.game.act(choice, d.player)
                except SaveError as exc:
                    self._stop(str(exc))
                    return
            self.changed()

    def release_if_done(self) -> None:
        """Once a finished game's sessions have all left, keep only its result.

        The game (records, state, undo snapshots) and its open save are what a table
        costs; a finished one is never played again, and its journal on disk keeps
        it whole (`pmtui replay`). Only a table sessions have used is released: the
        server's tests and tools read a game they played without a session.
        """
        if (self.local is None or not self.visited or self.computer_running
                or not self.local.over or any(self.present) or self.spectators):
            return
        self.result = self.describe()
        self.close()
        self.local = None
        self.decks = [None, None]
        self.listeners.clear()
        self.registry.released(self)

    def close(self) -> None:
        if self.writer is not None:
            with contextlib.suppress(Exception):
                self.writer.close()
            self.writer = None


def _hidden_decision(d: Decision) -> Decision:
    """Someone else's decision as a session may know it: whose it is and its kind."""
    return Decision(player=d.player, kind=d.kind, options=())


class SeatTable:
    """One session's side of a table: LocalTable's interface, for one seat or a spectator.

    `seat` is 0 or 1 for a player, None for a spectator. Only views go out: the
    seat's own view (a spectator's and anyone asking about another seat get the
    public one), the seat's own pending decision, the log as the seat may read it.
    There is deliberately no `game` attribute: the state never reaches a session.
    """

    def __init__(self, table: ServerTable, seat: int | None) -> None:
        if table.result is not None:
            raise TableError(f"the game at table {table.id} is over ({table.result})")
        if table.local is None:
            raise TableError("the game has not started")
        self._table = table
        self._local = table.local
        self.seat = seat
        self.problems: list[str] = []

    # -- who is who ----------------------------------------------------------------------

    @property
    def table_id(self) -> int:
        return self._table.id

    @property
    def names(self) -> list[str]:
        return self._table.names()

    @property
    def vs_computer(self) -> bool:
        return self._table.vs_computer

    def is_human(self, player: int) -> bool:
        return self._local.is_human(player)

    @property
    def humans(self) -> list[int]:
        return [self.seat] if self.seat is not None else []

    def away(self, player: int) -> bool:
        return self._table.away(player)

    @property
    def over(self) -> dict[str, Any] | None:
        return self._local.over

    @property
    def defs(self) -> Mapping[str, Any]:
        return self._local.defs

    @property
    def screen(self) -> ScreenSpec:
        return self._local.screen

    @property
    def version(self) -> int:
        return len(self._local.game.records)

    @property
    def computer_running(self) -> bool:
        return self._table.computer_running

    @property
    def error(self) -> str:
        return self._table.error

    def _mine(self, player: int | None) -> int | None:
        """The seat whose information may be shown for a request about `player`."""
        return self.seat if player is not None and player == self.seat else None

    # -- reading ---------------------------------------------------------------------------

    def pending(self) -> Decision | None:
        d = self._local.pending()
        if d is None:
            return None
        return d if d.player == self.seat else _hidden_decision(d)

    def decision_for(self, player: int) -> Decision | None:
        if self.seat is None or player != self.seat:
            return None
        return self._local.decision_for(self.seat)

    def view_for(self, player: int | None) -> dict[str, Any]:
        return self._local.view_for(self._mine(player))

    def log_for(self, player: int | None, names: Sequence[str] | None = None,
                since: int = 0) -> list[LogLine]:
        return self._local.log_for(self._mine(player), names, since)

    # -- acting ----------------------------------------------------------------------------

    def _check_seat(self, player: int) -> int:
        if self.seat is None:
            raise IllegalAction("you are watching this table")
        if player != self.seat:
            raise IllegalAction("that is not your seat")
        return self.seat

    def act(self, player: int, text: str, *, auto: bool = False) -> None:
        self._table.act(self._check_seat(player), text, auto=auto)

    def preview(self, player: int, texts: Sequence[str]) -> Decision | None:
        seat = self._check_seat(player)
        if len(texts) > 100:
            return None
        d = self._local.preview(seat, texts)
        return d if d is not None and d.player == seat else None

    def can_undo(self, player: int) -> bool:
        return self.seat is not None and player == self.seat and self._table.can_undo(self.seat)

    def undo_to_my_last(self, player: int, consent: bool | None = None) -> str:
        # consent: LocalTable's signature; the server offers undo only against the computer
        return self._table.undo(self._check_seat(player))

    def take_problems(self) -> list[str]:
        """Computer-player failures, for the person playing against it."""
        if self.seat is None or not self.vs_computer:
            return []
        out = list(self._local.problems)
        self._local.problems.clear()
        return out

    # -- the computer and listeners ---------------------------------------------------------

    def kick_computer(self) -> None:
        self._table.kick_computer()

    def run_computer(self, *_a: Any, **_k: Any) -> int:  # LocalTable's; the server runs it
        self._table.kick_computer()
        return 0

    def step_computer(self) -> bool:
        self._table.kick_computer()
        return False

    def subscribe(self, callback: Callable[[], None]) -> None:
        self._table.subscribe(callback)

    def unsubscribe(self, callback: Callable[[], None]) -> None:
        self._table.unsubscribe(callback)


# -- the lobby's list of tables ---------------------------------------------------------------


class Registry:
    """Every table of the server, their journals in `<data dir>/tables/`, deck choices."""

    def __init__(self, data_dir: Path, loop: asyncio.AbstractEventLoop | None = None) -> None:
        self.data_dir = Path(data_dir)
        self.tables_dir = self.data_dir / "tables"
        self.decks_dir = self.data_dir / "decks"
        self.loop = loop
        self.tables: dict[int, ServerTable] = {}
        self.listeners: set[Callable[[], None]] = set()
        self._next_id = 1
        self.clock: Callable[[], float] = time.time
        self._actions: dict[str, deque[float]] = {}  # key -> times of its recent table actions

    # -- notifications ------------------------------------------------------------------------

    def call_soon(self, cb: Callable[[], None]) -> None:
        if self.loop is None:
            cb()
            return
        with contextlib.suppress(RuntimeError):  # the loop is closing
            self.loop.call_soon_threadsafe(cb)

    def changed(self) -> None:
        for cb in list(self.listeners):
            self.call_soon(cb)

    def subscribe(self, callback: Callable[[], None]) -> None:
        self.listeners.add(callback)

    def unsubscribe(self, callback: Callable[[], None]) -> None:
        self.listeners.discard(callback)

    # -- decks ---------------------------------------------------------------------------------

    def game_choices(self) -> list[tuple[str, str]]:
        """(label, id) of every installed game that can be played at a table (it has
        starter decks), the default first. The lobby asks when there is more than one."""
        from pmtui.table.registry import installed

        out = []
        for e in sorted(installed(), key=lambda e: (e.id != DEFAULT_RULESET, e.id)):
            try:
                playable = bool(ruleset(e.id).builtin_decks())
            except Exception:  # noqa: BLE001 - a game not ready for tables is left out
                playable = False
            if playable:
                out.append((f"{e.name} ({e.id})", e.id))
        return out

    def option_menus(self, game: str) -> list[tuple[str, list[tuple[str, str]]]]:
        """The game's options a table's creator chooses, one menu each: (title,
        [(label, value)]), the game's default first (value "": the option left unset)."""
        rs = _rules(game)
        return [(f"{name}: {rs.header_options.get(name, '')}",
                 [("the game's default", ""), *((v, v) for v in values)])
                for name, values in rs.option_values.items() if values]

    def check_options(self, game: str, options: Mapping[str, str]) -> dict[str, str]:
        """The options as a table keeps them, each a value its menu offers (TableError)."""
        offered = dict(_rules(game).option_values)
        for name, value in options.items():
            if value not in offered.get(name, ()):
                raise TableError(f"option {name}={value}: not one of the values offered")
        return dict(options)

    def own_decks(self, user: User, game: str = DEFAULT_RULESET) -> DeckStore:
        """`user`'s own decks of `game`, kept under their player name (at most
        MAX_DECKS of MAX_DECK_BYTES each: pmtui.table.decks); nobody else's."""
        from pmtui.table.decks import DeckStore

        if not valid_name(user.name) or user.name in (".", ".."):
            raise TableError("this player name cannot keep decks")
        return DeckStore(_rules(game), self.data_dir / PLAYERS_DIR / user.name / "decks")

    def deck_choices(self, game: str = DEFAULT_RULESET,
                     options: Mapping[str, str] | None = None,
                     like: DeckList | None = None,
                     user: User | None = None) -> list[tuple[str, str]]:
        """(label, spec) of every deck a player may choose for `game`: `user`'s own decks
        first (spec "own:NAME"), then the built-in ones (those that suit the table's
        `options`, a mode's own decks), then the data dir's (decks/ for the default
        game, decks/<game id>/ for the others); with `like` (the deck already at the
        table), only those of its format."""
        from pmtui.table.games import builtin_decks, deck_format

        if like is not None and like.format:
            rs = _rules(game)
            return [(label, spec) for label, spec in self.deck_choices(game, options, None, user)
                    if deck_format(rs, self._deck_file(spec, game, user)) in (like.format, None)]

        names = builtin_decks(_rules(game), options)
        out = []
        if user is not None:
            store = self.own_decks(user, game)
            out += [(f"{name} (your deck)", f"{OWN}{name}") for name in store.names()]
        out += [(f"{name} (starter)", name) for name in names]
        folder = self.decks_dir if game == DEFAULT_RULESET else self.decks_dir / game
        try:
            files = sorted(p for p in folder.iterdir()
                           if p.suffix == ".toml" and p.is_file())
        except OSError:
            files = []
        where = folder.relative_to(self.decks_dir.parent).as_posix()  # decks or decks/<game>
        out += [(f"{p.stem} ({where}/{p.name})", str(p)) for p in files[:100]]
        return out

    def _deck_file(self, spec: str, game: str, user: User | None) -> str:
        """What `spec` names for the ruleset: an own deck's file path, else `spec`."""
        if spec.startswith(OWN) and user is not None:
            return str(self.own_decks(user, game).path(spec[len(OWN):]))
        return spec

    def load_deck(self, spec: str, game: str = DEFAULT_RULESET,
                  options: Mapping[str, str] | None = None,
                  user: User | None = None) -> DeckList:
        """A deck among the choices (`user`'s own among them), validated (TableError
        with the reason otherwise)."""
        from pmtui.table.decks import DeckStoreError
        from pmtui.table.games import load_deck

        if spec not in {s for _, s in self.deck_choices(game, options, None, user)}:
            raise TableError("not one of the decks offered")
        try:
            if spec.startswith(OWN) and user is not None:  # bounded in size, then checked
                deck = self.own_decks(user, game).load(spec[len(OWN):])
                return load_deck(deck.source, ruleset(game))
            return load_deck(spec, ruleset(game))
        except (SetupError, DeckStoreError) as exc:
            raise TableError(str(exc).splitlines()[0][:200]) from None

    # -- tables --------------------------------------------------------------------------------

    def listing(self) -> list[ServerTable]:
        self.expire()
        return [self.tables[k] for k in sorted(self.tables)]

    def expire(self) -> None:
        """Close the tables that waited longer than WAITING_TTL for a second player."""
        limit = self.clock() - WAITING_TTL
        old = [t for t in self.tables.values() if t.state == "waiting" and t.created < limit]
        for t in old:
            del self.tables[t.id]
            self._forget_waiting(t.id)
            log.info("table %s closed: nobody joined it in %d minutes", t.id, WAITING_TTL // 60)
        if old:
            self.changed()

    def released(self, table: ServerTable) -> None:
        """A finished table let go of its game: the lobby lists the last few results."""
        done = [t for t in self.listing() if t.result is not None]
        for t in done[: max(0, len(done) - FINISHED_LISTED)]:
            del self.tables[t.id]
        self.changed()

    # -- what outlives the sessions, made anew when the server is empty ----------------------

    def pack_results(self) -> bytes:
        """Take the finished tables' results and the keys' recent action times out, as
        one bytes object (JSON); `unpack_results` puts them back.

        They are the server's only long-lived objects made while sessions play, one or
        a few in each of Python's 1 MiB arenas, so when everyone has left they keep
        those arenas from being returned. Packed, they are one block of the C
        allocator's; unpacked after a collection, they are new objects in the arenas
        still in use (pmtui/net/memory.py)."""
        done = [t for t in self.tables.values() if t.result is not None]
        rows = [{"id": t.id, "name": t.name, "level": t.level, "game": t.game,
                 "options": t.options, "created": t.created, "error": t.error,
                 "result": t.result, "path": None if t.path is None else str(t.path),
                 "seats": [None if s is None else dataclasses.asdict(s) for s in t.seats]}
                for t in done]
        blob = json.dumps({"results": rows,
                           "actions": {k: list(q) for k, q in self._actions.items()}})
        for t in done:
            del self.tables[t.id]
        self._actions.clear()
        return blob.encode()

    def unpack_results(self, blob: bytes) -> None:
        packed = json.loads(blob)
        for row in packed["results"]:
            table = ServerTable(self, row["id"], row["name"], row["level"], row["game"],
                                row["options"])
            table.seats = [None if s is None else SeatInfo(**s) for s in row["seats"]]
            table.path = None if row["path"] is None else Path(row["path"])
            table.created, table.error, table.result = row["created"], row["error"], row["result"]
            table.visited = True
            self.tables[table.id] = table
        self.tables = dict(sorted(self.tables.items()))
        for key, times in packed["actions"].items():
            self._actions[key] = deque(times)

    def _throttle(self, user: User) -> None:
        """At most ACTIONS_PER_MINUTE table actions a minute per key (TableError)."""
        now = self.clock()
        times = self._actions.setdefault(user.key, deque())
        while times and times[0] < now - 60:
            times.popleft()
        if len(times) >= ACTIONS_PER_MINUTE:
            raise TableError("too many table actions from your key; wait a minute")
        times.append(now)
        if len(self._actions) > 10_000:  # forget keys that have been quiet
            for key in [k for k, q in self._actions.items() if not q or q[-1] < now - 60]:
                del self._actions[key]

    def _mine(self, user: User, state: str, computer: bool) -> int:
        return sum(1 for t in self.tables.values() if t.state == state
                   and t.vs_computer == computer
                   and any(s is not None and s.human and s.key == user.key for s in t.seats))

    def get(self, tid: int) -> ServerTable:
        t = self.tables.get(tid)
        if t is None:
            raise TableError(f"there is no table {tid}")
        return t

    def seats_of(self, user: User) -> list[ServerTable]:
        """Unfinished tables where `user` holds a seat."""
        return [t for t in self.listing() if t.state in ("waiting", "playing")
                and t.seat_of(user) is not None]

    def _new_table(self, name: str, level: str = DEFAULT_LEVEL,
                   game: str = DEFAULT_RULESET,
                   options: Mapping[str, str] | None = None) -> ServerTable:
        live = [t for t in self.tables.values() if t.state != "over"]
        if len(live) >= MAX_TABLES:
            raise TableError("the server has too many tables open; try again later")
        if len(self.tables) >= MAX_TABLES:  # forget the oldest finished tables
            for t in [t for t in self.listing() if t.state == "over"][: len(self.tables) // 4]:
                t.close()
                del self.tables[t.id]
        tid = self._next_id
        self._next_id += 1
        table = ServerTable(self, tid, name, level, game, options)
        self.tables[tid] = table
        return table

    def create(self, user: User, deck_spec: str, game: str = DEFAULT_RULESET,
               options: Mapping[str, str] | None = None) -> ServerTable:
        """A table of `game` (with header `options`) with `user` in seat 1, waiting for
        an opponent."""
        for t in self.listing():
            if t.state == "waiting" and t.seat_of(user) is not None:
                raise TableError(f"you already have table {t.id} waiting for a player")
        if self._mine(user, "waiting", False) >= MAX_WAITING_PER_KEY:
            raise TableError(f"your key already has {MAX_WAITING_PER_KEY} tables waiting")
        self._throttle(user)
        options = self.check_options(game, options or {})
        deck = self.load_deck(deck_spec, game, options, user)
        self._check_setup(game, (deck, deck), options)
        table = self._new_table(f"{user.name}'s table", game=game, options=options)
        table.seats[0] = SeatInfo(user.name, user.key, HUMAN, deck.name)
        table.decks[0] = deck
        try:
            self._write_waiting(table, deck_spec)
        except OSError as exc:
            del self.tables[table.id]
            raise TableError(f"cannot save the table ({exc.strerror or exc})") from None
        self.changed()
        return table

    # A table waiting for its second player has no game yet, so no journal: a small
    # file keeps it (who, which deck) so that a restart brings it back too.

    def _waiting_path(self, tid: int) -> Path:
        return self.tables_dir / f"waiting-{tid}.json"

    def _write_waiting(self, table: ServerTable, deck_spec: str) -> None:
        seat = table.seats[0]
        assert seat is not None
        record = {"format": WAITING_FORMAT, "id": table.id, "name": table.name,
                  "player": {"name": seat.name, "key": seat.key}, "deck": deck_spec,
                  "game": table.game, "options": table.options, "created": table.created}
        write_atomically(self._waiting_path(table.id), json.dumps(record).encode())

    def _forget_waiting(self, tid: int) -> None:
        with contextlib.suppress(OSError):
            self._waiting_path(tid).unlink()

    def _restore_waiting(self, path: Path) -> ServerTable:
        """A waiting table from its file (ValueError/OSError/TableError: one line why not)."""
        record = bounded.read_json(path, path.name, ValueError)
        if not isinstance(record, dict) or record.get("format") != WAITING_FORMAT:
            raise ValueError("not a waiting table of this server")
        tid, player = int(record["id"]), record["player"]
        if tid <= 0 or tid in self.tables or not isinstance(player, dict):
            raise ValueError(f"table {tid} cannot be brought back")
        name, key = str(player.get("name", "")), str(player.get("key", ""))
        if not valid_name(name):
            raise ValueError("its player's name is not valid")
        game = str(record.get("game") or DEFAULT_RULESET)  # files from before games: the default
        raw = record.get("options") or {}  # files from before options: none
        if not isinstance(raw, dict):
            raise ValueError("its options are not a table of names and values")
        options = self.check_options(game, {str(k): str(v) for k, v in raw.items()})
        deck = self.load_deck(str(record["deck"]), game, options, User(name, key))
        table = ServerTable(self, tid, str(record.get("name") or f"table {tid}")[:60], game=game,
                            options=options)
        table.seats[0] = SeatInfo(name, key, HUMAN, deck.name)
        table.decks[0] = deck
        created = record.get("created")
        if isinstance(created, int | float) and not isinstance(created, bool):
            table.created = float(created)  # it expires when it would have (files before: now)
        return table

    def join(self, user: User, tid: int, deck_spec: str) -> ServerTable:
        """Take the open seat of table `tid`; the game starts and is saved from now on."""
        table = self.get(tid)
        seat = table.open_seat()
        if seat is None:
            raise TableError(f"table {tid} has no open seat (w: watch it)")
        self._throttle(user)
        if any(s is not None and s.name == user.name for s in table.seats):
            raise TableError("you cannot play against yourself")
        deck = self.load_deck(deck_spec, table.game, table.options, user)
        there = table.deck_waiting()
        if there is not None and deck.format != there.format:
            raise TableError(f"table {tid} plays {there.format or 'full'}-format decks; "
                             f"{deck.name} is {deck.format or 'full'}-format")
        table.seats[seat] = SeatInfo(user.name, user.key, HUMAN, deck.name)
        table.decks[seat] = deck
        try:
            self._start(table)
        except Exception:
            table.seats[seat] = None
            table.decks[seat] = None
            raise
        self._forget_waiting(tid)  # the game's journal keeps it from now on
        return table

    def play_computer(self, user: User, deck_spec: str, level: str = DEFAULT_LEVEL,
                      opponent_spec: str | None = None,
                      game: str = DEFAULT_RULESET,
                      options: Mapping[str, str] | None = None) -> ServerTable:
        """A new table of `game` (with header `options`) against a computer player; the
        game starts at once."""
        if self._mine(user, "playing", True) >= MAX_COMPUTER_PER_KEY:
            raise TableError(f"your key already has {MAX_COMPUTER_PER_KEY} games against the "
                             "computer under way; finish one first")
        from pmtui.table.games import builtin_decks, opponent_deck

        self._throttle(user)
        options = self.check_options(game, options or {})
        deck = self.load_deck(deck_spec, game, options, user)
        if opponent_spec is None:  # the next starter deck of the player's deck's format
            rs = _rules(game)
            names = builtin_decks(rs, options)
            after = names.index(deck_spec) + 1 if deck_spec in names else 0
            opponent_spec = opponent_deck(rs, names, deck, after)
            if opponent_spec is None:
                raise TableError(f"the computer has no starter deck of {deck.name}'s format "
                                 f"({deck.format})")
        opponent = self.load_deck(opponent_spec, game, options)
        self._check_setup(game, (deck, opponent), options)
        table = self._new_table(f"{user.name} vs {COMPUTER}", level, game, options)
        table.seats[0] = SeatInfo(user.name, user.key, HUMAN, deck.name)
        table.seats[1] = SeatInfo(COMPUTER, "", "computer", opponent.name)
        table.decks = [deck, opponent]
        try:
            self._start(table)
        except Exception:
            del self.tables[table.id]
            raise
        return table

    def _check_setup(self, game: str, decks: Sequence[DeckList],
                     options: Mapping[str, str]) -> None:
        """Options that cannot be played with these decks: one line (TableError) now."""
        from pmtui.table.games import check_options

        if options:
            try:
                check_options(ruleset(game), decks, options)
            except SetupError as exc:
                raise TableError(str(exc).splitlines()[0][:200]) from None

    def close(self, user: User, tid: int) -> None:
        """Close `user`'s own table while it waits for a player."""
        table = self.get(tid)
        if table.state != "waiting" or table.seat_of(user) is None:
            raise TableError("you can only close your own table while it waits for a player")
        del self.tables[tid]
        self._forget_waiting(tid)
        self.changed()

    def _start(self, table: ServerTable) -> None:
        from pmtui.table.games import make_header
        from pmtui.table.saves import start_game

        rs = ruleset(table.game)
        seed, rng = new_secret_seed(), KEYED_RNG  # never shown: docs/engine.md, "Randomness"
        seats: list[Seat] = []
        players = []
        for i, info in enumerate(table.seats):
            assert info is not None
            if info.human:
                seats.append(HUMAN)
                players.append({"name": info.name, "kind": HUMAN, "key": info.key})
            else:
                cpu = computer_player(table.level, computer_seed(seed, rng, i), rs)
                info.kind = cpu.name
                seats.append(cpu)
                players.append({"name": info.name, "kind": cpu.name})
        mode = "computer" if table.vs_computer else "ssh"
        extra: dict[str, Any] = {"options": dict(table.options)} if table.options else {}
        header = make_header(rs, table.decks, seed, players, mode, rng=rng,
                             table={"id": table.id, "name": table.name, "level": table.level},
                             **extra)
        self.tables_dir.mkdir(parents=True, exist_ok=True)
        path = self.tables_dir / f"table-{table.id}.jsonl"
        n = 2
        while path.exists():
            path = self.tables_dir / f"table-{table.id}-{n}.jsonl"
            n += 1
        try:
            game, writer = start_game(header, path, ruleset=rs)
        except (SaveError, SetupError) as exc:
            raise TableError(str(exc).splitlines()[0][:200]) from None
        table.local = LocalTable(game, seats, names=table.names())
        table.writer = writer
        table.path = path
        table.decks = [None, None]
        log.info("table %s started: %s (%s)", table.id, " vs ".join(table.names()), path.name)
        table.changed()
        table.kick_computer()

    # -- a server restart ------------------------------------------------------------------------

    def restore(self) -> list[str]:
        """Bring back every unfinished table from its journal; one warning per problem."""
        from pmtui.table.saves import is_finished, open_game

        warnings: list[str] = []
        try:
            paths = sorted(self.tables_dir.glob("table-*.jsonl"))
        except OSError:
            return warnings
        for path in paths:
            m = re.match(r"table-(\d+)", path.name)
            if m:
                self._next_id = max(self._next_id, int(m.group(1)) + 1)
            finished = is_finished(path)
            if finished is None:
                warnings.append(f"{path.name}: not a save this server can continue; skipped")
                continue
            if finished:
                continue
            try:
                header = read_journal(path).header
                info = header.get("table") if isinstance(header.get("table"), dict) else {}
                tid = int(info.get("id", m.group(1) if m else 0))
                if tid in self.tables or tid <= 0:
                    raise SaveError(f"{path.name}: table {tid} is already open")
                game, writer, warns = open_game(path)
            except (SaveError, ValueError, TypeError) as exc:
                warnings.append(str(exc).splitlines()[0][:300])
                continue
            warnings += warns
            try:
                table = self._rebuild(tid, info, header, game, writer, path)
            except Exception as exc:  # noqa: BLE001 - one bad journal must not stop the server
                writer.close()
                warnings.append(f"{path.name}: cannot seat its players ({exc})"[:300])
                continue
            self._next_id = max(self._next_id, tid + 1)
            self.tables[tid] = table
        try:
            waiting = sorted(self.tables_dir.glob("waiting-*.json"))
        except OSError:
            waiting = []
        for path in waiting:
            m = re.match(r"waiting-(\d+)\.json$", path.name)
            if m and int(m.group(1)) in self.tables:  # joined, then the server stopped
                self._forget_waiting(int(m.group(1)))
                continue
            try:
                table = self._restore_waiting(path)
            except (OSError, ValueError, TypeError, KeyError, TableError) as exc:
                warnings.append(f"{path.name}: a waiting table not brought back ({exc})"[:300])
                continue
            self._next_id = max(self._next_id, table.id + 1)
            self.tables[table.id] = table
        for table in self.listing():
            table.kick_computer()
        return warnings

    def _rebuild(self, tid: int, info: Mapping[str, Any], header: Mapping[str, Any],
                 game: Any, writer: JournalWriter, path: Path) -> ServerTable:
        players = header.get("players")
        if not isinstance(players, list) or len(players) != 2:
            raise ValueError("the header has no two players")
        level = str(info.get("level") or DEFAULT_LEVEL)
        options = header.get("options")
        table = ServerTable(self, tid, str(info.get("name") or f"table {tid}")[:60], level,
                            game.ruleset.id, options if isinstance(options, dict) else None)
        seats: list[Seat] = []
        decks = header.get("decks") or [{}, {}]
        for i, p in enumerate(players):
            kind = str(p.get("kind") or HUMAN)
            deck_name = str((decks[i] if i < len(decks) else {}).get("name", ""))
            if kind == HUMAN:
                table.seats[i] = SeatInfo(str(p.get("name")), str(p.get("key") or ""), HUMAN,
                                          deck_name)
                seats.append(HUMAN)
            else:
                cpu = computer_player(kind, computer_seed(
                    int(header.get("seed", 0)), str(header.get("rng", LEGACY_RNG)), i),
                    game.ruleset)
                table.seats[i] = SeatInfo(str(p.get("name") or COMPUTER), "", cpu.name, deck_name)
                seats.append(cpu)
        table.local = LocalTable(game, seats, names=table.names())
        table.writer = writer
        table.path = path
        return table

    def shutdown(self) -> None:
        for t in self.tables.values():
            t.close()
