"""What the engine expects of a ruleset. The engine knows rulesets only by this shape."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from .context import Context
from .decision import Decision, Option
from .state import State


class Ruleset(Protocol):
    id: str
    version: str
    # zone name (without the player prefix) -> "public" | "owner" | "hidden"
    visibility: Mapping[str, str]

    def setup(self, ctx: Context, header: Mapping[str, Any]) -> None:
        """Emit the opening events (cards, shuffles, ...) up to the first decision."""

    def decision(self, state: State) -> Decision | None:
        """The one pending decision, computed from the state alone; None once the game is over."""

    def apply(self, ctx: Context, decision: Decision, option: Option) -> None:
        """Emit the events that follow from the option, then advance to the next decision."""

    def end_check(self, state: State) -> tuple[int | None, str] | None:
        """(winner or None for a draw, reason) when the game is over now, else None."""

    def card_view(self, state: State, uid: int, player: int | None) -> Mapping[str, Any]:
        """Derived values of a card `player` can see (current stats, cost, texts and
        where each differs from print), merged into its card in the view: screens
        and computer players read them instead of adding anything up."""

    def redact_vars(self, vars: Mapping[str, Any], player: int | None) -> dict[str, Any]:
        """Game variables as one player may see them (None: a spectator)."""
