"""A replay, headless: the records of a save around a cursor, and where a viewer stands.

It stands on `ReplayCursor` (pmtui/engine/replay.py): the state at any step is
a fold of the logged events, no rules code and no randomness, so an old save
replays after the rules change. What a step shows comes from a player VIEW
(`pmtui.engine.views.view`) for perspective player 1 or 2, with the log
redacted for that player; "both" is an omniscient rendering (every card face
up, nothing redacted), offered for a save file given on the command line and,
inside a game, only once it is over.

Steps count records after the header (see ReplayCursor): step p is the state
after the first p records. A step moves one record (a decision or one event);
the decision stride lands just after a decision record, so the board shows the
moment it was made and the line names it.

`ReplayModel` is the save; `Replay` is one viewer's place in it (step,
perspective) and `Replay.shown()` what that step shows. The screen
(pmtui/tui/replay.py) only draws a `Shown` and says a refusal.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pmtui.engine.chance import roll_text
from pmtui.engine.replay import ReplayCursor
from pmtui.engine.ruleset import CardDef, Ruleset
from pmtui.engine.screen import View, acts
from pmtui.engine.state import FoldError
from pmtui.engine.views import (
    SecretDecisions,
    omniscient_view,
    redact,
    redact_decision,
    view,
)
from pmtui.table.logtext import (
    SEATS,
    LogLine,
    card_namer,
    end_text,
    log_lines,
    moves_text,
    pick_kinds,
    printable,
    reveal_text,
    seat,
    turn_change,
    turn_text,
    unshown_pick,
    worded,
    zone_word,
)
from pmtui.table.words import REF, in_words

Perspective = int | None  # 0, 1, or None: both sides, every card shown
# a change of the rules' own variables that nothing on the screen shows (a payment's
# progress, an effect's place in its steps): said so, not as the variables
QUIET = "· the rules keep track (nothing you see changes)"


def _namer_by_number(pview: View, card_name: Callable[[object], str]) -> Callable[[object], str]:
    """A card's name from its number in this game, as the view shows it ("a card" when
    the reader may not see it)."""
    seen = {c.get("uid"): c.get("cid") for z in pview["zones"].values()
            if isinstance(z, list) for c in z if isinstance(c, Mapping)}
    return lambda uid: card_name(seen.get(uid))


class ReplayModel:
    """A save's records around a ReplayCursor, with what the viewer needs per perspective."""

    def __init__(
        self,
        header: Mapping[str, Any],
        records: Sequence[Mapping[str, Any]],
        *,
        ruleset: Ruleset | None = None,
        warnings: Sequence[str] = (),
    ) -> None:
        if ruleset is None:
            from pmtui.table.games import ruleset as load
            from pmtui.table.registry import header_ruleset

            ruleset = load(header_ruleset(header))  # SetupError: not installed
        self.rs = ruleset
        self.header = dict(header)
        self.cursor = ReplayCursor(header, [dict(r) for r in records])  # FoldError
        self.defs: Mapping[str, CardDef] = ruleset.cards
        # every card the game made must be one of the ruleset's: a save naming another
        # game (a hand-edited header) is refused here, not in the middle of drawing it
        unknown = next((c.cid for c in self.cursor.state.cards if c.cid not in self.defs), None)
        if unknown is not None:
            raise FoldError(f"card {str(unknown)[:40]!r} is not one of the cards of "
                            f"{ruleset.id} (a save of another game?)")
        players = list(self.header.get("players") or [])
        self.names = [
            printable(players[i].get("name") or f"Player {i + 1}")
            if i < len(players) and isinstance(players[i], Mapping) else f"Player {i + 1}"
            for i in (0, 1)
        ]
        self.warnings = list(warnings)
        self.unverified = ""  # why the save does not verify, when it was opened anyway
        self.path: Path | None = None  # the save file holding the game (None: in memory only)
        if self.header.get("pool_digest") not in (None, ruleset.pool_digest):
            self.warnings.append("the card pool has changed since this game was played: "
                                 "some cards may show differently")
        self.over = self.cursor.state.vars.get("over")  # the cursor starts at the end
        self._secrets: SecretDecisions | None = None
        self.turns = sorted({t for _, t in self.cursor.turn_steps if isinstance(t, int)})
        self._logs: dict[tuple[Perspective, tuple[str, ...]], list[tuple[int, LogLine]]] = {}
        self._start: int | None = None
        self._unseen: dict[Perspective, frozenset[int]] = {}

    @classmethod
    def from_file(cls, path: str | Path, *, unverified: bool = False) -> ReplayModel:
        """Read a save (SaveError, FoldError: one line naming the file), checking every
        hash it carries against the fold (a hand-edited event is refused naming its
        record: "record 41: the chain differs from the fold") and re-executing it as
        `pmtui verify` does (a forged decision is refused too). With `unverified` a
        save that does not verify opens, `unverified` saying why (the viewer keeps it
        on screen)."""
        import os

        from pmtui.engine.game import header_problem
        from pmtui.engine.journal import _oneline, in_file, read_journal
        from pmtui.engine.state import FoldError
        from pmtui.table.games import SetupError
        from pmtui.table.saves import NOT_SHOWN, check_shown

        name = _oneline(os.fspath(path))
        loaded = read_journal(path)
        try:
            problem = header_problem(loaded.header)
            if problem:
                raise FoldError(f"line 1: {problem}")
            try:
                model = cls(loaded.header, loaded.records, warnings=loaded.warnings)
            except SetupError as exc:  # a ruleset that is not installed
                raise FoldError(f"line 1: header: {exc}") from None
            model.path = Path(path)
            try:
                model.cursor.check_hashes()
            except FoldError as exc:
                if not unverified:
                    raise FoldError(f"{exc} ({NOT_SHOWN})") from None
                model.unverified = f"NOT VERIFIED: {in_file(name, str(exc))}"
                return model
        except FoldError as exc:  # every error names the file, as a SaveError does
            raise FoldError(in_file(name, str(exc))) from None
        _, model.unverified = check_shown(loaded, name, unverified=unverified)
        return model

    @property
    def humans(self) -> list[int]:
        players = self.header.get("players") or []
        return [i for i, p in enumerate(players[:2])
                if isinstance(p, Mapping) and p.get("kind") == "human"]

    def __len__(self) -> int:
        return len(self.cursor)

    # -- what one perspective may see -----------------------------------------------

    def view(self, perspective: Perspective) -> dict[str, Any]:
        state = self.cursor.state
        if perspective is None:
            return omniscient_view(self.rs, state)
        return view(self.rs, state, perspective)

    def card_name(self, cid: Any) -> str:
        return card_namer(self.defs)(cid)  # an unknown id (a hand-edited save) as it is

    def _event(self, ev: Mapping[str, Any], perspective: Perspective) -> dict[str, Any]:
        return dict(ev) if perspective is None else redact(self.rs, dict(ev), perspective)

    def _decision(self, rec: Mapping[str, Any], perspective: Perspective) -> dict[str, Any]:
        if perspective is None:
            return dict(rec)
        if self._secrets is None:  # a play named but never confirmed stays hidden
            self._secrets = SecretDecisions(self.rs)
            self._secrets.feed(self.cursor.records)
        return redact_decision(rec, perspective, self._secrets)

    def unseen(self, perspective: Perspective) -> frozenset[int]:
        """The steps a seat may not know happened: a question another seat was asked in
        secret (a hand card's, passed: docs/engine.md, "Views") and the variable changes
        just before and after it that change nothing this seat's view holds. Stepping
        passes over them and the step count leaves them out, so the moment of the
        question does not show as an empty step. Nothing is unseen by "both"."""
        if perspective is None:
            return frozenset()
        if perspective in self._unseen:
            return self._unseen[perspective]
        cur, here, out = self.cursor, self.cursor.position, set()

        def quiet(i: int) -> bool:  # record i (0-based) is a variable change p cannot see
            rec = cur.record_at(i)
            if rec is None or rec.get("type") != "event" or \
                    (rec.get("event") or {}).get("t") != "var":
                return False
            def seen(step: int) -> dict[str, Any]:  # a variable set to None is no variable
                got = self.rs.redact_vars(cur.seek(step).vars, perspective)
                return {k: v for k, v in got.items() if v is not None}

            return seen(i) == seen(i + 1)

        try:
            for i in range(len(self)):
                rec = cur.record_at(i) or {}
                if rec.get("type") != "decision" or rec.get("player") == perspective or \
                        not rec.get("secret"):
                    continue
                out.add(i + 1)
                for step in (-1, 1):  # the quiet changes before it, then after it
                    j = i + step
                    while 0 <= j < len(self) and quiet(j):
                        out.add(j + 1)
                        j += step
        finally:
            cur.seek(here)
        self._unseen[perspective] = frozenset(out)
        return self._unseen[perspective]

    def record_text(self, index: int, perspective: Perspective) -> str:
        """One record in words, as `perspective` may read it (decisions in notation),
        with any control character from the save written out."""
        return printable(self._record_text(index, perspective))

    def _record_text(self, index: int, perspective: Perspective) -> str:
        rec = self.cursor.record_at(index)
        if rec is None:
            return ""
        kind = rec.get("type")
        if kind == "decision":
            r = self._decision(rec, perspective)
            if r.get("secret") and "action" not in r:
                return ""  # a question this reader may not know was asked
            return f"{seat(r.get('player'))} {r.get('action')}"
        if kind == "undo":
            return f"undo: back to decision {rec.get('to')}"
        if kind == "note":
            return f"note: {rec.get('text', '')}"
        if kind != "event":
            return str(kind)
        ev = self._event(rec.get("event") or {}, perspective)
        if ev.get("t") == "var" and "turn" not in (ev.get("set") or {}):
            return self._table_words(index, perspective, ev.get("set") or {})
        return self.event_text(ev)

    def step_text(self, index: int, perspective: Perspective,
                  names: Sequence[str] = SEATS) -> str:
        """One record in the table's words, as `perspective` may read it, the seats
        named `names`: a decision as the log panel words it ("Ann: Summon Umi
        Takatsuki to the Main Area"), an event in the game's own words where it has
        them (`ScreenSpec.event_line`: a damage dealt, a play disabled), a change of
        the turn's variables as the turn-flow panel then reads; "" for a question
        this reader may not know was asked. Control characters from the save are
        written out."""
        rec = self.cursor.record_at(index)
        if rec is None:
            return ""
        here = self.cursor.position
        try:
            self.cursor.seek(index + 1)
            pview = self.view(perspective)
            return printable(self._step_text(index, rec, perspective, names, pview))
        finally:
            self.cursor.seek(here)

    def _step_text(self, index: int, rec: Mapping[str, Any], perspective: Perspective,
                   names: Sequence[str], pview: View) -> str:
        screen = self.rs.screen
        kind = rec.get("type")
        if kind == "decision":
            r = self._decision(rec, perspective)
            if r.get("secret") and "action" not in r:
                return ""
            what = screen.label(str(r.get("action") or ""), pview)
            return f"{seat(r.get('player'), names)}: {in_words(what, self.card_name, names)}"
        if kind != "event":
            return self._record_text(index, perspective)
        ev = self._event(rec.get("event") or {}, perspective)
        by_number = _namer_by_number(pview, self.card_name)
        said = screen.event_line(ev, by_number, names)
        if said:
            return said
        t = ev.get("t")
        if t == "flag":  # the cards by name, a flag set as its word, one cleared as "no"
            uids = ev.get("cards") or [ev.get("card")]
            flags = ", ".join(k if v is True else f"no {k}" if v in (None, False) else f"{k} {v}"
                              for k, v in (ev.get("f") or {}).items())
            why = f" ({ev['why']})" if ev.get("why") else ""
            return f"{', '.join(by_number(u) for u in uids)}: {flags}{why}"
        if t == "say" and ev.get("what"):  # a game's announcement it has no words for
            who = f"{seat(ev['by'], names)}: " if isinstance(ev.get("by"), int) else ""
            name = f" {ev['name']}" if isinstance(ev.get("name"), str) else ""
            numbers = "" if who else ", ".join(  # a result: the numbers compared
                f"{k} {v}" for k, v in ev.items() if isinstance(v, int) and k != "card")
            return f"{who}{ev['what']}{name}{': ' + numbers if numbers else ''}"
        if t == "var":
            changes = turn_change(ev)
            if changes is not None:
                return turn_text(changes, names)
            return self._table_words(index, perspective, ev.get("set") or {}, names)
        if t == "move":
            return moves_text([ev], self.card_name, names, screen.layout.title)
        if t == "shuffle":
            owner = str(ev.get("zone", "?/")).partition("/")[0]
            who = seat(int(owner), names) if owner.isdigit() else "?"
            return f"{acts(who, 'shuffle')} the {screen.layout.title(zone_word(ev.get('zone')))}"
        if t == "reveal" and ev.get("to") is None:
            return reveal_text(ev, self.card_name, names)
        if t in ("roll", "end"):  # their reasons name seats as "player 1", cards by ref
            reason = in_words(str(ev.get("reason", "")), self.card_name, names)
            return in_words(roll_text(ev), self.card_name, names) if t == "roll" \
                else end_text({**ev, "reason": reason}, names)
        return in_words(self.event_text(ev), self.card_name, names)

    def _table_words(self, index: int, perspective: Perspective,
                     changed: Mapping[str, Any], names: Sequence[str] | None = None) -> str:
        """A change of the turn's variables in the game's words: the ruleset's turn-flow
        panel (`ScreenSpec.flow`, as the game screen draws it) just after the record,
        never the variables' own names and values ("prio 0"): the phase, step and who
        acts when those change, else the panel's lines the change brought (a chain
        opened, "Ann may respond"); a change the panel does not show says so. The
        seats are `names` (the header's by default)."""
        names = self.names if names is None else names
        here = self.cursor.position
        try:
            self.cursor.seek(index)
            before = self.rs.screen.flow(self.view(perspective), names)
            self.cursor.seek(index + 1)
            flow = self.rs.screen.flow(self.view(perspective), names)
        finally:
            self.cursor.seek(here)
        lines = [f"{ln.text.strip()}{ln.more}" for ln in flow.lines if ln.text.strip()]
        loud = [f"{ln.text.strip()}{ln.more}" for ln in flow.lines
                if ln.text.strip() and ln.tone != "dim"]
        if not set(changed) & {"phase", "step", "prio", "passes"}:
            was = {f"{ln.text.strip()}{ln.more}" for ln in before.lines}
            new = [ln for ln in lines if ln not in was]
            return "· " + " · ".join(new) if new else QUIET
        # the phase (a game being set up has none: the panel's headline names it)
        parts = [next((label for label, now in flow.phases if now),
                      "" if flow.phases else flow.headline)]
        if changed.get("step") is not None:  # its mark, or the panel's line about it
            step = next((label for label, now in flow.steps if now), "")
            parts.append(next((ln for ln in lines if ln.startswith(step)), step))
        if any(changed.get(k) is not None for k in ("prio", "passes")):
            parts.append(next((ln for ln in loud if ln not in parts), ""))  # who acts now
        words = [p for p in dict.fromkeys(parts) if p]
        return "· " + " · ".join(words) if words else QUIET

    def event_text(self, ev: Mapping[str, Any]) -> str:
        t = ev.get("t")
        if t == "move":
            return moves_text([ev], self.card_name)
        if t == "shuffle":
            owner = str(ev.get("zone", "?/")).partition("/")[0]
            who = f"P{int(owner) + 1}" if owner.isdigit() else "?"
            return f"{who} shuffles the {zone_word(ev.get('zone'))}"
        if t == "var":  # a new turn (the other changes are worded by _table_words)
            s = ev.get("set") or {}
            return f"turn {s.get('turn')}: {seat(s.get('ap'))}'s turn"
        if t == "flag":
            uid = ev.get("card")
            c = self.cursor.state.cards[uid] if isinstance(uid, int) and 0 <= uid < len(
                self.cursor.state.cards) else None
            name = self.card_name(c.cid) if c is not None else "cards"
            flags = ", ".join(f"{k} {v}" if v is not None else f"no {k}"
                              for k, v in (ev.get("f") or {}).items())
            return f"{name}: {flags}"
        if t == "roll":
            return roll_text(ev)
        if t == "end":
            return end_text(ev)
        if t == "create":
            return f"{len(ev.get('cards') or [])} cards on the table"
        if t in ("look", "reveal", "say"):
            what = ev.get("text") or ev.get("why") or ""
            return f"{t} {what}".strip()
        return str(t)

    def log(self, perspective: Perspective,
            names: Sequence[str] = SEATS) -> list[tuple[int, LogLine]]:
        """The game log as `perspective` reads it, the seats named `names`: (step it
        appears at, line), less the picks of a set the reader was not shown, as the
        table's log panel leaves them out (decisions in notation: `Replay` words them)."""
        key = (perspective, tuple(names))
        cached = self._logs.get(key)
        if cached is None:
            picks = pick_kinds(self.rs.screen)
            cached = [(step, line) for step, line in log_lines(
                self.cursor.records,
                event=lambda ev: self._event(ev, perspective),
                decision=lambda rec: self._decision(rec, perspective),
                card_name=self.card_name,
                notes=True,
                names=names,
                said=self.rs.screen.event_line,
                zone_name=self.rs.screen.layout.title,
            ) if not unshown_pick(line, picks)]
            self._logs[key] = cached
        return cached

    # -- strides -------------------------------------------------------------------

    def start_step(self) -> int:
        """Where a replay opens and `home` goes, the start of play: the first decision
        asked once cards are dealt, that is once a card went from a hidden zone (a deck)
        to one its owner sees (a hand): a hand redraw, say (choosing who goes first
        comes before the deal). A game that deals nothing (a position set up from a
        scenario): the first decision with cards out of the decks; else the first
        decision, else the end."""
        if self._start is None:
            self._start = self._start_of_play()
        return self._start

    def _start_of_play(self) -> int:
        cur = self.cursor
        seen = self.rs.visibility

        def deal(rec: Mapping[str, Any]) -> bool:  # hidden (a deck) to its owner's (a hand)
            ev = (rec.get("event") or {}) if rec.get("type") == "event" else {}
            return ev.get("t") == "move" and seen.get(zone_word(ev.get("from"))) == "hidden" \
                and seen.get(zone_word(ev.get("to"))) == "owner"

        dealt = next((i for i, rec in enumerate(cur.records) if deal(rec)), None)
        if dealt is not None:
            step = next((s for s in cur.decision_steps if s > dealt), None)
            if step is not None:
                return step
        here = cur.position
        try:
            for step in cur.decision_steps[:8]:
                state = cur.seek(step)
                if any(uids for key, uids in state.zones.items() if not key.endswith("/deck")):
                    return step
        finally:
            cur.seek(here)
        return cur.decision_steps[0] if cur.decision_steps else len(self)

    def decision_stops(self) -> list[int]:
        """Just after each decision record: the board as it was decided, the line names it."""
        return [s + 1 for s in self.cursor.decision_steps]

    def turn_stops(self) -> list[int]:
        return sorted({s for s, _ in self.cursor.turn_steps})

    def turn_start(self, turn: int) -> int | None:
        """The step the first time turn `turn` began (None: the game has no such turn)."""
        return next((s for s, t in self.cursor.turn_steps if t == turn), None)

    def focus_uid(self, step: int, perspective: Perspective) -> int | None:
        """The card the record just applied is about (to highlight it), if any."""
        rec = self.cursor.record_at(step - 1)
        if rec is None:
            return None
        if rec.get("type") == "decision":
            m = REF.search(str(self._decision(rec, perspective).get("action", "")))
            return int(m.group(2)) if m else None
        if rec.get("type") == "event":
            ev = self._event(rec.get("event") or {}, perspective)
            uid = ev.get("card")
            if uid is None and ev.get("cards") and ev.get("t") == "flag":
                uid = ev["cards"][0]
            return uid if isinstance(uid, int) else None
        return None


@dataclass(frozen=True, slots=True)
class Shown:
    """What one step shows one perspective: the view to draw, the card the step is
    about, the log so far, and the record just applied in the table's words."""

    position: int
    length: int
    view: dict[str, Any]
    focus: int | None  # the card the record just applied is about
    log: list[LogLine]
    line: str  # the record just applied, in words ("" before the first)
    decision: bool  # the record just applied is a decision
    at_start: bool = False  # the start of play (`home`: the cards are dealt)

    @property
    def at_end(self) -> bool:
        return self.position >= self.length


class Replay:
    """One viewer's place in a replay: the step, and as whom it is seen.

    `home` is the seat a game's own viewer is locked to; `allow_both`: both sides
    (and the other seat) may be shown. Refusals come back as one line of words."""

    def __init__(
        self,
        model: ReplayModel,
        *,
        perspective: Perspective = 0,
        allow_both: bool = True,
        start: str | int = "start",
        labels: Sequence[str] | None = None,
    ) -> None:
        self.model = model
        self.perspective: Perspective = perspective
        self.home = perspective
        self.allow_both = allow_both
        self.labels = list(labels) if labels else list(model.names)
        self._worded: dict[LogLine, LogLine] = {}
        if start == "end":
            self.position = len(model)
        elif start == "start":
            self.position = model.start_step()
        else:
            self.position = max(0, min(int(start), len(model)))

    # -- moving ----------------------------------------------------------------------

    def seek(self, step: int) -> None:
        self.position = max(0, min(step, len(self.model)))
        self.model.cursor.seek(self.position)

    def step(self, delta: int) -> None:
        """One step forward or back, over the steps this perspective may not know of
        (`ReplayModel.unseen`)."""
        unseen = self.model.unseen(self.perspective)
        at = self.position + delta
        while 0 < at < len(self.model) and at in unseen:
            at += delta
        self.seek(at)

    def stride(self, what: str, delta: int) -> str | None:
        """To the next (delta > 0) or previous "decision" or "turn"; None when moved, else
        why not."""
        stops = self.model.decision_stops() if what == "decision" else self.model.turn_stops()
        unseen = self.model.unseen(self.perspective)
        stops = [s for s in stops if s not in unseen]
        cur = self.model.cursor
        cur.seek(self.position)
        target = cur.next_of(stops) if delta > 0 else cur.previous_of(stops)
        if target is None:
            return f"no {'later' if delta > 0 else 'earlier'} {what}"
        self.seek(target)
        return None

    def turn_in_words(self) -> tuple[str, list[LogLine]]:
        """Over the rest of this turn to the start of the next (or the end), and what
        happened in it: a title and the log lines of the steps passed over, as this
        perspective reads them, in the words of the table's summary after the
        computer's turn ("While you waited": no passes; a decision the reader was
        told only the kind of, counted when it comes again at once). Both seats'
        doings are kept: a replay is read to see the whole turn."""
        model = self.model
        start = self.position
        later = [s for s in model.turn_stops() if s > start]
        end = later[0] if later else len(model)
        model.cursor.seek(start)
        turn = model.cursor.turn_at(start) if start else None
        self.seek(end)
        pview = model.view(self.perspective)
        pass_text = model.rs.screen.words.pass_text
        lines = [self._word(ln, pview) for step, ln in model.log(self.perspective, self.labels)
                 if start < step <= end and not (ln.kind == "decision" and ln.action == pass_text)]
        if lines and lines[-1].kind == "turn" and later:
            lines.pop()  # the next turn's own line: the board stands at its start
        if not isinstance(turn, int):
            return "Before the first turn", lines
        began = model.turn_start(turn)
        whose = next((ln.player for step, ln in model.log(self.perspective, self.labels)
                      if step == began and ln.kind == "turn"), None)
        title = f"Turn {turn}" + (f": {self.labels[whose]}" if whose is not None else "")
        return title + ("" if start == began else " (from here)"), lines

    def edge(self, end: bool) -> None:
        self.seek(len(self.model) if end else self.model.start_step())

    def goto_turn(self, value: str) -> str | None:
        """To the start of the turn typed in `value`; None when moved, else why not."""
        turns = self.model.turns
        if not turns:
            return "this game has no turns yet"
        try:
            turn = int(value.strip())
        except ValueError:
            return f"not a turn number: {value!r}"
        step = self.model.turn_start(turn)
        if step is None:
            return f"no turn {turn} (turns {turns[0]}–{turns[-1]})"
        self.seek(step)
        return None

    # -- as whom ---------------------------------------------------------------------

    @property
    def bottom(self) -> int:
        """The seat drawn at the bottom."""
        return 0 if self.perspective is None else self.perspective

    def label(self) -> str:
        if self.perspective is None:
            return "both (all cards)"
        return f"P{self.perspective + 1} {self.labels[self.perspective]}"

    def view_as(self, player: Perspective) -> str | None:
        """See the game as seat `player` (None: both sides); None when done, else why not."""
        if player is None:
            if not self.allow_both:
                return "both hands are shown only once the game is over"
        elif player != self.home and not self.allow_both:
            return "during a game you see only your own side (both once it is over)"
        self.perspective = player
        at, unseen = self.position, self.model.unseen(player)
        while at > 0 and at in unseen:  # a step this seat may not know of: the one before
            at -= 1
        self.seek(at)
        return None

    # -- what the step shows ---------------------------------------------------------------

    def _word(self, line: LogLine, pview: View) -> LogLine:
        """A log line as the table's log panel says it, the seats by the header's names."""
        out = self._worded.get(line)
        if out is None:
            screen = self.model.rs.screen
            out = worded(line, self.labels, lambda action: screen.label(action, pview),
                         screen.card_name)
            self._worded[line] = out
        return out

    def shown(self) -> Shown:
        model, p, at = self.model, self.perspective, self.position
        model.cursor.seek(at)
        pview = model.view(p)
        line, decision = "", False
        if at > 0:
            line = model.step_text(at - 1, p, self.labels)
            rec = model.cursor.record_at(at - 1) or {}
            decision = rec.get("type") == "decision" and bool(line)
        model.cursor.seek(at)
        unseen = model.unseen(p)  # counted as this perspective steps: without them
        return Shown(
            position=at - sum(1 for s in unseen if s <= at),
            length=len(model) - len(unseen),
            view=pview,
            focus=model.focus_uid(at, p),
            log=[self._word(ln, pview) for step, ln in model.log(p, self.labels) if step <= at],
            line=line,
            decision=decision,
            at_start=at == model.start_step(),
        )
