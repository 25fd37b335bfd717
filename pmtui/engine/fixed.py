"""Fixed outcomes: random draws a scenario decides in advance (the header's "fix").

Rules code draws randomness through the context (`shuffle`, `roll`, `flip`,
`random_choice`) and the game draws the chance decisions it resolves itself. A
header may list, in the order the game makes them, what some of those draws
give; once the list is used up the seed decides as ever. One entry each:

- a shuffle: `keep` (the cards stay in the order they are in) or
  `order ID ID ...` (the order it gives, top first; ids name the zone's cards);
- a roll: `roll 4`, `roll 3 5` (the faces); a coin: `heads` or `tails`;
- a random pick: `pick ID` (the first card of that id among the items) or
  `pick N` (the N-th item, from 1);
- a chance decision the game resolves itself: one of its options (`evade HAL-023`);
  the card numbers may be left out, and the rest too when its first word is enough;
- a word the rules give one of these draws (`ctx.roll(..., words={"hit": [5]})`).

How many entries were used is a game variable (`fix`), set by the events that used
them (like the RNG counter), so an undo or a replay goes back to the same place.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from .state import State

COUNTER = "fix"  # the game variable holding how many entries are used
COIN = ("heads", "tails")


class FixError(ValueError):
    """An entry that does not fit the draw it comes to (one line; `index` from 0)."""

    def __init__(self, message: str, index: int) -> None:
        super().__init__(message)
        self.index = index


def syntax_problem(entry: object) -> str | None:
    """Why `entry` cannot be an entry at all (None: it may be one)."""
    if not isinstance(entry, str) or not entry.split():
        return "an entry is a string, like \"keep\", \"roll 4\", \"heads\" or \"pick STA-004\""
    words = entry.split()
    if words[0] == "roll" and not (len(words) > 1 and all(w.isdigit() for w in words[1:])):
        return f"{entry!r}: write the faces, like \"roll 4\" or \"roll 3 5\""
    if words[0] == "pick" and len(words) != 2:
        return f"{entry!r}: write \"pick ID\" or \"pick N\" (the N-th, from 1)"
    if words[0] == "order" and len(words) < 2:
        return f"{entry!r}: write the cards top first, like \"order STA-001 STA-004\""
    return None


def _zone(key: str) -> str:
    """A zone key in words for a message: "0/deck" is P1's deck."""
    owner, _, zone = key.partition("/")
    return f"P{int(owner) + 1}'s {zone}" if owner.isdigit() else f"the {zone}"


class Fixed:
    """The header's entries, read one by one as the game draws (held by the context)."""

    def __init__(self, entries: Sequence[str]) -> None:
        self.entries = [" ".join(e.split()) for e in entries]

    def next(self, state: State) -> tuple[int, str] | None:
        """The index and text of the entry the next draw uses, or None when all are used."""
        n = int(state.vars.get(COUNTER, 0))
        return (n, self.entries[n]) if n < len(self.entries) else None

    def _bad(self, n: int, entry: str, here: str) -> FixError:
        return FixError(f"fix entry {n + 1} {entry!r} does not fit: the game {here}", n)

    def shuffle(self, state: State, zone: str, why: str) -> tuple[list[int], int] | None:
        """The order of a fixed shuffle of `zone` and the new counter, or None."""
        got = self.next(state)
        if got is None:
            return None
        n, entry = got
        cards = list(state.zone(zone))
        words = entry.split()
        if words == ["keep"]:
            return cards, n + 1
        if words[0] != "order":
            raise self._bad(n, entry, f"shuffles {_zone(zone)} here ({why})")
        left = list(cards)
        order: list[int] = []
        for cid in words[1:]:
            u = next((u for u in left if state.cards[u].cid == cid), None)
            if u is None:
                raise self._bad(n, entry, f"shuffles {_zone(zone)}, which holds no more "
                                          f"{cid} ({why})")
            left.remove(u)
            order.append(u)
        return order + left, n + 1  # the cards not named keep their order under them

    def roll(self, state: State, sides: int, dice: int, why: str,
             words: Mapping[str, Sequence[int]] | None) -> tuple[list[int], int] | None:
        """The faces of a fixed roll and the new counter, or None."""
        got = self.next(state)
        if got is None:
            return None
        n, entry = got
        parts = entry.split()
        named = (words or {}).get(entry)
        if named is not None:
            return list(named), n + 1
        if sides == 2 and entry in COIN and dice == 1:
            return [COIN.index(entry) + 1], n + 1
        if parts[0] != "roll" or not all(p.isdigit() for p in parts[1:]):
            known = ", ".join(repr(w) for w in (words or {}))
            also = f" (or {known})" if known else ""
            raise self._bad(n, entry, f"rolls {dice}d{sides} here{also} ({why})")
        faces = [int(p) for p in parts[1:]]
        if len(faces) != dice or not all(1 <= f <= sides for f in faces):
            raise self._bad(n, entry, f"rolls {dice} die of {sides} sides here ({why})")
        return faces, n + 1

    def pick(self, state: State, items: Sequence[object],
             words: Mapping[str, int] | None) -> tuple[int, int] | None:
        """The index of a fixed random pick among `items` and the new counter, or None."""
        got = self.next(state)
        if got is None:
            return None
        n, entry = got
        named = (words or {}).get(entry)
        if named is not None:
            return named, n + 1
        parts = entry.split()
        if parts[0] != "pick" or len(parts) != 2:
            raise self._bad(n, entry, f"picks one of {len(items)} at random here")
        what = parts[1]
        if what.isdigit() and 1 <= int(what) <= len(items):
            return int(what) - 1, n + 1
        for i, item in enumerate(items):
            if isinstance(item, int) and 0 <= item < len(state.cards) \
                    and state.cards[item].cid == what:
                return i, n + 1
        raise self._bad(n, entry, f"picks one of {len(items)} at random here, and {what} "
                                  "is not among them")

    def option(self, state: State, texts: Sequence[str], kind: str) -> tuple[int, int] | None:
        """The index of a fixed chance decision's option and the new counter, or None."""
        got = self.next(state)
        if got is None:
            return None
        n, entry = got
        bare = [re.sub(r"@\d+", "", t) for t in texts]
        for pool in (texts, bare):
            if entry in pool:
                return list(pool).index(entry), n + 1
        # its first word alone, when only one option starts with it ("evade")
        starting = [i for i, t in enumerate(texts) if t.split()[0] == entry]
        if len(starting) == 1:
            return starting[0], n + 1
        raise self._bad(n, entry, f"draws {kind} here: {' | '.join(texts)}")
