"""How the toy game looks at the table, as data (pmtui.engine.screen)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .ruleset import Toy


class ToyScreen:
    title = "Grid Skirmish"

    def __init__(self, rs: Toy) -> None:
        self.rs = rs
