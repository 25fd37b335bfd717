"""The hashes in a save (pmtui/engine/hashes.py): chain, digests, and saves from before them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from save_helpers import new_game, play, saved_game

from pmtui.engine.game import Game
from pmtui.engine.hashes import HashTrail
from pmtui.engine.journal import SaveError
from pmtui.engine.replay import ReplayCursor
from pmtui.engine.state import State, apply_event, state_hash
from pmtui.table.saves import check_save, open_game


def lines_of(path: Path) -> list[dict[str, Any]]:
    return [json.loads(x) for x in path.read_bytes().splitlines()]


def write(path: Path, lines: list[dict[str, Any]]) -> None:
    path.write_text("".join(json.dumps(r) + "\n" for r in lines))


def as_old_save(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The same save as pmtui wrote it before the chain: a state hash after every event."""
    state = State()
    out = [lines[0]]
    for rec in lines[1:]:
        rec = {k: v for k, v in rec.items() if k not in ("chain", "digest")}
        if rec["type"] == "undo":
            raise AssertionError("fold with undo: not needed here")
        if rec["type"] == "event":
            apply_event(state, rec["event"])
            rec["hash"] = state_hash(state)
        out.append(rec)
    return out


def test_a_new_save_has_a_link_on_every_event_and_digests_now_and_then(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    saved_game(path, 3)
    lines = lines_of(path)
    events = [r for r in lines if r["type"] == "event"]
    assert all("chain" in r and "hash" not in r for r in events)
    assert 0 < sum("digest" in r for r in events) < len(events) // 10
    assert "digest" in events[-1] and events[-1]["event"]["t"] == "end"
    assert check_save(path)[2] == []
    assert ReplayCursor(lines[0], lines).check_hashes() > len(events)


def test_a_changed_digest_or_link_is_caught_at_its_record(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    saved_game(path, 4)
    lines = lines_of(path)
    for key in ("digest", "chain"):
        at = next(i for i, r in enumerate(lines) if key in r and i > 5)
        changed = [dict(r) for r in lines]
        changed[at][key] = "0" * 16
        write(path, changed)
        with pytest.raises(SaveError, match=f"line {at + 1}: logged event"):
            check_save(path)
        with pytest.raises(SaveError, match=f"line {at + 1}"):
            open_game(path, verify=True)


def test_a_save_from_before_the_chain_still_verifies_and_its_hashes_are_checked(
    tmp_path: Path,
) -> None:
    path = tmp_path / "old.jsonl"
    saved_game(path, 5)
    old = as_old_save(lines_of(path))
    write(path, old)
    game, _, warnings = check_save(path)
    assert warnings == [] and game.over
    assert ReplayCursor(old[0], old).check_hashes() == sum(r["type"] == "event" for r in old)
    at = next(i for i, r in enumerate(old) if r["type"] == "event" and i > 40)
    old[at]["hash"] = "0" * 16
    write(path, old)
    with pytest.raises(SaveError, match=f"line {at + 1}: logged event"):
        check_save(path)


def test_an_old_unfinished_save_goes_on_with_the_chain_and_still_verifies(tmp_path: Path) -> None:
    path = tmp_path / "old.jsonl"
    saved_game(path, 6, limit=40)
    write(path, as_old_save(lines_of(path)))
    game, writer, warnings = open_game(path)
    with writer:
        play(game, 6, limit=60)
    lines = lines_of(path)
    new = [r for r in lines[1:] if r["type"] == "event" and "hash" not in r]
    assert new and all("chain" in r for r in new)
    assert check_save(path)[2] == []  # old hashes and new links both checked
    # the links carry on over the old events, so resuming plain gives the same trail
    trail = HashTrail.of(lines)
    assert trail.link == new[-1]["chain"]


def test_resuming_without_hashes_then_hashing_continues_the_same_chain() -> None:
    played = play(new_game(8), 8, limit=50)
    again = Game.from_records(played.ruleset, played.header, played.records[1:], hashing=False)
    assert all("chain" not in r for r in again.records)
    again.records[1:] = [dict(r) for r in played.records[1:]]
    again.hashing = True
    for game in (played, again):
        play(game, 9, limit=30)
    assert again.records == played.records


def test_a_fold_that_changed_is_caught_at_the_first_digest(
    tmp_path: Path, monkeypatch: Any
) -> None:
    """The same events folding to another state (say, an engine change): comparing the
    events cannot see it, the state digest does, at the first digest after it."""
    import pmtui.engine.state as state_mod

    path = tmp_path / "g.jsonl"
    saved_game(path, 7)
    lines = lines_of(path)
    first_digest = next(i for i, r in enumerate(lines) if "digest" in r)
    real = state_mod._FOLD["var"]

    def var_also_counting(state: State, ev: dict[str, Any]) -> None:
        real(state, ev)
        state.vars["folded"] = state.vars.get("folded", 0) + 1  # state the events never set

    monkeypatch.setitem(state_mod._FOLD, "var", var_also_counting)
    with pytest.raises(SaveError, match=f"line {first_digest + 1}: logged event"):
        check_save(path)
