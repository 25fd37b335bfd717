"""A combat plan for PSO's rules of thumb: which creature should hit which opposing
Monster so that every one of them is destroyed this turn (the victory condition,
source: "Winning"), most likely.

One action at a time, the best blow against the best target, misses wipes that need
the attacks shared out: the strongest attacker spent on a Monster a weaker one could
finish, or two attacks each falling short on a different Monster. The plan tries
every sharing of the creatures that have not acted yet between the Monsters (each
creature its best blow on each), and scores one by the chance that all Monsters are
destroyed, evasion weighed as EVP/5 a blow.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

# a wipe less likely than this is left to the one-action-at-a-time rules
WIPE_AT_LEAST = 0.25
# sharings tried at most (a search's playouts ask often); past this the best found so
# far stands
MAX_NODES = 4000


@dataclass(frozen=True)
class Blow:
    """One action a creature may take: its damage on each Monster if it lands, and the
    chance that it lands (1 - EVP/5 where evasion applies)."""

    key: str  # what the caller plays for it (a combat option, or a target's uid)
    actor: int
    damage: tuple[int, ...]
    lands: tuple[float, ...]
    every: bool = False  # it hits every Monster at once (no target to choose)
    cost: int = 0  # cards from the hand it uses


@dataclass
class Plan:
    chance: float  # that every Monster is destroyed
    blows: list[tuple[Blow, int | None]]  # a blow and the Monster it aims at (None: all)

    def first(self) -> tuple[Blow, int | None]:
        """The blow to play now: the least sure first, so that a miss is known while the
        others can still be shared out again."""
        return min(self.blows, key=lambda bm: (_sureness(bm), -_damage(bm)))


def _sureness(bm: tuple[Blow, int | None]) -> float:
    blow, m = bm
    return min(blow.lands) if m is None else blow.lands[m]


def _damage(bm: tuple[Blow, int | None]) -> int:
    blow, m = bm
    return sum(blow.damage) if m is None else blow.damage[m]


def wipe(hp_left: Sequence[int], actors: Sequence[Sequence[Blow]]) -> Plan | None:
    """The sharing of `actors` (each a creature's blows, one of which it may play)
    between Monsters with `hp_left` most likely to destroy them all; None when no
    sharing can (or there is no Monster)."""
    if not hp_left or not actors:
        return None
    return _wipe(tuple(hp_left), tuple(tuple(blows) for blows in actors))


@lru_cache(maxsize=4096)  # a search's playouts meet the same combat again and again
def _wipe(hp_left: tuple[int, ...], actors: tuple[tuple[Blow, ...], ...]) -> Plan | None:
    n = len(hp_left)
    # each actor's useful choices: per Monster, the blows no other of its blows beats in
    # damage, sureness and cost at once
    choices = [_useful(blows, n) for blows in actors]
    # the most each actor can still add to each Monster, and in all: bounds that cut
    # hopeless branches
    most = [[max((b.damage[m] for b, _ in ch), default=0) for m in range(n)]
            for ch in choices]
    total = [max((sum(b.damage) if b.every else max(b.damage) for b, _ in ch), default=0)
             for ch in choices]
    best: list[Plan | None] = [None]
    nodes = [0]
    hits: list[list[tuple[int, float]]] = [[] for _ in range(n)]
    chosen: list[tuple[Blow, int | None]] = []

    def reachable(i: int) -> bool:
        short = 0
        for m in range(n):
            need = hp_left[m] - sum(d for d, _ in hits[m])
            if need > 0:
                if need > sum(row[m] for row in most[i:]):
                    return False
                short += need
        return short <= sum(total[i:])

    def visit(i: int) -> None:
        nodes[0] += 1
        if nodes[0] > MAX_NODES or not reachable(i):
            return
        if i == len(choices):
            p = 1.0
            for m in range(n):
                p *= _kill_chance(hp_left[m], hits[m])
            cost = sum(b.cost for b, _ in chosen)
            cur = best[0]
            # equal chances: fewer cards from the hand, then fewer creatures spent
            if p > 0 and (cur is None or (p, -cost, -len(chosen)) > (
                    cur.chance, -sum(b.cost for b, _ in cur.blows), -len(cur.blows))):
                best[0] = Plan(p, list(chosen))
            return
        for blow, m in choices[i]:
            aimed = range(n) if m is None else (m,)
            for k in aimed:
                hits[k].append((blow.damage[k], blow.lands[k]))
            chosen.append((blow, m))
            visit(i + 1)
            chosen.pop()
            for k in aimed:
                hits[k].pop()
        visit(i + 1)  # this creature is not needed

    visit(0)
    return best[0]


def _useful(blows: Sequence[Blow], n: int) -> list[tuple[Blow, int | None]]:
    """(blow, Monster aimed at) pairs worth trying for one creature: a blow on every
    Monster as it is; on one Monster, only the blows that no other beats there."""
    out: list[tuple[Blow, int | None]] = [(b, None) for b in blows if b.every]
    single = [b for b in blows if not b.every]
    for m in range(n):
        worth = [(b.damage[m], b.lands[m], -b.cost) for b in single]
        for i, b in enumerate(single):
            if worth[i][0] > 0 and not any(
                    all(x >= y for x, y in zip(worth[j], worth[i], strict=True))
                    and (worth[j] != worth[i] or j < i)  # of equals, the first
                    for j in range(len(single)) if j != i):
                out.append((b, m))
    return out


def _kill_chance(hp: int, hits: Sequence[tuple[int, float]]) -> float:
    """The chance that independent hits (damage, chance to land) add up to `hp`."""
    if hp <= 0:
        return 1.0
    dist = {0: 1.0}  # damage dealt so far (capped at hp) -> chance
    for dmg, p in hits:
        nxt: dict[int, float] = {}
        for dealt, q in dist.items():
            if p > 0:
                k = min(hp, dealt + dmg)
                nxt[k] = nxt.get(k, 0.0) + q * p
            if p < 1:
                nxt[dealt] = nxt.get(dealt, 0.0) + q * (1 - p)
        dist = nxt
    return dist.get(hp, 0.0)
