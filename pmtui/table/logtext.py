"""The game log in words: one renderer for the table's log panel and the replay viewer.

Records become lines as one reader may see them: the caller passes the redaction
(`views.redact` / `redact_decision` for a seat, the identity for an omniscient
replay) and how to name a card. Consecutive moves alike (same zones, same reason)
are one line; a new turn, a roll and the end each have their own.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, replace

from pmtui.engine.chance import roll_text
from pmtui.engine.decision import CHANCE
from pmtui.engine.ruleset import CardDef
from pmtui.engine.screen import PickSet, ScreenSpec, acts
from pmtui.table.words import in_words

Record = Mapping[str, object]
Event = Mapping[str, object]
# the game's words for an event: (event, card number -> name, seat names) -> line or None
EventWords = Callable[[Event, Callable[[object], str], Sequence[str]], "str | None"]


@dataclass(frozen=True, slots=True)
class LogLine:
    """One line of the game log as one reader may read it."""

    text: str
    kind: str  # "decision", "event", "effect" (the game's own line), "turn", "undo", "end"
    player: int | None = None
    action: str = ""  # a decision's option text (a screen may label it in words)
    # a decision the reader was told only the kind of (a pick among cards hidden from
    # them): two such lines alike are the same thing twice, nothing tells them apart
    hidden: bool = False


# Characters a terminal acts on instead of showing: C0 controls (ESC starts OSC 52
# clipboard writes, title changes, ...), DEL, C1 controls (0x9b is a one-byte CSI) and
# the bidirectional overrides that can make text read other than it is; and the lone
# surrogates a JSON file may hold ("\ud800"), which no output encoding can write.
_UNSHOWN = "\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff"
_CONTROLS = re.compile(f"[\x00-\x1f{_UNSHOWN}]")
# the same in a command's output, where a line's own LF and a tab are the command's
_IN_OUTPUT = re.compile(f"[\x00-\x08\x0b-\x1f{_UNSHOWN}]")


def printable(text: object) -> str:
    """`text` with every control character written out (ESC as \\x1b): for any text
    that comes from a save, a card or deck file, a scenario or a player name, on
    its way to a screen or a terminal."""
    return _CONTROLS.sub(_written_out, str(text))


def json_printable(text: str) -> str:
    """A JSON text (from json.dumps) with the controls JSON leaves raw escaped as \\uXXXX."""
    return _CONTROLS.sub(_json_escape, text)


def output_printable(text: str, json: bool = False) -> str:
    """What a command prints, its lines kept: every other control written out as
    `printable` does, or (`json`: the output is JSON) as JSON's \\uXXXX."""
    return _IN_OUTPUT.sub(_json_escape if json else _written_out, text)


def _written_out(m: re.Match[str]) -> str:
    c = ord(m.group())
    return f"\\x{c:02x}" if c < 256 else f"\\u{c:04x}"


def _json_escape(m: re.Match[str]) -> str:
    return f"\\u{ord(m.group()):04x}"


_INNER, _FOLD = re.compile(r" \(([^()]*)\)"), r", \1"  # a bracketed part of a move's reason
SEATS = ("P1", "P2")  # how a seat is named when the reader gives no names


def seat(player: object, names: Sequence[str] = SEATS) -> str:
    if player == CHANCE:  # an outcome fixed from outside (a scenario's die)
        return "chance"
    return names[player] if isinstance(player, int) and 0 <= player < len(names) else "?"


def zone_word(zone: object) -> str:
    _, _, name = str(zone or "").partition("/")
    return name or str(zone or "?")


def counted(lines: Sequence[LogLine]) -> list[tuple[LogLine, int]]:
    """Each line with how many times it comes in a row. Only a decision the reader was
    told nothing of but its kind is counted (the same thing twice: "CPU: trap ×2");
    any other line alike says something of its own (two cards of one name each taking
    15 damage), so it stays a line of its own."""
    out: list[tuple[LogLine, int]] = []
    for x in lines:
        if out and x.hidden and out[-1][0] == x:
            out[-1] = (x, out[-1][1] + 1)
        else:
            out.append((x, 1))
    return out


def pick_kinds(screen: ScreenSpec) -> list[str]:
    """The decision kinds the game asks as a pick of a set (`PickSet`): the kinds of
    the lines `unshown_pick` may leave out."""
    return [k for k, p in screen.prompts.items() if isinstance(p, PickSet)]


def without_picks(lines: Sequence[LogLine], pick_kinds: Collection[str]) -> list[LogLine]:
    """`lines` less the picks of a set the reader was not shown (`unshown_pick`)."""
    return [x for x in lines if not unshown_pick(x, pick_kinds)]


def unshown_pick(line: LogLine, pick_kinds: Collection[str]) -> bool:
    """Whether `line` is a pick of a set the reader was not shown (a cost paid from a
    hidden hand: "CPU pay" once per card and once for the confirm): the play's own line
    stands for them and the moves after it say what was paid."""
    return line.hidden and line.action in pick_kinds


def worded(line: LogLine, names: Sequence[str], label: Callable[[str], str],
           card_name: Callable[[str], str]) -> LogLine:
    """A log line as the table says it: a decision in the ruleset's words (`label`,
    `ScreenSpec.label`) after its seat's name ("CPU: Summon Kaede to the Main Area"),
    the end's reason with cards and seats by name; any other line as it is."""
    if line.kind == "end":
        return replace(line, text=printable(in_words(line.text, card_name, names)))
    if line.kind != "decision" or not line.action or line.player is None:
        return line
    return replace(line, text=printable(f"{names[line.player]}: {label(line.action)}"))


def card_namer(defs: Mapping[str, CardDef]) -> Callable[[object], str]:
    """A card's name from its id ("a card" when the reader may not know it)."""

    def name(cid: object) -> str:
        if not cid:
            return "a card"
        key = str(cid)  # a card pool's get raises for an unknown id: ask first
        return defs[key].name if key in defs else key

    return name


def _owner(zone: object, names: Sequence[str] = SEATS) -> str:
    owner = str(zone or "?/").partition("/")[0]
    return seat(int(owner), names) if owner.isdigit() else "?"


def moves_text(moves: Sequence[Event], card_name: Callable[[object], str],
               names: Sequence[str] = SEATS, zone_name: Callable[[str], str] | None = None,
               ) -> str:
    """Moves alike (same zones, same reason) in one line: "P1 Mirei: hand→main (summon)";
    `zone_name` names a zone (without the seat) in the game's words ("Main Area")."""
    ev = moves[0]
    if len(moves) == 1:
        what = card_name(ev.get("cid")) if ev.get("card") is not None else "a card"
    else:
        what = f"{len(moves)} cards"
    # the reason's own brackets fold into the line's: "(disabled, cost not refunded)"
    why = f" ({_INNER.sub(_FOLD, str(ev['why']))})" if ev.get("why") else ""
    src, dest = zone_word(ev.get("from")), zone_word(ev.get("to"))
    if zone_name is not None:
        src, dest = (_capital(zone_name(z)) for z in (src, dest))
    # a move into a shared zone (a board) is its source seat's: "P2 a card: hand→board";
    # between two shared zones it is nobody's: "a card: box→board"
    who = _owner(ev.get("to"), names)
    who = _owner(ev.get("from"), names) if who == "?" else who
    return f"{'' if who == '?' else who + ' '}{what}: {src}→{dest}{why}"


def _capital(word: str) -> str:
    return word[:1].upper() + word[1:]


def revealed(ev: Event) -> list[tuple[object, object]]:
    """The cards a reveal shows both players, as (card number, id): a reveal carries
    one ("card", "cid") or several ("cards", "cids")."""
    if "cards" in ev:
        cards, cids = list(ev.get("cards") or ()), list(ev.get("cids") or ())
        return [(u, cids[i] if i < len(cids) else None) for i, u in enumerate(cards)]
    return [(ev.get("card"), ev.get("cid"))]


def reveal_text(ev: Event, card_name: Callable[[object], str],
                names: Sequence[str] = SEATS) -> str:
    """A reveal in words: "CPU shows Umi Takatsuki (searched card)"."""
    shown = ", ".join(card_name(cid) for _, cid in revealed(ev)) or "nothing"
    why = f" ({ev['why']})" if ev.get("why") else ""
    who = ev.get("player")
    if isinstance(who, int):
        return f"{acts(seat(who, names), 'show')} {shown}{why}"
    return f"shown to both: {shown}{why}"


def end_text(ev: Event, names: Sequence[str] = SEATS) -> str:
    w = ev.get("winner")
    who = seat(w, names)
    result = "draw" if w is None else acts(who, "win")
    return f"== {result}: {ev.get('reason', '')} =="


def turn_change(ev: object) -> Mapping[str, object] | None:
    """The variables an event sets when it starts a turn ("turn", and "ap" for whose),
    or None when it is no turn change (or no event at all)."""
    if isinstance(ev, Mapping) and ev.get("t") == "var":
        changes = ev.get("set")
        if isinstance(changes, Mapping) and "turn" in changes:
            return changes
    return None


def turn_text(changes: Mapping[str, object], names: Sequence[str] = SEATS) -> str:
    return f"── turn {changes['turn']}: {seat(changes.get('ap'), names)} ──"


def log_lines(
    records: Sequence[Record],
    *,
    event: Callable[[Event], Event],
    decision: Callable[[Record], Record],
    card_name: Callable[[object], str],
    notes: bool = False,
    names: Sequence[str] = SEATS,
    said: EventWords | None = None,
    zone_name: Callable[[str], str] | None = None,
) -> list[tuple[int, LogLine]]:
    """The log of `records` (the records after the header) as (1-based index of the
    record a line belongs to, line). `event` and `decision` redact for the reader;
    `notes` shows annotations too; `names` name the seats ("You", "CPU"); `said` is
    the game's own line for an event it has words for (`ScreenSpec.event_line`);
    `zone_name` names zones in the game's words (`Layout.title`: "Point Zone")."""
    log = GrowingLog(event=event, decision=decision, card_name=card_name, notes=notes,
                     names=names, said=said, zone_name=zone_name)
    log.feed(records)
    return log.lines()


class GrowingLog:
    """`log_lines`, built a record at a time: `feed` takes the records after those it
    has, `lines` is the log so far, the same as `log_lines` of all of them.

    A line is final once written, but for two things: the last moves alike may be
    joined by the next record's ("2 cards"), so they are written only when `lines` is
    read; and a decision the reader was told only the kind of may be shown whole
    later (`decision` gives more once the play is confirmed): `recheck` reads those
    again, while `unsettled` says `decision` may still show more of them. `decision`
    may show more of a record later, never less (a line once shown whole stays so);
    anything else an earlier line depends on changing (the records replaced, other
    names) needs a new GrowingLog.
    """

    def __init__(
        self,
        *,
        event: Callable[[Event], Event],
        decision: Callable[[Record], Record],
        card_name: Callable[[object], str],
        notes: bool = False,
        names: Sequence[str] = SEATS,
        said: EventWords | None = None,
        zone_name: Callable[[str], str] | None = None,
        unsettled: Callable[[Record], bool] = lambda _rec: True,
    ) -> None:
        self._event, self._decision, self._card_name = event, decision, card_name
        self._unsettled = unsettled
        self._notes, self._names, self._said, self._zone_name = notes, names, said, zone_name
        self.fed = 0  # records taken in so far
        self._out: list[tuple[int, LogLine]] = []
        self._group: list[tuple[int, Event]] = []  # moves alike, not written yet
        self._seen: dict[object, object] = {}  # card number -> its id, as the reader last saw it
        # the decision lines that show only a kind, for now: (index in _out, the record)
        self._partial: list[tuple[int, Record]] = []

    def _by_number(self, uid: object) -> str:
        return self._card_name(self._seen.get(uid))

    def _group_line(self) -> tuple[int, LogLine]:
        text = moves_text([e for _, e in self._group], self._card_name, self._names,
                          self._zone_name)
        return self._group[0][0], _printable_line(LogLine(f"  {text}", "event"))

    def _flush(self) -> None:
        if self._group:
            self._out.append(self._group_line())
            self._group.clear()

    def _add(self, step: int, line: LogLine) -> None:
        # decisions, reasons and names come from the save: never a raw control character
        self._out.append((step, _printable_line(line)))

    def _decision_line(self, rec: Record) -> LogLine | None:
        r = self._decision(rec)
        if r.get("secret") and "action" not in r:
            return None  # a question the reader may not know was asked
        p = r.get("player")
        return _printable_line(LogLine(f"{seat(p, self._names)} {r.get('action')}", "decision",
                                       p if isinstance(p, int) else None,
                                       str(r.get("action") or ""),
                                       hidden=r.get("action") != rec.get("action")))

    def feed(self, records: Sequence[Record]) -> None:
        """Take in `records[self.fed:]` (`records`: the records after the header)."""
        for i in range(self.fed, len(records)):
            rec, step = records[i], i + 1
            kind = rec.get("type")
            if kind == "event":
                self._feed_event(step, self._event(rec.get("event") or {}))  # type: ignore[arg-type]
                continue
            self._flush()
            if kind == "decision":
                line = self._decision_line(rec)
                if line is not None:
                    if line.hidden and self._unsettled(rec):
                        self._partial.append((len(self._out), rec))
                    self._out.append((step, line))
            elif kind == "undo":
                self._add(step, LogLine(f"undo: back to move {rec.get('to')}, the later "
                                        "moves taken back", "undo"))
            elif kind == "note" and self._notes:
                self._add(step, LogLine(f"note: {rec.get('text', '')}", "undo"))
        self.fed = max(self.fed, len(records))

    def _feed_event(self, step: int, ev: Event) -> None:
        names, group = self._names, self._group
        t = ev.get("t")
        if t == "move":
            self._seen[ev.get("card")] = ev.get("cid")
            key = (ev.get("from"), ev.get("to"), ev.get("why"))
            first = group[0][1] if group else None
            if first is not None and (first.get("from"), first.get("to"),
                                      first.get("why")) != key:
                self._flush()
            group.append((step, ev))
            return
        self._flush()
        if t == "create":  # a position's cards, named where the reader sees them
            for c in ev.get("cards") or ():
                if isinstance(c, list | tuple) and len(c) > 1 and c[0] is not None:
                    self._seen[c[0]] = c[1]
        elif t == "reveal" and ev.get("to") is None:  # shown to both: named from now on
            for uid, cid in revealed(ev):
                self._seen[uid] = cid
        changes = turn_change(ev) if t == "var" else None  # only a "var" event starts a turn
        text = self._said(ev, self._by_number, names) if self._said is not None else None
        if text:  # the game's own words first, e.g. a coin toss saying who goes first
            self._add(step, LogLine(f"  {text}", "effect"))
        elif changes is not None:
            ap = changes.get("ap")
            self._add(step, LogLine(turn_text(changes, names), "turn",
                                    ap if isinstance(ap, int) else None))
        elif t == "reveal" and ev.get("to") is None:
            self._add(step, LogLine(f"  {reveal_text(ev, self._card_name, names)}", "event"))
        elif t == "roll":  # its reason may name cards by ref and seats as "player 1"
            text = in_words(roll_text(ev), self._card_name, names)
            self._add(step, LogLine(f"  {text}", "event"))
        elif t == "end":
            w = ev.get("winner")
            reason = in_words(str(ev.get("reason", "")), self._card_name, names)  # "player 1 has"
            self._add(step, LogLine(end_text({**ev, "reason": reason}, names), "end",
                                    w if isinstance(w, int) else None))

    def recheck(self) -> bool:
        """Read again the decisions shown only by their kind, and show more of those
        `decision` now shows more of. False when a line would go (this log cannot
        follow that: build a new one)."""
        still = []
        for at, rec in self._partial:
            line = self._decision_line(rec)
            if line is None:
                return False
            if line != self._out[at][1]:
                self._out[at] = (self._out[at][0], line)
            if line.hidden and self._unsettled(rec):
                still.append((at, rec))
        self._partial = still
        return True

    def lines(self) -> list[tuple[int, LogLine]]:
        """The log of the records fed so far (a new list)."""
        return [*self._out, self._group_line()] if self._group else list(self._out)


def _printable_line(line: LogLine) -> LogLine:
    """`line` with its text and action `printable` (itself when they already are:
    most lines need no change)."""
    text, action = printable(line.text), printable(line.action)
    if text == line.text and action == line.action:
        return line
    return replace(line, text=text, action=action)
