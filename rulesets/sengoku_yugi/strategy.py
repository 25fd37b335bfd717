"""Rules of thumb for computer players of SENGOKU YUGI, reading a player's view only.

`choose` scores each option by its verb and what it names: charge first, grow and
deploy toward the front, attack whenever a target is in range (the Stronghold
above all), boost when paid for, move forward, end the turn when nothing helps.
`evaluate` gives a position's worth for the search player.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from pmtui.engine.decision import Decision, Option
from pmtui.engine.state import Card, State, zkey

from .board import parse_board
from .cards import Pool
from .units import BF

BASE = {
    "charge-ap": 100.0, "charge-familiar": 90.0, "charge-hp": 12.0, "draw": 1.0,
    "grow": 40.0, "focus": 25.0, "deploy": 20.0, "contract": 30.0, "evolve": 35.0,
    "attack": 50.0, "boost": 30.0, "join": 20.0, "use": 15.0, "act": 15.0,
    "show": 15.0, "target": 10.0, "pick": 10.0, "counter": 6.0, "release": 6.0, "guard": 3.0,
    "apply": 10.0, "commander": 1.0, "place": 1.0, "egg": 1.0, "send": 1.0,
    "move": 0.0, "swap": -10.0, "end": 0.0, "done": 0.0, "skip": 0.0, "none": 0.0,
    "allow": 0.0, "no-join": 0.0,
}


def _row(cell: str) -> int:
    return int(cell[1:]) if len(cell) > 1 and cell[1:].isdigit() else 0


# the card attributes the rules read (a view adds derived values; a determinized state
# keeps only these)
RULE_FLAGS = ("at", "hp", "df", "dt", "ail", "bl", "of", "role", "guard", "down")


class Strategy:
    # not "hand" nor "counter": asked whatever a hand holds (S47, S48), they are answered
    # by these rules alone, as fast whether or not the hand could answer
    searched_kinds = frozenset({"main", "join", "trigger", "track"})
    search_confidence = 0.0  # the best average wins
    search_turns = 2  # playouts to the end of the next turn
    # the analysis's chances through sigmoid(a · logit(p) + b) (pmtui/engine/calibration.py):
    # fitted 2026-12-02 on 200 heuristic games (docs/ai.md, "Calibration"):
    #   calibrate_analysis.py --game sengoku_yugi --games 200 --seed 1 --per-seat 4
    #   --level normal --points P; fit_calibration.py P. The playouts are
    #   timid: a game already leaning one way still scores near even.
    chance_calibration = (2.530, 0.273)

    def __init__(self, pool: Pool, seed: int = 0) -> None:
        self.pool = pool
        self.rng = random.Random(seed)

    def choose(self, view: Mapping[str, Any], decision: Decision) -> str:
        opts = decision.options
        if len(opts) == 1:
            return opts[0].text
        scored = [(self.score(view, decision, o), self.rng.random(), o.text) for o in opts]
        return max(scored)[2]

    def _level(self, token: str) -> int:
        cid = token.split("@")[0]
        card = self.pool.cards.get(cid)
        return card.level if card else 0

    def score(self, view: Mapping[str, Any], decision: Decision, o: Option) -> float:
        words = o.text.split()
        verb = words[0]
        value = BASE.get(verb, 0.0)
        me = decision.player
        v = view.get("vars", {})
        board = parse_board(str(v.get("board", "4x5")))
        ahead = 1 if me == 0 else -1
        if verb == "attack":
            if words[2] == board.stronghold(1 - me):
                value += 15.0
            value += 2.0 if words[3] == "atk" else 0.0
        elif verb == "deploy":
            value += 2.0 * self._level(words[1])
            if words[2] != "cz":
                value += 3.0 * ahead * (_row(words[2]) - _row(board.stronghold(me)))
            else:
                value -= 5.0
        elif verb in ("grow", "focus", "contract", "evolve"):
            value += 2.0 * self._level(words[1])
        elif verb == "move":
            if "@" in words[1]:  # the Commander out of the Command Zone
                value += 2.0
            else:
                step = ahead * (_row(words[2]) - _row(words[1]))
                value += 5.0 * step - (1.0 if step == 0 else 0.0) - 2.0 * (step < 0)
        elif verb == "place":
            value += ahead * (_row(words[2]) - _row(board.stronghold(me)))
        elif verb == "send":
            value -= self._level(words[1])
        elif verb == "apply":
            value += {"evolution": 5.0, "combat": 3.0, "support": 1.0}.get(words[1], -10.0)
        elif verb == "boost" and decision.kind == "boost" and len(words) > 2:
            value -= 10.0  # two hand cards for one familiar boost
        return value

    def evaluate(self, state: State, player: int) -> float:
        """A position's worth for `player` in [-1, 1]: Stronghold HP first, then units."""
        over = state.vars.get("over")
        if over:
            w = over.get("winner")
            return 0.0 if w is None else (1.0 if w == player else -1.0)

        def side(p: int) -> float:
            value = 10.0 * float(state.vars.get("sh_hp", [0, 0])[p])
            for u in [*state.zones.get(BF, ()), *state.zones.get(zkey(p, "cz"), ())]:
                if state.cards[u].owner == p:
                    card = self.pool.cards[state.cards[u].cid]
                    value += card.level + float(state.cards[u].f.get("hp", 1))
            value += 0.5 * len(state.zones.get(zkey(p, "hand"), ()))
            return value

        mine, theirs = side(player), side(1 - player)
        return (mine - theirs) / max(mine + theirs, 1.0)

    def determinize(
        self,
        view: Mapping[str, Any],
        my_list: Sequence[str],
        known_lists: Sequence[Sequence[str]],
        rng: random.Random,
    ) -> State:
        """A full State consistent with the view: cards the player cannot see (both
        Strongholds, the opponent's hands and Summoning Zone, face-down cards) drawn
        from what the deck lists still hold; the opponent's list is the known one that
        shares most cards with what they have shown."""
        me = int(view.get("player") or 0)
        zones: Mapping[str, Any] = view["zones"]
        shown: dict[int, list[str]] = {0: [], 1: []}
        known: dict[int, tuple[str, int, str, dict[str, Any]]] = {}
        total = 0
        for key, z in zones.items():
            total += len(z) if isinstance(z, list) else int(z)
            if isinstance(z, list):
                for c in z:
                    if c.get("cid") is not None:
                        f = {k: c[k] for k in RULE_FLAGS if k in c}
                        known[int(c["uid"])] = (c["cid"], int(c["owner"]), key, f)
                        shown[int(c["owner"])].append(c["cid"])
        lists = {me: list(my_list), 1 - me: _likely(shown[1 - me], known_lists, my_list)}
        left = {p: _minus(lists[p], shown[p]) for p in (0, 1)}
        for p in (0, 1):
            rng.shuffle(left[p])
        free = iter(sorted(set(range(total)) - set(known)))
        cards: list[Card | None] = [None] * total
        order: dict[str, list[int]] = {}
        for key, z in zones.items():
            seat = int(key.partition("/")[0]) if key[0].isdigit() else 0
            slots = z if isinstance(z, list) else [None] * int(z)
            order[key] = []
            for c in slots:
                owner = int(c["owner"]) if c is not None and "owner" in c else seat
                if c is not None and c.get("cid") is not None:
                    uid = int(c["uid"])
                    cid, own, zone, f = known[uid]
                    cards[uid] = Card(uid, cid, own, zone, dict(f))
                else:
                    uid = next(free)
                    f = {k: c[k] for k in RULE_FLAGS if c is not None and k in c}
                    cards[uid] = Card(uid, self._guess(key, left[owner], rng), owner, key, f)
                order[key].append(uid)
        state = State(cards=[c for c in cards if c is not None], zones=order,
                      vars=dict(view.get("vars", {})))
        return state

    def _guess(self, zone: str, left: list[str], rng: random.Random) -> str:
        """A card for a hidden slot: from the list for the Stronghold, a hand or the
        Command Zone; a familiar or a Nameless card from the pool for the others."""
        name = zone.partition("/")[2]
        if name in ("summon", "fhand"):
            kinds: tuple[str, ...] = ("familiar", "egg")
        elif name == "bf":
            kinds = ("nameless",)
        else:
            if left:
                return left.pop()
            kinds = ("main",)
        ids = sorted(c.id for c in self.pool.cards.values() if c.kind in kinds)
        return rng.choice(ids)


def _minus(cards: Sequence[str], seen: Sequence[str]) -> list[str]:
    rest = list(cards)
    for cid in seen:
        if cid in rest:
            rest.remove(cid)
    return rest


def _likely(shown: Sequence[str], lists: Sequence[Sequence[str]],
            fallback: Sequence[str]) -> list[str]:
    best = max(lists, key=lambda lst: sum(1 for c in set(shown) if c in lst), default=fallback)
    return list(best)
