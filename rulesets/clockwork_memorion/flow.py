"""Setup and the turn (G, V14, S:154-157, S:212-216): the Summon Limit chosen in secret,
the first player, opening hands and the redraw; Stand-up, Draw, Main I, Battle,
Main II and Turn end, with the per-turn limits and each player's first turn."""

from __future__ import annotations

from typing import Any

from pmtui.engine import chain
from pmtui.engine.context import Context
from pmtui.engine.decision import Decision, Option
from pmtui.engine.events import setvars
from pmtui.engine.notation import ref
from pmtui.engine.state import State, zkey

from . import actions, battle, moves
from .board import HAND_LIMIT, OPENING, START_LIFE, STEPS, first_turn, successors, zone
from .cards import Pool

PHASES = ("start", "main1", "battle", "main2", "end")
LIMIT_CHOICES = ("1 fwd", "1 rev", "2 fwd", "2 rev")


def create(ctx: Context, pool: Pool, decks: list[dict[str, Any]]) -> None:
    """Ruler and Summon Limit out of the deck onto the table (J, S:42, M7); the rest
    is the deck."""
    cards: list[list[Any]] = []
    for p in (0, 1):
        for cid in decks[p]["main"]:
            kind = pool.get(cid).kind
            where = kind if kind in ("ruler", "limit") else "deck"
            cards.append([len(cards), cid, p, zkey(p, where)])
    ctx.emit({"t": "create", "cards": cards})


def begin(ctx: Context, pool: Pool) -> None:
    """M8: a coin decides who goes first; then the Summon Limits, chosen in secret."""
    first = 0 if ctx.flip(why="who goes first") else 1
    setvars(ctx, "setup", phase="setup", step="limit", who=first, first=first,
            life=[START_LIFE, START_LIFE], ctr=[0, 0], turn=1, ap=first)


def setup_decision(state: State, pool: Pool) -> Decision:
    v = state.vars
    who = int(v["who"])
    if v["step"] == "limit":
        opts = tuple(Option(f"limit {c}", ("limit", c)) for c in LIMIT_CHOICES)
        return Decision(who, "limit", opts, "Lay your Summon Limit: face 1 or 2, either end "
                        "at zone 1 (chosen in secret)", private=True)
    opts = [Option(f"return {ref(state, u)}", ("return", u)) for u in zone(state, who, "hand")]
    opts.append(Option("keep", ("keep",)))
    n = int(v.get("redrawn", 0))
    return Decision(who, "redraw", tuple(opts),
                    f"Redraw: return cards to the deck ({n} so far), then keep", private=True)


def setup_apply(ctx: Context, pool: Pool, option: Option) -> None:
    state = ctx.state
    v = state.vars
    who, first = int(v["who"]), int(v["first"])
    if option.data[0] == "limit":
        picks = {**(v.get("lpick") or {}), str(who): option.data[1]}
        if len(picks) < 2:
            setvars(ctx, "Summon Limit chosen", lpick=picks, who=1 - who)
            return
        for p in (0, 1):  # both revealed together (S:42: fixed from now on)
            f, end = picks[str(p)].split()
            lim = zone(state, p, "limit")[0]
            moves.flag(ctx, lim, "Summon Limit revealed", face=int(f) - 1,
                       rev=True if end == "rev" else None)
        setvars(ctx, "Summon Limits revealed", lpick=None)
        for p in (0, 1):
            ctx.shuffle(zkey(p, "deck"), why="setup")
        for p, n in ((first, OPENING[0]), (1 - first, OPENING[1])):  # S:157
            moves.draw(ctx, p, n, "opening hand")
        setvars(ctx, "redraw", step="redraw", who=first, redrawn=0)
        return
    if option.data[0] == "return":
        moves.move(ctx, option.data[1], "deck", "returned for the redraw", pos="bottom")
        setvars(ctx, "redraw", redrawn=int(v.get("redrawn", 0)) + 1)
        return
    n = int(v.get("redrawn", 0))  # G: shuffle, draw as many as returned, once each
    if n:
        ctx.shuffle(zkey(who, "deck"), why="redraw")
        moves.draw(ctx, who, n, "redraw")
    if who == first:
        setvars(ctx, "redraw", who=1 - first, redrawn=0)
        return
    setvars(ctx, "the game begins", step=None, who=None, redrawn=None, phase="start")


# -- the turn ------------------------------------------------------------------------------


def step_window(ctx: Context, step: str) -> bool:
    """The window at the start of `step` (M20): over no action, the turn player first;
    False once it has been held (the variable "begun" names the last step begun)."""
    v = ctx.state.vars
    if v.get("begun") == step:
        return False
    setvars(ctx, f"{STEPS[step]} begins", begun=step)
    chain.open_window(ctx, int(v["ap"]), f"start of {STEPS[step]}", bare=True)
    return True


def start_turn(ctx: Context, pool: Pool) -> None:
    """Stand-up and Draw, each after the window at its start (M20); a player's first
    turn has neither (S:213, G). Called again after each window."""
    state = ctx.state
    p = int(state.vars["ap"])
    if first_turn(state, p):
        setvars(ctx, "Main Phase I", phase="main1")
        return
    begun = state.vars.get("begun")
    if begun not in ("standup", "draw"):
        step_window(ctx, "standup")
        return
    if begun == "standup":
        own = [u for u in (*zone(state, p, "ruler"), *successors(state, p))
               if state.cards[u].f.get("act")]
        if own:
            moves.flag(ctx, own, "Stand-up", act=None)
        step_window(ctx, "draw")
        return
    moves.draw(ctx, p, 1, "Draw Phase")
    setvars(ctx, "Main Phase I", phase="main1")


def main_options(state: State, pool: Pool, p: int) -> list[Option]:
    v = state.vars
    phase = v["phase"]
    did = v.get("did") or {}
    first = first_turn(state, p)
    opts: list[Option] = []
    if phase == "main1":
        opts += actions.summon_options(state, pool, p)  # as often as allowed (V14)
    if phase in ("main1", "main2") and not first:  # once a turn each (V14, S:215)
        if not did.get("inherit"):
            opts += actions.inherit_options(state, pool, p)
        if not did.get("move"):
            opts += actions.move_options(state, pool, p)
    if phase == "battle":
        opts += [Option(f"attack {ref(state, u)}", ("attack", u))
                 for u in battle.attackers(state, pool, p)]
    opts += actions.interrupt_options(state, pool, p)
    if phase == "main1" and not first:
        opts.append(Option("battle", ("phase", "battle")))
    elif phase == "battle":
        opts.append(Option("main2", ("phase", "main2")))
    else:
        opts.append(Option("end", ("phase", "end")))
    return opts


PROMPTS = {"main1": "Main Phase I: summon, inherit, move, or go to battle",
           "battle": "Battle Phase: attack, or go to Main Phase II",
           "main2": "Main Phase II: the steps not used in Main I, or end the turn"}


def main_decision(state: State, pool: Pool) -> Decision:
    p = int(state.vars["ap"])
    prompt = PROMPTS[state.vars["phase"]]
    if first_turn(state, p) and state.vars["phase"] == "main1":
        prompt = "First turn: only summoning (recall and activated abilities allowed)"
    return Decision(p, state.vars["phase"], tuple(main_options(state, pool, p)), prompt)


def end_turn(ctx: Context, pool: Pool) -> bool:
    """Turn end (G): hands down to 7, the turn player first (M12); then Mind lowered by
    damage comes back and effects and recalls of the turn end (S:78). False while a
    player still has to discard."""
    state = ctx.state
    ap = int(state.vars["ap"])
    for q in (ap, 1 - ap):
        if len(zone(state, q, "hand")) > HAND_LIMIT:
            moves.ask(ctx, "hand limit", what="discard", p=q)
            return False
    marked = [c.uid for c in state.cards if any(k in c.f for k in ("dmg", "pp", "mp", "mu",
                                                                  "eu"))]
    if marked:
        moves.flag(ctx, marked, "turn end", dmg=None, pp=None, mp=None, mu=None, eu=None)
    setvars(ctx, "next turn", recalls=None, once=None, did=None, begun=None, ap=1 - ap,
            turn=int(state.vars["turn"]) + 1, phase="start")
    return True


def discard_decision(state: State, pool: Pool) -> Decision:
    q = int(state.vars["ask"]["p"])
    opts = tuple(Option(f"discard {ref(state, u)}", ("discard", u)) for u in zone(state, q, "hand"))
    return Decision(q, "discard", opts, f"Hand limit {HAND_LIMIT}: discard a card",
                    private=True)
