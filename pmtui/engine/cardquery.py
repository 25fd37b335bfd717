"""Card search with filters: words plus FIELD:VALUE terms (docs/cards.md, "Finding cards").

`colour:red cost:2-4 fox` finds the red cards costing 2 to 4 with "fox" in their
searched text. A ruleset names its fields (`Ruleset.card_fields`) and says how each
is read off a card definition; this module only parses a query and matches it, so
every game gets the same syntax with its own words. Errors are one line naming
what may be written instead.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from .pool import matching

T = TypeVar("T")

# What a field reads off a card: a word, a number, several words, or None (no value).
FieldValue = str | int | Sequence[str] | None

_TERM = re.compile(r'(?:[^\s"]+|"[^"]*"?)+')  # a word, quotes keep spaces inside
_FIELD = re.compile(r"([A-Za-z][\w-]*):(.*)", re.DOTALL)
_RANGE = re.compile(r"(\d+)(?:(-)(\d*)|(\+))?")
MAX_LISTED = 16  # values an error names before "..."


class QueryError(ValueError):
    """A search that cannot be read: one line naming the valid fields or values."""


@dataclass(frozen=True)
class CardField(Generic[T]):
    """A filter field of a game's cards.

    `number`: the value is a number, written 4, 2-4 or 3+. Otherwise words: a card
    matches when one of its words equals the value (`part`: holds the value, for long
    names such as a series). The known words are the ones the cards carry."""

    name: str
    about: str  # what it is, in the game's words ("the card's colour")
    get: Callable[[T], FieldValue]
    number: bool = False
    part: bool = False
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True)
class Term:
    """One FIELD:VALUE term of a query, parsed."""

    field: CardField
    test: Callable[[FieldValue], bool]


def _words(value: FieldValue) -> list[str]:
    if value is None or value == "":
        return []
    if isinstance(value, (str, int)):
        return [str(value)]
    return [str(v) for v in value]


def known_values(field: CardField[T], cards: Iterable[T]) -> list[str]:
    """The values `field` takes on `cards`, sorted."""
    seen: dict[str, None] = {}
    for card in cards:
        for word in _words(field.get(card)):
            seen.setdefault(word, None)
    return sorted(seen, key=int) if field.number else sorted(seen, key=str.casefold)


def _listed(values: Sequence[str]) -> str:
    shown = ", ".join(values[:MAX_LISTED])
    return shown + (f", ... ({len(values) - MAX_LISTED} more)" if len(values) > MAX_LISTED
                    else "")


def find_field(fields: Sequence[CardField], name: str, game: str) -> CardField:
    """The field called `name` (or an alias of it); QueryError naming the fields."""
    key = name.casefold()
    for f in fields:
        if key == f.name or key in f.aliases:
            return f
    if not fields:
        raise QueryError(f"{game} cards have no filter fields; search words only")
    names = ", ".join(f.name for f in fields)
    raise QueryError(f"{game} cards have no field {name!r}; fields: {names}")


def _number_test(field: CardField, text: str) -> Callable[[FieldValue], bool]:
    spans: list[tuple[int, float]] = []
    for alt in text.split(","):
        m = _RANGE.fullmatch(alt.strip())
        if not m:
            raise QueryError(f"{field.name} takes a number, a range like 2-4 or 3+, or "
                             f"several with commas (got {text!r})")
        low = int(m[1])
        high: float = float("inf") if m[4] or (m[2] and not m[3]) else int(m[3] or low)
        if high < low:
            raise QueryError(f"{field.name}: the range {alt.strip()} is empty (write low-high)")
        spans.append((low, high))

    def test(value: FieldValue) -> bool:
        return any(lo <= int(v) <= hi for v in _words(value) for lo, hi in spans)

    return test


def _word_test(field: CardField[T], text: str, cards: Sequence[T],
               game: str) -> Callable[[FieldValue], bool]:
    written = [w.strip() for w in text.split(",") if w.strip()]
    wanted = [w.casefold() for w in written]
    known = known_values(field, cards)
    folded = [k.casefold() for k in known]
    for w, as_written in zip(wanted, written, strict=True):
        if not any((w in k) if field.part else (w == k) for k in folded):
            how = "holding " if field.part else ""
            raise QueryError(f"no {game} card has {field.name} {how}{as_written!r}; "
                             f"{field.name}: {_listed(known)}")

    def test(value: FieldValue) -> bool:
        have = [v.casefold() for v in _words(value)]
        return any((w in h) if field.part else (w == h) for w in wanted for h in have)

    return test


def parse(query: str, fields: Sequence[CardField[T]], cards: Sequence[T],
          game: str) -> tuple[list[Term], str]:
    """The FIELD:VALUE terms of `query` and the rest of it (words for the text
    search). `game` names the game in errors; `cards` give the known values."""
    terms: list[Term] = []
    words: list[str] = []
    for token in _TERM.findall(query):
        m = _FIELD.fullmatch(token)
        if m is None:
            words.append(token.replace('"', ""))
            continue
        field = find_field(fields, m[1], game)
        value = m[2].replace('"', "").strip()
        if not value:
            raise QueryError(f"{field.name}: give a value after the colon, e.g. "
                             f"{field.name}:{_example(field, cards)}")
        test = (_number_test(field, value) if field.number
                else _word_test(field, value, cards, game))
        terms.append(Term(field, test))
    return terms, " ".join(words)


def _example(field: CardField[T], cards: Sequence[T]) -> str:
    values = known_values(field, cards)
    first = values[0] if values else "x"
    return f'"{first}"' if " " in first else first


def search(cards: Sequence[T], query: str, fields: Sequence[CardField[T]],
           haystack: Callable[[T], Iterable[str]], game: str) -> list[T]:
    """The cards matching every term and word of `query`, in order (QueryError, one
    line, for a term that cannot be read)."""
    terms, words = parse(query, fields, cards, game)
    found = [c for c in cards if all(t.test(t.field.get(c)) for t in terms)]
    return matching(found, words, haystack)


def describe(fields: Sequence[CardField[T]], cards: Sequence[T]) -> list[str]:
    """One line per field: its name, what it is and the values it takes."""
    out = []
    for f in fields:
        values = known_values(f, cards)
        shown = f"{values[0]}-{values[-1]}" if f.number and values else ", ".join(values)
        also = f" (also {', '.join(f.aliases)})" if f.aliases else ""
        out.append(f"{f.name:<10} {f.about}{also}: {shown}")
    return out


__all__ = ["CardField", "QueryError", "Term", "describe", "find_field", "known_values",
           "parse", "search"]
