"""PSO CCG (fan rules v3.00) as a pmtui ruleset."""

from __future__ import annotations

from .cards import CardPool
from .ruleset import Pso


def make_ruleset(pool: CardPool | None = None) -> Pso:
    return Pso(pool)


__all__ = ["Pso", "make_ruleset"]
