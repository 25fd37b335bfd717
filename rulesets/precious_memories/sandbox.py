"""What the sandbox's menus offer for Precious Memories, in its words: where a card may
be put, which cards ride on a chara, the moments of a turn (p.13-14), and actions worth
asking "why not?" about."""

from __future__ import annotations

from collections.abc import Mapping

from pmtui.engine.ruleset import Moment, Pick, Place
from pmtui.engine.state import State

from .areas import AREAS
from .tables import Tables


def _who(p: int) -> str:
    return f"P{p + 1}"


def _name(t: Tables, state: State, uid: int) -> str:
    cid = state.cards[uid].cid
    d = t.defs.get(cid)
    return d.name if d is not None else cid


def places(
    t: Tables, words: Mapping[str, str], state: State, cid: str, player: int, moving: int | None
) -> list[Place]:
    """Hand, the Areas a chara fits (Main only with AP/DP), the Point Zone face up or
    down (p.07), the other zones; a support set on a chara, a chara under one of its name
    (the level stack, p.24)."""
    d = t.defs[cid]
    here = None
    if moving is not None:
        seat, _, zone = state.cards[moving].zone.partition("/")
        here = (int(seat) if seat.isdigit() else state.cards[moving].owner, zone)
    p, P = player, _who(player)
    zones: list[tuple[str, str, dict[str, object]]] = [("hand", f"{P} hand", {})]
    if d.type == "chara":
        if d.has_apdp:
            zones.append(("main", f"{P} Main Area", {}))
        zones.append(("support", f"{P} Support Area", {}))
    zones += [("points", f"{P} Point Zone (face up)", {}),
              ("points", f"{P} Point Zone (face down)", {"down": True}),
              ("discard", f"{P} Discard Zone", {}), ("deck", f"{P} deck (top)", {}),
              ("deck", f"{P} deck (bottom)", {"bottom": True}), ("ex", f"{P} EX deck", {}),
              ("removed", f"{P} removed from play", {})]
    out = [Place(label, p, zone, where) for zone, label, where in zones
           if not (here == (p, zone) and zone != "deck" and not where)]
    for area in AREAS:
        for u in state.zones.get(f"{p}/{area}", ()):
            if u == moving:
                continue
            name = _name(t, state, u)
            if d.type == "support":
                out.append(Place(f"{P} set on {name} ({words[area]})", p, "main",
                                 {"host": u}))
            elif d.type == "chara" and t.defs[state.cards[u].cid].name == d.name:
                out.append(Place(f"{P} under {name} (level stack)", p, "main", {"under": u}))
    return out


def riders(state: State, uid: int) -> list[tuple[int, str]]:
    """Supports set on a chara and the cards of its level stack."""
    out = []
    for key, uids in state.zones.items():
        if key.endswith(("/attached", "/stack")):
            for u in uids:
                f = state.cards[u].f
                if uid in (f.get("host"), f.get("under")):
                    out.append((u, "support set on it" if "host" in f else "in its level stack"))
    return out


_APPROACHER = Pick("approach", "Which chara approaches?", "turn", "main",
                   missing="no chara in the Main Area for that step (p.13-14)")
_INTERFERER = Pick("interfere", "Which chara interferes?", "other", "main",
                   missing="no chara in the Main Area for that step (p.13-14)")
STEPS = [
    # key ("phase:step:priority"), label, the charas a step needs (p.13-14)
    ("start::", "Turn Start · the turn begins: draw, cards turn Active (p.08)", ()),
    ("main::0", "Main Phase · P1 holds priority", ()),
    ("main::1", "Main Phase · P2 holds priority", ()),
    ("approach:assign:", "Approach Phase · assign an approach chara", ()),
    ("approach:w2:0", "Approach · w2 window after the approach · P1 priority", (_APPROACHER,)),
    ("approach:w2:1", "Approach · w2 window after the approach · P2 priority", (_APPROACHER,)),
    ("approach:interfere:", "Approach · assign an interfering chara", (_APPROACHER,)),
    ("approach:w4:0", "Approach · w4 window before judgement · P1 priority",
     (_APPROACHER, _INTERFERER)),
    ("approach:w4:1", "Approach · w4 window before judgement · P2 priority",
     (_APPROACHER, _INTERFERER)),
    # after judgement either chara may be gone: both optional
    ("approach:w6:0", "Approach · w6 window after judgement · P1 priority",
     (Pick("approach", _APPROACHER.title, "turn", "main", optional=True),
      Pick("interfere", _INTERFERER.title, "other", "main", optional=True))),
    ("approach:w6:1", "Approach · w6 window after judgement · P2 priority",
     (Pick("approach", _APPROACHER.title, "turn", "main", optional=True),
      Pick("interfere", _INTERFERER.title, "other", "main", optional=True))),
    ("end:adjust:", "Turn End · hand adjustment (hand over the limit)", ()),
]


def moments(state: State) -> list[Moment]:
    v = state.vars
    prio = v.get("prio")
    now = f"{v.get('phase')}:{v.get('step') or ''}:{prio if prio is not None else ''}"
    out = []
    for key, label, picks in STEPS:
        phase, step, priority = key.split(":")
        moment = {"phase": phase, "step": step or None,
                  "priority": int(priority) if priority else None}
        out.append(Moment(key, label, moment, picks, current=key == now))
    return out


GENERAL = ("pass", "stop", "no-interference", "done", "cancel")


def suggestions(t: Tables, state: State, uid: int | None) -> list[str]:
    """For a card in hand: its plays (summon, event, support on each chara), pay,
    discard; in an Area: approach, interfere, each effect; a point card: pay.
    Then the answers any window takes."""
    out: list[str] = []
    if uid is not None and 0 <= uid < len(state.cards):
        c = state.cards[uid]
        r = f"{c.cid}@{uid}"
        d = t.defs[c.cid]
        owner, _, zone = c.zone.partition("/")
        if zone == "hand":
            if d.type == "chara":
                out += [f"summon {r} main", f"summon {r} support"]
            elif d.type == "event":
                out.append(f"event {r}")
            elif d.type == "support":
                for area in AREAS:
                    for u in state.zones.get(f"{owner}/{area}", ()):
                        out.append(f"support {r} on {state.cards[u].cid}@{u}")
            out += [f"pay {r}", f"discard {r}"]
        elif zone in AREAS:
            out += [f"approach {r}", f"interfere {r}"]
            out += [f"use {r} {n}" for n in range(1, len(d.effects) + 1)]
        elif zone == "points":
            out.append(f"pay {r}")
    return [*out, *GENERAL]
