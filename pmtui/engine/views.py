"""The one boundary through which game information reaches a player.

A screen, a computer player or a network session only ever receives
`view(...)` and `redact(...)` output. Cards in zones a player may not see are
counted, never named, and carry no card number that could be tracked.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .ruleset import Ruleset
from .state import Event, State


def visible(ruleset: Ruleset, zone: str, player: int | None) -> bool:
    owner, _, name = zone.partition("/")
    rule = ruleset.visibility.get(name, "hidden")
    if rule == "public":
        return True
    return rule == "owner" and player is not None and str(player) == owner


def view(ruleset: Ruleset, state: State, player: int | None) -> dict[str, Any]:
    """What `player` may know now (None: a spectator, who sees public zones only)."""
    zones: dict[str, Any] = {}
    for key, uids in list(state.zones.items()):  # a ruleset's card_view may add empty zones
        if visible(ruleset, key, player):
            zones[key] = [_card(ruleset, state, uid, player) for uid in uids]
        else:
            zones[key] = len(uids)
    return {
        "player": player,
        "zones": zones,
        "vars": ruleset.redact_vars(state.vars, player),
    }


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


def redact(ruleset: Ruleset, ev: Event, player: int | None) -> Event:
    """The event as `player` may see it. Moves between zones they cannot see lose the card."""
    t = ev.get("t")
    if t == "move":
        src, dest = ev.get("from", ""), ev.get("to", "")
        if visible(ruleset, src, player) or visible(ruleset, dest, player):
            return ev
        return {k: v for k, v in ev.items() if k not in ("card", "cid")} | {"card": None}
    if t == "create":
        cards = [
            c if visible(ruleset, c[3], player) else [None, None, c[2], c[3]] for c in ev["cards"]
        ]
        return {**ev, "cards": cards}
    if t == "shuffle":
        if visible(ruleset, ev.get("zone", ""), player):
            return ev
        return {k: v for k, v in ev.items() if k != "order"} | {"count": len(ev.get("order", []))}
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
