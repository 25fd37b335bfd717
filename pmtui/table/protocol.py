"""What a screen may ask of a table: one protocol for the local table (pmtui.table.session),
a seat at a network table (pmtui.net.tables.SeatTable) and the sandbox's table.

Everything a seat learns goes through `view_for`, `decision_for` and `log_for`,
which use the engine's redaction boundary; `act` makes a choice durable (the
save) before it returns.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Protocol

from pmtui.engine.decision import Decision
from pmtui.engine.ruleset import CardDef
from pmtui.engine.screen import ScreenSpec

from .logtext import LogLine


class Table(Protocol):
    @property
    def names(self) -> list[str]:
        """The seats' names, in seat order."""
        ...

    @property
    def humans(self) -> list[int]:
        """Seats a person plays from this screen."""
        ...

    def is_human(self, player: int) -> bool: ...

    @property
    def over(self) -> Mapping[str, object] | None:
        """`winner` and `reason` once the game has ended."""
        ...

    @property
    def defs(self) -> Mapping[str, CardDef]:
        """The game's card definitions (Ruleset.cards)."""
        ...

    @property
    def screen(self) -> ScreenSpec:
        """How the game is drawn (Ruleset.screen)."""
        ...

    def pending(self) -> Decision | None:
        """The pending decision, whoever's it is: show it only to its player."""
        ...

    def decision_for(self, player: int) -> Decision | None:
        """The pending decision if it is `player`'s."""
        ...

    def view_for(self, player: int | None) -> Mapping[str, object]:
        """What `player` may know now (None: a spectator)."""
        ...

    def log_for(self, player: int | None, names: Sequence[str] | None = None,
                since: int = 0) -> list[LogLine]:
        """The log as `player` may read it; `names` name the seats; `since`: from that
        record on."""
        ...

    def act(self, player: int, text: str, *, auto: bool = False) -> None:
        """Apply `player`'s choice (IllegalAction when not legal now), durably."""
        ...

    def preview(self, player: int, texts: Sequence[str]) -> Decision | None:
        """The decision that would follow `texts`, on a scratch copy (nothing saved)."""
        ...

    def can_undo(self, player: int) -> bool: ...

    def undo_to_my_last(self, player: int, consent: bool | None = None) -> str:
        """Take back `player`'s last decision; UndoRefused (one line) when not allowed."""
        ...

    def step_computer(self) -> bool:
        """Apply one computer decision here; False when none is due (or it runs elsewhere)."""
        ...

    def run_computer(self, on_step: Callable[[], None] | None = None,
                     limit: int = 100_000) -> int: ...
