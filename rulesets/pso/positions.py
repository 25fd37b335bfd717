"""PSO scenario positions behind the contract (pmtui.engine.ruleset.Positions): reading a
scenario document's [position], [p1], [p2] tables, writing a state back into them, the
words `pmtui check` uses, this game's expectation keys, and the sandbox's edits.

A scenario document (docs/scenarios-pso.md):

    [position]
    turn = 2            # default 2
    player = "p1"       # whose turn it is (default p1)
    phase = "main"      # start (the very beginning: the turn's draw follows) | main | combat
    did = ["character"] # per-turn limits already used: character, area
    area = "HAL-040"    # the Area in play, or {card = "HAL-042", dmg = 30, by = "p2"}
    [p1]
    lead = "HAL-001"    # the main character (or a table)
    chars = [...]; monsters = [...]; hand = [...]; traps = [...]; discard = [...]
    deck = 20           # a number of plain cards, or a list (top first)

A card is an id or a table {card = "ID", dmg = 10, par = true, poi = true, acted = true}.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pmtui.engine.notation import renumber
from pmtui.engine.ruleset import (
    Moment,
    Place,
    PositionError,
    alternate_turn,
    notation_suggestions,
    zone_places,
)
from pmtui.engine.state import Card, State, zkey

from . import board
from .cards import CardPool
from .notation import NOTATION
from .position import CARD_FLAGS, ZONE_ORDER

PLAYERS = ("p1", "p2")
ZONES = ("lead", "chars", "monsters", "hand", "traps", "discard", "deck")
AREAS = ("lead", "chars", "monsters")
ZONE_WORDS = {
    "lead": "main character", "chars": "characters", "monsters": "monsters", "hand": "hand",
    "traps": "traps (face down)", "discard": "discard pile", "deck": "deck", "area": "Area",
}
FILLER = "HAL-080"  # a plain card for "deck = N"
DEFAULT_DOC: dict[str, Any] = {
    "position": {"turn": 2, "phase": "main"},
    "p1": {"lead": "HAL-001", "monsters": ["HAL-022"], "deck": 20},
    "p2": {"lead": "HAL-002", "monsters": ["HAL-030"], "deck": 20},
}
POSITION_KEYS = {"turn", "player", "phase", "did", "area", "limit"}
PHASE_WORDS = {"main": "main phase (playing cards)", "combat": "combat"}
EXPECT_KEYS: dict[str, tuple[type, ...]] = {
    "hp": (int,), "dmg": (int,), "atp": (int,), "mst": (int,), "dfp": (int,), "evp": (int,),
    "paralysed": (bool,), "poisoned": (bool,), "acted": (bool,), "beaten": (bool,),
    "area": (str,), "phase": (str,), "turn": (int,), "turn_player": (str,),
}
FLAG_WORDS = {"par": "paralysed", "poi": "poisoned", "acted": "acted", "beaten": "beaten"}


def _player(value: object, path: tuple[str | int, ...]) -> int:
    if value not in PLAYERS:
        raise PositionError(f"{'.'.join(map(str, path))}: \"p1\" or \"p2\"", path, str(value))
    return PLAYERS.index(str(value))


def _int(value: object, path: tuple[str | int, ...], lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise PositionError(
            f"{'.'.join(map(str, path))}: a whole number from {lo} to {hi}", path, str(value)
        )
    return value


def _entry(raw: object, pool: CardPool, path: tuple[str | int, ...]) -> dict[str, Any]:
    """One card of a scenario as the setup's entry {"id": ..., flag: value}."""
    where = ".".join(map(str, path))
    if isinstance(raw, str):
        table: Mapping[str, object] = {"card": raw}
    elif isinstance(raw, Mapping):
        table = raw
    else:
        raise PositionError(f"{where}: a card is an id or a table with card = \"ID\"", path)
    cid = table.get("card")
    if not isinstance(cid, str) or cid not in pool:
        raise PositionError(f"{where}: unknown card id {cid!r}", path, str(cid))
    out: dict[str, Any] = {"id": cid}
    for key, value in table.items():
        if key == "card":
            continue
        kind = CARD_FLAGS.get(key)
        if kind is None:
            known = ", ".join(sorted(CARD_FLAGS))
            raise PositionError(f"{where}: unknown key {key!r} (known: card, {known})",
                                path, key)
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise PositionError(f"{where}.{key}: wrong kind of value {value!r}", path, key)
        out[key] = value
    return out


class Edits:
    """The sandbox's changes to a copy of a state (contract: PositionEdits)."""

    def add(self, state: State, cid: str, player: int, zone: str, **where: object) -> int:
        self._check_room(state, player, zone)
        uid = len(state.cards)
        state.cards.append(Card(uid, cid, player, ""))
        self._put(state, uid, player, zone, bool(where.get("bottom")))
        return uid

    def move(self, state: State, uid: int, player: int, zone: str,
             **where: object) -> list[int]:
        self._check_room(state, player, zone)
        self._take_out(state, uid)
        state.cards[uid].f = {}
        self._put(state, uid, player, zone, bool(where.get("bottom")))
        return []

    def remove(self, state: State, uid: int) -> list[int]:
        self._take_out(state, uid)
        return [uid]

    def toggle(self, state: State, uid: int, flag: str, value: object = True) -> bool:
        f = state.cards[uid].f
        if flag == "acted":
            value = state.vars.get("turn", 1)
        if f.get(flag) == value:
            f.pop(flag, None)
            return False
        f[flag] = value
        return True

    def add_coin(self, state: State, uid: int, n: int = 1) -> int:
        """Damage markers: each is 10 damage (the scale of poison)."""
        f = state.cards[uid].f
        dmg = max(0, int(f.get("dmg", 0)) + 10 * n)
        if dmg:
            f["dmg"] = dmg
        else:
            f.pop("dmg", None)
        return dmg

    def mark(self, state: State, uid: int, what: str, arg: object, name: str) -> str:
        """Damage markers ("coins": 10 each, as the source's markers), paralysis, poison
        ("Battle effects") and having acted in this combat, on a card in play."""
        c = state.cards[uid]
        if c.zone.partition("/")[2] not in AREAS and c.zone != board.AREA:
            raise PositionError(f"{name}: marks are for cards in play")
        if what in ("coins", "dmg"):
            dmg = self.add_coin(state, uid, arg if isinstance(arg, int) else 1)
            return f"{name}: {dmg} damage"
        flags = {"paralysed": "par", "poisoned": "poi", "acted": "acted"}
        if what not in flags:
            known = ", ".join(["coins (damage markers)", *flags])
            raise PositionError(f"no card mark {what!r} in this game (marks: {known})")
        on = self.toggle(state, uid, flags[what])
        return f"{name} is {'' if on else 'not '}{what}"

    def set_moment(self, state: State, **moment: object) -> None:
        phase = moment.get("phase")
        if phase not in (*PHASE_WORDS, "start"):
            raise PositionError(f"phase: start, main or combat, not {phase!r}")
        state.vars["phase"] = phase
        state.vars.pop("act", None)
        state.vars.pop("setting", None)

    def set_turn(self, state: State, turn: int, *, swap_first: bool = False) -> None:
        alternate_turn(state, turn, swap_first)

    def remap(self, text: str, order: Sequence[int]) -> str:
        return renumber(text, order)

    @staticmethod
    def _take_out(state: State, uid: int) -> None:
        c = state.cards[uid]
        z = state.zones.get(c.zone)
        if z is not None and uid in z:
            z.remove(uid)
        c.zone = ""

    @staticmethod
    def _check_room(state: State, player: int, zone: str) -> None:
        if zone not in (*ZONES, "area"):
            raise PositionError(f"no zone {zone!r} (zones: {', '.join(ZONES)}, area)")
        key = board.AREA if zone == "area" else zkey(player, zone)
        if zone in ("area", "lead") and state.zones.get(key):
            raise PositionError(f"there is already a card in the {ZONE_WORDS[zone]}")

    @staticmethod
    def _put(state: State, uid: int, player: int, zone: str, bottom: bool) -> None:
        key = board.AREA if zone == "area" else zkey(player, zone)
        dest = state.zone(key)
        c = state.cards[uid]
        c.owner, c.zone = player, key
        if zone == "deck" and not bottom:
            dest.insert(0, uid)
        else:
            dest.append(uid)


PLAYS = ("character", "monster", "event", "item", "area")  # verbs playing a card from hand


class Positions:
    players = PLAYERS
    zones = ZONES
    counted_zones = frozenset({"deck"})
    areas = AREAS
    zone_words = ZONE_WORDS
    default_doc = DEFAULT_DOC
    expect_keys = EXPECT_KEYS
    edits = Edits()

    def __init__(self, pool: CardPool) -> None:
        self.pool = pool

    # -- reading ---------------------------------------------------------------------

    def parse(self, doc: Mapping[str, Any]) -> dict[str, Any]:
        """The scenario document's position as the setup's data (header "scenario")."""
        pos = doc.get("position", {})
        if not isinstance(pos, Mapping):
            raise PositionError("position: must be a table", ("position",))
        for key in pos:
            if key not in POSITION_KEYS:
                raise PositionError(
                    f"position: unknown key {key!r} (known: {', '.join(sorted(POSITION_KEYS))})",
                    ("position", key), key)
        turn = _int(pos.get("turn", 2), ("position", "turn"), 1, 10000)
        tp = _player(pos.get("player", "p1"), ("position", "player"))
        phase = pos.get("phase", "main")
        if phase not in (*PHASE_WORDS, "start"):
            raise PositionError("position.phase: start (the turn's draw follows), main or "
                                "combat", ("position", "phase"), str(phase))
        did = pos.get("did", [])
        if not isinstance(did, list) or any(d not in ("character", "area") for d in did):
            raise PositionError('position.did: a list of "character", "area"',
                                ("position", "did"))
        players: list[dict[str, Any]] = []
        for name in PLAYERS:
            side = doc.get(name, {})
            if not isinstance(side, Mapping):
                raise PositionError(f"{name}: must be a table", (name,))
            out: dict[str, Any] = {}
            for zone, value in side.items():
                if zone not in ZONES:
                    raise PositionError(
                        f"{name}: unknown zone {zone!r} (zones: {', '.join(ZONES)})",
                        (name, zone), zone)
                if zone == "deck" and isinstance(value, int) and not isinstance(value, bool):
                    out[zone] = [{"id": FILLER}] * _int(value, (name, zone), 0, 200)
                    continue
                items = [value] if zone == "lead" and not isinstance(value, list) else value
                if not isinstance(items, list):
                    raise PositionError(f"{name}.{zone}: a list of cards", (name, zone))
                out[zone] = [_entry(v, self.pool, (name, zone, i)) for i, v in enumerate(items)]
            players.append(out)
        if "area" in pos:
            raw = pos["area"]
            owner = tp
            if isinstance(raw, Mapping) and "by" in raw:
                owner = _player(raw["by"], ("position", "area", "by"))
                raw = {k: v for k, v in raw.items() if k != "by"}
            players[owner]["area"] = [_entry(raw, self.pool, ("position", "area"))]
        if not any(side.get("monsters") for side in players):
            raise PositionError("nobody has a monster: the game would be over (Winning)")
        limit = _int(pos.get("limit", 200), ("position", "limit"), 1, 100000)
        return {"turn": turn, "tp": tp, "phase": phase, "did": {d: True for d in did},
                "limit": limit, "players": players}

    # -- writing ---------------------------------------------------------------------

    # -- the sandbox's menus ------------------------------------------------------------

    def places(self, state: State, cid: str, player: int, moving: int | None) -> list[Place]:
        return zone_places(ZONES, ZONE_WORDS, state, player, moving)

    def riders(self, state: State, uid: int) -> list[tuple[int, str]]:
        return []  # nothing is set on a card

    def moments(self, state: State) -> list[Moment]:
        now = state.vars.get("phase")
        start = Moment("phase:start", "the start of the turn (its draw follows)",
                       {"phase": "start"}, current=now == "start")
        return [start, *(Moment(f"phase:{p}", f"the {words}", {"phase": p}, current=p == now)
                         for p, words in PHASE_WORDS.items())]

    def suggestions(self, state: State, uid: int | None) -> list[str]:
        """The plays a card could be part of, for the card sheet's "Not now": only those
        its kind and place allow at all (a monster in hand is not asked why it is no
        item, nor why it does not attack from the hand), so the reasons shown are the
        ones that apply now."""
        out = notation_suggestions(NOTATION, state, uid)
        if uid is None or not 0 <= uid < len(state.cards):
            return out
        return [t for t in out if self._fits(state, uid, t.split()[0])]

    def _fits(self, state: State, uid: int, verb: str) -> bool:
        c = state.cards[uid]
        d = self.pool[c.cid]
        in_hand = c.zone.endswith("/hand")
        if verb in PLAYS:
            return in_hand and d.type == verb
        if verb == "set":
            return in_hand and d.kind == "trap"
        if verb in ("attack", "ability", "cast"):
            in_play = c.zone.endswith(board.PLAY_ZONES)
            return in_play and (verb == "attack" or (d.ability if verb == "ability"
                                                     else d.spell) is not None)
        if verb in ("spell", "weapon"):  # the main character, or the card from hand
            return c.zone.endswith("/lead") or (in_hand and d.type == verb)
        return True

    def busy(self, state: State) -> str | None:
        v = state.vars
        if v.get("over"):
            return "the game is over"
        if v.get("roll"):
            return "an evasion roll is pending"
        if v.get("act"):
            return "an action waits for its targets: choose them or go back"
        if v.get("setting"):
            return "a trap is being chosen: choose it or go back"
        if v.get("newlead"):
            return "a new main character must be chosen first"
        if v.get("phase") not in (*PHASE_WORDS, "start"):
            return f"positions are set in the main phase or combat, not {v.get('phase')}"
        return None

    def write(self, state: State) -> tuple[dict[str, Any], list[int]]:
        why = self.busy(state)
        if why:
            raise PositionError(why)
        v = state.vars
        turn = int(v.get("turn", 1))
        order: list[int] = []
        # the numbering the setup gives: player by player, zone by zone (position.ZONE_ORDER)
        for p in (0, 1):
            for zone in ZONE_ORDER:
                key = board.AREA if zone == "area" else zkey(p, zone)
                order += [u for u in state.zones.get(key, ()) if state.cards[u].owner == p]
        new = {old: n for n, old in enumerate(order)}
        doc: dict[str, Any] = {"position": {
            "turn": turn, "player": PLAYERS[int(v.get("ap", 0))], "phase": v.get("phase"),
        }}
        did = sorted(k for k, val in (v.get("did") or {}).items() if val)
        if did:
            doc["position"]["did"] = did
        if v.get("limit", 200) != 200:
            doc["position"]["limit"] = v["limit"]
        a = board.area(state)
        if a is not None:
            entry = self._card_entry(state, a, turn, new)
            if not isinstance(entry, dict):
                entry = {"card": entry}
            entry["by"] = PLAYERS[state.cards[a].owner]
            doc["position"]["area"] = entry
        for p, name in enumerate(PLAYERS):
            table: dict[str, Any] = {}
            for zone in ZONES:
                uids = state.zones.get(zkey(p, zone), [])
                if not uids and zone != "deck":
                    continue
                entries = [self._card_entry(state, u, turn, new) for u in uids]
                if zone == "lead":
                    table[zone] = entries[0]
                elif zone == "deck" and all(e == FILLER for e in entries):
                    table[zone] = len(entries)
                else:
                    table[zone] = entries
            doc[name] = table
        return doc, order

    @staticmethod
    def _card_entry(state: State, uid: int, turn: int, new: Mapping[int, int]) -> Any:
        c = state.cards[uid]
        out: dict[str, Any] = {"card": c.cid}
        for key, value in c.f.items():
            if key == "acted":
                if value == turn:
                    out["acted"] = True
            elif key == "mods":  # the source card of a stat change, in the new numbering
                out["mods"] = [[m[0], m[1], m[2], m[3], new.get(m[4], m[4])] for m in value]
            elif key == "pref":
                out["pref"] = {s: [new.get(src, src), [new.get(x, x) for x in srcs]]
                               for s, (src, srcs) in value.items()}
            elif key in CARD_FLAGS:
                out[key] = value
        return out if len(out) > 1 else c.cid

    # -- showing ---------------------------------------------------------------------

    def moment(self, state: State) -> dict[str, Any]:
        v = state.vars
        tp = v.get("ap")
        return {"turn": v.get("turn"), "turn_player": PLAYERS[tp] if isinstance(tp, int) else None,
                "phase": v.get("phase")}

    def moment_line(self, state: State) -> str:
        v = state.vars
        tp = int(v.get("ap", 0))
        a = board.area(state)
        where = PHASE_WORDS.get(str(v.get("phase")), str(v.get("phase")))
        area = f", Area {state.cards[a].cid}@{a}" if a is not None else ", no Area"
        return f"turn {v.get('turn')}, P{tp + 1} to play, {where}{area}"

    def _stats(self, state: State, uid: int) -> dict[str, Any] | None:
        c = state.cards[uid]
        d = self.pool[c.cid]
        if c.zone.partition("/")[2] in AREAS or (d.boss and c.zone == board.AREA):
            return board.stats(state, self.pool, uid)
        return None

    def card_json(self, state: State, uid: int) -> dict[str, Any]:
        c = state.cards[uid]
        entry: dict[str, Any] = {"card": f"{c.cid}@{uid}", **c.f}
        st = self._stats(state, uid)
        if st is not None:
            entry.update(st)
        return entry

    def card_text(self, state: State, uid: int) -> str:
        c = state.cards[uid]
        marks = []
        st = self._stats(state, uid)
        if st is not None:
            marks.append(f"HP {st['hp'] - st['dmg']}/{st['hp']}")
            marks += [f"{k.upper()} {st[k]}" for k in ("atp", "mst", "dfp", "evp") if k in st]
        turn = state.vars.get("turn")
        for key, word in FLAG_WORDS.items():
            if c.f.get(key) and (key != "acted" or c.f[key] == turn):
                marks.append(word)
        ref = f"{c.cid}@{uid}"
        return f"{ref}({', '.join(marks)})" if marks else ref

    # -- this game's expectations -------------------------------------------------------

    def check_expect(self, state: State, uid: int | None, e: Mapping[str, Any]) -> list[str]:
        out: list[str] = []
        if uid is not None:
            c = state.cards[uid]
            ref = f"{c.cid}@{uid}"
            st = self._stats(state, uid) or {}
            for key in ("hp", "dmg", "atp", "mst", "dfp", "evp"):
                if key in e:
                    got = st.get(key) if key != "hp" else (
                        st["hp"] - st["dmg"] if "hp" in st else None)
                    if key == "dmg":
                        got = int(c.f.get("dmg", 0))
                    if got != e[key]:
                        word = "HP left" if key == "hp" else key.upper()
                        out.append(f"expected {ref} to have {word} {e[key]}, it has {got}")
            for key, flag in (("paralysed", "par"), ("poisoned", "poi"), ("beaten", "beaten")):
                if key in e and bool(c.f.get(flag)) != e[key]:
                    out.append(f"expected {ref} {'' if e[key] else 'not '}to be {key}")
            if "acted" in e and (c.f.get("acted") == state.vars.get("turn")) != e["acted"]:
                out.append(f"expected {ref} {'' if e['acted'] else 'not '}to have acted")
            return out
        v = state.vars
        for key in ("phase", "turn"):
            if key in e and v.get(key) != e[key]:
                out.append(f"expected {key} {e[key]!r}, it is {v.get(key)!r}")
        if "turn_player" in e and PLAYERS[int(v.get("ap", 0))] != e["turn_player"]:
            out.append(f"expected {e['turn_player']} to be the turn player")
        if "area" in e:
            a = board.area(state)
            got = state.cards[a].cid if a is not None else "none"
            if got != e["area"]:
                out.append(f"expected the Area in play to be {e['area']}, it is {got}")
        return out

    card_facts = ("hp", "dmg", "atp", "mst", "dfp", "evp", "conditions", "acted", "beaten",
                  "mods")
    moment_facts = ("turn", "turn_player", "phase", "area", "did", "limit")

    def facts(self, state: State, uid: int | None) -> dict[str, Any]:
        """The named state of a card (HP, stats now, battle effects) or of the moment
        (docs/scenarios.md, "Named state")."""
        v = state.vars
        if uid is None:
            a = board.area(state)
            return {"turn": v.get("turn"), "turn_player": PLAYERS[int(v.get("ap", 0))],
                    "phase": v.get("phase"), "area": state.cards[a].cid if a is not None
                    else "none", "did": sorted(v.get("did") or {}), "limit": v.get("limit")}
        c = state.cards[uid]
        st = self._stats(state, uid) or {}
        return {
            "hp": st["hp"] - st["dmg"] if "hp" in st else None, "dmg": int(c.f.get("dmg", 0)),
            **{k: st.get(k) for k in ("atp", "mst", "dfp", "evp")},
            "conditions": [word for word, flag in (("paralysed", "par"), ("poisoned", "poi"))
                           if c.f.get(flag)],
            "acted": c.f.get("acted") == v.get("turn"), "beaten": bool(c.f.get("beaten")),
            "mods": list(c.f.get("mods", [])),
        }

    def check_keys(self, e: Mapping[str, Any]) -> str | None:
        if "turn_player" in e and e["turn_player"] not in PLAYERS:
            return f'expect.turn_player: "p1" or "p2", not {e["turn_player"]!r}'
        if "phase" in e and e["phase"] not in PHASE_WORDS:
            return f'expect.phase: "main" or "combat", not {e["phase"]!r}'
        if "area" in e and e["area"] != "none" and e["area"] not in self.pool:
            return f"expect.area: unknown card id {e['area']!r}"
        return None
