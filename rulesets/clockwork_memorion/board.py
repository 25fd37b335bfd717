"""Where the cards are and what they are now: zones, holders, current memory words,
Power, Mind, keywords and the Summon Limit (reading only; nothing here emits).

Zones of a seat (M5-M6): deck, hand, ruler, limit (the Summon Limit card), succ (the
row of five Successor zones, each card's zone number in its flag `z`), mem (memorions
a Ruler or Successor memorises: flags `host` and `slot`), storage, drop.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from pmtui.engine import chain, slots
from pmtui.engine.state import State, zkey

from .cards import NUMERIC, Ability, CardDef, Pool, number

ZONES = ("deck", "hand", "ruler", "limit", "succ", "mem", "storage", "drop")
VISIBILITY = {z: "public" for z in ZONES} | {"deck": "hidden", "hand": "owner"}
ZONE_COUNT = 5
ZONE_FLAG = "z"  # a successor's zone number 1-5, a numbered slot (pmtui.engine.slots)
START_LIFE = 2000  # S:46
HAND_LIMIT = 7  # S:155
OPENING = (6, 7)  # S:157: first player 6, second 7
RECALL = "recall"  # the mode of the window that Recall Time is (pmtui.engine.chain)
# the phases whose start opens a window (M20), in the words of a prompt
STEPS = {"standup": "the Stand-up Phase", "draw": "the Draw Phase", "main1": "Main Phase I",
         "battle": "the Battle Phase", "main2": "Main Phase II", "end": "the turn end"}


def recall_time(vars: Mapping[str, Any]) -> bool:
    """Whether Recall Time is on: a window where only recalls answer (S:69-70)."""
    return chain.window_mode(vars) == RECALL


def recaller(vars: Mapping[str, Any]) -> int | None:
    """Who may recall now in Recall Time; None outside it."""
    return chain.holder(vars) if recall_time(vars) else None


def cd(state: State, pool: Pool, uid: int) -> CardDef:
    return pool.get(state.cards[uid].cid)


def where(state: State, uid: int) -> str:
    return state.cards[uid].zone.partition("/")[2]


def zone(state: State, p: int, name: str) -> list[int]:
    return state.zones.get(zkey(p, name), [])


def ruler(state: State, p: int) -> int | None:
    z = zone(state, p, "ruler")
    return z[0] if z else None


def successors(state: State, p: int) -> list[int]:
    """`p`'s successors in zone order 1-5."""
    return sorted(zone(state, p, "succ"), key=lambda u: state.cards[u].f.get("z", 0))


def at_zone(state: State, p: int, z: int) -> int | None:
    """The successor in `p`'s zone `z` (the row of numbered slots, flag "z")."""
    return slots.at_slot(state, zkey(p, "succ"), z, ZONE_FLAG)


def in_play(state: State, uid: int) -> bool:
    """A Ruler or a Successor in its zone, not already on its way out."""
    return where(state, uid) in ("ruler", "succ") and not state.cards[uid].f.get("doom")


def holders(state: State, p: int) -> list[int]:
    """`p`'s Ruler, then successors: who may memorise (S:33, M17)."""
    r = ruler(state, p)
    return ([r] if r is not None else []) + [u for u in successors(state, p) if in_play(state, u)]


def being_summoned(state: State, p: int) -> list[int]:
    """`p`'s successors declared for a summon and still waiting for it in the hand: a
    recall may change their words before they arrive (S:84)."""
    return [e["u"] for e in state.vars.get("chain") or () if e["k"] == "summon"
            and e["by"] == p and where(state, e["u"]) == "hand"]


def attached(state: State, uid: int) -> list[int]:
    owner = state.cards[uid].owner
    return [m for m in zone(state, owner, "mem") if state.cards[m].f.get("host") == uid]


def deified(state: State, uid: int) -> bool:
    return bool(state.cards[uid].f.get("dei"))


def face(state: State, pool: Pool, uid: int) -> tuple[Ability, ...]:
    """The abilities printed on the face now up (a deified Ruler's other face, S:10)."""
    card = cd(state, pool, uid)
    return card.deified if card.kind == "ruler" and deified(state, uid) else card.abilities


def slot_genres(state: State, pool: Pool, uid: int) -> list[str]:
    return [s.genre for a in face(state, pool, uid) for s in a.slots]


def recalls_on(state: State, uid: int) -> Iterator[dict[str, Any]]:
    for r in state.vars.get("recalls") or ():
        if r["t"] == uid:
            yield r


def current_slots(state: State, pool: Pool, uid: int) -> list[list[str]]:
    """The words in each slot now: printed, then inherited (S:53), then recalled until
    the end of the turn (S:65-67); a rewrite replaces a slot's words, except that
    Power and Potency words still add up (S:81, W5)."""
    abilities = face(state, pool, uid)
    slots = [list(s.words) for a in abilities for s in a.slots]
    genres = [s.genre for a in abilities for s in a.slots]
    for m in attached(state, uid):
        n = state.cards[m].f.get("slot")
        if isinstance(n, int) and 1 <= n <= len(slots):
            slots[n - 1].append(cd(state, pool, m).word)
    for r in recalls_on(state, uid):
        n = r.get("s")
        if not isinstance(n, int) or not 1 <= n <= len(slots):
            continue
        if r.get("m") == "rewrite" and genres[n - 1] not in NUMERIC:
            slots[n - 1] = [r["w"]]
        else:
            slots[n - 1].append(r["w"])
    return slots


def ability_slots(state: State, pool: Pool, uid: int) -> list[list[list[str]]]:
    """current_slots grouped by ability."""
    flat = current_slots(state, pool, uid)
    out, i = [], 0
    for a in face(state, pool, uid):
        out.append(flat[i:i + len(a.slots)])
        i += len(a.slots)
    return out


def active(ab: Ability, words: list[list[str]]) -> bool:
    """An ability with a blank memory does nothing (S:173, S:185, S:198)."""
    return all(words) if ab.slots else True


def value(ab: Ability, words: list[list[str]], genre: str) -> int:
    """A Power/Potency slot's number: every word adds up (S:200); unsigned values
    never go below 0, signed ones may (S:201-204). No slot: the ability's own n."""
    for s, w in zip(ab.slots, words, strict=True):
        if s.genre == genre:
            total, signed = 0, False
            for word in w:
                n, sg = number(word)
                total += n
                signed = signed or sg
            return total if signed else max(0, total)
    return ab.n


def words_of(ab: Ability, words: list[list[str]], genre: str) -> list[str]:
    """The distinct words of a slot of `genre`, lower case (a word twice adds nothing,
    S:64, S:229)."""
    out: list[str] = []
    for s, w in zip(ab.slots, words, strict=True):
        if s.genre == genre:
            for word in w:
                if word.lower() not in out:
                    out.append(word.lower())
    return out


def kings_on(state: State, pool: Pool, uid: int) -> list[tuple[int | None, CardDef]]:
    """King's memorions memorised by `uid`: inherited (the card) or recalled this turn
    (S:35: "while memorised" is either)."""
    out: list[tuple[int | None, CardDef]] = [
        (m, cd(state, pool, m)) for m in attached(state, uid) if cd(state, pool, m).kind == "king"]
    for r in recalls_on(state, uid):
        if r.get("k"):
            out.append((None, pool.get(r["k"])))
    return out


def keywords(state: State, pool: Pool, uid: int) -> set[str]:
    """Ability-words it has now: only written into a slot like "this has [Ability: ...]"
    (S:226-229)."""
    out: set[str] = set()
    for ab, w in zip(face(state, pool, uid), ability_slots(state, pool, uid), strict=True):
        if ab.do == "keyword" and active(ab, w):
            out.update(words_of(ab, w, "ability"))
    return out


def cannot_move(state: State, pool: Pool, uid: int) -> bool:
    return any(ab.do == "no_move" and active(ab, w) for ab, w in
               zip(face(state, pool, uid), ability_slots(state, pool, uid), strict=True))


def team_bonus(state: State, pool: Pool, p: int) -> int:
    """Continuous Power from `p`'s Ruler ("your successors get ...")."""
    r = ruler(state, p)
    if r is None:
        return 0
    return sum(value(ab, w, "power") for ab, w in
               zip(face(state, pool, r), ability_slots(state, pool, r), strict=True)
               if ab.do == "team_pump" and active(ab, w))


def power(state: State, pool: Pool, uid: int) -> int:
    """Power now; never below 000 (S:18)."""
    c = state.cards[uid]
    base = cd(state, pool, uid).power + int(c.f.get("pp", 0))
    if where(state, uid) == "succ":
        base += team_bonus(state, pool, c.owner)
    return max(0, base)


def mind(state: State, pool: Pool, uid: int) -> int:
    """Mind now: printed, raised until end of turn, lowered by damage; never below 000."""
    c = state.cards[uid]
    return max(0, cd(state, pool, uid).mind + int(c.f.get("mp", 0)) - int(c.f.get("dmg", 0)))


def summon_level(state: State, pool: Pool, p: int) -> int:
    r = ruler(state, p)
    if r is None:
        return 0
    card = cd(state, pool, r)
    return card.deified_level if deified(state, r) else card.summon_level


def limit_marks(state: State, pool: Pool, p: int) -> tuple[str, ...] | None:
    """The emotion of each of `p`'s zones 1-5 as the Summon Limit lies (M5), once placed."""
    z = zone(state, p, "limit")
    if not z or "face" not in state.cards[z[0]].f:
        return None
    f = state.cards[z[0]].f
    row = cd(state, pool, z[0]).faces[int(f["face"])]
    return tuple(reversed(row)) if f.get("rev") else tuple(row)


def first_turn(state: State, p: int) -> bool:
    """Each player's first turn (S:212-216): turns 1 and 2."""
    return int(state.vars.get("turn", 1)) <= 2


def life(state: State, p: int) -> int:
    return int((state.vars.get("life") or [START_LIFE, START_LIFE])[p])


def counters(state: State, p: int) -> int:
    return int((state.vars.get("ctr") or [0, 0])[p])
