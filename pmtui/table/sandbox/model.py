"""The sandbox without a screen: a position you edit and play from, with undo and save.

`Sandbox` holds a `SandboxTable` (both seats are the person at the keyboard,
who sees everything) around a `Game` whose header carries the position
(`"scenario"`, mode `"sandbox"`), so playing from it is ordinary play. An
edit takes the current state (after any plays), changes a copy
(the ruleset's position edits), turns it back into a position and starts a new game from
it. Every edit and every play is a step of one history: `undo` goes back
through both.

`save(path)` writes a scenario file that `pmtui check` accepts: the position
now, an `[[expect]]` with the legal actions now, and one `[[expect]]` per
"why not?" asked about this position.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from pmtui.engine.decision import CHANCE, Decision
from pmtui.engine.game import Game
from pmtui.engine.notation import Ambiguous, NoMatch, NotationError
from pmtui.engine.ruleset import CardDef, DeckList, PositionEdits, PositionError, Positions, Ruleset
from pmtui.engine.state import State, zkey
from pmtui.engine.views import omniscient_view
from pmtui.table.games import make_header, ruleset
from pmtui.table.session import HUMAN, LocalTable, LogLine

from .tomlout import dump
from .words import PLAYERS, EditError, who

T = TypeVar("T")

PAGE = re.compile(r"\(p\.\d+(?:-\d+)?\)")


def new_header(position: Mapping[str, Any], *, name: str = "sandbox", seed: int = 0,
               rs: Ruleset | None = None, chance: str = "auto",
               fix: Sequence[str] = ()) -> dict[str, Any]:
    rs = rs or ruleset()
    empty = DeckList("sandbox", {part: () for part in rs.deck_parts})
    players = [{"name": p.upper(), "kind": HUMAN} for p in PLAYERS]
    extra: dict[str, object] = {"chance": "ask"} if chance == "ask" else {}  # the user's dice
    if fix:  # outcomes still fixed in advance (a scenario's `fix`)
        extra["fix"] = list(fix)
    return make_header(rs, [empty, empty], seed, players, "sandbox",
                       scenario=dict(position), scenario_name=name, **extra)


class CardSearch:
    """Card definitions matching a query, best first (`Ruleset.search_cards`)."""

    def __init__(self, rs: Ruleset) -> None:
        self.rs = rs

    def search(self, query: str) -> list[CardDef]:
        """QueryError (a ValueError, one line) for a FIELD:VALUE term that cannot be read."""
        return [self.rs.cards[info.id] for info in self.rs.search_cards(query)]

    def example(self) -> str:
        """A query showing the filters in this game's words ("colour:red cost:2-4")."""
        from pmtui.engine.cardquery import known_values

        cards = list(self.rs.cards.values())
        out = []
        for want_number in (False, True):
            for f in self.rs.card_fields:
                values = known_values(f, cards)
                if f.number == want_number and values and " " not in values[0]:
                    span = f"{values[0]}-{values[-1]}" if f.number else values[0]
                    out.append(f"{f.name}:{span}")
                    break
        return " ".join(out)

    def get(self, cid: str) -> CardDef:
        return self.rs.cards[cid]

    def hint(self, cid: str) -> str:
        """What the search screen shows under the list: the card as `pmtui cards` lists
        it, then its rules text when the definition has one."""
        d = self.rs.cards[cid]
        text = getattr(d, "text", "") or getattr(d, "flavour", "") or ""
        return self.rs.card_info(cid).line + (f"\n{text}" if text else "")


class SandboxTable(LocalTable):
    """One omniscient seat for both players: every decision is the keyboard's."""

    def __init__(self, game: Game) -> None:
        super().__init__(game, [HUMAN, HUMAN], names=["P1", "P2"])
        self.past: list[LogLine] = []  # log lines of the positions before the last edit

    def decision_for(self, player: int) -> Decision | None:
        return self.pending()

    def view_for(self, player: int | None) -> dict[str, Any]:
        with self.lock:
            return omniscient_view(self.game.ruleset, self.game.state)

    def log_for(self, player: int | None, names: Sequence[str] | None = None,
                since: int = 0) -> list[LogLine]:
        with self.lock:
            lines: list[LogLine] = []
            starts: list[int] = []  # where each decision still in effect begins in `lines`
            for rec in self.game.records[1:]:
                kind = rec.get("type")
                if kind == "decision":
                    p = rec.get("player")
                    starts.append(len(lines))
                    lines.append(LogLine(f"{who(p)} {rec.get('action')}", "decision", p))
                elif kind == "undo":  # the sandbox log shows what is in effect
                    keep = int(rec.get("to", 0))
                    if keep < len(starts):
                        del lines[starts[keep]:]
                        del starts[keep:]
                elif kind == "event":
                    ev = rec["event"]
                    s = ev.get("set") or {}
                    setup = ev.get("why") == "scenario position"
                    if ev.get("t") == "var" and "turn" in s and not setup:
                        lines.append(LogLine(f"── turn {s['turn']}: {who(s.get('ap', 0))} ──",
                                             "turn", s.get("ap")))
                    elif ev.get("t") == "end":
                        w = ev.get("winner")
                        result = "draw" if w is None else f"{who(w)} wins"
                        lines.append(LogLine(f"== {result}: {ev.get('reason', '')} ==", "end", w))
            return [*self.past, *lines]

    def act(self, player: int, text: str, *, auto: bool = False) -> None:
        with self.lock:
            d = self.game.pending()
            self.game.act(text, d.player if d is not None else player)
            if auto:
                self.auto.add(len(self.game.moves) - 1)


@dataclass
class Step:
    """What undo restores: a game object and how many of its decisions to keep."""

    game: Game
    keep: int
    past: int  # length of the table's past log
    asked: list[tuple[str, str | None]]
    what: str


@dataclass
class Sandbox:
    name: str = "sandbox position"
    page: str = ""
    description: str = ""
    seed: int = 0
    source: Path | None = None
    rs: Ruleset | None = None  # the default game's without one
    chance: str = "auto"  # "ask": dice and coins are actions (a scenario's `chance`)
    card_files: tuple[Path, ...] = ()  # extra card files loaded (a saved file names them)
    fix: tuple[str, ...] = ()  # outcomes fixed in advance (a scenario's `fix`)
    table: SandboxTable = field(init=False)
    history: list[Step] = field(default_factory=list)
    asked: list[tuple[str, str | None]] = field(default_factory=list)  # why-not, this position
    epoch: int = 0  # changes with every edit and undo (the screen's "new decision" check)
    # the game of the last edit and the position tables it was built from (to_toml)
    _built: tuple[Game, dict[str, Any]] | None = field(default=None, init=False, repr=False)

    def __post_init__(self) -> None:
        self.rs = self.rs or ruleset()

    # -- making one --------------------------------------------------------------------

    @classmethod
    def from_doc(cls, doc: Mapping[str, Any] | None = None, **kw: Any) -> Sandbox:
        sb = cls(**kw)
        position = sb._parse(doc or sb.positions.default_doc)
        sb.table = SandboxTable(sb._game(position))
        return sb

    @classmethod
    def from_scenario(cls, path: Path | str) -> tuple[Sandbox, list[str]]:
        """A scenario file's position with its actions played (ScenarioError when malformed).

        Returns the sandbox and notices (an action that was not legal stops the actions).
        """
        from pmtui.table.scenarios import load, place

        sc = load(path)
        sb = cls(name=sc.name, page=sc.page, description=sc.description,
                 seed=int(sc.header.get("seed", 0)), source=Path(path), rs=sc.rs,
                 chance=str(sc.header.get("chance", "auto")), card_files=sc.card_files,
                 fix=tuple(str(e) for e in sc.header.get("fix", ())))
        if "scenario" in sc.header:
            sb.table = SandboxTable(sb._game(sc.header["scenario"]))
        else:  # a scenario starting before the setup: the game's own runs on its decks
            game = Game(sb.rs, sc.header, hashing=False)
            game.keep_snapshots()
            sb.table = SandboxTable(game)
        notes: list[str] = []
        for act in sc.actions:
            d = sb.game.pending()
            if d is None:
                notes.append(f"line {act.line}: {act.text}: the game is over; actions stop here")
                break
            try:
                found = sb.rs.notation.resolve(d.texts, act.text, place(sb.state))
            except (NoMatch, Ambiguous, NotationError) as exc:
                reason = sb.why(act.text, record=False)
                notes.append(f"line {act.line}: {act.text}: {reason or exc}; actions stop here")
                break
            before = sb.mark()  # undo goes back through the file's actions too
            sb.game.act(found.text, d.player)
            sb.played(before)
        return sb, notes

    def _parse(self, doc: Mapping[str, Any]) -> dict[str, Any]:
        try:
            return self.positions.parse(doc)
        except PositionError as exc:
            raise EditError(str(exc)) from None

    def fix_left(self) -> list[str]:
        """The fixed outcomes the game has not used yet (they stay fixed after an edit)."""
        if not hasattr(self, "table"):  # the first game is being made
            return list(self.fix)
        entries = [str(e) for e in self.game.header.get("fix", ())]
        return entries[int(self.state.vars.get("fix", 0)):]

    def _game(self, position: Mapping[str, Any]) -> Game:
        header = new_header(position, name=self.name, seed=self.seed, rs=self.rs,
                            chance=self.chance, fix=self.fix_left())
        game = Game(self.rs, header, hashing=False)
        game.keep_snapshots()
        return game

    # -- reading -----------------------------------------------------------------------

    @property
    def game(self) -> Game:
        return self.table.game

    @property
    def state(self) -> State:
        return self.game.state

    @property
    def defs(self) -> Mapping[str, CardDef]:
        return self.rs.cards

    @property
    def positions(self) -> Positions:
        return self.rs.positions

    @property
    def edits(self) -> PositionEdits:
        return self.rs.positions.edits

    @property
    def card_search(self) -> CardSearch:
        """The card pool searched as you type (the add-a-card screen)."""
        return CardSearch(self.rs)

    def card_name(self, uid: int) -> str:
        c = self.state.cards[uid]
        d = self.defs.get(c.cid)
        return f"{d.name if d else c.cid} ({c.cid})"

    def can_edit(self) -> str | None:
        """Why editing is not possible now (None: it is)."""
        return self.positions.busy(self.state)

    def where(self, uid: int) -> tuple[int, str]:
        """Whose card it is and the zone's name (a shared zone has no seat: the owner's)."""
        c = self.state.cards[uid]
        seat, _, zone = c.zone.partition("/")
        return (int(seat) if seat.isdigit() else c.owner), zone

    # -- history -----------------------------------------------------------------------

    def _step(self, what: str) -> Step:
        return Step(self.game, len(self.game.moves), len(self.table.past), list(self.asked), what)

    def mark(self) -> Step:
        """Before a play: what undo will come back to."""
        return self._step("play")

    def played(self, before: Step) -> bool:
        """After a play: remember it if it changed anything."""
        if before.game is self.game and len(self.game.moves) > before.keep:
            last = self.game.moves[before.keep][1]
            before.what = last if len(self.game.moves) == before.keep + 1 else f"{last} ..."
            self.history.append(before)
            self.asked = []
            return True
        return False

    def undo(self) -> str:
        """Take back the last edit or play; returns what was taken back."""
        if not self.history:
            raise EditError("nothing to undo")
        step = self.history.pop()
        table = self.table
        with table.lock:
            table.game = step.game
            if len(step.game.moves) > step.keep:
                step.game.undo(step.keep)
            del table.past[step.past:]
            table.auto = {i for i in table.auto if i < step.keep}
        self.asked = step.asked
        self.epoch += 1
        return step.what

    # -- editing -----------------------------------------------------------------------

    def edit(self, what: str, change: Callable[[State], T]) -> tuple[T, dict[int, int]]:
        """Apply `change` to a copy of the state and start from the result.

        Returns (what `change` returned, the new numbering: old uid -> new uid);
        EditError (nothing changes) when the result is not a legal position.
        """
        why = self.can_edit()
        if why:
            raise EditError(why)
        st = self.state.copy()
        try:
            result = change(st)
            st.vars.pop("over", None)
            doc, order = self.positions.write(st)
        except PositionError as exc:
            raise EditError(str(exc)) from None
        position = self._parse(doc)
        game = self._game(position)
        # the tables it was built from: saved as they are while nothing is played (a turn's
        # start has run in the game, but the file keeps the moment before it)
        self._built = (game, doc)
        before = self._step(what)
        with self.table.lock:
            self.table.past.extend(self.table.log_for(None)[len(self.table.past):])
            self.table.past.append(LogLine(f"edit: {what}", "undo"))
            self.table.game = game
            self.table.auto = set()
        self.history.append(before)
        self.asked = []
        self.epoch += 1
        return result, {old: n for n, old in enumerate(order)}

    def _check_uid(self, uid: int) -> None:
        if not 0 <= uid < len(self.state.cards) or not self.state.cards[uid].zone:
            raise EditError(f"there is no card {uid}")

    def add(self, cid: str, player: int, zone: str, **where: Any) -> int:
        """Add a new card; returns its number in the new position."""
        if cid not in self.rs.cards:
            raise EditError(f"unknown card id {cid}")
        label = self._dest(player, zone, where)
        uid, numbers = self.edit(f"add {cid} to {label}",
                                 lambda st: self.edits.add(st, cid, player, zone, **where))
        return numbers[uid]

    def remove(self, uid: int) -> str:
        self._check_uid(uid)
        name = self.card_name(uid)
        gone, _ = self.edit(f"remove {name}", lambda st: self.edits.remove(st, uid))
        extra = f" (with {len(gone) - 1} card(s) set on or under it)" if len(gone) > 1 else ""
        return f"removed {name}{extra}"

    def move(self, uid: int, player: int, zone: str, **where: Any) -> tuple[int, str]:
        self._check_uid(uid)
        name = self.card_name(uid)
        label = self._dest(player, zone, where)
        deps, numbers = self.edit(f"move {name} to {label}",
                                  lambda st: self.edits.move(st, uid, player, zone, **where))
        extra = f"; {len(deps)} card(s) set on or under it went to the discard" if deps else ""
        return numbers[uid], f"moved {name} to {label}{extra}"

    def card_mark(self, uid: int, what: str, arg: object = None) -> tuple[int, str]:
        """Change one of the card's marks the game knows (`PositionEdits.mark`: Rest,
        coins, ...); returns the card's new number and what it is now, in the game's words."""
        self._check_uid(uid)
        name = self.card_name(uid)
        said, numbers = self.edit(f"{what}: {name}",
                                  lambda st: self.edits.mark(st, uid, what, arg, name))
        return numbers[uid], said

    # the sandbox's keys (pmtui/tui/sandbox/screen.py) name these
    def toggle_rest(self, uid: int) -> tuple[int, str]:
        return self.card_mark(uid, "rest")

    def toggle_summoned(self, uid: int) -> tuple[int, str]:
        return self.card_mark(uid, "summoned")

    def coin(self, uid: int, n: int = 1) -> tuple[int, str]:
        return self.card_mark(uid, "coins", n)

    def toggle_down(self, uid: int) -> tuple[int, str]:
        return self.card_mark(uid, "down")

    def set_moment(self, label: str, **kw: Any) -> str:
        self.edit(label, lambda st: self.edits.set_moment(st, **kw))
        return label

    def set_turn(self, turn: int, *, swap_first: bool = False) -> str:
        self.edit(f"turn {turn}", lambda st: self.edits.set_turn(st, turn, swap_first=swap_first))
        ap = self.state.vars.get("ap", 0)
        return f"turn {turn}: {who(ap)}'s turn"

    def _dest(self, player: int, zone: str, where: Mapping[str, Any]) -> str:
        if where.get("host") is not None:
            return f"{who(player)}'s {self.card_name(where['host'])} (as a support)"
        if where.get("under") is not None:
            return f"the level stack of {who(player)}'s {self.card_name(where['under'])}"
        extra = " (face down)" if where.get("down") else ""
        if zone == "deck":
            extra = " (bottom)" if where.get("bottom") else " (top)"
        return f"{who(player)}'s {self.positions.zone_words.get(zone, zone)}{extra}"

    # -- asking ------------------------------------------------------------------------

    def why(self, text: str, record: bool = True) -> str | None:
        """None when `text` is legal now, else the rules' reason (one line, with its page)."""
        text = " ".join(text.split())
        if not text:
            raise EditError("type an action in notation, like: summon STA-004 main")
        try:
            reason = self.rs.explain(self.state, text)
        except Exception as exc:  # noqa: BLE001 - a question never breaks the sandbox
            raise EditError(f"cannot ask about {text!r}: {type(exc).__name__}: {exc}") from None
        if record and all(t != text for t, _ in self.asked):
            self.asked.append((text, reason))
        return reason

    # -- saving ------------------------------------------------------------------------

    def to_toml(self, target: Path | None = None) -> str:
        """The position now as a scenario file, with expectations `pmtui check` confirms;
        its card files are named relative to `target` (default: the working folder)."""
        from pmtui.table.scenarios import Expect, check_expect, loads, new_game, run

        header = self.game.header
        from_decks = "scenario" not in header  # a [setup] file, not edited: saved as one
        built = self._built
        if from_decks:
            doc: dict[str, Any] = {"setup": self._setup_doc()}
            order = list(range(len(self.state.cards)))  # the same game: the same numbers
        elif built is not None and built[0] is self.game and not self.game.moves:
            doc = dict(built[1])
            order = list(range(len(self.state.cards)))
        else:
            try:
                doc, order = self.positions.write(self.state)
            except PositionError as exc:
                raise EditError(str(exc)) from None
        top: dict[str, Any] = {"ruleset": self.rs.id, "name": self.name}
        if self.page:
            top["page"] = self.page
        desc = self.description or "Set up in the pmtui sandbox."
        top["description"] = desc
        if self.seed:
            top["seed"] = self.seed
        if self.chance == "ask":
            top["chance"] = "ask"
        here = Path(target).parent if target is not None else Path(".")
        fix = [str(e) for e in header.get("fix", ())] if from_decks else self.fix_left()
        if fix:
            top["fix"] = fix
        if from_decks and self.game.moves:
            top["actions"] = [text for _, text in self.game.moves]
        if self.card_files:
            top["card_files"] = [Path(os.path.relpath(Path(p).resolve(), here.resolve()))
                                 .as_posix() for p in self.card_files]
        body = {**top, **doc}
        notes = self._card_notes(doc)
        comments = ["Saved from the pmtui sandbox. Check it with: pmtui check FILE"]
        base = dump(body, comments=comments, card_notes=notes)
        sc = loads(base, str(here / "<sandbox>"))
        game = run(sc).game if from_decks else new_game(sc)
        d = game.pending()
        expects: list[dict[str, Any]] = []
        if d is None:
            over = game.over or {}
            w = over.get("winner")
            expects.append({"winner": "draw" if w is None else PLAYERS[w]})
        else:
            who = {} if d.player == CHANCE else {"to_act": PLAYERS[d.player]}
            expects.append({**who, "decision": d.kind, "legal": list(d.texts)})
        for text, reason in self.asked:
            if reason is None:
                continue
            e: dict[str, Any] = {"illegal": [self.edits.remap(text, order)]}
            page = PAGE.findall(reason)
            if page:
                e["reason_contains"] = page[-1].strip("()")
            if not check_expect(sc, game, Expect(e, None, 0)):
                expects.append(e)
        return dump({**body, "expect": expects}, comments=comments, card_notes=notes)

    def _setup_doc(self) -> dict[str, Any]:
        """The decks (and options) a game that started before its setup was given."""
        header = self.game.header
        out: dict[str, Any] = {}
        if header.get("options"):
            out["options"] = dict(header["options"])
        for p, deck in zip(PLAYERS, header.get("decks", ()), strict=False):
            out[p] = {part: list(deck.get(part, ())) for part in self.rs.deck_parts
                      if deck.get(part)}
        return out

    def _card_notes(self, doc: Mapping[str, Any]) -> dict[tuple[str, str, int], str]:
        notes = {}
        for p in PLAYERS:
            for zone, items in (doc.get(p) or {}).items():
                if not isinstance(items, list):
                    continue
                for i, item in enumerate(items):
                    cid = item if isinstance(item, str) else item.get("card")
                    d = self.defs.get(cid)
                    if d is not None:
                        notes[(p, zone, i)] = d.name
        return notes

    def save(self, path: Path | str) -> str:
        """Write the scenario file; returns a one-line report (EditError on failure)."""
        from pmtui.table.scenarios import ScenarioError, load, run

        target = Path(path).expanduser()
        try:
            target.parent.mkdir(parents=True, exist_ok=True)  # card files are named from it
        except OSError as exc:
            raise EditError(f"cannot write {target}: {exc.strerror or exc}") from None
        text = self.to_toml(target)
        try:
            target.write_text(text, encoding="utf-8")
        except OSError as exc:
            raise EditError(f"cannot write {target}: {exc.strerror or exc}") from None
        try:
            result = run(load(target))
        except ScenarioError as exc:  # pragma: no cover - the writer and reader disagree
            raise EditError(f"saved, but it does not load back: {exc}") from None
        if not result.ok:  # pragma: no cover
            raise EditError(f"saved, but pmtui check fails: {result.failures[0]}")
        n = text.count("[[expect]]")
        return f"saved {target} ({n} expectation(s); pmtui check passes)"


def zone_cards(state: State, player: int, zone: str) -> list[int]:
    return list(state.zones.get(zkey(player, zone), ()))


def acting(state: State, decision: Decision | None) -> str:
    if decision is None:
        return "the game is over"
    return f"{who(decision.player)} to act ({decision.kind})"


def legal_or_reason(reason: str | None) -> str:
    return "legal: it is a choice now" if reason is None else reason


__all__ = ["EditError", "Sandbox", "SandboxTable", "acting", "legal_or_reason", "zone_cards"]
