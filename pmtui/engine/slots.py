"""A row of numbered places in one zone: slots 1 to n from the owner's left, each
holding at most one card, whose neighbours left and right a ruleset can name.

A card's slot is one of its flags (the ruleset names it: "slot", "post"), so it is
saved, replayed and undone with the card; the screen's `Row(slot=...)` draws the
row with each card at its slot.
"""

from __future__ import annotations

from .state import State


def slot_of(state: State, uid: int, flag: str = "slot") -> int | None:
    """The slot card `uid` stands in (None: not in a slot)."""
    n = state.cards[uid].f.get(flag)
    return n if isinstance(n, int) and not isinstance(n, bool) else None


def at_slot(state: State, zone: str, n: int, flag: str = "slot") -> int | None:
    """The card in slot `n` of `zone` (a zone key), if any."""
    for u in state.zones.get(zone, ()):
        if slot_of(state, u, flag) == n:
            return u
    return None


def free_slots(state: State, zone: str, count: int, flag: str = "slot") -> list[int]:
    """The empty slots of a row of `count` in `zone`, left to right."""
    taken = {slot_of(state, u, flag) for u in state.zones.get(zone, ())}
    return [n for n in range(1, count + 1) if n not in taken]


def neighbours(state: State, uid: int, flag: str = "slot") -> tuple[int | None, int | None]:
    """The cards in the slots left and right of card `uid`, in its own zone, as its
    owner sees the row (None where a slot is empty or there is none)."""
    n = slot_of(state, uid, flag)
    if n is None:
        return None, None
    zone = state.cards[uid].zone
    return at_slot(state, zone, n - 1, flag), at_slot(state, zone, n + 1, flag)
