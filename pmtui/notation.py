"""The notation: one text form per decision, parsed into a `Move` and printed back.

Every option the rules offer carries its canonical text (`Option.text`); this
module gives that text a structure (verb, card references, words) so tools can
read it, and a lenient matcher for people writing scenario files or typing in
the command palette: a card reference may leave out its number (`summon
STA-004 main`) when that still names one option. The grammar is in
docs/notation.md.

`parse(print(m)) == m` and `print(parse(t)) == t` for every canonical text.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass

# A card id: 2-4 capitals, a dash, 3 digits, an optional parallel letter (docs/cards.md).
CARD_ID = re.compile(r"[A-Z]{2,4}-\d{3}[a-z]?")
_REF = re.compile(rf"({CARD_ID.pattern})(?:@(\d+))?")


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


Arg = Ref | str


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

    def _after(self, word: str) -> Ref | None:
        for i, a in enumerate(self.args[:-1]):
            if a == word and isinstance(self.args[i + 1], Ref):
                return self.args[i + 1]  # type: ignore[return-value]
        return None

    @property
    def area(self) -> str | None:
        """summon: "main" or "support"."""
        if self.verb == "summon" and len(self.args) > 1 and isinstance(self.args[1], str):
            return self.args[1]
        return None

    @property
    def replace(self) -> Ref | None:
        """summon into a full Main Area: the chara discarded to make room."""
        return self._after("replace")

    @property
    def host(self) -> Ref | None:
        """support: the chara the support is set on."""
        return self._after("on")

    @property
    def complete(self) -> bool:
        """Every card reference carries its number (canonical text)."""
        return all(r.n is not None for r in self.refs)


# -- the verbs ------------------------------------------------------------------------
#
# A pattern is a list of slots: "REF" a card, "AREA" main|support, a plain word
# that must appear as written, "[" ... "]" an optional group, and "*" any
# further arguments (references or words) kept in order.

AREAS = ("main", "support")

VERBS: dict[str, tuple[str, ...]] = {
    # set-up (p.05); "first" also orders effects that trigger together (p.20)
    "first": ("[", "REF", "*", "]"),
    "second": (),
    "keep": (),
    "redraw": (),
    "bottom": ("REF",),
    # priority windows (p.09-10, p.16-17, p.20, p.24)
    "pass": (),
    "summon": ("REF", "AREA", "[", "replace", "REF", "]"),
    "event": ("REF",),
    "support": ("REF", "on", "REF"),
    "levelup": ("REF", "on", "REF"),
    "use": ("REF", "*"),
    "backup": ("REF",),
    # paying, costs and targets (p.11-12, p.16-17, p.23)
    "pay": ("REF",),
    "done": (),
    "cancel": (),
    "target": ("REF",),
    "pick": ("REF",),
    "none": (),
    # Approach Phase (p.13-14, p.23)
    "approach": ("REF", "[", "with", "REF", "]"),
    "stop": (),
    "interfere": ("REF",),
    "no-interference": (),
    "eliminate": ("REF",),
    # Turn End (p.15); also a named card discarded as an effect's cost
    "discard": ("REF",),
}

_FORMS = {
    "summon": "summon CARD main|support [replace CARD]",
    "approach": "approach CARD [with CARD]",
    "use": "use CARD N [from ID]",
    "first": "first, or first CARD N",
}


def form(verb: str) -> str:
    """How a verb is written, for error messages."""
    if verb in _FORMS:
        return _FORMS[verb]
    words = []
    for slot in VERBS.get(verb, ()):
        words.append({"REF": "CARD", "*": "..."}.get(slot, slot))
    return " ".join([verb, *words])


def _ref(token: str, lenient: bool, verb: str) -> Ref:
    m = _REF.fullmatch(token)
    if m is None:
        raise NotationError(
            f"{verb}: {token!r} is not a card (a card is written ID@N, like STA-004@17)"
        )
    if m.group(2) is None and not lenient:
        raise NotationError(f"{verb}: {token!r} needs its number in this game (like {token}@17)")
    return Ref(m.group(1), None if m.group(2) is None else int(m.group(2)))


def _free(token: str) -> Arg:
    m = _REF.fullmatch(token)
    if m is not None and m.group(2) is not None:
        return Ref(m.group(1), int(m.group(2)))
    return token


def parse(text: str, lenient: bool = False) -> Move:
    """Text to a Move. Canonical text needs every card's number; `lenient` lets
    references leave it out (`STA-004`). Raises NotationError (one line)."""
    tokens = text.split()
    if not tokens:
        raise NotationError("empty action")
    verb = tokens[0]
    pattern = VERBS.get(verb)
    if pattern is None:
        raise NotationError(f"unknown action {verb!r} (known: {', '.join(sorted(VERBS))})")
    args: list[Arg] = []
    rest = tokens[1:]
    i = 0  # index into rest
    skipping = False
    for k, slot in enumerate(pattern):
        if slot == "[":  # an optional group: present when its first word is there,
            head = pattern[k + 1]  # or, for a group opening with a card, when more follows
            skipping = i >= len(rest) or (head not in ("REF", "AREA") and rest[i] != head)
            continue
        if slot == "]":
            skipping = False
            continue
        if skipping:
            continue
        if slot == "*":
            args.extend(_free(t) for t in rest[i:])
            i = len(rest)
            break
        if i >= len(rest):
            need = "a card" if slot == "REF" else " or ".join(AREAS) if slot == "AREA" else slot
            raise NotationError(f"{verb}: needs {need} (write: {form(verb)})")
        token = rest[i]
        if slot == "REF":
            args.append(_ref(token, lenient, verb))
        elif slot == "AREA":
            if token not in AREAS:
                raise NotationError(f"{verb}: {token!r} is not an area (main or support)")
            args.append(token)
        elif token != slot:
            raise NotationError(f"{verb}: expected {slot!r}, found {token!r} (write: {form(verb)})")
        else:
            args.append(token)
        i += 1
    if i < len(rest):
        raise NotationError(f"{verb}: unexpected {rest[i]!r} (write: {form(verb)})")
    return Move(verb, tuple(args))


def show(move: Move) -> str:
    """A Move back to its text (the printer; same as str(move))."""
    return str(move)


# -- matching against the options on offer --------------------------------------------


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


def parse_loose(text: str) -> Move | None:
    """An option's text as a Move, even for a verb this module does not know yet."""
    try:
        return parse(text)
    except NotationError:
        tokens = text.split()
        return Move(tokens[0], tuple(_free(t) for t in tokens[1:])) if tokens else None


def resolve(
    options: Sequence[str], text: str, place: Callable[[int], Hashable] | None = None
) -> Resolved:
    """The option `text` names. Exact canonical text always wins; otherwise card
    references may leave out their numbers. When several options fit and they
    differ only in which of several identical copies they use (`place(n)` equal:
    same card id in the same zone with the same state), the first is taken and
    `note` says so. Raises NotationError, NoMatch or Ambiguous."""
    norm = " ".join(text.split())
    if norm in options:
        return Resolved(norm)
    wanted = parse(norm, lenient=True)
    found: list[tuple[str, Move]] = []
    for opt in options:
        m = parse_loose(opt)
        if m is not None and fits(wanted, m):
            found.append((opt, m))
    if not found:
        raise NoMatch(f"{norm!r} is not among the choices now")
    if len(found) == 1:
        return Resolved(found[0][0])
    first = found[0][1]
    same = place is not None and all(_same_copies(wanted, first, m, place) for _, m in found[1:])
    if not same:
        listed = ", ".join(t for t, _ in found[:6])
        raise Ambiguous(f"{norm!r} could be any of: {listed}; add the card numbers")
    return Resolved(
        found[0][0],
        f"{norm!r}: {len(found)} identical copies fit; took the first, {found[0][0]!r}",
    )


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
