"""The context a ruleset works through: emitting events and drawing randomness.

Rules code never touches the state directly: it emits events, which are folded
at once (so the rules see the new state) and collected for the log.
"""

from __future__ import annotations

import hashlib
import hmac
import random
import secrets
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any, Protocol

from .fixed import Fixed
from .state import Event, State, apply_event

EndCheck = Callable[[State], "tuple[int | None, str] | None"]


# How a game's seed becomes the randomness of each outcome (the header's "rng"):
# - LEGACY_RNG: random.Random(f"{seed}/{n}"). Saves from before format version 2 and
#   games started with an explicit `--seed N` (reproducible runs, tests, simulate).
#   Fine for a seed someone chose, not for a secret one: Random is seeded with the
#   seed in plain text, and 31-bit seeds could be searched (docs/engine.md).
# - KEYED_RNG: random.Random seeded with HMAC-SHA256(key=seed, "outcome/<n>"). Every
#   new game with a secret 128-bit seed. Each outcome's generator starts from a
#   one-way digest, so what a player sees of one outcome leads neither to the seed
#   nor to any other outcome.
LEGACY_RNG = "legacy"
KEYED_RNG = "hmac-sha256"
RNG_KINDS = (LEGACY_RNG, KEYED_RNG)
SECRET_SEED_BITS = 128


def new_secret_seed() -> int:
    """A seed for a new game that nobody chose: 128 bits from the OS (`secrets`)."""
    return secrets.randbits(SECRET_SEED_BITS)


def check_rng(kind: object) -> str:
    """`kind` if it names a known derivation (ValueError with one line otherwise)."""
    if kind not in RNG_KINDS:
        raise ValueError(f"unknown random-number derivation {kind!r} (known: "
                         + ", ".join(RNG_KINDS) + ")")
    return str(kind)


def _key(seed: int) -> bytes:
    return seed.to_bytes(max(16, (seed.bit_length() + 7) // 8), "big", signed=seed < 0)


def derived(seed: int, kind: str, label: str) -> random.Random:
    """A generator for one named purpose (`label`), independent of every other label.

    The engine's outcomes use the labels "1", "2", ... (the counter); tables use
    others for what they draw from the seed (a computer player's seed, a deck).
    """
    if kind == KEYED_RNG:
        digest = hmac.digest(_key(seed), f"outcome/{label}".encode(), hashlib.sha256)
        return random.Random(int.from_bytes(digest, "big"))
    return random.Random(f"{seed}/{label}")


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
        rng: str = LEGACY_RNG,
        end_vars: frozenset[str] | None = None,
        fixed: Fixed | None = None,
    ) -> None:
        self.state = state
        # outcomes decided in advance (a scenario's `fix`, engine/fixed.py), used first
        self.fixed = fixed
        self.seed = seed
        self.rng_kind = rng
        self.events: list[Event] = []
        self.end_check = end_check
        # The only game variables `end_check` reads (a ruleset's `end_vars`), or None:
        # the check is then skipped after a "var" event that sets none of them.
        self.end_vars = end_vars
        self.annotator = annotator
        self._batch = 0
        self.listeners: list[Callable[[Event], None]] = []

    def emit(self, ev: Event) -> None:
        state = self.state  # emit runs after nearly every line of rules code: kept lean
        if "over" in state.vars:
            raise GameOver
        if self.annotator is None:
            apply_event(state, ev)
        else:  # a ruleset with face-down cards: note who may not learn which card moved
            before = self.annotator.before(state, ev)
            apply_event(state, ev)
            self.annotator.after(state, ev, before)
        self.events.append(ev)
        if self.listeners:
            for fn in self.listeners:
                fn(ev)
        if self._batch or self.end_check is None:
            return
        if ev["t"] == "var" and self.end_vars is not None and self.end_vars.isdisjoint(ev["set"]):
            return  # most events are var events; the victory cannot hang on these
        if "over" not in state.vars:
            result = self.end_check(state)
            if result is not None:
                self._end(result)

    def check_end(self) -> None:
        if self.end_check is None or "over" in self.state.vars:
            return
        result = self.end_check(self.state)
        if result is not None:
            self._end(result)

    def _end(self, result: tuple[int | None, str]) -> None:
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
        return derived(self.seed, self.rng_kind, str(n)), n

    def shuffle(self, zone: str, why: str = "shuffle") -> None:
        if self.fixed is not None and (got := self.fixed.shuffle(self.state, zone, why)):
            order, k = got
            self.emit({"t": "shuffle", "zone": zone, "order": order, "fix": k, "fixed": True,
                       "why": why})
            return
        r, n = self.rng()
        order = list(self.state.zone(zone))
        r.shuffle(order)
        self.emit({"t": "shuffle", "zone": zone, "order": order, "rng": n, "why": why})

    def roll(self, sides: int, n: int = 1, why: str = "roll",
             words: Mapping[str, Sequence[int]] | None = None) -> list[int]:
        """Roll `n` dice of `sides` faces (1..sides); the faces are logged in a roll event.
        `words`: outcomes in the game's words ("hit": [5]) a fixed entry may name."""
        if sides < 1 or n < 1:
            raise ValueError(f"cannot roll {n} dice of {sides} sides")
        if self.fixed is not None and (got := self.fixed.roll(self.state, sides, n, why, words)):
            faces, k = got
            self.emit({"t": "roll", "sides": sides, "faces": faces, "fix": k, "fixed": True,
                       "why": why})
            return faces
        r, k = self.rng()
        faces = [r.randint(1, sides) for _ in range(n)]
        self.emit({"t": "roll", "sides": sides, "faces": faces, "rng": k, "why": why})
        return faces

    def flip(self, why: str = "coin") -> bool:
        """Flip a coin: True for heads (logged as a two-sided roll, face 1 = heads)."""
        if self.fixed is not None and (got := self.fixed.roll(self.state, 2, 1, why, None)):
            faces, k = got
            self.emit({"t": "roll", "sides": 2, "faces": faces, "coin": True, "fix": k,
                       "fixed": True, "why": why})
            return faces == [1]
        r, k = self.rng()
        face = r.randint(1, 2)
        self.emit({"t": "roll", "sides": 2, "faces": [face], "coin": True, "rng": k, "why": why})
        return face == 1

    def random_choice(self, items: list[Any],
                      words: Mapping[str, int] | None = None) -> tuple[Any, int]:
        """One of `items` at random, and the RNG counter for the caller's event to record.
        `words`: items in the game's words ("p2": 1) a fixed entry may name."""
        if self.fixed is not None and (got := self.fixed.pick(self.state, items, words)):
            i, k = got
            self.emit({"t": "roll", "pick": i + 1, "of": len(items), "fix": k, "fixed": True,
                       "why": "random pick"})
            return items[i], int(self.state.vars.get("rng", 0))
        r, n = self.rng()
        return items[r.randrange(len(items))], n
