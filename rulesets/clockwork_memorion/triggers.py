"""Triggered abilities and destruction: which abilities an event sets off, in which
order (S:174-183, M21), and a successor at Mind 000 destroyed (S:14, S:19-22)."""

from __future__ import annotations

from typing import Any

from pmtui.engine import chain
from pmtui.engine.context import Context
from pmtui.engine.decision import Decision, Option
from pmtui.engine.events import setvars
from pmtui.engine.notation import ref
from pmtui.engine.state import State

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
    """The turn player's first, then the other's (S:176-179); within one player's, the
    Ruler's first (M21), then zone order until the player orders them (S:180, `push`)."""
    ap = int(state.vars.get("ap", 0))

    def key(e: dict[str, Any]) -> tuple[int, int]:
        src = e["src"]
        z = 0 if where(state, src) == "ruler" else int(state.cards[src].f.get("z", 9))
        return (0 if e["by"] == ap else 1, z)

    return sorted(entries, key=key)


def push(ctx: Context, entries: list[dict[str, Any]], why: str = "triggered") -> None:
    """Put entries on the chain so that the first of them resolves first. Where two or
    more of one player's successors' abilities trigger at once (the same event, side by
    side in `entries`), that player then chooses their order (S:180): the turn player's
    group first, as they resolve (S:176-179)."""
    base = len(ctx.state.vars.get("chain") or ())
    chain.stack(ctx, list(reversed(entries)), why)
    runs = [[base + len(entries) - i - n, n] for i, n in _runs(ctx.state, entries)]
    if runs and not ctx.state.vars.get("ask"):  # (a choice in progress keeps zone order)
        moves.ask(ctx, "order the triggered abilities", what="order", p=_run_player(
            ctx.state, runs[0]), runs=runs)


def _orderable(state: Any, e: dict[str, Any]) -> bool:
    return e["k"] in ("trig", "rampage") and where(state, e["src"]) == "succ"


def _runs(state: Any, entries: list[dict[str, Any]]) -> list[tuple[int, int]]:
    """(first index, length) of each stretch of two or more entries of one player's
    successors set off by one event."""
    out: list[tuple[int, int]] = []
    i = 0
    while i < len(entries):
        j = i + 1
        if _orderable(state, entries[i]):
            while j < len(entries) and _orderable(state, entries[j]) and \
                    (entries[j]["by"], entries[j].get("ev")) == \
                    (entries[i]["by"], entries[i].get("ev")):
                j += 1
        if j - i >= 2:
            out.append((i, j - i))
        i = j
    return out


def _run_player(state: Any, run: list[int]) -> int:
    return int(state.vars["chain"][run[0]]["by"])


def _label(state: State, e: dict[str, Any]) -> str:
    """An ability in an ordering option: its card, then its number, the King's memorion
    whose aura it is, or Rampage."""
    what = e["king"] if e.get("king") else ("rampage" if e["k"] == "rampage"
                                             else str(int(e["ab"]) + 1))
    return f"{ref(state, e['src'])} {what}"


def order_decision(state: State) -> Decision:
    """Which of the abilities still to order resolves first (S:180)."""
    a = state.vars["ask"]
    lo, n = a["runs"][0]
    waiting = state.vars["chain"]
    opts = tuple(Option(f"first {_label(state, waiting[i])}", ("first", i))
                 for i in range(lo, lo + n))
    return Decision(int(a["p"]), "order", opts,
                    "Your abilities trigger at once: which resolves first? (S:180)")


def order(ctx: Context, i: int) -> None:
    """The chosen one resolves before the others still to order: it goes on top of them;
    the last one left needs no choice."""
    state = ctx.state
    a = state.vars["ask"]
    lo, n = a["runs"][0]
    waiting = list(state.vars["chain"])
    waiting.insert(lo + n - 1, waiting.pop(i))
    setvars(ctx, "ordered", chain=waiting)
    runs = [[lo, n - 1], *a["runs"][1:]] if n > 2 else a["runs"][1:]
    if runs:
        moves.ask(ctx, "order the triggered abilities", what="order",
                  p=_run_player(state, runs[0]), runs=runs)
    else:
        moves.done_asking(ctx, "ordered")


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
