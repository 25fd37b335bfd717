"""A small position builder for rule tests: cards put straight on cells and zones."""

from __future__ import annotations

from typing import Any

from pmtui.engine.context import Context, GameOver
from pmtui.engine.decision import Decision
from pmtui.engine.state import Event, State, apply_event, zkey
from rulesets.sengoku_yugi.units import BF

from .helpers import ruleset


class Position:
    """A game in its Main Phase (by default), with exactly the cards a test puts."""

    def __init__(self, mode: str = "standard", p: int = 0, turn: int = 3,
                 ap: tuple[int, int] = (30, 30), sh_hp: tuple[int, int] = (6, 6),
                 phase: str = "main") -> None:
        self.rs = ruleset()
        self.state = State()
        self.events: list[Event] = []
        self._emit({"t": "var", "set": {
            "mode": mode, "board": "4x5", "phase": phase, "ap": p, "turn": turn, "first": 0,
            "action_points": list(ap), "sh_hp": list(sh_hp), "charged": [], "used": []}})

    def _emit(self, ev: Event) -> None:
        apply_event(self.state, ev)

    def put(self, cid: str, owner: int, zone: str, **f: Any) -> int:
        uid = len(self.state.cards)
        key = BF if zone == "bf" else zkey(owner, zone)
        self._emit({"t": "create", "cards": [[uid, cid, owner, key]]})
        if zone in ("bf", "cz") and "hp" not in f:
            f["hp"] = 1
        if f:
            self._emit({"t": "flag", "card": uid, "f": f})
        return uid

    def under(self, cid: str, top: int, role: str = "gs") -> int:
        return self.put(cid, self.state.cards[top].owner, "under", of=top, role=role)

    def deck(self, owner: int, *cids: str) -> list[int]:
        return [self.put(c, owner, "sh") for c in cids]

    @property
    def decision(self) -> Decision:
        d = self.rs.decision(self.state)
        assert d is not None
        return d

    @property
    def options(self) -> list[str]:
        return self.decision.texts

    def act(self, text: str) -> list[Event]:
        d = self.decision
        opt = d.find(text)
        assert opt is not None, f"{text!r} not among {d.texts}"
        ctx = Context(self.state, 1, self.rs.end_check)
        try:
            self.rs.apply(ctx, d, opt)
        except GameOver:
            pass
        self.events += ctx.events
        return ctx.events

    def v(self, key: str) -> Any:
        return self.state.vars.get(key)

    def f(self, uid: int) -> dict[str, Any]:
        return self.state.cards[uid].f

    def zone(self, uid: int) -> str:
        return self.state.cards[uid].zone
