"""The turn procedure: setup, Turn Start, windows, Approach steps, Turn End (p.05-15).

Each function emits events and leaves the game at its next decision point.
The game-level variables it maintains are listed in docs/engine.md.
"""

from __future__ import annotations

from typing import Any

from pmtui.engine.context import Context
from pmtui.engine.events import setvars
from pmtui.engine.state import zkey

from . import areas, effects
from .areas import other
from .tables import Tables
from .targets import usage_cost

# -- setup (p.05) --


def choose_order(ctx: Context, t: Tables, chooser: int, go_first: bool) -> None:
    first = chooser if go_first else other(chooser)
    setvars(ctx, "turn order", first=first, chooser=None)
    for p in (first, other(first)):
        areas.draw(ctx, p, t.opening_hand, why="opening hand")
    setvars(ctx, "hand redraw", step="redraw", who=first)


def after_redraw(ctx: Context, t: Tables, who: int) -> None:
    first = ctx.state.vars["first"]
    if who == first:
        setvars(ctx, "hand redraw", step="redraw", who=other(first))
    else:
        setvars(ctx, "game starts", step=None, who=None)
        start_turn(ctx, t, first, 1)


def finish_bottom(ctx: Context, t: Tables, who: int) -> None:
    """The last hand card goes under without a choice; then draw a new hand (no shuffle)."""
    hand = ctx.state.zone(zkey(who, "hand"))
    if len(hand) == 1:
        areas.move(ctx, hand[0], who, "deck", "hand redraw", pos="bottom")
    if not hand:
        areas.draw(ctx, who, t.opening_hand, why="hand redraw")
        after_redraw(ctx, t, who)


# -- Turn Start (p.08) --


def start_turn(ctx: Context, t: Tables, player: int, turn: int) -> None:
    setvars(ctx, "turn start", turn=turn, ap=player, phase="start", step=None)
    deck = ctx.state.zone(zkey(player, "deck"))
    n = t.first_turn_draw if turn == 1 else t.turn_draw
    areas.draw(ctx, player, min(n, len(deck)))
    state = ctx.state
    rested = [u for u in areas.area_cards(state, player) if state.cards[u].f.get("rest")]
    if rested:
        ctx.emit({"t": "flag", "cards": rested, "f": {"rest": None}, "why": "turn cards active"})
    open_window(ctx, "main", None, player)
    # Turn Start effects come after the draw and the turn to Active (p.08).
    for u in areas.area_cards(state, player):
        effects.queue_triggers(ctx, t, u, "turn_start")


def open_window(ctx: Context, phase: str, step: str | None, prio: int) -> None:
    setvars(ctx, "window", phase=phase, step=step, prio=prio, passes=0)


# -- priority --


def pass_priority(ctx: Context, t: Tables) -> None:
    """Each pass hands the right to the other player (p.20). The window closes only
    when the Approacher gives up the right and then the Interferer does, in that
    order (p.07; 001: "in the order of turn and non-turn"): the Interferer's pass
    right after the Approacher's. "passes" counts the passes in a row."""
    v = ctx.state.vars
    if v["prio"] != v["ap"] and v["passes"] >= 1:
        close_window(ctx, t)
        return
    setvars(ctx, "pass", prio=other(v["prio"]), passes=v["passes"] + 1)


def close_window(ctx: Context, t: Tables) -> None:
    v = ctx.state.vars
    if v["phase"] == "main":
        enter_approach(ctx, t)
    elif v["step"] == "w2":
        if approacher_gone(ctx):
            open_window(ctx, "approach", "w6", v["ap"])
        else:
            to_interfere(ctx, t)
    elif v["step"] == "w4":
        open_window(ctx, "approach", "w6", v["ap"])
        if not approacher_gone(ctx):
            judge(ctx, t)
    else:  # w6: back to assigning an approach (p.15)
        setvars(ctx, "approach done", appr=None)
        to_assign(ctx, t)


# -- Approach Phase (p.13-15) -----------------------------------------------------


def enter_approach(ctx: Context, t: Tables) -> None:
    v = ctx.state.vars
    if v["turn"] == 1:  # the first player's first turn has no approach (p.13)
        turn_end(ctx, t)
        return
    to_assign(ctx, t)


def can_approach(state: Any, uid: int, t: Tables) -> bool:
    """Active, not yet approached this turn, not summoned this turn unless [Active] (p.13, p.22)."""
    card = state.cards[uid]
    f = card.f
    turn = state.vars["turn"]
    if f.get("rest") or f.get("appr") == turn:
        return False
    if f.get("turn") == turn and not t.kw[card.cid].active:
        return False
    return True


def approach_candidates(state: Any, t: Tables) -> list[int]:
    ap = state.vars["ap"]
    return [u for u in state.zone(zkey(ap, "main")) if can_approach(state, u, t)]


def reinforcement_partners(state: Any, t: Tables, uid: int) -> list[int]:
    """Charas that may join this one's approach: named A, or with property [A],
    and not Combo cards (p.23)."""
    want = t.kw[state.cards[uid].cid].reinforcement
    if not want:
        return []
    out = []
    for u in approach_candidates(state, t):
        if u == uid:
            continue
        d = t.defs[state.cards[u].cid]
        if t.kw[d.id].combo:
            continue
        if want.startswith("[") and want.endswith("]"):
            if want[1:-1] in d.properties:
                out.append(u)
        elif d.name == want:
            out.append(u)
    return out


def to_assign(ctx: Context, t: Tables) -> None:
    if not approach_candidates(ctx.state, t):
        turn_end(ctx, t)
        return
    setvars(ctx, "assign approach", phase="approach", step="assign", prio=None, passes=None)


def approach(ctx: Context, t: Tables, uid: int, partner: int | None = None) -> None:
    turn = ctx.state.vars["turn"]
    cards = [uid] if partner is None else [uid, partner]
    ctx.emit({"t": "flag", "cards": cards, "f": {"rest": True, "appr": turn}, "why": "approach"})
    appr: dict[str, Any] = {"a": uid}
    if partner is not None:
        appr["b"] = partner
    setvars(ctx, "approach", appr=appr)
    open_window(ctx, "approach", "w2", ctx.state.vars["ap"])
    for u in cards:
        effects.queue_triggers(ctx, t, u, "on_approach")


def approachers(state: Any) -> list[int]:
    """The approach charas still in the Main Area."""
    v = state.vars
    main = zkey(v["ap"], "main")
    appr = v.get("appr") or {}
    found = (appr.get("a"), appr.get("b"))
    return [u for u in found if u is not None and state.cards[u].zone == main]


def approacher_gone(ctx: Context) -> bool:
    """An approach chara that left the Main Area skips to the window after
    judgement (p.21)."""
    return not approachers(ctx.state)


def interfere_candidates(state: Any, t: Tables) -> list[int]:
    """Active Main Area charas; Ignore X keeps those of usage cost X or less out (p.22)."""
    defender = other(state.vars["ap"])
    ignore = max((t.kw[state.cards[u].cid].ignore for u in approachers(state)), default=-1)
    return [
        u
        for u in state.zone(zkey(defender, "main"))
        if not state.cards[u].f.get("rest") and usage_cost(state, t, u) > ignore
    ]


def to_interfere(ctx: Context, t: Tables) -> None:
    if not interfere_candidates(ctx.state, t):
        no_interference(ctx, t)
        return
    setvars(ctx, "assign interference", step="interfere", prio=None, passes=None)


def interfere(ctx: Context, t: Tables, uid: int) -> None:
    ctx.emit({"t": "flag", "card": uid, "f": {"rest": True}, "why": "interfere"})
    appr = dict(ctx.state.vars["appr"])
    appr["i"] = uid
    setvars(ctx, "interfere", appr=appr)
    open_window(ctx, "approach", "w4", ctx.state.vars["ap"])
    effects.queue_triggers(ctx, t, uid, "on_interfere")


def no_interference(ctx: Context, t: Tables) -> None:
    """The Interferer takes the top card of their own deck into their own
    Point Zone, face up; face down with Break (p.14, p.22)."""
    state = ctx.state
    defender = other(state.vars["ap"])
    down = any(t.kw[state.cards[u].cid].brk for u in approachers(state))
    open_window(ctx, "approach", "w6", state.vars["ap"])
    effects.put_point(ctx, t, defender, down=down, why="no interference")


def judge(ctx: Context, t: Tables) -> None:
    """Both comparisons at once; DP equal to or below the opposing AP is
    eliminated (p.14). An interfering chara that already left compares nothing.
    With Reinforcement the approachers' AP adds up and the Interferer picks
    which approacher leaves (p.23)."""
    state = ctx.state
    v = state.vars
    i = v["appr"].get("i")
    if i is None:
        return
    if state.cards[i].zone != zkey(other(v["ap"]), "main"):
        # said, or the interference would seem to end in nothing
        ctx.emit({"t": "say", "what": "no battle", "by": v["ap"], "i": i,
                  "why": "the interfering chara left before the judgement"})
        return
    attackers = approachers(state)
    a_ap = sum(effects.stats(state, t, a)[0] for a in attackers)
    i_ap, i_dp = effects.stats(state, t, i)
    i_out = i_dp <= a_ap
    beaten = [a for a in attackers if effects.stats(state, t, a)[1] <= i_ap]
    if len(beaten) > 1:
        setvars(ctx, "judgement choice", judge={"i_out": i_out, "from": beaten})
        return
    eliminate(ctx, t, ([i] if i_out else []) + beaten)


def battle_said(ctx: Context, t: Tables, gone: list[int]) -> None:
    """The judgement in one event (p.14): the approaching charas with their AP (added
    up with Reinforcement, p.23) and DP, the interfering one with its AP and DP, and
    which of them leave (none: nobody does). The log words it (screen.event_line)."""
    state = ctx.state
    v = state.vars
    i = v["appr"]["i"]
    attackers = approachers(state)
    ctx.emit({"t": "say", "what": "battle", "by": v["ap"], "a": attackers,
              "ap": sum(effects.stats(state, t, a)[0] for a in attackers),
              "dp": [effects.stats(state, t, a)[1] for a in attackers],
              "i": i, "iap": effects.stats(state, t, i)[0],
              "idp": effects.stats(state, t, i)[1], "out": gone})


def eliminate(ctx: Context, t: Tables, gone: list[int]) -> None:
    battle_said(ctx, t, gone)
    with ctx.simultaneous():
        for uid in gone:
            areas.leave_area(ctx, uid, "discard", "eliminated", t.defs)
    for uid in gone:
        effects.queue_triggers(ctx, t, uid, "on_eliminated")


def judge_choice(ctx: Context, t: Tables, chosen: int) -> None:
    j = ctx.state.vars["judge"]
    setvars(ctx, "judgement", judge=None)
    i = ctx.state.vars["appr"]["i"]
    eliminate(ctx, t, ([i] if j["i_out"] else []) + [chosen])


# -- Turn End (p.15) --


def turn_end(ctx: Context, t: Tables) -> None:
    v = ctx.state.vars
    setvars(ctx, "turn end", phase="end", step=None, prio=None, passes=None, appr=None)
    # Turn End effects first, in the Approacher's order; then hand adjustment (p.15)
    for u in areas.area_cards(ctx.state, v["ap"]):
        effects.queue_triggers(ctx, t, u, "turn_end")
    if ctx.state.vars.get("trig"):
        setvars(ctx, "after turn end effects", cont="adjust")
        return
    adjust(ctx, t)


def adjust(ctx: Context, t: Tables) -> None:
    v = ctx.state.vars
    if len(ctx.state.zone(zkey(v["ap"], "hand"))) > t.hand_limit:
        setvars(ctx, "hand adjustment", step="adjust")
        return
    finish_turn(ctx, t)


def finish_turn(ctx: Context, t: Tables) -> None:
    state = ctx.state
    # effects "until end of turn" end; permanent modifiers stay (p.20)
    for p in (0, 1):
        for u in areas.area_cards(state, p):
            _expire(ctx, state.cards[u])
    v = state.vars
    start_turn(ctx, t, other(v["ap"]), v["turn"] + 1)


def _expire(ctx: Context, c: Any) -> None:
    if "gained" in c.f:
        ctx.emit({"t": "flag", "card": c.uid, "f": {"gained": None}, "why": "turn effects end"})
    mods = c.f.get("mods")
    if mods:
        kept = [m for m in mods if len(m) > 2 and m[2] == "p"]
        if len(kept) != len(mods):
            f = {"mods": kept or None}
            ctx.emit({"t": "flag", "card": c.uid, "f": f, "why": "turn effects end"})


effects.CONTINUATIONS["adjust"] = adjust
