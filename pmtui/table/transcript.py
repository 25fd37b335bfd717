"""A save as a readable transcript: decisions in notation, turn by turn."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from pmtui.table.logtext import end_text, printable, seat, turn_change


def transcript(header: dict[str, Any], records: list[dict[str, Any]]) -> Iterator[str]:
    """The transcript's lines, every text from the save with its controls written out."""
    for line in _lines(header, records):
        yield printable(line)


def _lines(header: dict[str, Any], records: list[dict[str, Any]]) -> Iterator[str]:
    players = header.get("players") or [{}, {}]
    names = [str(p.get("name", f"player {i + 1}")) for i, p in enumerate(players)]
    decks = header.get("decks") or [{}, {}]
    yield f"# {header.get('ruleset', '?')} game, seed {header.get('seed', '?')}"
    for i, name in enumerate(names[:2]):
        deck = decks[i].get("name", "?") if i < len(decks) else "?"
        yield f"# P{i + 1} {name} with {deck}"
    turn = None
    for rec in records:
        kind = rec.get("type")
        if kind == "event":
            ev = rec.get("event")
            if not isinstance(ev, dict):  # not ours to judge here: `pmtui verify` does
                continue
            changes = turn_change(ev)
            if changes is not None:
                turn = changes["turn"]
                yield f"== turn {turn} ({seat(changes.get('ap'))}) =="
            elif ev.get("t") == "end":
                yield end_text(ev)
        elif kind == "decision":
            yield f"{rec.get('seq')}. {seat(rec.get('player'))} {rec.get('action')}"
        elif kind == "undo":
            yield f"{rec.get('seq')}. undo to decision {rec.get('to')}"
