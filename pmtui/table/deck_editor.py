"""The deck editor's model, headless: a deck by the ruleset's parts, copies added and
removed with undo, the ruleset's check after every change, the summary counts and the
curve, and saving through the own-deck store. The screen (pmtui/tui/screens/
deck_editor.py) draws it and turns keys into these calls; it decides no rule."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from pmtui.engine.cardquery import FieldValue, find_field
from pmtui.engine.ruleset import DeckList, Ruleset
from pmtui.table.decks import DeckStore, DeckStoreError, find_deck

Parts = dict[str, list[str]]
MAX_CURVE = 12  # values of a curve drawn one by one; more: only the values the deck has


@dataclass(frozen=True)
class Summary:
    """A deck to look at: counts by kind and by colour (or element), and the curve."""

    kinds: list[tuple[str, int]]
    colours: list[tuple[str, int]]
    curve: list[tuple[int, int]]  # (cost or level, cards), every value from low to high
    curve_name: str


def _words(value: FieldValue) -> list[str]:
    if value is None or value == "":
        return []
    if isinstance(value, str | int):
        return [str(value)]
    return [str(v) for v in value]


class DeckEditor:
    """One deck being edited. `name` is the own deck it is saved as (None: not yet)."""

    def __init__(self, rs: Ruleset, store: DeckStore, deck: DeckList | None = None,
                 name: str | None = None) -> None:
        self.rs = rs
        self.store = store
        self.name = name
        self.parts: Parts = {p: list(deck.part(p)) if deck else [] for p in rs.deck_parts}
        self.title = deck.name if deck else "new deck"
        self.history: list[Parts] = []
        self.modified = False

    # -- the deck ---------------------------------------------------------------------

    def deck(self) -> DeckList:
        return DeckList(self.name or self.title,
                        {p: tuple(ids) for p, ids in self.parts.items() if ids})

    def count(self, cid: str, part: str | None = None) -> int:
        """Copies of `cid` in `part` (every part without one)."""
        parts = [part] if part else list(self.parts)
        return sum(self.parts[p].count(cid) for p in parts)

    def limit(self, cid: str) -> int | None:
        return self.rs.deck_slot(cid).copies

    def _change(self) -> None:
        self.history.append({p: list(ids) for p, ids in self.parts.items()})
        self.modified = True

    def add(self, cid: str, part: str | None = None) -> str:
        """One copy more, into `part` or where the game puts the card; the part."""
        part = part or self.rs.deck_slot(cid).part
        self._change()
        self.parts[part].append(cid)
        return part

    def remove(self, cid: str, part: str | None = None) -> bool:
        """One copy fewer (the last one added), from `part` or whichever holds it."""
        parts = [part] if part else [p for p in reversed(self.rs.deck_parts)]
        for p in parts:
            if cid in self.parts[p]:
                self._change()
                ids = self.parts[p]
                del ids[len(ids) - 1 - ids[::-1].index(cid)]
                return True
        return False

    def undo(self) -> bool:
        if not self.history:
            return False
        self.parts = self.history.pop()
        self.modified = True
        return True

    def start_from(self, deck: DeckList) -> None:
        """Another deck's cards (a built-in deck, say); undo goes back."""
        self._change()
        self.parts = {p: list(deck.part(p)) for p in self.rs.deck_parts}

    def rows(self) -> list[tuple[str, str, int]]:
        """(part, card id, copies) in each part's order of first appearance."""
        return [(p, cid, n) for p in self.rs.deck_parts
                for cid, n in Counter(self.parts[p]).items()]

    # -- the check and the summary ------------------------------------------------------

    def problems(self) -> list[str]:
        return self.rs.validate_deck(self.deck())

    def verdict(self, problems: list[str] | None = None) -> str:
        """"legal for GAME (format)", or how many problems there are (`problems`: the
        check's answer when the caller has it already)."""
        problems = self.problems() if problems is None else problems
        if problems:
            return f"{len(problems)} problem{'s' if len(problems) > 1 else ''}"
        fmt = self.rs.deck_format_name(self.deck())
        return f"legal for {self.rs.name}" + (f", {fmt}" if fmt else "")

    def summary(self) -> Summary:
        want = self.rs.deck_summary
        fields = self.rs.card_fields
        kind, colour, curve = (find_field(fields, n, self.rs.id)
                               for n in (want.kind, want.colour, want.curve))
        kinds: Counter[str] = Counter()
        colours: Counter[str] = Counter()
        levels: Counter[int] = Counter()
        for cid in (c for ids in self.parts.values() for c in ids):
            card = self.rs.cards.get(cid)
            if card is None:
                continue
            kinds.update(_words(kind.get(card)))
            colours.update(_words(colour.get(card)))
            for v in _words(curve.get(card)):
                levels[int(v)] += 1
        # every value from low to high, or only those the deck has when they are sparse
        span = range(min(levels), max(levels) + 1) if levels else range(0)
        if len(span) > MAX_CURVE:
            span = sorted(levels)
        return Summary(kinds.most_common(), colours.most_common(),
                       [(v, levels[v]) for v in span], curve.name)

    # -- files -----------------------------------------------------------------------------

    def save(self, name: str | None = None) -> str:
        """Save as `name` (default: the deck's own name); DeckStoreError, one line."""
        target = name or self.name
        if not target:
            raise DeckStoreError("give the deck a name first (save as)")
        path = self.store.save(self.deck(), target)
        self.name = path.stem
        self.title = self.name
        self.modified = False
        return self.name

    def rename(self, new: str) -> str:
        if self.name is None or self.store.find(self.name) is None:
            return self.save(new)
        self.name = self.store.rename(self.name, new).stem
        self.title = self.name
        return self.name

    def delete(self) -> None:
        if self.name is None:
            raise DeckStoreError("this deck is not saved: nothing to delete")
        self.store.delete(self.name)
        self.name = None
        self.modified = True


def open_deck(rs: Ruleset, store: DeckStore, spec: str | None) -> DeckEditor:
    """The editor on an own deck by name, a built-in deck to start from (saved under a
    name of your own), a deck file, or a new deck; DeckStoreError (one line) when the
    deck cannot be read: the file is left as it is."""
    if not spec:
        return DeckEditor(rs, store)
    deck, own = find_deck(store, spec)
    return DeckEditor(rs, store, deck, own)
