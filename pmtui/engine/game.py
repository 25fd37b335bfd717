"""A game: a header and an append-only log of decisions, events and undo marks."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from . import chance
from .context import LEGACY_RNG, Context, GameOver, check_rng
from .decision import CHANCE, MARKS, Decision, IllegalAction, Option
from .fixed import Fixed
from .hashes import HASH_KEYS, HashTrail
from .journal import line_of
from .ruleset import Ruleset
from .state import Event, State, state_hash
from .views import Concealer

Record = dict[str, Any]

# Undo and `state_after` restore the nearest cached state and re-execute from
# there; one copy every SNAPSHOT_EVERY decisions (see keep_snapshots).
SNAPSHOT_EVERY = 32


# The header fields the engine and the tables read, and the JSON type each must have
# when present (docs/save-format.md): checked once, where a save is read.
_HEADER_TYPES: dict[str, tuple[type, ...]] = {
    "ruleset": (str,), "ruleset_version": (str,), "pool_digest": (str,), "seed": (int,),
    "rng": (str,), "mode": (str,), "players": (list,), "decks": (list,), "options": (dict,),
    "fix": (list,),
}
_TYPE_WORDS: dict[type, str] = {str: "a string", list: "a list", dict: "an object"}
MAX_NAME = 64  # a player's name in a header (an SSH name is at most 32)
MAX_DECK_NAME = 200  # a deck's


def header_problem(header: Mapping[str, Any]) -> str | None:
    """What is wrong with a header's shape (one line), or None. A wrong type used to pass
    `verify` and fail later in `resume` or `export` with a Python error."""
    for key, types in _HEADER_TYPES.items():
        if key in header:
            value = header[key]
            if isinstance(value, bool) or not isinstance(value, types):
                kind = "a whole number" if types == (int,) else _TYPE_WORDS[types[0]]
                return f"header: {key!r} must be {kind}, not {json.dumps(value)[:30]}"
    for key in ("players", "decks"):
        items = header.get(key, [])
        if any(not isinstance(item, dict) for item in items):
            return f"header: every entry of {key!r} must be an object"
    for i, p in enumerate(header.get("players", [])):
        for field in ("name", "kind"):
            if field in p and not isinstance(p[field], str):
                return f"header: players[{i}].{field} must be a string"
        if len(p.get("name", "")) > MAX_NAME:  # every screen and log line names the player
            return f"header: players[{i}].name is longer than {MAX_NAME} characters"
    for i, d in enumerate(header.get("decks", [])):
        if isinstance(d.get("name"), str) and len(d["name"]) > MAX_DECK_NAME:
            return f"header: decks[{i}].name is longer than {MAX_DECK_NAME} characters"
    return None


SEATS = 2  # every game is played by two seats (CHANCE aside)
# header options of the table's own, not the ruleset's: the computer player's level, which
# a resumed game plays at (pmtui/table/session.py)
TABLE_OPTIONS = frozenset({"level"})


def setup_problem(ruleset: Ruleset, header: Mapping[str, Any]) -> str | None:
    """What in a header of the right shape (`header_problem`) this ruleset cannot set a
    game up from, in words, or None: what a game started by pmtui never holds (two
    seats, two decks of the ruleset's cards, its options, chance decisions only for a
    scenario's set position). Option values are the ruleset's setup's to check."""
    players = header.get("players")
    if players is not None and len(players) != SEATS:
        return f"header: 'players' must hold {SEATS} players (one a seat), not {len(players)}"
    decks = header.get("decks")
    if decks is None:
        return "header: no 'decks' (each seat's deck)"
    if len(decks) != SEATS:
        return f"header: 'decks' must hold {SEATS} decks (one a seat), not {len(decks)}"
    for i, deck in enumerate(decks):
        if not isinstance(deck.get("name", ""), str):
            return f"header: decks[{i}].name must be a string"
        for part in ruleset.deck_parts:
            ids = deck.get(part, [])
            if not isinstance(ids, list) or not all(isinstance(c, str) for c in ids):
                return f"header: decks[{i}].{part} must be a list of card ids"
            unknown = next((c for c in ids if c not in ruleset.cards), None)
            if unknown is not None:
                return (f"header: decks[{i}].{part}: {json.dumps(unknown)[:30]} is not a "
                        f"card of {ruleset.id}")
    for name in header.get("options") or {}:
        if name not in ruleset.header_options and name not in TABLE_OPTIONS:
            offered = ", ".join(sorted(ruleset.header_options)) or "none"
            return (f"header: options: {ruleset.name} has no option {json.dumps(name)[:30]} "
                    f"(its options: {offered})")
    given = header.get("chance")
    if given is not None and given not in ("ask", "auto"):
        return f"header: 'chance' must be \"ask\" or absent, not {json.dumps(given)[:30]}"
    if given == "ask" and "scenario" not in header:
        return "header: 'chance': \"ask\" is for a scenario's set position, not a game played"
    return None


def in_words(exc: BaseException) -> str:
    """An exception's own words, without Python's name for it (a missing key said as
    such); what a message quotes when the rules stop on a log they cannot carry out."""
    if isinstance(exc, KeyError) and exc.args:
        return f"no {str(exc.args[0])[:40]!r}"
    text = str(exc).strip().splitlines()
    return text[0][:200] if text else "an error in the rules"


class ReplayMismatch(ValueError):
    """Re-executing a log did not give the logged events, or could not be done (message
    names the line: "line 390: …")."""


class Game:
    """Runs a ruleset from a header, logging every decision and event.

    `records` is the full log (header first); `on_records` is called with the
    new records after each change so a journal can make them durable before
    the caller acknowledges the decision. Without `log` (a game nobody saves,
    hashes or reads back: a simulation, a re-execution for a state) the records
    are only counted: `records` keeps the header alone, `moves` and the state are
    as ever. Such a game neither hashes nor hands records on (`hashing=False`, no
    `on_records`): asking for both is a ValueError.
    """

    def __init__(
        self,
        ruleset: Ruleset,
        header: Mapping[str, Any],
        *,
        hashing: bool = True,
        on_records: Callable[[list[Record]], None] | None = None,
        start: bool = True,
        log: bool = True,
    ) -> None:
        self.ruleset = ruleset
        self.header: dict[str, Any] = {**header, "seq": 0, "type": "header"}
        problem = header_problem(self.header)
        if problem:
            raise ValueError(problem)
        self._seed = int(self.header.get("seed", 0))  # read once: every step needs it
        self._trail: HashTrail | None = HashTrail()
        self._hashing = hashing
        # Re-executing a save written before the hash chain: the sequence numbers of
        # the events that get a state hash ("hash") as well, to compare with the log.
        self.legacy_hashes: frozenset[int] = frozenset()
        # which derivation turns the seed into outcomes (absent: a save from before it was named)
        self.rng_kind = check_rng(self.header.get("rng", LEGACY_RNG))
        self.on_records = on_records
        self.records: list[Record] = [self.header]
        if not log and (hashing or on_records is not None):  # both read the records
            raise ValueError("a game without its log cannot hash it or hand its records on")
        self._log = log
        self._seq = 1  # the sequence number of the next record (the header is 0)
        self.moves: list[tuple[int, str]] = []  # effective decisions (after undos)
        # Chance decisions are drawn with the game's RNG unless the header asks for them to
        # be answered (a scenario fixing a die); see docs/engine.md "Chance decisions".
        self.chance_auto = self.header.get("chance", "auto") != "ask"
        # outcomes a scenario decided in advance (engine/fixed.py), drawn before the seed's
        fix = self.header.get("fix")
        self._fixed = Fixed([str(e) for e in fix]) if fix else None
        self._annotator = Concealer.of(ruleset, self.header)
        self.state = State()
        self._pending: Decision | None = None
        self._ctx: Context | None = None
        self._fresh = False
        # A derived, disposable cache: state after the first n effective decisions.
        self.snapshot_every = 0  # off until keep_snapshots() or the first undo
        self._snapshots: dict[int, State] = {}
        if start:
            self._start()

    def _start(self) -> None:
        events, hashes = self._run(lambda ctx: self.ruleset.setup(ctx, self.header), 1)
        self._commit(events, hashes)

    @property
    def hashing(self) -> bool:
        """Whether new records get their hashes (see hashes.py); every saved game does."""
        return self._hashing

    @hashing.setter
    def hashing(self, on: bool) -> None:
        if on and not self._log:
            raise ValueError("a game without its log cannot hash it")
        if on and not self._hashing:
            self._trail = None  # records may have been added unhashed: rebuilt when needed
        self._hashing = on

    @property
    def seed(self) -> int:
        return self._seed

    # -- running -------------------------------------------------------------

    def _run(
        self, body: Callable[[Context], None], first_seq: int | None = None
    ) -> tuple[list[Event], dict[int, str]]:
        """Run rules code; returns its events and the legacy state hashes due, by
        index (`first_seq`: the sequence number its first event will get, by default
        the next one)."""
        if first_seq is None:
            first_seq = self._seq
        ctx = self._ctx  # one per game, made ready for each step: a step is often tiny
        if ctx is None:
            ctx = self._ctx = Context(self.state, self.seed, self.ruleset.end_check,
                                      self._annotator, rng=self.rng_kind,
                                      end_vars=self.ruleset.end_vars, fixed=self._fixed)
        ctx.state = self.state  # undo and replays put a new state in place
        ctx.events = []
        hashes: dict[int, str] = {}
        wanted = self.legacy_hashes if self._hashing else frozenset()
        if wanted:
            def legacy(_ev: Event) -> None:
                if first_seq + len(ctx.events) - 1 in wanted:
                    hashes[len(ctx.events) - 1] = state_hash(ctx.state)

            ctx.listeners = [legacy]
        self._fresh = False
        try:
            body(ctx)
            if self.chance_auto:
                self._resolve_chance(ctx)
        except GameOver:
            self._pending, self._fresh = None, True
        finally:
            ctx.listeners = []
        if wanted and first_seq + len(ctx.events) - 1 in wanted:  # the closing "end" event
            hashes[len(ctx.events) - 1] = state_hash(self.state)
        return ctx.events, hashes

    def _resolve_chance(self, ctx: Context) -> None:
        """Draw every chance outcome that is pending now; its events join this step's.

        The next decision is computed here anyway, so it is kept for `pending()`.
        """
        while True:
            try:
                decision = self.ruleset.decision(self.state)
            except Exception:  # pending() asks again and reports it where it always did
                return
            if decision is None or decision.player != CHANCE:
                self._pending, self._fresh = decision, True
                return
            chance.resolve(self.ruleset, ctx, decision)

    def _commit(
        self, events: list[Event], hashes: dict[int, str], decision: Record | None = None
    ) -> list[Record]:
        if not self._log:
            self._seq += len(events) + (decision is not None)
            return []
        new: list[Record] = []
        seq = self._seq
        if decision is not None:
            decision["seq"] = seq
            new.append(decision)
            seq += 1
        for i, ev in enumerate(events):
            rec: Record = {"seq": seq + i, "type": "event", "event": ev}
            if i in hashes:
                rec["hash"] = hashes[i]
            new.append(rec)
        if self._hashing:
            if self._trail is None:
                self._trail = HashTrail.of(self.records)
            self._trail.stamp(new, self.state)
        self.records.extend(new)
        self._seq += len(new)
        if self.on_records is not None and new:
            self.on_records(new)
        return new

    def _append(self, rec: Record) -> None:
        """One record outside a step (an undo mark, a note)."""
        if self._log:
            self.records.append(rec)
        self._seq += 1
        if self.on_records is not None:
            self.on_records([rec])

    @property
    def over(self) -> dict[str, Any] | None:
        return self.state.vars.get("over")

    def pending(self) -> Decision | None:
        if not self._fresh:
            self._pending = None if self.over else self.ruleset.decision(self.state)
            self._fresh = True
        return self._pending

    def act(self, text: str, player: int | None = None) -> list[Event]:
        """Apply the option whose notation is `text`; returns the events it produced."""
        decision = self.pending()
        if decision is None:
            raise IllegalAction("the game is over")
        if player is not None and player != decision.player:
            who = "chance's" if decision.player == CHANCE else f"player {decision.player + 1}'s"
            raise IllegalAction(f"it is {who} decision, not yours")
        option = decision.find(text)
        if option is None:
            raise IllegalAction(f"not a legal choice now: {text!r}")
        events, hashes = self._run(
            lambda ctx: self._apply(ctx, decision, option), self._seq + 1
        )
        self.moves.append((decision.player, option.text))
        if self.snapshot_every and len(self.moves) % self.snapshot_every == 0:
            self._snapshots[len(self.moves)] = self.state.copy()
        if not self._log:  # counted, not kept
            self._seq += len(events) + 1
            return events
        rec: Record = {"type": "decision", "player": decision.player, "action": option.text}
        rec["kind"] = decision.kind
        if decision.private:
            rec["private"] = True
        if decision.secret_pass and option.text == decision.secret_pass:
            rec["secret"] = True
        self._commit(events, hashes, rec)
        return events

    def _apply(self, ctx: Context, decision: Decision, option: Option) -> None:
        if decision.player == CHANCE:  # an outcome fixed from outside (chance: ask)
            chance.resolve(self.ruleset, ctx, decision, option)
        else:
            self.ruleset.apply(ctx, decision, option)

    # -- undo ----------------------------------------------------------------

    def undo(self, keep: int) -> None:
        """Return to the state after the first `keep` effective decisions.

        The log is not rewritten: an undo mark is appended and the state is
        rebuilt by re-executing the kept decisions (randomness included).
        """
        if not 0 <= keep < len(self.moves):
            raise IllegalAction("nothing to undo")
        if not self.snapshot_every:  # a game that undoes once will likely undo again
            self.keep_snapshots()
        self.state = self.state_after(keep)
        self.moves = self.moves[:keep]
        for n in [n for n in self._snapshots if n > keep]:
            del self._snapshots[n]
        self._fresh = False
        rec: Record = {"seq": self._seq, "type": "undo", "to": keep}
        self._append(rec)

    def keep_snapshots(self, every: int = SNAPSHOT_EVERY) -> None:
        """Cache a state copy every `every` decisions from now on (0: stop), so that
        undo and `state_after` re-execute at most `every - 1` decisions."""
        self.snapshot_every = max(0, every)
        if not self.snapshot_every:
            self._snapshots.clear()
        elif not self.moves:
            self._snapshots[0] = self.state.copy()

    def state_after(self, keep: int) -> State:
        """A fresh copy of the state after the first `keep` effective decisions.

        Re-executes from the nearest cached snapshot (or from the seed), caching
        new snapshots on the way when they are kept; the RNG counter is part of
        the state, so the same randomness follows.
        """
        if not 0 <= keep <= len(self.moves):
            raise IllegalAction(f"no decision {keep} in this game")
        if keep == len(self.moves):
            return self.state.copy()
        base = max((n for n in self._snapshots if n <= keep), default=None)
        shadow = Game(self.ruleset, self.header, hashing=False, start=base is None, log=False)
        if base is None:
            base = 0
            if self.snapshot_every:
                self._snapshots[0] = shadow.state.copy()
        else:
            shadow.state = self._snapshots[base].copy()
        for n in range(base, keep):
            player, text = self.moves[n]
            shadow.act(text, player)
            if self.snapshot_every and (n + 1) % self.snapshot_every == 0:
                self._snapshots.setdefault(n + 1, shadow.state.copy())
        return shadow.state

    def note(self, text: str, **data: Any) -> Record:
        """Append a note for people (an annotation); the rules ignore it."""
        rec: Record = {"seq": self._seq, "type": "note", "text": text, **data}
        self._append(rec)
        return rec

    def rebuild(self, moves: list[tuple[int, str]]) -> State:
        shadow = Game(self.ruleset, self.header, hashing=False, log=False)
        for player, text in moves:
            shadow.act(text, player)
        return shadow.state

    # -- loading -------------------------------------------------------------

    @classmethod
    def from_records(
        cls,
        ruleset: Ruleset,
        header: Mapping[str, Any],
        records: Iterable[Record],
        *,
        verify: bool = False,
        hashing: bool = True,
    ) -> Game:
        """Rebuild a game from its log by re-executing the decisions.

        With `verify`, every re-produced event (and hash, when logged) must
        equal the logged one; the first difference raises ReplayMismatch.
        """
        logged = list(records)
        try:
            game = cls(ruleset, header, hashing=hashing or verify, start=False)
            game.legacy_hashes = frozenset(
                rec.get("seq", -1) for rec in logged if "hash" in rec and game.hashing
            )
            game._start()
        except Exception as exc:  # noqa: BLE001 - an option value the ruleset refuses, ...
            raise ReplayMismatch(
                f"line 1: header: the game cannot be set up from it ({in_words(exc)})"
            ) from None
        game.keep_snapshots()  # a loaded game is resumed, replayed or checked: undo stays fast
        checked = 0

        def compare_upto(n: int) -> None:
            nonlocal checked
            produced = game.records  # live: index 0 is the header
            while checked < n:
                want = logged[checked]
                got = produced[checked + 1] if checked + 1 < len(produced) else None
                if verify and (got is None or differs(want, got)):
                    raise ReplayMismatch(
                        f"{line_of(want.get('seq'))}: logged {_short(want)}, "
                        f"re-executed {_short(got)}"
                    )
                checked += 1

        for index, rec in enumerate(logged):
            kind = rec.get("type")
            if kind == "decision":
                compare_upto(index)
                try:
                    game.act(str(rec.get("action", "")), rec.get("player"))
                except IllegalAction as exc:
                    raise ReplayMismatch(f"{line_of(rec.get('seq'))}: {exc}") from None
                except Exception as exc:  # noqa: BLE001 - the rules stopping on this decision
                    raise ReplayMismatch(f"{line_of(rec.get('seq'))}: the rules cannot carry "
                                         f"out this decision ({in_words(exc)})") from None
            elif kind == "undo":
                compare_upto(index)
                to = rec.get("to", 0)
                if isinstance(to, bool) or not isinstance(to, int):
                    raise ReplayMismatch(f"{line_of(rec.get('seq'))}: an undo's 'to' must be "
                                         f"a whole number, not {json.dumps(to)[:30]}")
                try:
                    game.undo(to)
                except (IllegalAction, ValueError) as exc:
                    raise ReplayMismatch(f"{line_of(rec.get('seq'))}: bad undo: {exc}") from None
            elif kind == "note":  # kept as is, so the sequence numbers stay the file's
                compare_upto(index)
                game._append(dict(rec))
        compare_upto(len(logged))
        if verify and len(game.records) - 1 != len(logged):
            raise ReplayMismatch(
                f"re-execution produced {len(game.records) - 1} records, "
                f"the log holds {len(logged)}"
            )
        return game


def _json_kind(x: object) -> type:
    if isinstance(x, bool):
        return bool
    if isinstance(x, list | tuple):
        return list
    if isinstance(x, Mapping):
        return dict
    return type(x)


def ends_game(record: Mapping[str, object]) -> bool:
    """Whether a record is the event that ends the game."""
    event = record.get("event") if record.get("type") == "event" else None
    return isinstance(event, Mapping) and event.get("t") == "end"


def same(a: object, b: object) -> bool:
    """Equal, and of the same JSON types all the way down: Python's `1 == True` and
    `1 == 1.0` would let a hand-edited save pass (a list and a tuple are one kind)."""
    if _json_kind(a) is not _json_kind(b):
        return False
    if isinstance(a, Mapping):
        assert isinstance(b, Mapping)
        return a.keys() == b.keys() and all(same(v, b[k]) for k, v in a.items())
    if isinstance(a, list | tuple):
        assert isinstance(b, list | tuple)
        return len(a) == len(b) and all(map(same, a, b))
    return a == b


def differs(want: Record, got: Record, hashes: bool = True) -> bool:
    """Whether a re-executed record differs from the logged one (with `hashes`, the
    hashes the logged record carries are compared too). Notes are never compared.
    Types count: a `1` rewritten `true` differs; so does a decision's kind or
    private or secret mark (a save from before decisions had a kind is not asked for one)."""
    kind = want.get("type")
    if kind != got.get("type"):
        return True
    if kind == "event":
        if not same(want.get("event"), got.get("event")):
            return True
        return hashes and any(k in want and want[k] != got.get(k) for k in HASH_KEYS)
    if kind == "decision":
        keys = ("player", "action", "kind") if "kind" in want else ("player", "action")
        return not all(same(want.get(k), got.get(k)) for k in keys) or any(
            want.get(mark, False) is not got.get(mark, False) for mark in MARKS)
    if kind == "undo":
        return not same(want.get("to"), got.get("to"))
    return False


def _short(rec: Record | None) -> str:
    if rec is None:
        return "nothing"
    if rec.get("type") == "event":
        return f"event {str(rec.get('event'))[:80]}"
    return f"{rec.get('type')} {rec.get('action', rec.get('to', ''))}"
