"""Which cards a filter or a target description picks (p.18-19, p.23)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pmtui.engine.state import State, zkey

from .cards import CardDef
from .tables import Tables

ZONES = {
    "main": ("main",),
    "support": ("support",),
    "area": ("main", "support"),
    "hand": ("hand",),
    "discard": ("discard",),
}


def names_of(t: Tables, d: CardDef) -> tuple[str, ...]:
    """A Combo card is also named as its left and right names (Japanese text, p.23)."""
    kw = t.kw[d.id]
    if kw.combo:
        return (d.name, *kw.combo)
    return (d.name,)


def usage_cost(state: State, t: Tables, uid: int) -> int:
    """Printed usage cost, +1 per stacked Level Up card (p.24)."""
    card = state.cards[uid]
    return t.defs[card.cid].cost + card.f.get("level", 1) - 1


def card_matches(
    state: State, t: Tables, uid: int, flt: Mapping[str, Any], controller: int, src: int | None
) -> bool:
    card = state.cards[uid]
    d = t.defs[card.cid]
    for key, want in flt.items():
        if key == "side":
            if want == "own" and card.owner != controller:
                return False
            if want == "opponent" and card.owner == controller:
                return False
        elif key == "zone":
            if card.zone.partition("/")[2] not in ZONES[want]:
                return False
        elif key == "type":
            if d.type != want:
                return False
        elif key == "name":
            if want not in names_of(t, d):
                return False
        elif key == "series":
            if not t.series.same(d.series, want):
                return False
        elif key == "property":
            if want not in d.properties:
                return False
        elif key == "properties":
            if not all(p in d.properties for p in want):
                return False
        elif key == "cost_max":
            if usage_cost(state, t, uid) > want:
                return False
        elif key == "state":
            if bool(card.f.get("rest")) != (want == "rest"):
                return False
        elif key == "colour":
            if d.colour != want:
                return False
        elif key == "ex":
            if d.ex != want:
                return False
        elif key == "other":
            if want and uid == src:
                return False
    return True


def candidates(
    state: State, t: Tables, flt: Mapping[str, Any], controller: int, src: int | None
) -> list[int]:
    """Legal targets: matching cards; a "cannot be targeted" chara never is (p.23)."""
    side = flt.get("side", "any")
    players = {"own": (controller,), "opponent": (1 - controller,)}.get(side, (0, 1))
    zones = ZONES[flt.get("zone", "area")]
    out = []
    for p in players:
        if "hand" in zones and p != controller:
            continue  # a hidden hand is never a target
        for z in zones:
            for u in state.zones.get(zkey(p, z), ()):
                if z in ("main", "support") and t.kw[state.cards[u].cid].untargetable:
                    continue
                if card_matches(state, t, u, flt, controller, src):
                    out.append(u)
    return out


def pick_from_zone(
    state: State, t: Tables, player: int, zone: str, flt: Mapping[str, Any], controller: int
) -> list[int]:
    """Cards of a zone matching a filter (searching, summoning from a zone)."""
    return [
        u
        for u in state.zones.get(zkey(player, zone), ())
        if card_matches(state, t, u, flt, controller, None)
    ]
