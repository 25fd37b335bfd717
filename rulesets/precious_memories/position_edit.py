"""A game state as a scenario position, and the edits the sandbox makes to one.

The sandbox edits *positions*, the structure a scenario file describes
(docs/scenarios.md): each player's zones with cards and their states, the
turn, the Approacher, the phase and step, priority. `state_to_doc` turns any
state the rules can be in between two plays back into that structure (the
parsed-TOML dict with `[position]`, `[p1]`, `[p2]`), so the sandbox can edit
after playing: take the state, change a copy of it with the plain functions
below, turn it into a position, and let `parse_position` check it and build a
new game from it. A position that cannot be (six charas in a Main Area, two
copies of a chara, ...) is refused with the rules' own one-line reason.

Edits refuse with a one-line PositionError (the sandbox shows it). No Textual here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pmtui.engine.notation import renumber
from pmtui.engine.ruleset import PositionError as EditError
from pmtui.engine.state import Card, State, zkey

from .scenario import FILLER, PHASES, WINDOWS, ZONES

PLAYERS = ("p1", "p2")
AREAS = ("main", "support")
# game variables a position describes with its own keys, or that need nothing
_HANDLED = {
    "turn", "first", "ap", "phase", "step", "prio", "passes", "appr", "chain", "resp",
    "live", "over",
    "fix",  # fixed outcomes used: a saved position keeps the unused ones (its own `fix`)
}
# game variables without card numbers in them: kept as they are (position.vars)
_KEPT = ("rng", "cc", "lvl")
_CHAIN_KINDS = ("summon", "event", "support")
_LEFT_TO = ("support", "hand", "discard", "removed")  # where a left approach chara is found
_AREA_FLAGS = {"rest", "turn", "appr", "coins", "mods", "level", "used", "host", "under"}


def in_progress(state: State) -> str | None:
    """Why this state is not a position that can be edited (None: it is one)."""
    v = state.vars
    busy = sorted(k for k, val in v.items() if k not in _HANDLED and k not in _KEPT
                  and val is not None)
    if busy:
        what = {"play": "a play is being paid for", "judge": "a judgement choice is open",
                "ask": "an effect is asking for a choice", "trig": "triggers wait to be ordered",
                "resolving": "a chain is resolving"}
        first = next((what[k] for k in busy if k in what), f"the rules are busy ({busy[0]})")
        return f"{first}: finish it (or undo with u) before editing"
    phase = v.get("phase")
    if phase not in PHASES:
        return f"positions are set in the Main Phase, Approach Phase or Turn End, not {phase}"
    for entry in v.get("chain") or ():
        extra = set(entry) - {"kind", "card", "by", "area", "replace", "host", "id", "answers",
                              "cid"}
        if entry.get("kind") not in _CHAIN_KINDS or extra:
            return "an effect or Level Up is waiting on the chain: let it resolve (or undo)"
    return None


def state_to_doc(state: State, defs: Mapping[str, Any]) -> tuple[dict[str, Any], list[int]]:
    """The scenario document of `state`, and the card order of its numbering.

    `order[n]` is the uid in `state` of the card that gets number n when the
    document is set up (docs/scenarios.md, "Card numbers"). Raises EditError
    when the state is in the middle of something a position cannot describe.
    """
    why = in_progress(state)
    if why:
        raise EditError(why)
    v = state.vars
    turn = int(v.get("turn") or 1)
    order: list[int] = []
    doc: dict[str, Any] = {"position": _position_vars(state)}
    for p in (0, 1):
        table: dict[str, Any] = {}
        for zone in ZONES:
            uids = list(state.zones.get(zkey(p, zone), ()))
            if zone == "deck":
                order.extend(uids)
                cards = [state.cards[u] for u in uids]
                if all(c.cid == FILLER and not c.f for c in cards):
                    table["deck"] = len(cards)
                else:
                    table["deck"] = [_plain(c) for c in cards]
                continue
            entries: list[Any] = []
            for u in uids:
                c = state.cards[u]
                order.append(u)
                if zone in AREAS:
                    entries.append(_area_entry(state, c, turn, order))
                elif zone == "points":
                    entries.append(_point_entry(c))
                else:
                    entries.append(_plain(c))
            if entries:
                table[zone] = entries
        doc[PLAYERS[p]] = table
    chain = []
    for entry in v.get("chain") or ():
        uid = int(entry["card"])
        order.append(uid)
        out: dict[str, Any] = {"by": PLAYERS[int(entry["by"])], "kind": entry["kind"],
                               "card": state.cards[uid].cid}
        if entry["kind"] == "summon":
            out["area"] = entry.get("area") or "main"
            if entry.get("replace") is not None:
                out["replace"] = state.cards[int(entry["replace"])].cid
        if entry["kind"] == "support" and entry.get("host") is not None:
            out["host"] = state.cards[int(entry["host"])].cid
        chain.append(out)
    if chain:
        doc["position"]["chain"] = chain
    return doc, order


def _position_vars(state: State) -> dict[str, Any]:
    v = state.vars
    turn = int(v.get("turn") or 1)
    ap = int(v.get("ap") or 0)
    phase = v.get("phase", "main")
    pos: dict[str, Any] = {"turn": turn, "approacher": PLAYERS[ap],
                           "first": PLAYERS[int(v.get("first") or 0)], "phase": phase}
    step = v.get("step")
    if step is not None and phase != "main":
        pos["step"] = step
    window = phase == "main" or step in WINDOWS
    if window and isinstance(v.get("prio"), int):
        pos["priority"] = PLAYERS[v["prio"]]
        if v.get("passes"):
            pos["passes"] = int(v["passes"])
    appr = v.get("appr") or {}
    if phase == "approach" and step != "assign":
        for key, name, side in (("a", "approach", ap), ("i", "interfere", 1 - ap)):
            uid = appr.get(key)
            if uid is None:
                continue
            zone = state.cards[int(uid)].zone
            if zone == zkey(side, "main"):
                pos[name] = state.cards[int(uid)].cid
            elif key == "a" and step in WINDOWS and zone.partition("/")[2] in _LEFT_TO:
                # the approach chara left the Main Area before the interference or the
                # judgement (p.21); an interfering chara that left is no longer named
                pos["left_approach"] = state.cards[int(uid)].cid
    extra = {k: v[k] for k in _KEPT if v.get(k) not in (None, {}, 0)}
    resp = v.get("resp")
    if v.get("chain") and resp:
        pos["responder"] = PLAYERS[int(resp["prio"])]
        if resp.get("passes"):
            extra["resp"] = {"prio": int(resp["prio"]), "passes": int(resp["passes"])}
    if extra:
        pos["vars"] = extra
    return pos


def _raw(c: Card, known: set[str]) -> dict[str, Any]:
    return {k: val for k, val in c.f.items() if k not in known}


def _plain(c: Card) -> Any:
    raw = _raw(c, set())
    return {"card": c.cid, "flags": raw} if raw else c.cid


def _point_entry(c: Card) -> Any:
    raw = _raw(c, {"down"})
    if not c.f.get("down") and not raw:
        return c.cid
    out: dict[str, Any] = {"card": c.cid}
    if c.f.get("down"):
        out["down"] = True
    if raw:
        out["flags"] = raw
    return out


def _area_entry(state: State, c: Card, turn: int, order: list[int]) -> Any:
    f = c.f
    out: dict[str, Any] = {"card": c.cid}
    raw = _raw(c, _AREA_FLAGS)
    if f.get("rest"):
        out["rest"] = True
    if f.get("turn") == turn:
        out["summoned"] = True
    if f.get("appr") == turn and c.zone.endswith("/main"):
        out["approached"] = True
    if f.get("coins"):
        out["coins"] = int(f["coins"])
    mods = f.get("mods") or []
    if mods and all(len(m) == 2 for m in mods):
        out["mods"] = [list(m) for m in mods]
    elif mods:
        raw["mods"] = mods
    used = {k: t for k, t in (f.get("used") or {}).items() if t == turn}
    nums = [k.partition("#")[2] for k in used if k.startswith(f"{c.cid}#")]
    if used and len(nums) == len(used) and all(n.isdigit() for n in nums):
        out["used"] = sorted(int(n) for n in nums)
    elif used:
        raw["used"] = used
    supports = [u for u in state.zones.get(zkey(c.owner, "attached"), ())
                if state.cards[u].f.get("host") == c.uid]
    supports += [u for p in (0, 1) if p != c.owner
                 for u in state.zones.get(zkey(p, "attached"), ())
                 if state.cards[u].f.get("host") == c.uid]
    stack = [u for p in (0, 1) for u in state.zones.get(zkey(p, "stack"), ())
             if state.cards[u].f.get("under") == c.uid]
    if supports:
        out["supports"] = [_plain_under(state.cards[u], "host") for u in supports]
        order.extend(supports)
    if stack:
        out["stack"] = [_plain_under(state.cards[u], "under") for u in stack]
        order.extend(stack)
    level = int(f.get("level", 1))
    if level != 1 + len(stack):
        raw["level"] = level
    if raw:
        out["flags"] = raw
    return c.cid if list(out) == ["card"] else out


def _plain_under(c: Card, link: str) -> Any:
    raw = _raw(c, {link})
    return {"card": c.cid, "flags": raw} if raw else c.cid


def remap(text: str, order: Sequence[int]) -> str:
    """Card numbers in `text` (`ID@N`, numbers of the old state) in the new numbering."""
    return renumber(text, order)


# -- edits on a copy of a state (the sandbox then rebuilds the position) --


def _take_out(state: State, uid: int) -> None:
    c = state.cards[uid]
    zone = state.zones.get(c.zone)
    if zone is not None and uid in zone:
        zone.remove(uid)
    c.zone = ""


def _dependants(state: State, uid: int) -> list[int]:
    """Supports set on the card and its level stack."""
    out = []
    for key, uids in state.zones.items():
        if key.endswith(("/attached", "/stack")):
            out += [u for u in uids if uid in (state.cards[u].f.get("host"),
                                                state.cards[u].f.get("under"))]
    return out


def remove(state: State, uid: int) -> list[int]:
    """Take a card out of the game (with its supports and level stack); the uids removed."""
    gone = [uid, *_dependants(state, uid)]
    for u in gone:
        _take_out(state, u)
    _forget(state, set(gone))
    return gone


def _forget(state: State, gone: set[int]) -> None:
    v = state.vars
    appr = v.get("appr") or {}
    if any(appr.get(k) in gone for k in ("a", "i")):
        v["appr"] = {k: u for k, u in appr.items() if u not in gone} or None
    if v.get("chain"):
        chain = [e for e in v["chain"] if e.get("card") not in gone]
        v["chain"] = chain or None
        if not chain:
            v["resp"] = None


def put(state: State, uid: int, player: int, zone: str, *, host: int | None = None,
        under: int | None = None, down: bool = False, bottom: bool = False) -> None:
    """Put a card (already out of its zone, or new) into a zone of `player`."""
    c = state.cards[uid]
    c.owner = player
    keep = {k: val for k, val in c.f.items() if k in ("down",)} if zone == "points" else {}
    c.f = keep
    if zone == "points" and down:
        c.f["down"] = True
    if host is not None:
        zone = "attached"
        c.f["host"] = host
    if under is not None:
        zone = "stack"
        c.f["under"] = under
    key = zkey(player, zone)
    c.zone = key
    dest = state.zone(key)
    if zone == "deck" and not bottom:
        dest.insert(0, uid)
    else:
        dest.append(uid)
    if under is not None:
        host_card = state.cards[under]
        host_card.f["level"] = int(host_card.f.get("level", 1)) + 1


def add(state: State, cid: str, player: int, zone: str, **where: Any) -> int:
    """A new card; returns its uid in this (edited) state."""
    uid = len(state.cards)
    state.cards.append(Card(uid, cid, player, ""))
    put(state, uid, player, zone, **where)
    return uid


def move(state: State, uid: int, player: int, zone: str, **where: Any) -> list[int]:
    """Move a card; a chara leaving the Areas takes its supports and stack to the Discard Zone.

    Returns the uids that went to the discard with it.
    """
    c = state.cards[uid]
    src = c.zone.partition("/")[2]
    deps = _dependants(state, uid)
    flags = dict(c.f)
    under = state.cards[int(c.f["under"])] if "under" in c.f else None
    _take_out(state, uid)
    if under is not None:
        under.f["level"] = max(1, int(under.f.get("level", 1)) - 1)
    put(state, uid, player, zone, **where)
    if src in AREAS and zone in AREAS and where.get("host") is None \
            and where.get("under") is None:
        # between the Areas a chara keeps its state, supports and stack
        c.f = {k: val for k, val in flags.items() if k not in ("host", "under")}
        if zone != "main":
            c.f.pop("appr", None)
        for u in deps:
            state.cards[u].owner = player
        return []
    for u in deps:
        _take_out(state, u)
        put(state, u, state.cards[u].owner, "discard")
    _forget(state, {uid})
    return deps


def toggle(state: State, uid: int, flag: str, value: Any = True) -> bool:
    """Set or clear one attribute; returns whether it is set now."""
    c = state.cards[uid]
    if c.f.get(flag) == value:
        c.f.pop(flag, None)
        return False
    c.f[flag] = value
    return True


def add_coin(state: State, uid: int, n: int = 1) -> int:
    c = state.cards[uid]
    coins = max(0, int(c.f.get("coins", 0)) + n)
    if coins:
        c.f["coins"] = coins
    else:
        c.f.pop("coins", None)
    return coins


def set_moment(state: State, *, phase: str, step: str | None, priority: int | None = None,
               approach: int | None = None, interfere: int | None = None) -> None:
    """Set the phase and step (and who holds priority, the approach charas)."""
    v = state.vars
    if phase not in PHASES or step not in PHASES[phase]:
        raise EditError(f"no step {step} in the {phase} phase")
    v["phase"], v["step"] = phase, step
    window = phase == "main" or step in WINDOWS
    v["prio"] = (v.get("ap", 0) if priority is None else priority) if window else None
    v["passes"] = 0 if window else None
    if phase == "approach" and step != "assign":
        appr = {"a": approach} if approach is not None else {}
        if interfere is not None and step in ("w4", "w6"):
            appr["i"] = interfere
        v["appr"] = appr or None
    else:
        v["appr"] = None
    if not window:
        v["chain"] = None
        v["resp"] = None


def set_turn(state: State, turn: int, *, swap_first: bool = False) -> None:
    """A turn number (the Approacher follows: turns alternate); or who went first."""
    v = state.vars
    if turn < 1:
        raise EditError("turn 1 is the first turn")
    first = int(v.get("first") or 0)
    if swap_first:
        first = 1 - first
    v["turn"], v["first"] = turn, first
    v["ap"] = first if turn % 2 == 1 else 1 - first
    if v.get("prio") is not None and v.get("phase") == "main":
        v["prio"] = v["ap"]
        v["passes"] = 0
