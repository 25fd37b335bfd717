"""Why an action is not legal now: one line with the rule's source."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pmtui.engine.decision import Decision
from pmtui.engine.state import State

from .board import cd, first_turn, limit_marks, recall_time, summon_level

if TYPE_CHECKING:
    from .ruleset import ClockworkMemorion

MAIN = ("summon", "inherit", "move", "attack", "battle", "main2", "end")


def why_not(rs: ClockworkMemorion, state: State, text: str, d: Decision | None) -> str:
    if d is None:
        return "the game is over"
    words = text.split()
    verb = words[0] if words else ""
    v = state.vars
    pool = rs.pool
    if verb not in rs.notation.verbs:
        return f"{verb!r} is not an action of this game"
    if recall_time(v) and verb != "recall":
        return "during Recall Time only recalls may be made (S:69-70)"
    if verb in ("use", "deify") and recall_time(v):
        return "no activated ability or deification during Recall Time (S:192)"
    if d.player != int(v.get("ap", 0)) and verb in MAIN:
        return "it is not your turn: only recalls, activated abilities and deification " \
               "answer now (S:207)"
    if v.get("resp") and verb in MAIN:
        return "a response window is open: recall, use an ability, deify or pass (M20)"
    phase = v.get("phase")
    p = d.player
    if verb in ("inherit", "move") and first_turn(state, p):
        return "a player's first turn allows only summoning (S:213, S:215)"
    if verb in ("inherit", "move") and (v.get("did") or {}).get(verb):
        return f"{verb} is once a turn and was used this turn (V14)"
    if verb == "summon":
        if phase != "main1":
            return "summoning is in the Summon step of Main Phase I only (V14, G)"
        if len(words) >= 3:
            cid = words[1].partition("@")[0]
            if cid in pool:
                c = pool.get(cid)
                if c.kind != "successor":
                    return f"{c.name} is not a Successor"
                if c.level > summon_level(state, pool, p):
                    return (f"{c.name} is Level {c.level}, above your Ruler's Summon Level "
                            f"{summon_level(state, pool, p)} (K, J, M13)")
                marks = limit_marks(state, pool, p)
                z = words[2][1:]
                if marks and z.isdigit() and 1 <= int(z) <= 5 and marks[int(z) - 1] != c.emotion:
                    return (f"zone {z} takes {marks[int(z) - 1].title()} successors under "
                            f"your Summon Limit, not {c.emotion.title()} (S:40, M5)")
        return "not a summon that can be made now (S:40, S:164)"
    if verb == "attack":
        if phase != "battle":
            return "attacks are made in the Battle Phase (G)"
        return "only a successor of yours in Stand state can attack (G, S:108, S:230-235)"
    if verb == "recall":
        return ("a recall needs a memorion from your hand onto any Ruler or Successor, or a "
                "card of your Storage onto your own, into a slot of its genre (S:65, S:79, S:80)")
    if verb == "use":
        return ("an activated ability needs its cost paid now and no blank memory "
                "(S:187-188, S:198)")
    if verb == "deify":
        return "the Ruler's deification condition does not hold, or it is deified (S:118-122)"
    if verb == "first":
        return ("an order is chosen only when several of your successors' abilities "
                "trigger at once, and only among those still to order (S:180)")
    if verb == "put":
        return ("cards are put back in an order only after an effect of yours looked at two "
                "or more of your deck to put them back \"in any order\", and only those "
                "still to place (S:130-132)")
    if verb in ("inherit", "move"):
        if phase not in ("main1", "main2"):
            return f"{verb} happens in a Main Phase (V14)"
        return f"not a legal {verb}: a slot of the memorion's genre, your own cards (S:52-55, " \
               "S:86-90)"
    if len(words) > 1 and words[1].partition("@")[0] in pool:
        return f"{cd(state, pool, 0).name if state.cards else ''} cannot do that now".strip()
    return f"not a legal choice now: {text!r}"
