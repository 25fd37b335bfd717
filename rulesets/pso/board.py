"""Where things are and what they are worth now: zones, the current Area, current stats.

Stats follow the source's "Stat boosters" and "Area Cards" sections: values on a
coloured bar add, values in plain text replace, EVP always replaces; when two
replacements compete, the owner of the affected card chooses (the card flag
"pref"; docs/rules-interpretations-pso.md, D-32).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from pmtui.engine.state import State, shared_zone, zkey

from .cards import CardDef, CardPool

# Per player ("<player>/<name>"), but the Area in play is shared (AREA): it affects both
# players, and it goes back to the discard pile of the player who played it (D-02).
VISIBILITY = {
    "deck": "hidden",
    "hand": "owner",
    "lead": "public",
    "chars": "public",
    "monsters": "public",
    "traps": "owner",  # face down: the opponent sees how many, not which
    "discard": "public",
    "area": "public",
}
PLAY_ZONES = ("lead", "chars", "monsters")
AREA = shared_zone("area")
REPLACEABLE = ("atp", "mst", "dfp", "evp")


def other(player: int) -> int:
    return 1 - player


def creatures(state: State, player: int) -> Iterator[int]:
    """A player's characters (main first) and monsters in play."""
    for name in PLAY_ZONES:
        yield from state.zones.get(zkey(player, name), ())


def monsters(state: State, player: int) -> list[int]:
    return state.zones.get(zkey(player, "monsters"), [])


def lead(state: State, player: int) -> int | None:
    z = state.zones.get(zkey(player, "lead"))
    return z[0] if z else None


def area(state: State) -> int | None:
    """The Area card in play, whoever played it."""
    z = state.zones.get(AREA)
    return z[0] if z else None


def boss_alive(state: State, pool: CardPool) -> int | None:
    """The current boss Area while it is not defeated (it can be attacked)."""
    a = area(state)
    if a is not None and pool[state.cards[a].cid].boss and not state.cards[a].f.get("beaten"):
        return a
    return None


def area_tags(state: State, pool: CardPool) -> tuple[str, ...]:
    a = area(state)
    return pool[state.cards[a].cid].tags if a is not None else ()


def forbidden(state: State, pool: CardPool, what: str) -> bool:
    """The current Area forbids spells, abilities, blasts, weapons or items."""
    a = area(state)
    return a is not None and what in pool[state.cards[a].cid].forbid


def _area_applies(d: CardDef, card: CardDef) -> bool:
    if d.applies == "all":
        return True
    return (d.applies == "characters") == (card.type == "character")


Place = tuple[int | None, "CardDef | None"]  # the Area in play and its definition


def place(state: State, pool: CardPool) -> Place:
    a = area(state)
    return a, (pool[state.cards[a].cid] if a is not None else None)


def _own_power(d: CardDef, ad: CardDef | None) -> CardDef | None:
    """The card itself when its always-on power works here (its Area condition met)."""
    p = d.power
    if p is None or p.when != "always":
        return None
    return d if not p.area or (ad is not None and p.area in ad.tags) else None


def replacements(state: State, pool: CardPool, uid: int, stat: str,
                 where: Place | None = None) -> list[tuple[int, int]]:
    """(source card, value) of every replacement of `stat` that applies to this creature."""
    return _replacement_map(state, pool, uid, where).get(stat, [])


def _replacement_map(state: State, pool: CardPool, uid: int,
                     where: Place | None = None) -> dict[str, list[tuple[int, int]]]:
    """Every replacement that applies to this creature, by stat: the Area's (EVP on its
    bar, values in its text), the card's own always-on power, then stat changes."""
    c = state.cards[uid]
    d = pool[c.cid]
    a, ad = where if where is not None else place(state, pool)
    out: dict[str, list[tuple[int, int]]] = {}
    if a is not None and ad is not None and _area_applies(ad, d):
        for k, v in ad.bar:
            if k == "evp":  # EVP on a bar still replaces
                out.setdefault(k, []).append((a, v))
        if ad.effect is not None:
            for k, v in ad.effect.set:
                out.setdefault(k, []).append((a, v))
    if _own_power(d, ad) is not None:
        assert d.power is not None
        for k, v in d.power.effect.set:
            out.setdefault(k, []).append((uid, v))
    for m in c.f.get("mods", ()):
        if m[1] == "set":
            out.setdefault(m[0], []).append((m[4], m[2]))
    return out


def contested(state: State, pool: CardPool) -> Iterator[tuple[int, str]]:
    """(creature, stat) pairs that two or more replacements might touch, player 1's cards
    first: a cheap test before `conflict` (most cards have none)."""
    a = area(state)
    ad = pool[state.cards[a].cid] if a is not None else None
    area_stats: list[str] = []
    if ad is not None:
        area_stats = [k for k, _ in ad.bar if k == "evp"]
        if ad.effect is not None:
            area_stats += [k for k, _ in ad.effect.set]
    for p in (0, 1):
        for uid in creatures(state, p):
            c = state.cards[uid]
            d = pool[c.cid]
            own = [m[0] for m in c.f.get("mods", ()) if m[1] == "set"]
            if d.power is not None and d.power.when == "always":
                own += [k for k, _ in d.power.effect.set]
            if not own:
                continue  # one replacement at most: the Area's
            seen = own + (area_stats if ad is not None and _area_applies(ad, d) else [])
            for s in sorted({s for s in seen if seen.count(s) > 1}):
                yield uid, s


def conflict(state: State, pool: CardPool, uid: int, stat: str) -> list[tuple[int, int]] | None:
    """The competing replacements the owner has not chosen between yet, else None."""
    reps = replacements(state, pool, uid, stat)
    if len({v for _, v in reps}) < 2:
        return None
    pref = state.cards[uid].f.get("pref", {}).get(stat)
    sources = sorted({s for s, _ in reps})
    if pref is not None and pref[1] == sources:
        return None
    return reps


def stat(state: State, pool: CardPool, uid: int, name: str, where: Place | None = None) -> int:
    """A creature's current value of one stat (`where`: the Area, when already known)."""
    return current(state, pool, uid, (name,), where)[name]


def current(state: State, pool: CardPool, uid: int, names: Sequence[str],
            where: Place | None = None) -> dict[str, int]:
    """A creature's current values of `names`: replacements first (the owner's choice
    when they compete), EVP kept within 0-5, then additions (bars, powers, changes)."""
    c = state.cards[uid]
    d = pool[c.cid]
    a, ad = where if where is not None else place(state, pool)
    applies = ad is not None and _area_applies(ad, d)
    power = _own_power(d, ad)
    mods = c.f.get("mods") or ()
    reps = _replacement_map(state, pool, uid, (a, ad)) if applies or power or mods else {}
    out: dict[str, int] = {}
    for name in names:
        printed = getattr(d, name)
        value = 0 if printed is None else printed
        found = reps.get(name) if name in REPLACEABLE else None
        if found:
            values = {v for _, v in found}
            if len(values) == 1:
                value = found[0][1]
            else:
                pref = c.f.get("pref", {}).get(name)
                chosen = [v for s, v in found if pref is not None and s == pref[0]]
                # Not chosen yet (the conflict arose in the middle of an action):
                # the value best for the owner, until the owner is asked.
                value = chosen[0] if chosen else max(values)
        if name == "evp":
            out[name] = max(0, min(5, value))
            continue
        if applies:
            assert ad is not None
            value += sum(v for k, v in ad.bar if k == name)
        if power is not None:
            assert d.power is not None
            value += sum(v for k, v in d.power.effect.boost if k == name)
        for m in mods:
            if m[0] == name and m[1] == "add":
                value += m[2]
        out[name] = max(0, value)
    return out


def stats(state: State, pool: CardPool, uid: int) -> dict[str, Any]:
    """Every current value a player needs to see for a creature or a boss Area."""
    c = state.cards[uid]
    d = pool[c.cid]
    if d.type == "area":
        return {"hp": d.hp, "dfp": d.dfp, "evp": d.evp, "dmg": c.f.get("dmg", 0)}
    names = ("hp", "atp", "dfp", "evp") if d.mst is None else ("hp", "atp", "dfp", "evp", "mst")
    out: dict[str, Any] = current(state, pool, uid, names)
    out["dmg"] = c.f.get("dmg", 0)
    return out


def hp_left(state: State, pool: CardPool, uid: int) -> int:
    c = state.cards[uid]
    d = pool[c.cid]
    hp = d.hp if d.type == "area" else stat(state, pool, uid, "hp")
    return hp - int(c.f.get("dmg", 0))
