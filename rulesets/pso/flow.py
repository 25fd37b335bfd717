"""The course of a game: setup, the turn, Areas and traps, quests, the end of a turn.

Game variables: live, turn, ap (the seat whose turn it is, the name the shell reads:
docs/rulesets.md), first, phase ("main" | "combat"),
did (per-turn limits), act (an action waiting for its targets), roll (its evasion
rolls still to draw), setting (a trap
being chosen), newlead (a player choosing a new main character), limit (the
turn cap, ours: D-27).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pmtui.engine.context import Context
from pmtui.engine.events import setvars
from pmtui.engine.state import State, zkey

from . import board
from .board import other
from .cards import CardPool, Condition
from .effects import cleanup, damage, draw, enter_play, move, power_on, resolve

SEARCH_SIZE = 10  # "Draw the top 10 cards" (Setup)
OPENING_HAND = 5  # "your starting hand of 5 cards" (Setup)
POISON = 10  # "loses 10 HP every turn" (Battle effects)
TURN_LIMIT = 200  # ours, not the source's: a stalled game ends in a draw (D-27)
MAX_TURN_LIMIT = 10_000  # the most an option may ask for (D-27): past it a game never ends
COIN_WHY = "who goes first"  # the coin of the setup (heads: player 1)


# -- setup ------------------------------------------------------------------------


def setup(ctx: Context, pool: CardPool, header: Mapping[str, Any]) -> None:
    decks = header["decks"]
    cards: list[list[Any]] = []
    for p in (0, 1):
        for cid in deck_lead(decks[p]):
            pool.get(cid)  # unknown ids fail here, before anything is logged
            cards.append([len(cards), cid, p, zkey(p, "lead")])
        deck = list(decks[p].get("main", ()))
        if not any(pool.get(cid).type == "monster" for cid in deck):
            raise ValueError(f"player {p + 1}'s deck has no Monster: the setup cannot end")
        for cid in deck:
            cards.append([len(cards), cid, p, zkey(p, "deck")])
    ctx.emit({"t": "create", "cards": cards})
    for p in (0, 1):
        ctx.shuffle(zkey(p, "deck"), why="game preparation")
    for p in (0, 1):
        monster_search(ctx, pool, p)
    for p in (0, 1):
        draw(ctx, p, OPENING_HAND, why="opening hand")
    # the coin: heads, player 1 goes first; its winner goes first, no choice (D-06); the
    # log says who that is by the seats' names (screen.event_line)
    first = 0 if ctx.flip(why=COIN_WHY) else 1
    limit = turn_limit(header.get("options", {}).get("turn_limit", TURN_LIMIT))
    setvars(ctx, "coin flip for the first player", first=first, limit=limit)
    setvars(ctx, "the game starts", live=True)
    start_turn(ctx, first, 1)


def turn_limit(raw: object) -> int:
    """The header's turn_limit option: a whole number of turns, 1 or more (D-27)."""
    try:
        limit = int(str(raw))
    except ValueError:
        limit = 0
    if not 1 <= limit <= MAX_TURN_LIMIT:
        raise ValueError(f"turn_limit {str(raw)[:24]!r}: give a whole number of turns from 1 "
                         f"to {MAX_TURN_LIMIT} (default {TURN_LIMIT})")
    return limit


def deck_lead(deck: Mapping[str, Any]) -> list[str]:
    """The main character set aside from a deck entry of the header."""
    lead = deck.get("lead", deck.get("ex", ()))
    if isinstance(lead, str):
        return [lead]
    return [str(c) for c in list(lead)[:1]]


def monster_search(ctx: Context, pool: CardPool, player: int) -> None:
    """The top 10: every Monster among them comes into play, the rest is shuffled back;
    again until at least one Monster is in play (Setup; A4)."""
    state = ctx.state
    deck = zkey(player, "deck")
    while not board.monsters(state, player):
        top = state.zone(deck)[:SEARCH_SIZE]
        ctx.emit({"t": "look", "player": player, "cards": top,
                  "cids": [state.cards[u].cid for u in top], "why": "monster search"})
        for u in top:
            if pool[state.cards[u].cid].type == "monster":
                move(ctx, u, player, "monsters", "monster search", f={"turn": 0})
        ctx.shuffle(deck, why="monster search: the rest back into the deck")


# -- the turn ------------------------------------------------------------------


def start_turn(ctx: Context, player: int, turn: int) -> None:
    setvars(ctx, "turn start", turn=turn, ap=player, phase="main", did={})
    draw(ctx, player, 1)  # the first player draws too (A7)


def mark(ctx: Context, what: str) -> None:
    did = dict(ctx.state.vars.get("did", {}))
    did[what] = True
    setvars(ctx, what, did=did)


def to_combat(ctx: Context) -> None:
    setvars(ctx, "combat starts", phase="combat")


def end_turn(ctx: Context, pool: CardPool) -> None:
    """Clean-up of the source's turn list, then the next player's turn."""
    state = ctx.state
    tp = state.vars["ap"]
    setvars(ctx, "end of turn", phase="end")
    for u in list(board.creatures(state, tp)):
        d = pool[state.cards[u].cid]
        still_in_play = state.cards[u].zone.endswith(board.PLAY_ZONES)
        if (
            d.power is not None and d.power.when == "turn_end" and still_in_play
            and power_on(state, pool, d)
        ):
            resolve(ctx, pool, d.power.effect, tp, u, u)
    a = board.boss_alive(state, pool)
    if a is not None:
        d = pool[state.cards[a].cid]
        if d.power is not None:  # a boss acts against the player whose turn ends (D-22)
            resolve(ctx, pool, d.power.effect, other(tp), None, a)
    cleanup(ctx, pool)
    mine = list(board.creatures(state, tp))
    para = [u for u in mine if state.cards[u].f.get("par")]
    if para:
        ctx.emit({"t": "flag", "cards": para, "f": {"par": None}, "why": "paralysis ends"})
    with ctx.simultaneous():
        for u in mine:
            c = state.cards[u]
            if c.f.get("poi"):
                damage(ctx, pool, u, POISON, "poison")
    cleanup(ctx, pool)
    quest_check(ctx, pool)
    expire(ctx)
    cleanup(ctx, pool)  # a card whose HP boost ended may have no HP left
    turn = state.vars["turn"]
    if turn >= state.vars.get("limit", TURN_LIMIT):
        ctx.emit({"t": "end", "winner": None,
                  "reason": f"turn limit {turn} reached (a pmtui rule, not the source's)"})
        return
    start_turn(ctx, other(tp), turn + 1)


def expire(ctx: Context) -> None:
    """Stat changes "until the end of the turn" (or of the next one) end."""
    state = ctx.state
    turn = state.vars["turn"]
    for p in (0, 1):
        for u in board.creatures(state, p):
            mods = state.cards[u].f.get("mods")
            if mods:
                kept = [m for m in mods if m[3] > turn]
                if len(kept) != len(mods):
                    ctx.emit({"t": "flag", "card": u, "f": {"mods": kept or None},
                              "why": "stat changes end"})


# -- Areas, traps, quests ----------------------------------------------------------


def area_locked(state: State, pool: CardPool) -> str | None:
    """Why no new Area may be played now, or None (source: "Area Cards")."""
    a = board.area(state)
    if a is None:
        return None
    d = pool[state.cards[a].cid]
    if d.boss and not state.cards[a].f.get("beaten"):
        return "the boss Area must be defeated first"
    if d.quest:
        return "the quest must be won or lost first"
    return None


def play_area(ctx: Context, pool: CardPool, uid: int, player: int) -> None:
    state = ctx.state
    old = board.area(state)
    if old is not None:
        move(ctx, old, state.cards[old].owner, "discard", "Area replaced")  # to its owner (A2)
    move(ctx, uid, player, "area", "new Area", f={"qturn": state.vars["turn"]})
    fire_traps(ctx, pool)


def fire_traps(ctx: Context, pool: CardPool) -> None:
    """A new Area sets off every trap in play, both players' (source: "Event cards"; A14)."""
    state = ctx.state
    tp = state.vars["ap"]
    traps = [(p, u) for p in (tp, other(tp)) for u in list(state.zone(zkey(p, "traps")))]
    if not traps:
        return
    for p, u in traps:
        ctx.emit({"t": "reveal", "player": p, "card": u, "cid": state.cards[u].cid,
                  "why": "trap fires"})
    with ctx.simultaneous():
        for p, u in traps:
            eff = pool[state.cards[u].cid].effect
            assert eff is not None
            resolve(ctx, pool, eff, p, None, u)
            move(ctx, u, p, "discard", "trap fired")
    cleanup(ctx, pool)


def holds(state: State, player: int, cond: Condition) -> bool:
    if cond.what == "hand":
        n = len(state.zones.get(zkey(player, "hand"), ()))
    elif cond.what == "monsters":
        n = len(board.monsters(state, player))
    else:
        n = sum(len(state.zones.get(zkey(player, z), ())) for z in ("lead", "chars"))
    if cond.at_least is not None and n < cond.at_least:
        return False
    return cond.at_most is None or n <= cond.at_most


def quest_check(ctx: Context, pool: CardPool) -> None:
    """At the end of a turn: the turn player may win the quest, the other may lose it,
    once a whole turn of the other player has passed since it was played (A23, A24)."""
    state = ctx.state
    q = board.area(state)
    if q is None:
        return
    d = pool[state.cards[q].cid]
    if not d.quest or state.vars["turn"] < int(state.cards[q].f.get("qturn", 0)) + 2:
        return
    assert d.quest_pass is not None and d.quest_fail is not None
    tp = state.vars["ap"]
    npc = d.npc and any(
        pool[state.cards[u].cid].name == d.npc for u in board.creatures(state, tp)
    )
    if npc or holds(state, tp, d.quest_pass):
        why = "quest won: main NPC" if npc else "quest won"
    elif holds(state, other(tp), d.quest_fail):
        why = "quest lost"
    else:
        return
    ctx.emit({"t": "say", "what": "quest", "card": q, "winner": tp, "why": why})
    assert d.reward is not None and d.punishment is not None
    resolve(ctx, pool, d.reward, tp, None, q)
    resolve(ctx, pool, d.punishment, other(tp), None, q)
    move(ctx, q, state.cards[q].owner, "discard", "quest over")
    cleanup(ctx, pool)


def play_creature(ctx: Context, pool: CardPool, uid: int, player: int) -> None:
    d = pool[ctx.state.cards[uid].cid]
    if d.type == "character":
        mark(ctx, "character")
    enter_play(ctx, pool, uid, player, f"{d.type} played")
    cleanup(ctx, pool)
