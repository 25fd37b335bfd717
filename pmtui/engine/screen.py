"""The screen a ruleset describes as data: the TUI draws what this says.

A ruleset never imports Textual; it hands the table a `ScreenSpec` (layout of
bars, rows of slots, grids and piles; card faces and detail; the turn-flow
line; verbs to keys; auto-pass windows; words; prompt kinds). This module
holds the shapes of that description; the TUI reads them.
"""

from __future__ import annotations

from typing import Protocol


class ScreenSpec(Protocol):
    """What a ruleset tells the screens about its game (filled in as the TUI moves onto it)."""

    title: str  # the game's name as the screens show it
