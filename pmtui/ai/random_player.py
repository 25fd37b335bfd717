"""A uniformly random legal player (it never cancels a play it started)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from pmtui.engine.decision import Decision


class RandomPlayer:
    name = "random"

    def __init__(self, seed: int = 0, **_: Any) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: Mapping[str, Any], decision: Decision) -> str:
        texts = decision.texts
        if "cancel" in texts:
            texts = [t for t in texts if t != "cancel"] or texts
        return texts[self.rng.randrange(len(texts))]
