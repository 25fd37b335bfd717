"""The effect words of abilities (cards.EFFECTS): what each does when it resolves, and
the choices some of them ask for (a target, a card from a hand, a place).

An effect in progress is a dict `eff`: its word `do`, the player using it `p`, the
card it speaks of as "this" (`this`), its number `amt` (a Power or Potency slot read
when it resolved) and the Place/State `words`. One that needs a choice leaves an ask
(vars "ask", what="effect") and carries on in `answer`.
"""

from __future__ import annotations

from typing import Any

from pmtui.engine import blind
from pmtui.engine.context import Context
from pmtui.engine.decision import Decision, Option
from pmtui.engine.notation import hidden_ref, ref
from pmtui.engine.state import State, zkey

from . import moves
from .board import cd, in_play, successors, where, zone
from .cards import Pool

PLACES = {"hand": ("hand", "top"), "deck top": ("deck", "top"),
          "deck bottom": ("deck", "bottom"), "storage": ("storage", "top"),
          "drop": ("drop", "top")}


def _all_successors(state: Any) -> list[int]:
    return [u for p in (0, 1) for u in successors(state, p) if in_play(state, u)]


def deal(ctx: Context, uid: int, amount: int, why: str) -> None:
    """Damage lowers Mind (S:13); 000 or less destroys, outside Recall Time and the
    damage step (S:14, settled by the caller's `settle`)."""
    if amount <= 0 or not in_play(ctx.state, uid):
        return
    moves.flag(ctx, uid, why, dmg=int(ctx.state.cards[uid].f.get("dmg", 0)) + amount)


def start(ctx: Context, pool: Pool, eff: dict[str, Any]) -> None:
    """Begin effect `eff` (it may ask, then goes on in `answer`)."""
    state = ctx.state
    do, p, this, amt = eff["do"], eff["p"], eff.get("this"), int(eff.get("amt", 0))
    if do == "gain":
        if amt > 0:
            moves.add_counters(ctx, p, amt, "memory counters gained")
    elif do == "draw":
        if amt > 0:
            moves.draw(ctx, p, amt, "draw (ability)")
    elif do == "damage_ruler":
        if amt > 0:
            moves.add_life(ctx, 1 - p, -amt, "damage to the Ruler")
    elif do in ("pump", "mind"):
        # buffs on a successor already destroyed do nothing (S:16-17, S:168-169)
        if this is not None and in_play(state, this) and amt:
            key = "pp" if do == "pump" else "mp"
            moves.flag(ctx, this, do, **{key: int(state.cards[this].f.get(key, 0)) + amt})
    elif do == "rest":
        if this is not None and in_play(state, this):
            moves.flag(ctx, this, "turned to Action", act=True)
    elif do == "look":
        _look(ctx, eff)
    else:  # every other effect picks first
        _pick_step(ctx, pool, eff)


def candidates(ctx: Context, pool: Pool, eff: dict[str, Any]) -> list[str]:
    """The options of the effect's next pick, as option texts' arguments."""
    state = ctx.state
    do, p = eff["do"], eff["p"]
    if do == "damage":
        return [f"u{u}" for u in _all_successors(state)]
    if do == "damage_blocker":
        blk = (state.vars.get("battle") or {}).get("blk", ())
        return [f"u{u}" for u in blk if in_play(state, u)]
    if do == "state":
        return [f"u{u}" for u in successors(state, p) if in_play(state, u)]
    if do == "destroy_mem":
        return [f"u{m}" for q in (0, 1) for m in zone(state, q, "mem")
                if where(state, state.cards[m].f.get("host", -1)) == "succ"]
    if do == "blind_discard":
        return [hidden_ref("hand", i + 1) for i in range(len(zone(state, 1 - p, "hand")))]
    if do == "opp_discard":
        return [f"u{u}" for u in zone(state, 1 - p, "hand")]
    if do == "search_mem":
        return [f"u{u}" for u in zone(state, p, "deck")
                if cd(state, pool, u).kind in ("memorion", "king")]
    if do == "return_mem":
        return [f"u{u}" for u in zone(state, p, "storage")
                if cd(state, pool, u).kind in ("memorion", "king")]
    return []


def chooser(eff: dict[str, Any]) -> int:
    """Who picks: "your opponent selects from their hand" is theirs (S:128)."""
    return 1 - eff["p"] if eff["do"] == "opp_discard" else eff["p"]


def _pick_step(ctx: Context, pool: Pool, eff: dict[str, Any]) -> None:
    left = int(eff.get("left", eff.get("amt", 1) if eff["do"] in _COUNTED else 1))
    if eff["do"] in ("damage", "damage_blocker") and int(eff.get("amt", 0)) <= 0:
        return
    cands = candidates(ctx, pool, eff)
    if left <= 0 or not cands:  # "as many as possible" takes what there is (S:125)
        if eff["do"] == "search_mem":
            ctx.shuffle(zkey(eff["p"], "deck"), why="search")
        return
    if eff["do"] == "blind_discard":  # face down, by position: mixed first (S:127)
        blind.mix(ctx, zkey(1 - eff["p"], "hand"))
    moves.ask(ctx, "choose", what="effect", p=chooser(eff), eff={**eff, "left": left},
              opts=cands)


_COUNTED = frozenset({"destroy_mem", "blind_discard", "opp_discard", "search_mem"})


def answer(ctx: Context, pool: Pool, eff: dict[str, Any], pick: str) -> None:
    """The chosen `pick` ("u12", "hand#2", "none") for an effect in progress."""
    state = ctx.state
    moves.done_asking(ctx)
    do, p, amt = eff["do"], eff["p"], int(eff.get("amt", 0))
    if pick == "none":
        if do == "search_mem":
            ctx.shuffle(zkey(p, "deck"), why="search")
        return
    if do == "blind_discard":
        u = blind.picked(state, zkey(1 - p, "hand"), pick)
    else:
        u = int(pick[1:])
    if do in ("damage", "damage_blocker"):
        deal(ctx, u, amt, "ability damage")
        return
    if do == "state":
        word = (eff.get("words") or ["stand"])[0]
        moves.flag(ctx, u, f"put into {word}", act=True if word == "action" else None)
        return
    if do == "destroy_mem":  # a destroyed memorion goes to Drop (S:27, S:167)
        moves.move(ctx, u, "drop", "memorion destroyed")
    elif do in ("blind_discard", "opp_discard"):
        moves.move(ctx, u, "drop", "discarded")
    elif do == "search_mem":
        ctx.emit({"t": "reveal", "player": state.cards[u].owner, "cards": [u],
                  "cids": [state.cards[u].cid], "why": "search"})
        to, pos = PLACES.get((eff.get("words") or ["hand"])[0], ("hand", "top"))
        moves.move(ctx, u, to, "searched", pos=pos)
    elif do == "return_mem":
        moves.move(ctx, u, "hand", "returned from Storage")
        return
    _pick_step(ctx, pool, {**eff, "left": int(eff["left"]) - 1})


def _look(ctx: Context, eff: dict[str, Any]) -> None:
    """Look at the top N of your deck (S:130-132), then put them at the Place named
    (several Places: the first; one place for all the cards, S:153). Back into the
    deck, top or bottom, they go "in any order": two or more are ordered by their
    player (`put_decision`)."""
    p = eff["p"]
    deck = list(zone(ctx.state, p, "deck"))[: max(0, int(eff.get("amt", 0)))]
    if not deck:
        return
    ctx.emit({"t": "look", "player": p, "cards": deck, "why": "look"})
    to, pos = PLACES.get((eff.get("words") or ["deck top"])[0], ("deck", "top"))
    if to == "deck" and len(deck) > 1:
        moves.ask(ctx, "put the looked-at cards back", what="put", p=p, pos=pos,
                  cards=deck, placed=[])
        return
    _put_back(ctx, p, deck, to, pos)


def _put_back(ctx: Context, p: int, cards: list[int], to: str, pos: str) -> None:
    """`cards` at the Place, the first of them drawn first of them."""
    if (to, pos) == ("deck", "top"):
        if cards == list(zone(ctx.state, p, "deck"))[: len(cards)]:
            return  # already there in this order
        cards = cards[::-1]  # each goes on top: the one drawn first goes last
    for u in cards:
        moves.move(ctx, u, to, "looked at", pos=pos)


def put_decision(state: State) -> Decision:
    """Which of the looked-at cards still to place is drawn next of them: one decision
    a card until one is left. Only their player sees them (private)."""
    a = state.vars["ask"]
    where_to = "the top of the deck" if a["pos"] == "top" else "the bottom of the deck"
    opts = tuple(Option(f"put {ref(state, u)}", ("put", u)) for u in a["cards"])
    return Decision(int(a["p"]), "put", opts,
                    f"Put the looked-at cards back on {where_to}: which is drawn "
                    f"{ordinal(len(a['placed']) + 1)} of them?", private=True)


def put(ctx: Context, uid: int) -> None:
    """`uid` is drawn next of the looked-at cards; the last one left goes without asking."""
    a = ctx.state.vars["ask"]
    placed = [*a["placed"], uid]
    left = [u for u in a["cards"] if u != uid]
    if len(left) > 1:
        moves.ask(ctx, "put the looked-at cards back", **{**a, "cards": left, "placed": placed})
        return
    moves.done_asking(ctx, "put back")
    _put_back(ctx, int(a["p"]), placed + left, "deck", str(a["pos"]))


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, ... 11th, 12th, 13th, 21st."""
    if n % 100 in (11, 12, 13):
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"
