"""The events of the game: moving cards, flags, Life and counters, drawing, asking."""

from __future__ import annotations

from typing import Any

from pmtui.engine.context import Context
from pmtui.engine.events import setvars
from pmtui.engine.state import zkey

from .board import START_LIFE


def move(ctx: Context, uid: int, to: str, why: str, *, p: int | None = None,
         pos: str = "top", keep: bool = False, **flags: Any) -> None:
    """Card `uid` to zone `to` of seat `p` (default its owner), at `pos` ("top",
    "bottom" or an index); its flags start afresh unless `keep`."""
    card = ctx.state.cards[uid]
    owner = card.owner if p is None else p
    ev: dict[str, Any] = {"t": "move", "card": uid, "cid": card.cid, "from": card.zone,
                          "to": zkey(owner, to), "pos": pos, "why": why}
    if keep:
        ev["keep"] = True
    if flags:
        ev["f"] = flags
    ctx.emit(ev)


def flag(ctx: Context, uid: int | list[int], why: str, **flags: Any) -> None:
    key = "cards" if isinstance(uid, list) else "card"
    ctx.emit({"t": "flag", key: uid, "f": flags, "why": why})


def add_life(ctx: Context, p: int, amount: int, why: str) -> None:
    """Life changes: never below 0, no maximum (S:45-48)."""
    life = list(ctx.state.vars.get("life") or [START_LIFE, START_LIFE])
    life[p] = max(0, life[p] + amount)
    setvars(ctx, why, life=life)


def add_counters(ctx: Context, p: int, amount: int, why: str) -> None:
    """Memory counters on the Ruler: no limit (S:220-222)."""
    ctr = list(ctx.state.vars.get("ctr") or [0, 0])
    ctr[p] = max(0, ctr[p] + amount)
    setvars(ctx, why, ctr=ctr)


def draw(ctx: Context, p: int, n: int = 1, why: str = "draw") -> None:
    """Draw `n`; a player who cannot draw loses (S:5)."""
    for _ in range(n):
        deck = ctx.state.zones.get(zkey(p, "deck"))
        if not deck:
            lost = sorted({*ctx.state.vars.get("lost", ()), p})
            setvars(ctx, "cannot draw", lost=lost)
            return
        move(ctx, deck[0], "hand", why)


def ask(ctx: Context, why: str, **data: Any) -> None:
    """A choice the rules wait for (a target, a card to discard, blockers, ...)."""
    setvars(ctx, why, ask=data)


def done_asking(ctx: Context, why: str = "chosen") -> None:
    setvars(ctx, why, ask=None)
