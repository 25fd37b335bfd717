"""SENGOKU YUGI (Quick Start Guides I and II) as a pmtui ruleset."""

from __future__ import annotations

from .cards import Pool
from .ruleset import SengokuYugi


def make_ruleset(pool: Pool | None = None) -> SengokuYugi:
    return SengokuYugi(pool)


__all__ = ["SengokuYugi", "make_ruleset"]
