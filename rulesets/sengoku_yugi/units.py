"""Where things are and what they are worth now: zones, units on cells, stacks, stats.

A unit is the top card of a stack on the Battlefield (the shared zone
`shared/bf`, whatever its owner; flag `at` = its cell) or in the Command Zone
(`P/cz`). Cards under it sit in `P/under` with
`of` = the top card's number and `role`: "gs" (Growth Source), "fam" (a
contracted familiar) or "es" (an Evolution Source, `of` = the familiar).
Face-down setup cards stand on their cells (or in the Command Zone) with the
flag `down` until revealed; `concealed` hides them from the opponent. The
Nameless cards wait in `P/aside` until placed.
"""

from __future__ import annotations

from typing import Any

from pmtui.engine.context import Context
from pmtui.engine.events import setvars
from pmtui.engine.state import State, shared_zone, zkey

from .board import Board, parse_board
from .cards import CardDef, Pool

BF = shared_zone("bf")  # the board both players' units stand on

VISIBILITY = {
    "hand": "owner",
    "fhand": "owner",  # familiar cards in hand (Guide II (4))
    "sh": "hidden",  # the Stronghold (the deck)
    "standby": "public",
    "banish": "public",
    "cz": "public",
    "bf": "public",
    "under": "public",
    "summon": "owner",  # the Summoning Zone: its owner may search it (S29)
    "aside": "owner",  # the Nameless cards before they are placed
    "guard": "public",  # the revealed Last Guard
}


def push_ask(ctx: Context, why: str, ask: dict[str, Any]) -> None:
    """Queue a small question (a pick); the first one queued is asked first."""
    setvars(ctx, why, asks=[*ctx.state.vars.get("asks", ()), ask])


def pop_ask(ctx: Context, why: str, replace: dict[str, Any] | None = None) -> None:
    """Drop (or update) the question being answered."""
    rest = list(ctx.state.vars.get("asks", ()))[1:]
    if replace is not None:
        rest.insert(0, replace)
    setvars(ctx, why, asks=rest or None)


def other(p: int) -> int:
    return 1 - p


def board_of(state: State) -> Board:
    return parse_board(state.vars.get("board", "4x5"))


def move(ctx: Context, uid: int, to: str, why: str, pos: str = "top", keep: bool = False,
         **flags: Any) -> None:
    card = ctx.state.cards[uid]
    dest = BF if to == "bf" else zkey(card.owner, to)
    ev: dict[str, Any] = {"t": "move", "card": uid, "cid": card.cid, "from": card.zone,
                          "to": dest, "why": why}
    if pos != "top":
        ev["pos"] = pos
    if keep:
        ev["keep"] = True
    if flags:
        ev["f"] = flags
    ctx.emit(ev)


def flag(ctx: Context, uids: list[int], why: str, **flags: Any) -> None:
    if uids:
        ctx.emit({"t": "flag", "cards": list(uids), "f": flags, "why": why})


def cd(state: State, pool: Pool, uid: int) -> CardDef:
    return pool.get(state.cards[uid].cid)


# -- units ----------------------------------------------------------------------------


def bf_units(state: State, p: int) -> list[int]:
    cards = state.cards
    return [u for u in state.zones.get(BF, ()) if cards[u].owner == p]


def commander(state: State, p: int) -> int | None:
    cz = state.zones.get(zkey(p, "cz"), ())
    return cz[0] if cz else None


def allies(state: State, p: int) -> list[int]:
    """Units on the Battlefield and in the Command Zone."""
    out = bf_units(state, p)
    c = commander(state, p)
    if c is not None:
        out.append(c)
    return out


def occupied(state: State) -> dict[str, tuple[int, int]]:
    out: dict[str, tuple[int, int]] = {}
    for uid in state.zones.get(BF, ()):
        out[state.cards[uid].f["at"]] = (state.cards[uid].owner, uid)
    return out


def is_free(state: State, board: Board, cell: str) -> bool:
    return (
        board.pos(cell) is not None
        and cell not in (board.stronghold(0), board.stronghold(1))
        and cell not in occupied(state)
    )


def loc(state: State, uid: int) -> str:
    """A unit's place in notation: its cell, or "cz" for the Command Zone."""
    return str(state.cards[uid].f.get("at", "cz"))


def unit_at(state: State, p: int, place: str) -> int | None:
    if place == "cz":
        return commander(state, p)
    for uid in bf_units(state, p):
        if state.cards[uid].f.get("at") == place:
            return uid
    return None


def under(state: State, top: int, role: str | None = None) -> list[int]:
    """Cards stacked under `top`, highest first (Growth or Evolution Sources, a familiar)."""
    out = []
    for p in (0, 1):
        for uid in state.zones.get(zkey(p, "under"), ()):
            f = state.cards[uid].f
            if f.get("of") == top and (role is None or f.get("role") == role):
                out.append(uid)
    return out


def familiar_of(state: State, holder: int) -> int | None:
    fam = under(state, holder, "fam")
    return fam[0] if fam else None


def holder_of(state: State, fam: int) -> int | None:
    f = state.cards[fam].f
    return f.get("of") if f.get("role") == "fam" else None


def defense(state: State, uid: int) -> bool:
    return bool(state.cards[uid].f.get("df"))


def names_in_play(state: State, pool: Pool, p: int) -> set[str]:
    """Names on the Battlefield and in the Command Zone, face-down cards included (S14)."""
    out = {cd(state, pool, u).name for u in allies(state, p)}
    for u in allies(state, p):
        fam = familiar_of(state, u)
        if fam is not None:
            out.add(cd(state, pool, fam).name)
    return out


def hand(state: State, p: int) -> list[int]:
    return list(state.zones.get(zkey(p, "hand"), ()))


def fhand(state: State, p: int) -> list[int]:
    return list(state.zones.get(zkey(p, "fhand"), ()))


# -- current values ----------------------------------------------------------------------


def max_hp(state: State, pool: Pool, uid: int) -> int:
    return cd(state, pool, uid).cost


def hp(state: State, uid: int) -> int:
    return int(state.cards[uid].f.get("hp", 1))


def ailments(state: State, uid: int) -> list[str]:
    """A unit's ailments, a stacked one as often as its count (Guide I (15) Q&A)."""
    return list(state.cards[uid].f.get("ail", ()))


def stacks(state: State, uid: int, what: str) -> int:
    """How many doses of the ailment `what` the unit has (S50)."""
    return ailments(state, uid).count(what)


def blessings(state: State, uid: int) -> list[str]:
    return list(state.cards[uid].f.get("bl", ()))


def continuous(state: State, pool: Pool, uid: int, word: str) -> int:
    """A CNT ability's +N ("power": ATK/MAT, "armor": DEF/MDF) while its conditions hold:
    on the Battlefield, in the stance its name reads in, on its turn, in its line, not Mute."""
    ab = cd(state, pool, uid).ability
    card = state.cards[uid]
    if ab is None or ab.kind != "cnt" or not card.zone.endswith("/bf"):
        return 0
    if defense(state, uid) != (ab.stance == "def") or "mute" in card.f.get("ail", ()):
        return 0
    mine = state.vars.get("ap") == card.owner
    if ab.turn != "both" and (ab.turn == "your") != mine:
        return 0
    board = board_of(state)
    at = str(card.f.get("at", ""))
    if ab.cond == "fl" and not board.is_frontline(at, card.owner):
        return 0
    if ab.cond == "bl" and not board.is_backline(at, card.owner):
        return 0
    return sum(e.n for e in ab.options[0].effects if e.do == word)


def attack_value(state: State, pool: Pool, uid: int, kind: str) -> int:
    """Printed ATK or MAT, plus a contracted familiar's while the holder is in Attack Stance."""
    card = cd(state, pool, uid)
    value = card.atk if kind == "atk" else card.mat
    value += continuous(state, pool, uid, "power")
    fam = familiar_of(state, uid)
    if fam is not None and not defense(state, uid):
        f = cd(state, pool, fam)
        value += f.atk if kind == "atk" else f.mat
    return value


def defence_value(state: State, pool: Pool, uid: int, kind: str, attr: str = "") -> int:
    """DEF or MDF, a guarding Egg's, Collapse (-2) and Blessings against `attr` (S28)."""
    card = cd(state, pool, uid)
    value = card.df if kind == "atk" else card.mdf
    value += continuous(state, pool, uid, "armor")
    fam = familiar_of(state, uid)
    if fam is not None and defense(state, uid) and state.cards[fam].f.get("guard"):
        f = cd(state, pool, fam)
        value += f.df if kind == "atk" else f.mdf
    if collapse := stacks(state, uid, "collapse"):  # -2 a dose (S50)
        value = max(0, value - 2 * collapse)
    if attr:
        value += blessings(state, uid).count(attr)
    return value


def gems(state: State, pool: Pool, uid: int) -> tuple[str, ...]:
    return cd(state, pool, uid).gems


def attack_range(state: State, pool: Pool, uid: int) -> tuple[str, ...]:
    at = state.cards[uid].f.get("at")
    if not at or at == "cz":
        return ()
    return board_of(state).attack_range(at, state.cards[uid].owner, gems(state, pool, uid))


def surroundings_allies(state: State, uid: int) -> list[int]:
    at = state.cards[uid].f.get("at")
    if not at:
        return []
    near = set(board_of(state).surroundings(at))
    p = state.cards[uid].owner
    return [u for u in bf_units(state, p) if state.cards[u].f.get("at") in near]
