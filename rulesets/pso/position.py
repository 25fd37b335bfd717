"""A described PSO position instead of shuffled decks: for rule tests, scenarios, the sandbox.

A position is plain data (a header's "scenario"):

    {"turn": 3, "tp": 0, "phase": "main" | "combat", "did": {"character": true},
     "players": [{"lead": [...], "chars": [...], "monsters": [...], "hand": [...],
                  "deck": [...], "traps": [...], "discard": [...], "area": [...]}, {...}],
     "seed": 1}

Each card is a card id or a table {"id": ..., "dmg": 10, "par": true, "poi": true,
"acted": true, "beaten": true, "qturn": 1}. Decks are kept in the order given (top first).
Every problem is a PositionError with a one-line message.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pmtui.engine.context import Context
from pmtui.engine.events import setvars
from pmtui.engine.ruleset import PositionError
from pmtui.engine.state import zkey

from .board import AREA, VISIBILITY
from .cards import CardPool

# The order the cards are numbered in: player 1's zones, then player 2's (positions.write
# relies on it).
ZONE_ORDER = tuple(VISIBILITY)
# card keys a position may give: damage, statuses, acted this turn, a beaten boss, the turn
# a quest was played, stat changes [stat, "add"|"set", value, last turn, source number]
# and replacement choices {stat: [source, sources]}
CARD_FLAGS: dict[str, type] = {
    "dmg": int, "par": bool, "poi": bool, "acted": bool, "beaten": bool, "qturn": int,
    "mods": list, "pref": dict,
}


def setup_position(ctx: Context, pool: CardPool, pos: Mapping[str, Any]) -> None:
    turn, tp, phase = _field(pos, "turn", int, 1), _field(pos, "tp", int, 0), pos.get("phase")
    if turn < 1 or tp not in (0, 1):
        raise PositionError("position: turn must be 1 or more, tp 0 or 1")
    if phase not in ("start", "main", "combat"):
        raise PositionError("position: phase must be start, main or combat")
    players = pos.get("players")
    if not isinstance(players, list) or len(players) != 2:
        raise PositionError("position: players must list two players")
    cards: list[list[Any]] = []
    flags: list[tuple[int, dict[str, Any]]] = []
    areas = 0
    for p, side in enumerate(players):
        if not isinstance(side, dict):
            raise PositionError(f"position: player {p + 1} must be a table")
        unknown = set(side) - set(ZONE_ORDER)
        if unknown:
            raise PositionError(f"position: player {p + 1}: unknown zone {sorted(unknown)[0]}")
        for zone in ZONE_ORDER:
            entries = side.get(zone, [])
            if not isinstance(entries, list):
                raise PositionError(f"position: player {p + 1} {zone}: must be a list")
            for entry in entries:
                cid, f = _card(entry, pool, p, zone, turn)
                if f:
                    flags.append((len(cards), f))
                key = AREA if zone == "area" else zkey(p, zone)
                cards.append([len(cards), cid, p, key])
        if len(side.get("lead", [])) > 1:
            raise PositionError(f"position: player {p + 1} lead: at most one main character")
        areas += len(side.get("area", []))
    if areas > 1:
        raise PositionError("position: at most one Area in play")
    if not any(len(s.get("monsters", [])) for s in players):
        raise PositionError("position: nobody has a monster: the game would be over")
    ctx.emit({"t": "create", "cards": cards})
    for uid, f in flags:
        ctx.emit({"t": "flag", "card": uid, "f": f, "why": "position"})
    did = pos.get("did", {})
    if not isinstance(did, dict):
        raise PositionError("position: did must be a table")
    setvars(ctx, "position", turn=turn, ap=tp, first=tp,
            phase="main" if phase == "start" else phase, did=dict(did),
            limit=_field(pos, "limit", int, 200), live=True)
    if phase == "start":  # the very beginning of the turn: its draw follows ("Game play")
        from .flow import start_turn

        start_turn(ctx, tp, turn)


def _field(pos: Mapping[str, Any], key: str, kind: type, default: Any) -> Any:
    v = pos.get(key, default)
    if not isinstance(v, kind) or isinstance(v, bool) and kind is not bool:
        raise PositionError(f"position: {key} must be a {kind.__name__}")
    return v


def _card(entry: Any, pool: CardPool, p: int, zone: str, turn: int) -> tuple[str, dict[str, Any]]:
    where = f"position: player {p + 1} {zone}"
    if isinstance(entry, str):
        cid, raw = entry, {}
    elif isinstance(entry, dict) and isinstance(entry.get("id"), str):
        cid, raw = entry["id"], {k: v for k, v in entry.items() if k != "id"}
    else:
        raise PositionError(f"{where}: a card is an id or a table with an id")
    if cid not in pool:
        raise PositionError(f"{where}: unknown card id {cid}")
    f: dict[str, Any] = {}
    for k, v in raw.items():
        kind = CARD_FLAGS.get(k)
        if kind is None or not isinstance(v, kind) or (kind is int and isinstance(v, bool)):
            raise PositionError(f"{where}: {cid}: bad flag {k}")
        if k == "acted":
            if v:
                f["acted"] = turn
        elif v:
            f[k] = v
    return cid, f
