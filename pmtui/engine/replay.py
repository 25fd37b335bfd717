"""A replay cursor over a game log: the state at any step, by folding events only.

No rules code and no randomness: the state at a step is the fold of the logged
events up to it (see state.py), which is what keeps an old save replayable
after the rules change. An `undo` record jumps the state back to the moment
its decision `to` was asked (the state after the first `to` decisions still in
effect); the records it took back stay in the log and stay replayable.

Positions ("steps") count records after the header: step 0 is the empty state
before the first event, step p the state after the first p records. So
`state_at(len(cursor))` is the final state, and a decision record at index i
(0-based, after the header) was asked at step i. Index lists give the viewer
its strides: `event_steps`, `decision_steps`, `turn_steps`, `undo_steps`.

Snapshots (a State copy every `every` steps and after every undo) are a cache:
derived, disposable, never the source of truth. Seeking copies the nearest
one at or before the step and folds forward, so a seek folds fewer than
`every` events.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from .hashes import HASH_KEYS, chain_link
from .journal import line_of
from .state import FoldError, State, apply_event, state_hash

Record = dict[str, Any]

SNAPSHOT_EVERY = 64


def effective_decisions(records: Iterable[Mapping[str, Any]]) -> list[int]:
    """Indexes (into `records`) of the decision records still in effect after all undos.

    Entry k is the record of effective decision k, which is what `undo.to` and
    `Game.moves` count. A header or notes in `records` are simply skipped.
    """
    stack: list[int] = []
    for i, rec in enumerate(records):
        kind = rec.get("type")
        if kind == "decision":
            stack.append(i)
        elif kind == "undo":
            to = rec.get("to")
            if type(to) is not int or not 0 <= to < len(stack):
                raise FoldError(
                    f"{line_of(rec.get('seq'))}: undo to {to!r} with {len(stack)} decisions made"
                )
            del stack[to:]
    return stack


class ReplayCursor:
    """Step through a log: `seek(p)`, `state_at(p)`, strides by event, decision, turn."""

    def __init__(
        self,
        header: Mapping[str, Any],
        records: Sequence[Record],
        *,
        every: int = SNAPSHOT_EVERY,
    ) -> None:
        if records and records[0].get("type") == "header":
            records = records[1:]
        self.header = dict(header)
        self.records: list[Record] = list(records)
        self.every = max(1, every)
        self.event_steps: list[int] = []  # steps just after an event
        self.decision_steps: list[int] = []  # steps at which a decision was asked
        self.turn_steps: list[tuple[int, Any]] = []  # (step just after a turn began, turn)
        self.undo_steps: list[int] = []  # steps just after an undo
        self._snaps: dict[int, State] = {}
        self._snap_keys: list[int] = []  # sorted
        self._turn_marks: list[tuple[int, Any]] = []  # turn starts and undo landings
        self.state = State()
        self.position = 0
        self.warnings: list[str] = []  # from reading the file (a dropped torn line)
        self._index()

    @classmethod
    def from_file(cls, path: str | Path, **kwargs: Any) -> ReplayCursor:
        """Read a save (journal.SaveError on a bad file); warnings in `self.warnings`."""
        from .journal import read_journal

        loaded = read_journal(path)
        cursor = cls(loaded.header, loaded.records, **kwargs)
        cursor.warnings = loaded.warnings
        return cursor

    def __len__(self) -> int:
        """The last step (the number of records after the header)."""
        return len(self.records)

    # -- building -------------------------------------------------------------------

    def _snap(self, step: int) -> None:
        if step not in self._snaps:
            self._snap_keys.insert(bisect_right(self._snap_keys, step), step)
        self._snaps[step] = self.state.copy()

    def _index(self) -> None:
        """One full fold: the step lists, undo targets and the snapshots."""
        asked: list[int] = []  # steps at which the decisions in effect were asked
        self._snap(0)
        for i, rec in enumerate(self.records):
            kind = rec.get("type")
            if kind == "decision":
                self.decision_steps.append(i)
                asked.append(i)
            elif kind == "undo":
                to = rec.get("to")
                if type(to) is not int or not 0 <= to < len(asked):
                    raise FoldError(
                        f"{line_of(rec.get('seq'))}: undo to {to!r} "
                        f"with {len(asked)} decisions made"
                    )
                target = asked[to]
                del asked[to:]
                self.state = self._fold_to(target)  # earlier steps are all indexed already
                self.undo_steps.append(i + 1)
                self._turn_marks.append((i + 1, self.state.vars.get("turn")))
                self._snap(i + 1)  # so no later fold has to cross an undo
                self.position = i + 1
                continue
            elif kind == "event":
                self._apply_event(rec)
                self.event_steps.append(i + 1)
                ev = rec.get("event") or {}
                if ev.get("t") == "var" and "turn" in (ev.get("set") or {}):
                    self.turn_steps.append((i + 1, ev["set"]["turn"]))
                    self._turn_marks.append((i + 1, ev["set"]["turn"]))
            self.position = i + 1
            if self.position % self.every == 0:
                self._snap(self.position)

    def _apply_event(self, rec: Record) -> None:
        try:
            apply_event(self.state, rec["event"])
        except (FoldError, KeyError, TypeError) as exc:
            raise FoldError(f"{line_of(rec.get('seq'))}: {exc}") from None

    def _fold_to(self, step: int) -> State:
        """A fresh state at `step`: the nearest snapshot at or before it, folded forward."""
        base = self._snap_keys[bisect_right(self._snap_keys, step) - 1]
        state = self._snaps[base].copy()
        saved, self.state = self.state, state
        try:
            self._forward(base, step)
        finally:
            self.state = saved
        return state

    def _forward(self, start: int, stop: int) -> None:
        for i in range(start, stop):
            rec = self.records[i]
            kind = rec.get("type")
            if kind == "event":
                self._apply_event(rec)
            elif kind == "undo":  # every undo step has a snapshot
                self.state = self._snaps[i + 1].copy()

    # -- moving ---------------------------------------------------------------------

    def seek(self, step: int) -> State:
        """Move to `step` (clamped to 0..len) and return the cursor's state (read only)."""
        step = max(0, min(step, len(self.records)))
        if self.position <= step and step - self.position < self.every:
            self._forward(self.position, step)
        else:
            self.state = self._fold_to(step)
        self.position = step
        return self.state

    def state_at(self, step: int) -> State:
        """A copy of the state at `step`, for keeping or changing."""
        return self.seek(step).copy()

    def step(self, delta: int = 1) -> State:
        return self.seek(self.position + delta)

    @staticmethod
    def _after(steps: Sequence[int], position: int) -> int | None:
        i = bisect_right(steps, position)
        return steps[i] if i < len(steps) else None

    @staticmethod
    def _before(steps: Sequence[int], position: int) -> int | None:
        i = bisect_right(steps, position - 1)
        return steps[i - 1] if i > 0 else None

    def next_of(self, steps: Sequence[int]) -> int | None:
        """The first step in `steps` after the cursor (e.g. `cursor.decision_steps`)."""
        return self._after(steps, self.position)

    def previous_of(self, steps: Sequence[int]) -> int | None:
        """The last step in `steps` before the cursor."""
        return self._before(steps, self.position)

    def turn_at(self, step: int) -> Any:
        """The turn under way at `step` (None before the first turn began)."""
        i = bisect_right(self._turn_marks, step, key=lambda mark: mark[0])
        return self._turn_marks[i - 1][1] if i > 0 else None

    def record_at(self, step: int) -> Record | None:
        """The record that leads from `step` to `step + 1` (None at the end)."""
        return self.records[step] if 0 <= step < len(self.records) else None

    def check_hashes(self) -> int:
        """Check every hash the log carries against the fold, with no rules code.

        Walks the whole log (the cursor ends at its end); returns the number of
        hashes checked, or raises FoldError naming the first record that differs.
        """
        link = ""
        checked = 0
        self.seek(0)
        for step in self.event_steps:
            rec = self.records[step - 1]
            link = chain_link(link, rec["event"])
            found = {"chain": link}
            if "hash" in rec or "digest" in rec:
                found["hash"] = found["digest"] = state_hash(self.seek(step))
            for key in HASH_KEYS:
                if key in rec:
                    if rec[key] != found[key]:
                        raise FoldError(
                            f"{line_of(rec.get('seq'))}: the {key} differs from the fold")
                    checked += 1
        self.seek(len(self.records))
        return checked
