"""Precious Memories (rulebook Ver.2.22) as a pmtui ruleset."""

from __future__ import annotations

from .ruleset import PreciousMemories
from .tables import Tables


def make_ruleset(tables: Tables | None = None) -> PreciousMemories:
    return PreciousMemories(tables)


__all__ = ["PreciousMemories", "Tables", "make_ruleset"]
