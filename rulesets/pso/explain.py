"""Why an action is not legal now: one line naming the rule and its section of the source
(for `pmtui check` and the sandbox). Legal actions get None."""

from __future__ import annotations

from pmtui.engine.decision import Decision
from pmtui.engine.state import State, zkey

from . import board, effects, flow
from .cards import CardPool

# verb -> the decision kind that offers it
KIND_OF = {
    "character": "main", "monster": "main", "event": "main", "item": "main", "area": "main",
    "trap": "main", "combat": "main", "set": "trap", "attack": "combat", "ability": "combat",
    "cast": "combat", "spell": "combat", "weapon": "combat", "end": "combat",
    "target": "target", "back": "target", "lead": "lead", "prefer": "prefer",
    "evade": "evasion", "hit": "evasion",
}
KIND_WORDS = {
    "main": "playing cards (main phase)", "combat": "combat", "target": "choosing targets",
    "trap": "choosing a trap", "lead": "choosing a main character",
    "prefer": "choosing between two replacements", "evasion": "an evasion roll",
}


def _uids(state: State, words: list[str], places: tuple[str, ...]) -> list[int] | None:
    """The cards named; a card written without its number is the first copy found in
    `places` (zone keys, in order), else anywhere."""
    out = []
    for w in words:
        cid, at, n = w.partition("@")
        if not at:
            found = [u for z in places for u in state.zones.get(z, ()) if state.cards[u].cid == cid]
            found += [c.uid for c in state.cards if c.cid == cid]
            if not found:
                return None
            out.append(found[0])
            continue
        if not n.isdigit() or int(n) >= len(state.cards) or state.cards[int(n)].cid != cid:
            return None
        out.append(int(n))
    return out


def explain(state: State, pool: CardPool, text: str, decision: Decision | None) -> str | None:
    if decision is None:
        return "the game is over"
    norm = " ".join(text.split())
    if decision.find(norm) is not None:
        return None
    words = norm.split()
    if not words:
        return "empty action"
    verb = words[0]
    kind = KIND_OF.get(verb)
    if kind is None:
        return f"unknown action {verb!r}"
    if kind != decision.kind:
        now = KIND_WORDS.get(decision.kind, decision.kind)
        return f"{verb!r} is not offered now: the game waits for {now}"
    tp = state.vars.get("ap", 0)
    places = tuple(zkey(tp, z) for z in ("hand", *board.PLAY_ZONES))
    uids = _uids(state, words[1:] if verb != "prefer" else [words[1], *words[3:]], places)
    if uids is None:
        return f"{norm!r}: no such card in this game (a card is written ID or ID@N)"
    why = _why(state, pool, verb, uids, tp)
    return why or f"{norm!r} is not among the choices now"


def _why(state: State, pool: CardPool, verb: str, uids: list[int], tp: int) -> str | None:
    if not uids:
        return None
    u = uids[0]
    c = state.cards[u]
    d = pool[c.cid]
    did = state.vars.get("did", {})
    in_hand = c.zone == zkey(tp, "hand")
    if verb in ("character", "monster", "event", "item", "area", "set") and not in_hand:
        return f"{c.cid}@{u} is not in your hand"
    if verb in ("character", "monster", "area", "event", "item") and d.type != verb:
        return f"{c.cid}@{u} is not {'an' if verb[0] in 'aei' else 'a'} {verb} card"
    if verb == "character" and did.get("character"):
        return "one character per turn has been played already (Game play; D-08)"
    if verb == "area":
        if did.get("area"):
            return "one Area per turn has been played already (Game play; D-09)"
        lock = flow.area_locked(state, pool)
        if lock:
            return f"no new Area: {lock} (Area Cards)"
    lead = board.lead(state, tp)
    if verb in ("item", "event") and d.type in ("item", "event"):
        if d.kind == "trap":
            return "a trap is set face down with 'trap' (Event cards; D-14)"
        if (d.type == "item" or d.kind == "blast") and lead is None:
            return "only a main character uses items and photon blasts (The Cards; D-25)"
        what = "item" if d.type == "item" else "blast" if d.kind == "blast" else ""
        if what and board.forbidden(state, pool, what):
            return f"the current Area forbids {what}s (Area Cards)"
        if d.effect is not None and d.effect.chosen and not effects.need(state, pool, tp, d.effect):
            return f"{d.name} has no target now"
    if verb in ("attack", "ability", "cast", "spell", "weapon"):
        if not c.zone.endswith(board.PLAY_ZONES) or c.owner != tp:
            return f"{c.cid}@{u} is not one of your characters or monsters in play"
        if c.f.get("par"):
            return f"{d.name} is paralysed: it cannot attack (Battle effects)"
        if c.f.get("acted") == state.vars.get("turn"):
            return f"{d.name} has acted in this combat already (Game play)"
        if verb == "ability":
            if d.ability is None:
                return f"{d.name} has no ability"
            if board.forbidden(state, pool, "ability"):
                return "the current Area forbids abilities (Area Cards)"
            if d.ability_area and d.ability_area not in board.area_tags(state, pool):
                return f"{d.name}'s ability needs a {d.ability_area} Area " \
                       "(Additional card attacks/abilities)"
        if verb in ("cast", "spell") and board.forbidden(state, pool, "spell"):
            return "the current Area forbids spells (Area Cards)"
        if verb == "cast" and d.spell is None:
            return f"{d.name} has no spell of its own"
        if verb in ("spell", "weapon"):
            if u != lead:
                return "only the main character uses spell and weapon cards (The Cards)"
            if len(uids) < 2 or state.cards[uids[1]].zone != zkey(tp, "hand"):
                return f"write: {verb} MAIN-CHARACTER CARD-FROM-HAND"
            w = pool[state.cards[uids[1]].cid]
            if w.type != verb:
                return f"{w.id} is not a {verb} card"
            if verb == "spell" and d.race == "android":
                return "androids cannot use spell cards (Game play)"
            if verb == "weapon" and d.cls not in w.classes:
                return f"{w.name} is for {'/'.join(w.classes)} only, not {d.cls} (Weapon Cards)"
    if verb == "target":
        act = state.vars.get("act") or {}
        if u in act.get("picked", ()):  # each target of one action is a different card
            return f"{c.cid}@{u} is already one of this action's targets"
        return f"{c.cid}@{u} cannot be a target of this action"
    return None
