"""A card pool: an ordered, immutable mapping id -> card definition, with a content digest.

Rulesets subclass CardPool to name their own error, search fields and digest format; the
digest goes into every save header, so a subclass's format must never change once saves
carry it.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import asdict
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from . import bounded
from .ruleset import CardDef
from .tomlfile import toml_text


class CardDefinition(CardDef, Protocol):
    """A ruleset's card definition as a pool holds it: a dataclass instance (the digest
    is taken over its fields)."""

    __dataclass_fields__: ClassVar[dict[str, Any]]


# What a terminal acts on instead of showing (ESC, the C1 controls, bidirectional
# overrides): a card's words go to screens as they are, so a card file may not hold
# them. A newline is a card text's own.
_CONTROL = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


# The largest number a card's field may hold (a cost, a stat): a card file's number is a
# game's number, never 99999999999999999999 (the largest printed today is 160)
MAX_CARD_NUMBER = 9999


def has_control(text: str) -> bool:
    """Whether `text` holds a character a card file may not (see _CONTROL)."""
    return _CONTROL.search(text) is not None


def check_texts(label: str, doc: Mapping[str, Any], error: type[Exception]) -> None:
    """Refuse a card file any of whose words (a key or a string, at any depth) holds a
    control character, as a one-line `error` naming the file, the card and the field.
    Every ruleset's card files come through here (`read_card_file`), whatever fields
    its cards have."""
    stack: list[tuple[str, str, object]] = [("", "", doc)]
    while stack:
        who, field, value = stack.pop()
        if isinstance(value, Mapping):
            for k, v in value.items():
                if has_control(str(k)):
                    raise error(f"{label}: {who}field {_join(field, '?')}: control "
                                "characters are not allowed in a field's name")
                stack.append((who, _join(field, str(k)), v))
        elif isinstance(value, list):
            for i, v in enumerate(value, start=1):
                if field == "card" and not who and isinstance(v, Mapping):  # [[card]]
                    cid = v.get("id")
                    named = f"card {cid}" if isinstance(cid, str) and not has_control(cid) \
                        else f"card #{i}"
                    stack.append((f"{named}: ", "", v))
                else:
                    stack.append((who, field, v))
        elif isinstance(value, str) and has_control(value):
            raise error(f"{label}: {who}field {field}: control characters are not allowed")


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def read_card_file(
    label: str, src: Traversable | Path, error: type[Exception], *, column: bool = True
) -> dict[str, Any]:
    """One card file read within the bounds and checked for control characters: how
    every ruleset reads its card files. Any problem is a one-line `error`."""
    return card_doc(label, read_card_bytes(label, src, error), error, column=column)


def read_card_bytes(label: str, src: Traversable | Path, error: type[Exception]) -> bytes:
    """The bytes of a card file, within the bounds (for a ruleset whose pool digest is
    taken over its files' bytes; `card_doc` parses them)."""
    try:
        data, problem = bounded.read_bytes(src)
    except OSError as exc:
        raise error(f"{label}: cannot read ({exc.strerror or exc})") from None
    if problem:
        raise error(f"{label}: {problem}")
    return data


def card_doc(label: str, data: bytes, error: type[Exception], *, column: bool = True
             ) -> dict[str, Any]:
    """The parsed card file of `read_card_bytes`, its words checked (`check_texts`)."""
    doc = toml_text(label, bounded.decode_text(data, label, error), error, column=column)
    check_texts(label, doc, error)
    return doc


C = TypeVar("C", bound=CardDefinition)
T = TypeVar("T")


class CardPool(Mapping[str, C], Generic[C]):
    """Ordered, immutable mapping id -> card. Unknown ids raise `error`."""

    __slots__ = ("_cards", "digest")

    error: ClassVar[type[Exception]] = KeyError
    # json.dumps separators of the digest; None is json's default (", ", ": ")
    separators: ClassVar[tuple[str, str] | None] = None

    def __init__(self, cards: Iterable[C]) -> None:
        self._cards: dict[str, C] = {}
        for card in cards:
            if card.id in self._cards:
                raise self.error(f"card {card.id}: field id: duplicate id")
            self._cards[card.id] = card
        # Sorted by id, so splitting or reordering card files keeps the digest.
        rows = sorted((asdict(c) for c in self._cards.values()), key=lambda r: r["id"])
        blob = json.dumps(rows, sort_keys=True, ensure_ascii=False,
                          separators=self.separators, default=str)
        self.digest: str = hashlib.sha256(blob.encode("utf-8")).hexdigest()

    def get(self, card_id: str) -> C:  # type: ignore[override]
        try:
            return self._cards[card_id]
        except (KeyError, TypeError):
            raise self.error(f"unknown card id {card_id}") from None

    __getitem__ = get

    def __contains__(self, card_id: object) -> bool:
        return card_id in self._cards

    def __iter__(self) -> Iterator[str]:
        return iter(self._cards)

    def __len__(self) -> int:
        return len(self._cards)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({len(self)} cards, digest={self.digest[:12]})"

    def cards(self) -> tuple[C, ...]:
        return tuple(self._cards.values())

    def haystack(self, card: C) -> Iterable[str]:
        """The texts `search` looks in; rulesets name their own fields."""
        return (card.id,)

    def search(self, query: str) -> list[C]:
        """Cards whose haystack holds every word of query (see `matching`)."""
        return matching(self._cards.values(), query, self.haystack)


def gather(
    files: Iterable[tuple[str, Iterable[C]]], error: type[Exception]
) -> tuple[list[C], dict[str, str]]:
    """The cards of labelled card files in order, and the label each came from; an id
    met twice is a one-line `error` naming both files."""
    cards: list[C] = []
    origin: dict[str, str] = {}
    for label, batch in files:
        for card in batch:
            if card.id in origin:
                raise error(
                    f"{label}: card {card.id}: field id: duplicate id "
                    f"(already in {origin[card.id]})"
                )
            origin[card.id] = label
            cards.append(card)
    return cards, origin


def matching(cards: Iterable[T], query: str, haystack: Callable[[T], Iterable[str]]) -> list[T]:
    """The cards whose haystack texts hold every word of query (case-insensitive
    substrings), in order. An empty query matches all."""
    words = query.casefold().split()
    found = []
    for card in cards:
        hay = " ".join(haystack(card)).casefold()
        if all(w in hay for w in words):
            found.append(card)
    return found


__all__ = ["MAX_CARD_NUMBER", "CardDefinition", "CardPool", "check_texts", "gather", "matching",
           "read_card_file"]
