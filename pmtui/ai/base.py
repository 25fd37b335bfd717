"""The interface every computer player offers to the TUI, `simulate` and the server."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from pmtui.engine.decision import Decision


class Player(Protocol):
    name: str

    def choose(self, view: Mapping[str, Any], decision: Decision) -> str:
        """The notation of one legal option. `view` is this player's view only."""


def make_player(kind: str, seed: int, **options: Any) -> Player:
    """A computer player by kind. Options: `ruleset` (the heuristic and search players
    need the game's), `level`, `deck` (its own deck's parts), `budget`."""
    from .random_player import RandomPlayer

    kinds: dict[str, Any] = {"random": RandomPlayer}
    try:
        from .heuristic import HeuristicPlayer

        kinds["heuristic"] = HeuristicPlayer
    except ImportError:  # pragma: no cover - added by the computer-player work
        pass
    from .search import SearchPlayer

    kinds["search"] = SearchPlayer
    try:
        cls = kinds[kind]
    except KeyError:
        raise ValueError(
            f"unknown player kind {kind!r} (known: {', '.join(sorted(kinds))})"
        ) from None
    return cls(seed=seed, **options)
