"""Clockwork Memorion (the members' glossary, completed by the play guide and the
older glossary pages; docs/rules-interpretations-clockwork_memorion.md) as a ruleset."""

from __future__ import annotations

from .cards import Pool
from .ruleset import ClockworkMemorion


def make_ruleset(pool: Pool | None = None) -> ClockworkMemorion:
    return ClockworkMemorion(pool)


__all__ = ["ClockworkMemorion", "make_ruleset"]
