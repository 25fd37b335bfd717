"""Scenario positions: parse, build, write back, describe, and the sandbox's edits.

    [position]
    turn = 3                 # turn 1 is the first player's first turn
    first = "p1"             # who went first (default p1); whose turn follows from it
    phase = "main1"          # start (the turn's very beginning) | main1 | battle | main2
    life = [2000, 2000]
    counters = [0, 0]        # memory counters on each Ruler
    used = ["inherit"]       # the once-a-turn steps already used: inherit, move
    recall_time = "p2"       # an open Recall Time, this player to recall or pass
    recalls = [{ target = "CWM-003", slot = 1, word = "When attacks", mode = "add" }]
    [p1]
    ruler = { card = "CWM-001", deified = true, action = true }
    limit = { card = "CWM-002", face = 1, rev = false }
    succ = [{ card = "CWM-003", z = 1, action = true, damage = 100,
              memorions = [{ card = "CWM-011", slot = 1 }] }]
    hand = ["CWM-011"]
    deck = 10                # a count (Echo of Twice fillers) or a list, top first
    storage = []
    drop = []

Cards are numbered in this order: p1's ruler, limit, successors (in zone order) with their
memorions, hand, deck, storage, drop; then p2's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from pmtui.engine import chain
from pmtui.engine.context import Context
from pmtui.engine.events import setvars
from pmtui.engine.ruleset import (
    Moment,
    Place,
    PositionError,
    alternate_turn,
    notation_suggestions,
    zone_places,
)
from pmtui.engine.state import Card, State, zkey

from .board import (
    RECALL,
    START_LIFE,
    ZONE_COUNT,
    at_zone,
    attached,
    counters,
    current_slots,
    keywords,
    life,
    mind,
    power,
    recall_time,
    recaller,
    successors,
    where,
    zone,
)
from .notation import NOTATION

if TYPE_CHECKING:
    from .ruleset import ClockworkMemorion

PLAYERS = ("p1", "p2")
ZONES = ("ruler", "limit", "succ", "hand", "deck", "storage", "drop")
LISTED = ("hand", "deck", "storage", "drop")
PHASES = ("main1", "battle", "main2")
START = "start"  # a turn's very beginning: Stand-up and Draw run first (S:213)
FILLER = "CWM-012"
WORDS = {"ruler": "Ruler zone", "limit": "Summon Limit", "succ": "Successor zones",
         "mem": "memorions", "hand": "hand", "deck": "deck", "storage": "Storage",
         "drop": "Drop"}


def _int(value: object, path: tuple[str | int, ...], what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise PositionError(f"{'.'.join(map(str, path))}: {what}", path)
    return value


def _zone_of(entry: object, i: int) -> int:
    z = entry.get("z", i + 1) if isinstance(entry, Mapping) else i + 1
    return z if isinstance(z, int) else 0


class Edits:
    """The sandbox's edits on a copy of a state (PositionEdits)."""

    def __init__(self, rs: ClockworkMemorion) -> None:
        self.rs = rs

    def _put(self, state: State, uid: int, player: int, zn: str, where_: Mapping[str, Any]
             ) -> None:
        c = state.cards[uid]
        c.owner, c.f = player, {}
        if zn == "succ":
            z = int(where_.get("z", 0) or 0)
            if not 1 <= z <= 5:
                raise PositionError("a successor needs a zone z = 1-5")
            if any(state.cards[u].f.get("z") == z for u in zone(state, player, "succ")):
                raise PositionError(f"zone {z} is taken")
            c.f["z"] = z
        elif zn == "mem":
            host = where_.get("host")
            if not isinstance(host, int):
                raise PositionError("a memorion needs the card that memorises it")
            c.f["host"] = host
            if where_.get("slot"):
                c.f["slot"] = int(where_["slot"])  # type: ignore[call-overload]
        elif zn not in ZONES:
            raise PositionError(f"no zone {zn!r} ({', '.join(ZONES)})")
        c.zone = zkey(player, zn)
        state.zone(c.zone).append(uid)

    def add(self, state: State, cid: str, player: int, zone: str, **where: object) -> int:
        if cid not in self.rs.pool:
            raise PositionError(f"unknown card {cid}")
        uid = len(state.cards)
        state.cards.append(Card(uid, cid, player, ""))
        self._put(state, uid, player, zone, where)
        return uid

    def move(self, state: State, uid: int, player: int, zone: str, **where: object) -> list[int]:
        c = state.cards[uid]
        state.zone(c.zone).remove(uid)
        self._put(state, uid, player, zone, where)
        return [uid]

    def remove(self, state: State, uid: int) -> list[int]:
        gone = [uid, *attached(state, uid)]
        for u in gone:
            c = state.cards[u]
            state.zone(c.zone).remove(u)
            c.zone = ""
        return gone

    def toggle(self, state: State, uid: int, flag: str, value: object = True) -> bool:
        if flag not in ("act", "dei"):
            raise PositionError("a card can be turned to Action (act) or deified (dei)")
        c = state.cards[uid]
        if c.f.get(flag):
            c.f.pop(flag)
            return False
        c.f[flag] = True
        return True

    def add_coin(self, state: State, uid: int, n: int = 1) -> int:
        state.vars["ctr"] = list(state.vars.get("ctr") or [0, 0])
        p = state.cards[uid].owner
        state.vars["ctr"][p] = max(0, state.vars["ctr"][p] + n)
        return int(state.vars["ctr"][p])

    def mark(self, state: State, uid: int, what: str, arg: object, name: str) -> str:
        if what == "rest":
            return f"{name}: {'Action' if self.toggle(state, uid, 'act') else 'Stand'}"
        if what == "deified":
            return f"{name}: {'deified' if self.toggle(state, uid, 'dei') else 'normal face'}"
        if what == "coins":
            return f"{name}: {self.add_coin(state, uid, int(arg or 1))} memory counters"  # type: ignore[call-overload]
        if what == "damage":
            state.cards[uid].f["dmg"] = int(arg or 0)  # type: ignore[call-overload]
            return f"{name}: {state.cards[uid].f['dmg']} damage"
        raise PositionError(f"no card mark {what!r} (rest, deified, coins, damage)")

    def set_moment(self, state: State, **moment: object) -> None:
        if "phase" in moment:
            if moment["phase"] not in (START, *PHASES):
                raise PositionError(f"phase: one of {START}, {', '.join(PHASES)}")
            state.vars["phase"] = moment["phase"]
            state.vars["begun"] = None if moment["phase"] == START else moment["phase"]  # type: ignore[call-overload]
        if "recall_time" in moment:
            p = moment["recall_time"]
            state.vars["resp"] = chain.window(int(p), RECALL, bare=True) if p is not None else None  # type: ignore[call-overload]

    def set_turn(self, state: State, turn: int, *, swap_first: bool = False) -> None:
        alternate_turn(state, turn, swap_first)

    def remap(self, text: str, order: Sequence[int]) -> str:
        new = {old: n for n, old in enumerate(order)}
        out = []
        for word in text.split():
            cid, sep, num = word.partition("@")
            if sep and num.isdigit() and int(num) in new:
                word = f"{cid}@{new[int(num)]}"
            out.append(word)
        return " ".join(out)


class Positions:
    players = PLAYERS
    zones = ZONES
    counted_zones = frozenset({"deck"})
    areas = ("ruler", "succ")
    zone_words: Mapping[str, str] = WORDS
    default_doc: Mapping[str, object] = {
        "position": {"turn": 3, "phase": "main1"},
        "p1": {"ruler": {"card": "CWM-001"}, "limit": {"card": "CWM-002", "face": 1},
               "hand": ["CWM-003", "CWM-011"], "deck": 10},
        "p2": {"ruler": {"card": "CWM-019"}, "limit": {"card": "CWM-020", "face": 1},
               "hand": ["CWM-021"], "deck": 10},
    }
    expect_keys: Mapping[str, tuple[type, ...]] = {
        "life": (list,), "counters": (list,), "power": (int,), "mind": (int,),
        "action": (bool,), "deified": (bool,), "text": (str,), "recall_time": (bool,),
        "host": (str,), "slot": (int,), "keywords": (list,), "phase": (str,),
        "z": (int,),
    }

    def __init__(self, rs: ClockworkMemorion) -> None:
        self.rs = rs
        self.edits = Edits(rs)

    # -- reading -----------------------------------------------------------------------

    def _cid(self, value: object, path: tuple[str | int, ...]) -> str:
        if not isinstance(value, str) or value not in self.rs.pool:
            raise PositionError(f"{'.'.join(map(str, path))}: unknown card {value!r}", path,
                                str(value))
        return value

    def _kind(self, cid: str, kinds: tuple[str, ...], path: tuple[str | int, ...]) -> None:
        kind = self.rs.pool.get(cid).kind
        if kind not in kinds:
            raise PositionError(f"{'.'.join(map(str, path))}: {cid} is a {kind}, not a "
                                f"{' or '.join(kinds)}", path, cid)

    def parse(self, doc: Mapping[str, object]) -> dict[str, object]:
        pos = doc.get("position", {})
        if not isinstance(pos, Mapping):
            raise PositionError("position: must be a table", ("position",))
        known = {"turn", "first", "phase", "life", "counters", "used", "recall_time",
                 "recalls"}
        for k in pos:
            if k not in known:
                raise PositionError(f"position.{k}: unknown key ({', '.join(sorted(known))})",
                                    ("position", k))
        turn = _int(pos.get("turn", 3), ("position", "turn"), "a whole number from 1")
        if turn < 1:
            raise PositionError("position.turn: a whole number from 1", ("position", "turn"))
        first = pos.get("first", "p1")
        if first not in PLAYERS:
            raise PositionError('position.first: "p1" or "p2"', ("position", "first"))
        phase = pos.get("phase", "main1")
        if phase not in (START, *PHASES):
            raise PositionError(f"position.phase: one of {START}, {', '.join(PHASES)}",
                                ("position", "phase"))
        pairs = {}
        for key, default in (("life", START_LIFE), ("counters", 0)):
            val = pos.get(key, [default, default])
            if not (isinstance(val, list) and len(val) == 2 and all(
                    isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in val)):
                raise PositionError(f"position.{key}: two whole numbers from 0",
                                    ("position", key))
            pairs[key] = list(val)
        used = pos.get("used", [])
        if not isinstance(used, list) or not set(used) <= {"inherit", "move"}:
            raise PositionError('position.used: a list of "inherit", "move"', ("position", "used"))
        rt = pos.get("recall_time")
        if rt is not None and rt not in PLAYERS:
            raise PositionError('position.recall_time: "p1" or "p2"', ("position", "recall_time"))
        cards: list[list[Any]] = []  # [cid, owner, zone, flags]
        for p, name in enumerate(PLAYERS):
            table = doc.get(name, {})
            if not isinstance(table, Mapping):
                raise PositionError(f"{name}: must be a table", (name,))
            for key in table:
                if key not in ZONES:
                    raise PositionError(f"{name}.{key}: no such zone ({', '.join(ZONES)})",
                                        (name, key))
            self._one(table, name, p, "ruler", ("ruler",), cards)
            self._one(table, name, p, "limit", ("limit",), cards)
            self._succ(table, name, p, cards)
            for zn in LISTED:
                ids = table.get(zn, [])
                if zn == "deck" and isinstance(ids, int) and not isinstance(ids, bool):
                    ids = [FILLER] * ids
                if not isinstance(ids, list):
                    raise PositionError(f"{name}.{zn}: a list of card ids", (name, zn))
                for i, cid in enumerate(ids):
                    cards.append([self._cid(cid, (name, zn, i)), p, zn, {}])
        recalls = []
        raw = pos.get("recalls", [])
        if not isinstance(raw, list):
            raise PositionError("position.recalls: a list of tables", ("position", "recalls"))
        for i, r in enumerate(raw):
            path: tuple[str | int, ...] = ("position", "recalls", i)
            if not isinstance(r, Mapping) or "target" not in r or "word" not in r:
                raise PositionError("position.recalls: { target = ID, slot = N, word = W }", path)
            t = self._find(cards, str(r["target"]), path)
            rec: dict[str, Any] = {"t": t, "w": str(r["word"]), "m": str(r.get("mode", "add"))}
            if r.get("slot"):
                rec["s"] = _int(r["slot"], (*path, "slot"), "a slot number")
            if r.get("king"):
                rec["k"] = self._cid(r["king"], (*path, "king"))
            recalls.append(rec)
        return {"turn": turn, "first": PLAYERS.index(first), "phase": phase, **pairs,
                "used": list(used), "rt": None if rt is None else PLAYERS.index(rt),
                "recalls": recalls, "cards": cards}

    def _find(self, cards: list[list[Any]], cid: str, path: tuple[str | int, ...]) -> int:
        for i, c in enumerate(cards):
            if c[0] == cid and c[2] in ("ruler", "succ"):
                return i
        raise PositionError(f"{'.'.join(map(str, path))}: no {cid} in play", path, cid)

    def _one(self, table: Mapping[str, Any], name: str, p: int, zn: str,
             kinds: tuple[str, ...], cards: list[list[Any]]) -> None:
        raw = table.get(zn)
        if raw is None:
            return
        path: tuple[str | int, ...] = (name, zn)
        if isinstance(raw, str):
            raw = {"card": raw}
        if not isinstance(raw, Mapping):
            raise PositionError(f"{name}.{zn}: {{ card = ID, ... }}", path)
        cid = self._cid(raw.get("card"), (*path, "card"))
        self._kind(cid, kinds, path)
        flags: dict[str, Any] = {}
        if raw.get("action"):
            flags["act"] = True
        if raw.get("deified"):
            flags["dei"] = True
        if zn == "limit":
            face = _int(raw.get("face", 1), (*path, "face"), "face 1 or 2")
            if face not in (1, 2):
                raise PositionError(f"{name}.limit.face: 1 or 2", (*path, "face"))
            flags["face"] = face - 1
            if raw.get("rev"):
                flags["rev"] = True
        host = len(cards)
        cards.append([cid, p, zn, flags])
        self._memorions(raw, path, p, host, cards)

    def _memorions(self, raw: Mapping[str, Any], path: tuple[str | int, ...], p: int,
                   host: int, cards: list[list[Any]]) -> None:
        for j, m in enumerate(raw.get("memorions", ())):
            mp: tuple[str | int, ...] = (*path, "memorions", j)
            if isinstance(m, str):
                m = {"card": m}
            mid = self._cid(m.get("card"), (*mp, "card"))
            self._kind(mid, ("memorion", "king"), mp)
            f: dict[str, Any] = {"host": host}
            if m.get("slot"):
                f["slot"] = _int(m["slot"], (*mp, "slot"), "a slot number")
            cards.append([mid, p, "mem", f])

    def _succ(self, table: Mapping[str, Any], name: str, p: int,
              cards: list[list[Any]]) -> None:
        raw = table.get("succ", [])
        if not isinstance(raw, list):
            raise PositionError(f"{name}.succ: a list of {{ card = ID, z = N }}", (name, "succ"))
        taken: set[int] = set()
        # numbered and laid in zone order (the board shows zones 1-5 left to right)
        for i, s in sorted(enumerate(raw), key=lambda e: _zone_of(e[1], e[0])):
            path: tuple[str | int, ...] = (name, "succ", i)
            if not isinstance(s, Mapping):
                raise PositionError(f"{name}.succ: {{ card = ID, z = N }}", path)
            cid = self._cid(s.get("card"), (*path, "card"))
            self._kind(cid, ("successor",), path)
            z = _int(s.get("z", i + 1), (*path, "z"), "a zone 1-5")
            if not 1 <= z <= 5 or z in taken:
                raise PositionError(f"{name}.succ: zone {z} is not free (zones 1-5)", path)
            taken.add(z)
            flags: dict[str, Any] = {"z": z}
            if s.get("action"):
                flags["act"] = True
            if s.get("damage"):
                flags["dmg"] = _int(s["damage"], (*path, "damage"), "damage in 100s")
            host = len(cards)
            cards.append([cid, p, "succ", flags])
            self._memorions(s, path, p, host, cards)

    def build(self, ctx: Context, position: Mapping[str, Any]) -> None:
        cards = position["cards"]
        ctx.emit({"t": "create", "cards": [[i, c[0], c[1], zkey(c[1], c[2])]
                                           for i, c in enumerate(cards)]})
        for i, c in enumerate(cards):
            if c[3]:
                ctx.emit({"t": "flag", "card": i, "f": dict(c[3]), "why": "position"})
        turn, first = int(position["turn"]), int(position["first"])
        ap = first if turn % 2 == 1 else 1 - first
        rt = position.get("rt")
        # a position in a phase stands after the window at its start (M20)
        begun = None if position["phase"] == START else position["phase"]
        setvars(ctx, "position", turn=turn, first=first, ap=ap, phase=position["phase"],
                begun=begun,
                life=list(position["life"]), ctr=list(position["counters"]),
                did={u: True for u in position["used"]} or None,
                resp=chain.window(rt, RECALL, bare=True) if rt is not None else None,
                recalls=list(position["recalls"]) or None)

    # -- writing -------------------------------------------------------------------------

    def write(self, state: State) -> tuple[dict[str, object], list[int]]:
        order: list[int] = []
        doc: dict[str, object] = {}
        for p, name in enumerate(PLAYERS):
            table: dict[str, object] = {}
            for zn in ("ruler", "limit"):
                for u in zone(state, p, zn):
                    order.append(u)
                    f = state.cards[u].f
                    entry: dict[str, object] = {"card": state.cards[u].cid}
                    if f.get("act"):
                        entry["action"] = True
                    if f.get("dei"):
                        entry["deified"] = True
                    if zn == "limit" and "face" in f:
                        entry["face"] = int(f["face"]) + 1
                        if f.get("rev"):
                            entry["rev"] = True
                    entry["memorions"] = self._write_mems(state, u, order)
                    if not entry["memorions"]:
                        del entry["memorions"]
                    table[zn] = entry
            succ = []
            for u in successors(state, p):
                order.append(u)
                f = state.cards[u].f
                s: dict[str, object] = {"card": state.cards[u].cid, "z": int(f.get("z", 1))}
                if f.get("act"):
                    s["action"] = True
                if f.get("dmg"):
                    s["damage"] = int(f["dmg"])
                mems = self._write_mems(state, u, order)
                if mems:
                    s["memorions"] = mems
                succ.append(s)
            table["succ"] = succ
            for zn in LISTED:
                uids = list(zone(state, p, zn))
                order += uids
                table[zn] = [state.cards[u].cid for u in uids]
            doc[name] = table
        v = state.vars
        doc["position"] = {"turn": int(v.get("turn", 1)),
                           "first": PLAYERS[int(v.get("first", 0))],
                           "phase": v.get("phase") if v.get("phase") in (START, *PHASES)
                           else "main1",
                           "life": [life(state, 0), life(state, 1)],
                           "counters": [counters(state, 0), counters(state, 1)]}
        moment = doc["position"]
        assert isinstance(moment, dict)
        if v.get("did"):
            moment["used"] = sorted(v["did"])
        if recall_time(v):
            moment["recall_time"] = PLAYERS[chain.holder(v)]
        recalls = []
        for r in v.get("recalls") or ():  # the turn's recalls: their words last until its end
            rec: dict[str, object] = {"target": state.cards[r["t"]].cid, "word": r["w"],
                                      "mode": r.get("m", "add")}
            if r.get("s"):
                rec["slot"] = int(r["s"])
            if r.get("k"):
                rec["king"] = r["k"]
            recalls.append(rec)
        if recalls:
            moment["recalls"] = recalls
        return doc, order

    def _write_mems(self, state: State, host: int, order: list[int]) -> list[dict[str, object]]:
        out = []
        for m in attached(state, host):
            order.append(m)
            e: dict[str, object] = {"card": state.cards[m].cid}
            if state.cards[m].f.get("slot"):
                e["slot"] = int(state.cards[m].f["slot"])
            out.append(e)
        return out

    def busy(self, state: State) -> str | None:
        v = state.vars
        if v.get("chain") or v.get("ask") or v.get("battle"):
            return "an action is on its way: let it resolve first"
        if v.get("phase") == "setup":
            return "the game is still being set up"
        return None

    # -- describing ------------------------------------------------------------------

    def moment(self, state: State) -> dict[str, object]:
        v = state.vars
        return {"turn": v.get("turn"), "active": PLAYERS[int(v.get("ap", 0))],
                "phase": v.get("phase"), "life": [life(state, 0), life(state, 1)],
                "counters": [counters(state, 0), counters(state, 1)],
                "recall_time": recall_time(v)}

    def moment_line(self, state: State) -> str:
        v = state.vars
        rt = ", Recall Time" if recall_time(v) else ""
        return (f"turn {v.get('turn', 1)}, {PLAYERS[int(v.get('ap', 0))].upper()}'s "
                f"{v.get('phase')}, Life {life(state, 0)}-{life(state, 1)}, counters "
                f"{counters(state, 0)}-{counters(state, 1)}{rt}")

    def card_text(self, state: State, uid: int) -> str:
        c = state.cards[uid]
        pool = self.rs.pool
        marks = []
        zn = where(state, uid)
        if zn == "succ":
            marks.append(f"z{c.f.get('z')}")
            marks.append(f"{power(state, pool, uid)}/{mind(state, pool, uid)}")
        if zn == "mem":
            marks.append(f"on @{c.f.get('host')}")
            if c.f.get("slot"):
                marks.append(f"slot {c.f['slot']}")
        if c.f.get("act"):
            marks.append("action")
        if c.f.get("dei"):
            marks.append("deified")
        return f"{c.cid}@{uid}" + (f"({','.join(marks)})" if marks else "")

    def card_json(self, state: State, uid: int) -> dict[str, object]:
        c = state.cards[uid]
        out: dict[str, object] = {"card": f"{c.cid}@{uid}", "zone": c.zone}
        out.update({k: c.f[k] for k in ("z", "act", "dei", "dmg", "host", "slot", "face", "rev")
                    if k in c.f})
        if where(state, uid) in ("succ", "ruler"):
            out["slots"] = current_slots(state, self.rs.pool, uid)
        return out

    # -- named state (docs/scenarios.md) ------------------------------------------------

    card_facts = ("z", "action", "deified", "power", "mind", "damage", "slots", "blank",
                  "keywords", "host", "slot")
    moment_facts = ("turn", "player", "first", "phase", "life", "counters", "recall_time",
                    "recalls", "used")

    def facts(self, state: State, uid: int | None) -> dict[str, Any]:
        """A card's named state (its zone number, Action, deified face, Power and Mind
        now, damage, the words in each memory slot and which slots are blank, keywords,
        the card memorising it and the slot) or the moment's (Life, memory counters,
        who recalls in Recall Time, the recalls of the turn, the steps used)."""
        pool = self.rs.pool
        v = state.vars
        if uid is None:
            rt = recaller(v)
            return {
                "turn": v.get("turn"), "player": PLAYERS[int(v.get("ap", 0))],
                "first": PLAYERS[int(v.get("first", 0))], "phase": v.get("phase"),
                "life": [life(state, 0), life(state, 1)],
                "counters": [counters(state, 0), counters(state, 1)],
                "recall_time": PLAYERS[rt] if rt is not None else "",
                "recalls": [{"target": state.cards[r["t"]].cid, "slot": int(r.get("s", 0)),
                             "word": r["w"], "mode": r.get("m", "add")}
                            for r in v.get("recalls") or ()],
                "used": sorted(v.get("did") or ()),
            }
        c = state.cards[uid]
        zn = where(state, uid)
        on_table = zn in ("ruler", "succ")
        slots = current_slots(state, pool, uid) if on_table else []
        host = c.f.get("host")
        return {
            "z": int(c.f.get("z", 0)), "action": bool(c.f.get("act")),
            "deified": bool(c.f.get("dei")),
            "power": power(state, pool, uid) if zn == "succ" else 0,
            "mind": mind(state, pool, uid) if zn == "succ" else 0,
            "damage": int(c.f.get("dmg", 0)), "slots": slots,
            "blank": [n for n, words in enumerate(slots, 1) if not words],
            "keywords": sorted(keywords(state, pool, uid)) if on_table else [],
            "host": state.cards[host].cid if isinstance(host, int) else "",
            "slot": int(c.f.get("slot", 0)),
        }

    # -- expectations ------------------------------------------------------------------

    def check_keys(self, expect: Mapping[str, object]) -> str | None:
        for k in ("power", "mind", "action", "deified", "text", "host", "slot", "keywords",
                  "z"):
            if k in expect and "card" not in expect:
                return f"expect.{k} goes with card = ..."
        return None

    def check_expect(self, state: State, uid: int | None, expect: Mapping[str, object]
                     ) -> list[str]:
        pool = self.rs.pool
        out: list[str] = []
        v = state.vars
        if uid is None:
            if "life" in expect and [life(state, 0), life(state, 1)] != expect["life"]:
                out.append(f"expected Life {expect['life']}, it is "
                           f"{[life(state, 0), life(state, 1)]}")
            if "counters" in expect and [counters(state, 0), counters(state, 1)] != \
                    expect["counters"]:
                out.append(f"expected counters {expect['counters']}, they are "
                           f"{[counters(state, 0), counters(state, 1)]}")
            if "recall_time" in expect and recall_time(v) != expect["recall_time"]:
                out.append(f"expected Recall Time {'open' if expect['recall_time'] else 'over'}")
            if "phase" in expect and v.get("phase") != expect["phase"]:
                out.append(f"expected phase {expect['phase']}, it is {v.get('phase')}")
            return out
        c = state.cards[uid]
        name = f"{c.cid}@{uid}"
        checks = {
            "power": lambda: power(state, pool, uid),
            "mind": lambda: mind(state, pool, uid),
            "action": lambda: bool(c.f.get("act")),
            "deified": lambda: bool(c.f.get("dei")),
            "slot": lambda: c.f.get("slot"),
            "z": lambda: c.f.get("z"),
            "keywords": lambda: sorted(keywords(state, pool, uid)),
        }
        for k, get in checks.items():
            if k in expect:
                got = get()
                want = sorted(expect[k]) if k == "keywords" else expect[k]  # type: ignore[call-overload]
                if got != want:
                    out.append(f"expected {name} {k} {want!r}, it is {got!r}")
        if "host" in expect:
            h = c.f.get("host")
            got = state.cards[h].cid if isinstance(h, int) else None
            if got != expect["host"]:
                out.append(f"expected {name} memorised by {expect['host']}, it is {got}")
        if "text" in expect:
            text = str(self.rs.card_view(state, uid, None).get("text", ""))
            if str(expect["text"]) not in text:
                out.append(f"expected {name}'s text to read {expect['text']!r}: {text!r}")
        return out

    # -- the sandbox -------------------------------------------------------------------

    def places(self, state: State, cid: str, player: int, moving: int | None) -> list[Place]:
        out = zone_places(LISTED, WORDS, state, player, moving)
        kind = self.rs.pool.get(cid).kind
        if kind == "successor":
            free = [z for z in range(1, ZONE_COUNT + 1)
                    if at_zone(state, player, z) in (None, moving)]
            out += [Place(f"P{player + 1} Successor zone {z}", player, "succ", {"z": z})
                    for z in free]
        if kind in ("ruler", "limit"):
            out += zone_places((kind,), WORDS, state, player, moving)
        return out

    def riders(self, state: State, uid: int) -> list[tuple[int, str]]:
        return [(m, "memorised by it") for m in attached(state, uid)]

    def moments(self, state: State) -> list[Moment]:
        ph = state.vars.get("phase")
        out = [Moment(f"phase:{p}", {START: "Turn start (Stand-up, Draw)",
                                     "main1": "Main Phase I", "battle": "Battle Phase",
                                     "main2": "Main Phase II"}[p], {"phase": p},
                      current=ph == p and not recall_time(state.vars)) for p in (START, *PHASES)]
        out += [Moment(f"rt:{p}", f"Recall Time, P{p + 1} to recall", {"recall_time": p},
                       current=recaller(state.vars) == p) for p in (0, 1)]
        return out

    def suggestions(self, state: State, uid: int | None) -> list[str]:
        return notation_suggestions(NOTATION, state, uid)
