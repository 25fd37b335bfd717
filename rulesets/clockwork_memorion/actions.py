"""The actions a player declares (summon, inherit, move, recall, activated abilities,
deification), the options for each, and what each does when it resolves."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from pmtui.engine import chain
from pmtui.engine.context import Context
from pmtui.engine.decision import Option
from pmtui.engine.events import setvars
from pmtui.engine.notation import ref
from pmtui.engine.state import State

from . import effects, moves, triggers
from .board import (
    RECALL,
    ZONE_COUNT,
    ability_slots,
    active,
    at_zone,
    attached,
    being_summoned,
    cannot_move,
    cd,
    counters,
    deified,
    face,
    holders,
    in_play,
    limit_marks,
    recall_time,
    ruler,
    slot_genres,
    successors,
    summon_level,
    value,
    where,
    words_of,
    zone,
)
from .cards import NUMERIC, Ability, CardDef, Pool

MEMORIONS = ("memorion", "king")
POWER_EFFECTS = frozenset({"damage", "damage_blocker", "damage_ruler", "pump", "mind",
                           "team_pump"})


# -- options ------------------------------------------------------------------------------


def declared(state: State) -> set[int]:
    """Cards of the hand already declared (a summon, an inherit) and waiting on the chain."""
    return {e["u"] for e in state.vars.get("chain") or () if e["k"] in ("summon", "inherit")}


def hand(state: State, p: int) -> list[int]:
    """`p`'s hand but the cards declared from it."""
    busy = declared(state)
    return [u for u in zone(state, p, "hand") if u not in busy]


def summon_options(state: State, pool: Pool, p: int) -> list[Option]:
    """Into a zone whose Summon Limit mark is its emotion (S:40, M5), Level within the
    Ruler's Summon Level (M13), onto an empty zone or one of your successors (S:164, M14)."""
    marks = limit_marks(state, pool, p)
    if marks is None:
        return []
    level = summon_level(state, pool, p)
    out = []
    for u in hand(state, p):
        c = cd(state, pool, u)
        if c.kind != "successor" or c.level > level:
            continue
        for z in range(1, ZONE_COUNT + 1):
            there = at_zone(state, p, z)
            if marks[z - 1] == c.emotion and (there is None or in_play(state, there)):
                out.append(Option(f"summon {ref(state, u)} z{z}", ("summon", u, z)))
    return out


def _slot_choices(state: State, pool: Pool, h: int, genre: str) -> list[int]:
    return [i + 1 for i, g in enumerate(slot_genres(state, pool, h)) if g == genre]


def king_held(state: State, pool: Pool, p: int, cid: str) -> bool:
    """A King's memorion of that name already memorised on your side (S:33)."""
    name = pool.get(cid).name
    return any(cd(state, pool, m).name == name for h in holders(state, p)
               for m in attached(state, h))


def inherit_options(state: State, pool: Pool, p: int) -> list[Option]:
    """A memorion from hand onto your Ruler or a successor, its word into one slot of its
    genre (S:52-55, M17); without such a slot it is inherited without one (S:55)."""
    out = []
    for u in hand(state, p):
        c = cd(state, pool, u)
        if c.kind not in MEMORIONS or (c.kind == "king" and king_held(state, pool, p, c.id)):
            continue
        for h in holders(state, p):
            slots = _slot_choices(state, pool, h, c.genre) if c.kind == "memorion" else []
            base = f"inherit {ref(state, u)} {ref(state, h)}"
            if not slots:
                out.append(Option(base, ("inherit", u, h, None)))
            for s in slots:
                out.append(Option(f"{base} slot {s}", ("inherit", u, h, s)))
    return out


def move_options(state: State, pool: Pool, p: int) -> list[Option]:
    """A successor to another of your zones, swapping with one there (S:86-90, M18), or
    a memorion to another of your holders, re-designated (M18)."""
    out = []
    for u in successors(state, p):
        if not in_play(state, u) or cannot_move(state, pool, u):
            continue
        here = state.cards[u].f.get("z")
        for z in range(1, ZONE_COUNT + 1):
            other = at_zone(state, p, z)
            if z == here or (other is not None and (not in_play(state, other)
                                                    or cannot_move(state, pool, other))):
                continue
            out.append(Option(f"move {ref(state, u)} z{z}", ("move", u, z)))
    for h in holders(state, p):
        for m in attached(state, h):
            c = cd(state, pool, m)
            for h2 in holders(state, p):
                if h2 == h:
                    continue
                slots = _slot_choices(state, pool, h2, c.genre) if c.kind == "memorion" else []
                base = f"move {ref(state, m)} {ref(state, h2)}"
                if not slots:
                    out.append(Option(base, ("mmove", m, h2, None)))
                for s in slots:
                    out.append(Option(f"{base} slot {s}", ("mmove", m, h2, s)))
    return out


def _recall_pairs(state: State, pool: Pool, p: int) -> Iterator[tuple[int, CardDef, int]]:
    """Each card `p` may recall and each target it may go onto: a memorion from hand
    onto any Ruler or Successor, or a card of your Storage onto your own (S:65, S:79),
    one with a slot of its genre (S:80); a King's memorion onto the card itself
    (S:37-38). A successor being summoned may be the target too (S:84), but not of a
    King's memorion, whose aura speaks of a card in a zone."""
    sources = [(u, (0, 1)) for u in hand(state, p)
               if cd(state, pool, u).kind in MEMORIONS]
    sources += [(u, (p,)) for u in zone(state, p, "storage") if cd(state, pool, u).memory
                or cd(state, pool, u).kind == "king"]
    for u, sides in sources:
        c = cd(state, pool, u)
        for side in sides:
            coming = [] if c.kind == "king" else being_summoned(state, side)
            for t in holders(state, side) + coming:
                if c.kind == "king" or c.genre in slot_genres(state, pool, t):
                    yield u, c, t


def recall_options(state: State, pool: Pool, p: int) -> list[Option]:
    """Each recall (`_recall_pairs`) into each slot of its genre, adding or rewriting
    (S:67, a word to rewrite needed; Power and Potency only add up, S:81)."""
    out = []
    for u, c, t in _recall_pairs(state, pool, p):
        base = f"recall {ref(state, u)} {ref(state, t)}"
        if c.kind == "king":
            out.append(Option(base, ("recall", u, t, None, "add")))
            continue
        words = ability_slots_flat(state, pool, t)
        for s in _slot_choices(state, pool, t, c.genre):
            out.append(Option(f"{base} slot {s} add", ("recall", u, t, s, "add")))
            if c.genre not in NUMERIC and words[s - 1]:
                out.append(Option(f"{base} slot {s} rewrite",
                                  ("recall", u, t, s, "rewrite")))
    return out


def can_recall(state: State, pool: Pool, p: int) -> bool:
    """Whether `p` has any recall to make (the table passes a window for one without)."""
    return next(_recall_pairs(state, pool, p), None) is not None


def ability_slots_flat(state: State, pool: Pool, uid: int) -> list[list[str]]:
    return [w for ab in ability_slots(state, pool, uid) for w in ab]


def _cost_ok(state: State, uid: int, ab: Ability, p: int) -> bool:
    for part in filter(None, ab.cost.split("+")):
        if part == "action" and state.cards[uid].f.get("act"):
            return False
        if part.startswith("ctr:") and counters(state, p) < int(part[4:]):
            return False
    return True


def _usable(state: State, pool: Pool, p: int) -> Iterator[tuple[int, int]]:
    """(card, ability index) of each activated ability whose preamble can be done now and
    with no blank memory (S:187-188, S:198); successors' counter costs use your Ruler's
    (S:223)."""
    for u in holders(state, p):
        for i, (ab, w) in enumerate(zip(face(state, pool, u), ability_slots(state, pool, u),
                                        strict=True)):
            if ab.kind == "act" and active(ab, w) and _cost_ok(state, u, ab, p):
                yield u, i


def act_options(state: State, pool: Pool, p: int) -> list[Option]:
    return [Option(f"use {ref(state, u)} {i + 1}", ("use", u, i))
            for u, i in _usable(state, pool, p)]


def deify_ready(state: State, pool: Pool, p: int) -> bool:
    """The Ruler's condition (S:118-119): counters held or cards in Storage."""
    r = ruler(state, p)
    if r is None or deified(state, r):
        return False
    c = cd(state, pool, r)
    what, _, n = c.deify_need.partition(":")
    have = counters(state, p) if what == "counters" else len(zone(state, p, "storage"))
    return have >= int(n) and counters(state, p) >= c.deify_pay


def _may_deify(state: State, pool: Pool, p: int) -> bool:
    waiting = any(e["k"] == "deify" and e["by"] == p for e in state.vars.get("chain") or ())
    return deify_ready(state, pool, p) and not waiting


def interrupt_options(state: State, pool: Pool, p: int) -> list[Option]:
    """What `p` may break in with (S:207): a recall, an activated ability, a deification."""
    opts = recall_options(state, pool, p) + act_options(state, pool, p)
    if _may_deify(state, pool, p):
        opts.append(Option("deify", ("deify",)))
    return opts


def can_interrupt(state: State, pool: Pool, p: int) -> bool:
    """Whether `p` has anything to break in with (the table passes a window for one
    without): what `interrupt_options` would list, found without listing it."""
    return can_recall(state, pool, p) or next(_usable(state, pool, p), None) is not None \
        or _may_deify(state, pool, p)


# -- declaring ------------------------------------------------------------------------------


def declare(ctx: Context, pool: Pool, p: int, data: tuple[Any, ...]) -> None:
    """Put a declared action on the chain (paying what it costs now) and open a window
    for the other player (M20)."""
    state = ctx.state
    what = data[0]
    if what == "summon":
        entry = {"k": "summon", "u": data[1], "z": data[2]}
        # declared, it is shown to all: answers may name it (a recall onto it, S:84)
        ctx.emit({"t": "reveal", "cards": [data[1]], "why": "summon declared"})
    elif what == "inherit":
        setvars(ctx, "inherit used", did={**(state.vars.get("did") or {}), "inherit": True})
        entry = {"k": "inherit", "u": data[1], "h": data[2], "s": data[3]}
    elif what in ("move", "mmove"):
        setvars(ctx, "move used", did={**(state.vars.get("did") or {}), "move": True})
        entry = {"k": what, "u": data[1], "z": data[2],
                 "from": state.cards[data[1]].f.get("z")} if what == "move" else \
            {"k": what, "u": data[1], "h": data[2], "s": data[3]}
    elif what == "use":
        u, i = data[1], data[2]
        ab = face(state, pool, u)[i]
        for part in filter(None, ab.cost.split("+")):
            if part == "action":
                moves.flag(ctx, u, "turned to Action (cost)", act=True)
            else:
                moves.add_counters(ctx, p, -int(part[4:]), "memory counters paid")
        entry = {"k": "act", "src": u, "ab": i}
    elif what == "deify":
        entry = {"k": "deify"}
    elif what == "recall":
        u, t, s, mode = data[1:5]
        c = cd(state, pool, u)
        # the used card goes to Drop at once (M16); its word is recorded on the target
        moves.move(ctx, u, "drop", "recalled")
        entry = {"k": "recall", "u": u, "t": t, "s": s, "m": mode, "w": c.word,
                 "king": c.id if c.kind == "king" else None}
        if recall_time(state.vars):  # inside Recall Time a recall applies at once (M19)
            apply_recall(ctx, pool, {**entry, "by": p})
            chain.answered(ctx, p, "Recall Time goes on")
            return
    else:
        raise ValueError(f"cannot declare {what}")
    chain.push(ctx, entry, p, f"{what} declared")


# -- resolving ------------------------------------------------------------------------------


def effect_of(state: State, pool: Pool, ab: Ability, w: list[list[str]], p: int,
              this: int | None) -> dict[str, Any]:
    genre = "power" if ab.do in POWER_EFFECTS else "potency"
    words = words_of(ab, w, "place") or words_of(ab, w, "state")
    return {"do": ab.do, "p": p, "this": this, "amt": value(ab, w, genre) if ab.slots
            else ab.n, "words": words}


def resolve(ctx: Context, pool: Pool, entry: dict[str, Any]) -> None:
    """What a chain entry does when it resolves; then Mind 000 is settled."""
    from . import battle

    state = ctx.state
    k, p = entry["k"], entry["by"]
    if k == "summon":
        _summon(ctx, pool, entry)
    elif k == "inherit":
        u, h = entry["u"], entry["h"]
        if where(state, u) != "hand":
            pass
        elif not in_play(state, h):  # the holder went: the memorion to Drop (S:60)
            moves.move(ctx, u, "drop", "inherit failed")
        else:
            flags = {"host": h} | ({"slot": entry["s"]} if entry["s"] else {})
            moves.move(ctx, u, "mem", "inherited", **flags)
    elif k == "move":
        _move_successor(ctx, pool, entry)
    elif k == "mmove":
        m, h = entry["u"], entry["h"]
        if where(state, m) == "mem" and in_play(state, h):
            moves.flag(ctx, m, "memorion moved", host=h, slot=entry["s"])
    elif k == "act":
        u, i = entry["src"], entry["ab"]
        if in_play(state, u) or where(state, u) in ("ruler", "succ"):
            ab = face(state, pool, u)[i]
            w = ability_slots(state, pool, u)[i]
            if active(ab, w):
                effects.start(ctx, pool, effect_of(state, pool, ab, w, p, u))
    elif k == "deify":
        r = ruler(state, p)
        # cancelled when the condition no longer holds (S:120-121)
        if r is not None and deify_ready(state, pool, p):
            moves.add_counters(ctx, p, -cd(state, pool, r).deify_pay, "deification paid")
            moves.flag(ctx, r, "deified", dei=True)
    elif k == "recall":
        if apply_recall(ctx, pool, entry) and not recall_time(state.vars):
            # Recall Time: a window over no link, only recalls, the other first (M19)
            chain.open_window(ctx, 1 - p, "Recall Time begins", mode=RECALL, bare=True)
    elif k == "trig":
        ab = triggers.ability_of(state, pool, entry)
        w = triggers.still_words(state, pool, entry)
        if entry.get("once"):
            setvars(ctx, "once a turn", once=[*(state.vars.get("once") or ()), entry["once"]])
        if active(ab, w):
            effects.start(ctx, pool, effect_of(state, pool, ab, w, p, entry["src"]))
    elif k == "attack":
        pass  # the block step follows once the chain is empty (ruleset.advance)
    elif k == "rampage":
        battle.rampage(ctx, pool, entry["u"])
    elif k == "depart":
        depart(ctx, entry["u"])
    elif k in ("blockstep", "dmgdone"):
        battle.step(ctx, pool, k)
    else:
        raise ValueError(f"unknown chain entry {k}")
    if not state.vars.get("ask"):
        triggers.settle(ctx, pool)


def apply_recall(ctx: Context, pool: Pool, entry: dict[str, Any]) -> bool:
    """Record a recall on its target until the end of the turn (S:78); False when the
    target left first (the card stays in Drop, S:74)."""
    state = ctx.state
    t = entry["t"]
    if not in_play(state, t) and t not in being_summoned(state, state.cards[t].owner):
        return False
    rec = {"t": t, "w": entry["w"], "m": entry["m"]}
    if entry.get("s"):
        rec["s"] = entry["s"]
    if entry.get("king"):
        rec["k"] = entry["king"]
    setvars(ctx, "recalled", recalls=[*(state.vars.get("recalls") or ()), rec])
    king = pool.get(entry["king"]) if entry.get("king") else None
    for ab in king.abilities if king else ():
        kind = "ruler" if where(state, t) == "ruler" else "successor"
        if ab.kind == "recalled" and ab.on == kind:
            effects.start(ctx, pool, {"do": ab.do, "p": state.cards[t].owner, "this": t,
                                      "amt": ab.n, "words": []})
    return True


def depart(ctx: Context, u: int) -> None:
    """The departure step: a destroyed successor to Storage with its memorions, which
    are not destroyed (S:19-20, S:56, C1)."""
    state = ctx.state
    if where(state, u) != "succ":
        return
    for m in attached(state, u):
        moves.move(ctx, m, "storage", "with its successor")
    moves.move(ctx, u, "storage", "destroyed")
    _forget_recalls(ctx, u)


def _forget_recalls(ctx: Context, u: int) -> None:
    recs = ctx.state.vars.get("recalls") or ()
    if any(r["t"] == u for r in recs):
        setvars(ctx, "gone", recalls=[r for r in recs if r["t"] != u] or None)


def _summon(ctx: Context, pool: Pool, entry: dict[str, Any]) -> None:
    state = ctx.state
    u, z, p = entry["u"], entry["z"], entry["by"]
    if where(state, u) != "hand":
        return  # it left the hand meanwhile
    old = at_zone(state, p, z)
    held: list[int] = []
    if old is not None:  # onto a successor: not destroyed (S:164); memorions pass (S:58)
        held = attached(state, old)
        moves.move(ctx, old, "storage", "replaced by a summon")
        _forget_recalls(ctx, old)
    moves.move(ctx, u, "succ", "summoned", pos=str(_row_index(state, p, z)), z=z)
    genres = slot_genres(state, pool, u)
    for m in held:
        g = cd(state, pool, m).genre
        slot = next((i + 1 for i, x in enumerate(genres) if x == g), None)
        moves.flag(ctx, m, "passed on", host=u, slot=slot, act=None)
    triggers.push(ctx, triggers.fired(state, pool, u, "summoned"))


def _row_index(state: State, p: int, z: int) -> int:
    """Where a successor entering zone `z` goes in the row's list (zone order)."""
    return sum(state.cards[x].f.get("z", 0) < z for x in zone(state, p, "succ"))


def _move_successor(ctx: Context, pool: Pool, entry: dict[str, Any]) -> None:
    state = ctx.state
    u, z = entry["u"], entry["z"]
    p = entry["by"]
    other = at_zone(state, p, z)
    if not in_play(state, u):
        # destroyed meanwhile: the Move step is used, and a swap still happens (S:89)
        here = entry.get("from")
        if other is None or not in_play(state, other) or not here or \
                at_zone(state, p, here) is not None:
            return
        moves.flag(ctx, other, "swapped", z=here)
        moved = [other]
    else:
        here = state.cards[u].f.get("z")
        moves.flag(ctx, u, "moved", z=z)
        moved = [u]
    if in_play(state, u) and other is not None and in_play(state, other):
        moves.flag(ctx, other, "swapped", z=here)
        moved.append(other)
    for m in moved:  # the row keeps zone order, so the board shows zones 1-5 left to right
        row = zone(state, p, "succ")
        want = sum(state.cards[x].f.get("z", 0) < state.cards[m].f["z"] for x in row if x != m)
        if row.index(m) != want:
            moves.move(ctx, m, "succ", "zone order", pos=str(want), keep=True)
    trig = [e for m in moved for e in triggers.fired(state, pool, m, "moves")]
    triggers.push(ctx, triggers.ordered(state, trig))
