"""Whole effect or nothing (p.17): whether every part of an effect can be carried out.

"When even a single part of the effect cannot be fulfilled, the entirety of the
effect cannot be applied." Before the first step of an effect runs, its steps
are walked in order over a small count model of the position (deck and hand
sizes, and for the charas acted on: in the Area or not, which Area, Rest,
coins), so a step sees what the steps before it leave. What "cannot be
fulfilled" means for each step kind (docs/rules-interpretations.md):

- draw N, look N, reveal N, put_point N: the deck holds fewer than N cards
  (put_point on both sides: either deck);
- discard N (choose, random): the hand holds fewer than N cards; discarding
  the whole hand is always fulfilled;
- search, summon (appear in Area), ex: no card of the zone fits;
- move_area: a chara acted on is out of the Area, already in that Area, or has
  no AP/DP and would go to the Main Area;
- bounce, trash, remove, modify, coin: a chara acted on is out of the Area;
- rest / activate: a chara acted on is out of the Area or already in Rest /
  already Active;
- remove_coin N: a chara acted on is out of the Area or holds fewer than N
  +10/+10 coins;
- disable: the play it answers no longer waits in the chain;
- shuffle, gain: always.

A step with an `if` condition that does not hold is skipped: it is a part the
card makes conditional, not one that fails.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pmtui.engine.state import State, zkey

from . import areas, targets
from .effect_model import Effect, Step
from .tables import Tables


@dataclass
class _Model:
    """Counts the steps change: deck and hand sizes per player, and the charas
    acted on (which Area, or None when out of it; Rest; +10/+10 coins)."""

    deck: list[int]
    hand: list[int]
    where: dict[int, str | None] = field(default_factory=dict)
    rest: dict[int, bool] = field(default_factory=dict)
    coins: dict[int, int] = field(default_factory=dict)


def summon_pool(state: State, t: Tables, p: int, step: Step) -> list[int]:
    """Charas of the step's zone that may appear in the Area: its filter, not purple
    unless the step allows it (p.17), and no copy of a chara already there (p.09)."""
    flt = dict(step.args.get("filter", {}))
    flt["type"] = "chara"
    zone = step.args.get("zone", "hand")
    in_area = {t.defs[state.cards[a].cid].base_id for a in areas.area_cards(state, p)}
    pool = []
    for u in targets.pick_from_zone(state, t, p, zone, flt, p):
        d = t.defs[state.cards[u].cid]
        if d.colour == "purple" and not step.args.get("purple"):
            continue
        if d.base_id in in_area:
            continue
        pool.append(u)
    return pool


def first_unfulfilled(
    state: State, t: Tables, eff: Effect, by: int, src: int, tg: list[int], answers: Any
) -> Step | None:
    """The first step of `eff` that cannot be fulfilled now, or None when all can."""
    from .effects import cond_ok  # effects imports this module

    m = _Model(
        deck=[len(state.zones.get(zkey(p, "deck"), ())) for p in (0, 1)],
        hand=[len(state.zones.get(zkey(p, "hand"), ())) for p in (0, 1)],
    )
    for step in eff.steps:
        if step.cond and not cond_ok(state, t, by, step.cond):
            continue
        if not _fulfils(state, t, m, step, by, src, tg, answers):
            return step
    return None


def _on(step: Step, src: int, tg: list[int]) -> list[int]:
    on = step.args.get("on")
    if on == "self" or (on is None and not tg):
        return [src]
    return list(tg)


def _charas(state: State, m: _Model, uids: list[int]) -> list[int] | None:
    """The charas acted on, each seen in the model; None when one is out of the Area."""
    for u in uids:
        if u not in m.where:
            card = state.cards[u]
            m.where[u] = card.zone.partition("/")[2] if areas.in_area(state, u) else None
            m.rest[u] = bool(card.f.get("rest"))
            m.coins[u] = int(card.f.get("coins", 0))
        if m.where[u] is None:
            return None
    return uids


def _fulfils(
    state: State,
    t: Tables,
    m: _Model,
    step: Step,
    by: int,
    src: int,
    tg: list[int],
    answers: Any,
) -> bool:
    do, args = step.do, step.args
    n = int(args.get("n", 1))
    who = by if args.get("side", "self") == "self" else 1 - by
    if do in ("shuffle", "gain"):
        return True
    if do == "draw":
        if m.deck[who] < n:
            return False
        m.deck[who] -= n
        m.hand[who] += n
        return True
    if do in ("look", "reveal"):
        return m.deck[by if do == "look" else who] >= n
    if do == "put_point":
        players = (0, 1) if args.get("side") == "both" else (who,)
        if any(m.deck[p] < n for p in players):
            return False
        for p in players:
            m.deck[p] -= n
        return True
    if do == "discard":
        if args.get("mode", "choose") == "all":
            m.hand[who] = 0
            return True
        if m.hand[who] < n:
            return False
        m.hand[who] -= n
        return True
    if do == "search":
        zone = args.get("zone", "deck")
        pool = targets.pick_from_zone(state, t, by, zone, args.get("filter", {}), by)
        if not pool:
            return False
        taken = min(n, len(pool))
        if zone == "deck":
            m.deck[by] -= taken
        if args.get("to", "hand") == "hand":
            m.hand[by] += taken
        return True
    if do == "summon":
        if not summon_pool(state, t, by, step):
            return False
        zone = args.get("zone", "hand")
        if zone == "deck":
            m.deck[by] -= 1
        elif zone == "hand":
            m.hand[by] -= 1
        return True
    if do == "ex":
        if not targets.pick_from_zone(state, t, by, "ex", args.get("filter", {}), by):
            return False
        m.hand[by] += 1
        return True
    if do == "disable":
        res = state.vars.get("resolving") or {}
        return any(e.get("id") == answers for e in res.get("entries", ()))
    charas = _charas(state, m, _on(step, src, tg))
    if charas is None:
        return False
    return _on_charas(state, t, m, do, args, n, charas)


def _on_charas(
    state: State, t: Tables, m: _Model, do: str, args: Any, n: int, charas: list[int]
) -> bool:
    """Steps acting on charas in the Area (all of them are there)."""
    if do == "move_area":
        to = args.get("to", "main")
        for u in charas:
            if m.where[u] == to or (to == "main" and not t.defs[state.cards[u].cid].has_apdp):
                return False
            m.where[u] = to
        return True
    if do in ("bounce", "trash", "remove"):
        for u in charas:
            owner = state.cards[u].owner
            to = args.get("to")
            if do == "bounce" and to == "hand":
                m.hand[owner] += 1
            elif do == "bounce":
                m.deck[owner] += 1
            m.where[u] = None
        return True
    if do in ("rest", "activate"):
        want_rest = do == "activate"  # the mode a chara must be in first
        if any(m.rest[u] != want_rest for u in charas):
            return False
        for u in charas:
            m.rest[u] = not want_rest
        return True
    if do == "remove_coin":
        if any(m.coins[u] < n for u in charas):
            return False
        for u in charas:
            m.coins[u] -= n
        return True
    if do == "coin" and args.get("kind", "plus") == "plus":
        for u in charas:
            m.coins[u] += n
    return True  # modify, coin
