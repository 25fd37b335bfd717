"""The sandbox's edits of a SENGOKU YUGI position (pmtui.engine.ruleset.PositionEdits).

Each edits a copy of a State in place; the sandbox then writes it back as a position
document and sets it up again, so every rule of `Positions.parse` still holds (a
refusal is a PositionError, one line). A unit goes to a cell (`at`) or the Command
Zone; cards stacked under a unit follow it, or go to the Standby Zone (characters) or
the Summoning Zone (familiars) when it leaves play.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pmtui.engine.notation import renumber
from pmtui.engine.ruleset import PositionError, alternate_turn
from pmtui.engine.state import Card, State, zkey

from .cards import Pool
from .units import BF, board_of, is_free, under

AREAS = ("bf", "cz")
MARKS = "rest (Defense Stance), summoned (deployed this turn), coins (+HP), down (face down)"


class Edits:
    def __init__(self, pool: Pool) -> None:
        self.pool = pool

    def _key(self, player: int, zone: str) -> str:
        return BF if zone == "bf" else zkey(player, zone)

    def _put(self, state: State, uid: int, player: int, zone: str, **where: Any) -> None:
        c = state.cards[uid]
        card = self.pool.get(c.cid)
        if zone == "bf":
            at = str(where.get("at", ""))
            if not is_free(state, board_of(state), at):
                raise PositionError(f"cell {at or '?'} is not free for a unit")
            c.f["at"] = at
        elif zone == "cz":
            if not card.character:
                raise PositionError("a familiar never enters the Command Zone")
            if state.zones.get(zkey(player, "cz")):
                raise PositionError("the Command Zone holds one Commander")
            c.f.pop("at", None)
        if zone in AREAS:
            c.f.setdefault("hp", 1)
            c.f.setdefault("dt", 0)
        key = self._key(player, zone)
        c.owner, c.zone = player, key
        if where.get("bottom"):
            state.zone(key).append(uid)
        else:
            state.zone(key).insert(0, uid)

    def _take_out(self, state: State, uid: int) -> None:
        c = state.cards[uid]
        if c.zone and uid in state.zones.get(c.zone, []):
            state.zones[c.zone].remove(uid)
        c.zone = ""

    def add(self, state: State, cid: str, player: int, zone: str, **where: Any) -> int:
        self.pool.get(cid)
        uid = len(state.cards)
        state.cards.append(Card(uid, cid, player, ""))
        self._put(state, uid, player, zone, **where)
        return uid

    def move(self, state: State, uid: int, player: int, zone: str, **where: Any) -> list[int]:
        """A unit moving within play keeps its state and stack; leaving play, its stack
        goes to the Standby or Summoning Zone (returned)."""
        c = state.cards[uid]
        src = "bf" if c.zone == BF else c.zone.partition("/")[2]
        flags = dict(c.f)
        self._take_out(state, uid)
        c.f = {k: v for k, v in flags.items() if src in AREAS and zone in AREAS}
        try:
            self._put(state, uid, player, zone, **where)
        except PositionError:
            c.f = flags
            self._put(state, uid, c.owner, src, **({"at": flags["at"]} if "at" in flags else {}))
            raise
        if zone in AREAS:
            return []
        return self._drop_stack(state, uid)

    def _drop_stack(self, state: State, top: int) -> list[int]:
        gone = []
        for u in under(state, top):
            gone += self._drop_stack(state, u)
            card = state.cards[u]
            self._take_out(state, u)
            card.f = {}
            self._put(state, u, card.owner,
                      "summon" if self.pool.get(card.cid).familiar else "standby")
            gone.append(u)
        return gone

    def remove(self, state: State, uid: int) -> list[int]:
        gone = [uid]
        for u in under(state, uid):
            gone += self.remove(state, u)
        self._take_out(state, uid)
        return gone

    def toggle(self, state: State, uid: int, flag: str, value: object = True) -> bool:
        f = state.cards[uid].f
        if f.get(flag):
            f.pop(flag, None)
            return False
        f[flag] = value
        return True

    def add_coin(self, state: State, uid: int, n: int = 1) -> int:
        """HP up (or down) by n, within 1 and the maximum."""
        c = state.cards[uid]
        top = self.pool.get(c.cid).cost
        c.f["hp"] = max(1, min(top, int(c.f.get("hp", 1)) + n))
        return int(c.f["hp"])

    def mark(self, state: State, uid: int, what: str, arg: object, name: str) -> str:
        c = state.cards[uid]
        if c.zone != BF and not c.zone.endswith("/cz"):
            raise PositionError(f"{name}: marks are for units on the Battlefield or the "
                                "Command Zone")
        if what == "rest":
            on = self.toggle(state, uid, "df")
            return f"{name} is in {'Defense' if on else 'Attack'} Stance"
        if what == "summoned":
            turn = int(state.vars.get("turn", 1))
            c.f["dt"] = 0 if c.f.get("dt") == turn else turn
            return f"{name} was {'' if c.f['dt'] else 'not '}deployed this turn"
        if what == "coins":
            hp = self.add_coin(state, uid, arg if isinstance(arg, int) else 1)
            return f"{name}: HP {hp}"
        if what == "down":
            on = self.toggle(state, uid, "down")
            return f"{name} is face {'down' if on else 'up'}"
        raise PositionError(f"no card mark {what!r} in this game (marks: {MARKS})")

    def set_moment(self, state: State, **moment: object) -> None:
        phase = moment.get("phase")
        if phase not in ("active", "main", "charge"):
            raise PositionError(f"phase: active, main or charge, not {phase!r}")
        state.vars["phase"] = phase
        if phase == "charge":
            state.vars["charged"] = []

    def set_turn(self, state: State, turn: int, *, swap_first: bool = False) -> None:
        alternate_turn(state, turn, swap_first)

    def remap(self, text: str, order: Sequence[int]) -> str:
        return renumber(text, order)
