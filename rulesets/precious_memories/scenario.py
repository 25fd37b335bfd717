"""Scenario positions: a game that starts from a described position, not from shuffled decks.

`parse_position` checks a scenario's position tables (the TOML of
docs/scenarios.md, already parsed) and turns them into a JSON-able position:
numbered cards with their zones and attributes, and the game variables. That
position goes into the game header under "scenario"; `setup_position` then
builds it with ordinary events (`create`, `flag`, `var`), so a scenario game
saves, replays, undoes and verifies like any other.

Every problem raises PositionError with the path of the offending key
(("p1", "main", 5) for the sixth Main Area card) so a caller holding the file
text can name the line.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pmtui.engine.context import Context
from pmtui.engine.ruleset import PositionError
from pmtui.engine.state import zkey

from .cards import CardDef, CardError
from .tables import Tables

Path = tuple[str | int, ...]

PLAYERS = ("p1", "p2")
# zone key in a player table -> engine zone; the order here is the numbering order
ZONES = ("hand", "main", "support", "points", "discard", "removed", "ex", "deck")
# extra keys a card table may carry, by zone kind
_AREA_KEYS = {
    "card",
    "rest",
    "summoned",
    "approached",
    "coins",
    "mods",
    "stack",
    "supports",
    "used",
    "flags",
}
_POINT_KEYS = {"card", "down", "flags"}
_PLAIN_KEYS = {"card", "flags"}
_POSITION_KEYS = {
    "turn",
    "approacher",
    "first",
    "phase",
    "step",
    "priority",
    "passes",
    "approach",
    "interfere",
    "chain",
    "responder",
    "left_approach",
    "chooser",
    "redraw",
    "vars",
}
# game preparation (p.05): who chooses the turn order, then keep or redraw
SETUP_STEPS = ("choose", "redraw", "bottom")
_SETUP_KEYS = {"phase", "step", "chooser", "first", "redraw", "vars"}
_SETUP_ZONES = ("hand", "ex", "deck")
_CHAIN_KEYS = {"by", "kind", "card", "area", "replace", "host"}
PHASES = {
    "start": (None,),  # the very beginning of the turn: Turn Start runs (p.08)
    "main": (None,),
    "approach": ("assign", "w2", "interfere", "w4", "w6"),
    "end": ("adjust",),
}
WINDOWS = ("w2", "w4", "w6")
_TOP_LEVEL = {"actions", "name", "page", "description", "seed", "ruleset"}


def dotted(path: Path) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def player_index(value: Any, path: Path) -> int:
    if value in PLAYERS:
        return PLAYERS.index(value)
    raise PositionError(f'{dotted(path)}: must be "p1" or "p2", not {value!r}', path)


class _Builder:
    def __init__(self, t: Tables) -> None:
        self.t = t
        self.cards: list[list[Any]] = []  # [uid, cid, owner, zone, flags]

    def defn(self, cid: Any, path: Path) -> CardDef:
        if not isinstance(cid, str):
            raise PositionError(f'{dotted(path)}: a card is a card id like "STA-004"', path)
        try:
            return self.t.pool.get(cid)
        except CardError:
            raise PositionError(f"{dotted(path)}: unknown card id {cid}", path, cid) from None

    def add(self, cid: str, owner: int, zone: str, flags: dict[str, Any] | None = None) -> int:
        uid = len(self.cards)
        self.cards.append([uid, cid, owner, zkey(owner, zone), dict(flags or {})])
        return uid


def _item(raw: Any, path: Path, allowed: set[str]) -> tuple[str, dict[str, Any]]:
    """A card entry: "STA-004" or { card = "STA-004", ... }."""
    if isinstance(raw, str):
        return raw, {}
    if not isinstance(raw, Mapping):
        raise PositionError(
            f'{dotted(path)}: a card is "ID" or {{ card = "ID", ... }}, not {raw!r}', path
        )
    if "card" not in raw:
        raise PositionError(f'{dotted(path)}: the card table needs card = "ID"', path)
    for key in raw:
        if key not in allowed:
            raise PositionError(
                f"{dotted(path)}: unknown key {key!r} here (allowed: {', '.join(sorted(allowed))})",
                path,
                key,
            )
    return raw["card"], dict(raw)


def _bool(raw: Mapping[str, Any], key: str, path: Path) -> bool:
    value = raw.get(key, False)
    if not isinstance(value, bool):
        raise PositionError(f"{dotted(path)}.{key}: must be true or false", path, key)
    return value


def _int(value: Any, path: Path, lo: int = 0, hi: int | None = None) -> int:
    if (
        isinstance(value, bool)
        or not isinstance(value, int)
        or value < lo
        or (hi is not None and value > hi)
    ):
        rng = f"{lo}..{hi}" if hi is not None else f"{lo} or more"
        raise PositionError(f"{dotted(path)}: must be a whole number {rng}, not {value!r}", path)
    return value


def _list(value: Any, path: Path) -> list[Any]:
    if not isinstance(value, list):
        raise PositionError(f"{dotted(path)}: must be a list of cards", path)
    return value


def _player(b: _Builder, p: int, table: Any, turn: int) -> dict[str, list[int]]:
    """Number one player's cards; returns zone -> uids in the Areas (for later checks)."""
    name = PLAYERS[p]
    if table is None:
        raise PositionError(f"{name}: missing table [{name}] (at least its deck)", (name,))
    if not isinstance(table, Mapping):
        raise PositionError(f"{name}: must be a table", (name,))
    for key in table:
        if key not in ZONES:
            hint = (
                f"; a key written after [{name}] belongs to it: put {key} above the first table"
                if key in _TOP_LEVEL
                else ""
            )
            raise PositionError(
                f"{name}: unknown zone {key!r} (zones: {', '.join(ZONES)}){hint}", (name, key), key
            )
    if "deck" not in table:
        raise PositionError(
            f"{name}: give the deck as a list of cards (top first) or a number of cards",
            (name,),
        )
    t = b.t
    placed: dict[str, list[int]] = {"main": [], "support": []}
    for zone in ZONES:
        if zone not in table:
            continue
        raw = table[zone]
        zpath: Path = (name, zone)
        if zone == "deck" and isinstance(raw, int) and not isinstance(raw, bool):
            for _ in range(_int(raw, zpath, 0, 1000)):
                b.add(FILLER, p, "deck")
            continue
        for i, entry in enumerate(_list(raw, zpath)):
            path = (*zpath, i)
            if zone in ("main", "support"):
                placed[zone].append(_area_card(b, p, zone, entry, path, turn))
                continue
            allowed = _POINT_KEYS if zone == "points" else _PLAIN_KEYS
            cid, extra = _item(entry, path, allowed)
            b.defn(cid, path)
            flags: dict[str, Any] = {}
            if zone == "points" and _bool(extra, "down", path):
                flags["down"] = True
            flags.update(_raw_flags(extra, path))
            b.add(cid, p, zone, flags)
    main = placed["main"]
    if len(main) > t.main_area_size:
        raise PositionError(
            f"{name}.main: {len(main)} charas, but the Main Area holds at most "
            f"{t.main_area_size} (p.06)",
            (name, "main", t.main_area_size),
        )
    seen: dict[str, int] = {}
    for zone in ("main", "support"):
        for i, uid in enumerate(placed[zone]):
            cid = b.cards[uid][1]
            base = t.defs[cid].base_id
            if base in seen:
                held = b.cards[seen[base]][1]
                copy = f"a second {cid}" if cid == held else f"{cid}, a copy of {held},"
                raise PositionError(
                    f"{name}.{zone}: {copy} in the Area: one copy of a chara "
                    f"(same series and number) per Area (p.09)",
                    (name, zone, i),
                    cid,
                )
            seen[base] = uid
    points = [c for c in b.cards if c[3] == zkey(p, "points")]
    if len(points) > t.points_to_lose:
        raise PositionError(
            f"{name}.points: {len(points)} point cards; the game ends at {t.points_to_lose} (p.07)",
            (name, "points"),
        )
    return placed


FILLER = "STA-006"  # the plain card a deck given as a number is made of (docs/scenarios.md)


def _raw_flags(extra: Mapping[str, Any], path: Path) -> dict[str, Any]:
    raw = extra.get("flags", {})
    if not isinstance(raw, Mapping):
        raise PositionError(f"{dotted(path)}.flags: must be a table of card attributes", path)
    return dict(raw)


def _area_card(b: _Builder, p: int, zone: str, entry: Any, path: Path, turn: int) -> int:
    t = b.t
    cid, extra = _item(entry, path, _AREA_KEYS)
    d = b.defn(cid, path)
    if d.type != "chara":
        where = "set on a chara with supports = [...]" if d.type == "support" else "not placed"
        raise PositionError(
            f"{dotted(path)}: {cid} is {'an' if d.type == 'event' else 'a'} {d.type} card; "
            f"only charas stand in the Area ({d.type}s are {where}) (p.06)",
            path,
            cid,
        )
    if zone == "main" and not d.has_apdp:
        raise PositionError(
            f"{dotted(path)}: {cid} has no AP/DP; only charas with AP/DP go in the "
            f"Main Area (p.06)",
            path,
            cid,
        )
    flags: dict[str, Any] = {}
    if _bool(extra, "rest", path):
        flags["rest"] = True
    if _bool(extra, "summoned", path):
        flags["turn"] = turn
    if _bool(extra, "approached", path):
        if zone != "main":
            raise PositionError(
                f"{dotted(path)}: only a Main Area chara can have approached (p.06)", path, cid
            )
        flags["appr"] = turn
    if "coins" in extra:
        coins = _int(extra["coins"], (*path, "coins"), 0, 99)
        if coins:
            flags["coins"] = coins
    if "mods" in extra:
        mods = extra["mods"]
        ok = isinstance(mods, list) and all(
            isinstance(m, list)
            and len(m) == 2
            and all(isinstance(x, int) and not isinstance(x, bool) for x in m)
            for m in mods
        )
        if not ok:
            raise PositionError(
                f"{dotted(path)}.mods: a list of [AP, DP] changes until end of turn, "
                f"like [[10, -10]]",
                path,
                "mods",
            )
        if mods:
            flags["mods"] = [list(m) for m in mods]
    used = extra.get("used", [])
    if not isinstance(used, list) or not all(
        isinstance(n, int) and not isinstance(n, bool) and n >= 1 for n in used
    ):
        raise PositionError(
            f"{dotted(path)}.used: the numbers of the card's effects used this turn, like [1]",
            path,
            "used",
        )
    for n in used:
        if n > len(t.effects.get(cid, ())):
            raise PositionError(f"{dotted(path)}.used: {cid} has no effect {n}", path, "used")
    if used:
        flags["used"] = {f"{cid}#{n}": turn for n in used}
    stack = _list(extra.get("stack", []), (*path, "stack"))
    if stack:
        flags["level"] = 1 + len(stack)
    flags.update(_raw_flags(extra, path))
    uid = b.add(cid, p, zone, flags)
    seen: set[str] = set()
    for i, raw in enumerate(_list(extra.get("supports", []), (*path, "supports"))):
        spath = (*path, "supports", i)
        sid, sextra = _item(raw, spath, _PLAIN_KEYS)
        sd = b.defn(sid, spath)
        if sd.type != "support":
            raise PositionError(f"{dotted(spath)}: {sid} is not a support card", spath, sid)
        if sd.base_id in seen:
            raise PositionError(
                f"{dotted(spath)}: a chara holds one copy of a support (p.10)", spath, sid
            )
        seen.add(sd.base_id)
        b.add(sid, p, "attached", {"host": uid, **_raw_flags(sextra, spath)})
    for i, raw in enumerate(stack):
        lpath = (*path, "stack", i)
        lid, lextra = _item(raw, lpath, _PLAIN_KEYS)
        ld = b.defn(lid, lpath)
        if ld.type != "chara":
            raise PositionError(f"{dotted(lpath)}: a level stack holds chara cards", lpath, lid)
        b.add(lid, p, "stack", {"under": uid, **_raw_flags(lextra, lpath)})
    return uid


def _find(b: _Builder, text: Any, owner: int, zones: Sequence[str], path: Path) -> int:
    """A card of the position named "ID" or "ID@N" among `owner`'s cards in `zones`."""
    if not isinstance(text, str):
        raise PositionError(f'{dotted(path)}: name a card like "STA-004"', path)
    cid, _, num = text.partition("@")
    keys = {zkey(owner, z) for z in zones}
    found = [c[0] for c in b.cards if c[1] == cid and c[3] in keys]
    if num:
        found = [u for u in found if str(u) == num]
    if not found:
        where = " or ".join(zones)
        raise PositionError(
            f"{dotted(path)}: {PLAYERS[owner]} has no {text} in the {where} zone", path, text
        )
    return found[0]


def parse_position(doc: Mapping[str, Any], t: Tables) -> dict[str, Any]:
    """The position of a scenario document ([position], [p1], [p2]) as header data."""
    pos = doc.get("position", {})
    if not isinstance(pos, Mapping):
        raise PositionError("position: must be a table", ("position",))
    for key in pos:
        if key not in _POSITION_KEYS:
            raise PositionError(
                f"position: unknown key {key!r} (known: {', '.join(sorted(_POSITION_KEYS))})",
                ("position", key),
                key,
            )
    if pos.get("phase") == "setup":
        return _setup_position(doc, pos, t)
    for key in ("chooser", "redraw"):
        if key in pos:
            raise PositionError(
                f'position.{key}: only before the game starts (phase = "setup", p.05)',
                ("position", key),
            )
    turn = _int(pos.get("turn", 3), ("position", "turn"), 1, 10000)
    # Turn 1 is the first player's; turns alternate (p.07).
    ap_given = "approacher" in pos
    first_given = "first" in pos
    ap = player_index(pos["approacher"], ("position", "approacher")) if ap_given else None
    first = player_index(pos["first"], ("position", "first")) if first_given else None
    if ap is None:
        first = 0 if first is None else first
        ap = first if turn % 2 == 1 else 1 - first
    elif first is None:
        first = ap if turn % 2 == 1 else 1 - ap
    elif (ap == first) != (turn % 2 == 1):
        raise PositionError(
            f"position.approacher: on turn {turn} the Approacher is "
            f"{PLAYERS[first if turn % 2 else 1 - first]}, since {PLAYERS[first]} went first",
            ("position", "approacher"),
        )
    phase = pos.get("phase", "main")
    if phase not in PHASES:
        raise PositionError(
            f"position.phase: {phase!r} is not one of {', '.join(PHASES)}",
            ("position", "phase"),
            str(phase),
        )
    step = pos.get("step", PHASES[phase][0])
    if step not in PHASES[phase]:
        steps = ", ".join(str(s) for s in PHASES[phase] if s)
        raise PositionError(
            f"position.step: {step!r} is not a step of the {phase} phase"
            + (f" ({steps})" if steps else " (it has none)"),
            ("position", "step"),
            str(step),
        )
    if phase == "approach" and turn == 1:
        raise PositionError(
            "position.phase: the first player's first turn has no Approach Phase (p.13)",
            ("position", "phase"),
        )

    b = _Builder(t)
    placed = [_player(b, p, doc.get(PLAYERS[p]), turn) for p in (0, 1)]

    window = phase == "main" or step in WINDOWS
    prio = None
    passes = None
    if window:
        prio = ap
        if "priority" in pos:
            prio = player_index(pos["priority"], ("position", "priority"))
        passes = _int(pos.get("passes", 0), ("position", "passes"), 0, 2)
        if passes == 2 and prio == ap:
            # the Approacher, then the Interferer passing closes the window (p.07)
            raise PositionError(
                "position.passes: 2 passes in a row with the Approacher to act cannot "
                "happen: the Interferer's pass after the Approacher's closes the window (p.07)"
            )
    else:
        for key in ("priority", "passes"):
            if key in pos:
                raise PositionError(
                    f"position.{key}: no one holds priority in step {step} (only in the "
                    f"Main Phase and the windows w2, w4, w6)",
                    ("position", key),
                )

    appr: dict[str, int] | None = None
    needs_a = step in ("w2", "interfere", "w4")
    needs_i = step == "w4"
    if "left_approach" in pos:
        appr = _left_approach(b, pos, step, ap, turn)
    elif "approach" in pos or needs_a:
        if "approach" not in pos:
            raise PositionError(
                f"position.approach: step {step} needs the approach chara, like "
                f'approach = "STA-004"',
                ("position",),
            )
        if phase != "approach" or step == "assign":
            raise PositionError(
                "position.approach: an approach chara exists only after it is assigned "
                "(steps w2, interfere, w4, w6)",
                ("position", "approach"),
            )
        a = _find(b, pos["approach"], ap, ("main",), ("position", "approach"))
        b.cards[a][4].update({"rest": True, "appr": turn})
        appr = {"a": a}
    if "interfere" in pos or needs_i:
        if "interfere" not in pos:
            raise PositionError(
                "position.interfere: step w4 needs the interfering chara, like "
                'interfere = "TWC-004"',
                ("position",),
            )
        if step not in ("w4", "w6"):
            raise PositionError(
                "position.interfere: an interfering chara exists only in steps w4 and w6",
                ("position", "interfere"),
            )
        i = _find(b, pos["interfere"], 1 - ap, ("main",), ("position", "interfere"))
        b.cards[i][4]["rest"] = True
        if appr is None:
            raise PositionError(
                "position.interfere: an interference answers an approach: name the approach "
                "chara too (approach or left_approach)",
                ("position", "interfere"),
            )
        appr["i"] = i
    if step == "adjust" and len([c for c in b.cards if c[3] == zkey(ap, "hand")]) <= t.hand_limit:
        raise PositionError(
            f"position.step: hand adjustment needs more than {t.hand_limit} cards in "
            f"{PLAYERS[ap]}'s hand (p.15)",
            ("position", "step"),
        )

    chain, resp = _chain(b, pos, window, ap)

    extra = pos.get("vars", {})
    if not isinstance(extra, Mapping):
        raise PositionError("position.vars: must be a table of game variables", ("position",))
    del placed
    return {
        "cards": b.cards,
        "vars": {
            "turn": turn,
            "first": first,
            "ap": ap,
            "phase": phase,
            "step": step,
            "prio": prio,
            "passes": passes,
            "appr": appr,
            "chain": chain,
            "resp": resp,
            **dict(extra),
        },
    }


def _left_approach(
    b: _Builder, pos: Mapping[str, Any], step: str, ap: int, turn: int
) -> dict[str, int]:
    """An approach chara that has left the Main Area since it was assigned (p.21):
    it is found in the Approacher's Support Area, hand, Discard Zone or removed
    cards; in the Support Area it stays in Rest and marked as approached."""
    path: Path = ("position", "left_approach")
    if "approach" in pos:
        raise PositionError(
            "position.left_approach: there is one approach chara: give approach (still in "
            "the Main Area) or left_approach (gone from it), not both",
            path,
        )
    if step not in ("w2", "w4", "w6"):
        raise PositionError(
            "position.left_approach: an approach chara can have left only in a window "
            "after it was assigned (w2, w4, w6) (p.21)",
            path,
        )
    a = _find(b, pos["left_approach"], ap, ("support", "hand", "discard", "removed"), path)
    if b.cards[a][3] == zkey(ap, "support"):
        b.cards[a][4].update({"rest": True, "appr": turn})
    return {"a": a}


def _setup_position(doc: Mapping[str, Any], pos: Mapping[str, Any], t: Tables) -> dict[str, Any]:
    """A position before the game starts (p.05): the rock-paper-scissors winner
    choosing the turn order (step "choose"), or a player deciding to keep or
    redraw the hand (step "redraw") or putting it under the deck ("bottom")."""
    for key in pos:
        if key not in _SETUP_KEYS:
            raise PositionError(
                f"position.{key}: not before the game starts (with phase = \"setup\": "
                f"{', '.join(sorted(_SETUP_KEYS - {'phase', 'vars'}))})",
                ("position", key),
                key,
            )
    step = pos.get("step", "choose")
    if step not in SETUP_STEPS:
        raise PositionError(
            f"position.step: {step!r} is not a step of game preparation "
            f"({', '.join(SETUP_STEPS)})",
            ("position", "step"),
            str(step),
        )
    for name in PLAYERS:
        table = doc.get(name)
        if isinstance(table, Mapping):
            for zone in table:
                if zone in ZONES and zone not in _SETUP_ZONES:
                    raise PositionError(
                        f"{name}.{zone}: before the game starts the cards are in the deck, "
                        f"the EX deck and (after the opening draw) the hand (p.05)",
                        (name, zone),
                    )
    b = _Builder(t)
    for p in (0, 1):
        _player(b, p, doc.get(PLAYERS[p]), 0)
    hands = [[c for c in b.cards if c[3] == zkey(p, "hand")] for p in (0, 1)]
    values: dict[str, Any] = {"phase": "setup", "step": step}
    if step == "choose":
        for key in ("first", "redraw"):
            if key in pos:
                raise PositionError(
                    f"position.{key}: the turn order is not chosen yet (step choose)",
                    ("position", key),
                )
        if any(hands):
            raise PositionError(
                "position: the opening hands are drawn after the turn order is chosen "
                "(p.05): leave the hands empty in step choose",
                ("position", "step"),
            )
        values["chooser"] = player_index(pos.get("chooser", "p1"), ("position", "chooser"))
    else:
        if "chooser" in pos:
            raise PositionError(
                "position.chooser: the turn order is already chosen (use first)",
                ("position", "chooser"),
            )
        first = player_index(pos.get("first", "p1"), ("position", "first"))
        who = player_index(pos.get("redraw", PLAYERS[first]), ("position", "redraw"))
        if step == "bottom" and not hands[who]:
            raise PositionError(
                f"position.step: {PLAYERS[who]} puts the hand under the deck (step bottom), "
                "but the hand is empty",
                ("position", "step"),
            )
        values.update(first=first, who=who)
    extra = pos.get("vars", {})
    if not isinstance(extra, Mapping):
        raise PositionError("position.vars: must be a table of game variables", ("position",))
    return {"cards": b.cards, "vars": {**values, **dict(extra)}}


def _chain(
    b: _Builder, pos: Mapping[str, Any], window: bool, ap: int
) -> tuple[list[dict[str, Any]] | None, dict[str, int] | None]:
    raw = pos.get("chain")
    if raw is None:
        if "responder" in pos:
            raise PositionError(
                "position.responder: there is no open chain", ("position", "responder")
            )
        return None, None
    if not isinstance(raw, list) or not raw:
        raise PositionError(
            "position.chain: a list of declared plays ([[position.chain]] tables)",
            ("position", "chain"),
        )
    if not window:
        raise PositionError(
            "position.chain: plays are declared only in the Main Phase or a window "
            "(w2, w4, w6) (p.20)",
            ("position", "chain"),
        )
    entries = []
    for n, e in enumerate(raw):
        path: Path = ("position", "chain", n)
        if not isinstance(e, Mapping):
            raise PositionError(f"{dotted(path)}: must be a table", path)
        for key in e:
            if key not in _CHAIN_KEYS:
                raise PositionError(
                    f"{dotted(path)}: unknown key {key!r} "
                    f"(known: {', '.join(sorted(_CHAIN_KEYS))})",
                    path,
                    key,
                )
        by = player_index(e.get("by", PLAYERS[ap]), (*path, "by"))
        kind = e.get("kind")
        if kind not in ("summon", "event", "support"):
            raise PositionError(
                f'{dotted(path)}.kind: "summon", "event" or "support", not {kind!r}',
                path,
                "kind",
            )
        d = b.defn(e.get("card"), (*path, "card"))
        want = {"summon": "chara", "event": "event", "support": "support"}[kind]
        if d.type != want:
            raise PositionError(
                f"{dotted(path)}: {d.id} is a {d.type} card, it cannot be played as {kind}",
                path,
                d.id,
            )
        uid = b.add(d.id, by, "stage")
        # numbered as plays.commit numbers them: an answer names the entry it answers
        entry: dict[str, Any] = {"kind": kind, "card": uid, "by": by, "id": n + 1}
        if n:
            entry["answers"] = n
        if kind == "summon":
            area = e.get("area", "main")
            if area not in ("main", "support"):
                raise PositionError(f"{dotted(path)}.area: main or support", path, "area")
            entry["area"] = area
            entry["replace"] = (
                _find(b, e["replace"], by, ("main",), (*path, "replace"))
                if "replace" in e
                else None
            )
        elif kind == "event":  # its effect, as plays.on_play names it for an event
            entry["cid"], entry["eff"] = d.id, 1 if b.t.effects.get(d.id) else 0
        elif kind == "support":
            if "host" not in e:
                raise PositionError(f'{dotted(path)}: a support needs host = "ID"', path)
            entry["host"] = _find(b, e["host"], by, ("main", "support"), (*path, "host"))
        entries.append(entry)
    last = entries[-1]["by"]
    responder = 1 - last
    if "responder" in pos:
        responder = player_index(pos["responder"], ("position", "responder"))
    return entries, {"prio": responder, "passes": 0}


# -- building the position in a game --


def setup_position(ctx: Context, t: Tables, scenario: Mapping[str, Any]) -> None:
    """Emit the events that build a parsed position (see parse_position)."""
    cards = scenario["cards"]
    for c in cards:
        t.pool.get(c[1])  # unknown ids fail here, before anything is logged
    ctx.emit({"t": "create", "cards": [c[:4] for c in cards], "why": "scenario"})
    for c in cards:
        if c[4]:
            ctx.emit({"t": "flag", "card": c[0], "f": c[4], "why": "scenario"})
    values = {k: v for k, v in scenario["vars"].items() if v is not None}
    start = values.get("phase") == "start"
    if start:  # the turn's own Turn Start follows (p.08): drawing, cards turned Active
        values.pop("phase")
    ctx.emit({"t": "var", "set": {**values, "live": True}, "why": "scenario position"})
    if start:
        from .flow import start_turn

        start_turn(ctx, t, int(values["ap"]), int(values["turn"]))
