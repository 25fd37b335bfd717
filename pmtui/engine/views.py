"""The one boundary through which game information reaches a player.

A screen, a computer player or a network session only ever receives
`view(...)` and `redact(...)` output. Cards in zones a player may not see are
counted, never named, and carry no card number that could be tracked. Inside
a zone they may see, a card the ruleset calls concealed (face down) shows as
its back: owner and flags, no card id and no card number.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .ruleset import ConcealedHook, Ruleset
from .state import Event, State

# The keys with which the engine notes, in an event, who may not learn (or newly learns)
# which card it concerns; see Concealer. Never shown to a player.
NOTE_KEYS = ("concealed", "unveiled")


def visible(ruleset: Ruleset, zone: str, player: int | None) -> bool:
    """Whether `player` may see the cards of `zone` ("<owner>/<name>").

    A shared zone ("shared/<name>") has no owner: "owner" visibility there means nobody.
    """
    owner, _, name = zone.partition("/")
    rule = ruleset.visibility.get(name, "hidden")
    if rule == "public":
        return True
    return rule == "owner" and player is not None and str(player) == owner


def view(ruleset: Ruleset, state: State, player: int | None) -> dict[str, Any]:
    """What `player` may know now (None: a spectator, who sees public zones only)."""
    return {
        "player": player,
        "zones": _zones(ruleset, state, player),
        "vars": ruleset.redact_vars(state.vars, player),
    }


def _zones(ruleset: Ruleset, state: State, player: int | None) -> dict[str, Any]:
    zones: dict[str, Any] = {}
    hook = ruleset.concealed
    for key, uids in list(state.zones.items()):  # a ruleset's card_view may add empty zones
        if not visible(ruleset, key, player):
            zones[key] = len(uids)
        elif hook is None:
            zones[key] = [_card(ruleset, state, uid, player) for uid in uids]
        else:
            zones[key] = [
                _back(state, uid)
                if hook(state, uid, player)
                else _card(ruleset, state, uid, player)
                for uid in uids
            ]
    return zones


def omniscient_view(ruleset: Ruleset, state: State) -> dict[str, Any]:
    """Everything, face up: for the sandbox and the replay viewer's "both sides" only,
    never for a player's seat."""
    zones = {key: [_card(ruleset, state, uid, None) for uid in uids]
             for key, uids in list(state.zones.items())}
    return {"player": None, "zones": zones, "vars": dict(state.vars)}


class LazyView(Mapping[str, Any]):
    """`view(...)` computed part by part on first use: a player that never looks costs
    nothing, and one that reads only the variables never pays for the zones' cards
    (a rules-of-thumb policy in a search's playouts: half of an Ultimate game's time)."""

    KEYS = ("player", "zones", "vars")

    def __init__(self, ruleset: Ruleset, state: State, player: int | None) -> None:
        self._args = (ruleset, state, player)
        self._parts: dict[str, Any] = {}

    def __getitem__(self, key: str) -> Any:
        if key not in self._parts:
            ruleset, state, player = self._args
            if key == "player":
                self._parts[key] = player
            elif key == "zones":
                self._parts[key] = _zones(ruleset, state, player)
            elif key == "vars":
                self._parts[key] = ruleset.redact_vars(state.vars, player)
            else:
                raise KeyError(key)
        return self._parts[key]

    def __iter__(self) -> Any:
        return iter(self.KEYS)

    def __len__(self) -> int:
        return len(self.KEYS)


def _card(ruleset: Ruleset, state: State, uid: int, player: int | None) -> dict[str, Any]:
    c = state.cards[uid]
    return {"uid": uid, "cid": c.cid, "owner": c.owner, **c.f,
            **ruleset.card_view(state, uid, player)}


def _back(state: State, uid: int) -> dict[str, Any]:
    """A concealed card: what its back shows (whose it is, how it lies), not what it is."""
    c = state.cards[uid]
    return {**c.f, "uid": None, "cid": None, "owner": c.owner, "concealed": True}


def _viewer_key(player: int | None) -> str:
    return "-" if player is None else str(player)


def redact(ruleset: Ruleset, ev: Event, player: int | None) -> Event:
    """The event as `player` may see it. Moves between zones they cannot see lose the card,
    and so does any event about a card concealed from them (noted in the event by Concealer)."""
    hidden: set[int] = set()
    if "concealed" in ev or "unveiled" in ev:
        hidden = set(ev.get("concealed", {}).get(_viewer_key(player), ()))
        ev = {k: v for k, v in ev.items() if k not in NOTE_KEYS}
    t = ev.get("t")
    if t == "move":
        src, dest = ev.get("from", ""), ev.get("to", "")
        if ev.get("card") not in hidden and (
            visible(ruleset, src, player) or visible(ruleset, dest, player)
        ):
            return ev
        return {k: v for k, v in ev.items() if k not in ("card", "cid")} | {"card": None}
    if t == "create":
        cards = [
            c if visible(ruleset, c[3], player) and c[0] not in hidden else [None, None, c[2], c[3]]
            for c in ev["cards"]
        ]
        return {**ev, "cards": cards}
    if t == "shuffle":
        if not hidden and visible(ruleset, ev.get("zone", ""), player):
            return ev
        return {k: v for k, v in ev.items() if k != "order"} | {"count": len(ev.get("order", []))}
    if t == "flag" and hidden:
        return {k: v for k, v in ev.items() if k not in ("card", "cards")}
    if t == "look":
        if player == ev.get("player"):
            return ev
        return {k: v for k, v in ev.items() if k not in ("cards", "cids")} | {
            "count": len(ev.get("cards", []))
        }
    if t == "flag" and ev.get("zone") and not visible(ruleset, ev["zone"], player):
        return {k: v for k, v in ev.items() if k not in ("card", "cards")}
    if t == "var":
        changes = ruleset.redact_vars(ev.get("set", {}), player, partial=True)
        if changes != ev.get("set", {}):  # part of the change is hidden: so is its reason
            return {k: v for k, v in ev.items() if k != "why"} | {"set": changes}
        return {**ev, "set": changes}
    return ev


def redact_decision(
    record: Mapping[str, Any], player: int | None, secrets: SecretDecisions | None = None,
    at: int | None = None,
) -> dict[str, Any]:
    """A logged decision as another player may read it: a private one (a pick among
    hidden cards) shows only its kind, and so does one naming a card hidden from
    `player` until its play is confirmed (`secrets`, fed with the log; `at`: as the
    log stood after that sequence number, for a replay). A secret one (a question
    about a hidden card, passed: Decision.secret_pass) shows nothing, not even whose
    it was: `{"type": "decision", "seq": ..., "secret": True}`, which logs leave out."""
    if record.get("player") != player and record.get("secret"):
        return {"type": "decision", "seq": record.get("seq"), "secret": True}
    if record.get("player") != player and (
        record.get("private")
        or (secrets is not None and secrets.hides(record.get("seq"), player, at))
    ):
        return {k: v for k, v in record.items() if k != "action"} | {"action": record.get("kind")}
    return dict(record)


# A card reference in a decision's text: "<card id>@<card number>" (docs/notation.md).
_NAMED = re.compile(r"(?<!\S)[^\s@]+@(\d+)(?!\S)")


def named_cards(text: str) -> list[int]:
    """The card numbers a decision's text names."""
    return [int(n) for n in _NAMED.findall(text)]


@dataclass(slots=True)
class _Window:
    """A logged decision that named cards some viewers could not see, until it is settled."""

    seq: int
    player: Any
    kind: Any
    waiting: dict[int | None, set[int]]  # viewer -> named cards not yet shown to them


class SecretDecisions:
    """When a logged decision that names a hidden card may be shown to each viewer.

    A player declares a play naming a card in their hand ("summon X@12"), pays and
    confirms it, and the card goes where everyone sees it: from then on the
    decision may be read by all. If they cancel instead, the card stays in the
    hand and the decision must never name it to the others. The rule, for any
    ruleset: a decision naming a card that a viewer could not see when it was made
    is hidden from that viewer (only its kind shows) until every such card has been
    moved where the viewer sees it, or revealed to them. It stays hidden for good
    when, before that, one of those cards goes somewhere the viewer cannot see, the
    same player makes another decision of the same kind or naming the same card
    (the play was given up), or an undo is made.

    Fed with the log's records in order (`feed`, incremental); follows card zones
    from the events, and face-down cards from the Concealer's notes.
    """

    def __init__(self, ruleset: Ruleset, viewers: tuple[int | None, ...] = (0, 1, None)) -> None:
        self.ruleset = ruleset
        self.viewers = viewers
        self.fed = 0  # records taken in so far
        self._zone: dict[int, str] = {}
        self._down: dict[int | None, set[int]] = {v: set() for v in viewers}
        # per effective decision, what its events changed: (uid, zone before, down before)
        self._frames: list[list[tuple[int, str | None, dict[int | None, bool]]]] = [[]]
        self._open: list[_Window] = []
        self._shown_at: dict[tuple[int, int | None], int | None] = {}  # None: not (yet)

    # -- queries ------------------------------------------------------------------------

    def hides(self, seq: Any, viewer: int | None, at: int | None = None) -> bool:
        """Whether decision `seq` is hidden from `viewer` (as the log stood at `at`)."""
        key = (seq, viewer)
        if key not in self._shown_at:
            return False
        shown = self._shown_at[key]
        return shown is None or (at is not None and shown > at)

    def unsettled(self, seq: Any, viewer: int | None) -> bool:
        """Whether decision `seq`, hidden from `viewer` now, may be shown to them later
        (its play not yet confirmed nor given up): once not, `hides` keeps its answer."""
        return any(w.seq == seq and viewer in w.waiting for w in self._open)

    def knows(self, uid: int, viewer: int | None) -> bool:
        zone = self._zone.get(uid)
        return zone is not None and visible(self.ruleset, zone, viewer) and (
            uid not in self._down.get(viewer, ()))

    # -- feeding ------------------------------------------------------------------------

    def feed(self, records: Sequence[Mapping[str, Any]]) -> None:
        """Take in `records[self.fed:]` (the whole log so far, header first or not)."""
        start = self.fed
        if start == 0 and records and records[0].get("type") == "header":
            start = 1
        for rec in records[start:]:
            kind = rec.get("type")
            if kind == "event":
                self._event(rec.get("event") or {}, rec.get("seq"))
            elif kind == "decision":
                self._decision(rec)
            elif kind == "undo":
                self._undo(rec.get("to"))
        self.fed = len(records)

    def _decision(self, rec: Mapping[str, Any]) -> None:
        p, kind, seq = rec.get("player"), rec.get("kind"), rec.get("seq")
        named = named_cards(str(rec.get("action", "")))
        for w in list(self._open):  # a new declaration ends an unsettled one
            if w.player == p and (w.kind == kind or any(
                    u in named for left in w.waiting.values() for u in left)):
                self._open.remove(w)
        self._frames.append([])
        if not named or rec.get("private") or not isinstance(seq, int):
            return
        waiting = {v: {u for u in named if not self.knows(u, v)}
                   for v in self.viewers if v != p}
        waiting = {v: left for v, left in waiting.items() if left}
        if waiting:
            for v in waiting:
                self._shown_at[(seq, v)] = None
            self._open.append(_Window(seq, p, kind, waiting))

    def _undo(self, to: Any) -> None:
        self._open.clear()  # what was undone is settled as it stood: hidden
        keep = to if isinstance(to, int) and to >= 0 else 0
        while len(self._frames) > keep + 1:
            for uid, zone, down in reversed(self._frames.pop()):
                if zone is None:
                    self._zone.pop(uid, None)
                else:
                    self._zone[uid] = zone
                for v, was in down.items():
                    (self._down[v].add if was else self._down[v].discard)(uid)

    def _touch(self, uid: int) -> None:
        """Remember a card's zone and face before an event changes them (for undo)."""
        self._frames[-1].append(
            (uid, self._zone.get(uid), {v: uid in self._down[v] for v in self.viewers}))

    def _event(self, ev: Mapping[str, Any], seq: Any) -> None:
        t = ev.get("t")
        moved: list[int] = []
        if t == "create":
            for c in ev.get("cards") or ():
                if isinstance(c, list) and len(c) >= 4 and isinstance(c[0], int):
                    self._touch(c[0])
                    self._zone[c[0]] = str(c[3])
                    moved.append(c[0])
        elif t == "move" and isinstance(ev.get("card"), int):
            self._touch(ev["card"])
            self._zone[ev["card"]] = str(ev.get("to", ""))
            moved.append(ev["card"])
        elif t == "flag":
            moved = [u for u in (ev.get("cards") or [ev.get("card")]) if isinstance(u, int)]
            for u in moved:
                self._touch(u)
        self._faces(ev, moved, t == "move")
        if not self._open:
            return
        told: dict[int | None, set[int]] = {}  # cards shown by a look or a reveal
        if t in ("look", "reveal"):
            cards = ev.get("cards") if "cards" in ev else [ev.get("card")]
            who = [ev.get("player")] if t == "look" else list(self.viewers)
            for v in who:
                told[v] = {u for u in cards or () if isinstance(u, int)}
        for w in list(self._open):
            for v, left in list(w.waiting.items()):
                for u in list(left):
                    if u in told.get(v, ()) or (u in moved and self.knows(u, v)):
                        left.discard(u)
                    elif u in moved and t == "move":  # gone where v cannot see it
                        del w.waiting[v]
                        break
                if v in w.waiting and not left:
                    self._shown_at[(w.seq, v)] = seq if isinstance(seq, int) else 0
                    del w.waiting[v]
            if not w.waiting:
                self._open.remove(w)

    def _faces(self, ev: Mapping[str, Any], uids: list[int], moved: bool) -> None:
        """Face-down cards, from the Concealer's notes (a move without one turns it up)."""
        hidden = ev.get("concealed") or {}
        unveiled = ev.get("unveiled") or {}
        for v in self.viewers:
            key = _viewer_key(v)
            down = set(hidden.get(key, ()))
            for u in uids:
                if u in down:
                    self._down[v].add(u)
                elif moved or u in unveiled.get(key, ()):
                    self._down[v].discard(u)


class Concealer:
    """Notes in each event about cards which viewers may not learn which card it is.

    Made by the game for a ruleset whose `concealed` is not None. Whether a card is
    face down depends on the state around the event, which `redact` (called
    on logged events, long after) does not have; so the note is taken as the
    event happens and travels in it: "concealed" maps a viewer ("0", "1", "-"
    for spectators) to the cards in the event they see the zone of but not the
    card, before and after; "unveiled" to the cards they newly learn (a card
    turned face up: new information for undo). Both keys appear only when not
    empty, are ignored by the fold and are stripped by `redact`.
    """

    KINDS = frozenset({"move", "flag", "shuffle", "create"})

    def __init__(
        self, ruleset: Ruleset, hook: ConcealedHook, viewers: tuple[int | None, ...]
    ) -> None:
        self.ruleset = ruleset
        self.hook = hook
        self.viewers = viewers

    @classmethod
    def of(cls, ruleset: Ruleset, header: Mapping[str, Any]) -> Concealer | None:
        hook = ruleset.concealed
        if hook is None:
            return None
        seats = len(header.get("players") or ()) or 2
        return cls(ruleset, hook, (*range(seats), None))

    def _uids(self, state: State, ev: Event) -> list[int]:
        t = ev.get("t")
        if t == "move":
            return [ev["card"]]
        if t == "flag":
            return list(ev["cards"]) if "cards" in ev else [ev["card"]]
        if t == "shuffle":
            return list(state.zones.get(ev["zone"], ()))
        return [c[0] for c in ev["cards"]]  # create

    def _knows(self, state: State, uid: int, viewer: int | None) -> bool:
        return visible(self.ruleset, state.cards[uid].zone, viewer) and not self.hook(
            state, uid, viewer
        )

    def before(self, state: State, ev: Event) -> dict[int, tuple[str, dict[int | None, bool]]]:
        if ev.get("t") not in ("move", "flag"):  # a shuffle changes no one's knowledge
            return {}
        try:
            uids = [u for u in self._uids(state, ev) if 0 <= u < len(state.cards)]
        except (KeyError, TypeError):
            return {}  # a malformed event: the fold refuses it
        return {
            u: (state.cards[u].zone, {v: self._knows(state, u, v) for v in self.viewers})
            for u in uids
        }

    def after(self, state: State, ev: Event, before: object) -> None:
        t = ev.get("t")
        if t not in self.KINDS:
            return
        if t == "shuffle":  # the order of cards someone sees but may not know
            zone = ev["zone"]
            uids = self._uids(state, ev)
            hidden = {
                _viewer_key(v): seen
                for v in self.viewers
                if visible(self.ruleset, zone, v)
                and (seen := [u for u in uids if self.hook(state, u, v)])
            }
            if hidden:
                ev["concealed"] = hidden
            return
        was_all = before if isinstance(before, dict) else {}
        hidden = {}
        unveiled: dict[str, list[int]] = {}
        for u in self._uids(state, ev):
            src, was = was_all.get(u, (None, {}))
            zone = state.cards[u].zone
            for v in self.viewers:
                now, then = self._knows(state, u, v), was.get(v, False)
                if now and not then:
                    unveiled.setdefault(_viewer_key(v), []).append(u)
                elif not now and not then and (
                    visible(self.ruleset, zone, v)
                    or (src is not None and visible(self.ruleset, src, v))
                ):  # the zone rules alone would show this card: the note hides it
                    hidden.setdefault(_viewer_key(v), []).append(u)
        if hidden:
            ev["concealed"] = hidden
        if unveiled and t != "create":
            ev["unveiled"] = unveiled
