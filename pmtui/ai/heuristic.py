"""A rules-of-thumb player: the ruleset's strategy, fed only this player's view."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pmtui.engine.decision import Decision
from pmtui.engine.ruleset import Ruleset


class HeuristicPlayer:
    name = "heuristic"

    def __init__(self, seed: int = 0, ruleset: Ruleset | None = None, **_: Any) -> None:
        if ruleset is None:
            raise ValueError("the heuristic player needs the game's ruleset")
        self.strategy = ruleset.make_strategy(seed)

    def choose(self, view: Mapping[str, Any], decision: Decision) -> str:
        return self.strategy.choose(view, decision)
