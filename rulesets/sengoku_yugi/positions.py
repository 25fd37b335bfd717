"""SENGOKU YUGI's scenario positions behind the contract (pmtui.engine.ruleset.Positions):
reading them into a game header, setting them up, writing a state back, and the words
and expectation keys `pmtui check` uses (docs/scenarios.md, "SENGOKU YUGI positions").

A position document:

    [position]  mode, board, turn, player (whose turn), first, phase (main | charge),
                ap = [P1, P2], sh_hp = [P1, P2], used = ["SGY-004@3", ...] (optional)
    [p1], [p2]  hand, fhand, bf, cz, sh (a list, top first, or a number), standby,
                banish, summon

A unit (in bf or cz) is a card id or a table: card, at (its cell; bf only), hp, df
(Defense Stance), dt (the turn it was deployed), down (face down), ail, bl, gs (Growth
Sources, highest first), fam (a contracted familiar), es (its Evolution Sources), guard.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from pmtui.engine.context import Context
from pmtui.engine.events import setvars
from pmtui.engine.ruleset import (
    Moment,
    Place,
    PositionError,
    notation_suggestions,
)
from pmtui.engine.state import State, zkey

from .board import BoardError, parse_board
from .cards import AILMENTS, ATTRIBUTES, Pool, counted
from .notation import NOTATION
from .position_edit import Edits
from .units import BF, board_of, familiar_of, is_free, under

PLAYERS = ("p1", "p2")
# the Battlefield is one shared zone (shared/bf), shown by `pmtui check` on its own
ZONES = ("hand", "fhand", "cz", "under", "guard", "standby", "banish", "summon", "sh")
LISTED = ("hand", "fhand", "cz", "bf", "standby", "banish", "summon", "sh")
AREAS = ("bf", "cz")
ZONE_WORDS = {
    "hand": "hand", "fhand": "familiars in hand", "cz": "Command Zone", "bf": "Battlefield",
    "under": "under units", "guard": "Last Guard", "standby": "Standby Zone",
    "banish": "Banish Zone", "summon": "Summoning Zone", "sh": "Stronghold",
}
FILLER = "SGY-013"  # a plain Level 1 card for Strongholds given as a number
DEFAULT_DOC: dict[str, Any] = {
    "position": {"turn": 3}, "p1": {"sh": 20}, "p2": {"sh": 20},
}
UNIT_KEYS = {"card", "at", "hp", "df", "dt", "down", "ail", "bl", "gs", "fam", "es", "guard"}
EXPECT_KEYS: dict[str, tuple[type, ...]] = {
    "hp": (int,), "at": (str,), "stance": (str,), "atk": (int,), "mat": (int,),
    "def": (int,), "mdf": (int,), "phase": (str,), "turn": (int,), "ap": (list,),
    "sh_hp": (list,),
}
PHASE_WORDS = {"main": "Main Phase", "charge": "Charge Phase", "setup": "setup",
               "active": "Active Phase", "draw": "Draw Phase", "end": "End Turn"}


def _err(msg: str, *path: str | int) -> PositionError:
    return PositionError(msg, tuple(path))


class Positions:
    players = PLAYERS
    zones = ZONES
    counted_zones = frozenset({"sh"})
    areas = AREAS
    zone_words = ZONE_WORDS
    default_doc = DEFAULT_DOC
    expect_keys = EXPECT_KEYS

    def __init__(self, pool: Pool, card_view: Any) -> None:
        self.pool = pool
        self.edits = Edits(pool)
        self.card_view = card_view  # the ruleset's current values of a card

    # -- reading -------------------------------------------------------------------------

    def parse(self, doc: Mapping[str, Any]) -> dict[str, Any]:
        raw = doc.get("position", {})
        if not isinstance(raw, Mapping):
            raise _err("position: must be a table", "position")
        known = {"mode", "board", "turn", "player", "first", "phase", "ap", "sh_hp", "used"}
        for key in raw:
            if key not in known:
                raise _err(f"position: unknown key {key!r} (known: {', '.join(sorted(known))})",
                           "position", key)
        mode = raw.get("mode", "standard")
        if mode not in ("standard", "ultimate"):
            raise _err("position.mode: standard or ultimate", "position", "mode")
        board = raw.get("board", "4x5")
        try:
            b = parse_board(str(board))
        except BoardError as exc:
            raise _err(f"position.{exc}", "position", "board") from None
        turn = raw.get("turn", 3)
        if not isinstance(turn, int) or isinstance(turn, bool) or turn < 1:
            raise _err("position.turn: a whole number, 1 or more", "position", "turn")
        first = self._seat(raw.get("first", "p1"), "first")
        player = self._seat(raw.get("player", PLAYERS[(first + turn - 1) % 2]), "player")
        phase = raw.get("phase", "main")
        if phase not in ("active", "main", "charge"):
            raise _err("position.phase: active (the very beginning of the turn: its Active "
                       "Phase follows), charge or main", "position", "phase")
        hp0 = 6 if mode == "standard" else 8
        ap = self._pair(raw.get("ap", [30, 30]), "ap", 999)
        sh_hp = self._pair(raw.get("sh_hp", [hp0, hp0]), "sh_hp", hp0)
        players = []
        cells: set[str] = set()
        for p, name in enumerate(PLAYERS):
            side = doc.get(name, {})
            if not isinstance(side, Mapping):
                raise _err(f"{name}: must be a table", name)
            for key in side:
                if key not in LISTED:
                    raise _err(f"{name}: unknown zone {key!r} (zones: {', '.join(LISTED)})",
                               name, key)
            out: dict[str, Any] = {}
            for zone in LISTED:
                out[zone] = self._zone(side.get(zone, 0 if zone == "sh" else []), name, zone,
                                       b, p, cells)
            if len(out["cz"]) > 1:
                raise _err(f"{name}.cz: the Command Zone holds one Commander", name, "cz")
            players.append(out)
        used = raw.get("used", [])
        if not isinstance(used, list) or not all(isinstance(u, str) for u in used):
            raise _err("position.used: a list of card ids", "position", "used")
        return {"mode": mode, "board": str(board), "turn": turn, "p": player, "first": first,
                "phase": phase, "ap": ap, "sh_hp": sh_hp, "players": players, "used": used}

    def _seat(self, value: Any, key: str) -> int:
        if value not in PLAYERS:
            raise _err(f'position.{key}: "p1" or "p2"', "position", key)
        return PLAYERS.index(value)

    def _pair(self, value: Any, key: str, top: int) -> list[int]:
        if (not isinstance(value, list) or len(value) != 2
                or not all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= top
                           for x in value)):
            raise _err(f"position.{key}: two whole numbers 0-{top}, [P1, P2]", "position", key)
        return list(value)

    def _card(self, cid: Any, *path: str | int) -> str:
        if not isinstance(cid, str) or cid not in self.pool.cards:
            raise _err(f"{'.'.join(map(str, path[:2]))}: unknown card {cid!r}", *path)
        return cid

    def _zone(self, value: Any, name: str, zone: str, b: Any, p: int,
              cells: set[str]) -> list[Any]:
        if zone == "sh" and isinstance(value, int) and not isinstance(value, bool):
            if not 0 <= value <= 99:
                raise _err(f"{name}.sh: 0-99 cards", name, "sh")
            return [FILLER] * value
        if not isinstance(value, list):
            raise _err(f"{name}.{zone}: must be a list", name, zone)
        out: list[Any] = []
        for i, entry in enumerate(value):
            if zone not in AREAS:
                cid = self._card(entry, name, zone, i)
                card = self.pool.get(cid)
                fam_zone = zone in ("fhand", "summon")
                if fam_zone != card.familiar and zone not in ("standby", "banish", "sh"):
                    raise _err(f"{name}.{zone}: {cid} does not belong there", name, zone, i)
                out.append(cid)
                continue
            out.append(self._unit(entry, name, zone, i, b, p, cells))
        return out

    def _unit(self, entry: Any, name: str, zone: str, i: int, b: Any, p: int,
              cells: set[str]) -> dict[str, Any]:
        if isinstance(entry, str):
            entry = {"card": entry}
        if not isinstance(entry, Mapping):
            raise _err(f"{name}.{zone}: a card id or a table", name, zone, i)
        for key in entry:
            if key not in UNIT_KEYS:
                raise _err(f"{name}.{zone}: unknown key {key!r} (known: "
                           f"{', '.join(sorted(UNIT_KEYS))})", name, zone, i)
        u = dict(entry)
        cid = self._card(u.get("card"), name, zone, i)
        card = self.pool.get(cid)
        if zone == "bf":
            at = u.get("at")
            if not isinstance(at, str) or b.pos(at) is None:
                raise _err(f"{name}.bf: {cid} needs at = a cell of the board", name, zone, i)
            if at in cells or at in (b.stronghold(0), b.stronghold(1)):
                raise _err(f"{name}.bf: cell {at} is taken", name, zone, i)
            cells.add(at)
        elif "at" in u:
            raise _err(f"{name}.cz: the Command Zone has no cell", name, zone, i)
        elif card.familiar:
            raise _err(f"{name}.cz: a familiar never enters the Command Zone", name, zone, i)
        hp = u.get("hp", 1)
        if not isinstance(hp, int) or not 1 <= hp <= card.cost:
            raise _err(f"{name}.{zone}: {cid} hp 1-{card.cost}", name, zone, i)
        for key in ("ail", "bl"):
            allowed = AILMENTS if key == "ail" else ATTRIBUTES
            if not isinstance(u.get(key, []), list) or any(x not in allowed for x in u.get(
                key, []
            )):
                raise _err(f"{name}.{zone}: {key} must list {', '.join(allowed)}", name, zone, i)
        for key in ("gs", "es"):
            for j, c in enumerate(u.get(key, [])):
                self._card(c, name, zone, i, key, j)
        if "fam" in u:
            self._card(u["fam"], name, zone, i, "fam")
            if not self.pool.get(u["fam"]).familiar:
                raise _err(f"{name}.{zone}: fam must be a familiar card", name, zone, i)
        return u

    # -- setting up ----------------------------------------------------------------------

    def setup(self, ctx: Context, pos: Mapping[str, Any]) -> None:
        cards: list[list[Any]] = []
        flags: list[tuple[int, dict[str, Any]]] = []

        def add(cid: str, p: int, zone: str, f: dict[str, Any] | None = None) -> int:
            uid = len(cards)
            cards.append([uid, cid, p, BF if zone == "bf" else zkey(p, zone)])
            if f:
                flags.append((uid, f))
            return uid

        for p, side in enumerate(pos["players"]):
            for zone in LISTED:
                for entry in side[zone]:
                    if zone not in AREAS:
                        add(entry, p, zone)
                        continue
                    f = {k: entry[k] for k in ("at", "hp", "df", "dt", "down", "ail", "bl")
                         if k in entry and entry[k] not in (False, [])}
                    f.setdefault("hp", 1)
                    f.setdefault("dt", 0)
                    top = add(entry["card"], p, zone, f)
                    for cid in entry.get("gs", []):
                        add(cid, p, "under", {"of": top, "role": "gs"})
                    if "fam" not in entry:  # a Released familiar's own Evolution Sources
                        for cid in entry.get("es", []):
                            add(cid, p, "under", {"of": top, "role": "es"})
                    if "fam" in entry:
                        fam = add(entry["fam"], p, "under", {"of": top, "role": "fam", **(
                            {"guard": True} if entry.get("guard") else {})})
                        for cid in entry.get("es", []):
                            add(cid, p, "under", {"of": fam, "role": "es"})
        ctx.emit({"t": "create", "cards": cards})
        for uid, f in flags:
            ctx.emit({"t": "flag", "card": uid, "f": f, "why": "position"})
        used = []
        for text in pos.get("used", []):
            cid, _, n = text.partition("@")
            used += [u for u, c, _p, _z in cards if c == cid and (not n or str(u) == n)]
        start = pos["phase"] == "active"  # the turn begins: its Active Phase runs (G1 (11)①)
        setvars(ctx, "position", mode=pos["mode"], board=pos["board"],
                  turn=pos["turn"] - 1 if start else pos["turn"],
                  ap=pos["p"], first=pos["first"], phase="end" if start else pos["phase"],
                  action_points=list(pos["ap"]),
                  sh_hp=list(pos["sh_hp"]), charged=[], used=used)
        if start:
            from .flow import start_turn

            start_turn(ctx, self.pool, pos["p"])

    # -- writing ---------------------------------------------------------------------------

    def write(self, state: State) -> tuple[dict[str, Any], list[int]]:
        order: list[int] = []
        v = state.vars
        doc: dict[str, Any] = {"position": {
            "mode": v.get("mode", "standard"), "board": v.get("board", "4x5"),
            "turn": v.get("turn", 1), "player": PLAYERS[v.get("ap", 0)],
            "first": PLAYERS[v.get("first", 0)], "phase": v.get("phase", "main"),
            "ap": list(v.get("action_points", [0, 0])), "sh_hp": list(v.get("sh_hp", [6, 6]))}}
        for p, name in enumerate(PLAYERS):
            side: dict[str, Any] = {}
            for zone in LISTED:
                entries: list[Any] = []
                key = BF if zone == "bf" else zkey(p, zone)
                for uid in state.zones.get(key, ()):
                    if state.cards[uid].owner != p:
                        continue
                    order.append(uid)
                    c = state.cards[uid]
                    if zone not in AREAS:
                        entries.append(c.cid)
                        continue
                    e: dict[str, Any] = {"card": c.cid, **{k: c.f[k] for k in (
                        "at", "hp", "df", "dt", "down", "ail", "bl") if k in c.f}}
                    es = under(state, uid, "es")
                    if es:
                        e["es"] = [state.cards[u].cid for u in es]
                        order += es
                    gs = under(state, uid, "gs")
                    if gs:
                        e["gs"] = [state.cards[u].cid for u in gs]
                        order += gs
                    fam = under(state, uid, "fam")
                    if fam:
                        e["fam"] = state.cards[fam[0]].cid
                        order.append(fam[0])
                        es = under(state, fam[0], "es")
                        if es:
                            e["es"] = [state.cards[u].cid for u in es]
                            order += es
                        if state.cards[fam[0]].f.get("guard"):
                            e["guard"] = True
                    entries.append(e)
                if entries:
                    side[zone] = entries
            doc[name] = side
        return doc, order

    # -- the sandbox's menus ----------------------------------------------------------------

    def places(self, state: State, cid: str, player: int, moving: int | None) -> list[Place]:
        """Where the sandbox may put the card: its owner's zones for its kind, the
        Stronghold's top or bottom, an empty Command Zone, every free cell."""
        card = self.pool.get(cid)
        here = state.cards[moving].zone if moving is not None else None
        who = f"P{player + 1}"
        zones = ("fhand", "summon") if card.familiar else ("hand", "standby", "banish")
        out = [Place(f"{who} {ZONE_WORDS[z]}", player, z) for z in zones
               if zkey(player, z) != here]
        if card.character:
            out += [Place(f"{who} Stronghold (top)", player, "sh"),
                    Place(f"{who} Stronghold (bottom)", player, "sh", {"bottom": True})]
            if not state.zones.get(zkey(player, "cz")):
                out.append(Place(f"{who} Command Zone", player, "cz"))
        board = board_of(state)
        out += [Place(f"{who} Battlefield {cell}", player, "bf", {"at": cell})
                for cell in board.cells() if is_free(state, board, cell)]
        return out

    def riders(self, state: State, uid: int) -> list[tuple[int, str]]:
        return []

    def moments(self, state: State) -> list[Moment]:
        """The turn's start (its Active Phase runs), its Charge and Main Phases."""
        now = state.vars.get("phase")
        return [Moment(f"phase:{p}", words, {"phase": p}, current=p == now) for p, words in (
            ("active", "the start of the turn (its Active Phase follows)"),
            ("charge", "the Charge Phase"), ("main", "the Main Phase"))]

    def suggestions(self, state: State, uid: int | None) -> list[str]:
        return notation_suggestions(NOTATION, state, uid)

    def busy(self, state: State) -> str | None:
        v = state.vars
        for key, what in (("roll", "a die is waiting"), ("asks", "a pick is waiting"),
                          ("ab", "an ability is resolving"), ("trig", "a trigger is waiting"),
                          ("combat", "a fight is going on")):
            if v.get(key):
                return what
        if v.get("phase") not in ("active", "main", "charge"):
            return "only the start of a turn, a Main or a Charge Phase can be written"
        return None

    # -- showing ---------------------------------------------------------------------------

    def moment(self, state: State) -> dict[str, Any]:
        v = state.vars
        return {"turn": v.get("turn"), "player": PLAYERS[v.get("ap", 0)],
                "phase": v.get("phase"), "mode": v.get("mode"), "ap": v.get("action_points"),
                "sh_hp": v.get("sh_hp")}

    def moment_line(self, state: State) -> str:
        v = state.vars
        phase = PHASE_WORDS.get(str(v.get("phase")), str(v.get("phase")))
        ap, sh = v.get("action_points", [0, 0]), v.get("sh_hp", [0, 0])
        return (f"turn {v.get('turn')}, P{v.get('ap', 0) + 1} to play, {phase} "
                f"({v.get('mode')}, {v.get('board')}); AP {ap[0]}/{ap[1]}; "
                f"Stronghold HP {sh[0]}/{sh[1]}")

    def card_json(self, state: State, uid: int) -> dict[str, Any]:
        c = state.cards[uid]
        return {"card": f"{c.cid}@{uid}", **c.f, **self._values(state, uid)}

    def _values(self, state: State, uid: int) -> dict[str, Any]:
        if state.cards[uid].zone.partition("/")[2] not in AREAS:
            return {}
        view = self.card_view(state, uid, None)
        return {k: view[k] for k in ("atk", "mat", "def", "mdf", "max_hp", "stance")}

    def card_text(self, state: State, uid: int) -> str:
        c = state.cards[uid]
        ref = f"{c.cid}@{uid}"
        marks = []
        if c.zone.partition("/")[2] in AREAS:
            val = self._values(state, uid)
            marks.append(str(c.f.get("at", "cz")))
            marks.append(f"hp{c.f.get('hp', 1)}/{val['max_hp']}")
            marks.append(f"{val['atk']}/{val['mat']}-{val['def']}/{val['mdf']}")
            if c.f.get("df"):
                marks.append("def")
            if c.f.get("down"):
                marks.append("down")
            marks += counted(c.f.get("ail", ()))
            marks += [f"bless-{a}" for a in c.f.get("bl", ())]
        elif "of" in c.f:
            top = c.f["of"]
            marks.append(f"{c.f.get('role')} of {state.cards[top].cid}@{top}")
        return f"{ref}({','.join(marks)})" if marks else ref

    # -- this game's expectations -----------------------------------------------------------

    def check_expect(self, state: State, uid: int | None, e: Mapping[str, Any]) -> list[str]:
        out: list[str] = []
        if uid is not None:
            c = state.cards[uid]
            ref = f"{c.cid}@{uid}"
            val = self._values(state, uid)
            got = {"hp": c.f.get("hp") if val else None, "at": c.f.get("at"),
                   "stance": val.get("stance"), **{k: val.get(k) for k in (
                       "atk", "mat", "def", "mdf")}}
            for key in ("hp", "at", "stance", "atk", "mat", "def", "mdf"):
                if key in e and got[key] != e[key]:
                    out.append(f"expected {ref} to have {key} {e[key]!r}, it has {got[key]!r}")
            return out
        v = state.vars
        for key, var in (("phase", "phase"), ("turn", "turn"), ("ap", "action_points"),
                         ("sh_hp", "sh_hp")):
            if key in e and v.get(var) != e[key]:
                out.append(f"expected {key} {e[key]!r}, it is {v.get(var)!r}")
        return out

    card_facts = ("hp", "at", "stance", "atk", "mat", "def", "mdf", "down", "ailments",
                  "blessings", "growth_sources", "familiar", "evolution_sources")
    moment_facts = ("turn", "player", "first", "phase", "ap", "sh_hp", "mode", "board")

    def facts(self, state: State, uid: int | None) -> dict[str, Any]:
        """The named state of a card (stats now, ailments with their count, blessings, the
        cards under it, top first) or of the moment (docs/scenarios.md, "Named state")."""
        v = state.vars
        if uid is None:
            return {"turn": v.get("turn"), "player": PLAYERS[int(v.get("ap", 0))],
                    "first": PLAYERS[int(v.get("first", 0))], "phase": v.get("phase"),
                    "ap": v.get("action_points"), "sh_hp": v.get("sh_hp"),
                    "mode": v.get("mode"), "board": v.get("board")}
        c = state.cards[uid]
        val = self._values(state, uid)
        ail = c.f.get("ail") or {}
        counts = dict(ail) if isinstance(ail, Mapping) else dict(Counter(ail))
        fam = familiar_of(state, uid)
        holder = fam if fam is not None else uid
        return {
            "hp": c.f.get("hp") if val else None, "at": c.f.get("at"),
            "stance": val.get("stance"), **{k: val.get(k) for k in ("atk", "mat", "def", "mdf")},
            "down": bool(c.f.get("down")), "ailments": counts,
            "blessings": list(c.f.get("bl") or ()),
            "growth_sources": [state.cards[u].cid for u in under(state, uid, "gs")],
            "familiar": "" if fam is None else state.cards[fam].cid,
            "evolution_sources": [state.cards[u].cid for u in under(state, holder, "es")],
        }

    def check_keys(self, e: Mapping[str, Any]) -> str | None:
        if "stance" in e and e["stance"] not in ("attack", "defense"):
            return 'expect.stance: "attack" or "defense"'
        return None
