"""Setup and the turn: Active, Charge, Draw, Main, End Turn (Guide I (9), (11)).

Each function emits events and leaves the game at its next decision point; the
decision itself is computed from the variables by ruleset.decision.
"""

from __future__ import annotations

from typing import Any

from pmtui.engine.context import Context
from pmtui.engine.events import setvars
from pmtui.engine.state import State, zkey

from .cards import AILMENT_DAMAGE, Pool
from .units import (
    BF,
    allies,
    bf_units,
    cd,
    defense,
    familiar_of,
    fhand,
    flag,
    hand,
    move,
    other,
    push_ask,
    stacks,
)

HAND_LIMIT = 5  # character cards (Guide I (15) Q&A)
FAMILIAR_LIMIT = 3  # familiar cards (Guide I (15) Q&A, Guide II)
TURN_CAP = 200  # a stalled game ends in a draw (S24; not in the guides)
SH_HP = {"standard": 6, "ultimate": 8}  # Guide I (2), (9)⑥


def need_roll(ctx: Context, who: int, why: str, then: str) -> None:
    """A die must be rolled next: a chance decision (the game rolls it, or a scenario
    fixes it); `then` names what the face is for (ruleset.roll_apply)."""
    setvars(ctx, why, roll={"by": who, "why": why, "then": then})


def ap(state: State, p: int) -> int:
    return int(state.vars["action_points"][p])


def add_ap(ctx: Context, p: int, amount: int, why: str) -> None:
    if amount:
        values = list(ctx.state.vars["action_points"])
        values[p] += amount
        setvars(ctx, why, action_points=values)


def set_sh_hp(ctx: Context, p: int, value: int, why: str) -> None:
    values = list(ctx.state.vars["sh_hp"])
    values[p] = max(0, value)
    setvars(ctx, why, sh_hp=values)


# -- the Stronghold (the deck) -----------------------------------------------------


def refill(ctx: Context, p: int) -> bool:
    """An empty Stronghold takes the shuffled Standby Zone (Guide I (11)③); False if none."""
    state = ctx.state
    if state.zones.get(zkey(p, "sh")):
        return True
    standby = list(state.zones.get(zkey(p, "standby"), ()))
    if not standby:
        return False
    for uid in standby:
        move(ctx, uid, "sh", "the Standby Zone becomes the Stronghold", pos="bottom")
    ctx.shuffle(zkey(p, "sh"), why="new Stronghold")
    return True


def draw(ctx: Context, p: int, why: str = "draw") -> bool:
    if not refill(ctx, p):
        return False
    top = ctx.state.zone(zkey(p, "sh"))[0]
    move(ctx, top, "hand", why)
    return True


# -- setup (Guide I (9)) ------------------------------------------------------------


def after_setup_choices(ctx: Context, pool: Pool) -> None:
    """Steps ④-⑪ once both players placed their face-down cards."""
    mode = ctx.state.vars["mode"]
    for p in (0, 1):
        ctx.shuffle(zkey(p, "sh"), why="the Stronghold")
    setvars(ctx, "Stronghold HP", sh_hp=[SH_HP[mode], SH_HP[mode]])
    for p in (0, 1):
        for _ in range(HAND_LIMIT):
            draw(ctx, p, "opening hand")
    setvars(ctx, "roll for the first turn", step="roll", rolls=[])
    need_roll(ctx, 0, "player 1 rolls for the first turn", "first")


def opening_roll(ctx: Context, pool: Pool, face: int) -> None:
    """Each rolls a die; the higher goes first; a tie rolls again (S7)."""
    rolls = [*ctx.state.vars["rolls"], face]
    if len(rolls) == 1:
        setvars(ctx, "first roll", rolls=rolls)
        need_roll(ctx, 1, "player 2 rolls for the first turn", "first")
        return
    if rolls[0] == rolls[1]:
        setvars(ctx, "a tie: roll again", rolls=[])
        need_roll(ctx, 0, "player 1 rolls again", "first")
        return
    first = 0 if rolls[0] > rolls[1] else 1
    ap_values = [0, 0]
    ap_values[other(first)] = 5  # Guide I (9)⑨
    setvars(ctx, "starting AP", action_points=ap_values, first=first, step=None, who=None,
              rolls=None, phase="active")
    start_turn(ctx, pool, first)


def reveal(ctx: Context, p: int) -> None:
    """Face-down Commander and Nameless cards turn face up (Guide I (9)⑪)."""
    state = ctx.state
    down = [u for u in allies(state, p) if state.cards[u].f.get("down")]
    flag(ctx, down, "face-down cards are revealed", down=None)
    if down:  # what they are, for the log (a flag carries no card ids)
        ctx.emit({"t": "reveal", "player": p, "cards": down,
                  "cids": [state.cards[u].cid for u in down], "why": "turned face up"})
    if state.vars["mode"] == "ultimate":
        eggs = fhand(state, p)
        if eggs:
            ctx.emit({"t": "reveal", "player": p, "cards": eggs,
                      "cids": [state.cards[u].cid for u in eggs],
                      "why": "the Familiar Egg is shown"})


# -- the turn (Guide I (11)) --------------------------------------------------------


def start_turn(ctx: Context, pool: Pool, p: int) -> None:
    state = ctx.state
    turn = int(state.vars.get("turn", 0)) + 1
    setvars(ctx, "turn start", turn=turn, ap=p, phase="active", charged=[], used=[],
              used_hand=None, used_signs=None)
    if turn > TURN_CAP:
        setvars(ctx, "turn cap", result=[None, f"draw: {TURN_CAP} turns without a winner"])
        return
    if any(state.cards[u].f.get("down") for u in allies(state, p)):
        reveal(ctx, p)
    # ① Active Phase: allies in Defense Stance return to Attack Stance
    back = [u for u in allies(state, p) if defense(state, u)]
    flag(ctx, back, "Active Phase", df=None)
    guards = [f for u in back if (f := familiar_of(state, u)) is not None
              and state.cards[f].f.get("guard")]
    flag(ctx, guards, "the Egg turns back with its holder", guard=None)
    from . import effects  # ailments hurt at the Active Phase (S28)

    for uid in list(bf_units(state, p)):
        for ail in ("burn", "poison"):  # 1 point a dose, at once (S50)
            if state.cards[uid].zone == BF and (n := stacks(state, uid, ail)):
                effects.elemental(ctx, pool, uid, n, AILMENT_DAMAGE[ail], f"{ail} hurts")
    setvars(ctx, "Charge Phase", phase="charge")
    from . import abilities

    abilities.offer_all(ctx, pool, "turn-start", p)


def hp_charge_cost(pool: Pool, state: State, uid: int) -> int:
    """HP Charge costs the Deployment Cost, at least 5 (Guide I (11)②)."""
    return max(5, cd(state, pool, uid).cost)


def ap_charge(ctx: Context, pool: Pool, p: int) -> None:
    add_ap(ctx, p, 10, "AP Charge")
    setvars(ctx, "AP Charge", charged=[*ctx.state.vars["charged"], "ap"])
    excess = len(hand(ctx.state, p)) - HAND_LIMIT
    if excess > 0:
        push_ask(ctx, "hand limit", {"p": p, "what": "excess", "n": excess})


def end_charge(ctx: Context, pool: Pool, p: int) -> None:
    """③ Draw Phase: draw up to 5 character cards, then ④ the Main Phase."""
    setvars(ctx, "Draw Phase", phase="draw")
    while len(hand(ctx.state, p)) < HAND_LIMIT:
        if not draw(ctx, p):
            break  # Stronghold and Standby Zone both empty (S11)
    setvars(ctx, "Main Phase", phase="main")


def end_turn(ctx: Context, pool: Pool, p: int) -> None:
    state = ctx.state
    short = [u for u in allies(state, p) if {"paralysis", "slow"} & set(
        state.cards[u].f.get("ail", ()))]
    for uid in short:  # Paralysis and Slow last until their owner's turn ends (S28)
        left = [a for a in state.cards[uid].f.get("ail", ()) if a not in ("paralysis", "slow")]
        flag(ctx, [uid], "ailment ends", ail=left or None)
    setvars(ctx, "End Turn", phase="end")
    start_turn(ctx, pool, other(p))


def info(state: State) -> dict[str, Any]:
    v = state.vars
    return {"turn": v.get("turn"), "ap": v.get("ap"), "phase": v.get("phase")}
