"""Small words the sandbox shares: seats, and the error an edit that cannot be made raises.
The positions themselves (reading, writing, editing) belong to the ruleset
(`Ruleset.positions`)."""

from __future__ import annotations

PLAYERS = ("p1", "p2")


class EditError(ValueError):
    """An edit that cannot be made now (one line for the player)."""


def who(p: int) -> str:
    return f"P{p + 1}"
