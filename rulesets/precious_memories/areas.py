"""Where cards are and how they move: the zone vocabulary of Precious Memories.

Every change goes through `Context.emit`, so these helpers only decide which
events to emit. Zones are "<player>/<name>".
"""

from __future__ import annotations

from typing import Any

from pmtui.engine.context import Context
from pmtui.engine.state import State, zkey

from .cards import CardDef

# Who may see each zone (p.06 play field; face-down points stay visible to both, p.06/P27).
VISIBILITY = {
    "deck": "hidden",
    "hand": "owner",
    "ex": "owner",
    "discard": "public",
    "main": "public",
    "support": "public",
    "points": "public",
    "attached": "public",  # supports set on a chara
    "stack": "public",  # cards under a levelled-up chara
    "stage": "public",  # a card being played, waiting for its chain to resolve
    "removed": "public",
}
AREAS = ("main", "support")


def other(player: int) -> int:
    return 1 - player


def zone_of(state: State, uid: int) -> tuple[int, str]:
    owner, _, name = state.cards[uid].zone.partition("/")
    return int(owner), name


def in_area(state: State, uid: int) -> bool:
    return zone_of(state, uid)[1] in AREAS


def move(
    ctx: Context,
    uid: int,
    player: int,
    zone: str,
    why: str,
    pos: str = "top",
    flags: dict[str, Any] | None = None,
    keep: bool = False,
) -> None:
    card = ctx.state.cards[uid]
    ev: dict[str, Any] = {
        "t": "move",
        "card": uid,
        "cid": card.cid,
        "from": card.zone,
        "to": zkey(player, zone),
        "why": why,
    }
    if pos != "top":
        ev["pos"] = pos
    if flags:
        ev["f"] = flags
    if keep:
        ev["keep"] = True
    ctx.emit(ev)


def draw(ctx: Context, player: int, n: int, why: str = "draw") -> None:
    deck = ctx.state.zone(zkey(player, "deck"))
    for _ in range(n):
        if not deck:
            return
        move(ctx, deck[0], player, "hand", why, pos="bottom")


def leave_area(
    ctx: Context, uid: int, zone: str, why: str, defs: dict[str, CardDef], pos: str = "top"
) -> None:
    """A chara leaves the Area: supports set on it are discarded, its level stack
    goes with it, coins vanish (p.10, p.23, p.24 Level Up)."""
    state = ctx.state
    card = state.cards[uid]
    owner = card.owner
    for sup in [
        u for u in state.zone(zkey(owner, "attached")) if state.cards[u].f.get("host") == uid
    ]:
        send(ctx, sup, "discard", "support left with its chara", defs)
    stacked = [u for u in state.zone(zkey(owner, "stack")) if state.cards[u].f.get("under") == uid]
    send(ctx, uid, zone, why, defs, pos=pos)
    for u in stacked:
        send(ctx, u, zone, why, defs, pos=pos)


def send(
    ctx: Context, uid: int, zone: str, why: str, defs: dict[str, CardDef], pos: str = "top"
) -> None:
    """Move a card to its owner's zone; an EX card bound for the deck is discarded (p.26)."""
    card = ctx.state.cards[uid]
    if zone == "deck" and defs[card.cid].ex:
        zone, why = "discard", why + " (EX card: discarded instead)"
    move(ctx, uid, card.owner, zone, why, pos=pos)


_AREA_KEYS = tuple((zkey(p, "main"), zkey(p, "support")) for p in (0, 1))


def area_cards(state: State, player: int) -> list[int]:
    main, support = _AREA_KEYS[player]  # asked at nearly every decision: keys made once
    return state.zone(main) + state.zone(support)
