"""What a player sees on a card that the rules derive: current AP/DP, usage cost
and texts, with where each difference from the printed card comes from.

The engine's `view()` merges this into every visible card, so the screens and
the computer players read the same numbers the rules use (p.22, p.24) and
never add them up themselves.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pmtui.engine.state import State, zkey

from . import areas, effects, targets
from .tables import Tables

AREA_KEYS = frozenset(zkey(p, z) for p in (0, 1) for z in areas.AREAS)


class CardValues:
    """Derived values of a visible card: "ap"/"dp" (charas with AP/DP) and "cost"; for a
    card in an Area whose values differ from print, also "why" (one short line per
    source) and "texts" (texts it has from cards under it or gained). A card outside
    the Areas shows its printed values: one shared, read-only mapping per card id,
    since views are built after every decision and hold many such cards."""

    def __init__(self, t: Tables) -> None:
        self.t = t
        self.printed: dict[str, Mapping[str, Any]] = {}

    def __call__(self, state: State, uid: int, player: int | None) -> Mapping[str, Any]:
        card = state.cards[uid]
        if card.zone in AREA_KEYS:
            return in_area(state, self.t, uid)
        got = self.printed.get(card.cid)
        if got is None:
            d = self.t.defs[card.cid]
            got = {"cost": d.cost, "ap": d.ap, "dp": d.dp} if d.has_apdp else {"cost": d.cost}
            self.printed[card.cid] = got
        return got


def in_area(state: State, t: Tables, uid: int) -> dict[str, Any]:
    """The derived values of a card in an Area (p.22 AP/DP, p.24 Level Up)."""
    card = state.cards[uid]
    d = t.defs[card.cid]
    owner = card.owner
    cost = targets.usage_cost(state, t, uid)
    out: dict[str, Any] = {"cost": cost}
    why: list[str] = []
    f = card.f
    level = int(f.get("level", 1))
    if level > 1:
        why.append(f"Lv{level}: {level - 1} card(s) under it, usage cost +{level - 1}")
    if d.has_apdp:
        ap, dp = effects.stats(state, t, uid)
        out["ap"], out["dp"] = ap, dp
        if (ap, dp) != (d.ap, d.dp):
            why.extend(_stat_sources(state, t, uid, d.ap or 0, d.dp or 0, ap, dp))
    texts = _lent_texts(state, t, uid, owner)
    if why:
        out["why"] = why
    if texts:
        out["texts"] = texts
    return out


def _signed(ap: int, dp: int) -> str:
    return f"AP{ap:+d}/DP{dp:+d}"


def _stat_sources(
    state: State, t: Tables, uid: int, ap0: int, dp0: int, ap: int, dp: int
) -> list[str]:
    """Level and coin bonus, each AP/DP change, and the rest (permanent effects,
    Adversity, a floor at 0) as one line each."""
    f = state.cards[uid].f
    out = []
    level, coins = int(f.get("level", 1)), int(f.get("coins", 0))
    known_ap, known_dp = ap0, dp0
    if level > 1:
        b = 10 * (level - 1)
        out.append(f"Lv{level}: {_signed(b, b)}")
        known_ap, known_dp = known_ap + b, known_dp + b
    if coins:
        out.append(f"{coins} coin(s): {_signed(10 * coins, 10 * coins)}")
        known_ap, known_dp = known_ap + 10 * coins, known_dp + 10 * coins
    for m in f.get("mods", ()) or ():
        until = "" if len(m) > 2 and m[2] == "p" else " this turn"
        out.append(f"changed{until}: {_signed(int(m[0]), int(m[1]))}")
        known_ap, known_dp = known_ap + int(m[0]), known_dp + int(m[1])
    if (ap, dp) != (max(known_ap, 0), max(known_dp, 0)):
        names = _permanent_sources(state, t, uid)
        src = f" ({', '.join(names)})" if names else ""
        out.append(f"effects{src}: {_signed(ap - known_ap, dp - known_dp)}")
    elif (ap, dp) != (known_ap, known_dp):
        out.append("below 0 counts as 0")
    return out


def _permanent_sources(state: State, t: Tables, uid: int) -> list[str]:
    """Names of supports set on the card and of cards whose texts it uses (for the reason line)."""
    card = state.cards[uid]
    out = [
        t.defs[state.cards[s].cid].name
        for s in state.zones.get(zkey(card.owner, "attached"), ())
        if state.cards[s].f.get("host") == uid and state.cards[s].cid in t.permanent
    ]
    for cid, eff in effects.active_effects(state, t, uid):
        if eff.permanent:
            name = "its own text" if cid == card.cid else f"{t.defs[cid].name} ({cid})"
            if name not in out:
                out.append(name)
    if effects.adversity_on(state, t, uid):
        out.append("Adversity")
    return out


def _lent_texts(state: State, t: Tables, uid: int, owner: int) -> list[str]:
    """Texts gained (Cardcaptor). Cards under a Level Up chara lend none: the top
    card is the chara, with its own texts (p.24)."""
    card = state.cards[uid]
    out = []
    for cid in card.f.get("gained", ()) or ():
        if cid in t.defs and t.defs[cid].text:
            out.append(f"gained from {cid}: {t.defs[cid].text}")
    return out
