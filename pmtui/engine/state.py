"""Game state and the pure fold of events into it.

The state is deliberately generic: numbered cards that sit in named zones,
per-card attributes and game-level variables. Every event is plain JSON data
and `apply_event` is the only thing that changes a state, so replaying a save
needs no rules code and no randomness.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

Event = dict[str, Any]


class FoldError(ValueError):
    """An event that cannot apply to the state (a corrupt or foreign log)."""


@dataclass(slots=True)
class Card:
    uid: int
    cid: str
    owner: int
    zone: str
    f: dict[str, Any] = field(default_factory=dict)  # rest, down, turn, mods, host, ...


@dataclass(slots=True)
class State:
    cards: list[Card] = field(default_factory=list)
    zones: dict[str, list[int]] = field(default_factory=dict)
    vars: dict[str, Any] = field(default_factory=dict)
    applied: int = 0  # number of events folded in

    def zone(self, key: str) -> list[int]:
        z = self.zones.get(key)
        if z is None:
            z = self.zones[key] = []
        return z

    def copy(self) -> State:
        """A deep enough copy for snapshots and search (values are JSON data)."""
        return State(
            cards=[Card(c.uid, c.cid, c.owner, c.zone, _copy_json(c.f)) for c in self.cards],
            zones={k: list(v) for k, v in self.zones.items()},
            vars=_copy_json(self.vars),
            applied=self.applied,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "cards": [[c.uid, c.cid, c.owner, c.zone, c.f] for c in self.cards],
            "zones": {k: v for k, v in sorted(self.zones.items()) if v},
            "vars": self.vars,
        }


def _copy_json(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _copy_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy_json(v) for v in value]
    return value


_ZKEYS: dict[int, dict[str, str]] = {}  # player -> name -> key: no tuple built per call


def zkey(player: int, name: str) -> str:
    """The key of a player's zone, "<player>/<name>" (interned: it is built very often)."""
    try:
        return _ZKEYS[player][name]
    except KeyError:
        key = _ZKEYS.setdefault(player, {})[name] = f"{player}/{name}"
        return key


SHARED = "shared"


def shared_zone(name: str) -> str:
    """The key of a zone no player owns, "shared/<name>": a common board, a grid cell, a
    pile both players draw from. Its visibility is looked up by name like any zone's."""
    return f"{SHARED}/{name}"


def _set_flags(card: Card, flags: dict[str, Any]) -> None:
    for k, v in flags.items():
        if v is None:
            card.f.pop(k, None)
        else:
            card.f[k] = v


def _move(state: State, ev: Event) -> None:
    try:
        card = state.cards[ev["card"]]
    except (IndexError, KeyError, TypeError) as exc:
        raise FoldError(f"move of unknown card {ev.get('card')!r}") from exc
    src = state.zones.get(card.zone)
    if src is None or card.uid not in src:
        raise FoldError(f"card {card.uid} is not in its zone {card.zone}")
    src.remove(card.uid)
    dest = state.zone(ev["to"])
    pos = ev.get("pos", "top")
    if pos == "top":
        dest.insert(0, card.uid)
    elif pos == "bottom":
        dest.append(card.uid)
    else:
        dest.insert(int(pos), card.uid)
    card.zone = ev["to"]
    if not ev.get("keep"):
        card.f = {}
    if "f" in ev:
        _set_flags(card, ev["f"])


def _create(state: State, ev: Event) -> None:
    for uid, cid, owner, zone in ev["cards"]:
        if uid != len(state.cards):
            raise FoldError(f"card {uid} created out of order")
        state.cards.append(Card(uid, cid, owner, zone))
        state.zone(zone).append(uid)


def _shuffle(state: State, ev: Event) -> None:
    zone = state.zone(ev["zone"])
    order = ev["order"]
    if sorted(order) != sorted(zone):
        raise FoldError(f"shuffle of {ev['zone']} does not hold the same cards")
    zone[:] = order


def _flag(state: State, ev: Event) -> None:
    for uid in ev["cards"] if "cards" in ev else (ev["card"],):
        _set_flags(state.cards[uid], ev["f"])


def _var(state: State, ev: Event) -> None:
    vars = state.vars
    for k, v in ev["set"].items():
        if v is None:
            vars.pop(k, None)
        else:
            vars[k] = v


def _end(state: State, ev: Event) -> None:
    state.vars["over"] = {"winner": ev.get("winner"), "reason": ev.get("reason", "")}


def _noop(state: State, ev: Event) -> None:
    """Events that only inform (a look, a reveal, a declaration)."""


_FOLD = {
    "move": _move,
    "create": _create,
    "shuffle": _shuffle,
    "flag": _flag,
    "var": _var,
    "end": _end,
    "look": _noop,
    "reveal": _noop,
    "say": _noop,
    "roll": _noop,  # dice, coins, chance outcomes: the faces are in the event, not the state
}


def apply_event(state: State, ev: Event) -> None:
    """Fold one event into the state, in place."""
    try:
        fn = _FOLD[ev["t"]]
    except (KeyError, TypeError) as exc:
        raise FoldError(f"unknown event {ev!r:.60}") from exc
    try:
        fn(state, ev)
    except FoldError:
        raise
    except (KeyError, IndexError, TypeError, ValueError, AttributeError) as exc:
        raise FoldError(f"malformed {ev.get('t')} event: {exc}") from exc
    if "rng" in ev:
        state.vars["rng"] = ev["rng"]
    if "fix" in ev:  # outcomes fixed in advance used so far (engine/fixed.py)
        state.vars["fix"] = ev["fix"]
    state.applied += 1


def fold(events: Iterable[Event], state: State | None = None) -> State:
    state = state if state is not None else State()
    for ev in events:
        apply_event(state, ev)
    return state


def state_hash(state: State) -> str:
    """A short stable digest of the whole state (compared by `verify`)."""
    data = json.dumps(state.to_json(), sort_keys=True, separators=(",", ":"))
    return hashlib.blake2b(data.encode(), digest_size=8).hexdigest()
