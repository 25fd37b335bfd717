"""Carrying out effects: damage with DFP and evasion, statuses, healing, stat changes,
revival, draws and searches; deaths and the main character's replacement.

Every change is an event emitted through the Context; random outcomes (evasion
rolls, random discards) carry their RNG counter so a replay needs no rules code.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pmtui.engine.context import Context
from pmtui.engine.events import setvars
from pmtui.engine.notation import ref
from pmtui.engine.state import State, zkey

from . import board
from .board import other
from .cards import CardDef, CardPool, Effect


def move(ctx: Context, uid: int, player: int, zone: str, why: str, **extra: object) -> None:
    """Move a card to a zone of `player` (to the shared Area when zone is "area")."""
    c = ctx.state.cards[uid]
    to = board.AREA if zone == "area" else zkey(player, zone)
    ev = {"t": "move", "card": uid, "cid": c.cid, "from": c.zone, "to": to}
    ctx.emit({**ev, **extra, "why": why})


def draw(ctx: Context, player: int, n: int, why: str = "draw") -> None:
    deck = ctx.state.zone(zkey(player, "deck"))
    for _ in range(min(n, len(deck))):  # an empty deck only stops the draws ("Running out")
        move(ctx, deck[0], player, "hand", why)


def zone_for(d: CardDef) -> str:
    return "monsters" if d.type == "monster" else "chars"


# -- targets -------------------------------------------------------------------


def chosen_targets(state: State, pool: CardPool, side: int, eff: Effect) -> list[int]:
    """The cards a chosen-target effect of `side` may pick, in board order."""
    t = eff.target
    if t == "fallen":
        return [
            u for u in state.zones.get(zkey(side, "discard"), ())
            if pool[state.cards[u].cid].creature
        ]
    out: list[int] = []
    if t in ("ally", "any"):
        out += board.creatures(state, side)
    if t in ("foe", "any"):
        out += board.creatures(state, other(side))
        if eff.damage is not None:  # a boss Area is attacked like an enemy (A22)
            boss = board.boss_alive(state, pool)
            if boss is not None:
                out.append(boss)
    return out


def fixed_targets(state: State, side: int, eff: Effect, user: int | None) -> list[int]:
    """The targets of an effect that names no choice."""
    t = eff.target
    if t == "foes":
        return list(board.creatures(state, other(side)))
    if t == "foe_monsters":
        return list(board.monsters(state, other(side)))
    if t == "allies":
        return list(board.creatures(state, side))
    if t == "self":
        return [user] if user is not None else []
    return []


def need(state: State, pool: CardPool, side: int, eff: Effect) -> int:
    """How many targets a chosen-target effect picks now (fewer when fewer exist)."""
    return min(eff.count, len(chosen_targets(state, pool, side, eff)))


# -- resolving -------------------------------------------------------------------


def resolve(
    ctx: Context,
    pool: CardPool,
    eff: Effect,
    side: int,
    user: int | None,
    source: int,
    targets: Sequence[int] | None = None,
    evaded: Mapping[str, bool] | None = None,
) -> None:
    """Carry out an effect of `side` (its user may be None: an event, a trap, an Area).
    `evaded`: evasion outcomes already drawn, by target number (a declared action's)."""
    state = ctx.state
    if targets is None:
        targets = fixed_targets(state, side, eff, user)
    if eff.damage is not None and targets:
        amount = damage_amount(state, pool, eff, user, len(targets))
        with ctx.simultaneous():
            for t in targets:
                hit(ctx, pool, t, amount, eff, source, (evaded or {}).get(str(t)))
    for t in targets:
        c = state.cards[t]
        if c.zone == board.AREA:
            continue  # statuses and stat changes are for creatures
        if eff.revive:
            enter_play(ctx, pool, t, c.owner, "revived", fire=False)
            continue
        f: dict[str, object] = {}
        if eff.status == "paralysis":
            f["par"] = True
        elif eff.status == "poison":
            f["poi"] = True
        for s in eff.cure:
            f["par" if s == "paralysis" else "poi"] = None
        if eff.heal and c.f.get("dmg"):
            f["dmg"] = max(0, int(c.f["dmg"]) - eff.heal) or None
        if eff.boost or eff.set:
            expires = state.vars["turn"] + (1 if eff.until == "next" else 0)
            mods = list(c.f.get("mods", ()))
            mods += [[k, "add", v, expires, source] for k, v in eff.boost]
            mods += [[k, "set", v, expires, source] for k, v in eff.set]
            f["mods"] = mods
        if f:
            ctx.emit({"t": "flag", "card": t, "f": f, "why": pool[state.cards[source].cid].name})
    if eff.draw:
        draw(ctx, side, eff.draw, why=pool[state.cards[source].cid].name)
    if eff.discard:
        for _ in range(eff.discard):
            hand = state.zone(zkey(side, "hand"))
            if not hand:
                break
            u, n = ctx.random_choice(list(hand))
            move(ctx, u, side, "discard", "random discard", rng=n)
    if eff.search:
        search(ctx, pool, side, eff.search)


def damage_amount(
    state: State, pool: CardPool, eff: Effect, user: int | None, n_targets: int
) -> int:
    """The damage an effect deals each target before DFP: its base, plus the user's stat
    where it says so; "divided between N targets" gives an even share, rounded down."""
    amount = eff.damage or 0
    if eff.add and user is not None:
        amount += board.stat(state, pool, user, eff.add)
    return amount // max(n_targets, 1) if eff.divided else amount


def exposure(state: State, pool: CardPool, target: int, amount: int,
             eff: Effect) -> tuple[int, int]:
    """The damage left after the target's DFP, and the EVP that may evade it (0 when
    nothing can: no evasion for this effect, or no damage left)."""
    d = pool[state.cards[target].cid]
    evp = d.evp if d.type == "area" else board.stat(state, pool, target, "evp")
    dealt = max(0, amount - defence(state, pool, target)) if eff.defend else amount
    return dealt, (evp if eff.evade and dealt > 0 else 0)


def defence(state: State, pool: CardPool, target: int) -> int:
    """The target's DFP now (an Area's printed one)."""
    d = pool[state.cards[target].cid]
    return d.dfp if d.type == "area" else board.stat(state, pool, target, "dfp")


# An evasion roll's outcomes by name (EVP X/5 evades on a face of X or less, X < 5)
EVASION_WORDS = {"evade": (1,), "hit": (5,)}


def hit(ctx: Context, pool: CardPool, target: int, amount: int, eff: Effect, source: int,
        evaded: bool | None = None) -> None:
    """Damage to one target: DFP subtracted, then evasion (source: "Character/monster card
    stats"; D-17): EVP X/5 evades with chance X/5, one roll of 1..5 unless `evaded`
    says how the roll already went."""
    state = ctx.state
    c = state.cards[target]
    dealt, evp = exposure(state, pool, target, amount, eff)
    # the numbers compared, for the log: the blow, and the DFP it met (when it counts)
    compared = {"atp": amount, **({"dfp": defence(state, pool, target)} if eff.defend else {})}
    if evp:
        if evaded is None:
            # a scenario's `fix` may name the outcome: "evade" (face 1) or "hit" (face 5)
            evaded = evp >= 5 or ctx.roll(
                5, why=f"evasion of {ref(state, target)}, EVP {evp}/5",
                words=EVASION_WORDS)[0] <= evp
        if evaded:
            ctx.emit({"t": "say", "what": "evaded", "card": target, "cid": c.cid,
                      "seat": c.owner, "src": state.cards[source].cid, "why": "evasion"})
            return
    if dealt > 0:
        damage(ctx, pool, target, dealt, f"{dealt} damage", source, compared)
    elif amount > 0:  # its DFP took it all: said, or the blow would seem to do nothing
        ctx.emit({"t": "say", "what": "blocked", "card": target, "cid": c.cid,
                  "seat": c.owner, "src": state.cards[source].cid, "why": "defence",
                  **compared})


def damage(ctx: Context, pool: CardPool, target: int, dealt: int, why: str,
           source: int | None = None, compared: Mapping[str, int] | None = None) -> None:
    """Damage dealt to a card: its damage counter grows. The event also carries what the
    log says of it (screen.event_line): the card, the source, the amount, the HP left,
    and the numbers `compared` (the blow's "atp", the target's "dfp")."""
    state = ctx.state
    c = state.cards[target]
    ev: dict[str, object] = {
        "t": "flag", "card": target, "f": {"dmg": int(c.f.get("dmg", 0)) + dealt},
        "why": why, "cid": c.cid, "seat": c.owner, "dealt": dealt,
        "left": board.hp_left(state, pool, target) - dealt,
    }
    if source is not None:
        ev |= {"by": source, "src": state.cards[source].cid}
    ctx.emit(ev | dict(compared or {}))


def search(ctx: Context, pool: CardPool, player: int, ctype: str) -> None:
    """The first card of that type from the top goes to the hand, shown; then a shuffle
    (source: "Deck searches")."""
    deck = ctx.state.zone(zkey(player, "deck"))
    found = next((u for u in deck if pool[ctx.state.cards[u].cid].type == ctype), None)
    if found is not None:
        ctx.emit({"t": "reveal", "player": player, "card": found,
                  "cid": ctx.state.cards[found].cid,
                  "why": "deck search"})
        move(ctx, found, player, "hand", "deck search")
    ctx.shuffle(zkey(player, "deck"), why="shuffle after a deck search")


# -- deaths and the main character ------------------------------------------------


def cleanup(ctx: Context, pool: CardPool) -> None:
    """Creatures whose damage reached their HP are discarded together, at once after
    the action that did it (A12); a beaten boss stays until replaced (A22)."""
    state = ctx.state
    while True:
        dead = [
            u for p in (0, 1) for u in board.creatures(state, p)
            if board.hp_left(state, pool, u) <= 0
        ]
        boss = board.boss_alive(state, pool)
        if boss is not None and board.hp_left(state, pool, boss) <= 0:
            ctx.emit({"t": "flag", "card": boss, "f": {"beaten": True}, "why": "boss defeated"})
        if not dead:
            break
        with ctx.simultaneous():  # both players' last monsters at once: a draw (A26)
            for u in dead:
                move(ctx, u, state.cards[u].owner, "discard", "destroyed")
        for u in dead:
            d = pool[state.cards[u].cid]
            if d.power is not None and d.power.when == "dies" and power_on(state, pool, d):
                resolve(ctx, pool, d.power.effect, state.cards[u].owner, None, u)
    fix_leads(ctx, pool)


def power_on(state: State, pool: CardPool, d: CardDef) -> bool:
    assert d.power is not None
    return not d.power.area or d.power.area in board.area_tags(state, pool)


def lead_candidates(state: State, pool: CardPool, player: int) -> list[int]:
    return [
        u for u in state.zones.get(zkey(player, "chars"), ())
        if pool[state.cards[u].cid].kind == "normal"
    ]


def fix_leads(ctx: Context, pool: CardPool) -> None:
    """A player without a main character takes one of their normal characters (A18):
    automatically when there is one, by their choice when there are more."""
    state = ctx.state
    for p in (0, 1):
        if board.lead(state, p) is not None:
            continue
        cands = lead_candidates(state, pool, p)
        if len(cands) == 1:
            move(ctx, cands[0], p, "lead", "new main character")
        elif len(cands) > 1 and p not in state.vars.get("newlead", ()):
            setvars(ctx, "main character lost", newlead=[*state.vars.get("newlead", ()), p])


def choose_lead(ctx: Context, player: int, uid: int) -> None:
    rest = [p for p in ctx.state.vars.get("newlead", ()) if p != player]
    setvars(ctx, "new main character chosen", newlead=rest or None)
    move(ctx, uid, player, "lead", "new main character")


def enter_play(
    ctx: Context, pool: CardPool, uid: int, player: int, why: str, fire: bool = True
) -> None:
    """A creature comes into play; a normal character becomes the main character when
    its owner has none (A19); a "played" power fires when it was played from the hand."""
    state = ctx.state
    d = pool[state.cards[uid].cid]
    zone = zone_for(d)
    if d.type == "character" and d.kind == "normal" and board.lead(state, player) is None:
        zone = "lead"
    move(ctx, uid, player, zone, why, f={"turn": state.vars.get("turn", 0)})
    if fire and d.power is not None and d.power.when == "played" and power_on(state, pool, d):
        resolve(ctx, pool, d.power.effect, player, uid, uid)
