"""Reading option texts and views without knowing the game: card refs (cid@uid)."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pmtui.engine.screen import whose

# A card in an option text: its id, "@", its number in this game (the notation's card ref).
REF = re.compile(r"(?<![\w@])([^\s@]+)@(\d+)\b")


def where(view: Mapping[str, Any], uid: int) -> str:
    """The zone name (without the seat) holding card `uid` in a view, or ""."""
    for key, z in view["zones"].items():
        if isinstance(z, list) and any(c.get("uid") == uid for c in z):
            return key.rpartition("/")[2]
    return ""


# "P1"/"P2" in a ruleset's text (its explanations, its prompts): the rules' own seat names
_SEAT = re.compile(r"\b(?:P|[Pp]layer )([12])('s)?\b")
# a card id without its number ("a copy of STA-011"): a word with a digit in it
_BARE = re.compile(r"(?<![\w@-])([A-Za-z][\w-]*\d[\w-]*)\b(?!@)")
# that id in brackets after its name, and brackets right after: one pair will do
_ID_THEN_BRACKET = re.compile(r"\(([A-Za-z][\w-]*\d[\w-]*)\) \(")
# "You" takes the plural verb: "P1 holds priority" -> "You hold priority"
_YOU_VERBS = {"is": "are", "was": "were", "has": "have", "holds": "hold", "chooses": "choose",
              "discards": "discard", "cannot": "cannot", "may": "may", "pays": "pay",
              "needs": "need", "wins": "win", "passes": "pass", "plays": "play",
              "rolls": "roll", "loses": "lose"}


def in_words(text: str, card_name: Callable[[str], str], names: Sequence[str]) -> str:
    """A ruleset's text as the table says it: cards by name, not by reference
    ("STA-004@12"; a bare "STA-004", which names what copies share, keeps its id
    beside the name) and the seats as the board names them ("P2"
    -> "CPU", "P1's" -> "Your", "player 1" too). `card_name` answers "a card" for what is
    not a card id."""

    def card(m: re.Match[str]) -> str:
        # a bare id stays beside the name: it is what a copy shares ("a copy of X")
        name = card_name(m.group(1))  # some namers answer the id itself for a non-card
        return m.group(0) if name in ("a card", m.group(1)) else f"{name} ({m.group(1)})"

    def seat(m: re.Match[str]) -> str:
        i = int(m.group(1)) - 1
        name = names[i] if i < len(names) else m.group(0)
        return whose(name) if m.group(2) else name

    out = _BARE.sub(card, REF.sub(lambda m: card_name(m.group(1)), text))
    out = _SEAT.sub(seat, out)
    out = _ID_THEN_BRACKET.sub(r"(\1, ", out)  # "Mirei (STA-011, same series and number)"
    out = re.sub(r"\b([Yy])ou (\w+)",
                 lambda m: f"{m.group(1)}ou {_YOU_VERBS.get(m.group(2), m.group(2))}", out)
    # capitals only where a sentence starts: "…declared; You may" -> "…declared; you may"
    out = re.sub(r"(?<!^)(?<![.!?] )\bYou\b", "you", out)
    return re.sub(r"(^|[.!?] )your\b", lambda m: f"{m.group(1)}Your", out)
