"""The toy's computer-player knowledge: rules of thumb, a score, and determinization."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from pmtui.engine.decision import Decision
from pmtui.engine.state import Card, State

from .ruleset import BOX, RELICS, START_HP

if TYPE_CHECKING:
    from .ruleset import Toy

# first verb found among the options wins (ties broken at random)
PREFERENCE = ("pilfer", "attack", "spring", "place", "open", "set", "camp", "kindle", "pass",
              "end")


class ToyStrategy:
    searched_kinds = frozenset({"main"})
    search_confidence = 0.0  # the best average wins
    search_turns = 2  # playouts to the end of the next turn

    def __init__(self, rs: Toy, seed: int = 0) -> None:
        self.rs = rs
        self.rng = random.Random(seed)

    def choose(self, view: Mapping[str, object], decision: Decision) -> str:
        by_verb: dict[str, list[str]] = {}
        for text in decision.texts:
            by_verb.setdefault(text.split()[0], []).append(text)
        for verb in PREFERENCE:
            if verb in by_verb:
                return self.rng.choice(by_verb[verb])
        return self.rng.choice(decision.texts)

    def evaluate(self, state: State, player: int) -> float:
        hp = state.vars.get("hp", [START_HP, START_HP])
        over = state.vars.get("over")
        if over:
            w = over.get("winner")
            return 0.0 if w is None else (1.0 if w == player else -1.0)
        return max(-1.0, min(1.0, (hp[player] - hp[1 - player]) / START_HP))

    def determinize(
        self,
        view: Mapping[str, object],
        my_list: Sequence[str],
        known_lists: Sequence[Sequence[str]],
        rng: random.Random,
    ) -> State:
        """A full state consistent with `view`. Cards the view names keep their numbers;
        every other card gets a number left free and an id: a card in the box or a face-
        down card without a `turn` flag is a relic (traps carry the turn they were set),
        a face-down card with one a trap, any other what its owner's list still holds."""
        zones = view["zones"]
        assert isinstance(zones, Mapping)
        me = int(view["player"])  # type: ignore[call-overload]
        total = sum(len(z) if isinstance(z, list) else int(z) for z in zones.values())
        named = {int(c["uid"]) for z in zones.values() if isinstance(z, list)
                 for c in z if c.get("uid") is not None}
        free = [u for u in range(total) if u not in named]
        rng.shuffle(free)
        pools = {me: Counter(my_list),
                 1 - me: Counter(known_lists[0] if known_lists else my_list)}
        relics = list(RELICS)
        for z in zones.values():
            for c in z if isinstance(z, list) else ():
                if c.get("cid") in relics:
                    relics.remove(c["cid"])
                elif c.get("uid") is not None and pools[int(c["owner"])][c["cid"]] > 0:
                    pools[int(c["owner"])][c["cid"]] -= 1
        rng.shuffle(relics)

        def draw(owner: int) -> str:
            left = sorted(pools[owner].elements())
            cid = rng.choice(left) if left else "TOY-01"
            pools[owner][cid] -= 1
            return cid

        state = State()
        cards: dict[int, Card] = {}
        for key, z in zones.items():
            prefix = key.partition("/")[0]
            entries = z if isinstance(z, list) else [None] * int(z)
            state.zones[key] = []
            for c in entries:
                if c is not None and c.get("uid") is not None:
                    uid, cid, owner = int(c["uid"]), str(c["cid"]), int(c["owner"])
                else:
                    uid = free.pop()
                    seat = int(prefix) if prefix.isdigit() else 0
                    owner = int(c["owner"]) if c is not None else seat
                    if key == BOX or (c is not None and "turn" not in c):
                        cid = relics.pop() if relics else RELICS[0]
                    elif c is not None:
                        cid = "TOY-04"
                    else:
                        cid = draw(owner)
                flags = {k: v for k, v in (c or {}).items() if k not in _NOT_FLAGS}
                cards[uid] = Card(uid, cid, owner, key, flags)
                state.zones[key].append(uid)
        state.cards = [cards[u] for u in range(total)]
        state.vars = dict(view["vars"])  # type: ignore[call-overload]
        return state


# view keys that are not card flags: identity and the ruleset's derived values (card_view)
_NOT_FLAGS = frozenset({"uid", "cid", "owner", "concealed", "name", "kind", "power", "text",
                        "printed"})
