"""Battle (S:91-117, G; our M23-M26): attacks, blockers, the damage step with its
assignment, the triggers in their fixed order, the destruction and departure steps.

vars "battle": {"att": attacker, "blk": blockers, "stage": "attack" | "block" |
"blocked" | "assign" | "dealt" | "after", "out": successors at Mind 000 after damage}.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from pmtui.engine import chain, slots
from pmtui.engine.context import Context
from pmtui.engine.decision import Decision, Option
from pmtui.engine.events import setvars
from pmtui.engine.notation import ref
from pmtui.engine.state import State

from . import effects, moves, triggers
from .board import ZONE_FLAG, in_play, keywords, life, mind, power, successors

RAMPAGE_DAMAGE = 200  # S:250-254


def attackers(state: State, pool: Any, p: int) -> list[int]:
    """Stand successors; Master's first attack of a turn leaves it Stand (S:230-235)."""
    return [u for u in successors(state, p) if in_play(state, u)
            and not state.cards[u].f.get("act")]


def declare_attack(ctx: Context, pool: Any, p: int, u: int) -> None:
    """Turning the attacker to Action is the attack (G, S:108); "when it attacks"
    abilities and Rampage (held before, S:235, S:254) happen at once (S:109)."""
    state = ctx.state
    kw = keywords(state, pool, u)
    if "master" in kw and not state.cards[u].f.get("mu"):
        moves.flag(ctx, u, "attacks (Master: stays Stand)", mu=True)
    else:
        moves.flag(ctx, u, "attacks", act=True)
    setvars(ctx, "attack", battle={"att": u, "blk": [], "stage": "attack"})
    chain.stack(ctx, [{"k": "attack", "u": u, "by": p}], "attack declared")
    trig = triggers.fired(state, pool, u, "attacks")
    if "rampage" in kw:
        trig.insert(0, {"k": "rampage", "u": u, "by": p, "src": u, "ev": "attacks"})
    triggers.push(ctx, trig)  # each link then gets its window (ruleset.advance, M20)


def rampage(ctx: Context, pool: Any, u: int) -> None:
    """200 damage to the successors left and right of it, in its own row (M26)."""
    state = ctx.state
    if not in_play(state, u):
        return
    for v in slots.neighbours(state, u, ZONE_FLAG):
        if v is not None:
            effects.deal(ctx, v, RAMPAGE_DAMAGE, "Rampage")


def blockers(state: State, pool: Any, p: int) -> list[int]:
    """Stand successors, or one whose Endurance block is unused this turn (S:236-241)."""
    return [u for u in successors(state, p) if in_play(state, u) and (
        not state.cards[u].f.get("act"))]


def block_decision(state: State, pool: Any) -> Decision:
    """Any number of blockers, declared together (M24)."""
    b = state.vars["battle"]
    p = 1 - state.cards[b["att"]].owner
    can = blockers(state, pool, p)
    opts = [Option("block none", ("block", ()))]
    for n in range(1, len(can) + 1):
        for group in combinations(can, n):
            opts.append(Option("block " + " ".join(ref(state, u) for u in group),
                               ("block", group)))
    return Decision(p, "block", tuple(opts), "Block the attack?",
                    info={"card": b["att"]})


def declare_blocks(ctx: Context, pool: Any, group: tuple[int, ...]) -> None:
    state = ctx.state
    b = dict(state.vars["battle"])
    att = b["att"]
    for u in group:
        if "endurance" in keywords(state, pool, u) and not state.cards[u].f.get("eu"):
            moves.flag(ctx, u, "blocks (Endurance: stays Stand)", eu=True)
        else:
            moves.flag(ctx, u, "blocks", act=True)
    setvars(ctx, "blocks declared", battle={**b, "blk": list(group), "stage": "blocked"})
    chain.stack(ctx, [{"k": "blockstep", "by": 1 - state.cards[att].owner}], "block step")
    if not group:
        return
    # the fixed order (S:93-107): when it blocks, then when it is blocked
    first: list[dict[str, Any]] = []
    for u in group:
        if "rampage" in keywords(state, pool, u):
            first.append({"k": "rampage", "u": u, "by": state.cards[u].owner, "src": u,
                          "ev": "blocks"})
        first += triggers.fired(state, pool, u, "blocks")
    then = triggers.fired(state, pool, att, "blocked")
    triggers.push(ctx, [*triggers.ordered(state, first), *then])
    # the blocks are declared actions: a window even over the step's silent marker (M20)
    chain.open_window(ctx, 1 - int(state.vars["chain"][-1]["by"]))


def step(ctx: Context, pool: Any, k: str) -> None:
    """The chain's markers: "blockstep" (the damage step begins), "dmgdone" (the
    destruction step)."""
    state = ctx.state
    b = dict(state.vars["battle"])
    if k == "blockstep":
        if b["blk"]:
            _damage_step(ctx, pool, b)
        else:
            _damage_step(ctx, pool, b)
        return
    # ★ destruction step (S:103): Mind 000 from the damage step; then departure
    setvars(ctx, "destruction step", battle={**b, "stage": "after"})
    out = [u for u in b.get("out", ()) if in_play(state, u)]
    out += [u for q in (0, 1) for u in successors(state, q)
            if in_play(state, u) and u not in out and mind(state, pool, u) <= 0]
    triggers.destroy(ctx, pool, out)


def _damage_step(ctx: Context, pool: Any, b: dict[str, Any]) -> None:
    state = ctx.state
    att = b["att"]
    if not in_play(state, att):  # destroyed before the damage step: no damage (S:110)
        ctx.emit({"t": "say", "what": "no battle", "by": state.cards[att].owner, "a": att,
                  "why": "the attacker left before the damage step"})
        setvars(ctx, "no damage", battle={**b, "stage": "after"})
        return
    alive = [u for u in b["blk"] if in_play(state, u)]
    bt = "breakthrough" in keywords(state, pool, att)
    pw = power(state, pool, att)
    if not b["blk"]:
        deal(ctx, pool, b, {}, pw)  # unblocked: to the Ruler (M23)
    elif not alive:  # the only blockers gone: nowhere to go, but Breakthrough (S:111-112)
        deal(ctx, pool, b, {}, pw if bt else 0)
    elif len(alive) == 1 and not bt:
        deal(ctx, pool, b, {alive[0]: pw}, 0)
    else:
        moves.ask(ctx, "assign damage", what="assign", p=state.cards[att].owner,
                  todo=alive, left=pw, asg={}, bt=bt)
        setvars(ctx, "damage step", battle={**b, "stage": "assign"})


def assign_decision(state: State, pool: Any) -> Decision:
    a = state.vars["ask"]
    u = a["todo"][0]
    left = int(a["left"])
    opts = tuple(Option(f"assign {ref(state, u)} {n}", ("assign", u, n))
                 for n in range(0, left + 1, 100))
    return Decision(a["p"], "assign", opts,
                    f"Damage to assign: {left} left (M25)", info={"card": u})


def assign(ctx: Context, pool: Any, u: int, n: int) -> None:
    """One blocker's share; the last takes the rest, unless Breakthrough sends what is
    left over beyond every blocker's Mind to the Ruler (S:242-249)."""
    state = ctx.state
    a = dict(state.vars["ask"])
    asg = {**a["asg"], str(u): n}
    todo = a["todo"][1:]
    left = int(a["left"]) - n
    if todo and not (len(todo) == 1 and not a["bt"]):
        moves.ask(ctx, "assign damage", **{**a, "todo": todo, "left": left, "asg": asg})
        return
    moves.done_asking(ctx, "damage assigned")
    if todo:  # the last blocker takes what is left
        asg[str(todo[0])] = left
        left = 0
    to_ruler = 0
    if left:
        lethal = all(int(asg[str(b)]) >= mind(state, pool, b) for b in a["todo"] + [u]
                     if str(b) in asg)
        if a["bt"] and lethal:
            to_ruler = left
        else:
            last = str(list(asg)[-1])
            asg[last] = int(asg[last]) + left
    deal(ctx, pool, dict(state.vars["battle"]), {int(k): int(v) for k, v in asg.items()},
         to_ruler)


def deal(ctx: Context, pool: Any, b: dict[str, Any], asg: dict[int, int],
         to_ruler: int) -> None:
    """② damage is dealt all at once (S:96); ③ a Ruler at Life 0 loses (S:97, end_check);
    then "when it deals damage" (at least 100, S:115) to a Successor, then to a Ruler."""
    state = ctx.state
    att = b["att"]
    p = state.cards[att].owner
    alive = [u for u in b["blk"] if in_play(state, u)]
    back = sum(power(state, pool, u) for u in alive)
    hit = [u for u in alive if power(state, pool, u) >= 100]
    before = [[u, power(state, pool, u), mind(state, pool, u)] for u in [att, *alive]]
    with ctx.simultaneous():
        setvars(ctx, "damage step", battle={**b, "stage": "dealt"})
        for u, n in asg.items():
            effects.deal(ctx, u, n, "battle damage")
        if back:
            effects.deal(ctx, att, back, "battle damage")
        if to_ruler:
            moves.add_life(ctx, 1 - p, -to_ruler, "battle damage to the Ruler")
    out = [u for q in (0, 1) for u in successors(state, q)
           if in_play(state, u) and mind(state, pool, u) <= 0]
    # the damage step in one event for the log (screen.event_line): the fighters with
    # their Power and Mind before it, what each took, the Ruler's Life, who is out
    ctx.emit({"t": "say", "what": "battle", "by": p, "a": att, "blk": alive,
              "stats": before, "asg": [[u, n] for u, n in asg.items()], "back": back,
              "ruler": to_ruler, "life": life(state, 1 - p),
              "out": out})
    setvars(ctx, "out of the fight", battle={**state.vars["battle"], "out": out})
    chain.stack(ctx, [{"k": "dmgdone", "by": p}], "destruction step next")
    succ_t: list[dict[str, Any]] = []
    if any(n >= 100 for n in asg.values()):
        succ_t += triggers.fired(state, pool, att, "damages_succ")
    for u in hit:
        succ_t += triggers.fired(state, pool, u, "damages_succ")
    ruler_t = triggers.fired(state, pool, att, "damages_ruler") if to_ruler >= 100 else []
    triggers.push(ctx, [*triggers.ordered(state, succ_t), *ruler_t])
