"""Toy scenario positions: parse, build, write back, describe, and the sandbox's edits.

A position in a scenario file:

    [position]
    turn = 3
    active = "p1"          # whose turn it is
    phase = "start"        # the turn's very beginning: T3's untire and draw follow (default
                           # "main": the player acts)
    hp = [6, 4]
    [position.board]       # cell = "OWNER CARD [down] [tired]"
    a1 = "p1 TOY-02"
    b2 = "p2 TOY-05 down"
    [p1]
    hand = ["TOY-01", "TOY-04"]
    deck = ["TOY-02"]      # top first
    discard = []
    camp = ["2 TOY-07 lit", "1 TOY-01"]   # "POST CARD [lit]" (T5a, T5b)

Cards are numbered in the order written: p1's deck, hand, discard, camp (by post),
then p2's, then the board in cell order a1, b1, c1, a2, ...
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from pmtui.engine.context import Context
from pmtui.engine.ruleset import (
    Moment,
    Place,
    PositionError,
    notation_suggestions,
    zone_places,
)
from pmtui.engine.state import Card, State, zkey

from .ruleset import BOARD, BOX, CELLS, NOTATION, POST, POSTS, START_HP, _next_turn

if TYPE_CHECKING:
    from .ruleset import Toy

PLAYERS = ("p1", "p2")
ZONES = ("deck", "hand", "discard")
FLAGS = ("down", "tired")


class ToyEdits:
    """The sandbox's edits on a copy of a state (PositionEdits). Zone "board" needs cell=."""

    def __init__(self, rs: Toy) -> None:
        self.rs = rs

    def _put(
        self, state: State, uid: int, player: int, zone: str, where: Mapping[str, Any]
    ) -> None:
        c = state.cards[uid]
        c.owner = player
        c.f = {}
        if zone == "camp":  # T5a: one card a post
            post = where.get("post")
            if post not in range(1, POSTS + 1):
                raise PositionError(f"a card in a camp needs a post (1 to {POSTS})")
            if any(state.cards[u].f.get(POST) == post
                   for u in state.zones.get(zkey(player, "camp"), ())):
                raise PositionError(f"post {post} is taken (T5a)")
            c.f[POST] = post
            key = zkey(player, "camp")
        elif zone == "board":
            cell = str(where.get("cell", ""))
            if cell not in CELLS:
                raise PositionError(f"a card on the board needs a cell ({', '.join(CELLS)})")
            if any(state.cards[u].f.get("cell") == cell for u in state.zones.get(BOARD, ())):
                raise PositionError(f"cell {cell} is taken (T2)")
            c.f["cell"] = cell
            key = BOARD
        elif zone in ZONES:
            key = zkey(player, zone)
        else:
            raise PositionError(f"no zone {zone!r} (zones: {', '.join(('board', 'camp', *ZONES))})")
        c.zone = key
        state.zone(key).append(uid)

    def add(self, state: State, cid: str, player: int, zone: str, **where: object) -> int:
        if cid not in self.rs.cards:
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
        c = state.cards[uid]
        state.zone(c.zone).remove(uid)
        c.zone = ""
        return [uid]

    def toggle(self, state: State, uid: int, flag: str, value: object = True) -> bool:
        c = state.cards[uid]
        if flag not in FLAGS:
            raise PositionError(f"a toy card has no {flag!r} (it can be {' or '.join(FLAGS)})")
        if c.zone != BOARD:
            raise PositionError(f"only cards on the board can be {' or '.join(FLAGS)}")
        if c.f.get(flag):
            c.f.pop(flag)
            return False
        c.f[flag] = value
        if flag == "down":
            c.f["turn"] = 0  # a set trap springs from the next turn on
        return True

    def add_coin(self, state: State, uid: int, n: int = 1) -> int:
        raise PositionError("the toy game has no coins on cards")

    def mark(self, state: State, uid: int, what: str, arg: object, name: str) -> str:
        """The sandbox's card marks: the toy's flags (FLAGS) on board cards."""
        if what not in FLAGS:
            raise PositionError(f"no card mark {what!r} in the toy game ({', '.join(FLAGS)})")
        on = self.toggle(state, uid, what)
        return f"{name}: {what}" if on else f"{name}: not {what}"

    def set_moment(self, state: State, **moment: object) -> None:
        if moment.get("phase") == "start":  # written as phase = "start": the start runs
            state.vars["start"] = True
        if "active" in moment:
            state.vars["ap"] = int(moment["active"])  # type: ignore[call-overload]
        if "hp" in moment:
            state.vars["hp"] = list(moment["hp"])  # type: ignore[call-overload]

    def set_turn(self, state: State, turn: int, *, swap_first: bool = False) -> None:
        state.vars["turn"] = turn
        if swap_first:
            state.vars["ap"] = 1 - int(state.vars.get("ap", 0))

    def remap(self, text: str, order: Sequence[int]) -> str:
        new = {old: n for n, old in enumerate(order)}
        out = []
        for word in text.split():
            cid, sep, num = word.partition("@")
            if sep and num.isdigit() and int(num) in new:
                word = f"{cid}@{new[int(num)]}"
            out.append(word)
        return " ".join(out)


class ToyPositions:
    players = PLAYERS
    zones = ("board", *ZONES, "camp")
    counted_zones = frozenset({"deck"})
    areas = ("board",)
    zone_words: Mapping[str, str] = {
        "board": "board", "deck": "deck", "hand": "hand", "discard": "discard pile",
        "camp": "camp",
    }
    default_doc: Mapping[str, object] = {
        "position": {"turn": 1, "active": "p1", "hp": [START_HP, START_HP],
                     "board": {"b2": "p1 TOY-05 down"}},
        "p1": {"hand": ["TOY-01", "TOY-02", "TOY-04"], "deck": ["TOY-03"] * 3},
        "p2": {"hand": ["TOY-01", "TOY-02", "TOY-04"], "deck": ["TOY-03"] * 3},
    }
    expect_keys: Mapping[str, tuple[type, ...]] = {"hp": (list,), "tired": (bool,)}
    card_facts = ("cell", "down", "tired", "power")
    moment_facts = ("turn", "active", "hp")

    def __init__(self, rs: Toy) -> None:
        self.rs = rs
        self.edits = ToyEdits(rs)

    # -- reading a position ------------------------------------------------------------

    def _cid(self, value: object, path: tuple[str | int, ...]) -> str:
        if not isinstance(value, str) or value not in self.rs.cards:
            raise PositionError(f"unknown card {value!r}", path, str(value))
        return value

    def parse(self, doc: Mapping[str, object]) -> dict[str, object]:
        pos = doc.get("position", {})
        if not isinstance(pos, Mapping):
            raise PositionError("position: must be a table", ("position",))
        turn = pos.get("turn", 1)
        if not isinstance(turn, int) or isinstance(turn, bool) or turn < 1:
            raise PositionError("position.turn: a whole number from 1", ("position", "turn"))
        active = pos.get("active", "p1")
        if active not in PLAYERS:
            raise PositionError('position.active: "p1" or "p2"', ("position", "active"))
        phase = pos.get("phase", "main")
        if phase not in ("start", "main"):
            raise PositionError('position.phase: "start" (the turn begins: T3 untires and '
                                'draws) or "main"', ("position", "phase"))
        hp = pos.get("hp", [START_HP, START_HP])
        if (not isinstance(hp, list) or len(hp) != 2
                or not all(isinstance(h, int) and not isinstance(h, bool) for h in hp)):
            raise PositionError("position.hp: two whole numbers", ("position", "hp"))
        cards: list[list[object]] = []  # [cid, owner, zone key, flags]
        for p, name in enumerate(PLAYERS):
            table = doc.get(name, {})
            if not isinstance(table, Mapping):
                raise PositionError(f"{name}: must be a table", (name,))
            for key in table:
                if key not in (*ZONES, "camp"):
                    raise PositionError(f"{name}.{key}: no such zone ({', '.join(ZONES)}, camp)",
                                        (name, key))
            for zone in ZONES:
                ids = table.get(zone, [])
                if not isinstance(ids, list):
                    raise PositionError(f"{name}.{zone}: a list of card ids", (name, zone))
                for i, cid in enumerate(ids):
                    self._cid(cid, (name, zone, i))
                    cards.append([cid, p, zkey(p, zone), {}])
            cards += self._camp(table.get("camp", []), p, name)
        board = pos.get("board", {})
        if not isinstance(board, Mapping):
            raise PositionError("position.board: a table of cells", ("position", "board"))
        for cell in board:
            if cell not in CELLS:
                raise PositionError(f"position.board.{cell}: no such cell (a1..c3)",
                                    ("position", "board", cell))
        for cell in CELLS:
            if cell not in board:
                continue
            path: tuple[str | int, ...] = ("position", "board", cell)
            words = str(board[cell]).split()
            if len(words) < 2 or words[0] not in PLAYERS:
                raise PositionError(f"position.board.{cell}: write \"p1 TOY-02 [down] [tired]\"",
                                    path)
            flags: dict[str, object] = {"cell": cell}
            for w in words[2:]:
                if w not in FLAGS:
                    raise PositionError(f"position.board.{cell}: {w!r} is not down or tired", path)
                flags[w] = True
            if "down" in flags:
                flags["turn"] = 0
            cards.append([self._cid(words[1], path), PLAYERS.index(words[0]), BOARD, flags])
        return {"turn": turn, "ap": PLAYERS.index(active), "hp": list(hp), "cards": cards,
                **({"start": True} if phase == "start" else {})}

    def _camp(self, entries: object, p: int, name: str) -> list[list[object]]:
        """A seat's camp: "POST CARD [lit]" each (T5a; "lit": a lantern's side, T5b)."""
        if not isinstance(entries, list):
            raise PositionError(f"{name}.camp: a list like [\"2 TOY-07 lit\"]", (name, "camp"))
        out: list[list[object]] = []
        taken: set[int] = set()
        for i, entry in enumerate(entries):
            path: tuple[str | int, ...] = (name, "camp", i)
            words = str(entry).split()
            if len(words) not in (2, 3) or not words[0].isdigit() or words[2:] not in ([], ["lit"]):
                raise PositionError(f"{name}.camp: write \"POST CARD [lit]\"", path, str(entry))
            post = int(words[0])
            if not 1 <= post <= POSTS or post in taken:
                raise PositionError(f"{name}.camp: post {post} is not a free post 1-{POSTS}",
                                    path, str(entry))
            taken.add(post)
            cid = self._cid(words[1], path)
            flags: dict[str, object] = {POST: post}
            if self.rs.cards[cid].sides:
                flags["side"] = "lit" if words[2:] else "dark"
            out.append([cid, p, zkey(p, "camp"), flags])
        return sorted(out, key=lambda c: c[3][POST])  # type: ignore[index]

    def build(self, ctx: Context, position: Mapping[str, Any]) -> None:
        """Setup from a parsed position: every card is made in the hidden box, then put
        where it belongs (so a face-down card never shows its face on the way)."""
        cards = position["cards"]
        ctx.emit({"t": "create", "cards": [[i, c[0], c[1], BOX] for i, c in enumerate(cards)]})
        for uid, (cid, _owner, zone, flags) in enumerate(cards):
            ev: dict[str, Any] = {"t": "move", "card": uid, "cid": cid, "from": BOX, "to": zone,
                                  "pos": "bottom", "why": "position"}
            if flags:
                ev["f"] = dict(flags)
            ctx.emit(ev)
        if position.get("start"):  # the turn before ends: its start follows (T3)
            ctx.emit({"t": "var", "set": {"hp": list(position["hp"]),
                                          "turn": position["turn"] - 1,
                                          "ap": 1 - position["ap"]}, "why": "position"})
            _next_turn(ctx)
            return
        ctx.emit({"t": "var", "set": {"hp": list(position["hp"]), "turn": position["turn"],
                                      "ap": position["ap"]}, "why": "position"})

    # -- writing one back ----------------------------------------------------------------

    def write(self, state: State) -> tuple[dict[str, object], list[int]]:
        order: list[int] = []
        doc: dict[str, object] = {}
        for p, name in enumerate(PLAYERS):
            table: dict[str, object] = {}
            for zone in ZONES:
                uids = list(state.zones.get(zkey(p, zone), ()))
                order += uids
                table[zone] = [state.cards[u].cid for u in uids]
            camp = sorted(state.zones.get(zkey(p, "camp"), ()),
                          key=lambda u: int(state.cards[u].f.get(POST) or 0))
            if camp:
                order += camp
                table["camp"] = [" ".join([str(state.cards[u].f.get(POST)), state.cards[u].cid,
                                           *(["lit"] if state.cards[u].f.get("side") == "lit"
                                             else [])]) for u in camp]
            doc[name] = table
        board: dict[str, str] = {}
        on_board = {state.cards[u].f.get("cell"): u for u in state.zones.get(BOARD, ())}
        for cell in CELLS:
            if cell in on_board:
                u = on_board[cell]
                c = state.cards[u]
                words = [PLAYERS[c.owner], c.cid, *(f for f in FLAGS if c.f.get(f))]
                board[cell] = " ".join(words)
                order.append(u)
        v = state.vars
        doc["position"] = {"turn": int(v.get("turn", 1)), "active": PLAYERS[int(v.get("ap", 0))],
                           "hp": list(v.get("hp", [START_HP, START_HP])), "board": board,
                           **({"phase": "start"} if v.get("start") else {})}
        return doc, order

    # -- the sandbox's menus ------------------------------------------------------------

    def places(self, state: State, cid: str, player: int, moving: int | None) -> list[Place]:
        """The zones, then each free cell of the board (T2: one card a cell)."""
        taken = {state.cards[u].f.get("cell") for u in state.zones.get(BOARD, ()) if u != moving}
        cells = [Place(f"P{player + 1} on the board at {cell}", player, "board", {"cell": cell})
                 for cell in CELLS if cell not in taken]
        held = {state.cards[u].f.get(POST) for u in state.zones.get(zkey(player, "camp"), ())
                if u != moving}
        posts = [Place(f"P{player + 1} camp post {n}", player, "camp", {"post": n})
                 for n in range(1, POSTS + 1) if n not in held]
        return [*zone_places(ZONES, {}, state, player, moving), *cells, *posts]

    def riders(self, state: State, uid: int) -> list[tuple[int, str]]:
        return []

    def moments(self, state: State) -> list[Moment]:
        """Whose turn it is: the toy's turn has no phases."""
        ap = state.vars.get("ap")
        return [*(Moment(f"active:{p}", f"P{p + 1}'s turn", {"active": p}, current=ap == p)
                  for p in (0, 1)),
                *(Moment(f"start:{p}", f"P{p + 1}'s turn begins (untire, draw)",
                         {"active": p, "phase": "start"}) for p in (0, 1))]

    def suggestions(self, state: State, uid: int | None) -> list[str]:
        return notation_suggestions(NOTATION, state, uid)

    def busy(self, state: State) -> str | None:
        if "hit" in state.vars:
            return "an attack waits for its die: roll it first"
        if state.vars.get("resp"):
            return "an attack waits in a snare window: answer or pass first (T5d)"
        if state.vars.get("pilfer"):
            return "a blind pick waits: pilfer first (T5e)"
        return None

    # -- describing -------------------------------------------------------------------------

    def moment(self, state: State) -> dict[str, object]:
        v = state.vars
        return {"turn": v.get("turn"), "active": PLAYERS[int(v.get("ap", 0))],
                "hp": list(v.get("hp", []))}

    def moment_line(self, state: State) -> str:
        v = state.vars
        hp = v.get("hp", [START_HP, START_HP])
        return (f"turn {v.get('turn', 1)}, {PLAYERS[int(v.get('ap', 0))].upper()} to act, "
                f"HP {hp[0]}-{hp[1]}")

    def card_text(self, state: State, uid: int) -> str:
        c = state.cards[uid]
        marks = [str(c.f["cell"])] if "cell" in c.f else []
        marks += [f"post {c.f[POST]}"] if POST in c.f else []
        marks += [f for f in FLAGS if c.f.get(f)]
        marks += [str(c.f["side"])] if c.f.get("side") else []
        return f"{c.cid}@{uid}" + (f"({','.join(marks)})" if marks else "")

    def card_json(self, state: State, uid: int) -> dict[str, object]:
        c = state.cards[uid]
        return {"card": f"{c.cid}@{uid}", "zone": c.zone,
                **{k: c.f[k] for k in ("cell", POST, "side", *FLAGS) if k in c.f}}

    # -- the toy's own expectation keys ---------------------------------------------------

    def facts(self, state: State, uid: int | None) -> dict[str, object]:
        if uid is None:
            v = state.vars
            return {"turn": v.get("turn"), "active": PLAYERS[int(v.get("ap", 0))],
                    "hp": list(v.get("hp", []))}
        c = state.cards[uid]
        return {"cell": c.f.get("cell", ""), "down": bool(c.f.get("down")),
                "tired": bool(c.f.get("tired")), "power": self.rs.cards[c.cid].power}

    def check_keys(self, expect: Mapping[str, object]) -> str | None:
        hp = expect.get("hp")
        if hp is not None and (not isinstance(hp, list) or len(hp) != 2):
            return "expect.hp: two whole numbers, like [6, 4]"
        if "tired" in expect and "card" not in expect:
            return "expect.tired goes with card = ..."
        return None

    def check_expect(
        self, state: State, uid: int | None, expect: Mapping[str, object]
    ) -> list[str]:
        out = []
        if uid is None and "hp" in expect and list(state.vars.get("hp", [])) != expect["hp"]:
            out.append(f"expected HP {expect['hp']}, it is {state.vars.get('hp')}")
        if uid is not None and "tired" in expect:
            tired = bool(state.cards[uid].f.get("tired"))
            if tired != expect["tired"]:
                word = "tired" if expect["tired"] else "untired"
                out.append(f"expected {state.cards[uid].cid}@{uid} {word}")
        return out
