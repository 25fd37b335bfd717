"""What happens to units: damage, defeat and leaving the Battlefield, HP, ailments.

Guide I (12)⑤ (defeat, Growth Sources), (15) Q&A (ailments, damage kinds);
Guide II (7) (familiars released or returned when their holder leaves).
"""

from __future__ import annotations

from pmtui.engine.context import Context
from pmtui.engine.state import Event, State, zkey

from .cards import AILMENT_DAMAGE, Pool
from .units import (
    ailments,
    blessings,
    cd,
    familiar_of,
    flag,
    hp,
    max_hp,
    move,
    push_ask,
    under,
)


def damage(ctx: Context, pool: Pool, uid: int, amount: int, why: str) -> bool:
    """Take `amount` damage; True when the unit is defeated."""
    if amount <= 0:
        return False
    left = max(0, hp(ctx.state, uid) - amount)
    flag(ctx, [uid], why, hp=left)
    if left == 0:
        leave(ctx, pool, uid, "defeated")
        return True
    return False


def elemental(ctx: Context, pool: Pool, uid: int, amount: int, attr: str, why: str) -> bool:
    """Elemental damage ignores DEF/MDF (S27); each Blessing of its attribute stops 1 (S28)."""
    amount -= blessings(ctx.state, uid).count(attr)
    return damage(ctx, pool, uid, amount, f"{why}: {attr} damage")


def heal(ctx: Context, pool: Pool, uid: int, amount: int, why: str) -> None:
    state = ctx.state
    new = min(max_hp(state, pool, uid), hp(state, uid) + amount)
    if new != hp(state, uid):
        flag(ctx, [uid], why, hp=new)


def add_ailment(ctx: Context, pool: Pool, uid: int, what: str, why: str) -> None:
    """Ailments stack (Guide I (15) Q&A): each dose adds one to its count, and from the
    second on a dose also deals its elemental damage, 1 point (S28, S50)."""
    now = ailments(ctx.state, uid)
    flag(ctx, [uid], why, ail=[*now, what])
    if what in now and what in AILMENT_DAMAGE:  # after the stack: the damage may defeat it
        elemental(ctx, pool, uid, 1, AILMENT_DAMAGE[what], f"{what} again")


def add_blessing(ctx: Context, uid: int, attr: str, why: str) -> None:
    flag(ctx, [uid], why, bl=[*ctx.state.cards[uid].f.get("bl", ()), attr])


def leave(ctx: Context, pool: Pool, uid: int, why: str) -> None:
    """A unit leaves the Battlefield or Command Zone (defeat or an effect).

    A character goes to the Standby Zone; its owner may take one Growth Source
    into hand (asked next), the others follow it. A contracted familiar is
    released where the holder stood (an Egg goes back to hand). A released
    familiar's cards go to the Summoning Zone, an Egg among them to hand.
    """
    state = ctx.state
    card = state.cards[uid]
    p = card.owner
    at = card.f.get("at")
    if cd(state, pool, uid).familiar:
        stack = [uid, *under(state, uid, "es")]
        for u in stack:
            egg = cd(state, pool, u).kind == "egg"
            move(ctx, u, "fhand" if egg else "summon", f"familiar {why}")
        return
    fam = familiar_of(state, uid)
    sources = under(state, uid, "gs")
    move(ctx, uid, "standby", why)
    if fam is not None:
        release_in_place(ctx, pool, fam, at, "its holder left")
    if sources:
        push_ask(ctx, "Growth Sources", {"p": p, "what": "gs-pick", "from": sources})


def release_in_place(ctx: Context, pool: Pool, fam: int, at: str | None, why: str) -> None:
    """A contracted familiar becomes a unit on `at` (Guide II (7)); an Egg returns to hand."""
    state = ctx.state
    if cd(state, pool, fam).kind == "egg" or not at or at == "cz":
        for u in [fam, *under(state, fam, "es")]:
            egg = cd(state, pool, u).kind == "egg"
            move(ctx, u, "fhand" if egg else "summon", why)
        return
    life = stack_charge(state, pool, fam)
    move(ctx, fam, "bf", f"released: {why}", at=at, hp=min(life, cd(state, pool, fam).cost),
         dt=state.vars.get("turn", 0))


def stack_charge(state: State, pool: Pool, fam: int) -> int:
    return sum(cd(state, pool, u).charge for u in [fam, *under(state, fam, "es")])


def gs_pick(ctx: Context, uid: int | None, sources: list[int]) -> None:
    """The chosen Growth Source goes to hand, the rest to the Standby Zone."""
    for u in sources:
        if u == uid:
            move(ctx, u, "hand", "a Growth Source back to hand")
        else:
            move(ctx, u, "standby", "Growth Source")


def stack_under(ctx: Context, top: int, uid: int, role: str, why: str,
                pos: int | None = None) -> None:
    """Put `uid` under `top`: at `pos` in the owner's `under` zone, else as its newest
    source, just below the top."""
    card = ctx.state.cards[uid]
    owner = ctx.state.cards[top].owner
    ev: Event = {"t": "move", "card": uid, "cid": card.cid, "from": card.zone,
                 "to": zkey(owner, "under"), "why": why, "f": {"of": top, "role": role}}
    if pos:
        ev["pos"] = pos
    ctx.emit(ev)


def add_growth_source(ctx: Context, pool: Pool, top: int, uid: int, why: str) -> None:
    """An ability adds `uid` to `top`'s Growth Sources at its place by Level: higher
    Levels above lower ones (Guide I (15) Q&A on adding to the Growth Source), and above
    the sources of its own Level, as Focus puts the newest card of a Level on top."""
    state = ctx.state
    zone = state.zones.get(zkey(state.cards[top].owner, "under"), [])
    sources = under(state, top, "gs")
    level = cd(state, pool, uid).level
    below = [u for u in sources if cd(state, pool, u).level <= level]
    if below:
        pos = zone.index(below[0])
    else:
        pos = zone.index(sources[-1]) + 1 if sources else 0
    stack_under(ctx, top, uid, "gs", why, pos)


def put_on_top(ctx: Context, pool: Pool, old: int, new: int, role: str, why: str) -> None:
    """Growth, Focus, Evolution: `new` becomes the top; `old` and its sources go under it."""
    state = ctx.state
    f = dict(state.cards[old].f)
    sources = under(state, old, role)
    others = [u for u in under(state, old) if u not in sources]
    card = state.cards[new]
    ctx.emit({"t": "move", "card": new, "cid": card.cid, "from": card.zone,
              "to": state.cards[old].zone, "why": why, "f": f})
    stack_under(ctx, new, old, role, why)
    flag(ctx, sources, why, of=new)
    flag(ctx, others, why, of=new)
