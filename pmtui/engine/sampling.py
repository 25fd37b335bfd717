"""Sampling hidden cards for computer players that search (a `Strategy.determinize`).

A search player knows its own view and deck lists, never the real hidden cards.
`sample_state` builds a full state consistent with a view: the cards it shows
stay where they are, and each hidden zone (a count in the view) is filled with
card ids drawn from what its owner's deck list still holds. `likely_list` picks
the known deck list an opponent is most likely playing. Rulesets call these from
their strategy; views with face-down (concealed) cards in them are not handled.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

from .state import Card, State


def likely_list(
    seen: Sequence[str], known_lists: Sequence[Sequence[str]], fallback: str, size: int = 60
) -> list[str]:
    """The known list that holds most of the cards `seen` (what the opponent showed);
    when none holds any, the shown cards (or `fallback`) repeated to `size` cards."""
    best: list[str] | None = None
    best_score = -1
    for cand in known_lists:
        pool = list(cand)
        score = 0
        for cid in seen:
            if cid in pool:
                pool.remove(cid)
                score += 1
        if score > best_score:
            best, best_score = list(cand), score
    if best is None or (seen and best_score == 0):
        best = list(seen or [fallback]) * size
    return best


def sample_state(
    view: Mapping[str, object],
    lists: Mapping[int, Sequence[str]],
    rng: random.Random,
    fallback: Sequence[str],
    *,
    first: Callable[[str], bool] | None = None,
    draw: Callable[[str, list[str]], str | None] | None = None,
) -> State:
    """A full State consistent with `view`. `lists`: each seat's deck list (the cards
    it shows are taken out first); a hidden zone's cards come from its owner's list,
    shuffled, or from `fallback` once that runs out. `first(zone)`: zones to fill
    before the others; `draw(zone, pool)` may take a card id from the pool itself
    (None: the default draw)."""
    zones: dict[str, list[int]] = {}
    cards: dict[int, Card] = {}
    hidden: list[tuple[str, int]] = []
    total = 0
    for key, z in view["zones"].items():  # type: ignore[attr-defined]
        if isinstance(z, list):
            zones[key] = [c["uid"] for c in z]
            for c in z:
                f = {k: v for k, v in c.items() if k not in ("uid", "cid", "owner")}
                cards[c["uid"]] = Card(c["uid"], c["cid"], c["owner"], key, f)
            total += len(z)
        else:
            hidden.append((key, z))
            total += z
    remaining: dict[int, list[str]] = {}
    for p, lst in lists.items():
        pool = list(lst)
        for c in cards.values():
            if c.owner == p and c.cid in pool:
                pool.remove(c.cid)
        rng.shuffle(pool)
        remaining[p] = pool
    free = [u for u in range(total) if u not in cards]
    rng.shuffle(free)
    if first is not None:
        hidden.sort(key=lambda h: not first(h[0]))
    for key, n in hidden:
        owner = int(key.split("/")[0])
        pool = remaining.setdefault(owner, [])
        ids = []
        for _ in range(n):
            uid = free.pop()
            cid = draw(key, pool) if draw is not None else None
            if cid is None:
                cid = pool.pop() if pool else rng.choice(list(fallback))
            cards[uid] = Card(uid, cid, owner, key, {})
            ids.append(uid)
        zones[key] = ids
    vars_ = dict(view["vars"])  # type: ignore[call-overload]
    return State(cards=[cards[u] for u in range(total)], zones=zones, vars=vars_)
