"""The context a ruleset works through: emitting events and drawing randomness.

Rules code never touches the state directly: it emits events, which are folded
at once (so the rules see the new state) and collected for the log.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, Protocol

from .state import Event, State, apply_event

EndCheck = Callable[[State], "tuple[int | None, str] | None"]


class Annotator(Protocol):
    """Adds hidden-information notes to an event as it happens (see views.Concealer)."""

    def before(self, state: State, ev: Event) -> object: ...

    def after(self, state: State, ev: Event, before: object) -> None: ...


class GameOver(Exception):  # noqa: N818 - control flow, not an error
    """Raised inside rules code when a victory condition is met; unwinds to the game."""


class Context:
    def __init__(
        self,
        state: State,
        seed: int,
        end_check: EndCheck | None = None,
        annotator: Annotator | None = None,
    ) -> None:
        self.state = state
        self.seed = seed
        self.events: list[Event] = []
        self.end_check = end_check
        self.annotator = annotator
        self._batch = 0
        self.listeners: list[Callable[[Event], None]] = []

    def emit(self, ev: Event) -> None:
        if "over" in self.state.vars:
            raise GameOver
        if self.annotator is None:
            apply_event(self.state, ev)
        else:  # a ruleset with face-down cards: note who may not learn which card moved
            before = self.annotator.before(self.state, ev)
            apply_event(self.state, ev)
            self.annotator.after(self.state, ev, before)
        self.events.append(ev)
        for fn in self.listeners:
            fn(ev)
        if self._batch == 0:
            self.check_end()

    def check_end(self) -> None:
        if self.end_check is None or "over" in self.state.vars:
            return
        result = self.end_check(self.state)
        if result is not None:
            winner, reason = result
            ev: Event = {"t": "end", "winner": winner, "reason": reason}
            apply_event(self.state, ev)
            self.events.append(ev)
            raise GameOver

    @contextmanager
    def simultaneous(self) -> Iterator[None]:
        """Events inside happen at once: victory is checked after all of them."""
        self._batch += 1
        try:
            yield
        finally:
            self._batch -= 1
        if self._batch == 0:
            self.check_end()

    def rng(self) -> tuple[random.Random, int]:
        """A generator for one random outcome, and the counter value to record.

        The counter lives in the state (events carry "rng"), so an undo or a
        replay restores the exact same future randomness.
        """
        n = int(self.state.vars.get("rng", 0)) + 1
        return random.Random(f"{self.seed}/{n}"), n

    def shuffle(self, zone: str, why: str = "shuffle") -> None:
        r, n = self.rng()
        order = list(self.state.zone(zone))
        r.shuffle(order)
        self.emit({"t": "shuffle", "zone": zone, "order": order, "rng": n, "why": why})

    def roll(self, sides: int, n: int = 1, why: str = "roll") -> list[int]:
        """Roll `n` dice of `sides` faces (1..sides); the faces are logged in a roll event."""
        if sides < 1 or n < 1:
            raise ValueError(f"cannot roll {n} dice of {sides} sides")
        r, k = self.rng()
        faces = [r.randint(1, sides) for _ in range(n)]
        self.emit({"t": "roll", "sides": sides, "faces": faces, "rng": k, "why": why})
        return faces

    def flip(self, why: str = "coin") -> bool:
        """Flip a coin: True for heads (logged as a two-sided roll, face 1 = heads)."""
        r, k = self.rng()
        face = r.randint(1, 2)
        self.emit({"t": "roll", "sides": 2, "faces": [face], "coin": True, "rng": k, "why": why})
        return face == 1

    def random_choice(self, items: list[Any]) -> tuple[Any, int]:
        r, n = self.rng()
        return items[r.randrange(len(items))], n
