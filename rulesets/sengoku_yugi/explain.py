"""Why an action is not legal now: one line naming the rule and its place in the guides
(`pmtui check`, the sandbox). Only asked about actions that are not among the options."""

from __future__ import annotations

from pmtui.engine.decision import Decision
from pmtui.engine.state import State

from . import flow
from .cards import Pool
from .units import (
    attack_range,
    board_of,
    cd,
    commander,
    defense,
    is_free,
    names_in_play,
    occupied,
    other,
    unit_at,
)


def why_not(state: State, pool: Pool, text: str, decision: Decision | None) -> str:
    if decision is None:
        return "the game is over"
    words = text.split()
    verb = words[0] if words else ""
    if decision.kind != "main":  # one plain reason, whatever is asked about
        if decision.player < 0:
            return "a die is rolled first"
        return f"first answer “{decision.prompt}”"
    if verb not in MAIN_VERBS:
        return "only when the game asks for it, not in the Main Phase itself " \
               "(Guide I (11)④)"
    p = decision.player
    reason = MAIN_VERBS[verb](state, pool, p, words[1:])
    return reason or f"{text!r} is not among the choices now (Guide I (11)④)"


def _in_hand(state: State, p: int, token: str) -> int | None:
    """The hand card a reference names (with or without its number), or None."""
    cid, _, n = token.partition("@")
    for uid in state.zones.get(f"{p}/hand", ()):
        if state.cards[uid].cid == cid and (not n or str(uid) == n):
            return uid
    return None


def _attack(state: State, pool: Pool, p: int, args: list[str]) -> str | None:
    if state.vars.get("turn") == 1:
        return "the first player cannot attack on their first turn (Guide I (12)①)"
    if len(args) < 2:
        return None
    uid = unit_at(state, p, args[0])
    if uid is None:
        return f"no ally of yours stands on {args[0]} (Guide I (12)①)"
    if defense(state, uid):
        return "only an ally in Attack Stance may declare an attack (Guide I (12)①)"
    ail = state.cards[uid].f.get("ail", ())
    if "paralysis" in ail:
        return "a Paralysed unit cannot attack (S28)"
    if len(args) > 2 and args[2] == "mat" and "silence" in ail:
        return "a Silenced unit cannot make a MAT attack (S28)"
    board = board_of(state)
    if args[1] not in attack_range(state, pool, uid):
        return f"{args[1]} is outside its attack range (Guide I (12)③)"
    if args[1] == board.stronghold(other(p)):
        return "a unit deployed this turn cannot attack the Stronghold yet (Guide I (12)③)"
    target = occupied(state).get(args[1])
    if target is None or target[0] == p:
        return f"there is no enemy on {args[1]} (Guide I (12)③)"
    if not defense(state, target[1]):
        return "an enemy in Attack Stance cannot be chosen as a target (Guide I (12)③)"
    return None


def _deploy(state: State, pool: Pool, p: int, args: list[str]) -> str | None:
    uid = _in_hand(state, p, args[0]) if args else None
    if uid is None:
        return "only a character card in your hand can be deployed (Guide I (11)④)"
    card = cd(state, pool, uid)
    if card.cost > flow.ap(state, p):
        return f"Deployment costs {card.cost} AP, you have {flow.ap(state, p)} (Guide I (11)④)"
    if card.name in names_in_play(state, pool, p):
        return f"{card.name} is already in play: one card of a name (Guide I (11)④)"
    if len(args) > 1 and args[1] == "cz":
        if card.level != 1:
            return "only a Level 1 card may go to the Command Zone (Guide I (11)④)"
        return "the Command Zone already holds a Commander (S13)"
    board = board_of(state)
    if len(args) > 1 and args[1] not in board.perimeter(p):
        return "a deployed card enters a cell of your Stronghold Perimeter (Guide I (11)④)"
    if len(args) > 1 and not is_free(state, board, args[1]):
        return f"{args[1]} is taken (Guide I (11)④)"
    return None


def _move(state: State, pool: Pool, p: int, args: list[str]) -> str | None:
    if len(args) < 2:
        return None
    cmd = commander(state, p)
    if cmd is not None and args[0].partition("@")[0] == state.cards[cmd].cid:
        args = ["cz", *args[1:]]  # the Commander is named by its card
    uid = unit_at(state, p, args[0])
    if uid is None:
        return f"no ally of yours stands on {args[0]} (Guide I (11)④ Move)"
    if defense(state, uid):
        return "only an ally in Attack Stance moves (Guide I (11)④ Move)"
    if args[1] == "cz":
        return "nobody moves back to the Command Zone (Guide I (11)④ Move)"
    board = board_of(state)
    if args[0] == "cz":
        if args[1] not in board.perimeter(p):
            return "the Commander moves to a Stronghold Perimeter cell (Guide I (11)④ Move)"
    elif args[1] not in board.orthogonal(args[0]):
        return "one cell up, down, left or right, never diagonally (Guide I (11)④ Move)"
    if not is_free(state, board, args[1]):
        return f"{args[1]} is taken: no moving onto the Stronghold or a unit (Guide I (11)④)"
    if flow.ap(state, p) < 1:
        return "a move costs 1 AP (Guide I (11)④ Move)"
    return None


def _stack(state: State, pool: Pool, p: int, args: list[str]) -> str | None:
    if not args or _in_hand(state, p, args[0]) is None:
        return "Growth and Focus use a card from your hand (Guide I (11)④)"
    if len(args) > 1 and unit_at(state, p, args[1]) is None:
        return f"no ally of yours on {args[1]} (Guide I (11)④)"
    return ("Growth needs the same name and a higher Level, Focus the same name and Level; "
            "a Nameless card takes its gender and weapon (Guide I (11)④)")


MAIN_VERBS = {"attack": _attack, "deploy": _deploy, "move": _move, "grow": _stack,
              "focus": _stack}
