"""Playing cards (p.09-12, p.16-17): the priority window, paying, the Decline
chain and resolution."""

from __future__ import annotations

from typing import Any

from pmtui.engine import chain
from pmtui.engine.context import Context
from pmtui.engine.decision import Decision, Option
from pmtui.engine.state import State, zkey

from . import areas, costs, flow
from .areas import other
from .cards import CardDef
from .tables import Tables


def ref(state: State, uid: int) -> str:
    return f"{state.cards[uid].cid}@{uid}"


def copy_in_area(state: State, player: int, card: CardDef, defs: dict[str, CardDef]) -> int | None:
    """A chara of the same series and number already in the Area (p.09)."""
    for u in areas.area_cards(state, player):
        if defs[state.cards[u].cid].base_id == card.base_id:
            return u
    return None


def timing_allows(timing: str | None, phase: str, own_turn: bool) -> bool:
    """A timing like "main/self" or "main+approach/both" (p.17)."""
    if not timing:
        return False
    phases, _, side = timing.partition("/")
    if phase not in phases.split("+"):
        return False
    return side == "both" or (side == "self") == own_turn


def _affordable(card: CardDef, uid: int, pool: list[tuple[int, CardDef]], t: Tables) -> bool:
    if card.cost <= 0:
        return True
    return costs.card_requirement_met(card, [d for u, d in pool if u != uid], t.series)[0]


# -- the priority window ------------------------------------------------------------


def priority_decision(state: State, t: Tables) -> Decision:
    v = state.vars
    p = v["prio"]
    own_turn = p == v["ap"]
    phase = v["phase"]
    defs = t.defs
    opts = [Option("pass", ("pass",))]
    pool = [(u, defs[state.cards[u].cid]) for u in costs.payers(state, p)]
    for u in state.zone(zkey(p, "hand")):
        d = defs[state.cards[u].cid]
        if d.type == "event":
            if timing_allows(d.timing, phase, own_turn) and _affordable(d, u, pool, t):
                opts.append(Option(f"event {ref(state, u)}", ("event", u)))
            continue
        if phase != "main" or not own_turn or not _affordable(d, u, pool, t):
            continue
        if d.type == "chara":
            opts.extend(_summon_options(state, t, p, u, d))
        elif d.type == "support":
            for h in areas.area_cards(state, p):
                if not _support_copy(state, p, h, d, defs):
                    opts.append(
                        Option(f"support {ref(state, u)} on {ref(state, h)}", ("support", u, h))
                    )
    where = phase if phase == "main" else f"approach {v['step']}"
    return Decision(
        p, "priority", tuple(opts), f"Your move ({where})", info={"passes": v["passes"]}
    )


def _summon_options(state: State, t: Tables, p: int, u: int, d: CardDef) -> list[Option]:
    if copy_in_area(state, p, d, t.defs) is not None:
        return []
    r = ref(state, u)
    opts = []
    if d.has_apdp:
        main = state.zone(zkey(p, "main"))
        if len(main) < t.main_area_size:
            opts.append(Option(f"summon {r} main", ("summon", u, "main", None)))
        else:  # a sixth chara needs one of the five discarded (p.06)
            for old in main:
                opts.append(
                    Option(f"summon {r} main replace {ref(state, old)}", ("summon", u, "main", old))
                )
    opts.append(Option(f"summon {r} support", ("summon", u, "support", None)))
    return opts


def _support_copy(state: State, p: int, host: int, d: CardDef, defs: dict[str, CardDef]) -> bool:
    """One copy of a support per chara (p.10)."""
    for s in state.zone(zkey(p, "attached")):
        c = state.cards[s]
        if c.f.get("host") == host and defs[c.cid].base_id == d.base_id:
            return True
    return False


def on_pass(ctx: Context, t: Tables, decision: Decision, option: Option) -> None:
    flow.pass_priority(ctx, t)


def on_declare(ctx: Context, t: Tables, decision: Decision, option: Option) -> None:
    kind, uid = option.data[0], option.data[1]
    play: dict[str, Any] = {"by": decision.player, "kind": kind, "card": uid, "paid": []}
    if kind == "summon":
        play["area"], play["replace"] = option.data[2], option.data[3]
    elif kind == "support":
        play["host"] = option.data[2]
    if t.defs[ctx.state.cards[uid].cid].cost <= 0:
        commit(ctx, t, play)
        return
    flow.setvars(ctx, "paying", play=play)


# -- paying (p.11-12) -------------------------------------------------------------------


def payment_decision(state: State, t: Tables) -> Decision:
    play = state.vars["play"]
    p, uid = play["by"], play["card"]
    card = t.defs[state.cards[uid].cid]
    paid = play["paid"]
    paid_defs = [t.defs[state.cards[u].cid] for u in paid]
    ok, why = costs.card_requirement_met(card, paid_defs, t.series)
    opts = [
        Option(f"pay {ref(state, u)}", ("pay", u))
        for u in costs.payers(state, p, exclude=[uid, *paid])
    ]
    if ok:
        opts.append(Option("done", ("done",)))
    opts.append(Option("cancel", ("cancel",)))
    info = {
        "card": uid,
        "need": card.cost,
        "total": sum(d.provides for d in paid_defs),
        "ok": ok,
        "why": why,
        "paid": list(paid),
    }
    return Decision(p, "pay", tuple(opts), f"Pay {card.cost} for {card.name}", info=info)


def on_pay(ctx: Context, t: Tables, decision: Decision, option: Option) -> None:
    play = dict(ctx.state.vars["play"])
    play["paid"] = [*play["paid"], option.data[1]]
    flow.setvars(ctx, "cost picked", play=play)


def on_cancel(ctx: Context, t: Tables, decision: Decision, option: Option) -> None:
    flow.setvars(ctx, "play cancelled", play=None)


def on_done(ctx: Context, t: Tables, decision: Decision, option: Option) -> None:
    commit(ctx, t, dict(ctx.state.vars["play"]))


def commit(ctx: Context, t: Tables, play: dict[str, Any]) -> None:
    """Pay for real: hand cards to the Discard Zone, point cards face down (p.12);
    the played card waits on the stage while the other player may Decline."""
    state = ctx.state
    p = play["by"]
    areas.move(ctx, play["card"], p, "stage", f"play {play['kind']}")
    for u in play["paid"]:
        if state.cards[u].zone == zkey(p, "hand"):
            areas.move(ctx, u, p, "discard", "cost")
        else:
            ctx.emit({"t": "flag", "card": u, "f": {"down": True}, "why": "cost"})
    entry = {k: play[k] for k in ("kind", "card", "area", "replace", "host") if k in play}
    if "play" in state.vars:
        flow.setvars(ctx, "paid", play=None)
    chain.push(ctx, entry, p)


# -- the Decline chain (p.22) --------------------------------------------------------------


def response_decision(state: State, t: Tables) -> Decision:
    p = chain.holder(state.vars)
    opts = [Option("pass", ("rpass",))]
    # [Decline] plays are offered here by the effects layer.
    top = state.vars["chain"][-1]
    return Decision(p, "respond", tuple(opts), f"Respond to {ref(state, top['card'])}?")


def on_response_pass(ctx: Context, t: Tables, decision: Decision, option: Option) -> None:
    entries = chain.pass_response(ctx)
    if entries is None:
        return
    for entry in entries:
        resolve(ctx, t, entry)
    starter = entries[-1]["by"]
    flow.setvars(ctx, "priority after a play", prio=other(starter), passes=0)


def resolve(ctx: Context, t: Tables, entry: dict[str, Any]) -> None:
    state = ctx.state
    uid, p = entry["card"], entry["by"]
    if state.cards[uid].zone != zkey(p, "stage"):
        return
    if entry.get("disabled"):
        areas.move(ctx, uid, p, "discard", "disabled")
        return
    kind = entry["kind"]
    d = t.defs[state.cards[uid].cid]
    if kind == "summon":
        _resolve_summon(ctx, t, entry, uid, p, d)
    elif kind == "support":
        host = entry["host"]
        if areas.in_area(state, host) and not _support_copy(state, p, host, d, t.defs):
            areas.move(ctx, uid, p, "attached", "support set", pos="bottom", flags={"host": host})
        else:
            areas.move(ctx, uid, p, "discard", "support without its chara")
    else:  # an event: its effects apply, then it goes to the Discard Zone (p.10)
        areas.move(ctx, uid, p, "discard", "event resolved")


def _resolve_summon(
    ctx: Context, t: Tables, entry: dict[str, Any], uid: int, p: int, d: CardDef
) -> None:
    state = ctx.state
    if copy_in_area(state, p, d, t.defs) is not None:
        areas.move(ctx, uid, p, "discard", "a copy is already in the Area")
        return
    area = entry["area"]
    if area == "main":
        old = entry.get("replace")
        main = state.zone(zkey(p, "main"))
        if old is not None and old in main:
            areas.leave_area(ctx, old, "discard", "replaced", t.defs)
        if len(main) >= t.main_area_size:
            areas.move(ctx, uid, p, "discard", "the Main Area is full")
            return
    turn = state.vars["turn"]
    areas.move(ctx, uid, p, area, "summon", pos="bottom", flags={"turn": turn})


HANDLERS = {
    "pass": on_pass,
    "summon": on_declare,
    "support": on_declare,
    "event": on_declare,
    "pay": on_pay,
    "done": on_done,
    "cancel": on_cancel,
    "rpass": on_response_pass,
}
