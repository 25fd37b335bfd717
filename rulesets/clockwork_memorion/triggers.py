"""Triggered abilities and destruction: which abilities an event sets off, in which
order (S:174-183, M21), and a successor at Mind 000 destroyed (S:14, S:19-22)."""

from __future__ import annotations

from typing import Any

from pmtui.engine import chain
from pmtui.engine.context import Context

from . import moves
from .board import (
    ability_slots,
    active,
    face,
    in_play,
    kings_on,
    mind,
    recall_time,
    ruler,
    successors,
    where,
    words_of,
)
from .cards import ACTION_WORDS, Pool

EVENTS = frozenset(ACTION_WORDS.values())


def fired(state: Any, pool: Pool, uid: int, event: str) -> list[dict[str, Any]]:
    """The trigger entries that `event` on card `uid` sets off: its own abilities whose
    Action slot holds the word (each different word applies, S:57), and the auras of the
    King's memorions it memorises (S:32)."""
    out: list[dict[str, Any]] = []
    owner = state.cards[uid].owner
    for i, (ab, w) in enumerate(zip(face(state, pool, uid), ability_slots(state, pool, uid),
                                    strict=True)):
        if ab.kind != "trig" or not active(ab, w):
            continue
        listens = {ACTION_WORDS.get(x) for x in words_of(ab, w, "action")}
        if event in listens:
            out.append({"k": "trig", "src": uid, "ab": i, "by": owner, "ev": event,
                        "w": w})
    for _m, king in kings_on(state, pool, uid):
        for i, ab in enumerate(king.abilities):
            if ab.kind == "aura" and ab.on == event:
                key = f"{king.id}/{uid}"
                if ab.once and key in (state.vars.get("once") or ()):
                    continue
                out.append({"k": "trig", "src": uid, "king": king.id, "ab": i, "by": owner,
                            "ev": event, "w": [], "once": key if ab.once else None})
    return out


def ordered(state: Any, entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The turn player's first, then the other's (S:174-176); within one player's, the
    Ruler's first (M21), then zone order (pmtui: fixed, no ordering choice)."""
    ap = int(state.vars.get("ap", 0))

    def key(e: dict[str, Any]) -> tuple[int, int]:
        src = e["src"]
        z = 0 if where(state, src) == "ruler" else int(state.cards[src].f.get("z", 9))
        return (0 if e["by"] == ap else 1, z)

    return sorted(entries, key=key)


def push(ctx: Context, entries: list[dict[str, Any]], why: str = "triggered") -> None:
    """Put entries on the chain so that the first of them resolves first."""
    chain.stack(ctx, list(reversed(entries)), why)


def settle(ctx: Context, pool: Pool) -> None:
    """Successors at Mind 000 are destroyed, except during Recall Time (S:14, S:75) and
    between the damage step and the destruction step (S:103): each is marked, its "when
    destroyed" abilities happen while it is still in its zone (S:21-22, S:116), then it
    departs to Storage."""
    state = ctx.state
    v = state.vars
    if recall_time(v) or (v.get("battle") or {}).get("stage") == "dealt":
        return
    doomed = [u for p in (0, 1) for u in successors(state, p)
              if in_play(state, u) and mind(state, pool, u) <= 0]
    if doomed:
        destroy(ctx, pool, doomed)


def destroy(ctx: Context, pool: Pool, doomed: list[int], why: str = "destroyed") -> None:
    state = ctx.state
    doomed = [u for u in doomed if in_play(state, u)]
    if not doomed:
        return
    trig: list[dict[str, Any]] = []
    for u in doomed:
        trig += fired(state, pool, u, "destroyed")
        r = ruler(state, state.cards[u].owner)
        if r is not None:
            trig += fired(state, pool, r, "ally_destroyed")
    moves.flag(ctx, doomed, why, doom=True)
    push(ctx, [{"k": "depart", "u": u, "by": state.cards[u].owner} for u in doomed],
         "departure")
    push(ctx, ordered(state, trig))


def ability_of(state: Any, pool: Pool, entry: dict[str, Any]) -> Any:
    if entry.get("king"):
        return pool.get(entry["king"]).abilities[entry["ab"]]
    return face(state, pool, entry["src"])[entry["ab"]]


def still_words(state: Any, pool: Pool, entry: dict[str, Any]) -> list[list[str]]:
    """The words an ability resolves with: as they stand now while its card is still in
    its zone, else as they were when it triggered (S:180-182)."""
    if entry.get("king"):
        return []
    src = entry["src"]
    if where(state, src) in ("ruler", "succ") and entry["ab"] < len(face(state, pool, src)):
        return ability_slots(state, pool, src)[entry["ab"]]
    return entry.get("w") or []
