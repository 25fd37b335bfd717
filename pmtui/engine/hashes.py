"""The hashes a game log carries: a chain over its events, a state digest now and then.

Every event record gets `chain`, a link over all the events logged so far (in
log order, undone ones included): a changed, missing or extra event changes
its own link and every later one. A full state digest (`digest`, the same
`state_hash` as before) is costly - a JSON dump of the whole state - so it is
written only on the last event of a commit (a state a player saw), once at
least DIGEST_EVERY events have passed since the previous one, and on the
game's closing "end" event. Digests catch a fold that gives a different state from the same
events (for example after a change to the engine), which comparing events
cannot.

Saves written before the chain carry `hash`, the state hash after *every*
event; they are still checked that way (see docs/save-format.md).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from hashlib import blake2b
from typing import Any

from .state import Event, State, state_hash

Record = dict[str, Any]

DIGEST_EVERY = 64  # events between two state digests, at most (plus the rest of a commit)
HASH_KEYS = ("hash", "chain", "digest")  # what `verify` compares when a record has it

_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"))


def chain_link(previous: str, ev: Event) -> str:
    """The link after `ev`: a digest of the previous link and the event's canonical JSON."""
    data = (previous + _CANONICAL.encode(ev)).encode()
    return blake2b(data, digest_size=8).hexdigest()


class HashTrail:
    """Where a log's hashes stand: the last link and the events since the last digest."""

    __slots__ = ("link", "since")

    def __init__(self, link: str = "", since: int = 0) -> None:
        self.link = link
        self.since = since

    @classmethod
    def of(cls, records: Iterable[Mapping[str, Any]]) -> HashTrail:
        """The trail at the end of a log, as stamping it commit by commit would leave it
        (for going on with a log read from a file).

        A commit's events are one run of event records (a decision, undo or note
        starts the next). Logged links are taken as they are; events logged
        without one (a save from before the chain, or played without hashes) are
        linked here, so the chain always runs over every event of the log.
        """
        trail = cls()
        last: Mapping[str, Any] | None = None
        for rec in records:
            if rec.get("type") != "event":
                if last is not None:
                    trail._close(last["event"])
                last = None
                continue
            link = rec.get("chain")
            trail.link = link if isinstance(link, str) else chain_link(trail.link, rec["event"])
            trail.since += 1
            last = rec
        if last is not None:
            trail._close(last["event"])
        return trail

    def _close(self, last: Event) -> bool:
        """End a commit whose last event is `last`: whether its state gets a digest."""
        if self.since >= DIGEST_EVERY or last.get("t") == "end":
            self.since = 0
            return True
        return False

    def stamp(self, records: list[Record], state: State) -> None:
        """Add `chain` to the event records of one commit, and `digest` to its last
        one when it is due; `state` is the state after the commit."""
        last: Record | None = None
        for rec in records:
            if rec["type"] == "event":
                rec["chain"] = self.link = chain_link(self.link, rec["event"])
                self.since += 1
                last = rec
        if last is not None and self._close(last["event"]):
            last["digest"] = state_hash(state)
