"""The notation: one text form per decision, parsed into a `Move` and printed back.

The grammar is the same for every game: `verb arg*`, where an argument is a
card reference (`ID@N`: a card id and its number in this game), a cell
reference (`c3`: a letter and a number, for games on a grid), a hidden-position
reference (`hand#2`: the second card of a zone the reader cannot see into) or a
word. Each ruleset names its verbs and what follows each (`Notation.verbs`);
every option the rules offer carries its canonical text (`Option.text`). A
lenient matcher serves people writing scenario files or typing in the command
palette: a card reference may leave out its number (`summon STA-004 main`) when
that still names one option. docs/notation.md has the grammar.

`parse(print(m)) == m` and `print(parse(t)) == t` for every canonical text.

A verb's pattern is a tuple of slots:
  "REF" a card, "CELL" a cell, "HIDDEN" a hidden position,
  a `Choice` (one of some words, e.g. an area),
  a plain word that must appear as written,
  "[" ... "]" an optional group, "*" any further arguments kept in order.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field

from .state import State

CELL = re.compile(r"[a-z]\d{1,2}")
HIDDEN = re.compile(r"[a-z]+#\d+")


class NotationError(ValueError):
    """Text that is not notation (one line, says what was expected)."""


class NoMatch(ValueError):
    """Well-formed notation that names none of the options on offer."""


class Ambiguous(ValueError):
    """Notation without card numbers that fits several different options."""


@dataclass(frozen=True, slots=True)
class Ref:
    """A card: its card id and, in canonical text, its number in this game."""

    cid: str
    n: int | None = None

    def __str__(self) -> str:
        return self.cid if self.n is None else f"{self.cid}@{self.n}"


def ref(state: State, uid: int) -> str:
    """Card `uid` of `state` in notation: its card id, `@`, its number in this game."""
    return f"{state.cards[uid].cid}@{uid}"


def hidden_ref(zone: str, position: int) -> str:
    """Position `position` (from 1) of a zone the reader cannot see into: "hand#2"."""
    return f"{zone}#{position}"


def read_hidden(word: str) -> tuple[str, int]:
    """A hidden-position reference back into (zone, position); NotationError if not one."""
    if not HIDDEN.fullmatch(word):
        raise NotationError(f"expected a hidden position like hand#2, got {word!r}")
    zone, _, n = word.partition("#")
    return zone, int(n)


Arg = Ref | str


@dataclass(frozen=True, slots=True)
class Choice:
    """A slot that takes one of a few words; `name` says what they are ("area")."""

    name: str
    words: tuple[str, ...]


Slot = str | Choice


@dataclass(frozen=True, slots=True)
class Move:
    """A parsed decision: the verb and its arguments in order (refs and words)."""

    verb: str
    args: tuple[Arg, ...] = ()

    def __str__(self) -> str:
        return " ".join([self.verb, *(str(a) for a in self.args)])

    @property
    def refs(self) -> tuple[Ref, ...]:
        return tuple(a for a in self.args if isinstance(a, Ref))

    @property
    def card(self) -> Ref | None:
        """The card the move is about (its first reference)."""
        refs = self.refs
        return refs[0] if refs else None

    def after(self, word: str) -> Ref | None:
        """The card written after `word` ("on" in `support X on Y`), if any."""
        for i, a in enumerate(self.args[:-1]):
            b = self.args[i + 1]
            if a == word and isinstance(b, Ref):
                return b
        return None

    @property
    def complete(self) -> bool:
        """Every card reference carries its number (canonical text)."""
        return all(r.n is not None for r in self.refs)


@dataclass(frozen=True)
class Notation:
    """A ruleset's verbs over the generic grammar.

    `card_id` is the pattern of the game's card ids (it tells a card written
    without its number from a word); `forms` overrides how a verb is shown in
    error messages where its pattern alone says too little.
    """

    verbs: Mapping[str, tuple[Slot, ...]]
    card_id: str = r"[A-Z][A-Za-z0-9]*-\d+[a-z]?"
    forms: Mapping[str, str] = field(default_factory=dict)
    example: str = "STA-004@17"  # a card reference, for error messages
    # a card reference: the card id, then `@` and its number (optional); from card_id
    ref_pattern: re.Pattern[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "ref_pattern", re.compile(rf"({self.card_id})(?:@(\d+))?"))

    # -- reading and writing ------------------------------------------------------------

    def form(self, verb: str) -> str:
        """How a verb is written, for error messages."""
        if verb in self.forms:
            return self.forms[verb]
        words = []
        for slot in self.verbs.get(verb, ()):
            if isinstance(slot, Choice):
                words.append("|".join(slot.words))
            else:
                words.append({"REF": "CARD", "*": "..."}.get(slot, slot))
        return " ".join([verb, *words])

    def written_out(self, verb: str, cards: Sequence[str]) -> str | None:
        """Verb `verb` written out once, to ask about: its cards from `cards` in order
        (the last again when fewer), each choice's first word, no optional part and
        nothing for "*". None when it takes a card and `cards` is empty."""
        words, depth, n = [verb], 0, 0
        for slot in self.verbs.get(verb, ()):
            if slot in ("[", "]"):
                depth += 1 if slot == "[" else -1
            elif depth or slot == "*":
                continue
            elif slot == "REF":
                if not cards:
                    return None
                words.append(cards[min(n, len(cards) - 1)])
                n += 1
            else:
                words.append(slot.words[0] if isinstance(slot, Choice) else slot)
        return " ".join(words)

    def _ref(self, token: str, lenient: bool, verb: str) -> Ref:
        m = self.ref_pattern.fullmatch(token)
        if m is None:
            raise NotationError(
                f"{verb}: {token!r} is not a card (a card is written ID@N, like {self.example})"
            )
        if m.group(2) is None and not lenient:
            raise NotationError(
                f"{verb}: {token!r} needs its number in this game (like {token}@17)"
            )
        return Ref(m.group(1), None if m.group(2) is None else int(m.group(2)))

    def _free(self, token: str) -> Arg:
        m = self.ref_pattern.fullmatch(token)
        if m is not None and m.group(2) is not None:
            return Ref(m.group(1), int(m.group(2)))
        return token

    def parse(self, text: str, lenient: bool = False) -> Move:
        """Text to a Move. Canonical text needs every card's number; `lenient` lets
        references leave it out (`STA-004`). Raises NotationError (one line)."""
        tokens = text.split()
        if not tokens:
            raise NotationError("empty action")
        verb = tokens[0]
        pattern = self.verbs.get(verb)
        if pattern is None:
            raise NotationError(
                f"unknown action {verb!r} (known: {', '.join(sorted(self.verbs))})"
            )
        args: list[Arg] = []
        rest = tokens[1:]
        i = 0  # index into rest
        skipping = False
        for k, slot in enumerate(pattern):
            if slot == "[":  # an optional group: present when its first word is there,
                head = pattern[k + 1]  # or, for a group opening with a reference, when more follows
                skipping = i >= len(rest) or (
                    isinstance(head, str) and head not in _TYPED and rest[i] != head
                )
                continue
            if slot == "]":
                skipping = False
                continue
            if skipping:
                continue
            if slot == "*":
                args.extend(self._free(t) for t in rest[i:])
                i = len(rest)
                break
            if i >= len(rest):
                raise NotationError(f"{verb}: needs {_need(slot)} (write: {self.form(verb)})")
            token = rest[i]
            if isinstance(slot, Choice):
                if token not in slot.words:
                    raise NotationError(
                        f"{verb}: {token!r} is not {_a(slot.name)} ({' or '.join(slot.words)})"
                    )
                args.append(token)
            elif slot == "REF":
                args.append(self._ref(token, lenient, verb))
            elif slot in ("CELL", "HIDDEN"):
                pat = CELL if slot == "CELL" else HIDDEN
                if not pat.fullmatch(token):
                    raise NotationError(f"{verb}: {token!r} is not {_need(slot)}")
                args.append(token)
            elif token != slot:
                raise NotationError(
                    f"{verb}: expected {slot!r}, found {token!r} (write: {self.form(verb)})"
                )
            else:
                args.append(token)
            i += 1
        if i < len(rest):
            raise NotationError(f"{verb}: unexpected {rest[i]!r} (write: {self.form(verb)})")
        return Move(verb, tuple(args))

    def parse_loose(self, text: str) -> Move | None:
        """An option's text as a Move, even for a verb the notation does not list."""
        try:
            return self.parse(text)
        except NotationError:
            tokens = text.split()
            return Move(tokens[0], tuple(self._free(t) for t in tokens[1:])) if tokens else None

    # -- matching against the options on offer ------------------------------------------

    def fits_text(self, text: str, option: str) -> bool:
        """Whether `text` (perhaps without card numbers) names the option `option`."""
        try:
            wanted = self.parse(text, lenient=True)
        except NotationError:
            return False
        m = self.parse_loose(option)
        return m is not None and fits(wanted, m)

    def resolve(
        self,
        options: Sequence[str],
        text: str,
        place: Callable[[int], Hashable] | None = None,
    ) -> Resolved:
        """The option `text` names. Exact canonical text always wins; otherwise card
        references may leave out their numbers. When several options fit and they
        differ only in which of several identical copies they use (`place(n)` equal:
        same card id in the same zone with the same state), the first is taken and
        `note` says so. Raises NotationError, NoMatch or Ambiguous."""
        norm = " ".join(text.split())
        if norm in options:
            return Resolved(norm)
        wanted = self.parse(norm, lenient=True)
        found: list[tuple[str, Move]] = []
        for opt in options:
            m = self.parse_loose(opt)
            if m is not None and fits(wanted, m):
                found.append((opt, m))
        if not found:
            raise NoMatch(f"{norm!r} is not among the choices now")
        if len(found) == 1:
            return Resolved(found[0][0])
        first = found[0][1]
        same = place is not None and all(
            _same_copies(wanted, first, m, place) for _, m in found[1:]
        )
        if not same:
            listed = ", ".join(t for t, _ in found[:6])
            raise Ambiguous(f"{norm!r} could be any of: {listed}; add the card numbers")
        return Resolved(
            found[0][0],
            f"{norm!r}: {len(found)} identical copies fit; took the first, {found[0][0]!r}",
        )


_TYPED = ("REF", "CELL", "HIDDEN")


def _need(slot: Slot) -> str:
    if isinstance(slot, Choice):
        return " or ".join(slot.words)
    return {"REF": "a card", "CELL": "a cell (like c3)",
            "HIDDEN": "a hidden position (like hand#2)"}.get(slot, slot)


def _a(word: str) -> str:
    return f"an {word}" if word[:1] in "aeiou" else f"a {word}"


def renumber(text: str, order: Sequence[int]) -> str:
    """`text` with its card numbers (`ID@N`) in a new numbering: `order[n]` is the old
    number of the card that is number n now (a position written out and set up again)."""
    new = {old: n for n, old in enumerate(order)}
    out = []
    for word in text.split():
        cid, at, num = word.partition("@")
        if at and num.isdigit() and int(num) in new:
            word = f"{cid}@{new[int(num)]}"
        out.append(word)
    return " ".join(out)


def show(move: Move) -> str:
    """A Move back to its text (the printer; same as str(move))."""
    return str(move)


@dataclass(frozen=True, slots=True)
class Resolved:
    text: str  # the canonical option text
    note: str = ""  # set when several identical copies fitted and the first was taken


def fits(wanted: Move, option: Move) -> bool:
    """Whether `wanted` (perhaps without card numbers) names `option`."""
    if wanted.verb != option.verb or len(wanted.args) != len(option.args):
        return False
    for w, o in zip(wanted.args, option.args, strict=True):
        if isinstance(w, Ref):
            if not isinstance(o, Ref) or w.cid != o.cid or (w.n is not None and w.n != o.n):
                return False
        elif isinstance(o, Ref):
            if w != o.cid:  # a card id without number among free arguments
                return False
        elif w != o:
            return False
    return True


def _same_copies(wanted: Move, a: Move, b: Move, place: Callable[[int], Hashable]) -> bool:
    for w, x, y in zip(wanted.args, a.args, b.args, strict=True):
        if x == y:
            continue
        if not (isinstance(x, Ref) and isinstance(y, Ref) and x.n is not None and y.n is not None):
            return False
        if isinstance(w, Ref) and w.n is not None:
            return False
        if place(x.n) != place(y.n):
            return False
    return True
