"""Pending decisions and their options.

Every option has one canonical text (the notation). The engine matches a
player's text against the options of the pending decision, so parsing and
printing round-trip by construction.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# The player of a chance decision (a die, a coin, any random outcome a scenario or a
# search may want to fix). Seats are 0, 1, ...; chance is never a seat.
CHANCE = -1


# The marks a decision record may carry for other readers (docs/engine.md, "Views"):
# "private", only its kind shows; "secret", nothing of it shows.
MARKS = ("private", "secret")


class IllegalAction(ValueError):
    """A decision that is not among the legal options (message: one line, with the reason)."""


# Option and Decision are treated as immutable but not frozen: hundreds are built
# per game, and a frozen dataclass's __init__ costs about four times as much.
@dataclass(slots=True)
class Option:
    text: str  # canonical notation
    data: tuple[Any, ...] = ()  # what the ruleset needs to apply it
    label: str = ""  # longer human description, optional
    weight: int = 1  # a chance outcome's relative likelihood (players' options ignore it)


@dataclass(slots=True)
class Decision:
    player: int  # a seat, or CHANCE
    kind: str  # priority, respond, pay, approach, interfere, redraw, order, discard, ...
    options: tuple[Option, ...]
    prompt: str = ""
    info: dict[str, Any] = field(default_factory=dict)  # e.g. running cost total, for screens
    private: bool = False  # the choice reveals hidden cards: others see only the kind
    # A question only a hidden card raises ("use this card from your hand?"): when its
    # player chooses this option (a pass), the others never learn it was asked at all.
    secret_pass: str = ""

    def find(self, text: str) -> Option | None:
        for opt in self.options:  # the usual case: a text taken from an option
            if opt.text == text:
                return opt
        tidy = " ".join(text.split())  # typed by a person: spacing does not count
        if tidy != text:
            for opt in self.options:
                if opt.text == tidy:
                    return opt
        return None

    @property
    def texts(self) -> list[str]:
        return [o.text for o in self.options]
