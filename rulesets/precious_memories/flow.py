"""The turn procedure: setup, Turn Start, windows, Approach steps, Turn End (p.05-15).

Each function emits events and leaves the game at its next decision point.
The game-level variables it maintains are listed in docs/rules-engine.md.
"""

from __future__ import annotations

from typing import Any

from pmtui.engine.context import Context
from pmtui.engine.state import zkey

from . import areas
from .areas import other
from .tables import Tables


def setvars(ctx: Context, why: str, **values: Any) -> None:
    ctx.emit({"t": "var", "set": values, "why": why})


# -- setup (p.05) -------------------------------------------------------------


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


# -- Turn Start (p.08) ----------------------------------------------------------


def start_turn(ctx: Context, t: Tables, player: int, turn: int) -> None:
    setvars(ctx, "turn start", turn=turn, ap=player, phase="start", step=None)
    deck = ctx.state.zone(zkey(player, "deck"))
    n = t.first_turn_draw if turn == 1 else t.turn_draw
    areas.draw(ctx, player, min(n, len(deck)))
    state = ctx.state
    rested = [u for u in areas.area_cards(state, player) if state.cards[u].f.get("rest")]
    if rested:
        ctx.emit({"t": "flag", "cards": rested, "f": {"rest": None}, "why": "turn cards active"})
    # Turn Start triggers come after both steps (p.08); the effects layer hooks in here.
    open_window(ctx, "main", None, player)


def open_window(ctx: Context, phase: str, step: str | None, prio: int) -> None:
    setvars(ctx, "window", phase=phase, step=step, prio=prio, passes=0)


# -- priority ---------------------------------------------------------------------


def pass_priority(ctx: Context, t: Tables) -> None:
    """Each pass hands the right to the other player; two in a row close the window (p.20)."""
    v = ctx.state.vars
    passes = v["passes"] + 1
    if passes < 2:
        setvars(ctx, "pass", prio=other(v["prio"]), passes=passes)
        return
    close_window(ctx, t)


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
        if not approacher_gone(ctx):
            judge(ctx, t)
        open_window(ctx, "approach", "w6", v["ap"])
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


def can_approach(ctx_state: Any, uid: int, t: Tables) -> bool:
    state = ctx_state
    card = state.cards[uid]
    f = card.f
    turn = state.vars["turn"]
    if f.get("rest") or f.get("appr") == turn:
        return False
    if f.get("turn") == turn and "active" not in t.defs[card.cid].keywords:
        return False
    return True


def approach_candidates(state: Any, t: Tables) -> list[int]:
    ap = state.vars["ap"]
    return [u for u in state.zone(zkey(ap, "main")) if can_approach(state, u, t)]


def to_assign(ctx: Context, t: Tables) -> None:
    if not approach_candidates(ctx.state, t):
        turn_end(ctx, t)
        return
    setvars(ctx, "assign approach", phase="approach", step="assign", prio=None, passes=None)


def approach(ctx: Context, t: Tables, uid: int) -> None:
    turn = ctx.state.vars["turn"]
    ctx.emit({"t": "flag", "card": uid, "f": {"rest": True, "appr": turn}, "why": "approach"})
    setvars(ctx, "approach", appr={"a": uid})
    open_window(ctx, "approach", "w2", ctx.state.vars["ap"])


def approacher_gone(ctx: Context) -> bool:
    """An approach chara that left the Main Area skips to the window after
    judgement (p.21)."""
    v = ctx.state.vars
    a = v["appr"]["a"]
    return ctx.state.cards[a].zone != zkey(v["ap"], "main")


def interfere_candidates(state: Any, t: Tables) -> list[int]:
    v = state.vars
    defender = other(v["ap"])
    return [u for u in state.zone(zkey(defender, "main")) if not state.cards[u].f.get("rest")]


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


def no_interference(ctx: Context, t: Tables) -> None:
    """The Interferer takes the top card of their own deck into their own
    Point Zone, face up (p.14)."""
    defender = other(ctx.state.vars["ap"])
    put_point(ctx, t, defender, down=False, why="no interference")
    open_window(ctx, "approach", "w6", ctx.state.vars["ap"])


def put_point(ctx: Context, t: Tables, player: int, down: bool, why: str) -> None:
    deck = ctx.state.zone(zkey(player, "deck"))
    if not deck:
        return
    areas.move(
        ctx, deck[0], player, "points", why, pos="bottom", flags={"down": True} if down else None
    )


def judge(ctx: Context, t: Tables) -> None:
    """Both comparisons at once; DP equal to or below the opposing AP is
    eliminated (p.14). An interfering chara that already left compares nothing."""
    state = ctx.state
    v = state.vars
    a = v["appr"]["a"]
    i = v["appr"].get("i")
    if i is None or state.cards[i].zone != zkey(other(v["ap"]), "main"):
        return
    a_ap, a_dp = areas.stats(state, a, t.defs)
    i_ap, i_dp = areas.stats(state, i, t.defs)
    gone = []
    if i_dp <= a_ap:
        gone.append(i)
    if a_dp <= i_ap:
        gone.append(a)
    with ctx.simultaneous():
        for uid in gone:
            areas.leave_area(ctx, uid, "discard", "eliminated", t.defs)


# -- Turn End (p.15) ----------------------------------------------------------------


def turn_end(ctx: Context, t: Tables) -> None:
    v = ctx.state.vars
    setvars(ctx, "turn end", phase="end", step=None, prio=None, passes=None, appr=None)
    # End-of-turn triggers are ordered by the Approacher; the effects layer hooks in here.
    if len(ctx.state.zone(zkey(v["ap"], "hand"))) > t.hand_limit:
        setvars(ctx, "hand adjustment", step="adjust")
        return
    finish_turn(ctx, t)


def finish_turn(ctx: Context, t: Tables) -> None:
    state = ctx.state
    expiring = [c.uid for c in state.cards if "mods" in c.f]
    if expiring:
        ctx.emit({"t": "flag", "cards": expiring, "f": {"mods": None}, "why": "turn effects end"})
    v = state.vars
    start_turn(ctx, t, other(v["ap"]), v["turn"] + 1)
