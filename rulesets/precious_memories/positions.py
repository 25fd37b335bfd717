"""Precious Memories' scenario positions behind the contract (pmtui.engine.ruleset.Positions):
reading and writing them, the words `pmtui check` shows a position in, and the
expectation keys only this game has (AP/DP, Rest, phase and step, the Approacher)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pmtui.engine.ruleset import Moment, Place, PositionError
from pmtui.engine.state import State

from . import position_edit, sandbox, scenario
from .tables import Tables

PLAYERS = ("p1", "p2")
# zones a scenario may name as PLAYER.ZONE, in the order `pmtui check` lists them
ZONES = (
    "hand", "main", "support", "points", "discard", "removed", "ex", "deck", "attached",
    "stack", "stage",
)
AREAS = ("main", "support")
ZONE_WORDS = {
    "hand": "hand", "main": "Main Area", "support": "Support Area", "points": "Point Zone",
    "discard": "Discard Zone", "removed": "removed from play", "ex": "EX deck", "deck": "deck",
    "attached": "supports", "stack": "level stack", "stage": "stage",
}
# the sandbox's empty table: turn 3, twenty plain cards in each deck
DEFAULT_DOC = {"position": {"turn": 3}, "p1": {"deck": 20}, "p2": {"deck": 20}}

PHASE_WORDS = {
    "main": "Main Phase",
    "approach": "Approach Phase",
    "end": "Turn End",
    "start": "Turn Start",
    "setup": "game preparation",
}
STEP_WORDS = {
    "assign": "assigning an approach chara",
    "w2": "window after the approach",
    "interfere": "assigning an interfering chara",
    "w4": "window after the interference",
    "w6": "window after judgement",
    "adjust": "hand adjustment",
}
EXPECT_KEYS: dict[str, tuple[type, ...]] = {
    "ap": (int,),
    "dp": (int,),
    "rest": (bool,),
    "phase": (str,),
    "step": (str,),
    "turn": (int,),
    "approacher": (str,),
}


class Edits:
    """The sandbox's edits (position_edit), as the contract's PositionEdits."""

    @staticmethod
    def mark(state: State, uid: int, what: str, arg: object, name: str) -> str:
        """Rest/Active, summoned this turn, coins (p.24) and face up/down points (p.07)."""
        zone = state.cards[uid].zone.partition("/")[2]
        if what == "down":
            if zone != "points":
                raise PositionError("only point cards are face up or face down (p.07)")
            on = position_edit.toggle(state, uid, "down")
            return f"{name} is face {'down' if on else 'up'}"
        labels = {"rest": "Rest/Active", "summoned": "summoned this turn", "coins": "coins"}
        if what not in labels:
            raise PositionError(f"no card mark {what!r} in this game")
        if zone not in AREAS:
            raise PositionError(f"{labels[what]}: only for charas in the Main or Support Area")
        if what == "rest":
            on = position_edit.toggle(state, uid, "rest")
            return f"{name} is {'in Rest' if on else 'Active'}"
        if what == "summoned":
            on = position_edit.toggle(state, uid, "turn", state.vars.get("turn"))
            now = "summoned this turn (cannot approach, p.13)" if on else "not summoned this turn"
            return f"{name}: {now}"
        coins = position_edit.add_coin(state, uid, int(arg) if isinstance(arg, int) else 1)
        return f"{name}: {coins} coin(s), +{10 * coins}/+{10 * coins}"

    add = staticmethod(position_edit.add)
    move = staticmethod(position_edit.move)
    remove = staticmethod(position_edit.remove)
    toggle = staticmethod(position_edit.toggle)
    add_coin = staticmethod(position_edit.add_coin)
    set_moment = staticmethod(position_edit.set_moment)
    set_turn = staticmethod(position_edit.set_turn)
    remap = staticmethod(position_edit.remap)


class Positions:
    players = PLAYERS
    zones = ZONES
    counted_zones = frozenset({"deck"})
    areas = AREAS
    zone_words = ZONE_WORDS
    default_doc = DEFAULT_DOC
    expect_keys = EXPECT_KEYS
    edits = Edits()

    def __init__(self, t: Tables) -> None:
        self.t = t

    def parse(self, doc: Mapping[str, Any]) -> dict[str, Any]:
        return scenario.parse_position(doc, self.t)

    def write(self, state: State) -> tuple[dict[str, Any], list[int]]:
        return position_edit.state_to_doc(state, self.t.defs)

    def busy(self, state: State) -> str | None:
        return position_edit.in_progress(state)

    # -- the sandbox's menus (sandbox.py) -------------------------------------------------

    def places(self, state: State, cid: str, player: int, moving: int | None) -> list[Place]:
        return sandbox.places(self.t, ZONE_WORDS, state, cid, player, moving)

    def riders(self, state: State, uid: int) -> list[tuple[int, str]]:
        return sandbox.riders(state, uid)

    def moments(self, state: State) -> list[Moment]:
        return sandbox.moments(state)

    def suggestions(self, state: State, uid: int | None) -> list[str]:
        return sandbox.suggestions(self.t, state, uid)

    # -- showing ---------------------------------------------------------------------------

    def stats(self, state: State, uid: int) -> tuple[int, int] | None:
        """Current AP/DP (p.24 Level Up bonus, effects, supports), None without AP/DP."""
        from .effects import stats

        if not self.t.defs[state.cards[uid].cid].has_apdp:
            return None
        return stats(state, self.t, uid)

    def moment(self, state: State) -> dict[str, Any]:
        v = state.vars
        return {
            "turn": v.get("turn"),
            "approacher": PLAYERS[v["ap"]] if isinstance(v.get("ap"), int) else None,
            "phase": v.get("phase"),
            "step": v.get("step"),
        }

    def moment_line(self, state: State) -> str:
        v = state.vars
        if v.get("phase") == "setup":
            step = v.get("step")
            if step == "choose":
                return f"game preparation, P{v['chooser'] + 1} chooses the turn order"
            verb = "keeps or redraws" if step == "redraw" else "puts the hand under the deck"
            return f"game preparation, P{v['who'] + 1} {verb} (P{v['first'] + 1} goes first)"
        where = PHASE_WORDS.get(v.get("phase"), str(v.get("phase")))  # type: ignore[arg-type]
        if v.get("step"):
            where += ", " + STEP_WORDS.get(v["step"], v["step"])
        ap = v.get("ap")
        return f"turn {v.get('turn')}, P{(ap or 0) + 1} is the Approacher, {where}"

    def card_json(self, state: State, uid: int) -> dict[str, Any]:
        c = state.cards[uid]
        entry: dict[str, Any] = {"card": f"{c.cid}@{uid}", **c.f}
        if c.zone.partition("/")[2] in AREAS:
            st = self.stats(state, uid)
            if st is not None:
                entry["ap"], entry["dp"] = st
        return entry

    def card_text(self, state: State, uid: int) -> str:
        c = state.cards[uid]
        in_area = c.zone.endswith(("/main", "/support"))
        marks = []
        st = self.stats(state, uid) if in_area else None
        if st is not None:
            marks.append(f"{st[0]}/{st[1]}")
        f = c.f
        turn = state.vars.get("turn")
        for key, word in (("rest", "rest"), ("down", "down")):
            if f.get(key):
                marks.append(word)
        if f.get("turn") == turn and in_area:
            marks.append("new")
        if f.get("appr") == turn:
            marks.append("approached")
        if "host" in f:
            marks.append(f"on {state.cards[f['host']].cid}@{f['host']}")
        if "under" in f:
            marks.append(f"under {state.cards[f['under']].cid}@{f['under']}")
        if f.get("coins"):
            marks.append(f"coins {f['coins']}")
        ref = f"{c.cid}@{uid}"
        return f"{ref}({','.join(marks)})" if marks else ref

    # -- this game's expectations -----------------------------------------------------------

    def check_expect(self, state: State, uid: int | None, e: Mapping[str, Any]) -> list[str]:
        """With `uid`: the card's keys (AP/DP, Rest); without: the moment's (phase, ...)."""
        out: list[str] = []
        if uid is not None:
            c = state.cards[uid]
            ref = f"{c.cid}@{uid}"
            st = self.stats(state, uid)
            for i, key in enumerate(("ap", "dp")):
                if key in e:
                    got = None if st is None else st[i]
                    if got != e[key]:
                        out.append(f"expected {ref} to have {key.upper()} {e[key]}, it has {got}")
            if "rest" in e and bool(c.f.get("rest")) != e["rest"]:
                out.append(f"expected {ref} to be {'Rest' if e['rest'] else 'Active'}")
            return out
        v = state.vars
        for key in ("phase", "step", "turn"):
            if key in e and v.get(key) != e[key]:
                out.append(f"expected {key} {e[key]!r}, it is {v.get(key)!r}")
        if "approacher" in e and PLAYERS[v.get("ap", 0)] != e["approacher"]:
            out.append(f"expected {e['approacher']} to be the Approacher")
        return out

    card_facts = ("ap", "dp", "rest", "down", "coins", "level", "supports", "stack",
                  "summoned", "approached", "used")
    moment_facts = ("turn", "approacher", "first", "phase", "step", "priority", "passes")

    def facts(self, state: State, uid: int | None) -> dict[str, Any]:
        """The named state of a card (its Area state, what is set on and under it) or of
        the moment (docs/scenarios.md, "Named state")."""
        v = state.vars
        if uid is None:
            prio = v.get("prio")
            return {"turn": v.get("turn"), "approacher": PLAYERS[int(v.get("ap", 0))],
                    "first": PLAYERS[int(v.get("first", 0))], "phase": v.get("phase"),
                    "step": v.get("step"), "passes": v.get("passes"),
                    "priority": None if prio is None else PLAYERS[int(prio)]}
        c = state.cards[uid]
        f = c.f
        st = self.stats(state, uid) if c.zone.partition("/")[2] in AREAS else None
        stack = [o.cid for o in state.cards if o.f.get("under") == uid and o.zone]
        return {
            "ap": None if st is None else st[0], "dp": None if st is None else st[1],
            "rest": bool(f.get("rest")), "down": bool(f.get("down")),
            "coins": int(f.get("coins", 0)), "level": 1 + len(stack),
            "supports": [o.cid for o in state.cards if o.f.get("host") == uid and o.zone],
            "stack": stack, "summoned": f.get("turn") == v.get("turn"),
            "approached": f.get("appr") == v.get("turn"), "used": list(f.get("used", [])),
        }

    def check_keys(self, e: Mapping[str, Any]) -> str | None:
        """A problem with how this game's keys are written in one expectation, or None."""
        if "approacher" in e and e["approacher"] not in PLAYERS:
            return f'expect.approacher: "p1" or "p2", not {e["approacher"]!r}'
        return None
