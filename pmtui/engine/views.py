"""The one boundary through which game information reaches a player.

A screen, a computer player or a network session only ever receives
`view(...)` and `redact(...)` output. Cards in zones a player may not see are
counted, never named, and carry no card number that could be tracked. Inside
a zone they may see, a card the ruleset calls concealed (face down) shows as
its back: owner and flags, no card id and no card number.
"""

from __future__ import annotations

from collections.abc import Mapping
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
    return {
        "player": player,
        "zones": zones,
        "vars": ruleset.redact_vars(state.vars, player),
    }


def omniscient_view(ruleset: Ruleset, state: State) -> dict[str, Any]:
    """Everything, face up: for the sandbox and the replay viewer's "both sides" only,
    never for a player's seat."""
    zones = {key: [_card(ruleset, state, uid, None) for uid in uids]
             for key, uids in list(state.zones.items())}
    return {"player": None, "zones": zones, "vars": dict(state.vars)}


class LazyView(Mapping[str, Any]):
    """`view(...)` computed on first use: a player that never looks costs nothing."""

    def __init__(self, ruleset: Ruleset, state: State, player: int | None) -> None:
        self._args = (ruleset, state, player)
        self._data: dict[str, Any] | None = None

    def _get(self) -> dict[str, Any]:
        if self._data is None:
            self._data = view(*self._args)
        return self._data

    def __getitem__(self, key: str) -> Any:
        return self._get()[key]

    def __iter__(self) -> Any:
        return iter(self._get())

    def __len__(self) -> int:
        return len(self._get())


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
        return {**ev, "set": ruleset.redact_vars(ev.get("set", {}), player, partial=True)}
    return ev


def redact_decision(record: Mapping[str, Any], player: int | None) -> dict[str, Any]:
    """A logged decision as another player may read it."""
    if record.get("private") and record.get("player") != player:
        return {k: v for k, v in record.items() if k != "action"} | {"action": record.get("kind")}
    return dict(record)


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
